/* sicu: the vector ALU (VOP2, VOP1, VOPC, VOP3A/VOP3B and VOP3-encoded
 * VOP1/VOP2/VOPC instructions).
 *
 * Execution model (see docs/valu.md):
 *  - every source operand is materialised once per instruction as a
 *    64-entry array (a VGPR row is copied, a scalar/constant broadcast), and
 *    the VOP3 abs/neg modifiers are applied to float-class operands as sign
 *    bit operations;
 *  - integer operations are computed for all 64 lanes in plain loops the
 *    compiler can vectorise; floating-point operations (calls into the
 *    bit-exact library sw/fp.h, never the host FPU) only for active lanes;
 *  - results are written only to lanes active in EXEC; scalar masks produced
 *    by VOPC and carry-out instructions have their inactive-lane bits zeroed;
 *  - v_readlane/v_writelane/v_readfirstlane ignore EXEC.
 *
 * The retirement record is filled by the core (emu.c, rec_fill) from the
 * table after this unit returns; `rec` is not touched here.
 */
#include <string.h>

#include "sicu/emu.h"
#include "fp_int.h"
#include "operand.h"
#include "valu_direct.h"
#ifdef __SSE2__
#include <emmintrin.h>
#endif

#if defined(__GNUC__) && !defined(__clang__)
/* The host-FPU fast paths evaluate exactly one IEEE operation per
 * expression; never let the compiler contract them into fused operations. */
#pragma GCC optimize("fp-contract=off")
#endif

#define NL SI_WAVE_LANES

/* ------------------------------------------------------------------
 * Lane-mask helpers.  A lane flag array holds 0 or ~0u per lane (what a
 * vectorised compare yields); a lane mask is a uint64_t, bit l = lane l.
 * SSE2 (the x86-64 baseline) packs and expands 4-16 lanes at a time.
 * ---------------------------------------------------------------- */
static inline uint64_t lanes_pack(const uint32_t *t)
{
#ifdef __SSE2__
    uint64_t r = 0;
    for (unsigned g = 0; g < NL / 16; g++) {
        const __m128i *p = (const __m128i *)(t + 16 * g);
        __m128i lo = _mm_packs_epi32(_mm_loadu_si128(p), _mm_loadu_si128(p + 1));
        __m128i hi = _mm_packs_epi32(_mm_loadu_si128(p + 2), _mm_loadu_si128(p + 3));
        r |= (uint64_t)(uint32_t)_mm_movemask_epi8(_mm_packs_epi16(lo, hi)) << (16 * g);
    }
    return r;
#else
    uint64_t r = 0;
    for (unsigned l = 0; l < NL; l++)
        r |= (uint64_t)(t[l] & 1) << l;
    return r;
#endif
}

#ifdef __SSE2__
/* Lane flags of 4 lanes from 4 mask bits. */
#define Q4(i) {-(uint32_t)((i) & 1), -(uint32_t)((i) >> 1 & 1), -(uint32_t)((i) >> 2 & 1), -(uint32_t)((i) >> 3 & 1)}
static const uint32_t lanes_q4[16][4] __attribute__((aligned(16))) = {
    Q4(0), Q4(1), Q4(2), Q4(3), Q4(4), Q4(5), Q4(6), Q4(7),
    Q4(8), Q4(9), Q4(10), Q4(11), Q4(12), Q4(13), Q4(14), Q4(15)};
#undef Q4
#endif

/* R[l] = mask bit l ? b[l] : a[l] (R may be a or b). */
static inline void lanes_sel(uint32_t *R, const uint32_t *a, const uint32_t *b, uint64_t mask)
{
#ifdef __SSE2__
    for (unsigned g = 0; g < NL / 4; g++) {
        __m128i m = _mm_load_si128((const __m128i *)lanes_q4[(mask >> (4 * g)) & 15]);
        __m128i x = _mm_loadu_si128((const __m128i *)(a + 4 * g));
        __m128i y = _mm_loadu_si128((const __m128i *)(b + 4 * g));
        _mm_storeu_si128((__m128i *)(R + 4 * g), _mm_or_si128(_mm_and_si128(m, y), _mm_andnot_si128(m, x)));
    }
#else
    for (unsigned l = 0; l < NL; l++)
        R[l] = ((mask >> l) & 1) ? b[l] : a[l];
#endif
}

/* t[l] = mask bit l ? ~0u : 0. */
static inline void lanes_flags(uint32_t *t, uint64_t mask)
{
#ifdef __SSE2__
    for (unsigned g = 0; g < NL / 4; g++)
        _mm_storeu_si128((__m128i *)(t + 4 * g),
                         _mm_load_si128((const __m128i *)lanes_q4[(mask >> (4 * g)) & 15]));
#else
    for (unsigned l = 0; l < NL; l++)
        t[l] = -(uint32_t)((mask >> l) & 1);
#endif
}

/* o[l] = hi[l] : lo[l] (a VGPR pair as 64-bit lanes). */
static inline void lanes_join64(uint64_t *restrict o, const uint32_t *restrict lo, const uint32_t *restrict hi)
{
#ifdef __SSE2__
    for (unsigned g = 0; g < NL / 4; g++) {
        __m128i l4 = _mm_loadu_si128((const __m128i *)(lo + 4 * g));
        __m128i h4 = _mm_loadu_si128((const __m128i *)(hi + 4 * g));
        _mm_storeu_si128((__m128i *)(o + 4 * g), _mm_unpacklo_epi32(l4, h4));
        _mm_storeu_si128((__m128i *)(o + 4 * g + 2), _mm_unpackhi_epi32(l4, h4));
    }
#else
    for (unsigned l = 0; l < NL; l++)
        o[l] = ((uint64_t)hi[l] << 32) | lo[l];
#endif
}

/* lo[l], hi[l] = the halves of v[l]. */
static inline void lanes_split64(uint32_t *restrict lo, uint32_t *restrict hi, const uint64_t *restrict v)
{
#ifdef __SSE2__
    for (unsigned g = 0; g < NL / 4; g++) {
        __m128i a = _mm_shuffle_epi32(_mm_loadu_si128((const __m128i *)(v + 4 * g)), _MM_SHUFFLE(3, 1, 2, 0));
        __m128i b = _mm_shuffle_epi32(_mm_loadu_si128((const __m128i *)(v + 4 * g + 2)), _MM_SHUFFLE(3, 1, 2, 0));
        _mm_storeu_si128((__m128i *)(lo + 4 * g), _mm_unpacklo_epi64(a, b));
        _mm_storeu_si128((__m128i *)(hi + 4 * g), _mm_unpackhi_epi64(a, b));
    }
#else
    for (unsigned l = 0; l < NL; l++) {
        lo[l] = (uint32_t)v[l];
        hi[l] = (uint32_t)(v[l] >> 32);
    }
#endif
}

/* Lanes of a compare from its outcome flags: an SI condition (VOPC opcode
 * bits 3:0) is a truth table over the outcomes, bit 0 less, bit 1 equal,
 * bit 2 greater, bit 3 unordered (F=0, LT=1, EQ=2, LE=3, ..., U=8, NGE=9 =
 * less or unordered, ..., TRU=15; integer compares use bits 2:0). */
typedef struct cmpsel { uint32_t lt, eq, gt, un; } cmpsel;
static inline cmpsel cmp_sel(unsigned cond)
{
    cmpsel c = {-(cond & 1u), -(cond >> 1 & 1u), -(cond >> 2 & 1u), -(cond >> 3 & 1u)};
    return c;
}

/* Per-instruction execution context. */
typedef struct vx {
    si_emu *e;
    si_wave *w;
    const si_inst *in;
    const si_opinfo *oi;
    uint64_t exec;
    int vop3;              /* VOP3 encoding (modifiers present)          */
    si_fpm fm;
    /* Sources: 32-bit view (sp[i]: the VGPR row itself when it is read
     * unmodified, else s[i], a copy or broadcast) and 64-bit view. */
    const uint32_t *sp[3];
    uint8_t uni[3];        /* source i is one value for every lane (uval[i]) */
    uint32_t uval[3];
    uint32_t s[3][NL];
    uint64_t d[3][NL];
    /* Results. */
    uint32_t r[NL];
    uint64_t r64[NL];
} vx;

/* Lane loops.  ALL: every lane (cheap integer ops, vectorisable);
 * ACT: only lanes set in EXEC (FP library calls). */
#define ALL(l) for (unsigned l = 0; l < NL; l++)
#define ACT(x, l)                                                          \
    for (uint64_t _m = (x)->exec; _m; _m &= _m - 1)                        \
        for (unsigned l = (unsigned)__builtin_ctzll(_m), _o = 1; _o; _o = 0)

static inline int32_t sext24(uint32_t v) { return (int32_t)(v << 8) >> 8; }

static inline int is_f_kind(unsigned k) { return SI_OPK_CLS(k) == SI_CLS_F; }

/* Write a 64-bit lane mask to a scalar pair (VCC, SGPR pair or EXEC). */
static void write_mask(vx *x, unsigned code, uint64_t v)
{
    si_wr_s64(x->w, code, v);
}

static void write_s32(vx *x, unsigned code, uint32_t v)
{
    si_wr_s32(x->w, code, v);
}

/* ------------------------------------------------------------------
 * Operand access.
 * ---------------------------------------------------------------- */
static __attribute__((noinline, cold)) int vgpr_fail(vx *x, unsigned code, unsigned width)
{
    if (code < SI_SRC_VGPR0)
        return si_emu_fail(x->e, x->w, "%s: operand code %u is not a VGPR",
                           x->oi->name, code);
    return si_emu_fail(x->e, x->w,
                       "%s: VGPR v%u%s is outside the %u VGPRs allocated to the wave",
                       x->oi->name, code - SI_SRC_VGPR0, width > 1 ? " (pair)" : "", x->w->nvgpr);
}

static inline __attribute__((always_inline)) int vgpr_index(vx *x, unsigned code, unsigned width, unsigned *reg)
{
    unsigned r = code - SI_SRC_VGPR0;
    *reg = r;
    if (code < SI_SRC_VGPR0 || r + width > x->w->nvgpr)
        return vgpr_fail(x, code, width);
    return 0;
}

/* Fetch source i (code in->src[i]) as a 32-bit array, x->sp[i]: an
 * unmodified VGPR is read in place, a modified one copied, a scalar or
 * constant broadcast. */
