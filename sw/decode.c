/* sicu: Southern Islands instruction decoder.
 *
 * si_decode() recognises the encoding format from the fixed high bits of
 * the first dword, looks the opcode up in the table (sw/isa.c), and
 * extracts every field into an si_inst.  Register operands are returned
 * in the unified 9-bit code space (0-255 scalar/constant, 256+n = vn).
 *
 * Conventions beyond isa.h (see docs/isa-table.md):
 *  - operand codes are only filled for the operand slots the table row
 *    uses (kind != K_NONE); unused slots stay 0;
 *  - VOPC (both encodings) put the scalar destination in dst AND sdst
 *    (VCC_LO = 106 for the 32-bit encoding);
 *  - F_MAC ops (v_mac_*): src[2] = dst in the 32-bit encoding; in the VOP3
 *    encoding src[2] holds the raw SRC2 field (hardware reads vdst);
 *  - v_cndmask_b32_e32 / v_addc_u32_e32 etc.: the implicit VCC source is
 *    src[2] = 106; VOP3B carry-ins come from the SRC2 field;
 *  - SOPK: dst = SDST field for writers; with F_SOPK_IMM_ONLY the SDST
 *    field is a source and goes to src[1]; s_setreg_imm32_b32 has
 *    src[1] = 255 (the literal);
 *  - SMRD: src[0] = sbase, src[1] = offset SGPR code when IMM = 0;
 *  - DS/MUBUF/MTBUF: src[0] = vaddr, src[1] = vdata/data0, src[2] = data1
 *    (DS) or srsrc (buffers);
 *  - RFV (sicu metadata, docs/rfv.md): no operand fields; a payload with
 *    reserved bits set (rfv_pir) or a mask past v255 (rfv_pbr) is
 *    SI_DEC_UNKNOWN.
 */
#include "sicu/isa.h"

#include <string.h>

/* Does the 32-bit encoding of `op` carry a literal, given its src codes? */
static int needs_literal(const si_opinfo *d, unsigned op, const uint16_t *src)
{
    if (op == SI_OP_v_madmk_f32 || op == SI_OP_v_madak_f32 || op == SI_OP_s_setreg_imm32_b32)
        return 1;
    for (int i = 0; i < 2; i++)
        if (d->src[i] != 0 && src[i] == SI_SRC_LITERAL)
            return 1;
    return 0;
}

static int fail(si_inst *out, unsigned fmt, int code)
{
    out->op = SI_OP_INVALID;
    out->fmt = (uint8_t)fmt;
    return code;
}

/* the format and opcode field from the fixed bits of the first dword; two:
 * a 64-bit encoding.  -1: no SI format has these bits. */
static int detect_format(uint32_t w0, unsigned *fmt_out, unsigned *opc_out, int *two_out)
{
    unsigned fmt, opc;
    int two = 0;
    if ((w0 >> 31) == 0) {
        unsigned o = (w0 >> 25) & 0x3f;
        if (o == 0x3e) {
            fmt = SI_FMT_VOPC;
            opc = (w0 >> 17) & 0xff;
        } else if (o == 0x3f) {
            fmt = SI_FMT_VOP1;
            opc = (w0 >> 9) & 0xff;
        } else {
            fmt = SI_FMT_VOP2;
            opc = o;
        }
    } else if ((w0 >> 30) == 2) {
        unsigned hi9 = w0 >> 23;
        if (hi9 == 0x17d) {
            fmt = SI_FMT_SOP1;
            opc = (w0 >> 8) & 0xff;
        } else if (hi9 == 0x17e) {
            fmt = SI_FMT_SOPC;
            opc = (w0 >> 16) & 0x7f;
        } else if (hi9 == 0x17f) {
            fmt = SI_FMT_SOPP;
            opc = (w0 >> 16) & 0x7f;
        } else if ((w0 >> 28) == 0xb) {
            fmt = SI_FMT_SOPK;
            opc = (w0 >> 23) & 0x1f;
        } else {
            fmt = SI_FMT_SOP2;
            opc = (w0 >> 23) & 0x7f;
        }
    } else if ((w0 >> 27) == 0x18) {
        fmt = SI_FMT_SMRD;
        opc = (w0 >> 22) & 0x1f;
    } else {
        switch (w0 >> 26) {
        case 0x32: fmt = SI_FMT_VINTRP; opc = (w0 >> 16) & 3; break;
        case 0x34: fmt = SI_FMT_VOP3A; opc = (w0 >> 17) & 0x1ff; two = 1; break;
        case 0x36: fmt = SI_FMT_DS; opc = (w0 >> 18) & 0xff; two = 1; break;
        case 0x38: fmt = SI_FMT_MUBUF; opc = (w0 >> 18) & 0x7f; two = 1; break;
        case 0x3a: fmt = SI_FMT_MTBUF; opc = (w0 >> 16) & 0x7; two = 1; break;
        case 0x3c: fmt = SI_FMT_MIMG; opc = (w0 >> 18) & 0x7f; two = 1; break;
        case 0x3e: fmt = SI_FMT_EXP; opc = 0; two = 1; break;
        case SI_RFV_PREFIX: fmt = SI_FMT_RFV; opc = (w0 >> 24) & 3; two = 1; break;
        default: return -1;
        }
    }

    *fmt_out = fmt;
    *opc_out = opc;
    *two_out = two;
    return 0;
}

