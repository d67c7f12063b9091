/* Unit tests for the VALU's direct path (sw/valu_direct.c): every op it
 * handles, in every encoding it accepts (e32 and VOP3, carry/compare to VCC
 * or an SGPR pair, cmpx), with VGPR, SGPR, inline-constant and literal
 * sources, destinations that are also sources, random and edge values and
 * random EXEC masks: the whole wave state after si_exec_valu must equal
 * the state after the general path (si_valu_general) on the same input. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "sicu/emu.h"
#include "../../sw/valu_direct.h"

#define NL SI_WAVE_LANES
#define NV 12
#define V(n) (SI_SRC_VGPR0 + (n))

static uint64_t rng = 0x2545f4914f6cdd1dull;
static uint64_t rnd(void)
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return rng;
}

static uint32_t val(void)
{
    static const uint32_t edge[] = {0, 1, 2, 31, 32, 0x7fffffffu, 0x80000000u, 0x80000001u, 0xffffffffu,
                                    0xfffffffeu, 0x00ffffffu, 0x01000000u, 0x00800000u, 0xff800000u};
    uint64_t r = rnd();
    return r % 3 ? (uint32_t)(r >> 20) : edge[(r >> 8) % (sizeof edge / sizeof edge[0])];
}

typedef struct state {
    si_wave w;
    uint32_t v[NV][NL];
} state;

static void randomise(state *s)
{
    memset(s, 0, sizeof *s);
    s->w.v = s->v;
    s->w.nvgpr = NV;
    s->w.nsgpr = 104;
    s->w.nlanes = NL;
    s->w.mode = 0x3f0;
    for (unsigned r = 0; r < NV; r++)
        for (unsigned l = 0; l < NL; l++)
            s->v[r][l] = rnd() % 4 ? val() : s->v[r ? r - 1 : 0][l]; /* some equal neighbours */
    for (unsigned i = 0; i < 104; i++)
        s->w.s[i] = val();
    uint64_t ex = rnd() % 3 == 0 ? ~0ull : rnd() % 5 == 0 ? 0 : rnd() & rnd();
    si_set_exec(&s->w, ex);
    si_set_vcc(&s->w, rnd());
}

/* A scalar source: SGPR, VCC, inline integer/float constant or literal. */
static unsigned scalar_src(si_inst *in)
{
    switch (rnd() % 5) {
    case 0: return (unsigned)(rnd() % 100);
    case 1: return SI_SRC_VCC_LO;
    case 2: return SI_SRC_ZERO + (unsigned)(rnd() % 81); /* 0..64, -1..-16 */
    case 3: return SI_SRC_F_0_5 + (unsigned)(rnd() % 8);
    default: in->lit = val(); in->has_lit = 1; return SI_SRC_LITERAL;
    }
}

static const unsigned direct_ops[] = {
    SI_OP_v_mov_b32, SI_OP_v_add_i32, SI_OP_v_sub_i32, SI_OP_v_subrev_i32, SI_OP_v_addc_u32, SI_OP_v_cndmask_b32,
    SI_OP_v_and_b32, SI_OP_v_or_b32, SI_OP_v_xor_b32, SI_OP_v_lshlrev_b32, SI_OP_v_lshrrev_b32, SI_OP_v_ashrrev_i32,
    SI_OP_v_mul_lo_u32, SI_OP_v_mul_lo_i32, SI_OP_v_mul_hi_u32, SI_OP_v_mul_u32_u24,
    SI_OP_v_cmp_lt_u32, SI_OP_v_cmp_eq_u32, SI_OP_v_cmp_le_u32, SI_OP_v_cmp_gt_u32, SI_OP_v_cmp_ne_u32,
    SI_OP_v_cmp_ge_u32, SI_OP_v_cmpx_lt_u32, SI_OP_v_cmpx_eq_u32, SI_OP_v_cmpx_le_u32, SI_OP_v_cmpx_gt_u32,
    SI_OP_v_cmpx_ne_u32, SI_OP_v_cmpx_ge_u32, SI_OP_v_cmp_lt_i32, SI_OP_v_cmp_eq_i32, SI_OP_v_cmp_le_i32,
    SI_OP_v_cmp_gt_i32, SI_OP_v_cmp_ne_i32, SI_OP_v_cmp_ge_i32, SI_OP_v_cmpx_lt_i32, SI_OP_v_cmpx_eq_i32,
    SI_OP_v_cmpx_le_i32, SI_OP_v_cmpx_gt_i32, SI_OP_v_cmpx_ne_i32, SI_OP_v_cmpx_ge_i32};