static int fetch32(vx *x, int i, unsigned code, unsigned kind)
{
    uint32_t *o = x->s[i];
    int mods = x->vop3 && is_f_kind(kind) ? (x->in->abs >> i & 1) | (x->in->neg >> i & 1) << 1 : 0;
    if (code >= SI_SRC_VGPR0) {
        unsigned r;
        if (vgpr_index(x, code, 1, &r))
            return -1;
        if (!mods) {
            x->sp[i] = x->w->v[r];
            return 0;
        }
        memcpy(o, x->w->v[r], sizeof x->s[i]);
    } else {
        uint32_t v = si_rd_s32(x->w, x->in, code);
        ALL(l) o[l] = v;
        x->uni[i] = !mods;
        x->uval[i] = v;
    }
    if (mods & 1)
        ALL(l) o[l] &= 0x7fffffffu;
    if (mods & 2)
        ALL(l) o[l] ^= 0x80000000u;
    x->sp[i] = o;
    return 0;
}

/* Fetch source i as a 64-bit array (VGPR pair or scalar pair/constant). */
static int fetch64(vx *x, int i, unsigned code, unsigned kind)
{
    uint64_t *o = x->d[i];
    if (code >= SI_SRC_VGPR0) {
        unsigned r;
        if (vgpr_index(x, code, 2, &r))
            return -1;
        lanes_join64(o, x->w->v[r], x->w->v[r + 1]);
    } else {
        int lit = is_f_kind(kind) ? SI_LIT64_F64
                  : SI_OPK_CLS(kind) == SI_CLS_I ? SI_LIT64_SEXT : SI_LIT64_ZEXT;
        uint64_t v = si_read_s64(x->w, x->in, code, lit);
        ALL(l) o[l] = v;
    }
    if (x->vop3 && is_f_kind(kind)) {
        if (x->in->abs & (1u << i))
            ALL(l) o[l] &= 0x7fffffffffffffffull;
        if (x->in->neg & (1u << i))
            ALL(l) o[l] ^= 0x8000000000000000ull;
    }
    return 0;
}

/* Read a lane mask operand (VCC for e32, an SGPR pair in VOP3). */
static uint64_t read_mask(vx *x, unsigned code)
{
    return si_rd_s64(x->w, x->in, code, SI_LIT64_ZEXT);
}

/* Write x->r (32-bit) to VGPR code `code` for lanes in `mask`. */
static int write_v32(vx *x, unsigned code, const uint32_t *val, uint64_t mask)
{
    unsigned r;
    if (vgpr_index(x, code, 1, &r))
        return -1;
    uint32_t *d = x->w->v[r];
    if (mask == ~0ull)
        memcpy(d, val, sizeof x->r);
    else
        lanes_sel(d, d, val, mask);
    return 0;
}

static int write_v64(vx *x, unsigned code, const uint64_t *val, uint64_t mask)
{
    unsigned r;
    if (vgpr_index(x, code, 2, &r))
        return -1;
    uint32_t *lo = x->w->v[r], *hi = x->w->v[r + 1];
    if (mask == ~0ull) {
        lanes_split64(lo, hi, val);
        return 0;
    }
    uint32_t tl[NL], th[NL];
    lanes_split64(tl, th, val);
    lanes_sel(lo, lo, tl, mask);
    lanes_sel(hi, hi, th, mask);
    return 0;
}

/* ------------------------------------------------------------------
 * Small integer helpers.
 * ---------------------------------------------------------------- */
static inline uint32_t bfe_u32(uint32_t v, uint32_t off, uint32_t len)
{
    off &= 31;
    len &= 31;
    if (len == 0)
        return 0;
    if (off + len < 32)
        return (v << (32 - off - len)) >> (32 - len);
    return v >> off;
}

static inline uint32_t bfe_i32(uint32_t v, uint32_t off, uint32_t len)
{
    off &= 31;
    len &= 31;
    if (len == 0)
        return 0;
    if (off + len < 32)
        return (uint32_t)((int32_t)(v << (32 - off - len)) >> (32 - len));
    return (uint32_t)((int32_t)v >> off);
}

static inline uint32_t ffbh_u32(uint32_t v) { return v ? (uint32_t)__builtin_clz(v) : 0xffffffffu; }
static inline uint32_t ffbl_b32(uint32_t v) { return v ? (uint32_t)__builtin_ctz(v) : 0xffffffffu; }
static inline uint32_t ffbh_i32(uint32_t v)
{
    /* first bit (from the MSB) that differs from the sign bit */
    uint32_t t = ((int32_t)v < 0) ? ~v : v;
    return t ? (uint32_t)__builtin_clz(t) : 0xffffffffu;
}

static inline uint32_t bitrev32(uint32_t v)
{
    v = ((v >> 1) & 0x55555555u) | ((v & 0x55555555u) << 1);
    v = ((v >> 2) & 0x33333333u) | ((v & 0x33333333u) << 2);
    v = ((v >> 4) & 0x0f0f0f0fu) | ((v & 0x0f0f0f0fu) << 4);
    v = ((v >> 8) & 0x00ff00ffu) | ((v & 0x00ff00ffu) << 8);
    return (v >> 16) | (v << 16);
}

static inline uint32_t absdiff(uint32_t a, uint32_t b) { return a > b ? a - b : b - a; }

static inline uint32_t sad_u8(uint32_t a, uint32_t b)
{
    uint32_t s = 0;
    for (int i = 0; i < 32; i += 8)
        s += absdiff((a >> i) & 0xff, (b >> i) & 0xff);
    return s;
}

static inline uint32_t msad_u8(uint32_t a, uint32_t b)
{
    uint32_t s = 0;
    for (int i = 0; i < 32; i += 8)
        if ((b >> i) & 0xff)
            s += absdiff((a >> i) & 0xff, (b >> i) & 0xff);
    return s;
}

static inline uint32_t lerp_u8(uint32_t a, uint32_t b, uint32_t c)
{
    uint32_t r = 0;
    for (int i = 0; i < 32; i += 8) {
        uint32_t t = ((a >> i) & 0xff) + ((b >> i) & 0xff) + ((c >> i) & 1);
        r |= (t >> 1) << i;
    }
    return r;
}

static inline int32_t imin(int32_t a, int32_t b) { return a < b ? a : b; }
static inline int32_t imax(int32_t a, int32_t b) { return a > b ? a : b; }
static inline uint32_t umin(uint32_t a, uint32_t b) { return a < b ? a : b; }
static inline uint32_t umax(uint32_t a, uint32_t b) { return a > b ? a : b; }
static inline int32_t imed3(int32_t a, int32_t b, int32_t c)
{
    return imax(imin(a, b), imin(imax(a, b), c));
}
static inline uint32_t umed3(uint32_t a, uint32_t b, uint32_t c)
{
    return umax(umin(a, b), umin(umax(a, b), c));
}

static inline int f32_isnan(uint32_t a) { return (a & 0x7fffffffu) > 0x7f800000u; }

/* a >= 0.0 as an IEEE compare (-0 >= 0 holds; NaN fails). */
static inline int f32_ge0(uint32_t a)
{
    return !f32_isnan(a) && (!(a >> 31) || (a & 0x7fffffffu) == 0);
}

/* |a| >= |b| as an IEEE compare (false if either is NaN). */
static inline int f32_abs_ge(uint32_t a, uint32_t b)
{
    return !f32_isnan(a) && !f32_isnan(b) && (a & 0x7fffffffu) >= (b & 0x7fffffffu);
}

/* Which cube-map major axis: 2 = z, 1 = y, 0 = x. */
static inline int cube_axis(uint32_t x, uint32_t y, uint32_t z)
{
    if (f32_abs_ge(z, y) && f32_abs_ge(z, x))
        return 2;
    if (f32_abs_ge(y, x))
        return 1;
    return 0;
}

/* Float to unsigned byte for v_cvt_pk_u8_f32 / v_cvt_pkaccum_u8_f32:
 * round to nearest even, clamp to [0, 255], NaN -> 0. */
static uint32_t f32_to_u8(uint32_t a, const si_fpm *m)
{
    if (f32_isnan(a))
        return 0;
    int32_t i = si_cvt_i32_f32(si_f32_rndne(a, m), m);
    return (uint32_t)(i < 0 ? 0 : i > 255 ? 255 : i);
}

/* Normalised float to 16-bit integer (v_cvt_pknorm_*): round(S * scale)
 * with round-to-nearest-even, clamped to [lo, hi], NaN -> 0. */
static uint32_t f32_to_norm16(uint32_t a, uint32_t scale, int32_t lo, int32_t hi,
                              const si_fpm *m)
{
    if (f32_isnan(a))
        return 0;
    int32_t i = si_cvt_i32_f32(si_f32_rndne(si_f32_mul(a, scale, m), m), m);
    i = i < lo ? lo : i > hi ? hi : i;
    return (uint32_t)i & 0xffffu;
}

/* ------------------------------------------------------------------
 * Host-FPU fast paths over all 64 lanes.  They are the exact library's own
 * fast path (sw/fp.c, docs/fp.md section 10) done lane-parallel: with
 * round-to-nearest-even, normal operands and a normal result, host SSE/NEON
 * arithmetic (no FTZ/DAZ, no excess precision, no contraction) gives the
 * bit pattern the integer path gives, in every denormal mode.  Each returns
 * the lanes where that does not hold; the caller recomputes those (when
 * active) with the library.  Inactive lanes are computed too (no traps:
 * exceptions are masked) and never written back.
 * ---------------------------------------------------------------- */
#if SI_FP_HOST_FAST
static inline float hf(uint32_t u) { float f; memcpy(&f, &u, 4); return f; }
static inline uint32_t hu(float f) { uint32_t u; memcpy(&u, &f, 4); return u; }
static inline double hd(uint64_t u) { double f; memcpy(&f, &u, 8); return f; }
static inline uint64_t hu64(double f) { uint64_t u; memcpy(&u, &f, 8); return u; }

/* Lane classes (all-ones or 0): normal or zero; denormal (nonzero with a
 * zero exponent).  f64 from the high word (and the low word for zero). */
static inline uint32_t nz32(uint32_t a)
{
    return -(uint32_t)(((int32_t)((a + 0x00800000u) & 0x7f800000u) > 0x00800000) | ((a << 1) == 0));
}
static inline uint32_t den32(uint32_t a)
{
    return -(uint32_t)(((a & 0x7f800000u) == 0) & ((a << 1) != 0));
}
#ifdef __SSE2__
/* HOST_OK for f64 lanes through host compares of two lanes at a time
 * (exact: the host does not treat denormals as zero; SSE2 has no 64-bit
 * integer compares): the lanes of r, a, b (and c unless NULL) that must be
 * redone, as a lane mask. */
