/*
 * fp_cvt.c - sicu FP conversions (bit-exact, integer arithmetic only).
 * Semantics: docs/fp.md "Conversions".
 */
#include "fp_int.h"

/* ---------------------------------------------------------------- int -> fp */

uint32_t si_cvt_f32_i32(int32_t a, const si_fpm *m)
{
    uint32_t s = a < 0;
    uint64_t mag = s ? (uint64_t)(-(int64_t)a) : (uint64_t)a;
    if (!mag)
        return 0;
    return si_fp_round32(s, 0, mag, m->round32, 1);
}

uint32_t si_cvt_f32_u32(uint32_t a, const si_fpm *m)
{
    if (!a)
        return 0;
    return si_fp_round32(0, 0, a, m->round32, 1);
}

uint64_t si_cvt_f64_i32(int32_t a, const si_fpm *m)
{
#if SI_FP_HOST_FAST
    (void)m;
    return si_u64_of_d((double)a);                    /* exact; 0 is +0 */
#endif
    uint32_t s = a < 0;
    uint64_t mag = s ? (uint64_t)(-(int64_t)a) : (uint64_t)a;
    (void)m;
    if (!mag)
        return 0;
    return si_fp_round64(s, 0, mag, SI_RND_NE, 1);   /* exact */
}

uint64_t si_cvt_f64_u32(uint32_t a, const si_fpm *m)
{
#if SI_FP_HOST_FAST
    (void)m;
    return si_u64_of_d((double)a);                    /* exact; 0 is +0 */
#endif
    (void)m;
    if (!a)
        return 0;
    return si_fp_round64(0, 0, a, SI_RND_NE, 1);     /* exact */
}

uint32_t si_cvt_off_f32_i4(uint32_t a, const si_fpm *m)
{
    /* ((a & 15) ^ 8) / 16 - 0.5 = signed 4-bit value / 16, exact */
    int32_t v = (int32_t)(a & 15) - ((a & 8) ? 16 : 0);
    (void)m;
    if (!v)
        return 0;
    return si_fp_round32(v < 0, -4, (uint64_t)(v < 0 ? -v : v), SI_RND_NE, 1);
}

/* ---------------------------------------------------------------- fp -> int */

/* Truncate |a| (f32 or f64 fields) to an integer, saturating at `lim`. */
static uint64_t trunc_mag(uint64_t frac, int32_t ex, int mb, int bias, uint64_t lim)
{
    int32_t sh;
    if (ex == 0 || ex < bias)
        return 0;                                   /* |a| < 1 (incl. denormals) */
    sh = ex - bias - mb;
    if (sh >= 11)
        return lim;
    frac |= (uint64_t)1 << mb;
    frac = sh >= 0 ? frac << sh : frac >> -sh;
    return frac > lim ? lim : frac;
}

int32_t si_cvt_i32_f32(uint32_t a, const si_fpm *m)
{
    uint64_t v;
    (void)m;
    if ((a & 0x7fffffffu) > 0x7f800000u)
        return 0;
    v = trunc_mag(a & 0x7fffffu, (a >> 23) & 0xff, 23, 127, (a >> 31) ? 0x80000000u : 0x7fffffffu);
    return (a >> 31) ? (int32_t)(0 - v) : (int32_t)v;
}

uint32_t si_cvt_u32_f32(uint32_t a, const si_fpm *m)
{
    (void)m;
    if ((a & 0x7fffffffu) > 0x7f800000u || (a >> 31))
        return 0;
    return (uint32_t)trunc_mag(a & 0x7fffffu, (a >> 23) & 0xff, 23, 127, 0xffffffffu);
}

int32_t si_cvt_i32_f64(uint64_t a, const si_fpm *m)
{
    uint64_t v;
    (void)m;
    if ((a & 0x7fffffffffffffffull) > 0x7ff0000000000000ull)
        return 0;
    v = trunc_mag(a & 0xfffffffffffffull, (a >> 52) & 0x7ff, 52, 1023, (a >> 63) ? 0x80000000u : 0x7fffffffu);
    return (a >> 63) ? (int32_t)(0 - v) : (int32_t)v;
}

uint32_t si_cvt_u32_f64(uint64_t a, const si_fpm *m)
{
    (void)m;
    if ((a & 0x7fffffffffffffffull) > 0x7ff0000000000000ull || (a >> 63))
        return 0;
    return (uint32_t)trunc_mag(a & 0xfffffffffffffull, (a >> 52) & 0x7ff, 52, 1023, 0xffffffffu);
}

/* floor(a) (and floor(a + 0.5) computed exactly) to i32 with saturation;
 * NaN gives INT_MAX for a positive sign bit and INT_MIN for a negative one. */
