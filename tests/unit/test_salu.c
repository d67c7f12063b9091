/* Unit tests: scalar ALU semantics and scalar operand rules.
 * Instructions are built as si_inst structs (never from opcode numbers)
 * and executed directly with si_exec_salu. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>
#include "sicu/emu.h"

static si_wave W;
static uint32_t V[4][SI_WAVE_LANES];

#define NEXT_PC 0x10000104ull /* w->pc as the unit sees it: next instruction */

static void wreset(void)
{
    memset(&W, 0, sizeof W);
    memset(V, 0, sizeof V);
    W.v = V;
    W.nvgpr = 4;
    W.nsgpr = 104;
    si_set_exec(&W, ~0ull);
    W.pc = NEXT_PC;
}

static si_inst mk(unsigned op, unsigned dst, unsigned s0, unsigned s1)
{
    si_inst in;
    memset(&in, 0, sizeof in);
    in.op = (uint16_t)op;
    in.fmt = si_ops[op].fmt;
    in.dst = (uint16_t)dst;
    in.src[0] = (uint16_t)s0;
    in.src[1] = (uint16_t)s1;
    in.size = 4;
    return in;
}

static si_inst mkk(unsigned op, unsigned reg, int simm16)
{
    si_inst in = mk(op, 0, 0, 0);
    if (si_ops[op].flags & F_SOPK_IMM_ONLY)
        in.src[1] = (uint16_t)reg;
    else
        in.dst = (uint16_t)reg;
    in.simm16 = (int16_t)simm16;
    return in;
}

static si_inst mklit(unsigned op, unsigned dst, unsigned s0, unsigned s1, uint32_t lit)
{
    si_inst in = mk(op, dst, s0, s1);
    in.lit = lit;
    in.has_lit = 1;
    in.size = 8;
    return in;
}

static int ex(si_inst in) { return si_exec_salu(NULL, &W, &in, NULL); }

static uint64_t s64(unsigned r) { return ((uint64_t)W.s[r + 1] << 32) | W.s[r]; }
static void set64(unsigned r, uint64_t v) { W.s[r] = (uint32_t)v; W.s[r + 1] = (uint32_t)(v >> 32); }

#define IC(n) (SI_SRC_ZERO + (n))            /* integer inline constant 0..64 */
#define INEG(n) (SI_SRC_INT_POS_LAST + (n))  /* -1..-16 */

static void test_add_sub_carry(void **st)
{
    (void)st;
    wreset();
    W.s[0] = 0xffffffffu; W.s[1] = 1;
    assert_int_equal(ex(mk(SI_OP_s_add_u32, 2, 0, 1)), 0);
    assert_int_equal(W.s[2], 0); assert_int_equal(W.scc, 1);
    /* addc consumes the carry */
    W.s[0] = 5; W.s[1] = 6;
    ex(mk(SI_OP_s_addc_u32, 3, 0, 1));
    assert_int_equal(W.s[3], 12); assert_int_equal(W.scc, 0);
    /* addc carry out when a + b + 1 wraps exactly */
    W.scc = 1; W.s[0] = 0xffffffffu; W.s[1] = 0;
    ex(mk(SI_OP_s_addc_u32, 3, 0, 1));
    assert_int_equal(W.s[3], 0); assert_int_equal(W.scc, 1);
    /* sub_u32 borrow */
    W.s[0] = 0; W.s[1] = 1;
    ex(mk(SI_OP_s_sub_u32, 2, 0, 1));
    assert_int_equal(W.s[2], 0xffffffffu); assert_int_equal(W.scc, 1);
    ex(mk(SI_OP_s_sub_u32, 2, 1, 0));
    assert_int_equal(W.scc, 0);
    /* subb: 5 - 5 - borrow(1) borrows */
    W.s[0] = 5; W.scc = 1;
    ex(mk(SI_OP_s_subb_u32, 2, 0, 0));
    assert_int_equal(W.s[2], 0xffffffffu); assert_int_equal(W.scc, 1);
    /* signed overflow rules for _i32 */
    W.s[0] = 0x7fffffff; W.s[1] = 1;
    ex(mk(SI_OP_s_add_i32, 2, 0, 1));
    assert_int_equal(W.s[2], 0x80000000u); assert_int_equal(W.scc, 1);
    W.s[0] = 0xffffffffu; /* -1 + 1: unsigned carry but no signed overflow */
    ex(mk(SI_OP_s_add_i32, 2, 0, 1));
    assert_int_equal(W.s[2], 0); assert_int_equal(W.scc, 0);
    W.s[0] = 0x80000000u;
    ex(mk(SI_OP_s_sub_i32, 2, 0, 1));
    assert_int_equal(W.s[2], 0x7fffffffu); assert_int_equal(W.scc, 1);
    /* s_addk_i32: overflow into SCC */
    W.s[5] = 0x7ffffff0u;
    ex(mkk(SI_OP_s_addk_i32, 5, 0x10));
    assert_int_equal(W.s[5], 0x80000000u); assert_int_equal(W.scc, 1);
    ex(mkk(SI_OP_s_addk_i32, 5, -1));
    assert_int_equal(W.s[5], 0x7fffffffu); assert_int_equal(W.scc, 1);
    ex(mkk(SI_OP_s_mulk_i32, 5, -2));
    assert_int_equal(W.s[5], 0x00000002u);
}

