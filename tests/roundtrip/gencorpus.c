/* sicu round-trip corpus generator and checker.
 *
 *   gencorpus gen SEED COUNT_PER_FORM out.s out.hex
 *       For every non-graphics row of sw/isa/si_isa.def (and every encoding
 *       form of it: e32 / e64), build COUNT_PER_FORM random but valid
 *       encodings, decode them with si_decode(), disassemble with
 *       si_disasm(), and write the text (out.s) and the expected bytes
 *       (out.hex, one line of hex dwords per instruction).
 *
 *   gencorpus check out.s out.hex mc.stdout mc.stderr
 *       Compare what `llvm-mc -show-encoding` produced for out.s with
 *       out.hex, line by line.  Prints the first mismatches and a summary;
 *       exits 1 on any mismatch.
 *
 * Validity rules respected (SI): no literal in VOP3; at most one scalar
 * register or literal per VALU instruction (the constant bus; inline
 * constants are free); 64-bit SGPR tuples aligned to 2 and 128-bit+ to 4;
 * literals never equal to an inline constant (those encodings are not
 * canonical and cannot be written in assembly).
 */
#include "sicu/isa.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---------------------------------------------------------------------- */
static uint64_t rng_state;
static uint32_t rnd(void)
{
    /* xorshift64* */
    rng_state ^= rng_state >> 12;
    rng_state ^= rng_state << 25;
    rng_state ^= rng_state >> 27;
    return (uint32_t)((rng_state * 0x2545F4914F6CDD1DULL) >> 32);
}
static unsigned rn(unsigned n) { return n ? rnd() % n : 0; }
static int chance(unsigned pct) { return rn(100) < pct; }

/* Rows llvm-mc 14 rejects for tahiti (listed in the SI ISA guide), and
 * sicu's own RFV metadata rows (not SI instructions; docs/rfv.md). */
static int not_checkable(unsigned op)
{
    return si_ops[op].fmt == SI_FMT_RFV || op == SI_OP_s_mov_fed_b32 || op == SI_OP_v_mov_fed_b32 || op == SI_OP_v_qsad_u8 ||
           op == SI_OP_buffer_atomic_rsub || op == SI_OP_buffer_atomic_rsub_x2;
}

static unsigned W(uint8_t k) { return SI_OPK_W(k) ? SI_OPK_W(k) : 1; }

/* A literal value that is not an inline constant in any interpretation. */
static uint32_t rand_literal(void)
{
    static const uint32_t inl[] = { 0x3f000000, 0xbf000000, 0x3f800000, 0xbf800000, 0x40000000,
                                    0xc0000000, 0x40800000, 0xc0800000, 0x3fe00000, 0xbfe00000,
                                    0x3ff00000, 0xbff00000, 0x40100000, 0xc0100000 };
    for (;;) {
        uint32_t v = chance(30) ? rn(100000) : rnd();
        if ((int32_t)v >= -16 && (int32_t)v <= 64)
            continue;
        int bad = 0;
        for (unsigned i = 0; i < sizeof(inl) / sizeof(inl[0]); i++)
            bad |= v == inl[i];
        if (!bad)
            return v;
    }
}

/* A scalar register code for a w-dword operand (aligned). `dst`: no m0 for
 * 64-bit, fine for 32-bit. */
static unsigned rand_sreg(unsigned w, int allow_special)
{
    unsigned al = w >= 4 ? 4 : w;
    unsigned pick = allow_special ? rn(10) : 0;
    if (w == 1) {
        switch (pick) {
        case 1: return SI_SRC_VCC_LO + rn(2);
        case 2: return SI_SRC_TBA_LO + rn(4);
        case 3: return SI_SRC_TTMP0 + rn(12);
        case 4: return SI_SRC_M0;
        case 5: return SI_SRC_EXEC_LO + rn(2);
        default: return rn(104);
        }
    }
    if (w == 2) {
        switch (pick) {
        case 1: return SI_SRC_VCC_LO;
        case 2: return SI_SRC_TBA_LO + 2 * rn(2);
        case 3: return SI_SRC_TTMP0 + 2 * rn(6);
        case 5: return SI_SRC_EXEC_LO;
        default: return 2 * rn(52);
        }
    }
    if (pick == 3 && w <= 12)
        return SI_SRC_TTMP0 + al * rn((12 - w) / al + 1);
    return al * rn((104 - w) / al + 1);
}

