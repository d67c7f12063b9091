/* sicu: Southern Islands (gfx6) instruction set description.
 *
 * The single source of truth for opcodes is sw/isa/si_isa.def (an X-macro
 * table).  This header turns it into an enum, a descriptor table, and the
 * decoded-instruction structure shared by the decoder, the disassembler,
 * the emulator, the statistics and the RTL header generator.
 */
#ifndef SICU_ISA_H
#define SICU_ISA_H

#include <stddef.h>
#include <stdint.h>

/* ---------------------------------------------------------------------
 * Encoding formats.
 * ------------------------------------------------------------------- */
enum si_fmt {
    SI_FMT_SOP2,
    SI_FMT_SOPK,
    SI_FMT_SOP1,
    SI_FMT_SOPC,
    SI_FMT_SOPP,
    SI_FMT_SMRD,
    SI_FMT_VOP2,
    SI_FMT_VOP1,
    SI_FMT_VOPC,
    SI_FMT_VOP3A, /* VOP3-only instructions with abs/clamp/omod/neg      */
    SI_FMT_VOP3B, /* VOP3-only instructions with an SGPR-pair sdst        */
    SI_FMT_DS,
    SI_FMT_MUBUF,
    SI_FMT_MTBUF,
    SI_FMT_MIMG,
    SI_FMT_EXP,
    SI_FMT_VINTRP,
    SI_FMT_RFV,   /* sicu-private register-file-virtualization metadata (docs/rfv.md) */
    SI_FMT_COUNT
};

/* ---------------------------------------------------------------------
 * Operand kinds.  A kind packs a width in dwords (bits 0-4) and a class
 * (bits 5-7).  The width drives register reads/writes and the trace; the
 * class drives inline-constant/literal interpretation (f64 inline floats,
 * f64 literals supply the high dword) and disassembly.
 * ------------------------------------------------------------------- */
#define SI_OPK_W(k)   ((unsigned)(k) & 0x1f)
#define SI_OPK_CLS(k) (((unsigned)(k) >> 5) & 0x7)
enum si_opk_cls { SI_CLS_NONE = 0, SI_CLS_B = 1, SI_CLS_U = 2, SI_CLS_I = 3, SI_CLS_F = 4 };
#define SI_OPK(w, cls) ((uint8_t)((w) | ((cls) << 5)))

/* Short names used in the table. */
#define K_NONE 0
#define K_B32  SI_OPK(1, SI_CLS_B)
#define K_U32  SI_OPK(1, SI_CLS_U)
#define K_I32  SI_OPK(1, SI_CLS_I)
#define K_F32  SI_OPK(1, SI_CLS_F)
#define K_B64  SI_OPK(2, SI_CLS_B)
#define K_U64  SI_OPK(2, SI_CLS_U)
#define K_I64  SI_OPK(2, SI_CLS_I)
#define K_F64  SI_OPK(2, SI_CLS_F)
#define K_B96  SI_OPK(3, SI_CLS_B)
#define K_B128 SI_OPK(4, SI_CLS_B)
#define K_B256 SI_OPK(8, SI_CLS_B)
#define K_B512 SI_OPK(16, SI_CLS_B)

/* ---------------------------------------------------------------------
 * Instruction flags.
 * ------------------------------------------------------------------- */
