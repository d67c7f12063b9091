// tb_lane: testbench wrapper for rtl/simd_lane.v (driven by tests/rtl/test_lane.cpp).
// Purely combinational: the driver sets the inputs, calls eval() and reads
// the outputs.
module tb_lane (
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
  output wire [63:0] res,
  output wire        mask_out
);
  simd_lane u_lane (
    .op(op), .vop3(vop3), .abs(abs), .neg(neg), .omod(omod), .clamp(clamp),
    .mode(mode), .lane(lane), .src0(src0), .src1(src1), .src2(src2),
    .mask_in(mask_in), .res(res), .mask_out(mask_out)
  );
endmodule
