// simd_fu.vh: the VALU function-unit ids (FU_*), shared by the full-rate lane
// (simd_lane.v) and the quarter-rate datapath (simd_qr.v).
//
// An id names the operation class a lane operation uses, for power accounting
// (the SIMD's mon_fu output, harness/activity.c's fu_lane_ops[]).  0
// (FU_NONE) is the integer/bit datapath.  Several
// ids may be served by one shared datapath (e.g. ADD32/SUB32/FMA32/MAD32 by
// the lane's f32 FMA); the id still tells which operation ran.
// Include inside a module body.
  /* verilator lint_off UNUSEDPARAM */
  localparam [6:0] FU_NONE     = 7'd0,
                   FU_ADD32    = 7'd1,   FU_SUB32    = 7'd2,   FU_MUL32    = 7'd3,
                   FU_MULL32   = 7'd4,   FU_MIN32    = 7'd5,   FU_MAX32    = 7'd6,
                   FU_MINL32   = 7'd7,   FU_MAXL32   = 7'd8,   FU_MIN3_32  = 7'd9,
                   FU_MAX3_32  = 7'd10,  FU_MED3_32  = 7'd11,  FU_MAD32    = 7'd12,
                   FU_MADL32   = 7'd13,  FU_FMA32    = 7'd14,  FU_LDEXP32  = 7'd15,
                   FU_FIXUP32  = 7'd16,  FU_FMAS32   = 7'd17,  FU_DSCALE32 = 7'd18,
                   FU_FRACT32  = 7'd19,  FU_TRUNC32  = 7'd20,  FU_CEIL32   = 7'd21,
                   FU_RNDNE32  = 7'd22,  FU_FLOOR32  = 7'd23,  FU_EXP32    = 7'd24,
                   FU_LOG32    = 7'd25,  FU_LOGC32   = 7'd26,  FU_RCP32    = 7'd27,
                   FU_RCPC32   = 7'd28,  FU_RCPL32   = 7'd29,  FU_RCPI32   = 7'd30,
                   FU_RSQ32    = 7'd31,  FU_RSQC32   = 7'd32,  FU_RSQL32   = 7'd33,
                   FU_SQRT32   = 7'd34,  FU_SIN32    = 7'd35,  FU_COS32    = 7'd36,
                   FU_FMANT32  = 7'd37,  FU_FEXP32   = 7'd38,
                   FU_F32_I32  = 7'd39,  FU_F32_U32  = 7'd40,  FU_I32_F32  = 7'd41,
                   FU_U32_F32  = 7'd42,  FU_RPI32    = 7'd43,  FU_FLR32    = 7'd44,
                   FU_F16_F32  = 7'd45,  FU_F32_F16  = 7'd46,  FU_OFF_I4   = 7'd47,
                   FU_F32_F64  = 7'd48,  FU_I32_F64  = 7'd49,  FU_U32_F64  = 7'd50,
                   FU_F64_F32  = 7'd51,  FU_F64_I32  = 7'd52,  FU_F64_U32  = 7'd53,
                   FU_PKRTZ    = 7'd54,  FU_PKNORM   = 7'd55,  FU_PKU8     = 7'd56,
                   FU_ADD64    = 7'd57,  FU_MUL64    = 7'd58,  FU_MIN64    = 7'd59,
                   FU_MAX64    = 7'd60,  FU_FMA64    = 7'd61,  FU_LDEXP64  = 7'd62,
                   FU_FRACT64  = 7'd63,  FU_RCP64    = 7'd64,  FU_RCPC64   = 7'd65,
                   FU_RSQ64    = 7'd66,  FU_RSQC64   = 7'd67,  FU_SQRT64   = 7'd68,
                   FU_FMANT64  = 7'd69,  FU_FEXP64   = 7'd70,  FU_PREOP64  = 7'd71,
                   FU_FIXUP64  = 7'd72,  FU_FMAS64   = 7'd73,  FU_DSCALE64 = 7'd74,
                   FU_CMP32    = 7'd75,  FU_CMP64    = 7'd76,  FU_CLASS32  = 7'd77,
                   FU_CLASS64  = 7'd78;
  /* verilator lint_on UNUSEDPARAM */