enum si_flag {
    F_SALU     = 1u << 0,  /* scalar ALU (SOP*)                         */
    F_VALU     = 1u << 1,  /* vector ALU (VOP*)                          */
    F_SMEM     = 1u << 2,  /* scalar memory (SMRD)                       */
    F_VMEM     = 1u << 3,  /* vector memory (MUBUF/MTBUF/MIMG)           */
    F_LDS      = 1u << 4,  /* LDS/GDS (DS)                               */
    F_BRANCH   = 1u << 5,  /* changes control flow                       */
    F_RD_VCC   = 1u << 6,
    F_WR_VCC   = 1u << 7,
    F_RD_SCC   = 1u << 8,
    F_WR_SCC   = 1u << 9,
    F_RD_EXEC  = 1u << 10, /* reads EXEC as data (beyond lane masking)   */
    F_WR_EXEC  = 1u << 11,
    F_RD_M0    = 1u << 12,
    F_WR_M0    = 1u << 13,
    F_LOAD     = 1u << 14, /* memory read returning data                 */
    F_STORE    = 1u << 15, /* memory write                               */
    F_ATOMIC   = 1u << 16, /* read-modify-write                          */
    F_RTN      = 1u << 17, /* atomic returns the pre-op value            */
    F_GRAPHICS = 1u << 18, /* graphics-only: decoded, rejected at run    */
    F_TRANS    = 1u << 19, /* transcendental / quarter-rate unit         */
    F_DP       = 1u << 20, /* double-precision unit                      */
    F_VOP3B    = 1u << 21, /* VOP2/VOP1/VOPC entry whose VOP3 form is VOP3b (carry-out sdst) */
    F_CMPX     = 1u << 22, /* VOPC that also writes EXEC                 */
    F_NOVOP3   = 1u << 23, /* VOP1/VOP2 with no VOP3 form (madmk/madak, readlane...) */
    F_SOPK_IMM_ONLY = 1u << 24, /* SOPK without sdst operand (e.g. s_cmpk_*) */
    F_BARRIER  = 1u << 25,
    F_WAITCNT  = 1u << 26,
    F_ENDPGM   = 1u << 27,
    F_2ADDR    = 1u << 28, /* DS read2/write2 forms                       */
    F_LANESEL  = 1u << 29, /* readlane/writelane/readfirstlane: ignore EXEC, SGPR destination/lane select */
    F_SDST     = 1u << 30, /* the dst operand is a scalar register (SGPR) */
    F_MAC      = 1u << 31, /* dst is also read as src2 (v_mac_*)        */
};

/* ---------------------------------------------------------------------
 * The instruction enum, generated from the table.
 * INST(name, FMT, opcode, dst, src0, src1, src2, flags)
 * ------------------------------------------------------------------- */
enum si_op {
#define INST(name, fmt, opc, dst, s0, s1, s2, flags) SI_OP_##name,
#include "../../isa/si_isa.def"
#undef INST
    SI_OP_COUNT,
    SI_OP_INVALID = 0xffff
};

typedef struct si_opinfo {
    const char *name;   /* mnemonic without _e32/_e64 suffix       */
    uint8_t fmt;        /* enum si_fmt of the native encoding       */
    uint16_t opcode;    /* opcode field within that format          */
    uint8_t dst, src[3];/* operand kinds                            */
    uint32_t flags;     /* enum si_flag                             */
} si_opinfo;

extern const si_opinfo si_ops[SI_OP_COUNT];
const char *si_fmt_name(unsigned fmt);

/* ---------------------------------------------------------------------
 * Memory-instruction attributes (sw/isa/memop.def, one row per DS and
 * MUBUF/MTBUF op): what kind of access, element size, sign extension, the
 * read-modify-write operation and whether the pre-op value is returned.
 * ------------------------------------------------------------------- */
enum si_aop {
#define AOP(n) SI_AOP_##n,
#include "../../isa/aops.def"
#undef AOP
    SI_AOP_COUNT
};

enum si_memkind {
#define MEMKIND(n) SI_MK_##n,
#include "../../isa/memkinds.def"
#undef MEMKIND
    SI_MK_COUNT
};

typedef struct si_memattr {
    uint8_t kind;      /* enum si_memkind                                         */
    uint8_t size;      /* bytes per lane element (atomics: 4 or 8)                */
    uint8_t sext;      /* the load sign-extends                                   */
    uint8_t st64;      /* read2/write2/wrxchg2 offsets in units of 64 elements    */
    uint8_t aop;       /* enum si_aop (atomics, src2)                             */
    uint8_t rtn;       /* returns the pre-op value (buffer atomics: with GLC)     */
    uint8_t ncomp;     /* format loads/stores: components                         */
    uint8_t tbuf;      /* format from the instruction (MTBUF)                     */
} si_memattr;

/* The attributes of op, or NULL when op is not an SMRD, DS or buffer
 * instruction. */
const si_memattr *si_op_mem(unsigned op);

