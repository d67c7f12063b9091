/*
 * fp.h - sicu bit-exact floating-point library (private header).
 *
 * Every function works on raw IEEE-754 bit patterns (uint32_t for f32,
 * uint64_t for f64, uint16_t in the low bits of a uint32_t for f16) and is
 * implemented with integer arithmetic (plus a host-FPU fast path only where it
 * is provably identical), so results never depend on host FPU state.
 *
 * The normative semantics of every function are written down in docs/fp.md;
 * the future Verilog FPU must match them bit for bit.
 *
 * Conventions:
 *  - "m" is the decoded MODE register (si_fpm_from_mode).  Functions that do
 *    not depend on the rounding or denormal mode do not take it.
 *  - Source modifiers (abs/neg) are plain bit operations done by the caller
 *    before the call; output modifiers (omod/clamp) are applied by the caller
 *    after the call with si_f32_omod_clamp / si_f64_omod_clamp.
 *  - Invalid operations return the canonical quiet NaN (SI_F32_QNAN /
 *    SI_F64_QNAN); a NaN operand is returned quieted (the first NaN operand in
 *    source order wins).
 */
#ifndef SICU_FP_H
#define SICU_FP_H

#include <stdint.h>

/* Decoded MODE register fields that affect floating point. */
typedef struct si_fpm {
    uint8_t round32;    /* MODE[1:0]: 0 nearest-even, 1 +inf, 2 -inf, 3 zero   */
    uint8_t round64;    /* MODE[3:2]: same encoding, for f64 (and f16)         */
    uint8_t denorm32;   /* MODE[5:4]: bit0 = allow denormal inputs,
                         *            bit1 = allow denormal outputs            */
    uint8_t denorm64;   /* MODE[7:6]: same encoding, for f64 (and f16)         */
    uint8_t ieee;       /* MODE[9]  IEEE mode (sNaN quieting in min/max)       */
    uint8_t dx10_clamp; /* MODE[8]  DX10 clamp (clamp modifier maps NaN to 0)  */
} si_fpm;

/* Rounding-mode encodings (MODE.FP_ROUND fields). */
enum { SI_RND_NE = 0, SI_RND_UP = 1, SI_RND_DN = 2, SI_RND_TZ = 3 };

/* Denormal-mode bits (MODE.FP_DENORM fields). */
enum { SI_DEN_IN = 1, SI_DEN_OUT = 2 };

#define SI_F32_QNAN 0x7FC00000u
#define SI_F64_QNAN 0x7FF8000000000000ull
#define SI_F16_QNAN 0x7E00u

/* VOPC compare conditions, in SI opcode order (low 4 bits of the opcode). */
enum {
    SI_CMP_F = 0, SI_CMP_LT, SI_CMP_EQ, SI_CMP_LE, SI_CMP_GT, SI_CMP_LG,
    SI_CMP_GE, SI_CMP_O, SI_CMP_U, SI_CMP_NGE, SI_CMP_NLG, SI_CMP_NGT,
    SI_CMP_NLE, SI_CMP_NEQ, SI_CMP_NLT, SI_CMP_TRU
};

/* v_cmp_class mask bits. */
enum {
    SI_CLASS_SNAN = 1u << 0, SI_CLASS_QNAN = 1u << 1,
    SI_CLASS_NINF = 1u << 2, SI_CLASS_NNORM = 1u << 3,
    SI_CLASS_NDENORM = 1u << 4, SI_CLASS_NZERO = 1u << 5,
    SI_CLASS_PZERO = 1u << 6, SI_CLASS_PDENORM = 1u << 7,
    SI_CLASS_PNORM = 1u << 8, SI_CLASS_PINF = 1u << 9
};

/* The MODE register's FP fields (inline: decoded for every VALU instruction). */
static inline si_fpm si_fpm_from_mode(uint32_t mode)
{
    si_fpm m;
    m.round32 = mode & 3;
    m.round64 = (mode >> 2) & 3;
    m.denorm32 = (mode >> 4) & 3;
    m.denorm64 = (mode >> 6) & 3;
    m.dx10_clamp = (mode >> 8) & 1;
    m.ieee = (mode >> 9) & 1;
    return m;
}

