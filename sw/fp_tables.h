/* fp_tables.h - ROM tables of the sicu transcendental unit (see fp_tables.c, docs/fp.md). */
#ifndef SICU_FP_TABLES_H
#define SICU_FP_TABLES_H
#include <stdint.h>
extern const uint16_t si_fp_log_r[256];
extern const int64_t  si_fp_log_l[256];
extern const uint64_t si_fp_exp_t[256];
extern const uint64_t si_fp_sin_t[65];
extern const uint32_t si_fp_two_over_pi[38];
#endif
