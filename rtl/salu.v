// salu: the scalar ALU execute stage of the compute unit (purely combinational).
//
// Computes every architectural effect of one SOP2 / SOPK / SOP1 / SOPC / SOPP
// instruction exactly as the golden emulator does (sw/salu.c, semantics in
// docs/execution-model.md "Scalar ALU notes").  The core reads the operands,
// presents them here, and commits the outputs whose *_wr flag is set.
//
// ---------------------------------------------------------------------------
// Ports
//   op        SI_OP_* index (build/gen/si_isa.vh).
//   src0      SSRC0 value as read by the core (SGPR, SGPR pair, inline constant,
//             literal, VCCZ/EXECZ/SCC), widened for 64-bit operands exactly as
//             the emulator's rd64: I64 kinds sign-extend a literal, other 64-bit
//             kinds zero-extend it, inline integers sign-extend, float inline
//             constants give their f64 pattern.  32-bit operands use [31:0];
//             [63:32] is then ignored.
//   src1      SSRC1 value (SOP2, SOPC), same rules.  Also:
//               s_setreg_imm32_b32: the literal dword in [31:0] (the decoder's
//               src[1] = 255 slot).
//   simm16    the raw SIMM16 field (SOPK, SOPP).
//   dst_old   the current value of the register(s) named by the SDST field:
//               s_bitset0/1_b32/b64 (bits that are kept), s_addk_i32,
//               s_mulk_i32 (the first operand), s_cmpk_* (the compared
//               register), s_setreg_b32 (the value written to the hardware
//               register).  Ignored by every other op.  (sw/decode.c lists the
//               SDST-field register of s_cmpk_* / s_setreg_b32 as src[1]; here
//               it always arrives on dst_old, the SDST-field read port, as for
//               s_addk/s_mulk.)
//   scc_in, exec_in, vcc_in, mode_in   wave state before the instruction.
//   pc_next   byte address of the next instruction (instruction address +
//             4 or + 8 with a literal); this is the emulator's w->pc at the
//             time the unit runs.
//   m0_in     M0.  No op executed here reads it (see s_movrels/s_movreld).
//   hw_wave_id    [3:0]  HW_ID[3:0]: wave index within its work-group
//                        (emulator: w->id & 15; SIMD/CU/SE ids are 0).
//   hw_in_tg             STATUS.IN_TG: the work-group has more than one wave
//                        (emulator: wg->nwaves > 1).
//   hw_vgpr_gran  [5:0]  GPR_ALLOC.VGPR_SIZE [13:8]: VGPRs / 4 - 1
//                        (= COMPUTE_PGM_RSRC1[5:0]).
//   hw_sgpr_gran  [3:0]  GPR_ALLOC.SGPR_SIZE [27:24]: SGPRs / 8 - 1, where the
//                        SGPR count is clamped to 104 as the emulator does
//                        (RSRC1[9:6] values 13..15 give 12).
//   hw_lds_gran   [8:0]  LDS_ALLOC.LDS_SIZE [20:12]: ceil(LDS bytes per
//                        work-group / 256), the LDS size being the larger of
//                        the dispatch's and the kernel's group segment size.
//
//   res       destination value; [31:0] for 32-bit destinations (then [63:32]
//             is 0), the whole pair for 64-bit destinations.
//   res_wr    write res to the SDST register(s).  Set for every op with a
//             destination except s_cmov_b32/b64 and s_cmovk_i32 when SCC = 0.
//   scc_out / scc_wr     new SCC; scc_wr is set exactly for the ops whose table
//             entry has F_WR_SCC (the emulator writes SCC for those ops only).
//   exec_out / exec_wr   new EXEC (s_*_saveexec_b64 only; res is then the old
//             EXEC).  If the SDST of a saveexec op is EXEC itself, the core
//             must let exec_out win (the emulator writes SDST first, then EXEC).
//             s_mov_b64 exec, ... and the like are ordinary destination writes.
//   pc_out / pc_wr       next PC when the op redirects control flow (taken
//             branch, s_setpc_b64, s_swappc_b64); otherwise pc_out = pc_next.
//   mode_out / mode_wr   new MODE (s_setreg_b32 / s_setreg_imm32_b32 to MODE).
//   unsupported          this unit does not execute the op; every *_wr is 0.
//
// When a *_wr flag is 0 the matching output carries the unchanged input value
// (scc_in, exec_in, pc_next, mode_in); res is 0.
//
// ---------------------------------------------------------------------------
// Semantics (as sw/salu.c)
//   * SCC: add/sub _u32 = carry/borrow (addc/subb include SCC); add/sub _i32
//     and s_addk_i32 = signed overflow; min/max = S0 was selected (strict
//     compare); logic ops, shifts, bfe, not, wqm, quadmask, bcnt, abs, absdiff
//     and saveexec = result != 0; compares and bitcmp = the test.  cselect,
//     cmov, movk, cmovk, mulk, mul, bfm, brev, ff0/ff1, flbit, sext, bitset,
//     getreg and the PC ops leave SCC alone.
//   * Shift counts and bit indices use S1[4:0] (S1[5:0] for 64-bit ops).
//   * s_bfe_*: offset S1[4:0] (S1[5:0]), width S1[22:16]; width 0 gives 0; a
//     field that reaches the top bit is a plain logical/arithmetic shift.
//   * s_bfm_b64 uses S0[5:0] / S1[5:0].
//   * s_absdiff_i32 = |S0 - S1| of the wrapped 32-bit difference.
//   * ff0/ff1/flbit return 0xFFFFFFFF when no bit is found; s_flbit_i32 /
//     _i64 count the leading bits equal to the sign bit (-1 for 0 and -1).
//   * s_cmpk_*_i32 compare with sext(SIMM16), s_cmpk_*_u32 with zext(SIMM16);
//     s_movk/cmovk/addk/mulk use sext(SIMM16).
//   * Branches: target = pc_next + sext(SIMM16) * 4.  s_getpc_b64 returns
//     pc_next (zero-extended); s_setpc_b64 jumps to S0; s_swappc_b64 returns
//     pc_next and jumps to S0.  The PC is 48 bits: S0[63:48] is dropped (the
//     emulator keeps a 64-bit PC; bits 47:0 always agree).
//   * s_getreg_b32 / s_setreg_b32 / s_setreg_imm32_b32: SIMM16 = {size-1
//     [15:11], offset [10:6], id [5:0]}.  Hardware registers as the emulator
//     models them:
//       1 MODE      mode_in (the only writable one: MODE = (MODE & ~mask) |
//                   ((value << offset) & mask), mask = size ones << offset)
//       2 STATUS    SCC [0], EXECZ [9], VCCZ [10], IN_TG [11], IN_BARRIER [12]
//                   (always 0: a wave that executes is not waiting at a
//                   barrier), VALID [16] = 1
//       3 TRAPSTS   0          4 HW_ID     {28'b0, hw_wave_id}
//       5 GPR_ALLOC {hw_sgpr_gran} << 24 | {hw_vgpr_gran} << 8
//       6 LDS_ALLOC {hw_lds_gran} << 12
//       7 IB_STS    0
//     s_getreg returns (reg >> offset) masked to size bits.  s_setreg to ids
//     2..7 is accepted and ignored (no write).  Any other id (0, 8..63) is an
//     error in the emulator: the op is reported unsupported (the core should
//     raise the error).
//   * s_setkill and the debug branches s_cbranch_cdbgsys/cdbguser/
//     cdbgsys_or_user/cdbgsys_and_user: executed, no effect (the emulator
//     never takes the debug branches; setkill does nothing in compute).
//   * s_mov_fed_b32: a move.
//   * s_movrels_b32/b64, s_movreld_b32/b64: executed as s_mov_b32/b64.  The
//     core applies the M0 index to the register number (source register
//     SSRC0 + M0 for movrels, destination register SDST + M0 for movreld)
//     and range-checks it; this unit only moves src0 to res.
//
// Unsupported here (unsupported = 1, nothing written), and why:
//   s_endpgm, s_barrier, s_waitcnt, s_nop, s_sleep, s_setprio: wave control /
//     scheduling, done by the sequencer.
//   s_sendmsg, s_sendmsghalt, s_trap, s_sethalt, s_icache_inv, s_ttracedata,
//   s_incperflevel, s_decperflevel: messages, traps, halts, cache and perf
//     control, done (or rejected) by the core.
//   s_cbranch_g_fork, s_cbranch_i_fork, s_cbranch_join: control-stack ops
//     (read/write SGPRs at CSP*4 and a per-wave CSP); not supported in RTL.
//   s_setvskip: per-wave VSKIP state; not supported in RTL.
//   s_rfe_b64: needs a trap handler (the emulator rejects it too).
//   s_getreg_b32 / s_setreg_b32 / s_setreg_imm32_b32 with a hardware register
//     id other than 1..7 (an error in the emulator).
//   any op index that is not a scalar ALU op.
// ---------------------------------------------------------------------------
`default_nettype none
module salu (
  input  wire [9:0]  op,
  input  wire [63:0] src0,
  input  wire [63:0] src1,
  input  wire [15:0] simm16,
  input  wire [63:0] dst_old,
  input  wire        scc_in,
  input  wire [63:0] exec_in,
  input  wire [63:0] vcc_in,
  input  wire [47:0] pc_next,
  input  wire [31:0] mode_in,
  // M0 is part of the agreed interface but no op executed here reads it.
  /* verilator lint_off UNUSEDSIGNAL */
  input  wire [31:0] m0_in,
  /* verilator lint_on UNUSEDSIGNAL */
  input  wire [3:0]  hw_wave_id,
  input  wire        hw_in_tg,
  input  wire [5:0]  hw_vgpr_gran,
  input  wire [3:0]  hw_sgpr_gran,
  input  wire [8:0]  hw_lds_gran,
  output reg  [63:0] res,
  output reg         res_wr,
  output reg         scc_out,
  output reg         scc_wr,
  output reg  [63:0] exec_out,
  output reg         exec_wr,
  output reg  [47:0] pc_out,
  output reg         pc_wr,
  output reg  [31:0] mode_out,
  output reg         mode_wr,
  output reg         unsupported
);

// The generated header defines every op, flag and kind; most are unused here.
// Its include guard would hide it from all but the first module of a
// compilation unit that includes it, so drop the guard first.
`ifdef SI_ISA_VH
`undef SI_ISA_VH
`endif
/* verilator lint_off UNUSEDPARAM */
`include "si_isa.vh"
/* verilator lint_on UNUSEDPARAM */

// ---- bit-scan helpers (bounded loops) ------------------------------------
function automatic [6:0] salu_popc32(input [31:0] x);
  integer i;
  begin
    salu_popc32 = 7'd0;
    for (i = 0; i < 32; i = i + 1)
      salu_popc32 = salu_popc32 + {6'd0, x[i]};
  end
endfunction

// Index of the lowest set bit (x != 0).
function automatic [5:0] salu_ctz64(input [63:0] x);
  integer i;
  begin
    salu_ctz64 = 6'd0;
    for (i = 63; i >= 0; i = i - 1)
      if (x[i]) salu_ctz64 = i[5:0];
  end
endfunction

// Number of zero bits above the highest set bit (x != 0).
function automatic [5:0] salu_clz64(input [63:0] x);
  integer i;
  begin
    salu_clz64 = 6'd0;
    for (i = 0; i < 64; i = i + 1)
      if (x[i]) salu_clz64 = 6'd63 - i[5:0];
  end
endfunction

function automatic [63:0] salu_brev64(input [63:0] x);
  integer i;
  begin
    for (i = 0; i < 64; i = i + 1)
      salu_brev64[i] = x[63 - i];
  end
endfunction

// Whole-quad mode: every nibble with a set bit becomes 4'hf.
function automatic [63:0] salu_wqm64(input [63:0] x);
  integer q;
  begin
    for (q = 0; q < 16; q = q + 1)
      salu_wqm64[4*q +: 4] = {4{|x[4*q +: 4]}};
  end
endfunction

// Quad mask: bit q = nibble q has a set bit.
function automatic [15:0] salu_quad64(input [63:0] x);
  integer q;
  begin
    for (q = 0; q < 16; q = q + 1)
      salu_quad64[q] = |x[4*q +: 4];
  end
endfunction

// ---- operand views -------------------------------------------------------
wire [31:0] a32 = src0[31:0];
wire [31:0] b32 = src1[31:0];
wire [31:0] d32 = dst_old[31:0];
wire [31:0] k32 = {{16{simm16[15]}}, simm16};   // sext(SIMM16)
wire [31:0] ku32 = {16'd0, simm16};             // zext(SIMM16)

// ---- op classes used to steer shared datapaths ---------------------------
reg is_sopk;     // SOPK: operands are dst_old and SIMM16
reg k_unsigned;  // s_cmpk_*_u32: compare with zext(SIMM16)
reg wide;        // 64-bit variant: 6-bit shift counts / bit indices
reg sh_arith;    // arithmetic right shift
reg sh_sext32;   // 32-bit arithmetic shift: sign-extend S0 to 64 bits first
reg ff_invert;   // s_ff0_*: scan ~S0
always @(*) begin
  is_sopk = 1'b0; k_unsigned = 1'b0; wide = 1'b0;
  sh_arith = 1'b0; sh_sext32 = 1'b0; ff_invert = 1'b0;
  case (op)
    SI_OP_S_MOVK_I32, SI_OP_S_CMOVK_I32, SI_OP_S_ADDK_I32, SI_OP_S_MULK_I32,
    SI_OP_S_CMPK_EQ_I32, SI_OP_S_CMPK_LG_I32, SI_OP_S_CMPK_GT_I32,
    SI_OP_S_CMPK_GE_I32, SI_OP_S_CMPK_LT_I32, SI_OP_S_CMPK_LE_I32:
      is_sopk = 1'b1;
    SI_OP_S_CMPK_EQ_U32, SI_OP_S_CMPK_LG_U32, SI_OP_S_CMPK_GT_U32,
    SI_OP_S_CMPK_GE_U32, SI_OP_S_CMPK_LT_U32, SI_OP_S_CMPK_LE_U32: begin
      is_sopk = 1'b1; k_unsigned = 1'b1;
    end
    SI_OP_S_LSHL_B64, SI_OP_S_LSHR_B64, SI_OP_S_BFM_B64, SI_OP_S_BFE_U64,
    SI_OP_S_BITSET0_B64, SI_OP_S_BITSET1_B64, SI_OP_S_BITCMP0_B64,
    SI_OP_S_BITCMP1_B64, SI_OP_S_FF1_I32_B64:
      wide = 1'b1;
    SI_OP_S_ASHR_I64, SI_OP_S_BFE_I64: begin
      wide = 1'b1; sh_arith = 1'b1;
    end
    SI_OP_S_ASHR_I32, SI_OP_S_BFE_I32: begin
      sh_arith = 1'b1; sh_sext32 = 1'b1;
    end
    SI_OP_S_FF0_I32_B32:
      ff_invert = 1'b1;
    SI_OP_S_FF0_I32_B64: begin
      wide = 1'b1; ff_invert = 1'b1;
    end
    default: ;
  endcase
end

// ---- add / subtract ------------------------------------------------------
wire [31:0] add_x = is_sopk ? d32 : a32;
wire [31:0] add_y = is_sopk ? k32 : b32;
wire        add_cin = (op == SI_OP_S_ADDC_U32) & scc_in;
wire [32:0] add_s = {1'b0, add_x} + {1'b0, add_y} + {32'd0, add_cin};
wire        add_ovf = (add_x[31] ^ add_s[31]) & (add_y[31] ^ add_s[31]);

wire        sub_bin = (op == SI_OP_S_SUBB_U32) & scc_in;
wire [32:0] sub_s = {1'b0, a32} - {1'b0, b32} - {32'd0, sub_bin};  // [32] = borrow
wire        sub_ovf = (a32[31] ^ b32[31]) & (a32[31] ^ sub_s[31]);
wire [31:0] absdiff = sub_s[31] ? (32'd0 - sub_s[31:0]) : sub_s[31:0];
wire [31:0] abs_a = a32[31] ? (32'd0 - a32) : a32;

// ---- compares (SOPC, SOPK compares, min/max) -----------------------------
wire [31:0] cmp_x = is_sopk ? d32 : a32;
wire [31:0] cmp_y = is_sopk ? (k_unsigned ? ku32 : k32) : b32;
wire        cmp_eq = cmp_x == cmp_y;
wire        cmp_lt_u = cmp_x < cmp_y;
wire        cmp_lt_s = $signed(cmp_x) < $signed(cmp_y);
wire        cmp_gt_u = ~cmp_lt_u & ~cmp_eq;
wire        cmp_gt_s = ~cmp_lt_s & ~cmp_eq;

// ---- multiply (low 32 bits) ----------------------------------------------
wire [31:0] mul_r = (is_sopk ? d32 : a32) * (is_sopk ? k32 : b32);

// ---- shifts, bfm, bitset, bitcmp -----------------------------------------
wire [6:0]  sh_amt = wide ? {1'b0, b32[5:0]} : {2'b0, b32[4:0]};
wire [63:0] shl_r = src0 << sh_amt;                       // [31:0] for 32-bit
wire [63:0] shr_in = wide ? src0 : {{32{sh_sext32 & a32[31]}}, a32};
wire signed [63:0] shr_in_s = shr_in;
wire [63:0] shr_l = shr_in >> sh_amt;
wire [63:0] shr_a = shr_in_s >>> sh_amt;
wire [63:0] shr_r = sh_arith ? shr_a : shr_l;

wire [6:0]  bfm_len = wide ? {1'b0, a32[5:0]} : {2'b0, a32[4:0]};
wire [63:0] bfm_r = (~({64{1'b1}} << bfm_len)) << sh_amt;

wire [6:0]  bit_idx = wide ? {1'b0, a32[5:0]} : {2'b0, a32[4:0]};  // bitset: S0
wire [63:0] bit_one = 64'd1 << bit_idx;
wire        bitcmp_bit = src0[sh_amt[5:0]];                         // bitcmp: S1

// ---- bit-field extract ---------------------------------------------------
// off = S1[4:0] (S1[5:0]), wid = S1[22:16].  The field has `n` valid bits:
// wid when it fits below the top bit, otherwise everything above off.
wire [6:0]  bfe_wid = b32[22:16];
wire [7:0]  bfe_end = {1'b0, sh_amt} + {1'b0, bfe_wid};
wire        bfe_fits = wide ? (bfe_end < 8'd64) : (bfe_end < 8'd32);
wire [6:0]  bfe_n = bfe_fits ? bfe_wid : ((wide ? 7'd64 : 7'd32) - sh_amt);
wire [63:0] bfe_mask = ~({64{1'b1}} << bfe_n);
wire [63:0] bfe_t = shr_l & bfe_mask;              // shr_in >> off, masked
wire [5:0]  bfe_top = bfe_n[5:0] - 6'd1;           // n = 64 wraps to 63
wire        bfe_sign = sh_arith & (bfe_n != 7'd0) & bfe_t[bfe_top];
wire [63:0] bfe_r = bfe_t | (bfe_sign ? ~bfe_mask : 64'd0);

// ---- bit counts and scans ------------------------------------------------
wire [6:0]  popc_lo = salu_popc32(src0[31:0]);
wire [6:0]  popc_hi = salu_popc32(src0[63:32]);
wire [6:0]  popc64 = popc_lo + popc_hi;

wire [63:0] ff_in = ff_invert ? ~src0 : src0;
wire [63:0] ff_x = wide ? ff_in : {32'd0, ff_in[31:0]};
wire [31:0] ff_r = (ff_x == 64'd0) ? 32'hffffffff : {26'd0, salu_ctz64(ff_x)};

reg  [63:0] fl_x;   // the value whose leading zeros are counted, MSB-aligned
always @(*) begin
  case (op)
    SI_OP_S_FLBIT_I32_B32: fl_x = {a32, 32'd0};
    SI_OP_S_FLBIT_I32:     fl_x = {a32[31] ? ~a32 : a32, 32'd0};
    SI_OP_S_FLBIT_I32_I64: fl_x = src0[63] ? ~src0 : src0;
    default:               fl_x = src0;        // s_flbit_i32_b64
  endcase
end
wire [31:0] fl_r = (fl_x == 64'd0) ? 32'hffffffff : {26'd0, salu_clz64(fl_x)};

wire [63:0] brev_r = salu_brev64(src0);     // [63:32] = brev32(S0[31:0])
wire [63:0] wqm_r = salu_wqm64(src0);
wire [15:0] quad_r = salu_quad64(src0);

// ---- hardware registers (s_getreg / s_setreg) ----------------------------
wire [5:0]  hw_id = simm16[5:0];
wire [4:0]  hw_off = simm16[10:6];
wire [4:0]  hw_szm1 = simm16[15:11];
wire [31:0] hw_fmask = 32'hffffffff >> (5'd31 - hw_szm1);   // size ones
wire [31:0] status = {15'd0, 1'b1, 3'd0, 1'b0, hw_in_tg, (vcc_in == 64'd0),
                      (exec_in == 64'd0), 8'd0, scc_in};
reg  [31:0] hw_val;
reg         hw_ok;
always @(*) begin
  hw_ok = 1'b1;
  case (hw_id)
    6'd1: hw_val = mode_in;
    6'd2: hw_val = status;
    6'd4: hw_val = {28'd0, hw_wave_id};
    6'd5: hw_val = {4'd0, hw_sgpr_gran, 10'd0, hw_vgpr_gran, 8'd0};
    6'd6: hw_val = {11'd0, hw_lds_gran, 12'd0};
    6'd3, 6'd7: hw_val = 32'd0;                 // TRAPSTS, IB_STS
    default: begin hw_val = 32'd0; hw_ok = 1'b0; end
  endcase
end
wire [31:0] getreg_r = (hw_val >> hw_off) & hw_fmask;
wire [31:0] set_mask = hw_fmask << hw_off;
wire [31:0] set_val = (op == SI_OP_S_SETREG_IMM32_B32) ? b32 : d32;
wire [31:0] setreg_mode = (mode_in & ~set_mask) | ((set_val << hw_off) & set_mask);

// ---- branches ------------------------------------------------------------
wire [47:0] br_target = pc_next + {{30{simm16[15]}}, simm16, 2'b00};

// ---- result selection ----------------------------------------------------
reg [63:0] lg;      // logic / saveexec result
always @(*) begin
  res = 64'd0; res_wr = 1'b0;
  scc_out = scc_in; scc_wr = 1'b0;
  exec_out = exec_in; exec_wr = 1'b0;
  pc_out = pc_next; pc_wr = 1'b0;
  mode_out = mode_in; mode_wr = 1'b0;
  unsupported = 1'b0;
  lg = 64'd0;
  case (op)
    // ---------------- SOP2 ----------------
    SI_OP_S_ADD_U32, SI_OP_S_ADDC_U32: begin
      res = {32'd0, add_s[31:0]}; res_wr = 1'b1; scc_out = add_s[32]; scc_wr = 1'b1;
    end
    SI_OP_S_ADD_I32, SI_OP_S_ADDK_I32: begin
      res = {32'd0, add_s[31:0]}; res_wr = 1'b1; scc_out = add_ovf; scc_wr = 1'b1;
    end
    SI_OP_S_SUB_U32, SI_OP_S_SUBB_U32: begin
      res = {32'd0, sub_s[31:0]}; res_wr = 1'b1; scc_out = sub_s[32]; scc_wr = 1'b1;
    end
    SI_OP_S_SUB_I32: begin
      res = {32'd0, sub_s[31:0]}; res_wr = 1'b1; scc_out = sub_ovf; scc_wr = 1'b1;
    end
    SI_OP_S_MIN_I32: begin
      res = {32'd0, cmp_lt_s ? a32 : b32}; res_wr = 1'b1; scc_out = cmp_lt_s; scc_wr = 1'b1;
    end
    SI_OP_S_MIN_U32: begin
      res = {32'd0, cmp_lt_u ? a32 : b32}; res_wr = 1'b1; scc_out = cmp_lt_u; scc_wr = 1'b1;
    end
    SI_OP_S_MAX_I32: begin
      res = {32'd0, cmp_gt_s ? a32 : b32}; res_wr = 1'b1; scc_out = cmp_gt_s; scc_wr = 1'b1;
    end
    SI_OP_S_MAX_U32: begin
      res = {32'd0, cmp_gt_u ? a32 : b32}; res_wr = 1'b1; scc_out = cmp_gt_u; scc_wr = 1'b1;
    end
    SI_OP_S_CSELECT_B32: begin
      res = {32'd0, scc_in ? a32 : b32}; res_wr = 1'b1;
    end
    SI_OP_S_CSELECT_B64: begin
      res = scc_in ? src0 : src1; res_wr = 1'b1;
    end
    SI_OP_S_AND_B32, SI_OP_S_OR_B32, SI_OP_S_XOR_B32, SI_OP_S_ANDN2_B32,
    SI_OP_S_ORN2_B32, SI_OP_S_NAND_B32, SI_OP_S_NOR_B32, SI_OP_S_XNOR_B32: begin
      case (op)
        SI_OP_S_AND_B32:   lg = src0 & src1;
        SI_OP_S_OR_B32:    lg = src0 | src1;
        SI_OP_S_XOR_B32:   lg = src0 ^ src1;
        SI_OP_S_ANDN2_B32: lg = src0 & ~src1;
        SI_OP_S_ORN2_B32:  lg = src0 | ~src1;
        SI_OP_S_NAND_B32:  lg = ~(src0 & src1);
        SI_OP_S_NOR_B32:   lg = ~(src0 | src1);
        default:           lg = ~(src0 ^ src1);
      endcase
      res = {32'd0, lg[31:0]}; res_wr = 1'b1; scc_out = |lg[31:0]; scc_wr = 1'b1;
    end
    SI_OP_S_AND_B64, SI_OP_S_OR_B64, SI_OP_S_XOR_B64, SI_OP_S_ANDN2_B64,
    SI_OP_S_ORN2_B64, SI_OP_S_NAND_B64, SI_OP_S_NOR_B64, SI_OP_S_XNOR_B64: begin
      case (op)
        SI_OP_S_AND_B64:   lg = src0 & src1;
        SI_OP_S_OR_B64:    lg = src0 | src1;
        SI_OP_S_XOR_B64:   lg = src0 ^ src1;
        SI_OP_S_ANDN2_B64: lg = src0 & ~src1;
        SI_OP_S_ORN2_B64:  lg = src0 | ~src1;
        SI_OP_S_NAND_B64:  lg = ~(src0 & src1);
        SI_OP_S_NOR_B64:   lg = ~(src0 | src1);
        default:           lg = ~(src0 ^ src1);
      endcase
      res = lg; res_wr = 1'b1; scc_out = |lg; scc_wr = 1'b1;
    end
    SI_OP_S_LSHL_B32: begin
      res = {32'd0, shl_r[31:0]}; res_wr = 1'b1; scc_out = |shl_r[31:0]; scc_wr = 1'b1;
    end
    SI_OP_S_LSHL_B64: begin
      res = shl_r; res_wr = 1'b1; scc_out = |shl_r; scc_wr = 1'b1;
    end
    SI_OP_S_LSHR_B32, SI_OP_S_ASHR_I32: begin
      res = {32'd0, shr_r[31:0]}; res_wr = 1'b1; scc_out = |shr_r[31:0]; scc_wr = 1'b1;
    end
    SI_OP_S_LSHR_B64, SI_OP_S_ASHR_I64: begin
      res = shr_r; res_wr = 1'b1; scc_out = |shr_r; scc_wr = 1'b1;
    end
    SI_OP_S_BFM_B32: begin
      res = {32'd0, bfm_r[31:0]}; res_wr = 1'b1;
    end
    SI_OP_S_BFM_B64: begin
      res = bfm_r; res_wr = 1'b1;
    end
    SI_OP_S_MUL_I32, SI_OP_S_MULK_I32: begin
      res = {32'd0, mul_r}; res_wr = 1'b1;
    end
    SI_OP_S_BFE_U32, SI_OP_S_BFE_I32: begin
      res = {32'd0, bfe_r[31:0]}; res_wr = 1'b1; scc_out = |bfe_r[31:0]; scc_wr = 1'b1;
    end
    SI_OP_S_BFE_U64, SI_OP_S_BFE_I64: begin
      res = bfe_r; res_wr = 1'b1; scc_out = |bfe_r; scc_wr = 1'b1;
    end
    SI_OP_S_ABSDIFF_I32: begin
      res = {32'd0, absdiff}; res_wr = 1'b1; scc_out = |absdiff; scc_wr = 1'b1;
    end

    // ---------------- SOPK ----------------
    SI_OP_S_MOVK_I32: begin
      res = {32'd0, k32}; res_wr = 1'b1;
    end
    SI_OP_S_CMOVK_I32: begin
      res = {32'd0, k32}; res_wr = scc_in;
    end
    SI_OP_S_CMPK_EQ_I32, SI_OP_S_CMPK_EQ_U32, SI_OP_S_CMP_EQ_I32, SI_OP_S_CMP_EQ_U32: begin
      scc_out = cmp_eq; scc_wr = 1'b1;
    end
    SI_OP_S_CMPK_LG_I32, SI_OP_S_CMPK_LG_U32, SI_OP_S_CMP_LG_I32, SI_OP_S_CMP_LG_U32: begin
      scc_out = ~cmp_eq; scc_wr = 1'b1;
    end
    SI_OP_S_CMPK_GT_I32, SI_OP_S_CMP_GT_I32: begin
      scc_out = cmp_gt_s; scc_wr = 1'b1;
    end
    SI_OP_S_CMPK_GE_I32, SI_OP_S_CMP_GE_I32: begin
      scc_out = ~cmp_lt_s; scc_wr = 1'b1;
    end
    SI_OP_S_CMPK_LT_I32, SI_OP_S_CMP_LT_I32: begin
      scc_out = cmp_lt_s; scc_wr = 1'b1;
    end
    SI_OP_S_CMPK_LE_I32, SI_OP_S_CMP_LE_I32: begin
      scc_out = ~cmp_gt_s; scc_wr = 1'b1;
    end
    SI_OP_S_CMPK_GT_U32, SI_OP_S_CMP_GT_U32: begin
      scc_out = cmp_gt_u; scc_wr = 1'b1;
    end
    SI_OP_S_CMPK_GE_U32, SI_OP_S_CMP_GE_U32: begin
      scc_out = ~cmp_lt_u; scc_wr = 1'b1;
    end
    SI_OP_S_CMPK_LT_U32, SI_OP_S_CMP_LT_U32: begin
      scc_out = cmp_lt_u; scc_wr = 1'b1;
    end
    SI_OP_S_CMPK_LE_U32, SI_OP_S_CMP_LE_U32: begin
      scc_out = ~cmp_gt_u; scc_wr = 1'b1;
    end
    SI_OP_S_GETREG_B32: begin
      if (hw_ok) begin
        res = {32'd0, getreg_r}; res_wr = 1'b1;
      end else begin
        unsupported = 1'b1;
      end
    end
    SI_OP_S_SETREG_B32, SI_OP_S_SETREG_IMM32_B32: begin
      if (!hw_ok) begin
        unsupported = 1'b1;
      end else if (hw_id == 6'd1) begin
        mode_out = setreg_mode; mode_wr = 1'b1;
      end
    end

    // ---------------- SOP1 ----------------
    SI_OP_S_MOV_B32, SI_OP_S_MOV_FED_B32, SI_OP_S_MOVRELS_B32, SI_OP_S_MOVRELD_B32: begin
      res = {32'd0, a32}; res_wr = 1'b1;
    end
    SI_OP_S_MOV_B64, SI_OP_S_MOVRELS_B64, SI_OP_S_MOVRELD_B64: begin
      res = src0; res_wr = 1'b1;
    end
    SI_OP_S_CMOV_B32: begin
      res = {32'd0, a32}; res_wr = scc_in;
    end
    SI_OP_S_CMOV_B64: begin
      res = src0; res_wr = scc_in;
    end
    SI_OP_S_NOT_B32: begin
      res = {32'd0, ~a32}; res_wr = 1'b1; scc_out = ~&a32; scc_wr = 1'b1;
    end
    SI_OP_S_NOT_B64: begin
      res = ~src0; res_wr = 1'b1; scc_out = ~&src0; scc_wr = 1'b1;
    end
    SI_OP_S_WQM_B32: begin
      res = {32'd0, wqm_r[31:0]}; res_wr = 1'b1; scc_out = |a32; scc_wr = 1'b1;
    end
    SI_OP_S_WQM_B64: begin
      res = wqm_r; res_wr = 1'b1; scc_out = |src0; scc_wr = 1'b1;
    end
    SI_OP_S_BREV_B32: begin
      res = {32'd0, brev_r[63:32]}; res_wr = 1'b1;
    end
    SI_OP_S_BREV_B64: begin
      res = brev_r; res_wr = 1'b1;
    end
    SI_OP_S_BCNT0_I32_B32: begin
      res = {57'd0, 7'd32 - popc_lo}; res_wr = 1'b1; scc_out = ~&a32; scc_wr = 1'b1;
    end
    SI_OP_S_BCNT0_I32_B64: begin
      res = {57'd0, 7'd64 - popc64}; res_wr = 1'b1; scc_out = ~&src0; scc_wr = 1'b1;
    end
    SI_OP_S_BCNT1_I32_B32: begin
      res = {57'd0, popc_lo}; res_wr = 1'b1; scc_out = |a32; scc_wr = 1'b1;
    end
    SI_OP_S_BCNT1_I32_B64: begin
      res = {57'd0, popc64}; res_wr = 1'b1; scc_out = |src0; scc_wr = 1'b1;
    end
    SI_OP_S_FF0_I32_B32, SI_OP_S_FF0_I32_B64, SI_OP_S_FF1_I32_B32, SI_OP_S_FF1_I32_B64: begin
      res = {32'd0, ff_r}; res_wr = 1'b1;
    end
    SI_OP_S_FLBIT_I32_B32, SI_OP_S_FLBIT_I32_B64, SI_OP_S_FLBIT_I32, SI_OP_S_FLBIT_I32_I64: begin
      res = {32'd0, fl_r}; res_wr = 1'b1;
    end
    SI_OP_S_SEXT_I32_I8: begin
      res = {32'd0, {24{a32[7]}}, a32[7:0]}; res_wr = 1'b1;
    end
    SI_OP_S_SEXT_I32_I16: begin
      res = {32'd0, {16{a32[15]}}, a32[15:0]}; res_wr = 1'b1;
    end
    SI_OP_S_BITSET0_B32: begin
      res = {32'd0, d32 & ~bit_one[31:0]}; res_wr = 1'b1;
    end
    SI_OP_S_BITSET0_B64: begin
      res = dst_old & ~bit_one; res_wr = 1'b1;
    end
    SI_OP_S_BITSET1_B32: begin
      res = {32'd0, d32 | bit_one[31:0]}; res_wr = 1'b1;
    end
    SI_OP_S_BITSET1_B64: begin
      res = dst_old | bit_one; res_wr = 1'b1;
    end
    SI_OP_S_GETPC_B64: begin
      res = {16'd0, pc_next}; res_wr = 1'b1;
    end
    SI_OP_S_SETPC_B64: begin
      pc_out = src0[47:0]; pc_wr = 1'b1;
    end
    SI_OP_S_SWAPPC_B64: begin
      res = {16'd0, pc_next}; res_wr = 1'b1; pc_out = src0[47:0]; pc_wr = 1'b1;
    end
    SI_OP_S_AND_SAVEEXEC_B64, SI_OP_S_OR_SAVEEXEC_B64, SI_OP_S_XOR_SAVEEXEC_B64,
    SI_OP_S_ANDN2_SAVEEXEC_B64, SI_OP_S_ORN2_SAVEEXEC_B64, SI_OP_S_NAND_SAVEEXEC_B64,
    SI_OP_S_NOR_SAVEEXEC_B64, SI_OP_S_XNOR_SAVEEXEC_B64: begin
      case (op)
        SI_OP_S_AND_SAVEEXEC_B64:   lg = src0 & exec_in;
        SI_OP_S_OR_SAVEEXEC_B64:    lg = src0 | exec_in;
        SI_OP_S_XOR_SAVEEXEC_B64:   lg = src0 ^ exec_in;
        SI_OP_S_ANDN2_SAVEEXEC_B64: lg = src0 & ~exec_in;
        SI_OP_S_ORN2_SAVEEXEC_B64:  lg = src0 | ~exec_in;
        SI_OP_S_NAND_SAVEEXEC_B64:  lg = ~(src0 & exec_in);
        SI_OP_S_NOR_SAVEEXEC_B64:   lg = ~(src0 | exec_in);
        default:                    lg = ~(src0 ^ exec_in);
      endcase
      res = exec_in; res_wr = 1'b1;
      exec_out = lg; exec_wr = 1'b1;
      scc_out = |lg; scc_wr = 1'b1;
    end
    SI_OP_S_QUADMASK_B32: begin
      res = {56'd0, quad_r[7:0]}; res_wr = 1'b1; scc_out = |a32; scc_wr = 1'b1;
    end
    SI_OP_S_QUADMASK_B64: begin
      res = {48'd0, quad_r}; res_wr = 1'b1; scc_out = |src0; scc_wr = 1'b1;
    end
    SI_OP_S_ABS_I32: begin
      res = {32'd0, abs_a}; res_wr = 1'b1; scc_out = |a32; scc_wr = 1'b1;
    end

    // ---------------- SOPC ----------------
    // (the compares are listed with their SOPK twins above)
    SI_OP_S_BITCMP0_B32, SI_OP_S_BITCMP0_B64: begin
      scc_out = ~bitcmp_bit; scc_wr = 1'b1;
    end
    SI_OP_S_BITCMP1_B32, SI_OP_S_BITCMP1_B64: begin
      scc_out = bitcmp_bit; scc_wr = 1'b1;
    end

    // ---------------- SOPP ----------------
    SI_OP_S_BRANCH: begin
      pc_out = br_target; pc_wr = 1'b1;
    end
    SI_OP_S_CBRANCH_SCC0: begin
      pc_out = scc_in ? pc_next : br_target; pc_wr = ~scc_in;
    end
    SI_OP_S_CBRANCH_SCC1: begin
      pc_out = scc_in ? br_target : pc_next; pc_wr = scc_in;
    end
    SI_OP_S_CBRANCH_VCCZ: begin
      pc_out = (vcc_in == 64'd0) ? br_target : pc_next; pc_wr = vcc_in == 64'd0;
    end
    SI_OP_S_CBRANCH_VCCNZ: begin
      pc_out = (vcc_in != 64'd0) ? br_target : pc_next; pc_wr = vcc_in != 64'd0;
    end
    SI_OP_S_CBRANCH_EXECZ: begin
      pc_out = (exec_in == 64'd0) ? br_target : pc_next; pc_wr = exec_in == 64'd0;
    end
    SI_OP_S_CBRANCH_EXECNZ: begin
      pc_out = (exec_in != 64'd0) ? br_target : pc_next; pc_wr = exec_in != 64'd0;
    end
    SI_OP_S_SETKILL, SI_OP_S_CBRANCH_CDBGSYS, SI_OP_S_CBRANCH_CDBGUSER,
    SI_OP_S_CBRANCH_CDBGSYS_OR_USER, SI_OP_S_CBRANCH_CDBGSYS_AND_USER: ;  // no effect

    default: unsupported = 1'b1;
  endcase
end

endmodule
`default_nettype wire
