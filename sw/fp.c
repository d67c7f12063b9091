/*
 * fp.c - sicu bit-exact floating-point library: arithmetic core.
 *
 * Everything here is integer arithmetic on IEEE-754 bit patterns.  The host
 * FPU is used only in fast paths where the host result (SSE/NEON, default
 * rounding, no FTZ/DAZ, FLT_EVAL_METHOD 0) is provably identical to the
 * integer path: here round-to-nearest-even add/sub/mul/fma of normal f32/f64
 * operands whose result is again normal, and fract of normal inputs below
 * 2^23/2^52 (exact floor, one rounded subtraction).  Everything else (other
 * rounding modes, denormals, zeros, inf, NaN, overflow) takes the integer
 * path.  The list of every host fast path of the library and the VALU's
 * lane-parallel ones, with their conditions: docs/fp.md section 10.
 *
 * The semantics are specified in docs/fp.md; the transcendental unit lives in
 * fp_trans.c, conversions in fp_cvt.c.
 */
#include "fp_int.h"

#if defined(__GNUC__) && !defined(__clang__)
/* The fast paths evaluate exactly one IEEE operation per expression; never
 * let the compiler contract them into fused operations. */
#pragma GCC optimize("fp-contract=off")
#endif

/* ------------------------------------------------------------------------ */
/* Rounding and packing                                                     */
/* ------------------------------------------------------------------------ */

/* Round sign * sig * 2^exp (sig != 0) to a binary format with mb fraction
 * bits and exponent bias `bias` (f32: 23/127, f64: 52/1023, f16: 10/15) using
 * rounding mode rm.  Results below the normal range are rounded to the
 * denormal grid (gradual underflow) and then, if den_out is 0, flushed to a
 * signed zero ("flush after rounding, on the rounded result").  Overflow gives
 * inf or the largest finite value depending on rm and the sign. */
static inline __attribute__((always_inline)) uint64_t fp_round_t(uint32_t sign, int32_t exp, uint64_t sig,
                                                                 unsigned rm, int den_out, int mb, int bias)
{
    const int ebits = bias == 127 ? 8 : bias == 1023 ? 11 : 5;
    const uint64_t sbit = (uint64_t)sign << (mb + ebits);
    const uint64_t infb = (((uint64_t)1 << ebits) - 1) << mb;
    const int32_t emin = 1 - bias;              /* exponent of the smallest normal */
    int msb = 63 - si_clz64(sig);
    int32_t e = exp + msb;                       /* exponent of the leading bit */
    int32_t lsb, d;
    uint64_t mant, rbit, sticky, bits;
    int inc;

    if (e > bias)
        goto overflow;
    lsb = e - mb;
    if (lsb < emin - mb)
        lsb = emin - mb;
    d = lsb - exp;                               /* bits to drop */
    if (d <= 0) {
        mant = sig << -d;
        rbit = sticky = 0;
    } else if (d < 64) {
        mant = sig >> d;
        rbit = (sig >> (d - 1)) & 1;
        sticky = (sig & ((((uint64_t)1) << (d - 1)) - 1)) != 0;
    } else if (d == 64) {
        mant = 0;
        rbit = sig >> 63;
        sticky = (sig << 1) != 0;
    } else {
        mant = 0;
        rbit = 0;
        sticky = 1;
    }
    switch (rm) {
    case SI_RND_NE: inc = rbit && (sticky || (mant & 1)); break;
    case SI_RND_UP: inc = !sign && (rbit || sticky); break;
    case SI_RND_DN: inc = sign && (rbit || sticky); break;
    default:        inc = 0; break;
    }
    mant += (uint64_t)inc;
    if (e < emin) {
        /* Denormal grid: field 0; a carry into bit mb yields the min normal. */
        bits = mant;
    } else {
        /* mant in [2^mb, 2^(mb+1)]: a rounding carry bumps the exponent. */
        bits = ((uint64_t)(e + bias - 1) << mb) + mant;
        if (bits >= infb)
            goto overflow;
    }
    if (!den_out && bits < ((uint64_t)1 << mb))
        bits = 0;                                /* output flush, after rounding */
    return sbit | bits;

overflow:
    if (rm == SI_RND_NE || (rm == SI_RND_UP && !sign) || (rm == SI_RND_DN && sign))
        return sbit | infb;
    return sbit | (infb - 1);
}

uint64_t si_fp_round(uint32_t sign, int32_t exp, uint64_t sig, unsigned rm, int den_out, int mb, int bias)
{
    return fp_round_t(sign, exp, sig, rm, den_out, mb, bias);
}

/* si_fp_round for f32 and f64 (compiled with the format's constants). */
uint32_t si_fp_round_f32(uint32_t sign, int32_t exp, uint64_t sig, unsigned rm, int den_out)
{
    return (uint32_t)fp_round_t(sign, exp, sig, rm, den_out, 23, 127);
}

uint64_t si_fp_round_f64(uint32_t sign, int32_t exp, uint64_t sig, unsigned rm, int den_out)
{
    return fp_round_t(sign, exp, sig, rm, den_out, 52, 1023);
}

/* Compress a 128-bit significand into 64 bits, OR-ing the dropped bits into
 * bit 0 (sticky), and adjust the exponent accordingly. */
uint64_t si_fp_jam128(u128 x, int32_t *exp)
{
    uint64_t hi = (uint64_t)(x >> 64);
    int s;
    if (!hi)
        return (uint64_t)x;
    s = 64 - si_clz64(hi);
    *exp += s;
    return (uint64_t)(x >> s) | (uint64_t)((x & ((((u128)1) << s) - 1)) != 0);
}

/* Exact sum of two signed values (sa, ea, ma) + (sb, eb, mb) with ma, mb
 * nonzero 128-bit significands of at most 120 bits; value = m * 2^e.  Returns
 * the significand (0 on exact cancellation) with sticky bit, and the sign and
 * exponent in *sr / *er. */
