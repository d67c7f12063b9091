/* Unit tests for the VALU's lane-parallel paths (sw/valu.c): host-FPU fast
 * paths for f32/f64 add/sub/mul/mad and conversions, vectorised compares,
 * carry packing and lane selects.  Every result is compared lane by lane
 * with the exact library (sw/fp.h) or a plain per-lane reference, on random
 * and edge inputs (denormals, +-0, inf, NaN payloads, near overflow and
 * underflow), random EXEC masks and every rounding/denormal MODE. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "sicu/emu.h"
#include "../../sw/fp.h"

#define NL SI_WAVE_LANES
#define NV 16
#define V(n) (SI_SRC_VGPR0 + (n))
#define ROUNDS 40

static si_wave W;
static uint32_t VG[NV][NL];
static uint64_t rng = 0x9e3779b97f4a7c15ull;

static uint64_t rnd(void)
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return rng;
}

static const uint32_t edge32[] = {
    0x00000000, 0x80000000, 0x00000001, 0x80000001, 0x007fffff, 0x807fffff, 0x00800000, 0x80800000,
    0x00800001, 0x3f800000, 0xbf800000, 0x3f800001, 0x7f7fffff, 0xff7fffff, 0x7f000000, 0xff000000,
    0x7f800000, 0xff800000, 0x7fc00000, 0xffc00000, 0x7f800001, 0xff812345, 0x7fc12345, 0x1f800000,
    0x9f800000, 0x20000000, 0x4f000000, 0xcf000000, 0x4effffff, 0xceffffff, 0x4f800000, 0x3f000000,
    0x40000000, 0x5f800000, 0x00ffffff, 0x01000000, 0x0d800000, 0x32800000, 0x7effffff, 0x3effffff};
static const uint64_t edge64[] = {
    0, 0x8000000000000000ull, 1, 0x8000000000000001ull, 0x000fffffffffffffull, 0x0010000000000000ull,
    0x8010000000000000ull, 0x0010000000000001ull, 0x3ff0000000000000ull, 0xbff0000000000000ull,
    0x3ff0000000000001ull, 0x7fefffffffffffffull, 0xffefffffffffffffull, 0x7fe0000000000000ull,
    0x7ff0000000000000ull, 0xfff0000000000000ull, 0x7ff8000000000000ull, 0xfff8000000000000ull,
    0x7ff0000000000001ull, 0xfff0000012345678ull, 0x1ff0000000000000ull, 0x2000000000000000ull,
    0x4000000000000000ull, 0x3fe0000000000000ull, 0x5ff0000000000000ull, 0x001fffffffffffffull};

/* A value: an edge case, random bits, or a random normal near 1, near the
 * denormal boundary or near overflow. */
static uint32_t val32(void)
{
    uint64_t r = rnd();
    switch (r % 6) {
    case 0: return edge32[(r >> 8) % (sizeof edge32 / sizeof edge32[0])];
    case 1: return (uint32_t)(r >> 16);
    case 2: return ((uint32_t)(r >> 16) & 0x807fffffu) | ((uint32_t)(120 + (r >> 48) % 16) << 23);
    case 3: return ((uint32_t)(r >> 16) & 0x807fffffu) | ((uint32_t)((r >> 48) % 24) << 23);
    case 4: return ((uint32_t)(r >> 16) & 0x807fffffu) | ((uint32_t)(230 + (r >> 48) % 25) << 23);
    default: return ((uint32_t)(r >> 16) & 0x807fffffu) | ((uint32_t)(100 + (r >> 48) % 56) << 23);
    }
}

static uint64_t val64(void)
{
    uint64_t r = rnd(), f = rnd();
    switch (r % 6) {
    case 0: return edge64[(r >> 8) % (sizeof edge64 / sizeof edge64[0])];
    case 1: return f;
    case 2: return (f & 0x800fffffffffffffull) | ((uint64_t)(1015 + (r >> 48) % 16) << 52);
    case 3: return (f & 0x800fffffffffffffull) | ((uint64_t)((r >> 48) % 60) << 52);
    case 4: return (f & 0x800fffffffffffffull) | ((uint64_t)(1990 + (r >> 48) % 57) << 52);
    default: return (f & 0x800fffffffffffffull) | ((uint64_t)(900 + (r >> 48) % 250) << 52);
    }
}

