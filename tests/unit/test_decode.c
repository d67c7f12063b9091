/* Unit tests for the ISA table, decoder and disassembler.
 * Expected encodings and texts come from llvm-mc-14 -mcpu=tahiti runs. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "sicu/isa.h"

static int dec(si_inst *in, uint32_t w0, uint32_t w1, size_t n)
{
    uint32_t w[3] = { w0, w1, 0 };
    return si_decode(w, n, in);
}

static void expect_text(const si_inst *in, const char *want)
{
    char buf[256];
    int n = si_disasm(in, 0, buf, sizeof buf);
    assert_int_equal(n, (int)strlen(buf));
    assert_string_equal(buf, want);
}

static void test_table(void **st)
{
    (void)st;
    assert_true(SI_OP_COUNT > 800);
    assert_string_equal(si_ops[SI_OP_s_add_u32].name, "s_add_u32");
    assert_int_equal(si_lookup(SI_FMT_SOP2, 0x00), SI_OP_s_add_u32);
    assert_int_equal(si_lookup(SI_FMT_VOP2, 0x18), SI_OP_v_ashrrev_i32);
    assert_int_equal(si_lookup(SI_FMT_VOP2, 0x17), SI_OP_v_ashr_i32);
    /* VOP3 opcode space: VOPC 0x000+, VOP2 0x100+, VOP1 0x180+, natives */
    assert_int_equal(si_lookup(SI_FMT_VOP3A, 0x001), SI_OP_v_cmp_lt_f32);
    assert_int_equal(si_lookup(SI_FMT_VOP3A, 0x103), SI_OP_v_add_f32);
    assert_int_equal(si_lookup(SI_FMT_VOP3A, 0x181), SI_OP_v_mov_b32);
    assert_int_equal(si_lookup(SI_FMT_VOP3A, 0x164), SI_OP_v_add_f64);
    assert_int_equal(si_lookup(SI_FMT_VOP3B, 0x16d), SI_OP_v_div_scale_f32);
    /* no VOP3 form for madmk / readlane */
    assert_int_equal(si_lookup(SI_FMT_VOP3A, 0x120), SI_OP_INVALID);
    assert_int_equal(si_lookup(SI_FMT_VOP3A, 0x101), SI_OP_INVALID);
    assert_int_equal(si_lookup(SI_FMT_SOP2, 0x7f), SI_OP_INVALID);
    assert_int_equal(si_lookup(SI_FMT_COUNT, 0), SI_OP_INVALID);
    assert_int_equal(si_lookup(SI_FMT_SOPK, 1000), SI_OP_INVALID);
    assert_string_equal(si_fmt_name(SI_FMT_MUBUF), "MUBUF");
    assert_string_equal(si_fmt_name(99), "?");
    /* every row is reachable through its own (format, opcode) */
    for (unsigned op = 0; op < SI_OP_COUNT; op++)
        assert_int_equal(si_lookup(si_ops[op].fmt, si_ops[op].opcode), op);
    /* flags */
    assert_true(si_ops[SI_OP_v_add_i32].flags & F_VOP3B);
    assert_true(si_ops[SI_OP_v_cmpx_eq_f32].flags & F_CMPX);
    assert_true(si_ops[SI_OP_v_readlane_b32].flags & F_SDST);
    assert_true(si_ops[SI_OP_image_sample].flags & F_GRAPHICS);
    assert_true(si_ops[SI_OP_ds_write2_b32].flags & F_2ADDR);
    assert_true(si_ops[SI_OP_s_sendmsg].flags & F_RD_M0);
}