/* the operand fields of SOP2, SOP1, SOPC, SOPK, SOPP, SMRD encodings: 0 done, <0 SI_DEC_* error,
 * 1 not one of these formats */
static int decode_scalar_fields(si_inst *out, const si_opinfo *d, unsigned op, unsigned fmt, uint32_t w0, uint32_t w1)
{
    (void)d; (void)op; (void)w0; (void)w1;
    switch (fmt) {
    case SI_FMT_SOP2:
        if (d->dst)
            out->dst = (w0 >> 16) & 0x7f;
        out->src[0] = w0 & 0xff;
        out->src[1] = (w0 >> 8) & 0xff;
        break;
    case SI_FMT_SOP1:
        if (d->dst)
            out->dst = (w0 >> 16) & 0x7f;
        if (d->src[0])
            out->src[0] = w0 & 0xff;
        break;
    case SI_FMT_SOPC:
        out->src[0] = w0 & 0xff;
        out->src[1] = (w0 >> 8) & 0xff;
        break;
    case SI_FMT_SOPK:
        out->simm16 = (int16_t)(w0 & 0xffff);
        if (d->flags & F_SOPK_IMM_ONLY) {
            if (op == SI_OP_s_setreg_imm32_b32)
                out->src[1] = SI_SRC_LITERAL;
            else
                out->src[1] = (w0 >> 16) & 0x7f;
        } else {
            out->dst = (w0 >> 16) & 0x7f;
        }
        break;
    case SI_FMT_SOPP:
        out->simm16 = (int16_t)(w0 & 0xffff);
        break;
    case SI_FMT_SMRD:
        out->dst = (w0 >> 15) & 0x7f;
        out->sbase = (uint8_t)(((w0 >> 9) & 0x3f) * 2);
        out->smrd_imm = (w0 >> 8) & 1;
        out->smrd_off = w0 & 0xff;
        out->src[0] = out->sbase;
        if (!out->smrd_imm)
            out->src[1] = out->smrd_off;
        if (!d->dst)
            out->dst = 0;
        break;
    default:
        return 1;
    }
    return 0;
}

/* the operand fields of VOP2, VOP1, VOPC, VOP3 encodings: 0 done, <0 SI_DEC_* error,
 * 1 not one of these formats */