static inline uint64_t host_redo64(const uint64_t *r, const uint64_t *a, const uint64_t *b, const uint64_t *c,
                                   uint64_t flush)
{
    const __m128d sgn = _mm_castsi128_pd(_mm_set1_epi64x(0x7fffffffffffffffll));
    const __m128d mn = _mm_set1_pd(0x1p-1022), mx = _mm_set1_pd(0x1.fffffffffffffp+1023), z = _mm_setzero_pd();
    uint64_t ok = 0;
#define DEN64(v) _mm_and_pd(_mm_cmplt_pd(_mm_and_pd((v), sgn), mn), _mm_cmpneq_pd((v), z))
    for (unsigned g = 0; g < NL / 2; g++) {
        __m128d R = _mm_loadu_pd((const double *)(r + 2 * g)), m = _mm_and_pd(R, sgn);
        __m128d good = _mm_or_pd(_mm_and_pd(_mm_cmpge_pd(m, mn), _mm_cmple_pd(m, mx)), _mm_cmpeq_pd(R, z));
        if (flush) {
            __m128d d = _mm_or_pd(DEN64(_mm_loadu_pd((const double *)(a + 2 * g))),
                                  DEN64(_mm_loadu_pd((const double *)(b + 2 * g))));
            if (c)
                d = _mm_or_pd(d, DEN64(_mm_loadu_pd((const double *)(c + 2 * g))));
            good = _mm_andnot_pd(d, good);
        }
        ok |= (uint64_t)(unsigned)_mm_movemask_pd(good) << (2 * g);
    }
#undef DEN64
    return ~ok;
}
#endif

#ifndef __SSE2__   /* the scalar checks of the f64 host paths (SSE2: host_redo64) */
static inline uint32_t nz64(uint64_t a)
{
    uint32_t hi = (uint32_t)(a >> 32);
    return -(uint32_t)(((int32_t)((hi + 0x00100000u) & 0x7ff00000u) > 0x00100000) | (((hi << 1) | (uint32_t)a) == 0));
}
static inline uint32_t den64(uint64_t a)
{
    uint32_t hi = (uint32_t)(a >> 32);
    return -(uint32_t)(((hi & 0x7ff00000u) == 0) & (((hi << 1) | (uint32_t)a) != 0));
}
#endif

/* When the host result is the library's (RNE): the result is normal or
 * zero (a zero sum is an exact cancellation or of zeros, +0 unless both are
 * -0, as in the library; a zero product is the signed zero the library's
 * rounding gives too), and no operand is a denormal that MODE flushes
 * (`flush`: all-ones).  Inf and NaN operands give an inf or NaN result,
 * which is left to the library; so are denormal results (output flush). */
#define HOST_OK(R, a, b, flush, nz, den) (nz(R) & ~((flush) & (den(a) | den(b))))

/* R = a + b, or a - b with sub (si_f32_add / si_f32_sub). */
static uint64_t host_add32(uint32_t *restrict R, const uint32_t *restrict a, const uint32_t *restrict b, int sub,
                           unsigned den)
{
    /* a - b is a + (-b) exactly (also the signed zeros; a NaN result,
     * whose sign could differ, is redone); one loop that vectorises */
    uint32_t t[NL], fl = (den & SI_DEN_IN) ? 0 : ~0u, nb = sub ? 0x80000000u : 0;
    ALL(l) {
        R[l] = hu(hf(a[l]) + hf(b[l] ^ nb));
        t[l] = ~HOST_OK(R[l], a[l], b[l], fl, nz32, den32);
    }
    return lanes_pack(t);
}

static uint64_t host_mul32(uint32_t *restrict R, const uint32_t *restrict a, const uint32_t *restrict b,
                           unsigned den)
{
    uint32_t t[NL], fl = (den & SI_DEN_IN) ? 0 : ~0u;
    ALL(l) {
        R[l] = hu(hf(a[l]) * hf(b[l]));
        t[l] = ~HOST_OK(R[l], a[l], b[l], fl, nz32, den32);
    }
    return lanes_pack(t);
}

/* si_f32_mad: the product rounded, then the sum rounded; denormals are
 * always flushed (inputs, product, output). */
static uint64_t host_mad32(uint32_t *restrict R, const uint32_t *restrict a, const uint32_t *restrict b,
                           const uint32_t *restrict c)
{
    uint32_t t[NL];
    ALL(l) {
        uint32_t p = hu(hf(a[l]) * hf(b[l]));
        R[l] = hu(hf(p) + hf(c[l]));
        t[l] = ~(HOST_OK(p, a[l], b[l], ~0u, nz32, den32) & nz32(R[l]) & ~den32(c[l]));
    }
    return lanes_pack(t);
}

static uint64_t host_add64(uint64_t *restrict R, const uint64_t *restrict a, const uint64_t *restrict b,
                           unsigned den)
{
#ifdef __SSE2__
    ALL(l) R[l] = hu64(hd(a[l]) + hd(b[l]));
    return host_redo64(R, a, b, NULL, !(den & SI_DEN_IN));
#else
    uint32_t t[NL], fl = (den & SI_DEN_IN) ? 0 : ~0u;
    ALL(l) {
        R[l] = hu64(hd(a[l]) + hd(b[l]));
        t[l] = ~HOST_OK(R[l], a[l], b[l], fl, nz64, den64);
    }
    return lanes_pack(t);
#endif
}

static uint64_t host_mul64(uint64_t *restrict R, const uint64_t *restrict a, const uint64_t *restrict b,
                           unsigned den)
{
#ifdef __SSE2__
    ALL(l) R[l] = hu64(hd(a[l]) * hd(b[l]));
    return host_redo64(R, a, b, NULL, !(den & SI_DEN_IN));
#else
    uint32_t t[NL], fl = (den & SI_DEN_IN) ? 0 : ~0u;
    ALL(l) {
        R[l] = hu64(hd(a[l]) * hd(b[l]));
        t[l] = ~HOST_OK(R[l], a[l], b[l], fl, nz64, den64);
    }
    return lanes_pack(t);
#endif
}

/* v_fma_f32/f64 (si_f32_fma / si_f64_fma): one rounding, through the host's
 * fused multiply-add (FMA3 on x86-64, only when the CPU has it: the lane
 * loop is compiled for it and called after si_host_fma_ok(); fmadd on
 * AArch64).  The same conditions as add and mul: a zero product gives the
 * addend (or the RNE signed zero of two zeros), inf and NaN operands give
 * an inf or NaN result, left to the library with denormal results and
 * flushed denormal operands. */
#if defined(__x86_64__) && defined(__GNUC__)
#define FMA_TARGET __attribute__((target("fma")))
#else
#define FMA_TARGET
#endif
FMA_TARGET static uint64_t host_fma32(uint32_t *restrict R, const uint32_t *restrict a, const uint32_t *restrict b,
                                      const uint32_t *restrict c, unsigned den)
{
    uint32_t t[NL], fl = (den & SI_DEN_IN) ? 0 : ~0u;
    ALL(l) {
        R[l] = hu(__builtin_fmaf(hf(a[l]), hf(b[l]), hf(c[l])));
        t[l] = ~(HOST_OK(R[l], a[l], b[l], fl, nz32, den32) & ~(fl & den32(c[l])));
    }
    return lanes_pack(t);
}

FMA_TARGET static uint64_t host_fma64(uint64_t *restrict R, const uint64_t *restrict a, const uint64_t *restrict b,
                                      const uint64_t *restrict c, unsigned den)
{
#ifdef __SSE2__
    ALL(l) R[l] = hu64(__builtin_fma(hd(a[l]), hd(b[l]), hd(c[l])));
    return host_redo64(R, a, b, c, !(den & SI_DEN_IN));
#else
    uint32_t t[NL], fl = (den & SI_DEN_IN) ? 0 : ~0u;
    ALL(l) {
        R[l] = hu64(__builtin_fma(hd(a[l]), hd(b[l]), hd(c[l])));
        t[l] = ~(HOST_OK(R[l], a[l], b[l], fl, nz64, den64) & ~(fl & den64(c[l])));
    }
    return lanes_pack(t);
#endif
}

/* floor / ceil / trunc / rndne f32 (g_rint in sw/fp.c; no rounding mode
 * involved, MODE's input flush only): for |x| < 2^23, (|x| + 2^23) - 2^23
 * in the host's RNE is |x| rounded to nearest even, exactly; trunc and ceil
 * of |x| follow with an exact +-1, and the sign is x's (also for a zero
 * result).  |x| >= 2^23, inf and NaN (quieted) are returned as they are.
 * Every lane is exact: nothing to redo. */
enum { RINT_TRUNC, RINT_FLOOR, RINT_CEIL, RINT_NE };
static inline __attribute__((always_inline)) void host_rint32_t(uint32_t *restrict R, const uint32_t *restrict a,
                                                                int how, unsigned den)
{
    uint32_t fl = (den & SI_DEN_IN) ? 0 : ~0u;
    ALL(l) {
        uint32_t x = a[l], s = x & 0x80000000u, mag = x & 0x7fffffffu;
        mag &= ~(-(uint32_t)(mag < 0x00800000u) & fl);
        float m = hf(mag), r = (m + 8388608.0f) - 8388608.0f;
        float tr = r > m ? r - 1.0f : r, ce = r < m ? r + 1.0f : r;
        float res = how == RINT_NE ? r : how == RINT_TRUNC ? tr : how == RINT_FLOOR ? (s ? ce : tr) : (s ? tr : ce);
        uint32_t big = -(uint32_t)(mag >= 0x4b000000u), nan = -(uint32_t)(mag > 0x7f800000u);
        R[l] = ((hu(res) | s) & ~big) | ((x | (nan & 0x00400000u)) & big);
    }
}

static uint64_t host_rint32(uint32_t *restrict R, const uint32_t *restrict a, int how, unsigned den)
{
    switch (how) {
    case RINT_TRUNC: host_rint32_t(R, a, RINT_TRUNC, den); break;
    case RINT_FLOOR: host_rint32_t(R, a, RINT_FLOOR, den); break;
    case RINT_CEIL: host_rint32_t(R, a, RINT_CEIL, den); break;
    default: host_rint32_t(R, a, RINT_NE, den); break;
    }
    return 0;
}

/* f32 -> u32 truncating (si_cvt_u32_f32): negative inputs (and -NaN) give
 * 0, below 2^31 the host's signed conversion; larger values, +inf and
 * +NaN are redone. */
