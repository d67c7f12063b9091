/* sicu: instruction descriptor table and fast (format, opcode) lookup.
 *
 * si_ops[] is expanded from the X-macro table sw/isa/si_isa.def.  The
 * per-format lookup arrays are filled once, at load time, by a
 * constructor (so look-ups never race on lazy initialisation).
 */
#include "sicu/isa.h"

#include <string.h>

const si_opinfo si_ops[SI_OP_COUNT] = {
#define INST(name, fmt, opc, dst, s0, s1, s2, flags) \
    { #name, SI_FMT_##fmt, (opc), (dst), { (s0), (s1), (s2) }, (uint32_t)(flags) },
#include "isa/si_isa.def"
#undef INST
};

static const char *const fmt_names[SI_FMT_COUNT] = {
    [SI_FMT_SOP2] = "SOP2",   [SI_FMT_SOPK] = "SOPK",   [SI_FMT_SOP1] = "SOP1",
    [SI_FMT_SOPC] = "SOPC",   [SI_FMT_SOPP] = "SOPP",   [SI_FMT_SMRD] = "SMRD",
    [SI_FMT_VOP2] = "VOP2",   [SI_FMT_VOP1] = "VOP1",   [SI_FMT_VOPC] = "VOPC",
    [SI_FMT_VOP3A] = "VOP3A", [SI_FMT_VOP3B] = "VOP3B", [SI_FMT_DS] = "DS",
    [SI_FMT_MUBUF] = "MUBUF", [SI_FMT_MTBUF] = "MTBUF", [SI_FMT_MIMG] = "MIMG",
    [SI_FMT_EXP] = "EXP",     [SI_FMT_VINTRP] = "VINTRP", [SI_FMT_RFV] = "RFV",
};

const char *si_fmt_name(unsigned fmt)
{
    return fmt < SI_FMT_COUNT ? fmt_names[fmt] : "?";
}

/* Size of each format's opcode space (number of opcode values). */
static const uint16_t op_space[SI_FMT_COUNT] = {
    [SI_FMT_SOP2] = 128, [SI_FMT_SOPK] = 32,  [SI_FMT_SOP1] = 256, [SI_FMT_SOPC] = 128,
    [SI_FMT_SOPP] = 128, [SI_FMT_SMRD] = 32,  [SI_FMT_VOP2] = 64,  [SI_FMT_VOP1] = 256,
    [SI_FMT_VOPC] = 256, [SI_FMT_VOP3A] = 512, [SI_FMT_VOP3B] = 512, [SI_FMT_DS] = 256,
    [SI_FMT_MUBUF] = 128, [SI_FMT_MTBUF] = 8, [SI_FMT_MIMG] = 128, [SI_FMT_EXP] = 1,
    [SI_FMT_VINTRP] = 4, [SI_FMT_RFV] = 4,
};

/* One flat array; VOP3A and VOP3B share a single 512-entry VOP3 space. */
#define VOP3_SPACE 512
static uint16_t lut_sop2[128], lut_sopk[32], lut_sop1[256], lut_sopc[128], lut_sopp[128],
    lut_smrd[32], lut_vop2[64], lut_vop1[256], lut_vopc[256], lut_vop3[VOP3_SPACE], lut_ds[256],
    lut_mubuf[128], lut_mtbuf[8], lut_mimg[128], lut_exp[1], lut_vintrp[4], lut_rfv[4];

static uint16_t *const luts[SI_FMT_COUNT] = {
    [SI_FMT_SOP2] = lut_sop2,   [SI_FMT_SOPK] = lut_sopk,   [SI_FMT_SOP1] = lut_sop1,
    [SI_FMT_SOPC] = lut_sopc,   [SI_FMT_SOPP] = lut_sopp,   [SI_FMT_SMRD] = lut_smrd,
    [SI_FMT_VOP2] = lut_vop2,   [SI_FMT_VOP1] = lut_vop1,   [SI_FMT_VOPC] = lut_vopc,
    [SI_FMT_VOP3A] = lut_vop3,  [SI_FMT_VOP3B] = lut_vop3,  [SI_FMT_DS] = lut_ds,
    [SI_FMT_MUBUF] = lut_mubuf, [SI_FMT_MTBUF] = lut_mtbuf, [SI_FMT_MIMG] = lut_mimg,
    [SI_FMT_EXP] = lut_exp,     [SI_FMT_VINTRP] = lut_vintrp, [SI_FMT_RFV] = lut_rfv,
};

static int luts_ready;

static void si_isa_init(void)
{
    for (unsigned f = 0; f < SI_FMT_COUNT; f++)
        for (unsigned i = 0; i < op_space[f]; i++)
            luts[f][i] = SI_OP_INVALID;
    for (unsigned op = 0; op < SI_OP_COUNT; op++) {
        const si_opinfo *d = &si_ops[op];
        if (d->opcode < op_space[d->fmt])
            luts[d->fmt][d->opcode] = (uint16_t)op;
        /* VOP3 encodings of VOP1/VOP2/VOPC ops. */
        if (d->flags & F_NOVOP3)
            continue;
        unsigned v3 = VOP3_SPACE;
        if (d->fmt == SI_FMT_VOPC)
            v3 = d->opcode;
        else if (d->fmt == SI_FMT_VOP2)
            v3 = 0x100 + d->opcode;
        else if (d->fmt == SI_FMT_VOP1)
            v3 = 0x180 + d->opcode;
        if (v3 < VOP3_SPACE)
            lut_vop3[v3] = (uint16_t)op;
    }
    luts_ready = 1;
}

__attribute__((constructor)) static void si_isa_ctor(void)
{
    si_isa_init();
}

unsigned si_lookup(unsigned fmt, unsigned opcode)
{
    if (fmt >= SI_FMT_COUNT || opcode >= op_space[fmt])
        return SI_OP_INVALID;
    if (!luts_ready)
        si_isa_init();
    return luts[fmt][opcode];
}

unsigned si_dst_dwords(const si_inst *in)
{
    if (in->op >= SI_OP_COUNT)
        return 0;
    const si_opinfo *d = &si_ops[in->op];
    unsigned w = SI_OPK_W(d->dst);
    switch (d->fmt) {
    case SI_FMT_MUBUF:
    case SI_FMT_MTBUF:
        if (in->lds)
            return 0; /* data goes to LDS, no VGPR written */
        if ((d->flags & F_ATOMIC) && !in->glc)
            return 0; /* atomics return the pre-op value only with GLC */
        return w ? w + (in->tfe ? 1u : 0u) : 0;
    default:
        return w;
    }
}

unsigned si_src_dwords(const si_inst *in, unsigned slot)
{
    if (in->op >= SI_OP_COUNT || slot > 2)
        return 0;
    const si_opinfo *d = &si_ops[in->op];
    unsigned w = SI_OPK_W(d->src[slot]);
    switch (d->fmt) {
    case SI_FMT_MUBUF:
    case SI_FMT_MTBUF:
        if (slot == 0) /* vaddr: what ADDR64, IDXEN and OFFEN make the unit read */
            return in->addr64 ? 2 : (in->idxen && in->offen) ? 2 : (in->idxen || in->offen) ? 1 : 0;
        if (slot == 1 && in->lds)
            return 0; /* loads into LDS read no data */
        return w;
    default:
        return w;
    }
}

int si_op_reads_dst(unsigned op)
{
    if (op >= SI_OP_COUNT)
        return 0;
    if (si_ops[op].flags & F_MAC)
        return 1;
    switch (op) {
#define DSTREAD(n) case SI_OP_##n:
#include "isa/dstread.def"
#undef DSTREAD
        return 1;
    default:
        return 0;
    }
}

/* ------------------------------------------------------------------ memory-op attributes */
static const si_memattr memattr[SI_OP_COUNT] = {
#define MEMOP(n, k, sz, sx, s64, a, r, nc, tb) [SI_OP_##n] = {SI_MK_##k, sz, sx, s64, SI_AOP_##a, r, nc, tb},
#include "isa/memop.def"
#undef MEMOP
};

const si_memattr *si_op_mem(unsigned op)
{
    return op < SI_OP_COUNT && memattr[op].kind != SI_MK_NONE ? &memattr[op] : NULL;
}

unsigned si_op_rate(unsigned op)
{
    if (op >= SI_OP_COUNT || !(si_ops[op].flags & F_VALU))
        return SI_RATE_NONE;
    if (si_ops[op].flags & (F_TRANS | F_DP))
        return SI_RATE_QUARTER;
    switch (op) {
    case SI_OP_v_mul_lo_u32: case SI_OP_v_mul_hi_u32: case SI_OP_v_mul_lo_i32: case SI_OP_v_mul_hi_i32:
    case SI_OP_v_qsad_u8: case SI_OP_v_mqsad_pk_u16_u8:   /* 16 cycles on GCN1 (CLRX GcnTimings) */
        return SI_RATE_QUARTER;
    default:
        return SI_RATE_FULL;
    }
}

const char *si_memkind_name(unsigned kind)
{
    static const char *const names[] = {
#define MEMKIND(n) #n,
#include "isa/memkinds.def"
#undef MEMKIND
    };
    return kind < SI_MK_COUNT ? names[kind] : "?";
}

const char *si_aop_name(unsigned aop)
{
    static const char *const names[] = {
#define AOP(n) #n,
#include "isa/aops.def"
#undef AOP
    };
    return aop < SI_AOP_COUNT ? names[aop] : "?";
}
