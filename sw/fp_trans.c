/*
 * fp_trans.c - sicu transcendental / reciprocal unit (bit-exact algorithms).
 *
 * Common rules (docs/fp.md "Transcendental unit"):
 *  - denormal inputs are read as signed zero and denormal results are
 *    flushed to signed zero, whatever MODE says;
 *  - MODE rounding is ignored: results are rounded to nearest-even;
 *  - rcp/sqrt/rsq f32 are correctly rounded; rcp/rsq/sqrt f64 are those
 *    f32 functions on the significand rounded to 24 bits (the ISA's 2**29
 *    ulp); log, exp, sin, cos follow the fixed-point algorithms below
 *    (tables of quadratic pieces), which ARE the definition (every
 *    truncation is part of the spec).
 */
#include "fp_int.h"

#define QNEG32 0xffc00000u               /* -NaN returned for invalid inputs */
#define QNEG64 0xfff8000000000000ull

/* Host fast path of the correctly rounded f32 rcp and sqrt: for a normal input
 * whose result is normal, the host's IEEE divide / square root (RNE, no
 * FTZ/DAZ) is the correctly rounded result the integer path computes.
 * SSE2 intrinsics, not libm's sqrt (whose loading costs resident memory). */
#if SI_FP_HOST_FAST && defined(__SSE2__)
#include <emmintrin.h>
#define TRANS_HOST_FAST 1
static inline int nrm32(uint32_t a) { return ((a >> 23) & 0xff) - 1u < 254u; }
static inline uint32_t host_rcp32(uint32_t a) { return si_u32_of_f(1.0f / si_f_of_u32(a)); }
static inline uint32_t host_sqrt32(uint32_t a)
{
    return si_u32_of_f(_mm_cvtss_f32(_mm_sqrt_ss(_mm_set_ss(si_f_of_u32(a)))));
}
#else
#define TRANS_HOST_FAST 0
#endif

/* ---------------------------------------------------------------- helpers */

static uint64_t isqrt64(uint64_t n)
{
    uint64_t x, y;
    if (n < 2)
        return n;
    x = 1ull << ((65 - si_clz64(n)) / 2);            /* > sqrt(n) */
    for (;;) {
        y = (x + n / x) >> 1;
        if (y >= x)
            return x;
        x = y;
    }
}

static u128 isqrt128(u128 n)
{
    u128 x, y;
    int s;
    if ((n >> 64) == 0)
        return isqrt64((uint64_t)n);
    s = 128 - si_clz128(n) - 62;                      /* n >> s < 2^62 */
    s += s & 1;
    x = ((u128)isqrt64((uint64_t)(n >> s)) + 1) << (s / 2);   /* >= sqrt(n) */
    for (;;) {
        y = (x + n / x) >> 1;
        if (y >= x)
            return x;
        x = y;
    }
}


/* Unpack a finite nonzero normal f32 (denormals are flushed by the caller):
 * |a| = M * 2^(E-23), M in [2^23, 2^24). */
static inline void up32(uint32_t a, uint32_t *M, int32_t *E)
{
    *M = (a & 0x7fffffu) | 0x800000u;
    *E = (int32_t)((a >> 23) & 0xff) - 127;
}

/* Classify for the transcendental unit: denormals read as zero. */
enum { T_ZERO, T_NUM, T_INF, T_NAN };
static inline int tcls32(uint32_t a)
{
    uint32_t e = (a >> 23) & 0xff;
    if (e == 255) return (a & 0x7fffffu) ? T_NAN : T_INF;
    return e == 0 ? T_ZERO : T_NUM;
}
static inline int tcls64(uint64_t a)
{
    uint32_t e = (a >> 52) & 0x7ff;
    if (e == 2047) return (a & 0xfffffffffffffull) ? T_NAN : T_INF;
    return e == 0 ? T_ZERO : T_NUM;
}

/* ------------------------------------------------------- quadratic pieces */

