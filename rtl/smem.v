// sicu CU: scalar memory unit - SMRD loads (s_load_dword*, s_buffer_load_dword*)
// and s_dcache_inv, GCN's scalar data path beside the vector memory path.
//
// Accepted instructions queue in order (SMEM_QUEUE entries); each goes
// through three stages, and several instructions are in different stages at
// once:
//   SEND   the oldest unsent entry makes its requests on the CU's dword
//          memory port, one per cycle: an aligned pair of dwords as one
//          8-byte request, else one dword (s_buffer_load: a dword at byte
//          offset >= NUM_RECORDS (x STRIDE when STRIDE != 0) reads 0 without
//          a request); up to RT requests outstanding;
//   RECV   responses come back in request order into the entry's dwords;
//   WB     the oldest entry, all dwords in, writes its SGPRs through the
//          scalar write-back arbiter, two register pairs per cycle, then
//          completes (lgkmcnt, retirement) on the completion port it shares
//          with the LSU and vmem (it waits while they complete).
// The unit shares the dword port with the LSU and has priority on it;
// responses are routed by a FIFO of who made each outstanding request.
// Memory order with the same wave's vector memory instructions (GCN's scalar
// cache is not coherent with them; here a wave's requests to global memory go
// out in program order, so cosim, which runs a wave's instructions in order
// and each at its first request, sees them in the RTL's memory order): a
// request waits while an older vector load, store or atomic of its wave has
// requests to make (vm_unsent), and the LSU holds a younger one while the
// wave has scalar loads to send (sm_unsent).  Other waves' instructions never
// hold a scalar load: a wave spinning on atomics cannot starve one that must
// start.
// SMRD results complete in order among themselves, and out of order with the
// LDS operations sharing lgkmcnt, as the ISA documents (compilers wait for
// lgkmcnt(0) then).
`default_nettype none
`include "sicu_assert.vh"
module smem #(
    parameter NW = `SICU_WAVES,
    parameter WW = (NW > 1) ? $clog2(NW) : 1,
    parameter VAW = `SICU_VROW_BITS,
    parameter SAW = $clog2(`SICU_SGPR_ROWS + `SICU_WAVES * 32),
    parameter LAW = $clog2(`SICU_LDS_BYTES) + 1,
    parameter QD = `SICU_SMEM_QUEUE,
    parameter RT = 16,                 // requests outstanding (response tags)
    parameter SF = 128                 // port requests awaiting a response (LSU's and this unit's)
) (
    input  wire              clk,
    input  wire              rst,
    input  wire              op_valid,
    output wire              op_ready,
    // the operand packet (sw/isa/op_packet.def); this unit uses some of its fields
    /* verilator lint_off UNUSEDSIGNAL */
    input  wire [`OPK_W-1:0] op_pkt,
    /* verilator lint_on UNUSEDSIGNAL */
    // memory order with vector stores and atomics
    input  wire [NW-1:0]     vm_unsent,       // waves with a vector memory instruction that has requests to make
    output reg  [NW-1:0]     sm_unsent,       // waves with an accepted instruction that has requests to make
    // scalar write-back request: two 64-bit pairs per grant
    output reg               sw_valid,
    input  wire              sw_grant,
    output reg  [SAW-1:0]    sw_addr_a,
    output reg  [1:0]        sw_en_a,
    output reg  [63:0]       sw_data_a,
    output reg  [6:0]        sw_code_a,       // architectural codes (observation)
    output reg  [SAW-1:0]    sw_addr_b,
    output reg  [1:0]        sw_en_b,
    output reg  [63:0]       sw_data_b,
    output reg  [6:0]        sw_code_b,
    output wire [WW-1:0]     sw_wave,         // (observation) the instruction written for
    output wire [15:0]       sw_tag,
    // completion (shared port: done_block says another unit completes this cycle)
    input  wire              done_block,
    output wire              done_valid,
    output wire [WW-1:0]     done_wave,
    output wire [15:0]       done_tag,
    output wire [47:0]       done_pc,
    output wire [63:0]       done_exec,
    // this unit's requests on the dword port (muxed in front of the LSU's)
    output reg               req_valid,
    input  wire              req_ready,
    output reg  [63:0]       req_addr,
    output reg  [3:0]        req_size,        // 4 or 8
    output reg  [9:0]        req_op,          // SI_OP_* (the harness classifies the port)
    output reg  [WW-1:0]     req_wave,
    output reg  [15:0]       req_tag,
    output reg  [47:0]       req_pc,
    // the LSU's request accepted this cycle, one that has a response
    input  wire              lsu_req_rsp,
    // the port's responses (in request order); rsp_mine: the head is this unit's
    input  wire              rsp_valid,
    input  wire [63:0]       rsp_data,
    output wire              rsp_mine,
    // performance counters
    output reg  [31:0]       pc_insts,
    output reg  [31:0]       pc_reqs
);
`include "si_isa.vh"
`include "cu_defs.vh"
    localparam QW = (QD > 1) ? $clog2(QD) : 1;
    localparam RW = $clog2(RT);
    localparam FW = $clog2(SF);

    wire [WW-1:0]    op_wave = op_pkt[`OPK_WAVE];
    wire [15:0]      op_tag = op_pkt[`OPK_TAG];
    wire [`DI_W-1:0] op_bundle = op_pkt[`OPK_BUNDLE];
    wire [63:0]      op_s0 = op_pkt[`OPK_S0];      // SBASE pair, or V# dwords 0-1
    wire [63:0]      op_s1 = op_pkt[`OPK_S1];      // SOFFSET register value
    wire [63:0]      op_s3 = op_pkt[`OPK_S3];      // V# dwords 2-3
    wire [63:0]      op_exec = op_pkt[`OPK_EXEC];
    wire [SAW-1:0]   op_sdst = op_pkt[`OPK_SDST];
    wire [6:0]       op_sdst_arch = op_pkt[`OPK_SDST_ARCH];
    wire [9:0]       op_op = op_bundle[`DI_OP];
    wire [`MA_W-1:0] op_ma = si_op_mem(op_op);
    wire [6:0]       op_sz = op_ma[`MA_SIZE];
    // dwords loaded (0: s_dcache_inv); the byte offset: the instruction's
    // dword offset or the SOFFSET register
    wire [4:0]       op_nd = (op_ma[`MA_KIND] == SI_MK_SMRD_NOP) ? 5'd0 : op_sz[6:2];
    wire [31:0]      op_off = op_bundle[`DI_SMRD_IMM] ? {22'd0, op_bundle[`DI_SMRD_OFF], 2'b00} : op_s1[31:0];
    wire             op_sbuf = op_ma[`MA_KIND] == SI_MK_SMRD_BUF_LOAD;
    wire [13:0]      op_stride = op_s0[61:48];
    wire [45:0]      op_lim = (op_stride != 14'd0) ? {14'd0, op_s3[31:0]} * {32'd0, op_stride} : {14'd0, op_s3[31:0]};

    // ---------------------------------------------------------------- the queue
    reg [WW-1:0]  q_wave  [0:QD-1];
    reg [15:0]    q_tag   [0:QD-1];
    reg [47:0]    q_pc    [0:QD-1];
    reg [63:0]    q_exec  [0:QD-1];
    reg [9:0]     q_op    [0:QD-1];
    reg [63:0]    q_base  [0:QD-1];   // s_load: SBASE + offset (dword aligned); s_buffer_load: V# base
    reg [31:0]    q_off   [0:QD-1];   // s_buffer_load: the byte offset
    reg [45:0]    q_lim   [0:QD-1];   // s_buffer_load: the range in bytes
    reg           q_sbuf  [0:QD-1];
    reg [4:0]     q_nd    [0:QD-1];
    reg [SAW-1:0] q_sdst  [0:QD-1];
    reg [6:0]     q_sarch [0:QD-1];
    reg [511:0]   q_data  [0:QD-1];   // the loaded dwords (0 where no request)
    reg [4:0]     q_pend  [0:QD-1];   // requests made and not answered
    reg [QW-1:0]  q_head, q_snd, q_tail;
    reg [QW:0]    q_cnt, q_nsnd;      // entries; entries not completely sent
    reg [4:0]     s_d;                // SEND: next dword of entry q_snd
    reg [4:0]     w_i;                // WB: next dword of entry q_head
    reg           w_fin;              // WB: the writes are done, completing
    reg [QW+5:0]  rt_mem [0:RT-1];    // request tags: {entry, dword, pair}
    reg [RW-1:0]  rt_wr, rt_rd;
    reg [RW:0]    rt_cnt;
    reg           sf_mem [0:SF-1];    // 1: the port's response is this unit's
    reg [FW-1:0]  sf_wr, sf_rd;
    reg [FW:0]    sf_cnt;

    assign op_ready = !rst && q_cnt < QD[QW:0];
    integer u;
    reg [QW-1:0] u_e;
    always @* begin
        sm_unsent = {NW{1'b0}};
        for (u = 0; u < QD; u = u + 1) begin
            u_e = q_snd + u[QW-1:0];
            if (u[QW:0] < q_nsnd) sm_unsent[q_wave[u_e]] = 1'b1;
        end
    end
    wire acc = op_valid && op_ready;

    // ---------------------------------------------------------------- SEND
    wire [4:0]   sn_nd = q_nd[q_snd];
    wire         sn_v = q_nsnd != {(QW+1){1'b0}};
    wire [33:0]  sn_o0 = {2'b00, q_off[q_snd]} + {27'd0, s_d, 2'b00};
    wire [33:0]  sn_o1 = sn_o0 + 34'd4;
    wire         sn_oob0 = q_sbuf[q_snd] && {12'd0, sn_o0} >= q_lim[q_snd];
    wire         sn_oob1 = q_sbuf[q_snd] && {12'd0, sn_o1} >= q_lim[q_snd];
    wire [63:0]  sn_addr = q_sbuf[q_snd] ? ({16'd0, q_base[q_snd][47:0]} + {30'd0, sn_o0}) & ~64'd3 :
                                           q_base[q_snd] + {57'd0, s_d, 2'b00};
    wire         sn_pair = s_d + 5'd1 < sn_nd && !sn_oob1 && !sn_addr[2];
    wire         sn_last = s_d + (sn_pair ? 5'd2 : 5'd1) >= sn_nd;
    // a request this cycle (or an out-of-range dword skipped)
    wire         sn_room = !(req_valid && !req_ready) && rt_cnt < RT[RW:0] && sf_cnt < SF[FW:0] - 2;
    wire         sn_go = sn_v && sn_nd != 5'd0 && !vm_unsent[q_wave[q_snd]] && sn_room;
    wire         sn_req = sn_go && !sn_oob0;
    wire         sn_done = sn_v && (sn_nd == 5'd0 || (sn_go && sn_last));
    wire         req_fire = req_valid && req_ready;

    // ---------------------------------------------------------------- RECV
    wire           rv = rsp_valid && rsp_mine;
    wire [QW+5:0]  rv_t = rt_mem[rt_rd];
    wire [QW-1:0]  rv_e = rv_t[QW+5:6];
    wire [4:0]     rv_d = rv_t[5:1];
    assign rsp_mine = sf_cnt != {(FW+1){1'b0}} && sf_mem[sf_rd];

    // ---------------------------------------------------------------- WB / completion
    wire         wb_v = q_cnt != {(QW+1){1'b0}} && !(q_snd == q_head && sn_v) && q_pend[q_head] == 5'd0;
    wire [4:0]   wb_nd = q_nd[q_head];
    assign done_valid = wb_v && w_fin && !done_block && !rst;
    assign done_wave = q_wave[q_head];
    assign done_tag = q_tag[q_head];
    assign done_pc = q_pc[q_head];
    assign done_exec = q_exec[q_head];
    assign sw_wave = q_wave[q_head];
    assign sw_tag = q_tag[q_head];
    function automatic [31:0] dw(input [511:0] d, input [3:0] i);
        dw = d[{i, 5'd0} +: 32];
    endfunction

    integer k;
    always @(posedge clk) begin
        if (rst) begin
            q_head <= {QW{1'b0}}; q_snd <= {QW{1'b0}}; q_tail <= {QW{1'b0}};
            q_cnt <= {(QW+1){1'b0}}; q_nsnd <= {(QW+1){1'b0}};
            s_d <= 5'd0; w_i <= 5'd0; w_fin <= 1'b0;
            rt_wr <= {RW{1'b0}}; rt_rd <= {RW{1'b0}}; rt_cnt <= {(RW+1){1'b0}};
            sf_wr <= {FW{1'b0}}; sf_rd <= {FW{1'b0}}; sf_cnt <= {(FW+1){1'b0}};
            req_valid <= 1'b0; sw_valid <= 1'b0;
            pc_insts <= 32'd0; pc_reqs <= 32'd0;
        end else begin
            // -------- accept
            if (acc) begin
                q_wave[q_tail] <= op_wave; q_tag[q_tail] <= op_tag; q_pc[q_tail] <= op_bundle[`DI_PC];
                q_exec[q_tail] <= op_exec; q_op[q_tail] <= op_op;
                q_base[q_tail] <= op_sbuf ? op_s0 : (op_s0 + {32'd0, op_off}) & ~64'd3;
                q_off[q_tail] <= op_off; q_lim[q_tail] <= op_lim; q_sbuf[q_tail] <= op_sbuf;
                q_nd[q_tail] <= op_nd; q_sdst[q_tail] <= op_sdst; q_sarch[q_tail] <= op_sdst_arch;
                q_data[q_tail] <= 512'd0;
                q_tail <= q_tail + 1'b1;
                pc_insts <= pc_insts + 32'd1;
            end
            q_cnt <= q_cnt + {{QW{1'b0}}, acc} - {{QW{1'b0}}, done_valid};
            q_nsnd <= q_nsnd + {{QW{1'b0}}, acc} - {{QW{1'b0}}, sn_done};
            // -------- SEND
            if (req_fire) req_valid <= 1'b0;
            if (sn_req) begin
                req_valid <= 1'b1;
                req_addr <= sn_addr;
                req_size <= sn_pair ? 4'd8 : 4'd4;
                req_op <= q_op[q_snd]; req_wave <= q_wave[q_snd]; req_tag <= q_tag[q_snd]; req_pc <= q_pc[q_snd];
                rt_mem[rt_wr] <= {q_snd, s_d, sn_pair};
                rt_wr <= rt_wr + 1'b1;
                pc_reqs <= pc_reqs + 32'd1;
            end
            if (sn_done) begin
                s_d <= 5'd0;
                q_snd <= q_snd + 1'b1;
            end else if (sn_go)
                s_d <= s_d + (sn_pair ? 5'd2 : 5'd1);
            // -------- RECV
            if (rv) begin
                q_data[rv_e][{rv_d[3:0], 5'd0} +: 32] <= rsp_data[31:0];
                if (rv_t[0]) q_data[rv_e][{rv_d[3:0] + 4'd1, 5'd0} +: 32] <= rsp_data[63:32];
                rt_rd <= rt_rd + 1'b1;
            end
            rt_cnt <= rt_cnt + {{RW{1'b0}}, sn_req} - {{RW{1'b0}}, rv};
            for (k = 0; k < QD; k = k + 1)
                q_pend[k] <= (acc && q_tail == k[QW-1:0]) ? 5'd0 :
                             q_pend[k] + ((sn_req && q_snd == k[QW-1:0]) ? 5'd1 : 5'd0)
                                       - ((rv && rv_e == k[QW-1:0]) ? 5'd1 : 5'd0);
            // -------- response source FIFO (this unit's requests and the LSU's, in port order)
            if (req_fire || lsu_req_rsp) begin
                sf_mem[sf_wr] <= req_fire;
                sf_wr <= sf_wr + 1'b1;
            end
            if (rsp_valid) sf_rd <= sf_rd + 1'b1;
            sf_cnt <= sf_cnt + {{FW{1'b0}}, req_fire || lsu_req_rsp} - {{FW{1'b0}}, rsp_valid};
            // -------- WB: two pairs per grant, then completion
            if (!sw_valid || sw_grant) begin
                sw_valid <= 1'b0;
                if (wb_v && !w_fin) begin
                    if (w_i < wb_nd) begin
                        sw_valid <= 1'b1;
                        sw_addr_a <= q_sdst[q_head] + {{(SAW-5){1'b0}}, w_i};
                        sw_code_a <= q_sarch[q_head] + {2'b0, w_i};
                        sw_en_a <= (wb_nd == 5'd1) ? 2'b01 : 2'b11;
                        sw_data_a <= {dw(q_data[q_head], w_i[3:0] + 4'd1), dw(q_data[q_head], w_i[3:0])};
                        sw_addr_b <= q_sdst[q_head] + {{(SAW-5){1'b0}}, w_i} + {{(SAW-2){1'b0}}, 2'd2};
                        sw_code_b <= q_sarch[q_head] + {2'b0, w_i} + 7'd2;
                        sw_en_b <= (w_i + 5'd2 < wb_nd) ? 2'b11 : 2'b00;
                        sw_data_b <= {dw(q_data[q_head], w_i[3:0] + 4'd3), dw(q_data[q_head], w_i[3:0] + 4'd2)};
                        w_i <= w_i + 5'd4;
                    end else
                        w_fin <= 1'b1;   // every write granted (the last one now or before)
                end
            end
            if (done_valid) begin
                q_head <= q_head + 1'b1;
                w_i <= 5'd0; w_fin <= 1'b0;
            end
        end
    end
`ifndef SYNTHESIS
    `SICU_ASSERT(smem_queue_overflow, !(acc && q_cnt >= QD[QW:0]))
    `SICU_ASSERT(smem_rsp_expected, !(rsp_valid && sf_cnt == {(FW+1){1'b0}}))
    `SICU_ASSERT(smem_rsp_tagged, !(rv && rt_cnt == {(RW+1){1'b0}}))
    `SICU_ASSERT(smem_source_overflow, !((req_fire || lsu_req_rsp) && sf_cnt >= SF[FW:0]))
    `SICU_ASSERT(smem_port_once, !(req_fire && lsu_req_rsp))
    `SICU_ASSERT(smem_req_stable, !(req_valid && !req_ready && sn_req))
`endif
    /* verilator lint_off UNUSEDSIGNAL */
    wire _unused_ok = &{1'b0, op_ma, op_bundle, op_sz[1:0], rv_d[4], op_s1[63:32], op_s3[63:32], 1'b0};
    /* verilator lint_on UNUSEDSIGNAL */
endmodule
`default_nettype wire