/* A random encoding of op: e32 in its own format or VOP3 (e64). */
static si_inst encode(unsigned op)
{
    si_inst in;
    memset(&in, 0, sizeof in);
    in.op = (uint16_t)op;
    unsigned nat = si_ops[op].fmt;
    int e64 = nat == SI_FMT_VOP3A || nat == SI_FMT_VOP3B || rnd() % 2;
    in.fmt = (uint8_t)(e64 ? (op == SI_OP_v_add_i32 || op == SI_OP_v_sub_i32 || op == SI_OP_v_subrev_i32 ||
                              op == SI_OP_v_addc_u32 ? SI_FMT_VOP3B : SI_FMT_VOP3A)
                           : nat);
    in.vop3 = e64 && nat != SI_FMT_VOP3A && nat != SI_FMT_VOP3B;
    in.size = e64 ? 8 : 4;
    in.dst = (uint16_t)V(rnd() % NV);
    in.sdst = (uint16_t)(rnd() % 2 ? SI_SRC_VCC_LO : 2 * (rnd() % 50));
    for (unsigned i = 0; i < 3; i++)
        in.src[i] = (uint16_t)V(rnd() % NV);
    /* scalar sources where the encoding allows them: src0 always, the
     * others in VOP3 (a lane mask src2 is always scalar) */
    if (rnd() % 3 == 0)
        in.src[0] = (uint16_t)scalar_src(&in);
    if (e64 && rnd() % 4 == 0 && !in.has_lit)
        in.src[1] = (uint16_t)(rnd() % 100);
    in.src[2] = (uint16_t)(rnd() % 2 ? SI_SRC_VCC_LO : 2 * (rnd() % 50));
    if (rnd() % 4 == 0) /* destination is a source */
        in.dst = in.src[1] >= SI_SRC_VGPR0 ? in.src[1] : in.dst;
    return in;
}

static void direct_vs_general(void)
{
    static state a, b;
    unsigned taken = 0, runs = 0;
    for (unsigned o = 0; o < sizeof direct_ops / sizeof direct_ops[0]; o++) {
        for (unsigned round = 0; round < 400; round++) {
            si_inst in = encode(direct_ops[o]);
            randomise(&a);
            b = a;
            b.w.v = b.v;
            int rd = si_valu_direct(&a.w, &in);
            if (!rd)
                assert_int_equal(si_valu_general(NULL, &a.w, &in, NULL), 0);
            assert_int_equal(si_valu_general(NULL, &b.w, &in, NULL), 0);
            if (memcmp(a.v, b.v, sizeof a.v) || memcmp(a.w.s, b.w.s, sizeof a.w.s))
                fail_msg("%s (fmt %u, dst %u, src %u %u %u, sdst %u, exec %016llx): direct and general differ",
                         si_ops[in.op].name, in.fmt, in.dst, in.src[0], in.src[1], in.src[2], in.sdst,
                         (unsigned long long)si_exec(&b.w));
            taken += rd != 0;
            runs++;
        }
    }
    assert_true(taken > runs / 2); /* the direct path takes most of them */
}

/* Both lane-loop variants: SSE2, then AVX2 when the CPU has it. */
static void t_direct_vs_general(void **st)
{
    (void)st;
    si_valu_avx2 = 0;
    direct_vs_general();
    si_valu_avx2 = -1;
    direct_vs_general();
}

