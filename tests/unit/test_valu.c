/* Unit tests for the vector ALU (sw/valu.c): si_exec_valu on hand-built
 * si_inst structures and a small wave. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "sicu/emu.h"

#define NV 24
#define V(n) (SI_SRC_VGPR0 + (n))
#define ALL_LANES (~0ull)

/* Default MODE as LLVM sets it for compute: f32 denormals flushed, f64
 * denormals kept, DX10 clamp and IEEE mode on. */
#define MODE_DEFAULT ((3u << 6) | (1u << 8) | (1u << 9))

static si_wave W;
static uint32_t VG[NV][SI_WAVE_LANES];
static si_emu *E;   /* a real emulator when one can be created (error paths) */

static void wave_reset(void)
{
    memset(&W, 0, sizeof W);
    memset(VG, 0, sizeof VG);
    W.v = VG;
    W.nvgpr = NV;
    W.nsgpr = 104;
    W.nlanes = 64;
    W.mode = MODE_DEFAULT;
    si_set_exec(&W, ALL_LANES);
}

static int setup(void **state)
{
    (void)state;
    wave_reset();
    return 0;
}

static int is_vop3_fmt(unsigned fmt) { return fmt == SI_FMT_VOP3A || fmt == SI_FMT_VOP3B; }

/* Build an instruction; fmt is the encoding actually used. */
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
    in.vop3 = is_vop3_fmt(fmt) && (nat == SI_FMT_VOP1 || nat == SI_FMT_VOP2 || nat == SI_FMT_VOPC);
    in.size = is_vop3_fmt(fmt) ? 8 : 4;
    return in;
}

static int run(const si_inst *in)
{
    return si_exec_valu(E, &W, in, NULL);
}

static void fill(unsigned reg, uint32_t v)
{
    for (int l = 0; l < SI_WAVE_LANES; l++)
        VG[reg][l] = v;
}

static void fill64(unsigned reg, uint64_t v)
{
    fill(reg, (uint32_t)v);
    fill(reg + 1, (uint32_t)(v >> 32));
}

static uint64_t get64(unsigned reg, int lane)
{
    return ((uint64_t)VG[reg + 1][lane] << 32) | VG[reg][lane];
}

static uint64_t sgpr64(unsigned code)
{
    return ((uint64_t)W.s[code + 1] << 32) | W.s[code];
}

static uint32_t f2u(float f) { uint32_t u; memcpy(&u, &f, 4); return u; }
static uint64_t d2u(double d) { uint64_t u; memcpy(&u, &d, 8); return u; }

/* ------------------------------------------------------------------ */

static void t_add_carry(void **state)
{
    (void)state;
    fill(0, 0xFFFFFFFFu);
    fill(1, 1);
    VG[0][3] = 5;                 /* lane 3: no carry */
    fill(2, 0xdeadbeef);
    si_set_vcc(&W, ALL_LANES);
    si_set_exec(&W, ~(1ull << 10)); /* lane 10 inactive */

    si_inst in = mk(SI_OP_v_add_i32, SI_FMT_VOP2, V(2), V(0), V(1), 0);
    assert_int_equal(run(&in), 0);
    assert_int_equal(VG[2][0], 0);
    assert_int_equal(VG[2][3], 6);
    assert_int_equal(VG[2][10], 0xdeadbeef);     /* inactive lane untouched */
    uint64_t want = ~(1ull << 10) & ~(1ull << 3); /* carry on active lanes except 3 */
    assert_true(si_vcc(&W) == want);             /* inactive bit zeroed */
}

static void t_add_vop3b_sdst(void **state)
{
    (void)state;
    fill(0, 0x80000000u);
    fill(1, 0x80000000u);
    VG[1][63] = 0x7fffffffu;
    si_set_vcc(&W, 0x1234);
    si_inst in = mk(SI_OP_v_add_i32, SI_FMT_VOP3B, V(2), V(0), V(1), 0);
    in.sdst = 10;
    assert_int_equal(run(&in), 0);
    assert_true(sgpr64(10) == ~(1ull << 63));
    assert_true(si_vcc(&W) == 0x1234);            /* VCC not touched */
    assert_int_equal(VG[2][0], 0);
    assert_int_equal(VG[2][63], 0xffffffffu);
}

static void t_sub_borrow_addc_subb(void **state)
{
    (void)state;
    fill(0, 0);
    fill(1, 1);
    si_inst in = mk(SI_OP_v_sub_i32, SI_FMT_VOP2, V(2), V(0), V(1), 0);
    assert_int_equal(run(&in), 0);
    assert_int_equal(VG[2][5], 0xffffffffu);
    assert_true(si_vcc(&W) == ALL_LANES);

    /* subrev: 1 - 0 = 1, no borrow */
    in = mk(SI_OP_v_subrev_i32, SI_FMT_VOP2, V(2), V(0), V(1), 0);
    assert_int_equal(run(&in), 0);
    assert_int_equal(VG[2][5], 1);
    assert_true(si_vcc(&W) == 0);

    /* addc with carry-in from an SGPR pair (VOP3b src2), carry-out to s[12:13] */
    fill(0, 0xffffffffu);
    fill(1, 0);
    W.s[4] = 0x5;                 /* carry-in on lanes 0 and 2 */
    W.s[5] = 0x80000000u;         /* and lane 63 */
    in = mk(SI_OP_v_addc_u32, SI_FMT_VOP3B, V(2), V(0), V(1), 4);
    in.sdst = 12;
    assert_int_equal(run(&in), 0);
    assert_int_equal(VG[2][0], 0);
    assert_int_equal(VG[2][1], 0xffffffffu);
    assert_int_equal(VG[2][63], 0);
    assert_true(sgpr64(12) == ((1ull << 63) | 5));

    /* subb e32: carry-in from VCC; 5 - 3 - 1 = 1; 0 - 0 - 1 borrows */
    fill(0, 5);
    fill(1, 3);
    VG[0][1] = 0;
    VG[1][1] = 0;
    si_set_vcc(&W, 0x3);
    in = mk(SI_OP_v_subb_u32, SI_FMT_VOP2, V(2), V(0), V(1), 0);
    assert_int_equal(run(&in), 0);
    assert_int_equal(VG[2][0], 1);
    assert_int_equal(VG[2][1], 0xffffffffu);
    assert_int_equal(VG[2][2], 2);
    assert_true(si_vcc(&W) == 0x2);

    /* subbrev: S1 - S0 - borrow */
    si_set_vcc(&W, 0x1);
    in = mk(SI_OP_v_subbrev_u32, SI_FMT_VOP2, V(2), V(1), V(0), 0);
    assert_int_equal(run(&in), 0);
    assert_int_equal(VG[2][0], 1);
}

