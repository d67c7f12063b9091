// sicu CU: instruction fetch with a per-wave instruction buffer.
//
// Every wave has a fetch PC and an instruction buffer of two 32-byte blocks:
// block 0 at an aligned base address, block 1 at base + 32.  The instruction
// memory port (valid/ready, responses in request order after the harness'
// configurable latency) reads one aligned 32-byte block per request, with a
// readable bit per dword.  Each cycle:
//   - request: one wave (round robin) that has no request in flight and is
//     not stopped after a control transfer asks for the block at its PC
//     when the buffer does not hold it (demand: the buffer restarts there),
//     or for block 1 when block 0 holds the PC and block 1 is empty
//     (prefetch).  A response fills the block it was asked for if the
//     buffer still wants it (a redirect may have moved the PC), else it is
//     dropped;
//   - extract: one wave (round robin) whose buffer holds the 8 bytes at its
//     PC (block 1 too when the PC is in block 0's last dword) and whose
//     wavepool queue has room passes them to decode; decode's next PC
//     advances the wave's PC.  After a branch, s_endpgm or an invalid
//     instruction the wave stops until the SALU / issue (or the wave
//     launcher) redirects it; a taken branch into the buffered blocks
//     (a short loop) extracts again without a fetch;
//   - a wave whose PC has reached block 1 moves it to block 0.
// An instruction whose first dword was not readable is passed with
// fetch_ok low: decode turns it into a fetch fault.  So a wave runs one
// instruction a cycle from its buffer, a request per 32 bytes of code.
// With RFV the release flag cache (rfv_rfc.v) moves a wave's PC past an
// rfv_pir it holds, and gives each extracted instruction its release flags.
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
    // room in each wave's instruction queue (wavepool)
    input  wire [NW-1:0]     wp_space,
    // redirect after a control-transfer instruction executed
    input  wire              br_valid,
    input  wire [WW-1:0]     br_wave,
    input  wire              br_taken,
    input  wire [47:0]       br_pc,
    input  wire              nbr_valid,     // a never-taken control instruction resolved (issue)
    input  wire [WW-1:0]     nbr_wave,
    // instruction memory port: aligned 32-byte blocks
    output wire              imem_req_valid,
    input  wire              imem_req_ready,
    output wire [47:0]       imem_req_addr,
    output wire [WW-1:0]     imem_req_wave,
    input  wire              imem_rsp_valid,
    input  wire [WW-1:0]     imem_rsp_wave,
    input  wire [255:0]      imem_rsp_data,  // dword i at addr + 4 i
    input  wire [7:0]        imem_rsp_ok,    // dword i readable
    // to decode / wavepool
    output wire              fetch_valid,
    output wire [WW-1:0]     fetch_wave,
    output wire [47:0]       fetch_pc,
    output wire [63:0]       fetch_data,
    output wire              fetch_ok,       // the dword at fetch_pc was readable
    input  wire [47:0]       dec_next_pc,
    input  wire              dec_stop,