/* g at position t (Q24) of the piece c = {c0, c1, c2} (Q30; docs/fp.md 9.2):
 * a = c1 + floor(c2 * t[23:8] / 2^16), G = c0 + floor(a * t / 2^24) (Q30). */
static inline int64_t piece(const int64_t *c, int64_t t)
{
    int64_t a = c[1] + ((c[2] * (t >> 8)) >> 16);
    return c[0] + ((a * t) >> 24);
}

/* ------------------------------------------------------------ rcp / rsq / sqrt */

uint32_t si_f32_rcp_int(uint32_t a)
{
    uint32_t s = a >> 31, M;
    int32_t E;
    uint64_t q, r;
    switch (tcls32(a)) {
    case T_NAN:  return a | 0x00400000u;
    case T_INF:  return s << 31;
    case T_ZERO: return (s << 31) | 0x7f800000u;
    default: break;
    }
    up32(a, &M, &E);
    q = (1ull << 62) / M;                     /* 1/x = q * 2^(-39-E) + rest */
    r = (1ull << 62) - q * M;
    return si_fp_round32(s, -39 - E, q | (r != 0), SI_RND_NE, 0);
}

uint32_t si_f32_rcp(uint32_t a, const si_fpm *m)
{
    (void)m;
#if TRANS_HOST_FAST
    if (nrm32(a)) {
        uint32_t h = host_rcp32(a);
        if (nrm32(h))
            return h;
    }
#endif
    return si_f32_rcp_int(a);
}

uint32_t si_f32_rcp_iflag(uint32_t a, const si_fpm *m) { return si_f32_rcp(a, m); }

uint32_t si_f32_rcp_clamp(uint32_t a, const si_fpm *m)
{
    uint32_t r = si_f32_rcp(a, m);
    return (r & 0x7fffffffu) == 0x7f800000u ? (r & 0x80000000u) | 0x7f7fffffu : r;
}

/* rcp_legacy: 1/(+-0) and results of +-inf give +-0 (sign of the input). */
uint32_t si_f32_rcp_legacy(uint32_t a, const si_fpm *m)
{
    uint32_t r = si_f32_rcp(a, m);
    return (r & 0x7fffffffu) == 0x7f800000u ? (a & 0x80000000u) : r;
}

uint32_t si_f32_sqrt_int(uint32_t a)
{
    uint32_t s = a >> 31, M;
    int32_t E, k;
    uint64_t N, q;
    switch (tcls32(a)) {
    case T_NAN:  return a | 0x00400000u;
    case T_ZERO: return s << 31;
    case T_INF:  return s ? QNEG32 : a;
    default: break;
    }
    if (s)
        return QNEG32;
    up32(a, &M, &E);
    k = E - 23;                               /* a = M * 2^k */
    if (k & 1) { M <<= 1; k--; }
    N = (uint64_t)M << 38;
    q = isqrt64(N);
    return si_fp_round32(0, k / 2 - 19, q | (q * q != N), SI_RND_NE, 0);
}

uint32_t si_f32_sqrt(uint32_t a, const si_fpm *m)
{
    (void)m;
#if TRANS_HOST_FAST
    if (nrm32(a) && !(a >> 31))
        return host_sqrt32(a);                /* the root of a normal is normal */
#endif
    return si_f32_sqrt_int(a);
}

uint32_t si_f32_rsq_int(uint32_t a)
{
    uint32_t s = a >> 31, M;
    int32_t E, k;
    u128 N, y;
    switch (tcls32(a)) {
    case T_NAN:  return a | 0x00400000u;
    case T_ZERO: return (s << 31) | 0x7f800000u;
    case T_INF:  return s ? QNEG32 : 0;
    default: break;
    }
    if (s)
        return QNEG32;
    up32(a, &M, &E);
    k = E - 23;
    if (k & 1) { M <<= 1; k--; }
    N = ((u128)1 << 96) / M;                  /* floor(2^96 / M) */
    y = isqrt128(N);                          /* floor(2^48 / sqrt(M)) */
    return si_fp_round32(0, -48 - k / 2, (uint64_t)y | (y * y * M != ((u128)1 << 96)), SI_RND_NE, 0);
}

