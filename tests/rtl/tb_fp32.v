// tb_fp32.v - test wrapper for rtl/fp/si_fp32.vh and rtl/fp/si_fp_cvt.vh.
// Purely combinational: the driver (test_fp32.cpp) sets op / a / b / c / x /
// mode, calls eval() and reads result.  x carries the small extra operands:
// cmp cond [3:0], class mask [9:0], omod [1:0] + clamp [2], div_fmas vcc [0].
// The op numbering is shared with test_fp32.cpp.
module tb_fp32 (
    input      [7:0]  op,
    input      [31:0] a,
    input      [31:0] b,
    input      [31:0] c,
    /* verilator lint_off UNUSEDSIGNAL */
    input      [31:0] x,              // only the low bits are operands
    /* verilator lint_on UNUSEDSIGNAL */
    input      [31:0] mode,
    output reg [63:0] result
);
`include "si_fp_lzc.vh"
`include "si_fp32.vh"
`include "si_fp_cvt.vh"

    always @* begin
        case (op)
            8'd0:  result = {32'd0, si_f32_add(a, b, mode)};
            8'd1:  result = {32'd0, si_f32_sub(a, b, mode)};
            8'd2:  result = {32'd0, si_f32_mul(a, b, mode)};
            8'd3:  result = {32'd0, si_f32_fma(a, b, c, mode)};
            8'd4:  result = {32'd0, si_f32_mad(a, b, c, mode)};
            8'd5:  result = {32'd0, si_f32_mul_legacy(a, b, mode)};
            8'd6:  result = {32'd0, si_f32_mad_legacy(a, b, c, mode)};
            8'd7:  result = {32'd0, si_f32_min(a, b, mode)};
            8'd8:  result = {32'd0, si_f32_max(a, b, mode)};
            8'd9:  result = {32'd0, si_f32_min_legacy(a, b, mode)};
            8'd10: result = {32'd0, si_f32_max_legacy(a, b, mode)};
            8'd11: result = {32'd0, si_f32_min3(a, b, c, mode)};
            8'd12: result = {32'd0, si_f32_max3(a, b, c, mode)};
            8'd13: result = {32'd0, si_f32_med3(a, b, c, mode)};
            8'd14: result = {32'd0, si_f32_floor(a, mode)};
            8'd15: result = {32'd0, si_f32_ceil(a, mode)};
            8'd16: result = {32'd0, si_f32_trunc(a, mode)};
            8'd17: result = {32'd0, si_f32_rndne(a, mode)};
            8'd18: result = {32'd0, si_f32_fract(a, mode)};
            8'd19: result = {32'd0, si_f32_frexp_mant(a, mode)};
            8'd20: result = {32'd0, si_f32_frexp_exp(a, mode)};
            8'd21: result = {32'd0, si_f32_ldexp(a, b, mode)};
            8'd22: result = {63'd0, si_f32_class(a, x[9:0])};
            8'd23: result = {63'd0, si_f32_cmp(a, b, x[3:0], mode)};
            8'd24: result = {31'd0, si_f32_div_scale(a, b, c, mode)};
            8'd25: result = {32'd0, si_f32_div_fmas(a, b, c, x[0], mode)};
            8'd26: result = {32'd0, si_f32_div_fixup(a, b, c, mode)};
            8'd27: result = {32'd0, si_f32_omod_clamp(a, x[1:0], x[2], mode)};
            8'd28: result = {32'd0, si_cvt_f32_i32(a, mode)};
            8'd29: result = {32'd0, si_cvt_f32_u32(a, mode)};
            8'd30: result = {32'd0, si_cvt_i32_f32(a, mode)};
            8'd31: result = {32'd0, si_cvt_u32_f32(a, mode)};
            8'd32: result = {32'd0, si_cvt_f16_f32(a, mode)};
            8'd33: result = {32'd0, si_cvt_f32_f16(a, mode)};
            8'd34: result = {32'd0, si_cvt_rpi_i32_f32(a, mode)};
            8'd35: result = {32'd0, si_cvt_flr_i32_f32(a, mode)};
            8'd36: result = {32'd0, si_cvt_pkrtz_f16_f32(a, b, mode)};
            8'd37: result = {32'd0, si_cvt_off_f32_i4(a, mode)};
            default: result = 64'd0;
        endcase
    end
endmodule