static void test_sop_literal(void **st)
{
    (void)st;
    si_inst in;
    /* s_mov_b64 s[0:1], 0x12345678 */
    assert_int_equal(dec(&in, 0xbe8004ff, 0x12345678, 2), 8);
    assert_int_equal(in.op, SI_OP_s_mov_b64);
    assert_int_equal(in.fmt, SI_FMT_SOP1);
    assert_int_equal(in.dst, 0);
    assert_int_equal(in.src[0], SI_SRC_LITERAL);
    assert_int_equal(in.has_lit, 1);
    assert_int_equal(in.lit, 0x12345678);
    expect_text(&in, "s_mov_b64 s[0:1], 0x12345678");
    /* the same without the literal dword: truncated */
    assert_int_equal(dec(&in, 0xbe8004ff, 0, 1), SI_DEC_TRUNCATED);
    assert_int_equal(in.op, SI_OP_INVALID);
    /* s_mov_b32 s0, ttmp4 */
    assert_int_equal(dec(&in, 0xbe800374, 0, 1), 4);
    assert_int_equal(in.has_lit, 0);
    expect_text(&in, "s_mov_b32 s0, ttmp4");
    /* s_mov_b64 s[0:1], tba */
    assert_int_equal(dec(&in, 0xbe80046c, 0, 1), 4);
    expect_text(&in, "s_mov_b64 s[0:1], tba");
}

static void test_sopp_sopk(void **st)
{
    (void)st;
    si_inst in;
    assert_int_equal(dec(&in, 0xbf8c0000, 0, 1), 4);
    assert_int_equal(in.op, SI_OP_s_waitcnt);
    expect_text(&in, "s_waitcnt vmcnt(0) expcnt(0) lgkmcnt(0)");
    dec(&in, 0xbf8c0f70, 0, 1);
    expect_text(&in, "s_waitcnt vmcnt(0)");
    /* s_cbranch_scc0 -3 */
    assert_int_equal(dec(&in, 0xbf84fffd, 0, 1), 4);
    assert_int_equal(in.simm16, -3);
    assert_int_equal(in.op, SI_OP_s_cbranch_scc0);
    char buf[128];
    si_disasm(&in, 0x100, buf, sizeof buf);
    assert_string_equal(buf, "s_cbranch_scc0 -3 // target: 0xf8");
    dec(&in, 0xbf810000, 0, 1);
    expect_text(&in, "s_endpgm");
    /* s_getreg_b32 s0, hwreg(HW_REG_IB_STS, 3, 5) */
    dec(&in, 0xb90020c7, 0, 1);
    assert_int_equal(in.op, SI_OP_s_getreg_b32);
    expect_text(&in, "s_getreg_b32 s0, hwreg(7, 3, 5)");
    /* s_setreg_imm32_b32 hwreg(HW_REG_MODE), 18: SOPK with a literal */
    assert_int_equal(dec(&in, 0xba80f801, 0x12, 2), 8);
    assert_int_equal(in.op, SI_OP_s_setreg_imm32_b32);
    assert_int_equal(in.lit, 0x12);
    expect_text(&in, "s_setreg_imm32_b32 hwreg(1, 0, 32), 0x12");
    /* s_cmpk_eq_u32 s0, 0xffff: SDST field is a source */
    dec(&in, 0xb480ffff, 0, 1);
    assert_int_equal(in.src[1], 0);
    assert_int_equal(in.simm16, -1);
    expect_text(&in, "s_cmpk_eq_u32 s0, 0xffff");
    dec(&in, 0xbf900022, 0, 1);
    expect_text(&in, "s_sendmsg sendmsg(MSG_GS, GS_OP_EMIT, 0)");
    /* a GS op field has two bits: op 4..7 (bit 6 set) is printed raw (libFuzzer finding) */
    dec(&in, 0xbf900072, 0, 1);
    expect_text(&in, "s_sendmsg 0x72");
}