/* An inline constant code (integers and floats). */
static unsigned rand_inline(void)
{
    return chance(75) ? SI_SRC_ZERO + rn(81) : SI_SRC_F_0_5 + rn(8);
}

/* A VGPR code for a w-dword operand. */
static unsigned rand_vgpr(unsigned w)
{
    return 256 + rn(257 - w);
}

/* Scalar source: register / inline / (literal) / special. */
static unsigned rand_ssrc(unsigned w, int allow_lit, int *used_lit)
{
    unsigned r = rn(10);
    if (r < 5)
        return rand_sreg(w, 1);
    if (r < 8)
        return rand_inline();
    if (r < 9 && allow_lit && !*used_lit) {
        *used_lit = 1;
        return SI_SRC_LITERAL;
    }
    if (w == 1 && chance(50))
        return SI_SRC_VCCZ + rn(3); /* vccz, execz, scc */
    return rand_sreg(w, 1);
}


/* ---------------------------------------------------------------------- */
/* Output. */
static FILE *fs, *fh;
static unsigned long n_total, n_fmt[SI_FMT_COUNT + 1], n_op[SI_OP_COUNT], n_selfcheck;

static void emit(unsigned op, const uint32_t *w, unsigned nw, unsigned fmt_count_as)
{
    si_inst in;
    int r = si_decode(w, nw, &in);
    if (r != (int)(nw * 4) || in.op != op) {
        fprintf(stderr, "gencorpus: decode self-check failed for %s: words %08x %08x %08x -> %d op %u\n",
                si_ops[op].name, w[0], nw > 1 ? w[1] : 0, nw > 2 ? w[2] : 0, r, in.op);
        n_selfcheck++;
        return;
    }
    char text[256];
    si_disasm(&in, 0x100, text, sizeof text);
    fprintf(fs, "%s\n", text);
    for (unsigned i = 0; i < nw; i++)
        fprintf(fh, "%s%08x", i ? " " : "", w[i]);
    fprintf(fh, " %s\n", si_fmt_name(fmt_count_as));
    n_total++;
    n_fmt[fmt_count_as]++;
    n_op[op]++;
}

/* ---- per-format generators ------------------------------------------- */
static void gen_sop(unsigned op)
{
    const si_opinfo *d = &si_ops[op];
    uint32_t w[2] = { 0, 0 };
    unsigned nw = 1;
    int lit = 0;
    unsigned s0 = 0, s1 = 0, sd = 0;
    switch (d->fmt) {
    case SI_FMT_SOP2:
        if (op == SI_OP_s_cbranch_g_fork) {
            s0 = rand_sreg(2, 0);
            s1 = rand_sreg(2, 0);
        } else {
            s0 = rand_ssrc(W(d->src[0]), 1, &lit);
            s1 = rand_ssrc(W(d->src[1]), 1, &lit);
            sd = rand_sreg(W(d->dst), 1);
        }
        w[0] = 0x80000000u | (d->opcode << 23) | (sd << 16) | (s1 << 8) | s0;
        break;
    case SI_FMT_SOP1:
        if (d->dst)
            sd = rand_sreg(W(d->dst), 1);
        if (d->src[0]) {
            if (d->flags & (F_BRANCH | F_RD_M0)) /* setpc/swappc/rfe/join, movrel: registers */
                s0 = rand_sreg(W(d->src[0]), 0);
            else
                s0 = rand_ssrc(W(d->src[0]), 1, &lit);
        }
        w[0] = 0xbe800000u | (sd << 16) | (d->opcode << 8) | s0;
        break;
    case SI_FMT_SOPC:
        s0 = rand_ssrc(W(d->src[0]), 1, &lit);
        s1 = rand_ssrc(W(d->src[1]), 1, &lit);
        w[0] = 0xbf000000u | (d->opcode << 16) | (s1 << 8) | s0;
        break;
    case SI_FMT_SOPK: {
        unsigned imm = rn(0x10000);
        if (op == SI_OP_s_cbranch_i_fork)
            sd = rand_sreg(2, 0);
        else if (op == SI_OP_s_setreg_imm32_b32)
            sd = 0;
        else
            sd = rand_sreg(1, 1);
        w[0] = 0xb0000000u | (d->opcode << 23) | (sd << 16) | imm;
        if (op == SI_OP_s_setreg_imm32_b32) {
            w[1] = chance(20) ? rn(65) : rnd();
            nw = 2;
        }
        break;
    }
    case SI_FMT_SOPP: {
        unsigned imm = rn(0x10000);
        if (op == SI_OP_s_barrier || op == SI_OP_s_icache_inv || op == SI_OP_s_ttracedata ||
            (op == SI_OP_s_endpgm && chance(50)))
            imm = 0;
        else if (op == SI_OP_s_waitcnt)
            imm = chance(70) ? (rnd() & 0x0f7f) : rn(0x10000);
        else if (op == SI_OP_s_sendmsg || op == SI_OP_s_sendmsghalt) {
            switch (rn(4)) {
            case 0: imm = 1; break;
            case 1: imm = 2 | ((1 + rn(3)) << 4) | (rn(4) << 8); break;
            case 2: imm = 3 | (rn(4) << 4) | (rn(4) << 8); if (!(imm & 0x70)) imm &= 0xff; break;
            default: imm = 15 | ((1 + rn(4)) << 4); break;
            }
        }
        w[0] = 0xbf800000u | (d->opcode << 16) | imm;
        break;
    }
    }
    if (lit) {
        w[1] = rand_literal();
        nw = 2;
    }
    emit(op, w, nw, d->fmt);
}