/* Random registers v0..v11, EXEC (full in a third of the rounds), VCC. */
static void randomise(unsigned mode)
{
    memset(&W, 0, sizeof W);
    W.v = VG;
    W.nvgpr = NV;
    W.nsgpr = 104;
    W.nlanes = NL;
    W.mode = mode;
    for (unsigned r = 0; r < 12; r += 2)
        for (unsigned l = 0; l < NL; l++) {
            if (r < 6) {
                VG[r][l] = val32();
                VG[r + 1][l] = val32();
            } else {
                uint64_t d = val64();
                VG[r][l] = (uint32_t)d;
                VG[r + 1][l] = (uint32_t)(d >> 32);
            }
        }
    for (unsigned l = 0; l < NL; l++)
        VG[12][l] = VG[13][l] = 0xdeadbeef;
    uint64_t ex = rnd() % 3 == 0 ? ~0ull : rnd() & rnd() ? rnd() : rnd() | rnd();
    si_set_exec(&W, ex);
    si_set_vcc(&W, rnd());
}

static uint64_t r64(unsigned reg, unsigned l) { return ((uint64_t)VG[reg + 1][l] << 32) | VG[reg][l]; }

static si_inst mk(unsigned op, unsigned fmt, unsigned dst, unsigned s0, unsigned s1, unsigned s2)
{
    si_inst in;
    memset(&in, 0, sizeof in);
    in.op = (uint16_t)op;
    in.fmt = (uint8_t)fmt;
    in.dst = (uint16_t)dst;
    in.src[0] = (uint16_t)s0;
    in.src[1] = (uint16_t)s1;
    in.src[2] = (uint16_t)s2;
    unsigned nat = si_ops[op].fmt;
    in.vop3 = fmt == SI_FMT_VOP3A || fmt == SI_FMT_VOP3B;
    if (!(nat == SI_FMT_VOP1 || nat == SI_FMT_VOP2 || nat == SI_FMT_VOPC))
        in.vop3 = 0;
    in.size = in.vop3 || nat == SI_FMT_VOP3A || nat == SI_FMT_VOP3B ? 8 : 4;
    return in;
}

/* Every MODE combination of rounding and denormal fields (IEEE and DX10
 * clamp on, as LLVM sets them; they do not affect these operations). */
static unsigned mode_of(unsigned i) { return (i & 0xff) | (1u << 8) | ((i >> 8 & 1) ^ 1) << 9; }

enum { F32_ADD, F32_SUB, F32_SUBREV, F32_MUL, F32_MAD, F32_MAC, F32_FMA, CVT_F32_I32, CVT_I32_F32, CVT_U32_F32, CVT_F32_U32,
       F32_TRUNC, F32_FLOOR, F32_CEIL, F32_RNDNE, F32_MIN, F32_MAX, F64_ADD, F64_MUL, F64_FMA, F64_MIN, F64_MAX };

static uint32_t ref32(unsigned k, uint32_t a, uint32_t b, uint32_t c, const si_fpm *m)
{
    switch (k) {
    case F32_ADD: return si_f32_add(a, b, m);
    case F32_SUB: return si_f32_sub(a, b, m);
    case F32_SUBREV: return si_f32_sub(b, a, m);
    case F32_MUL: return si_f32_mul(a, b, m);
    case F32_MAD: case F32_MAC: return si_f32_mad(a, b, c, m);
    case F32_FMA: return si_f32_fma(a, b, c, m);
    case F32_MIN: return si_f32_min(a, b, m);
    case F32_MAX: return si_f32_max(a, b, m);
    case CVT_F32_I32: return si_cvt_f32_i32((int32_t)a, m);
    case CVT_F32_U32: return si_cvt_f32_u32(a, m);
    case CVT_U32_F32: return si_cvt_u32_f32(a, m);
    case F32_TRUNC: return si_f32_trunc(a, m);
    case F32_FLOOR: return si_f32_floor(a, m);
    case F32_CEIL: return si_f32_ceil(a, m);
    case F32_RNDNE: return si_f32_rndne(a, m);
    default: return (uint32_t)si_cvt_i32_f32(a, m);
    }
}

