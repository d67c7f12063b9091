// tb_lane: testbench wrapper for one lane of the VALU - rtl/simd_lane.v (the
// full-rate lane) and rtl/simd_qr.v (a quarter-rate datapath), the result
// taken from the one that computes the op, as the SIMD does (si_op_qrate) -
// driven by tests/rtl/test_lane.cpp.  Purely combinational: the driver sets
// the inputs, calls eval() and reads the outputs.
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
  /* verilator lint_off UNUSEDPARAM */
`include "si_isa.vh"
  /* verilator lint_on UNUSEDPARAM */
  wire        q = si_op_qrate(op);
  // the op's decoded kinds, as simd.v gives them to its lanes and datapaths
  wire [7:0]  k0 = si_op_src_kind(op, 2'd0), k1 = si_op_src_kind(op, 2'd1), k2 = si_op_src_kind(op, 2'd2);
  wire [7:0]  kd = si_op_dst_kind(op);
  wire        vopc = si_op_fmt(op) == SI_FMT_VOPC;
  wire [8:0]  opc = si_op_opcode(op);
  /* verilator lint_off UNUSEDSIGNAL */
  wire [4:0]  opc_hi = opc[8:4];
  /* verilator lint_on UNUSEDSIGNAL */
  wire [63:0] l_res, q_res;
  wire        l_mo, q_mo;
  /* verilator lint_off UNUSEDSIGNAL */
  wire [6:0]  l_fu, q_fu;
  /* verilator lint_on UNUSEDSIGNAL */
  simd_lane u_lane (
    .op(op), .kind0(k0), .kind1(k1), .kind2(k2), .kindd(kd), .vopc(vopc), .cond(opc[3:0]), .vop3(vop3), .abs(abs), .neg(neg), .omod(omod), .clamp(clamp),
    .mode(mode), .lane(lane), .src0(src0), .src1(src1), .src2(src2),
    .mask_in(mask_in), .res(l_res), .mask_out(l_mo), .fu_sel(l_fu)
  );
  simd_qr u_qr (
    .op(op), .qrate(q), .kind0(k0), .kind1(k1), .kind2(k2), .kindd(kd), .vopc(vopc), .cond(opc[3:0]), .vop3(vop3), .abs(abs), .neg(neg), .omod(omod), .clamp(clamp),
    .mode(mode), .src0(src0), .src1(src1), .src2(src2),
    .mask_in(mask_in), .res(q_res), .mask_out(q_mo), .fu_sel(q_fu)
  );
  assign res = q ? q_res : l_res;
  assign mask_out = q ? q_mo : l_mo;
endmodule