static void t_shifts(void **state)
{
    (void)state;
    fill(0, 0x80000001u);
    fill(1, 33);                       /* masked to 1 */
    si_inst in = mk(SI_OP_v_lshlrev_b32, SI_FMT_VOP2, V(2), V(1), V(0), 0);
    assert_int_equal(run(&in), 0);
    assert_int_equal(VG[2][0], 0x00000002u);

    fill(1, 32);                       /* masked to 0 */
    in = mk(SI_OP_v_lshr_b32, SI_FMT_VOP2, V(2), V(0), V(1), 0);
    assert_int_equal(run(&in), 0);
    assert_int_equal(VG[2][0], 0x80000001u);

    fill(1, 4);
    in = mk(SI_OP_v_ashr_i32, SI_FMT_VOP2, V(2), V(0), V(1), 0);
    assert_int_equal(run(&in), 0);
    assert_int_equal(VG[2][0], 0xf8000000u);
    in = mk(SI_OP_v_ashrrev_i32, SI_FMT_VOP2, V(2), V(1), V(0), 0);
    assert_int_equal(run(&in), 0);
    assert_int_equal(VG[2][0], 0xf8000000u);

    /* 64-bit shifts mask to 6 bits: 68 -> 4 */
    fill64(4, 0x8000000000000001ull);
    fill(6, 68);
    in = mk(SI_OP_v_lshl_b64, SI_FMT_VOP3A, V(8), V(4), V(6), 0);
    assert_int_equal(run(&in), 0);
    assert_true(get64(8, 7) == 0x10ull);
    in = mk(SI_OP_v_lshr_b64, SI_FMT_VOP3A, V(8), V(4), V(6), 0);
    assert_int_equal(run(&in), 0);
    assert_true(get64(8, 7) == 0x0800000000000000ull);
    in = mk(SI_OP_v_ashr_i64, SI_FMT_VOP3A, V(8), V(4), V(6), 0);
    assert_int_equal(run(&in), 0);
    assert_true(get64(8, 7) == 0xf800000000000000ull);
    /* shift amount from an inline constant: 63 */
    in = mk(SI_OP_v_ashr_i64, SI_FMT_VOP3A, V(8), V(4), 128 + 63, 0);
    assert_int_equal(run(&in), 0);
    assert_true(get64(8, 0) == ~0ull);
}

static void t_bitfield(void **state)
{
    (void)state;
    fill(0, 0xF0F0A5A5u);
    /* bfe_u32: offset 4, length 8 */
    si_inst in = mk(SI_OP_v_bfe_u32, SI_FMT_VOP3A, V(2), V(0), 128 + 4, 128 + 8);
    assert_int_equal(run(&in), 0);
    assert_int_equal(VG[2][0], 0x5Au);
    /* length 0 -> 0 */
    in = mk(SI_OP_v_bfe_u32, SI_FMT_VOP3A, V(2), V(0), 128 + 4, 128 + 0);
    assert_int_equal(run(&in), 0);
    assert_int_equal(VG[2][0], 0);
    /* offset + length beyond 32: just shifted */
    in = mk(SI_OP_v_bfe_u32, SI_FMT_VOP3A, V(2), V(0), 128 + 28, 128 + 8);
    assert_int_equal(run(&in), 0);
    assert_int_equal(VG[2][0], 0xFu);
    /* offset masked to 5 bits: 36 -> 4 */
    in = mk(SI_OP_v_bfe_u32, SI_FMT_VOP3A, V(2), V(0), 128 + 36, 128 + 8);
    assert_int_equal(run(&in), 0);
    assert_int_equal(VG[2][0], 0x5Au);
    /* bfe_i32 sign-extends the field: bits [7:4] of 0xA5 = 0xA -> -6 */
    in = mk(SI_OP_v_bfe_i32, SI_FMT_VOP3A, V(2), V(0), 128 + 4, 128 + 4);
    assert_int_equal(run(&in), 0);
    assert_int_equal(VG[2][0], 0xFFFFFFFAu);
    in = mk(SI_OP_v_bfe_i32, SI_FMT_VOP3A, V(2), V(0), 128 + 28, 128 + 8);
    assert_int_equal(run(&in), 0);
    assert_int_equal(VG[2][0], 0xFFFFFFFFu);
    /* bfm: 8 bits at 4 */
    in = mk(SI_OP_v_bfm_b32, SI_FMT_VOP2, V(2), 128 + 8, V(3), 0);
    fill(3, 4);
    assert_int_equal(run(&in), 0);
    assert_int_equal(VG[2][0], 0xFF0u);
    /* bfi: (S0 & S1) | (~S0 & S2) */
    fill(3, 0x12345678u);
    fill(4, 0xAAAAAAAAu);
    in = mk(SI_OP_v_bfi_b32, SI_FMT_VOP3A, V(2), 128 + 64 /* 0x40 */, V(3), V(4));
    assert_int_equal(run(&in), 0);
    assert_int_equal(VG[2][0], (0x40u & 0x12345678u) | (~0x40u & 0xAAAAAAAAu));
    /* alignbit / alignbyte */
    fill(3, 0x11223344u);
    fill(4, 0x55667788u);
    in = mk(SI_OP_v_alignbit_b32, SI_FMT_VOP3A, V(2), V(3), V(4), 128 + 8);
    assert_int_equal(run(&in), 0);
    assert_int_equal(VG[2][0], 0x44556677u);
    in = mk(SI_OP_v_alignbyte_b32, SI_FMT_VOP3A, V(2), V(3), V(4), 128 + 6); /* 6&3 = 2 bytes */
    assert_int_equal(run(&in), 0);
    assert_int_equal(VG[2][0], 0x33445566u);
    /* bcnt, bfrev, ffbh/ffbl */
    in = mk(SI_OP_v_bcnt_u32_b32, SI_FMT_VOP2, V(2), V(0), V(5), 0);
    fill(5, 100);
    assert_int_equal(run(&in), 0);
    assert_int_equal(VG[2][0], 100 + 16);
    in = mk(SI_OP_v_bfrev_b32, SI_FMT_VOP1, V(2), 128 + 1, 0, 0);
    assert_int_equal(run(&in), 0);
    assert_int_equal(VG[2][0], 0x80000000u);
    fill(3, 0);
    VG[3][1] = 0x00010000u;
    VG[3][2] = 0xFFFFFFFFu;
    VG[3][3] = 0xFFF0FFFFu;
    in = mk(SI_OP_v_ffbh_u32, SI_FMT_VOP1, V(2), V(3), 0, 0);
    assert_int_equal(run(&in), 0);
    assert_int_equal(VG[2][0], 0xFFFFFFFFu);
    assert_int_equal(VG[2][1], 15);
    in = mk(SI_OP_v_ffbl_b32, SI_FMT_VOP1, V(2), V(3), 0, 0);
    assert_int_equal(run(&in), 0);
    assert_int_equal(VG[2][0], 0xFFFFFFFFu);
    assert_int_equal(VG[2][1], 16);
    in = mk(SI_OP_v_ffbh_i32, SI_FMT_VOP1, V(2), V(3), 0, 0);
    assert_int_equal(run(&in), 0);
    assert_int_equal(VG[2][0], 0xFFFFFFFFu);  /* 0: no bit differs from sign */
    assert_int_equal(VG[2][2], 0xFFFFFFFFu);  /* -1 */
    assert_int_equal(VG[2][3], 12);           /* first 0 from the top is bit 19 */
    assert_int_equal(VG[2][1], 15);
}