static uint64_t host_cvt_u32_f32(uint32_t *restrict R, const uint32_t *restrict a)
{
    uint32_t t[NL];
    ALL(l) {
        int32_t i = (a[l] & 0x7fffffffu) < 0x4f000000u ? (int32_t)hf(a[l] & 0x7fffffffu) : 0; /* |a| < 2^31 */
        R[l] = (int32_t)a[l] < 0 ? 0 : (uint32_t)i;
        t[l] = -(uint32_t)((int32_t)a[l] >= 0x4f000000);
    }
    return lanes_pack(t);
}

/* u32 -> f32 (si_cvt_f32_u32): correctly rounded by the host (through a
 * 64-bit signed conversion when not vectorised). */
static uint64_t host_cvt_f32_u32(uint32_t *restrict R, const uint32_t *restrict a)
{
    ALL(l) R[l] = hu((float)a[l]);
    return 0;
}

/* int -> f32 (si_cvt_f32_i32): correctly rounded by the host. */
static uint64_t host_cvt_f32_i32(uint32_t *restrict R, const uint32_t *restrict a)
{
    ALL(l) R[l] = hu((float)(int32_t)a[l]);
    return 0;
}

/* f32 -> int truncating (si_cvt_i32_f32): the host's answer for every
 * in-range input; out of range and NaN give 0x80000000 there, redone. */
static uint64_t host_cvt_i32_f32(uint32_t *restrict R, const uint32_t *restrict a)
{
    uint32_t t[NL];
    ALL(l) {
        float f = hf(a[l]);
        int32_t i = (int32_t)(a[l] & 0x7fffffffu) < 0x4f000000 ? (int32_t)f : INT32_MIN; /* |a| < 2^31 */
        R[l] = (uint32_t)i;
        t[l] = -(uint32_t)(i == INT32_MIN);
    }
    return lanes_pack(t);
}
#endif

/* R[l] = host(...) for every lane, then `exact` for the active lanes the
 * host path leaves (all of them when the rounding mode is not RNE or there
 * is no host fast path). */
#if SI_FP_HOST_FAST
#define HOST_OR_EXACT(x, ne, host, l, exact)                                          \
    do {                                                                              \
        uint64_t _redo = (x)->exec;                                                   \
        if (ne)                                                                       \
            _redo &= host;                                                            \
        for (; _redo; _redo &= _redo - 1) {                                           \
            unsigned l = (unsigned)__builtin_ctzll(_redo);                            \
            exact;                                                                    \
        }                                                                             \
    } while (0)
#else
#define HOST_OR_EXACT(x, ne, host, l, exact) ACT(x, l) exact
#endif

/* ------------------------------------------------------------------
 * VOPC: compares and class tests.
 * ---------------------------------------------------------------- */
/* Float compares of all 64 lanes (a compare has no side effects; the caller
 * keeps the active lanes): IEEE ordering with -0 == +0 on sign-magnitude
 * keys, NaN unordered, denormal inputs read as zero unless MODE allows them
 * (si_f32_cmp / si_f64_cmp, docs/fp.md). */
static uint64_t cmp_f32(const uint32_t *a, const uint32_t *b, unsigned cond, unsigned den)
{
    cmpsel c = cmp_sel(cond);
    uint32_t fl = (den & SI_DEN_IN) ? 0 : ~0u, t[NL];
    ALL(l) {
        int32_t mx = (int32_t)(a[l] & 0x7fffffffu), my = (int32_t)(b[l] & 0x7fffffffu);
        mx &= ~(-(int32_t)(mx < 0x00800000) & (int32_t)fl);
        my &= ~(-(int32_t)(my < 0x00800000) & (int32_t)fl);
        int32_t kx = (int32_t)a[l] < 0 ? -mx : mx, ky = (int32_t)b[l] < 0 ? -my : my;
        uint32_t un = -(uint32_t)((mx > 0x7f800000) | (my > 0x7f800000));
        t[l] = ((((-(uint32_t)(kx < ky)) & c.lt) | ((-(uint32_t)(kx == ky)) & c.eq) |
                 ((-(uint32_t)(kx > ky)) & c.gt)) & ~un) | (un & c.un);
    }
    return lanes_pack(t);
}

static uint64_t cmp_f64(const uint64_t *a, const uint64_t *b, unsigned cond, unsigned den)
{
    cmpsel c = cmp_sel(cond);
    uint64_t fl = (den & SI_DEN_IN) ? 0 : ~0ull;
    uint32_t t[NL];
    ALL(l) {
        int64_t mx = (int64_t)(a[l] & 0x7fffffffffffffffull), my = (int64_t)(b[l] & 0x7fffffffffffffffull);
        mx &= ~(-(int64_t)(mx < 0x0010000000000000ll) & (int64_t)fl);
        my &= ~(-(int64_t)(my < 0x0010000000000000ll) & (int64_t)fl);
        int64_t kx = (int64_t)a[l] < 0 ? -mx : mx, ky = (int64_t)b[l] < 0 ? -my : my;
        uint32_t un = -(uint32_t)((mx > 0x7ff0000000000000ll) | (my > 0x7ff0000000000000ll));
        t[l] = ((((-(uint32_t)(kx < ky)) & c.lt) | ((-(uint32_t)(kx == ky)) & c.eq) |
                 ((-(uint32_t)(kx > ky)) & c.gt)) & ~un) | (un & c.un);
    }
    return lanes_pack(t);
}

/* Integer compares of all 64 lanes (cond: bits 2:0 of the condition). */
static uint64_t cmp_i32(const uint32_t *a, const uint32_t *b, unsigned cond, int sgn)
{
    cmpsel c = cmp_sel(cond);
    uint32_t bias = sgn ? 0 : 0x80000000u, t[NL];
    ALL(l) {
        int32_t x = (int32_t)(a[l] ^ bias), y = (int32_t)(b[l] ^ bias);
        t[l] = ((-(uint32_t)(x < y)) & c.lt) | ((-(uint32_t)(x == y)) & c.eq) | ((-(uint32_t)(x > y)) & c.gt);
    }
    return lanes_pack(t);
}

static uint64_t cmp_i64(const uint64_t *a, const uint64_t *b, unsigned cond, int sgn)
{
    cmpsel c = cmp_sel(cond);
    uint64_t bias = sgn ? 0 : 0x8000000000000000ull;
    uint32_t t[NL];
    ALL(l) {
        int64_t x = (int64_t)(a[l] ^ bias), y = (int64_t)(b[l] ^ bias);
        t[l] = ((-(uint32_t)(x < y)) & c.lt) | ((-(uint32_t)(x == y)) & c.eq) | ((-(uint32_t)(x > y)) & c.gt);
    }
    return lanes_pack(t);
}

static int exec_vopc(vx *x)
{
    const si_inst *in = x->in;
    const si_opinfo *oi = x->oi;
    unsigned k0 = oi->src[0], k1 = oi->src[1];
    unsigned cond = oi->opcode & 0xf;   /* SI VOPC: condition in the low bits */
    int is_class = in->op == SI_OP_v_cmp_class_f32 || in->op == SI_OP_v_cmpx_class_f32 ||
                   in->op == SI_OP_v_cmp_class_f64 || in->op == SI_OP_v_cmpx_class_f64;
    uint64_t bits = 0;

    if (SI_OPK_W(k0) == 2) {
        if (fetch64(x, 0, in->src[0], k0))
            return -1;
    } else if (fetch32(x, 0, in->src[0], k0))
        return -1;
    if (!is_class && SI_OPK_W(k1) == 2) {
        if (fetch64(x, 1, in->src[1], k1))
            return -1;
    } else if (fetch32(x, 1, in->src[1], is_class ? K_U32 : k1))
        return -1;

    const uint32_t *a = x->sp[0], *b = x->sp[1];
    const uint64_t *A = x->d[0], *B = x->d[1];

    if (is_class) {
        if (SI_OPK_W(k0) == 2) {
            ACT(x, l) bits |= (uint64_t)(si_f64_class(A[l], b[l]) != 0) << l;
        } else {
            ACT(x, l) bits |= (uint64_t)(si_f32_class(a[l], b[l]) != 0) << l;
        }
    } else if (is_f_kind(k0)) {
        bits = SI_OPK_W(k0) == 2 ? cmp_f64(A, B, cond, x->fm.denorm64) : cmp_f32(a, b, cond, x->fm.denorm32);
    } else {
        /* Integer compares: F, LT, EQ, LE, GT, NE, GE, T in the low 3 bits. */
        int sgn = SI_OPK_CLS(k0) == SI_CLS_I;
        bits = SI_OPK_W(k0) == 2 ? cmp_i64(A, B, cond & 7, sgn) : cmp_i32(a, b, cond & 7, sgn);
    }
    bits &= x->exec;  /* inactive-lane bits are zeroed */

    write_mask(x, x->vop3 ? in->sdst : SI_SRC_VCC_LO, bits);
    if (oi->flags & F_CMPX)
        write_mask(x, SI_SRC_EXEC_LO, bits);
    return 0;
}

/* ------------------------------------------------------------------
 * Lane-select and relative-addressing moves (ignore or use EXEC
 * specially; handled before the generic path).
 * ---------------------------------------------------------------- */
