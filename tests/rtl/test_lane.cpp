/* test_lane: rtl/simd_lane.v (through tests/rtl/tb_lane.v) against the golden
 * emulator's vector ALU (sw/valu.c).
 *
 * For every VALU op of si_ops[] (except the cross-lane / special ops the SIMD
 * handles itself and graphics-only ops), random instructions are encoded
 * (e32 and VOP3 forms, random abs/neg/omod/clamp where the encoding has them,
 * VGPR, SGPR, inline-constant and literal operands), decoded with si_decode
 * and executed by si_exec_valu on a real wave of a tiny dispatch, with random
 * register contents (biased to interesting integers and floats), random EXEC,
 * VCC and MODE.  Each active lane's operands, read the way the emulator reads
 * them, are then fed to the Verilog lane and its result and mask bit are
 * compared with what the emulator wrote.
 *
 * Usage: Vtb [seed] [op-name-substring]
 *   SICU_SEED       seed (default 1; the argument wins)
 *   SICU_LANE_ITERS random instructions per op (default 128)
 *   SICU_LANE_QUIET per-op figures only for failing ops (default: every op)
 * Exit status: 0 when every comparison matched.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "Vtb_lane.h"
#include "verilated.h"

extern "C" {
#include "sicu/emu.h"
#include "fp.h"
}

#define NVG 32          /* VGPRs of the test wave */
#define MAX_REPORT 25   /* mismatches printed in full */
#define MAX_REPORT_OP 3 /* ... at most this many per op */

static si_emu *E;
static si_wave *W;
static Vtb_lane *T;

/* ------------------------------------------------------------------ random */
static uint64_t rng_state;

static uint64_t rnd64(void)
{
    /* xorshift64* */
    uint64_t x = rng_state;
    x ^= x >> 12;
    x ^= x << 25;
    x ^= x >> 27;
    rng_state = x;
    return x * 0x2545F4914F6CDD1Dull;
}
static uint32_t rnd32(void) { return (uint32_t)(rnd64() >> 32); }
static unsigned rndn(unsigned n) { return (unsigned)(rnd64() >> 33) % n; }
static int chance(unsigned pct) { return rndn(100) < pct; }

/* Interesting integers. */
static uint32_t int_val(void)
{
    static const uint32_t sp[] = {
        0, 1, 2, 3, 0xffffffffu, 0xfffffffeu, 0x7fffffffu, 0x80000000u, 0x80000001u,
        0xffffu, 0x10000u, 0x7fffu, 0x8000u, 0xffff8000u, 0xffff7fffu, 0xff, 0x100, 0x80, 0x7f,
        0xffffffu, 0x800000u, 0x7fffffu, 0xff800000u, 0x1000000u, 31, 32, 33, 63, 64,
        0x01010101u, 0xff00ff00u, 0x00ff00ffu, 0x80808080u, 0x7f7f7f7fu, 0xfefefefeu,
    };
    switch (rndn(8)) {
    case 0: case 1: return sp[rndn(sizeof sp / sizeof sp[0])];
    case 2: return rndn(72);                              /* shift amounts, small */
    case 3: return (uint32_t)-(int32_t)rndn(40);          /* small negative */
    case 4: return rnd32() >> rndn(32);                   /* random width */
    case 5: return (uint32_t)((int32_t)rnd32() >> rndn(32)); /* signed random width */
    default: return rnd32();
    }
}

static uint32_t f32_val(void)
{
    static const uint32_t sp[] = {
        0x00000000u, 0x00000001u, 0x007fffffu, 0x00400000u, 0x00800000u, 0x00800001u,
        0x3f800000u, 0x3f000000u, 0x40000000u, 0x3fc00000u, 0x7f7fffffu, 0x7f000000u,
        0x7f800000u, 0x7fc00000u, 0x7fc00001u, 0x7fffffffu, 0x7f800001u, 0x7fa00000u,
        0x3f7fffffu, 0x3f800001u, 0x4b000000u, 0x4b7fffffu, 0x4effffffu, 0x4f000000u,
        0x4f800000u, 0x477fff00u, 0x46fffe00u, 0x437f0000u, 0x3e800000u, 0x33800000u,
        0x0c000000u, 0x00000010u, 0x3eaaaaabu, 0x40490fdbu, 0x3effffffu,
    };
    uint32_t s = chance(50) ? 0x80000000u : 0;
    switch (rndn(10)) {
    case 0: case 1: case 2: return sp[rndn(sizeof sp / sizeof sp[0])] | s;
    case 3: return (rnd32() & 0x007fffffu) | s;                          /* denormal */
    case 4: {                                                               /* k + 0.5 ties, small ints */
        float f = (float)((int)rndn(600) - 300) + (chance(50) ? 0.5f : 0.0f);
        if (chance(30)) f *= 0.25f;
        uint32_t u;
        memcpy(&u, &f, 4);
        return u;
    }
    case 5: return ((uint32_t)(127 - 40 + rndn(80)) << 23) | (rnd32() & 0x7fffffu) | s;
    case 6: return ((uint32_t)(rndn(2) ? rndn(30) : 224 + rndn(31)) << 23) | (rnd32() & 0x7fffffu) | s;
    case 7: return ((uint32_t)(127 - 3 + rndn(6)) << 23) | (rnd32() & 0x7fffffu) | s; /* near 1 */
    default: return rnd32();
    }
}

