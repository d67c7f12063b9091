/* sicu: the VALU's direct path for the common f32 arithmetic
 * (docs/execution-model.md, "Emulator performance", fourth round).
 *
 * v_add/sub/subrev/mul/mac_f32, v_mad/fma_f32 and v_madmk/madak_f32 (the
 * literal as a broadcast operand) in round-to-nearest-even,
 * eight lanes at a time with AVX2 (declined without it: the general path's
 * SSE2 loops do them then), straight from the VGPR rows (a scalar or
 * constant source broadcast, abs/neg as AND/XOR) into the destination row,
 * blended with EXEC by a masked store.  The host results are kept where
 * they are the library's, by the same conditions as the general path's
 * host loops in valu.c (docs/fp.md section 10: a normal or zero result,
 * no denormal operand that MODE flushes; v_mad's product and sum both
 * normal or zero, no denormal operand at all); the other active lanes are
 * recomputed by the library from the same operands.  Each group of eight
 * lanes is read before it is written, so a destination that is also a
 * source is fine.  omod/clamp, other rounding modes and operands outside
 * the VGPR allocation are left to the general path.
 * tests/unit/test_valu_direct.c compares the two paths.
 */
#include "sicu/emu.h"
#include "fp_int.h"
#include "operand.h"
#include "valu_direct.h"

#if defined(__x86_64__) && defined(__GNUC__) && SI_FP_HOST_FAST
#include <immintrin.h>

#if !defined(__clang__)
/* one IEEE operation per expression: no contraction into fused operations */
#pragma GCC optimize("fp-contract=off")
#endif

#define NL SI_WAVE_LANES
#define AVX2 __attribute__((target("avx2")))
#define AVX2_FMA __attribute__((target("avx2,fma")))

enum fop { Y_NONE, Y_ADD, Y_SUB, Y_SUBREV, Y_MUL, Y_MAD, Y_FMA };

static enum fop fop_of(unsigned op)
{
    switch (op) {
    case SI_OP_v_add_f32: return Y_ADD;
    case SI_OP_v_sub_f32: return Y_SUB;
    case SI_OP_v_subrev_f32: return Y_SUBREV;
    case SI_OP_v_mul_f32: return Y_MUL;
    case SI_OP_v_mac_f32: case SI_OP_v_mad_f32: case SI_OP_v_madmk_f32: case SI_OP_v_madak_f32: return Y_MAD;
    case SI_OP_v_fma_f32: return Y_FMA;
    default: return Y_NONE;
    }
}

/* A source: its row (step 8) or one value for every lane (step 0), with
 * the abs/neg masks. */
typedef struct ysrc {
    const uint32_t *p;
    unsigned step;
    uint32_t one[8];
    uint32_t and_m, xor_m;
} ysrc;

static inline int ysrc_get(ysrc *s, const si_wave *w, const si_inst *in, unsigned code, unsigned i, int vop3)
{
    if (code >= SI_SRC_VGPR0) {
        unsigned r = code - SI_SRC_VGPR0;
        if (r >= w->nvgpr)
            return -1;
        s->p = w->v[r], s->step = 8;
    } else {
        uint32_t v = si_rd_s32(w, in, code);
        for (unsigned k = 0; k < 8; k++)
            s->one[k] = v;
        s->p = s->one, s->step = 0;
    }
    s->and_m = vop3 && (in->abs >> i & 1) ? 0x7fffffffu : ~0u;
    s->xor_m = vop3 && (in->neg >> i & 1) ? 0x80000000u : 0;
    return 0;
}

typedef struct yctx {
    ysrc s[3];
    uint32_t *d;
    uint64_t exec;
    si_fpm fm;
    int flushing;   /* MODE flushes f32 denormal inputs */
} yctx;

AVX2 static inline __m256i ld8(const ysrc *s, unsigned g)
{
    __m256i v = _mm256_loadu_si256((const __m256i *)(s->p + g * s->step));
    return _mm256_xor_si256(_mm256_and_si256(v, _mm256_set1_epi32((int)s->and_m)), _mm256_set1_epi32((int)s->xor_m));
}