static int exec_special(vx *x, int *handled)
{
    const si_inst *in = x->in;
    si_wave *w = x->w;
    unsigned r = 0, r2;
    *handled = 1;

    switch (in->op) {
    case SI_OP_v_nop:
    case SI_OP_v_clrexcp:   /* no exception state is modelled */
        return 0;

    case SI_OP_v_readlane_b32: {
        /* SDST = VSRC0[SSRC1 & 63]; ignores EXEC. */
        unsigned lane = si_read_s32(w, in, in->src[1]) & 63;
        uint32_t v;
        if (in->src[0] >= SI_SRC_VGPR0) {
            if (vgpr_index(x, in->src[0], 1, &r))
                return -1;
            v = w->v[r][lane];
        } else {
            v = si_read_s32(w, in, in->src[0]);
        }
        write_s32(x, in->dst, v);
        return 0;
    }

    case SI_OP_v_writelane_b32: {
        /* VDST[SSRC1 & 63] = SSRC0; ignores EXEC. */
        unsigned lane = si_read_s32(w, in, in->src[1]) & 63;
        uint32_t v = si_read_s32(w, in, in->src[0]);
        if (vgpr_index(x, in->dst, 1, &r))
            return -1;
        w->v[r][lane] = v;
        return 0;
    }

    case SI_OP_v_readfirstlane_b32: {
        /* SDST = VSRC0[lowest active lane], lane 0 when EXEC = 0. */
        uint64_t ex = x->exec;
        unsigned lane = ex ? (unsigned)__builtin_ctzll(ex) : 0;
        uint32_t v;
        if (in->src[0] >= SI_SRC_VGPR0) {
            if (vgpr_index(x, in->src[0], 1, &r))
                return -1;
            v = w->v[r][lane];
        } else {
            v = si_read_s32(w, in, in->src[0]);
        }
        write_s32(x, in->dst, v);
        return 0;
    }

    case SI_OP_v_movreld_b32:
    case SI_OP_v_movrels_b32:
    case SI_OP_v_movrelsd_b32: {
        /* VGPR[dst (+M0)] = VGPR[src0 (+M0)] or src0; M0 is an unsigned
         * VGPR index offset. */
        uint32_t m0 = w->s[SI_SRC_M0];
        int rel_s = in->op != SI_OP_v_movreld_b32;
        int rel_d = in->op != SI_OP_v_movrels_b32;
        if (rel_s) {
            if (in->src[0] < SI_SRC_VGPR0)
                return si_emu_fail(x->e, w, "%s: source must be a VGPR", x->oi->name);
            uint64_t idx = (uint64_t)(in->src[0] - SI_SRC_VGPR0) + m0;
            if (idx >= w->nvgpr)
                return si_emu_fail(x->e, w, "%s: source v%u + M0 (%u) is outside the %u VGPRs",
                                   x->oi->name, in->src[0] - SI_SRC_VGPR0, m0, w->nvgpr);
            x->sp[0] = w->v[idx];
        } else if (fetch32(x, 0, in->src[0], K_B32)) {
            return -1;
        }
        if (in->dst < SI_SRC_VGPR0)
            return si_emu_fail(x->e, w, "%s: destination is not a VGPR", x->oi->name);
        uint64_t di = (uint64_t)(in->dst - SI_SRC_VGPR0) + (rel_d ? m0 : 0);
        if (di >= w->nvgpr)
            return si_emu_fail(x->e, w, "%s: destination v%u + M0 (%u) is outside the %u VGPRs",
                               x->oi->name, in->dst - SI_SRC_VGPR0, rel_d ? m0 : 0, w->nvgpr);
        r2 = (unsigned)di;
        return write_v32(x, SI_SRC_VGPR0 + r2, x->sp[0], x->exec);
    }

    default:
        *handled = 0;
        return 0;
    }
}

/* ------------------------------------------------------------------
 * The main entry point.
 * ---------------------------------------------------------------- */
/* The names the op groups' cases use: the unit, the wave, the instruction,
 * the FP mode, the 32/64-bit results and the 32/64-bit source operands. */
#define VALU_GROUP_OPERANDS(x)                                                                         \
    si_emu *e = (x)->e;                                                                                \
    si_wave *w = (x)->w;                                                                               \
    const si_inst *in = (x)->in;                                                                       \
    const si_fpm *m = &(x)->fm;                                                                        \
    uint32_t *R = (x)->r;                                                                              \
    uint64_t *R64 = (x)->r64;                                                                          \
    const uint32_t *a = (x)->sp[0], *b = (x)->sp[1], *c = (x)->sp[2];                                     \
    const uint64_t *A = (x)->d[0], *B = (x)->d[1], *C = (x)->d[2];                                     \
    (void)e, (void)w, (void)m, (void)R, (void)R64, (void)a, (void)b, (void)c, (void)A, (void)B, (void)C; \
    (void)carry, (void)has_carry

/* VALU ops, moves and selects, integer add/sub with carry, multiply, min/max, shifts: 1 done, 0 not one of these, -1 error */
static int valu_int_arith(vx *x, uint64_t *carry, int *has_carry)
{
    VALU_GROUP_OPERANDS(x);
    switch (in->op) {
    /* ---------------- moves and selects ---------------- */
    case SI_OP_v_mov_b32:
    case SI_OP_v_mov_fed_b32:  /* ECC error injection is not modelled */
        ALL(l) R[l] = a[l];
        break;
    case SI_OP_v_cndmask_b32:
        lanes_sel(R, a, b, read_mask(x, x->vop3 ? in->src[2] : SI_SRC_VCC_LO));
        break;

    /* ---------------- integer add/sub with carry ---------------- */
    case SI_OP_v_add_i32: {
        uint32_t t[NL];
        ALL(l) {
            R[l] = a[l] + b[l];
            t[l] = -(uint32_t)(R[l] < a[l]);
        }
        *carry = lanes_pack(t);
        *has_carry = 1;
        break;
    }
    case SI_OP_v_sub_i32:
    case SI_OP_v_subrev_i32: {
        const uint32_t *p = in->op == SI_OP_v_sub_i32 ? a : b, *q = in->op == SI_OP_v_sub_i32 ? b : a;
        uint32_t t[NL];
        ALL(l) {
            R[l] = p[l] - q[l];
            t[l] = -(uint32_t)(q[l] > p[l]);
        }
        *carry = lanes_pack(t);
        *has_carry = 1;
        break;
    }
    case SI_OP_v_addc_u32:
    case SI_OP_v_subb_u32:
    case SI_OP_v_subbrev_u32: {
        uint32_t ci[NL], t[NL];
        lanes_flags(ci, read_mask(x, x->vop3 ? in->src[2] : SI_SRC_VCC_LO));
        if (in->op == SI_OP_v_addc_u32) {
            ALL(l) {
                uint32_t s1 = a[l] + b[l], s2 = s1 + (ci[l] & 1);
                R[l] = s2;
                t[l] = -(uint32_t)((s1 < a[l]) | (s2 < s1));
            }
        } else {
            const uint32_t *p = in->op == SI_OP_v_subb_u32 ? a : b, *q = in->op == SI_OP_v_subb_u32 ? b : a;
            ALL(l) {
                uint32_t d1 = p[l] - q[l], d2 = d1 - (ci[l] & 1);
                R[l] = d2;
                t[l] = -(uint32_t)((q[l] > p[l]) | (d2 > d1));
            }
        }
        *carry = lanes_pack(t);
        *has_carry = 1;
        break;
    }

    /* ---------------- integer multiply ---------------- */
    case SI_OP_v_mul_i32_i24:
        ALL(l) R[l] = (uint32_t)((int64_t)sext24(a[l]) * sext24(b[l]));
        break;
    case SI_OP_v_mul_hi_i32_i24:
        ALL(l) R[l] = (uint32_t)(((int64_t)sext24(a[l]) * sext24(b[l])) >> 32);
        break;
    case SI_OP_v_mul_u32_u24:
        ALL(l) R[l] = (a[l] & 0xffffffu) * (b[l] & 0xffffffu);
        break;
    case SI_OP_v_mul_hi_u32_u24:
        ALL(l) R[l] = (uint32_t)(((uint64_t)(a[l] & 0xffffffu) * (b[l] & 0xffffffu)) >> 32);
        break;
    case SI_OP_v_mad_i32_i24:
        ALL(l) R[l] = (uint32_t)((int64_t)sext24(a[l]) * sext24(b[l])) + c[l];
        break;
    case SI_OP_v_mad_u32_u24:
        ALL(l) R[l] = (a[l] & 0xffffffu) * (b[l] & 0xffffffu) + c[l];
        break;
    case SI_OP_v_mul_lo_u32:
    case SI_OP_v_mul_lo_i32:
        ALL(l) R[l] = a[l] * b[l];
        break;
    case SI_OP_v_mul_hi_u32:
        ALL(l) R[l] = (uint32_t)(((uint64_t)a[l] * b[l]) >> 32);
        break;
    case SI_OP_v_mul_hi_i32:
        ALL(l) R[l] = (uint32_t)((uint64_t)((int64_t)(int32_t)a[l] * (int32_t)b[l]) >> 32);
        break;

    /* ---------------- integer min/max ---------------- */
    case SI_OP_v_min_i32: ALL(l) R[l] = (uint32_t)imin((int32_t)a[l], (int32_t)b[l]); break;
    case SI_OP_v_max_i32: ALL(l) R[l] = (uint32_t)imax((int32_t)a[l], (int32_t)b[l]); break;
    case SI_OP_v_min_u32: ALL(l) R[l] = umin(a[l], b[l]); break;
    case SI_OP_v_max_u32: ALL(l) R[l] = umax(a[l], b[l]); break;
    case SI_OP_v_min3_i32:
        ALL(l) R[l] = (uint32_t)imin(imin((int32_t)a[l], (int32_t)b[l]), (int32_t)c[l]);
        break;
    case SI_OP_v_max3_i32:
        ALL(l) R[l] = (uint32_t)imax(imax((int32_t)a[l], (int32_t)b[l]), (int32_t)c[l]);
        break;
    case SI_OP_v_med3_i32:
        ALL(l) R[l] = (uint32_t)imed3((int32_t)a[l], (int32_t)b[l], (int32_t)c[l]);
        break;
    case SI_OP_v_min3_u32: ALL(l) R[l] = umin(umin(a[l], b[l]), c[l]); break;
    case SI_OP_v_max3_u32: ALL(l) R[l] = umax(umax(a[l], b[l]), c[l]); break;
    case SI_OP_v_med3_u32: ALL(l) R[l] = umed3(a[l], b[l], c[l]); break;

    /* ---------------- shifts (amount masked to 5 / 6 bits) ---------------- */
    /* (a shift amount that is one scalar for every lane shifts all lanes
     * alike: SSE2 vectorises that, not per-lane amounts) */
#define SHIFT(amt, i, mask, expr)                                                                      \
    do {                                                                                               \
        if (x->uni[i]) {                                                                               \
            unsigned k = x->uval[i] & (mask);                                                          \
            ALL(l) expr(k);                                                                            \
        } else {                                                                                       \
            ALL(l) expr((amt)[l] & (mask));                                                            \
        }                                                                                              \
    } while (0)
#define E_LSHL(k) R[l] = a[l] << (k)
#define E_LSHLREV(k) R[l] = b[l] << (k)
#define E_LSHR(k) R[l] = a[l] >> (k)
#define E_LSHRREV(k) R[l] = b[l] >> (k)
#define E_ASHR(k) R[l] = (uint32_t)((int32_t)a[l] >> (k))
#define E_ASHRREV(k) R[l] = (uint32_t)((int32_t)b[l] >> (k))
#define E_LSHL64(k) R64[l] = A[l] << (k)
#define E_LSHR64(k) R64[l] = A[l] >> (k)
#define E_ASHR64(k) R64[l] = (uint64_t)((int64_t)A[l] >> (k))
    case SI_OP_v_lshl_b32:    SHIFT(b, 1, 31, E_LSHL); break;
    case SI_OP_v_lshlrev_b32: SHIFT(a, 0, 31, E_LSHLREV); break;
    case SI_OP_v_lshr_b32:    SHIFT(b, 1, 31, E_LSHR); break;
    case SI_OP_v_lshrrev_b32: SHIFT(a, 0, 31, E_LSHRREV); break;
    case SI_OP_v_ashr_i32:    SHIFT(b, 1, 31, E_ASHR); break;
    case SI_OP_v_ashrrev_i32: SHIFT(a, 0, 31, E_ASHRREV); break;
    case SI_OP_v_lshl_b64:    SHIFT(b, 1, 63, E_LSHL64); break;
    case SI_OP_v_lshr_b64:    SHIFT(b, 1, 63, E_LSHR64); break;
    case SI_OP_v_ashr_i64:    SHIFT(b, 1, 63, E_ASHR64); break;
#undef SHIFT
#undef E_LSHL
#undef E_LSHLREV
#undef E_LSHR
#undef E_LSHRREV
#undef E_ASHR
#undef E_ASHRREV
#undef E_LSHL64
#undef E_LSHR64
#undef E_ASHR64

    default:
        return 0;
    }
    return 1;
}