static uint64_t add_core(uint32_t sa, int32_t ea, u128 ma, uint32_t sb, int32_t eb, u128 mb,
                         uint32_t *sr, int32_t *er)
{
    int la = si_clz128(ma) - 2, lb = si_clz128(mb) - 2;
    int32_t d;
    u128 r;
    ma <<= la; ea -= la;                          /* leading bit at 125 */
    mb <<= lb; eb -= lb;
    if (ea < eb || (ea == eb && ma < mb)) {      /* make |a| >= |b| */
        u128 tm = ma; ma = mb; mb = tm;
        int32_t te = ea; ea = eb; eb = te;
        uint32_t ts = sa; sa = sb; sb = ts;
    }
    d = ea - eb;
    if (d >= 127)
        mb = 1;                                  /* only the sticky survives */
    else if (d > 0)
        mb = (mb >> d) | (u128)((mb & ((((u128)1) << d) - 1)) != 0);
    r = sa == sb ? ma + mb : ma - mb;
    *sr = sa;
    *er = ea;
    if (r == 0)
        return 0;
    return si_fp_jam128(r, er);
}

/* ------------------------------------------------------------------------ */
/* Generic add / mul / fma over an unpacked format description              */
/* ------------------------------------------------------------------------ */

typedef struct fmt {
    int mb, bias;          /* fraction bits, exponent bias */
    int ebits;
    uint64_t qbit;         /* quiet bit */
    uint64_t qnan;         /* canonical quiet NaN */
} fmt;

static const fmt F32 = { 23, 127, 8, 0x00400000u, SI_F32_QNAN };
static const fmt F64 = { 52, 1023, 11, 0x0008000000000000ull, SI_F64_QNAN };

static inline uint64_t round_fmt(const fmt *f, uint32_t sign, int32_t exp, uint64_t sig, unsigned rm, int den_out)
{
    return f->bias == 127 ? si_fp_round_f32(sign, exp, sig, rm, den_out)
                          : si_fp_round_f64(sign, exp, sig, rm, den_out);
}

enum { K_ZERO, K_NUM, K_INF, K_NAN };

typedef struct unp {
    int k;
    uint32_t s;
    int32_t e;       /* value = m * 2^e */
    uint64_t m;
} unp;

static inline unp unpack(const fmt *f, uint64_t a, int den_in)
{
    unp u;
    uint64_t fr = a & ((((uint64_t)1) << f->mb) - 1);
    uint32_t ex = (uint32_t)(a >> f->mb) & ((1u << f->ebits) - 1);
    u.s = (uint32_t)(a >> (f->mb + f->ebits)) & 1;
    u.e = 0;
    u.m = 0;
    if (ex == (1u << f->ebits) - 1) {
        u.k = fr ? K_NAN : K_INF;
    } else if (ex == 0) {
        if (fr == 0 || !den_in) {
            u.k = K_ZERO;
        } else {
            u.k = K_NUM;
            u.m = fr;
            u.e = 1 - f->bias - f->mb;
        }
    } else {
        u.k = K_NUM;
        u.m = fr | (((uint64_t)1) << f->mb);
        u.e = (int32_t)ex - f->bias - f->mb;
    }
    return u;
}

static inline uint64_t sgn(const fmt *f, uint32_t s) { return (uint64_t)s << (f->mb + f->ebits); }
static inline uint64_t inf_of(const fmt *f, uint32_t s)
{
    return sgn(f, s) | ((((uint64_t)1 << f->ebits) - 1) << f->mb);
}

/* a + b (b already negated for subtraction). */
static uint64_t g_add(const fmt *f, uint64_t a, uint64_t b, unsigned rm, unsigned den)
{
    unp x = unpack(f, a, den & SI_DEN_IN), y = unpack(f, b, den & SI_DEN_IN);
    uint32_t s;
    int32_t e;
    uint64_t m;
    if (x.k == K_NAN) return a | f->qbit;
    if (y.k == K_NAN) return b | f->qbit;
    if (x.k == K_INF) {
        if (y.k == K_INF && x.s != y.s) return f->qnan;
        return inf_of(f, x.s);
    }
    if (y.k == K_INF) return inf_of(f, y.s);
    if (x.k == K_ZERO && y.k == K_ZERO)
        return sgn(f, rm == SI_RND_DN ? (x.s | y.s) : (x.s & y.s));
    if (x.k == K_ZERO) return round_fmt(f, y.s, y.e, y.m, rm, den & SI_DEN_OUT);
    if (y.k == K_ZERO) return round_fmt(f, x.s, x.e, x.m, rm, den & SI_DEN_OUT);
    m = add_core(x.s, x.e, x.m, y.s, y.e, y.m, &s, &e);
    if (!m)
        return sgn(f, rm == SI_RND_DN);
    return round_fmt(f, s, e, m, rm, den & SI_DEN_OUT);
}

static uint64_t g_mul(const fmt *f, uint64_t a, uint64_t b, unsigned rm, unsigned den)
{
    unp x = unpack(f, a, den & SI_DEN_IN), y = unpack(f, b, den & SI_DEN_IN);
    uint32_t s = x.s ^ y.s;
    int32_t e;
    uint64_t m;
    if (x.k == K_NAN) return a | f->qbit;
    if (y.k == K_NAN) return b | f->qbit;
    if (x.k == K_INF || y.k == K_INF) {
        if (x.k == K_ZERO || y.k == K_ZERO) return f->qnan;
        return inf_of(f, s);
    }
    if (x.k == K_ZERO || y.k == K_ZERO) return sgn(f, s);
    e = x.e + y.e;
    m = si_fp_jam128((u128)x.m * y.m, &e);
    return round_fmt(f, s, e, m, rm, den & SI_DEN_OUT);
}