static void t_int_mul_minmax_sad(void **state)
{
    (void)state;
    fill(0, 0x00FFFFFFu);          /* -1 as i24 */
    fill(1, 0x00000003u);
    si_inst in = mk(SI_OP_v_mul_i32_i24, SI_FMT_VOP2, V(2), V(0), V(1), 0);
    assert_int_equal(run(&in), 0);
    assert_int_equal(VG[2][0], 0xFFFFFFFDu);
    in = mk(SI_OP_v_mul_hi_i32_i24, SI_FMT_VOP2, V(2), V(0), V(1), 0);
    assert_int_equal(run(&in), 0);
    assert_int_equal(VG[2][0], 0xFFFFFFFFu);
    in = mk(SI_OP_v_mul_u32_u24, SI_FMT_VOP2, V(2), V(0), V(1), 0);
    assert_int_equal(run(&in), 0);
    assert_int_equal(VG[2][0], 0x02FFFFFDu);
    fill(0, 0xFF000000u | 0x00800000u);   /* high byte ignored: -2^23 */
    fill(1, 0x00800000u);
    in = mk(SI_OP_v_mul_hi_u32_u24, SI_FMT_VOP2, V(2), V(0), V(1), 0);
    assert_int_equal(run(&in), 0);
    assert_int_equal(VG[2][0], 0x00004000u);
    in = mk(SI_OP_v_mad_i32_i24, SI_FMT_VOP3A, V(2), V(0), 128 + 2, 128 + 7);
    assert_int_equal(run(&in), 0);
    assert_int_equal(VG[2][0], (uint32_t)(-(1 << 24) + 7));

    fill(0, 0xFFFFFFFFu);
    fill(1, 0xFFFFFFFFu);
    in = mk(SI_OP_v_mul_hi_u32, SI_FMT_VOP3A, V(2), V(0), V(1), 0);
    assert_int_equal(run(&in), 0);
    assert_int_equal(VG[2][0], 0xFFFFFFFEu);
    in = mk(SI_OP_v_mul_hi_i32, SI_FMT_VOP3A, V(2), V(0), V(1), 0);
    assert_int_equal(run(&in), 0);
    assert_int_equal(VG[2][0], 0);
    in = mk(SI_OP_v_mul_lo_i32, SI_FMT_VOP3A, V(2), V(0), 128 + 5, 0);
    assert_int_equal(run(&in), 0);
    assert_int_equal(VG[2][0], 0xFFFFFFFBu);

    /* min/max/med3 signed vs unsigned */
    fill(0, 0xFFFFFFFFu);   /* -1 / UINT_MAX */
    fill(1, 5);
    fill(3, 2);
    in = mk(SI_OP_v_min_i32, SI_FMT_VOP2, V(2), V(0), V(1), 0);
    assert_int_equal(run(&in), 0);
    assert_int_equal(VG[2][0], 0xFFFFFFFFu);
    in = mk(SI_OP_v_min_u32, SI_FMT_VOP2, V(2), V(0), V(1), 0);
    assert_int_equal(run(&in), 0);
    assert_int_equal(VG[2][0], 5);
    in = mk(SI_OP_v_med3_i32, SI_FMT_VOP3A, V(2), V(0), V(1), V(3));
    assert_int_equal(run(&in), 0);
    assert_int_equal(VG[2][0], 2);
    in = mk(SI_OP_v_med3_u32, SI_FMT_VOP3A, V(2), V(0), V(1), V(3));
    assert_int_equal(run(&in), 0);
    assert_int_equal(VG[2][0], 5);
    in = mk(SI_OP_v_med3_i32, SI_FMT_VOP3A, V(2), V(1), V(3), V(3)); /* ties */
    assert_int_equal(run(&in), 0);
    assert_int_equal(VG[2][0], 2);
    in = mk(SI_OP_v_max3_i32, SI_FMT_VOP3A, V(2), V(0), V(1), V(3));
    assert_int_equal(run(&in), 0);
    assert_int_equal(VG[2][0], 5);
    in = mk(SI_OP_v_min3_u32, SI_FMT_VOP3A, V(2), V(0), V(1), V(3));
    assert_int_equal(run(&in), 0);
    assert_int_equal(VG[2][0], 2);

    /* sad / lerp */
    fill(0, 0x01FF0010u);
    fill(1, 0x02000020u);
    in = mk(SI_OP_v_sad_u8, SI_FMT_VOP3A, V(2), V(0), V(1), 128 + 1);
    assert_int_equal(run(&in), 0);
    assert_int_equal(VG[2][0], 1 + 255 + 0 + 16 + 1);
    in = mk(SI_OP_v_sad_hi_u8, SI_FMT_VOP3A, V(2), V(0), V(1), 128 + 1);
    assert_int_equal(run(&in), 0);
    assert_int_equal(VG[2][0], ((1 + 255 + 16) << 16) + 1);
    in = mk(SI_OP_v_msad_u8, SI_FMT_VOP3A, V(2), V(0), V(1), 128 + 0);
    assert_int_equal(run(&in), 0);
    assert_int_equal(VG[2][0], 1 + 16);     /* bytes with reference 0 skipped */
    in = mk(SI_OP_v_sad_u16, SI_FMT_VOP3A, V(2), V(0), V(1), 128 + 0);
    assert_int_equal(run(&in), 0);
    assert_int_equal(VG[2][0], (0x200 - 0x1FF) + (0x20 - 0x10));
    in = mk(SI_OP_v_sad_u32, SI_FMT_VOP3A, V(2), V(1), V(0), 128 + 0);
    assert_int_equal(run(&in), 0);
    assert_int_equal(VG[2][0], 0x02000020u - 0x01FF0010u);
    fill(3, 0x01000100u);
    in = mk(SI_OP_v_lerp_u8, SI_FMT_VOP3A, V(2), V(0), V(1), V(3));
    assert_int_equal(run(&in), 0);
    /* bytes: (1+2+1)/2=2, (255+0+0)/2=127, (0+0+1)/2=0, (16+32+0)/2=24 */
    assert_int_equal(VG[2][0], 0x027F0018u);

    /* cvt_pk_* clamps */
    fill(0, 0x12345u);
    fill(1, (uint32_t)-40000);
    in = mk(SI_OP_v_cvt_pk_u16_u32, SI_FMT_VOP2, V(2), V(0), 128 + 7, 0);
    assert_int_equal(run(&in), 0);
    assert_int_equal(VG[2][0], 0x0007FFFFu);
    in = mk(SI_OP_v_cvt_pk_i16_i32, SI_FMT_VOP2, V(2), V(0), V(1), 0);
    assert_int_equal(run(&in), 0);
    assert_int_equal(VG[2][0], 0x80007FFFu);
}

static void t_exec_zero_and_partial(void **state)
{
    (void)state;
    fill(0, 1);
    fill(2, 0xdeadbeef);
    si_set_exec(&W, 0);
    si_set_vcc(&W, ALL_LANES);
    si_inst in = mk(SI_OP_v_add_i32, SI_FMT_VOP2, V(2), V(0), V(0), 0);
    assert_int_equal(run(&in), 0);
    for (int l = 0; l < 64; l++)
        assert_int_equal(VG[2][l], 0xdeadbeef);
    assert_true(si_vcc(&W) == 0);

    in = mk(SI_OP_v_add_f32, SI_FMT_VOP2, V(2), V(0), V(0), 0);
    assert_int_equal(run(&in), 0);
    assert_int_equal(VG[2][0], 0xdeadbeef);

    /* partial exec for an FP op: only odd lanes written */
    si_set_exec(&W, 0xAAAAAAAAAAAAAAAAull);
    fill(0, f2u(1.5f));
    in = mk(SI_OP_v_add_f32, SI_FMT_VOP2, V(2), V(0), V(0), 0);
    assert_int_equal(run(&in), 0);
    assert_int_equal(VG[2][1], f2u(3.0f));
    assert_int_equal(VG[2][0], 0xdeadbeef);
    assert_int_equal(VG[2][62], 0xdeadbeef);
    assert_int_equal(VG[2][63], f2u(3.0f));
}