/* VALU ops, bit logic, sums of absolute differences, packing: 1 done, 0 not one of these, -1 error */
static int valu_int_bits(vx *x, uint64_t *carry, int *has_carry)
{
    VALU_GROUP_OPERANDS(x);
    switch (in->op) {
    /* ---------------- bit logic ---------------- */
    case SI_OP_v_and_b32: ALL(l) R[l] = a[l] & b[l]; break;
    case SI_OP_v_or_b32:  ALL(l) R[l] = a[l] | b[l]; break;
    case SI_OP_v_xor_b32: ALL(l) R[l] = a[l] ^ b[l]; break;
    case SI_OP_v_not_b32: ALL(l) R[l] = ~a[l]; break;
    case SI_OP_v_bfm_b32:
        ALL(l) R[l] = ((1u << (a[l] & 31)) - 1u) << (b[l] & 31);
        break;
    case SI_OP_v_bfe_u32: ALL(l) R[l] = bfe_u32(a[l], b[l], c[l]); break;
    case SI_OP_v_bfe_i32: ALL(l) R[l] = bfe_i32(a[l], b[l], c[l]); break;
    case SI_OP_v_bfi_b32: ALL(l) R[l] = (a[l] & b[l]) | (~a[l] & c[l]); break;
    case SI_OP_v_bfrev_b32: ALL(l) R[l] = bitrev32(a[l]); break;
    case SI_OP_v_bcnt_u32_b32:
        ALL(l) R[l] = (uint32_t)__builtin_popcount(a[l]) + b[l];
        break;
    case SI_OP_v_mbcnt_lo_u32_b32:
        /* count of bits in src0 below this lane (lanes 0..31) */
        ALL(l) {
            uint32_t msk = l >= 32 ? 0xffffffffu : (uint32_t)((1ull << l) - 1);
            R[l] = (uint32_t)__builtin_popcount(a[l] & msk) + b[l];
        }
        break;
    case SI_OP_v_mbcnt_hi_u32_b32:
        /* count of bits in src0 below this lane (lanes 32..63) */
        ALL(l) {
            uint32_t msk = l < 32 ? 0u : (uint32_t)((1ull << (l - 32)) - 1);
            R[l] = (uint32_t)__builtin_popcount(a[l] & msk) + b[l];
        }
        break;
    case SI_OP_v_ffbh_u32: ALL(l) R[l] = ffbh_u32(a[l]); break;
    case SI_OP_v_ffbl_b32: ALL(l) R[l] = ffbl_b32(a[l]); break;
    case SI_OP_v_ffbh_i32: ALL(l) R[l] = ffbh_i32(a[l]); break;
    case SI_OP_v_alignbit_b32:
        ALL(l) R[l] = (uint32_t)((((uint64_t)a[l] << 32) | b[l]) >> (c[l] & 31));
        break;
    case SI_OP_v_alignbyte_b32:
        ALL(l) R[l] = (uint32_t)((((uint64_t)a[l] << 32) | b[l]) >> ((c[l] & 3) * 8));
        break;

    /* ---------------- sums of absolute differences ---------------- */
    case SI_OP_v_sad_u8:    ALL(l) R[l] = sad_u8(a[l], b[l]) + c[l]; break;
    case SI_OP_v_sad_hi_u8: ALL(l) R[l] = (sad_u8(a[l], b[l]) << 16) + c[l]; break;
    case SI_OP_v_sad_u16:
        ALL(l) R[l] = absdiff(a[l] & 0xffff, b[l] & 0xffff) + absdiff(a[l] >> 16, b[l] >> 16) + c[l];
        break;
    case SI_OP_v_sad_u32: ALL(l) R[l] = absdiff(a[l], b[l]) + c[l]; break;
    case SI_OP_v_msad_u8: ALL(l) R[l] = msad_u8(a[l], b[l]) + c[l]; break;
    case SI_OP_v_lerp_u8: ALL(l) R[l] = lerp_u8(a[l], b[l], c[l]); break;
    case SI_OP_v_qsad_u8:
    case SI_OP_v_mqsad_pk_u16_u8: {
        /* four 16-bit accumulators: field i = sad(S0 >> 8i, S1) + S2[16i+15:16i] */
        int masked = in->op != SI_OP_v_qsad_u8;
        ALL(l) {
            uint64_t r = 0;
            for (int i = 0; i < 4; i++) {
                uint32_t s0 = (uint32_t)(A[l] >> (8 * i));
                uint32_t acc = (uint32_t)(C[l] >> (16 * i)) & 0xffff;
                acc += masked ? msad_u8(s0, b[l]) : sad_u8(s0, b[l]);
                r |= (uint64_t)(acc & 0xffff) << (16 * i);
            }
            R64[l] = r;
        }
        break;
    }

    /* ---------------- packing ---------------- */
    case SI_OP_v_cvt_pk_u16_u32:
        ALL(l) R[l] = umin(a[l], 0xffff) | (umin(b[l], 0xffff) << 16);
        break;
    case SI_OP_v_cvt_pk_i16_i32:
        ALL(l) {
            int32_t lo = imax(imin((int32_t)a[l], 32767), -32768);
            int32_t hi = imax(imin((int32_t)b[l], 32767), -32768);
            R[l] = ((uint32_t)lo & 0xffff) | ((uint32_t)hi << 16);
        }
        break;
    case SI_OP_v_cvt_pkrtz_f16_f32:
        ACT(x, l) R[l] = si_cvt_pkrtz_f16_f32(a[l], b[l], m);
        break;
    case SI_OP_v_cvt_pknorm_i16_f32:
        ACT(x, l) R[l] = f32_to_norm16(a[l], 0x46fffe00u /* 32767.0 */, -32767, 32767, m) |
                         (f32_to_norm16(b[l], 0x46fffe00u, -32767, 32767, m) << 16);
        break;
    case SI_OP_v_cvt_pknorm_u16_f32:
        ACT(x, l) R[l] = f32_to_norm16(a[l], 0x477fff00u /* 65535.0 */, 0, 65535, m) |
                         (f32_to_norm16(b[l], 0x477fff00u, 0, 65535, m) << 16);
        break;
    case SI_OP_v_cvt_pk_u8_f32:
        ACT(x, l) {
            unsigned sh = (b[l] & 3) * 8;
            R[l] = (c[l] & ~(0xffu << sh)) | (f32_to_u8(a[l], m) << sh);
        }
        break;
    case SI_OP_v_cvt_pkaccum_u8_f32: {
        /* the untouched bytes come from the destination itself */
        unsigned r;
        if (vgpr_index(x, in->dst, 1, &r))
            return -1;
        const uint32_t *d = w->v[r];
        ACT(x, l) {
            unsigned sh = (b[l] & 3) * 8;
            R[l] = (d[l] & ~(0xffu << sh)) | (f32_to_u8(a[l], m) << sh);
        }
        break;
    }

    default:
        return 0;
    }
    return 1;
}