static uint64_t g_fma(const fmt *f, uint64_t a, uint64_t b, uint64_t c, unsigned rm, unsigned den,
                      int32_t scale)
{
    unp x = unpack(f, a, den & SI_DEN_IN), y = unpack(f, b, den & SI_DEN_IN);
    unp z = unpack(f, c, den & SI_DEN_IN);
    uint32_t ps = x.s ^ y.s, s;
    int32_t e;
    uint64_t m;
    if (x.k == K_NAN) return a | f->qbit;
    if (y.k == K_NAN) return b | f->qbit;
    if (z.k == K_NAN) return c | f->qbit;
    if (x.k == K_INF || y.k == K_INF) {
        if (x.k == K_ZERO || y.k == K_ZERO) return f->qnan;
        if (z.k == K_INF && z.s != ps) return f->qnan;
        return inf_of(f, ps);
    }
    if (z.k == K_INF) return inf_of(f, z.s);
    if (x.k == K_ZERO || y.k == K_ZERO) {
        if (z.k == K_ZERO)
            return sgn(f, rm == SI_RND_DN ? (ps | z.s) : (ps & z.s));
        return round_fmt(f, z.s, z.e + scale, z.m, rm, den & SI_DEN_OUT);
    }
    if (z.k == K_ZERO) {
        e = x.e + y.e + scale;
        m = si_fp_jam128((u128)x.m * y.m, &e);
        return round_fmt(f, ps, e, m, rm, den & SI_DEN_OUT);
    }
    m = add_core(ps, x.e + y.e, (u128)x.m * y.m, z.s, z.e, z.m, &s, &e);
    if (!m)
        return sgn(f, rm == SI_RND_DN);
    return round_fmt(f, s, e + scale, m, rm, den & SI_DEN_OUT);
}

/* ------------------------------------------------------------------------ */
/* f32 arithmetic                                                           */
/* ------------------------------------------------------------------------ */

/* Exponent field in 1..254 (normal, nonzero, finite). */
static inline int n32(uint32_t a) { return ((a >> 23) & 0xff) - 1u < 254u; }
static inline int n64(uint64_t a) { return ((a >> 52) & 0x7ff) - 1u < 2046u; }

uint32_t si_f32_add(uint32_t a, uint32_t b, const si_fpm *m)
{
#if SI_FP_HOST_FAST
    if (m->round32 == SI_RND_NE && n32(a) && n32(b)) {
        uint32_t r = si_u32_of_f(si_f_of_u32(a) + si_f_of_u32(b));
        if (n32(r))
            return r;
    }
#endif
    /* a normal value plus an exact zero is that value in every rounding mode */
    if ((b << 1) == 0 && n32(a))
        return a;
    if ((a << 1) == 0 && n32(b))
        return b;
    return (uint32_t)g_add(&F32, a, b, m->round32, m->denorm32);
}

uint32_t si_f32_sub(uint32_t a, uint32_t b, const si_fpm *m)
{
    return si_f32_add(a, b ^ 0x80000000u, m);
}

uint32_t si_f32_mul(uint32_t a, uint32_t b, const si_fpm *m)
{
#if SI_FP_HOST_FAST
    if (m->round32 == SI_RND_NE && n32(a) && n32(b)) {
        uint32_t r = si_u32_of_f(si_f_of_u32(a) * si_f_of_u32(b));
        if (n32(r))
            return r;
    }
#endif
    return (uint32_t)g_mul(&F32, a, b, m->round32, m->denorm32);
}

uint32_t si_f32_fma(uint32_t a, uint32_t b, uint32_t c, const si_fpm *m)
{
#if SI_FP_HOST_FAST
    /* the host's fused multiply-add (FMA3 / fmadd) is correctly rounded */
    if (m->round32 == SI_RND_NE && n32(a) && n32(b) && (n32(c) || (c << 1) == 0) && si_host_fma_ok()) {
        uint32_t r = si_u32_of_f(si_host_fmaf(si_f_of_u32(a), si_f_of_u32(b), si_f_of_u32(c)));
        if (n32(r))
            return r;
    }
#endif
    return (uint32_t)g_fma(&F32, a, b, c, m->round32, m->denorm32, 0);
}

/* v_mad_f32: not fused; denormals are flushed on inputs, on the rounded
 * product and on the output, whatever MODE.FP_DENORM says. */
uint32_t si_f32_mad(uint32_t a, uint32_t b, uint32_t c, const si_fpm *m)
{
    si_fpm fm = *m;
    fm.denorm32 = 0;
    return si_f32_add(si_f32_mul(a, b, &fm), c, &fm);
}

static inline int is_zero32(uint32_t a, int den_in)
{
    return (a & 0x7fffffffu) == 0 || (!den_in && (a & 0x7f800000u) == 0);
}

uint32_t si_f32_mul_legacy(uint32_t a, uint32_t b, const si_fpm *m)
{
    if (is_zero32(a, m->denorm32 & SI_DEN_IN) || is_zero32(b, m->denorm32 & SI_DEN_IN))
        return 0;
    return si_f32_mul(a, b, m);
}

uint32_t si_f32_mad_legacy(uint32_t a, uint32_t b, uint32_t c, const si_fpm *m)
{
    si_fpm fm = *m;
    fm.denorm32 = 0;
    return si_f32_add(si_f32_mul_legacy(a, b, &fm), c, &fm);
}

/* Ordering key for min/max/cmp: monotonic in the value, -0 == +0. */
static inline int64_t key32(uint32_t a)
{
    return (a >> 31) ? -(int64_t)(a & 0x7fffffffu) : (int64_t)(a & 0x7fffffffu);
}
static inline int64_t key64(uint64_t a)
{
    return (a >> 63) ? -(int64_t)(a & 0x7fffffffffffffffull) : (int64_t)(a & 0x7fffffffffffffffull);
}

