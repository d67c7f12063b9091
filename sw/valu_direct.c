/* sicu: the VALU's direct path for the most frequent integer operations
 * (docs/execution-model.md, "Emulator performance", third round).
 *
 * The general path (sw/valu.c) materialises every source as a 64-lane
 * array, computes into a result buffer, then blends it into the
 * destination.  Here the operation is computed four lanes at a time with
 * SSE2 straight from the VGPR rows (a scalar or constant source is one
 * broadcast register) into the destination row, blended with EXEC on the
 * way: each group of four lanes is read before it is written, so a
 * destination that is also a source is fine.  Same results as the general
 * path (tests/unit/test_valu_direct.c compares the two on random states);
 * anything unusual (an operand outside the VGPR allocation, per-lane shift
 * amounts, other operations) is left to it.
 */
#include "sicu/emu.h"
#include "operand.h"
#include "valu_direct.h"

#ifdef __SSE2__
#include <emmintrin.h>

#define NL SI_WAVE_LANES

enum dop {
    D_NONE, D_MOV, D_ADD, D_SUB, D_SUBREV, D_ADDC, D_CNDMASK, D_AND, D_OR, D_XOR,
    D_LSHLREV, D_LSHRREV, D_ASHRREV, D_MULLO, D_MULHI, D_MUL24, D_CMP_U, D_CMP_I
};

/* The direct operation of an op, D_NONE when it has none. */
static enum dop direct_op(unsigned op)
{
    switch (op) {
    case SI_OP_v_mov_b32: return D_MOV;
    case SI_OP_v_add_i32: return D_ADD;
    case SI_OP_v_sub_i32: return D_SUB;
    case SI_OP_v_subrev_i32: return D_SUBREV;
    case SI_OP_v_addc_u32: return D_ADDC;
    case SI_OP_v_cndmask_b32: return D_CNDMASK;
    case SI_OP_v_and_b32: return D_AND;
    case SI_OP_v_or_b32: return D_OR;
    case SI_OP_v_xor_b32: return D_XOR;
    case SI_OP_v_lshlrev_b32: return D_LSHLREV;
    case SI_OP_v_lshrrev_b32: return D_LSHRREV;
    case SI_OP_v_ashrrev_i32: return D_ASHRREV;
    case SI_OP_v_mul_lo_u32: case SI_OP_v_mul_lo_i32: return D_MULLO;
    case SI_OP_v_mul_hi_u32: return D_MULHI;
    case SI_OP_v_mul_u32_u24: return D_MUL24;
    case SI_OP_v_cmp_lt_u32: case SI_OP_v_cmp_eq_u32: case SI_OP_v_cmp_le_u32: case SI_OP_v_cmp_gt_u32:
    case SI_OP_v_cmp_ne_u32: case SI_OP_v_cmp_ge_u32: case SI_OP_v_cmpx_lt_u32: case SI_OP_v_cmpx_eq_u32:
    case SI_OP_v_cmpx_le_u32: case SI_OP_v_cmpx_gt_u32: case SI_OP_v_cmpx_ne_u32: case SI_OP_v_cmpx_ge_u32:
        return D_CMP_U;
    case SI_OP_v_cmp_lt_i32: case SI_OP_v_cmp_eq_i32: case SI_OP_v_cmp_le_i32: case SI_OP_v_cmp_gt_i32:
    case SI_OP_v_cmp_ne_i32: case SI_OP_v_cmp_ge_i32: case SI_OP_v_cmpx_lt_i32: case SI_OP_v_cmpx_eq_i32:
    case SI_OP_v_cmpx_le_i32: case SI_OP_v_cmpx_gt_i32: case SI_OP_v_cmpx_ne_i32: case SI_OP_v_cmpx_ge_i32:
        return D_CMP_I;
    default: return D_NONE;
    }
}