static void test_min_max_cselect(void **st)
{
    (void)st;
    wreset();
    W.s[0] = (uint32_t)-5; W.s[1] = 3;
    ex(mk(SI_OP_s_min_i32, 2, 0, 1));
    assert_int_equal(W.s[2], (uint32_t)-5); assert_int_equal(W.scc, 1);
    ex(mk(SI_OP_s_min_u32, 2, 0, 1));
    assert_int_equal(W.s[2], 3); assert_int_equal(W.scc, 0);
    ex(mk(SI_OP_s_max_i32, 2, 0, 1));
    assert_int_equal(W.s[2], 3); assert_int_equal(W.scc, 0);
    ex(mk(SI_OP_s_max_u32, 2, 0, 1));
    assert_int_equal(W.s[2], (uint32_t)-5); assert_int_equal(W.scc, 1);
    W.scc = 1;
    ex(mk(SI_OP_s_cselect_b32, 4, 0, 1));
    assert_int_equal(W.s[4], (uint32_t)-5);
    W.scc = 0;
    ex(mk(SI_OP_s_cselect_b32, 4, 0, 1));
    assert_int_equal(W.s[4], 3);
    assert_int_equal(W.scc, 0); /* cselect does not write SCC */
    ex(mk(SI_OP_s_absdiff_i32, 4, 1, 0));
    assert_int_equal(W.s[4], 8); assert_int_equal(W.scc, 1);
}

static void test_logic_scc(void **st)
{
    (void)st;
    wreset();
    set64(0, 0xff00ff00ff00ff00ull); set64(2, 0x00ff00ff00ff00ffull);
    ex(mk(SI_OP_s_and_b64, 4, 0, 2));
    assert_true(s64(4) == 0); assert_int_equal(W.scc, 0);
    ex(mk(SI_OP_s_or_b64, 4, 0, 2));
    assert_true(s64(4) == ~0ull); assert_int_equal(W.scc, 1);
    ex(mk(SI_OP_s_xnor_b64, 4, 0, 2));
    assert_true(s64(4) == 0); assert_int_equal(W.scc, 0);
    ex(mk(SI_OP_s_andn2_b64, 4, 0, 2));
    assert_true(s64(4) == 0xff00ff00ff00ff00ull); assert_int_equal(W.scc, 1);
    ex(mk(SI_OP_s_orn2_b32, 6, 0, 2));
    assert_int_equal(W.s[6], 0xff00ff00u);
    ex(mk(SI_OP_s_nand_b32, 6, 0, 0));
    assert_int_equal(W.s[6], 0x00ff00ffu);
    ex(mk(SI_OP_s_nor_b32, 6, 0, 2));
    assert_int_equal(W.s[6], 0); assert_int_equal(W.scc, 0);
    ex(mk(SI_OP_s_not_b32, 6, 0, 0));
    assert_int_equal(W.s[6], 0x00ff00ffu); assert_int_equal(W.scc, 1);
}

