// sicu CU: scalar ALU unit - one instruction per cycle.
//
// Registers the packet from operand read, executes it in the combinational
// salu module the next cycle and writes back in the same cycle: the
// destination SGPR(s) (write port A), EXEC for the saveexec family (port
// B), SCC and MODE (to issue), and the fetch redirect for branches.
`default_nettype none
module salu_unit #(
    parameter NW = `SICU_WAVES,
    parameter WW = (NW > 1) ? $clog2(NW) : 1,
    parameter SAW = $clog2(`SICU_SGPR_ROWS + `SICU_WAVES * 32),
    parameter VAW = `SICU_VROW_BITS,          // (operand packet field widths)
    parameter LAW = $clog2(`SICU_LDS_BYTES) + 1
) (
    input  wire              clk,
    input  wire              rst,
    input  wire              op_valid,
    output wire              op_ready,
    // the operand packet (sw/isa/op_packet.def); this unit uses some of its fields
    /* verilator lint_off UNUSEDSIGNAL */
    input  wire [`OPK_W-1:0] op_pkt,
    /* verilator lint_on UNUSEDSIGNAL */
    // write-back (always granted: the SALU has priority on the scalar file)
    output wire              wb_valid,
    output wire [SAW-1:0]    wb_addr_a,
    output wire [1:0]        wb_en_a,
    output wire [63:0]       wb_data_a,
    output wire [SAW-1:0]    wb_addr_b,
    output wire [1:0]        wb_en_b,
    output wire [63:0]       wb_data_b,
    output wire [6:0]        wb_code_a,     // architectural codes of the rows written
    output wire [6:0]        wb_code_b,
    // completion
    output wire              done_valid,
    output wire [WW-1:0]     done_wave,
    output wire [15:0]       done_tag,
    output wire [47:0]       done_pc,
    output wire [63:0]       done_exec,     // trace monitor: EXEC before the instruction
    output wire              done_wr_scc,
    output wire              done_scc,
    output wire              done_wr_mode,
    output wire [31:0]       done_mode,
    output wire              br_valid,
    output wire              br_taken,
    output wire [47:0]       br_pc,
    output reg               fault_valid,
    output reg  [WW-1:0]     fault_wave,
    output reg  [47:0]       fault_pc,
    output reg  [31:0]       pc_insts
);
`include "si_isa.vh"
`include "cu_defs.vh"

    // fields of the operand packet
    wire [WW-1:0]     op_wave = op_pkt[`OPK_WAVE];
    wire [15:0]       op_tag = op_pkt[`OPK_TAG];
    // (the SALU uses only the op, length, simm16 and PC fields of the bundle)
    /* verilator lint_off UNUSEDSIGNAL */
    wire [`DI_W-1:0]  op_bundle = op_pkt[`OPK_BUNDLE];
    /* verilator lint_on UNUSEDSIGNAL */
    wire [23:0]       op_hwinfo = op_pkt[`OPK_HWINFO];
    wire [63:0]       op_s0 = op_pkt[`OPK_S0];
    wire [63:0]       op_s1 = op_pkt[`OPK_S1];
    wire [63:0]       op_dold = op_pkt[`OPK_DOLD];
    wire [63:0]       op_exec = op_pkt[`OPK_EXEC];
    wire [63:0]       op_vcc = op_pkt[`OPK_VCC];
    wire [31:0]       op_m0 = op_pkt[`OPK_M0];
    wire              op_scc = op_pkt[`OPK_SCC];
    wire [31:0]       op_mode = op_pkt[`OPK_MODE];
    wire [SAW-1:0]    op_sdst = op_pkt[`OPK_SDST];
    wire [6:0]        op_sdst_arch = op_pkt[`OPK_SDST_ARCH];
    wire [SAW-1:0]    op_exec_row = op_pkt[`OPK_EXEC_ROW];
    reg              x_valid;
    reg [WW-1:0]     x_wave;
    reg [15:0]       x_tag;
    // only the bundle fields the SALU stage uses are kept
    reg [9:0]        x_op;
    reg              x_len8;
    reg [15:0]       x_simm16;
    reg [47:0]       x_pc;
    reg [63:0]       x_s0, x_s1, x_dold, x_exec, x_vcc;
    reg [23:0]       x_hw;
    reg [31:0]       x_m0, x_mode;
    reg              x_scc;
    reg [SAW-1:0]    x_sdst, x_execrow;
    reg [6:0]        x_sdst_arch;
    wire [63:0] res, exec_out;
    wire        res_wr, scc_out, scc_wr, exec_wr, pc_wr, mode_wr, unsup;
    wire [47:0] pc_out;
    wire [31:0] mode_out;
    wire [9:0]  xop = x_op;
    wire [47:0] pc_next = x_pc + (x_len8 ? 48'd8 : 48'd4);

    salu u_salu (
        .op(xop), .src0(x_s0), .src1(x_s1), .simm16(x_simm16), .dst_old(x_dold),
        .scc_in(x_scc), .exec_in(x_exec), .vcc_in(x_vcc), .pc_next(pc_next), .mode_in(x_mode), .m0_in(x_m0),
        .hw_wave_id(x_hw[23:20]), .hw_in_tg(x_hw[19]), .hw_vgpr_gran(x_hw[18:13]), .hw_sgpr_gran(x_hw[12:9]),
        .hw_lds_gran(x_hw[8:0]),
        .res(res), .res_wr(res_wr), .scc_out(scc_out), .scc_wr(scc_wr), .exec_out(exec_out), .exec_wr(exec_wr),
        .pc_out(pc_out), .pc_wr(pc_wr), .mode_out(mode_out), .mode_wr(mode_wr), .unsupported(unsup)
    );
    // operand kind: [4:0] size in dwords, [7:5] class (not needed here)
    wire dst64 = (si_op_dst_kind(xop) & 8'h1f) >= 8'd2;
    wire ok = x_valid && !unsup;
    assign op_ready = 1'b1;
    assign wb_valid = ok && (res_wr || exec_wr);
    assign wb_addr_a = x_sdst;
    assign wb_en_a = res_wr ? (dst64 ? 2'b11 : 2'b01) : 2'b00;
    assign wb_data_a = res;
    assign wb_addr_b = x_execrow;
    assign wb_en_b = exec_wr ? 2'b11 : 2'b00;
    assign wb_data_b = exec_out;
    assign wb_code_a = x_sdst_arch;
    assign wb_code_b = 7'd126;        // EXEC
    assign done_valid = ok;
    assign done_exec = x_exec;
    assign done_wave = x_wave;
    assign done_tag = x_tag;
    assign done_pc = x_pc;
    assign done_wr_scc = scc_wr;
    assign done_scc = scc_out;
    assign done_wr_mode = mode_wr;
    assign done_mode = mode_out;
    assign br_valid = ok && (si_op_flags(xop) & SI_F_BRANCH) != 0;
    assign br_taken = pc_wr;
    assign br_pc = pc_out;

    always @(posedge clk) begin
        if (rst) begin
            x_valid <= 1'b0;
            fault_valid <= 1'b0;
            pc_insts <= 32'd0;
        end else begin
            x_valid <= op_valid;
            if (op_valid) begin
                x_wave <= op_wave; x_tag <= op_tag;
                x_op <= op_bundle[`DI_OP]; x_len8 <= op_bundle[`DI_LEN8];
                x_simm16 <= op_bundle[`DI_SIMM16]; x_pc <= op_bundle[`DI_PC];
                x_hw <= op_hwinfo;
                x_s0 <= op_s0; x_s1 <= op_s1; x_dold <= op_dold; x_exec <= op_exec; x_vcc <= op_vcc;
                x_m0 <= op_m0; x_scc <= op_scc; x_mode <= op_mode; x_sdst <= op_sdst; x_execrow <= op_exec_row;
                x_sdst_arch <= op_sdst_arch;
            end
            if (ok) pc_insts <= pc_insts + 32'd1;
            if (x_valid && unsup && !fault_valid) begin
                fault_valid <= 1'b1; fault_wave <= x_wave; fault_pc <= x_pc;
            end
        end
    end
endmodule
`default_nettype wire