/* A source: its VGPR row, or one value for every lane (step 0). */
typedef struct dsrc {
    const uint32_t *p;
    unsigned step;     /* 4 for a row, 0 for a broadcast */
    uint32_t one[8];
} dsrc;

static inline int dsrc_get(dsrc *s, const si_wave *w, const si_inst *in, unsigned code)
{
    if (code >= SI_SRC_VGPR0) {
        unsigned r = code - SI_SRC_VGPR0;
        if (r >= w->nvgpr)
            return -1;
        s->p = w->v[r];
        s->step = 4;
    } else {
        uint32_t v = si_rd_s32(w, in, code);
        for (unsigned k = 0; k < 8; k++)
            s->one[k] = v;
        s->p = s->one;
        s->step = 0;
    }
    return 0;
}

/* Lane flags of 4 lanes from 4 mask bits. */
#define Q4(i) {-(uint32_t)((i) & 1), -(uint32_t)((i) >> 1 & 1), -(uint32_t)((i) >> 2 & 1), -(uint32_t)((i) >> 3 & 1)}
static const uint32_t q4[16][4] __attribute__((aligned(16))) = {
    Q4(0), Q4(1), Q4(2), Q4(3), Q4(4), Q4(5), Q4(6), Q4(7),
    Q4(8), Q4(9), Q4(10), Q4(11), Q4(12), Q4(13), Q4(14), Q4(15)};
#undef Q4

static inline __m128i flags4(uint64_t mask, unsigned g)
{
    return _mm_load_si128((const __m128i *)q4[(mask >> (4 * g)) & 15]);
}

/* a > b as unsigned 32-bit lanes. */
static inline __m128i gtu(__m128i a, __m128i b)
{
    const __m128i bias = _mm_set1_epi32((int)0x80000000u);
    return _mm_cmpgt_epi32(_mm_xor_si128(a, bias), _mm_xor_si128(b, bias));
}

/* Products of the even lanes and of the odd lanes (64 bits each). */
static inline __m128i mul_lo(__m128i a, __m128i b)
{
    __m128i e = _mm_mul_epu32(a, b), o = _mm_mul_epu32(_mm_srli_epi64(a, 32), _mm_srli_epi64(b, 32));
    return _mm_unpacklo_epi32(_mm_shuffle_epi32(e, _MM_SHUFFLE(0, 0, 2, 0)), _mm_shuffle_epi32(o, _MM_SHUFFLE(0, 0, 2, 0)));
}
static inline __m128i mul_hi(__m128i a, __m128i b)
{
    __m128i e = _mm_mul_epu32(a, b), o = _mm_mul_epu32(_mm_srli_epi64(a, 32), _mm_srli_epi64(b, 32));
    return _mm_unpacklo_epi32(_mm_shuffle_epi32(e, _MM_SHUFFLE(0, 0, 3, 1)), _mm_shuffle_epi32(o, _MM_SHUFFLE(0, 0, 3, 1)));
}

