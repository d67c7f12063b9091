/* sicu: scalar ALU (SOP2, SOPK, SOP1, SOPC, SOPP).
 *
 * Conventions (see docs/execution-model.md):
 *   - si_emu_step advances w->pc past the instruction BEFORE calling the
 *     unit, so here w->pc is the address of the next instruction
 *     ("PC + 4" in the ISA pseudo-code; every SOPP/SOPK is 4 bytes).
 *   - Branch target = PC_of_instruction + 4 + SIMM16 * 4 = w->pc + SIMM16*4.
 *   - s_endpgm sets the wave DONE, s_barrier sets it BARRIER; the barrier
 *     bookkeeping of the work-group is done by si_emu_step.
 *   - SCC is written only by instructions whose SI definition writes it.
 */
#include <string.h>
#include "sicu/emu.h"
#include "operand.h"
#include "valu_direct.h"

/* Hardware register ids of s_getreg/s_setreg on SI. */
enum {
    HWREG_MODE = 1, HWREG_STATUS = 2, HWREG_TRAPSTS = 3, HWREG_HW_ID = 4,
    HWREG_GPR_ALLOC = 5, HWREG_LDS_ALLOC = 6, HWREG_IB_STS = 7
};

/* s_sendmsg message ids (SIMM16[3:0]). */
enum { MSG_INTERRUPT = 1, MSG_GS = 2, MSG_GS_DONE = 3, MSG_SYSMSG = 15 };

#define FAIL(...) si_emu_fail(e, w, __VA_ARGS__)

/* s_movrels / s_movreld address s[code + M0]: like every SGPR operand only
 * the SGPRs the kernel allocated (COMPUTE_PGM_RSRC1.SGPRS, at most s0..s103;
 * the RTL gives a wave exactly these), as fetch validation does for the
 * encoded ones. */
static unsigned sgpr_limit(const si_wave *w)
{
    return w->nsgpr < SI_SRC_SGPR_MAX + 1 ? w->nsgpr : SI_SRC_SGPR_MAX + 1;
}

static int movrel_fault(si_emu *e, si_wave *w, const char *what, unsigned code, unsigned n)
{
    uint32_t m0 = w->s[SI_SRC_M0];
    uint64_t r = (uint64_t)code + m0;
    char reg[48];
    if (n > 1)
        snprintf(reg, sizeof reg, "s[%llu:%llu]", (unsigned long long)r, (unsigned long long)(r + n - 1));
    else
        snprintf(reg, sizeof reg, "s%llu", (unsigned long long)r);
    return si_emu_fail(e, w, "%s register s%u + M0 (%u) = %s is beyond the %u SGPRs the kernel allocated "
                       "(s0..s%u, kernel descriptor COMPUTE_PGM_RSRC1.SGPRS)", what, code, m0, reg, sgpr_limit(w),
                       sgpr_limit(w) - 1);
}

static inline uint32_t rd32(const si_wave *w, const si_inst *in, int i)
{
    return si_rd_s32(w, in, in->src[i]);
}

/* 64-bit scalar source: a 32-bit literal is sign-extended for signed
 * (I64) operands and zero-extended otherwise (CLRX GcnOperands.md:
 * "in scalar instructions ... the literal value is exact 64-bit value
 * (sign or zero extended)"). */
static inline uint64_t rd64(const si_wave *w, const si_inst *in, int i)
{
    unsigned k = si_ops[in->op].src[i];
    int mode = SI_OPK_CLS(k) == SI_CLS_I ? SI_LIT64_SEXT
             : SI_OPK_CLS(k) == SI_CLS_F ? SI_LIT64_F64 : SI_LIT64_ZEXT;
    return si_rd_s64(w, in, in->src[i], mode);
}

static inline void wr32(si_wave *w, const si_inst *in, uint32_t v) { si_wr_s32(w, in->dst, v); }
static inline void wr64(si_wave *w, const si_inst *in, uint64_t v) { si_wr_s64(w, in->dst, v); }

static inline uint32_t brev32(uint32_t x)
{
    x = ((x >> 1) & 0x55555555u) | ((x & 0x55555555u) << 1);
    x = ((x >> 2) & 0x33333333u) | ((x & 0x33333333u) << 2);
    x = ((x >> 4) & 0x0f0f0f0fu) | ((x & 0x0f0f0f0fu) << 4);
    return __builtin_bswap32(x);
}
static inline uint64_t brev64(uint64_t x)
{
    return ((uint64_t)brev32((uint32_t)x) << 32) | brev32((uint32_t)(x >> 32));
}

/* Bit-field extract. S1[4:0] (S1[5:0] for 64-bit) is the offset and
 * S1[22:16] the width.  A field that reaches or passes the top bit is a
 * plain (arithmetic for _i) shift by the offset; width 0 gives 0. */
