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

static void t_direct_vs_general(void **st)
{
    (void)st;
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

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(t_direct_vs_general),
        cmocka_unit_test(t_declines),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