/* Four lanes of op: the result, *c the carry-out or compare flags. */
static inline __attribute__((always_inline)) __m128i op4(enum dop op, __m128i a, __m128i b, __m128i m, __m128i k,
                                                         __m128i cond, __m128i *c)
{
    switch (op) {
    case D_MOV: return a;
    case D_ADD: {
        __m128i r = _mm_add_epi32(a, b);
        *c = gtu(a, r);
        return r;
    }
    case D_SUB: *c = gtu(b, a); return _mm_sub_epi32(a, b);
    case D_SUBREV: *c = gtu(a, b); return _mm_sub_epi32(b, a);
    case D_ADDC: {
        __m128i s1 = _mm_add_epi32(a, b), s2 = _mm_sub_epi32(s1, m); /* m: -1 where carry-in */
        *c = _mm_or_si128(gtu(a, s1), gtu(s1, s2));
        return s2;
    }
    case D_CNDMASK: return _mm_or_si128(_mm_and_si128(m, b), _mm_andnot_si128(m, a));
    case D_AND: return _mm_and_si128(a, b);
    case D_OR: return _mm_or_si128(a, b);
    case D_XOR: return _mm_xor_si128(a, b);
    case D_LSHLREV: return _mm_sll_epi32(b, k);
    case D_LSHRREV: return _mm_srl_epi32(b, k);
    case D_ASHRREV: return _mm_sra_epi32(b, k);
    case D_MULLO: return mul_lo(a, b);
    case D_MULHI: return mul_hi(a, b);
    case D_MUL24: {
        const __m128i m24 = _mm_set1_epi32(0xffffff);
        return mul_lo(_mm_and_si128(a, m24), _mm_and_si128(b, m24));
    }
    case D_CMP_U: case D_CMP_I: {
        /* cond: the LT, EQ, GT selects of the condition in lanes 0..2 */
        if (op == D_CMP_U) {
            const __m128i bias = _mm_set1_epi32((int)0x80000000u);
            a = _mm_xor_si128(a, bias);
            b = _mm_xor_si128(b, bias);
        }
        __m128i lt = _mm_and_si128(_mm_cmplt_epi32(a, b), _mm_shuffle_epi32(cond, 0x00));
        __m128i eq = _mm_and_si128(_mm_cmpeq_epi32(a, b), _mm_shuffle_epi32(cond, 0x55));
        __m128i gt = _mm_and_si128(_mm_cmpgt_epi32(a, b), _mm_shuffle_epi32(cond, 0xaa));
        *c = _mm_or_si128(_mm_or_si128(lt, eq), gt);
        return a;
    }
    default: return a;
    }
}

/* All 64 lanes of op; the destination row d (NULL for compares) gets the
 * lanes in exec.  Returns the carry-out / compare lane mask (all lanes).
 * The source pointers advance by 4 lanes a row, 0 a broadcast. */
static inline __attribute__((always_inline)) uint64_t run_lanes(enum dop op, uint32_t *d, const dsrc *sa,
                                                                const dsrc *sb, uint64_t exec, uint64_t mask,
                                                                uint32_t amount, unsigned cond, int full)
{
    uint64_t flags = 0;
    const uint32_t *pa = sa->p, *pb = sb->p;
    unsigned ia = sa->step, ib = sb->step;
    __m128i k = _mm_cvtsi32_si128((int)amount);
    __m128i cv = _mm_set_epi32(0, -(int)(cond >> 2 & 1), -(int)(cond >> 1 & 1), -(int)(cond & 1));
    for (unsigned g = 0; g < NL / 4; g++, pa += ia, pb += ib) {
        __m128i A = _mm_loadu_si128((const __m128i *)pa), B = _mm_loadu_si128((const __m128i *)pb);
        __m128i c = _mm_setzero_si128(), m = _mm_setzero_si128();
        if (op == D_CNDMASK || op == D_ADDC)
            m = flags4(mask, g);
        __m128i r = op4(op, A, B, m, k, cv, &c);
        if (op == D_ADD || op == D_SUB || op == D_SUBREV || op == D_ADDC || op == D_CMP_U || op == D_CMP_I)
            flags |= (uint64_t)(unsigned)_mm_movemask_ps(_mm_castsi128_ps(c)) << (4 * g);
        if (op == D_CMP_U || op == D_CMP_I)
            continue;
        if (!full) {
            __m128i e = flags4(exec, g), old = _mm_loadu_si128((const __m128i *)(d + 4 * g));
            r = _mm_or_si128(_mm_and_si128(e, r), _mm_andnot_si128(e, old));
        }
        _mm_storeu_si128((__m128i *)(d + 4 * g), r);
    }
    return flags;
}

/* ---- AVX2: the same eight lanes at a time (run-time CPU check) ---- */
#if defined(__x86_64__) && defined(__GNUC__)
#include <immintrin.h>
#define AVX2 __attribute__((target("avx2")))