static void t_vopc(void **state)
{
    (void)state;
    for (int l = 0; l < 64; l++) {
        VG[0][l] = (uint32_t)(l - 32);       /* signed lane-dependent */
        VG[1][l] = 0;
    }
    si_set_vcc(&W, ALL_LANES);
    si_set_exec(&W, 0x00000000FFFF0000ull);
    si_inst in = mk(SI_OP_v_cmp_lt_i32, SI_FMT_VOPC, 0, V(0), V(1), 0);
    assert_int_equal(run(&in), 0);
    /* lanes 0..31 are negative, but only 16..31 active */
    assert_true(si_vcc(&W) == 0x00000000FFFF0000ull);

    /* unsigned compare: all lanes < 32 have huge values */
    si_set_exec(&W, ALL_LANES);
    in = mk(SI_OP_v_cmp_gt_u32, SI_FMT_VOPC, 0, V(0), V(1), 0);
    assert_int_equal(run(&in), 0);
    assert_true(si_vcc(&W) == ~(1ull << 32));

    /* e64 form writes an SGPR pair, cmpx writes EXEC too */
    si_set_vcc(&W, 0x77);
    si_set_exec(&W, 0xFFFFFFFF0000FFFFull);
    in = mk(SI_OP_v_cmpx_ge_i32, SI_FMT_VOP3A, 0, V(0), 128 + 0, 0);
    in.sdst = 20;
    assert_int_equal(run(&in), 0);
    uint64_t want = 0xFFFFFFFF00000000ull & 0xFFFFFFFF0000FFFFull; /* lanes >= 32 */
    assert_true(sgpr64(20) == want);
    assert_true(si_exec(&W) == want);
    assert_true(si_vcc(&W) == 0x77);

    /* f32 compares with NaN: lt false, nge true, u true, o false */
    si_set_exec(&W, ALL_LANES);
    fill(2, f2u(1.0f));
    fill(3, f2u(2.0f));
    VG[2][1] = 0x7FC00000u;     /* NaN */
    in = mk(SI_OP_v_cmp_lt_f32, SI_FMT_VOPC, 0, V(2), V(3), 0);
    assert_int_equal(run(&in), 0);
    assert_true(si_vcc(&W) == ~2ull);
    in = mk(SI_OP_v_cmp_nge_f32, SI_FMT_VOPC, 0, V(2), V(3), 0);
    assert_int_equal(run(&in), 0);
    assert_true(si_vcc(&W) == ALL_LANES);
    in = mk(SI_OP_v_cmp_u_f32, SI_FMT_VOPC, 0, V(2), V(3), 0);
    assert_int_equal(run(&in), 0);
    assert_true(si_vcc(&W) == 2ull);
    in = mk(SI_OP_v_cmp_o_f32, SI_FMT_VOPC, 0, V(2), V(3), 0);
    assert_int_equal(run(&in), 0);
    assert_true(si_vcc(&W) == ~2ull);
    in = mk(SI_OP_v_cmp_tru_f32, SI_FMT_VOPC, 0, V(2), V(3), 0);
    assert_int_equal(run(&in), 0);
    assert_true(si_vcc(&W) == ALL_LANES);
    in = mk(SI_OP_v_cmp_f_f32, SI_FMT_VOPC, 0, V(2), V(3), 0);
    assert_int_equal(run(&in), 0);
    assert_true(si_vcc(&W) == 0);
    /* neg modifier in VOP3: -1.0 < 2.0 is still true, -2 < 1 with neg on src1 */
    in = mk(SI_OP_v_cmp_gt_f32, SI_FMT_VOP3A, 0, V(2), V(3), 0);
    in.sdst = SI_SRC_VCC_LO;
    in.neg = 2;                  /* 1.0 > -2.0 */
    assert_int_equal(run(&in), 0);
    assert_true(si_vcc(&W) == ~2ull);

    /* class: NaN (quiet) and +inf */
    VG[2][2] = 0x7F800000u;
    in = mk(SI_OP_v_cmp_class_f32, SI_FMT_VOPC, 0, V(2), 128 + 0, 0);
    fill(4, (1u << 1) | (1u << 9));   /* qNaN | +inf */
    in.src[1] = V(4);
    assert_int_equal(run(&in), 0);
    assert_true(si_vcc(&W) == 0x6ull);

    /* f64 and i64/u64 */
    fill64(6, d2u(-1.0));
    fill64(8, d2u(0.5));
    in = mk(SI_OP_v_cmp_lt_f64, SI_FMT_VOPC, 0, V(6), V(8), 0);
    assert_int_equal(run(&in), 0);
    assert_true(si_vcc(&W) == ALL_LANES);
    fill64(6, (uint64_t)-5);
    fill64(8, 3);
    in = mk(SI_OP_v_cmp_lt_i64, SI_FMT_VOPC, 0, V(6), V(8), 0);
    assert_int_equal(run(&in), 0);
    assert_true(si_vcc(&W) == ALL_LANES);
    in = mk(SI_OP_v_cmp_lt_u64, SI_FMT_VOPC, 0, V(6), V(8), 0);
    assert_int_equal(run(&in), 0);
    assert_true(si_vcc(&W) == 0);
    in = mk(SI_OP_v_cmp_ne_u64, SI_FMT_VOPC, 0, V(6), V(8), 0);
    assert_int_equal(run(&in), 0);
    assert_true(si_vcc(&W) == ALL_LANES);
    /* class f64: -normal */
    in = mk(SI_OP_v_cmpx_class_f64, SI_FMT_VOPC, 0, V(6), 128 + 8 /* bit 3 */, 0);
    fill64(6, d2u(-3.0));
    assert_int_equal(run(&in), 0);
    assert_true(si_vcc(&W) == ALL_LANES);
    assert_true(si_exec(&W) == ALL_LANES);
}