`ifdef SICU_FEAT_RFV_ON
    // RFV (rfv_rfc.v): the release flag cache in front of decode
    input  wire [4:0]        rfc_entries,    // entries in use (the run's control)
    input  wire              dec_rfv_pir,    // the extracted instruction is an rfv_pir / rfv metadata
    input  wire              dec_rfv_meta,
    output wire [2:0]        fetch_rfl,      // its release flags
    output wire [31:0]       pc_rfc_hits,
    output wire [31:0]       pc_pir_decoded,
`endif
    // activity counter: block requests
    output reg  [31:0]       fetch_count
);
    localparam [47:0] NO_BLOCK = 48'hffff_ffff_ffe0;   // a base no request matches
    reg [47:0]   pc_q [0:NW-1];
    reg [47:0]   ib_base [0:NW-1];     // block 0's address (32-byte aligned)
    reg [255:0]  ib_d0 [0:NW-1], ib_d1 [0:NW-1];
    reg [7:0]    ib_ok0 [0:NW-1], ib_ok1 [0:NW-1];
    reg [47:0]   ib_req_addr [0:NW-1]; // block asked for by the request in flight
    reg [NW-1:0] ib_v0, ib_v1, ib_inflight, fetch_active, fetch_hold;
    reg [WW-1:0] req_rr, ext_rr;

    // per wave: what it can do this cycle
    wire [NW-1:0] w_shift, w_ext, w_dem, w_pre;
    genvar gw;
    generate
        for (gw = 0; gw < NW; gw = gw + 1) begin : g_w
            wire [42:0] pblk = pc_q[gw][47:5];
            wire [42:0] bblk = ib_base[gw][47:5];
            wire        in0 = pblk == bblk;
            wire        in1 = pblk == bblk + 43'd1;
            wire        have0 = in0 && ib_v0[gw];
            wire        have1 = in1 && ib_v1[gw];
            wire        go = fetch_active[gw] && !fetch_hold[gw];
            assign w_shift[gw] = fetch_active[gw] && have1;
            assign w_ext[gw] = go && wp_space[gw] && have0 && (pc_q[gw][4:2] != 3'd7 || ib_v1[gw]);
            assign w_dem[gw] = go && !ib_inflight[gw] && !have0 && !have1;
            assign w_pre[gw] = go && !ib_inflight[gw] && have0 && !ib_v1[gw];
        end
    endgenerate

    // round-robin picks starting after the last granted wave
    function automatic [WW:0] rr_pick(input [NW-1:0] want, input [WW-1:0] last);
        integer i, k;
        begin
            rr_pick = {1'b0, {WW{1'b0}}};
            for (i = 0; i < NW; i = i + 1) begin
                k = {{(32-WW){1'b0}}, last} + 1 + i;
                if (k >= NW) k = k - NW;
                if (!rr_pick[WW] && want[k]) rr_pick = {1'b1, k[WW-1:0]};
            end
        end
    endfunction
    wire [WW:0]  req_p = rr_pick(w_dem | w_pre, req_rr);
    wire [WW:0]  ext_p = rr_pick(w_ext, ext_rr);
    wire [WW-1:0] req_w = req_p[WW-1:0];
    wire [WW-1:0] ext_w = ext_p[WW-1:0];
    wire         req_dem = w_dem[req_w];
    wire [47:0]  req_addr = req_dem ? {pc_q[req_w][47:5], 5'd0} : ib_base[req_w] + 48'd32;

    assign imem_req_valid = req_p[WW];
    assign imem_req_addr = req_addr;
    assign imem_req_wave = req_w;

    // the 8 bytes at the picked wave's PC: blocks {1, 0}, dword PC[4:2] and the next
    wire [511:0] ext_blocks = {ib_d1[ext_w], ib_d0[ext_w]};
    wire [2:0]   ext_dw = pc_q[ext_w][4:2];
    assign fetch_valid = ext_p[WW];
    assign fetch_wave = ext_w;
    assign fetch_pc = pc_q[ext_w];
    assign fetch_data = ext_blocks[{1'b0, ext_dw, 5'd0} +: 64];
    assign fetch_ok = ib_ok0[ext_w][ext_dw];

    // RFV: a PC about to be taken that holds a cached rfv_pir is moved past it
`ifdef SICU_FEAT_RFV_ON
    wire skip_ext, skip_br, skip_nbr, skip_lau;
    rfv_rfc u_rfc (   // (its NW, WW defaults: the same as fetch's)
        .clk(clk), .rst(rst), .ctl_entries(rfc_entries),
        .ext_valid(fetch_valid), .ext_wave(ext_w), .ext_pc(fetch_pc), .ext_pir(dec_rfv_pir),
        .ext_pay({fetch_data[61:32], fetch_data[23:0]}), .ext_meta(dec_rfv_meta), .ext_next_pc(dec_next_pc),
        .ext_stop(dec_stop), .ext_rfl(fetch_rfl), .ext_skip(skip_ext),
        .br_valid(br_valid), .br_taken(br_taken), .br_wave(br_wave), .br_pc(br_taken ? br_pc : pc_q[br_wave]),
        .br_skip(skip_br), .nbr_valid(nbr_valid), .nbr_wave(nbr_wave), .nbr_pc(pc_q[nbr_wave]), .nbr_skip(skip_nbr),
        .launch_valid(launch_valid), .launch_wave(launch_wave), .launch_pc(launch_pc), .launch_skip(skip_lau),
        .pc_rfc_hits(pc_rfc_hits), .pc_pir_decoded(pc_pir_decoded)
    );
    wire [47:0] next_ext = dec_next_pc + (skip_ext ? 48'd8 : 48'd0);
    wire [47:0] next_br = (br_taken ? br_pc : pc_q[br_wave]) + (skip_br ? 48'd8 : 48'd0);
    wire [47:0] next_nbr = pc_q[nbr_wave] + 48'd8;                      // (when skip_nbr)
    wire [47:0] next_lau = launch_pc + (skip_lau ? 48'd8 : 48'd0);
`else
    wire [47:0] next_ext = dec_next_pc;
    wire [47:0] next_br = br_pc;
    wire [47:0] next_lau = launch_pc;
    wire        skip_br = 1'b0, skip_nbr = 1'b0;
    wire [47:0] next_nbr = 48'd0;
`endif

    // the response's wave: does its buffer still want the block?
    wire [WW-1:0] rsp_w = imem_rsp_wave;
    wire          rsp_b0 = ib_req_addr[rsp_w] == ib_base[rsp_w] && !ib_v0[rsp_w];
    wire          rsp_b1 = ib_req_addr[rsp_w] == ib_base[rsp_w] + 48'd32 && ib_v0[rsp_w] && !ib_v1[rsp_w];

    integer i;
    always @(posedge clk) begin
        if (rst) begin
            fetch_active <= {NW{1'b0}};
            fetch_hold <= {NW{1'b0}};
            ib_inflight <= {NW{1'b0}};
            ib_v0 <= {NW{1'b0}};
            ib_v1 <= {NW{1'b0}};
            req_rr <= {WW{1'b0}};
            ext_rr <= {WW{1'b0}};
            fetch_count <= 32'd0;
            for (i = 0; i < NW; i = i + 1) ib_base[i] <= NO_BLOCK;
        end else begin
            // block 1 becomes block 0 (never with a request in flight: block 1 is full)
            for (i = 0; i < NW; i = i + 1)
                if (w_shift[i]) begin
                    ib_base[i] <= ib_base[i] + 48'd32;
                    ib_d0[i] <= ib_d1[i];
                    ib_ok0[i] <= ib_ok1[i];
                    ib_v1[i] <= 1'b0;
                end
            if (imem_req_valid && imem_req_ready) begin
                ib_inflight[req_w] <= 1'b1;
                ib_req_addr[req_w] <= req_addr;
                req_rr <= req_w;
                fetch_count <= fetch_count + 32'd1;
                if (req_dem) begin   // the buffer restarts at the PC's block
                    ib_base[req_w] <= req_addr;
                    ib_v0[req_w] <= 1'b0;
                    ib_v1[req_w] <= 1'b0;
                end
            end
            if (imem_rsp_valid) begin
                ib_inflight[rsp_w] <= 1'b0;
                if (rsp_b0) begin
                    ib_d0[rsp_w] <= imem_rsp_data; ib_ok0[rsp_w] <= imem_rsp_ok; ib_v0[rsp_w] <= 1'b1;
                end else if (rsp_b1) begin
                    ib_d1[rsp_w] <= imem_rsp_data; ib_ok1[rsp_w] <= imem_rsp_ok; ib_v1[rsp_w] <= 1'b1;
                end
            end
            if (fetch_valid) begin
                ext_rr <= ext_w;
                pc_q[ext_w] <= next_ext;
                if (dec_stop) fetch_hold[ext_w] <= 1'b1;
            end
            if (nbr_valid) begin
                fetch_hold[nbr_wave] <= 1'b0;
                if (skip_nbr) pc_q[nbr_wave] <= next_nbr;
            end
            if (br_valid) begin
                fetch_hold[br_wave] <= 1'b0;
                if (br_taken || skip_br) pc_q[br_wave] <= next_br;
            end
            if (end_valid) begin
                fetch_active[end_wave] <= 1'b0;
                fetch_hold[end_wave] <= 1'b0;
            end
            // a new wave: empty buffer (a request still in flight for the slot
            // stays counted and is dropped when it returns)
            if (launch_valid) begin
                fetch_active[launch_wave] <= 1'b1;
                fetch_hold[launch_wave] <= 1'b0;
                pc_q[launch_wave] <= next_lau;
                ib_base[launch_wave] <= NO_BLOCK;
                ib_v0[launch_wave] <= 1'b0;
                ib_v1[launch_wave] <= 1'b0;
            end
        end
    end
endmodule
`default_nettype wire
