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
//   2. the shared datapaths (f32 multiplier, FMA and its rounder, the
//      integer unit of floats, the min/max unit, the shifter, ...), each
//      evaluated only for the ops that use it, and one `case (fu)` that
//      selects the FP result: one input per datapath;
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
`include "si_fp_lzc.vh"
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
    reg [6:0] n;
    begin
      n = fp_lzc64({v, 32'd0});     // 64 for v = 0
      lane_clz32 = {n[6] | n[5], n[4:0]};
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

  function automatic [31:0] lane_absdiff(input [31:0] a, input [31:0] b);
    // the borrow of a - b picks the order: one comparison less
    lane_absdiff = (a < b) ? b - a : a - b;
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

  // Saturate an unsigned 32-bit value to 16 bits.
  function automatic [15:0] lane_sat_u16(input [31:0] v);
    lane_sat_u16 = (v[31:16] != 16'd0) ? 16'hffff : v[15:0];
  endfunction

  // Saturate a signed 32-bit value to a signed 16-bit one.
  function automatic [15:0] lane_sat_i16(input [31:0] v);
    // in range when bits 31..15 are all the sign
    if (v[31:15] == 17'd0 || v[31:15] == 17'h1ffff) lane_sat_i16 = v[15:0];
    else                                             lane_sat_i16 = v[31] ? 16'h8000 : 16'h7fff;
  endfunction

  function automatic lane_f32_isnan(input [30:0] a);
    lane_f32_isnan = a[30:23] == 8'hff && a[22:0] != 23'd0;
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

  // |a| rounded to an integer, ties to even, for the u8 and 16-bit packs:
  // {big, m} with big = the rounded magnitude is 2^17 or more (inf too).
  // The same integer as si_cvt_i32_f32(si_f32_rndne(a)) below 2^17; a
  // denormal rounds to 0 whether it is flushed or not.
  function automatic [17:0] lane_rne_mag17(input [30:0] a);
    reg [7:0]  e;
    reg [4:0]  d;
    reg [40:0] w;
    reg [17:0] m;
    begin
      e = a[30:23];
      // |a| = {1, frac} * 2^(e - 150): shifted so that w[40:24] is the
      // integer part and w[23] the half bit (e = 126 .. 143: shift 17 .. 0)
      d = 5'd15 - e[4:0];                          // 143 - e
      w = {1'b1, a[22:0], 17'd0} >> d;
      m = {1'b0, w[40:24]} + {17'd0, w[23] & ((w[22:0] != 23'd0) | w[24])};
      if (e >= 8'd144)
        lane_rne_mag17 = {1'b1, 17'd0};
      else if (e < 8'd126)
        lane_rne_mag17 = 18'd0;
      else
        lane_rne_mag17 = m;
    end
  endfunction

  // f32 -> f16 toward zero: fpcvt_f16_of_f32(a, 2'd3) without a rounder
  // (v_cvt_pkrtz_f16_f32's high half; the low half is on the FMA's rounder).
  function automatic [15:0] lane_f16_rtz(input [31:0] a);
    reg [7:0]  e;
    reg [4:0]  d;
    /* verilator lint_off UNUSEDSIGNAL */
    reg [23:0] m;
    /* verilator lint_on UNUSEDSIGNAL */
    begin
      e = a[30:23];
      d = 5'd30 - e[4:0];                         // 126 - e: f16 denormal, e = 102 .. 112
      m = {1'b1, a[22:0]} >> d;
      if (e == 8'hff)
        lane_f16_rtz = fpcvt_f16_special(a);
      else if (e > 8'd142)
        lane_f16_rtz = {a[31], 15'h7bff};         // overflow: the largest finite
      else if (e >= 8'd113)
        lane_f16_rtz = {a[31], e[4:0] - 5'd16, a[22:13]};   // e - 112, mod 32
      else if (e >= 8'd102)
        lane_f16_rtz = {a[31], 5'd0, m[9:0]};
      else
        lane_f16_rtz = {a[31], 15'd0};
    end
  endfunction

  // v_cvt_pknorm_*: rndne(a * scale) clamped to [-32767, 32767] (signed) or
  // [0, 65535] (unsigned); NaN -> 0.  p = a * scale, from the shared
  // multiplier (one half) or FMA (the other).
  // m = lane_rne_mag17(p)
  // (a: |source|, ps: the sign of p)
  function automatic [15:0] lane_norm16(input [30:0] a, input ps, input [17:0] m, input sgn);
    begin
      if (lane_f32_isnan(a))
        lane_norm16 = 16'd0;
      else if (sgn)
        lane_norm16 = (m > 18'd32767) ? (ps ? 16'h8001 : 16'h7fff) :
                      ps ? 16'd0 - m[15:0] : m[15:0];
      else
        lane_norm16 = ps ? 16'h0000 : (m > 18'd65535) ? 16'hffff : m[15:0];
    end
  endfunction

  // v_cvt_pk_u8_f32 / pkaccum: rndne(a) clamped to [0, 255] (NaN -> 0) into
  // byte sel of keep.
  // m = lane_rne_mag17(a)
  function automatic [31:0] lane_pk_u8(input [31:0] a, input [17:0] m, input [1:0] sel, input [31:0] keep);
    reg [7:0]  u;
    reg [4:0]  sh;
    begin
      if (lane_f32_isnan(a[30:0]) || a[31]) u = 8'd0;
      else if (m > 18'd255)                 u = 8'hff;
      else                                  u = m[7:0];
      sh = {sel, 3'd0};
      lane_pk_u8 = (keep & ~(32'hff << sh)) | ({24'd0, u} << sh);
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
  reg        mo;         // integer mask out
  reg [32:0] t33;
  /* verilator lint_off UNUSEDSIGNAL */
  reg        im_op;      // a 24-bit integer multiply (on the shared array below)
  /* verilator lint_on UNUSEDSIGNAL */
  reg        i24s;       // ... signed form
  reg [31:0] x32;
  // the cube-map major axis (cubeid/sc/tc/ma), one instance
  wire [1:0] ax = lane_cube_axis(a32[30:0], b32[30:0], c32[30:0]);
  reg [4:0]  sh;
  // the min/max unit's request (see "The min/max unit" below)
  localparam [2:0] MX_NONE = 3'd0, MX_MIN = 3'd1, MX_MAX = 3'd2, MX_MIN3 = 3'd3, MX_MAX3 = 3'd4,
                   MX_MED3 = 3'd5, MX_LMIN = 3'd6, MX_LMAX = 3'd7;
  localparam [1:0] MX_F32 = 2'd0, MX_SINT = 2'd1, MX_UINT = 2'd2;
  reg [2:0]  mx_fn;      // the min/max function (MX_NONE: compares only)
  reg [1:0]  mx_cls;     // the order: f32, signed or unsigned integer
  reg        mx_int;     // an integer min/max: the result is mxr
  reg        mx_icmp;    // an integer compare: mask_out is mx_cmp
  reg        mx_w64;     // ... of 64-bit operands
  reg        as_sub, as_rev, as_cin;   // the integer adder: subtract, reversed, carry/borrow in
  // the shifter's request (see "The shifter" below)
  reg        sh_on;      // the result is sh_y
  reg        sh_rv;      // a left shift: the bits reversed before and after
  reg        sh_f;       // the fill bit (arithmetic shifts)
  reg        sh_bfe;     // v_bfe: mask to sh_th bits, sign-extend if sh_sgn
  reg        sh_bfm;     // v_bfm: the input is the mask of sh_th ones
  reg        sh_sgn;
  reg [63:0] sh_x;
  reg [5:0]  sh_n;
  reg [4:0]  sh_th;

  always @* begin
    fu = FU_NONE;
    fx = a32;
    fy = b32;
    fz = c32;
    fcond = 4'd0;
    fsgn = 1'b0;
    mullit_k = 1'b0;
    r = 32'd0;
    mo = 1'b0;
    t33 = 33'd0;
    im_op = 1'b0;
    i24s = 1'b0;
    x32 = 32'd0;
    sh = 5'd0;
    mx_fn = MX_NONE;
    mx_cls = MX_F32;
    mx_int = 1'b0;
    mx_icmp = 1'b0;
    mx_w64 = 1'b0;
    as_sub = 1'b0;
    as_rev = 1'b0;
    as_cin = 1'b0;
    sh_on = 1'b0;
    sh_rv = 1'b0;
    sh_f = 1'b0;
    sh_bfe = 1'b0;
    sh_bfm = 1'b0;
    sh_sgn = 1'b0;
    sh_x = 64'd0;
    sh_n = 6'd0;
    sh_th = 5'd0;

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
      // one adder: x + (y or ~y) + carry-in; the borrow of a subtraction is
      // the inverted carry
      SI_OP_V_ADD_I32, SI_OP_V_ADDC_U32, SI_OP_V_SUB_I32, SI_OP_V_SUBB_U32,
      SI_OP_V_SUBREV_I32, SI_OP_V_SUBBREV_U32: begin
        as_sub = !(op == SI_OP_V_ADD_I32 || op == SI_OP_V_ADDC_U32);
        as_rev = op == SI_OP_V_SUBREV_I32 || op == SI_OP_V_SUBBREV_U32;
        as_cin = (op == SI_OP_V_ADDC_U32 || op == SI_OP_V_SUBB_U32 || op == SI_OP_V_SUBBREV_U32) && mask_in;
        t33 = {1'b0, as_rev ? b32 : a32} + {1'b0, (as_rev ? a32 : b32) ^ {32{as_sub}}} +
              {32'd0, as_sub ^ as_cin};
        r = t33[31:0];
        mo = t33[32] ^ as_sub;
      end

      // ---------------- integer multiply ----------------
      // on the shared 25 x 25 signed array (ar_p below), signed and unsigned forms
      SI_OP_V_MUL_I32_I24, SI_OP_V_MUL_HI_I32_I24, SI_OP_V_MAD_I32_I24,
      SI_OP_V_MUL_U32_U24, SI_OP_V_MUL_HI_U32_U24, SI_OP_V_MAD_U32_U24: begin
        i24s = op == SI_OP_V_MUL_I32_I24 || op == SI_OP_V_MUL_HI_I32_I24 || op == SI_OP_V_MAD_I32_I24;
        im_op = 1'b1;
      end

      // ---------------- integer min/max ----------------
      // on the min/max unit (mx_* below), with the signed or unsigned order
      SI_OP_V_MIN_I32:  begin mx_int = 1'b1; mx_cls = MX_SINT; mx_fn = MX_MIN;  end
      SI_OP_V_MAX_I32:  begin mx_int = 1'b1; mx_cls = MX_SINT; mx_fn = MX_MAX;  end
      SI_OP_V_MIN_U32:  begin mx_int = 1'b1; mx_cls = MX_UINT; mx_fn = MX_MIN;  end
      SI_OP_V_MAX_U32:  begin mx_int = 1'b1; mx_cls = MX_UINT; mx_fn = MX_MAX;  end
      SI_OP_V_MIN3_I32: begin mx_int = 1'b1; mx_cls = MX_SINT; mx_fn = MX_MIN3; end
      SI_OP_V_MAX3_I32: begin mx_int = 1'b1; mx_cls = MX_SINT; mx_fn = MX_MAX3; end
      SI_OP_V_MED3_I32: begin mx_int = 1'b1; mx_cls = MX_SINT; mx_fn = MX_MED3; end
      SI_OP_V_MIN3_U32: begin mx_int = 1'b1; mx_cls = MX_UINT; mx_fn = MX_MIN3; end
      SI_OP_V_MAX3_U32: begin mx_int = 1'b1; mx_cls = MX_UINT; mx_fn = MX_MAX3; end
      SI_OP_V_MED3_U32: begin mx_int = 1'b1; mx_cls = MX_UINT; mx_fn = MX_MED3; end

      // ---------------- shifts (5-bit / 6-bit amounts) ----------------
      // on the shifter (sh_* below): left shifts reverse the bits around it
      SI_OP_V_LSHL_B32, SI_OP_V_LSHLREV_B32, SI_OP_V_LSHR_B32, SI_OP_V_LSHRREV_B32,
      SI_OP_V_ASHR_I32, SI_OP_V_ASHRREV_I32: begin
        x32 = (op == SI_OP_V_LSHL_B32 || op == SI_OP_V_LSHR_B32 || op == SI_OP_V_ASHR_I32) ? a32 : b32;
        sh = (op == SI_OP_V_LSHL_B32 || op == SI_OP_V_LSHR_B32 || op == SI_OP_V_ASHR_I32) ? b32[4:0] : a32[4:0];
        sh_on = 1'b1;
        sh_rv = op == SI_OP_V_LSHL_B32 || op == SI_OP_V_LSHLREV_B32;
        sh_f = (op == SI_OP_V_ASHR_I32 || op == SI_OP_V_ASHRREV_I32) && x32[31];
        sh_x = {{32{sh_f}}, x32};
        sh_n = {1'b0, sh};
      end
      SI_OP_V_LSHL_B64, SI_OP_V_LSHR_B64, SI_OP_V_ASHR_I64: begin
        sh_on = 1'b1;
        sh_rv = op == SI_OP_V_LSHL_B64;
        sh_f = op == SI_OP_V_ASHR_I64 && A64[63];
        sh_x = A64;
        sh_n = b32[5:0];
      end

      // ---------------- bit logic ----------------
      SI_OP_V_AND_B32:   r = a32 & b32;
      SI_OP_V_OR_B32:    r = a32 | b32;
      SI_OP_V_XOR_B32:   r = a32 ^ b32;
      SI_OP_V_NOT_B32:   r = ~a32;
      SI_OP_V_BFM_B32: begin            // the mask of a32[4:0] ones, shifted left
        sh_on = 1'b1;
        sh_bfm = 1'b1;
        sh_rv = 1'b1;
        sh_th = a32[4:0];
        sh_n = {1'b0, b32[4:0]};
      end
      SI_OP_V_BFE_U32, SI_OP_V_BFE_I32: begin   // shifted down, then masked or sign-extended
        sh_on = 1'b1;
        sh_bfe = 1'b1;
        sh_f = op == SI_OP_V_BFE_I32 && a32[31];
        sh_x = {{32{sh_f}}, a32};
        sh_n = {1'b0, b32[4:0]};
        sh_th = c32[4:0];
        sh_sgn = op == SI_OP_V_BFE_I32;
      end
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
        sh_on = 1'b1;
        sh_x = {a32, b32};
        sh_n = (op == SI_OP_V_ALIGNBIT_B32) ? {1'b0, c32[4:0]} : {1'b0, c32[1:0], 3'd0};
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
        r = {lane_sat_u16(b32), lane_sat_u16(a32)};
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
        fx = (ax == 2'd2) ? c32 : (ax == 2'd1) ? b32 : a32;
        fy = 32'h40000000;
      end
      SI_OP_V_MUL_LEGACY_F32: fu = FU_MULL32;
      SI_OP_V_MULLIT_F32: begin
        // src2 > 0 (not NaN) ? legacy src0*src1 : -FLT_MAX
        fu = FU_MULL32;
        mullit_k = lane_f32_isnan(c32[30:0]) || c32[31] || c32[30:0] == 31'd0;
      end
      SI_OP_V_MIN_F32:        begin fu = FU_MIN32;   mx_fn = MX_MIN;  end
      SI_OP_V_MAX_F32:        begin fu = FU_MAX32;   mx_fn = MX_MAX;  end
      SI_OP_V_MIN_LEGACY_F32: begin fu = FU_MINL32;  mx_fn = MX_LMIN; end
      SI_OP_V_MAX_LEGACY_F32: begin fu = FU_MAXL32;  mx_fn = MX_LMAX; end
      SI_OP_V_MIN3_F32:       begin fu = FU_MIN3_32; mx_fn = MX_MIN3; end
      SI_OP_V_MAX3_F32:       begin fu = FU_MAX3_32; mx_fn = MX_MAX3; end
      SI_OP_V_MED3_F32:       begin fu = FU_MED3_32; mx_fn = MX_MED3; end
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
        if (ax == 2'd2)      r = lane_f32_ge0(c32) ? a32 : {~a32[31], a32[30:0]};
        else if (ax == 2'd1) r = a32;
        else                 r = lane_f32_ge0(a32) ? {~c32[31], c32[30:0]} : c32;
      end
      SI_OP_V_CUBETC_F32: begin
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
          end else begin
            // on the min/max unit's comparator: mask_out = mx_cmp
            mx_icmp = 1'b1;
            mx_cls = (k0[7:5] == 3'd3) ? MX_SINT : MX_UINT;
            mx_w64 = k0[4:0] == 5'd2;
          end
        end
    endcase
  end

  // ------------------------------------------------------------------
  // The shifter: one 64-bit right shifter with a fill bit for every integer
  // shift (32- and 64-bit, logical and arithmetic), v_alignbit/alignbyte
  // ({a, b} >> n), v_bfe (shifted down, then masked to the field width and
  // sign-extended from its top bit) and v_bfm (the mask, shifted left).  A
  // left shift is the right shift of the bit-reversed operand, reversed.
  // ------------------------------------------------------------------
  function automatic [63:0] lane_rev64(input [63:0] v);
    integer i;
    for (i = 0; i < 64; i = i + 1)
      lane_rev64[i] = v[63 - i];
  endfunction

  reg [63:0] sh_y, sh_i;
  reg [31:0] sh_m;                 // (1 << sh_th) - 1
  /* verilator lint_off UNUSEDSIGNAL */
  reg [64:0] sh_t;
  /* verilator lint_on UNUSEDSIGNAL */
  reg        sh_s;
  always @* begin
    sh_y = 64'd0;
    sh_m = ~(32'hffffffff << sh_th);
    sh_i = sh_bfm ? {32'd0, sh_m} : sh_x;
    sh_t = 65'd0;
    sh_s = 1'b0;
    if (sh_on) begin
      sh_t = $signed({sh_f, sh_rv ? lane_rev64(sh_i) : sh_i}) >>> sh_n;
      sh_y = sh_rv ? lane_rev64(sh_t[63:0]) : sh_t[63:0];
      if (sh_bfe) begin
        // the field's top bit; a zero-width field gives 0
        sh_s = sh_sgn && sh_th != 5'd0 && sh_y[{1'b0, sh_th} - 6'd1];
        sh_y = {32'd0, (sh_y[31:0] & sh_m) | (sh_s ? ~sh_m : 32'd0)};
      end
    end
  end

  // {vcc, result} of div_scale_f32 as {vcc, 32'd0, result}
  function automatic [64:0] lane_ds32(input [32:0] d);
    lane_ds32 = {d[32], 32'd0, d[31:0]};
  endfunction

  // ------------------------------------------------------------------
  // The shared f32 datapaths: one FMA (fma, div_fmas, mul, legacy mul, add,
  // sub, the sum step of mad, fract's subtraction, one half of pknorm), the
  // product step of mad on a rounder for flushed operands (fp32_mul_fz:
  // a 1-bit normaliser, no denormal shift), which also scales the other
  // half of pknorm, and the integer unit of floats below.  The identities
  // used are exact for every operand and MODE (checked against sw/fp.c by
  // tests/rtl/test_lane.cpp):
  //   a + b = fma(a, 1.0, b),  a - b = fma(a, 1.0, -b);
  //   a * b = fma(a, b, -0) (+0 when rounding toward -inf);
  //   mad(a, b, c) = fma(mul(a, b), 1.0, c), both steps with denormals
  //     flushed (v_mad_f32 rounds twice);
  //   fract(a) = fma(a, 1.0, -floor(a)), then the fract clamps;
  //   pknorm: the 16-bit integer of a * scale is the same whether a and
  //     the product are flushed or not (both below 2^-110 round to 0).  The FMA's
  // normaliser and rounder (fp32_rq_do) also round ldexp and the int -> f32
  // conversions (fmar is the rounder's result for all of them).
  // Each block is evaluated only for the ops that use it (simulation speed).
  // ------------------------------------------------------------------
  reg [31:0]        mulr, mullr, fmar, rintr;
  reg [114:0]       rq;         // the rounder's request (fp32_rq_*, si_fp32.vh)
  reg [31:0]        fm_x, fm_y, fm_z;
  reg [23:0]        fm_s;       // the FMA's first operand's significand
  reg [47:0]        fm_p;       // the FMA's product
  reg [1:0]         fm_den;
  reg signed [15:0] fm_scale;
  wire mu_use = fu == FU_MAD32 || fu == FU_MADL32 || fu == FU_PKNORM;
  wire ri_use = fu == FU_TRUNC32 || fu == FU_CEIL32 || fu == FU_RNDNE32 || fu == FU_FLOOR32 ||
                fu == FU_FRACT32;
  wire fm_use = fu == FU_ADD32 || fu == FU_SUB32 || fu == FU_FMA32 || fu == FU_FMAS32 ||
                fu == FU_MUL32 || fu == FU_MULL32 ||
                fu == FU_MAD32 || fu == FU_MADL32 || fu == FU_FRACT32 || fu == FU_PKNORM;
  wire rq_other = fu == FU_LDEXP32 || fu == FU_F32_I32 || fu == FU_F32_U32 ||   // on the FMA's rounder
                  fu == FU_F16_F32 || fu == FU_PKRTZ ||
                  fu == FU_DSCALE32;
  reg  ds_vcc;                 // v_div_scale_f32's VCC bit
  // v_cvt_pknorm_*: the scale (32767 or 65535) as the second factor
  wire [31:0] pk_scale = fsgn ? 32'h46fffe00 : 32'h477fff00;
  wire fm_mad = fu == FU_MAD32 || fu == FU_MADL32;
  // One multiplier array (ar_p, 25 x 25 signed) for mad's product step and
  // pknorm's first half, the FMA's product for fma, div_fmas, mul and
  // mul_legacy, and the 24-bit integer multiplies: no op uses two of them.  The FMA's other products need no array: x * 1.0 (add, sub,
  // mad's sum step, fract) is a shift, and pknorm's y * 32767.0 or 65535.0
  // (significand 2^24 - 2^9 or 2^24 - 2^8) a shift and a subtraction.  Each
  // product is fp32_sigprod of the operands the function rounds, so the
  // results are those of fp32_mul_fz / fp32_fma_rq.
  wire [31:0] mu_y = (fu == FU_PKNORM) ? pk_scale : fy;
  wire        fm_arr = fu == FU_FMA32 || fu == FU_FMAS32 || fu == FU_MUL32 || fu == FU_MULL32;
  reg  [24:0] ar_a, ar_b;
  /* verilator lint_off UNUSEDSIGNAL */
  reg  [49:0] ar_p;     // [47:0] used
  /* verilator lint_on UNUSEDSIGNAL */
  always @* begin
    ar_a = 25'd0;
    ar_b = 25'd0;
    if (mu_use) begin
      ar_a = {1'b0, fp32_sig(fp32_fin(fx, 1'b0))};
      ar_b = {1'b0, fp32_sig(fp32_fin(mu_y, 1'b0))};
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
      mulr = fp32_mul_fz(fx, mu_y, ar_p[47:0], mode[1:0]);
      mullr = (fp32_iszero(fx, 1'b0) || fp32_iszero(fy, 1'b0)) ? 32'd0 : mulr;
    end
  end
  // The integer unit of floats: |a| as a 32-bit integer part, a half bit
  // and a sticky bit (one right shift), rounded by one increment (trunc,
  // floor, ceil, nearest even, or half up for v_cvt_rpi), then either
  // saturated to i32/u32 (cvr: the cvt_i32/u32/flr/rpi conversions) or put
  // back into the f32 format (rintr: trunc/ceil/rndne/floor and fract's
  // floor).  Exact; the same results as fp32_rint, fpcvt_trunc_mag,
  // fpcvt_i32/u32_of_mag and fpcvt_floor_i32.
  reg  [31:0] cvr, ci_x, ci_i;
  reg  [55:0] ci_w;
  reg  [7:0]  ci_e;
  reg  [5:0]  ci_d;
  reg  [32:0] ci_r;
  /* verilator lint_off UNUSEDSIGNAL */
  reg  [24:0] ci_m;          // [23] the hidden bit
  /* verilator lint_on UNUSEDSIGNAL */
  reg  [2:0]  ci_how;        // 0 trunc, 1 floor, 2 ceil, 3 nearest even, 4 half up
  reg         ci_g, ci_st, ci_inc, ci_tiny, ci_huge, ci_nan, ci_s;
  wire ci_use = ri_use || fu == FU_I32_F32 || fu == FU_U32_F32 || fu == FU_FLR32 || fu == FU_RPI32;
  always @* begin
    rintr = 32'd0;
    cvr = 32'd0;
    case (fu)
      FU_CEIL32:  ci_how = 3'd2;
      FU_RNDNE32: ci_how = 3'd3;
      FU_RPI32:   ci_how = 3'd4;
      FU_FLOOR32, FU_FRACT32, FU_FLR32: ci_how = 3'd1;
      default:    ci_how = 3'd0;    // trunc, cvt_i32/u32
    endcase
    ci_x = fp32_fin(fx, mode[4]);
    ci_s = ci_x[31];
    ci_e = fp32_fexp(ci_x);
    ci_nan = fp32_isnan(ci_x);
    ci_tiny = ci_e < 8'd126;                 // |a| < 1/2
    ci_huge = ci_e > 8'd158;                 // |a| >= 2^32, inf, NaN
    // {sig, 32 zeros} >> (158 - e): bits [55:24] the integer part (e = 126 .. 158)
    ci_d = 6'd30 - ci_e[5:0];                // 158 - e
    ci_w = 56'd0;
    if (ci_use) ci_w = {fp32_sig(ci_x), 32'd0} >> ci_d;
    ci_i = ci_tiny ? 32'd0 : ci_w[55:24];
    ci_g = !ci_tiny && ci_w[23];
    ci_st = ci_tiny ? (ci_x[30:0] != 31'd0) : (ci_w[22:0] != 23'd0);
    case (ci_how)
      3'd1:    ci_inc = ci_s && (ci_g || ci_st);
      3'd2:    ci_inc = !ci_s && (ci_g || ci_st);
      3'd3:    ci_inc = ci_g && (ci_st || ci_i[0]);
      3'd4:    ci_inc = ci_s ? (ci_g && ci_st) : ci_g;
      default: ci_inc = 1'b0;
    endcase
    ci_r = {1'b0, ci_i} + {32'd0, ci_inc};
    // to i32/u32, saturated; NaN: 0 (cvt_i32/u32) or by the sign (flr, rpi)
    if (fu == FU_U32_F32)
      cvr = (ci_nan || ci_s) ? 32'd0 : (ci_huge || ci_r[32]) ? 32'hffffffff : ci_r[31:0];
    else if (ci_nan && ci_how == 3'd0)
      cvr = 32'd0;
    else if (ci_huge || ci_r[32:31] != 2'd0)
      cvr = ci_s ? 32'h80000000 : 32'h7fffffff;
    else
      cvr = ci_s ? 32'd0 - ci_r[31:0] : ci_r[31:0];
    // back to f32 (|a| < 2^23 here): the integer realigned to the
    // significand (a carry out of it is the next power of two)
    ci_m = {1'b0, ci_r[23:0]} << (8'd150 - ci_x[30:23]);
    if (ci_x[30:23] == 8'hff)
      rintr = fp32_isnan(ci_x) ? (ci_x | 32'h00400000) : ci_x;
    else if (ci_x[30:23] >= 8'd150)
      rintr = ci_x;
    else if (ci_r == 33'd0)
      rintr = {ci_s, 31'd0};
    else if (ci_x[30:23] < 8'd127)
      rintr = {ci_s, 31'h3f800000};          // |a| < 1 rounded to 1
    else
      rintr = {ci_s, ci_x[30:23] + {7'd0, ci_m[24]}, ci_m[22:0]};
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
      FU_MUL32, FU_MULL32: begin       // x * y = fma(x, y, -0) (+0 toward -inf)
        fm_y = fy;
        fm_z = (mode[1:0] == 2'd2) ? 32'h00000000 : 32'h80000000;
      end
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
    else if (fu == FU_F16_F32 || fu == FU_PKRTZ)
      rq = lane_f16_rq(fx);
    // (div_scale's scaling rounds to nearest even whatever MODE says; the
    // f16 conversions round on the same rounder, in its f16 form, pkrtz's
    // low half toward zero)
    if (fm_use || rq_other)
      fmar = rq[114] ? rq[113:82] : fp32_round_fmt(rq[81], rq[80:65], rq[64:1],
                                                   (fu == FU_DSCALE32) ? 2'd0 :
                                                   (fu == FU_PKRTZ) ? 2'd3 : mode[1:0], rq[0],
                                                   fu == FU_F16_F32 || fu == FU_PKRTZ);
  end
  // v_cvt_f16_f32 as a rounding request for the f16 form of the rounder
  // (fpcvt_f16_of_f32): NaN, inf and zero are special, the rest kept denormal
  function automatic [114:0] lane_f16_rq(input [31:0] a);
    if (a[30:23] == 8'hff)
      lane_f16_rq = fp32_rq_special({16'd0, fpcvt_f16_special(a)});
    else if (a[30:0] == 31'd0)
      lane_f16_rq = fp32_rq_special({16'd0, a[31], 15'd0});
    else
      lane_f16_rq = fp32_rq_round(a[31], {8'd0, fp32_fexp(a)} - 16'sd150, {40'd0, fp32_sig(a)}, 1'b1);
  endfunction
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
  // The min/max unit: every f32 and integer min, max, min3, max3 and med3,
  // the legacy min/max, and the f32 and integer compares (VOPC) run on three
  // magnitude comparators of order keys, as one would build it: no two of
  // these ops run together.  A key is unsigned and monotonic in the value:
  //   f32 (after the input flush): {1, bits} for +, {0, ~bits} for -, so
  //     -0 < +0 and the key is a bijection (equal keys: equal values);
  //   signed: the sign bit flipped; unsigned: the value.
  // mx_lxy = key(x) < key(y) (64 bits: the 64-bit integer compares), mx_lxz
  // and mx_lyz (32 bits).  The results are those of si_f32_min/max/min3/
  // max3/med3/min_legacy/max_legacy and si_f32_cmp (rtl/fp/si_fp32.vh):
  //   - min/max pick by the one comparator; their NaN rules first;
  //   - min3/max3's second stage compares its first stage's pick with z by
  //     that pick's comparator (a NaN pick follows the NaN rules instead);
  //   - med3 without NaN is max(min(x, y), min(max(x, y), z)) by the three
  //     comparators; with a NaN, the min of the other two (first NaN in
  //     source order drops out);
  //   - the intermediate results' output flush is left to the end: the
  //     flush is monotonic, so it commutes with min and max;
  //   - the legacy forms and the compares treat -0 and +0 as equal.
  // ------------------------------------------------------------------
  function automatic [31:0] lane_key32(input [31:0] v, input [1:0] cls);
    case (cls)
      MX_F32:  lane_key32 = v[31] ? {1'b0, ~v[30:0]} : {1'b1, v[30:0]};
      MX_SINT: lane_key32 = {~v[31], v[30:0]};
      default: lane_key32 = v;
    endcase
  endfunction

  // min/max of (x, y) with the NaN rules (nx/ny NaN, sx/sy signaling, ie
  // MODE.IEEE): 0 picks x, 1 picks y, 2 x quieted, 3 y quieted.  lt: x < y.
  function automatic [1:0] lane_mm_pick(input nx, input ny, input sx, input sy, input ie,
                                        input lt, input is_max);
    if (ie && sx)          lane_mm_pick = 2'd2;
    else if (ie && sy)     lane_mm_pick = 2'd3;
    else if (nx && ny)     lane_mm_pick = 2'd2;
    else if (nx)           lane_mm_pick = 2'd1;
    else if (ny)           lane_mm_pick = 2'd0;
    else                   lane_mm_pick = {1'b0, is_max ? lt : !lt};
  endfunction

  function automatic [31:0] lane_mm_val(input [1:0] pick, input [31:0] x, input [31:0] y);
    lane_mm_val = (pick[0] ? y : x) | {9'd0, pick[1], 22'd0};
  endfunction

  wire        mx_on  = mx_fn != MX_NONE;
  wire        mx_flt = mx_cls == MX_F32;
  wire [31:0] mx_x = mx_flt ? fp32_fin(fx, mode[4]) : fx;
  wire [31:0] mx_y = mx_flt ? fp32_fin(fy, mode[4]) : fy;
  wire [31:0] mx_z = mx_flt ? fp32_fin(fz, mode[4]) : fz;
  wire [63:0] mx_kx = mx_w64 ? {A64[63] ^ (mx_cls == MX_SINT), A64[62:0]} : {32'd0, lane_key32(mx_x, mx_cls)};
  wire [63:0] mx_ky = mx_w64 ? {B64[63] ^ (mx_cls == MX_SINT), B64[62:0]} : {32'd0, lane_key32(mx_y, mx_cls)};
  wire [31:0] mx_kz = lane_key32(mx_z, mx_cls);
  wire        mx_lxy = mx_kx < mx_ky;
  wire        mx_exy = mx_kx == mx_ky;
  wire        mx_lxz = mx_kx[31:0] < mx_kz;
  wire        mx_lyz = mx_ky[31:0] < mx_kz;
  wire        mx_nx = mx_flt && fp32_isnan(mx_x);
  wire        mx_ny = mx_flt && fp32_isnan(mx_y);
  wire        mx_nz = mx_flt && fp32_isnan(mx_z);
  wire        mx_sx = mx_flt && fp32_issnan(mx_x);
  wire        mx_sy = mx_flt && fp32_issnan(mx_y);
  wire        mx_sz = mx_flt && fp32_issnan(mx_z);
  wire        mx_ie = mode[9];
  wire        mx_bz = mx_x[30:0] == 31'd0 && mx_y[30:0] == 31'd0;   // f32: both zeros
  // the compares: f32 by fp32_cmp_eval (-0 == +0), integers F LT EQ LE GT NE GE T
  wire        mx_lt0 = mx_lxy && !(mx_flt && mx_bz);
  wire        mx_eq0 = mx_exy || (mx_flt && mx_bz);
  wire        mx_cmp = mx_flt ? fp32_cmp_eval(mx_nx || mx_ny, mx_lt0, mx_eq0, fcond)
                              : (fcond[0] && mx_lt0) || (fcond[1] && mx_eq0) ||
                                (fcond[2] && !mx_lt0 && !mx_eq0);
  reg  [31:0] mxr, mx_v, mx_s1;
  reg  [1:0]  mx_p1, mx_p2;
  reg         mx_max, mx_lt;
  always @* begin
    mx_v = 32'd0;
    mx_s1 = 32'd0;
    mx_p1 = 2'd0;
    mx_p2 = 2'd0;
    mx_lt = 1'b0;
    mx_max = mx_fn == MX_MAX || mx_fn == MX_MAX3;
    if (mx_on) begin
      mx_p1 = lane_mm_pick(mx_nx, mx_ny, mx_sx, mx_sy, mx_ie, mx_lxy, mx_max);
      mx_s1 = lane_mm_val(mx_p1, mx_x, mx_y);
      case (mx_fn)
        MX_MIN3, MX_MAX3: begin
          // the first stage's pick against z (a quieted NaN pick is not compared)
          mx_lt = mx_p1[0] ? mx_lyz : mx_lxz;
          mx_p2 = lane_mm_pick(mx_p1[1], mx_nz, 1'b0, mx_sz, mx_ie, mx_lt, mx_max);
          mx_v = lane_mm_val(mx_p2, mx_s1, mx_z);
        end
        MX_MED3:
          if (mx_nx) begin
            mx_p2 = lane_mm_pick(mx_ny, mx_nz, mx_sy, mx_sz, mx_ie, mx_lyz, 1'b0);
            mx_v = lane_mm_val(mx_p2, mx_y, mx_z);
          end else if (mx_ny) begin
            mx_p2 = lane_mm_pick(1'b0, mx_nz, 1'b0, mx_sz, mx_ie, mx_lxz, 1'b0);
            mx_v = lane_mm_val(mx_p2, mx_x, mx_z);
          end else if (mx_nz) begin
            mx_p2 = lane_mm_pick(1'b0, 1'b0, 1'b0, 1'b0, mx_ie, mx_lxy, 1'b0);
            mx_v = lane_mm_val(mx_p2, mx_x, mx_y);
          end else if (mx_lxy ? mx_lyz : mx_lxz)
            mx_v = mx_lxy ? mx_y : mx_x;                     // max(x, y) <= z
          else if (mx_lxy ? mx_lxz : mx_lyz)
            mx_v = mx_z;                                     // min(x, y) < z < max(x, y)
          else
            mx_v = mx_lxy ? mx_x : mx_y;                     // z <= min(x, y)
        MX_LMIN: mx_v = (!mx_nx && !mx_ny && mx_lt0) ? mx_x : mx_y;
        MX_LMAX: mx_v = (!mx_nx && !mx_ny && !mx_lt0) ? mx_x : mx_y;
        default: mx_v = mx_s1;
      endcase
    end
    // the output flush (f32)
    mxr = (mx_flt && !mode[5] && mx_v[30:23] == 8'd0) ? {mx_v[31], 31'd0} : mx_v;
  end


  // ------------------------------------------------------------------
  // Stage 2: the FP result, selected by fu.  fu_res = {flag, value}: value
  // in [63:0] (32-bit results zero-extended), flag = div_scale's VCC bit or
  // the compare/class result.  One case item per shared datapath, so that
  // the select has one input per datapath, not one per op.
  // ------------------------------------------------------------------
  reg [64:0] fu_res;
  // one rounding to an integer for v_cvt_pk_u8_f32 and pknorm's low half
  wire [17:0] pk_m = lane_rne_mag17((fu == FU_PKU8) ? fx[30:0] : mulr[30:0]);
  always @* begin
    case (fu)
      FU_ADD32, FU_SUB32, FU_MAD32, FU_MADL32, FU_FMA32, FU_FMAS32, FU_LDEXP32,
      FU_F32_I32, FU_F32_U32:
        fu_res = {33'd0, fmar};
      FU_MUL32:    fu_res = {33'd0, fmar};
      FU_MULL32:   fu_res = {33'd0, (fp32_iszero(fx, mode[4]) || fp32_iszero(fy, mode[4])) ? 32'd0 : fmar};
      FU_MIN32, FU_MAX32, FU_MINL32, FU_MAXL32, FU_MIN3_32, FU_MAX3_32, FU_MED3_32:
        fu_res = {33'd0, mxr};
      FU_TRUNC32, FU_CEIL32, FU_RNDNE32, FU_FLOOR32:
        fu_res = {33'd0, rintr};
      FU_I32_F32, FU_U32_F32, FU_RPI32, FU_FLR32:
        fu_res = {33'd0, cvr};
      FU_DSCALE32: fu_res = lane_ds32({ds_vcc, fmar});
      FU_FIXUP32:  fu_res = {33'd0, si_f32_div_fixup(fx, fy, fz, mode)};
      FU_FRACT32:  fu_res = {33'd0, lane_fract(fx, fmar)};
      FU_FMANT32:  fu_res = {33'd0, si_f32_frexp_mant(fx, mode)};
      FU_FEXP32:   fu_res = {33'd0, si_f32_frexp_exp(fx, mode)};
      FU_F16_F32:  fu_res = {49'd0, fmar[15:0]};
      FU_F32_F16:  fu_res = {33'd0, si_cvt_f32_f16(fx, mode)};
      FU_OFF_I4:   fu_res = {33'd0, si_cvt_off_f32_i4(fx, mode)};
      FU_PKRTZ:    fu_res = {33'd0, lane_f16_rtz(fy), fmar[15:0]};
      FU_PKNORM:   fu_res = {33'd0, lane_norm16(fy[30:0], fmar[31], lane_rne_mag17(fmar[30:0]), fsgn),
                             lane_norm16(fx[30:0], mulr[31], pk_m, fsgn)};
      FU_PKU8:     fu_res = {33'd0, lane_pk_u8(fx, pk_m, fy[1:0], fz)};
      FU_CMP32:    fu_res = {mx_cmp, 64'd0};
      FU_CLASS32:  fu_res = {si_f32_class(fx, fy[9:0]), 64'd0};
      default:     fu_res = 65'd0;
    endcase
  end

  // ------------------------------------------------------------------
  // Stage 3: result, v_mullit override, output modifiers (VOP3 only, float
  // destinations only).
  // ------------------------------------------------------------------
  reg [63:0] pre;
  always @* begin
    if (fu == FU_NONE) begin
      pre = sh_on ? ((kd[4:0] == 5'd2) ? sh_y : {32'd0, sh_y[31:0]}) :
            (kd[4:0] == 5'd2) ? 64'd0 : {32'd0, im_op ? im_r : mx_int ? mxr : r};
      mask_out = mx_icmp ? mx_cmp : mo;
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
