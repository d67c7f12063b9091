/* sicu harness, fault injection internals (the API is in harness.h). */
#ifndef SICU_FI_H
#define SICU_FI_H
#include <stdint.h>

/* state variables from the RTL sources (fi_rtl.c) */
typedef struct fi_rtl fi_rtl;
fi_rtl *fi_rtl_scan(const char *root, char *err, size_t errlen);
void fi_rtl_free(fi_rtl *r);
/* the module of a scope given relative to the CU ("" : sicu_cu) */
const char *fi_rtl_scope_module(const fi_rtl *r, const char *rel);
int fi_rtl_is_state(const fi_rtl *r, const char *mod, const char *name);

/* deterministic pseudo-random numbers (splitmix64) for campaigns */
static inline uint64_t fi_rand(uint64_t *s)
{
    uint64_t z = (*s += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}
/* uniform in [0, n) (n > 0) */
static inline uint64_t fi_below(uint64_t *s, uint64_t n) { return fi_rand(s) % n; }

/* hashes of the model's variables (shm_state_hash) below the CU */
struct sh_sim;
int sh_state_hash(struct sh_sim *s, uint64_t *out, unsigned n);

#define FI_CU_SCOPE "TOP.sicu_tb.u_cu"
#endif