/* ---------------------------------------------------------------- f32 ---- */
uint32_t si_f32_add(uint32_t a, uint32_t b, const si_fpm *m);
uint32_t si_f32_sub(uint32_t a, uint32_t b, const si_fpm *m);
uint32_t si_f32_mul(uint32_t a, uint32_t b, const si_fpm *m);
uint32_t si_f32_fma(uint32_t a, uint32_t b, uint32_t c, const si_fpm *m);
/* v_mad_f32 / v_mac_f32 / v_madmk / v_madak: a*b rounded, then + c rounded;
 * always flushes denormals (inputs, intermediate and output), see docs. */
uint32_t si_f32_mad(uint32_t a, uint32_t b, uint32_t c, const si_fpm *m);
/* Legacy (DX9) multiply: +-0 times anything (incl. inf/NaN) is +0. */
uint32_t si_f32_mul_legacy(uint32_t a, uint32_t b, const si_fpm *m);
uint32_t si_f32_mad_legacy(uint32_t a, uint32_t b, uint32_t c, const si_fpm *m);
uint32_t si_f32_min(uint32_t a, uint32_t b, const si_fpm *m);
uint32_t si_f32_max(uint32_t a, uint32_t b, const si_fpm *m);
uint32_t si_f32_min_legacy(uint32_t a, uint32_t b, const si_fpm *m);
uint32_t si_f32_max_legacy(uint32_t a, uint32_t b, const si_fpm *m);
/* Extras (not in the original API list): v_min3/v_max3/v_med3_f32. */
uint32_t si_f32_min3(uint32_t a, uint32_t b, uint32_t c, const si_fpm *m);
uint32_t si_f32_max3(uint32_t a, uint32_t b, uint32_t c, const si_fpm *m);
uint32_t si_f32_med3(uint32_t a, uint32_t b, uint32_t c, const si_fpm *m);

uint32_t si_f32_floor(uint32_t a, const si_fpm *m);
uint32_t si_f32_ceil(uint32_t a, const si_fpm *m);
uint32_t si_f32_trunc(uint32_t a, const si_fpm *m);
uint32_t si_f32_rndne(uint32_t a, const si_fpm *m);
uint32_t si_f32_fract(uint32_t a, const si_fpm *m);

/* Transcendental / reciprocal unit: denormal inputs and outputs are always
 * flushed, rounding mode is ignored; algorithms in docs/fp.md. */
uint32_t si_f32_rcp(uint32_t a, const si_fpm *m);
uint32_t si_f32_rcp_iflag(uint32_t a, const si_fpm *m);
uint32_t si_f32_rsq(uint32_t a, const si_fpm *m);
uint32_t si_f32_sqrt(uint32_t a, const si_fpm *m);
uint32_t si_f32_log(uint32_t a, const si_fpm *m);   /* log2 */
uint32_t si_f32_exp(uint32_t a, const si_fpm *m);   /* exp2 */
uint32_t si_f32_sin(uint32_t a, const si_fpm *m);   /* sin(2*pi*a) */
uint32_t si_f32_cos(uint32_t a, const si_fpm *m);   /* cos(2*pi*a) */
uint32_t si_f32_log_clamp(uint32_t a, const si_fpm *m);
uint32_t si_f32_rcp_clamp(uint32_t a, const si_fpm *m);
uint32_t si_f32_rsq_clamp(uint32_t a, const si_fpm *m);
uint32_t si_f32_rcp_legacy(uint32_t a, const si_fpm *m);
uint32_t si_f32_rsq_legacy(uint32_t a, const si_fpm *m);
uint32_t si_f32_exp_legacy(uint32_t a, const si_fpm *m);
uint32_t si_f32_log_legacy(uint32_t a, const si_fpm *m);

uint32_t si_f32_frexp_mant(uint32_t a, const si_fpm *m);
int32_t  si_f32_frexp_exp(uint32_t a, const si_fpm *m);
uint32_t si_f32_ldexp(uint32_t a, int32_t e, const si_fpm *m);
int      si_f32_class(uint32_t a, uint32_t mask);
int      si_f32_cmp(uint32_t a, uint32_t b, unsigned cond, const si_fpm *m);

/* Division helpers (v_div_scale_f32 VOP3b: result + VCC bit for this lane;
 * src0 = a, src1 = b, src2 = c exactly as encoded). */
uint32_t si_f32_div_scale(uint32_t a, uint32_t b, uint32_t c, int *vcc, const si_fpm *m);
uint32_t si_f32_div_fmas(uint32_t a, uint32_t b, uint32_t c, int vcc, const si_fpm *m);
uint32_t si_f32_div_fixup(uint32_t a, uint32_t b, uint32_t c, const si_fpm *m);

