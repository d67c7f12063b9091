/* sicu: the VALU's direct path for f64 operations (docs/execution-model.md,
 * "Emulator performance", fourth round).
 *
 * The general path (sw/valu.c) joins every VGPR-pair source into a 64-lane
 * array of 64-bit values (a scalar broadcast, abs/neg applied in extra
 * passes), computes into a result array, then splits and blends it back
 * into the destination pair.  Here four lanes at a time are read from the
 * VGPR rows, joined in registers (abs/neg as AND/XOR on the high words),
 * computed, split and blended with EXEC straight into the destination
 * rows: each group of four lanes is read completely before it is written,
 * so destinations overlapping sources are fine.
 *
 * Per operation:
 *  - v_lshl_b64, v_lshr_b64, v_ashr_i64: 64-bit shifts of the joined lanes
 *    (one SSE2 shift for a scalar amount, per lane otherwise);
 *  - add, mul, fma, div_fmas (RNE, FMA3 for the fused ones): the host's
 *    double arithmetic on two lanes at a time, under the conditions of the
 *    library's own host path (docs/fp.md section 10; the same check as
 *    host_redo64 in valu.c); other active lanes (and div_fmas lanes with
 *    VCC set) are recomputed by the library;
 *  - compares: host double compares (exact: IEEE order, -0 == +0, NaN
 *    unordered), denormal operands flushed to signed zero first when MODE
 *    says so (what si_f64_cmp does);
 *  - min, max, ldexp, div_scale, div_fixup, class: per lane, the library's
 *    result written out for its common case (operands that are neither NaN
 *    nor denormal, normal exponents, ...), the library call otherwise.
 * With AVX2 (run-time check) everything runs eight lanes at a time; the
 * per-lane 64-bit shifts then use vpsllvq / vpsrlvq, the class tests a
 * vectorised class-bit number and vpsrlvd.
 * Anything else (omod/clamp, other rounding modes for the arithmetic, an
 * operand outside the VGPR allocation) is left to the general path.
 * tests/unit/test_valu_direct.c compares the two on random states, edge
 * values and every MODE.
 */
#include "sicu/emu.h"
#include "fp_int.h"
#include "operand.h"
#include "valu_direct.h"

#if defined(__SSE2__) && SI_FP_HOST_FAST
#include <emmintrin.h>
#include <immintrin.h>

/* the fused operations: FMA3, called only when si_host_fma_ok() */
#define FMA_TARGET_ATTR __attribute__((target("fma")))

#if defined(__GNUC__) && !defined(__clang__)
/* one IEEE operation per expression: no contraction into fused operations */
#pragma GCC optimize("fp-contract=off")
#endif

#define NL SI_WAVE_LANES

enum xop {
    X_NONE, X_ADD, X_MUL, X_FMA, X_FMAS, X_MIN, X_MAX, X_LDEXP, X_SCALE, X_FIXUP, X_CMP, X_CLASS, X_SHL, X_SHR, X_SAR
};

_Static_assert(SI_OP_v_cmpx_tru_f64 - SI_OP_v_cmp_f_f64 == 31, "f64 compares are contiguous");

static enum xop xop_of(unsigned op)
{
    switch (op) {
    case SI_OP_v_add_f64: return X_ADD;
    case SI_OP_v_mul_f64: return X_MUL;
    case SI_OP_v_fma_f64: return X_FMA;
    case SI_OP_v_div_fmas_f64: return X_FMAS;
    case SI_OP_v_min_f64: return X_MIN;
    case SI_OP_v_max_f64: return X_MAX;
    case SI_OP_v_ldexp_f64: return X_LDEXP;
    case SI_OP_v_div_scale_f64: return X_SCALE;
    case SI_OP_v_div_fixup_f64: return X_FIXUP;
    case SI_OP_v_cmp_class_f64: case SI_OP_v_cmpx_class_f64: return X_CLASS;
    case SI_OP_v_lshl_b64: return X_SHL;
    case SI_OP_v_lshr_b64: return X_SHR;
    case SI_OP_v_ashr_i64: return X_SAR;
    default: return op >= SI_OP_v_cmp_f_f64 && op <= SI_OP_v_cmpx_tru_f64 ? X_CMP : X_NONE;
    }
}

/* A source: 64-bit (a VGPR pair's rows, or one value for every lane) with
 * the abs/neg modifiers as masks of the high word, or 32-bit (a row or a
 * broadcast; step 4 for rows, 0 for broadcasts). */
typedef struct xsrc {
    const uint32_t *lo, *hi;
    unsigned step;
    uint32_t one_lo[8], one_hi[8];
    __m128i and_hi, xor_hi;
    uint32_t and_m, xor_m;  /* the same masks as scalars */
} xsrc;

static inline int src64(xsrc *s, const si_wave *w, const si_inst *in, unsigned i, int vop3, int lit)
{
    unsigned code = in->src[i];
    if (code >= SI_SRC_VGPR0) {
        unsigned r = code - SI_SRC_VGPR0;
        if (r + 2 > w->nvgpr)
            return -1;
        s->lo = w->v[r], s->hi = w->v[r + 1], s->step = 4;
    } else {
        uint64_t v = si_rd_s64(w, in, code, lit);
        for (int k = 0; k < 8; k++)
            s->one_lo[k] = (uint32_t)v, s->one_hi[k] = (uint32_t)(v >> 32);
        s->lo = s->one_lo, s->hi = s->one_hi, s->step = 0;
    }
    int fl = lit == SI_LIT64_F64; /* abs/neg apply to float operands only */
    int ab = fl && vop3 && (in->abs >> i & 1), ng = fl && vop3 && (in->neg >> i & 1);
    s->and_m = ab ? 0x7fffffffu : ~0u;
    s->xor_m = ng ? 0x80000000u : 0;
    s->and_hi = _mm_set1_epi32((int)s->and_m);
    s->xor_hi = _mm_set1_epi32((int)s->xor_m);
    return 0;
}

static inline int src32(xsrc *s, const si_wave *w, const si_inst *in, unsigned i)
{
    unsigned code = in->src[i];
    if (code >= SI_SRC_VGPR0) {
        unsigned r = code - SI_SRC_VGPR0;
        if (r >= w->nvgpr)
            return -1;
        s->lo = w->v[r], s->step = 4;
    } else {
        uint32_t v = si_rd_s32(w, in, code);
        for (int k = 0; k < 8; k++)
            s->one_lo[k] = v;
        s->lo = s->one_lo, s->step = 0;
    }
    return 0;
}

/* Four lanes of f64 values as their low and high words. */
typedef struct q4v {
    __m128i lo, hi;
} q4v;

/* Lanes 4g..4g+3 of a 64-bit source, modifiers applied. */
static inline q4v ld(const xsrc *s, unsigned g)
{
    q4v v;
    v.lo = _mm_loadu_si128((const __m128i *)(s->lo + g * s->step));
    v.hi = _mm_loadu_si128((const __m128i *)(s->hi + g * s->step));
    v.hi = _mm_xor_si128(_mm_and_si128(v.hi, s->and_hi), s->xor_hi);
    return v;
}