static uint32_t bfe32(uint32_t v, uint32_t ctl, int sign)
{
    unsigned off = ctl & 31, wid = (ctl >> 16) & 0x7f;
    if (wid == 0)
        return 0;
    if (off + wid >= 32)
        return sign ? (uint32_t)((int32_t)v >> off) : v >> off;
    uint32_t sh = v << (32 - off - wid);
    return sign ? (uint32_t)((int32_t)sh >> (32 - wid)) : sh >> (32 - wid);
}
static uint64_t bfe64(uint64_t v, uint32_t ctl, int sign)
{
    unsigned off = ctl & 63, wid = (ctl >> 16) & 0x7f;
    if (wid == 0)
        return 0;
    if (off + wid >= 64)
        return sign ? (uint64_t)((int64_t)v >> off) : v >> off;
    uint64_t sh = v << (64 - off - wid);
    return sign ? (uint64_t)((int64_t)sh >> (64 - wid)) : sh >> (64 - wid);
}

static inline uint32_t wqm32(uint32_t x)
{
    uint32_t r = 0;
    for (int q = 0; q < 8; q++)
        if ((x >> (4 * q)) & 0xf)
            r |= 0xfu << (4 * q);
    return r;
}
static inline uint64_t wqm64(uint64_t x)
{
    return ((uint64_t)wqm32((uint32_t)(x >> 32)) << 32) | wqm32((uint32_t)x);
}
static inline uint64_t quadmask(uint64_t x, int nquads)
{
    uint64_t r = 0;
    for (int q = 0; q < nquads; q++)
        if ((x >> (4 * q)) & 0xf)
            r |= 1ull << q;
    return r;
}

/* Leading sign-bit run (s_flbit_i32): bits skipped from the MSB until the
 * first bit that differs from the sign; -1 for 0 and -1. */
static inline uint32_t flbit_i32(uint32_t x)
{
    uint32_t y = (x & 0x80000000u) ? ~x : x;
    return y ? (uint32_t)__builtin_clz(y) : 0xffffffffu;
}
static inline uint32_t flbit_i64(uint64_t x)
{
    uint64_t y = (x >> 63) ? ~x : x;
    return y ? (uint32_t)__builtin_clzll(y) : 0xffffffffu;
}

/* ---- hardware registers ------------------------------------------- */

static uint32_t status_reg(const si_wave *w)
{
    uint32_t s = w->scc & 1;
    s |= (uint32_t)(si_exec(w) == 0) << 9;  /* EXECZ */
    s |= (uint32_t)(si_vcc(w) == 0) << 10;  /* VCCZ  */
    if (w->wg && w->wg->nwaves > 1)
        s |= 1u << 11;                       /* IN_TG */
    if (w->state == SI_WAVE_BARRIER)
        s |= 1u << 12;                       /* IN_BARRIER */
    s |= 1u << 16;                           /* VALID */
    return s;
}

static int hwreg_read(si_emu *e, si_wave *w, unsigned id, uint32_t *out)
{
    switch (id) {
    case HWREG_MODE: *out = w->mode; return 0;
    case HWREG_STATUS: *out = status_reg(w); return 0;
    case HWREG_TRAPSTS: *out = 0; return 0;
    case HWREG_HW_ID: *out = w->id & 15; return 0; /* WAVE_ID; SIMD/CU/SE ids 0 */
    case HWREG_GPR_ALLOC: {
        uint32_t vs = w->nvgpr ? w->nvgpr / 4 - 1 : 0, ss = w->nsgpr ? w->nsgpr / 8 - 1 : 0;
        *out = ((vs & 0x3f) << 8) | ((ss & 0xf) << 24);
        return 0;
    }
    case HWREG_LDS_ALLOC: {
        uint32_t gran = w->wg ? (w->wg->lds_size + 255) / 256 : 0;
        *out = (gran & 0x1ff) << 12;
        return 0;
    }
    case HWREG_IB_STS: *out = 0; return 0;
    default:
        return FAIL("s_getreg/s_setreg: hardware register id %u does not exist on SI", id);
    }
}

/* s_setreg: only MODE is writable state here; writes to the read-only or
 * status registers are ignored (documented in docs/execution-model.md). */
static int hwreg_write(si_emu *e, si_wave *w, uint32_t simm16, uint32_t val)
{
    unsigned id = simm16 & 63, off = (simm16 >> 6) & 31, size = ((simm16 >> 11) & 31) + 1;
    uint32_t mask = (size >= 32 ? 0xffffffffu : ((1u << size) - 1)) << off;
    uint32_t cur;
    if (hwreg_read(e, w, id, &cur) < 0)
        return -1;
    if (id == HWREG_MODE)
        w->mode = (cur & ~mask) | ((val << off) & mask);
    return 0;
}

static int hwreg_get(si_emu *e, si_wave *w, uint32_t simm16, uint32_t *out)
{
    unsigned id = simm16 & 63, off = (simm16 >> 6) & 31, size = ((simm16 >> 11) & 31) + 1;
    uint32_t v;
    if (hwreg_read(e, w, id, &v) < 0)
        return -1;
    v >>= off;
    if (size < 32)
        v &= (1u << size) - 1;
    *out = v;
    return 0;
}

