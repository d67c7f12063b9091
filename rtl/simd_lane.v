// simd_lane: the per-lane vector ALU of a SIMD unit (purely combinational).
//
// A SIMD unit holds 16 of these and runs a 64-lane wave instruction in four
// passes.  The lane computes one lane's result of every VALU operation the
// golden emulator implements (sw/valu.c, docs/valu.md), bit for bit; the
// floating-point work is done by the FP library functions of rtl/fp/*.vh
// (same names and argument order as sw/fp.h).
//
// Ports
//   op        SI_OP_* index (build/gen/si_isa.vh) of a VALU op (VOP1, VOP2, VOPC,
//             VOP3A, VOP3B, and the VOP3 forms of VOP1/VOP2/VOPC).
//   vop3      the instruction is VOP3-encoded: abs/neg/omod/clamp apply.
//   abs, neg  source modifiers, bit i = source i.  As in the emulator they act
//             only on float-kind operands (K_F32: bit 31, K_F64: bit 63): abs
//             clears the sign, then neg flips it.  Integer/bit operands are
//             never modified.
//   omod, clamp  output modifiers, applied (VOP3 only, float destinations only)
//             with si_f32_omod_clamp / si_f64_omod_clamp when omod != 0 or
//             clamp = 1.  clamp on integer results is ignored (as the emulator).
//   mode      the wave's MODE register (raw).
//   lane      lane number 0..63 (v_mbcnt_lo/hi).
//   src0..2   operand values as read: a VGPR (32-bit values in [31:0]; the upper
//             half is ignored for 32-bit operands) or VGPR pair, or the
//             scalar / inline-constant / literal value, widened for 64-bit
//             operands exactly as si_read_s64 does; no modifiers applied yet.
//             Operands the SIMD must supply specially:
//               v_mac_f32, v_mac_legacy_f32: src2 = the destination VGPR (the
//                 addend; VOP3 abs[2]/neg[2] apply to it);
//               v_cvt_pkaccum_u8_f32: src2 = the destination VGPR (the bytes
//                 that are kept; never modified);
//               v_madmk_f32, v_madak_f32: src2 = the literal K
//                 (madmk = src0*K + src1, madak = src0*src1 + K);
//               v_qsad_u8 / v_mqsad_pk_u16_u8: src0 and src2 are 64-bit.
//   mask_in   this lane's bit of the mask operand: VCC for the e32 forms of
//             v_cndmask_b32 / v_addc_u32 / v_subb_u32 / v_subbrev_u32, the
//             SGPR-pair src2 for their VOP3 forms, and always VCC for
//             v_div_fmas_f32/f64.
//   res       the result; 32-bit results in [31:0] with [63:32] = 0.
//             VOPC ops give res = 0.
//   mask_out  compare result (VOPC and VOP3 compares, also v_cmpx/v_cmps*),
//             carry/borrow out (v_add/sub/subrev_i32, v_addc/subb/subbrev_u32),
//             the v_div_scale_f32/f64 VCC flag; 0 for every other op.  The
//             SIMD zeroes the bits of inactive lanes and writes VCC / SDST /
//             EXEC (v_cmpx) as the encoding asks.
//
// Ops done by the SIMD, not here: v_readlane_b32, v_writelane_b32,
// v_readfirstlane_b32 and v_movrel{s,d,sd}_b32 select the lane/register; the
// lane passes src0 through for them (like v_mov_b32) so the SIMD may route
// the selected value through it.  v_nop and v_clrexcp give res = 0.
//
// Structure: one `always @*` case on op; each branch calls only the
// functions it needs, so a simulator evaluates only the selected operation.
// Big FP functions have one call site each (operands muxed per op), which
// keeps the generated model small and lets synthesis share the datapath.
module simd_lane (
  input  wire [9:0]  op,
  input  wire        vop3,
  input  wire [2:0]  abs,
  input  wire [2:0]  neg,
  input  wire [1:0]  omod,
  input  wire        clamp,
  input  wire [31:0] mode,
  input  wire [5:0]  lane,
  input  wire [63:0] src0,
  input  wire [63:0] src1,
  input  wire [63:0] src2,
  input  wire        mask_in,
  output reg  [63:0] res,
  output reg         mask_out
);