static void test_shifts_masked(void **st)
{
    (void)st;
    wreset();
    W.s[0] = 3; W.s[1] = 33; /* shift amount is masked to 5 bits: 33 -> 1 */
    ex(mk(SI_OP_s_lshl_b32, 2, 0, 1));
    assert_int_equal(W.s[2], 6); assert_int_equal(W.scc, 1);
    W.s[1] = 32;
    ex(mk(SI_OP_s_lshr_b32, 2, 0, 1));
    assert_int_equal(W.s[2], 3);
    W.s[0] = 0x80000000u; W.s[1] = 63;
    ex(mk(SI_OP_s_ashr_i32, 2, 0, 1));
    assert_int_equal(W.s[2], 0xffffffffu);
    set64(4, 1); W.s[1] = 65; /* 6-bit mask: 65 -> 1 */
    ex(mk(SI_OP_s_lshl_b64, 6, 4, 1));
    assert_true(s64(6) == 2);
    W.s[1] = 63;
    ex(mk(SI_OP_s_lshl_b64, 6, 4, 1));
    assert_true(s64(6) == 0x8000000000000000ull);
    ex(mk(SI_OP_s_ashr_i64, 8, 6, 1));
    assert_true(s64(8) == ~0ull);
    W.s[1] = 64; /* -> 0 */
    ex(mk(SI_OP_s_lshr_b64, 8, 6, 1));
    assert_true(s64(8) == 0x8000000000000000ull);
    W.s[0] = 1; W.s[1] = 0x3f; /* lshr by 31 of 1 -> 0, SCC 0 */
    ex(mk(SI_OP_s_lshr_b32, 2, 0, 1));
    assert_int_equal(W.s[2], 0); assert_int_equal(W.scc, 0);
}

static void test_bfe_bfm(void **st)
{
    (void)st;
    wreset();
    W.s[0] = 0x12345678u;
    W.s[1] = 8 | (8u << 16);
    ex(mk(SI_OP_s_bfe_u32, 2, 0, 1));
    assert_int_equal(W.s[2], 0x56);
    W.s[0] = 0x00008000u; W.s[1] = 8 | (8u << 16); /* field 0x80 -> sign-extended */
    ex(mk(SI_OP_s_bfe_i32, 2, 0, 1));
    assert_int_equal(W.s[2], 0xffffff80u); assert_int_equal(W.scc, 1);
    W.s[1] = 8 | (0u << 16); /* width 0 -> 0 */
    ex(mk(SI_OP_s_bfe_u32, 2, 0, 1));
    assert_int_equal(W.s[2], 0); assert_int_equal(W.scc, 0);
    W.s[0] = 0xf0000000u; W.s[1] = 28 | (8u << 16); /* field runs off the top */
    ex(mk(SI_OP_s_bfe_i32, 2, 0, 1));
    assert_int_equal(W.s[2], 0xffffffffu);
    ex(mk(SI_OP_s_bfe_u32, 2, 0, 1));
    assert_int_equal(W.s[2], 0xf);
    set64(4, 0xabcd000000000000ull); W.s[1] = 48 | (16u << 16);
    ex(mk(SI_OP_s_bfe_u64, 6, 4, 1));
    assert_true(s64(6) == 0xabcd);
    ex(mk(SI_OP_s_bfe_i64, 6, 4, 1));
    assert_true(s64(6) == 0xffffffffffffabcdull);
    W.s[0] = 4; W.s[1] = 8;
    ex(mk(SI_OP_s_bfm_b32, 2, 0, 1));
    assert_int_equal(W.s[2], 0xf00);
    W.s[0] = 40; W.s[1] = 4;
    ex(mk(SI_OP_s_bfm_b64, 6, 0, 1));
    assert_true(s64(6) == 0xffffffffff0ull);
}

