// sicu CU: wavepool - a small queue of decoded instructions per wave.
//
// Written by decode (one instruction per cycle, from the fetch response),
// read at the head by issue, popped when issue sends the instruction on
// (several waves' heads in a cycle: one per instruction kind).
// wp_space tells fetch which waves may fetch again.
//
// Each wave's queue is a shift queue of DEPTH slots: slot 0 is the head and
// is the wp_head output itself (no read multiplexer), a pop moves every slot
// down by one, a push writes the first free slot (after the pop's move).
// Written with a constant index per wave, so that simulation copies a
// bundle only for the (at most two) waves a cycle changes.
`default_nettype none
module wavepool #(
    parameter NW = `SICU_WAVES,
    parameter WW = (NW > 1) ? $clog2(NW) : 1,
    parameter DEPTH = `SICU_IB_DEPTH,
    parameter DW = (DEPTH > 1) ? $clog2(DEPTH) : 1
) (
    input  wire                  clk,
    input  wire                  rst,
    input  wire                  wp_flush_valid,      // wave launched or ended: empty its queue
    input  wire [WW-1:0]         wp_flush_wave,
    input  wire                  dec_valid,
    input  wire [WW-1:0]         dec_wave,
    input  wire [`DI_W-1:0]      dec_bundle,
    input  wire [NW-1:0]         iss_pop,             // issue pops these waves' heads
    output wire [NW-1:0]         wp_head_valid,
    output reg  [NW*`DI_W-1:0]   wp_head,             // slot 0 of every wave
    output wire [NW-1:0]         wp_space
);
`include "cu_defs.vh"
    // slots 1 .. DEPTH-1 of wave w: entry w*(DEPTH-1) + k - 1 of wp_tail
    // (flops, like the head: every slot has its own constant-index write)
    localparam integer NT = (DEPTH > 1) ? DEPTH - 1 : 1;
    localparam integer BW = `DI_W;
    /* verilator lint_off UNUSEDSIGNAL */   // (no tail when DEPTH = 1)
    reg [NW*NT*BW-1:0] wp_tail;
    /* verilator lint_on UNUSEDSIGNAL */
    genvar g, k;
    generate
        for (g = 0; g < NW; g = g + 1) begin : g_w
            localparam [WW-1:0] GW = g;
            reg  [DW:0] cnt;
            wire        pop = iss_pop[g];
            wire        push = dec_valid && dec_wave == GW;
            wire [DW:0] at = cnt - {{DW{1'b0}}, pop};   // the slot a push writes (after the pop)
            assign wp_head_valid[g] = cnt != 0;
            assign wp_space[g] = cnt < DEPTH;
            always @(posedge clk) begin
                if (rst || (wp_flush_valid && wp_flush_wave == GW))
                    cnt <= {(DW+1){1'b0}};
                else if (pop || push)
                    cnt <= at + {{DW{1'b0}}, push};
                // slot 0
                if (!rst && push && at == {(DW+1){1'b0}})
                    wp_head[g*BW +: BW] <= dec_bundle;
                else if (!rst && pop && DEPTH > 1)
                    wp_head[g*BW +: BW] <= wp_tail[g*NT*BW +: BW];
            end
            // slots 1 .. DEPTH-1
            for (k = 1; k < DEPTH; k = k + 1) begin : g_slot
                localparam [DW:0] KS = k;
                localparam integer KN = (k + 1 < DEPTH) ? k : k - 1;   // the slot above (the last has none)
                always @(posedge clk)
                    if (!rst && push && at == KS)
                        wp_tail[(g*NT + k - 1)*BW +: BW] <= dec_bundle;
                    else if (!rst && pop && k + 1 < DEPTH)
                        wp_tail[(g*NT + k - 1)*BW +: BW] <= wp_tail[(g*NT + KN)*BW +: BW];
            end
        end
    endgenerate
endmodule
`default_nettype wire