static inline __m128d pd(__m128i v) { return _mm_castsi128_pd(v); }
static inline __m128i pi(__m128d v) { return _mm_castpd_si128(v); }
FMA_TARGET_ATTR static inline __m128d fma2(__m128d a, __m128d b, __m128d c) { return _mm_fmadd_pd(a, b, c); }

/* Lanes 0-1 and 2-3 as doubles, and back. */
static inline __m128d j01(q4v v) { return pd(_mm_unpacklo_epi32(v.lo, v.hi)); }
static inline __m128d j23(q4v v) { return pd(_mm_unpackhi_epi32(v.lo, v.hi)); }
static inline q4v split(__m128d r01, __m128d r23)
{
    __m128i a = _mm_shuffle_epi32(pi(r01), _MM_SHUFFLE(3, 1, 2, 0));
    __m128i b = _mm_shuffle_epi32(pi(r23), _MM_SHUFFLE(3, 1, 2, 0));
    q4v v = {_mm_unpacklo_epi64(a, b), _mm_unpackhi_epi64(a, b)};
    return v;
}

/* Lane classes of four lanes (all-ones or 0), from 32-bit operations on
 * the words: the exponent field; zero; normal or zero; denormal; neither
 * NaN nor denormal (zero and inf allowed). */
static inline __m128i exp4(q4v v) { return _mm_and_si128(_mm_srli_epi32(v.hi, 20), _mm_set1_epi32(0x7ff)); }
static inline __m128i zero4(q4v v)
{
    return _mm_cmpeq_epi32(_mm_or_si128(_mm_slli_epi32(v.hi, 1), v.lo), _mm_setzero_si128());
}
static inline __m128i nz4(q4v v)
{
    __m128i t = _mm_and_si128(_mm_add_epi32(v.hi, _mm_set1_epi32(0x00100000)), _mm_set1_epi32(0x7ff00000));
    return _mm_or_si128(_mm_cmpgt_epi32(t, _mm_set1_epi32(0x00100000)), zero4(v));
}
static inline __m128i den4(q4v v)
{
    __m128i ez = _mm_cmpeq_epi32(_mm_and_si128(v.hi, _mm_set1_epi32(0x7ff00000)), _mm_setzero_si128());
    return _mm_andnot_si128(zero4(v), ez);
}
static inline __m128i ord4(q4v v)
{
    __m128i e = _mm_and_si128(v.hi, _mm_set1_epi32(0x7ff00000));
    __m128i odd = _mm_or_si128(_mm_cmpeq_epi32(e, _mm_setzero_si128()), _mm_cmpeq_epi32(e, _mm_set1_epi32(0x7ff00000)));
    __m128i fz = _mm_cmpeq_epi32(_mm_or_si128(_mm_and_si128(v.hi, _mm_set1_epi32(0xfffff)), v.lo), _mm_setzero_si128());
    return _mm_or_si128(_mm_andnot_si128(odd, _mm_set1_epi32(-1)), fz);
}
static inline __m128i sel4(__m128i m, __m128i a, __m128i b) /* m ? b : a */
{
    return _mm_or_si128(_mm_and_si128(m, b), _mm_andnot_si128(m, a));
}
static inline __m128i in4(__m128i x, int lo, int hi) /* lo <= x <= hi, signed */
{
    return _mm_and_si128(_mm_cmpgt_epi32(x, _mm_set1_epi32(lo - 1)), _mm_cmplt_epi32(x, _mm_set1_epi32(hi + 1)));
}

/* Lane flags of 4 lanes from 4 mask bits. */
#define Q4(i) {-(uint32_t)((i) & 1), -(uint32_t)((i) >> 1 & 1), -(uint32_t)((i) >> 2 & 1), -(uint32_t)((i) >> 3 & 1)}
static const uint32_t q4[16][4] __attribute__((aligned(16))) = {
    Q4(0), Q4(1), Q4(2), Q4(3), Q4(4), Q4(5), Q4(6), Q4(7),
    Q4(8), Q4(9), Q4(10), Q4(11), Q4(12), Q4(13), Q4(14), Q4(15)};
#undef Q4
static inline __m128i flags4(unsigned bits) { return _mm_load_si128((const __m128i *)q4[bits & 15]); }

/* Store four lanes into the rows lo/hi at lanes 4g..4g+3, only the lanes
 * set in the 4 bits `e` (all when e == 15). */
static inline void store4(uint32_t *lo, uint32_t *hi, unsigned g, q4v r, unsigned e)
{
    __m128i *pl = (__m128i *)(lo + 4 * g), *ph = (__m128i *)(hi + 4 * g);
    if (e != 15) {
        __m128i m = flags4(e);
        r.lo = sel4(m, _mm_loadu_si128(pl), r.lo);
        r.hi = sel4(m, _mm_loadu_si128(ph), r.hi);
    }
    _mm_storeu_si128(pl, r.lo);
    _mm_storeu_si128(ph, r.hi);
}

/* The instruction's operands and state for the lane loops. */
typedef struct xctx {
    xsrc s[3];
    uint32_t *dlo, *dhi;   /* destination rows (not for compares) */
    uint64_t exec, vcc;
    si_fpm fm;
    unsigned cond;         /* compares */
    __m128i flush;         /* all-ones when MODE flushes f64 denormal inputs */
    int flushing;          /* ... as a flag */
    unsigned amount;       /* shifts: one amount for every lane (uniform) */
    int uniform;
} xctx;

/* add, mul, fma, div_fmas: host arithmetic, checked */
static inline __attribute__((always_inline)) q4v arith4(const xctx *x, enum xop op, unsigned g, q4v a, q4v b,
                                                        q4v c, __m128i *ok)
{
    q4v r = a;
    (void)x, (void)op, (void)g, (void)b, (void)c;
    __m128d r01, r23;
    if (op == X_ADD) {
        r01 = _mm_add_pd(j01(a), j01(b)), r23 = _mm_add_pd(j23(a), j23(b));
    } else if (op == X_MUL) {
        r01 = _mm_mul_pd(j01(a), j01(b)), r23 = _mm_mul_pd(j23(a), j23(b));
    } else {
        r01 = fma2(j01(a), j01(b), j01(c)), r23 = fma2(j23(a), j23(b), j23(c));
    }
    r = split(r01, r23);
    *ok = nz4(r);
    if (x->flushing) {
        __m128i d = _mm_or_si128(den4(a), den4(b));
        if (op == X_FMA || op == X_FMAS)
            d = _mm_or_si128(d, den4(c));
        *ok = _mm_andnot_si128(d, *ok);
    }
    if (op == X_FMAS) /* VCC set: the scaled fma of the library */
        *ok = _mm_andnot_si128(flags4((unsigned)(x->vcc >> (4 * g))), *ok);
    return r;
}

