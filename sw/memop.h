/* sicu: read-modify-write operations shared by the buffer (sw/vmem.c) and
 * LDS (sw/ds.c) atomics.  Private header of the "mem" unit.
 *
 * All operations work on raw 32- or 64-bit patterns; float variants use the
 * bit-exact library in sw/fp.h (no host FPU state).  See docs/memory.md.
 */
#ifndef SICU_MEMOP_H
#define SICU_MEMOP_H

#include <stdint.h>
#include "fp.h"
#include "sicu/isa.h"

/* enum si_aop (the operations, one definition: sw/isa/aops.def) is in sicu/isa.h */

/* Apply `op` to the old memory value; returns the new memory value.
 * `is64` selects 64-bit arithmetic (otherwise only the low 32 bits of the
 * operands are used and the result is zero-extended). */
static inline __attribute__((always_inline)) uint64_t si_aop_apply(unsigned op, int is64, uint64_t old,
                                                                   uint64_t src, uint64_t cmp, const si_fpm *m)
{
    if (!is64) {
        old = (uint32_t)old;
        src = (uint32_t)src;
        cmp = (uint32_t)cmp;
    }
    uint64_t r;
    switch (op) {
    case SI_AOP_SWAP: r = src; break;
    case SI_AOP_CMPSWAP: r = (old == cmp) ? src : old; break;
    case SI_AOP_ADD: r = old + src; break;
    case SI_AOP_SUB: r = old - src; break;
    case SI_AOP_RSUB: r = src - old; break;
    case SI_AOP_SMIN:
        if (is64)
            r = ((int64_t)old < (int64_t)src) ? old : src;
        else
            r = ((int32_t)old < (int32_t)src) ? old : src;
        break;
    case SI_AOP_SMAX:
        if (is64)
            r = ((int64_t)old > (int64_t)src) ? old : src;
        else
            r = ((int32_t)old > (int32_t)src) ? old : src;
        break;
    case SI_AOP_UMIN: r = old < src ? old : src; break;
    case SI_AOP_UMAX: r = old > src ? old : src; break;
    case SI_AOP_AND: r = old & src; break;
    case SI_AOP_OR: r = old | src; break;
    case SI_AOP_XOR: r = old ^ src; break;
    case SI_AOP_INC: r = (old >= src) ? 0 : old + 1; break;
    case SI_AOP_DEC: r = (old == 0 || old > src) ? src : old - 1; break;
    case SI_AOP_FCMPSWAP:
        if (is64)
            r = si_f64_cmp(old, cmp, SI_CMP_EQ, m) ? src : old;
        else
            r = si_f32_cmp((uint32_t)old, (uint32_t)cmp, SI_CMP_EQ, m) ? src : old;
        break;
    case SI_AOP_FMIN:
        r = is64 ? si_f64_min(old, src, m) : si_f32_min((uint32_t)old, (uint32_t)src, m);
        break;
    case SI_AOP_FMAX:
        r = is64 ? si_f64_max(old, src, m) : si_f32_max((uint32_t)old, (uint32_t)src, m);
        break;
    case SI_AOP_MSKOR: r = (old & ~src) | cmp; break;
    default: r = old; break;
    }
    return is64 ? r : (uint32_t)r;
}

/* Call F(op, is64) with op and is64 as constants for the common integer
 * operations (so si_aop_apply folds to one operation in F's lane loop),
 * else with the run-time values. */
#define SI_AOP_DISPATCH(op, is64, F)                                         \
    do {                                                                     \
        switch ((op) * 2 + !!(is64)) {                                       \
        case SI_AOP_ADD * 2: F(SI_AOP_ADD, 0); break;                        \
        case SI_AOP_SUB * 2: F(SI_AOP_SUB, 0); break;                        \
        case SI_AOP_AND * 2: F(SI_AOP_AND, 0); break;                        \
        case SI_AOP_OR * 2: F(SI_AOP_OR, 0); break;                          \
        case SI_AOP_XOR * 2: F(SI_AOP_XOR, 0); break;                        \
        case SI_AOP_SMIN * 2: F(SI_AOP_SMIN, 0); break;                      \
        case SI_AOP_SMAX * 2: F(SI_AOP_SMAX, 0); break;                      \
        case SI_AOP_UMIN * 2: F(SI_AOP_UMIN, 0); break;                      \
        case SI_AOP_UMAX * 2: F(SI_AOP_UMAX, 0); break;                      \
        case SI_AOP_SWAP * 2: F(SI_AOP_SWAP, 0); break;                      \
        case SI_AOP_CMPSWAP * 2: F(SI_AOP_CMPSWAP, 0); break;                \
        case SI_AOP_ADD * 2 + 1: F(SI_AOP_ADD, 1); break;                    \
        default: F((op), (is64)); break;                                     \
        }                                                                    \
    } while (0)

#endif