static void gen_smrd(unsigned op)
{
    const si_opinfo *d = &si_ops[op];
    uint32_t w0 = 0xc0000000u | (d->opcode << 22);
    if (d->dst) {
        unsigned dw = W(d->dst);
        unsigned sd = dw == 1 && chance(10) ? SI_SRC_VCC_LO + rn(2) : rand_sreg(dw, 0);
        w0 |= sd << 15;
    }
    if (d->src[0]) {
        unsigned bw = W(d->src[0]);
        unsigned base = rand_sreg(bw, 0);
        if (chance(10))
            base = bw == 2 ? (chance(50) ? SI_SRC_VCC_LO : SI_SRC_EXEC_LO) : base;
        w0 |= (base / 2) << 9;
        if (chance(60))
            w0 |= (1u << 8) | rn(256);
        else
            w0 |= chance(90) ? rn(104) : SI_SRC_M0;
    }
    emit(op, &w0, 1, SI_FMT_SMRD);
}

/* VALU sources: `nsc` counts scalar-bus users (registers/literals). */
typedef struct vsrc_ctx {
    int bus_used;     /* a scalar register or literal already read */
    unsigned bus_reg; /* which one (code), for sharing */
    int lit_ok;       /* literal allowed in this slot */
    int lit_used;
} vsrc_ctx;

static unsigned rand_vsrc(vsrc_ctx *c, unsigned w, int vgpr_only)
{
    if (vgpr_only || chance(45))
        return rand_vgpr(w);
    if (chance(45))
        return rand_inline();
    if (c->bus_used)
        return rand_vgpr(w);
    c->bus_used = 1;
    if (c->lit_ok && chance(35)) {
        c->lit_used = 1;
        return SI_SRC_LITERAL;
    }
    unsigned r;
    if (w == 1 && chance(10))
        r = SI_SRC_VCCZ + rn(3);
    else
        r = rand_sreg(w, 1);
    c->bus_reg = r;
    return r;
}