static uint64_t f64_val(void)
{
    static const uint64_t sp[] = {
        0x0000000000000000ull, 0x0000000000000001ull, 0x000fffffffffffffull, 0x0008000000000000ull,
        0x0010000000000000ull, 0x3ff0000000000000ull, 0x3fe0000000000000ull, 0x4000000000000000ull,
        0x7fefffffffffffffull, 0x7ff0000000000000ull, 0x7ff8000000000000ull, 0x7ff8000000000001ull,
        0x7ff0000000000001ull, 0x7ff4000000000000ull, 0x7fffffffffffffffull, 0x3fefffffffffffffull,
        0x3ff0000000000001ull, 0x4330000000000000ull, 0x41dfffffffc00000ull, 0x41e0000000000000ull,
        0x41efffffffe00000ull, 0x41f0000000000000ull, 0x400921fb54442d18ull, 0x3fd5555555555555ull,
        0x47efffffe0000000ull, 0x3810000000000000ull, 0x36a0000000000000ull, 0x7fe0000000000000ull,
    };
    uint64_t s = chance(50) ? 0x8000000000000000ull : 0;
    switch (rndn(10)) {
    case 0: case 1: case 2: return sp[rndn(sizeof sp / sizeof sp[0])] | s;
    case 3: return (rnd64() & 0x000fffffffffffffull) | s;
    case 4: {
        double f = (double)((int)rndn(600) - 300) + (chance(50) ? 0.5 : 0.0);
        if (chance(30)) f *= 0.25;
        uint64_t u;
        memcpy(&u, &f, 8);
        return u;
    }
    case 5: return ((uint64_t)(1023 - 60 + rndn(120)) << 52) | (rnd64() & 0x000fffffffffffffull) | s;
    case 6: return ((uint64_t)(rndn(2) ? rndn(60) : 1990 + rndn(57)) << 52) |
                   (rnd64() & 0x000fffffffffffffull) | s;
    case 7: /* f32-range values (for f64 -> f32 conversions) */
        return ((uint64_t)(1023 - 150 + rndn(300)) << 52) | (rnd64() & 0x000fffffffffffffull) | s;
    default: return rnd64();
    }
}

static uint32_t f16_val(void)
{
    static const uint32_t sp[] = { 0x0000, 0x8000, 0x0001, 0x03ff, 0x0400, 0x3c00, 0x7bff, 0x7c00,
                                   0xfc00, 0x7e00, 0x7d00, 0x7c01, 0x7fff, 0x3555, 0xc000 };
    uint32_t v = chance(40) ? sp[rndn(sizeof sp / sizeof sp[0])] : (rnd32() & 0xffff);
    if (chance(40))
        v |= rnd32() << 16; /* garbage in the upper half */
    return v;
}

/* A small perturbation of a float (for correlated operands). */
static uint32_t f32_near(uint32_t a)
{
    switch (rndn(5)) {
    case 0: return a;
    case 1: return a ^ 0x80000000u;
    case 2: return a + (uint32_t)((int)rndn(5) - 2);
    case 3: return (a ^ 0x80000000u) + (uint32_t)((int)rndn(5) - 2);
    default: return (a & 0xff800000u) | (rnd32() & 0x7fffffu);
    }
}
static uint64_t f64_near(uint64_t a)
{
    switch (rndn(5)) {
    case 0: return a;
    case 1: return a ^ 0x8000000000000000ull;
    case 2: return a + (uint64_t)(int64_t)((int)rndn(5) - 2);
    case 3: return (a ^ 0x8000000000000000ull) + (uint64_t)(int64_t)((int)rndn(5) - 2);
    default: return (a & 0xfff0000000000000ull) | (rnd64() & 0x000fffffffffffffull);
    }
}

/* ------------------------------------------------------------------ ops */
static int kf(unsigned k) { return SI_OPK_CLS(k) == SI_CLS_F; }
static int kw(unsigned k) { return SI_OPK_W(k); }

static int is_vop3fmt(unsigned f) { return f == SI_FMT_VOP3A || f == SI_FMT_VOP3B; }

/* Ops that the SIMD does itself (lane selection / register indexing) or
 * that have no result. */