/* min, max of operands that are neither NaN nor denormal */
static inline __attribute__((always_inline)) q4v minmax4(const xctx *x, enum xop op, unsigned g, q4v a, q4v b,
                                                         q4v c, __m128i *ok)
{
    q4v r = a;
    (void)x, (void)op, (void)g, (void)b, (void)c;
    /* (non-NaN, non-denormal) min: b if b < a, or b == a and b
     * negative (-0 below +0); max likewise with a and b swapped */
    __m128d p01 = op == X_MIN ? j01(b) : j01(a), p23 = op == X_MIN ? j23(b) : j23(a);
    __m128d o01 = op == X_MIN ? j01(a) : j01(b), o23 = op == X_MIN ? j23(a) : j23(b);
    __m128d lt01 = _mm_cmplt_pd(p01, o01), lt23 = _mm_cmplt_pd(p23, o23);
    __m128d eq01 = _mm_cmpeq_pd(p01, o01), eq23 = _mm_cmpeq_pd(p23, o23);
    __m128i lt = _mm_castps_si128(_mm_shuffle_ps(_mm_castpd_ps(lt01), _mm_castpd_ps(lt23), _MM_SHUFFLE(2, 0, 2, 0)));
    __m128i eq = _mm_castps_si128(_mm_shuffle_ps(_mm_castpd_ps(eq01), _mm_castpd_ps(eq23), _MM_SHUFFLE(2, 0, 2, 0)));
    __m128i neg = _mm_srai_epi32(op == X_MIN ? b.hi : a.hi, 31);
    __m128i pick_b = _mm_or_si128(lt, _mm_and_si128(eq, neg));
    r.lo = sel4(pick_b, a.lo, b.lo);
    r.hi = sel4(pick_b, a.hi, b.hi);
    *ok = _mm_and_si128(ord4(a), ord4(b));
    return r;
}

/* ldexp of a normal value to a normal result */
static inline __attribute__((always_inline)) q4v ldexp_4(const xctx *x, enum xop op, unsigned g, q4v a, q4v b,
                                                         q4v c, __m128i *ok)
{
    q4v r = a;
    (void)x, (void)op, (void)g, (void)b, (void)c;
    /* b.lo: the exponent adjustment (int32); a normal value to a
     * normal result only changes the exponent field (a wrapped sum
     * fails the range test: the library then) */
    __m128i e = exp4(a), n = _mm_add_epi32(e, b.lo);
    r.hi = _mm_or_si128(_mm_and_si128(a.hi, _mm_set1_epi32((int)0x800fffffu)), _mm_slli_epi32(n, 20));
    *ok = _mm_and_si128(in4(e, 1, 2046), in4(n, 1, 2046));
    return r;
}

/* div_scale's "otherwise" case */
static inline __attribute__((always_inline)) q4v scale4(const xctx *x, enum xop op, unsigned g, q4v a, q4v b,
                                                        q4v c, __m128i *ok)
{
    q4v r = a;
    (void)x, (void)op, (void)g, (void)b, (void)c;
    /* the "otherwise" case of div_scale: s0, VCC 0 */
    __m128i e1 = exp4(b), e2 = exp4(c), d = _mm_sub_epi32(e2, e1);
    *ok = _mm_and_si128(_mm_and_si128(in4(e1, 1, 0x7fc), in4(e2, 53, 0x7fe)), in4(d, -1021, 767));
    return r;
}

/* the 64-bit shifts (every lane exact) */
static inline __attribute__((always_inline)) q4v shift4(const xctx *x, enum xop op, unsigned g, q4v a, q4v b,
                                                        q4v c, __m128i *ok)
{
    q4v r = a;
    (void)x, (void)op, (void)g, (void)b, (void)c;
    /* b.lo: the shift amounts (& 63), one for all lanes or per lane */
    __m128i v01 = _mm_unpacklo_epi32(a.lo, a.hi), v23 = _mm_unpackhi_epi32(a.lo, a.hi);
    if (x->uniform) {
        __m128i k = _mm_cvtsi32_si128((int)x->amount), k64 = _mm_cvtsi32_si128(64 - (int)x->amount);
        if (op == X_SHL) {
            v01 = _mm_sll_epi64(v01, k), v23 = _mm_sll_epi64(v23, k);
        } else {
            __m128i s01 = _mm_setzero_si128(), s23 = s01;
            if (op == X_SAR) { /* the sign bits shifted in (a shift by 64 gives 0) */
                s01 = _mm_sll_epi64(_mm_shuffle_epi32(_mm_srai_epi32(v01, 31), _MM_SHUFFLE(3, 3, 1, 1)), k64);
                s23 = _mm_sll_epi64(_mm_shuffle_epi32(_mm_srai_epi32(v23, 31), _MM_SHUFFLE(3, 3, 1, 1)), k64);
            }
            v01 = _mm_or_si128(_mm_srl_epi64(v01, k), s01), v23 = _mm_or_si128(_mm_srl_epi64(v23, k), s23);
        }
        r = split(pd(v01), pd(v23));
    } else {
        uint64_t V[4];
        uint32_t K[4];
        _mm_storeu_si128((__m128i *)V, v01), _mm_storeu_si128((__m128i *)(V + 2), v23);
        _mm_storeu_si128((__m128i *)K, b.lo);
        for (unsigned l = 0; l < 4; l++)
            V[l] = op == X_SHL ? V[l] << (K[l] & 63)
                   : op == X_SHR ? V[l] >> (K[l] & 63) : (uint64_t)((int64_t)V[l] >> (K[l] & 63));
        r = split(_mm_loadu_pd((const double *)V), _mm_loadu_pd((const double *)(V + 2)));
    }
    *ok = _mm_set1_epi32(-1);
    return r;
}

/* X_FIXUP: finite nonzero b and c, a not NaN: |a| with the sign of b * c */
static inline __attribute__((always_inline)) q4v fixup4(const xctx *x, enum xop op, unsigned g, q4v a, q4v b,
                                                        q4v c, __m128i *ok)
{
    q4v r = a;
    (void)x, (void)op, (void)g, (void)b, (void)c;
    __m128i inf = _mm_set1_epi32(0x7ff);
    __m128i fb = _mm_andnot_si128(_mm_or_si128(_mm_cmpeq_epi32(exp4(b), inf), zero4(b)), _mm_set1_epi32(-1));
    __m128i fc = _mm_andnot_si128(_mm_or_si128(_mm_cmpeq_epi32(exp4(c), inf), zero4(c)), _mm_set1_epi32(-1));
    __m128i an = _mm_andnot_si128(ord4(a), _mm_cmpeq_epi32(exp4(a), inf)); /* NaN */
    const __m128i sb = _mm_set1_epi32((int)0x80000000u);
    r.hi = _mm_or_si128(_mm_and_si128(_mm_xor_si128(b.hi, c.hi), sb), _mm_andnot_si128(sb, a.hi));
    *ok = _mm_andnot_si128(an, _mm_and_si128(fb, fc));
    return r;
}

/* Four lanes of op: the result and, in *ok, the lanes (all-ones) where it
 * is the library's.  Host arithmetic is the library's for a normal or zero
 * result without a denormal operand that MODE flushes (docs/fp.md section
 * 10); the others are the library's common cases written out (see the
 * library functions in sw/fp.c). */