static int decode_vector_fields(si_inst *out, const si_opinfo *d, unsigned op, unsigned fmt, uint32_t w0, uint32_t w1)
{
    (void)d; (void)op; (void)w0; (void)w1;
    switch (fmt) {
    case SI_FMT_VOP2:
        out->src[0] = w0 & 0x1ff;
        if (d->flags & F_LANESEL) {
            /* readlane/writelane: VSRC1 holds a scalar lane select, and
             * readlane's VDST field names an SGPR. */
            out->src[1] = (w0 >> 9) & 0xff;
            out->dst = (d->flags & F_SDST) ? ((w0 >> 17) & 0xff) : (uint16_t)(256 + ((w0 >> 17) & 0xff));
        } else {
            out->src[1] = 256 + ((w0 >> 9) & 0xff);
            out->dst = 256 + ((w0 >> 17) & 0xff);
        }
        if (d->flags & F_MAC)
            out->src[2] = out->dst;
        else if (d->flags & F_RD_VCC)
            out->src[2] = SI_SRC_VCC_LO; /* v_cndmask, v_addc, v_subb* */
        if (d->flags & F_VOP3B)
            out->sdst = SI_SRC_VCC_LO;
        break;
    case SI_FMT_VOP1:
        if (d->src[0])
            out->src[0] = w0 & 0x1ff;
        if (d->dst)
            out->dst = (d->flags & F_SDST) ? ((w0 >> 17) & 0xff) : (uint16_t)(256 + ((w0 >> 17) & 0xff));
        break;
    case SI_FMT_VOPC:
        out->src[0] = w0 & 0x1ff;
        out->src[1] = 256 + ((w0 >> 9) & 0xff);
        out->dst = out->sdst = SI_SRC_VCC_LO;
        break;
    case SI_FMT_VOP3A: {
        /* The VOP3 encoding of a VOP1/VOP2/VOPC op, or a VOP3-only op. */
        int native3 = (d->fmt == SI_FMT_VOP3A || d->fmt == SI_FMT_VOP3B);
        int b = (d->fmt == SI_FMT_VOP3B) || (d->flags & F_VOP3B);
        out->vop3 = !native3;
        out->fmt = b ? SI_FMT_VOP3B : SI_FMT_VOP3A;
        unsigned vdst = w0 & 0xff;
        if (b) {
            out->sdst = (w0 >> 8) & 0x7f;
        } else {
            out->abs = (w0 >> 8) & 7;
            out->clamp = (w0 >> 11) & 1;
        }
        out->omod = (w1 >> 27) & 3;
        out->neg = (w1 >> 29) & 7;
        uint16_t s[3] = { w1 & 0x1ff, (w1 >> 9) & 0x1ff, (w1 >> 18) & 0x1ff };
        int nsrc = d->fmt == SI_FMT_VOP1 ? 1 : d->fmt == SI_FMT_VOPC ? 2 : d->fmt == SI_FMT_VOP2 ? 2 : 3;
        if (d->fmt == SI_FMT_VOP2 && (d->flags & (F_RD_VCC | F_MAC)))
            nsrc = 3; /* cndmask mask / carry-in / mac accumulator field */
        for (int i = 0; i < nsrc; i++) {
            int used = d->src[i] != 0 || (i == 2 && d->fmt == SI_FMT_VOP2);
            if (!used)
                continue;
            if (s[i] == SI_SRC_LITERAL)
                return fail(out, fmt, SI_DEC_UNKNOWN); /* no literal in VOP3 on SI */
            out->src[i] = s[i];
        }
        if (d->fmt == SI_FMT_VOPC)
            out->dst = out->sdst = (uint16_t)vdst;
        else if (d->flags & F_SDST)
            out->dst = (uint16_t)vdst;
        else if (d->dst)
            out->dst = (uint16_t)(256 + vdst);
        break;
    }
    default:
        return 1;
    }
    return 0;
}

/* the operand fields of DS, MUBUF, MTBUF, MIMG, EXP, VINTRP encodings: 0 done, <0 SI_DEC_* error,
 * 1 not one of these formats */