static void test_saveexec(void **st)
{
    (void)st;
    wreset();
    si_set_exec(&W, 0xf0f0);
    set64(2, 0xff00);
    assert_int_equal(ex(mk(SI_OP_s_and_saveexec_b64, 4, 2, 0)), 0);
    assert_true(s64(4) == 0xf0f0);
    assert_true(si_exec(&W) == 0xf000);
    assert_int_equal(W.scc, 1);
    si_set_exec(&W, 0xf0f0);
    ex(mk(SI_OP_s_andn2_saveexec_b64, 4, 2, 0)); /* EXEC = S0 & ~EXEC */
    assert_true(si_exec(&W) == 0x0f00);
    si_set_exec(&W, 0xff00);
    ex(mk(SI_OP_s_andn2_saveexec_b64, 4, 2, 0));
    assert_true(si_exec(&W) == 0); assert_int_equal(W.scc, 0);
    assert_true(s64(4) == 0xff00);
    si_set_exec(&W, 0x1);
    ex(mk(SI_OP_s_orn2_saveexec_b64, 4, 2, 0)); /* EXEC = S0 | ~EXEC */
    assert_true(si_exec(&W) == ~1ull);
    si_set_exec(&W, 0x3);
    ex(mk(SI_OP_s_xor_saveexec_b64, 4, 2, 0));
    assert_true(si_exec(&W) == 0xff03);
    /* s_mov_b64 exec, ... goes through the normal dst path */
    set64(2, 0x5);
    ex(mk(SI_OP_s_mov_b64, SI_SRC_EXEC_LO, 2, 0));
    assert_true(si_exec(&W) == 5);
}

static void test_branches(void **st)
{
    (void)st;
    wreset();
    si_inst b = mk(SI_OP_s_cbranch_execz, 0, 0, 0);
    b.simm16 = 3;
    ex(b); /* EXEC != 0: not taken */
    assert_true(W.pc == NEXT_PC);
    si_set_exec(&W, 0);
    ex(b); /* taken: PC_inst + 4 + 3*4 = next + 12 */
    assert_true(W.pc == NEXT_PC + 12);
    W.pc = NEXT_PC;
    b = mk(SI_OP_s_cbranch_execnz, 0, 0, 0); b.simm16 = -2;
    ex(b);
    assert_true(W.pc == NEXT_PC);
    si_set_exec(&W, 1ull << 63);
    ex(b);
    assert_true(W.pc == NEXT_PC - 8);
    W.pc = NEXT_PC;
    b = mk(SI_OP_s_cbranch_vccz, 0, 0, 0); b.simm16 = 1;
    ex(b);
    assert_true(W.pc == NEXT_PC + 4); /* VCC == 0 */
    W.pc = NEXT_PC; W.s[SI_SRC_VCC_HI] = 1;
    ex(b);
    assert_true(W.pc == NEXT_PC);
    b = mk(SI_OP_s_cbranch_scc1, 0, 0, 0); b.simm16 = 5; W.scc = 1;
    ex(b);
    assert_true(W.pc == NEXT_PC + 20);
    W.pc = NEXT_PC;
    b = mk(SI_OP_s_branch, 0, 0, 0); b.simm16 = -1; /* jump to itself */
    ex(b);
    assert_true(W.pc == NEXT_PC - 4);
    /* getpc / setpc / swappc */
    W.pc = NEXT_PC;
    ex(mk(SI_OP_s_getpc_b64, 10, 0, 0));
    assert_true(s64(10) == NEXT_PC);
    set64(12, 0x10000200ull);
    ex(mk(SI_OP_s_swappc_b64, 14, 12, 0));
    assert_true(W.pc == 0x10000200ull && s64(14) == NEXT_PC);
    ex(mk(SI_OP_s_setpc_b64, 0, 14, 0));
    assert_true(W.pc == NEXT_PC);
    /* endpgm / barrier set the wave state */
    ex(mk(SI_OP_s_barrier, 0, 0, 0));
    assert_int_equal(W.state, SI_WAVE_BARRIER);
    ex(mk(SI_OP_s_endpgm, 0, 0, 0));
    assert_int_equal(W.state, SI_WAVE_DONE);
}