static void gen_vop32(unsigned op)
{
    const si_opinfo *d = &si_ops[op];
    uint32_t w[2] = { 0, 0 };
    unsigned nw = 1;
    vsrc_ctx c = { 0, 0, 1, 0 };
    /* implicit VCC reads use the constant bus */
    if ((d->flags & F_RD_VCC) && d->fmt == SI_FMT_VOP2)
        c.bus_used = 1;
    if (d->flags & F_RD_M0) /* v_movrel*: M0 is read through the constant bus */
        c.bus_used = 1;
    if (op == SI_OP_v_readlane_b32 || op == SI_OP_v_writelane_b32) {
        unsigned dst, s0, s1;
        if (op == SI_OP_v_readlane_b32) {
            dst = rand_sreg(1, 0);
            s0 = rand_vgpr(1);
            s1 = chance(50) ? rand_sreg(1, 0) : (chance(50) ? SI_SRC_M0 : SI_SRC_ZERO + rn(64));
        } else {
            dst = rn(256);
            if (chance(50)) {
                s0 = rand_sreg(1, 0);
                s1 = SI_SRC_ZERO + rn(64);
            } else {
                s0 = rand_inline();
                s1 = chance(50) ? rand_sreg(1, 0) : SI_SRC_M0;
            }
        }
        w[0] = (d->opcode << 25) | (dst << 17) | (s1 << 9) | s0;
        emit(op, w, 1, SI_FMT_VOP2);
        return;
    }
    if (op == SI_OP_v_madmk_f32 || op == SI_OP_v_madak_f32) {
        c.lit_ok = 0;
        c.bus_used = 1; /* the literal */
        unsigned s0 = rand_vsrc(&c, 1, 0);
        w[0] = (d->opcode << 25) | (rn(256) << 17) | (rn(256) << 9) | s0;
        w[1] = rnd();
        emit(op, w, 2, SI_FMT_VOP2);
        return;
    }
    unsigned s0 = 0, v1 = 0, vd = 0;
    if (d->src[0])
        s0 = rand_vsrc(&c, W(d->src[0]), op == SI_OP_v_readfirstlane_b32 || op == SI_OP_v_movrels_b32 ||
                                             op == SI_OP_v_movrelsd_b32);
    if (d->src[1])
        v1 = rn(257 - W(d->src[1]));
    if (d->dst)
        vd = (d->flags & F_SDST) ? rand_sreg(1, 0) : rn(257 - W(d->dst));
    switch (d->fmt) {
    case SI_FMT_VOP2: w[0] = (d->opcode << 25) | (vd << 17) | (v1 << 9) | s0; break;
    case SI_FMT_VOP1: w[0] = 0x7e000000u | (vd << 17) | (d->opcode << 9) | s0; break;
    case SI_FMT_VOPC: w[0] = 0x7c000000u | (d->opcode << 17) | (v1 << 9) | s0; break;
    }
    if (c.lit_used) {
        w[1] = rand_literal();
        if (op == SI_OP_v_cvt_f32_f16) /* f16 operand: llvm-mc takes 16-bit literals only */
            w[1] = 0x4500 + rn(0xb000 - 0x4500);
        nw = 2;
    }
    emit(op, w, nw, d->fmt);
}

static void gen_vop3(unsigned op)
{
    const si_opinfo *d = &si_ops[op];
    unsigned opc9;
    switch (d->fmt) {
    case SI_FMT_VOPC: opc9 = d->opcode; break;
    case SI_FMT_VOP2: opc9 = 0x100 + d->opcode; break;
    case SI_FMT_VOP1: opc9 = 0x180 + d->opcode; break;
    default: opc9 = d->opcode; break;
    }
    int b3 = d->fmt == SI_FMT_VOP3B || (d->flags & F_VOP3B);
    vsrc_ctx c = { 0, 0, 0, 0 };
    unsigned s[3] = { 0, 0, 0 };
    uint32_t w0 = 0xd0000000u | (opc9 << 17), w1 = 0;
    /* Extra scalar-pair src2 (cndmask mask, carry-in) first: it uses the bus. */
    int pair_src2 = d->fmt == SI_FMT_VOP2 && (d->flags & F_RD_VCC);
    if (pair_src2) {
        s[2] = rand_sreg(2, 1);
        c.bus_used = 1;
    }
    if (d->flags & (F_RD_M0 | F_RD_VCC)) /* implicit M0 / VCC reads */
        c.bus_used = 1;
    /* v_movrels*: relative VGPR source; v_cvt_f32_f16: llvm-mc 14 has no
     * f16 inline constants for SI, so constants cannot be written. */
    int vonly = op == SI_OP_v_movrels_b32 || op == SI_OP_v_movrelsd_b32;
    for (int i = 0; i < 3; i++) {
        if (!d->src[i])
            continue;
        s[i] = rand_vsrc(&c, W(d->src[i]), vonly);
        if (op == SI_OP_v_cvt_f32_f16 && s[i] >= SI_SRC_ZERO && s[i] < 256)
            s[i] = rand_vgpr(1);
    }
    unsigned vdst = 0;
    if (d->fmt == SI_FMT_VOPC)
        vdst = rand_sreg(2, 1);
    else if (d->dst)
        vdst = rn(257 - W(d->dst));
    if (op == SI_OP_v_mqsad_pk_u16_u8) {
        /* early-clobber destination: must not overlap any VGPR source */
        for (int again = 1; again;) {
            again = 0;
            for (int i = 0; i < 3; i++)
                if (s[i] >= 256 && s[i] - 256 + W(d->src[i]) > vdst && s[i] - 256 < vdst + 2)
                    again = 1;
            if (again)
                vdst = rn(255);
        }
    }
    w0 |= vdst;
    if (b3) {
        w0 |= rand_sreg(2, 1) << 8;
    } else {
        /* abs on float sources; clamp when the result is a float. */
        for (int i = 0; i < 3; i++)
            if (SI_OPK_CLS(d->src[i]) == SI_CLS_F && chance(25))
                w0 |= 1u << (8 + i);
        if (SI_OPK_CLS(d->dst) == SI_CLS_F && d->fmt != SI_FMT_VOPC && chance(25))
            w0 |= 1u << 11;
    }
    for (int i = 0; i < 3; i++)
        if (SI_OPK_CLS(d->src[i]) == SI_CLS_F && chance(25))
            w1 |= 1u << (29 + i);
    if (SI_OPK_CLS(d->dst) == SI_CLS_F && d->fmt != SI_FMT_VOPC && !(d->flags & F_VOP3B) && chance(30))
        w1 |= (1 + rn(3)) << 27;
    w1 |= s[0] | (s[1] << 9) | (s[2] << 18);
    uint32_t w[2] = { w0, w1 };
    emit(op, w, 2, b3 ? SI_FMT_VOP3B : SI_FMT_VOP3A);
}

