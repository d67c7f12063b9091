// simd_qr: one datapath of a SIMD's quarter-rate unit (purely combinational).
//
// The quarter-rate ops (si_op_qrate(), from the ISA table: the
// transcendentals, double precision incl. its conversions and compares, the
// 32-bit integer multiplies v_mul_lo/hi_u32/i32, and v_qsad_u8 and
// v_mqsad_pk_u16_u8 as on GCN1) are not computed by the
// 16 full-rate lanes (simd_lane.v) but by LANES/4 of these datapaths per SIMD:
// a 16-lane pass of such an op takes 4 cycles, 4 lanes each (Tahiti: 16
// cycles per wave instruction).  The results are bit for bit those of the
// golden library (sw/fp.c, sw/fp_trans.c, sw/valu.c).
//
// Ports as simd_lane (op and its decoded kinds/vopc/cond, vop3, abs/neg,
// omod/clamp, mode, src0..2 read as the lane reads them, mask_in = VCC for
// v_div_fmas_f64; qrate = si_op_qrate(op); res, mask_out =
// compare / class result or div_scale's VCC bit, fu_sel = the FU_* id of the
// op for power accounting).  An op that is not quarter rate gives res = 0.
//
// Inside, the functions share datapaths as a hardware unit would:
//   - one f64 FMA (fma, div_fmas, add = fma(a, 1.0, b), mul = fma(a, b, z)
//     with z = +0 when rounding toward -inf and -0 otherwise, and fract's
//     a - floor(a)); the identities are exact for every operand and MODE;
//   - f64 rcp, rsq, sqrt and their clamp forms (si_f64_rrs, at the ISA's
//     (2**29)-ulp precision) on the f32 rcp/rsq/sqrt below, with the
//     significand rounded to 24 bits, and for rcp one Newton step (a 53 x 24
//     and a 24 x 56 product);
//   - one f64 rounder for the FMA, the reciprocal/root unit, ldexp and
//     trig_preop (each gives a rounding request, fp64_rq_*);
//   - one transcendental unit (fptr_tu: four products of at most 29 x 42
//     bits, one rounder) for rcp (rcp_clamp/legacy/iflag), log2 (log,
//     log_clamp), exp2 and sin/cos (the last three on tables of quadratic
//     pieces); f32 rsq (rsq_clamp/legacy) and sqrt on one integer square
//     root and one rounder (fptr_root);
//   - one 53 x 53 multiplier array (sh_p) for the f64 FMA's product, the
//     first product of f64 rcp's Newton step (M * R) and mul_lo/hi_u32/i32
//     (the signed high word corrected from the unsigned product).
// Each shared datapath is evaluated only for the ops that use it.
`default_nettype none
module simd_qr (
  input  wire [9:0]  op,
  input  wire        qrate,
  input  wire [7:0]  kind0,
  input  wire [7:0]  kind1,
  input  wire [7:0]  kind2,
  input  wire [7:0]  kindd,
  input  wire        vopc,
  input  wire [3:0]  cond,
  input  wire        vop3,
  input  wire [2:0]  abs,
  input  wire [2:0]  neg,
  input  wire [1:0]  omod,
  input  wire        clamp,
  input  wire [31:0] mode,
  input  wire [63:0] src0,
  input  wire [63:0] src1,
  input  wire [63:0] src2,
  input  wire        mask_in,
  output reg  [63:0] res,
  output reg         mask_out,
  output reg  [6:0]  fu_sel
);
  // Verilated once as a model of its own and evaluated through a DPI call
  // by the verilated CU, like simd_lane: not a copy of the f64 library per
  // datapath.
  /* verilator lint_off UNUSEDPARAM */
`include "si_isa.vh"
  /* verilator lint_on UNUSEDPARAM */
  /* verilator lint_off VARHIDDEN */