static void t_lanes(void **state)
{
    (void)state;
    for (int l = 0; l < 64; l++)
        VG[3][l] = 1000u + (uint32_t)l;
    si_set_exec(&W, 0);
    /* readlane ignores EXEC; lane select masked to 6 bits */
    W.s[2] = 64 + 37;
    si_inst in = mk(SI_OP_v_readlane_b32, SI_FMT_VOP2, 5, V(3), 2, 0);
    assert_int_equal(run(&in), 0);
    assert_int_equal(W.s[5], 1037);
    /* writelane ignores EXEC; value from an SGPR, lane from a constant */
    W.s[6] = 0xabcdef;
    in = mk(SI_OP_v_writelane_b32, SI_FMT_VOP2, V(3), 6, 128 + 5, 0);
    assert_int_equal(run(&in), 0);
    assert_int_equal(VG[3][5], 0xabcdef);
    assert_int_equal(VG[3][4], 1004);
    /* readfirstlane: lane 0 when EXEC = 0, else the lowest active lane */
    in = mk(SI_OP_v_readfirstlane_b32, SI_FMT_VOP1, 7, V(3), 0, 0);
    assert_int_equal(run(&in), 0);
    assert_int_equal(W.s[7], 1000);
    si_set_exec(&W, 0xF0ull << 32);
    assert_int_equal(run(&in), 0);
    assert_int_equal(W.s[7], 1036);

    /* mbcnt_lo(-1, 0) then mbcnt_hi(-1, x) = lane id */
    si_set_exec(&W, ALL_LANES);
    in = mk(SI_OP_v_mbcnt_lo_u32_b32, SI_FMT_VOP3A, V(4), 193 /* -1 */, 128 /* 0 */, 0);
    assert_int_equal(run(&in), 0);
    in = mk(SI_OP_v_mbcnt_hi_u32_b32, SI_FMT_VOP2, V(4), 193, V(4), 0);
    assert_int_equal(run(&in), 0);
    for (int l = 0; l < 64; l++)
        assert_int_equal(VG[4][l], l);
    /* mbcnt_lo with an EXEC-like mask: count of set bits below the lane */
    W.s[8] = 0x0000F00Fu;
    in = mk(SI_OP_v_mbcnt_lo_u32_b32, SI_FMT_VOP2, V(4), 8, V(0), 0);
    fill(0, 0);
    assert_int_equal(run(&in), 0);
    assert_int_equal(VG[4][0], 0);
    assert_int_equal(VG[4][4], 4);
    assert_int_equal(VG[4][13], 5);
    assert_int_equal(VG[4][40], 8);

    /* movrels/movreld/movrelsd with M0 */
    fill(10, 111);
    fill(12, 222);
    W.s[SI_SRC_M0] = 2;
    in = mk(SI_OP_v_movrels_b32, SI_FMT_VOP1, V(0), V(10), 0, 0);  /* v0 = v12 */
    assert_int_equal(run(&in), 0);
    assert_int_equal(VG[0][9], 222);
    in = mk(SI_OP_v_movreld_b32, SI_FMT_VOP1, V(13), 128 + 9, 0, 0); /* v15 = 9 */
    assert_int_equal(run(&in), 0);
    assert_int_equal(VG[15][9], 9);
    assert_int_equal(VG[13][9], 0);
    in = mk(SI_OP_v_movrelsd_b32, SI_FMT_VOP1, V(14), V(8), 0, 0); /* v16 = v10 */
    assert_int_equal(run(&in), 0);
    assert_int_equal(VG[16][0], 111);
}

static void t_cndmask_mac(void **state)
{
    (void)state;
    fill(0, 10);
    fill(1, 20);
    si_set_vcc(&W, 0x5);
    si_inst in = mk(SI_OP_v_cndmask_b32, SI_FMT_VOP2, V(2), V(0), V(1), 0);
    assert_int_equal(run(&in), 0);
    assert_int_equal(VG[2][0], 20);
    assert_int_equal(VG[2][1], 10);
    assert_int_equal(VG[2][2], 20);
    /* e64 with an SGPR-pair mask in src2 */
    W.s[30] = 0;
    W.s[31] = 0x80000000u;
    in = mk(SI_OP_v_cndmask_b32, SI_FMT_VOP3A, V(2), V(0), V(1), 30);
    assert_int_equal(run(&in), 0);
    assert_int_equal(VG[2][0], 10);
    assert_int_equal(VG[2][63], 20);
    /* e64 source modifiers act on src0/src1 as sign bits (LLVM folds
     * select(c, -a, b) into them; libclc's cos depends on it) */
    fill(0, f2u(1.5f));
    fill(1, f2u(-2.5f));
    in = mk(SI_OP_v_cndmask_b32, SI_FMT_VOP3A, V(2), V(0), V(1), 30);
    in.neg = 1;
    in.abs = 2;
    assert_int_equal(run(&in), 0);
    assert_int_equal(VG[2][0], f2u(-1.5f));
    assert_int_equal(VG[2][63], f2u(2.5f));

    /* v_mac_f32: v2 = v0 * v1 + v2 */
    fill(0, f2u(3.0f));
    fill(1, f2u(0.5f));
    fill(2, f2u(10.0f));
    in = mk(SI_OP_v_mac_f32, SI_FMT_VOP2, V(2), V(0), V(1), 0);
    assert_int_equal(run(&in), 0);
    assert_int_equal(VG[2][0], f2u(11.5f));
    /* madmk: v0 * K + v1; madak: v0 * v1 + K */
    in = mk(SI_OP_v_madmk_f32, SI_FMT_VOP2, V(3), V(0), V(1), 0);
    in.lit = f2u(4.0f);
    in.has_lit = 1;
    assert_int_equal(run(&in), 0);
    assert_int_equal(VG[3][0], f2u(12.5f));
    in = mk(SI_OP_v_madak_f32, SI_FMT_VOP2, V(3), V(0), V(1), 0);
    in.lit = f2u(4.0f);
    in.has_lit = 1;
    assert_int_equal(run(&in), 0);
    assert_int_equal(VG[3][0], f2u(5.5f));
    /* v_mov_b32 with a literal */
    in = mk(SI_OP_v_mov_b32, SI_FMT_VOP1, V(3), SI_SRC_LITERAL, 0, 0);
    in.lit = 0x12345678u;
    assert_int_equal(run(&in), 0);
    assert_int_equal(VG[3][17], 0x12345678u);
}

