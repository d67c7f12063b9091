// sicu CU: wavepool - a small queue of decoded instructions per wave.
//
// Written by decode (one instruction per cycle, from the fetch response),
// read at the head by issue, popped when issue sends the instruction on.
// wp_space tells fetch which waves may fetch again.
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
    input  wire                  iss_pop_valid,
    input  wire [WW-1:0]         iss_pop_wave,
    output wire [NW-1:0]         wp_head_valid,
    output wire [NW*`DI_W-1:0]   wp_head,
    output wire [NW-1:0]         wp_space
);
`include "cu_defs.vh"
    reg [`DI_W-1:0] wp_mem [0:NW*DEPTH-1];
    reg [DW-1:0]    wp_rd [0:NW-1];
    reg [DW-1:0]    wp_wr [0:NW-1];
    reg [DW:0]      wp_cnt [0:NW-1];
    genvar g;
    generate
        for (g = 0; g < NW; g = g + 1) begin : g_head
            assign wp_head_valid[g] = wp_cnt[g] != 0;
            assign wp_head[g*`DI_W +: `DI_W] = wp_mem[g*DEPTH + {{(32-DW){1'b0}}, wp_rd[g]}];
            assign wp_space[g] = wp_cnt[g] < DEPTH;
        end
    endgenerate

    localparam [DW-1:0] WP_ONE = 1;
    function automatic [DW-1:0] wp_inc(input [DW-1:0] p);
        wp_inc = ({{(32-DW){1'b0}}, p} == DEPTH - 1) ? {DW{1'b0}} : p + WP_ONE;
    endfunction

    integer i;
    always @(posedge clk) begin
        if (rst) begin
            for (i = 0; i < NW; i = i + 1) begin
                wp_rd[i] <= {DW{1'b0}};
                wp_wr[i] <= {DW{1'b0}};
                wp_cnt[i] <= {(DW+1){1'b0}};
            end
        end else begin
            if (dec_valid) begin
                wp_mem[{{(32-WW){1'b0}}, dec_wave}*DEPTH + {{(32-DW){1'b0}}, wp_wr[dec_wave]}] <= dec_bundle;
                wp_wr[dec_wave] <= wp_inc(wp_wr[dec_wave]);
            end
            if (iss_pop_valid)
                wp_rd[iss_pop_wave] <= wp_inc(wp_rd[iss_pop_wave]);
            for (i = 0; i < NW; i = i + 1)
                wp_cnt[i] <= wp_cnt[i] + {{DW{1'b0}}, dec_valid && dec_wave == i[WW-1:0]}
                                       - {{DW{1'b0}}, iss_pop_valid && iss_pop_wave == i[WW-1:0]};
            if (wp_flush_valid) begin
                wp_rd[wp_flush_wave] <= {DW{1'b0}};
                wp_wr[wp_flush_wave] <= {DW{1'b0}};
                wp_cnt[wp_flush_wave] <= {(DW+1){1'b0}};
            end
        end
    end
endmodule
`default_nettype wire