static int skipped(unsigned op)
{
    const si_opinfo *oi = &si_ops[op];
    if (!(oi->flags & F_VALU) || (oi->flags & F_GRAPHICS))
        return 1;
    if (oi->fmt != SI_FMT_VOP1 && oi->fmt != SI_FMT_VOP2 && oi->fmt != SI_FMT_VOPC &&
        !is_vop3fmt(oi->fmt))
        return 1;
    switch (op) {
    case SI_OP_v_readlane_b32: case SI_OP_v_writelane_b32: case SI_OP_v_readfirstlane_b32:
    case SI_OP_v_movrels_b32: case SI_OP_v_movreld_b32: case SI_OP_v_movrelsd_b32:
    case SI_OP_v_nop: case SI_OP_v_clrexcp:
        return 1;
    default:
        return 0;
    }
}

static int is_mac(unsigned op) { return op == SI_OP_v_mac_f32 || op == SI_OP_v_mac_legacy_f32; }
static int is_madk(unsigned op) { return op == SI_OP_v_madmk_f32 || op == SI_OP_v_madak_f32; }
static int is_class(unsigned op)
{
    return op == SI_OP_v_cmp_class_f32 || op == SI_OP_v_cmpx_class_f32 ||
           op == SI_OP_v_cmp_class_f64 || op == SI_OP_v_cmpx_class_f64;
}
static int reads_mask(unsigned op)
{
    return op == SI_OP_v_cndmask_b32 || op == SI_OP_v_addc_u32 || op == SI_OP_v_subb_u32 ||
           op == SI_OP_v_subbrev_u32;
}
static int writes_mask(unsigned op)
{
    return si_ops[op].fmt == SI_FMT_VOPC || op == SI_OP_v_add_i32 || op == SI_OP_v_sub_i32 ||
           op == SI_OP_v_subrev_i32 || (reads_mask(op) && op != SI_OP_v_cndmask_b32) ||
           op == SI_OP_v_div_scale_f32 || op == SI_OP_v_div_scale_f64;
}

/* Report classes. */
enum { C_INT, C_F32, C_F64, C_ICMP, C_FCMP32, C_FCMP64, C_N };
static const char *cname[C_N] = { "integer/bit ALU", "f32 ALU (incl. cvt/pack)", "f64 ALU (incl. cvt)",
                                  "integer compares", "f32 compares/class", "f64 compares/class" };
static int op_class(unsigned op)
{
    const si_opinfo *oi = &si_ops[op];
    int f64 = 0, f32 = 0;
    unsigned ks[4] = { oi->dst, oi->src[0], oi->src[1], oi->src[2] };
    for (int i = 0; i < 4; i++) {
        if (ks[i] == K_F64) f64 = 1;
        if (ks[i] == K_F32) f32 = 1;
    }
    if (oi->fmt == SI_FMT_VOPC)
        return f64 ? C_FCMP64 : f32 ? C_FCMP32 : C_ICMP;
    return f64 ? C_F64 : f32 ? C_F32 : C_INT;
}

/* Number of encoded sources in the native format. */
static unsigned native_nsrc(unsigned op)
{
    const si_opinfo *oi = &si_ops[op];
    if (oi->fmt == SI_FMT_VOP1) return 1;
    if (oi->fmt == SI_FMT_VOP2 || oi->fmt == SI_FMT_VOPC) return 2;
    return 3;
}

/* ------------------------------------------------------------------ instruction generation */
static unsigned pick_sgpr(unsigned width)
{
    if (width == 2) {
        switch (rndn(10)) {
        case 0: return SI_SRC_VCC_LO;
        case 1: return SI_SRC_EXEC_LO;
        default: return 2 * rndn(52);
        }
    }
    switch (rndn(20)) {
    case 0: return SI_SRC_VCC_LO;
    case 1: return SI_SRC_VCC_HI;
    case 2: return SI_SRC_M0;
    case 3: return SI_SRC_EXEC_LO;
    case 4: return SI_SRC_EXEC_HI;
    case 5: return SI_SRC_VCCZ + rndn(3);   /* VCCZ, EXECZ, SCC */
    default: return rndn(104);
    }
}

static unsigned pick_const(void)
{
    if (chance(60))
        return SI_SRC_ZERO + rndn(SI_SRC_INT_NEG_LAST - SI_SRC_ZERO + 1);
    return SI_SRC_F_0_5 + rndn(8);
}

static unsigned pick_vgpr(unsigned width) { return SI_SRC_VGPR0 + rndn(NVG - width + 1); }

/* Value for an operand of kind k (low dword for a 32-bit kind). */
static uint64_t val_for(unsigned op, int slot, unsigned k)
{
    if (op == SI_OP_v_cvt_f32_f16 && slot == 0)
        return f16_val();
    if (is_class(op) && slot == 1)
        return chance(80) ? (rnd32() & (chance(50) ? 0x3ffu : (1u << rndn(10)))) : int_val();
    if ((op == SI_OP_v_ldexp_f32 || op == SI_OP_v_ldexp_f64) && slot == 1 && chance(70))
        return (uint32_t)((int)rndn(op == SI_OP_v_ldexp_f64 ? 2300 : 400) -
                          (op == SI_OP_v_ldexp_f64 ? 1150 : 200));
    if (op == SI_OP_v_trig_preop_f64 && slot == 1 && chance(70))
        return rndn(40);
    if (k == K_F64)
        return f64_val();
    if (k == K_F32 || ((is_mac(op) || is_madk(op)) && slot == 2))
        return f32_val();
    if (kw(k) == 2)
        return ((uint64_t)int_val() << 32) | int_val();
    return int_val();
}