static void test_smrd(void **st)
{
    (void)st;
    si_inst in;
    assert_int_equal(dec(&in, 0xc0400506, 0, 1), 4);
    assert_int_equal(in.op, SI_OP_s_load_dwordx2);
    assert_int_equal(in.sbase, 4);
    assert_int_equal(in.smrd_imm, 1);
    assert_int_equal(in.smrd_off, 6);
    assert_int_equal(in.dst, 0);
    expect_text(&in, "s_load_dwordx2 s[0:1], s[4:5], 0x6");
    dec(&in, 0xc2000406, 0, 1);
    assert_int_equal(in.op, SI_OP_s_buffer_load_dword);
    expect_text(&in, "s_buffer_load_dword s0, s[4:7], s6");
}

static void test_vop(void **st)
{
    (void)st;
    si_inst in;
    /* v_mov_b32_e32 v0, 1.0 */
    assert_int_equal(dec(&in, 0x7e0002f2, 0, 1), 4);
    assert_int_equal(in.op, SI_OP_v_mov_b32);
    assert_int_equal(in.dst, 256);
    assert_int_equal(in.src[0], SI_SRC_F_1_0);
    expect_text(&in, "v_mov_b32_e32 v0, 1.0");
    /* v_madmk_f32 v1, v2, 0x41000000, v3: always a literal */
    assert_int_equal(dec(&in, 0x40020702, 0x41000000, 2), 8);
    assert_int_equal(in.op, SI_OP_v_madmk_f32);
    assert_int_equal(in.has_lit, 1);
    assert_int_equal(in.src[0], 258);
    assert_int_equal(in.src[1], 259);
    expect_text(&in, "v_madmk_f32 v1, v2, 0x41000000, v3");
    assert_int_equal(dec(&in, 0x40020702, 0, 1), SI_DEC_TRUNCATED);
    /* v_readlane_b32 s1, v2, m0: SGPR destination, scalar lane select */
    dec(&in, 0x0202f902, 0, 1);
    assert_int_equal(in.op, SI_OP_v_readlane_b32);
    assert_int_equal(in.dst, 1);
    assert_int_equal(in.src[0], 258);
    assert_int_equal(in.src[1], SI_SRC_M0);
    expect_text(&in, "v_readlane_b32 s1, v2, m0");
    /* v_mac_f32_e32 v1, s2, v3: dst is also src2 */
    dec(&in, 0x3e020602, 0, 1);
    assert_int_equal(in.src[2], in.dst);
    expect_text(&in, "v_mac_f32_e32 v1, s2, v3");
    /* v_cndmask_b32_e32 v1, v2, v3, vcc */
    dec(&in, 0x00020702, 0, 1);
    assert_int_equal(in.src[2], SI_SRC_VCC_LO);
    expect_text(&in, "v_cndmask_b32_e32 v1, v2, v3, vcc");
    /* VOPC e32 writes VCC */
    dec(&in, 0x7d020501, 0, 1); /* v_cmp_lt_i32_e32 vcc, v1, v2 */
    assert_int_equal(in.op, SI_OP_v_cmp_lt_i32);
    assert_int_equal(in.sdst, SI_SRC_VCC_LO);
    expect_text(&in, "v_cmp_lt_i32_e32 vcc, v1, v2");
}