`include "si_isa.vh"
`include "si_fp32.vh"
`include "si_fp_cvt.vh"
`include "si_fp_trans.vh"
`include "si_fp64.vh"

  // ------------------------------------------------------------------
  // Small integer helpers (prefix lane_).
  // ------------------------------------------------------------------

  // Source modifier: only for float kinds and VOP3.
  function automatic [63:0] lane_srcmod(input [63:0] v, input [7:0] kind, input en,
                                        input ab, input ng);
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
      lane_srcmod = t;
    end
  endfunction

  function automatic [5:0] lane_popcnt32(input [31:0] v);
    reg [31:0] x;
    begin
      x = v - ((v >> 1) & 32'h55555555);
      x = (x & 32'h33333333) + ((x >> 2) & 32'h33333333);
      x = (x + (x >> 4)) & 32'h0f0f0f0f;
      x = x + (x >> 8);
      x = x + (x >> 16);
      lane_popcnt32 = x[5:0];
    end
  endfunction

  function automatic [31:0] lane_bitrev32(input [31:0] v);
    integer i;
    begin
      for (i = 0; i < 32; i = i + 1)
        lane_bitrev32[i] = v[31 - i];
    end
  endfunction

  // Count of leading zeros; 32 for v = 0.
  function automatic [5:0] lane_clz32(input [31:0] v);
    reg [31:0] x;
    reg [5:0] n;
    begin
      x = v;
      n = 6'd0;
      if (x[31:16] == 16'd0) begin n = n + 6'd16; x = x << 16; end
      if (x[31:24] == 8'd0)  begin n = n + 6'd8;  x = x << 8;  end
      if (x[31:28] == 4'd0)  begin n = n + 6'd4;  x = x << 4;  end
      if (x[31:30] == 2'd0)  begin n = n + 6'd2;  x = x << 2;  end
      if (!x[31])            begin n = n + 6'd1;  x = x << 1;  end
      if (!x[31])            n = n + 6'd1;   // only when v = 0
      lane_clz32 = n;
    end
  endfunction

  // ffbh/ffbl results: bit index, or 0xFFFFFFFF when no bit is found.
  function automatic [31:0] lane_ffb(input [31:0] v, input from_lsb);
    reg [31:0] x;
    begin
      x = from_lsb ? lane_bitrev32(v) : v;
      lane_ffb = (x == 32'd0) ? 32'hffffffff : {26'd0, lane_clz32(x)};
    end
  endfunction

  function automatic [31:0] lane_bfe(input [31:0] v, input [31:0] offs, input [31:0] lens,
                                     input sgn);
    reg [4:0] off, len;
    reg [5:0] top;
    reg signed [31:0] t;
    begin
      off = offs[4:0];
      len = lens[4:0];
      top = {1'b0, off} + {1'b0, len};
      if (len == 5'd0) begin
        t = 32'sd0;
      end else if (top[5]) begin
        // the field runs past bit 31: a plain shift
        t = $signed(v);
        if (sgn) t = t >>> off;
        else     t = $signed(v >> off);
      end else begin
        // move the field to the top, then shift back down
        t = $signed(v << (6'd32 - top));
        if (sgn) t = t >>> (6'd32 - {1'b0, len});
        else     t = $signed($unsigned(t) >> (6'd32 - {1'b0, len}));
      end
      lane_bfe = t;
    end
  endfunction

  function automatic [31:0] lane_absdiff(input [31:0] a, input [31:0] b);
    lane_absdiff = (a > b) ? a - b : b - a;
  endfunction

  // Sum of absolute byte differences; msad skips bytes whose reference
  // byte (b) is zero.
  function automatic [10:0] lane_sad8(input [31:0] a, input [31:0] b, input masked);
    reg [7:0] d0, d1, d2, d3;
    begin
      d0 = (a[7:0]   > b[7:0])   ? a[7:0]   - b[7:0]   : b[7:0]   - a[7:0];
      d1 = (a[15:8]  > b[15:8])  ? a[15:8]  - b[15:8]  : b[15:8]  - a[15:8];
      d2 = (a[23:16] > b[23:16]) ? a[23:16] - b[23:16] : b[23:16] - a[23:16];
      d3 = (a[31:24] > b[31:24]) ? a[31:24] - b[31:24] : b[31:24] - a[31:24];
      if (masked) begin
        if (b[7:0]   == 8'd0) d0 = 8'd0;
        if (b[15:8]  == 8'd0) d1 = 8'd0;
        if (b[23:16] == 8'd0) d2 = 8'd0;
        if (b[31:24] == 8'd0) d3 = 8'd0;
      end
      lane_sad8 = {3'd0, d0} + {3'd0, d1} + {3'd0, d2} + {3'd0, d3};
    end
  endfunction

  function automatic [31:0] lane_lerp8(input [31:0] a, input [31:0] b, input [31:0] c);
    reg [8:0] t0, t1, t2, t3;
    begin
      t0 = {1'b0, a[7:0]}   + {1'b0, b[7:0]}   + {8'd0, c[0]};
      t1 = {1'b0, a[15:8]}  + {1'b0, b[15:8]}  + {8'd0, c[8]};
      t2 = {1'b0, a[23:16]} + {1'b0, b[23:16]} + {8'd0, c[16]};
      t3 = {1'b0, a[31:24]} + {1'b0, b[31:24]} + {8'd0, c[24]};
      lane_lerp8 = {t3[8:1], t2[8:1], t1[8:1], t0[8:1]};
    end
  endfunction

  // v_qsad_u8 / v_mqsad_pk_u16_u8: four 16-bit accumulators.
  function automatic [63:0] lane_qsad(input [63:0] a, input [31:0] b, input [63:0] c,
                                      input masked);
    reg [63:0] r;
    reg [15:0] acc;
    integer i;
    begin
      r = 64'd0;
      for (i = 0; i < 4; i = i + 1) begin
        acc = c[16*i +: 16] + {5'd0, lane_sad8(a[8*i +: 32], b, masked)};
        r[16*i +: 16] = acc;
      end
      lane_qsad = r;
    end
  endfunction

  function automatic [31:0] lane_smin(input [31:0] a, input [31:0] b);
    lane_smin = ($signed(a) < $signed(b)) ? a : b;
  endfunction
  function automatic [31:0] lane_smax(input [31:0] a, input [31:0] b);
    lane_smax = ($signed(a) > $signed(b)) ? a : b;
  endfunction
  function automatic [31:0] lane_umin(input [31:0] a, input [31:0] b);
    lane_umin = (a < b) ? a : b;
  endfunction
  function automatic [31:0] lane_umax(input [31:0] a, input [31:0] b);
    lane_umax = (a > b) ? a : b;
  endfunction

  // Saturate a signed 32-bit value to a signed 16-bit one.
  function automatic [15:0] lane_sat_i16(input [31:0] v);
    if ($signed(v) > 32'sd32767)       lane_sat_i16 = 16'h7fff;
    else if ($signed(v) < -32'sd32768) lane_sat_i16 = 16'h8000;
    else                               lane_sat_i16 = v[15:0];
  endfunction

  function automatic lane_f32_isnan(input [31:0] a);
    lane_f32_isnan = a[30:0] > 31'h7f800000;
  endfunction

  // a >= 0.0 as an IEEE compare (-0 >= 0 holds; NaN fails).
  function automatic lane_f32_ge0(input [31:0] a);
    lane_f32_ge0 = !lane_f32_isnan(a) && (!a[31] || a[30:0] == 31'd0);
  endfunction

  // |a| >= |b| as an IEEE compare (false if either is NaN).
  function automatic lane_f32_abs_ge(input [31:0] a, input [31:0] b);
    lane_f32_abs_ge = !lane_f32_isnan(a) && !lane_f32_isnan(b) && a[30:0] >= b[30:0];
  endfunction

  // Cube-map major axis: 2 = z, 1 = y, 0 = x.
  function automatic [1:0] lane_cube_axis(input [31:0] x, input [31:0] y, input [31:0] z);
    if (lane_f32_abs_ge(z, y) && lane_f32_abs_ge(z, x)) lane_cube_axis = 2'd2;
    else if (lane_f32_abs_ge(y, x))                     lane_cube_axis = 2'd1;
    else                                                lane_cube_axis = 2'd0;
  endfunction

  // v_cvt_pk_u8_f32 / pkaccum: rndne, clamp to [0, 255], NaN -> 0.
  function automatic [7:0] lane_f32_to_u8(input [31:0] a, input [31:0] md);
    reg [31:0] i;
    begin
      i = si_cvt_i32_f32(si_f32_rndne(a, md), md);
      if (lane_f32_isnan(a) || i[31]) lane_f32_to_u8 = 8'd0;
      else if (i > 32'd255)           lane_f32_to_u8 = 8'hff;
      else                            lane_f32_to_u8 = i[7:0];
    end
  endfunction

  // v_cvt_pknorm_*: rndne(a * scale) clamped to [-32767, 32767] (signed) or
  // [0, 65535] (unsigned); NaN -> 0.
  function automatic [15:0] lane_f32_to_norm16(input [31:0] a, input sgn, input [31:0] md);
    reg [31:0] i;
    begin
      i = si_cvt_i32_f32(si_f32_rndne(si_f32_mul(a, sgn ? 32'h46fffe00 : 32'h477fff00, md),
                                      md), md);
      if (lane_f32_isnan(a))
        lane_f32_to_norm16 = 16'd0;
      else if (sgn)
        lane_f32_to_norm16 = ($signed(i) < -32'sd32767) ? 16'h8001 :
                             ($signed(i) > 32'sd32767)  ? 16'h7fff : i[15:0];
      else
        lane_f32_to_norm16 = ($signed(i) < 32'sd0)      ? 16'h0000 :
                             ($signed(i) > 32'sd65535)  ? 16'hffff : i[15:0];
    end
  endfunction

  // Integer compare: cond F, LT, EQ, LE, GT, NE, GE, T in the low 3 bits.
  function automatic lane_icmp(input [63:0] a, input [63:0] b, input w64, input sgn,
                               input [2:0] c);
    reg signed [64:0] x, y;
    begin
      x = w64 ? {sgn & a[63], a} : {{33{sgn & a[31]}}, a[31:0]};
      y = w64 ? {sgn & b[63], b} : {{33{sgn & b[31]}}, b[31:0]};
      case (c)
        3'd0: lane_icmp = 1'b0;
        3'd7: lane_icmp = 1'b1;
        default: lane_icmp = (c[0] && x < y) || (c[1] && x == y) || (c[2] && x > y);
      endcase
    end
  endfunction

  // ------------------------------------------------------------------
  // Operands with source modifiers.
  // ------------------------------------------------------------------
  wire        is_mac = (op == SI_OP_V_MAC_F32) || (op == SI_OP_V_MAC_LEGACY_F32);
  wire [7:0]  k0 = si_op_src_kind(op, 2'd0);
  wire [7:0]  k1 = si_op_src_kind(op, 2'd1);
  // v_mac_*: the destination is read as src2 as an f32 operand.
  wire [7:0]  k2 = is_mac ? SI_K_F32 : si_op_src_kind(op, 2'd2);
  wire [7:0]  kd = si_op_dst_kind(op);
  wire [63:0] A = lane_srcmod(src0, k0, vop3, abs[0], neg[0]);
  wire [63:0] B = lane_srcmod(src1, k1, vop3, abs[1], neg[1]);
  wire [63:0] C = lane_srcmod(src2, k2, vop3, abs[2], neg[2]);
  wire [31:0] a = A[31:0];
  wire [31:0] b = B[31:0];
  wire [31:0] c = C[31:0];

  // ------------------------------------------------------------------
  // The operation.
  // ------------------------------------------------------------------
  reg [31:0] r;          // 32-bit result
  reg [63:0] r64;        // 64-bit result (when the destination is 64 bits)
  reg        w64;        // the destination is 64 bits
  reg        mo;         // mask out
  reg [32:0] t33;
  reg [47:0] p48;
  reg [63:0] p64;
  reg [31:0] x32, y32, z32;
  reg [64:0] ds65;
  reg [32:0] ds33;
  reg [1:0]  ax;
  reg [4:0]  sh;
  reg [3:0]  cond;

  always @* begin
    r = 32'd0;
    r64 = 64'd0;
    w64 = 1'b0;
    mo = 1'b0;
    t33 = 33'd0;
    p48 = 48'd0;
    p64 = 64'd0;
    x32 = 32'd0;
    y32 = 32'd0;
    z32 = 32'd0;
    ds65 = 65'd0;
    ds33 = 33'd0;
    ax = 2'd0;
    sh = 5'd0;
    cond = 4'd0;

    case (op)
      // ---------------- moves and selects ----------------
      // readlane/writelane/readfirstlane/movrel*: lane selection is the
      // SIMD's; the selected value passes through like v_mov_b32.
      SI_OP_V_MOV_B32, SI_OP_V_MOV_FED_B32, SI_OP_V_READFIRSTLANE_B32,
      SI_OP_V_READLANE_B32, SI_OP_V_WRITELANE_B32,
      SI_OP_V_MOVRELS_B32, SI_OP_V_MOVRELD_B32, SI_OP_V_MOVRELSD_B32:
        r = a;
      SI_OP_V_NOP, SI_OP_V_CLREXCP:
        r = 32'd0;
      SI_OP_V_CNDMASK_B32:
        r = mask_in ? b : a;

      // ---------------- integer add/sub with carry ----------------
      SI_OP_V_ADD_I32, SI_OP_V_ADDC_U32: begin
        t33 = {1'b0, a} + {1'b0, b} + {32'd0, op == SI_OP_V_ADDC_U32 && mask_in};
        r = t33[31:0];
        mo = t33[32];
      end
      SI_OP_V_SUB_I32, SI_OP_V_SUBB_U32: begin
        t33 = {1'b0, a} - {1'b0, b} - {32'd0, op == SI_OP_V_SUBB_U32 && mask_in};
        r = t33[31:0];
        mo = t33[32];
      end
      SI_OP_V_SUBREV_I32, SI_OP_V_SUBBREV_U32: begin
        t33 = {1'b0, b} - {1'b0, a} - {32'd0, op == SI_OP_V_SUBBREV_U32 && mask_in};
        r = t33[31:0];
        mo = t33[32];
      end

      // ---------------- integer multiply ----------------
      SI_OP_V_MUL_I32_I24, SI_OP_V_MUL_HI_I32_I24, SI_OP_V_MAD_I32_I24: begin
        p48 = $signed(a[23:0]) * $signed(b[23:0]);
        if (op == SI_OP_V_MUL_HI_I32_I24) r = {{16{p48[47]}}, p48[47:32]};
        else if (op == SI_OP_V_MAD_I32_I24) r = p48[31:0] + c;
        else r = p48[31:0];
      end
      SI_OP_V_MUL_U32_U24, SI_OP_V_MUL_HI_U32_U24, SI_OP_V_MAD_U32_U24: begin
        p48 = a[23:0] * b[23:0];
        if (op == SI_OP_V_MUL_HI_U32_U24) r = {16'd0, p48[47:32]};
        else if (op == SI_OP_V_MAD_U32_U24) r = p48[31:0] + c;
        else r = p48[31:0];
      end
      SI_OP_V_MUL_LO_U32, SI_OP_V_MUL_LO_I32:
        r = a * b;
      SI_OP_V_MUL_HI_U32: begin
        p64 = a * b;
        r = p64[63:32];
      end
      SI_OP_V_MUL_HI_I32: begin
        p64 = $signed(a) * $signed(b);
        r = p64[63:32];
      end

      // ---------------- integer min/max ----------------
      SI_OP_V_MIN_I32:  r = lane_smin(a, b);
      SI_OP_V_MAX_I32:  r = lane_smax(a, b);
      SI_OP_V_MIN_U32:  r = lane_umin(a, b);
      SI_OP_V_MAX_U32:  r = lane_umax(a, b);
      SI_OP_V_MIN3_I32: r = lane_smin(lane_smin(a, b), c);
      SI_OP_V_MAX3_I32: r = lane_smax(lane_smax(a, b), c);
      SI_OP_V_MED3_I32: r = lane_smax(lane_smin(a, b), lane_smin(lane_smax(a, b), c));
      SI_OP_V_MIN3_U32: r = lane_umin(lane_umin(a, b), c);
      SI_OP_V_MAX3_U32: r = lane_umax(lane_umax(a, b), c);
      SI_OP_V_MED3_U32: r = lane_umax(lane_umin(a, b), lane_umin(lane_umax(a, b), c));

      // ---------------- shifts (5-bit / 6-bit amounts) ----------------
      SI_OP_V_LSHL_B32:    r = a << b[4:0];
      SI_OP_V_LSHLREV_B32: r = b << a[4:0];
      SI_OP_V_LSHR_B32:    r = a >> b[4:0];
      SI_OP_V_LSHRREV_B32: r = b >> a[4:0];
      SI_OP_V_ASHR_I32:    r = $signed(a) >>> b[4:0];
      SI_OP_V_ASHRREV_I32: r = $signed(b) >>> a[4:0];
      SI_OP_V_LSHL_B64: begin w64 = 1'b1; r64 = A << b[5:0]; end
      SI_OP_V_LSHR_B64: begin w64 = 1'b1; r64 = A >> b[5:0]; end
      SI_OP_V_ASHR_I64: begin w64 = 1'b1; r64 = $signed(A) >>> b[5:0]; end

      // ---------------- bit logic ----------------
      SI_OP_V_AND_B32:   r = a & b;
      SI_OP_V_OR_B32:    r = a | b;
      SI_OP_V_XOR_B32:   r = a ^ b;
      SI_OP_V_NOT_B32:   r = ~a;
      SI_OP_V_BFM_B32:   r = ((32'd1 << a[4:0]) - 32'd1) << b[4:0];
      SI_OP_V_BFE_U32:   r = lane_bfe(a, b, c, 1'b0);
      SI_OP_V_BFE_I32:   r = lane_bfe(a, b, c, 1'b1);
      SI_OP_V_BFI_B32:   r = (a & b) | (~a & c);
      SI_OP_V_BFREV_B32: r = lane_bitrev32(a);
      SI_OP_V_BCNT_U32_B32:
        r = {26'd0, lane_popcnt32(a)} + b;
      SI_OP_V_MBCNT_LO_U32_B32: begin
        // bits of src0 for the lanes below this one (lanes 0..31)
        x32 = lane[5] ? 32'hffffffff : ((32'd1 << lane[4:0]) - 32'd1);
        r = {26'd0, lane_popcnt32(a & x32)} + b;
      end
      SI_OP_V_MBCNT_HI_U32_B32: begin
        // bits of src0 for the lanes below this one (lanes 32..63)
        x32 = lane[5] ? ((32'd1 << lane[4:0]) - 32'd1) : 32'd0;
        r = {26'd0, lane_popcnt32(a & x32)} + b;
      end
      SI_OP_V_FFBH_U32: r = lane_ffb(a, 1'b0);
      SI_OP_V_FFBL_B32: r = lane_ffb(a, 1'b1);
      SI_OP_V_FFBH_I32: r = lane_ffb(a[31] ? ~a : a, 1'b0);
      SI_OP_V_ALIGNBIT_B32, SI_OP_V_ALIGNBYTE_B32: begin
        sh = (op == SI_OP_V_ALIGNBIT_B32) ? c[4:0] : {c[1:0], 3'd0};
        p64 = {a, b} >> sh;
        r = p64[31:0];
      end

      // ---------------- sums of absolute differences ----------------
      SI_OP_V_SAD_U8:    r = {21'd0, lane_sad8(a, b, 1'b0)} + c;
      SI_OP_V_MSAD_U8:   r = {21'd0, lane_sad8(a, b, 1'b1)} + c;
      SI_OP_V_SAD_HI_U8: r = {5'd0, lane_sad8(a, b, 1'b0), 16'd0} + c;
      SI_OP_V_SAD_U16:
        r = lane_absdiff({16'd0, a[15:0]}, {16'd0, b[15:0]}) +
            lane_absdiff({16'd0, a[31:16]}, {16'd0, b[31:16]}) + c;
      SI_OP_V_SAD_U32:   r = lane_absdiff(a, b) + c;
      SI_OP_V_LERP_U8:   r = lane_lerp8(a, b, c);
      SI_OP_V_QSAD_U8, SI_OP_V_MQSAD_PK_U16_U8: begin
        w64 = 1'b1;
        r64 = lane_qsad(A, b, C, op == SI_OP_V_MQSAD_PK_U16_U8);
      end

      // ---------------- packing ----------------
      SI_OP_V_CVT_PK_U16_U32:
        r = {lane_umin(b, 32'hffff), 16'd0} | lane_umin(a, 32'hffff);
      SI_OP_V_CVT_PK_I16_I32:
        r = {lane_sat_i16(b), lane_sat_i16(a)};
      SI_OP_V_CVT_PKRTZ_F16_F32:
        r = si_cvt_pkrtz_f16_f32(a, b, mode);
      SI_OP_V_CVT_PKNORM_I16_F32, SI_OP_V_CVT_PKNORM_U16_F32:
        r = {lane_f32_to_norm16(b, op == SI_OP_V_CVT_PKNORM_I16_F32, mode),
             lane_f32_to_norm16(a, op == SI_OP_V_CVT_PKNORM_I16_F32, mode)};