static void gen_ds(unsigned op)
{
    const si_opinfo *d = &si_ops[op];
    uint32_t w0 = 0xd8000000u | (d->opcode << 18), w1 = 0;
    int gws = strncmp(d->name, "ds_gws_", 7) == 0;
    if (gws || op == SI_OP_ds_ordered_count || chance(20))
        w0 |= 1u << 17;
    w0 |= rn(0x10000);
    if (d->src[0])
        w1 |= rn(256);
    if (d->src[1])
        w1 |= rn(257 - W(d->src[1])) << 8;
    if (d->src[2])
        w1 |= rn(257 - W(d->src[2])) << 16;
    if (d->dst)
        w1 |= rn(257 - W(d->dst)) << 24;
    uint32_t w[2] = { w0, w1 };
    emit(op, w, 2, SI_FMT_DS);
}

static int lds_capable(unsigned op)
{
    return op == SI_OP_buffer_load_ubyte || op == SI_OP_buffer_load_sbyte || op == SI_OP_buffer_load_ushort ||
           op == SI_OP_buffer_load_sshort || op == SI_OP_buffer_load_dword || op == SI_OP_buffer_load_format_x;
}

static void gen_buf(unsigned op)
{
    const si_opinfo *d = &si_ops[op];
    int mt = d->fmt == SI_FMT_MTBUF;
    uint32_t w0 = (mt ? 0xe8000000u : 0xe0000000u), w1 = 0;
    if (mt)
        w0 |= (d->opcode << 16) | (rn(16) << 19) | (rn(8) << 23);
    else
        w0 |= d->opcode << 18;
    if (!d->dst && !d->src[1]) { /* cache control */
        uint32_t wc[2] = { w0, 0 };
        emit(op, wc, 2, SI_FMT_MUBUF);
        return;
    }
    unsigned mode = rn(5); /* off, offen, idxen, both, addr64 */
    unsigned vaddr = 0;
    switch (mode) {
    case 1: w0 |= 1u << 12; vaddr = rn(256); break;
    case 2: w0 |= 1u << 13; vaddr = rn(256); break;
    case 3: w0 |= 3u << 12; vaddr = rn(255); break;
    case 4: w0 |= 1u << 15; vaddr = rn(255); break;
    default: break;
    }
    w0 |= chance(60) ? rn(4096) : 0;
    if (chance(30))
        w0 |= 1u << 14; /* glc */
    int lds = !mt && lds_capable(op) && chance(20);
    if (lds)
        w0 |= 1u << 16;
    unsigned dw = W(d->src[1] ? d->src[1] : d->dst);
    w1 |= vaddr | (rn(257 - dw) << 8) | (rn(26) << 16);
    if (chance(30))
        w1 |= 1u << 22; /* slc */
    if (!lds && !(d->flags & F_ATOMIC) && chance(20))
        w1 |= 1u << 23; /* tfe (llvm-mc 14 rejects it on atomics) */
    unsigned so = chance(60) ? rn(104) : (chance(50) ? SI_SRC_ZERO + rn(65) : SI_SRC_M0);
    w1 |= so << 24;
    uint32_t w[2] = { w0, w1 };
    emit(op, w, 2, d->fmt);
}