/* Lane classes (all-ones or 0): normal or zero; denormal. */
AVX2 static inline __m256i nz8(__m256i a)
{
    __m256i t = _mm256_and_si256(_mm256_add_epi32(a, _mm256_set1_epi32(0x00800000)), _mm256_set1_epi32(0x7f800000));
    __m256i z = _mm256_cmpeq_epi32(_mm256_slli_epi32(a, 1), _mm256_setzero_si256());
    return _mm256_or_si256(_mm256_cmpgt_epi32(t, _mm256_set1_epi32(0x00800000)), z);
}
AVX2 static inline __m256i den8(__m256i a)
{
    __m256i ez = _mm256_cmpeq_epi32(_mm256_and_si256(a, _mm256_set1_epi32(0x7f800000)), _mm256_setzero_si256());
    __m256i z = _mm256_cmpeq_epi32(_mm256_slli_epi32(a, 1), _mm256_setzero_si256());
    return _mm256_andnot_si256(z, ez);
}
AVX2 static inline __m256i flags8(uint64_t mask, unsigned g)
{
    const __m256i bit = _mm256_setr_epi32(1, 2, 4, 8, 16, 32, 64, 128);
    __m256i m = _mm256_set1_epi32((int)((mask >> (8 * g)) & 255));
    return _mm256_cmpeq_epi32(_mm256_and_si256(m, bit), bit);
}
AVX2 static inline __m256 ps(__m256i v) { return _mm256_castsi256_ps(v); }
AVX2 static inline __m256i pi(__m256 v) { return _mm256_castps_si256(v); }
AVX2_FMA static inline __m256 fma8(__m256 a, __m256 b, __m256 c) { return _mm256_fmadd_ps(a, b, c); }

/* The library's result of one lane. */
static __attribute__((noinline)) uint32_t lane_lib(const yctx *x, enum fop op, uint32_t a, uint32_t b, uint32_t c)
{
    const si_fpm *m = &x->fm;
    switch (op) {
    case Y_ADD: return si_f32_add(a, b, m);
    case Y_SUB: return si_f32_sub(a, b, m);
    case Y_SUBREV: return si_f32_sub(b, a, m);
    case Y_MUL: return si_f32_mul(a, b, m);
    case Y_MAD: return si_f32_mad(a, b, c, m);
    default: return si_f32_fma(a, b, c, m);
    }
}

/* Recompute the lanes `redo` (8 bits) of group g with the library. */
AVX2 static __attribute__((noinline)) __m256i redo8(const yctx *x, enum fop op, unsigned g, unsigned redo, __m256i r)
{
    uint32_t A[8], B[8], C[8] = {0}, R[8];
    _mm256_storeu_si256((__m256i *)A, ld8(&x->s[0], g));
    _mm256_storeu_si256((__m256i *)B, ld8(&x->s[1], g));
    if (op == Y_MAD || op == Y_FMA)
        _mm256_storeu_si256((__m256i *)C, ld8(&x->s[2], g));
    _mm256_storeu_si256((__m256i *)R, r);
    for (unsigned k = 0; k < 8; k++)
        if (redo >> k & 1)
            R[k] = lane_lib(x, op, A[k], B[k], C[k]);
    return _mm256_loadu_si256((const __m256i *)R);
}

AVX2 static inline __attribute__((always_inline)) void run8(const yctx *x, enum fop op, int full)
{
    const __m256i sgn = _mm256_set1_epi32((int)0x80000000u);
    for (unsigned g = 0; g < NL / 8; g++) {
        unsigned e = (unsigned)(x->exec >> (8 * g)) & 255;
        if (!e)
            continue;
        __m256i a = ld8(&x->s[0], g), b = ld8(&x->s[1], g), c = _mm256_setzero_si256(), r, ok;
        if (op == Y_MAD || op == Y_FMA)
            c = ld8(&x->s[2], g);
        switch (op) {
        case Y_ADD: r = pi(_mm256_add_ps(ps(a), ps(b))); break;
        case Y_SUB: r = pi(_mm256_add_ps(ps(a), ps(_mm256_xor_si256(b, sgn)))); break; /* a + (-b), exactly */
        case Y_SUBREV: r = pi(_mm256_add_ps(ps(b), ps(_mm256_xor_si256(a, sgn)))); break;
        case Y_MUL: r = pi(_mm256_mul_ps(ps(a), ps(b))); break;
        case Y_MAD: {
            __m256i p = pi(_mm256_mul_ps(ps(a), ps(b)));
            r = pi(_mm256_add_ps(ps(p), ps(c)));
            ok = _mm256_and_si256(nz8(p), nz8(r));
            break;
        }
        default: r = pi(fma8(ps(a), ps(b), ps(c))); break;
        }
        if (op == Y_MAD) {
            /* si_f32_mad flushes every denormal operand: none allowed */
            ok = _mm256_andnot_si256(_mm256_or_si256(_mm256_or_si256(den8(a), den8(b)), den8(c)), ok);
        } else {
            ok = nz8(r);
            if (x->flushing) {
                __m256i d = _mm256_or_si256(den8(a), den8(b));
                if (op == Y_FMA)
                    d = _mm256_or_si256(d, den8(c));
                ok = _mm256_andnot_si256(d, ok);
            }
        }
        unsigned redo = e & ~(unsigned)_mm256_movemask_ps(ps(ok));
        if (redo)
            r = redo8(x, op, g, redo, r);
        if (full)
            _mm256_storeu_si256((__m256i *)(x->d + 8 * g), r);
        else
            _mm256_maskstore_epi32((int *)(x->d + 8 * g), flags8(x->exec, g), r);
    }
}

