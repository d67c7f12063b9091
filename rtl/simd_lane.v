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
//   kind0..2, kindd  the ISA table's operand kinds of op: si_op_src_kind(op, i)
//             and si_op_dst_kind(op); vopc: si_op_fmt(op) == SI_FMT_VOPC;
//             cond: si_op_opcode(op)[3:0] (a compare's condition).  Decoded
//             once per SIMD for all its lanes (simd.v), not in every lane.
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
//   mask_in   this lane's bit of the mask operand: VCC for the e32 forms of
//             v_cndmask_b32 / v_addc_u32 / v_subb_u32 / v_subbrev_u32, the
//             SGPR-pair src2 for their VOP3 forms, and always VCC for
//             v_div_fmas_f32/f64.
//   res       the result; 32-bit results in [31:0] with [63:32] = 0.
//             VOPC ops give res = 0.
//   fu_sel    the FP unit (FU_* index) the op is computed by, FU_NONE (0) for
//             integer/bit ops: a monitor output for per-unit power accounting
//             (docs/power.md); it depends on the op only, not on the data.
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
// Structure (three combinational stages):
//   1. decode: one `always @*` case on op computes the integer/bit results
//      directly and, for FP work, picks a function unit (fu) and its
//      operands (fx, fy, fz), so that every FP library function has a single
//      call site shared by all the ops that need it;
//   2. FP units: the list of units (SIMD_LANE_FU entries).  For simulation
//      they are the items of one `case (fu)`, so Verilator evaluates only the
//      selected unit.  Under SYNTHESIS (defined by Yosys) or when
//      SIMD_LANE_FU_ASSIGNS is defined, each unit is its own continuous
//      assignment, OR-ed together: same function, but it keeps each inlined
//      FP function in its own small process, which Yosys' proc pass handles
//      in about a minute instead of many hours for one giant process;
//   3. result: the unit or integer result, the v_mullit override, then the
//      output modifiers.
`default_nettype none
module simd_lane (
  input  wire [9:0]  op,
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
  input  wire [5:0]  lane,
  input  wire [63:0] src0,
  input  wire [63:0] src1,
  input  wire [63:0] src2,
  input  wire        mask_in,
  output reg  [63:0] res,
  output reg         mask_out,
  output wire [6:0]  fu_sel     // the FP unit the op uses (FU_* below; 0: none) - power accounting
);
  // The verilated CU does not flatten this module into every lane (hundreds
  // of MB of C++): it is verilated once as a model of its own, and each lane
  // of rtl/simd.v evaluates it through a DPI call (SICU_DPATH_DPI) in the
  // cycles that use its result.

  // Generated ISA header: not every constant is used here.
  /* verilator lint_off UNUSEDPARAM */
`include "si_isa.vh"
  /* verilator lint_on UNUSEDPARAM */
  // The FP library functions name their MODE argument `mode`, like this
  // module's port; the shadowing inside those functions is intended.
  /* verilator lint_off VARHIDDEN */