/* rsq f32 fast path: for a positive normal input, 1/sqrt(a) in double is
 * within 2 double ulps of the exact value (two correctly rounded
 * operations); unless that is within a margin of an f32 rounding midpoint
 * (low 29 bits near 0x10000000), rounding it to f32 gives the correctly
 * rounded result, which is normal. */
uint32_t si_f32_rsq(uint32_t a, const si_fpm *m)
{
    (void)m;
#if TRANS_HOST_FAST
    if (nrm32(a) && !(a >> 31)) {
        __m128d x = _mm_set_sd((double)si_f_of_u32(a));
        uint64_t d = si_u64_of_d(1.0 / _mm_cvtsd_f64(_mm_sqrt_sd(x, x)));
        uint32_t low = (uint32_t)d & 0x1fffffffu;
        if (low - (0x10000000u - 64) > 128)
            return si_u32_of_f((float)si_d_of_u64(d));
    }
#endif
    return si_f32_rsq_int(a);
}

uint32_t si_f32_rsq_clamp(uint32_t a, const si_fpm *m)
{
    uint32_t r = si_f32_rsq(a, m);
    return (r & 0x7fffffffu) == 0x7f800000u ? (r & 0x80000000u) | 0x7f7fffffu : r;
}

/* rsq_legacy: an infinite result becomes +0. */
uint32_t si_f32_rsq_legacy(uint32_t a, const si_fpm *m)
{
    uint32_t r = si_f32_rsq(a, m);
    return (r & 0x7fffffffu) == 0x7f800000u ? 0 : r;
}

/* f64 rcp, rsq and sqrt at the precision the ISA documents for them
 * ((2**29) ULP), on the f32 unit (docs/fp.md 9.3): the operand's 53-bit
 * significand is rounded to 24 bits (RNE; a carry gives 2.0), the f32
 * function runs on that significand as an f32 in [1, 4) (the exponent's
 * parity folded in for the roots), and the f32 result, rescaled by the
 * remaining exponent, is rounded to f64 (RNE; only rcp can leave the
 * normal range, and its denormal results are flushed).  Denormal operands
 * read as zero, as for every function of this unit. */
enum { RRS_RCP, RRS_RSQ, RRS_SQRT };

static uint64_t f64_rrs_special(uint64_t a, int which, int *done)
{
    uint32_t s = a >> 63;
    *done = 1;
    switch (tcls64(a)) {
    case T_NAN:  return a | 0x0008000000000000ull;
    case T_INF:  return which == RRS_RCP ? (uint64_t)s << 63 : s ? QNEG64 : which == RRS_RSQ ? 0 : a;
    case T_ZERO: return which == RRS_SQRT ? (uint64_t)s << 63 : ((uint64_t)s << 63) | 0x7ff0000000000000ull;
    default: break;
    }
    if (s && which != RRS_RCP)
        return QNEG64;
    *done = 0;
    return 0;
}

/* The f32 operand for a normal a, and the exponent e with a = x32 * 2^e (e
 * even for the roots). */
static uint32_t f64_rrs_operand(uint64_t a, int which, int32_t *e)
{
    uint64_t M = (a & 0xfffffffffffffull) | (1ull << 52);
    uint32_t m = (uint32_t)(M >> 29), rest = (uint32_t)M & 0x1fffffffu;
    uint32_t p = 0;
    *e = (int32_t)((a >> 52) & 0x7ff) - 1023;
    m += (rest > 0x10000000u) | ((rest == 0x10000000u) & (m & 1));   /* 2^24 on a carry */
    if (which != RRS_RCP && (*e & 1)) {
        p = 1;
        *e -= 1;
    }
    return ((127u + p) << 23) + (m - (1u << 23));   /* a carry bumps the exponent */
}