static inline uint32_t flush_in32(uint32_t a, unsigned den)
{
    return (!(den & SI_DEN_IN) && (a & 0x7f800000u) == 0) ? (a & 0x80000000u) : a;
}
static inline uint32_t flush_out32(uint32_t a, unsigned den)
{
    return (!(den & SI_DEN_OUT) && (a & 0x7f800000u) == 0) ? (a & 0x80000000u) : a;
}
static inline uint64_t flush_in64(uint64_t a, unsigned den)
{
    return (!(den & SI_DEN_IN) && (a & 0x7ff0000000000000ull) == 0) ? (a & (1ull << 63)) : a;
}
static inline uint64_t flush_out64(uint64_t a, unsigned den)
{
    return (!(den & SI_DEN_OUT) && (a & 0x7ff0000000000000ull) == 0) ? (a & (1ull << 63)) : a;
}

static inline int isnan32(uint32_t a) { return (a & 0x7fffffffu) > 0x7f800000u; }
static inline int issnan32(uint32_t a) { return isnan32(a) && !(a & 0x00400000u); }
static inline int isnan64(uint64_t a) { return (a & 0x7fffffffffffffffull) > 0x7ff0000000000000ull; }
static inline int issnan64(uint64_t a) { return isnan64(a) && !(a & 0x0008000000000000ull); }

/* min/max NaN handling shared by f32/f64.  Returns 1 and sets *r if a NaN
 * decides the result. */
#define MINMAX_NAN(isnan_, issnan_, q)                                         \
    do {                                                                       \
        if (m->ieee) {                                                         \
            if (issnan_(a)) { *r = a | (q); return 1; }                        \
            if (issnan_(b)) { *r = b | (q); return 1; }                        \
        }                                                                      \
        if (isnan_(a) && isnan_(b)) { *r = a | (q); return 1; }                \
        if (isnan_(a)) { *r = b; return 1; }                                   \
        if (isnan_(b)) { *r = a; return 1; }                                   \
        return 0;                                                              \
    } while (0)

static int mm_nan32(uint32_t a, uint32_t b, uint32_t *r, const si_fpm *m)
{
    MINMAX_NAN(isnan32, issnan32, 0x00400000u);
}
static int mm_nan64(uint64_t a, uint64_t b, uint64_t *r, const si_fpm *m)
{
    MINMAX_NAN(isnan64, issnan64, 0x0008000000000000ull);
}

/* min/max order -0 below +0. */
static inline int lt32(uint32_t a, uint32_t b)
{
    int64_t ka = key32(a), kb = key32(b);
    return ka < kb || (ka == kb && (a >> 31) > (b >> 31));
}
static inline int lt64(uint64_t a, uint64_t b)
{
    int64_t ka = key64(a), kb = key64(b);
    return ka < kb || (ka == kb && (a >> 63) > (b >> 63));
}

uint32_t si_f32_min(uint32_t a, uint32_t b, const si_fpm *m)
{
    uint32_t r;
    a = flush_in32(a, m->denorm32);
    b = flush_in32(b, m->denorm32);
    if (!mm_nan32(a, b, &r, m))
        r = lt32(b, a) ? b : a;
    return flush_out32(r, m->denorm32);
}

uint32_t si_f32_max(uint32_t a, uint32_t b, const si_fpm *m)
{
    uint32_t r;
    a = flush_in32(a, m->denorm32);
    b = flush_in32(b, m->denorm32);
    if (!mm_nan32(a, b, &r, m))
        r = lt32(a, b) ? b : a;
    return flush_out32(r, m->denorm32);
}

/* DX9 rules: min = (a < b) ? a : b, max = (a >= b) ? a : b with IEEE
 * comparisons (false on NaN, so a NaN operand selects b). */
uint32_t si_f32_min_legacy(uint32_t a, uint32_t b, const si_fpm *m)
{
    a = flush_in32(a, m->denorm32);
    b = flush_in32(b, m->denorm32);
    return flush_out32(si_f32_cmp(a, b, SI_CMP_LT, m) ? a : b, m->denorm32);
}

uint32_t si_f32_max_legacy(uint32_t a, uint32_t b, const si_fpm *m)
{
    a = flush_in32(a, m->denorm32);
    b = flush_in32(b, m->denorm32);
    return flush_out32(si_f32_cmp(a, b, SI_CMP_GE, m) ? a : b, m->denorm32);
}

uint32_t si_f32_min3(uint32_t a, uint32_t b, uint32_t c, const si_fpm *m)
{
    return si_f32_min(si_f32_min(a, b, m), c, m);
}

uint32_t si_f32_max3(uint32_t a, uint32_t b, uint32_t c, const si_fpm *m)
{
    return si_f32_max(si_f32_max(a, b, m), c, m);
}

/* med3: a NaN operand is dropped and the min of the other two returned
 * (SI ISA / CLRX); otherwise max(min(a,b), min(max(a,b), c)). */
uint32_t si_f32_med3(uint32_t a, uint32_t b, uint32_t c, const si_fpm *m)
{
    if (isnan32(a)) return si_f32_min(b, c, m);
    if (isnan32(b)) return si_f32_min(a, c, m);
    if (isnan32(c)) return si_f32_min(a, b, m);
    return si_f32_max(si_f32_min(a, b, m), si_f32_min(si_f32_max(a, b, m), c, m), m);
}

/* ------------------------------------------------------------------------ */
/* Rounding to integral values (exact; no rounding mode involved)           */
/* ------------------------------------------------------------------------ */

enum { RI_TRUNC, RI_FLOOR, RI_CEIL, RI_NE };