static void t_fp_fast(void **state)
{
    (void)state;
    static const struct { unsigned k, op; } ops[] = {
        {F32_ADD, SI_OP_v_add_f32}, {F32_SUB, SI_OP_v_sub_f32}, {F32_SUBREV, SI_OP_v_subrev_f32},
        {F32_MUL, SI_OP_v_mul_f32}, {F32_MAD, SI_OP_v_mad_f32}, {F32_MAC, SI_OP_v_mac_f32},
        {CVT_F32_I32, SI_OP_v_cvt_f32_i32}, {CVT_I32_F32, SI_OP_v_cvt_i32_f32},
        {CVT_F32_U32, SI_OP_v_cvt_f32_u32}, {CVT_U32_F32, SI_OP_v_cvt_u32_f32}, {F32_TRUNC, SI_OP_v_trunc_f32}, {F32_FLOOR, SI_OP_v_floor_f32},
        {F32_CEIL, SI_OP_v_ceil_f32}, {F32_RNDNE, SI_OP_v_rndne_f32},
        {F64_ADD, SI_OP_v_add_f64}, {F64_MUL, SI_OP_v_mul_f64}, {F32_FMA, SI_OP_v_fma_f32},
        {F64_FMA, SI_OP_v_fma_f64}, {F32_MIN, SI_OP_v_min_f32}, {F32_MAX, SI_OP_v_max_f32},
        {F64_MIN, SI_OP_v_min_f64}, {F64_MAX, SI_OP_v_max_f64}};
    unsigned checked = 0;
    for (unsigned mi = 0; mi < 512; mi++) { /* every rounding/denormal field, IEEE mode on and off */
        unsigned mode = mode_of(mi);
        si_fpm m = si_fpm_from_mode(mode);
        for (unsigned o = 0; o < sizeof ops / sizeof ops[0]; o++) {
            for (unsigned round = 0; round < (mi % 17 == 0 ? ROUNDS : 3); round++) {
                randomise(mode);
                unsigned k = ops[o].k, op = ops[o].op, f64 = k >= F64_ADD;
                unsigned s0 = f64 ? 6 : 0, s1 = f64 ? 8 : 1, s2 = 2;
                unsigned fmt = op == SI_OP_v_mad_f32 || op == SI_OP_v_fma_f32 || f64 ? SI_FMT_VOP3A
                               : k >= CVT_F32_I32 ? SI_FMT_VOP1 : SI_FMT_VOP2;
                uint32_t before[2][NL], c2[NL];
                memcpy(before, VG[12], sizeof before);
                if (k == F32_MAC) {
                    memcpy(VG[12], VG[2], sizeof VG[12]);  /* mac: dst is the addend */
                    memcpy(before[0], VG[12], sizeof before[0]);
                }
                memcpy(c2, VG[2], sizeof c2);
                si_inst in = mk(op, fmt, V(12), V(s0), V(s1), f64 ? V(10) : V(s2));
                assert_int_equal(si_exec_valu(NULL, &W, &in, NULL), 0);
                uint64_t ex = si_exec(&W);
                for (unsigned l = 0; l < NL; l++) {
                    if (!((ex >> l) & 1)) {
                        assert_int_equal(VG[12][l], before[0][l]);
                        if (f64)
                            assert_int_equal(VG[13][l], before[1][l]);
                        continue;
                    }
                    if (f64) {
                        uint64_t a = r64(s0, l), b = r64(s1, l), c = r64(10, l);
                        uint64_t want = k == F64_ADD ? si_f64_add(a, b, &m)
                                        : k == F64_MUL ? si_f64_mul(a, b, &m)
                                        : k == F64_MIN ? si_f64_min(a, b, &m)
                                        : k == F64_MAX ? si_f64_max(a, b, &m) : si_f64_fma(a, b, c, &m);
                        if (r64(12, l) != want)
                            fail_msg("op %u mode 0x%x lane %u: %016llx, %016llx -> %016llx, want %016llx", k, mode,
                                     l, (unsigned long long)a, (unsigned long long)b,
                                     (unsigned long long)r64(12, l), (unsigned long long)want);
                    } else {
                        uint32_t a = VG[s0][l], b = VG[s1][l], c = k == F32_MAC ? before[0][l] : c2[l];
                        uint32_t want = ref32(k, a, b, c, &m);
                        if (VG[12][l] != want)
                            fail_msg("op %u mode 0x%x lane %u: %08x, %08x, %08x -> %08x, want %08x", k, mode, l, a,
                                     b, c, VG[12][l], want);
                    }
                    checked++;
                }
            }
        }
    }
    assert_true(checked > 2000000);
}

