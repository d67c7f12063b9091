// sicu CU: LSU instruction queue - LSU_QDEPTH operand packets between operand
// read and the LSU.
//
// GCN's issue picks at most one instruction per kind and cycle and keeps
// per-kind queues in front of the memory units, so a memory instruction that
// waits for a busy LSU does not stop VALU and SALU instructions of other
// waves.  Here operand read hands a memory instruction's operand packet
// (scalars, EXEC, M0 already read; its wave stays busy until the LSU has
// collected its VGPR operands) to this queue and is free the next cycle.
//
// In order (memory order across waves is the order of issue); an empty
// queue passes the packet through in the same cycle (no added latency).
// iss_ok tells issue whether it may send another LSU instruction into operand
// read: a slot is left for it after the one operand read may already hold
// (rd_lsu), so operand read never waits for this queue.
`default_nettype none
`include "sicu_assert.vh"
module lsu_iq #(
    // the operand packet's width depends on these (sicu_bundle.vh)
    parameter NW = `SICU_WAVES,
    parameter WW = (NW > 1) ? $clog2(NW) : 1,
    parameter VAW = `SICU_VROW_BITS,
    parameter SAW = $clog2(`SICU_SGPR_ROWS + `SICU_WAVES * 32),
    parameter LAW = $clog2(`SICU_LDS_BYTES) + 1,
    parameter DEPTH = `SICU_LSU_QDEPTH,
    parameter PW = `OPK_W,
    parameter DW = (DEPTH > 1) ? $clog2(DEPTH) : 1
) (
    input  wire          clk,
    input  wire          rst,
    // from operand read
    input  wire          in_valid,
    output wire          in_ready,
    input  wire [PW-1:0] in_pkt,
    // to the LSU
    output wire          out_valid,
    input  wire          out_ready,
    output wire [PW-1:0] out_pkt,
    // to issue
    input  wire          rd_lsu,          // operand read holds an LSU instruction
    output wire          iss_ok,
    // performance counter: queued instructions summed over cycles
    output reg  [31:0]   pc_occupancy
);
    reg [PW-1:0] iq_mem [0:DEPTH-1];
    reg [DW-1:0] iq_rd, iq_wr;
    reg [DW:0]   iq_cnt;
    localparam [DW:0] IQ_DEPTH = DEPTH;
    localparam [DW:0] IQ_ONE = 1;

    wire iq_empty = iq_cnt == {(DW+1){1'b0}};
    // an empty queue passes the packet on in the cycle it arrives
    assign out_valid = iq_empty ? in_valid : 1'b1;
    assign out_pkt = iq_empty ? in_pkt : iq_mem[iq_rd];
    assign in_ready = iq_cnt != IQ_DEPTH;
    wire iq_pass = iq_empty && in_valid && out_ready;
    wire iq_push = in_valid && in_ready && !iq_pass;
    wire iq_pop = !iq_empty && out_ready;
    wire [DW:0] iq_free = IQ_DEPTH - iq_cnt;
    assign iss_ok = iq_free > (rd_lsu ? IQ_ONE : {(DW+1){1'b0}});

    function automatic [DW-1:0] iq_inc(input [DW-1:0] p);
        iq_inc = ({{(32-DW){1'b0}}, p} == DEPTH - 1) ? {DW{1'b0}} : p + {{(DW-1){1'b0}}, 1'b1};
    endfunction

    always @(posedge clk) begin
        if (rst) begin
            iq_rd <= {DW{1'b0}};
            iq_wr <= {DW{1'b0}};
            iq_cnt <= {(DW+1){1'b0}};
            pc_occupancy <= 32'd0;
        end else begin
            if (iq_push) begin
                iq_mem[iq_wr] <= in_pkt;
                iq_wr <= iq_inc(iq_wr);
            end
            if (iq_pop) iq_rd <= iq_inc(iq_rd);
            iq_cnt <= iq_cnt + {{DW{1'b0}}, iq_push} - {{DW{1'b0}}, iq_pop};
            pc_occupancy <= pc_occupancy + {{(31-DW){1'b0}}, iq_cnt};
        end
    end
`ifndef SYNTHESIS
    // operand read is told to wait rather than overfill the queue, and issue
    // leaves room for what operand read holds: a full queue never meets a push
    `SICU_ASSERT(lsu_iq_no_overflow, !(in_valid && !in_ready))
    `SICU_ASSERT(lsu_iq_count_bound, iq_cnt <= IQ_DEPTH)
`endif
endmodule
`default_nettype wire