/* r32 = f(x32), a normal f32; the roots' result is r32 * 2^(-e/2) or
 * 2^(e/2), rounded.  rcp refines y0 = r32 (within 1.5 * 2^-24 of 1/x for
 * the significand x = M * 2^-52 in [1, 2)) by one exact Newton step,
 * y1 = y0 * (2 - x * y0), and rounds y1 * 2^(-e) once: y0 = R * 2^(er-23)
 * with R in [2^23, 2^24] and er in {-1, 0}; x * y0 = P * 2^(er-75) with
 * P = M * R; y1 = R * (2^(76-er) - P) * 2^(2er-98).  The product V =
 * R * (2^(76-er) - P) < 2^102 is shifted right by 38 into the 64-bit
 * significand, the bits shifted out OR-ed into its lowest bit. */
static uint64_t f64_rrs_result(uint64_t a, int which, int32_t e, uint32_t r32)
{
    uint64_t R = (r32 & 0x7fffffu) | (1u << 23);
    int32_t er = (int32_t)((r32 >> 23) & 0xff) - 127;
    if (which != RRS_RCP)
        return si_fp_round64(0, er - 23 + (which == RRS_RSQ ? -e / 2 : e / 2), R, SI_RND_NE, 0);
    uint64_t M = (a & 0xfffffffffffffull) | (1ull << 52);
    u128 P = (u128)M * R;
    u128 V = (u128)R * ((((u128)1) << (76 - er)) - P);
    uint64_t sig = (uint64_t)(V >> 38) | (uint64_t)((V & ((((u128)1) << 38) - 1)) != 0);
    return si_fp_round64((uint32_t)(a >> 63), 2 * er - 98 + 38 - e, sig, SI_RND_NE, 0);
}

static uint64_t f64_rrs(uint64_t a, int which, const si_fpm *m, int fast)
{
    int done;
    int32_t e;
    uint64_t sp = f64_rrs_special(a, which, &done);
    if (done)
        return sp;
    uint32_t x = f64_rrs_operand(a, which, &e), r;
    switch (which) {
    case RRS_RCP: r = fast ? si_f32_rcp(x, m) : si_f32_rcp_int(x); break;
    case RRS_RSQ: r = fast ? si_f32_rsq(x, m) : si_f32_rsq_int(x); break;
    default:      r = fast ? si_f32_sqrt(x, m) : si_f32_sqrt_int(x); break;
    }
    return f64_rrs_result(a, which, e, r);
}

static const si_fpm rrs_mode;                 /* the f32 functions ignore MODE */

uint64_t si_f64_rcp_int(uint64_t a) { return f64_rrs(a, RRS_RCP, &rrs_mode, 0); }
uint64_t si_f64_rsq_int(uint64_t a) { return f64_rrs(a, RRS_RSQ, &rrs_mode, 0); }
uint64_t si_f64_sqrt_int(uint64_t a) { return f64_rrs(a, RRS_SQRT, &rrs_mode, 0); }
uint64_t si_f64_rcp(uint64_t a, const si_fpm *m) { return f64_rrs(a, RRS_RCP, m, 1); }
uint64_t si_f64_rsq(uint64_t a, const si_fpm *m) { return f64_rrs(a, RRS_RSQ, m, 1); }
uint64_t si_f64_sqrt(uint64_t a, const si_fpm *m) { return f64_rrs(a, RRS_SQRT, m, 1); }

uint64_t si_f64_rcp_clamp(uint64_t a, const si_fpm *m)
{
    uint64_t r = si_f64_rcp(a, m);
    return (r & ~(1ull << 63)) == 0x7ff0000000000000ull ? (r & (1ull << 63)) | 0x7fefffffffffffffull : r;
}

uint64_t si_f64_rsq_clamp(uint64_t a, const si_fpm *m)
{
    uint64_t r = si_f64_rsq(a, m);
    return (r & ~(1ull << 63)) == 0x7ff0000000000000ull ? (r & (1ull << 63)) | 0x7fefffffffffffffull : r;
}