static uint64_t g_rint(const fmt *f, uint64_t a, int how, unsigned den)
{
    const uint64_t sbit = sgn(f, 1);
    const uint64_t one = (uint64_t)f->bias << f->mb;
    uint64_t mag = a & ~sbit, s = a & sbit;
    int32_t ex = (int32_t)(mag >> f->mb);
    int fb;
    uint64_t mask;
    if (ex == (1 << f->ebits) - 1)
        return (mag & ((((uint64_t)1) << f->mb) - 1)) ? a | f->qbit : a;   /* NaN / inf */
    if (ex == 0 && !(den & SI_DEN_IN))
        mag = 0;
    if (mag == 0)
        return s;
    if (ex >= f->bias + f->mb)
        return a;                                 /* already integral */
    if (ex < f->bias) {                           /* 0 < |a| < 1 */
        switch (how) {
        case RI_FLOOR: return s ? (s | one) : 0;
        case RI_CEIL:  return s ? s : one;
        case RI_NE:    return s | (mag > (((uint64_t)(f->bias - 1)) << f->mb) ? one : 0);
        default:       return s;
        }
    }
    fb = f->bias + f->mb - ex;                    /* fraction bits in the field */
    mask = (((uint64_t)1) << fb) - 1;
    if (!(mag & mask))
        return a;
    switch (how) {
    case RI_FLOOR: if (s) mag += mask; break;
    case RI_CEIL:  if (!s) mag += mask; break;
    case RI_NE:    mag += (mask >> 1) + ((mag >> fb) & 1); break;
    default: break;
    }
    return s | (mag & ~mask);
}

uint32_t si_f32_floor(uint32_t a, const si_fpm *m) { return (uint32_t)g_rint(&F32, a, RI_FLOOR, m->denorm32); }
uint32_t si_f32_ceil(uint32_t a, const si_fpm *m)  { return (uint32_t)g_rint(&F32, a, RI_CEIL, m->denorm32); }
uint32_t si_f32_trunc(uint32_t a, const si_fpm *m) { return (uint32_t)g_rint(&F32, a, RI_TRUNC, m->denorm32); }
uint32_t si_f32_rndne(uint32_t a, const si_fpm *m) { return (uint32_t)g_rint(&F32, a, RI_NE, m->denorm32); }

/* fract(x) = x - floor(x), rounded per MODE, clamped below 1.0 to the
 * largest value < 1; +-inf -> NaN with the input sign; NaN -> quieted. */
uint32_t si_f32_fract_int(uint32_t a, const si_fpm *m)
{
    uint32_t r;
    if ((a & 0x7f800000u) == 0x7f800000u)
        return isnan32(a) ? a | 0x00400000u : (a & 0x80000000u) | SI_F32_QNAN;
    r = (uint32_t)g_add(&F32, a, si_f32_floor(a, m) ^ 0x80000000u, m->round32, m->denorm32);
    return r > 0x3f7fffffu && !(r >> 31) ? 0x3f7fffffu : r;
}

uint64_t si_f64_fract_int(uint64_t a, const si_fpm *m)
{
    uint64_t r;
    if ((a & 0x7ff0000000000000ull) == 0x7ff0000000000000ull)
        return isnan64(a) ? a | 0x0008000000000000ull : (a & (1ull << 63)) | SI_F64_QNAN;
    r = g_add(&F64, a, g_rint(&F64, a, RI_FLOOR, m->denorm64) ^ (1ull << 63), m->round64, m->denorm64);
    return r > 0x3fefffffffffffffull && !(r >> 63) ? 0x3fefffffffffffffull : r;
}

/* fract fast path: RNE, a normal input below 2^23 / 2^52 in magnitude.
 * floor(a) is exact on the host ((|a| + 2^p) - 2^p rounds |a| to nearest
 * even exactly, an exact -1/+1 corrects it); a - floor(a) is one rounded
 * host subtraction, the library's result when it is normal or zero (an
 * integral a gives +0 in RNE on both). */
uint32_t si_f32_fract(uint32_t a, const si_fpm *m)
{
#if SI_FP_HOST_FAST
    if (m->round32 == SI_RND_NE && n32(a) && (a & 0x7fffffffu) < 0x4b000000u) {
        float x = si_f_of_u32(a), ax = si_f_of_u32(a & 0x7fffffffu);
        float r = (ax + 8388608.0f) - 8388608.0f;
        float fl = (a >> 31) ? -(r < ax ? r + 1.0f : r) : (r > ax ? r - 1.0f : r);
        uint32_t d = si_u32_of_f(x - fl);
        if (n32(d) || d == 0)
            return d > 0x3f7fffffu && !(d >> 31) ? 0x3f7fffffu : d;
    }
#endif
    return si_f32_fract_int(a, m);
}

uint64_t si_f64_fract(uint64_t a, const si_fpm *m)
{
#if SI_FP_HOST_FAST
    if (m->round64 == SI_RND_NE && n64(a) && (a & 0x7fffffffffffffffull) < 0x4330000000000000ull) {
        double x = si_d_of_u64(a), ax = si_d_of_u64(a & 0x7fffffffffffffffull);
        double r = (ax + 4503599627370496.0) - 4503599627370496.0;
        double fl = (a >> 63) ? -(r < ax ? r + 1.0 : r) : (r > ax ? r - 1.0 : r);
        uint64_t d = si_u64_of_d(x - fl);
        if (n64(d) || d == 0)
            return d > 0x3fefffffffffffffull && !(d >> 63) ? 0x3fefffffffffffffull : d;
    }
#endif
    return si_f64_fract_int(a, m);
}

/* ------------------------------------------------------------------------ */
/* frexp / ldexp / class / cmp                                              */
/* ------------------------------------------------------------------------ */

static uint64_t g_frexp_mant(const fmt *f, uint64_t a, unsigned den)
{
    unp u = unpack(f, a, den & SI_DEN_IN);
    int sh;
    switch (u.k) {
    case K_NAN:  return a | f->qbit;
    case K_INF:  return sgn(f, 1) | f->qnan;            /* SI (GCN 1.0): -NaN */
    case K_ZERO: return sgn(f, u.s);
    default: break;
    }
    sh = si_clz64(u.m) - (63 - f->mb);                   /* normalise denormals */
    return sgn(f, u.s) | ((uint64_t)(f->bias - 1) << f->mb) | ((u.m << sh) & ((((uint64_t)1) << f->mb) - 1));
}

