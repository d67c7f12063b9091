/* fp_tables.h - ROM tables of the sicu transcendental unit (see fp_tables.c, docs/fp.md). */
#ifndef SICU_FP_TABLES_H
#define SICU_FP_TABLES_H
#include <stdint.h>
extern const uint16_t si_fp_log_r[256];
/* quadratic pieces (c0, c1, c2; Q30) of sin(pi v / 2) / v, 2^v and log2(v) / (v - 1),
 * docs/fp.md 9.2 */
extern const int64_t  si_fp_sin_qi[384];
extern const int64_t  si_fp_exp_qi[384];
extern const int64_t  si_fp_log_qi[768];
extern const uint32_t si_fp_two_over_pi[38];
#endif