/* ---------------------------------------------------------------- f64 ---- */
uint64_t si_f64_add(uint64_t a, uint64_t b, const si_fpm *m);
uint64_t si_f64_sub(uint64_t a, uint64_t b, const si_fpm *m);
uint64_t si_f64_mul(uint64_t a, uint64_t b, const si_fpm *m);
uint64_t si_f64_fma(uint64_t a, uint64_t b, uint64_t c, const si_fpm *m);
uint64_t si_f64_min(uint64_t a, uint64_t b, const si_fpm *m);
uint64_t si_f64_max(uint64_t a, uint64_t b, const si_fpm *m);
uint64_t si_f64_fract(uint64_t a, const si_fpm *m);
uint64_t si_f64_rcp(uint64_t a, const si_fpm *m);
uint64_t si_f64_rsq(uint64_t a, const si_fpm *m);
uint64_t si_f64_sqrt(uint64_t a, const si_fpm *m);
uint64_t si_f64_rcp_clamp(uint64_t a, const si_fpm *m);
uint64_t si_f64_rsq_clamp(uint64_t a, const si_fpm *m);
uint64_t si_f64_frexp_mant(uint64_t a, const si_fpm *m);
int32_t  si_f64_frexp_exp(uint64_t a, const si_fpm *m);
uint64_t si_f64_ldexp(uint64_t a, int32_t e, const si_fpm *m);
uint64_t si_f64_div_scale(uint64_t a, uint64_t b, uint64_t c, int *vcc, const si_fpm *m);
uint64_t si_f64_div_fmas(uint64_t a, uint64_t b, uint64_t c, int vcc, const si_fpm *m);
uint64_t si_f64_div_fixup(uint64_t a, uint64_t b, uint64_t c, const si_fpm *m);
int      si_f64_cmp(uint64_t a, uint64_t b, unsigned cond, const si_fpm *m);
int      si_f64_class(uint64_t a, uint32_t mask);
uint64_t si_f64_trig_preop(uint64_t a, int32_t sel, const si_fpm *m);

/* -------------------------------------------------------- conversions ---- */
uint32_t si_cvt_f32_i32(int32_t a, const si_fpm *m);
uint32_t si_cvt_f32_u32(uint32_t a, const si_fpm *m);
int32_t  si_cvt_i32_f32(uint32_t a, const si_fpm *m);  /* trunc, saturate, NaN->0 */
uint32_t si_cvt_u32_f32(uint32_t a, const si_fpm *m);  /* trunc, saturate, NaN->0 */
uint64_t si_cvt_f64_f32(uint32_t a, const si_fpm *m);
uint32_t si_cvt_f32_f64(uint64_t a, const si_fpm *m);
uint64_t si_cvt_f64_i32(int32_t a, const si_fpm *m);
uint64_t si_cvt_f64_u32(uint32_t a, const si_fpm *m);
int32_t  si_cvt_i32_f64(uint64_t a, const si_fpm *m);
uint32_t si_cvt_u32_f64(uint64_t a, const si_fpm *m);
uint32_t si_cvt_f16_f32(uint32_t a, const si_fpm *m);  /* f16 in bits [15:0] */
uint32_t si_cvt_f32_f16(uint32_t a, const si_fpm *m);  /* f16 from bits [15:0] */
int32_t  si_cvt_rpi_i32_f32(uint32_t a, const si_fpm *m); /* floor(a + 0.5) */
int32_t  si_cvt_flr_i32_f32(uint32_t a, const si_fpm *m); /* floor(a) */
/* Two f16 values rounded toward zero: a in [15:0], b in [31:16]. */
uint32_t si_cvt_pkrtz_f16_f32(uint32_t a, uint32_t b, const si_fpm *m);
/* Extras: v_cvt_off_f32_i4 (low 4 bits signed, times 1/16). */
uint32_t si_cvt_off_f32_i4(uint32_t a, const si_fpm *m);

/* ------------------------------------------------- output modifiers ---- */
/* omod: 0 none, 1 *2, 2 *4, 3 /2; clamp: saturate to [0,1] (NaN -> +0). */
uint32_t si_f32_omod_clamp(uint32_t r, unsigned omod, int clamp, const si_fpm *m);
uint64_t si_f64_omod_clamp(uint64_t r, unsigned omod, int clamp, const si_fpm *m);

#endif /* SICU_FP_H */