/* Operands the direct path leaves to the general one, unchanged state. */
static void t_declines(void **st)
{
    (void)st;
    static state a;
    randomise(&a);
    state before = a;
    si_inst in;
    memset(&in, 0, sizeof in);
    in.op = SI_OP_v_add_i32;
    in.fmt = SI_FMT_VOP2;
    in.size = 4;
    in.dst = V(NV); /* outside the allocation */
    in.src[0] = V(0);
    in.src[1] = V(1);
    assert_int_equal(si_valu_direct(&a.w, &in), 0);
    in.dst = V(0);
    in.src[1] = V(NV + 3);
    assert_int_equal(si_valu_direct(&a.w, &in), 0);
    in.op = SI_OP_v_lshlrev_b32; /* per-lane shift amounts */
    in.src[1] = V(1);
    assert_int_equal(si_valu_direct(&a.w, &in), 0);
    in.op = SI_OP_v_add_f32;
    assert_int_equal(si_valu_direct(&a.w, &in), 0);
    assert_memory_equal(a.v, before.v, sizeof a.v);
    assert_memory_equal(a.w.s, before.w.s, sizeof a.w.s);
}

/* ---- the f64 direct path (sw/valu_direct64.c) ---- */

/* An f64 value: edge cases (zeros, denormals, min normal, max, inf, quiet
 * and signalling NaNs, values whose sums/products land at the ends of the
 * normal range), ordinary values around 1 and random bit patterns. */
static uint64_t val64(void)
{
    static const uint64_t edge[] = {
        0, 0x8000000000000000ull, 0x3ff0000000000000ull, 0xbff0000000000000ull, 0x0010000000000000ull,
        0x8010000000000000ull, 0x000fffffffffffffull, 0x800fffffffffffffull, 1, 0x8000000000000001ull,
        0x7fefffffffffffffull, 0xffefffffffffffffull, 0x7ff0000000000000ull, 0xfff0000000000000ull,
        0x7ff8000000000000ull, 0xfff8000000000000ull, 0x7ff0000000000001ull, 0x7ff4000000000000ull,
        0x0010000000000001ull, 0x3fe0000000000000ull, 0x4000000000000000ull, 0x7fe0000000000000ull,
        0x0020000000000000ull, 0x3cb0000000000000ull, 0x4340000000000000ull, 0x0350000000000000ull};
    uint64_t r = rnd();
    switch (r % 5) {
    case 0: return edge[(r >> 8) % (sizeof edge / sizeof edge[0])];
    case 1: return rnd();
    case 2: /* an exponent anywhere */
        return (rnd() & 0x800fffffffffffffull) | (uint64_t)(rnd() % 2047) << 52;
    default: /* around 1 (and their sums, products, quotients stay normal) */
        return (rnd() & 0x800fffffffffffffull) | (uint64_t)(1023 - 40 + rnd() % 80) << 52;
    }
}

static void randomise64(state *s)
{
    randomise(s);
    for (unsigned r = 0; r + 1 < NV; r += 2)
        for (unsigned l = 0; l < NL; l++) {
            uint64_t v = rnd() % 4 ? val64() : (uint64_t)s->v[r + 1][l ? l - 1 : 0] << 32 | s->v[r][l ? l - 1 : 0];
            s->v[r][l] = (uint32_t)v, s->v[r + 1][l] = (uint32_t)(v >> 32);
        }
    for (unsigned i = 0; i + 1 < 104; i += 2) {
        uint64_t v = val64();
        s->w.s[i] = (uint32_t)v, s->w.s[i + 1] = (uint32_t)(v >> 32);
    }
    s->w.mode = rnd() % 3 ? (uint32_t)(rnd() & 0x3ff) : 0x3f0; /* every MODE; often the default */
}

/* A small exponent adjustment or class mask in a 32-bit source row. */
static void int_row(state *s, unsigned r, int cls)
{
    for (unsigned l = 0; l < NL; l++) {
        uint32_t v = cls ? (uint32_t)(rnd() & 0x3ff)
                         : rnd() % 8 ? (uint32_t)((int)(rnd() % 4300) - 2150)
                                     : (uint32_t)(rnd() % 2 ? 0x7fffffff - rnd() % 3000 : 0x80000000u + rnd() % 3000);
        s->v[r][l] = v;
    }
}