static void test_fork_join(void **st)
{
    (void)st;
    wreset();
    si_set_exec(&W, 0xff);
    set64(20, 0x0f); /* 4 lanes pass, 4 fail: tie -> run the taken side first */
    si_inst f = mkk(SI_OP_s_cbranch_i_fork, 20, 10);
    assert_int_equal(ex(f), 0);
    assert_true(si_exec(&W) == 0x0f);
    assert_true(W.pc == NEXT_PC + 40);
    assert_int_equal(W.csp, 1);
    assert_true(s64(0) == 0xf0 && s64(2) == NEXT_PC); /* stack entry 0 */
    W.s[30] = 0; /* saved CSP */
    ex(mk(SI_OP_s_cbranch_join, 0, 30, 0));
    assert_int_equal(W.csp, 0);
    assert_true(si_exec(&W) == 0xf0 && W.pc == NEXT_PC);
    ex(mk(SI_OP_s_cbranch_join, 0, 30, 0)); /* CSP == saved: fall through */
    assert_true(W.pc == NEXT_PC);
    /* uniform fork: all lanes pass -> plain jump, no push */
    set64(20, ~0ull);
    ex(f);
    assert_int_equal(W.csp, 0);
    assert_true(W.pc == NEXT_PC + 40 && si_exec(&W) == 0xf0);
}

static void test_hwreg(void **st)
{
    (void)st;
    wreset();
    W.mode = 0x3c0;
    /* s_setreg_b32 hwreg(MODE, 0, 4) = s1 */
    W.s[1] = 0xf5;
    si_inst sr = mkk(SI_OP_s_setreg_b32, 1, 1 | (0 << 6) | (3 << 11));
    assert_int_equal(ex(sr), 0);
    assert_int_equal(W.mode, 0x3c5);
    si_inst gr = mkk(SI_OP_s_getreg_b32, 2, 1 | (4 << 6) | (3 << 11)); /* MODE[7:4] */
    ex(gr);
    assert_int_equal(W.s[2], 0xc);
    si_inst si = mkk(SI_OP_s_setreg_imm32_b32, 0, 1 | (8 << 6) | (1 << 11)); /* MODE[9:8] */
    si.lit = 0; si.has_lit = 1; si.src[1] = SI_SRC_LITERAL;
    ex(si);
    assert_int_equal(W.mode, 0x0c5);
    W.scc = 1; si_set_exec(&W, 0);
    gr = mkk(SI_OP_s_getreg_b32, 3, 2 | (0 << 6) | (31 << 11)); /* STATUS */
    ex(gr);
    assert_int_equal(W.s[3] & 1, 1);
    assert_int_equal((W.s[3] >> 9) & 1, 1);   /* EXECZ */
    assert_int_equal((W.s[3] >> 10) & 1, 1);  /* VCCZ */
    gr = mkk(SI_OP_s_getreg_b32, 3, 0); /* hwreg 0 does not exist */
    assert_int_equal(ex(gr), -1);
}