typedef struct gen_inst {
    uint32_t w[3];
    int nw;
} gen_inst;

/* Encode a random instruction for op. */
static void gen(unsigned op, gen_inst *g)
{
    const si_opinfo *oi = &si_ops[op];
    unsigned nat = oi->fmt;
    int use3 = is_vop3fmt(nat) || (!(oi->flags & F_NOVOP3) && chance(50));
    unsigned ns = native_nsrc(op);
    unsigned s[3] = { 0, 0, 0 };
    unsigned dstw = kw(oi->dst) ? kw(oi->dst) : 1;
    unsigned dst = pick_vgpr(dstw) - SI_SRC_VGPR0;
    int lit = 0;
    uint32_t litv = 0;

    for (unsigned i = 0; i < 3; i++)
        s[i] = pick_vgpr(2);   /* unused fields: some VGPR */

    if (!use3) {
        unsigned k0 = oi->src[0];
        unsigned w0 = kw(k0) ? kw(k0) : 1;
        unsigned r = rndn(100);
        if (r < 50)
            s[0] = pick_vgpr(w0);
        else if (r < 70)
            s[0] = pick_sgpr(w0);
        else if (r < 85 || is_madk(op))
            s[0] = pick_const();
        else
            s[0] = SI_SRC_LITERAL;
        if (is_madk(op) && chance(50))
            s[0] = pick_vgpr(1);
        if (ns >= 2) {
            unsigned k1 = oi->src[1];
            s[1] = pick_vgpr(kw(k1) ? kw(k1) : 1);
        }
        if (s[0] == SI_SRC_LITERAL || is_madk(op)) {
            lit = 1;
            uint64_t v = val_for(op, is_madk(op) ? 2 : 0, is_madk(op) ? K_F32 : k0);
            litv = kf(k0) && kw(k0) == 2 && s[0] == SI_SRC_LITERAL ? (uint32_t)(v >> 32) : (uint32_t)v;
        }
        uint32_t w0w;
        if (nat == SI_FMT_VOP2)
            w0w = (oi->opcode << 25) | (dst << 17) | ((s[1] - 256) << 9) | s[0];
        else if (nat == SI_FMT_VOP1)
            w0w = (0x3fu << 25) | (dst << 17) | (oi->opcode << 9) | s[0];
        else
            w0w = (0x3eu << 25) | (oi->opcode << 17) | ((s[1] - 256) << 9) | s[0];
        g->w[0] = w0w;
        g->nw = 1;
        if (lit)
            g->w[g->nw++] = litv;
        return;
    }

    /* VOP3 */
    int b = nat == SI_FMT_VOP3B || (oi->flags & F_VOP3B);
    unsigned nsrc_used = 0, used[3] = { 0, 0, 0 };
    for (unsigned i = 0; i < ns; i++)
        if (oi->src[i]) {
            used[i] = 1;
            nsrc_used++;
        }
    for (unsigned i = 0; i < 3; i++)
        if (used[i])
            s[i] = pick_vgpr(kw(oi->src[i]));
    /* at most one scalar / inline-constant source (constant bus) */
    if (nsrc_used && chance(45)) {
        unsigned i;
        do
            i = rndn(3);
        while (!used[i]);
        unsigned wd = kw(oi->src[i]);
        s[i] = chance(55) ? pick_sgpr(wd) : pick_const();
    }
    if (nat == SI_FMT_VOP2 && reads_mask(op)) {
        switch (rndn(10)) {
        case 0: s[2] = SI_SRC_ZERO; break;
        case 1: s[2] = SI_SRC_INT_NEG_FIRST; break;
        case 2: case 3: case 4: case 5: s[2] = SI_SRC_VCC_LO; break;
        default: s[2] = 2 * rndn(52); break;
        }
    }
    if (is_mac(op))
        s[2] = SI_SRC_VGPR0 + dst;
    unsigned sdst = chance(40) ? (unsigned)SI_SRC_VCC_LO : 2 * rndn(52);
    unsigned vdst = nat == SI_FMT_VOPC ? sdst : dst;
    unsigned abs = 0, clamp = 0, neg = 0, omod = 0;
    for (int i = 0; i < 3; i++) {
        if (chance(30)) abs |= 1u << i;
        if (chance(30)) neg |= 1u << i;
    }
    clamp = chance(25);
    omod = chance(60) ? 0 : 1 + rndn(3);
    unsigned op9 = nat == SI_FMT_VOPC ? oi->opcode : nat == SI_FMT_VOP2 ? 0x100u + oi->opcode
                 : nat == SI_FMT_VOP1 ? 0x180u + oi->opcode : oi->opcode;
    uint32_t w0w = (0x34u << 26) | (op9 << 17) | vdst;
    if (b)
        w0w |= sdst << 8;
    else
        w0w |= (clamp << 11) | (abs << 8);
    g->w[0] = w0w;
    g->w[1] = (neg << 29) | (omod << 27) | (s[2] << 18) | (s[1] << 9) | s[0];
    g->nw = 2;
}