/* ---------------------------------------------------------- fixed-point helpers
 *
 * log2, exp2, sin and cos are evaluated in fixed point on tables of quadratic
 * pieces (docs/fp.md 9.2), with products no wider than 28 x 31 bits (the
 * quarter-rate unit's multipliers).  Every truncation is part of the
 * definition. */

/* Round the exact value S * 2^e (S signed, nonzero) to f32, RNE, flushing. */
static uint32_t fix_to_f32(i128 S, int32_t e)
{
    uint32_t s = S < 0;
    u128 mag = s ? (u128)(-S) : (u128)S;
    uint64_t m;
    if (mag == 0)
        return 0;
    m = si_fp_jam128(mag, &e);
    return si_fp_round32(s, e, m, SI_RND_NE, 0);
}

/* -------------------------------------------------------------------- log2 */

/* log2(x) for x = M * 2^(E-23) on the pieces of g(v) = log2(v) / (v - 1) (LOG_QI):
 * piece M[22:16], t = M[15:0] << 8 of
 *   E = -1 (x in [1/2, 1), pieces of width 1/256, 0..127):
 *          result = RNE(-(2^24 - M) * G * 2^-54);
 *   otherwise (m = M / 2^23 in [1, 2), pieces of width 1/128, 128..255):
 *          result = RNE((E * 2^53 + (M - 2^23) * G) * 2^-53).
 * x - 1 (or m - 1) is exact, so results near log2(1) = +0 keep their precision. */
uint32_t si_f32_log(uint32_t a, const si_fpm *m)
{
    uint32_t M;
    int32_t E;
    int64_t G;
    (void)m;
    switch (tcls32(a)) {
    case T_NAN:  return a | 0x00400000u;
    case T_ZERO: return 0xff800000u;
    case T_INF:  return (a >> 31) ? QNEG32 : a;
    default: break;
    }
    if (a >> 31)
        return QNEG32;
    up32(a, &M, &E);
    G = piece(&si_fp_log_qi[3 * ((E == -1 ? 0 : 128) + ((M >> 16) & 127))], (int64_t)(M & 0xffffu) << 8);
    if (E == -1)
        return fix_to_f32(-(i128)((1u << 24) - M) * G, -54);
    return fix_to_f32((i128)E * ((i128)1 << 53) + (i128)(M - (1u << 23)) * G, -53);
}

uint32_t si_f32_log_clamp(uint32_t a, const si_fpm *m)
{
    uint32_t r = si_f32_log(a, m);
    return r == 0xff800000u ? 0xff7fffffu : r;
}

uint32_t si_f32_log_legacy(uint32_t a, const si_fpm *m) { return si_f32_log(a, m); }

/* -------------------------------------------------------------------- exp2 */

/* exp2(x): X = floor(x * 2^64) (exact for |x| >= 2^-41), n = X >> 64,
 * f = X mod 2^64; on the pieces of 2^v (EXP_QI, v in [0, 1)): piece f >> 57,
 * t = (f >> 33) mod 2^24, result = RNE(G * 2^(n-30)).
 * x < -126 -> +0, x >= 128 -> +inf, |x| < 2^-64 -> 1.0. */
uint32_t si_f32_exp(uint32_t a, const si_fpm *m)
{
    uint32_t M, s = a >> 31;
    int32_t E, sh;
    i128 X;
    u128 mag;
    uint64_t f;
    int32_t n;
    (void)m;
    switch (tcls32(a)) {
    case T_NAN:  return a | 0x00400000u;
    case T_ZERO: return 0x3f800000u;
    case T_INF:  return s ? 0 : a;
    default: break;
    }
    if (!s && a >= 0x43000000u) return 0x7f800000u;          /* x >= 128 */
    if (s && a > 0xc2fc0000u) return 0;                       /* x < -126 */
    up32(a, &M, &E);
    if (E < -64)
        return 0x3f800000u;
    sh = E - 23 + 64;                                         /* x*2^64 = M << sh */
    if (sh >= 0) {
        mag = (u128)M << sh;
        X = s ? -(i128)mag : (i128)mag;
    } else {
        mag = (u128)M >> -sh;
        if (s && (mag << -sh) != M)
            mag += 1;                                         /* ceil |x| -> floor x */
        X = s ? -(i128)mag : (i128)mag;
    }
    n = (int32_t)(X >> 64);
    f = (uint64_t)X;
    return fix_to_f32(piece(&si_fp_exp_qi[3 * (f >> 57)], (int64_t)((f >> 33) & 0xffffffu)), n - 30);
}

