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

  // Generated ISA header: not every constant is used here.
  /* verilator lint_off UNUSEDPARAM */
`include "si_isa.vh"
  /* verilator lint_on UNUSEDPARAM */
  // The FP library functions name their MODE argument `mode`, like this
  // module's port; the shadowing inside those functions is intended.
  /* verilator lint_off VARHIDDEN */
`include "si_fp32.vh"
`include "si_fp_cvt.vh"
`include "si_fp_trans.vh"
`include "si_fp64.vh"
  /* verilator lint_on VARHIDDEN */

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

  function automatic [31:0] lane_bfe(input [31:0] v, input [4:0] off, input [4:0] len,
                                     input sgn);
    reg [5:0] top;
    reg signed [31:0] t;
    begin
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

  // (x + y + rnd) >> 1 on bytes, without a 9-bit intermediate.
  function automatic [7:0] lane_avg8(input [7:0] x, input [7:0] y, input rnd);
    lane_avg8 = {1'b0, x[7:1]} + {1'b0, y[7:1]} +
                {7'd0, (x[0] & y[0]) | (x[0] & rnd) | (y[0] & rnd)};
  endfunction

  function automatic [31:0] lane_lerp8(input [31:0] a, input [31:0] b, input [3:0] rnd);
    lane_lerp8 = {lane_avg8(a[31:24], b[31:24], rnd[3]), lane_avg8(a[23:16], b[23:16], rnd[2]),
                  lane_avg8(a[15:8], b[15:8], rnd[1]), lane_avg8(a[7:0], b[7:0], rnd[0])};
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

  function automatic lane_f32_isnan(input [30:0] a);
    lane_f32_isnan = a > 31'h7f800000;
  endfunction

  // a >= 0.0 as an IEEE compare (-0 >= 0 holds; NaN fails).
  function automatic lane_f32_ge0(input [31:0] a);
    lane_f32_ge0 = !lane_f32_isnan(a[30:0]) && (!a[31] || a[30:0] == 31'd0);
  endfunction

  // |a| >= |b| as an IEEE compare (false if either is NaN).
  function automatic lane_f32_abs_ge(input [30:0] a, input [30:0] b);
    lane_f32_abs_ge = a <= 31'h7f800000 && b <= 31'h7f800000 && a >= b;
  endfunction

  // Cube-map major axis: 2 = z, 1 = y, 0 = x.
  function automatic [1:0] lane_cube_axis(input [30:0] x, input [30:0] y, input [30:0] z);
    if (lane_f32_abs_ge(z, y) && lane_f32_abs_ge(z, x)) lane_cube_axis = 2'd2;
    else if (lane_f32_abs_ge(y, x))                     lane_cube_axis = 2'd1;
    else                                                lane_cube_axis = 2'd0;
  endfunction

  // v_cvt_pk_u8_f32 / pkaccum: rndne, clamp to [0, 255], NaN -> 0.
  function automatic [7:0] lane_f32_to_u8(input [31:0] a, input [31:0] md);
    reg [31:0] i;
    begin
      i = si_cvt_i32_f32(si_f32_rndne(a, md), md);
      if (lane_f32_isnan(a[30:0]) || i[31]) lane_f32_to_u8 = 8'd0;
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
      if (lane_f32_isnan(a[30:0]))
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
  wire [63:0] A64 = lane_srcmod(src0, k0, vop3, abs[0], neg[0]);
  wire [63:0] B64 = lane_srcmod(src1, k1, vop3, abs[1], neg[1]);
  wire [63:0] C64 = lane_srcmod(src2, k2, vop3, abs[2], neg[2]);
  wire [31:0] a32 = A64[31:0];
  wire [31:0] b32 = B64[31:0];
  wire [31:0] c32 = C64[31:0];

  // ------------------------------------------------------------------
  // The operation.
  // ------------------------------------------------------------------
  reg [31:0] r;          // 32-bit result
  reg [63:0] r64;        // 64-bit result (when the destination is 64 bits)
  reg        mo;         // mask out
  reg [32:0] t33;
  reg [47:0] p48;
  reg [63:0] p64;
  reg [31:0] x32, y32;
  reg [64:0] ds65;
  reg [32:0] ds33;
  reg [1:0]  ax;
  reg [4:0]  sh;
  // only the low 4 bits of the opcode (the compare condition) are needed
  /* verilator lint_off UNUSEDSIGNAL */
  reg [8:0]  opc;
  /* verilator lint_on UNUSEDSIGNAL */
  reg [3:0]  cond;

  always @* begin
    r = 32'd0;
    r64 = 64'd0;
    mo = 1'b0;
    t33 = 33'd0;
    p48 = 48'd0;
    p64 = 64'd0;
    x32 = 32'd0;
    y32 = 32'd0;
    ds65 = 65'd0;
    ds33 = 33'd0;
    ax = 2'd0;
    sh = 5'd0;
    opc = 9'd0;
    cond = 4'd0;

    case (op)
      // ---------------- moves and selects ----------------
      // readlane/writelane/readfirstlane/movrel*: lane selection is the
      // SIMD's; the selected value passes through like v_mov_b32.
      SI_OP_V_MOV_B32, SI_OP_V_MOV_FED_B32, SI_OP_V_READFIRSTLANE_B32,
      SI_OP_V_READLANE_B32, SI_OP_V_WRITELANE_B32,
      SI_OP_V_MOVRELS_B32, SI_OP_V_MOVRELD_B32, SI_OP_V_MOVRELSD_B32:
        r = a32;
      SI_OP_V_NOP, SI_OP_V_CLREXCP:
        r = 32'd0;
      SI_OP_V_CNDMASK_B32:
        r = mask_in ? b32 : a32;

      // ---------------- integer add/sub with carry ----------------
      SI_OP_V_ADD_I32, SI_OP_V_ADDC_U32: begin
        t33 = {1'b0, a32} + {1'b0, b32} + {32'd0, op == SI_OP_V_ADDC_U32 && mask_in};
        r = t33[31:0];
        mo = t33[32];
      end
      SI_OP_V_SUB_I32, SI_OP_V_SUBB_U32: begin
        t33 = {1'b0, a32} - {1'b0, b32} - {32'd0, op == SI_OP_V_SUBB_U32 && mask_in};
        r = t33[31:0];
        mo = t33[32];
      end
      SI_OP_V_SUBREV_I32, SI_OP_V_SUBBREV_U32: begin
        t33 = {1'b0, b32} - {1'b0, a32} - {32'd0, op == SI_OP_V_SUBBREV_U32 && mask_in};
        r = t33[31:0];
        mo = t33[32];
      end

      // ---------------- integer multiply ----------------
      SI_OP_V_MUL_I32_I24, SI_OP_V_MUL_HI_I32_I24, SI_OP_V_MAD_I32_I24: begin
        p48 = $signed(a32[23:0]) * $signed(b32[23:0]);
        if (op == SI_OP_V_MUL_HI_I32_I24) r = {{16{p48[47]}}, p48[47:32]};
        else if (op == SI_OP_V_MAD_I32_I24) r = p48[31:0] + c32;
        else r = p48[31:0];
      end
      SI_OP_V_MUL_U32_U24, SI_OP_V_MUL_HI_U32_U24, SI_OP_V_MAD_U32_U24: begin
        p48 = a32[23:0] * b32[23:0];
        if (op == SI_OP_V_MUL_HI_U32_U24) r = {16'd0, p48[47:32]};
        else if (op == SI_OP_V_MAD_U32_U24) r = p48[31:0] + c32;
        else r = p48[31:0];
      end
      SI_OP_V_MUL_LO_U32, SI_OP_V_MUL_LO_I32:
        r = a32 * b32;
      SI_OP_V_MUL_HI_U32: begin
        p64 = a32 * b32;
        r = p64[63:32];
      end
      SI_OP_V_MUL_HI_I32: begin
        p64 = $signed(a32) * $signed(b32);
        r = p64[63:32];
      end

      // ---------------- integer min/max ----------------
      SI_OP_V_MIN_I32:  r = lane_smin(a32, b32);
      SI_OP_V_MAX_I32:  r = lane_smax(a32, b32);
      SI_OP_V_MIN_U32:  r = lane_umin(a32, b32);
      SI_OP_V_MAX_U32:  r = lane_umax(a32, b32);
      SI_OP_V_MIN3_I32: r = lane_smin(lane_smin(a32, b32), c32);
      SI_OP_V_MAX3_I32: r = lane_smax(lane_smax(a32, b32), c32);
      SI_OP_V_MED3_I32: r = lane_smax(lane_smin(a32, b32), lane_smin(lane_smax(a32, b32), c32));
      SI_OP_V_MIN3_U32: r = lane_umin(lane_umin(a32, b32), c32);
      SI_OP_V_MAX3_U32: r = lane_umax(lane_umax(a32, b32), c32);
      SI_OP_V_MED3_U32: r = lane_umax(lane_umin(a32, b32), lane_umin(lane_umax(a32, b32), c32));

      // ---------------- shifts (5-bit / 6-bit amounts) ----------------
      SI_OP_V_LSHL_B32:    r = a32 << b32[4:0];
      SI_OP_V_LSHLREV_B32: r = b32 << a32[4:0];
      SI_OP_V_LSHR_B32:    r = a32 >> b32[4:0];
      SI_OP_V_LSHRREV_B32: r = b32 >> a32[4:0];
      SI_OP_V_ASHR_I32:    r = $signed(a32) >>> b32[4:0];
      SI_OP_V_ASHRREV_I32: r = $signed(b32) >>> a32[4:0];
      SI_OP_V_LSHL_B64: begin r64 = A64 << b32[5:0]; end
      SI_OP_V_LSHR_B64: begin r64 = A64 >> b32[5:0]; end
      SI_OP_V_ASHR_I64: begin r64 = $signed(A64) >>> b32[5:0]; end

      // ---------------- bit logic ----------------
      SI_OP_V_AND_B32:   r = a32 & b32;
      SI_OP_V_OR_B32:    r = a32 | b32;
      SI_OP_V_XOR_B32:   r = a32 ^ b32;
      SI_OP_V_NOT_B32:   r = ~a32;
      SI_OP_V_BFM_B32:   r = ((32'd1 << a32[4:0]) - 32'd1) << b32[4:0];
      SI_OP_V_BFE_U32:   r = lane_bfe(a32, b32[4:0], c32[4:0], 1'b0);
      SI_OP_V_BFE_I32:   r = lane_bfe(a32, b32[4:0], c32[4:0], 1'b1);
      SI_OP_V_BFI_B32:   r = (a32 & b32) | (~a32 & c32);
      SI_OP_V_BFREV_B32: r = lane_bitrev32(a32);
      SI_OP_V_BCNT_U32_B32:
        r = {26'd0, lane_popcnt32(a32)} + b32;
      SI_OP_V_MBCNT_LO_U32_B32: begin
        // bits of src0 for the lanes below this one (lanes 0..31)
        x32 = lane[5] ? 32'hffffffff : ((32'd1 << lane[4:0]) - 32'd1);
        r = {26'd0, lane_popcnt32(a32 & x32)} + b32;
      end
      SI_OP_V_MBCNT_HI_U32_B32: begin
        // bits of src0 for the lanes below this one (lanes 32..63)
        x32 = lane[5] ? ((32'd1 << lane[4:0]) - 32'd1) : 32'd0;
        r = {26'd0, lane_popcnt32(a32 & x32)} + b32;
      end
      SI_OP_V_FFBH_U32: r = lane_ffb(a32, 1'b0);
      SI_OP_V_FFBL_B32: r = lane_ffb(a32, 1'b1);
      SI_OP_V_FFBH_I32: r = lane_ffb(a32[31] ? ~a32 : a32, 1'b0);
      SI_OP_V_ALIGNBIT_B32, SI_OP_V_ALIGNBYTE_B32: begin
        sh = (op == SI_OP_V_ALIGNBIT_B32) ? c32[4:0] : {c32[1:0], 3'd0};
        p64 = {a32, b32} >> sh;
        r = p64[31:0];
      end

      // ---------------- sums of absolute differences ----------------
      SI_OP_V_SAD_U8:    r = {21'd0, lane_sad8(a32, b32, 1'b0)} + c32;
      SI_OP_V_MSAD_U8:   r = {21'd0, lane_sad8(a32, b32, 1'b1)} + c32;
      SI_OP_V_SAD_HI_U8: r = {5'd0, lane_sad8(a32, b32, 1'b0), 16'd0} + c32;
      SI_OP_V_SAD_U16:
        r = lane_absdiff({16'd0, a32[15:0]}, {16'd0, b32[15:0]}) +
            lane_absdiff({16'd0, a32[31:16]}, {16'd0, b32[31:16]}) + c32;
      SI_OP_V_SAD_U32:   r = lane_absdiff(a32, b32) + c32;
      SI_OP_V_LERP_U8:   r = lane_lerp8(a32, b32, {c32[24], c32[16], c32[8], c32[0]});
      SI_OP_V_QSAD_U8, SI_OP_V_MQSAD_PK_U16_U8: begin
        r64 = lane_qsad(A64, b32, C64, op == SI_OP_V_MQSAD_PK_U16_U8);
      end

      // ---------------- packing ----------------
      SI_OP_V_CVT_PK_U16_U32: begin
        x32 = lane_umin(a32, 32'hffff);
        y32 = lane_umin(b32, 32'hffff);
        r = {y32[15:0], x32[15:0]};
      end
      SI_OP_V_CVT_PK_I16_I32:
        r = {lane_sat_i16(b32), lane_sat_i16(a32)};
      SI_OP_V_CVT_PKRTZ_F16_F32:
        r = si_cvt_pkrtz_f16_f32(a32, b32, mode);
      SI_OP_V_CVT_PKNORM_I16_F32, SI_OP_V_CVT_PKNORM_U16_F32:
        r = {lane_f32_to_norm16(b32, op == SI_OP_V_CVT_PKNORM_I16_F32, mode),
             lane_f32_to_norm16(a32, op == SI_OP_V_CVT_PKNORM_I16_F32, mode)};
      SI_OP_V_CVT_PK_U8_F32, SI_OP_V_CVT_PKACCUM_U8_F32: begin
        // byte src1 & 3 = u8(src0); the other bytes come from src2 (pk) or
        // from the destination VGPR, passed on src2 (pkaccum)
        sh = {b32[1:0], 3'd0};
        r = (c32 & ~(32'hff << sh)) | ({24'd0, lane_f32_to_u8(a32, mode)} << sh);
      end

      // ---------------- f32 arithmetic ----------------
      SI_OP_V_ADD_F32:
        r = si_f32_add(a32, b32, mode);
      SI_OP_V_SUB_F32, SI_OP_V_SUBREV_F32:
        r = (op == SI_OP_V_SUB_F32) ? si_f32_sub(a32, b32, mode) : si_f32_sub(b32, a32, mode);
      SI_OP_V_MUL_F32, SI_OP_V_CUBEMA_F32: begin
        if (op == SI_OP_V_CUBEMA_F32) begin
          // 2 * the major-axis value
          ax = lane_cube_axis(a32[30:0], b32[30:0], c32[30:0]);
          x32 = (ax == 2'd2) ? c32 : (ax == 2'd1) ? b32 : a32;
          y32 = 32'h40000000;
        end else begin
          x32 = a32;
          y32 = b32;
        end
        r = si_f32_mul(x32, y32, mode);
      end
      SI_OP_V_MUL_LEGACY_F32, SI_OP_V_MULLIT_F32: begin
        x32 = si_f32_mul_legacy(a32, b32, mode);
        // v_mullit: src2 > 0 (not NaN) ? legacy src0*src1 : -FLT_MAX
        if (op == SI_OP_V_MULLIT_F32 && (lane_f32_isnan(c32[30:0]) || c32[31] || c32[30:0] == 31'd0))
          r = 32'hff7fffff;
        else
          r = x32;
      end
      SI_OP_V_MIN_F32:        r = si_f32_min(a32, b32, mode);
      SI_OP_V_MAX_F32:        r = si_f32_max(a32, b32, mode);
      SI_OP_V_MIN_LEGACY_F32: r = si_f32_min_legacy(a32, b32, mode);
      SI_OP_V_MAX_LEGACY_F32: r = si_f32_max_legacy(a32, b32, mode);
      SI_OP_V_MIN3_F32:       r = si_f32_min3(a32, b32, c32, mode);
      SI_OP_V_MAX3_F32:       r = si_f32_max3(a32, b32, c32, mode);
      SI_OP_V_MED3_F32:       r = si_f32_med3(a32, b32, c32, mode);
      SI_OP_V_MAD_F32, SI_OP_V_MAC_F32, SI_OP_V_MADMK_F32, SI_OP_V_MADAK_F32:
        // madmk: src0 * K + src1 with K on src2
        r = si_f32_mad(a32, (op == SI_OP_V_MADMK_F32) ? c32 : b32,
                       (op == SI_OP_V_MADMK_F32) ? b32 : c32, mode);
      SI_OP_V_MAD_LEGACY_F32, SI_OP_V_MAC_LEGACY_F32:
        r = si_f32_mad_legacy(a32, b32, c32, mode);
      SI_OP_V_FMA_F32:        r = si_f32_fma(a32, b32, c32, mode);
      SI_OP_V_LDEXP_F32:      r = si_f32_ldexp(a32, b32, mode);
      SI_OP_V_DIV_FIXUP_F32:  r = si_f32_div_fixup(a32, b32, c32, mode);
      SI_OP_V_DIV_FMAS_F32:   r = si_f32_div_fmas(a32, b32, c32, mask_in, mode);
      SI_OP_V_DIV_SCALE_F32: begin
        ds33 = si_f32_div_scale(a32, b32, c32, mode);
        r = ds33[31:0];
        mo = ds33[32];
      end

      // ---------------- cube map ----------------
      SI_OP_V_CUBEID_F32: begin
        ax = lane_cube_axis(a32[30:0], b32[30:0], c32[30:0]);
        x32 = (ax == 2'd2) ? c32 : (ax == 2'd1) ? b32 : a32;
        // face = 2*axis + (value < 0) as an f32: 0.0 .. 5.0 (exact values)
        case ({ax, !lane_f32_ge0(x32)})
          3'd1:    r = 32'h3f800000;
          3'd2:    r = 32'h40000000;
          3'd3:    r = 32'h40400000;
          3'd4:    r = 32'h40800000;
          3'd5:    r = 32'h40a00000;
          default: r = 32'h00000000;
        endcase
      end
      SI_OP_V_CUBESC_F32: begin
        ax = lane_cube_axis(a32[30:0], b32[30:0], c32[30:0]);
        if (ax == 2'd2)      r = lane_f32_ge0(c32) ? a32 : {~a32[31], a32[30:0]};
        else if (ax == 2'd1) r = a32;
        else                 r = lane_f32_ge0(a32) ? {~c32[31], c32[30:0]} : c32;
      end
      SI_OP_V_CUBETC_F32: begin
        ax = lane_cube_axis(a32[30:0], b32[30:0], c32[30:0]);
        if (ax == 2'd1) r = lane_f32_ge0(b32) ? c32 : {~c32[31], c32[30:0]};
        else            r = {~b32[31], b32[30:0]};
      end

      // ---------------- f32 unary ----------------
      SI_OP_V_FRACT_F32:        r = si_f32_fract(a32, mode);
      SI_OP_V_TRUNC_F32:        r = si_f32_trunc(a32, mode);
      SI_OP_V_CEIL_F32:         r = si_f32_ceil(a32, mode);
      SI_OP_V_RNDNE_F32:        r = si_f32_rndne(a32, mode);
      SI_OP_V_FLOOR_F32:        r = si_f32_floor(a32, mode);
      SI_OP_V_EXP_F32:          r = si_f32_exp(a32, mode);
      SI_OP_V_LOG_F32:          r = si_f32_log(a32, mode);
      SI_OP_V_LOG_CLAMP_F32:    r = si_f32_log_clamp(a32, mode);
      SI_OP_V_RCP_F32:          r = si_f32_rcp(a32, mode);
      SI_OP_V_RCP_CLAMP_F32:    r = si_f32_rcp_clamp(a32, mode);
      SI_OP_V_RCP_LEGACY_F32:   r = si_f32_rcp_legacy(a32, mode);
      SI_OP_V_RCP_IFLAG_F32:    r = si_f32_rcp_iflag(a32, mode);
      SI_OP_V_RSQ_F32:          r = si_f32_rsq(a32, mode);
      SI_OP_V_RSQ_CLAMP_F32:    r = si_f32_rsq_clamp(a32, mode);
      SI_OP_V_RSQ_LEGACY_F32:   r = si_f32_rsq_legacy(a32, mode);
      SI_OP_V_SQRT_F32:         r = si_f32_sqrt(a32, mode);
      SI_OP_V_SIN_F32:          r = si_f32_sin(a32, mode);
      SI_OP_V_COS_F32:          r = si_f32_cos(a32, mode);
      SI_OP_V_FREXP_MANT_F32:   r = si_f32_frexp_mant(a32, mode);
      SI_OP_V_FREXP_EXP_I32_F32: r = si_f32_frexp_exp(a32, mode);

      // ---------------- conversions ----------------
      SI_OP_V_CVT_F32_I32:      r = si_cvt_f32_i32(a32, mode);
      SI_OP_V_CVT_F32_U32, SI_OP_V_CVT_F32_UBYTE0, SI_OP_V_CVT_F32_UBYTE1,
      SI_OP_V_CVT_F32_UBYTE2, SI_OP_V_CVT_F32_UBYTE3: begin
        case (op)
          SI_OP_V_CVT_F32_UBYTE0: x32 = {24'd0, a32[7:0]};
          SI_OP_V_CVT_F32_UBYTE1: x32 = {24'd0, a32[15:8]};
          SI_OP_V_CVT_F32_UBYTE2: x32 = {24'd0, a32[23:16]};
          SI_OP_V_CVT_F32_UBYTE3: x32 = {24'd0, a32[31:24]};
          default:                x32 = a32;
        endcase
        r = si_cvt_f32_u32(x32, mode);
      end
      SI_OP_V_CVT_I32_F32:      r = si_cvt_i32_f32(a32, mode);
      SI_OP_V_CVT_U32_F32:      r = si_cvt_u32_f32(a32, mode);
      SI_OP_V_CVT_RPI_I32_F32:  r = si_cvt_rpi_i32_f32(a32, mode);
      SI_OP_V_CVT_FLR_I32_F32:  r = si_cvt_flr_i32_f32(a32, mode);
      SI_OP_V_CVT_F16_F32:      r = si_cvt_f16_f32(a32, mode);
      SI_OP_V_CVT_F32_F16:      r = si_cvt_f32_f16(a32, mode);
      SI_OP_V_CVT_OFF_F32_I4:   r = si_cvt_off_f32_i4(a32, mode);
      SI_OP_V_CVT_F32_F64:      r = si_cvt_f32_f64(A64, mode);
      SI_OP_V_CVT_I32_F64:      r = si_cvt_i32_f64(A64, mode);
      SI_OP_V_CVT_U32_F64:      r = si_cvt_u32_f64(A64, mode);
      SI_OP_V_CVT_F64_F32:      r64 = si_cvt_f64_f32(a32, mode);
      SI_OP_V_CVT_F64_I32:      r64 = si_cvt_f64_i32(a32, mode);
      SI_OP_V_CVT_F64_U32:      r64 = si_cvt_f64_u32(a32, mode);

      // ---------------- f64 ----------------
      SI_OP_V_ADD_F64:          r64 = si_f64_add(A64, B64, mode);
      SI_OP_V_MUL_F64:          r64 = si_f64_mul(A64, B64, mode);
      SI_OP_V_MIN_F64:          r64 = si_f64_min(A64, B64, mode);
      SI_OP_V_MAX_F64:          r64 = si_f64_max(A64, B64, mode);
      SI_OP_V_FMA_F64:          r64 = si_f64_fma(A64, B64, C64, mode);
      SI_OP_V_LDEXP_F64:        r64 = si_f64_ldexp(A64, b32, mode);
      SI_OP_V_FRACT_F64:        r64 = si_f64_fract(A64, mode);
      SI_OP_V_RCP_F64:          r64 = si_f64_rcp(A64, mode);
      SI_OP_V_RCP_CLAMP_F64:    r64 = si_f64_rcp_clamp(A64, mode);
      SI_OP_V_RSQ_F64:          r64 = si_f64_rsq(A64, mode);
      SI_OP_V_RSQ_CLAMP_F64:    r64 = si_f64_rsq_clamp(A64, mode);
      SI_OP_V_SQRT_F64:         r64 = si_f64_sqrt(A64, mode);
      SI_OP_V_FREXP_MANT_F64:   r64 = si_f64_frexp_mant(A64, mode);
      SI_OP_V_FREXP_EXP_I32_F64: r = si_f64_frexp_exp(A64, mode);
      SI_OP_V_TRIG_PREOP_F64:   r64 = si_f64_trig_preop(A64, {27'd0, b32[4:0]}, mode);
      SI_OP_V_DIV_FIXUP_F64:    r64 = si_f64_div_fixup(A64, B64, C64, mode);
      SI_OP_V_DIV_FMAS_F64:     r64 = si_f64_div_fmas(A64, B64, C64, mask_in, mode);
      SI_OP_V_DIV_SCALE_F64: begin
        ds65 = si_f64_div_scale(A64, B64, C64, mode);
        r64 = ds65[63:0];
        mo = ds65[64];
      end

      // ---------------- VOPC ----------------
      SI_OP_V_CMP_CLASS_F32, SI_OP_V_CMPX_CLASS_F32:
        mo = si_f32_class(a32, b32[9:0]);
      SI_OP_V_CMP_CLASS_F64, SI_OP_V_CMPX_CLASS_F64:
        mo = si_f64_class(A64, b32[9:0]);

      default:
        // The other VOPC ops (v_cmp/v_cmpx/v_cmps/v_cmpsx): the condition
        // is the low 4 bits of the opcode; float, or integer signed/unsigned
        // by the operand kind.
        if (si_op_fmt(op) == SI_FMT_VOPC) begin
          opc = si_op_opcode(op);
          cond = opc[3:0];
          if (k0[7:5] == 3'd4)
            mo = (k0[4:0] == 5'd2) ? si_f64_cmp(A64, B64, cond, mode) : si_f32_cmp(a32, b32, cond, mode);
          else
            mo = lane_icmp(A64, B64, k0[4:0] == 5'd2, k0[7:5] == 3'd3, cond[2:0]);
        end
    endcase

    // Output modifiers: VOP3 only, float destinations only.
    if (vop3 && (omod != 2'd0 || clamp) && kd[7:5] == 3'd4) begin
      if (kd[4:0] == 5'd2) r64 = si_f64_omod_clamp(r64, omod, clamp, mode);
      else                 r = si_f32_omod_clamp(r, omod, clamp, mode);
    end

    res = (kd[4:0] == 5'd2) ? r64 : {32'd0, r};
    mask_out = mo;
  end

endmodule