/* Issue rate of a VALU op on Tahiti (GCN1): a SIMD16 takes 4 cycles per wave
 * instruction at full rate, 16 at quarter rate.  Quarter rate: the
 * transcendental unit (F_TRANS), double precision (F_DP), the 32-bit integer
 * multiplies (v_mul_lo/hi_u32/i32) and v_qsad_u8/v_mqsad_pk_u16_u8 (measured
 * at 16 cycles on GCN1 by CLRX's GcnTimings).  Read by the RTL (si_op_qrate()
 * in si_isa.vh) and the docs; the emulator has no timing. */
enum si_rate { SI_RATE_NONE, SI_RATE_FULL, SI_RATE_QUARTER };
unsigned si_op_rate(unsigned op);
const char *si_memkind_name(unsigned kind);
const char *si_aop_name(unsigned aop);

/* ---------------------------------------------------------------------
 * Operand codes (9-bit unified space, as in VOP src0).
 * ------------------------------------------------------------------- */
enum {
    SI_SRC_SGPR_MAX = 103,
    SI_SRC_VCC_LO = 106,
    SI_SRC_VCC_HI = 107,
    SI_SRC_TBA_LO = 108,
    SI_SRC_TBA_HI = 109,
    SI_SRC_TMA_LO = 110,
    SI_SRC_TMA_HI = 111,
    SI_SRC_TTMP0 = 112,
    SI_SRC_M0 = 124,
    SI_SRC_EXEC_LO = 126,
    SI_SRC_EXEC_HI = 127,
    SI_SRC_ZERO = 128,
    SI_SRC_INT_POS_FIRST = 129, /* 1..64 */
    SI_SRC_INT_POS_LAST = 192,
    SI_SRC_INT_NEG_FIRST = 193, /* -1..-16 */
    SI_SRC_INT_NEG_LAST = 208,
    SI_SRC_F_0_5 = 240,
    SI_SRC_F_NEG_0_5 = 241,
    SI_SRC_F_1_0 = 242,
    SI_SRC_F_NEG_1_0 = 243,
    SI_SRC_F_2_0 = 244,
    SI_SRC_F_NEG_2_0 = 245,
    SI_SRC_F_4_0 = 246,
    SI_SRC_F_NEG_4_0 = 247,
    SI_SRC_VCCZ = 251,
    SI_SRC_EXECZ = 252,
    SI_SRC_SCC = 253,
    SI_SRC_LDS_DIRECT = 254,
    SI_SRC_LITERAL = 255,
    SI_SRC_VGPR0 = 256
};

/* ---------------------------------------------------------------------
 * A decoded instruction.  Register operands use the unified 9-bit code
 * space: 0-255 scalar/constant, 256+n = VGPR vn.  Fields not used by a
 * format are zero.
 * ------------------------------------------------------------------- */
typedef struct si_inst {
    uint16_t op;        /* enum si_op                                     */
    uint8_t fmt;        /* encoding actually used (VOP3A/VOP3B for the e64 form of VOP1/2/C) */
    uint8_t size;       /* bytes, including the literal                   */
    uint32_t w0, w1;    /* raw words (w1 = 0 for 32-bit encodings)        */
    uint32_t lit;       /* literal dword when has_lit                     */
    uint8_t has_lit;
    uint8_t vop3;       /* 1 when a VOP1/VOP2/VOPC op is VOP3-encoded     */

    uint16_t dst;       /* destination code (SDST, VDST=256+n, SMRD sdst, mem vdata for loads) */
    uint16_t sdst;      /* VOP3b carry-out / VOP3 VOPC sdst (scalar code) */
    uint16_t src[3];    /* source codes                                   */

    /* VOP3 modifiers */
    uint8_t abs, neg;   /* bit i = src i                                  */
    uint8_t clamp, omod;

    /* SOPK/SOPP immediate */
    int32_t simm16;     /* sign-extended SIMM16                           */

    /* SMRD */
    uint8_t smrd_imm;   /* IMM bit                                        */
    uint8_t sbase;      /* SGPR code of the base pair (already x2)        */
    uint16_t smrd_off;  /* offset (dwords if imm, else SGPR code)         */

    /* DS / MUBUF / MTBUF */
    uint16_t offset;    /* DS offset0 (or 16-bit offset), MUBUF offset12 */
    uint8_t offset1;    /* DS offset1                                     */
    uint8_t gds, glc, slc, tfe, lds, addr64, offen, idxen;
    uint8_t dfmt, nfmt; /* MTBUF                                          */
    uint16_t vaddr;     /* 256+n                                          */
    uint16_t vdata;     /* 256+n (MUBUF/MTBUF data; DS data0)             */
    uint16_t data1;     /* 256+n (DS data1)                               */
    uint8_t srsrc;      /* SGPR code of the V# (already x4)              */
    uint16_t soffset;   /* scalar code                                     */
} si_inst;