uint32_t si_f32_exp_legacy(uint32_t a, const si_fpm *m) { return si_f32_exp(a, m); }

/* ---------------------------------------------------------------- sin / cos */

/* sin(pi/2 * v) for v = u * 2^-62 in (0, 1), as Y * 2^ey, on one quadratic piece
 * of g(v) = sin(pi v / 2) / v per 1/128 of the quarter wave (SIN_QI, Q30):
 *   i = u[61:55], t = u[54:31] (24 bits, the position in the piece, Q24),
 *   a = c1 + floor(c2 * t[23:8] / 2^16), G = c0 + floor(a * t / 2^24)      (Q30)
 *   vn = the top 28 bits of u normalised (u << clz(u), bits 63..36)
 *   Y = vn * G, ey = -56 - clz(u)  (v = vn * 2^(-26-clz(u)) truncated).
 * Within 0.64 ulp of sin(2 pi x) for every f32 x after the rounding (sicu-fpacc). */
static uint64_t sin_quarter(uint64_t u, int32_t *ey)
{
    int64_t G = piece(&si_fp_sin_qi[3 * (u >> 55)], (int64_t)((u >> 31) & 0xffffffu));
    int lz = si_clz64(u);
    *ey = -56 - lz;
    return ((u << lz) >> 36) * (uint64_t)G;
}

/* Shared by sin and cos; returns the f32 result. */
static uint32_t sincos32(uint32_t a, int is_cos)
{
    uint32_t M, s = a >> 31, neg;
    int32_t E, ey;
    uint64_t F, u, y;
    unsigned q;
    switch (tcls32(a)) {
    case T_NAN:  return a | 0x00400000u;
    case T_INF:  return QNEG32;
    case T_ZERO: return is_cos ? 0x3f800000u : (s << 31);
    default: break;
    }
    if ((a & 0x7fffffffu) > 0x43800000u)                   /* |x| > 256 */
        return is_cos ? 0x3f800000u : 0;
    up32(a, &M, &E);
    if (E < -20) {                                        /* sin(2 pi x) ~ 2 pi x */
        if (is_cos)
            return 0x3f800000u;
        /* v = 4|x| = (M << 4) * 2^(E-25): the first piece at t = 0 (G = c0) */
        return si_fp_round32(s, E - 25 - 30, ((uint64_t)M << 4) * (uint64_t)si_fp_sin_qi[0], SI_RND_NE, 0);
    }
    F = (uint64_t)((u128)M << (E - 23 + 64));             /* frac(|x|), Q64, exact */
    q = (unsigned)(F >> 62);
    u = F & ((1ull << 62) - 1);
    if (is_cos) {
        q = (q + 1) & 3;                                   /* cos t = sin(t + 1/4) */
        s = 0;
    }
    if (q & 1)
        u = (1ull << 62) - u;                              /* sin(pi/2 (1 - v)) */
    neg = s ^ (q >> 1);
    if (u == 0)
        return 0;                                          /* a zero result is +0 */
    if (u == 1ull << 62)
        return (neg << 31) | 0x3f800000u;                  /* +-1 */
    y = sin_quarter(u, &ey);
    return si_fp_round32(neg, ey, y, SI_RND_NE, 0);
}

uint32_t si_f32_sin(uint32_t a, const si_fpm *m) { (void)m; return sincos32(a, 0); }
uint32_t si_f32_cos(uint32_t a, const si_fpm *m) { (void)m; return sincos32(a, 1); }