/* ---- fork / join ---------------------------------------------------
 * SI control stack (ISA guide, s_cbranch_*_fork / s_cbranch_join): entry
 * k lives in SGPR[4k..4k+3] = {EXEC lo, EXEC hi, PC lo, PC hi}; CSP is a
 * per-wave counter (w->csp).  The taken path with fewer lanes runs first
 * ("else" side is pushed). */
static int do_fork(si_emu *e, si_wave *w, uint64_t mask, uint64_t target)
{
    uint64_t exec = si_exec(w);
    uint64_t pass = mask & exec, fail = ~mask & exec;
    uint64_t next = w->pc;
    if (pass == exec) {
        w->pc = target;
        return 0;
    }
    if (fail == exec)
        return 0;
    unsigned base = (unsigned)w->csp * 4;
    if (base + 4 > SI_SRC_SGPR_MAX + 1)
        return FAIL("fork: control stack overflow (CSP=%u)", w->csp);
    uint64_t push_exec, push_pc;
    if (__builtin_popcountll(fail) < __builtin_popcountll(pass)) {
        si_set_exec(w, fail);
        push_exec = pass;
        push_pc = target;
    } else {
        si_set_exec(w, pass);
        push_exec = fail;
        push_pc = next;
        w->pc = target;
    }
    si_write_s64(w, base, push_exec);
    si_write_s64(w, base + 2, push_pc);
    w->csp++;
    return 0;
}

static int do_join(si_emu *e, si_wave *w, uint32_t saved)
{
    if (w->csp == saved)
        return 0;
    if (w->csp == 0)
        return FAIL("s_cbranch_join: control stack underflow (CSP=0, saved CSP=%u)", saved);
    w->csp--;
    unsigned base = (unsigned)w->csp * 4;
    si_set_exec(w, si_read_s64(w, NULL, base, 0));
    w->pc = si_read_s64(w, NULL, base + 2, 0);
    return 0;
}

/* ---- the unit ----------------------------------------------------- */

/* the temporaries the op groups' cases use */
#define SALU_GROUP_TEMPS                                                   \
    uint32_t a, b, r;                                                      \
    uint64_t a64, b64, r64;                                                \
    int64_t t;                                                             \
    (void)a, (void)b, (void)r, (void)a64, (void)b64, (void)r64, (void)t

