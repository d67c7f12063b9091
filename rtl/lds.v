// sicu CU: local data share - the work-groups' shared memory.
//
// 32 banks of 32-bit words, as GCN's LDS: dword address a lives in bank
// a % 32, row a / 32.  Each bank serves one access per cycle (byte enables
// on writes; a read's data is registered: available the cycle after the
// access), so the LSU can serve up to 32 lanes of a wave in a cycle when
// their dwords fall into different banks.  The dispatcher's initial writes
// (a new work-group's allocation is zeroed, as the emulator starts it) use
// the cycles in which the LSU accesses no bank.
`default_nettype none
`include "sicu_assert.vh"
module lds #(
    parameter LAW = $clog2(`SICU_LDS_BYTES) + 1,
    parameter LDSW = `SICU_LDS_BYTES / 4,
    parameter NB = 32
) (
    input  wire              clk,
    input  wire              rst,
    // LSU port: one request per bank (bank b takes dword addresses with [6:2] = b)
    input  wire [NB-1:0]     req_en,
    input  wire              req_we,
    input  wire [NB*LAW-1:0] req_addr,      // byte address (dword aligned) of each bank's access
    input  wire [NB*4-1:0]   req_be,
    input  wire [NB*32-1:0]  req_wdata,
    output reg  [NB*32-1:0]  rsp_data,
    // initial writes (only when the LSU does not access: init_free)
    input  wire              init_en,
    input  wire [LAW-1:0]    init_addr,
    input  wire [31:0]       init_wdata,
    output wire              init_free
);
`include "cu_defs.vh"
    localparam integer ROWS = LDSW / NB;
    localparam integer RW = (ROWS > 1) ? $clog2(ROWS) : 1;
    assign init_free = req_en == {NB{1'b0}};
    wire [4:0]    init_bank = init_addr[6:2];
    wire [RW-1:0] init_row = init_addr[LAW-2:7];
    genvar b;
    generate
        for (b = 0; b < NB; b = b + 1) begin : g_bank
            reg [31:0] lds_mem [0:ROWS-1];
            wire [LAW-1:0] a = req_addr[b*LAW +: LAW];
            wire [RW-1:0] row = a[LAW-2:7];
            wire [3:0] be = req_be[b*4 +: 4];
            wire [31:0] wd = req_wdata[b*32 +: 32];
            always @(posedge clk) begin
                if (req_en[b]) begin
                    if (req_we) begin
                        if (be[0]) lds_mem[row][7:0] <= wd[7:0];
                        if (be[1]) lds_mem[row][15:8] <= wd[15:8];
                        if (be[2]) lds_mem[row][23:16] <= wd[23:16];
                        if (be[3]) lds_mem[row][31:24] <= wd[31:24];
                    end else
                        rsp_data[b*32 +: 32] <= lds_mem[row];
                end else if (init_en && init_bank == b)
                    lds_mem[init_row] <= init_wdata;
            end
`ifndef SYNTHESIS
            `SICU_ASSERT(lds_addr_in_bank, !(req_en[b] && (a[LAW-1] || a[6:2] != b)))
`endif
            /* verilator lint_off UNUSEDSIGNAL */
            wire _unused_a = &{1'b0, a[1:0], 1'b0};
            /* verilator lint_on UNUSEDSIGNAL */
        end
    endgenerate
`ifndef SYNTHESIS
    `SICU_ASSERT(lds_init_in_range, !(init_en && init_addr[LAW-1]))
    `SICU_ASSERT(lds_init_only_when_free, !(init_en && req_en != {NB{1'b0}}))
`endif
    /* verilator lint_off UNUSEDSIGNAL */
    wire _unused_ok = &{1'b0, init_addr[1:0], rst, 1'b0};
    /* verilator lint_on UNUSEDSIGNAL */
endmodule
`default_nettype wire