static const unsigned direct64_ops[] = {
    SI_OP_v_add_f64, SI_OP_v_mul_f64, SI_OP_v_fma_f64, SI_OP_v_div_fmas_f64, SI_OP_v_min_f64, SI_OP_v_max_f64,
    SI_OP_v_ldexp_f64, SI_OP_v_div_scale_f64, SI_OP_v_div_fixup_f64, SI_OP_v_cmp_class_f64, SI_OP_v_cmpx_class_f64,
    SI_OP_v_cmp_lt_f64, SI_OP_v_cmp_eq_f64, SI_OP_v_cmp_le_f64, SI_OP_v_cmp_gt_f64, SI_OP_v_cmp_lg_f64,
    SI_OP_v_cmp_ge_f64, SI_OP_v_cmp_o_f64, SI_OP_v_cmp_u_f64, SI_OP_v_cmp_nge_f64, SI_OP_v_cmp_nlg_f64,
    SI_OP_v_cmp_ngt_f64, SI_OP_v_cmp_nle_f64, SI_OP_v_cmp_neq_f64, SI_OP_v_cmp_nlt_f64, SI_OP_v_cmp_tru_f64,
    SI_OP_v_cmp_f_f64, SI_OP_v_cmpx_lt_f64, SI_OP_v_cmpx_neq_f64, SI_OP_v_cmpx_u_f64, SI_OP_v_cmpx_tru_f64,
    SI_OP_v_lshl_b64, SI_OP_v_lshr_b64, SI_OP_v_ashr_i64};

/* A random encoding of an f64 op (VOPC e32 or VOP3 with modifiers; a
 * scalar pair, inline constant or literal source now and then). */
static si_inst encode64(unsigned op, state *s)
{
    si_inst in;
    memset(&in, 0, sizeof in);
    in.op = (uint16_t)op;
    unsigned nat = si_ops[op].fmt;
    int e64 = nat == SI_FMT_VOP3A || nat == SI_FMT_VOP3B || rnd() % 2;
    in.fmt = (uint8_t)(e64 ? (op == SI_OP_v_div_scale_f64 ? SI_FMT_VOP3B : SI_FMT_VOP3A) : nat);
    in.vop3 = e64 && nat != SI_FMT_VOP3A && nat != SI_FMT_VOP3B;
    in.size = e64 ? 8 : 4;
    in.dst = (uint16_t)V(rnd() % (NV - 1));
    in.sdst = (uint16_t)(rnd() % 2 ? SI_SRC_VCC_LO : 2 * (rnd() % 50));
    for (unsigned i = 0; i < 3; i++)
        in.src[i] = (uint16_t)V(rnd() % (NV - 1));
    if (e64) {
        in.abs = (uint8_t)(rnd() % 3 ? 0 : rnd() & 7);
        in.neg = (uint8_t)(rnd() % 3 ? 0 : rnd() & 7);
        if (rnd() % 16 == 0)
            in.omod = (uint8_t)(rnd() % 4);
        if (rnd() % 16 == 0)
            in.clamp = 1;
    }
    unsigned i = (unsigned)(rnd() % 3);
    if (rnd() % 3 == 0 && (i == 0 || e64)) {
        switch (rnd() % 4) {
        case 0: in.src[i] = (uint16_t)(2 * (rnd() % 50)); break;
        case 1: in.src[i] = (uint16_t)(SI_SRC_ZERO + rnd() % 81); break;
        case 2: in.src[i] = (uint16_t)(SI_SRC_F_0_5 + rnd() % 8); break;
        default: in.lit = (uint32_t)(val64() >> 32); in.has_lit = 1; in.src[i] = SI_SRC_LITERAL; break;
        }
    }
    int cls = op == SI_OP_v_cmp_class_f64 || op == SI_OP_v_cmpx_class_f64;
    int shift = op == SI_OP_v_lshl_b64 || op == SI_OP_v_lshr_b64 || op == SI_OP_v_ashr_i64;
    if ((cls || op == SI_OP_v_ldexp_f64) && in.src[1] >= SI_SRC_VGPR0)
        int_row(s, in.src[1] - SI_SRC_VGPR0, cls);
    if (shift && in.src[1] >= SI_SRC_VGPR0 && rnd() % 2) /* a uniform amount in a VGPR row is per lane too */
        for (unsigned l = 0; l < NL; l++)
            s->v[in.src[1] - SI_SRC_VGPR0][l] = (uint32_t)rnd();
    if (shift && rnd() % 2) /* a scalar amount: SGPR or constant */
        in.src[1] = (uint16_t)(rnd() % 2 ? 2 * (rnd() % 50) : SI_SRC_ZERO + rnd() % 81);
    unsigned k = (unsigned)(rnd() % 3);
    if (rnd() % 4 == 0 && in.src[k] >= SI_SRC_VGPR0) /* destination overlaps a source */
        in.dst = in.src[k];
    if (in.dst >= V(NV - 1))
        in.dst = V(NV - 2);
    return in;
}