/* SOP2: arithmetic, logic, shifts, bit fields, 64-bit ops, fork: 0 done, -1 error, 1 not one of these ops */
static int salu_sop2(si_emu *e, si_wave *w, const si_inst *in)
{
    SALU_GROUP_TEMPS;
    switch (in->op) {
    /* ============================ SOP2 ============================ */
    case SI_OP_s_add_u32:
        a = rd32(w, in, 0); b = rd32(w, in, 1);
        r64 = (uint64_t)a + b;
        wr32(w, in, (uint32_t)r64); w->scc = (uint8_t)(r64 >> 32);
        break;
    case SI_OP_s_sub_u32:
        a = rd32(w, in, 0); b = rd32(w, in, 1);
        wr32(w, in, a - b); w->scc = b > a;
        break;
    case SI_OP_s_add_i32:
        a = rd32(w, in, 0); b = rd32(w, in, 1); r = a + b;
        wr32(w, in, r); w->scc = (((a ^ r) & (b ^ r)) >> 31) & 1; /* signed overflow */
        break;
    case SI_OP_s_sub_i32:
        a = rd32(w, in, 0); b = rd32(w, in, 1); r = a - b;
        wr32(w, in, r); w->scc = (((a ^ b) & (a ^ r)) >> 31) & 1;
        break;
    case SI_OP_s_addc_u32:
        a = rd32(w, in, 0); b = rd32(w, in, 1);
        r64 = (uint64_t)a + b + (w->scc & 1);
        wr32(w, in, (uint32_t)r64); w->scc = (uint8_t)(r64 >> 32);
        break;
    case SI_OP_s_subb_u32:
        a = rd32(w, in, 0); b = rd32(w, in, 1);
        r64 = (uint64_t)a - b - (w->scc & 1);
        wr32(w, in, (uint32_t)r64); w->scc = (uint64_t)b + (w->scc & 1) > a;
        break;
    case SI_OP_s_min_i32:
        a = rd32(w, in, 0); b = rd32(w, in, 1);
        w->scc = (int32_t)a < (int32_t)b; wr32(w, in, w->scc ? a : b);
        break;
    case SI_OP_s_min_u32:
        a = rd32(w, in, 0); b = rd32(w, in, 1);
        w->scc = a < b; wr32(w, in, w->scc ? a : b);
        break;
    case SI_OP_s_max_i32:
        a = rd32(w, in, 0); b = rd32(w, in, 1);
        w->scc = (int32_t)a > (int32_t)b; wr32(w, in, w->scc ? a : b);
        break;
    case SI_OP_s_max_u32:
        a = rd32(w, in, 0); b = rd32(w, in, 1);
        w->scc = a > b; wr32(w, in, w->scc ? a : b);
        break;
    case SI_OP_s_cselect_b32:
        a = rd32(w, in, 0); b = rd32(w, in, 1);
        wr32(w, in, w->scc ? a : b);
        break;
    case SI_OP_s_cselect_b64:
        a64 = rd64(w, in, 0); b64 = rd64(w, in, 1);
        wr64(w, in, w->scc ? a64 : b64);
        break;

#define LOGIC32(OP, EXPR) \
    case OP: a = rd32(w, in, 0); b = rd32(w, in, 1); r = (EXPR); wr32(w, in, r); w->scc = r != 0; break;
#define LOGIC64(OP, EXPR) \
    case OP: a64 = rd64(w, in, 0); b64 = rd64(w, in, 1); r64 = (EXPR); wr64(w, in, r64); w->scc = r64 != 0; break;
    LOGIC32(SI_OP_s_and_b32, a & b)
    LOGIC64(SI_OP_s_and_b64, a64 & b64)
    LOGIC32(SI_OP_s_or_b32, a | b)
    LOGIC64(SI_OP_s_or_b64, a64 | b64)
    LOGIC32(SI_OP_s_xor_b32, a ^ b)
    LOGIC64(SI_OP_s_xor_b64, a64 ^ b64)
    LOGIC32(SI_OP_s_andn2_b32, a & ~b)
    LOGIC64(SI_OP_s_andn2_b64, a64 & ~b64)
    LOGIC32(SI_OP_s_orn2_b32, a | ~b)
    LOGIC64(SI_OP_s_orn2_b64, a64 | ~b64)
    LOGIC32(SI_OP_s_nand_b32, ~(a & b))
    LOGIC64(SI_OP_s_nand_b64, ~(a64 & b64))
    LOGIC32(SI_OP_s_nor_b32, ~(a | b))
    LOGIC64(SI_OP_s_nor_b64, ~(a64 | b64))
    LOGIC32(SI_OP_s_xnor_b32, ~(a ^ b))
    LOGIC64(SI_OP_s_xnor_b64, ~(a64 ^ b64))
#undef LOGIC32
#undef LOGIC64

    case SI_OP_s_lshl_b32:
        a = rd32(w, in, 0); b = rd32(w, in, 1); r = a << (b & 31);
        wr32(w, in, r); w->scc = r != 0;
        break;
    case SI_OP_s_lshl_b64:
        a64 = rd64(w, in, 0); b = rd32(w, in, 1); r64 = a64 << (b & 63);
        wr64(w, in, r64); w->scc = r64 != 0;
        break;
    case SI_OP_s_lshr_b32:
        a = rd32(w, in, 0); b = rd32(w, in, 1); r = a >> (b & 31);
        wr32(w, in, r); w->scc = r != 0;
        break;
    case SI_OP_s_lshr_b64:
        a64 = rd64(w, in, 0); b = rd32(w, in, 1); r64 = a64 >> (b & 63);
        wr64(w, in, r64); w->scc = r64 != 0;
        break;
    case SI_OP_s_ashr_i32:
        a = rd32(w, in, 0); b = rd32(w, in, 1); r = (uint32_t)((int32_t)a >> (b & 31));
        wr32(w, in, r); w->scc = r != 0;
        break;
    case SI_OP_s_ashr_i64:
        a64 = rd64(w, in, 0); b = rd32(w, in, 1); r64 = (uint64_t)((int64_t)a64 >> (b & 63));
        wr64(w, in, r64); w->scc = r64 != 0;
        break;
    case SI_OP_s_bfm_b32: /* D = ((1 << S0[4:0]) - 1) << S1[4:0] */
        a = rd32(w, in, 0); b = rd32(w, in, 1);
        wr32(w, in, ((1u << (a & 31)) - 1) << (b & 31));
        break;
    case SI_OP_s_bfm_b64:
        a = rd32(w, in, 0); b = rd32(w, in, 1);
        wr64(w, in, ((1ull << (a & 63)) - 1) << (b & 63));
        break;
    case SI_OP_s_mul_i32:
        a = rd32(w, in, 0); b = rd32(w, in, 1);
        wr32(w, in, a * b);
        break;
    case SI_OP_s_bfe_u32:
        r = bfe32(rd32(w, in, 0), rd32(w, in, 1), 0); wr32(w, in, r); w->scc = r != 0;
        break;
    case SI_OP_s_bfe_i32:
        r = bfe32(rd32(w, in, 0), rd32(w, in, 1), 1); wr32(w, in, r); w->scc = r != 0;
        break;
    case SI_OP_s_bfe_u64:
        r64 = bfe64(rd64(w, in, 0), rd32(w, in, 1), 0); wr64(w, in, r64); w->scc = r64 != 0;
        break;
    case SI_OP_s_bfe_i64:
        r64 = bfe64(rd64(w, in, 0), rd32(w, in, 1), 1); wr64(w, in, r64); w->scc = r64 != 0;
        break;
    case SI_OP_s_absdiff_i32:
        a = rd32(w, in, 0); b = rd32(w, in, 1);
        t = (int32_t)(a - b); /* 32-bit difference (wraps), then absolute value */
        r = (uint32_t)(t < 0 ? -t : t);
        wr32(w, in, r); w->scc = r != 0;
        break;
    case SI_OP_s_cbranch_g_fork:
        return do_fork(e, w, rd64(w, in, 0), rd64(w, in, 1));

    default:
        return 1;
    }
    return 0;
}

