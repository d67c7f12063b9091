// sicu CU: shared definitions (included inside modules).
//
// The decoded-instruction bundle that decode produces, the wavepool stores
// and issue/opread consume is defined once, in sw/isa/bundle.def (generated
// into build/gen/sicu_bundle.vh); unit classes, init kinds and the special
// register block are here.
`ifndef SICU_CU_DEFS_VH
`define SICU_CU_DEFS_VH
// `DI_*, `OPK_*, `MA_*, `FLT_*: generated from sw/isa/*.def (build/gen/sicu_bundle.vh)
`include "sicu_bundle.vh"

// Unit classes (issue routing)
`define UC_SALU     3'd0
`define UC_VALU     3'd1
`define UC_LSU      3'd2
`define UC_INTERNAL 3'd3
`define UC_FAULT    3'd4
`define UC_SMEM     3'd5

// Per-wave block of special scalar registers in the SGPR file: codes
// 104-127 (VCC, TBA, TMA, TTMP, M0, EXEC) live at
//   SGPR_ROWS + wave*32 + code[4:0]
`define SPECIAL_ROWS_PER_WAVE 32

// Kinds of the dispatcher's initial writes (init port of sicu_cu)
`define INIT_SGPR4  2'd0
`define INIT_VGPR   2'd1
`define INIT_LDS    2'd2

`endif