static void t_fp32(void **state)
{
    (void)state;
    fill(0, f2u(1.0f));
    fill(1, f2u(2.0f));
    VG[0][1] = 0x7F800001u;            /* sNaN */
    VG[0][2] = 0x00000001u;            /* denormal */
    si_inst in = mk(SI_OP_v_add_f32, SI_FMT_VOP2, V(2), V(0), V(1), 0);
    assert_int_equal(run(&in), 0);
    assert_int_equal(VG[2][0], f2u(3.0f));
    assert_true((VG[2][1] & 0x7fffffffu) > 0x7f800000u);  /* NaN result */
    assert_true(VG[2][1] & 0x00400000u);                  /* quieted */
    assert_int_equal(VG[2][2], f2u(2.0f));

    /* denormal flushed by default (f32 FP_DENORM = 0) */
    fill(1, 0);
    assert_int_equal(run(&in), 0);
    assert_int_equal(VG[2][2] & 0x7fffffffu, 0);
    /* kept when denormals are allowed (MODE[5:4] = 3) */
    W.mode |= 3u << 4;
    assert_int_equal(run(&in), 0);
    assert_int_equal(VG[2][2], 1);
    W.mode = MODE_DEFAULT;

    /* sub/subrev/mul */
    fill(0, f2u(5.0f));
    fill(1, f2u(2.0f));
    in = mk(SI_OP_v_subrev_f32, SI_FMT_VOP2, V(2), V(0), V(1), 0);
    assert_int_equal(run(&in), 0);
    assert_int_equal(VG[2][0], f2u(-3.0f));
    in = mk(SI_OP_v_mul_f32, SI_FMT_VOP2, V(2), V(0), V(1), 0);
    assert_int_equal(run(&in), 0);
    assert_int_equal(VG[2][0], f2u(10.0f));

    /* legacy multiply: 0 * inf = 0 */
    fill(0, 0);
    fill(1, 0x7F800000u);
    in = mk(SI_OP_v_mul_legacy_f32, SI_FMT_VOP2, V(2), V(0), V(1), 0);
    assert_int_equal(run(&in), 0);
    assert_int_equal(VG[2][0], 0);
    in = mk(SI_OP_v_mul_f32, SI_FMT_VOP2, V(2), V(0), V(1), 0);
    assert_int_equal(run(&in), 0);
    assert_true((VG[2][0] & 0x7fffffffu) > 0x7f800000u);

    /* min/max with a NaN operand return the other one (IEEE mode) */
    fill(0, 0x7FC00000u);
    fill(1, f2u(-4.0f));
    in = mk(SI_OP_v_max_f32, SI_FMT_VOP2, V(2), V(0), V(1), 0);
    assert_int_equal(run(&in), 0);
    assert_int_equal(VG[2][0], f2u(-4.0f));

    /* conversions */
    fill(0, f2u(-2.5f));
    in = mk(SI_OP_v_cvt_i32_f32, SI_FMT_VOP1, V(2), V(0), 0, 0);
    assert_int_equal(run(&in), 0);
    assert_int_equal(VG[2][0], (uint32_t)-2);
    in = mk(SI_OP_v_cvt_flr_i32_f32, SI_FMT_VOP1, V(2), V(0), 0, 0);
    assert_int_equal(run(&in), 0);
    assert_int_equal(VG[2][0], (uint32_t)-3);
    fill(0, 0x7FC00000u);
    in = mk(SI_OP_v_cvt_u32_f32, SI_FMT_VOP1, V(2), V(0), 0, 0);
    assert_int_equal(run(&in), 0);
    assert_int_equal(VG[2][0], 0);
    fill(0, 0x00AB0000u);
    in = mk(SI_OP_v_cvt_f32_ubyte2, SI_FMT_VOP1, V(2), V(0), 0, 0);
    assert_int_equal(run(&in), 0);
    assert_int_equal(VG[2][0], f2u(171.0f));
    in = mk(SI_OP_v_cvt_f32_i32, SI_FMT_VOP1, V(2), 193 /* -1 */, 0, 0);
    assert_int_equal(run(&in), 0);
    assert_int_equal(VG[2][0], f2u(-1.0f));
    in = mk(SI_OP_v_cvt_off_f32_i4, SI_FMT_VOP1, V(2), 128 + 15, 0, 0);
    assert_int_equal(run(&in), 0);
    assert_int_equal(VG[2][0], f2u(-0.0625f));
    /* pkrtz: 1.0 and -2.0 as halves */
    in = mk(SI_OP_v_cvt_pkrtz_f16_f32, SI_FMT_VOP2, V(2), SI_SRC_F_1_0, V(3), 0);
    fill(3, f2u(-2.0f));
    assert_int_equal(run(&in), 0);
    assert_int_equal(VG[2][0], 0xC0003C00u);
    /* pknorm: 1.0 -> 32767 / 65535, -1.0 -> -32767 / 0 */
    in = mk(SI_OP_v_cvt_pknorm_i16_f32, SI_FMT_VOP2, V(2), SI_SRC_F_1_0, SI_SRC_F_NEG_1_0, 0);
    in.src[1] = V(3);
    fill(3, f2u(-1.0f));
    assert_int_equal(run(&in), 0);
    assert_int_equal(VG[2][0], 0x80017FFFu);
    in.op = SI_OP_v_cvt_pknorm_u16_f32;
    assert_int_equal(run(&in), 0);
    assert_int_equal(VG[2][0], 0x0000FFFFu);
    /* cvt_pk_u8_f32: byte 2 of src2 replaced by round(200.6) = 201 */
    fill(0, f2u(200.6f));
    fill(1, 2);
    fill(3, 0x11223344u);
    in = mk(SI_OP_v_cvt_pk_u8_f32, SI_FMT_VOP3A, V(2), V(0), V(1), V(3));
    assert_int_equal(run(&in), 0);
    assert_int_equal(VG[2][0], 0x11C93344u);

    /* fma / mad / ldexp / frexp / floor / fract */
    fill(0, f2u(1.5f));
    in = mk(SI_OP_v_fma_f32, SI_FMT_VOP3A, V(2), V(0), SI_SRC_F_2_0, SI_SRC_F_NEG_0_5);
    assert_int_equal(run(&in), 0);
    assert_int_equal(VG[2][0], f2u(2.5f));
    in = mk(SI_OP_v_ldexp_f32, SI_FMT_VOP2, V(2), V(0), V(1), 0);
    fill(1, (uint32_t)-3);
    assert_int_equal(run(&in), 0);
    assert_int_equal(VG[2][0], f2u(0.1875f));
    fill(0, f2u(-6.0f));
    in = mk(SI_OP_v_frexp_exp_i32_f32, SI_FMT_VOP1, V(2), V(0), 0, 0);
    assert_int_equal(run(&in), 0);
    assert_int_equal(VG[2][0], 3);
    in = mk(SI_OP_v_frexp_mant_f32, SI_FMT_VOP1, V(2), V(0), 0, 0);
    assert_int_equal(run(&in), 0);
    assert_int_equal(VG[2][0], f2u(-0.75f));
    fill(0, f2u(-1.25f));
    in = mk(SI_OP_v_floor_f32, SI_FMT_VOP1, V(2), V(0), 0, 0);
    assert_int_equal(run(&in), 0);
    assert_int_equal(VG[2][0], f2u(-2.0f));
    in = mk(SI_OP_v_fract_f32, SI_FMT_VOP1, V(2), V(0), 0, 0);
    assert_int_equal(run(&in), 0);
    assert_int_equal(VG[2][0], f2u(0.75f));
    fill(0, f2u(4.0f));
    in = mk(SI_OP_v_rcp_f32, SI_FMT_VOP1, V(2), V(0), 0, 0);
    assert_int_equal(run(&in), 0);
    assert_int_equal(VG[2][0], f2u(0.25f));
    in = mk(SI_OP_v_sqrt_f32, SI_FMT_VOP1, V(2), V(0), 0, 0);
    assert_int_equal(run(&in), 0);
    assert_int_equal(VG[2][0], f2u(2.0f));

    /* min3/max3/med3 f32 */
    fill(0, f2u(3.0f));
    fill(1, f2u(-1.0f));
    fill(3, f2u(2.0f));
    in = mk(SI_OP_v_med3_f32, SI_FMT_VOP3A, V(2), V(0), V(1), V(3));
    assert_int_equal(run(&in), 0);
    assert_int_equal(VG[2][0], f2u(2.0f));
    in = mk(SI_OP_v_min3_f32, SI_FMT_VOP3A, V(2), V(0), V(1), V(3));
    assert_int_equal(run(&in), 0);
    assert_int_equal(VG[2][0], f2u(-1.0f));
    in = mk(SI_OP_v_max3_f32, SI_FMT_VOP3A, V(2), V(0), V(1), V(3));
    assert_int_equal(run(&in), 0);
    assert_int_equal(VG[2][0], f2u(3.0f));

    /* cube map: major axis z = -4 -> face 5 */
    fill(0, f2u(1.0f));
    fill(1, f2u(2.0f));
    fill(3, f2u(-4.0f));
    in = mk(SI_OP_v_cubeid_f32, SI_FMT_VOP3A, V(2), V(0), V(1), V(3));
    assert_int_equal(run(&in), 0);
    assert_int_equal(VG[2][0], f2u(5.0f));
    in.op = SI_OP_v_cubema_f32;
    assert_int_equal(run(&in), 0);
    assert_int_equal(VG[2][0], f2u(-8.0f));
    in.op = SI_OP_v_cubesc_f32;
    assert_int_equal(run(&in), 0);
    assert_int_equal(VG[2][0], f2u(-1.0f));
    in.op = SI_OP_v_cubetc_f32;
    assert_int_equal(run(&in), 0);
    assert_int_equal(VG[2][0], f2u(-2.0f));
    /* mullit: src2 <= 0 gives -FLT_MAX */
    in.op = SI_OP_v_mullit_f32;
    assert_int_equal(run(&in), 0);
    assert_int_equal(VG[2][0], 0xFF7FFFFFu);
    fill(3, f2u(1.0f));
    assert_int_equal(run(&in), 0);
    assert_int_equal(VG[2][0], f2u(2.0f));
}

