// sicu CU: shared definitions (included inside modules).
//
// The decoded-instruction bundle that decode produces, the wavepool stores
// and issue/opread consume.  Register operands use the unified 9-bit code
// space of the C decoder (0-255 scalar/constant, 256+n = vn), so the RTL's
// decode can be checked field by field against sw/decode.c.
`ifndef SICU_CU_DEFS_VH
`define SICU_CU_DEFS_VH
`define DI_OP       9:0
`define DI_FMT      14:10
`define DI_LEN8     15
`define DI_LIT      47:16
`define DI_VOP3     48
`define DI_DST      57:49
`define DI_SDST     64:58
`define DI_SRC0     73:65
`define DI_SRC1     82:74
`define DI_SRC2     91:83
`define DI_ABS      94:92
`define DI_NEG      97:95
`define DI_CLAMP    98
`define DI_OMOD     100:99
`define DI_SIMM16   116:101
`define DI_SMRD_IMM 117
`define DI_SMRD_OFF 125:118
`define DI_OFFSET   141:126
`define DI_OFFSET1  149:142
`define DI_GDS      150
`define DI_GLC      151
`define DI_SLC      152
`define DI_TFE      153
`define DI_LDS      154
`define DI_ADDR64   155
`define DI_OFFEN    156
`define DI_IDXEN    157
`define DI_VADDR    165:158
`define DI_VDATA    173:166
`define DI_DATA1    181:174
`define DI_SRSRC    188:182
`define DI_SOFFSET  196:189
`define DI_HASLIT   197
`define DI_PC       245:198
`define DI_DFMT     249:246     // MTBUF: data format of the instruction
`define DI_NFMT     252:250     // MTBUF: number format of the instruction
`define DI_UNIT     255:253     // unit class (UC_* below), set by decode
`define DI_W        256

// Unit classes (issue routing)
`define UC_SALU     3'd0
`define UC_VALU     3'd1
`define UC_LSU      3'd2
`define UC_INTERNAL 3'd3
`define UC_FAULT    3'd4

// Per-wave block of special scalar registers in the SGPR file: codes
// 104-127 (VCC, TBA, TMA, TTMP, M0, EXEC) live at
//   SGPR_ROWS + wave*32 + code[4:0]
`define SPECIAL_ROWS_PER_WAVE 32

// Kinds of the dispatcher's initial writes (init port of sicu_cu)
`define INIT_SGPR4  2'd0
`define INIT_VGPR   2'd1
`define INIT_LDS    2'd2

`endif