/* ------------------------------------------------------------------ state */
static void set_v64(unsigned reg, unsigned l, uint64_t v)
{
    W->v[reg][l] = (uint32_t)v;
    W->v[reg + 1][l] = (uint32_t)(v >> 32);
}

static void fill_sgpr(unsigned code, unsigned width, uint64_t v)
{
    if (code < 104) {   /* only real SGPRs; VCC/EXEC/M0 keep their own values */
        W->s[code] = (uint32_t)v;
        if (width == 2 && code + 1 < 104)
            W->s[code + 1] = (uint32_t)(v >> 32);
    }
}

static uint64_t rnd_mask(void)
{
    switch (rndn(6)) {
    case 0: return ~0ull;
    case 1: return 0;
    case 2: return rnd64() & rnd64();
    default: return rnd64();
    }
}

static void randomize_state(unsigned op, const si_inst *in)
{
    const si_opinfo *oi = &si_ops[op];
    for (unsigned r = 0; r < NVG; r++)
        for (unsigned l = 0; l < SI_WAVE_LANES; l++)
            W->v[r][l] = int_val();
    for (unsigned i = 0; i < 104; i++)
        W->s[i] = int_val();
    W->s[SI_SRC_M0] = int_val();
    W->scc = (uint8_t)rndn(2);
    si_set_vcc(W, rnd_mask());
    uint64_t ex;
    switch (rndn(5)) {
    case 0: case 1: ex = ~0ull; break;
    case 2: ex = 1ull << rndn(64); break;
    default: ex = rnd64(); break;
    }
    if (!ex)
        ex = 1;
    si_set_exec(W, ex);
    uint32_t mode = rnd32() & 0x3ffu;
    if (chance(15))
        mode = (3u << 6) | (1u << 8) | (1u << 9);   /* the LLVM compute default */
    if (chance(10))
        mode |= rnd32() & ~0x3ffu;                  /* junk in the other MODE fields */
    W->mode = mode;

    /* operand values by kind */
    unsigned ns = native_nsrc(op);
    for (unsigned i = 0; i < ns; i++) {
        unsigned k = oi->src[i];
        if (!k)
            continue;
        unsigned code = in->src[i], wd = kw(k);
        if (code >= SI_SRC_VGPR0) {
            unsigned r = code - SI_SRC_VGPR0;
            for (unsigned l = 0; l < SI_WAVE_LANES; l++) {
                uint64_t v = val_for(op, (int)i, k);
                if (wd == 2) set_v64(r, l, v);
                else W->v[r][l] = (uint32_t)v;
            }
        } else {
            fill_sgpr(code, wd, val_for(op, (int)i, k));
        }
    }
    if (is_mac(op) || op == SI_OP_v_cvt_pkaccum_u8_f32) {
        unsigned r = in->dst - SI_SRC_VGPR0;
        for (unsigned l = 0; l < SI_WAVE_LANES; l++)
            W->v[r][l] = (uint32_t)val_for(op, 2, is_mac(op) ? K_F32 : K_U32);
    }
    if (op == SI_OP_v_mbcnt_lo_u32_b32 || op == SI_OP_v_mbcnt_hi_u32_b32) {
        /* mostly small accumulators; the count mask is random */
        if (in->src[1] >= SI_SRC_VGPR0)
            for (unsigned l = 0; l < SI_WAVE_LANES; l++)
                if (chance(50)) W->v[in->src[1] - SI_SRC_VGPR0][l] = rndn(64);
    }

    /* correlated float operands (cancellation, equal/near values) */
    int allf = ns >= 2 && kf(oi->src[0]) && oi->src[1] == oi->src[0];
    if (allf && in->src[0] >= SI_SRC_VGPR0 && in->src[1] >= SI_SRC_VGPR0 && in->src[0] != in->src[1]) {
        unsigned r0 = in->src[0] - SI_SRC_VGPR0, r1 = in->src[1] - SI_SRC_VGPR0;
        for (unsigned l = 0; l < SI_WAVE_LANES; l++) {
            if (!chance(30))
                continue;
            if (oi->src[0] == K_F64) {
                uint64_t a = ((uint64_t)W->v[r0 + 1][l] << 32) | W->v[r0][l];
                set_v64(r1, l, f64_near(a));
            } else {
                W->v[r1][l] = f32_near(W->v[r0][l]);
            }
        }
    }
    /* fma/mad: c close to -(a*b) */
    if (ns == 3 && allf && oi->src[2] == oi->src[0] && in->src[0] >= SI_SRC_VGPR0 &&
        in->src[1] >= SI_SRC_VGPR0 && in->src[2] >= SI_SRC_VGPR0 &&
        in->src[2] != in->src[0] && in->src[2] != in->src[1]) {
        unsigned r0 = in->src[0] - SI_SRC_VGPR0, r1 = in->src[1] - SI_SRC_VGPR0;
        unsigned r2 = in->src[2] - SI_SRC_VGPR0;
        for (unsigned l = 0; l < SI_WAVE_LANES; l++) {
            if (chance(10)) {
                /* equal / opposite / near values (min3/med3 ties, cube-map axis ties) */
                unsigned rs = chance(50) ? r0 : r1;
                if (oi->src[0] == K_F64)
                    set_v64(r2, l, f64_near(((uint64_t)W->v[rs + 1][l] << 32) | W->v[rs][l]));
                else
                    W->v[r2][l] = f32_near(W->v[rs][l]);
                continue;
            }
            if (!chance(25))
                continue;
            if (oi->src[0] == K_F64) {
                double a, bb, c;
                uint64_t ua = ((uint64_t)W->v[r0 + 1][l] << 32) | W->v[r0][l];
                uint64_t ub = ((uint64_t)W->v[r1 + 1][l] << 32) | W->v[r1][l];
                memcpy(&a, &ua, 8);
                memcpy(&bb, &ub, 8);
                c = -(a * bb);
                uint64_t uc;
                memcpy(&uc, &c, 8);
                set_v64(r2, l, f64_near(uc));
            } else {
                float a, bb, c;
                memcpy(&a, &W->v[r0][l], 4);
                memcpy(&bb, &W->v[r1][l], 4);
                c = -(a * bb);
                uint32_t uc;
                memcpy(&uc, &c, 4);
                W->v[r2][l] = f32_near(uc);
            }
        }
    }
}