static void test_vop3(void **st)
{
    (void)st;
    si_inst in;
    /* v_add_i32_e64 v0, s[4:5], v0, s4 (VOP3b carry out) */
    assert_int_equal(dec(&in, 0xd24a0400, 0x00000900, 2), 8);
    assert_int_equal(in.op, SI_OP_v_add_i32);
    assert_int_equal(in.fmt, SI_FMT_VOP3B);
    assert_int_equal(in.vop3, 1);
    assert_int_equal(in.sdst, 4);
    assert_int_equal(in.dst, 256);
    assert_int_equal(in.src[0], 256);
    assert_int_equal(in.src[1], 4);
    expect_text(&in, "v_add_i32_e64 v0, s[4:5], v0, s4");
    /* v_cmp_lt_f32_e64 s[2:3], |v1|, -v2 */
    dec(&in, 0xd0020102, 0x40020501, 2);
    assert_int_equal(in.op, SI_OP_v_cmp_lt_f32);
    assert_int_equal(in.fmt, SI_FMT_VOP3A);
    assert_int_equal(in.sdst, 2);
    assert_int_equal(in.dst, 2);
    assert_int_equal(in.abs, 1);
    assert_int_equal(in.neg, 2);
    expect_text(&in, "v_cmp_lt_f32_e64 s[2:3], |v1|, -v2");
    /* v_add_f64 v[0:1], v[2:3], 0.5 div:2 (native VOP3) */
    dec(&in, 0xd2c80000, 0x1801e102, 2);
    assert_int_equal(in.op, SI_OP_v_add_f64);
    assert_int_equal(in.vop3, 0);
    assert_int_equal(in.omod, 3);
    expect_text(&in, "v_add_f64 v[0:1], v[2:3], 0.5 div:2");
    /* v_mac_f32_e64 v1, v2, v3 clamp mul:2 */
    dec(&in, 0xd23e0801, 0x08020702, 2);
    assert_int_equal(in.clamp, 1);
    assert_int_equal(in.omod, 1);
    expect_text(&in, "v_mac_f32_e64 v1, v2, v3 clamp mul:2");
    /* v_add_f32_e64 v0, neg(1.0), v1 */
    dec(&in, 0xd2060000, 0x200202f2, 2);
    expect_text(&in, "v_add_f32_e64 v0, neg(1.0), v1");
    /* v_div_scale_f32 v0, vcc, v1, v2, v3: VOP3b native */
    dec(&in, 0xd2da6a00, 0x040e0501, 2);
    assert_int_equal(in.op, SI_OP_v_div_scale_f32);
    assert_int_equal(in.fmt, SI_FMT_VOP3B);
    assert_int_equal(in.sdst, SI_SRC_VCC_LO);
    expect_text(&in, "v_div_scale_f32 v0, vcc, v1, v2, v3");
    /* v_cvt_f32_f64_e64 v1, -|s[2:3]| */
    dec(&in, 0xd31e0101, 0x20000002, 2);
    expect_text(&in, "v_cvt_f32_f64_e64 v1, -|s[2:3]|");
    /* truncated VOP3; literal code in VOP3 is not valid on SI */
    assert_int_equal(dec(&in, 0xd2060000, 0, 1), SI_DEC_TRUNCATED);
    assert_int_equal(in.fmt, SI_FMT_VOP3A);
    assert_int_equal(dec(&in, 0xd2060000, 0x000202ff, 2), SI_DEC_UNKNOWN);
}