static void t_modifiers(void **state)
{
    (void)state;
    fill(0, f2u(-2.0f));
    fill(1, f2u(3.0f));
    /* |v0| + -v1 = -1 */
    si_inst in = mk(SI_OP_v_add_f32, SI_FMT_VOP3A, V(2), V(0), V(1), 0);
    in.abs = 1;
    in.neg = 2;
    assert_int_equal(run(&in), 0);
    assert_int_equal(VG[2][0], f2u(-1.0f));
    /* omod *4 */
    in.omod = 2;
    assert_int_equal(run(&in), 0);
    assert_int_equal(VG[2][0], f2u(-4.0f));
    /* omod /2 then clamp -> 0 */
    in.omod = 3;
    in.clamp = 1;
    assert_int_equal(run(&in), 0);
    assert_int_equal(VG[2][0], 0);
    /* clamp to 1.0 */
    in.abs = 0;
    in.neg = 1;
    in.omod = 0;
    assert_int_equal(run(&in), 0);          /* 2 + 3 = 5 -> 1.0 */
    assert_int_equal(VG[2][0], f2u(1.0f));
    /* modifiers do not touch integer operands */
    fill(0, 0x80000001u);
    fill(1, 0xFFFFFFFFu);
    in = mk(SI_OP_v_and_b32, SI_FMT_VOP3A, V(2), V(0), V(1), 0);
    in.neg = 3;
    in.abs = 3;
    assert_int_equal(run(&in), 0);
    assert_int_equal(VG[2][0], 0x80000001u);
    /* neg on an f64 source */
    fill64(4, d2u(1.5));
    fill64(6, d2u(2.25));
    in = mk(SI_OP_v_add_f64, SI_FMT_VOP3A, V(8), V(4), V(6), 0);
    in.neg = 2;
    assert_int_equal(run(&in), 0);
    assert_true(get64(8, 3) == d2u(-0.75));
    in.neg = 0;
    in.omod = 1;                            /* *2 */
    /* OMOD is ignored while f64 output denormals are allowed (the default) */
    assert_int_equal(run(&in), 0);
    assert_true(get64(8, 3) == d2u(3.75));
    W.mode &= ~(3u << 6);                   /* flush f64 denormals: OMOD works */
    assert_int_equal(run(&in), 0);
    assert_true(get64(8, 3) == d2u(7.5));
}

static void t_fp64(void **state)
{
    (void)state;
    fill64(4, d2u(1.5));
    fill64(6, d2u(-2.25));
    si_inst in = mk(SI_OP_v_mul_f64, SI_FMT_VOP3A, V(8), V(4), V(6), 0);
    assert_int_equal(run(&in), 0);
    assert_true(get64(8, 0) == d2u(-3.375));
    /* f64 inline constant operand */
    in = mk(SI_OP_v_add_f64, SI_FMT_VOP3A, V(8), V(4), SI_SRC_F_0_5, 0);
    assert_int_equal(run(&in), 0);
    assert_true(get64(8, 0) == d2u(2.0));
    in = mk(SI_OP_v_fma_f64, SI_FMT_VOP3A, V(8), V(4), V(4), V(6));
    assert_int_equal(run(&in), 0);
    assert_true(get64(8, 0) == d2u(0.0));
    in = mk(SI_OP_v_max_f64, SI_FMT_VOP3A, V(8), V(4), V(6), 0);
    assert_int_equal(run(&in), 0);
    assert_true(get64(8, 0) == d2u(1.5));
    in = mk(SI_OP_v_ldexp_f64, SI_FMT_VOP3A, V(8), V(4), 128 + 3, 0);
    assert_int_equal(run(&in), 0);
    assert_true(get64(8, 0) == d2u(12.0));
    /* f64 denormals are kept by default (FP_DENORM f64 = 3) */
    fill64(4, 1);
    in = mk(SI_OP_v_add_f64, SI_FMT_VOP3A, V(8), V(4), V(4), 0);
    assert_int_equal(run(&in), 0);
    assert_true(get64(8, 0) == 2);
    /* conversions */
    fill(0, f2u(0.1f));
    in = mk(SI_OP_v_cvt_f64_f32, SI_FMT_VOP1, V(8), V(0), 0, 0);
    assert_int_equal(run(&in), 0);
    assert_true(get64(8, 0) == d2u((double)0.1f));
    fill64(4, d2u(-7.9));
    in = mk(SI_OP_v_cvt_i32_f64, SI_FMT_VOP1, V(2), V(4), 0, 0);
    assert_int_equal(run(&in), 0);
    assert_int_equal(VG[2][0], (uint32_t)-7);
    in = mk(SI_OP_v_cvt_f32_f64, SI_FMT_VOP1, V(2), V(4), 0, 0);
    assert_int_equal(run(&in), 0);
    assert_int_equal(VG[2][0], f2u(-7.9f));
    in = mk(SI_OP_v_cvt_f64_u32, SI_FMT_VOP1, V(8), 193, 0, 0);
    assert_int_equal(run(&in), 0);
    assert_true(get64(8, 0) == d2u(4294967295.0));
    fill64(4, d2u(-6.0));
    in = mk(SI_OP_v_frexp_exp_i32_f64, SI_FMT_VOP1, V(2), V(4), 0, 0);
    assert_int_equal(run(&in), 0);
    assert_int_equal(VG[2][0], 3);
    in = mk(SI_OP_v_fract_f64, SI_FMT_VOP1, V(8), V(4), 0, 0);
    assert_int_equal(run(&in), 0);
    assert_true(get64(8, 0) == 0);
    fill64(4, d2u(16.0));
    in = mk(SI_OP_v_sqrt_f64, SI_FMT_VOP1, V(8), V(4), 0, 0);
    assert_int_equal(run(&in), 0);
    assert_true(get64(8, 0) == d2u(4.0));
    /* trig_preop segment 0 of 2/pi: the leading 53 bits, 0.6366197723675814 */
    fill64(4, d2u(1.0));
    in = mk(SI_OP_v_trig_preop_f64, SI_FMT_VOP3A, V(8), V(4), 128 + 0, 0);
    assert_int_equal(run(&in), 0);
    assert_true(get64(8, 0) == 0x3FE45F306DC9C882ull);
}

static void t_div(void **state)
{
    (void)state;
    /* the usual f32 division sequence for 1/3: scale, rcp, fmas, fixup */
    fill(0, f2u(1.0f));   /* numerator   */
    fill(1, f2u(3.0f));   /* denominator */
    W.s[40] = 0xffffffffu;
    W.s[41] = 0xffffffffu;
    si_inst in = mk(SI_OP_v_div_scale_f32, SI_FMT_VOP3B, V(2), V(1), V(1), V(0));
    in.sdst = 40;
    assert_int_equal(run(&in), 0);
    assert_int_equal(VG[2][0], f2u(3.0f));   /* no scaling needed */
    assert_true(sgpr64(40) == 0);
    /* div_fixup: quotient passes through for ordinary values; 1/0 -> inf */
    fill(3, f2u(0.333333343f));
    in = mk(SI_OP_v_div_fixup_f32, SI_FMT_VOP3A, V(2), V(3), V(1), V(0));
    assert_int_equal(run(&in), 0);
    assert_int_equal(VG[2][0], f2u(0.333333343f));
    fill(1, 0);
    assert_int_equal(run(&in), 0);
    assert_int_equal(VG[2][0], 0x7F800000u);
    /* div_fmas with VCC clear is a plain fma */
    si_set_vcc(&W, 0);
    fill(0, f2u(2.0f));
    fill(1, f2u(3.0f));
    fill(3, f2u(1.0f));
    in = mk(SI_OP_v_div_fmas_f32, SI_FMT_VOP3A, V(2), V(0), V(1), V(3));
    assert_int_equal(run(&in), 0);
    assert_int_equal(VG[2][0], f2u(7.0f));
}