static int32_t g_frexp_exp(const fmt *f, uint64_t a, unsigned den)
{
    unp u = unpack(f, a, den & SI_DEN_IN);
    if (u.k == K_NAN || u.k == K_INF) return -1;        /* SI (GCN 1.0) */
    if (u.k == K_ZERO) return 0;
    return u.e + (64 - si_clz64(u.m));
}

static uint64_t g_ldexp(const fmt *f, uint64_t a, int32_t n, unsigned rm, unsigned den)
{
    unp u = unpack(f, a, den & SI_DEN_IN);
    switch (u.k) {
    case K_NAN:  return a | f->qbit;
    case K_INF:  return a;
    case K_ZERO: return sgn(f, u.s);
    default: break;
    }
    if (n > 4000) n = 4000;
    if (n < -4000) n = -4000;
    return round_fmt(f, u.s, u.e + n, u.m, rm, den & SI_DEN_OUT);
}

uint32_t si_f32_frexp_mant(uint32_t a, const si_fpm *m) { return (uint32_t)g_frexp_mant(&F32, a, m->denorm32); }
int32_t si_f32_frexp_exp(uint32_t a, const si_fpm *m)   { return g_frexp_exp(&F32, a, m->denorm32); }
uint32_t si_f32_ldexp_int(uint32_t a, int32_t e, const si_fpm *m)
{
    return (uint32_t)g_ldexp(&F32, a, e, m->round32, m->denorm32);
}

/* ldexp of a normal value to a normal result only changes the exponent
 * field (exact in every mode). */
uint32_t si_f32_ldexp(uint32_t a, int32_t e, const si_fpm *m)
{
    int64_t x = (int64_t)((a >> 23) & 0xff) + e;
    if (n32(a) && x >= 1 && x <= 254)
        return (a & 0x807fffffu) | (uint32_t)x << 23;
    return si_f32_ldexp_int(a, e, m);
}
uint64_t si_f64_frexp_mant(uint64_t a, const si_fpm *m) { return g_frexp_mant(&F64, a, m->denorm64); }
int32_t si_f64_frexp_exp(uint64_t a, const si_fpm *m)   { return g_frexp_exp(&F64, a, m->denorm64); }
uint64_t si_f64_ldexp_int(uint64_t a, int32_t e, const si_fpm *m)
{
    return g_ldexp(&F64, a, e, m->round64, m->denorm64);
}

uint64_t si_f64_ldexp(uint64_t a, int32_t e, const si_fpm *m)
{
    int64_t x = (int64_t)((a >> 52) & 0x7ff) + e;
    if (n64(a) && x >= 1 && x <= 2046)
        return (a & 0x800fffffffffffffull) | (uint64_t)x << 52;
    return si_f64_ldexp_int(a, e, m);
}

static int g_class(const fmt *f, uint64_t a, uint32_t mask)
{
    uint32_t s = (uint32_t)(a >> (f->mb + f->ebits)) & 1;
    uint64_t fr = a & ((((uint64_t)1) << f->mb) - 1);
    uint32_t ex = (uint32_t)(a >> f->mb) & ((1u << f->ebits) - 1);
    uint32_t bit;
    if (ex == (1u << f->ebits) - 1)
        bit = fr == 0 ? (s ? SI_CLASS_NINF : SI_CLASS_PINF)
                      : ((fr & f->qbit) ? SI_CLASS_QNAN : SI_CLASS_SNAN);
    else if (ex == 0)
        bit = fr == 0 ? (s ? SI_CLASS_NZERO : SI_CLASS_PZERO) : (s ? SI_CLASS_NDENORM : SI_CLASS_PDENORM);
    else
        bit = s ? SI_CLASS_NNORM : SI_CLASS_PNORM;
    return (mask & bit) != 0;
}

int si_f32_class(uint32_t a, uint32_t mask) { return g_class(&F32, a, mask); }
int si_f64_class(uint64_t a, uint32_t mask) { return g_class(&F64, a, mask); }

/* Compare from ordering keys; unordered if either is NaN. */
static inline int cmp_eval(int unord, int64_t ka, int64_t kb, unsigned cond)
{
    int lt = !unord && ka < kb, eq = !unord && ka == kb, gt = !unord && ka > kb;
    switch (cond & 15) {
    case SI_CMP_F:   return 0;
    case SI_CMP_LT:  return lt;
    case SI_CMP_EQ:  return eq;
    case SI_CMP_LE:  return lt || eq;
    case SI_CMP_GT:  return gt;
    case SI_CMP_LG:  return lt || gt;
    case SI_CMP_GE:  return gt || eq;
    case SI_CMP_O:   return !unord;
    case SI_CMP_U:   return unord;
    case SI_CMP_NGE: return !(gt || eq);
    case SI_CMP_NLG: return !(lt || gt);
    case SI_CMP_NGT: return !gt;
    case SI_CMP_NLE: return !(lt || eq);
    case SI_CMP_NEQ: return !eq;
    case SI_CMP_NLT: return !lt;
    default:         return 1;
    }
}

int si_f32_cmp(uint32_t a, uint32_t b, unsigned cond, const si_fpm *m)
{
    a = flush_in32(a, m->denorm32);
    b = flush_in32(b, m->denorm32);
    return cmp_eval(isnan32(a) || isnan32(b), key32(a), key32(b), cond);
}

int si_f64_cmp(uint64_t a, uint64_t b, unsigned cond, const si_fpm *m)
{
    a = flush_in64(a, m->denorm64);
    b = flush_in64(b, m->denorm64);
    return cmp_eval(isnan64(a) || isnan64(b), key64(a), key64(b), cond);
}