static inline __attribute__((always_inline)) q4v op4(const xctx *x, enum xop op, unsigned g, q4v a, q4v b, q4v c,
                                                     __m128i *ok)
{
    switch (op) {
    case X_ADD: case X_MUL: case X_FMA: case X_FMAS: return arith4(x, op, g, a, b, c, ok);
    case X_MIN: case X_MAX: return minmax4(x, op, g, a, b, c, ok);
    case X_LDEXP: return ldexp_4(x, op, g, a, b, c, ok);
    case X_SCALE: return scale4(x, op, g, a, b, c, ok);
    case X_SHL: case X_SHR: case X_SAR: return shift4(x, op, g, a, b, c, ok);
    default: return fixup4(x, op, g, a, b, c, ok);
    }
}

/* The library's result of one lane (the lanes op4 does not give). */
static __attribute__((noinline)) uint64_t lane_lib(const xctx *x, enum xop op, uint64_t a, uint64_t b, uint64_t c,
                                                   unsigned lane, int *flag)
{
    const si_fpm *m = &x->fm;
    switch (op) {
    case X_ADD: return si_f64_add(a, b, m);
    case X_MUL: return si_f64_mul(a, b, m);
    case X_FMA: return si_f64_fma(a, b, c, m);
    case X_FMAS: return si_f64_div_fmas(a, b, c, (int)(x->vcc >> lane & 1), m);
    case X_MIN: return si_f64_min(a, b, m);
    case X_MAX: return si_f64_max(a, b, m);
    case X_LDEXP: return si_f64_ldexp(a, (int32_t)b, m);
    case X_SCALE: return si_f64_div_scale(a, b, c, flag, m);
    default: return si_f64_div_fixup(a, b, c, m);
    }
}

/* Recompute the lanes `redo` (4 bits) of group g with the library. */
static __attribute__((noinline)) q4v redo4(const xctx *x, enum xop op, unsigned g, unsigned redo, q4v r,
                                           uint64_t *flags)
{
    q4v a = ld(&x->s[0], g), b, c = a;
    if (op == X_LDEXP)
        b.lo = b.hi = _mm_loadu_si128((const __m128i *)(x->s[1].lo + g * x->s[1].step));
    else
        b = ld(&x->s[1], g);
    if (op == X_FMA || op == X_FMAS || op == X_SCALE || op == X_FIXUP)
        c = ld(&x->s[2], g);
    uint32_t w[8][4];
    _mm_storeu_si128((__m128i *)w[0], a.lo), _mm_storeu_si128((__m128i *)w[1], a.hi);
    _mm_storeu_si128((__m128i *)w[2], b.lo), _mm_storeu_si128((__m128i *)w[3], b.hi);
    _mm_storeu_si128((__m128i *)w[4], c.lo), _mm_storeu_si128((__m128i *)w[5], c.hi);
    _mm_storeu_si128((__m128i *)w[6], r.lo), _mm_storeu_si128((__m128i *)w[7], r.hi);
    for (unsigned k = 0; k < 4; k++) {
        if (!(redo >> k & 1))
            continue;
        int f = 0;
        uint64_t A = (uint64_t)w[1][k] << 32 | w[0][k], C = (uint64_t)w[5][k] << 32 | w[4][k];
        uint64_t B = op == X_LDEXP ? w[2][k] : (uint64_t)w[3][k] << 32 | w[2][k];
        uint64_t R = lane_lib(x, op, A, B, C, 4 * g + k, &f);
        w[6][k] = (uint32_t)R, w[7][k] = (uint32_t)(R >> 32);
        *flags |= (uint64_t)(f != 0) << (4 * g + k);
    }
    r.lo = _mm_loadu_si128((const __m128i *)w[6]);
    r.hi = _mm_loadu_si128((const __m128i *)w[7]);
    return r;
}

/* All lanes of op into the destination rows; returns the div_scale VCC
 * bits. */
static inline __attribute__((always_inline)) uint64_t run(const xctx *x, enum xop op)
{
    uint64_t flags = 0;
    int three = op == X_FMA || op == X_FMAS || op == X_SCALE || op == X_FIXUP;
    for (unsigned g = 0; g < NL / 4; g++) {
        unsigned e = (unsigned)(x->exec >> (4 * g)) & 15;
        if (!e)
            continue;
        q4v a = ld(&x->s[0], g), b, c = a;
        if (op == X_LDEXP || op == X_SHL || op == X_SHR || op == X_SAR) {
            b.lo = _mm_loadu_si128((const __m128i *)(x->s[1].lo + g * x->s[1].step));
            b.hi = b.lo;
        } else {
            b = ld(&x->s[1], g);
        }
        if (three)
            c = ld(&x->s[2], g);
        __m128i ok;
        q4v r = op4(x, op, g, a, b, c, &ok);
        unsigned redo = e & ~(unsigned)_mm_movemask_ps(_mm_castsi128_ps(ok));
        if (redo)
            r = redo4(x, op, g, redo, r, &flags);
        store4(x->dlo, x->dhi, g, r, e);
    }
    return flags;
}

/* Compares (host double compares after the MODE's input flush) and class
 * tests: the lane mask of all lanes (the caller keeps the active ones). */
static inline __m128i flush_hi_zero(__m128i lo, __m128i *hi)
{
    /* a zero exponent field (zero or denormal): keep the sign only */
    __m128i z = _mm_cmpeq_epi32(_mm_and_si128(*hi, _mm_set1_epi32(0x7ff00000)), _mm_setzero_si128());
    *hi = _mm_andnot_si128(_mm_andnot_si128(_mm_set1_epi32((int)0x80000000u), z), *hi);
    return _mm_andnot_si128(z, lo);
}

static uint64_t run_cmp(xctx *x)
{
    uint64_t bits = 0;
    const __m128d clt = pd(_mm_set1_epi32(-(int)(x->cond & 1))), ceq = pd(_mm_set1_epi32(-(int)(x->cond >> 1 & 1)));
    const __m128d cgt = pd(_mm_set1_epi32(-(int)(x->cond >> 2 & 1)));
    const __m128d cun = pd(_mm_set1_epi32(-(int)(x->cond >> 3 & 1)));
    int flush = _mm_movemask_epi8(x->flush) != 0;
    for (unsigned g = 0; g < NL / 4; g++) {
        __m128i v[2][2];
        for (unsigned i = 0; i < 2; i++) {
            const xsrc *s = &x->s[i];
            __m128i lo = _mm_loadu_si128((const __m128i *)(s->lo + g * s->step));
            __m128i hi = _mm_loadu_si128((const __m128i *)(s->hi + g * s->step));
            hi = _mm_xor_si128(_mm_and_si128(hi, s->and_hi), s->xor_hi);
            if (flush)
                lo = flush_hi_zero(lo, &hi);
            v[i][0] = _mm_unpacklo_epi32(lo, hi);
            v[i][1] = _mm_unpackhi_epi32(lo, hi);
        }
        for (unsigned h = 0; h < 2; h++) {
            __m128d a = pd(v[0][h]), b = pd(v[1][h]);
            __m128d un = _mm_cmpunord_pd(a, b);
            __m128d t = _mm_or_pd(_mm_or_pd(_mm_and_pd(_mm_cmplt_pd(a, b), clt), _mm_and_pd(_mm_cmpeq_pd(a, b), ceq)),
                                  _mm_and_pd(_mm_cmpgt_pd(a, b), cgt));
            t = _mm_or_pd(_mm_andnot_pd(un, t), _mm_and_pd(un, cun));
            bits |= (uint64_t)(unsigned)_mm_movemask_pd(t) << (4 * g + 2 * h);
        }
    }
    return bits;
}