static int decode_memory_fields(si_inst *out, const si_opinfo *d, unsigned op, unsigned fmt, uint32_t w0, uint32_t w1)
{
    (void)d; (void)op; (void)w0; (void)w1;
    switch (fmt) {
    case SI_FMT_DS:
        out->gds = (w0 >> 17) & 1;
        if (d->flags & F_2ADDR) {
            out->offset = w0 & 0xff;
            out->offset1 = (w0 >> 8) & 0xff;
        } else {
            out->offset = w0 & 0xffff;
        }
        out->vaddr = 256 + (w1 & 0xff);
        out->vdata = 256 + ((w1 >> 8) & 0xff);
        out->data1 = 256 + ((w1 >> 16) & 0xff);
        if (d->src[0])
            out->src[0] = out->vaddr;
        if (d->src[1])
            out->src[1] = out->vdata;
        if (d->src[2])
            out->src[2] = out->data1;
        if (d->dst)
            out->dst = 256 + ((w1 >> 24) & 0xff);
        break;
    case SI_FMT_MUBUF:
    case SI_FMT_MTBUF:
        out->offset = w0 & 0xfff;
        out->offen = (w0 >> 12) & 1;
        out->idxen = (w0 >> 13) & 1;
        out->glc = (w0 >> 14) & 1;
        out->addr64 = (w0 >> 15) & 1;
        if (fmt == SI_FMT_MUBUF) {
            out->lds = (w0 >> 16) & 1;
        } else {
            out->dfmt = (w0 >> 19) & 0xf;
            out->nfmt = (w0 >> 23) & 0x7;
        }
        out->vaddr = 256 + (w1 & 0xff);
        out->vdata = 256 + ((w1 >> 8) & 0xff);
        out->srsrc = (uint8_t)(((w1 >> 16) & 0x1f) * 4);
        out->slc = (w1 >> 22) & 1;
        out->tfe = (w1 >> 23) & 1;
        out->soffset = (w1 >> 24) & 0xff;
        if (d->src[0])
            out->src[0] = out->vaddr;
        if (d->src[1])
            out->src[1] = out->vdata;
        if (d->src[2])
            out->src[2] = out->srsrc;
        if (d->dst)
            out->dst = out->vdata;
        break;
    case SI_FMT_MIMG:
        out->glc = (w0 >> 13) & 1;
        out->slc = (w0 >> 25) & 1;
        out->tfe = (w0 >> 16) & 1;
        out->vaddr = 256 + (w1 & 0xff);
        out->vdata = 256 + ((w1 >> 8) & 0xff);
        out->srsrc = (uint8_t)(((w1 >> 16) & 0x1f) * 4);
        out->src[0] = out->vaddr;
        out->src[2] = out->srsrc;
        if (d->dst)
            out->dst = out->vdata;
        if (d->src[1])
            out->src[1] = out->vdata;
        break;
    case SI_FMT_EXP:
        out->src[0] = 256 + (w1 & 0xff);
        break;
    case SI_FMT_RFV: {
        /* sicu metadata: no operands; reserved payload bits must be zero */
        uint64_t p = ((uint64_t)w1 << 24) | (w0 & 0xffffffu);
        if (op == SI_OP_rfv_pir && (p >> (3 * SI_RFV_PIR_SLOTS)))
            return fail(out, fmt, SI_DEC_UNKNOWN);
        if (op == SI_OP_rfv_pbr && (p >> 8) && (p & 0xff) + (63 - __builtin_clzll(p >> 8)) > 255)
            return fail(out, fmt, SI_DEC_UNKNOWN);
        break;
    }
    case SI_FMT_VINTRP:
        out->dst = 256 + ((w0 >> 18) & 0xff);
        out->src[0] = (op == SI_OP_v_interp_mov_f32) ? (w0 & 0xff) : 256 + (w0 & 0xff);
        out->offset = (w0 >> 10) & 0x3f; /* attribute */
        out->offset1 = (w0 >> 8) & 3;    /* channel */
        break;
    default:
        return 1;
    }
    return 0;
}

int si_decode(const uint32_t *words, size_t nwords, si_inst *out)
{
    memset(out, 0, sizeof(*out));
    out->op = SI_OP_INVALID;
    out->fmt = SI_FMT_COUNT;
    if (nwords < 1 || !words)
        return SI_DEC_TRUNCATED;

    const uint32_t w0 = words[0];
    out->w0 = w0;
    uint32_t w1 = 0;
    unsigned fmt, opc;
    int two = 0; /* 64-bit encoding */

    /* ---- format detection from the fixed bits ---- */
    if (detect_format(w0, &fmt, &opc, &two) < 0)
        return fail(out, SI_FMT_COUNT, SI_DEC_UNKNOWN);

    unsigned op = si_lookup(fmt, opc);
    if (op == SI_OP_INVALID)
        return fail(out, fmt, SI_DEC_UNKNOWN);
    const si_opinfo *d = &si_ops[op];

    if (two) {
        if (nwords < 2)
            return fail(out, fmt, SI_DEC_TRUNCATED);
        w1 = words[1];
    }

    out->op = (uint16_t)op;
    out->fmt = (uint8_t)fmt;
    out->w0 = w0;
    out->w1 = w1;
    out->size = two ? 8 : 4;

    /* ---- operand fields, per format group ---- */
    int rc = decode_scalar_fields(out, d, op, fmt, w0, w1);
    if (rc == 1)
        rc = decode_vector_fields(out, d, op, fmt, w0, w1);
    if (rc == 1)
        rc = decode_memory_fields(out, d, op, fmt, w0, w1);
    if (rc == 1)
        return fail(out, fmt, SI_DEC_UNKNOWN);
    if (rc < 0)
        return rc;

    /* Literal dword of 32-bit SOP2/SOP1/SOPC/SOPK/VOP1/VOP2/VOPC encodings. */
    if (out->size == 4 && fmt <= SI_FMT_VOPC && fmt != SI_FMT_SOPP && fmt != SI_FMT_SMRD &&
        needs_literal(d, op, out->src)) {
        if (nwords < 2)
            return fail(out, fmt, SI_DEC_TRUNCATED);
        out->lit = words[1];
        out->has_lit = 1;
        out->size = 8;
    }
    return out->size;
}