static void test_inline_constants(void **st)
{
    (void)st;
    wreset();
    assert_int_equal(si_read_s32(&W, NULL, SI_SRC_ZERO), 0);
    assert_int_equal(si_read_s32(&W, NULL, SI_SRC_INT_POS_LAST), 64);
    assert_int_equal(si_read_s32(&W, NULL, SI_SRC_INT_NEG_FIRST), 0xffffffffu);
    assert_int_equal(si_read_s32(&W, NULL, SI_SRC_INT_NEG_LAST), (uint32_t)-16);
    assert_int_equal(si_read_s32(&W, NULL, SI_SRC_F_1_0), 0x3f800000u);
    assert_int_equal(si_read_s32(&W, NULL, SI_SRC_F_NEG_4_0), 0xc0800000u);
    assert_true(si_read_s64(&W, NULL, SI_SRC_F_1_0, SI_LIT64_F64) == 0x3ff0000000000000ull);
    assert_true(si_read_s64(&W, NULL, SI_SRC_F_NEG_0_5, SI_LIT64_ZEXT) == 0xbfe0000000000000ull);
    assert_true(si_read_s64(&W, NULL, INEG(1), SI_LIT64_ZEXT) == ~0ull);
    assert_true(si_read_s64(&W, NULL, IC(7), SI_LIT64_F64) == 7);
    /* VCCZ / EXECZ / SCC */
    assert_int_equal(si_read_s32(&W, NULL, SI_SRC_VCCZ), 1);
    assert_int_equal(si_read_s32(&W, NULL, SI_SRC_EXECZ), 0);
    W.scc = 1;
    assert_int_equal(si_read_s32(&W, NULL, SI_SRC_SCC), 1);
    /* literals: 32-bit, and the three 64-bit widenings */
    si_inst in = mklit(SI_OP_s_mov_b32, 0, SI_SRC_LITERAL, 0, 0x80000001u);
    assert_int_equal(si_read_s32(&W, &in, SI_SRC_LITERAL), 0x80000001u);
    assert_true(si_read_s64(&W, &in, SI_SRC_LITERAL, SI_LIT64_F64) == 0x8000000100000000ull);
    assert_true(si_read_s64(&W, &in, SI_SRC_LITERAL, SI_LIT64_ZEXT) == 0x80000001ull);
    assert_true(si_read_s64(&W, &in, SI_SRC_LITERAL, SI_LIT64_SEXT) == 0xffffffff80000001ull);
    /* through instructions: s_mov_b64 (B64) zero-extends, s_ashr_i64 (I64) sign-extends */
    ex(mklit(SI_OP_s_mov_b64, 4, SI_SRC_LITERAL, 0, 0x80000000u));
    assert_true(s64(4) == 0x80000000ull);
    ex(mklit(SI_OP_s_ashr_i64, 4, SI_SRC_LITERAL, IC(4), 0x80000000u));
    assert_true(s64(4) == 0xfffffffff8000000ull);
    ex(mk(SI_OP_s_mov_b64, 4, SI_SRC_F_2_0, 0));
    assert_true(s64(4) == 0x4000000000000000ull);
    ex(mk(SI_OP_s_mov_b64, 4, INEG(2), 0));
    assert_true(s64(4) == (uint64_t)-2);
    ex(mk(SI_OP_s_add_u32, 6, IC(64), INEG(16)));
    assert_int_equal(W.s[6], 48); assert_int_equal(W.scc, 1);
    /* writes to M0 / VCC halves by code */
    ex(mk(SI_OP_s_mov_b32, SI_SRC_M0, IC(9), 0));
    assert_int_equal(W.s[SI_SRC_M0], 9);
}

static void test_sopk_cmp(void **st)
{
    (void)st;
    wreset();
    W.s[3] = 0x7fff;
    ex(mkk(SI_OP_s_cmpk_lt_u32, 3, 0x8000)); /* zero-extended: 32767 < 32768 */
    assert_int_equal(W.scc, 1);
    ex(mkk(SI_OP_s_cmpk_lt_i32, 3, -0x8000)); /* sign-extended: 32767 < -32768 false */
    assert_int_equal(W.scc, 0);
    ex(mkk(SI_OP_s_cmpk_eq_i32, 3, 0x7fff));
    assert_int_equal(W.scc, 1);
    ex(mkk(SI_OP_s_movk_i32, 4, -3));
    assert_int_equal(W.s[4], (uint32_t)-3);
    W.scc = 0;
    ex(mkk(SI_OP_s_cmovk_i32, 4, 5));
    assert_int_equal(W.s[4], (uint32_t)-3);
    W.scc = 1;
    ex(mkk(SI_OP_s_cmovk_i32, 4, 5));
    assert_int_equal(W.s[4], 5);
    /* SOPC */
    W.s[0] = (uint32_t)-1; W.s[1] = 1;
    ex(mk(SI_OP_s_cmp_lt_i32, 0, 0, 1));
    assert_int_equal(W.scc, 1);
    ex(mk(SI_OP_s_cmp_lt_u32, 0, 0, 1));
    assert_int_equal(W.scc, 0);
    ex(mk(SI_OP_s_bitcmp1_b32, 0, 1, IC(0)));
    assert_int_equal(W.scc, 1);
    set64(8, 1ull << 40);
    W.s[2] = 40 + 64; /* masked to 6 bits */
    ex(mk(SI_OP_s_bitcmp0_b64, 0, 8, 2));
    assert_int_equal(W.scc, 0);
}