`include "si_fp_lzc.vh"
`include "si_fp32.vh"
`include "si_fp_cvt.vh"
`include "si_fp_tables.vh"
`include "si_fp_trans.vh"
`include "si_fp64.vh"
`include "simd_fu.vh"
  /* verilator lint_on VARHIDDEN */

  // the op's kinds, format and condition, decoded once per SIMD (simd.v)
  wire [7:0]  k0 = kind0;
  wire [7:0]  k1 = kind1;
  wire [7:0]  k2 = kind2;
  wire [7:0]  kd = kindd;
  wire [3:0]  opc = cond;     // VOPC: the condition
  wire [63:0] A = fu_srcmod(src0, k0, vop3, abs[0], neg[0]);
  wire [63:0] B = fu_srcmod(src1, k1, vop3, abs[1], neg[1]);
  wire [63:0] C = fu_srcmod(src2, k2, vop3, abs[2], neg[2]);

  // ------------------------------------------------------------ decode
  reg [6:0] fu;
  reg [1:0] mulk;      // 32-bit multiply: 0 lo, 1 hi unsigned, 2 hi signed
  always @* begin
    fu = FU_NONE;
    mulk = 2'd0;
    case (op)
      SI_OP_V_EXP_F32:           fu = FU_EXP32;
      SI_OP_V_LOG_F32:           fu = FU_LOG32;
      SI_OP_V_LOG_CLAMP_F32:     fu = FU_LOGC32;
      SI_OP_V_RCP_F32:           fu = FU_RCP32;
      SI_OP_V_RCP_CLAMP_F32:     fu = FU_RCPC32;
      SI_OP_V_RCP_LEGACY_F32:    fu = FU_RCPL32;
      SI_OP_V_RCP_IFLAG_F32:     fu = FU_RCPI32;
      SI_OP_V_RSQ_F32:           fu = FU_RSQ32;
      SI_OP_V_RSQ_CLAMP_F32:     fu = FU_RSQC32;
      SI_OP_V_RSQ_LEGACY_F32:    fu = FU_RSQL32;
      SI_OP_V_SQRT_F32:          fu = FU_SQRT32;
      SI_OP_V_SIN_F32:           fu = FU_SIN32;
      SI_OP_V_COS_F32:           fu = FU_COS32;
      SI_OP_V_CVT_F32_F64:       fu = FU_F32_F64;
      SI_OP_V_CVT_I32_F64:       fu = FU_I32_F64;
      SI_OP_V_CVT_U32_F64:       fu = FU_U32_F64;
      SI_OP_V_CVT_F64_F32:       fu = FU_F64_F32;
      SI_OP_V_CVT_F64_I32:       fu = FU_F64_I32;
      SI_OP_V_CVT_F64_U32:       fu = FU_F64_U32;
      SI_OP_V_ADD_F64:           fu = FU_ADD64;
      SI_OP_V_MUL_F64:           fu = FU_MUL64;
      SI_OP_V_MIN_F64:           fu = FU_MIN64;
      SI_OP_V_MAX_F64:           fu = FU_MAX64;
      SI_OP_V_FMA_F64:           fu = FU_FMA64;
      SI_OP_V_LDEXP_F64:         fu = FU_LDEXP64;
      SI_OP_V_FRACT_F64:         fu = FU_FRACT64;
      SI_OP_V_RCP_F64:           fu = FU_RCP64;
      SI_OP_V_RCP_CLAMP_F64:     fu = FU_RCPC64;
      SI_OP_V_RSQ_F64:           fu = FU_RSQ64;
      SI_OP_V_RSQ_CLAMP_F64:     fu = FU_RSQC64;
      SI_OP_V_SQRT_F64:          fu = FU_SQRT64;
      SI_OP_V_FREXP_MANT_F64:    fu = FU_FMANT64;
      SI_OP_V_FREXP_EXP_I32_F64: fu = FU_FEXP64;
      SI_OP_V_TRIG_PREOP_F64:    fu = FU_PREOP64;
      SI_OP_V_DIV_FIXUP_F64:     fu = FU_FIXUP64;
      SI_OP_V_DIV_FMAS_F64:      fu = FU_FMAS64;
      SI_OP_V_DIV_SCALE_F64:     fu = FU_DSCALE64;
      SI_OP_V_CMP_CLASS_F64, SI_OP_V_CMPX_CLASS_F64: fu = FU_CLASS64;
      SI_OP_V_MUL_LO_U32, SI_OP_V_MUL_LO_I32: mulk = 2'd0;
      SI_OP_V_MUL_HI_U32:        mulk = 2'd1;
      SI_OP_V_MUL_HI_I32:        mulk = 2'd2;
      default:
        // f64 compares (v_cmp/v_cmpx/v_cmps/v_cmpsx on K_F64 operands)
        if (vopc && k0 == SI_K_F64) fu = FU_CMP64;
    endcase
    fu_sel = fu;
  end

  // ------------------------------------------------------------ f64 FMA, reciprocal/root, ldexp, trig_preop
  // The four produce a rounding request (fp64_rq_*) for one shared rounder.
  wire        fm_use = fu == FU_ADD64 || fu == FU_MUL64 || fu == FU_FMA64 || fu == FU_FMAS64 ||
                       fu == FU_FRACT64;
  wire        rr_use = fu == FU_RCP64 || fu == FU_RCPC64 || fu == FU_RSQ64 || fu == FU_RSQC64 ||
                       fu == FU_SQRT64;
  wire        r64_use = fm_use || rr_use || fu == FU_LDEXP64 || fu == FU_PREOP64;
  // f64 rcp/rsq/sqrt: the f32 operand of si_f64_rrs_op goes through the f32
  // unit below (tr_raw), then si_f64_rrs_rq makes the rounding request.
  wire [1:0]  rr_which = (fu == FU_SQRT64) ? 2'd2 : (fu == FU_RSQ64 || fu == FU_RSQC64) ? 2'd1 : 2'd0;
  reg  [47:0] rr_op;
  always @* begin
    rr_op = 48'd0;
    if (rr_use) rr_op = si_f64_rrs_op(A, rr_which);
  end
  reg  [63:0] fm_y, fm_z, fl;
  reg signed [15:0] fm_scale;
  reg  [148:0] rq64;
  reg          ds64_vcc;   // v_div_scale_f64's VCC bit (its scaling rounds on the shared rounder)
  // The shared 53 x 53 array: no op uses two of its products.
  wire        mul_use = qrate && (op == SI_OP_V_MUL_LO_U32 || op == SI_OP_V_MUL_LO_I32 ||
                                  op == SI_OP_V_MUL_HI_U32 || op == SI_OP_V_MUL_HI_I32);
  reg  [52:0] sh_a, sh_b;
  /* verilator lint_off UNUSEDSIGNAL */
  reg  [105:0] sh_p;    // mul_lo/hi: [63:0]; rcp64: [55:0]
  /* verilator lint_on UNUSEDSIGNAL */
  always @* begin
    sh_a = 53'd0;
    sh_b = 53'd0;
    if (fm_use)       begin sh_a = fp64_sig53(A); sh_b = fp64_sig53(fm_y); end
    else if (rr_use)  begin sh_a = {1'b1, A[51:0]}; sh_b = {29'd0, 1'b1, tr_raw[22:0]}; end
    else if (mul_use) begin sh_a = {21'd0, A[31:0]}; sh_b = {21'd0, B[31:0]}; end
    sh_p = 106'd0;
    if (fm_use || rr_use || mul_use) sh_p = {53'd0, sh_a} * {53'd0, sh_b};
  end
  // the 32-bit multiplies: the low word, the unsigned high word, or the signed
  // high word (unsigned high word - (a < 0 ? b : 0) - (b < 0 ? a : 0))
  reg  [31:0] mul_r;
  always @* begin
    mul_r = 32'd0;
    if (mul_use)
      case (mulk)
        2'd0:    mul_r = sh_p[31:0];
        2'd1:    mul_r = sh_p[63:32];
        default: mul_r = sh_p[63:32] - (A[31] ? B[31:0] : 32'd0) - (B[31] ? A[31:0] : 32'd0);
      endcase
  end
  always @* begin
    fl = 64'd0;
    fm_y = B;
    fm_z = C;
    fm_scale = 16'sd0;
    case (fu)
      FU_ADD64: begin fm_y = 64'h3ff0000000000000; fm_z = B; end
      FU_MUL64: fm_z = (mode[3:2] == 2'd2) ? 64'd0 : 64'h8000000000000000;
      FU_FRACT64: begin
        fl = fp64_floor(A, mode[6]);
        fm_y = 64'h3ff0000000000000;
        fm_z = {~fl[63], fl[62:0]};
      end
      FU_FMAS64: if (mask_in) fm_scale = (C[62:52] >= 11'd1024) ? 16'sd128 : -16'sd128;
      default: ;
    endcase
  end
  // the rounding request (its own process: the FMA's operands above feed sh_p)
  always @* begin
    rq64 = fp64_rq_special(64'd0);
    ds64_vcc = 1'b0;
    if (fm_use)
      rq64 = fp64_fmax_rqp(A, fm_y, fm_z, mode[3:2], mode[7:6], fm_scale, sh_p);
    else if (rr_use)
      rq64 = si_f64_rrs_rqp(A, rr_which, rr_op[47:32], tr_raw, sh_p[55:0]);
    else if (fu == FU_LDEXP64)
      rq64 = si_f64_ldexp_rq(A, B[31:0], mode);
    else if (fu == FU_PREOP64)
      rq64 = si_f64_trig_preop_rq(A, {27'd0, B[4:0]}, mode);
    else if (fu == FU_DSCALE64)
      {ds64_vcc, rq64} = si_f64_div_scale_rq(A, B, C);
  end
  reg  [63:0] r64;
  always @* begin
    r64 = 64'd0;
    if (r64_use || fu == FU_DSCALE64) r64 = fp64_rq_do(rq64);
    if (fu == FU_FRACT64)
      r64 = qr_fract64(A, r64);
    // the clamp forms of rcp/rsq: an infinite result becomes +-max-finite
    if ((fu == FU_RCPC64 || fu == FU_RSQC64) && r64[62:0] == 63'h7ff0000000000000)
      r64 = {r64[63], 63'h7fefffffffffffff};
  end
  // fract's special cases and clamp around a - floor(a) (si_f64_fract)
  function automatic [63:0] qr_fract64(input [63:0] a, input [63:0] r);
    if (a[62:52] == 11'h7ff)
      qr_fract64 = (a[51:0] != 52'd0) ? (a | 64'h0008000000000000) : {a[63], 63'h7ff8000000000000};
    else if (!r[63] && r > 64'h3fefffffffffffff)
      qr_fract64 = 64'h3fefffffffffffff;
    else
      qr_fract64 = r;
  endfunction

  // ------------------------------------------------------------ f32 transcendentals
  // rcp, log2, exp2 and sin/cos on one set of fixed-point products (at most
  // 29 x 42 bits) and one rounder (fptr_tu in si_fp_trans.vh, called once
  // here); rsq and sqrt on one integer square root and one rounder
  // (fptr_root).  The f64 rcp/rsq/sqrt use the same units on their f32
  // operand.
  reg [2:0]  tu_fn;
  reg        tu_use;
  always @* begin
    tu_use = 1'b1;
    case (fu)
      FU_RCP32, FU_RCPC32, FU_RCPL32, FU_RCPI32, FU_RCP64, FU_RCPC64: tu_fn = 3'd4;
      FU_EXP32:                                  tu_fn = 3'd1;
      FU_SIN32:                                  tu_fn = 3'd2;
      FU_COS32:                                  tu_fn = 3'd3;
      FU_LOG32, FU_LOGC32:                       tu_fn = 3'd0;
      default: begin tu_fn = 3'd0; tu_use = 1'b0; end
    endcase
  end
  wire        rsq_use = fu == FU_RSQ32 || fu == FU_RSQC32 || fu == FU_RSQL32 || fu == FU_RSQ64 ||
                        fu == FU_RSQC64;
  wire        sqrt_use = fu == FU_SQRT32 || fu == FU_SQRT64;
  wire [31:0] tr_in = rr_use ? rr_op[31:0] : A[31:0];
  reg  [31:0] tr_raw;   // the f32 unit's result, before the f32 clamp/legacy forms
  always @* begin
    tr_raw = 32'd0;
    if (tu_use) tr_raw = fptr_tu(tu_fn, tr_in);
    else if (rsq_use || sqrt_use) tr_raw = fptr_root(tr_in, rsq_use);
  end
  reg [31:0] tr;
  always @* begin
    tr = tr_raw;
    case (fu)
      FU_RCPC32: if (tr[30:0] == 31'h7f800000) tr = {tr[31], 31'h7f7fffff};
      FU_RCPL32: if (tr[30:0] == 31'h7f800000) tr = {A[31], 31'd0};
      FU_LOGC32: if (tr == 32'hff800000) tr = 32'hff7fffff;
      FU_RSQC32: if (tr[30:0] == 31'h7f800000) tr = {tr[31], 31'h7f7fffff};
      FU_RSQL32: if (tr[30:0] == 31'h7f800000) tr = 32'd0;
      default: ;
    endcase
  end

  // ------------------------------------------------------------ the other units, result
  // Each unit is a process of its own that computes only when its op runs
  // (cheap in simulation, small processes for Yosys); {flag, value}, OR-ed.
`define QR_UNIT(name, cond, expr) \
  reg [64:0] name; \
  always @* begin name = 65'd0; if (cond) name = expr; end
  `QR_UNIT(u_mm,    fu == FU_MIN64 || fu == FU_MAX64,
           {1'b0, fp64_minmax(A, B, mode[7:6], mode[9], fu == FU_MAX64)})
  `QR_UNIT(u_fmant, fu == FU_FMANT64,  {1'b0, si_f64_frexp_mant(A, mode)})
  `QR_UNIT(u_fexp,  fu == FU_FEXP64,   {33'd0, si_f64_frexp_exp(A, mode)})
  `QR_UNIT(u_fixup, fu == FU_FIXUP64,  {1'b0, si_f64_div_fixup(A, B, C, mode)})
  `QR_UNIT(u_dscl,  fu == FU_DSCALE64, {ds64_vcc, r64})
  `QR_UNIT(u_cmp,   fu == FU_CMP64,    {si_f64_cmp(A, B, opc[3:0], mode), 64'd0})
  `QR_UNIT(u_class, fu == FU_CLASS64,  {si_f64_class(A, B[9:0]), 64'd0})
  `QR_UNIT(u_f32d,  fu == FU_F32_F64,  {33'd0, si_cvt_f32_f64(A, mode)})
  `QR_UNIT(u_i32d,  fu == FU_I32_F64,  {33'd0, si_cvt_i32_f64(A, mode)})
  `QR_UNIT(u_u32d,  fu == FU_U32_F64,  {33'd0, si_cvt_u32_f64(A, mode)})
  `QR_UNIT(u_df32,  fu == FU_F64_F32,  {1'b0, si_cvt_f64_f32(A[31:0], mode)})
  `QR_UNIT(u_di32,  fu == FU_F64_I32,  {1'b0, si_cvt_f64_i32(A[31:0], mode)})
  `QR_UNIT(u_du32,  fu == FU_F64_U32,  {1'b0, si_cvt_f64_u32(A[31:0], mode)})
  // v_qsad_u8, v_mqsad_pk_u16_u8 (integer: no modifiers on their operands)
  `QR_UNIT(u_qsad,  op == SI_OP_V_QSAD_U8 || op == SI_OP_V_MQSAD_PK_U16_U8,
           {1'b0, fu_qsad(src0, src1[31:0], src2, op == SI_OP_V_MQSAD_PK_U16_U8)})
`undef QR_UNIT
  wire tr_use = fu == FU_EXP32 || fu == FU_LOG32 || fu == FU_LOGC32 || fu == FU_RCP32 || fu == FU_RCPC32 ||
                fu == FU_RCPL32 || fu == FU_RCPI32 || fu == FU_RSQ32 || fu == FU_RSQC32 || fu == FU_RSQL32 ||
                fu == FU_SQRT32 || fu == FU_SIN32 || fu == FU_COS32;
  wire [64:0] u_shared = r64_use ? {1'b0, r64} :
                         tr_use ? {33'd0, tr} :
                         mul_use ? {33'd0, mul_r} : 65'd0;
  wire [64:0] r = u_shared | u_mm | u_fmant | u_fexp | u_fixup | u_dscl | u_cmp |
                  u_class | u_f32d | u_i32d | u_u32d | u_df32 | u_di32 | u_du32 | u_qsad;
  always @* begin
    mask_out = r[64];
    res = fu_outmod(r[63:0], kd, vop3, omod, clamp, mode);
  end
endmodule
`default_nettype wire