/* SOPK: immediate forms, compare, hardware registers: 0 done, -1 error, 1 not one of these ops */
static int salu_sopk(si_emu *e, si_wave *w, const si_inst *in)
{
    SALU_GROUP_TEMPS;
    switch (in->op) {
    /* ============================ SOPK ============================ */
    case SI_OP_s_movk_i32:
        wr32(w, in, (uint32_t)in->simm16);
        break;
    case SI_OP_s_cmovk_i32:
        if (w->scc)
            wr32(w, in, (uint32_t)in->simm16);
        break;
#define CMPK_I(OP, CMP) case OP: w->scc = ((int32_t)rd32(w, in, 1) CMP in->simm16); break;
#define CMPK_U(OP, CMP) case OP: w->scc = (rd32(w, in, 1) CMP (uint32_t)(in->simm16 & 0xffff)); break;
    CMPK_I(SI_OP_s_cmpk_eq_i32, ==)
    CMPK_I(SI_OP_s_cmpk_lg_i32, !=)
    CMPK_I(SI_OP_s_cmpk_gt_i32, >)
    CMPK_I(SI_OP_s_cmpk_ge_i32, >=)
    CMPK_I(SI_OP_s_cmpk_lt_i32, <)
    CMPK_I(SI_OP_s_cmpk_le_i32, <=)
    CMPK_U(SI_OP_s_cmpk_eq_u32, ==)
    CMPK_U(SI_OP_s_cmpk_lg_u32, !=)
    CMPK_U(SI_OP_s_cmpk_gt_u32, >)
    CMPK_U(SI_OP_s_cmpk_ge_u32, >=)
    CMPK_U(SI_OP_s_cmpk_lt_u32, <)
    CMPK_U(SI_OP_s_cmpk_le_u32, <=)
#undef CMPK_I
#undef CMPK_U
    case SI_OP_s_addk_i32:
        a = si_read_s32(w, in, in->dst); b = (uint32_t)in->simm16; r = a + b;
        wr32(w, in, r); w->scc = (((a ^ r) & (b ^ r)) >> 31) & 1;
        break;
    case SI_OP_s_mulk_i32:
        a = si_read_s32(w, in, in->dst);
        wr32(w, in, a * (uint32_t)in->simm16);
        break;
    case SI_OP_s_cbranch_i_fork:
        return do_fork(e, w, si_read_s64(w, in, in->src[1], 0), w->pc + (int64_t)in->simm16 * 4);
    case SI_OP_s_getreg_b32:
        if (hwreg_get(e, w, (uint32_t)in->simm16, &r) < 0)
            return -1;
        wr32(w, in, r);
        break;
    case SI_OP_s_setreg_b32:
        return hwreg_write(e, w, (uint32_t)in->simm16, rd32(w, in, 1));
    case SI_OP_s_setreg_imm32_b32:
        return hwreg_write(e, w, (uint32_t)in->simm16, in->lit);

    default:
        return 1;
    }
    return 0;
}

