/* sicu: generate the Verilog ISA header for the RTL from the ISA table.
 *
 *   gcc -std=gnu11 -Wall -Wextra -Isw/include -o build/gen/gen_rtl_header \
 *       sw/gen/gen_rtl_header.c sw/isa.c
 *   build/gen/gen_rtl_header > build/gen/si_isa.vh
 *
 * The header is meant to be `include'd inside a module (it declares
 * localparams and functions):
 *   SI_FMT_*            encoding formats (enum si_fmt)
 *   SI_F_*              flag bits (enum si_flag)
 *   SI_K_*              operand kinds (width in [4:0], class in [7:5])
 *   SI_OP_<NAME>        op index (enum si_op), SI_OP_COUNT, SI_OP_INVALID
 *   SI_OPC_<NAME>       native opcode field value
 *   si_op_fmt(op), si_op_flags(op), si_op_opcode(op), si_op_dst_kind(op),
 *   si_op_src_kind(op, i)   per-op table look-ups
 *
 * With --bundle it writes the decoded-bundle and operand-packet field macros
 * instead (build/gen/sicu_bundle.vh, from sw/isa/bundle.def,
 * sw/isa/op_packet.def) and the fault codes (sw/isa/faults.def).
 */
#include "sicu/isa.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

#define MA_W 24   /* bits of si_op_mem(op): {tbuf, ncomp[3], rtn, aop[5], st64, sext, size[7], kind[5]} */

static void upper(char *dst, const char *src, size_t n)
{
    size_t i;
    for (i = 0; src[i] && i + 1 < n; i++)
        dst[i] = (char)toupper((unsigned char)src[i]);
    dst[i] = 0;
}

