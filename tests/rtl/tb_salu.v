// tb_salu: Verilator top for the scalar ALU unit test (tests/rtl/test_salu.cpp).
// A thin wrapper: every port of rtl/salu.v is a top-level port.
module tb_salu (
  input  wire [9:0]  op,
  input  wire [63:0] src0,
  input  wire [63:0] src1,
  input  wire [15:0] simm16,
  input  wire [63:0] dst_old,
  input  wire        scc_in,
  input  wire [63:0] exec_in,
  input  wire [63:0] vcc_in,
  input  wire [47:0] pc_next,
  input  wire [31:0] mode_in,
  input  wire [31:0] m0_in,
  input  wire [3:0]  hw_wave_id,
  input  wire        hw_in_tg,
  input  wire [5:0]  hw_vgpr_gran,
  input  wire [3:0]  hw_sgpr_gran,
  input  wire [8:0]  hw_lds_gran,
  output wire [63:0] res,
  output wire        res_wr,
  output wire        scc_out,
  output wire        scc_wr,
  output wire [63:0] exec_out,
  output wire        exec_wr,
  output wire [47:0] pc_out,
  output wire        pc_wr,
  output wire [31:0] mode_out,
  output wire        mode_wr,
  output wire        unsupported
);
  salu u_salu (
    .op(op), .src0(src0), .src1(src1), .simm16(simm16), .dst_old(dst_old),
    .scc_in(scc_in), .exec_in(exec_in), .vcc_in(vcc_in), .pc_next(pc_next),
    .mode_in(mode_in), .m0_in(m0_in),
    .hw_wave_id(hw_wave_id), .hw_in_tg(hw_in_tg), .hw_vgpr_gran(hw_vgpr_gran),
    .hw_sgpr_gran(hw_sgpr_gran), .hw_lds_gran(hw_lds_gran),
    .res(res), .res_wr(res_wr), .scc_out(scc_out), .scc_wr(scc_wr),
    .exec_out(exec_out), .exec_wr(exec_wr), .pc_out(pc_out), .pc_wr(pc_wr),
    .mode_out(mode_out), .mode_wr(mode_wr), .unsupported(unsupported)
  );
endmodule
