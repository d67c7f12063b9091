// sicu CU: instruction fetch.
//
// Holds every wave's fetch PC.  Each cycle it picks (round robin) one wave
// that has room in its wavepool queue, no fetch in flight and is not
// waiting for a control transfer, and requests the 8 bytes at its PC from
// the instruction memory port (valid/ready; the response comes back in
// request order after the harness' configurable latency).  The response
// goes through decode into the wavepool; decode's next PC advances the
// wave's fetch PC.  After a branch, s_endpgm or an invalid instruction the
// wave stops fetching until the SALU (or the wave launcher) redirects it.
`default_nettype none
module fetch #(
    parameter NW = `SICU_WAVES,
    parameter WW = (NW > 1) ? $clog2(NW) : 1
) (
    input  wire              clk,
    input  wire              rst,
    // wave launch
    input  wire              launch_valid,
    input  wire [WW-1:0]     launch_wave,
    input  wire [47:0]       launch_pc,
    // wave end (slot freed)
    input  wire              end_valid,
    input  wire [WW-1:0]     end_wave,
    // room in each wave's instruction buffer
    input  wire [NW-1:0]     wp_space,
    // redirect after a control-transfer instruction executed
    input  wire              br_valid,
    input  wire [WW-1:0]     br_wave,
    input  wire              br_taken,
    input  wire [47:0]       br_pc,
    input  wire              nbr_valid,     // a never-taken control instruction resolved (issue)
    input  wire [WW-1:0]     nbr_wave,
    // instruction memory port
    output wire              imem_req_valid,
    input  wire              imem_req_ready,
    output wire [47:0]       imem_req_addr,
    output wire [WW-1:0]     imem_req_wave,
    input  wire              imem_rsp_valid,
    input  wire [WW-1:0]     imem_rsp_wave,
    input  wire [63:0]       imem_rsp_data,
    // to decode / wavepool
    output wire              fetch_valid,
    output wire [WW-1:0]     fetch_wave,
    output wire [47:0]       fetch_pc,
    output wire [63:0]       fetch_data,
    input  wire [47:0]       dec_next_pc,
    input  wire              dec_stop,
    // activity counter
    output reg  [31:0]       fetch_count
);
    reg [47:0]   fetch_pc_q [0:NW-1];
    reg [NW-1:0] fetch_active, fetch_inflight, fetch_hold;
    reg [WW-1:0] fetch_rr;
    reg          fetch_sel_valid;
    reg [WW-1:0] fetch_sel;
    integer      i, k;

    // round-robin pick starting after the last granted wave
    always @* begin
        fetch_sel_valid = 1'b0;
        fetch_sel = {WW{1'b0}};
        for (i = 0; i < NW; i = i + 1) begin
            k = {{(32-WW){1'b0}}, fetch_rr} + 1 + i;
            if (k >= NW) k = k - NW;
            if (!fetch_sel_valid && fetch_active[k] && !fetch_inflight[k] && !fetch_hold[k] && wp_space[k]) begin
                fetch_sel_valid = 1'b1;
                fetch_sel = k[WW-1:0];
            end
        end
    end

    assign imem_req_valid = fetch_sel_valid;
    assign imem_req_addr = fetch_pc_q[fetch_sel];
    assign imem_req_wave = fetch_sel;
    assign fetch_valid = imem_rsp_valid;
    assign fetch_wave = imem_rsp_wave;
    assign fetch_pc = fetch_pc_q[imem_rsp_wave];
    assign fetch_data = imem_rsp_data;

    always @(posedge clk) begin
        if (rst) begin
            fetch_active <= {NW{1'b0}};
            fetch_inflight <= {NW{1'b0}};
            fetch_hold <= {NW{1'b0}};
            fetch_rr <= {WW{1'b0}};
            fetch_count <= 32'd0;
        end else begin
            if (imem_req_valid && imem_req_ready) begin
                fetch_inflight[fetch_sel] <= 1'b1;
                fetch_rr <= fetch_sel;
                fetch_count <= fetch_count + 32'd1;
            end
            if (imem_rsp_valid) begin
                fetch_inflight[imem_rsp_wave] <= 1'b0;
                fetch_pc_q[imem_rsp_wave] <= dec_next_pc;
                if (dec_stop) fetch_hold[imem_rsp_wave] <= 1'b1;
            end
            if (nbr_valid) fetch_hold[nbr_wave] <= 1'b0;
            if (br_valid) begin
                fetch_hold[br_wave] <= 1'b0;
                if (br_taken) fetch_pc_q[br_wave] <= br_pc;
            end
            if (end_valid) begin
                fetch_active[end_wave] <= 1'b0;
                fetch_hold[end_wave] <= 1'b0;
            end
            if (launch_valid) begin
                fetch_active[launch_wave] <= 1'b1;
                fetch_hold[launch_wave] <= 1'b0;
                fetch_inflight[launch_wave] <= 1'b0;
                fetch_pc_q[launch_wave] <= launch_pc;
            end
        end
    end
endmodule
`default_nettype wire