/* the decoded bundle: `DI_<NAME> bit ranges and widths from sw/isa/bundle.def */
static int bundle_header(void)
{
    static const struct { const char *feat, *name; unsigned w; const char *doc; } f[] = {
#define FIELD(n, w, d) { NULL, #n, w, d },
#define FIELD_IF(feat, n, w, d) { #feat, #n, w, d },
#include "../isa/bundle.def"
#undef FIELD
#undef FIELD_IF
    };
    unsigned lo = 0;
    printf("// Generated from sw/isa/bundle.def by sw/gen/gen_rtl_header.c --bundle - do not edit.\n");
    printf("// The decoded-instruction bundle: `DI_<FIELD> (bit range), `DI_<FIELD>_W (width),\n");
    printf("// `DI_<FIELD>_LO (lowest bit: a field of bundle k in a flat vector is [k*`DI_W + `DI_<FIELD>_LO +: `DI_<FIELD>_W]), `DI_W.\n");
    printf("// A feature's fields follow the others, only when the configuration has it on.\n");
    printf("`ifndef SICU_BUNDLE_VH\n`define SICU_BUNDLE_VH\n");
    for (unsigned i = 0; i < sizeof f / sizeof f[0]; i++) {
        if (f[i].feat)
            continue;
        if (f[i].w == 1)
            printf("`define DI_%-9s %u", f[i].name, lo);
        else
            printf("`define DI_%-9s %u:%u", f[i].name, lo + f[i].w - 1, lo);
        printf("%s%s\n", f[i].doc[0] ? "    // " : "", f[i].doc);
        printf("`define DI_%s_W %u\n", f[i].name, f[i].w);
        printf("`define DI_%s_LO %u\n", f[i].name, lo);
        lo += f[i].w;
    }
    printf("`define DI_W_BASE %u\n", lo);
    /* a feature's field: above the base and the fields before it whose
     * feature is on (`DI_<NAME>_FW: its width, 0 when off) */
    const char *fprev = NULL;
    for (unsigned i = 0; i < sizeof f / sizeof f[0]; i++) {
        if (!f[i].feat)
            continue;
        printf("`ifdef SICU_FEAT_%s\n`define DI_%s_FW %u\n`else\n`define DI_%s_FW 0\n`endif\n", f[i].feat,
               f[i].name, f[i].w, f[i].name);
        if (fprev)
            printf("`define DI_%s_LO (`DI_%s_LO + `DI_%s_FW)\n", f[i].name, fprev, fprev);
        else
            printf("`define DI_%s_LO (`DI_W_BASE)\n", f[i].name);
        printf("`define DI_%s_W %u\n", f[i].name, f[i].w);
        printf("`define DI_%-9s (`DI_%s_LO + %u):(`DI_%s_LO)    // (%s) %s\n", f[i].name, f[i].name, f[i].w - 1,
               f[i].name, f[i].feat, f[i].doc);
        fprev = f[i].name;
    }
    if (fprev)
        printf("`define DI_W (`DI_%s_LO + `DI_%s_FW)\n\n", fprev, fprev);
    else
        printf("`define DI_W `DI_W_BASE\n\n");

    static const struct { const char *name, *w, *doc; } p[] = {
#define PKT(n, w, d) { #n, #w, d },
#include "../isa/op_packet.def"
#undef PKT
    };
    printf("// The operand packet (sw/isa/op_packet.def): `OPK_<FIELD> (part select of the\n");
    printf("// packet), `OPK_<FIELD>_W, `OPK_<FIELD>_LO, `OPK_W; widths use the units'\n");
    printf("// parameters WW, SAW, VAW, LAW.\n");
    const char *prev = NULL;
    for (unsigned i = 0; i < sizeof p / sizeof p[0]; i++) {
        printf("`define OPK_%s_W (%s)\n", p[i].name, p[i].w);
        if (prev)
            printf("`define OPK_%s_LO (`OPK_%s_LO + `OPK_%s_W)\n", p[i].name, prev, prev);
        else
            printf("`define OPK_%s_LO 0\n", p[i].name);
        printf("`define OPK_%s (`OPK_%s_LO + `OPK_%s_W - 1):(`OPK_%s_LO)%s%s\n", p[i].name, p[i].name, p[i].name,
               p[i].name, p[i].doc[0] ? "    // " : "", p[i].doc);
        prev = p[i].name;
    }
    printf("`define OPK_W (`OPK_%s_LO + `OPK_%s_W)\n\n", prev, prev);

    static const struct { const char *name; unsigned code; } flt[] = {
#define FAULT(n, c, m) { #n, c },
#include "../isa/faults.def"
#undef FAULT
    };
    printf("// Memory-op attributes: fields of si_op_mem(op) (si_isa.vh, sw/isa/memop.def)\n");
    printf("`define MA_KIND 4:0\n`define MA_SIZE 11:5\n`define MA_SEXT 12\n`define MA_ST64 13\n");
    printf("`define MA_AOP 18:14\n`define MA_RTN 19\n`define MA_NCOMP 22:20\n`define MA_TBUF 23\n`define MA_W %u\n\n", MA_W);
    printf("// Fault codes (sw/isa/faults.def)\n");
    for (unsigned i = 0; i < sizeof flt / sizeof flt[0]; i++)
        printf("`define FLT_%s 4'd%u\n", flt[i].name, flt[i].code);
    printf("`endif\n");
    return 0;
}