static void test_mem(void **st)
{
    (void)st;
    si_inst in;
    /* buffer_load_dword v2, v[0:1], s[8:11], 0 addr64 offset:4 glc slc tfe */
    assert_int_equal(dec(&in, 0xe030c004, 0x80c20200, 2), 8);
    assert_int_equal(in.op, SI_OP_buffer_load_dword);
    assert_int_equal(in.offset, 4);
    assert_true(in.glc && in.slc && in.tfe && in.addr64);
    assert_false(in.offen || in.idxen || in.lds);
    assert_int_equal(in.srsrc, 8);
    assert_int_equal(in.vaddr, 256);
    assert_int_equal(in.vdata, 258);
    assert_int_equal(in.dst, 258);
    assert_int_equal(in.soffset, SI_SRC_ZERO);
    assert_int_equal(si_dst_dwords(&in), 2); /* + TFE status dword */
    expect_text(&in, "buffer_load_dword v2, v[0:1], s[8:11], 0 addr64 offset:4 glc slc tfe");
    /* tbuffer_load_format_x v1, off, s[4:7], s1 format:22 */
    dec(&in, 0xe8b00000, 0x01010100, 2);
    assert_int_equal(in.op, SI_OP_tbuffer_load_format_x);
    assert_int_equal(in.dfmt, 6);
    assert_int_equal(in.nfmt, 1);
    expect_text(&in, "tbuffer_load_format_x v1, off, s[4:7], s1 format:22");
    /* ds_write2_b32 v1, v2, v3 offset0:4 offset1:8 gds */
    dec(&in, 0xd83a0804, 0x00030201, 2);
    assert_int_equal(in.op, SI_OP_ds_write2_b32);
    assert_int_equal(in.offset, 4);
    assert_int_equal(in.offset1, 8);
    assert_int_equal(in.gds, 1);
    assert_int_equal(in.src[0], 257);
    assert_int_equal(in.src[1], 258);
    assert_int_equal(in.src[2], 259);
    expect_text(&in, "ds_write2_b32 v1, v2, v3 offset0:4 offset1:8 gds");
    /* ds_read_b32 v1, v2 offset:65535 */
    dec(&in, 0xd8d8ffff, 0x01000002, 2);
    assert_int_equal(in.offset, 65535);
    assert_int_equal(in.dst, 257);
    expect_text(&in, "ds_read_b32 v1, v2 offset:65535");
    /* atomics return data only with GLC */
    dec(&in, 0xe0c80000, 0x01020100, 2); /* buffer_atomic_add v1, off, s[8:11], s1 */
    assert_int_equal(in.op, SI_OP_buffer_atomic_add);
    assert_int_equal(si_dst_dwords(&in), 0);
    expect_text(&in, "buffer_atomic_add v1, off, s[8:11], s1");
    assert_int_equal(dec(&in, 0xe030c004, 0, 1), SI_DEC_TRUNCATED);
}

static void test_invalid(void **st)
{
    (void)st;
    si_inst in;
    assert_int_equal(dec(&in, 0xffffffff, 0, 1), SI_DEC_UNKNOWN);
    assert_int_equal(in.op, SI_OP_INVALID);
    expect_text(&in, ".long 0xffffffff");
    /* SOP2 opcode 0x2d does not exist on SI */
    assert_int_equal(dec(&in, 0x96800000, 0, 1), SI_DEC_UNKNOWN);
    assert_int_equal(in.fmt, SI_FMT_SOP2);
    expect_text(&in, ".long 0x96800000");
    assert_int_equal(si_decode(NULL, 0, &in), SI_DEC_TRUNCATED);
    /* snprintf-like return with a tiny buffer */
    dec(&in, 0xbf810000, 0, 1);
    char small[4];
    assert_int_equal(si_disasm(&in, 0, small, sizeof small), 8);
    assert_string_equal(small, "s_e");
    /* unexpressible operand (code 104, reserved on SI) -> .long */
    dec(&in, 0xbe800368, 0, 1); /* s_mov_b32 s0, <104> */
    expect_text(&in, ".long 0xbe800368");
}

/* Tahiti issue rates: full-rate FP32/integer, quarter-rate transcendental,
 * double precision and 32-bit multiplies; no rate for non-VALU ops */
static void test_rates(void **state)
{
    (void)state;
    assert_int_equal(si_op_rate(SI_OP_v_add_f32), SI_RATE_FULL);
    assert_int_equal(si_op_rate(SI_OP_v_mac_f32), SI_RATE_FULL);
    assert_int_equal(si_op_rate(SI_OP_v_mul_u32_u24), SI_RATE_FULL);
    assert_int_equal(si_op_rate(SI_OP_v_cmp_lt_f32), SI_RATE_FULL);
    assert_int_equal(si_op_rate(SI_OP_v_rcp_f32), SI_RATE_QUARTER);
    assert_int_equal(si_op_rate(SI_OP_v_sin_f32), SI_RATE_QUARTER);
    assert_int_equal(si_op_rate(SI_OP_v_fma_f64), SI_RATE_QUARTER);
    assert_int_equal(si_op_rate(SI_OP_v_cmp_lt_f64), SI_RATE_QUARTER);
    assert_int_equal(si_op_rate(SI_OP_v_mul_lo_u32), SI_RATE_QUARTER);
    assert_int_equal(si_op_rate(SI_OP_v_mul_hi_i32), SI_RATE_QUARTER);
    assert_int_equal(si_op_rate(SI_OP_s_add_u32), SI_RATE_NONE);
    assert_int_equal(si_op_rate(SI_OP_ds_read_b32), SI_RATE_NONE);
    assert_int_equal(si_op_rate(SI_OP_COUNT), SI_RATE_NONE);
}