AVX2 static inline __m256i flags8(uint64_t mask, unsigned g)
{
    const __m256i bit = _mm256_setr_epi32(1, 2, 4, 8, 16, 32, 64, 128);
    __m256i m = _mm256_set1_epi32((int)((mask >> (8 * g)) & 255));
    return _mm256_cmpeq_epi32(_mm256_and_si256(m, bit), bit);
}

AVX2 static inline __m256i gtu8(__m256i a, __m256i b)
{
    const __m256i bias = _mm256_set1_epi32((int)0x80000000u);
    return _mm256_cmpgt_epi32(_mm256_xor_si256(a, bias), _mm256_xor_si256(b, bias));
}

AVX2 static inline __m256i mul_hi8(__m256i a, __m256i b)
{
    __m256i e = _mm256_mul_epu32(a, b), o = _mm256_mul_epu32(_mm256_srli_epi64(a, 32), _mm256_srli_epi64(b, 32));
    return _mm256_blend_epi32(_mm256_srli_epi64(e, 32), o, 0xaa);
}

AVX2 static inline __attribute__((always_inline)) __m256i op8(enum dop op, __m256i a, __m256i b, __m256i m, __m128i k,
                                                              __m256i clt, __m256i ceq, __m256i cgt, __m256i *c)
{
    switch (op) {
    case D_MOV: return a;
    case D_ADD: {
        __m256i r = _mm256_add_epi32(a, b);
        *c = gtu8(a, r);
        return r;
    }
    case D_SUB: *c = gtu8(b, a); return _mm256_sub_epi32(a, b);
    case D_SUBREV: *c = gtu8(a, b); return _mm256_sub_epi32(b, a);
    case D_ADDC: {
        __m256i s1 = _mm256_add_epi32(a, b), s2 = _mm256_sub_epi32(s1, m);
        *c = _mm256_or_si256(gtu8(a, s1), gtu8(s1, s2));
        return s2;
    }
    case D_CNDMASK: return _mm256_blendv_epi8(a, b, m);
    case D_AND: return _mm256_and_si256(a, b);
    case D_OR: return _mm256_or_si256(a, b);
    case D_XOR: return _mm256_xor_si256(a, b);
    case D_LSHLREV: return _mm256_sll_epi32(b, k);
    case D_LSHRREV: return _mm256_srl_epi32(b, k);
    case D_ASHRREV: return _mm256_sra_epi32(b, k);
    case D_MULLO: return _mm256_mullo_epi32(a, b);
    case D_MULHI: return mul_hi8(a, b);
    case D_MUL24: {
        const __m256i m24 = _mm256_set1_epi32(0xffffff);
        return _mm256_mullo_epi32(_mm256_and_si256(a, m24), _mm256_and_si256(b, m24));
    }
    case D_CMP_U: case D_CMP_I: {
        if (op == D_CMP_U) {
            const __m256i bias = _mm256_set1_epi32((int)0x80000000u);
            a = _mm256_xor_si256(a, bias);
            b = _mm256_xor_si256(b, bias);
        }
        __m256i lt = _mm256_and_si256(_mm256_cmpgt_epi32(b, a), clt);
        __m256i eq = _mm256_and_si256(_mm256_cmpeq_epi32(a, b), ceq);
        __m256i gt = _mm256_and_si256(_mm256_cmpgt_epi32(a, b), cgt);
        *c = _mm256_or_si256(_mm256_or_si256(lt, eq), gt);
        return a;
    }
    default: return a;
    }
}