/* ------------------------------------------------------------------------ */
/* f64 arithmetic                                                           */
/* ------------------------------------------------------------------------ */

uint64_t si_f64_add(uint64_t a, uint64_t b, const si_fpm *m)
{
#if SI_FP_HOST_FAST
    if (m->round64 == SI_RND_NE && n64(a) && n64(b)) {
        uint64_t r = si_u64_of_d(si_d_of_u64(a) + si_d_of_u64(b));
        if (n64(r))
            return r;
    }
#endif
    /* a normal value plus an exact zero is that value in every rounding mode */
    if ((b << 1) == 0 && n64(a))
        return a;
    if ((a << 1) == 0 && n64(b))
        return b;
    return g_add(&F64, a, b, m->round64, m->denorm64);
}

uint64_t si_f64_sub(uint64_t a, uint64_t b, const si_fpm *m)
{
    return si_f64_add(a, b ^ (1ull << 63), m);
}

uint64_t si_f64_mul(uint64_t a, uint64_t b, const si_fpm *m)
{
#if SI_FP_HOST_FAST
    if (m->round64 == SI_RND_NE && n64(a) && n64(b)) {
        uint64_t r = si_u64_of_d(si_d_of_u64(a) * si_d_of_u64(b));
        if (n64(r))
            return r;
    }
#endif
    return g_mul(&F64, a, b, m->round64, m->denorm64);
}

uint64_t si_f64_fma(uint64_t a, uint64_t b, uint64_t c, const si_fpm *m)
{
#if SI_FP_HOST_FAST
    /* the host's fused multiply-add (FMA3 / fmadd) is correctly rounded */
    if (m->round64 == SI_RND_NE && n64(a) && n64(b) && (n64(c) || (c << 1) == 0) && si_host_fma_ok()) {
        uint64_t r = si_u64_of_d(si_host_fma(si_d_of_u64(a), si_d_of_u64(b), si_d_of_u64(c)));
        if (n64(r))
            return r;
    }
#endif
    return g_fma(&F64, a, b, c, m->round64, m->denorm64, 0);
}

uint64_t si_f64_min(uint64_t a, uint64_t b, const si_fpm *m)
{
    uint64_t r;
    a = flush_in64(a, m->denorm64);
    b = flush_in64(b, m->denorm64);
    if (!mm_nan64(a, b, &r, m))
        r = lt64(b, a) ? b : a;
    return flush_out64(r, m->denorm64);
}

uint64_t si_f64_max(uint64_t a, uint64_t b, const si_fpm *m)
{
    uint64_t r;
    a = flush_in64(a, m->denorm64);
    b = flush_in64(b, m->denorm64);
    if (!mm_nan64(a, b, &r, m))
        r = lt64(a, b) ? b : a;
    return flush_out64(r, m->denorm64);
}

/* ------------------------------------------------------------------------ */
/* Division helpers                                                         */
/* ------------------------------------------------------------------------ */

/* v_div_scale: s0 = value to scale (equal to s1 or s2), s1 = denominator,
 * s2 = numerator.  Rules (docs/fp.md, after the GCN ISA pseudocode), with
 * E(x) the biased exponent field:
 *   s1 or s2 zero/inf/NaN          -> canonical NaN, vcc 0 (div_fixup decides)
 *   E(s2) - E(s1) >= EBIG          -> vcc 1; s0 == s1 ? s0 * 2^+S : s0
 *   s1 denormal                    -> s0 * 2^+S
 *   |s1| >= 2^(emax-1) and E(s2)-E(s1) <= -(bias-1)
 *                                  -> vcc 1; s0 == s1 ? s0 * 2^-S : s0
 *   |s1| >= 2^(emax-1)             -> s0 * 2^-S
 *   E(s2) - E(s1) <= -(bias-1)     -> vcc 1; s0 == s2 ? s0 * 2^+S : s0
 *   E(s2) <= mb                    -> s0 * 2^+S
 *   otherwise                      -> s0
 * f32: EBIG 96, S 64;  f64: EBIG 768, S 128.  Scaling is exact (ldexp with
 * denormals kept). */
static uint64_t g_div_scale(const fmt *f, uint64_t s0, uint64_t s1, uint64_t s2, int *vcc,
                            int ebig, int sc)
{
    const uint64_t sbit = sgn(f, 1);
    const int32_t emaxf = (1 << f->ebits) - 1;
    int32_t e1 = (int32_t)((s1 & ~sbit) >> f->mb), e2 = (int32_t)((s2 & ~sbit) >> f->mb);
    int32_t scale = 0;
    *vcc = 0;
    if ((s1 & ~sbit) == 0 || (s2 & ~sbit) == 0 || e1 == emaxf || e2 == emaxf)
        return f->qnan;
    if (e2 - e1 >= ebig) {
        *vcc = 1;
        if (s0 == s1) scale = sc;
    } else if (e1 == 0) {
        scale = sc;
    } else if (e1 >= emaxf - 2 && e2 - e1 <= -(f->bias - 1)) {
        *vcc = 1;
        if (s0 == s1) scale = -sc;
    } else if (e1 >= emaxf - 2) {
        scale = -sc;
    } else if (e2 - e1 <= -(f->bias - 1)) {
        *vcc = 1;
        if (s0 == s2) scale = sc;
    } else if (e2 <= f->mb) {
        scale = sc;
    }
    if (!scale)
        return s0;
    return g_ldexp(f, s0, scale, SI_RND_NE, SI_DEN_IN | SI_DEN_OUT);
}

uint32_t si_f32_div_scale(uint32_t a, uint32_t b, uint32_t c, int *vcc, const si_fpm *m)
{
    (void)m;
    return (uint32_t)g_div_scale(&F32, a, b, c, vcc, 96, 64);
}