/* VALU ops, f32 arithmetic, cube map: 1 done, 0 not one of these, -1 error */
static int valu_f32_arith(vx *x, uint64_t *carry, int *has_carry)
{
    VALU_GROUP_OPERANDS(x);
    switch (in->op) {
    /* ---------------- f32 arithmetic ---------------- */
    case SI_OP_v_add_f32:
        HOST_OR_EXACT(x, m->round32 == SI_RND_NE, host_add32(R, a, b, 0, m->denorm32), l, R[l] = si_f32_add(a[l], b[l], m));
        break;
    case SI_OP_v_sub_f32:
        HOST_OR_EXACT(x, m->round32 == SI_RND_NE, host_add32(R, a, b, 1, m->denorm32), l, R[l] = si_f32_sub(a[l], b[l], m));
        break;
    case SI_OP_v_subrev_f32:
        HOST_OR_EXACT(x, m->round32 == SI_RND_NE, host_add32(R, b, a, 1, m->denorm32), l, R[l] = si_f32_sub(b[l], a[l], m));
        break;
    case SI_OP_v_mul_f32:
        HOST_OR_EXACT(x, m->round32 == SI_RND_NE, host_mul32(R, a, b, m->denorm32), l, R[l] = si_f32_mul(a[l], b[l], m));
        break;
    case SI_OP_v_mul_legacy_f32: ACT(x, l) R[l] = si_f32_mul_legacy(a[l], b[l], m); break;
    case SI_OP_v_min_f32: ACT(x, l) R[l] = si_f32_min(a[l], b[l], m); break;
    case SI_OP_v_max_f32: ACT(x, l) R[l] = si_f32_max(a[l], b[l], m); break;
    case SI_OP_v_min_legacy_f32: ACT(x, l) R[l] = si_f32_min_legacy(a[l], b[l], m); break;
    case SI_OP_v_max_legacy_f32: ACT(x, l) R[l] = si_f32_max_legacy(a[l], b[l], m); break;
    case SI_OP_v_min3_f32: ACT(x, l) R[l] = si_f32_min3(a[l], b[l], c[l], m); break;
    case SI_OP_v_max3_f32: ACT(x, l) R[l] = si_f32_max3(a[l], b[l], c[l], m); break;
    case SI_OP_v_med3_f32: ACT(x, l) R[l] = si_f32_med3(a[l], b[l], c[l], m); break;
    case SI_OP_v_mad_f32:
        HOST_OR_EXACT(x, m->round32 == SI_RND_NE, host_mad32(R, a, b, c), l,
                      R[l] = si_f32_mad(a[l], b[l], c[l], m));
        break;
    case SI_OP_v_mad_legacy_f32: ACT(x, l) R[l] = si_f32_mad_legacy(a[l], b[l], c[l], m); break;
    case SI_OP_v_fma_f32:
        HOST_OR_EXACT(x, m->round32 == SI_RND_NE && si_host_fma_ok(), host_fma32(R, a, b, c, m->denorm32), l,
                      R[l] = si_f32_fma(a[l], b[l], c[l], m));
        break;
    case SI_OP_v_mac_f32:
    case SI_OP_v_mac_legacy_f32: {
        /* dst is also the addend (src2); VOP3 modifiers for src2 apply to it */
        if (fetch32(x, 2, in->dst, K_F32))
            return -1;
        const uint32_t *d = x->sp[2]; /* fetched just now: not `c` */
        if (in->op == SI_OP_v_mac_f32)
            HOST_OR_EXACT(x, m->round32 == SI_RND_NE, host_mad32(R, a, b, d), l,
                          R[l] = si_f32_mad(a[l], b[l], d[l], m));
        else
            ACT(x, l) R[l] = si_f32_mad_legacy(a[l], b[l], d[l], m);
        break;
    }
    case SI_OP_v_madmk_f32: /* D = S0 * K + S1 */
        ACT(x, l) R[l] = si_f32_mad(a[l], in->lit, b[l], m);
        break;
    case SI_OP_v_madak_f32: /* D = S0 * S1 + K */
        ACT(x, l) R[l] = si_f32_mad(a[l], b[l], in->lit, m);
        break;
    case SI_OP_v_mullit_f32:
        /* D = (S2 > 0) ? legacy S0*S1 : -FLT_MAX (DX lit) */
        ACT(x, l) {
            if (!f32_isnan(c[l]) && !(c[l] >> 31) && (c[l] & 0x7fffffffu) != 0)
                R[l] = si_f32_mul_legacy(a[l], b[l], m);
            else
                R[l] = 0xff7fffffu;
        }
        break;
    case SI_OP_v_ldexp_f32: ACT(x, l) R[l] = si_f32_ldexp(a[l], (int32_t)b[l], m); break;
    case SI_OP_v_div_fixup_f32: ACT(x, l) R[l] = si_f32_div_fixup(a[l], b[l], c[l], m); break;
    case SI_OP_v_div_fmas_f32: {
        uint64_t vcc = si_vcc(w);  /* always VCC, also in VOP3 */
        ACT(x, l) R[l] = si_f32_div_fmas(a[l], b[l], c[l], (int)((vcc >> l) & 1), m);
        break;
    }
    case SI_OP_v_div_scale_f32:
        ACT(x, l) {
            int f = 0;
            R[l] = si_f32_div_scale(a[l], b[l], c[l], &f, m);
            *carry |= (uint64_t)(f != 0) << l;
        }
        *has_carry = 1;
        break;

    /* ---------------- cube map ---------------- */
    case SI_OP_v_cubeid_f32:
        ACT(x, l) {
            int ax = cube_axis(a[l], b[l], c[l]);
            uint32_t v = ax == 2 ? c[l] : ax == 1 ? b[l] : a[l];
            /* face = 2*axis + (v < 0): 0.0 .. 5.0 */
            R[l] = si_cvt_f32_u32((uint32_t)(2 * ax + !f32_ge0(v)), m);
        }
        break;
    case SI_OP_v_cubesc_f32:
        ACT(x, l) {
            int ax = cube_axis(a[l], b[l], c[l]);
            if (ax == 2)
                R[l] = f32_ge0(c[l]) ? a[l] : a[l] ^ 0x80000000u;
            else if (ax == 1)
                R[l] = a[l];
            else
                R[l] = f32_ge0(a[l]) ? c[l] ^ 0x80000000u : c[l];
        }
        break;
    case SI_OP_v_cubetc_f32:
        ACT(x, l) {
            int ax = cube_axis(a[l], b[l], c[l]);
            if (ax == 1)
                R[l] = f32_ge0(b[l]) ? c[l] : c[l] ^ 0x80000000u;
            else
                R[l] = b[l] ^ 0x80000000u;
        }
        break;
    case SI_OP_v_cubema_f32:
        ACT(x, l) {
            int ax = cube_axis(a[l], b[l], c[l]);
            uint32_t v = ax == 2 ? c[l] : ax == 1 ? b[l] : a[l];
            R[l] = si_f32_mul(v, 0x40000000u /* 2.0 */, m);
        }
        break;

    default:
        return 0;
    }
    return 1;
}

/* VALU ops, f32 unary, conversions: 1 done, 0 not one of these, -1 error */
static int valu_f32_unary(vx *x, uint64_t *carry, int *has_carry)
{
    VALU_GROUP_OPERANDS(x);
    switch (in->op) {
    /* ---------------- f32 unary ---------------- */
    case SI_OP_v_fract_f32: ACT(x, l) R[l] = si_f32_fract(a[l], m); break;
    case SI_OP_v_trunc_f32:
        HOST_OR_EXACT(x, 1, host_rint32(R, a, RINT_TRUNC, m->denorm32), l, R[l] = si_f32_trunc(a[l], m));
        break;
    case SI_OP_v_ceil_f32:
        HOST_OR_EXACT(x, 1, host_rint32(R, a, RINT_CEIL, m->denorm32), l, R[l] = si_f32_ceil(a[l], m));
        break;
    case SI_OP_v_rndne_f32:
        HOST_OR_EXACT(x, 1, host_rint32(R, a, RINT_NE, m->denorm32), l, R[l] = si_f32_rndne(a[l], m));
        break;
    case SI_OP_v_floor_f32:
        HOST_OR_EXACT(x, 1, host_rint32(R, a, RINT_FLOOR, m->denorm32), l, R[l] = si_f32_floor(a[l], m));
        break;
    case SI_OP_v_exp_f32:   ACT(x, l) R[l] = si_f32_exp(a[l], m); break;
    case SI_OP_v_log_f32:   ACT(x, l) R[l] = si_f32_log(a[l], m); break;
    case SI_OP_v_log_clamp_f32: ACT(x, l) R[l] = si_f32_log_clamp(a[l], m); break;
    case SI_OP_v_rcp_f32:   ACT(x, l) R[l] = si_f32_rcp(a[l], m); break;
    case SI_OP_v_rcp_clamp_f32: ACT(x, l) R[l] = si_f32_rcp_clamp(a[l], m); break;
    case SI_OP_v_rcp_legacy_f32: ACT(x, l) R[l] = si_f32_rcp_legacy(a[l], m); break;
    case SI_OP_v_rcp_iflag_f32: ACT(x, l) R[l] = si_f32_rcp_iflag(a[l], m); break;
    case SI_OP_v_rsq_f32:   ACT(x, l) R[l] = si_f32_rsq(a[l], m); break;
    case SI_OP_v_rsq_clamp_f32: ACT(x, l) R[l] = si_f32_rsq_clamp(a[l], m); break;
    case SI_OP_v_rsq_legacy_f32: ACT(x, l) R[l] = si_f32_rsq_legacy(a[l], m); break;
    case SI_OP_v_sqrt_f32:  ACT(x, l) R[l] = si_f32_sqrt(a[l], m); break;
    case SI_OP_v_sin_f32:   ACT(x, l) R[l] = si_f32_sin(a[l], m); break;
    case SI_OP_v_cos_f32:   ACT(x, l) R[l] = si_f32_cos(a[l], m); break;
    case SI_OP_v_frexp_mant_f32: ACT(x, l) R[l] = si_f32_frexp_mant(a[l], m); break;
    case SI_OP_v_frexp_exp_i32_f32: ACT(x, l) R[l] = (uint32_t)si_f32_frexp_exp(a[l], m); break;

    /* ---------------- conversions ---------------- */
    case SI_OP_v_cvt_f32_i32:
        HOST_OR_EXACT(x, m->round32 == SI_RND_NE, host_cvt_f32_i32(R, a), l,
                      R[l] = si_cvt_f32_i32((int32_t)a[l], m));
        break;
    case SI_OP_v_cvt_f32_u32:
        HOST_OR_EXACT(x, m->round32 == SI_RND_NE, host_cvt_f32_u32(R, a), l, R[l] = si_cvt_f32_u32(a[l], m));
        break;
    case SI_OP_v_cvt_i32_f32:
        HOST_OR_EXACT(x, 1, host_cvt_i32_f32(R, a), l, R[l] = (uint32_t)si_cvt_i32_f32(a[l], m));
        break;
    case SI_OP_v_cvt_u32_f32:
        HOST_OR_EXACT(x, 1, host_cvt_u32_f32(R, a), l, R[l] = si_cvt_u32_f32(a[l], m));
        break;
    case SI_OP_v_cvt_rpi_i32_f32: ACT(x, l) R[l] = (uint32_t)si_cvt_rpi_i32_f32(a[l], m); break;
    case SI_OP_v_cvt_flr_i32_f32: ACT(x, l) R[l] = (uint32_t)si_cvt_flr_i32_f32(a[l], m); break;
    case SI_OP_v_cvt_f16_f32: ACT(x, l) R[l] = si_cvt_f16_f32(a[l], m); break;
    case SI_OP_v_cvt_f32_f16: ACT(x, l) R[l] = si_cvt_f32_f16(a[l], m); break;
    case SI_OP_v_cvt_off_f32_i4: ACT(x, l) R[l] = si_cvt_off_f32_i4(a[l], m); break;
    case SI_OP_v_cvt_f32_ubyte0: ACT(x, l) R[l] = si_cvt_f32_u32(a[l] & 0xff, m); break;
    case SI_OP_v_cvt_f32_ubyte1: ACT(x, l) R[l] = si_cvt_f32_u32((a[l] >> 8) & 0xff, m); break;
    case SI_OP_v_cvt_f32_ubyte2: ACT(x, l) R[l] = si_cvt_f32_u32((a[l] >> 16) & 0xff, m); break;
    case SI_OP_v_cvt_f32_ubyte3: ACT(x, l) R[l] = si_cvt_f32_u32(a[l] >> 24, m); break;
    case SI_OP_v_cvt_f32_f64: ACT(x, l) R[l] = si_cvt_f32_f64(A[l], m); break;
    case SI_OP_v_cvt_i32_f64: ACT(x, l) R[l] = (uint32_t)si_cvt_i32_f64(A[l], m); break;
    case SI_OP_v_cvt_u32_f64: ACT(x, l) R[l] = si_cvt_u32_f64(A[l], m); break;
    case SI_OP_v_cvt_f64_f32: ACT(x, l) R64[l] = si_cvt_f64_f32(a[l], m); break;
    case SI_OP_v_cvt_f64_i32: ACT(x, l) R64[l] = si_cvt_f64_i32((int32_t)a[l], m); break;
    case SI_OP_v_cvt_f64_u32: ACT(x, l) R64[l] = si_cvt_f64_u32(a[l], m); break;

    default:
        return 0;
    }
    return 1;
}

