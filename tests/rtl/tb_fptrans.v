// tb_fptrans - testbench wrapper around the f32 transcendental / reciprocal
// unit functions of rtl/fp/si_fp_trans.vh (driven by test_fptrans.cpp).
// Purely combinational: set op, a, mode, eval, read res.
module tb_fptrans (
    input  wire [4:0]  op,
    input  wire [31:0] a,
    input  wire [31:0] mode,
    output reg  [31:0] res
);
`include "si_fp_lzc.vh"
`include "si_fp_tables.vh"
`include "si_fp_trans.vh"

    always @* begin
        case (op)
        5'd0:  res = si_f32_rcp(a, mode);
        5'd1:  res = si_f32_rcp_iflag(a, mode);
        5'd2:  res = si_f32_rsq(a, mode);
        5'd3:  res = si_f32_sqrt(a, mode);
        5'd4:  res = si_f32_log(a, mode);
        5'd5:  res = si_f32_exp(a, mode);
        5'd6:  res = si_f32_sin(a, mode);
        5'd7:  res = si_f32_cos(a, mode);
        5'd8:  res = si_f32_log_clamp(a, mode);
        5'd9:  res = si_f32_rcp_clamp(a, mode);
        5'd10: res = si_f32_rsq_clamp(a, mode);
        5'd11: res = si_f32_rcp_legacy(a, mode);
        5'd12: res = si_f32_rsq_legacy(a, mode);
        5'd13: res = si_f32_exp_legacy(a, mode);
        5'd14: res = si_f32_log_legacy(a, mode);
        default: res = 32'd0;
        endcase
    end
endmodule