`include "si_fp32.vh"
`include "si_fp_cvt.vh"
`include "si_fp_tables.vh"
`include "si_fp_trans.vh"
`include "si_fp64.vh"
`include "simd_fu.vh"   // FU_* ids, source and output modifiers
  /* verilator lint_on VARHIDDEN */

  // ------------------------------------------------------------------
  // Small integer helpers (prefix lane_).
  // ------------------------------------------------------------------

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

  // (x + y + rnd) >> 1 on bytes, without a 9-bit intermediate.
  function automatic [7:0] lane_avg8(input [7:0] x, input [7:0] y, input rnd);
    lane_avg8 = {1'b0, x[7:1]} + {1'b0, y[7:1]} +
                {7'd0, (x[0] & y[0]) | (x[0] & rnd) | (y[0] & rnd)};
  endfunction

  function automatic [31:0] lane_lerp8(input [31:0] a, input [31:0] b, input [3:0] rnd);
    lane_lerp8 = {lane_avg8(a[31:24], b[31:24], rnd[3]), lane_avg8(a[23:16], b[23:16], rnd[2]),
                  lane_avg8(a[15:8], b[15:8], rnd[1]), lane_avg8(a[7:0], b[7:0], rnd[0])};
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

  // v_cvt_pk_u8_f32 / pkaccum: rndne (ra = rndne(a), from the shared
  // round-to-integral unit), clamp to [0, 255], NaN -> 0.
  function automatic [7:0] lane_f32_to_u8(input [30:0] a, input [31:0] ra, input [31:0] md);
    reg [31:0] i;
    begin
      i = si_cvt_i32_f32(ra, md);
      if (lane_f32_isnan(a) || i[31]) lane_f32_to_u8 = 8'd0;
      else if (i > 32'd255)           lane_f32_to_u8 = 8'hff;
      else                            lane_f32_to_u8 = i[7:0];
    end
  endfunction

  // v_cvt_pk_u8_f32 / pkaccum: u8(a) into byte sel of keep.
  function automatic [31:0] lane_pk_u8(input [30:0] a, input [31:0] ra, input [1:0] sel, input [31:0] keep,
                                       input [31:0] md);
    reg [4:0] sh;
    begin
      sh = {sel, 3'd0};
      lane_pk_u8 = (keep & ~(32'hff << sh)) | ({24'd0, lane_f32_to_u8(a, ra, md)} << sh);
    end
  endfunction

  // v_cvt_pknorm_*: rndne(a * scale) clamped to [-32767, 32767] (signed) or
  // [0, 65535] (unsigned); NaN -> 0.
  // p = a * scale, from the shared multiplier (one half) or FMA (the other)
  function automatic [15:0] lane_f32_to_norm16(input [30:0] a, input [31:0] p, input sgn, input [31:0] md);
    reg [31:0] i;
    begin
      i = si_cvt_i32_f32(si_f32_rndne(p, md), md);
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
  wire [7:0]  k0 = kind0;
  wire [7:0]  k1 = kind1;
  // v_mac_*: the destination is read as src2 as an f32 operand.
  wire [7:0]  k2 = is_mac ? SI_K_F32 : kind2;
  wire [7:0]  kd = kindd;
  wire        is_vopc = vopc;
  wire [3:0]  opc = cond;     // the compare condition: the opcode's low 4 bits
  wire [63:0] A64 = fu_srcmod(src0, k0, vop3, abs[0], neg[0]);
  wire [63:0] B64 = fu_srcmod(src1, k1, vop3, abs[1], neg[1]);
  /* verilator lint_off UNUSEDSIGNAL */
  wire [63:0] C64 = fu_srcmod(src2, k2, vop3, abs[2], neg[2]);   // [63:32]: no 64-bit third operand here
  /* verilator lint_on UNUSEDSIGNAL */
  wire [31:0] a32 = A64[31:0];
  wire [31:0] b32 = B64[31:0];
  wire [31:0] c32 = C64[31:0];


  // ------------------------------------------------------------------
  // Stage 1: decode.  Integer/bit ops produce ir/imo; FP ops select fu and
  // its operands.
  // ------------------------------------------------------------------
  reg [6:0]  fu;         // FP unit (FU_NONE: integer result ir/imo)
  assign fu_sel = fu;
  reg [31:0] fx, fy, fz; // FP unit operands (f32: f64 ops run on simd_qr.v)
  reg [3:0]  fcond;      // compare condition (FU_CMP32/64)
  reg        fsgn;       // FU_PKNORM: signed (i16) form
  reg        mullit_k;   // v_mullit: the result is -FLT_MAX
  reg [31:0] r;          // 32-bit integer result
  reg [63:0] r64;        // 64-bit integer result
  reg        mo;         // integer mask out
  reg [32:0] t33;
  /* verilator lint_off UNUSEDSIGNAL */
  reg        im_op;      // a 24-bit integer multiply (on the shared array below)
  /* verilator lint_on UNUSEDSIGNAL */
  reg        i24s;       // ... signed form
  /* verilator lint_off UNUSEDSIGNAL */
  reg [63:0] p64;        // alignbit/alignbyte: {a, b} shifted (low half used)
  /* verilator lint_on UNUSEDSIGNAL */
  reg [31:0] x32;
  reg [1:0]  ax;
  reg [4:0]  sh;

  always @* begin
    fu = FU_NONE;
    fx = a32;
    fy = b32;
    fz = c32;
    fcond = 4'd0;
    fsgn = 1'b0;
    mullit_k = 1'b0;
    r = 32'd0;
    r64 = 64'd0;
    mo = 1'b0;
    t33 = 33'd0;
    im_op = 1'b0;
    i24s = 1'b0;
    p64 = 64'd0;
    x32 = 32'd0;
    ax = 2'd0;
    sh = 5'd0;

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
      // on the shared 25 x 25 signed array (ar_p below), signed and unsigned forms
      SI_OP_V_MUL_I32_I24, SI_OP_V_MUL_HI_I32_I24, SI_OP_V_MAD_I32_I24,
      SI_OP_V_MUL_U32_U24, SI_OP_V_MUL_HI_U32_U24, SI_OP_V_MAD_U32_U24: begin
        i24s = op == SI_OP_V_MUL_I32_I24 || op == SI_OP_V_MUL_HI_I32_I24 || op == SI_OP_V_MAD_I32_I24;
        im_op = 1'b1;
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
      SI_OP_V_LSHL_B64:    r64 = A64 << b32[5:0];
      SI_OP_V_LSHR_B64:    r64 = A64 >> b32[5:0];
      SI_OP_V_ASHR_I64:    r64 = $signed(A64) >>> b32[5:0];

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
      // one population count: all bits (bcnt), or the bits of src0 for the
      // lanes below this one (mbcnt_lo: lanes 0..31, mbcnt_hi: lanes 32..63)
      SI_OP_V_BCNT_U32_B32, SI_OP_V_MBCNT_LO_U32_B32, SI_OP_V_MBCNT_HI_U32_B32: begin
        if (op == SI_OP_V_BCNT_U32_B32)          x32 = 32'hffffffff;
        else if (op == SI_OP_V_MBCNT_LO_U32_B32) x32 = lane[5] ? 32'hffffffff : ((32'd1 << lane[4:0]) - 32'd1);
        else                                    x32 = lane[5] ? ((32'd1 << lane[4:0]) - 32'd1) : 32'd0;
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
      SI_OP_V_SAD_U8:    r = {21'd0, fu_sad8(a32, b32, 1'b0)} + c32;
      SI_OP_V_MSAD_U8:   r = {21'd0, fu_sad8(a32, b32, 1'b1)} + c32;
      SI_OP_V_SAD_HI_U8: r = {5'd0, fu_sad8(a32, b32, 1'b0), 16'd0} + c32;
      SI_OP_V_SAD_U16:
        r = lane_absdiff({16'd0, a32[15:0]}, {16'd0, b32[15:0]}) +
            lane_absdiff({16'd0, a32[31:16]}, {16'd0, b32[31:16]}) + c32;
      SI_OP_V_SAD_U32:   r = lane_absdiff(a32, b32) + c32;
      SI_OP_V_LERP_U8:   r = lane_lerp8(a32, b32, {c32[24], c32[16], c32[8], c32[0]});
      // v_qsad_u8 and v_mqsad_pk_u16_u8 are quarter rate (simd_qr.v)

      // ---------------- packing ----------------
      SI_OP_V_CVT_PK_U16_U32:
        r = (lane_umin(b32, 32'hffff) << 16) | lane_umin(a32, 32'hffff);
      SI_OP_V_CVT_PK_I16_I32:
        r = {lane_sat_i16(b32), lane_sat_i16(a32)};
      SI_OP_V_CVT_PKRTZ_F16_F32:
        fu = FU_PKRTZ;
      SI_OP_V_CVT_PKNORM_I16_F32, SI_OP_V_CVT_PKNORM_U16_F32: begin
        fu = FU_PKNORM;
        fsgn = op == SI_OP_V_CVT_PKNORM_I16_F32;
      end
      // byte src1 & 3 = u8(src0); the other bytes come from src2 (pk) or
      // from the destination VGPR, passed on src2 (pkaccum)
      SI_OP_V_CVT_PK_U8_F32, SI_OP_V_CVT_PKACCUM_U8_F32:
        fu = FU_PKU8;

      // ---------------- f32 arithmetic ----------------
      SI_OP_V_ADD_F32: fu = FU_ADD32;
      SI_OP_V_SUB_F32: fu = FU_SUB32;
      SI_OP_V_SUBREV_F32: begin
        fu = FU_SUB32;
        fx = b32;
        fy = a32;
      end
      SI_OP_V_MUL_F32: fu = FU_MUL32;
      SI_OP_V_CUBEMA_F32: begin
        // 2 * the major-axis value
        fu = FU_MUL32;
        ax = lane_cube_axis(a32[30:0], b32[30:0], c32[30:0]);
        fx = (ax == 2'd2) ? c32 : (ax == 2'd1) ? b32 : a32;
        fy = 32'h40000000;
      end
      SI_OP_V_MUL_LEGACY_F32: fu = FU_MULL32;
      SI_OP_V_MULLIT_F32: begin
        // src2 > 0 (not NaN) ? legacy src0*src1 : -FLT_MAX
        fu = FU_MULL32;
        mullit_k = lane_f32_isnan(c32[30:0]) || c32[31] || c32[30:0] == 31'd0;
      end
      SI_OP_V_MIN_F32:        fu = FU_MIN32;
      SI_OP_V_MAX_F32:        fu = FU_MAX32;
      SI_OP_V_MIN_LEGACY_F32: fu = FU_MINL32;
      SI_OP_V_MAX_LEGACY_F32: fu = FU_MAXL32;
      SI_OP_V_MIN3_F32:       fu = FU_MIN3_32;
      SI_OP_V_MAX3_F32:       fu = FU_MAX3_32;
      SI_OP_V_MED3_F32:       fu = FU_MED3_32;
      SI_OP_V_MAD_F32, SI_OP_V_MAC_F32, SI_OP_V_MADAK_F32:
        fu = FU_MAD32;
      SI_OP_V_MADMK_F32: begin
        // src0 * K + src1 with K on src2
        fu = FU_MAD32;
        fy = c32;
        fz = b32;
      end
      SI_OP_V_MAD_LEGACY_F32, SI_OP_V_MAC_LEGACY_F32:
        fu = FU_MADL32;
      SI_OP_V_FMA_F32:        fu = FU_FMA32;
      SI_OP_V_LDEXP_F32:      fu = FU_LDEXP32;
      SI_OP_V_DIV_FIXUP_F32:  fu = FU_FIXUP32;
      SI_OP_V_DIV_FMAS_F32:   fu = FU_FMAS32;
      SI_OP_V_DIV_SCALE_F32:  fu = FU_DSCALE32;

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
      SI_OP_V_FRACT_F32:         fu = FU_FRACT32;
      SI_OP_V_TRUNC_F32:         fu = FU_TRUNC32;
      SI_OP_V_CEIL_F32:          fu = FU_CEIL32;
      SI_OP_V_RNDNE_F32:         fu = FU_RNDNE32;
      SI_OP_V_FLOOR_F32:         fu = FU_FLOOR32;
      SI_OP_V_FREXP_MANT_F32:    fu = FU_FMANT32;
      SI_OP_V_FREXP_EXP_I32_F32: fu = FU_FEXP32;

      // ---------------- conversions ----------------
      SI_OP_V_CVT_F32_I32:       fu = FU_F32_I32;
      SI_OP_V_CVT_F32_U32:       fu = FU_F32_U32;
      SI_OP_V_CVT_F32_UBYTE0: begin fu = FU_F32_U32; fx = {24'd0, a32[7:0]};   end
      SI_OP_V_CVT_F32_UBYTE1: begin fu = FU_F32_U32; fx = {24'd0, a32[15:8]};  end
      SI_OP_V_CVT_F32_UBYTE2: begin fu = FU_F32_U32; fx = {24'd0, a32[23:16]}; end
      SI_OP_V_CVT_F32_UBYTE3: begin fu = FU_F32_U32; fx = {24'd0, a32[31:24]}; end
      SI_OP_V_CVT_I32_F32:       fu = FU_I32_F32;
      SI_OP_V_CVT_U32_F32:       fu = FU_U32_F32;
      SI_OP_V_CVT_RPI_I32_F32:   fu = FU_RPI32;
      SI_OP_V_CVT_FLR_I32_F32:   fu = FU_FLR32;
      SI_OP_V_CVT_F16_F32:       fu = FU_F16_F32;
      SI_OP_V_CVT_F32_F16:       fu = FU_F32_F16;
      SI_OP_V_CVT_OFF_F32_I4:    fu = FU_OFF_I4;


      // ---------------- VOPC ----------------
      SI_OP_V_CMP_CLASS_F32, SI_OP_V_CMPX_CLASS_F32: fu = FU_CLASS32;

      default:
        // The other VOPC ops (v_cmp/v_cmpx/v_cmps/v_cmpsx): the condition
        // is the low 4 bits of the opcode; float, or integer signed/unsigned
        // by the operand kind.
        if (is_vopc) begin
          fcond = opc[3:0];
          if (k0[7:5] == 3'd4) begin
            // f64 compares run on the quarter-rate datapath (simd_qr.v)
            if (k0[4:0] != 5'd2) fu = FU_CMP32;
          end else
            mo = lane_icmp(A64, B64, k0[4:0] == 5'd2, k0[7:5] == 3'd3, opc[2:0]);
        end
    endcase
  end

  // ------------------------------------------------------------------
  // Stage 2: the FP units.  fu_res = {flag, value}: value in [63:0] (32-bit
  // results zero-extended), flag = div_scale VCC bit or compare/class result.
  // SIMD_LANE_FU(id, width, expr): expr is width bits, placed at the bottom
  // of fu_res (compare/class units build {bit, 64'd0}).
  // ------------------------------------------------------------------
`ifdef SYNTHESIS
 `define SIMD_LANE_FU_ASSIGN_STYLE
`endif
`ifdef SIMD_LANE_FU_ASSIGNS
 `define SIMD_LANE_FU_ASSIGN_STYLE
`endif
`ifdef SIMD_LANE_FU_ASSIGN_STYLE
  // every unit a continuous assignment of its own slice, OR-ed below
  localparam integer NFU = 79;   // FU_NONE .. FU_CLASS64
  wire [NFU*65-1:0] fu_all;
  reg  [64:0]       fu_res;
  integer           fu_i;
  always @* begin
    fu_res = 65'd0;
    for (fu_i = 0; fu_i < NFU; fu_i = fu_i + 1)
      fu_res = fu_res | fu_all[fu_i*65 +: 65];
  end
 `define SIMD_LANE_FU_BEGIN assign fu_all[64:0] = 65'd0;
 `define SIMD_LANE_FU(id, w, expr) \
  assign fu_all[(id)*65 +: 65] = (fu == (id)) ? {{(65-(w)){1'b0}}, expr} : 65'd0;
 `define SIMD_LANE_FU_END
`else
  // one case: a simulator evaluates only the selected unit
  reg [64:0] fu_res;
 `define SIMD_LANE_FU_BEGIN always @* begin fu_res = 65'd0; case (fu)
 `define SIMD_LANE_FU(id, w, expr) id: fu_res = {{(65-(w)){1'b0}}, expr};
 `define SIMD_LANE_FU_END default: fu_res = 65'd0; endcase end
`endif

  // {vcc, result} of div_scale_f32 as {vcc, 32'd0, result}
  function automatic [64:0] lane_ds32(input [32:0] d);
    lane_ds32 = {d[32], 32'd0, d[31:0]};
  endfunction

  // ------------------------------------------------------------------
  // The shared f32 datapaths: one multiplier (mul, legacy mul, the product
  // step of mad, one half of pknorm), one FMA (fma, div_fmas, add, sub, the
  // sum step of mad, fract's subtraction, the other half of pknorm) and one
  // round-to-integral unit (floor/ceil/trunc/rndne, fract, pk_u8).  The
  // identities used are exact for every operand and MODE (checked against
  // sw/fp.c by tests/rtl/test_lane.cpp):
  //   a + b = fma(a, 1.0, b),  a - b = fma(a, 1.0, -b);
  //   mad(a, b, c) = fma(mul(a, b), 1.0, c), both steps with denormals
  //     flushed (v_mad_f32 rounds twice);
  //   fract(a) = fma(a, 1.0, -floor(a)), then the fract clamps;
  //   a * b = fma(a, b, -0) (+0 when rounding toward -inf): v_cvt_pknorm
  //     scales one half on the multiplier and the other on the FMA.
  // v_cvt_pk_u8_f32's rndne uses the round-to-integral unit.  The FMA's
  // normaliser and rounder (fp32_rq_do) also round ldexp and the int -> f32
  // conversions (fmar is the rounder's result for all of them).
  // Each block is evaluated only for the ops that use it (simulation speed).
  // ------------------------------------------------------------------
  reg [31:0]        mulr, mullr, fmar, rintr;
  reg [114:0]       rq;         // the rounder's request (fp32_rq_*, si_fp32.vh)
  reg [31:0]        fm_x, fm_y, fm_z;
  reg [23:0]        fm_s;       // the FMA's first operand's significand
  reg [47:0]        fm_p;       // the FMA's product
  reg [1:0]         mu_den, fm_den, ri_how;
  reg signed [15:0] fm_scale;
  wire mu_use = fu == FU_MUL32 || fu == FU_MULL32 || fu == FU_MAD32 || fu == FU_MADL32 ||
                fu == FU_PKNORM;
  wire ri_use = fu == FU_TRUNC32 || fu == FU_CEIL32 || fu == FU_RNDNE32 || fu == FU_FLOOR32 ||
                fu == FU_FRACT32 || fu == FU_PKU8;
  wire fm_use = fu == FU_ADD32 || fu == FU_SUB32 || fu == FU_FMA32 || fu == FU_FMAS32 ||
                fu == FU_MAD32 || fu == FU_MADL32 || fu == FU_FRACT32 || fu == FU_PKNORM;
  wire rq_other = fu == FU_LDEXP32 || fu == FU_F32_I32 || fu == FU_F32_U32 ||   // on the FMA's rounder
                  fu == FU_DSCALE32;
  reg  ds_vcc;                 // v_div_scale_f32's VCC bit
  // v_cvt_pknorm_*: the scale (32767 or 65535) as the second factor
  wire [31:0] pk_scale = fsgn ? 32'h46fffe00 : 32'h477fff00;
  wire fm_mad = fu == FU_MAD32 || fu == FU_MADL32;
  // One multiplier array (ar_p, 25 x 25 signed) for the f32 multiply (mul,
  // mul_legacy, mad's product step, pknorm's first half), the FMA's product
  // for fma and div_fmas, and the 24-bit integer multiplies: no op uses two
  // of them.  The FMA's other products need no array: x * 1.0 (add, sub,
  // mad's sum step, fract) is a shift, and pknorm's y * 32767.0 or 65535.0
  // (significand 2^24 - 2^9 or 2^24 - 2^8) a shift and a subtraction.  Each
  // product is fp32_sigprod of the operands the function rounds, so the
  // results are those of fp32_mul / fp32_fma_rq.
  wire [31:0] mu_y = (fu == FU_PKNORM) ? pk_scale : fy;
  wire        fm_arr = fu == FU_FMA32 || fu == FU_FMAS32;
  reg  [24:0] ar_a, ar_b;
  /* verilator lint_off UNUSEDSIGNAL */
  reg  [49:0] ar_p;     // [47:0] used
  /* verilator lint_on UNUSEDSIGNAL */
  always @* begin
    mu_den = fm_mad ? 2'd0 : mode[5:4];
    ar_a = 25'd0;
    ar_b = 25'd0;
    if (mu_use) begin
      ar_a = {1'b0, fp32_sig(fp32_fin(fx, mu_den[0]))};
      ar_b = {1'b0, fp32_sig(fp32_fin(mu_y, mu_den[0]))};
    end else if (fm_arr) begin
      ar_a = {1'b0, fp32_sig(fp32_fin(fx, mode[4]))};
      ar_b = {1'b0, fp32_sig(fp32_fin(fy, mode[4]))};
    end else if (im_op) begin
      ar_a = {i24s & a32[23], a32[23:0]};
      ar_b = {i24s & b32[23], b32[23:0]};
    end
    ar_p = 50'd0;
    if (mu_use || fm_arr || im_op) ar_p = $signed(ar_a) * $signed(ar_b);
  end
  // the 24-bit integer multiplies' results
  reg [31:0] im_r;
  always @* begin
    if (!im_op) im_r = 32'd0;
    else if (op == SI_OP_V_MUL_HI_I32_I24 || op == SI_OP_V_MUL_HI_U32_U24) im_r = {{16{i24s & ar_p[47]}}, ar_p[47:32]};
    else if (op == SI_OP_V_MAD_I32_I24 || op == SI_OP_V_MAD_U32_U24) im_r = ar_p[31:0] + c32;
    else im_r = ar_p[31:0];
  end
  always @* begin
    mulr = 32'd0;
    mullr = 32'd0;
    if (mu_use) begin
      mulr = fp32_mul_p(fx, mu_y, ar_p[47:0], mode[1:0], mu_den);
      mullr = (fp32_iszero(fx, mu_den[0]) || fp32_iszero(fy, mu_den[0])) ? 32'd0 : mulr;
    end
  end
  always @* begin
    rintr = 32'd0;
    case (fu)
      FU_TRUNC32: ri_how = 2'd0;
      FU_CEIL32:  ri_how = 2'd2;
      FU_RNDNE32, FU_PKU8: ri_how = 2'd3;
      default:    ri_how = 2'd1;    // floor, fract
    endcase
    if (ri_use) rintr = fp32_rint(fx, ri_how, mode[4]);
  end
  always @* begin
    fm_x = fx;
    fm_y = 32'h3f800000;
    fm_z = fz;
    fm_den = fm_mad ? 2'd0 : mode[5:4];
    fm_scale = 16'sd0;
    case (fu)
      FU_ADD32:   fm_z = fy;
      FU_SUB32:   fm_z = fy ^ 32'h80000000;
      FU_MAD32:   fm_x = mulr;
      FU_MADL32:  fm_x = mullr;
      FU_FRACT32: fm_z = rintr ^ 32'h80000000;
      FU_PKNORM: begin                 // fy * scale = fma(fy, scale, -0) (+0 toward -inf)
        fm_x = fy;
        fm_y = pk_scale;
        fm_z = (mode[1:0] == 2'd2) ? 32'h00000000 : 32'h80000000;
      end
      default: begin                   // fma, div_fmas
        fm_y = fy;
        if (fu == FU_FMAS32 && mask_in) fm_scale = fz[30] ? 16'sd64 : -16'sd64;
      end
    endcase
    // the FMA's product (see ar_p)
    fm_s = 24'd0;
    if (fm_use) fm_s = fp32_sig(fp32_fin(fm_x, fm_den[0]));
    if (fm_arr)
      fm_p = ar_p[47:0];
    else if (fu == FU_PKNORM)
      fm_p = {fm_s, 24'd0} - ({24'd0, fm_s} << (fsgn ? 5'd9 : 5'd8));
    else
      fm_p = {1'b0, fm_s, 23'd0};
    fmar = 32'd0;
    rq = 115'd0;
    ds_vcc = 1'b0;
    if (fm_use)
      rq = fp32_fma_rqp(fm_x, fm_y, fm_z, fm_p, mode[1:0], fm_den, fm_scale);
    else if (fu == FU_LDEXP32)
      rq = fp32_ldexp_rq(fx, fy, mode[5:4]);
    else if (fu == FU_F32_I32)
      rq = si_cvt_f32_i32_rq(fx);
    else if (fu == FU_F32_U32)
      rq = si_cvt_f32_u32_rq(fx);
    else if (fu == FU_DSCALE32)
      {ds_vcc, rq} = si_f32_div_scale_rq(fx, fy, fz);
    // (div_scale's scaling rounds to nearest even whatever MODE says)
    if (fm_use || rq_other) fmar = fp32_rq_do(rq, (fu == FU_DSCALE32) ? 2'd0 : mode[1:0]);
  end
  // fract's special cases and clamp around a - floor(a) (si_f32_fract)
  function automatic [31:0] lane_fract(input [31:0] a, input [31:0] d);
    if (a[30:23] == 8'hff)
      lane_fract = fp32_isnan(a) ? (a | 32'h00400000) : {a[31], 31'h7fc00000};
    else if (!d[31] && d > 32'h3f7fffff)
      lane_fract = 32'h3f7fffff;
    else
      lane_fract = d;
  endfunction

  // ------------------------------------------------------------------
  // Shared instances of the min/max and conversion functions: no two of
  // these ops run together, and each op's result is the same function of
  // the same operands as its si_f32_* / si_cvt_* reference.
  //   mm_s1 = minmax(a, b, mx): min, max; min3/max3's first stage; med3's
  //           min(a, b) (mx = 0 for med3);
  //   mm_s2 = minmax(x, y, mx2): min3/max3's second stage (s1, c, mx); med3
  //           with a NaN operand: the min of the other two (first NaN in
  //           source order drops out);
  //   mm_s3 = max(a, b), mm_s4 = min(mm_s3, c), mm_s5 = max(mm_s1, mm_s4): med3;
  //   mm_l  = the legacy min or max;
  //   cv_tm = the truncated magnitude of the i32 and u32 conversions;
  //   cv_fl = floor(a) or floor(a + 0.5) to i32 (flr, rpi);
  //   cv_h0 = a to f16 (cvt_f16_f32 in the MODE rounding, pkrtz toward zero).
  // ------------------------------------------------------------------
  reg  [31:0] mm_s1, mm_s2, mm_s3, mm_s4, mm_s5, mm_l, mm_x2, mm_y2, cv_fl;
  reg  [32:0] cv_tm;
  reg  [15:0] cv_h0;
  reg         mm_mx, mm_mx2, mm_nan3;
  wire        mm_use = fu == FU_MIN32 || fu == FU_MAX32 || fu == FU_MIN3_32 || fu == FU_MAX3_32 ||
                       fu == FU_MED3_32;
  wire        mm_two = fu == FU_MIN3_32 || fu == FU_MAX3_32 || fu == FU_MED3_32;
  always @* begin
    mm_s1 = 32'd0; mm_s2 = 32'd0; mm_s3 = 32'd0; mm_s4 = 32'd0; mm_s5 = 32'd0; mm_l = 32'd0;
    mm_mx = fu == FU_MAX32 || fu == FU_MAX3_32;
    mm_y2 = fz;
    mm_mx2 = mm_mx;
    mm_nan3 = 1'b0;
    if (mm_use) mm_s1 = fp32_minmax(fx, fy, mm_mx, mode[5:4], mode[9]);
    if (fu == FU_MED3_32) begin
      mm_mx2 = 1'b0;
      mm_nan3 = fp32_isnan(fx) || fp32_isnan(fy) || fp32_isnan(fz);
      if (fp32_isnan(fx))      begin mm_x2 = fy; mm_y2 = fz; end
      else if (fp32_isnan(fy)) begin mm_x2 = fx; mm_y2 = fz; end
      else                     begin mm_x2 = fx; mm_y2 = fy; end
    end else begin
      mm_x2 = mm_s1;
    end
    if (mm_two) mm_s2 = fp32_minmax(mm_x2, mm_y2, mm_mx2, mode[5:4], mode[9]);
    if (fu == FU_MED3_32) begin
      mm_s3 = fp32_minmax(fx, fy, 1'b1, mode[5:4], mode[9]);
      mm_s4 = fp32_minmax(mm_s3, fz, 1'b0, mode[5:4], mode[9]);
      mm_s5 = fp32_minmax(mm_s1, mm_s4, 1'b1, mode[5:4], mode[9]);
    end
    if (fu == FU_MINL32 || fu == FU_MAXL32)
      mm_l = fp32_minmax_legacy(fx, fy, fu == FU_MAXL32, mode[5:4]);
  end
  always @* begin
    cv_tm = 33'd0;
    cv_fl = 32'd0;
    cv_h0 = 16'd0;
    if (fu == FU_I32_F32 || fu == FU_U32_F32) cv_tm = fpcvt_trunc_mag(fx);
    if (fu == FU_FLR32 || fu == FU_RPI32) cv_fl = fpcvt_floor_i32(fx, fu == FU_RPI32, mode[4]);
    if (fu == FU_F16_F32 || fu == FU_PKRTZ) cv_h0 = fpcvt_f16_of_f32(fx, (fu == FU_PKRTZ) ? 2'd3 : mode[1:0]);
  end

  `SIMD_LANE_FU_BEGIN
  `SIMD_LANE_FU(FU_ADD32,    32, fmar)
  `SIMD_LANE_FU(FU_SUB32,    32, fmar)
  `SIMD_LANE_FU(FU_MUL32,    32, mulr)
  `SIMD_LANE_FU(FU_MULL32,   32, mullr)
  `SIMD_LANE_FU(FU_MIN32,    32, mm_s1)
  `SIMD_LANE_FU(FU_MAX32,    32, mm_s1)
  `SIMD_LANE_FU(FU_MINL32,   32, mm_l)
  `SIMD_LANE_FU(FU_MAXL32,   32, mm_l)
  `SIMD_LANE_FU(FU_MIN3_32,  32, mm_s2)
  `SIMD_LANE_FU(FU_MAX3_32,  32, mm_s2)
  `SIMD_LANE_FU(FU_MED3_32,  32, mm_nan3 ? mm_s2 : mm_s5)
  `SIMD_LANE_FU(FU_MAD32,    32, fmar)
  `SIMD_LANE_FU(FU_MADL32,   32, fmar)
  `SIMD_LANE_FU(FU_FMA32,    32, fmar)
  `SIMD_LANE_FU(FU_LDEXP32,  32, fmar)
  `SIMD_LANE_FU(FU_FIXUP32,  32, si_f32_div_fixup(fx, fy, fz, mode))
  `SIMD_LANE_FU(FU_FMAS32,   32, fmar)
  `SIMD_LANE_FU(FU_DSCALE32, 65, lane_ds32({ds_vcc, fmar}))
  `SIMD_LANE_FU(FU_FRACT32,  32, lane_fract(fx, fmar))
  `SIMD_LANE_FU(FU_TRUNC32,  32, rintr)
  `SIMD_LANE_FU(FU_CEIL32,   32, rintr)
  `SIMD_LANE_FU(FU_RNDNE32,  32, rintr)
  `SIMD_LANE_FU(FU_FLOOR32,  32, rintr)
  `SIMD_LANE_FU(FU_FMANT32,  32, si_f32_frexp_mant(fx, mode))
  `SIMD_LANE_FU(FU_FEXP32,   32, si_f32_frexp_exp(fx, mode))
  `SIMD_LANE_FU(FU_F32_I32,  32, fmar)
  `SIMD_LANE_FU(FU_F32_U32,  32, fmar)
  `SIMD_LANE_FU(FU_I32_F32,  32, fpcvt_i32_of_mag(fx, cv_tm))
  `SIMD_LANE_FU(FU_U32_F32,  32, fpcvt_u32_of_mag(fx, cv_tm))
  `SIMD_LANE_FU(FU_RPI32,    32, cv_fl)
  `SIMD_LANE_FU(FU_FLR32,    32, cv_fl)
  `SIMD_LANE_FU(FU_F16_F32,  32, {16'd0, cv_h0})
  `SIMD_LANE_FU(FU_F32_F16,  32, si_cvt_f32_f16(fx, mode))
  `SIMD_LANE_FU(FU_OFF_I4,   32, si_cvt_off_f32_i4(fx, mode))
  `SIMD_LANE_FU(FU_PKRTZ,    32, {fpcvt_f16_of_f32(fy, 2'd3), cv_h0})
  `SIMD_LANE_FU(FU_PKNORM,   32, {lane_f32_to_norm16(fy[30:0], fmar, fsgn, mode),
                                  lane_f32_to_norm16(fx[30:0], mulr, fsgn, mode)})
  `SIMD_LANE_FU(FU_PKU8,     32, lane_pk_u8(fx[30:0], rintr, fy[1:0], fz, mode))
  `SIMD_LANE_FU(FU_CMP32,    65, {si_f32_cmp(fx, fy, fcond, mode), 64'd0})
  `SIMD_LANE_FU(FU_CLASS32,  65, {si_f32_class(fx, fy[9:0]), 64'd0})
  `SIMD_LANE_FU_END

`undef SIMD_LANE_FU_BEGIN
`undef SIMD_LANE_FU
`undef SIMD_LANE_FU_END
`ifdef SIMD_LANE_FU_ASSIGN_STYLE
 `undef SIMD_LANE_FU_ASSIGN_STYLE
`endif

  // ------------------------------------------------------------------
  // Stage 3: result, v_mullit override, output modifiers (VOP3 only, float
  // destinations only).
  // ------------------------------------------------------------------
  reg [63:0] pre;
  always @* begin
    if (fu == FU_NONE) begin
      pre = (kd[4:0] == 5'd2) ? r64 : {32'd0, im_op ? im_r : r};
      mask_out = mo;
    end else begin
      pre = fu_res[63:0];
      mask_out = fu_res[64];
    end
    if (mullit_k)
      pre = {32'd0, 32'hff7fffff};
    res = fu_outmod32(pre, kd[7:5], vop3, omod, clamp, mode);   // f32 destinations only (simd_fu.vh)
  end

endmodule
`default_nettype wire