uint64_t si_f64_div_scale(uint64_t a, uint64_t b, uint64_t c, int *vcc, const si_fpm *m)
{
    (void)m;
    return g_div_scale(&F64, a, b, c, vcc, 768, 128);
}

/* v_div_fmas: fma(a, b, c); if vcc, the exact result is scaled by 2^+S when
 * |c| >= 2.0 and by 2^-S otherwise, before the single rounding. */
uint32_t si_f32_div_fmas(uint32_t a, uint32_t b, uint32_t c, int vcc, const si_fpm *m)
{
    if (!vcc)
        return si_f32_fma(a, b, c, m); /* no scaling: the same g_fma, with its host fast path */
    int32_t sc = !vcc ? 0 : ((c >> 23) & 0xff) >= 128 ? 64 : -64;
    return (uint32_t)g_fma(&F32, a, b, c, m->round32, m->denorm32, sc);
}

uint64_t si_f64_div_fmas(uint64_t a, uint64_t b, uint64_t c, int vcc, const si_fpm *m)
{
    if (!vcc)
        return si_f64_fma(a, b, c, m); /* no scaling: the same g_fma, with its host fast path */
    int32_t sc = !vcc ? 0 : ((c >> 52) & 0x7ff) >= 1024 ? 128 : -128;
    return g_fma(&F64, a, b, c, m->round64, m->denorm64, sc);
}

/* v_div_fixup: a = quotient, b = denominator, c = numerator. */
static uint64_t g_div_fixup(const fmt *f, uint64_t a, uint64_t b, uint64_t c)
{
    const uint64_t sbit = sgn(f, 1);
    const uint64_t inf = inf_of(f, 0);
    uint64_t bm = b & ~sbit, cm = c & ~sbit;
    uint32_t so = (uint32_t)(((b ^ c) & sbit) != 0);
    if (cm > inf) return c | f->qbit;
    if (bm > inf) return b | f->qbit;
    if ((bm == 0 && cm == 0) || (bm == inf && cm == inf))
        return sbit | f->qnan;                         /* 0/0, inf/inf: -NaN */
    if (bm == 0 || cm == inf) return inf_of(f, so);
    if (bm == inf || cm == 0) return sgn(f, so);
    if ((a & ~sbit) > inf) return inf_of(f, so);       /* NaN quotient (SI) */
    return sgn(f, so) | (a & ~sbit);
}

uint32_t si_f32_div_fixup(uint32_t a, uint32_t b, uint32_t c, const si_fpm *m)
{
    (void)m;
    return (uint32_t)g_div_fixup(&F32, a, b, c);
}

uint64_t si_f64_div_fixup(uint64_t a, uint64_t b, uint64_t c, const si_fpm *m)
{
    (void)m;
    return g_div_fixup(&F64, a, b, c);
}

/* ------------------------------------------------------------------------ */
/* v_trig_preop_f64                                                         */
/* ------------------------------------------------------------------------ */

/* Bits [hi-1 : hi-53] of the 1200-bit fraction of 2/pi (bit 1199 is the
 * first bit after the binary point), as an integer; bits beyond the table
 * read as 0. */
static uint64_t two_over_pi_bits(int32_t hi)
{
    uint64_t r = 0;
    for (int i = 1; i <= 53; i++) {
        int32_t p = hi - i;                          /* bit position, 1199..0 */
        uint64_t bit = 0;
        if (p >= 0 && p < 1200) {
            int32_t off = 1199 - p;                  /* offset from the MSB */
            bit = (si_fp_two_over_pi[off >> 5] >> (31 - (off & 31))) & 1;
        }
        r = (r << 1) | bit;
    }
    return r;
}

uint64_t si_f64_trig_preop(uint64_t a, int32_t sel, const si_fpm *m)
{
    int32_t ex = (int32_t)((a >> 52) & 0x7ff);
    int32_t shift = (sel & 31) * 53, scale;
    uint64_t seg;
    (void)m;
    if (ex > 1077)
        shift += ex - 1077;
    seg = two_over_pi_bits(1200 - shift);
    scale = -53 - shift;
    if (ex >= 1968)
        scale += 128;
    if (!seg)
        return 0;
    return si_fp_round(0, scale, seg, SI_RND_NE, 1, 52, 1023);
}

/* ------------------------------------------------------------------------ */
/* Output modifiers                                                         */
/* ------------------------------------------------------------------------ */

uint32_t si_f32_omod_clamp(uint32_t r, unsigned omod, int clamp, const si_fpm *m)
{
    static const uint32_t k[4] = { 0x3f800000u, 0x40000000u, 0x40800000u, 0x3f000000u };
    if ((omod & 3) && !(m->denorm32 & SI_DEN_OUT) && !isnan32(r))
        r = (uint32_t)g_mul(&F32, r, k[omod & 3], m->round32, m->denorm32);
    if (clamp) {
        if (isnan32(r)) return m->dx10_clamp ? 0 : r;
        if (r >> 31) return 0;
        if (r > 0x3f800000u) return 0x3f800000u;
    }
    return r;
}

uint64_t si_f64_omod_clamp(uint64_t r, unsigned omod, int clamp, const si_fpm *m)
{
    static const uint64_t k[4] = { 0x3ff0000000000000ull, 0x4000000000000000ull,
                                   0x4010000000000000ull, 0x3fe0000000000000ull };
    if ((omod & 3) && !(m->denorm64 & SI_DEN_OUT) && !isnan64(r))
        r = g_mul(&F64, r, k[omod & 3], m->round64, m->denorm64);
    if (clamp) {
        if (isnan64(r)) return m->dx10_clamp ? 0 : r;
        if (r >> 63) return 0;
        if (r > 0x3ff0000000000000ull) return 0x3ff0000000000000ull;
    }
    return r;
}