static int32_t cvt_floor32(uint32_t a, int add_half, const si_fpm *m)
{
    uint32_t s = a >> 31, M;
    int32_t ex = (a >> 23) & 0xff, k;
    int64_t v;
    if ((a & 0x7fffffffu) > 0x7f800000u)
        return s ? INT32_MIN : INT32_MAX;
    if (ex == 255)
        return s ? INT32_MIN : INT32_MAX;
    if (ex == 0 && !(m->denorm32 & SI_DEN_IN))
        return 0;
    if ((a & 0x7fffffffu) == 0)
        return 0;
    if (ex >= 127 + 31)
        return s ? INT32_MIN : INT32_MAX;
    /* |a| = M * 2^k; compute floor(a * 2 + add_half) / 2 in Q1 */
    M = (a & 0x7fffffu) | (ex ? 0x800000u : 0);
    k = (ex ? ex : 1) - 127 - 23 + 1;                 /* Q1: value*2 = M * 2^k */
    if (k >= 0) {
        v = (int64_t)M << k;                          /* exact */
        v = s ? -v : v;
    } else if (k > -40) {
        int64_t t = (int64_t)((uint64_t)M >> -k);
        int inexact = ((uint64_t)t << -k) != M;
        v = s ? -t - inexact : t;                     /* floor of value*2 */
    } else {
        v = s ? -1 : 0;
    }
    v += add_half;                                    /* + 0.5 in Q1 */
    v >>= 1;                                          /* floor division by 2 */
    if (v > INT32_MAX) return INT32_MAX;
    if (v < INT32_MIN) return INT32_MIN;
    return (int32_t)v;
}

int32_t si_cvt_flr_i32_f32(uint32_t a, const si_fpm *m) { return cvt_floor32(a, 0, m); }
int32_t si_cvt_rpi_i32_f32(uint32_t a, const si_fpm *m) { return cvt_floor32(a, 1, m); }

/* ---------------------------------------------------------------- fp <-> fp */

uint64_t si_cvt_f64_f32(uint32_t a, const si_fpm *m)
{
    uint64_t s = (uint64_t)(a >> 31) << 63;
    uint32_t ex = (a >> 23) & 0xff, fr = a & 0x7fffffu;
    if (ex == 255)
        return s | 0x7ff0000000000000ull | ((uint64_t)fr << 29) | (fr ? 0x0008000000000000ull : 0);
    if (ex == 0) {
        if (!fr || !(m->denorm32 & SI_DEN_IN))
            return s;
        return si_fp_round64(a >> 31, -149, fr, SI_RND_NE, 1);   /* exact */
    }
    return s | ((uint64_t)(ex - 127 + 1023) << 52) | ((uint64_t)fr << 29);
}

uint32_t si_cvt_f32_f64_int(uint64_t a, const si_fpm *m)
{
    uint32_t s = a >> 63;
    uint32_t ex = (a >> 52) & 0x7ff;
    uint64_t fr = a & 0xfffffffffffffull;
    if (ex == 2047)
        return (s << 31) | 0x7f800000u | (uint32_t)(fr >> 29) | (fr ? 0x00400000u : 0);
    if (ex == 0) {
        if (!fr || !(m->denorm64 & SI_DEN_IN))
            return s << 31;
        return si_fp_round32(s, -1074, fr, m->round32, m->denorm32 & SI_DEN_OUT);
    }
    return si_fp_round32(s, (int32_t)ex - 1023 - 52, fr | (1ull << 52), m->round32, m->denorm32 & SI_DEN_OUT);
}

uint32_t si_cvt_f32_f64(uint64_t a, const si_fpm *m)
{
#if SI_FP_HOST_FAST
    /* RNE, a normal input and a normal result: the host's conversion */
    if (m->round32 == SI_RND_NE && ((a >> 52) & 0x7ff) - 1u < 2046u) {
        uint32_t r = si_u32_of_f((float)si_d_of_u64(a));
        if (((r >> 23) & 0xff) - 1u < 254u)
            return r;
    }
#endif
    return si_cvt_f32_f64_int(a, m);
}

/* f32 -> f16 with rounding mode rm; SI keeps denormals on both sides. */
static uint32_t f16_of_f32(uint32_t a, unsigned rm)
{
    uint32_t s = a >> 31, ex = (a >> 23) & 0xff, fr = a & 0x7fffffu;
    if (ex == 255)
        return (s << 15) | 0x7c00u | (fr ? 0x200u | (fr >> 13) : 0);
    if (ex == 0 && fr == 0)
        return s << 15;
    if (ex == 0)
        return (uint32_t)si_fp_round(s, -149, fr, rm, 1, 10, 15);
    return (uint32_t)si_fp_round(s, (int32_t)ex - 150, fr | 0x800000u, rm, 1, 10, 15);
}

uint32_t si_cvt_f16_f32(uint32_t a, const si_fpm *m) { return f16_of_f32(a, m->round32); }

uint32_t si_cvt_pkrtz_f16_f32(uint32_t a, uint32_t b, const si_fpm *m)
{
    (void)m;
    return f16_of_f32(a, SI_RND_TZ) | (f16_of_f32(b, SI_RND_TZ) << 16);
}

uint32_t si_cvt_f32_f16(uint32_t a, const si_fpm *m)
{
    uint32_t s = (a >> 15) & 1, ex = (a >> 10) & 0x1f, fr = a & 0x3ffu;
    (void)m;
    if (ex == 31)
        return (s << 31) | 0x7f800000u | (fr << 13) | (fr ? 0x00400000u : 0);
    if (ex == 0) {
        if (!fr)
            return s << 31;
        return si_fp_round32(s, -24, fr, SI_RND_NE, 1);           /* exact */
    }
    return (s << 31) | ((ex - 15 + 127) << 23) | (fr << 13);
}