static inline int lane_class(uint64_t a, uint32_t mask)
{
    uint32_t s = (uint32_t)(a >> 63), ex = (uint32_t)(a >> 52) & 0x7ff;
    uint64_t fr = a & 0xfffffffffffffull;
    uint32_t bit;
    if (ex == 0x7ff)
        bit = fr == 0 ? (s ? SI_CLASS_NINF : SI_CLASS_PINF) : ((fr >> 51) ? SI_CLASS_QNAN : SI_CLASS_SNAN);
    else if (ex == 0)
        bit = fr == 0 ? (s ? SI_CLASS_NZERO : SI_CLASS_PZERO) : (s ? SI_CLASS_NDENORM : SI_CLASS_PDENORM);
    else
        bit = s ? SI_CLASS_NNORM : SI_CLASS_PNORM;
    return (mask & bit) != 0;
}

static uint64_t run_class(xctx *x)
{
    uint64_t bits = 0;
    for (uint64_t m = x->exec; m; m &= m - 1) {
        unsigned l = (unsigned)__builtin_ctzll(m);
        const xsrc *s = &x->s[0];
        uint32_t hi = (s->hi[s->step ? l : 0] & (uint32_t)_mm_cvtsi128_si32(s->and_hi)) ^
                      (uint32_t)_mm_cvtsi128_si32(s->xor_hi);
        uint64_t a = (uint64_t)hi << 32 | s->lo[s->step ? l : 0];
        bits |= (uint64_t)lane_class(a, x->s[1].lo[x->s[1].step ? l : 0]) << l;
    }
    return bits;
}

static void run_add(const xctx *x) { run(x, X_ADD); }
static void run_mul(const xctx *x) { run(x, X_MUL); }
FMA_TARGET_ATTR static void run_fma(const xctx *x) { run(x, X_FMA); }
FMA_TARGET_ATTR static void run_fmas(const xctx *x) { run(x, X_FMAS); }


/* ---- AVX2: the same eight lanes at a time (run-time CPU check) ----
 * The low and high words of eight lanes are two 256-bit vectors; joined
 * within each 128-bit half, the doubles come in the lane order 0 1 4 5 /
 * 2 3 6 7, which the split undoes: every step is lane-wise. */
#define AVX2 __attribute__((target("avx2")))
#define AVX2_FMA __attribute__((target("avx2,fma")))

typedef struct q8v {
    __m256i lo, hi;
} q8v;

AVX2 static inline q8v ld8(const xsrc *s, unsigned g)
{
    q8v v;
    v.lo = _mm256_loadu_si256((const __m256i *)(s->lo + 2 * g * s->step));
    v.hi = _mm256_loadu_si256((const __m256i *)(s->hi + 2 * g * s->step));
    v.hi = _mm256_xor_si256(_mm256_and_si256(v.hi, _mm256_set1_epi32((int)s->and_m)), _mm256_set1_epi32((int)s->xor_m));
    return v;
}
AVX2 static inline __m256d pd8(__m256i v) { return _mm256_castsi256_pd(v); }
AVX2 static inline __m256i pi8(__m256d v) { return _mm256_castpd_si256(v); }
AVX2_FMA static inline __m256d fma8(__m256d a, __m256d b, __m256d c) { return _mm256_fmadd_pd(a, b, c); }
AVX2 static inline __m256d jlo8(q8v v) { return pd8(_mm256_unpacklo_epi32(v.lo, v.hi)); }
AVX2 static inline __m256d jhi8(q8v v) { return pd8(_mm256_unpackhi_epi32(v.lo, v.hi)); }
AVX2 static inline q8v split8(__m256d r0, __m256d r1)
{
    __m256i a = _mm256_shuffle_epi32(pi8(r0), _MM_SHUFFLE(3, 1, 2, 0));
    __m256i b = _mm256_shuffle_epi32(pi8(r1), _MM_SHUFFLE(3, 1, 2, 0));
    q8v v = {_mm256_unpacklo_epi64(a, b), _mm256_unpackhi_epi64(a, b)};
    return v;
}
AVX2 static inline __m256i c8(int v) { return _mm256_set1_epi32(v); }
AVX2 static inline __m256i exp8(q8v v) { return _mm256_and_si256(_mm256_srli_epi32(v.hi, 20), c8(0x7ff)); }
AVX2 static inline __m256i zero8(q8v v)
{
    return _mm256_cmpeq_epi32(_mm256_or_si256(_mm256_slli_epi32(v.hi, 1), v.lo), _mm256_setzero_si256());
}
AVX2 static inline __m256i nz8(q8v v)
{
    __m256i t = _mm256_and_si256(_mm256_add_epi32(v.hi, c8(0x00100000)), c8(0x7ff00000));
    return _mm256_or_si256(_mm256_cmpgt_epi32(t, c8(0x00100000)), zero8(v));
}
AVX2 static inline __m256i den8(q8v v)
{
    __m256i ez = _mm256_cmpeq_epi32(_mm256_and_si256(v.hi, c8(0x7ff00000)), _mm256_setzero_si256());
    return _mm256_andnot_si256(zero8(v), ez);
}
AVX2 static inline __m256i ord8(q8v v)
{
    __m256i e = _mm256_and_si256(v.hi, c8(0x7ff00000));
    __m256i odd = _mm256_or_si256(_mm256_cmpeq_epi32(e, _mm256_setzero_si256()), _mm256_cmpeq_epi32(e, c8(0x7ff00000)));
    __m256i fz = _mm256_cmpeq_epi32(_mm256_or_si256(_mm256_and_si256(v.hi, c8(0xfffff)), v.lo), _mm256_setzero_si256());
    return _mm256_or_si256(_mm256_andnot_si256(odd, c8(-1)), fz);
}
AVX2 static inline __m256i sel8(__m256i m, __m256i a, __m256i b) { return _mm256_blendv_epi8(a, b, m); }
AVX2 static inline __m256i in8(__m256i x, int lo, int hi)
{
    return _mm256_and_si256(_mm256_cmpgt_epi32(x, c8(lo - 1)), _mm256_cmpgt_epi32(c8(hi + 1), x));
}
AVX2 static inline __m256i flags8(unsigned bits)
{
    const __m256i bit = _mm256_setr_epi32(1, 2, 4, 8, 16, 32, 64, 128);
    return _mm256_cmpeq_epi32(_mm256_and_si256(c8((int)(bits & 255)), bit), bit);
}
/* 64-bit lane masks (doubles in the joined order) as eight 32-bit flags */
AVX2 static inline __m256i pack8(__m256d m0, __m256d m1)
{
    return _mm256_castps_si256(_mm256_shuffle_ps(_mm256_castpd_ps(m0), _mm256_castpd_ps(m1), _MM_SHUFFLE(2, 0, 2, 0)));
}

