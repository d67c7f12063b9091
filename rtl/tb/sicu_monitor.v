// sicu testbench: the retirement monitor (simulation only, never synthesized).
//
// The harness observes the CU only through this module.  sicu_tb connects
// its inputs to the units' observation wires by hierarchical reference; it
// turns them into per-cycle events, each carrying the architectural identity
// the op brought down the pipeline (wave slot, tag = the wave's instruction
// number, PC, architectural register):
//   ret  : retirement of an instruction of source r (SALU, SIMD0.., LSU,
//          issue-internal) with the EXEC it ran under (issue: 0 = unchanged)
//   scc  : the SALU retirement of this cycle wrote SCC
//   swr  : a scalar register file write (two ports of up to two dwords),
//          by architectural code; init = the dispatcher's initial write
//   vwr  : VGPR writes as whole 64-lane events (lane mask + values), by
//          architectural register 256+n: per SIMD its low and high result
//          rows, then the LSU/initial-write row port
//   lds  : an LDS write by the LSU's instruction (byte address inside the
//          work-group's allocation); lds_acc: the instruction accesses the
//          LDS this cycle (reads too: cosim runs it in the emulator then)
//   fault, wave state (watchdog), FP-unit activity and the counters.
// Physical rows never leave the CU: renaming, duplicated execution or replay
// inside it stay invisible to cosim.
`default_nettype none
module sicu_monitor #(
    parameter NW = `SICU_WAVES,
    parameter WW = (NW > 1) ? $clog2(NW) : 1,
    parameter NS = `SICU_SIMDS,
    parameter L = `SICU_LANES,
    parameter LAW = $clog2(`SICU_LDS_BYTES) + 1,
    parameter NR = NS + 3,           // retirement sources: SALU, SIMDs, LSU, issue
    parameter NV = 2 * NS + 1        // VGPR write events: per SIMD lo/hi, row port
) (
    input  wire               clk,
    // retirements
    input  wire [NR-1:0]      i_ret_valid,
    input  wire [NR*WW-1:0]   i_ret_wave,
    input  wire [NR*16-1:0]   i_ret_tag,
    input  wire [NR*48-1:0]   i_ret_pc,
    input  wire [NR*64-1:0]   i_ret_exec,
    input  wire               i_scc_wr,
    input  wire               i_scc,
    // scalar write-back
    input  wire               i_swr_valid,
    input  wire               i_swr_init,
    input  wire [WW-1:0]      i_swr_wave,
    input  wire [15:0]        i_swr_tag,
    input  wire [6:0]         i_swr_code_a,
    input  wire [1:0]         i_swr_en_a,
    input  wire [63:0]        i_swr_data_a,
    input  wire [6:0]         i_swr_code_b,
    input  wire [1:0]         i_swr_en_b,
    input  wire [63:0]        i_swr_data_b,
    // SIMD VGPR writes (one pass of L lanes, low and high rows)
    input  wire [NS-1:0]      i_sv_valid,
    input  wire [NS*WW-1:0]   i_sv_wave,
    input  wire [NS*16-1:0]   i_sv_tag,
    input  wire [NS*9-1:0]    i_sv_areg,
    input  wire [NS-1:0]      i_sv_dst64,
    input  wire [NS*6-1:0]    i_sv_lane0,
    input  wire [NS*L-1:0]    i_sv_mask,
    input  wire [NS*L*32-1:0] i_sv_lo,
    input  wire [NS*L*32-1:0] i_sv_hi,
    // row port (LSU results, initial writes)
    input  wire               i_rw_lsu,
    input  wire               i_rw_init,
    input  wire [WW-1:0]      i_rw_lsu_wave,
    input  wire [15:0]        i_rw_lsu_tag,
    input  wire [8:0]         i_rw_lsu_areg,
    input  wire [63:0]        i_rw_lsu_mask,
    input  wire [WW-1:0]      i_rw_init_wave,
    input  wire [8:0]         i_rw_init_areg,
    input  wire [2047:0]      i_rw_data,
    // LDS writes of the LSU
    input  wire [31:0]        i_lds_valid,     // up to 32 LDS writes, in the emulator's order
    input  wire [WW-1:0]      i_lds_wave,
    input  wire [15:0]        i_lds_tag,
    input  wire [32*6-1:0]    i_lds_lane,
    input  wire [32*LAW-1:0]  i_lds_addr,
    input  wire [32*4-1:0]    i_lds_be,
    input  wire [32*32-1:0]   i_lds_data,
    input  wire               i_lds_acc,       // the instruction accesses the LDS this cycle (reads too)
    // outputs: the events of this cycle
    output wire [NR-1:0]      ret_valid,
    output wire [NR*WW-1:0]   ret_wave,
    output wire [NR*16-1:0]   ret_tag,
    output wire [NR*48-1:0]   ret_pc,
    output wire [NR*64-1:0]   ret_exec,
    output wire               scc_wr,
    output wire               scc,
    output wire               swr_valid,
    output wire               swr_init,
    output wire [WW-1:0]      swr_wave,
    output wire [15:0]        swr_tag,
    output wire [6:0]         swr_code_a,
    output wire [1:0]         swr_en_a,
    output wire [63:0]        swr_data_a,
    output wire [6:0]         swr_code_b,
    output wire [1:0]         swr_en_b,
    output wire [63:0]        swr_data_b,
    output reg  [NV-1:0]      vwr_valid,
    output reg  [NV-1:0]      vwr_init,
    output reg  [NV*WW-1:0]   vwr_wave,
    output reg  [NV*16-1:0]   vwr_tag,
    output reg  [NV*9-1:0]    vwr_areg,
    output reg  [NV*64-1:0]   vwr_mask,
    output reg  [NV*2048-1:0] vwr_data,
    output wire [31:0]        lds_valid,
    output wire [WW-1:0]      lds_wave,
    output wire [15:0]        lds_tag,
    output wire [32*6-1:0]    lds_lane,
    output wire [32*LAW-1:0]  lds_addr,
    output wire [32*4-1:0]    lds_be,
    output wire [32*32-1:0]   lds_data,
    output wire               lds_acc
);
    assign ret_valid = i_ret_valid;
    assign ret_wave = i_ret_wave;
    assign ret_tag = i_ret_tag;
    assign ret_pc = i_ret_pc;
    assign ret_exec = i_ret_exec;
    assign scc_wr = i_scc_wr;
    assign scc = i_scc;
    assign swr_valid = i_swr_valid;
    assign swr_init = i_swr_init;
    assign swr_wave = i_swr_wave;
    assign swr_tag = i_swr_tag;
    assign swr_code_a = i_swr_code_a;
    assign swr_en_a = i_swr_en_a;
    assign swr_data_a = i_swr_data_a;
    assign swr_code_b = i_swr_code_b;
    assign swr_en_b = i_swr_en_b;
    assign swr_data_b = i_swr_data_b;
    assign lds_valid = i_lds_valid;
    assign lds_wave = i_lds_wave;
    assign lds_tag = i_lds_tag;
    assign lds_lane = i_lds_lane;
    assign lds_addr = i_lds_addr;
    assign lds_be = i_lds_be;
    assign lds_data = i_lds_data;
    assign lds_acc = i_lds_acc;

    // VGPR writes as 64-lane events: a pass of L lanes is placed at its lanes.
    // The 64-lane mask and data of an event are built only in the cycles it
    // is valid (the harness reads them only then): zeroing and scattering
    // nine 2048-bit rows every cycle was a tenth of the simulation time.
    // (So the rows keep their last values in the other cycles: a latch in a
    // synthesized design, harmless in this simulation-only monitor.)
    integer s, l;
    /* verilator lint_off LATCH */
    always @* begin
        vwr_valid = {NV{1'b0}};
        vwr_init = {NV{1'b0}};
        vwr_wave = {NV*WW{1'b0}};
        vwr_tag = {NV*16{1'b0}};
        vwr_areg = {NV*9{1'b0}};
        for (s = 0; s < NS; s = s + 1) begin
            vwr_valid[2*s] = i_sv_valid[s];
            vwr_valid[2*s+1] = i_sv_valid[s] && i_sv_dst64[s];
            vwr_wave[2*s*WW +: WW] = i_sv_wave[s*WW +: WW];
            vwr_wave[(2*s+1)*WW +: WW] = i_sv_wave[s*WW +: WW];
            vwr_tag[2*s*16 +: 16] = i_sv_tag[s*16 +: 16];
            vwr_tag[(2*s+1)*16 +: 16] = i_sv_tag[s*16 +: 16];
            vwr_areg[2*s*9 +: 9] = i_sv_areg[s*9 +: 9];
            vwr_areg[(2*s+1)*9 +: 9] = i_sv_areg[s*9 +: 9] + 9'd1;
            if (i_sv_valid[s]) begin
                vwr_mask[2*s*64 +: 128] = 128'd0;
                vwr_data[2*s*2048 +: 4096] = {4096{1'b0}};
                for (l = 0; l < L; l = l + 1) begin
                    vwr_mask[2*s*64 + {26'd0, i_sv_lane0[s*6 +: 6]} + l] = i_sv_mask[s*L + l];
                    vwr_mask[(2*s+1)*64 + {26'd0, i_sv_lane0[s*6 +: 6]} + l] = i_sv_mask[s*L + l];
                    vwr_data[2*s*2048 + ({26'd0, i_sv_lane0[s*6 +: 6]} + l)*32 +: 32] = i_sv_lo[(s*L + l)*32 +: 32];
                    vwr_data[(2*s+1)*2048 + ({26'd0, i_sv_lane0[s*6 +: 6]} + l)*32 +: 32] = i_sv_hi[(s*L + l)*32 +: 32];
                end
            end
        end
        vwr_valid[2*NS] = i_rw_lsu || i_rw_init;
        vwr_init[2*NS] = !i_rw_lsu && i_rw_init;
        vwr_wave[2*NS*WW +: WW] = i_rw_lsu ? i_rw_lsu_wave : i_rw_init_wave;
        vwr_tag[2*NS*16 +: 16] = i_rw_lsu ? i_rw_lsu_tag : 16'd0;
        vwr_areg[2*NS*9 +: 9] = i_rw_lsu ? i_rw_lsu_areg : 9'd256 + i_rw_init_areg;
        if (i_rw_lsu || i_rw_init) begin
            vwr_mask[2*NS*64 +: 64] = i_rw_lsu ? i_rw_lsu_mask : {64{1'b1}};
            vwr_data[2*NS*2048 +: 2048] = i_rw_data;
        end
    end
    /* verilator lint_on LATCH */
    /* verilator lint_off UNUSEDSIGNAL */
    wire _unused_ok = &{1'b0, clk, 1'b0};
    /* verilator lint_on UNUSEDSIGNAL */
endmodule
`default_nettype wire