#define RUN(name, op, attr)                                                                        \
    attr static void name(const yctx *x)                                                           \
    {                                                                                              \
        if (x->exec == ~0ull)                                                                      \
            run8(x, op, 1);                                                                        \
        else                                                                                       \
            run8(x, op, 0);                                                                        \
    }
RUN(run_add, Y_ADD, AVX2)
RUN(run_sub, Y_SUB, AVX2)
RUN(run_subrev, Y_SUBREV, AVX2)
RUN(run_mul, Y_MUL, AVX2)
RUN(run_mad, Y_MAD, AVX2)
RUN(run_fma, Y_FMA, AVX2_FMA)
#undef RUN

int si_valu_direct32_takes(unsigned op)
{
    return op < SI_OP_COUNT && fop_of(op) != Y_NONE;
}

int si_valu_direct32(si_wave *w, const si_inst *in)
{
    enum fop op = in->op < SI_OP_COUNT ? fop_of(in->op) : Y_NONE;
    if (op == Y_NONE || !si_avx2_ok())
        return 0;
    int vop3 = in->fmt == SI_FMT_VOP3A || in->fmt == SI_FMT_VOP3B;
    if (vop3 && (in->omod | in->clamp))
        return 0;
    yctx x;
    x.fm = si_fpm_from_mode(w->mode);
    if (x.fm.round32 != SI_RND_NE || (op == Y_FMA && !si_host_fma_ok()))
        return 0;
    unsigned d = in->dst - SI_SRC_VGPR0;
    if (in->dst < SI_SRC_VGPR0 || d >= w->nvgpr)
        return 0;
    if (in->op == SI_OP_v_madmk_f32 || in->op == SI_OP_v_madak_f32) {
        /* S0 * K + S1 / S0 * S1 + K, K the literal (VOP2 only) */
        int mk = in->op == SI_OP_v_madmk_f32;
        if (vop3 || ysrc_get(&x.s[0], w, in, in->src[0], 0, 0) ||
            ysrc_get(&x.s[mk ? 2 : 1], w, in, in->src[1], 1, 0))
            return 0;
        ysrc *k = &x.s[mk ? 1 : 2];
        for (unsigned i = 0; i < 8; i++)
            k->one[i] = in->lit;
        k->p = k->one, k->step = 0, k->and_m = ~0u, k->xor_m = 0;
    } else {
        if (ysrc_get(&x.s[0], w, in, in->src[0], 0, vop3) || ysrc_get(&x.s[1], w, in, in->src[1], 1, vop3))
            return 0;
        /* v_mac: the destination is the addend (src2's modifiers apply to it) */
        unsigned c = in->op == SI_OP_v_mac_f32 ? in->dst : in->src[2];
        if ((op == Y_MAD || op == Y_FMA) && ysrc_get(&x.s[2], w, in, c, 2, vop3))
            return 0;
    }
    x.d = w->v[d];
    x.exec = si_exec(w);
    x.flushing = !(x.fm.denorm32 & SI_DEN_IN);
    switch (op) {
    case Y_ADD: run_add(&x); break;
    case Y_SUB: run_sub(&x); break;
    case Y_SUBREV: run_subrev(&x); break;
    case Y_MUL: run_mul(&x); break;
    case Y_MAD: run_mad(&x); break;
    default: run_fma(&x); break;
    }
    return 1;
}

#else

int si_valu_direct32(si_wave *w, const si_inst *in)
{
    (void)w, (void)in;
    return 0;
}

int si_valu_direct32_takes(unsigned op)
{
    (void)op;
    return 0;
}

#endif