/* SOP1: moves, bit counts and bit set/clear: 0 done, -1 error, 1 not one of these ops */
static int salu_sop1(si_emu *e, si_wave *w, const si_inst *in)
{
    SALU_GROUP_TEMPS;
    switch (in->op) {
    /* ============================ SOP1 ============================ */
    case SI_OP_s_mov_b32:
    case SI_OP_s_mov_fed_b32: /* "forward with error detection": a move here */
        wr32(w, in, rd32(w, in, 0));
        break;
    case SI_OP_s_mov_b64:
        wr64(w, in, rd64(w, in, 0));
        break;
    case SI_OP_s_cmov_b32:
        a = rd32(w, in, 0);
        if (w->scc)
            wr32(w, in, a);
        break;
    case SI_OP_s_cmov_b64:
        a64 = rd64(w, in, 0);
        if (w->scc)
            wr64(w, in, a64);
        break;
    case SI_OP_s_not_b32:
        r = ~rd32(w, in, 0); wr32(w, in, r); w->scc = r != 0;
        break;
    case SI_OP_s_not_b64:
        r64 = ~rd64(w, in, 0); wr64(w, in, r64); w->scc = r64 != 0;
        break;
    case SI_OP_s_wqm_b32:
        r = wqm32(rd32(w, in, 0)); wr32(w, in, r); w->scc = r != 0;
        break;
    case SI_OP_s_wqm_b64:
        r64 = wqm64(rd64(w, in, 0)); wr64(w, in, r64); w->scc = r64 != 0;
        break;
    case SI_OP_s_brev_b32:
        wr32(w, in, brev32(rd32(w, in, 0)));
        break;
    case SI_OP_s_brev_b64:
        wr64(w, in, brev64(rd64(w, in, 0)));
        break;
    case SI_OP_s_bcnt0_i32_b32:
        r = 32 - (uint32_t)__builtin_popcount(rd32(w, in, 0)); wr32(w, in, r); w->scc = r != 0;
        break;
    case SI_OP_s_bcnt0_i32_b64:
        r = 64 - (uint32_t)__builtin_popcountll(rd64(w, in, 0)); wr32(w, in, r); w->scc = r != 0;
        break;
    case SI_OP_s_bcnt1_i32_b32:
        r = (uint32_t)__builtin_popcount(rd32(w, in, 0)); wr32(w, in, r); w->scc = r != 0;
        break;
    case SI_OP_s_bcnt1_i32_b64:
        r = (uint32_t)__builtin_popcountll(rd64(w, in, 0)); wr32(w, in, r); w->scc = r != 0;
        break;
    case SI_OP_s_ff0_i32_b32:
        a = ~rd32(w, in, 0); wr32(w, in, a ? (uint32_t)__builtin_ctz(a) : 0xffffffffu);
        break;
    case SI_OP_s_ff0_i32_b64:
        a64 = ~rd64(w, in, 0); wr32(w, in, a64 ? (uint32_t)__builtin_ctzll(a64) : 0xffffffffu);
        break;
    case SI_OP_s_ff1_i32_b32:
        a = rd32(w, in, 0); wr32(w, in, a ? (uint32_t)__builtin_ctz(a) : 0xffffffffu);
        break;
    case SI_OP_s_ff1_i32_b64:
        a64 = rd64(w, in, 0); wr32(w, in, a64 ? (uint32_t)__builtin_ctzll(a64) : 0xffffffffu);
        break;
    case SI_OP_s_flbit_i32_b32:
        a = rd32(w, in, 0); wr32(w, in, a ? (uint32_t)__builtin_clz(a) : 0xffffffffu);
        break;
    case SI_OP_s_flbit_i32_b64:
        a64 = rd64(w, in, 0); wr32(w, in, a64 ? (uint32_t)__builtin_clzll(a64) : 0xffffffffu);
        break;
    case SI_OP_s_flbit_i32:
        wr32(w, in, flbit_i32(rd32(w, in, 0)));
        break;
    case SI_OP_s_flbit_i32_i64:
        wr32(w, in, flbit_i64(rd64(w, in, 0)));
        break;
    case SI_OP_s_sext_i32_i8:
        wr32(w, in, (uint32_t)(int32_t)(int8_t)rd32(w, in, 0));
        break;
    case SI_OP_s_sext_i32_i16:
        wr32(w, in, (uint32_t)(int32_t)(int16_t)rd32(w, in, 0));
        break;
    case SI_OP_s_bitset0_b32:
        a = rd32(w, in, 0); wr32(w, in, si_read_s32(w, in, in->dst) & ~(1u << (a & 31)));
        break;
    case SI_OP_s_bitset0_b64:
        a = rd32(w, in, 0); wr64(w, in, si_read_s64(w, in, in->dst, 0) & ~(1ull << (a & 63)));
        break;
    case SI_OP_s_bitset1_b32:
        a = rd32(w, in, 0); wr32(w, in, si_read_s32(w, in, in->dst) | (1u << (a & 31)));
        break;
    case SI_OP_s_bitset1_b64:
        a = rd32(w, in, 0); wr64(w, in, si_read_s64(w, in, in->dst, 0) | (1ull << (a & 63)));
        break;
    default:
        return 1;
    }
    return 0;
}