static void test_sop1_bits(void **st)
{
    (void)st;
    wreset();
    W.s[0] = 0x00000110u;
    ex(mk(SI_OP_s_ff1_i32_b32, 1, 0, 0));
    assert_int_equal(W.s[1], 4);
    ex(mk(SI_OP_s_flbit_i32_b32, 1, 0, 0));
    assert_int_equal(W.s[1], 23);
    ex(mk(SI_OP_s_ff1_i32_b32, 1, SI_SRC_ZERO, 0));
    assert_int_equal(W.s[1], 0xffffffffu);
    W.s[0] = 0xfffffff0u;
    ex(mk(SI_OP_s_flbit_i32, 1, 0, 0));
    assert_int_equal(W.s[1], 28);
    ex(mk(SI_OP_s_flbit_i32, 1, INEG(1), 0));
    assert_int_equal(W.s[1], 0xffffffffu);
    ex(mk(SI_OP_s_ff0_i32_b32, 1, 0, 0));
    assert_int_equal(W.s[1], 0);
    ex(mk(SI_OP_s_bcnt1_i32_b32, 1, 0, 0));
    assert_int_equal(W.s[1], 28); assert_int_equal(W.scc, 1);
    set64(4, ~0ull);
    ex(mk(SI_OP_s_bcnt0_i32_b64, 1, 4, 0));
    assert_int_equal(W.s[1], 0); assert_int_equal(W.scc, 0);
    W.s[0] = 1;
    ex(mk(SI_OP_s_brev_b32, 1, 0, 0));
    assert_int_equal(W.s[1], 0x80000000u);
    W.s[0] = 0x000080f1u;
    ex(mk(SI_OP_s_sext_i32_i8, 1, 0, 0));
    assert_int_equal(W.s[1], 0xfffffff1u);
    ex(mk(SI_OP_s_sext_i32_i16, 1, 0, 0));
    assert_int_equal(W.s[1], 0xffff80f1u);
    W.s[0] = 0x00000f21u; /* quads: 1, 2, f -> quads 0,1,2 */
    ex(mk(SI_OP_s_wqm_b32, 1, 0, 0));
    assert_int_equal(W.s[1], 0x00000fffu);
    ex(mk(SI_OP_s_quadmask_b32, 1, 0, 0));
    assert_int_equal(W.s[1], 0x7);
    W.s[0] = 0x80000000u;
    ex(mk(SI_OP_s_abs_i32, 1, 0, 0));
    assert_int_equal(W.s[1], 0x80000000u);
    ex(mk(SI_OP_s_abs_i32, 1, INEG(5), 0));
    assert_int_equal(W.s[1], 5);
    W.s[1] = 0;
    ex(mk(SI_OP_s_bitset1_b32, 1, IC(31), 0));
    assert_int_equal(W.s[1], 0x80000000u);
    ex(mk(SI_OP_s_bitset0_b32, 1, IC(63), 0)); /* masked to 31 */
    assert_int_equal(W.s[1], 0);
    set64(6, 0);
    ex(mk(SI_OP_s_bitset1_b64, 6, IC(40), 0));
    assert_true(s64(6) == 1ull << 40);
    W.scc = 0; W.s[2] = 77;
    ex(mk(SI_OP_s_cmov_b32, 2, IC(1), 0));
    assert_int_equal(W.s[2], 77);
}