// Source modifier (VOP3 abs/neg): only for float kinds (kind[7:5] = 4; K_F64 when
// kind[4:0] = 2: bit 63, else bit 31): abs clears the sign, then neg flips it.
// Integer/bit operands are never modified.
function automatic [63:0] fu_srcmod(input [63:0] v, input [7:0] kind, input en, input ab, input ng);
  reg [63:0] t;
  begin
    t = v;
    if (en && kind[7:5] == 3'd4) begin
      if (kind[4:0] == 5'd2) begin
        if (ab) t[63] = 1'b0;
        if (ng) t[63] = ~t[63];
      end else begin
        if (ab) t[31] = 1'b0;
        if (ng) t[31] = ~t[31];
      end
    end
    fu_srcmod = t;
  end
endfunction

// Output modifiers (VOP3 only, float destinations only; clamp on integer
// results is ignored, as in the emulator).  Needs the FP library included
// before this file.  fu_outmod32 is the lane's: no full-rate op has an f64
// destination (every K_F64 destination in sw/isa/si_isa.def is F_DP or
// F_TRANS, i.e. quarter rate; simd.v asserts it), so the lane carries no f64
// omod/clamp logic; the quarter-rate datapath uses fu_outmod.
function automatic fu_outmod_on(input [2:0] kd_class, input fu_vop3, input [1:0] fu_omod, input fu_clamp);
  fu_outmod_on = fu_vop3 && (fu_omod != 2'd0 || fu_clamp) && kd_class == 3'd4;
endfunction
function automatic [63:0] fu_outmod32(input [63:0] pre, input [2:0] kd_class, input fu_vop3,
                                      input [1:0] fu_omod, input fu_clamp, input [31:0] fu_mode);
  fu_outmod32 = fu_outmod_on(kd_class, fu_vop3, fu_omod, fu_clamp) ?
                {32'd0, si_f32_omod_clamp(pre[31:0], fu_omod, fu_clamp, fu_mode)} : pre;
endfunction
function automatic [63:0] fu_outmod(input [63:0] pre, input [7:0] kd, input fu_vop3, input [1:0] fu_omod,
                                    input fu_clamp, input [31:0] fu_mode);
  if (fu_outmod_on(kd[7:5], fu_vop3, fu_omod, fu_clamp) && kd[4:0] == 5'd2)
    fu_outmod = si_f64_omod_clamp(pre, fu_omod, fu_clamp, fu_mode);
  else
    fu_outmod = fu_outmod32(pre, kd[7:5], fu_vop3, fu_omod, fu_clamp, fu_mode);
endfunction

// Sums of absolute byte differences: v_sad_u8/msad/sad_hi (the lane) and
// v_qsad_u8/v_mqsad_pk_u16_u8 (the quarter-rate datapath, as on GCN1).
// msad skips bytes whose reference byte (b) is zero.
function automatic [10:0] fu_sad8(input [31:0] fs_a, input [31:0] fs_b, input fs_masked);
  reg [7:0] fs_d0, fs_d1, fs_d2, fs_d3;
  begin
    fs_d0 = (fs_a[7:0]   > fs_b[7:0])   ? fs_a[7:0]   - fs_b[7:0]   : fs_b[7:0]   - fs_a[7:0];
    fs_d1 = (fs_a[15:8]  > fs_b[15:8])  ? fs_a[15:8]  - fs_b[15:8]  : fs_b[15:8]  - fs_a[15:8];
    fs_d2 = (fs_a[23:16] > fs_b[23:16]) ? fs_a[23:16] - fs_b[23:16] : fs_b[23:16] - fs_a[23:16];
    fs_d3 = (fs_a[31:24] > fs_b[31:24]) ? fs_a[31:24] - fs_b[31:24] : fs_b[31:24] - fs_a[31:24];
    if (fs_masked) begin
      if (fs_b[7:0]   == 8'd0) fs_d0 = 8'd0;
      if (fs_b[15:8]  == 8'd0) fs_d1 = 8'd0;
      if (fs_b[23:16] == 8'd0) fs_d2 = 8'd0;
      if (fs_b[31:24] == 8'd0) fs_d3 = 8'd0;
    end
    fu_sad8 = {3'd0, fs_d0} + {3'd0, fs_d1} + {3'd0, fs_d2} + {3'd0, fs_d3};
  end
endfunction

// v_qsad_u8 / v_mqsad_pk_u16_u8: four 16-bit accumulators.
function automatic [63:0] fu_qsad(input [63:0] fs_a, input [31:0] fs_b, input [63:0] fs_c,
                                    input fs_masked);
  reg [63:0] fs_r;
  reg [15:0] fs_acc;
  integer fs_i;
  begin
    fs_r = 64'd0;
    for (fs_i = 0; fs_i < 4; fs_i = fs_i + 1) begin
      fs_acc = fs_c[16*fs_i +: 16] + {5'd0, fu_sad8(fs_a[8*fs_i +: 32], fs_b, fs_masked)};
      fs_r[16*fs_i +: 16] = fs_acc;
    end
    fu_qsad = fs_r;
  end
endfunction