/* sw/isa/memop.def has exactly the SMRD, DS and MUBUF/MTBUF ops of the
 * instruction table, with attributes consistent with the table's operand kinds */
static void test_memattr_complete(void **state)
{
    (void)state;
    unsigned n = 0;
    for (unsigned op = 0; op < SI_OP_COUNT; op++) {
        unsigned f = si_ops[op].fmt;
        const si_memattr *m = si_op_mem(op);
        int mem = f == SI_FMT_SMRD || f == SI_FMT_DS || f == SI_FMT_MUBUF || f == SI_FMT_MTBUF;
        if (mem != (m != NULL))
            fail_msg("%s: %s", si_ops[op].name, mem ? "no memop.def row" : "memop.def row for a non-memory op");
        if (!m)
            continue;
        n++;
        int ds = m->kind >= SI_MK_DS_READ && m->kind <= SI_MK_DS_UNSUP;
        int smrd = m->kind >= SI_MK_SMRD_LOAD && m->kind <= SI_MK_SMRD_NOP;
        if (ds != (f == SI_FMT_DS) || smrd != (f == SI_FMT_SMRD))
            fail_msg("%s: kind %s does not match format %s", si_ops[op].name, si_memkind_name(m->kind), si_fmt_name(f));
        /* sizes agree with the operand kinds: SMRD destination, buffer
         * load/store data (per lane), DS atomic data (one element) */
        unsigned dst = SI_OPK_W(si_ops[op].dst);
        if ((m->kind == SI_MK_SMRD_LOAD || m->kind == SI_MK_SMRD_BUF_LOAD || m->kind == SI_MK_SMRD_TIME) &&
            m->size != 4 * dst)
            fail_msg("%s: size %u, destination %u dwords", si_ops[op].name, m->size, dst);
        if (m->kind == SI_MK_BUF_LOAD && m->size >= 4 && m->size != 4 * dst)
            fail_msg("%s: size %u, destination %u dwords", si_ops[op].name, m->size, dst);
        if ((m->kind == SI_MK_DS_ATOMIC || m->kind == SI_MK_BUF_ATOMIC) && !(si_ops[op].flags & F_ATOMIC))
            fail_msg("%s: atomic row, table says not atomic", si_ops[op].name);
        if (m->kind == SI_MK_DS_ATOMIC && m->rtn != !!(si_ops[op].flags & F_RTN))
            fail_msg("%s: rtn %u, table flags say %u", si_ops[op].name, m->rtn, !!(si_ops[op].flags & F_RTN));
        /* the counter ops: the RTL and the emulator take add / subtract from the row */
        if ((m->kind == SI_MK_DS_APPEND && m->aop != SI_AOP_ADD) || (m->kind == SI_MK_DS_CONSUME && m->aop != SI_AOP_SUB))
            fail_msg("%s: counter op with aop %u", si_ops[op].name, m->aop);
        if (m->aop >= SI_AOP_COUNT)
            fail_msg("%s: aop %u", si_ops[op].name, m->aop);
    }
    assert_true(n > 150);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_table),  cmocka_unit_test(test_sop_literal), cmocka_unit_test(test_sopp_sopk),
        cmocka_unit_test(test_smrd),   cmocka_unit_test(test_vop),         cmocka_unit_test(test_vop3),
        cmocka_unit_test(test_mem),    cmocka_unit_test(test_invalid),   cmocka_unit_test(test_memattr_complete), cmocka_unit_test(test_rates),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