static void test_movrel(void **st)
{
    (void)st;
    wreset();
    W.s[10] = 111; W.s[12] = 222; W.s[13] = 333;
    W.s[SI_SRC_M0] = 2;
    ex(mk(SI_OP_s_movrels_b32, 1, 10, 0)); /* s1 = s[10 + 2] */
    assert_int_equal(W.s[1], 222);
    ex(mk(SI_OP_s_movrels_b64, 4, 10, 0));
    assert_true(s64(4) == ((333ull << 32) | 222));
    ex(mk(SI_OP_s_movreld_b32, 20, IC(42), 0)); /* s[20 + 2] = 42 */
    assert_int_equal(W.s[22], 42);
    W.s[SI_SRC_M0] = 200;
    assert_int_equal(ex(mk(SI_OP_s_movreld_b32, 20, IC(1), 0)), -1);
    /* bounded by the kernel's allocation, not by s103: 16 SGPRs = s0..s15 */
    W.nsgpr = 16;
    W.s[SI_SRC_M0] = 2;
    W.s[14] = 1414; W.s[15] = 1515;
    assert_int_equal(ex(mk(SI_OP_s_movrels_b64, 4, 12, 0)), 0); /* s[14:15] */
    assert_true(s64(4) == ((1515ull << 32) | 1414));
    assert_int_equal(ex(mk(SI_OP_s_movrels_b32, 1, 14, 0)), -1);   /* s16 */
    assert_int_equal(ex(mk(SI_OP_s_movrels_b64, 4, 13, 0)), -1);   /* s[15:16] */
    assert_int_equal(ex(mk(SI_OP_s_movreld_b32, 13, IC(7), 0)), 0); /* s15 */
    assert_int_equal(W.s[15], 7);
    assert_int_equal(ex(mk(SI_OP_s_movreld_b32, 14, IC(7), 0)), -1); /* s16 */
    assert_int_equal(W.s[16], 0);
    W.s[SI_SRC_M0] = 0xffffffffu; /* a huge M0 must not wrap around */
    assert_int_equal(ex(mk(SI_OP_s_movrels_b32, 1, 2, 0)), -1);
    W.nsgpr = 104;
}

static void test_misc_sopp(void **st)
{
    (void)st;
    wreset();
    si_inst in = mk(SI_OP_s_waitcnt, 0, 0, 0);
    in.simm16 = 0;
    assert_int_equal(ex(in), 0);
    in = mk(SI_OP_s_trap, 0, 0, 0);
    assert_int_equal(ex(in), -1);
    in = mk(SI_OP_s_sendmsg, 0, 0, 0);
    in.simm16 = 2; /* GS */
    assert_int_equal(ex(in), -1);
    in.simm16 = 1; /* interrupt: no-op */
    assert_int_equal(ex(in), 0);
    in = mk(SI_OP_s_sethalt, 0, 0, 0);
    in.simm16 = 0;
    assert_int_equal(ex(in), 0);
    /* s_setvskip: VSKIP = S0[S1[4:0]] */
    W.s[0] = 4;
    ex(mk(SI_OP_s_setvskip, 0, 0, IC(2)));
    assert_int_equal(W.vskip, 1);
    ex(mk(SI_OP_s_setvskip, 0, 0, IC(3)));
    assert_int_equal(W.vskip, 0);
    /* a non-SALU op is rejected */
    assert_int_equal(ex(mk(SI_OP_s_load_dword, 0, 0, 0)), -1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_add_sub_carry),
        cmocka_unit_test(test_min_max_cselect),
        cmocka_unit_test(test_logic_scc),
        cmocka_unit_test(test_shifts_masked),
        cmocka_unit_test(test_bfe_bfm),
        cmocka_unit_test(test_saveexec),
        cmocka_unit_test(test_branches),
        cmocka_unit_test(test_fork_join),
        cmocka_unit_test(test_hwreg),
        cmocka_unit_test(test_inline_constants),
        cmocka_unit_test(test_sopk_cmp),
        cmocka_unit_test(test_sop1_bits),
        cmocka_unit_test(test_movrel),
        cmocka_unit_test(test_misc_sopp),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