/* Compares: every condition of the f32/f64/i32/u32/i64/u64 VOPC ops. */
static int cmp_ref(unsigned cond, int unord, int lt, int eq, int gt)
{
    (void)unord;
    return (lt && (cond & 1)) || (eq && (cond & 2)) || (gt && (cond & 4)) || (unord && (cond & 8));
}

static int64_t key32(uint32_t a, int den_in)
{
    if (!den_in && (a & 0x7f800000u) == 0)
        a &= 0x80000000u;
    return (a >> 31) ? -(int64_t)(a & 0x7fffffffu) : (int64_t)(a & 0x7fffffffu);
}

static void t_cmp(void **state)
{
    (void)state;
    unsigned checked = 0;
    for (unsigned op = 0; op < SI_OP_COUNT; op++) {
        const si_opinfo *oi = &si_ops[op];
        if (oi->fmt != SI_FMT_VOPC || strstr(oi->name, "class"))
            continue;
        unsigned k0 = oi->src[0], w = SI_OPK_W(k0), isf = SI_OPK_CLS(k0) == SI_CLS_F;
        unsigned cond = oi->opcode & 0xf;
        for (unsigned round = 0; round < 24; round++) {
            unsigned mode = mode_of((unsigned)rnd() & 0xff);
            si_fpm m = si_fpm_from_mode(mode);
            randomise(mode);
            unsigned s0 = w == 2 ? 6 : 0, s1 = w == 2 ? 8 : 1;
            if (round & 1) /* equal operands in some lanes */
                for (unsigned l = 0; l < NL; l += 3) {
                    VG[s1][l] = VG[s0][l];
                    VG[s1 + 1][l] = VG[s0 + 1][l];
                }
            uint64_t ex = si_exec(&W);
            si_inst in = mk(op, round & 2 ? SI_FMT_VOP3A : SI_FMT_VOPC, 0, V(s0), V(s1), 0);
            in.sdst = 20;
            assert_int_equal(si_exec_valu(NULL, &W, &in, NULL), 0);
            uint64_t got = round & 2 ? ((uint64_t)W.s[21] << 32 | W.s[20]) : si_vcc(&W), want = 0;
            for (unsigned l = 0; l < NL; l++) {
                int t;
                if (isf && w == 2)
                    t = si_f64_cmp(r64(s0, l), r64(s1, l), cond, &m);
                else if (isf)
                    t = si_f32_cmp(VG[s0][l], VG[s1][l], cond, &m);
                else if (w == 2) {
                    uint64_t a = r64(s0, l), b = r64(s1, l);
                    int sg = SI_OPK_CLS(k0) == SI_CLS_I;
                    int lt = sg ? (int64_t)a < (int64_t)b : a < b, gt = sg ? (int64_t)a > (int64_t)b : a > b;
                    t = cmp_ref(cond & 7, 0, lt, a == b, gt);
                } else {
                    uint32_t a = VG[s0][l], b = VG[s1][l];
                    int sg = SI_OPK_CLS(k0) == SI_CLS_I;
                    int lt = sg ? (int32_t)a < (int32_t)b : a < b, gt = sg ? (int32_t)a > (int32_t)b : a > b;
                    t = cmp_ref(cond & 7, 0, lt, a == b, gt);
                }
                want |= (uint64_t)(t != 0) << l;
            }
            want &= ex;
            if (got != want)
                fail_msg("%s mode 0x%x: %016llx, want %016llx", oi->name, mode, (unsigned long long)got,
                         (unsigned long long)want);
            if (oi->flags & F_CMPX)
                assert_true(si_exec(&W) == want);
            checked++;
        }
    }
    /* the f32 reference itself against ordering keys, as a cross-check */
    si_fpm m = si_fpm_from_mode(mode_of(0));
    for (unsigned i = 0; i < 100000; i++) {
        uint32_t a = val32(), b = val32();
        int un = (a & 0x7fffffffu) > 0x7f800000u || (b & 0x7fffffffu) > 0x7f800000u;
        int64_t ka = key32(a, 0), kb = key32(b, 0);
        for (unsigned c = 0; c < 16; c++)
            assert_int_equal(si_f32_cmp(a, b, c, &m) != 0,
                             cmp_ref(c, un, !un && ka < kb, !un && ka == kb, !un && ka > kb));
    }
    assert_true(checked > 1000);
}