static int gen_main(uint64_t seed, unsigned per, const char *out_s, const char *out_h)
{
    rng_state = seed ? seed : 1;
    fs = fopen(out_s, "w");
    fh = fopen(out_h, "w");
    if (!fs || !fh) {
        fprintf(stderr, "gencorpus: cannot write %s / %s\n", out_s, out_h);
        return 2;
    }
    unsigned skipped_graphics = 0, skipped_unchecked = 0;
    for (unsigned op = 0; op < SI_OP_COUNT; op++) {
        const si_opinfo *d = &si_ops[op];
        if (d->flags & F_GRAPHICS) {
            skipped_graphics++;
            continue;
        }
        if (not_checkable(op)) {
            skipped_unchecked++;
            continue;
        }
        for (unsigned k = 0; k < per; k++) {
            switch (d->fmt) {
            case SI_FMT_SOP2: case SI_FMT_SOP1: case SI_FMT_SOPC: case SI_FMT_SOPK: case SI_FMT_SOPP:
                gen_sop(op);
                break;
            case SI_FMT_SMRD:
                gen_smrd(op);
                break;
            case SI_FMT_VOP2: case SI_FMT_VOP1: case SI_FMT_VOPC:
                gen_vop32(op);
                if (!(d->flags & F_NOVOP3))
                    gen_vop3(op);
                break;
            case SI_FMT_VOP3A: case SI_FMT_VOP3B:
                gen_vop3(op);
                break;
            case SI_FMT_DS:
                gen_ds(op);
                break;
            case SI_FMT_MUBUF: case SI_FMT_MTBUF:
                gen_buf(op);
                break;
            default:
                break;
            }
        }
    }
    fclose(fs);
    fclose(fh);
    printf("gencorpus: seed %" PRIu64 ", %lu encodings (%u graphics rows and %u rows llvm-mc cannot check skipped)\n",
           seed, n_total, skipped_graphics, skipped_unchecked);
    printf("gencorpus: per format:");
    for (unsigned f = 0; f < SI_FMT_COUNT; f++)
        if (n_fmt[f])
            printf(" %s=%lu", si_fmt_name(f), n_fmt[f]);
    printf("\n");
    unsigned missing = 0;
    for (unsigned op = 0; op < SI_OP_COUNT; op++)
        if (!n_op[op] && !(si_ops[op].flags & F_GRAPHICS) && !not_checkable(op)) {
            printf("gencorpus: no encoding generated for %s\n", si_ops[op].name);
            missing++;
        }
    if (n_selfcheck)
        printf("gencorpus: %lu decode self-check failures\n", n_selfcheck);
    return (n_selfcheck || missing) ? 1 : 0;
}

/* ---------------------------------------------------------------------- */
/* Checker. */
static char *slurp_line(FILE *f, char *buf, size_t n)
{
    if (!fgets(buf, (int)n, f))
        return NULL;
    buf[strcspn(buf, "\n")] = 0;
    return buf;
}