AVX2 static inline __attribute__((always_inline)) uint64_t run_lanes8(enum dop op, uint32_t *d, const dsrc *sa,
                                                                      const dsrc *sb, uint64_t exec, uint64_t mask,
                                                                      uint32_t amount, unsigned cond, int full)
{
    uint64_t flags = 0;
    const uint32_t *pa = sa->p, *pb = sb->p;
    unsigned ia = 2 * sa->step, ib = 2 * sb->step;
    __m128i k = _mm_cvtsi32_si128((int)amount);
    __m256i clt = _mm256_set1_epi32(-(int)(cond & 1)), ceq = _mm256_set1_epi32(-(int)(cond >> 1 & 1));
    __m256i cgt = _mm256_set1_epi32(-(int)(cond >> 2 & 1));
    for (unsigned g = 0; g < NL / 8; g++, pa += ia, pb += ib) {
        __m256i A = _mm256_loadu_si256((const __m256i *)pa), B = _mm256_loadu_si256((const __m256i *)pb);
        __m256i c = _mm256_setzero_si256(), m = _mm256_setzero_si256();
        if (op == D_CNDMASK || op == D_ADDC)
            m = flags8(mask, g);
        __m256i r = op8(op, A, B, m, k, clt, ceq, cgt, &c);
        if (op == D_ADD || op == D_SUB || op == D_SUBREV || op == D_ADDC || op == D_CMP_U || op == D_CMP_I)
            flags |= (uint64_t)(unsigned)_mm256_movemask_ps(_mm256_castsi256_ps(c)) << (8 * g);
        if (op == D_CMP_U || op == D_CMP_I)
            continue;
        if (full)
            _mm256_storeu_si256((__m256i *)(d + 8 * g), r);
        else
            _mm256_maskstore_epi32((int *)(d + 8 * g), flags8(exec, g), r);
    }
    return flags;
}

#define CASE(op)                                                                                   \
    case op:                                                                                       \
        return exec == ~0ull ? run_lanes8(op, d, a, b, exec, mask, amount, cond, 1)                \
                             : run_lanes8(op, d, a, b, exec, mask, amount, cond, 0)
AVX2 static uint64_t dispatch_lanes8(enum dop op, uint32_t *d, const dsrc *a, const dsrc *b, uint64_t exec,
                                     uint64_t mask, uint32_t amount, unsigned cond)
{
    switch (op) {
    CASE(D_MOV); CASE(D_ADD); CASE(D_SUB); CASE(D_SUBREV); CASE(D_ADDC); CASE(D_CNDMASK);
    CASE(D_AND); CASE(D_OR); CASE(D_XOR); CASE(D_LSHLREV); CASE(D_LSHRREV); CASE(D_ASHRREV);
    CASE(D_MULLO); CASE(D_MULHI); CASE(D_MUL24); CASE(D_CMP_U); CASE(D_CMP_I);
    default: return 0;
    }
}
#undef CASE

int si_valu_avx2 = -1;

int si_avx2_detect(void)
{
    __builtin_cpu_init();
    int ok = __builtin_cpu_supports("avx2") != 0;
    __atomic_store_n(&si_valu_avx2, ok, __ATOMIC_RELAXED);
    return ok;
}
#else
int si_valu_avx2 = 0;
int si_avx2_detect(void) { return 0; }
static uint64_t dispatch_lanes8(enum dop op, uint32_t *d, const dsrc *a, const dsrc *b, uint64_t exec,
                                uint64_t mask, uint32_t amount, unsigned cond)
{
    (void)op, (void)d, (void)a, (void)b, (void)exec, (void)mask, (void)amount, (void)cond;
    return 0;
}
#endif

#define CASE(op)                                                                                   \
    case op:                                                                                       \
        return exec == ~0ull ? run_lanes(op, d, a, b, exec, mask, amount, cond, 1)                 \
                             : run_lanes(op, d, a, b, exec, mask, amount, cond, 0)
static uint64_t dispatch_lanes4(enum dop op, uint32_t *d, const dsrc *a, const dsrc *b, uint64_t exec,
                                uint64_t mask, uint32_t amount, unsigned cond)
{
    switch (op) {
    CASE(D_MOV); CASE(D_ADD); CASE(D_SUB); CASE(D_SUBREV); CASE(D_ADDC); CASE(D_CNDMASK);
    CASE(D_AND); CASE(D_OR); CASE(D_XOR); CASE(D_LSHLREV); CASE(D_LSHRREV); CASE(D_ASHRREV);
    CASE(D_MULLO); CASE(D_MULHI); CASE(D_MUL24); CASE(D_CMP_U); CASE(D_CMP_I);
    default: return 0;
    }
}
#undef CASE