/* add, mul, fma, div_fmas: host arithmetic, checked */
AVX2 static inline __attribute__((always_inline)) q8v arith8(const xctx *x, enum xop op, unsigned g, q8v a, q8v b,
                                                             q8v c, __m256i *ok)
{
    q8v r = a;
    (void)x, (void)op, (void)g, (void)b, (void)c;
    __m256d r0, r1;
    if (op == X_ADD)
        r0 = _mm256_add_pd(jlo8(a), jlo8(b)), r1 = _mm256_add_pd(jhi8(a), jhi8(b));
    else if (op == X_MUL)
        r0 = _mm256_mul_pd(jlo8(a), jlo8(b)), r1 = _mm256_mul_pd(jhi8(a), jhi8(b));
    else
        r0 = fma8(jlo8(a), jlo8(b), jlo8(c)), r1 = fma8(jhi8(a), jhi8(b), jhi8(c));
    r = split8(r0, r1);
    *ok = nz8(r);
    if (x->flushing) {
        __m256i d = _mm256_or_si256(den8(a), den8(b));
        if (op == X_FMA || op == X_FMAS)
            d = _mm256_or_si256(d, den8(c));
        *ok = _mm256_andnot_si256(d, *ok);
    }
    if (op == X_FMAS)
        *ok = _mm256_andnot_si256(flags8((unsigned)(x->vcc >> (8 * g))), *ok);
    return r;
}

/* min, max of operands that are neither NaN nor denormal */
AVX2 static inline __attribute__((always_inline)) q8v minmax8(const xctx *x, enum xop op, unsigned g, q8v a, q8v b,
                                                              q8v c, __m256i *ok)
{
    q8v r = a;
    (void)x, (void)op, (void)g, (void)b, (void)c;
    __m256d p0 = op == X_MIN ? jlo8(b) : jlo8(a), p1 = op == X_MIN ? jhi8(b) : jhi8(a);
    __m256d o0 = op == X_MIN ? jlo8(a) : jlo8(b), o1 = op == X_MIN ? jhi8(a) : jhi8(b);
    __m256i lt = pack8(_mm256_cmp_pd(p0, o0, _CMP_LT_OQ), _mm256_cmp_pd(p1, o1, _CMP_LT_OQ));
    __m256i eq = pack8(_mm256_cmp_pd(p0, o0, _CMP_EQ_OQ), _mm256_cmp_pd(p1, o1, _CMP_EQ_OQ));
    __m256i neg = _mm256_srai_epi32(op == X_MIN ? b.hi : a.hi, 31);
    __m256i pick_b = _mm256_or_si256(lt, _mm256_and_si256(eq, neg));
    r.lo = sel8(pick_b, a.lo, b.lo);
    r.hi = sel8(pick_b, a.hi, b.hi);
    *ok = _mm256_and_si256(ord8(a), ord8(b));
    return r;
}

/* ldexp of a normal value to a normal result */
AVX2 static inline __attribute__((always_inline)) q8v ldexp_8(const xctx *x, enum xop op, unsigned g, q8v a, q8v b,
                                                              q8v c, __m256i *ok)
{
    q8v r = a;
    (void)x, (void)op, (void)g, (void)b, (void)c;
    __m256i e = exp8(a), n = _mm256_add_epi32(e, b.lo);
    r.hi = _mm256_or_si256(_mm256_and_si256(a.hi, c8((int)0x800fffffu)), _mm256_slli_epi32(n, 20));
    *ok = _mm256_and_si256(in8(e, 1, 2046), in8(n, 1, 2046));
    return r;
}

/* div_scale's "otherwise" case */
AVX2 static inline __attribute__((always_inline)) q8v scale8(const xctx *x, enum xop op, unsigned g, q8v a, q8v b,
                                                             q8v c, __m256i *ok)
{
    q8v r = a;
    (void)x, (void)op, (void)g, (void)b, (void)c;
    __m256i e1 = exp8(b), e2 = exp8(c), d = _mm256_sub_epi32(e2, e1);
    *ok = _mm256_and_si256(_mm256_and_si256(in8(e1, 1, 0x7fc), in8(e2, 53, 0x7fe)), in8(d, -1021, 767));
    return r;
}

/* the 64-bit shifts (every lane exact) */
AVX2 static inline __attribute__((always_inline)) q8v shift8(const xctx *x, enum xop op, unsigned g, q8v a, q8v b,
                                                             q8v c, __m256i *ok)
{
    q8v r = a;
    (void)x, (void)op, (void)g, (void)b, (void)c;
    /* per-lane amounts (& 63) as 64-bit lanes in the joined order */
    __m256i k = _mm256_and_si256(b.lo, c8(63)), z = _mm256_setzero_si256();
    __m256i k0 = _mm256_unpacklo_epi32(k, z), k1 = _mm256_unpackhi_epi32(k, z);
    __m256i v0 = pi8(jlo8(a)), v1 = pi8(jhi8(a));
    if (op == X_SHL) {
        v0 = _mm256_sllv_epi64(v0, k0), v1 = _mm256_sllv_epi64(v1, k1);
    } else {
        __m256i f0 = z, f1 = z;
        if (op == X_SAR) { /* the sign bits shifted in: sign & ~(~0 >> k) */
            __m256i s0 = _mm256_shuffle_epi32(_mm256_srai_epi32(v0, 31), _MM_SHUFFLE(3, 3, 1, 1));
            __m256i s1 = _mm256_shuffle_epi32(_mm256_srai_epi32(v1, 31), _MM_SHUFFLE(3, 3, 1, 1));
            f0 = _mm256_andnot_si256(_mm256_srlv_epi64(c8(-1), k0), s0);
            f1 = _mm256_andnot_si256(_mm256_srlv_epi64(c8(-1), k1), s1);
        }
        v0 = _mm256_or_si256(_mm256_srlv_epi64(v0, k0), f0), v1 = _mm256_or_si256(_mm256_srlv_epi64(v1, k1), f1);
    }
    r = split8(pd8(v0), pd8(v1));
    *ok = c8(-1);
    return r;
}

/* X_FIXUP */
AVX2 static inline __attribute__((always_inline)) q8v fixup8(const xctx *x, enum xop op, unsigned g, q8v a, q8v b,
                                                             q8v c, __m256i *ok)
{
    q8v r = a;
    (void)x, (void)op, (void)g, (void)b, (void)c;
    __m256i inf = c8(0x7ff);
    __m256i fb = _mm256_andnot_si256(_mm256_or_si256(_mm256_cmpeq_epi32(exp8(b), inf), zero8(b)), c8(-1));
    __m256i fc = _mm256_andnot_si256(_mm256_or_si256(_mm256_cmpeq_epi32(exp8(c), inf), zero8(c)), c8(-1));
    __m256i an = _mm256_andnot_si256(ord8(a), _mm256_cmpeq_epi32(exp8(a), inf));
    const __m256i sb = c8((int)0x80000000u);
    r.hi = _mm256_or_si256(_mm256_and_si256(_mm256_xor_si256(b.hi, c.hi), sb), _mm256_andnot_si256(sb, a.hi));
    *ok = _mm256_andnot_si256(an, _mm256_and_si256(fb, fc));
    return r;
}