static void direct64_vs_general(void)
{
    static state a, b;
    unsigned taken = 0, runs = 0;
    for (unsigned o = 0; o < sizeof direct64_ops / sizeof direct64_ops[0]; o++) {
        for (unsigned round = 0; round < 1500; round++) {
            randomise64(&a);
            si_inst in = encode64(direct64_ops[o], &a);
            b = a;
            b.w.v = b.v;
            int rd = si_valu_direct64(&a.w, &in);
            int rg = si_valu_general(NULL, &b.w, &in, NULL);
            if (rg)
                fail_msg("%s (fmt %u, dst %u, src %u %u %u): general path fails", si_ops[in.op].name, in.fmt, in.dst,
                         in.src[0], in.src[1], in.src[2]);
            if (!rd)
                assert_int_equal(si_valu_general(NULL, &a.w, &in, NULL), 0);
            if (memcmp(a.v, b.v, sizeof a.v) || memcmp(a.w.s, b.w.s, sizeof a.w.s)) {
                for (unsigned r = 0; r < NV; r++)
                    for (unsigned l = 0; l < NL; l++)
                        if (a.v[r][l] != b.v[r][l])
                            print_message("v%u lane %u: direct %08x general %08x\n", r, l, a.v[r][l], b.v[r][l]);
                fail_msg("%s (fmt %u, dst %u, src %u %u %u, abs %u neg %u, sdst %u, mode %03x, exec %016llx): "
                         "direct and general differ",
                         si_ops[in.op].name, in.fmt, in.dst, in.src[0], in.src[1], in.src[2], in.abs, in.neg,
                         in.sdst, b.w.mode, (unsigned long long)si_exec(&b.w));
            }
            taken += rd != 0;
            runs++;
        }
    }
    assert_true(taken > runs / 2);
}

/* The SSE2 lane loops, then the AVX2 ones when the CPU has them. */
static void t_direct64_vs_general(void **st)
{
    (void)st;
    si_valu_avx2 = 0;
    direct64_vs_general();
    si_valu_avx2 = -1;
    direct64_vs_general();
}

/* ---- the f32 direct path (sw/valu_direct32.c) ---- */

static uint32_t val32f(void)
{
    static const uint32_t edge[] = {0, 0x80000000u, 1, 0x807fffffu, 0x007fffffu, 0x00800000u, 0x80800000u,
                                    0x00800001u, 0x3f800000u, 0xbf800000u, 0x7f7fffffu, 0xff7fffffu, 0x7f800000u,
                                    0xff800000u, 0x7fc00000u, 0xffc00000u, 0x7f800001u, 0x7fa00000u, 0x3f000000u,
                                    0x40000000u, 0x7f000000u, 0x01000000u, 0x33800000u, 0x4b800000u, 0x0c800000u};
    uint64_t r = rnd();
    switch (r % 5) {
    case 0: return edge[(r >> 8) % (sizeof edge / sizeof edge[0])];
    case 1: return (uint32_t)rnd();
    case 2: return ((uint32_t)rnd() & 0x807fffffu) | (uint32_t)(rnd() % 255) << 23;
    default: return ((uint32_t)rnd() & 0x807fffffu) | (uint32_t)(127 - 20 + rnd() % 40) << 23;
    }
}

static void randomise32f(state *s)
{
    randomise(s);
    for (unsigned r = 0; r < NV; r++)
        for (unsigned l = 0; l < NL; l++)
            s->v[r][l] = rnd() % 4 ? val32f() : s->v[r][l ? l - 1 : 0];
    for (unsigned i = 0; i < 104; i++)
        s->w.s[i] = val32f();
    s->w.mode = rnd() % 3 ? (uint32_t)(rnd() & 0x3ff) : 0x3f0;
}

