/* test_salu: rtl/salu.v against the golden emulator's scalar ALU.
 *
 * For every scalar op of the ISA table (si_ops[], formats SOP2/SOPK/SOP1/
 * SOPC/SOPP) the driver builds random instructions: it encodes the words,
 * decodes them with si_decode, picks a wave of a real dispatch (si_emu_create
 * + si_emu_wg_start, several kernel/work-group configurations so that the
 * hardware registers differ), fills the wave's scalar state with biased random
 * values, runs si_exec_salu on it, and feeds the module the same values the
 * core would present (operands read with si_read_s32/si_read_s64, SDST-field
 * register on dst_old, the s_setreg_imm32 literal on src1, random junk on
 * ports the op does not use and in [63:32] of 32-bit operands).  The module's
 * outputs are applied to a copy of the state before the instruction and the
 * result is compared with the emulator's state after it: all 128 scalar
 * registers (destination, EXEC, anything else), SCC, MODE and the next PC
 * (48 bits).  The write flags are also checked against the emulator's
 * retirement rules (res_wr, scc_wr = F_WR_SCC, exec_wr = F_WR_EXEC).
 *
 * Ops that the unit leaves to the core must come back unsupported with no
 * write flags; s_getreg/s_setreg must be unsupported exactly when the
 * emulator fails (hardware register id not 1..7).
 *
 * Usage: Vtb [seed [cases-per-op]]   (or SICU_SEED / SICU_SALU_CASES)
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "Vtb_salu.h"
#include "verilated.h"

extern "C" {
#include "sicu/emu.h"
#include "sicu/isa.h"
}

/* ------------------------------------------------------------------ */
/* random numbers                                                     */
/* ------------------------------------------------------------------ */
static uint64_t rng_state;
static uint64_t rnd(void)
{
    /* splitmix64 */
    uint64_t z = (rng_state += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}
static unsigned rn(unsigned n) { return (unsigned)(rnd() % n); }

/* Biased 32-bit value: 0, 1, -1, 0x80000000, 0x7fffffff, small +/-, powers of
 * two (+/- 1), random. */
static uint32_t rv32(void)
{
    switch (rn(12)) {
    case 0: return 0;
    case 1: return 1;
    case 2: return 0xffffffffu;
    case 3: return 0x80000000u;
    case 4: return 0x7fffffffu;
    case 5: return rn(70);
    case 6: return (uint32_t)-(int32_t)rn(70);
    case 7: return (1u << rn(32)) + (uint32_t)rn(3) - 1u;
    case 8: return (uint32_t)rnd() & (0xffffffffu >> rn(32));
    default: return (uint32_t)rnd();
    }
}
static uint64_t rv64(void)
{
    switch (rn(12)) {
    case 0: return 0;
    case 1: return 1;
    case 2: return ~0ull;
    case 3: return 1ull << 63;
    case 4: return (uint64_t)(int64_t)(int32_t)rv32();   /* sign-extended */
    case 5: return rv32();                               /* zero-extended */
    case 6: return (1ull << rn(64)) + rn(3) - 1;
    case 7: return rnd() & (~0ull >> rn(64));
    case 8: return ((uint64_t)rv32() << 32) | rv32();
    default: return rnd();
    }
}
static uint16_t rv16(void)
{
    switch (rn(9)) {
    case 0: return 0;
    case 1: return 1;
    case 2: return 0xffff;
    case 3: return 0x8000;
    case 4: return 0x7fff;
    case 5: return (uint16_t)rn(70);
    case 6: return (uint16_t)-(int)rn(70);
    default: return (uint16_t)rnd();
    }
}

/* ------------------------------------------------------------------ */
/* dispatch configurations: real waves from si_emu_wg_start           */
/* ------------------------------------------------------------------ */
#define NCONF 8
typedef struct conf {
    si_mem mem;
    si_kernel k;
    si_dispatch d;
    si_emu *e;
    si_wg *wg;
    /* what the core knows from the dispatch: hardware-register inputs */
    unsigned vgpr_gran, sgpr_gran, lds_gran;
} conf;
static conf CF[NCONF];

static int conf_init(conf *c, int idx)
{
    memset(c, 0, sizeof *c);
    si_mem_init(&c->mem);
    uint64_t code = si_mem_alloc(&c->mem, 64, 256, "code");
    if (!code)
        return -1;
    uint32_t *p = (uint32_t *)si_mem_ptr(&c->mem, code, 64);
    for (int i = 0; i < 16; i++)
        p[i] = 0xbf810000u; /* s_endpgm: never executed here */
    snprintf(c->k.name, sizeof c->k.name, "salu%d", idx);
    unsigned vg = idx == 0 ? 63 : rn(64), sg = idx == 1 ? 15 : idx == 2 ? 12 : rn(16);
    c->k.rsrc1 = vg | (sg << 6) | (rn(256) << 12);
    c->k.rsrc2 = 0;
    c->k.code_props = 0;
    uint32_t wgsize = idx == 0 ? 64 : idx == 1 ? 1024 : idx == 2 ? 1 : 1 + rn(1024);
    uint32_t lds = idx == 0 ? 65536 : idx == 1 ? 0 : idx == 2 ? 1 : rn(65537);
    c->d.kernel = &c->k;
    c->d.dims = 1;
    c->d.grid[0] = wgsize;
    c->d.wg[0] = wgsize;
    c->d.grid[1] = c->d.grid[2] = c->d.wg[1] = c->d.wg[2] = 1;
    c->d.code_addr = code;
    c->d.code_size = 64;
    c->d.entry_pc = code;
    c->d.lds_size = lds;
    si_emu_opts o;
    memset(&o, 0, sizeof o);
    c->e = si_emu_create(&c->mem, &c->d, &o);
    if (!c->e)
        return -1;
    if (si_emu_wg_start(c->e, 0, &c->wg) < 0) {
        fprintf(stderr, "config %d: %s\n", idx, si_emu_error(c->e));
        return -1;
    }
    /* Values the core derives from COMPUTE_PGM_RSRC1 and the dispatch. */
    c->vgpr_gran = vg;
    c->sgpr_gran = sg > 12 ? 12 : sg; /* the SGPR count is clamped to 104 */
    uint32_t l = lds > c->k.group_segment_fixed_size ? lds : c->k.group_segment_fixed_size;
    c->lds_gran = (l + 255) / 256;
    return 0;
}

/* ------------------------------------------------------------------ */
/* instruction construction                                           */
/* ------------------------------------------------------------------ */
static unsigned src_code(unsigned w)
{
    unsigned r = rn(100);
    if (w == 1) {
        if (r < 55) return rn(104);
        if (r < 62) return SI_SRC_VCC_LO + rn(2);
        if (r < 65) return SI_SRC_M0;
        if (r < 68) return SI_SRC_EXEC_LO + rn(2);
        if (r < 70) return SI_SRC_TBA_LO + rn(16);
        if (r < 80) return SI_SRC_ZERO + rn(81);
        if (r < 85) return SI_SRC_F_0_5 + rn(8);
        if (r < 95) return SI_SRC_LITERAL;
        return SI_SRC_VCCZ + rn(3);
    }
    if (r < 60) return 2 * rn(52);
    if (r < 66) return SI_SRC_VCC_LO;
    if (r < 70) return SI_SRC_EXEC_LO;
    if (r < 72) return SI_SRC_TBA_LO + 2 * rn(8);
    if (r < 82) return SI_SRC_ZERO + rn(81);
    if (r < 87) return SI_SRC_F_0_5 + rn(8);
    if (r < 97) return SI_SRC_LITERAL;
    return SI_SRC_VCCZ + rn(3);
}

static unsigned dst_code(unsigned w)
{
    unsigned r = rn(100);
    if (w <= 1) {
        if (r < 85) return rn(104);
        if (r < 90) return SI_SRC_VCC_LO + rn(2);
        if (r < 93) return SI_SRC_M0;
        if (r < 96) return SI_SRC_EXEC_LO + rn(2);
        return SI_SRC_TTMP0 + rn(12);
    }
    if (r < 85) return 2 * rn(52);
    if (r < 92) return SI_SRC_VCC_LO;
    if (r < 96) return SI_SRC_EXEC_LO;
    return SI_SRC_TTMP0 + 2 * rn(6);
}

/* How a 32-bit literal widens for a 64-bit SALU source (sw/salu.c rd64). */
static int lit_mode(unsigned kind)
{
    return SI_OPK_CLS(kind) == SI_CLS_I ? SI_LIT64_SEXT : SI_OPK_CLS(kind) == SI_CLS_F ? SI_LIT64_F64 : SI_LIT64_ZEXT;
}

static int is_op(unsigned op, const char *name) { return strcmp(si_ops[op].name, name) == 0; }

/* Ops this unit leaves to the core (must come back unsupported). */
static const char *const unsupported_ops[] = {
    "s_endpgm", "s_barrier", "s_waitcnt", "s_nop", "s_sleep", "s_setprio", "s_sendmsg", "s_sendmsghalt",
    "s_trap", "s_icache_inv", "s_ttracedata", "s_sethalt", "s_incperflevel", "s_decperflevel",
    "s_cbranch_g_fork", "s_cbranch_i_fork", "s_cbranch_join", "s_setvskip", "s_rfe_b64", NULL};
static int expect_unsupported(unsigned op)
{
    for (int i = 0; unsupported_ops[i]; i++)
        if (is_op(op, unsupported_ops[i]))
            return 1;
    return 0;
}

static int is_scalar_fmt(unsigned f)
{
    return f == SI_FMT_SOP2 || f == SI_FMT_SOPK || f == SI_FMT_SOP1 || f == SI_FMT_SOPC || f == SI_FMT_SOPP;
}

/* ------------------------------------------------------------------ */
/* one case                                                           */
/* ------------------------------------------------------------------ */
typedef struct tcase {
    unsigned op;
    uint32_t words[3];
    si_inst in;
    /* module inputs */
    uint64_t src0, src1, dst_old, exec, vcc, pc_next;
    uint32_t simm16, mode, m0;
    unsigned scc, wave_id, in_tg, vg, sg, lg;
    unsigned wdst;       /* register actually written (movreld: SDST + M0) */
} tcase;

static Vtb_salu *top;
static unsigned long long n_mismatch;
static unsigned long long n_hwreg_rejected; /* s_getreg/s_setreg with an invalid id: both reject */
static int n_printed;
#define MAX_PRINT 20

static void drive(const tcase *t)
{
    top->op = t->op;
    top->src0 = t->src0;
    top->src1 = t->src1;
    top->simm16 = t->simm16;
    top->dst_old = t->dst_old;
    top->scc_in = t->scc;
    top->exec_in = t->exec;
    top->vcc_in = t->vcc;
    top->pc_next = t->pc_next;
    top->mode_in = t->mode;
    top->m0_in = t->m0;
    top->hw_wave_id = t->wave_id;
    top->hw_in_tg = t->in_tg;
    top->hw_vgpr_gran = t->vg;
    top->hw_sgpr_gran = t->sg;
    top->hw_lds_gran = t->lg;
    top->eval();
}

static void print_case(const tcase *t, const char *what)
{
    if (n_printed >= MAX_PRINT)
        return;
    n_printed++;
    const si_opinfo *oi = &si_ops[t->op];
    printf("MISMATCH %s (%s, op %u): %s\n", oi->name, si_fmt_name(oi->fmt), t->op, what);
    printf("  encoding 0x%08x", t->words[0]);
    if (t->in.size > 4)
        printf(" 0x%08x", t->words[1]);
    printf("  dst %u src0 %u src1 %u simm16 0x%04x\n", t->in.dst, t->in.src[0], t->in.src[1], t->simm16);
    printf("  src0 0x%016llx src1 0x%016llx dst_old 0x%016llx\n", (unsigned long long)t->src0,
           (unsigned long long)t->src1, (unsigned long long)t->dst_old);
    printf("  scc %u exec 0x%016llx vcc 0x%016llx m0 0x%08x MODE 0x%08x pc_next 0x%012llx\n", t->scc,
           (unsigned long long)t->exec, (unsigned long long)t->vcc, t->m0, t->mode,
           (unsigned long long)t->pc_next);
    printf("  hw: wave_id %u in_tg %u vgpr_gran %u sgpr_gran %u lds_gran %u\n", t->wave_id, t->in_tg, t->vg, t->sg,
           t->lg);
    printf("  rtl: res 0x%016llx res_wr %u scc %u/%u exec 0x%016llx/%u pc 0x%012llx/%u mode 0x%08x/%u unsup %u\n",
           (unsigned long long)top->res, top->res_wr, top->scc_out, top->scc_wr, (unsigned long long)top->exec_out,
           top->exec_wr, (unsigned long long)top->pc_out, top->pc_wr, top->mode_out, top->mode_wr,
           top->unsupported);
}

/* Build a random instance of `op` on wave w of configuration c. */
static void build(tcase *t, unsigned op, conf *c, si_wave *w)
{
    const si_opinfo *oi = &si_ops[op];
    unsigned f = oi->fmt;
    unsigned nsg = (c->sgpr_gran + 1) * 8; /* the SGPRs the kernel allocated (<= 104) */
    memset(t, 0, sizeof *t);
    t->op = op;

    /* wave state */
    for (int i = 0; i < 128; i++)
        w->s[i] = rv32();
    si_set_exec(w, rn(6) == 0 ? 0 : rv64());
    si_set_vcc(w, rn(6) == 0 ? 0 : rv64());
    w->scc = (uint8_t)rn(2);
    w->mode = rn(3) == 0 ? (uint32_t)rnd() : rn(2) ? 0x2f0u : rv32();

    unsigned sdst = 0, s0 = 0, s1 = 0;
    uint16_t imm = rv16();
    unsigned wd = SI_OPK_W(oi->dst), w0 = SI_OPK_W(oi->src[0]), w1 = SI_OPK_W(oi->src[1]);
    int movrels = is_op(op, "s_movrels_b32") || is_op(op, "s_movrels_b64");
    int movreld = is_op(op, "s_movreld_b32") || is_op(op, "s_movreld_b64");
    int hwreg = is_op(op, "s_getreg_b32") || is_op(op, "s_setreg_b32") || is_op(op, "s_setreg_imm32_b32");

    switch (f) {
    case SI_FMT_SOP2:
    case SI_FMT_SOPC:
        s0 = src_code(w0);
        s1 = src_code(w1);
        if (rn(7) == 0 && w0 == w1)
            s1 = s0; /* equal operands */
        if (oi->dst)
            sdst = dst_code(wd);
        else
            sdst = rn(128);
        break;
    case SI_FMT_SOP1:
        s0 = oi->src[0] ? src_code(w0) : rn(256);
        /* the indexed register stays inside the kernel's SGPR allocation
           (nsg, below): the emulator rejects one beyond it */
        if (movrels)
            s0 = w0 == 2 ? 2 * rn(nsg / 2) : rn(nsg);
        sdst = oi->dst ? dst_code(wd) : rn(128);
        if (movreld)
            sdst = wd == 2 ? 2 * rn(nsg / 2) : rn(nsg);
        if (s0 == SI_SRC_LITERAL && !oi->src[0])
            s0 = 0;
        break;
    case SI_FMT_SOPK:
        sdst = (oi->flags & F_SOPK_IMM_ONLY) ? dst_code(1) : dst_code(wd);
        if (hwreg) {
            unsigned id = rn(10) < 7 ? 1 + rn(7) : rn(4) == 0 ? 0 : 8 + rn(56);
            if (!is_op(op, "s_getreg_b32") && rn(3) == 0)
                id = 1; /* more MODE writes */
            unsigned off = rn(32), szm1 = rn(3) == 0 ? 31 - off : rn(32);
            imm = (uint16_t)(id | off << 6 | szm1 << 11);
        }
        break;
    case SI_FMT_SOPP:
        break;
    }

    uint32_t *ww = t->words;
    unsigned opc = oi->opcode;
    switch (f) {
    case SI_FMT_SOP2: ww[0] = 0x80000000u | opc << 23 | sdst << 16 | s1 << 8 | s0; break;
    case SI_FMT_SOPK: ww[0] = 0xb0000000u | opc << 23 | sdst << 16 | imm; break;
    case SI_FMT_SOP1: ww[0] = 0xbe800000u | sdst << 16 | opc << 8 | s0; break;
    case SI_FMT_SOPC: ww[0] = 0xbf000000u | opc << 16 | s1 << 8 | s0; break;
    default: ww[0] = 0xbf800000u | opc << 16 | imm; break;
    }
    ww[1] = rv32(); /* literal when the instruction has one */
    ww[2] = 0;
    int sz = si_decode(ww, 3, &t->in);
    if (sz < 0 || t->in.op != op) {
        fprintf(stderr, "internal error: encoding 0x%08x of %s decodes as op %u (rc %d)\n", ww[0], oi->name,
                t->in.op, sz);
        exit(2);
    }

    /* M0 for movrels/movreld: keep the indexed register inside the
       kernel's allocation s0..s(nsg-1) */
    if (movrels)
        w->s[SI_SRC_M0] = rn(nsg - (w0 == 2 ? 2 : 1) - s0 + 1);
    if (movreld)
        w->s[SI_SRC_M0] = rn(nsg - (wd == 2 ? 2 : 1) - sdst + 1);

    /* Equal compare operands for SOPK compares: SDST-field register = simm16. */
    if (f == SI_FMT_SOPK && (oi->flags & F_SOPK_IMM_ONLY) && rn(5) == 0 && t->in.src[1] < 128)
        w->s[t->in.src[1]] = rn(2) ? (uint32_t)(int32_t)t->in.simm16 : (uint32_t)(t->in.simm16 & 0xffff);

    /* PC: the unit sees the address of the next instruction */
    uint64_t pc;
    switch (rn(4)) {
    case 0: pc = (uint64_t)rn(0x10000) * 4; break;
    case 1: pc = (1ull << 48) - 16 - (uint64_t)rn(0x10000) * 4; break;
    default: pc = (rnd() & ((1ull << 48) - 1) & ~3ull); if (pc > (1ull << 48) - 16) pc -= 16; break;
    }
    w->pc = pc + t->in.size;

    /* ---- module inputs, as the core would present them ---- */
    const si_inst *in = &t->in;
    uint64_t junk = rnd();
    t->src0 = rnd();
    t->src1 = rnd();
    t->dst_old = rnd();
    t->simm16 = (uint32_t)rnd() & 0xffff;
    if (f == SI_FMT_SOP2 || f == SI_FMT_SOP1 || f == SI_FMT_SOPC) {
        if (oi->src[0]) {
            unsigned code = movrels ? in->src[0] + w->s[SI_SRC_M0] : in->src[0];
            if (w0 == 2)
                t->src0 = si_read_s64(w, in, code, lit_mode(oi->src[0]));
            else
                t->src0 = (junk << 32) | si_read_s32(w, in, code);
        }
        if (oi->src[1]) {
            if (w1 == 2)
                t->src1 = si_read_s64(w, in, in->src[1], lit_mode(oi->src[1]));
            else
                t->src1 = (junk & 0xffffffff00000000ull) | si_read_s32(w, in, in->src[1]);
        }
    }
    if (f == SI_FMT_SOPK || f == SI_FMT_SOPP)
        t->simm16 = (uint32_t)in->simm16 & 0xffff;
    if (f == SI_FMT_SOPK) {
        if (oi->flags & F_SOPK_IMM_ONLY) {
            if (is_op(op, "s_setreg_imm32_b32"))
                t->src1 = (junk << 32) | in->lit;
            else
                t->dst_old = (junk << 32) | si_read_s32(w, in, in->src[1]);
        } else {
            t->dst_old = (junk << 32) | si_read_s32(w, in, in->dst);
        }
    }
    if (f == SI_FMT_SOP1 && oi->dst) {
        if (wd == 2)
            t->dst_old = si_read_s64(w, in, in->dst, SI_LIT64_ZEXT);
        else
            t->dst_old = (junk << 32) | si_read_s32(w, in, in->dst);
    }
    t->scc = w->scc;
    t->exec = si_exec(w);
    t->vcc = si_vcc(w);
    t->pc_next = w->pc;
    t->mode = w->mode;
    t->m0 = w->s[SI_SRC_M0];
    t->wave_id = w->id & 15;
    t->in_tg = c->wg->nwaves > 1;
    t->vg = c->vgpr_gran;
    t->sg = c->sgpr_gran;
    t->lg = c->lds_gran;
    t->wdst = movreld ? in->dst + w->s[SI_SRC_M0] : in->dst;
}

/* Run one case; returns 1 on a mismatch. */
static int run_case(unsigned op)
{
    const si_opinfo *oi = &si_ops[op];
    conf *c = &CF[rn(NCONF)];
    si_wave *w = &c->wg->waves[rn(c->wg->nwaves)];
    tcase t;
    build(&t, op, c, w);
    drive(&t);

    char why[256];
    why[0] = 0;
    int unsup = top->unsupported;
    int any_wr = top->res_wr | top->scc_wr | top->exec_wr | top->pc_wr | top->mode_wr;

    if (expect_unsupported(op)) {
        if (!unsup || any_wr) {
            snprintf(why, sizeof why, "expected unsupported with no writes");
            print_case(&t, why);
            return 1;
        }
        return 0;
    }

    uint32_t sb[128];
    memcpy(sb, w->s, sizeof sb);
    uint8_t scc0 = w->scc;
    uint32_t mode0 = w->mode;
    int rc = si_exec_salu(c->e, w, &t.in, NULL);

    if (unsup || rc < 0) {
        int hwreg = is_op(op, "s_getreg_b32") || is_op(op, "s_setreg_b32") || is_op(op, "s_setreg_imm32_b32");
        if (hwreg && unsup && rc < 0 && !any_wr) {
            n_hwreg_rejected++; /* invalid hardware register id: both reject it */
            return 0;
        }
        snprintf(why, sizeof why, "module unsupported=%d (writes %d), emulator rc=%d (%s)", unsup, any_wr, rc,
                 rc < 0 ? si_emu_error(c->e) : "ok");
        print_case(&t, why);
        return 1;
    }

    /* apply the module's outputs to the state before the instruction */
    uint32_t xs[128];
    memcpy(xs, sb, sizeof xs);
    unsigned wd = SI_OPK_W(oi->dst);
    uint64_t res = top->res;
    if (top->res_wr) {
        if (wd >= 1 && t.wdst < 128)
            xs[t.wdst] = (uint32_t)res;
        if (wd >= 2 && t.wdst + 1 < 128)
            xs[t.wdst + 1] = (uint32_t)(res >> 32);
    }
    if (top->exec_wr) {
        xs[SI_SRC_EXEC_LO] = (uint32_t)top->exec_out;
        xs[SI_SRC_EXEC_HI] = (uint32_t)(top->exec_out >> 32);
    }
    unsigned xscc = top->scc_wr ? top->scc_out : scc0;
    uint32_t xmode = top->mode_wr ? top->mode_out : mode0;
    uint64_t xpc = top->pc_wr ? top->pc_out : t.pc_next;
    const uint64_t M48 = (1ull << 48) - 1;

    /* the emulator's retirement rules for the write flags */
    int cmov = is_op(op, "s_cmov_b32") || is_op(op, "s_cmov_b64") || is_op(op, "s_cmovk_i32");
    int want_res_wr = oi->dst != K_NONE && oi->fmt != SI_FMT_SOPC && oi->fmt != SI_FMT_SOPP &&
                      !(oi->flags & F_SOPK_IMM_ONLY) && !(cmov && !scc0);

    int l = 0;
    for (int i = 0; i < 128 && l < 200; i++)
        if (xs[i] != w->s[i])
            l += snprintf(why + l, sizeof why - l, "s%d: rtl 0x%08x emu 0x%08x; ", i, xs[i], w->s[i]);
    if (xscc != w->scc)
        l += snprintf(why + l, sizeof why - l, "SCC: rtl %u emu %u; ", xscc, w->scc);
    if (xmode != w->mode)
        l += snprintf(why + l, sizeof why - l, "MODE: rtl 0x%08x emu 0x%08x; ", xmode, w->mode);
    if ((xpc & M48) != (w->pc & M48))
        l += snprintf(why + l, sizeof why - l, "PC: rtl 0x%012llx emu 0x%012llx; ", (unsigned long long)xpc,
                      (unsigned long long)(w->pc & M48));
    if (top->res_wr != want_res_wr)
        l += snprintf(why + l, sizeof why - l, "res_wr %u, expected %d; ", top->res_wr, want_res_wr);
    if (top->scc_wr != !!(oi->flags & F_WR_SCC))
        l += snprintf(why + l, sizeof why - l, "scc_wr %u vs F_WR_SCC; ", top->scc_wr);
    if (top->exec_wr != !!(oi->flags & F_WR_EXEC))
        l += snprintf(why + l, sizeof why - l, "exec_wr %u vs F_WR_EXEC; ", top->exec_wr);
    if (w->pc != t.pc_next && !top->pc_wr)
        l += snprintf(why + l, sizeof why - l, "PC changed but pc_wr = 0; ");
    if (w->mode != mode0 && !top->mode_wr)
        l += snprintf(why + l, sizeof why - l, "MODE changed but mode_wr = 0; ");
    if (!top->pc_wr && top->pc_out != t.pc_next)
        l += snprintf(why + l, sizeof why - l, "pc_out != pc_next without pc_wr; ");
    if (l) {
        print_case(&t, why);
        return 1;
    }
    return 0;
}

int main(int argc, char **argv)
{
    Verilated::commandArgs(argc, argv);
    uint64_t seed = 0x5a1u;
    const char *es = getenv("SICU_SEED");
    if (argc > 1)
        seed = strtoull(argv[1], NULL, 0);
    else if (es && *es)
        seed = strtoull(es, NULL, 0);
    unsigned ncases = 4000;
    const char *ec = getenv("SICU_SALU_CASES");
    if (argc > 2)
        ncases = (unsigned)strtoul(argv[2], NULL, 0);
    else if (ec && *ec)
        ncases = (unsigned)strtoul(ec, NULL, 0);
    printf("test_salu: seed 0x%llx (override: argument 1 or SICU_SEED), %u cases per op\n",
           (unsigned long long)seed, ncases);
    rng_state = seed;

    top = new Vtb_salu;
    for (int i = 0; i < NCONF; i++)
        if (conf_init(&CF[i], i) < 0) {
            fprintf(stderr, "cannot set up dispatch configuration %d\n", i);
            return 2;
        }

    unsigned long long total = 0, nsup = 0, nuns = 0;
    int failed_ops = 0;
    printf("%-28s %-5s %-11s %8s %8s\n", "op", "fmt", "class", "cases", "mismatch");
    for (unsigned op = 0; op < SI_OP_COUNT; op++) {
        const si_opinfo *oi = &si_ops[op];
        if (!is_scalar_fmt(oi->fmt))
            continue;
        int uns = expect_unsupported(op);
        unsigned n = uns ? (ncases / 20 ? ncases / 20 : 1) : ncases;
        unsigned long long mm = 0;
        for (unsigned i = 0; i < n; i++)
            mm += (unsigned)run_case(op);
        total += n;
        n_mismatch += mm;
        if (uns) nuns++; else nsup++;
        if (mm)
            failed_ops++;
        printf("%-28s %-5s %-11s %8u %8llu%s\n", oi->name, si_fmt_name(oi->fmt), uns ? "unsupported" : "executed",
               n, mm, mm ? "  FAIL" : "");
    }

    /* every other op index (vector, memory, out of range) is not ours */
    unsigned long long other = 0, other_bad = 0;
    for (unsigned op = 0; op < 1024; op++) {
        if (op < SI_OP_COUNT && is_scalar_fmt(si_ops[op].fmt))
            continue;
        for (int k = 0; k < 3; k++) {
            tcase t;
            memset(&t, 0, sizeof t);
            t.op = op;
            t.src0 = rnd(); t.src1 = rnd(); t.dst_old = rnd(); t.simm16 = (uint32_t)rnd() & 0xffff;
            t.scc = rn(2); t.exec = rv64(); t.vcc = rv64(); t.pc_next = rnd() & ((1ull << 48) - 4);
            t.mode = (uint32_t)rnd(); t.m0 = (uint32_t)rnd();
            drive(&t);
            other++;
            if (!top->unsupported || top->res_wr || top->scc_wr || top->exec_wr || top->pc_wr || top->mode_wr) {
                other_bad++;
                if (n_printed < MAX_PRINT) {
                    n_printed++;
                    printf("MISMATCH op index %u (%s): not a scalar ALU op but unsupported=%u\n", op,
                           op < SI_OP_COUNT ? si_ops[op].name : "out of range", top->unsupported);
                }
            }
        }
    }
    n_mismatch += other_bad;
    printf("s_getreg/s_setreg cases with an invalid hardware register id (rejected by both): %llu\n",
           n_hwreg_rejected);
    printf("non-SALU op indices: %llu cases, %llu mismatches\n", other, other_bad);
    printf("summary: %llu scalar ops (%llu executed, %llu unsupported), %llu cases, %llu mismatches in %d ops\n",
           nsup + nuns, nsup, nuns, total, n_mismatch - other_bad, failed_ops);

    for (int i = 0; i < NCONF; i++) {
        si_emu_wg_end(CF[i].e, CF[i].wg);
        si_emu_destroy(CF[i].e);
        si_mem_free(&CF[i].mem);
    }
    top->final();
    delete top;
    if (n_mismatch) {
        printf("test_salu: FAILED (seed 0x%llx)\n", (unsigned long long)seed);
        return 1;
    }
    printf("test_salu: PASSED\n");
    return 0;
}