/* op4's eight-lane form. */
AVX2 static inline __attribute__((always_inline)) q8v op8(const xctx *x, enum xop op, unsigned g, q8v a, q8v b, q8v c,
                                                          __m256i *ok)
{
    switch (op) {
    case X_ADD: case X_MUL: case X_FMA: case X_FMAS: return arith8(x, op, g, a, b, c, ok);
    case X_MIN: case X_MAX: return minmax8(x, op, g, a, b, c, ok);
    case X_LDEXP: return ldexp_8(x, op, g, a, b, c, ok);
    case X_SCALE: return scale8(x, op, g, a, b, c, ok);
    case X_SHL: case X_SHR: case X_SAR: return shift8(x, op, g, a, b, c, ok);
    default: return fixup8(x, op, g, a, b, c, ok);
    }
}

/* Recompute the lanes `redo` (8 bits) of group g (eight lanes) with the
 * library: the two four-lane halves. */
AVX2 static __attribute__((noinline)) q8v redo8(const xctx *x, enum xop op, unsigned g, unsigned redo, q8v r,
                                                uint64_t *flags)
{
    q4v h0 = {_mm256_castsi256_si128(r.lo), _mm256_castsi256_si128(r.hi)};
    q4v h1 = {_mm256_extracti128_si256(r.lo, 1), _mm256_extracti128_si256(r.hi, 1)};
    if (redo & 15)
        h0 = redo4(x, op, 2 * g, redo & 15, h0, flags);
    if (redo >> 4)
        h1 = redo4(x, op, 2 * g + 1, redo >> 4, h1, flags);
    r.lo = _mm256_inserti128_si256(_mm256_castsi128_si256(h0.lo), h1.lo, 1);
    r.hi = _mm256_inserti128_si256(_mm256_castsi128_si256(h0.hi), h1.hi, 1);
    return r;
}

AVX2 static inline __attribute__((always_inline)) uint64_t run8(const xctx *x, enum xop op)
{
    uint64_t flags = 0;
    int three = op == X_FMA || op == X_FMAS || op == X_SCALE || op == X_FIXUP;
    int b32 = op == X_LDEXP || op == X_SHL || op == X_SHR || op == X_SAR;
    for (unsigned g = 0; g < NL / 8; g++) {
        unsigned e = (unsigned)(x->exec >> (8 * g)) & 255;
        if (!e)
            continue;
        q8v a = ld8(&x->s[0], g), b, c = a;
        if (b32)
            b.lo = b.hi = _mm256_loadu_si256((const __m256i *)(x->s[1].lo + 2 * g * x->s[1].step));
        else
            b = ld8(&x->s[1], g);
        if (three)
            c = ld8(&x->s[2], g);
        __m256i ok;
        q8v r = op8(x, op, g, a, b, c, &ok);
        unsigned redo = e & ~(unsigned)_mm256_movemask_ps(_mm256_castsi256_ps(ok));
        if (redo)
            r = redo8(x, op, g, redo, r, &flags);
        __m256i *pl = (__m256i *)(x->dlo + 8 * g), *ph = (__m256i *)(x->dhi + 8 * g);
        if (e == 255) {
            _mm256_storeu_si256(pl, r.lo);
            _mm256_storeu_si256(ph, r.hi);
        } else {
            __m256i m = flags8(e);
            _mm256_maskstore_epi32((int *)pl, m, r.lo);
            _mm256_maskstore_epi32((int *)ph, m, r.hi);
        }
    }
    return flags;
}


/* The f64 compares eight lanes at a time (run_cmp's AVX2 form). */
AVX2 static inline q8v flush8(q8v v)
{
    /* a zero exponent field (zero or denormal): keep the sign only */
    __m256i z = _mm256_cmpeq_epi32(_mm256_and_si256(v.hi, c8(0x7ff00000)), _mm256_setzero_si256());
    v.hi = _mm256_andnot_si256(_mm256_and_si256(z, c8(0x7fffffff)), v.hi);
    v.lo = _mm256_andnot_si256(z, v.lo);
    return v;
}

AVX2 static uint64_t run_cmp8(const xctx *x)
{
    uint64_t bits = 0;
    const __m256i clt = c8(-(int)(x->cond & 1)), ceq = c8(-(int)(x->cond >> 1 & 1));
    const __m256i cgt = c8(-(int)(x->cond >> 2 & 1)), cun = c8(-(int)(x->cond >> 3 & 1));
    for (unsigned g = 0; g < NL / 8; g++) {
        q8v a = ld8(&x->s[0], g), b = ld8(&x->s[1], g);
        if (x->flushing)
            a = flush8(a), b = flush8(b);
        __m256d a0 = jlo8(a), a1 = jhi8(a), b0 = jlo8(b), b1 = jhi8(b);
        __m256i lt = pack8(_mm256_cmp_pd(a0, b0, _CMP_LT_OQ), _mm256_cmp_pd(a1, b1, _CMP_LT_OQ));
        __m256i eq = pack8(_mm256_cmp_pd(a0, b0, _CMP_EQ_OQ), _mm256_cmp_pd(a1, b1, _CMP_EQ_OQ));
        __m256i gt = pack8(_mm256_cmp_pd(a0, b0, _CMP_GT_OQ), _mm256_cmp_pd(a1, b1, _CMP_GT_OQ));
        __m256i un = pack8(_mm256_cmp_pd(a0, b0, _CMP_UNORD_Q), _mm256_cmp_pd(a1, b1, _CMP_UNORD_Q));
        __m256i t = _mm256_or_si256(_mm256_or_si256(_mm256_and_si256(lt, clt), _mm256_and_si256(eq, ceq)),
                                    _mm256_and_si256(gt, cgt));
        t = _mm256_or_si256(_mm256_andnot_si256(un, t), _mm256_and_si256(un, cun));
        bits |= (uint64_t)(unsigned)_mm256_movemask_ps(_mm256_castsi256_ps(t)) << (8 * g);
    }
    return bits;
}

/* v_cmp_class_f64 eight lanes at a time: each lane's class bit number
 * (lane_class) from its words, then that bit of the lane's mask. */
