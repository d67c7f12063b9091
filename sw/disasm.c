/* sicu: Southern Islands disassembler.
 *
 * Produces one line of LLVM 14 AMDGPU syntax that
 * `llvm-mc -arch=amdgcn -mcpu=tahiti` re-assembles to the same bytes (for
 * canonical encodings: see docs/isa-table.md for what cannot round-trip).
 * Anything that cannot be expressed is printed as `.long 0x...` words.
 */
#include "sicu/isa.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

/* ---- tiny string builder ---------------------------------------------- */
typedef struct sb {
    char *buf;
    size_t len, pos; /* pos may exceed len (snprintf semantics) */
    int bad;         /* an operand could not be expressed */
} sb;

static void sb_printf(sb *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void sb_printf(sb *b, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    size_t room = b->pos < b->len ? b->len - b->pos : 0;
    int n = vsnprintf(room ? b->buf + b->pos : NULL, room, fmt, ap);
    va_end(ap);
    if (n > 0)
        b->pos += (size_t)n;
}

static void sb_puts(sb *b, const char *s)
{
    sb_printf(b, "%s", s);
}

/* ---- operands ---------------------------------------------------------- */
static const char *const fconst[8] = { "0.5", "-0.5", "1.0", "-1.0", "2.0", "-2.0", "4.0", "-4.0" };

/* Scalar register (range) name for codes 0-127; NULL-safe via b->bad. */
static void put_sreg(sb *b, unsigned code, unsigned w)
{
    if (w == 0)
        w = 1;
    if (code <= SI_SRC_SGPR_MAX) {
        if (code + w - 1 > SI_SRC_SGPR_MAX)
            b->bad = 1;
        if (w == 1)
            sb_printf(b, "s%u", code);
        else
            sb_printf(b, "s[%u:%u]", code, code + w - 1);
        return;
    }
    if (code >= SI_SRC_TTMP0 && code <= SI_SRC_TTMP0 + 11) {
        unsigned n = code - SI_SRC_TTMP0;
        if (n + w - 1 > 11)
            b->bad = 1;
        if (w == 1)
            sb_printf(b, "ttmp%u", n);
        else
            sb_printf(b, "ttmp[%u:%u]", n, n + w - 1);
        return;
    }
    static const struct { unsigned code; const char *lo, *hi, *pair; } sp[] = {
        { SI_SRC_VCC_LO, "vcc_lo", "vcc_hi", "vcc" },
        { SI_SRC_TBA_LO, "tba_lo", "tba_hi", "tba" },
        { SI_SRC_TMA_LO, "tma_lo", "tma_hi", "tma" },
        { SI_SRC_EXEC_LO, "exec_lo", "exec_hi", "exec" },
    };
    for (unsigned i = 0; i < sizeof(sp) / sizeof(sp[0]); i++) {
        if (code == sp[i].code) {
            if (w == 1)
                sb_puts(b, sp[i].lo);
            else if (w == 2)
                sb_puts(b, sp[i].pair);
            else
                b->bad = 1;
            return;
        }
        if (code == sp[i].code + 1) {
            if (w != 1)
                b->bad = 1;
            sb_puts(b, sp[i].hi);
            return;
        }
    }
    if (code == SI_SRC_M0 && w == 1) {
        sb_puts(b, "m0");
        return;
    }
    b->bad = 1;
    sb_printf(b, "?%u", code);
}

/* Would llvm-mc encode the printed literal `lit` (operand width `w` dwords)
 * as an inline constant instead? */
static int literal_is_inlinable(uint32_t lit, unsigned w)
{
    static const uint32_t f32_inline[] = {0x3f000000, 0xbf000000, 0x3f800000, 0xbf800000,
                                          0x40000000, 0xc0000000, 0x40800000, 0xc0800000};
    if (w >= 2)
        return lit <= 64; /* printed as an unsigned 64-bit value */
    if ((int32_t)lit >= -16 && (int32_t)lit <= 64)
        return 1;
    for (unsigned i = 0; i < sizeof f32_inline / sizeof f32_inline[0]; i++)
        if (lit == f32_inline[i])
            return 1;
    return 0;
}

/* Any 9-bit source operand code.  `w` = width in dwords, `lit` = literal. */
static void put_src(sb *b, unsigned code, unsigned w, uint32_t lit)
{
    if (code >= SI_SRC_VGPR0) {
        unsigned n = code - SI_SRC_VGPR0;
        if (w <= 1)
            sb_printf(b, "v%u", n);
        else {
            if (n + w - 1 > 255)
                b->bad = 1;
            sb_printf(b, "v[%u:%u]", n, n + w - 1);
        }
        return;
    }
    if (code < SI_SRC_ZERO) {
        put_sreg(b, code, w);
        return;
    }
    if (code <= SI_SRC_INT_POS_LAST) {
        sb_printf(b, "%u", code - SI_SRC_ZERO);
        return;
    }
    if (code <= SI_SRC_INT_NEG_LAST) {
        sb_printf(b, "-%u", code - SI_SRC_INT_NEG_FIRST + 1);
        return;
    }
    if (code >= SI_SRC_F_0_5 && code <= SI_SRC_F_NEG_4_0) {
        sb_puts(b, fconst[code - SI_SRC_F_0_5]);
        return;
    }
    switch (code) {
    case SI_SRC_VCCZ: sb_puts(b, "src_vccz"); return;
    case SI_SRC_EXECZ: sb_puts(b, "src_execz"); return;
    case SI_SRC_SCC: sb_puts(b, "src_scc"); return;
    case SI_SRC_LDS_DIRECT: sb_puts(b, "src_lds_direct"); return;
    case SI_SRC_LITERAL:
        /* A literal whose value is also an inline constant cannot be written in
         * LLVM 14 syntax: llvm-mc would pick the shorter inline encoding.  Such
         * (valid, but non-canonical) encodings fall back to `.long` words. */
        if (literal_is_inlinable(lit, w))
            b->bad = 1;
        sb_printf(b, "0x%x", lit);
        return;
    default:
        b->bad = 1;
        sb_printf(b, "?%u", code);
    }
}

static int is_const(unsigned code)
{
    return code >= SI_SRC_ZERO && code < SI_SRC_VGPR0 && code != SI_SRC_LDS_DIRECT;
}

/* VOP3 source with abs/neg modifiers. */
static void put_src_mod(sb *b, unsigned code, unsigned w, int abs, int neg)
{
    if (neg && abs)
        sb_puts(b, "-|");
    else if (neg && is_const(code))
        sb_puts(b, "neg(");
    else if (neg)
        sb_puts(b, "-");
    else if (abs)
        sb_puts(b, "|");
    put_src(b, code, w, 0);
    if (abs)
        sb_puts(b, "|");
    else if (neg && is_const(code))
        sb_puts(b, ")");
}

static unsigned kw(uint8_t k)
{
    return SI_OPK_W(k);
}

/* ---- SOPP helpers --------------------------------------------------------- */
static void put_waitcnt(sb *b, unsigned v)
{
    unsigned vm = v & 0xf, exp = (v >> 4) & 7, lgkm = (v >> 8) & 0xf;
    /* The symbolic form only round-trips when the unused bits are zero and
     * at least one counter is not at its maximum. */
    if ((v & ~0x0f7fu) || (vm == 15 && exp == 7 && lgkm == 15)) {
        sb_printf(b, " 0x%x", v);
        return;
    }
    if (vm != 15)
        sb_printf(b, " vmcnt(%u)", vm);
    if (exp != 7)
        sb_printf(b, " expcnt(%u)", exp);
    if (lgkm != 15)
        sb_printf(b, " lgkmcnt(%u)", lgkm);
}

static void put_sendmsg(sb *b, unsigned v)
{
    unsigned id = v & 0xf, op = (v >> 4) & 7, stream = (v >> 8) & 3;
    static const char *const gsop[4] = { "GS_OP_NOP", "GS_OP_CUT", "GS_OP_EMIT", "GS_OP_EMIT_CUT" };
    static const char *const sysop[5] = { NULL, "SYSMSG_OP_ECC_ERR_INTERRUPT", "SYSMSG_OP_REG_RD",
                                          "SYSMSG_OP_HOST_TRAP_ACK", "SYSMSG_OP_TTRACE_PC" };
    if (v == 1)
        sb_puts(b, " sendmsg(MSG_INTERRUPT)");
    else if (id == 3 && v == 3)
        sb_puts(b, " sendmsg(MSG_GS_DONE, GS_OP_NOP)");
    else if ((id == 2 || id == 3) && !(v & ~0x3ffu) && op != 0 && op < 4)   /* GS op: bits [5:4] */
        sb_printf(b, " sendmsg(%s, %s, %u)", id == 2 ? "MSG_GS" : "MSG_GS_DONE", gsop[op], stream);
    else if (id == 15 && !(v & ~0x7fu) && op >= 1 && op <= 4)
        sb_printf(b, " sendmsg(MSG_SYSMSG, %s)", sysop[op]);
    else
        sb_printf(b, " 0x%x", v);
}

static void put_hwreg(sb *b, unsigned v)
{
    sb_printf(b, "hwreg(%u, %u, %u)", v & 0x3f, (v >> 6) & 0x1f, ((v >> 11) & 0x1f) + 1);
}

/* ---- VOP ------------------------------------------------------------------ */
static const char *const omod_txt[4] = { "", " mul:2", " mul:4", " div:2" };

static void dis_vop3(sb *b, const si_inst *in, const si_opinfo *d)
{
    int native = d->fmt == SI_FMT_VOP3A || d->fmt == SI_FMT_VOP3B;
    unsigned vdst = in->w0 & 0xff;
    int b3 = in->fmt == SI_FMT_VOP3B;
    sb_puts(b, d->name);
    if (!native)
        sb_puts(b, "_e64");
    int first = 1;
#define SEP() do { sb_puts(b, first ? " " : ", "); first = 0; } while (0)
    if (d->fmt == SI_FMT_VOPC) {
        SEP();
        put_sreg(b, vdst, 2);
    } else if (d->dst) {
        SEP();
        if (d->flags & F_SDST)
            put_sreg(b, vdst, kw(d->dst));
        else
            put_src(b, 256 + vdst, kw(d->dst), 0);
    }
    if (b3) {
        SEP();
        put_sreg(b, in->sdst, 2);
    }
    uint32_t w1 = in->w1;
    unsigned s[3] = { w1 & 0x1ff, (w1 >> 9) & 0x1ff, (w1 >> 18) & 0x1ff };
    for (int i = 0; i < 3; i++) {
        if (!d->src[i])
            continue;
        SEP();
        put_src_mod(b, s[i], kw(d->src[i]), (in->abs >> i) & 1, (in->neg >> i) & 1);
    }
    /* Extra scalar-pair source in src2: cndmask mask / carry-in. */
    if (d->fmt == SI_FMT_VOP2 && (d->flags & F_RD_VCC)) {
        SEP();
        put_src(b, s[2], 2, 0);
    }
#undef SEP
    if (in->clamp)
        sb_puts(b, " clamp");
    sb_puts(b, omod_txt[in->omod & 3]);
    /* Fields the syntax cannot express must be zero. */
    if ((d->fmt == SI_FMT_VOP2 && (d->flags & F_MAC) && s[2] != 0) ||
        (d->fmt == SI_FMT_VOP1 && (s[1] || s[2])) || (d->fmt == SI_FMT_VOPC && s[2]))
        b->bad = 1;
    for (int i = 0; i < 3; i++)
        if (!d->src[i] && !(i == 2 && d->fmt == SI_FMT_VOP2) && s[i])
            b->bad = 1;
}

static void dis_vop32(sb *b, const si_inst *in, const si_opinfo *d, unsigned op)
{
    uint32_t w0 = in->w0;
    unsigned src0 = w0 & 0x1ff;
    unsigned vsrc1 = (w0 >> 9) & 0xff;
    unsigned vdst = (w0 >> 17) & 0xff;

    if (in->fmt == SI_FMT_VOPC) {
        sb_printf(b, "%s_e32 vcc, ", d->name);
        put_src(b, src0, kw(d->src[0]), in->lit);
        sb_puts(b, ", ");
        put_src(b, 256 + vsrc1, kw(d->src[1]), 0);
        return;
    }
    if (in->fmt == SI_FMT_VOP1) {
        if (!d->dst) {
            sb_printf(b, "%s_e32", d->name);
            if (src0 || vdst)
                b->bad = 1;
            return;
        }
        if (d->flags & F_NOVOP3)
            sb_printf(b, "%s ", d->name);
        else
            sb_printf(b, "%s_e32 ", d->name);
        if (d->flags & F_SDST)
            put_sreg(b, vdst, 1);
        else
            put_src(b, 256 + vdst, kw(d->dst), 0);
        sb_puts(b, ", ");
        put_src(b, src0, kw(d->src[0]), in->lit);
        return;
    }
    /* VOP2 */
    if (op == SI_OP_v_readlane_b32 || op == SI_OP_v_writelane_b32) {
        sb_printf(b, "%s ", d->name);
        if (op == SI_OP_v_readlane_b32)
            put_sreg(b, vdst, 1);
        else
            put_src(b, 256 + vdst, 1, 0);
        sb_puts(b, ", ");
        put_src(b, src0, 1, in->lit);
        sb_puts(b, ", ");
        put_src(b, vsrc1, 1, 0);
        return;
    }
    if (op == SI_OP_v_madmk_f32 || op == SI_OP_v_madak_f32) {
        sb_printf(b, "%s v%u, ", d->name, vdst);
        put_src(b, src0, 1, 0);
        if (op == SI_OP_v_madmk_f32)
            sb_printf(b, ", 0x%x, v%u", in->lit, vsrc1);
        else
            sb_printf(b, ", v%u, 0x%x", vsrc1, in->lit);
        if (src0 == SI_SRC_LITERAL)
            b->bad = 1;
        return;
    }
    sb_printf(b, "%s_e32 ", d->name);
    put_src(b, 256 + vdst, kw(d->dst), 0);
    if (d->flags & F_VOP3B)
        sb_puts(b, ", vcc");
    sb_puts(b, ", ");
    put_src(b, src0, kw(d->src[0]), in->lit);
    sb_puts(b, ", ");
    put_src(b, 256 + vsrc1, kw(d->src[1]), 0);
    if (d->flags & F_RD_VCC)
        sb_puts(b, ", vcc");
}

/* ---- memory ----------------------------------------------------------------- */
static void dis_ds(sb *b, const si_inst *in, const si_opinfo *d)
{
    sb_puts(b, d->name);
    int first = 1;
    uint32_t w1 = in->w1;
#define SEP() do { sb_puts(b, first ? " " : ", "); first = 0; } while (0)
    if (d->dst) {
        SEP();
        put_src(b, 256 + ((w1 >> 24) & 0xff), kw(d->dst), 0);
    }
    if (d->src[0]) {
        SEP();
        put_src(b, 256 + (w1 & 0xff), 1, 0);
    }
    if (d->src[1]) {
        SEP();
        put_src(b, 256 + ((w1 >> 8) & 0xff), kw(d->src[1]), 0);
    }
    if (d->src[2]) {
        SEP();
        put_src(b, 256 + ((w1 >> 16) & 0xff), kw(d->src[2]), 0);
    }
#undef SEP
    if (d->flags & F_2ADDR) {
        if (in->offset)
            sb_printf(b, " offset0:%u", in->offset);
        if (in->offset1)
            sb_printf(b, " offset1:%u", in->offset1);
    } else if (in->offset) {
        sb_printf(b, " offset:%u", in->offset);
    }
    if (in->gds)
        sb_puts(b, " gds");
    /* Register fields the syntax does not show must be zero. */
    if ((!d->dst && (w1 >> 24)) || (!d->src[0] && (w1 & 0xff)) || (!d->src[1] && ((w1 >> 8) & 0xff)) ||
        (!d->src[2] && ((w1 >> 16) & 0xff)) || (in->w0 & 0x10000))
        b->bad = 1;
}

static void dis_buf(sb *b, const si_inst *in, const si_opinfo *d)
{
    sb_puts(b, d->name);
    if (!d->dst && !d->src[1]) { /* buffer_wbinvl1* */
        if (in->w1 || (in->w0 & 0x0003ffff))
            b->bad = 1;
        return;
    }
    unsigned dw = kw(d->src[1] ? d->src[1] : d->dst);
    sb_puts(b, " ");
    put_src(b, in->vdata, dw, 0);
    sb_puts(b, ", ");
    if (in->addr64 || (in->idxen && in->offen))
        put_src(b, in->vaddr, 2, 0);
    else if (in->idxen || in->offen)
        put_src(b, in->vaddr, 1, 0);
    else {
        sb_puts(b, "off");
        if (in->vaddr != 256)
            b->bad = 1;
    }
    sb_puts(b, ", ");
    put_sreg(b, in->srsrc, 4);
    sb_puts(b, ", ");
    if (in->soffset == SI_SRC_LITERAL || (in->soffset > 208 && in->soffset < 256))
        b->bad = 1;
    put_src(b, in->soffset, 1, 0);
    if (in->fmt == SI_FMT_MTBUF)
        sb_printf(b, " format:%u", in->dfmt | (in->nfmt << 4));
    if (in->idxen)
        sb_puts(b, " idxen");
    if (in->offen)
        sb_puts(b, " offen");
    if (in->addr64)
        sb_puts(b, " addr64");
    if (in->offset)
        sb_printf(b, " offset:%u", in->offset);
    if (in->glc)
        sb_puts(b, " glc");
    if (in->slc)
        sb_puts(b, " slc");
    if (in->lds)
        sb_puts(b, " lds");
    if (in->tfe)
        sb_puts(b, " tfe");
    if (in->w1 & (1u << 21))
        b->bad = 1; /* reserved bit */
}

/* ---- graphics (best effort; not part of the llvm-mc round trip) ------------ */
static void dis_mimg(sb *b, const si_inst *in, const si_opinfo *d)
{
    uint32_t w0 = in->w0, w1 = in->w1;
    unsigned dmask = (w0 >> 8) & 0xf, n = __builtin_popcount(dmask);
    sb_printf(b, "%s ", d->name);
    put_src(b, in->vdata, n ? n : 1, 0);
    sb_puts(b, ", ");
    put_src(b, in->vaddr, 4, 0);
    sb_puts(b, ", ");
    put_sreg(b, in->srsrc, (w0 >> 15) & 1 ? 4 : 8);
    if (strstr(d->name, "sample") || strstr(d->name, "gather4") || strstr(d->name, "get_lod")) {
        sb_puts(b, ", ");
        put_sreg(b, ((w1 >> 21) & 0x1f) * 4, 4);
    }
    sb_printf(b, " dmask:0x%x", dmask);
    if (w0 & (1u << 12)) sb_puts(b, " unorm");
    if (in->glc) sb_puts(b, " glc");
    if (in->slc) sb_puts(b, " slc");
    if (w0 & (1u << 15)) sb_puts(b, " r128");
    if (in->tfe) sb_puts(b, " tfe");
    if (w0 & (1u << 17)) sb_puts(b, " lwe");
    if (w0 & (1u << 14)) sb_puts(b, " da");
}

static void dis_exp(sb *b, const si_inst *in)
{
    uint32_t w0 = in->w0, w1 = in->w1;
    unsigned tgt = (w0 >> 4) & 0x3f, en = w0 & 0xf;
    sb_puts(b, "exp ");
    if (tgt <= 7) sb_printf(b, "mrt%u", tgt);
    else if (tgt == 8) sb_puts(b, "mrtz");
    else if (tgt == 9) sb_puts(b, "null");
    else if (tgt >= 12 && tgt <= 15) sb_printf(b, "pos%u", tgt - 12);
    else if (tgt >= 32) sb_printf(b, "param%u", tgt - 32);
    else { sb_printf(b, "invalid_target_%u", tgt); b->bad = 1; }
    for (int i = 0; i < 4; i++) {
        if (en & (1u << i))
            sb_printf(b, ", v%u", (w1 >> (8 * i)) & 0xff);
        else
            sb_puts(b, ", off");
    }
    if (w0 & (1u << 11)) sb_puts(b, " done");
    if (w0 & (1u << 10)) sb_puts(b, " compr");
    if (w0 & (1u << 12)) sb_puts(b, " vm");
}

static void dis_vintrp(sb *b, const si_inst *in, const si_opinfo *d, unsigned op)
{
    static const char chan[4] = { 'x', 'y', 'z', 'w' };
    static const char *const par[4] = { "p10", "p20", "p0", "p?" };
    sb_printf(b, "%s v%u, ", d->name, in->dst - 256);
    if (op == SI_OP_v_interp_mov_f32) {
        sb_puts(b, par[in->src[0] & 3]);
        if (in->src[0] > 2)
            b->bad = 1;
    } else
        put_src(b, in->src[0], 1, 0);
    sb_printf(b, ", attr%u.%c", in->offset, chan[in->offset1 & 3]);
}

/* sicu's RFV metadata (docs/rfv.md): the raw words, which llvm-mc re-assembles
 * to the same bytes, and what they say in a comment:
 *   .long W0, W1 // rfv_pir +K:src0,src2 ...   (release after the K-th next instruction reads)
 *   .long W0, W1 // rfv_pbr v3 v[8:11] ...      (release now) */
static void dis_rfv(sb *b, const si_inst *in, const si_opinfo *d, unsigned op)
{
    uint64_t p = si_rfv_payload(in);
    sb_printf(b, ".long 0x%08x, 0x%08x // %s", in->w0, in->w1, d->name);
    if (op == SI_OP_rfv_pir) {
        for (unsigned k = 0; k < SI_RFV_PIR_SLOTS; k++) {
            unsigned g = (unsigned)(p >> (3 * k)) & 7;
            if (!g)
                continue;
            sb_printf(b, " +%u:", k);
            for (unsigned j = 0, n = 0; j < 3; j++)
                if (g >> j & 1)
                    sb_printf(b, "%ssrc%u", n++ ? "," : "", j);
        }
        return;
    }
    unsigned base = (unsigned)(p & 0xff);
    uint64_t m = p >> 8;
    for (unsigned i = 0; i < SI_RFV_PBR_WINDOW; i++) {
        if (!(m >> i & 1))
            continue;
        unsigned j = i;
        while (j + 1 < SI_RFV_PBR_WINDOW && (m >> (j + 1) & 1))
            j++;
        if (j == i)
            sb_printf(b, " v%u", base + i);
        else
            sb_printf(b, " v[%u:%u]", base + i, base + j);
        i = j;
    }
}

/* ---- entry point ------------------------------------------------------------- */
/* the scalar formats: SOP2, SOP1, SOPC, SOPK, SOPP, SMRD */
static void dis_scalar(sb *b, const si_inst *in, const si_opinfo *d, unsigned op, uint64_t pc)
{
    uint32_t w0 = in->w0;
    (void)op; (void)pc; (void)w0;
    switch (in->fmt) {
    case SI_FMT_SOP2:
        sb_puts(b, d->name);
        if (d->dst) {
            sb_puts(b, " ");
            put_sreg(b, in->dst, kw(d->dst));
            sb_puts(b, ",");
        } else if ((w0 >> 16) & 0x7f)
            b->bad = 1;
        sb_puts(b, " ");
        put_src(b, in->src[0], kw(d->src[0]), in->lit);
        sb_puts(b, ", ");
        put_src(b, in->src[1], kw(d->src[1]), in->lit);
        break;
    case SI_FMT_SOP1:
        sb_puts(b, d->name);
        if (d->dst) {
            sb_puts(b, " ");
            put_sreg(b, in->dst, kw(d->dst));
        } else if ((w0 >> 16) & 0x7f)
            b->bad = 1;
        if (d->src[0]) {
            sb_puts(b, d->dst ? ", " : " ");
            put_src(b, in->src[0], kw(d->src[0]), in->lit);
        } else if (w0 & 0xff)
            b->bad = 1;
        break;
    case SI_FMT_SOPC:
        sb_printf(b, "%s ", d->name);
        put_src(b, in->src[0], kw(d->src[0]), in->lit);
        sb_puts(b, ", ");
        put_src(b, in->src[1], kw(d->src[1]), in->lit);
        break;
    case SI_FMT_SOPK: {
        unsigned imm = w0 & 0xffff, sd = (w0 >> 16) & 0x7f;
        sb_printf(b, "%s ", d->name);
        if (op == SI_OP_s_getreg_b32) {
            put_sreg(b, sd, 1);
            sb_puts(b, ", ");
            put_hwreg(b, imm);
        } else if (op == SI_OP_s_setreg_b32) {
            put_hwreg(b, imm);
            sb_puts(b, ", ");
            put_sreg(b, sd, 1);
        } else if (op == SI_OP_s_setreg_imm32_b32) {
            put_hwreg(b, imm);
            sb_printf(b, ", 0x%x", in->lit);
            if (sd)
                b->bad = 1;
        } else if (op == SI_OP_s_cbranch_i_fork) {
            put_sreg(b, sd, 2);
            sb_printf(b, ", %d // target: 0x%llx", in->simm16,
                      (unsigned long long)(pc + 4 + (int64_t)in->simm16 * 4));
        } else {
            put_sreg(b, sd, 1);
            sb_printf(b, ", 0x%x", imm);
        }
        break;
    }
    case SI_FMT_SOPP: {
        unsigned imm = w0 & 0xffff;
        sb_puts(b, d->name);
        if (d->flags & F_BRANCH) {
            sb_printf(b, " %d // target: 0x%llx", in->simm16,
                      (unsigned long long)(pc + 4 + (int64_t)in->simm16 * 4));
        } else if (op == SI_OP_s_waitcnt) {
            put_waitcnt(b, imm);
        } else if (op == SI_OP_s_sendmsg || op == SI_OP_s_sendmsghalt) {
            put_sendmsg(b, imm);
        } else if (op == SI_OP_s_endpgm) {
            if (imm)
                sb_printf(b, " %u", imm);
        } else if (op == SI_OP_s_barrier || op == SI_OP_s_icache_inv || op == SI_OP_s_ttracedata) {
            if (imm)
                b->bad = 1;
        } else {
            sb_printf(b, " %u", imm);
        }
        break;
    }
    case SI_FMT_SMRD:
        sb_puts(b, d->name);
        if (d->dst) {
            sb_puts(b, " ");
            put_sreg(b, in->dst, kw(d->dst));
        }
        if (d->src[0]) {
            sb_puts(b, ", ");
            put_sreg(b, in->sbase, kw(d->src[0]));
            sb_puts(b, ", ");
            if (in->smrd_imm)
                sb_printf(b, "0x%x", in->smrd_off);
            else
                put_sreg(b, in->smrd_off, 1);
        } else if (w0 & 0x7fff) {
            b->bad = 1;
        }
        if (!d->dst && (w0 & 0x3f8000))
            b->bad = 1;
        break;
    default:
        break;
    }
}

int si_disasm(const si_inst *in, uint64_t pc, char *buf, size_t len)
{
    sb b = { buf, len, 0, 0 };
    if (len)
        buf[0] = 0;
    unsigned op = in->op;
    if (op >= SI_OP_COUNT)
        goto raw;
    const si_opinfo *d = &si_ops[op];

    switch (in->fmt) {
    case SI_FMT_SOP2:
    case SI_FMT_SOP1:
    case SI_FMT_SOPC:
    case SI_FMT_SOPK:
    case SI_FMT_SOPP:
    case SI_FMT_SMRD:
        dis_scalar(&b, in, d, op, pc);
        break;
    case SI_FMT_VOP2:
    case SI_FMT_VOP1:
    case SI_FMT_VOPC:
        dis_vop32(&b, in, d, op);
        break;
    case SI_FMT_VOP3A:
    case SI_FMT_VOP3B:
        dis_vop3(&b, in, d);
        break;
    case SI_FMT_DS:
        dis_ds(&b, in, d);
        break;
    case SI_FMT_MUBUF:
    case SI_FMT_MTBUF:
        dis_buf(&b, in, d);
        break;
    case SI_FMT_MIMG:
        dis_mimg(&b, in, d);
        break;
    case SI_FMT_EXP:
        dis_exp(&b, in);
        break;
    case SI_FMT_VINTRP:
        dis_vintrp(&b, in, d, op);
        break;
    case SI_FMT_RFV:
        dis_rfv(&b, in, d, op);
        break;
    default:
        goto raw;
    }
    if (!b.bad)
        return (int)b.pos;

raw:
    /* Not expressible in assembler syntax: emit the raw words. */
    b.pos = 0;
    b.bad = 0;
    if (len)
        buf[0] = 0;
    sb_printf(&b, ".long 0x%08x", in->w0);
    if (in->op < SI_OP_COUNT) {
        if (in->size >= 8)
            sb_printf(&b, ", 0x%08x", in->has_lit && in->size == 8 ? in->lit : in->w1);
        if (in->size >= 12)
            sb_printf(&b, ", 0x%08x", in->lit);
    }
    return (int)b.pos;
}