static const unsigned direct32_ops[] = {SI_OP_v_add_f32, SI_OP_v_sub_f32,   SI_OP_v_subrev_f32,
                                        SI_OP_v_mul_f32, SI_OP_v_mac_f32,   SI_OP_v_mad_f32,
                                        SI_OP_v_fma_f32, SI_OP_v_madmk_f32, SI_OP_v_madak_f32};

static si_inst encode32f(unsigned op)
{
    si_inst in;
    memset(&in, 0, sizeof in);
    in.op = (uint16_t)op;
    unsigned nat = si_ops[op].fmt;
    int e64 = nat == SI_FMT_VOP3A || rnd() % 2;
    in.fmt = (uint8_t)(e64 ? SI_FMT_VOP3A : nat);
    in.vop3 = e64 && nat != SI_FMT_VOP3A;
    in.size = e64 ? 8 : 4;
    in.dst = (uint16_t)V(rnd() % NV);
    for (unsigned i = 0; i < 3; i++)
        in.src[i] = (uint16_t)V(rnd() % NV);
    if (e64) {
        in.abs = (uint8_t)(rnd() % 3 ? 0 : rnd() & 7);
        in.neg = (uint8_t)(rnd() % 3 ? 0 : rnd() & 7);
        if (rnd() % 16 == 0)
            in.omod = (uint8_t)(rnd() % 4);
        if (rnd() % 16 == 0)
            in.clamp = 1;
    }
    unsigned i = (unsigned)(rnd() % 3);
    if (rnd() % 3 == 0 && (i == 0 || e64)) {
        switch (rnd() % 4) {
        case 0: in.src[i] = (uint16_t)(rnd() % 100); break;
        case 1: in.src[i] = (uint16_t)(SI_SRC_ZERO + rnd() % 81); break;
        case 2: in.src[i] = (uint16_t)(SI_SRC_F_0_5 + rnd() % 8); break;
        default: in.lit = val32f(); in.has_lit = 1; in.src[i] = SI_SRC_LITERAL; break;
        }
    }
    unsigned k = (unsigned)(rnd() % 3);
    if (rnd() % 4 == 0 && in.src[k] >= SI_SRC_VGPR0) /* destination is a source */
        in.dst = in.src[k];
    if (op == SI_OP_v_madmk_f32 || op == SI_OP_v_madak_f32) { /* the constant K: the literal */
        in.lit = val32f();
        in.has_lit = 1;
    }
    return in;
}

static void t_direct32_vs_general(void **st)
{
    (void)st;
    static state a, b;
    unsigned taken = 0, runs = 0;
    si_valu_avx2 = -1;
    for (unsigned o = 0; o < sizeof direct32_ops / sizeof direct32_ops[0]; o++) {
        for (unsigned round = 0; round < 3000; round++) {
            randomise32f(&a);
            si_inst in = encode32f(direct32_ops[o]);
            b = a;
            b.w.v = b.v;
            int rd = si_valu_direct32(&a.w, &in);
            assert_int_equal(si_valu_general(NULL, &b.w, &in, NULL), 0);
            if (!rd)
                assert_int_equal(si_valu_general(NULL, &a.w, &in, NULL), 0);
            if (memcmp(a.v, b.v, sizeof a.v) || memcmp(a.w.s, b.w.s, sizeof a.w.s))
                fail_msg("%s (fmt %u, dst %u, src %u %u %u, abs %u neg %u, mode %03x, exec %016llx): "
                         "direct and general differ",
                         si_ops[in.op].name, in.fmt, in.dst, in.src[0], in.src[1], in.src[2], in.abs, in.neg,
                         b.w.mode, (unsigned long long)si_exec(&b.w));
            taken += rd != 0;
            runs++;
        }
    }
    /* without AVX2 the general path does them all */
    if (si_valu_avx2 > 0)
        assert_true(taken > runs / 3);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(t_direct_vs_general),
        cmocka_unit_test(t_declines),
        cmocka_unit_test(t_direct64_vs_general),
        cmocka_unit_test(t_direct32_vs_general),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