AVX2 static uint64_t run_class8(const xctx *x)
{
    uint64_t bits = 0;
    for (unsigned g = 0; g < NL / 8; g++) {
        q8v a = ld8(&x->s[0], g);
        __m256i m = _mm256_loadu_si256((const __m256i *)(x->s[1].lo + 2 * g * x->s[1].step));
        __m256i e = exp8(a), neg = _mm256_srai_epi32(a.hi, 31);
        __m256i fz = _mm256_cmpeq_epi32(_mm256_or_si256(_mm256_and_si256(a.hi, c8(0xfffff)), a.lo),
                                        _mm256_setzero_si256());
        __m256i quiet = _mm256_cmpeq_epi32(_mm256_and_si256(a.hi, c8(0x80000)), c8(0x80000));
        __m256i inorm = sel8(neg, c8(8), c8(3));                                             /* PNORM / NNORM */
        __m256i izero = sel8(fz, sel8(neg, c8(7), c8(4)), sel8(neg, c8(6), c8(5)));         /* denormal / zero */
        __m256i ispec = sel8(fz, sel8(quiet, c8(0), c8(1)), sel8(neg, c8(9), c8(2)));       /* NaN / inf */
        __m256i idx = sel8(_mm256_cmpeq_epi32(e, _mm256_setzero_si256()), inorm, izero);
        idx = sel8(_mm256_cmpeq_epi32(e, c8(0x7ff)), idx, ispec);
        __m256i hit = _mm256_cmpeq_epi32(_mm256_and_si256(_mm256_srlv_epi32(m, idx), c8(1)), c8(1));
        bits |= (uint64_t)(unsigned)_mm256_movemask_ps(_mm256_castsi256_ps(hit)) << (8 * g);
    }
    return bits & x->exec;
}

/* One function per op (the lane loop compiled for it). */
AVX2 static uint64_t run8_op(const xctx *x, enum xop op)
{
    switch (op) {
    case X_ADD: return run8(x, X_ADD);
    case X_MUL: return run8(x, X_MUL);
    case X_MIN: return run8(x, X_MIN);
    case X_MAX: return run8(x, X_MAX);
    case X_LDEXP: return run8(x, X_LDEXP);
    case X_SCALE: return run8(x, X_SCALE);
    case X_FIXUP: return run8(x, X_FIXUP);
    case X_SHL: return run8(x, X_SHL);
    case X_SHR: return run8(x, X_SHR);
    case X_SAR: return run8(x, X_SAR);
    default: return 0;
    }
}
AVX2_FMA static uint64_t run8_fma(const xctx *x) { return run8(x, X_FMA); }
AVX2_FMA static uint64_t run8_fmas(const xctx *x) { return run8(x, X_FMAS); }

/* Operands of op into x; 0 when the direct path takes the instruction. */
static int setup(xctx *x, const si_wave *w, const si_inst *in, enum xop op, int vop3)
{
    unsigned n = op == X_FMA || op == X_FMAS || op == X_SCALE || op == X_FIXUP ? 3 : 2;
    for (unsigned i = 0; i < n; i++) {
        int shift = op == X_SHL || op == X_SHR || op == X_SAR;
        int lit = !shift ? SI_LIT64_F64 : op == X_SAR ? SI_LIT64_SEXT : SI_LIT64_ZEXT;
        int r = (i == 1 && (op == X_LDEXP || op == X_CLASS || shift)) ? src32(&x->s[i], w, in, i)
                                                                      : src64(&x->s[i], w, in, i, vop3, lit);
        if (r)
            return -1;
    }
    x->fm = si_fpm_from_mode(w->mode);
    x->exec = si_exec(w);
    x->flush = _mm_set1_epi32((x->fm.denorm64 & SI_DEN_IN) ? 0 : -1);
    x->flushing = !(x->fm.denorm64 & SI_DEN_IN);
    x->uniform = x->s[1].step == 0;
    x->amount = x->s[1].lo[0] & 63;
    if (op == X_ADD || op == X_MUL || op == X_FMA || op == X_FMAS) {
        if (x->fm.round64 != SI_RND_NE || ((op == X_FMA || op == X_FMAS) && !si_host_fma_ok()))
            return -1;
    }
    if (op == X_CMP || op == X_CLASS)
        return 0;
    unsigned d = in->dst - SI_SRC_VGPR0;
    if (in->dst < SI_SRC_VGPR0 || d + 2 > w->nvgpr)
        return -1;
    x->dlo = w->v[d], x->dhi = w->v[d + 1];
    return 0;
}

int si_valu_direct64_takes(unsigned op)
{
    return op < SI_OP_COUNT && xop_of(op) != X_NONE;
}

/* A compare's lane mask to VCC or the VOP3 SGPR pair, and EXEC for cmpx. */
static void write_mask(si_wave *w, const si_inst *in, int vop3, uint64_t bits)
{
    si_wr_s64(w, vop3 ? in->sdst : SI_SRC_VCC_LO, bits);
    if (si_ops[in->op].flags & F_CMPX)
        si_wr_s64(w, SI_SRC_EXEC_LO, bits);
}

int si_valu_direct64(si_wave *w, const si_inst *in)
{
    enum xop op = in->op < SI_OP_COUNT ? xop_of(in->op) : X_NONE;
    if (op == X_NONE)
        return 0;
    int vop3 = in->fmt == SI_FMT_VOP3A || in->fmt == SI_FMT_VOP3B;
    if (vop3 && (in->omod | in->clamp))
        return 0;
    xctx x;
    if (setup(&x, w, in, op, vop3))
        return 0;
    uint64_t bits;
    if (op == X_FMAS)
        x.vcc = si_vcc(w);
    if (si_avx2_ok() && (op == X_CMP || op == X_CLASS)) {
        x.cond = si_ops[in->op].opcode & 15;
        write_mask(w, in, vop3, op == X_CMP ? run_cmp8(&x) & x.exec : run_class8(&x));
        return 1;
    }
    if (op != X_CMP && op != X_CLASS && si_avx2_ok()) {
        bits = op == X_FMA ? run8_fma(&x) : op == X_FMAS ? run8_fmas(&x) : run8_op(&x, op);
        if (op == X_SCALE)
            si_wr_s64(w, vop3 ? in->sdst : SI_SRC_VCC_LO, bits & x.exec);
        return 1;
    }
    switch (op) {
    case X_ADD: run_add(&x); return 1;
    case X_MUL: run_mul(&x); return 1;
    case X_FMA: run_fma(&x); return 1;
    case X_FMAS: run_fmas(&x); return 1;
    case X_MIN: run(&x, X_MIN); return 1;
    case X_MAX: run(&x, X_MAX); return 1;
    case X_LDEXP: run(&x, X_LDEXP); return 1;
    case X_FIXUP: run(&x, X_FIXUP); return 1;
    case X_SHL: run(&x, X_SHL); return 1;
    case X_SHR: run(&x, X_SHR); return 1;
    case X_SAR: run(&x, X_SAR); return 1;
    case X_SCALE:
        bits = run(&x, X_SCALE);
        si_wr_s64(w, vop3 ? in->sdst : SI_SRC_VCC_LO, bits & x.exec);
        return 1;
    case X_CMP:
        x.cond = si_ops[in->op].opcode & 15;
        bits = run_cmp(&x) & x.exec;
        break;
    default:
        bits = run_class(&x);
        break;
    }
    write_mask(w, in, vop3, bits);
    return 1;
}

#else

int si_valu_direct64(si_wave *w, const si_inst *in)
{
    (void)w, (void)in;
    return 0;
}

int si_valu_direct64_takes(unsigned op)
{
    (void)op;
    return 0;
}

#endif