/* Operand slot i of lane l as the lane gets it (read before execution). */
static uint64_t lane_operand(unsigned op, const si_inst *in, int i, unsigned l)
{
    const si_opinfo *oi = &si_ops[op];
    unsigned k = oi->src[i];
    uint64_t junk = (uint64_t)rnd32() << 32;
    if (i == 2 && (is_mac(op) || op == SI_OP_v_cvt_pkaccum_u8_f32))
        return junk | W->v[in->dst - SI_SRC_VGPR0][l];
    if (i == 2 && is_madk(op))
        return junk | in->lit;
    if (!k || (unsigned)i >= native_nsrc(op))
        return rnd64();   /* unused: anything */
    unsigned code = in->src[i];
    if (kw(k) == 2) {
        if (code >= SI_SRC_VGPR0) {
            unsigned r = code - SI_SRC_VGPR0;
            return ((uint64_t)W->v[r + 1][l] << 32) | W->v[r][l];
        }
        int litm = kf(k) ? SI_LIT64_F64 : SI_OPK_CLS(k) == SI_CLS_I ? SI_LIT64_SEXT : SI_LIT64_ZEXT;
        return si_read_s64(W, in, code, litm);
    }
    if (code >= SI_SRC_VGPR0)
        return junk | W->v[code - SI_SRC_VGPR0][l];
    return junk | si_read_s32(W, in, code);
}

/* ------------------------------------------------------------------ main */
static unsigned long cases[SI_OP_COUNT], mism[SI_OP_COUNT], insts[SI_OP_COUNT];
static int reported;

static const char *fmt_name(unsigned f)
{
    return f == SI_FMT_VOP1 ? "VOP1" : f == SI_FMT_VOP2 ? "VOP2" : f == SI_FMT_VOPC ? "VOPC"
         : f == SI_FMT_VOP3A ? "VOP3A" : f == SI_FMT_VOP3B ? "VOP3B" : "?";
}