/* SOP1: PC, saveexec, M0-relative moves, join, exceptions: 0 done, -1 error, 1 not one of these ops */
static int salu_sop1_ctrl(si_emu *e, si_wave *w, const si_inst *in)
{
    SALU_GROUP_TEMPS;
    switch (in->op) {
    case SI_OP_s_getpc_b64:
        wr64(w, in, w->pc);
        break;
    case SI_OP_s_setpc_b64:
        a64 = rd64(w, in, 0);
        w->pc = a64;
        break;
    case SI_OP_s_swappc_b64:
        a64 = rd64(w, in, 0);
        wr64(w, in, w->pc);
        w->pc = a64;
        break;
    case SI_OP_s_rfe_b64:
        return FAIL("s_rfe_b64: return from exception needs a trap handler, which is not supported");

#define SAVEEXEC(OP, EXPR) \
    case OP: { uint64_t ex = si_exec(w); a64 = rd64(w, in, 0); r64 = (EXPR); \
               wr64(w, in, ex); si_set_exec(w, r64); w->scc = r64 != 0; break; }
    SAVEEXEC(SI_OP_s_and_saveexec_b64, a64 & ex)
    SAVEEXEC(SI_OP_s_or_saveexec_b64, a64 | ex)
    SAVEEXEC(SI_OP_s_xor_saveexec_b64, a64 ^ ex)
    SAVEEXEC(SI_OP_s_andn2_saveexec_b64, a64 & ~ex)
    SAVEEXEC(SI_OP_s_orn2_saveexec_b64, a64 | ~ex)
    SAVEEXEC(SI_OP_s_nand_saveexec_b64, ~(a64 & ex))
    SAVEEXEC(SI_OP_s_nor_saveexec_b64, ~(a64 | ex))
    SAVEEXEC(SI_OP_s_xnor_saveexec_b64, ~(a64 ^ ex))
#undef SAVEEXEC

    case SI_OP_s_quadmask_b32:
        r = (uint32_t)quadmask(rd32(w, in, 0), 8); wr32(w, in, r); w->scc = r != 0;
        break;
    case SI_OP_s_quadmask_b64:
        r64 = quadmask(rd64(w, in, 0), 16); wr64(w, in, r64); w->scc = r64 != 0;
        break;
    case SI_OP_s_movrels_b32:
    case SI_OP_s_movrels_b64: {
        unsigned n = in->op == SI_OP_s_movrels_b64 ? 2 : 1;
        uint64_t idx = (uint64_t)in->src[0] + w->s[SI_SRC_M0];
        if (in->src[0] > SI_SRC_SGPR_MAX || idx + n > sgpr_limit(w))
            return movrel_fault(e, w, "source", in->src[0], n);
        if (n == 1) wr32(w, in, w->s[idx]);
        else wr64(w, in, si_read_s64(w, in, (unsigned)idx, 0));
        break;
    }
    case SI_OP_s_movreld_b32:
    case SI_OP_s_movreld_b64: {
        unsigned n = in->op == SI_OP_s_movreld_b64 ? 2 : 1;
        uint64_t idx = (uint64_t)in->dst + w->s[SI_SRC_M0];
        if (in->dst > SI_SRC_SGPR_MAX || idx + n > sgpr_limit(w))
            return movrel_fault(e, w, "destination", in->dst, n);
        if (n == 1) si_write_s32(w, (unsigned)idx, rd32(w, in, 0));
        else si_write_s64(w, (unsigned)idx, rd64(w, in, 0));
        break;
    }
    case SI_OP_s_cbranch_join:
        return do_join(e, w, rd32(w, in, 0));
    case SI_OP_s_abs_i32:
        a = rd32(w, in, 0); r = (int32_t)a < 0 ? 0u - a : a;
        wr32(w, in, r); w->scc = r != 0;
        break;

    default:
        return 1;
    }
    return 0;
}

