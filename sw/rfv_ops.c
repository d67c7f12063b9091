/* sicu: the VGPRs an instruction reads and writes (sicu/rfv.h), for the
 * register-file-virtualization pass and the emulator's poison mode.
 *
 * Widths come from the instruction table's operand kinds (SI_OPK_W) and,
 * where the encoding decides them, from si_src_dwords / si_dst_dwords
 * (buffer vaddr, TFE, GLC on atomics, loads into LDS).  No opcode lists:
 * the special cases are table flags and the companion table
 * sw/isa/dstread.def -
 *   si_op_reads_dst the destination is also read (F_MAC's accumulator, the
 *                   bytes v_cvt_pkaccum_u8_f32 keeps): slot 2;
 *   F_LANESEL       v_writelane writes one lane of its VGPR: a partial write;
 *   F_VALU|F_RD_M0  the v_movrel* ops index VGPRs by M0: every VGPR from the
 *                   operand up to the allocation may be read / written.
 */
#include "sicu/rfv.h"

#include <stdio.h>
#include <string.h>

char *si_vset_str(const si_vset *s, char *buf, size_t len)
{
    size_t pos = 0;
    if (!len)
        return buf;
    buf[0] = 0;
    for (unsigned r = 0; r < 256; r++) {
        if (!si_vset_has(s, r))
            continue;
        unsigned e = r;
        while (e + 1 < 256 && si_vset_has(s, e + 1))
            e++;
        int n = e == r ? snprintf(buf + pos, len - pos, "%sv%u", pos ? " " : "", r)
                       : snprintf(buf + pos, len - pos, "%sv[%u:%u]", pos ? " " : "", r, e);
        if (n < 0 || (size_t)n >= len - pos) {
            buf[len - 1] = 0;
            return buf;
        }
        pos += (size_t)n;
        r = e;
    }
    return buf;
}

static void set_slot(si_vgpr_ops *o, unsigned j, unsigned code, unsigned n)
{
    if (code < SI_SRC_VGPR0 || n == 0)
        return;
    o->slot_first[j] = (uint16_t)(code - SI_SRC_VGPR0);
    o->slot_n[j] = (uint8_t)n;
    si_vset_add_range(&o->use, code - SI_SRC_VGPR0, n);
}

static void set_def(si_vgpr_ops *o, unsigned code, unsigned n)
{
    if (code >= SI_SRC_VGPR0 && n)
        si_vset_add_range(&o->def, code - SI_SRC_VGPR0, n);
}

/* VOP1/VOP2/VOPC/VOP3 in either encoding. */
static void valu_ops(const si_inst *in, const si_opinfo *d, unsigned nvgpr, si_vgpr_ops *o)
{
    for (unsigned j = 0; j < 3; j++)
        if (d->src[j])
            set_slot(o, j, in->src[j], SI_OPK_W(d->src[j]));
    if (si_op_reads_dst(in->op)) { /* the accumulator / the kept bytes: the destination */
        o->slot_n[2] = 0;
        set_slot(o, 2, in->dst, SI_OPK_W(d->dst));
    }
    unsigned writes_vgpr = d->dst && !(d->flags & F_SDST) && d->fmt != SI_FMT_VOPC && in->dst >= SI_SRC_VGPR0;
    if ((d->flags & F_RD_M0) && !(d->flags & F_GRAPHICS)) {
        /* v_movrels/v_movreld/v_movrelsd: the VGPR actually accessed is the
         * operand + M0, unknown here */
        o->indexed = 1;
        memset(&o->use, 0, sizeof o->use);
        memset(o->slot_n, 0, sizeof o->slot_n);
        if (in->src[0] >= SI_SRC_VGPR0 && (unsigned)(in->src[0] - SI_SRC_VGPR0) < nvgpr)
            si_vset_add_range(&o->use, in->src[0] - SI_SRC_VGPR0, nvgpr - (in->src[0] - SI_SRC_VGPR0));
        if (writes_vgpr && (unsigned)(in->dst - SI_SRC_VGPR0) < nvgpr) {
            si_vset_add_range(&o->def, in->dst - SI_SRC_VGPR0, nvgpr - (in->dst - SI_SRC_VGPR0));
            o->partial = 1;
        }
        return;
    }
    if (writes_vgpr) {
        set_def(o, in->dst, si_dst_dwords(in));
        if (d->flags & F_LANESEL)
            o->partial = 1; /* v_writelane: one lane */
    }
}

void si_vgpr_ops_of(const si_inst *in, unsigned nvgpr, si_vgpr_ops *o)
{
    memset(o, 0, sizeof *o);
    if (in->op >= SI_OP_COUNT)
        return;
    const si_opinfo *d = &si_ops[in->op];
    if (d->flags & F_GRAPHICS)
        return;
    switch (d->fmt) {
    case SI_FMT_VOP1: case SI_FMT_VOP2: case SI_FMT_VOPC: case SI_FMT_VOP3A: case SI_FMT_VOP3B:
        valu_ops(in, d, nvgpr, o);
        break;
    case SI_FMT_DS:
        for (unsigned j = 0; j < 3; j++)
            if (d->src[j])
                set_slot(o, j, in->src[j], SI_OPK_W(d->src[j]));
        if (d->dst)
            set_def(o, in->dst, si_dst_dwords(in));
        break;
    case SI_FMT_MUBUF: case SI_FMT_MTBUF:
        if (d->src[0])
            set_slot(o, 0, in->vaddr, si_src_dwords(in, 0));
        if (d->src[1])
            set_slot(o, 1, in->vdata, si_src_dwords(in, 1));
        set_def(o, in->vdata, si_dst_dwords(in));
        break;
    default:
        break; /* scalar formats, SMRD, RFV metadata: no VGPRs */
    }
}