static int check_main(const char *in_s, const char *in_h, const char *mc_out, const char *mc_err)
{
    FILE *fs_ = fopen(in_s, "r"), *fh_ = fopen(in_h, "r"), *fo = fopen(mc_out, "r"), *fe = fopen(mc_err, "r");
    if (!fs_ || !fh_ || !fo || !fe) {
        fprintf(stderr, "roundtrip check: cannot open inputs\n");
        return 2;
    }
    /* Lines llvm-mc rejected (1-based). */
    size_t nlines = 0, cap = 1024;
    char line[4096];
    while (slurp_line(fs_, line, sizeof line))
        nlines++;
    rewind(fs_);
    unsigned char *rejected = calloc(nlines + 2, 1);
    char **errmsg = calloc(nlines + 2, sizeof(char *));
    (void)cap;
    while (slurp_line(fe, line, sizeof line)) {
        char *p = strstr(line, ":");
        unsigned long ln;
        if (p && sscanf(p + 1, "%lu:", &ln) == 1 && strstr(line, "error:") && ln <= nlines) {
            rejected[ln] = 1;
            if (!errmsg[ln])
                errmsg[ln] = strdup(strstr(line, "error:"));
        }
    }
    unsigned long total = 0, bad = 0, shown = 0;
    unsigned long fbad[SI_FMT_COUNT + 1] = { 0 };
    char text[4096], hex[512], mc[4096];
    for (size_t ln = 1; ln <= nlines; ln++) {
        if (!slurp_line(fs_, text, sizeof text) || !slurp_line(fh_, hex, sizeof hex))
            break;
        total++;
        /* expected bytes */
        uint8_t exp[16];
        unsigned ne = 0;
        char fmtname[16] = "";
        char *tok = strtok(hex, " ");
        while (tok) {
            if (strlen(tok) == 8 && ne + 4 <= sizeof exp) {
                uint32_t v = (uint32_t)strtoul(tok, NULL, 16);
                for (int i = 0; i < 4; i++)
                    exp[ne++] = (uint8_t)(v >> (8 * i));
            } else {
                snprintf(fmtname, sizeof fmtname, "%s", tok);
            }
            tok = strtok(NULL, " ");
        }
        uint8_t got[16];
        unsigned ng = 0;
        const char *why = NULL;
        mc[0] = 0;
        if (rejected[ln]) {
            why = errmsg[ln] ? errmsg[ln] : "rejected";
        } else if (strncmp(text, ".long", 5) == 0) {
            why = "not expressible (.long)";
        } else {
            /* next encoding line of llvm-mc's output */
            for (;;) {
                if (!slurp_line(fo, mc, sizeof mc)) {
                    why = "llvm-mc output ended";
                    break;
                }
                char *e = strstr(mc, "encoding: [");
                if (!e)
                    continue;
                e += strlen("encoding: [");
                while (*e && *e != ']' && ng < sizeof got) {
                    got[ng++] = (uint8_t)strtoul(e, &e, 16);
                    if (*e == ',')
                        e++;
                }
                break;
            }
            if (!why && (ng != ne || memcmp(got, exp, ne) != 0))
                why = "bytes differ";
        }
        if (why) {
            bad++;
            unsigned f;
            for (f = 0; f < SI_FMT_COUNT; f++)
                if (strcmp(si_fmt_name(f), fmtname) == 0)
                    break;
            fbad[f]++;
            if (shown < 25) {
                shown++;
                printf("MISMATCH line %zu [%s] %s\n  expected:", ln, why, text);
                for (unsigned i = 0; i < ne; i++)
                    printf(" %02x", exp[i]);
                if (!rejected[ln] && mc[0]) {
                    printf("\n  llvm-mc: ");
                    for (unsigned i = 0; i < ng; i++)
                        printf(" %02x", got[i]);
                    printf("   (%s)", mc);
                }
                printf("\n");
            }
        }
    }
    if (bad) {
        printf("roundtrip: mismatches per format:");
        for (unsigned f = 0; f <= SI_FMT_COUNT; f++)
            if (fbad[f])
                printf(" %s=%lu", f < SI_FMT_COUNT ? si_fmt_name(f) : "?", fbad[f]);
        printf("\n");
    }
    printf("roundtrip: %lu encodings, %lu mismatches\n", total, bad);
    return bad ? 1 : 0;
}

int main(int argc, char **argv)
{
    if (argc == 6 && strcmp(argv[1], "gen") == 0)
        return gen_main(strtoull(argv[2], NULL, 0), (unsigned)strtoul(argv[3], NULL, 0), argv[4], argv[5]);
    if (argc == 6 && strcmp(argv[1], "check") == 0)
        return check_main(argv[2], argv[3], argv[4], argv[5]);
    fprintf(stderr, "usage: gencorpus gen SEED COUNT_PER_FORM out.s out.hex\n"
                    "       gencorpus check out.s out.hex mc.stdout mc.stderr\n");
    return 2;
}
