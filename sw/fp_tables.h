/* fp_tables.h - ROM tables of the sicu transcendental unit (see fp_tables.c, docs/fp.md). */
#ifndef SICU_FP_TABLES_H
#define SICU_FP_TABLES_H
#include <stdint.h>
extern const uint16_t si_fp_log_r[256];
extern const int64_t  si_fp_log_l[256];
extern const uint64_t si_fp_exp_t[256];
extern const uint64_t si_fp_sin_t[65];
extern const uint32_t si_fp_two_over_pi[38];
/* Q40 constants of log2, exp2, sin and cos (docs/fp.md 9.2), indexed by SI_TK_* */
enum { SI_TK_G1, SI_TK_G2, SI_TK_G3, SI_TK_G4, SI_TK_G5, SI_TK_D1, SI_TK_D2, SI_TK_D3,
       SI_TK_TWOPI_Q37, SI_TK_K6, SI_TK_K120, SI_TK_K24, SI_TK_N };
extern const int64_t  si_fp_trans_k[SI_TK_N];
#endif
