// tb_fp64 - combinational wrapper around the f64 functions of rtl/fp/si_fp64.vh
// for tests/rtl/test_fp64.cpp.  op selects the function; a/b/c are the
// operands (f32/i32 operands in the low 32 bits), p carries the small extra
// arguments (cmp cond, class mask, div_fmas vcc, omod/clamp).
//
// Each function is a continuous assignment and the result is muxed by op:
// Yosys elaborates that in about a minute, while the same calls inlined into
// one always block take it well over 15 minutes.
module tb_fp64 (
    input  wire [5:0]  op,
    input  wire [63:0] a,
    input  wire [63:0] b,
    input  wire [63:0] c,
    input  wire [9:0]  p,
    input  wire [31:0] mode,
    output reg  [63:0] res,
    output wire        vcc
);
`include "si_fp_lzc.vh"
`include "si_fp32.vh"
`include "si_fp_tables.vh"
`include "si_fp_trans.vh"
`include "si_fp64.vh"
`include "si_fp64_rrs.vh"

    wire [64:0] r15 = si_f64_div_scale(a, b, c, mode);
    wire [63:0] r0 = si_f64_add(a, b, mode);
    wire [63:0] r1 = si_f64_sub(a, b, mode);
    wire [63:0] r2 = si_f64_mul(a, b, mode);
    wire [63:0] r3 = si_f64_fma(a, b, c, mode);
    wire [63:0] r4 = si_f64_min(a, b, mode);
    wire [63:0] r5 = si_f64_max(a, b, mode);
    wire [63:0] r6 = si_f64_fract(a, mode);
    wire [63:0] r7 = si_f64_rcp(a, mode);
    wire [63:0] r8 = si_f64_rsq(a, mode);
    wire [63:0] r9 = si_f64_sqrt(a, mode);
    wire [63:0] r10 = si_f64_rcp_clamp(a, mode);
    wire [63:0] r11 = si_f64_rsq_clamp(a, mode);
    wire [63:0] r12 = si_f64_frexp_mant(a, mode);
    wire [63:0] r13 = {32'd0, si_f64_frexp_exp(a, mode)};
    wire [63:0] r14 = si_f64_ldexp(a, b[31:0], mode);
    wire [63:0] r16 = si_f64_div_fmas(a, b, c, p[0], mode);
    wire [63:0] r17 = si_f64_div_fixup(a, b, c, mode);
    wire [63:0] r18 = {63'd0, si_f64_cmp(a, b, p[3:0], mode)};
    wire [63:0] r19 = {63'd0, si_f64_class(a, p[9:0])};
    wire [63:0] r20 = si_f64_trig_preop(a, b[31:0], mode);
    wire [63:0] r21 = si_f64_omod_clamp(a, p[1:0], p[2], mode);
    wire [63:0] r22 = si_cvt_f64_f32(a[31:0], mode);
    wire [63:0] r23 = {32'd0, si_cvt_f32_f64(a, mode)};
    wire [63:0] r24 = si_cvt_f64_i32(a[31:0], mode);
    wire [63:0] r25 = si_cvt_f64_u32(a[31:0], mode);
    wire [63:0] r26 = {32'd0, si_cvt_i32_f64(a, mode)};
    wire [63:0] r27 = {32'd0, si_cvt_u32_f64(a, mode)};

    assign vcc = (op == 6'd15) && r15[64];

    always @* begin
        case (op)
            6'd0: res = r0;
            6'd1: res = r1;
            6'd2: res = r2;
            6'd3: res = r3;
            6'd4: res = r4;
            6'd5: res = r5;
            6'd6: res = r6;
            6'd7: res = r7;
            6'd8: res = r8;
            6'd9: res = r9;
            6'd10: res = r10;
            6'd11: res = r11;
            6'd12: res = r12;
            6'd13: res = r13;
            6'd14: res = r14;
            6'd15: res = r15[63:0];
            6'd16: res = r16;
            6'd17: res = r17;
            6'd18: res = r18;
            6'd19: res = r19;
            6'd20: res = r20;
            6'd21: res = r21;
            6'd22: res = r22;
            6'd23: res = r23;
            6'd24: res = r24;
            6'd25: res = r25;
            6'd26: res = r26;
            6'd27: res = r27;
            default: res = 64'd0;
        endcase
    end
endmodule