/* Carry-out/in integer ops and v_cndmask against per-lane references. */
static void t_carry_select(void **state)
{
    (void)state;
    static const unsigned ops[] = {SI_OP_v_add_i32, SI_OP_v_sub_i32, SI_OP_v_subrev_i32, SI_OP_v_addc_u32,
                                   SI_OP_v_subb_u32, SI_OP_v_subbrev_u32, SI_OP_v_cndmask_b32};
    for (unsigned o = 0; o < sizeof ops / sizeof ops[0]; o++) {
        for (unsigned round = 0; round < 200; round++) {
            randomise(mode_of(0));
            for (unsigned l = 0; l < NL; l++) { /* small values and equal operands often */
                if (round & 1) VG[0][l] &= 7, VG[1][l] &= 7;
                if (round & 2) VG[1][l] = VG[0][l];
                if (round & 4) VG[0][l] |= 0xfffffff0u;
            }
            uint64_t ex = si_exec(&W), cin = si_vcc(&W);
            uint32_t before[NL];
            memcpy(before, VG[12], sizeof before);
            si_inst in = mk(ops[o], SI_FMT_VOP2, V(12), V(0), V(1), 0);
            assert_int_equal(si_exec_valu(NULL, &W, &in, NULL), 0);
            uint64_t cout = 0;
            for (unsigned l = 0; l < NL; l++) {
                uint64_t a = VG[0][l], b = VG[1][l], ci = (cin >> l) & 1, t;
                switch (ops[o]) {
                case SI_OP_v_add_i32: t = a + b; break;
                case SI_OP_v_sub_i32: t = a - b; break;
                case SI_OP_v_subrev_i32: t = b - a; break;
                case SI_OP_v_addc_u32: t = a + b + ci; break;
                case SI_OP_v_subb_u32: t = a - b - ci; break;
                case SI_OP_v_subbrev_u32: t = b - a - ci; break;
                default: t = ci ? b : a; break;
                }
                cout |= (uint64_t)((t >> 32) != 0) << l;
                uint32_t want = (ex >> l) & 1 ? (uint32_t)t : before[l];
                if (VG[12][l] != want)
                    fail_msg("%s lane %u: %08x, want %08x", si_ops[ops[o]].name, l, VG[12][l], want);
            }
            if (ops[o] != SI_OP_v_cndmask_b32)
                assert_true(si_vcc(&W) == (cout & ex));
        }
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(t_fp_fast),
        cmocka_unit_test(t_cmp),
        cmocka_unit_test(t_carry_select),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