/* Decode one instruction from `words` (at most `nwords` dwords available).
 * Returns the instruction size in bytes (4, 8 or 12) or a negative value:
 *   SI_DEC_TRUNCATED  - more words were needed than available
 *   SI_DEC_UNKNOWN    - the encoding is not a valid SI instruction
 * On error, `out->op` is SI_OP_INVALID and `out->fmt` names the format
 * that was recognised (or SI_FMT_COUNT). */
enum { SI_DEC_TRUNCATED = -1, SI_DEC_UNKNOWN = -2 };
int si_decode(const uint32_t *words, size_t nwords, si_inst *out);

/* Look-up of an op by format and opcode; SI_OP_INVALID if none. */
unsigned si_lookup(unsigned fmt, unsigned opcode);

/* Disassemble into LLVM syntax (re-assemblable by llvm-mc -mcpu=tahiti).
 * `pc` is the byte address of the instruction, used to print branch
 * targets as a comment.  Returns the length written (snprintf-like). */
int si_disasm(const si_inst *in, uint64_t pc, char *buf, size_t len);

/* Operand helpers. */
static inline int si_is_vgpr(unsigned code) { return code >= SI_SRC_VGPR0; }

/* Width in dwords of each operand slot for this decoded instruction
 * (accounts for formats where width depends on encoding, e.g. MTBUF). */
unsigned si_dst_dwords(const si_inst *in);
/* Width in dwords of source slot `slot` (0..2) as the instruction reads it:
 * the table's operand kind, except a buffer instruction's vaddr (1 or 2
 * dwords, or none, from ADDR64/IDXEN/OFFEN) and the data of a load into
 * LDS (none).  0 for an unused slot. */
unsigned si_src_dwords(const si_inst *in, unsigned slot);
/* The op reads its destination register too: F_MAC (the accumulator) and
 * the ops of sw/isa/dstread.def (v_cvt_pkaccum_u8_f32). */
int si_op_reads_dst(unsigned op);

/* ---------------------------------------------------------------------
 * RFV metadata instructions (format SI_FMT_RFV, rows rfv_pir/rfv_pbr;
 * docs/rfv.md).  64 bits: dword 0 bits [31:26] = SI_RFV_PREFIX, [25:24] =
 * the opcode, and a 56-bit payload = w0[23:0] | w1 << 24.
 *   rfv_pir: payload bits [3k+2:3k] = release flags of the k-th following
 *            non-metadata instruction (k < 18), bit j = its source slot j
 *            (si_inst.src[j]; for ops that read their destination,
 *            si_op_reads_dst, slot 2 is the destination); bits 54-55
 *            reserved (zero).
 *   rfv_pbr: payload bits [7:0] = base VGPR, [55:8] = mask: release
 *            v[base + i] for every set bit i (base + i <= 255).
 * ------------------------------------------------------------------- */
#define SI_RFV_PREFIX 0x3bu
#define SI_RFV_PIR_SLOTS 18
#define SI_RFV_PBR_WINDOW 48
static inline uint64_t si_rfv_payload(const si_inst *in)
{
    return ((uint64_t)in->w1 << 24) | (in->w0 & 0xffffffu);
}
/* The two dwords of a metadata instruction with opcode opc and payload p. */
static inline void si_rfv_encode(unsigned opc, uint64_t p, uint32_t *w)
{
    w[0] = SI_RFV_PREFIX << 26 | (opc & 3u) << 24 | (uint32_t)(p & 0xffffffu);
    w[1] = (uint32_t)(p >> 24);
}

#endif
