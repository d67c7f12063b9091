// sicu CU: local data share - the work-groups' shared memory.
//
// One array of 32-bit words (LDS_BYTES in all), one access per cycle from the
// LSU (byte enables on writes; a read's data is registered: available the
// cycle after the access), and the dispatcher's initial writes (a new
// work-group's allocation is zeroed, as the emulator starts it) in the
// cycles the LSU leaves free.  The baseline issue will bank it (32 banks).
`default_nettype none
`include "sicu_assert.vh"
module lds #(
    parameter LAW = $clog2(`SICU_LDS_BYTES) + 1,
    parameter LDSW = `SICU_LDS_BYTES / 4
) (
    input  wire            clk,
    input  wire            rst,
    // LSU port
    input  wire            req_en,
    input  wire            req_we,
    input  wire [LAW-1:0]  req_addr,      // byte address (dword aligned)
    input  wire [3:0]      req_be,
    input  wire [31:0]     req_wdata,
    output reg  [31:0]     rsp_data,
    // initial writes (only when the LSU does not access: init_free)
    input  wire            init_en,
    input  wire [LAW-1:0]  init_addr,
    input  wire [31:0]     init_wdata,
    output wire            init_free
);
`include "cu_defs.vh"
    reg [31:0] lds_mem [0:LDSW-1];
    wire [LAW-4:0] a = req_addr[LAW-2:2];
    assign init_free = !req_en;
    always @(posedge clk) begin
        if (req_en) begin
            if (req_we) begin
                if (req_be[0]) lds_mem[a][7:0] <= req_wdata[7:0];
                if (req_be[1]) lds_mem[a][15:8] <= req_wdata[15:8];
                if (req_be[2]) lds_mem[a][23:16] <= req_wdata[23:16];
                if (req_be[3]) lds_mem[a][31:24] <= req_wdata[31:24];
            end else
                rsp_data <= lds_mem[a];
        end else if (init_en)
            lds_mem[init_addr[LAW-2:2]] <= init_wdata;
    end
`ifndef SYNTHESIS
    `SICU_ASSERT(lds_addr_in_range, !(req_en && req_addr[LAW-1]) && !(init_en && init_addr[LAW-1]))
    `SICU_ASSERT(lds_init_only_when_free, !(init_en && req_en))
`endif
    /* verilator lint_off UNUSEDSIGNAL */
    wire _unused_ok = &{1'b0, req_addr[1:0], init_addr[1:0], 1'b0};
    /* verilator lint_on UNUSEDSIGNAL */
endmodule
`default_nettype wire
