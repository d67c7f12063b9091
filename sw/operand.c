/* sicu: scalar operand access shared by all execution units.
 *
 * Source codes 0-127 address the scalar file (SGPRs, VCC, TBA/TMA, TTMP,
 * M0, EXEC).  128-208 are integer inline constants, 240-247 float inline
 * constants, 251-253 the VCCZ/EXECZ/SCC bits and 255 the literal dword.
 * Reserved codes and LDS_DIRECT are rejected when an instruction enters
 * the decode cache (si_emu_fetch), so they never reach these functions;
 * if they do, they read as 0.
 *
 * 64-bit reads (see docs/execution-model.md, "Operands"):
 *   - SGPR pair: {s[code+1], s[code]};
 *   - integer inline constants: sign-extended to 64 bits;
 *   - float inline constants: the f64 encoding of the value, for every
 *     64-bit operand (llvm-mc encodes s_mov_b64 s[0:1], 0x3ff0000000000000
 *     as the inline constant 1.0);
 *   - literal: SI_LIT64_F64 (is_f64 = 1): the literal is the high dword,
 *     low dword 0; SI_LIT64_SEXT: sign-extended; otherwise zero-extended.
 */
#include "sicu/emu.h"

/* f32 bit patterns of the float inline constants 240..247. */
static const uint32_t f32_consts[8] = {
    0x3f000000u, 0xbf000000u, 0x3f800000u, 0xbf800000u,
    0x40000000u, 0xc0000000u, 0x40800000u, 0xc0800000u,
};
/* f64 bit patterns of the same constants. */
static const uint64_t f64_consts[8] = {
    0x3fe0000000000000ull, 0xbfe0000000000000ull, 0x3ff0000000000000ull, 0xbff0000000000000ull,
    0x4000000000000000ull, 0xc000000000000000ull, 0x4010000000000000ull, 0xc010000000000000ull,
};

/* Value of a 32-bit read of a non-register source code (>= 128). */
static uint32_t read_const32(const si_wave *w, const si_inst *in, unsigned code)
{
    if (code <= SI_SRC_INT_POS_LAST)
        return code - SI_SRC_ZERO;                      /* 0..64   */
    if (code <= SI_SRC_INT_NEG_LAST)
        return (uint32_t)(-(int32_t)(code - SI_SRC_INT_POS_LAST)); /* -1..-16 */
    if (code >= SI_SRC_F_0_5 && code <= SI_SRC_F_NEG_4_0)
        return f32_consts[code - SI_SRC_F_0_5];
    switch (code) {
    case SI_SRC_VCCZ:
        return (w->s[SI_SRC_VCC_LO] | w->s[SI_SRC_VCC_HI]) == 0;
    case SI_SRC_EXECZ:
        return (w->s[SI_SRC_EXEC_LO] | w->s[SI_SRC_EXEC_HI]) == 0;
    case SI_SRC_SCC:
        return w->scc;
    case SI_SRC_LITERAL:
        return in ? in->lit : 0;
    default:
        return 0; /* reserved / LDS_DIRECT: rejected at fetch */
    }
}

uint32_t si_read_s32(const si_wave *w, const si_inst *in, unsigned code)
{
    if (code < 128)
        return w->s[code];
    return read_const32(w, in, code);
}

uint64_t si_read_s64(const si_wave *w, const si_inst *in, unsigned code, int is_f64)
{
    if (code < 127)
        return ((uint64_t)w->s[code + 1] << 32) | w->s[code];
    if (code == 127) /* cannot happen after fetch validation; stay in bounds */
        return w->s[127];
    if (code <= SI_SRC_INT_NEG_LAST)
        return (uint64_t)(int64_t)(int32_t)read_const32(w, in, code);
    if (code >= SI_SRC_F_0_5 && code <= SI_SRC_F_NEG_4_0)
        return f64_consts[code - SI_SRC_F_0_5];
    if (code == SI_SRC_LITERAL) {
        uint32_t lit = in ? in->lit : 0;
        if (is_f64 == SI_LIT64_F64)
            return (uint64_t)lit << 32;
        if (is_f64 == SI_LIT64_SEXT)
            return (uint64_t)(int64_t)(int32_t)lit;
        return lit;
    }
    /* VCCZ / EXECZ / SCC: a single bit, zero-extended. */
    return read_const32(w, in, code);
}

void si_write_s32(si_wave *w, unsigned code, uint32_t v)
{
    if (code < 128)
        w->s[code] = v;
}

void si_write_s64(si_wave *w, unsigned code, uint64_t v)
{
    if (code < 127) {
        w->s[code] = (uint32_t)v;
        w->s[code + 1] = (uint32_t)(v >> 32);
    } else if (code == 127) {
        w->s[127] = (uint32_t)v;
    }
}