static inline uint64_t dispatch_lanes(enum dop op, uint32_t *d, const dsrc *a, const dsrc *b, uint64_t exec,
                                      uint64_t mask, uint32_t amount, unsigned cond)
{
    return si_avx2_ok() ? dispatch_lanes8(op, d, a, b, exec, mask, amount, cond)
                        : dispatch_lanes4(op, d, a, b, exec, mask, amount, cond);
}

int si_valu_direct_takes(unsigned op)
{
    return op < SI_OP_COUNT && direct_op(op) != D_NONE;
}

int si_valu_direct(si_wave *w, const si_inst *in)
{
    /* the op's direct operation, learnt on its first execution (0: not
     * known yet, else 1 + enum dop; relaxed atomics as si_group_cached) */
    static uint8_t dop_of[SI_OP_COUNT];
    if (in->op >= SI_OP_COUNT)
        return 0;
    unsigned k = __atomic_load_n(&dop_of[in->op], __ATOMIC_RELAXED);
    if (!k) {
        k = 1 + (unsigned)direct_op(in->op);
        __atomic_store_n(&dop_of[in->op], (uint8_t)k, __ATOMIC_RELAXED);
    }
    enum dop op = (enum dop)(k - 1);
    if (op == D_NONE)
        return 0;
    int vop3 = in->fmt == SI_FMT_VOP3A || in->fmt == SI_FMT_VOP3B;
    if (vop3 && (in->abs | in->neg | in->omod | in->clamp))
        return 0;
    dsrc a, b;
    int two = op != D_MOV;
    if (dsrc_get(&a, w, in, in->src[0]) || (two && dsrc_get(&b, w, in, in->src[1])))
        return 0;
    uint32_t amount = 0;
    if (op == D_LSHLREV || op == D_LSHRREV || op == D_ASHRREV) {
        if (a.step) /* per-lane amounts: SSE2 shifts all lanes alike */
            return 0;
        amount = a.one[0] & 31;
    }
    uint64_t exec = si_exec(w), mask = 0;
    unsigned mcode = vop3 ? in->src[2] : SI_SRC_VCC_LO;
    if (op == D_CNDMASK || op == D_ADDC)
        mask = si_rd_s64(w, in, mcode, SI_LIT64_ZEXT);
    if (op == D_CMP_U || op == D_CMP_I) {
        unsigned cond = si_ops[in->op].opcode & 7;
        uint64_t bits = dispatch_lanes(op, NULL, &a, &b, exec, 0, 0, cond) & exec;
        si_wr_s64(w, vop3 ? in->sdst : SI_SRC_VCC_LO, bits);
        if (si_ops[in->op].flags & F_CMPX)
            si_wr_s64(w, SI_SRC_EXEC_LO, bits);
        return 1;
    }
    if (in->dst < SI_SRC_VGPR0 || (unsigned)(in->dst - SI_SRC_VGPR0) >= w->nvgpr)
        return 0;
    uint64_t carry = dispatch_lanes(op, w->v[in->dst - SI_SRC_VGPR0], &a, two ? &b : &a, exec, mask, amount, 0);
    if (op == D_ADD || op == D_SUB || op == D_SUBREV || op == D_ADDC)
        si_wr_s64(w, vop3 ? in->sdst : SI_SRC_VCC_LO, carry & exec);
    return 1;
}

#else

int si_valu_direct(si_wave *w, const si_inst *in)
{
    (void)w, (void)in;
    return 0;
}

int si_valu_direct_takes(unsigned op)
{
    (void)op;
    return 0;
}

int si_valu_avx2 = 0;
int si_avx2_detect(void) { return 0; }

#endif