static void t_misc(void **state)
{
    (void)state;
    /* VOPC with EXEC = 0: the whole mask becomes 0, cmpx leaves EXEC 0 */
    fill(0, 1);
    si_set_vcc(&W, ALL_LANES);
    si_set_exec(&W, 0);
    si_inst in = mk(SI_OP_v_cmpx_eq_u32, SI_FMT_VOPC, 0, V(0), V(0), 0);
    assert_int_equal(run(&in), 0);
    assert_true(si_vcc(&W) == 0);
    assert_true(si_exec(&W) == 0);
    si_set_exec(&W, ALL_LANES);

    /* cvt_pkaccum_u8_f32 keeps the other bytes of the destination */
    fill(2, 0xAABBCCDDu);
    fill(0, f2u(300.0f));           /* clamps to 255 */
    VG[0][1] = f2u(-5.0f);          /* clamps to 0 */
    VG[0][2] = 0x7FC00000u;         /* NaN -> 0 */
    in = mk(SI_OP_v_cvt_pkaccum_u8_f32, SI_FMT_VOP2, V(2), V(0), 128 + 1, 0);
    assert_int_equal(run(&in), 0);
    assert_int_equal(VG[2][0], 0xAABBFFDDu);
    assert_int_equal(VG[2][1], 0xAABB00DDu);
    assert_int_equal(VG[2][2], 0xAABB00DDu);

    /* v_qsad_u8: four 16-bit accumulators */
    fill64(4, 0x0000000004030201ull);
    fill(6, 0x01010101u);
    fill64(8, 0x0004000300020001ull);
    in = mk(SI_OP_v_qsad_u8, SI_FMT_VOP3A, V(10), V(4), V(6), V(8));
    assert_int_equal(run(&in), 0);
    /* windows: 04030201 -> 0+1+2+3 = 6, 00040302 -> 1+2+3+1 = 7,
     * 00000403 -> 2+3+1+1 = 7, 00000004 -> 3+1+1+1 = 6 */
    assert_true(get64(10, 0) == (((uint64_t)(6 + 4) << 48) | ((uint64_t)(7 + 3) << 32) |
                                 ((uint64_t)(7 + 2) << 16) | (6 + 1)));

    /* v_mac_legacy_f32: 0 * inf contributes +0 */
    fill(0, 0);
    fill(1, 0x7F800000u);
    fill(2, f2u(5.0f));
    in = mk(SI_OP_v_mac_legacy_f32, SI_FMT_VOP2, V(2), V(0), V(1), 0);
    assert_int_equal(run(&in), 0);
    assert_int_equal(VG[2][0], f2u(5.0f));

    /* v_mac_f32 in VOP3 form with neg on the accumulator (bit 2) */
    fill(0, f2u(2.0f));
    fill(1, f2u(3.0f));
    fill(2, f2u(1.0f));
    in = mk(SI_OP_v_mac_f32, SI_FMT_VOP3A, V(2), V(0), V(1), 0);
    in.neg = 4;
    assert_int_equal(run(&in), 0);
    assert_int_equal(VG[2][0], f2u(5.0f));

    /* div_scale sets the flag when the denominator must be scaled */
    fill(0, f2u(1.0f));
    fill(1, 0x00800000u);           /* smallest normal denominator */
    VG[1][1] = f2u(2.0f);
    in = mk(SI_OP_v_div_scale_f32, SI_FMT_VOP3B, V(2), V(1), V(1), V(0));
    in.sdst = SI_SRC_VCC_LO;
    si_set_exec(&W, 0x3);
    si_set_vcc(&W, ALL_LANES);
    assert_int_equal(run(&in), 0);
    assert_true((si_vcc(&W) & ~0x3ull) == 0);   /* inactive bits zeroed */
    assert_int_equal(VG[2][1], f2u(2.0f));      /* ordinary lane unchanged */

    /* readfirstlane of an SGPR source simply copies it */
    W.s[9] = 77;
    in = mk(SI_OP_v_readfirstlane_b32, SI_FMT_VOP1, 3, 9, 0, 0);
    assert_int_equal(run(&in), 0);
    assert_int_equal(W.s[3], 77);
}

static void t_errors(void **state)
{
    (void)state;
    if (!E)
        skip();
    /* VGPR outside the wave's allocation */
    si_inst in = mk(SI_OP_v_mov_b32, SI_FMT_VOP1, V(NV), V(0), 0, 0);
    assert_true(run(&in) < 0);
    in = mk(SI_OP_v_add_f64, SI_FMT_VOP3A, V(2), V(NV - 1), V(0), 0);
    assert_true(run(&in) < 0);
    /* movrels past the end */
    W.s[SI_SRC_M0] = 100;
    in = mk(SI_OP_v_movrels_b32, SI_FMT_VOP1, V(0), V(1), 0, 0);
    assert_true(run(&in) < 0);
    /* a non-VALU op */
    in = mk(SI_OP_s_mov_b32, SI_FMT_SOP1, 0, 0, 0, 0);
    assert_true(run(&in) < 0);
}

int main(void)
{
    /* An emulator for si_emu_fail (error-path tests); created from a
     * minimal dispatch if the core accepts it. */
    static si_mem mem;
    static si_kernel k;
    static si_dispatch d;
    si_mem_init(&mem);
    d.kernel = &k;
    d.dims = 1;
    d.grid[0] = d.grid[1] = d.grid[2] = 1;
    d.wg[0] = d.wg[1] = d.wg[2] = 1;
    d.ngroups[0] = d.ngroups[1] = d.ngroups[2] = 1;
    si_emu_opts o;
    memset(&o, 0, sizeof o);
    E = si_emu_create(&mem, &d, &o);

    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup(t_add_carry, setup),
        cmocka_unit_test_setup(t_add_vop3b_sdst, setup),
        cmocka_unit_test_setup(t_sub_borrow_addc_subb, setup),
        cmocka_unit_test_setup(t_shifts, setup),
        cmocka_unit_test_setup(t_bitfield, setup),
        cmocka_unit_test_setup(t_int_mul_minmax_sad, setup),
        cmocka_unit_test_setup(t_exec_zero_and_partial, setup),
        cmocka_unit_test_setup(t_vopc, setup),
        cmocka_unit_test_setup(t_lanes, setup),
        cmocka_unit_test_setup(t_cndmask_mac, setup),
        cmocka_unit_test_setup(t_fp32, setup),
        cmocka_unit_test_setup(t_modifiers, setup),
        cmocka_unit_test_setup(t_fp64, setup),
        cmocka_unit_test_setup(t_div, setup),
        cmocka_unit_test_setup(t_misc, setup),
        cmocka_unit_test_setup(t_errors, setup),
    };
    int rc = cmocka_run_group_tests(tests, NULL, NULL);
    if (E)
        si_emu_destroy(E);
    si_mem_free(&mem);
    return rc;
}