/* SOPC compares and SOPP branches, messages, traps: 0 done, -1 error, 1 not one of these ops */
static int salu_sopc_sopp(si_emu *e, si_wave *w, const si_inst *in)
{
    SALU_GROUP_TEMPS;
    switch (in->op) {
    /* ============================ SOPC ============================ */
#define CMP_I(OP, CMP) case OP: w->scc = (int32_t)rd32(w, in, 0) CMP (int32_t)rd32(w, in, 1); break;
#define CMP_U(OP, CMP) case OP: w->scc = rd32(w, in, 0) CMP rd32(w, in, 1); break;
    CMP_I(SI_OP_s_cmp_eq_i32, ==)
    CMP_I(SI_OP_s_cmp_lg_i32, !=)
    CMP_I(SI_OP_s_cmp_gt_i32, >)
    CMP_I(SI_OP_s_cmp_ge_i32, >=)
    CMP_I(SI_OP_s_cmp_lt_i32, <)
    CMP_I(SI_OP_s_cmp_le_i32, <=)
    CMP_U(SI_OP_s_cmp_eq_u32, ==)
    CMP_U(SI_OP_s_cmp_lg_u32, !=)
    CMP_U(SI_OP_s_cmp_gt_u32, >)
    CMP_U(SI_OP_s_cmp_ge_u32, >=)
    CMP_U(SI_OP_s_cmp_lt_u32, <)
    CMP_U(SI_OP_s_cmp_le_u32, <=)
#undef CMP_I
#undef CMP_U
    case SI_OP_s_bitcmp0_b32:
        a = rd32(w, in, 0); b = rd32(w, in, 1); w->scc = ((a >> (b & 31)) & 1) == 0;
        break;
    case SI_OP_s_bitcmp1_b32:
        a = rd32(w, in, 0); b = rd32(w, in, 1); w->scc = (a >> (b & 31)) & 1;
        break;
    case SI_OP_s_bitcmp0_b64:
        a64 = rd64(w, in, 0); b = rd32(w, in, 1); w->scc = ((a64 >> (b & 63)) & 1) == 0;
        break;
    case SI_OP_s_bitcmp1_b64:
        a64 = rd64(w, in, 0); b = rd32(w, in, 1); w->scc = (a64 >> (b & 63)) & 1;
        break;
    case SI_OP_s_setvskip:
        a = rd32(w, in, 0); b = rd32(w, in, 1); w->vskip = (a >> (b & 31)) & 1;
        break;

    /* ============================ SOPP ============================ */
    case SI_OP_s_nop:
    case SI_OP_s_waitcnt:      /* in-order functional model: nothing to wait for */
    case SI_OP_s_sleep:
    case SI_OP_s_setprio:
    case SI_OP_s_icache_inv:
    case SI_OP_s_incperflevel:
    case SI_OP_s_decperflevel:
    case SI_OP_s_ttracedata:
    case SI_OP_s_setkill:      /* pixel-shader kill flag: no effect in compute */
        break;
    case SI_OP_s_cbranch_cdbgsys:          /* debug conditions are never set */
    case SI_OP_s_cbranch_cdbguser:
    case SI_OP_s_cbranch_cdbgsys_or_user:
    case SI_OP_s_cbranch_cdbgsys_and_user:
        break;
    case SI_OP_s_endpgm:
        w->state = SI_WAVE_DONE;
        break;
    case SI_OP_s_barrier:
        w->state = SI_WAVE_BARRIER;
        break;
    case SI_OP_s_branch:
        w->pc += (int64_t)in->simm16 * 4;
        break;
    case SI_OP_s_cbranch_scc0:
        if (!w->scc) w->pc += (int64_t)in->simm16 * 4;
        break;
    case SI_OP_s_cbranch_scc1:
        if (w->scc) w->pc += (int64_t)in->simm16 * 4;
        break;
    case SI_OP_s_cbranch_vccz:
        if (si_vcc(w) == 0) w->pc += (int64_t)in->simm16 * 4;
        break;
    case SI_OP_s_cbranch_vccnz:
        if (si_vcc(w) != 0) w->pc += (int64_t)in->simm16 * 4;
        break;
    case SI_OP_s_cbranch_execz:
        if (si_exec(w) == 0) w->pc += (int64_t)in->simm16 * 4;
        break;
    case SI_OP_s_cbranch_execnz:
        if (si_exec(w) != 0) w->pc += (int64_t)in->simm16 * 4;
        break;
    case SI_OP_s_sethalt:
        if (in->simm16 & 1)
            return FAIL("s_sethalt 1: the wave would halt forever (no debugger attached)");
        break;
    case SI_OP_s_sendmsg:
    case SI_OP_s_sendmsghalt: {
        unsigned msg = (unsigned)in->simm16 & 0xf;
        if (msg == MSG_GS || msg == MSG_GS_DONE)
            return FAIL("s_sendmsg: geometry-shader message %u is not supported in compute", msg);
        if (in->op == SI_OP_s_sendmsghalt)
            return FAIL("s_sendmsghalt: the wave would halt forever (no host handler)");
        break; /* MSG_INTERRUPT / SYSMSG: no host side to notify; no-op */
    }
    case SI_OP_s_trap:
        return FAIL("s_trap %d: trap handlers are not supported", in->simm16 & 0xff);

    default:
        return 1;
    }
    return 0;
}

/* The SOPP ops that do nothing here (the no-op cases of salu_sopc_sopp). */
int si_salu_is_nop(unsigned op)
{
    switch (op) {
    case SI_OP_s_nop: case SI_OP_s_waitcnt: case SI_OP_s_sleep: case SI_OP_s_setprio: case SI_OP_s_icache_inv:
    case SI_OP_s_incperflevel: case SI_OP_s_decperflevel: case SI_OP_s_ttracedata: case SI_OP_s_setkill:
        return 1;
    default:
        return 0;
    }
}

int si_exec_nop(si_emu *e, si_wave *w, const si_inst *in, si_retire *rec)
{
    (void)e, (void)w, (void)in, (void)rec;
    return 0;
}

int si_exec_salu(si_emu *e, si_wave *w, const si_inst *in, si_retire *rec)
{
    (void)rec;
    /* the op's group (each a switch over its ops): 0 done, -1 error, 1 not there */
    static int (*const groups[])(si_emu *, si_wave *, const si_inst *) = {salu_sop2, salu_sopk, salu_sop1, salu_sop1_ctrl,
                                                                          salu_sopc_sopp};
    static uint8_t group_of[SI_OP_COUNT]; /* 1 + the group that handles the op, 0 unknown */
    unsigned op = in->op < SI_OP_COUNT ? in->op : 0, known = si_group_cached(group_of, op);
    if (known) {
        int rc = groups[known - 1](e, w, in);
        if (rc <= 0)
            return rc;
    }
    for (size_t g = 0; g < sizeof groups / sizeof groups[0]; g++) {
        int rc = groups[g](e, w, in);
        if (rc <= 0) {
            if (rc == 0 && in->op < SI_OP_COUNT)
                si_group_learn(group_of, op, (unsigned)g + 1);
            return rc;
        }
    }
    return FAIL("%s: not a scalar ALU instruction or not implemented", si_ops[in->op].name);
}
