/* sicu: inline fast paths of the scalar operand accessors (sw/operand.c)
 * for the execution units: an SGPR/VCC/M0/EXEC code is a plain array
 * access; anything else (constants, literal, VCCZ/EXECZ/SCC) calls the
 * full function.  Private to the library. */
#ifndef SICU_OPERAND_H
#define SICU_OPERAND_H

#include "sicu/emu.h"

static inline uint32_t si_rd_s32(const si_wave *w, const si_inst *in, unsigned code)
{
    return code < 128 ? w->s[code] : si_read_s32(w, in, code);
}

static inline uint64_t si_rd_s64(const si_wave *w, const si_inst *in, unsigned code, int is_f64)
{
    return code < 127 ? ((uint64_t)w->s[code + 1] << 32) | w->s[code] : si_read_s64(w, in, code, is_f64);
}

static inline void si_wr_s32(si_wave *w, unsigned code, uint32_t v)
{
    if (code < 128)
        w->s[code] = v;
}

static inline void si_wr_s64(si_wave *w, unsigned code, uint64_t v)
{
    if (code < 127) {
        w->s[code] = (uint32_t)v;
        w->s[code + 1] = (uint32_t)(v >> 32);
    } else {
        si_write_s64(w, code, v);
    }
}

/* A unit's op groups (each a function with a switch over its ops, tried
 * in order) dispatched through a per-op cache of which group handles the
 * op: learnt on the op's first execution (relaxed atomics: concurrent
 * emulators may learn the same byte). */
static inline unsigned si_group_cached(uint8_t *cache, unsigned op)
{
    return __atomic_load_n(&cache[op], __ATOMIC_RELAXED);
}
static inline void si_group_learn(uint8_t *cache, unsigned op, unsigned g)
{
    __atomic_store_n(&cache[op], (uint8_t)g, __ATOMIC_RELAXED);
}

#endif