int main(int argc, char **argv)
{
    Verilated::commandArgs(argc, argv);
    uint64_t seed = 1;
    const char *env = getenv("SICU_SEED");
    if (env && *env)
        seed = strtoull(env, NULL, 0);
    if (argc > 1 && argv[1][0] != '+')
        seed = strtoull(argv[1], NULL, 0);
    const char *filter = argc > 2 ? argv[2] : NULL;
    unsigned iters = 128;
    env = getenv("SICU_LANE_ITERS");
    if (env && *env)
        iters = (unsigned)strtoul(env, NULL, 0);
    int print_all = getenv("SICU_LANE_QUIET") == NULL;
    rng_state = seed * 0x9E3779B97F4A7C15ull + 0x1234567ull;
    if (!rng_state)
        rng_state = 1;
    printf("test_lane: seed %llu, %u instructions per op\n", (unsigned long long)seed, iters);

    /* A tiny dispatch: one work-group of one 64-lane wave, NVG VGPRs,
     * 104 SGPRs, a code image holding s_endpgm. */
    static si_mem mem;
    static si_kernel k;
    static si_dispatch d;
    si_mem_init(&mem);
    uint64_t code = si_mem_alloc(&mem, 256, 256, "code");
    uint32_t *cw = (uint32_t *)si_mem_ptr(&mem, code, 4);
    if (!code || !cw) {
        fprintf(stderr, "test_lane: cannot allocate the code image\n");
        return 2;
    }
    cw[0] = 0xBF810000u; /* s_endpgm */
    strcpy(k.name, "lane_test");
    k.rsrc1 = (NVG / 4 - 1) | (12u << 6);
    d.kernel = &k;
    d.dims = 1;
    d.grid[0] = 64;
    d.wg[0] = 64;
    d.grid[1] = d.grid[2] = d.wg[1] = d.wg[2] = 1;
    d.code_addr = code;
    d.code_size = 256;
    d.entry_pc = code;
    si_emu_opts o;
    memset(&o, 0, sizeof o);
    E = si_emu_create(&mem, &d, &o);
    si_wg *wg = NULL;
    if (!E || si_emu_error(E)[0] || si_emu_wg_start(E, 0, &wg) || !wg || wg->nwaves != 1) {
        fprintf(stderr, "test_lane: cannot create the emulator: %s\n", E ? si_emu_error(E) : "?");
        return 2;
    }
    W = &wg->waves[0];
    if (W->nvgpr < NVG) {
        fprintf(stderr, "test_lane: wave has %u VGPRs\n", W->nvgpr);
        return 2;
    }

    T = new Vtb_lane;

    unsigned long tot_cases[C_N] = { 0 }, tot_mism[C_N] = { 0 }, tot_ops[C_N] = { 0 };
    unsigned long tot_insts[C_N] = { 0 };
    int nops = 0;

    for (unsigned op = 0; op < SI_OP_COUNT; op++) {
        if (skipped(op))
            continue;
        if (filter && !strstr(si_ops[op].name, filter))
            continue;
        const si_opinfo *oi = &si_ops[op];
        nops++;
        int rep_op = 0;
        for (unsigned it = 0; it < iters; it++) {
            gen_inst g;
            si_inst in;
            gen(op, &g);
            int sz = si_decode(g.w, (size_t)g.nw, &in);
            if (sz != g.nw * 4 || in.op != op) {
                fprintf(stderr, "test_lane: %s: generated words %08x %08x %08x do not decode (%d, op %u)\n",
                        oi->name, g.w[0], g.w[1], g.w[2], sz, in.op);
                return 2;
            }
            randomize_state(op, &in);

            /* per-lane operands as read before execution */
            static uint64_t src[SI_WAVE_LANES][3];
            static int mask_in[SI_WAVE_LANES];
            uint64_t exec = si_exec(W);
            uint64_t vcc0 = si_vcc(W);
            uint64_t mask_src = reads_mask(op) ? si_read_s64(W, &in, in.src[2], SI_LIT64_ZEXT) : 0;
            uint32_t mode = W->mode;
            for (unsigned l = 0; l < SI_WAVE_LANES; l++) {
                if (!((exec >> l) & 1))
                    continue;
                for (int i = 0; i < 3; i++)
                    src[l][i] = lane_operand(op, &in, i, l);
                if (reads_mask(op))
                    mask_in[l] = (int)((mask_src >> l) & 1);
                else if (op == SI_OP_v_div_fmas_f32 || op == SI_OP_v_div_fmas_f64)
                    mask_in[l] = (int)((vcc0 >> l) & 1);
                else
                    mask_in[l] = (int)rndn(2);
            }

            if (si_exec_valu(E, W, &in, NULL) != 0) {
                fprintf(stderr, "test_lane: emulator error on %s: %s\n", oi->name, si_emu_error(E));
                return 2;
            }

            int wm = writes_mask(op);
            uint64_t mask_res = wm ? si_read_s64(W, &in, in.sdst, SI_LIT64_ZEXT) : 0;
            int wv = oi->fmt != SI_FMT_VOPC && oi->dst;
            unsigned dw = kw(oi->dst);
            int v3 = is_vop3fmt(in.fmt);
            insts[op]++;
            for (unsigned l = 0; l < SI_WAVE_LANES; l++) {
                if (!((exec >> l) & 1))
                    continue;
                T->op = op;
                T->vop3 = v3;
                T->abs = in.abs;
                T->neg = in.neg;
                T->omod = in.omod;
                T->clamp = in.clamp;
                T->mode = mode;
                T->lane = l;
                T->src0 = src[l][0];
                T->src1 = src[l][1];
                T->src2 = src[l][2];
                T->mask_in = mask_in[l];
                T->eval();
                uint64_t want = 0;
                if (wv) {
                    unsigned r = in.dst - SI_SRC_VGPR0;
                    want = W->v[r][l];
                    if (dw == 2)
                        want |= (uint64_t)W->v[r + 1][l] << 32;
                }
                int wantm = wm ? (int)((mask_res >> l) & 1) : 0;
                uint64_t got = T->res;
                int gotm = T->mask_out;
                cases[op]++;
                if (got == want && gotm == wantm)
                    continue;
                mism[op]++;
                if (reported < MAX_REPORT && rep_op < MAX_REPORT_OP) {
                    reported++;
                    rep_op++;
                    printf("MISMATCH %s (%s%s) words %08x", oi->name, fmt_name(in.fmt),
                           in.vop3 ? ", VOP3 form" : "", g.w[0]);
                    for (int i = 1; i < g.nw; i++)
                        printf(" %08x", g.w[i]);
                    printf("  lane %u MODE 0x%08x abs %u neg %u omod %u clamp %u\n", l, mode,
                           in.abs, in.neg, in.omod, in.clamp);
                    printf("   src0 %016llx src1 %016llx src2 %016llx mask_in %d\n",
                           (unsigned long long)src[l][0], (unsigned long long)src[l][1],
                           (unsigned long long)src[l][2], mask_in[l]);
                    printf("   emulator res %016llx mask %d | rtl res %016llx mask %d\n",
                           (unsigned long long)want, wantm, (unsigned long long)got, gotm);
                }
            }
        }
        int c = op_class(op);
        tot_cases[c] += cases[op];
        tot_mism[c] += mism[op];
        tot_insts[c] += insts[op];
        tot_ops[c]++;
    }

    /* The ops the SIMD handles itself: the lane passes src0 through
     * (readlane/writelane/readfirstlane/movrel*) or gives 0 (nop, clrexcp),
     * with mask_out = 0. */
    static const unsigned pass_ops[] = { SI_OP_v_readlane_b32, SI_OP_v_writelane_b32,
                                         SI_OP_v_readfirstlane_b32, SI_OP_v_movrels_b32,
                                         SI_OP_v_movreld_b32, SI_OP_v_movrelsd_b32,
                                         SI_OP_v_nop, SI_OP_v_clrexcp };
    unsigned long pass_cases = 0, pass_mism = 0;
    for (unsigned i = 0; i < sizeof pass_ops / sizeof pass_ops[0] && !filter; i++) {
        unsigned op = pass_ops[i];
        int zero = op == SI_OP_v_nop || op == SI_OP_v_clrexcp;
        for (unsigned it = 0; it < 256; it++) {
            uint64_t s0 = rnd64();
            T->op = op;
            T->vop3 = 0;
            T->abs = T->neg = T->omod = T->clamp = 0;
            T->mode = rnd32();
            T->lane = rndn(64);
            T->src0 = s0;
            T->src1 = rnd64();
            T->src2 = rnd64();
            T->mask_in = rndn(2);
            T->eval();
            uint64_t want = zero ? 0 : (uint32_t)s0;
            pass_cases++;
            if (T->res != want || T->mask_out) {
                if (pass_mism++ < 3)
                    printf("MISMATCH %s (pass-through): src0 %016llx want %016llx got %016llx mask %d\n",
                           si_ops[op].name, (unsigned long long)s0, (unsigned long long)want,
                           (unsigned long long)T->res, (int)T->mask_out);
            }
        }
    }

    /* per-op figures */
    printf("\nper op: lanes compared / mismatches%s\n", print_all ? "" : " (failing ops only)");
    int col = 0;
    for (unsigned op = 0; op < SI_OP_COUNT; op++) {
        if (!insts[op] || (!print_all && !mism[op]))
            continue;
        printf("  %-24s %6lu %5lu%s", si_ops[op].name, cases[op], mism[op], ++col % 3 ? " |" : "\n");
    }
    if (col % 3)
        printf("\n");
    printf("\nper class:\n");
    unsigned long all_c = 0, all_m = 0;
    for (int c = 0; c < C_N; c++) {
        printf("  %-26s %4lu ops %7lu instructions %9lu lanes %7lu mismatches\n", cname[c],
               tot_ops[c], tot_insts[c], tot_cases[c], tot_mism[c]);
        all_c += tot_cases[c];
        all_m += tot_mism[c];
    }
    printf("  %-26s %4u ops %7s              %9lu lanes %7lu mismatches\n", "SIMD-handled pass-through",
           filter ? 0u : (unsigned)(sizeof pass_ops / sizeof pass_ops[0]), "", pass_cases, pass_mism);
    all_m += pass_mism;
    printf("test_lane: %d ops, %lu lanes compared, %lu mismatches (seed %llu)\n", nops, all_c, all_m,
           (unsigned long long)seed);
    delete T;
    si_emu_wg_end(E, wg);
    si_emu_destroy(E);
    si_mem_free(&mem);
    return all_m ? 1 : 0;
}
