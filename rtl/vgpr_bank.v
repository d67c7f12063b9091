// sicu CU: one bank of a SIMD's vector register file.
//
// A SIMD's VGPR file is split into 64/LANES banks by lane group: bank p
// holds lanes p*LANES .. p*LANES+LANES-1 of every row, so SIMD pass p reads
// and writes only bank p (a natural unit for sub-array power gating).
// Synchronous reads (data the cycle after the address), per-lane write
// enables.  Ports: NR read ports, 3 write ports (SIMD low dword, SIMD high
// dword of 64-bit results, LSU/load return).
`default_nettype none
module vgpr_bank #(
    parameter ROWS = `SICU_VGPR_ROWS,
    parameter AW = $clog2(`SICU_VGPR_ROWS),
    parameter L = `SICU_LANES,
    parameter NR = 7
) (
    input  wire              clk,
    input  wire [NR-1:0]     rd_en,
    input  wire [NR*AW-1:0]  rd_addr,
    output reg  [NR*L*32-1:0] rd_data,
    input  wire [2:0]        wr_en,
    input  wire [3*AW-1:0]   wr_addr,
    input  wire [3*L-1:0]    wr_mask,
    input  wire [3*L*32-1:0] wr_data
);
    reg [L*32-1:0] vgpr_mem [0:ROWS-1];
    integer r, w, l;
    always @(posedge clk) begin
        for (r = 0; r < NR; r = r + 1)
            if (rd_en[r]) rd_data[r*L*32 +: L*32] <= vgpr_mem[rd_addr[r*AW +: AW]];
        for (w = 0; w < 3; w = w + 1)
            if (wr_en[w])
                for (l = 0; l < L; l = l + 1)
                    if (wr_mask[w*L + l])
                        vgpr_mem[wr_addr[w*AW +: AW]][l*32 +: 32] <= wr_data[(w*L + l)*32 +: 32];
    end
endmodule
`default_nettype wire