int main(int argc, char **argv)
{
    if (argc == 2 && !strcmp(argv[1], "--bundle"))
        return bundle_header();
    if (argc != 1) {
        fprintf(stderr, "usage: gen_rtl_header [--bundle] > FILE.vh\n");
        return 2;
    }
    static const struct { const char *name; uint32_t bit; } flags[] = {
#define FL(x) { #x, (uint32_t)F_##x }
        FL(SALU), FL(VALU), FL(SMEM), FL(VMEM), FL(LDS), FL(BRANCH), FL(RD_VCC), FL(WR_VCC),
        FL(RD_SCC), FL(WR_SCC), FL(RD_EXEC), FL(WR_EXEC), FL(RD_M0), FL(WR_M0), FL(LOAD), FL(STORE),
        FL(ATOMIC), FL(RTN), FL(GRAPHICS), FL(TRANS), FL(DP), FL(VOP3B), FL(CMPX), FL(NOVOP3),
        FL(SOPK_IMM_ONLY), FL(BARRIER), FL(WAITCNT), FL(ENDPGM), FL(2ADDR), FL(LANESEL), FL(SDST), FL(MAC),
#undef FL
    };
    static const struct { const char *name; unsigned v; } kinds[] = {
        { "NONE", K_NONE }, { "B32", K_B32 }, { "U32", K_U32 }, { "I32", K_I32 }, { "F32", K_F32 },
        { "B64", K_B64 },   { "U64", K_U64 }, { "I64", K_I64 }, { "F64", K_F64 }, { "B96", K_B96 },
        { "B128", K_B128 }, { "B256", K_B256 }, { "B512", K_B512 },
    };
    char nm[64];

    printf("// Generated from sw/isa/si_isa.def by sw/gen/gen_rtl_header.c - do not edit.\n");
    printf("// `include inside a module.\n");
    printf("// No include guard: every module that needs these declarations includes it.\n");
    printf("// Each module uses only some of these constants, hence the lint waiver.\n");
    printf("/* verilator lint_off UNUSEDPARAM */\n\n");

    printf("// ---- encoding formats\n");
    for (unsigned f = 0; f < SI_FMT_COUNT; f++)
        printf("localparam [4:0] SI_FMT_%s = 5'd%u;\n", si_fmt_name(f), f);
    printf("localparam [4:0] SI_FMT_COUNT = 5'd%u;\n\n", (unsigned)SI_FMT_COUNT);

    printf("// ---- flags\n");
    for (unsigned i = 0; i < sizeof(flags) / sizeof(flags[0]); i++)
        printf("localparam [31:0] SI_F_%s = 32'h%08x;\n", flags[i].name, flags[i].bit);
    printf("\n// ---- operand kinds: [4:0] width in dwords, [7:5] class (1 B, 2 U, 3 I, 4 F)\n");
    for (unsigned i = 0; i < sizeof(kinds) / sizeof(kinds[0]); i++)
        printf("localparam [7:0] SI_K_%s = 8'h%02x;\n", kinds[i].name, kinds[i].v);

    printf("\n// ---- op index (enum si_op)\n");
    printf("localparam integer SI_OP_COUNT = %u;\n", (unsigned)SI_OP_COUNT);
    printf("localparam [9:0] SI_OP_INVALID = 10'h3ff;\n");
    for (unsigned op = 0; op < SI_OP_COUNT; op++) {
        upper(nm, si_ops[op].name, sizeof nm);
        printf("localparam [9:0] SI_OP_%s = 10'd%u;\n", nm, op);
    }
    printf("\n// ---- native opcode field values\n");
    for (unsigned op = 0; op < SI_OP_COUNT; op++) {
        upper(nm, si_ops[op].name, sizeof nm);
        printf("localparam [8:0] SI_OPC_%s = 9'h%03x;\n", nm, si_ops[op].opcode);
    }

    printf("\n// ---- per-op table\n");
    printf("function automatic [4:0] si_op_fmt(input [9:0] si_opi);\n  case (si_opi)\n");
    for (unsigned op = 0; op < SI_OP_COUNT; op++)
        printf("    10'd%u: si_op_fmt = SI_FMT_%s;\n", op, si_fmt_name(si_ops[op].fmt));
    printf("    default: si_op_fmt = SI_FMT_COUNT;\n  endcase\nendfunction\n\n");

    printf("function automatic [8:0] si_op_opcode(input [9:0] si_opi);\n  case (si_opi)\n");
    for (unsigned op = 0; op < SI_OP_COUNT; op++)
        printf("    10'd%u: si_op_opcode = 9'h%03x;\n", op, si_ops[op].opcode);
    printf("    default: si_op_opcode = 9'h000;\n  endcase\nendfunction\n\n");

    printf("function automatic [31:0] si_op_flags(input [9:0] si_opi);\n  case (si_opi)\n");
    for (unsigned op = 0; op < SI_OP_COUNT; op++)
        printf("    10'd%u: si_op_flags = 32'h%08x;\n", op, si_ops[op].flags);
    printf("    default: si_op_flags = 32'h00000000;\n  endcase\nendfunction\n\n");

    printf("// quarter-rate VALU ops (si_op_rate(), sw/isa.c): 16 cycles per wave instruction on a SIMD16\n");
    printf("function automatic si_op_qrate(input [9:0] si_opi);\n  case (si_opi)\n");
    for (unsigned op = 0; op < SI_OP_COUNT; op++)
        if (si_op_rate(op) == SI_RATE_QUARTER)
            printf("    10'd%u: si_op_qrate = 1'b1;   // %s\n", op, si_ops[op].name);
    printf("    default: si_op_qrate = 1'b0;\n  endcase\nendfunction\n\n");

    printf("function automatic [7:0] si_op_dst_kind(input [9:0] si_opi);\n  case (si_opi)\n");
    for (unsigned op = 0; op < SI_OP_COUNT; op++)
        printf("    10'd%u: si_op_dst_kind = 8'h%02x;\n", op, si_ops[op].dst);
    printf("    default: si_op_dst_kind = 8'h00;\n  endcase\nendfunction\n\n");

    printf("function automatic [7:0] si_op_src_kind(input [9:0] si_opi, input [1:0] si_srci);\n  case ({si_opi, si_srci})\n");
    for (unsigned op = 0; op < SI_OP_COUNT; op++)
        for (unsigned i = 0; i < 3; i++)
            if (si_ops[op].src[i])
                printf("    {10'd%u, 2'd%u}: si_op_src_kind = 8'h%02x;\n", op, i, si_ops[op].src[i]);
    printf("    default: si_op_src_kind = 8'h00;\n  endcase\nendfunction\n\n");

    /* Decoder look-up: (format, opcode field) -> op index, exactly as
     * si_lookup() (VOP3A covers the VOP3 forms of VOP1/VOP2/VOPC). */
    printf("function automatic [9:0] si_lookup(input [4:0] si_fmti, input [8:0] si_opci);\n  case ({si_fmti, si_opci})\n");
    for (unsigned f = 0; f < SI_FMT_COUNT; f++)
        for (unsigned opc = 0; opc < 512; opc++) {
            unsigned op = si_lookup(f, opc);
            if (op != SI_OP_INVALID)
                printf("    {5'd%u, 9'h%03x}: si_lookup = 10'd%u;\n", f, opc, op);
        }
    printf("    default: si_lookup = SI_OP_INVALID;\n  endcase\nendfunction\n\n");

    /* memory-op attributes (sw/isa/memop.def): SI_AOP_*, SI_MK_* and the
     * per-op look-up, fields `MA_* (sicu_bundle.vh) */
    printf("// ---- memory-op attributes (sw/isa/memop.def, sw/isa/aops.def)\n");
    for (unsigned a2 = 0; a2 < SI_AOP_COUNT; a2++)
        printf("localparam [4:0] SI_AOP_%s = 5'd%u;\n", si_aop_name(a2), a2);
    _Static_assert(SI_MK_COUNT <= 32 && SI_AOP_COUNT <= 32, "MA_KIND / MA_AOP are 5 bits");
    for (unsigned k = 0; k < SI_MK_COUNT; k++)
        printf("localparam [4:0] SI_MK_%s = 5'd%u;\n", si_memkind_name(k), k);
    printf("function automatic [%u:0] si_op_mem(input [9:0] si_opi);\n  case (si_opi)\n", MA_W - 1);
    for (unsigned op = 0; op < SI_OP_COUNT; op++) {
        const si_memattr *m = si_op_mem(op);
        if (m)
            printf("    10'd%u: si_op_mem = {1'b%u, 3'd%u, 1'b%u, 5'd%u, 1'b%u, 1'b%u, 7'd%u, 5'd%u};   // %s\n", op,
                   m->tbuf, m->ncomp, m->rtn, m->aop, m->st64, m->sext, m->size, m->kind, si_ops[op].name);
    }
    printf("    default: si_op_mem = %u'd0;\n  endcase\nendfunction\n\n", MA_W);


    printf("/* verilator lint_on UNUSEDPARAM */\n");
    return 0;
}