/* VALU ops, f64 arithmetic and the division/trig helpers: 1 done, 0 not one of these, -1 error */
static int valu_f64(vx *x, uint64_t *carry, int *has_carry)
{
    VALU_GROUP_OPERANDS(x);
    switch (in->op) {
    /* ---------------- f64 ---------------- */
    case SI_OP_v_add_f64:
        HOST_OR_EXACT(x, m->round64 == SI_RND_NE, host_add64(R64, A, B, m->denorm64), l, R64[l] = si_f64_add(A[l], B[l], m));
        break;
    case SI_OP_v_mul_f64:
        HOST_OR_EXACT(x, m->round64 == SI_RND_NE, host_mul64(R64, A, B, m->denorm64), l, R64[l] = si_f64_mul(A[l], B[l], m));
        break;
    case SI_OP_v_min_f64: ACT(x, l) R64[l] = si_f64_min(A[l], B[l], m); break;
    case SI_OP_v_max_f64: ACT(x, l) R64[l] = si_f64_max(A[l], B[l], m); break;
    case SI_OP_v_fma_f64:
        HOST_OR_EXACT(x, m->round64 == SI_RND_NE && si_host_fma_ok(), host_fma64(R64, A, B, C, m->denorm64), l,
                      R64[l] = si_f64_fma(A[l], B[l], C[l], m));
        break;
    case SI_OP_v_ldexp_f64: ACT(x, l) R64[l] = si_f64_ldexp(A[l], (int32_t)b[l], m); break;
    case SI_OP_v_fract_f64: ACT(x, l) R64[l] = si_f64_fract(A[l], m); break;
    case SI_OP_v_rcp_f64: ACT(x, l) R64[l] = si_f64_rcp(A[l], m); break;
    case SI_OP_v_rcp_clamp_f64: ACT(x, l) R64[l] = si_f64_rcp_clamp(A[l], m); break;
    case SI_OP_v_rsq_f64: ACT(x, l) R64[l] = si_f64_rsq(A[l], m); break;
    case SI_OP_v_rsq_clamp_f64: ACT(x, l) R64[l] = si_f64_rsq_clamp(A[l], m); break;
    case SI_OP_v_sqrt_f64: ACT(x, l) R64[l] = si_f64_sqrt(A[l], m); break;
    case SI_OP_v_frexp_mant_f64: ACT(x, l) R64[l] = si_f64_frexp_mant(A[l], m); break;
    case SI_OP_v_frexp_exp_i32_f64: ACT(x, l) R[l] = (uint32_t)si_f64_frexp_exp(A[l], m); break;
    case SI_OP_v_trig_preop_f64:
        ACT(x, l) R64[l] = si_f64_trig_preop(A[l], (int32_t)(b[l] & 31), m);
        break;
    case SI_OP_v_div_fixup_f64: ACT(x, l) R64[l] = si_f64_div_fixup(A[l], B[l], C[l], m); break;
    case SI_OP_v_div_fmas_f64: {
        uint64_t vcc = si_vcc(w);
        ACT(x, l) R64[l] = si_f64_div_fmas(A[l], B[l], C[l], (int)((vcc >> l) & 1), m);
        break;
    }
    case SI_OP_v_div_scale_f64:
        ACT(x, l) {
            int f = 0;
            R64[l] = si_f64_div_scale(A[l], B[l], C[l], &f, m);
            *carry |= (uint64_t)(f != 0) << l;
        }
        *has_carry = 1;
        break;

    default:
        return 0;
    }
    return 1;
}

/* The f64 or f32 direct path that has an op (learnt on its first
 * execution; relaxed atomics as si_group_cached): 0 not known yet, 1 none. */
enum { P_UNKNOWN, P_GENERAL, P_F64, P_F32 };
static unsigned valu_path(unsigned op)
{
    static uint8_t path_of[SI_OP_COUNT];
    unsigned p = __atomic_load_n(&path_of[op], __ATOMIC_RELAXED);
    if (p == P_UNKNOWN) {
        p = si_valu_direct64_takes(op) ? P_F64
            : si_valu_direct32_takes(op) ? P_F32 : P_GENERAL;
        __atomic_store_n(&path_of[op], (uint8_t)p, __ATOMIC_RELAXED);
    }
    return p;
}

unsigned si_valu_path(unsigned op)
{
    return si_valu_direct_takes(op) ? SI_VALU_INT : si_valu_direct64_takes(op) ? SI_VALU_F64
           : si_valu_direct32_takes(op) ? SI_VALU_F32 : SI_VALU_GENERAL;
}

int si_exec_valu_int(si_emu *e, si_wave *w, const si_inst *in, si_retire *rec)
{
    return si_valu_direct(w, in) ? 0 : si_valu_general(e, w, in, rec);
}

int si_exec_valu_f64(si_emu *e, si_wave *w, const si_inst *in, si_retire *rec)
{
    return si_valu_direct64(w, in) ? 0 : si_valu_general(e, w, in, rec);
}

int si_exec_valu_f32(si_emu *e, si_wave *w, const si_inst *in, si_retire *rec)
{
    return si_valu_direct32(w, in) ? 0 : si_valu_general(e, w, in, rec);
}

int si_exec_valu(si_emu *e, si_wave *w, const si_inst *in, si_retire *rec)
{
    if (si_valu_direct(w, in)) /* the most frequent ops first */
        return 0;
    if (in->op < SI_OP_COUNT) {
        switch (valu_path(in->op)) {
        case P_F64: if (si_valu_direct64(w, in)) return 0; break;
        case P_F32: if (si_valu_direct32(w, in)) return 0; break;
        default: break;
        }
    }
    return si_valu_general(e, w, in, rec);
}

int si_valu_general(si_emu *e, si_wave *w, const si_inst *in, si_retire *rec)
{
    if (in->op >= SI_OP_COUNT)
        return si_emu_fail(e, w, "VALU: invalid instruction (op %u)", in->op);

    vx xs, *x = &xs;   /* no memset: the arrays are always written before use */
    x->e = e;
    x->w = w;
    x->in = in;
    x->oi = &si_ops[in->op];
    x->exec = si_exec(w);
    x->vop3 = in->fmt == SI_FMT_VOP3A || in->fmt == SI_FMT_VOP3B;
    x->sp[0] = x->s[0], x->sp[1] = x->s[1], x->sp[2] = x->s[2];
    x->uni[0] = x->uni[1] = x->uni[2] = 0;

    const si_opinfo *oi = x->oi;
    unsigned nfmt = oi->fmt;
    if (nfmt != SI_FMT_VOP1 && nfmt != SI_FMT_VOP2 && nfmt != SI_FMT_VOPC &&
        nfmt != SI_FMT_VOP3A && nfmt != SI_FMT_VOP3B)
        return si_emu_fail(e, w, "VALU: %s is not a vector ALU instruction", oi->name);

    int handled;
    int rc = exec_special(x, &handled);
    if (handled)
        return rc;

    x->fm = si_fpm_from_mode(w->mode);
    if (nfmt == SI_FMT_VOPC)
        return exec_vopc(x);

    /* Number of encoded sources: VOP1 1, VOP2 2, VOP3-only up to 3 (kinds
     * from the table).  Lane masks (cndmask/addc/subb src2, VCC) are read
     * by the operations themselves. */
    unsigned nsrc = nfmt == SI_FMT_VOP1 ? 1 : nfmt == SI_FMT_VOP2 ? 2 : 3;
    for (unsigned i = 0; i < nsrc; i++) {
        unsigned k = oi->src[i];
        if (k == K_NONE)
            continue;
        if (SI_OPK_W(k) == 2) {
            if (fetch64(x, (int)i, in->src[i], k))
                return -1;
        } else if (fetch32(x, (int)i, in->src[i], k)) {
            return -1;
        }
    }

    const si_fpm *m = &x->fm;
    uint32_t *R = x->r;
    uint64_t *R64 = x->r64;
    uint64_t carry = 0;       /* carry-out / div_scale flag bits  */
    int has_carry = 0;
    int is64 = SI_OPK_W(oi->dst) == 2;

    /* the op's group of operations (each a switch over its ops) */
    static int (*const groups[])(vx *, uint64_t *, int *) = {valu_int_arith, valu_int_bits, valu_f32_arith,
                                                             valu_f32_unary, valu_f64};
    static uint8_t group_of[SI_OP_COUNT]; /* 1 + the group that handles the op, 0 unknown */
    unsigned known = si_group_cached(group_of, in->op);
    int done = known ? groups[known - 1](x, &carry, &has_carry) : 0;
    for (size_t g = 0; g < sizeof groups / sizeof groups[0] && !done; g++) {
        done = groups[g](x, &carry, &has_carry);
        if (done > 0)
            si_group_learn(group_of, in->op, (unsigned)g + 1);
    }
    if (done < 0)
        return -1;
    if (!done)
        return si_emu_fail(e, w, "VALU: %s is not implemented", oi->name);

    /* Output modifiers (VOP3 only) on float results. */
    if (x->vop3 && (in->omod || in->clamp) && is_f_kind(oi->dst)) {
        if (is64)
            ACT(x, l) R64[l] = si_f64_omod_clamp(R64[l], in->omod, in->clamp, m);
        else
            ACT(x, l) R[l] = si_f32_omod_clamp(R[l], in->omod, in->clamp, m);
    }

    rc = is64 ? write_v64(x, in->dst, R64, x->exec) : write_v32(x, in->dst, R, x->exec);
    if (rc)
        return rc;

    if (has_carry) {
        /* e32: VCC; VOP3b: sdst.  Inactive-lane bits are zeroed. */
        write_mask(x, x->vop3 ? in->sdst : SI_SRC_VCC_LO, carry & x->exec);
    }
    return 0;
}
