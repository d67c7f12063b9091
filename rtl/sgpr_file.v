// sicu CU: scalar register file.
//
// One memory of 32-bit rows: rows 0..SGPR_ROWS-1 are the SGPRs that the
// dispatcher allocates to waves (contiguous, base per wave), followed by a
// block of 32 rows per wave slot for the special scalar registers (VCC,
// TBA, TMA, TTMP, M0, EXEC at code[4:0], see cu_defs.vh).  Opread is the
// only place that maps architectural codes to these physical rows.
//
// NR read ports, each returning an aligned-or-not pair {row a+1, row a}
// (asynchronous read), and NM more for M0 (one per operand-read path: a
// separate signal, see opread.v); two write ports, each writing a pair with per-dword
// enables (port A: destination, port B: EXEC/second destination).
`default_nettype none
module sgpr_file #(
    parameter ROWS = `SICU_SGPR_ROWS + `SICU_WAVES * 32,
    parameter AW = $clog2(ROWS),
    // (the CU's three operand-read paths, 7 pair ports and an M0 port each:
    // sicu_cu.v's port widths must match, which lint checks)
    parameter NR = 21,
    parameter NM = 3
) (
    input  wire            clk,
    input  wire [NR*AW-1:0] rd_addr,
    output wire [NR*64-1:0] rd_data,
    input  wire [NM*AW-1:0] rm_addr,     // the M0 read ports
    output wire [NM*64-1:0] rm_data,
    input  wire            wa_valid,
    input  wire [AW-1:0]   wa_addr,
    input  wire [1:0]      wa_en,
    input  wire [63:0]     wa_data,
    input  wire            wb_valid,
    input  wire [AW-1:0]   wb_addr,
    input  wire [1:0]      wb_en,
    input  wire [63:0]     wb_data
);
    reg [31:0] sgpr_mem [0:ROWS-1];
    // the NR operand ports and the NM M0 ports, one pair read each, in
    // signals of their own: an operand port's address depends on an M0
    // port's data (movrels), and one vector for both would be a
    // combinational loop to a simulator, settled again at every evaluation
    genvar g;
    generate
        for (g = 0; g < NR; g = g + 1) begin : g_rd
            wire [AW-1:0] a = rd_addr[g*AW +: AW];
            wire [AW-1:0] a1 = a + 1'b1;
            assign rd_data[g*64 +: 64] = {sgpr_mem[a1], sgpr_mem[a]};
        end
        for (g = 0; g < NM; g = g + 1) begin : g_rm
            wire [AW-1:0] a = rm_addr[g*AW +: AW];
            wire [AW-1:0] a1 = a + 1'b1;
            assign rm_data[g*64 +: 64] = {sgpr_mem[a1], sgpr_mem[a]};
        end
    endgenerate
    wire [AW-1:0] wa_addr1 = wa_addr + 1'b1;
    wire [AW-1:0] wb_addr1 = wb_addr + 1'b1;
    always @(posedge clk) begin
        if (wa_valid && wa_en[0]) sgpr_mem[wa_addr] <= wa_data[31:0];
        if (wa_valid && wa_en[1]) sgpr_mem[wa_addr1] <= wa_data[63:32];
        if (wb_valid && wb_en[0]) sgpr_mem[wb_addr] <= wb_data[31:0];
        if (wb_valid && wb_en[1]) sgpr_mem[wb_addr1] <= wb_data[63:32];
    end
endmodule
`default_nettype wire
