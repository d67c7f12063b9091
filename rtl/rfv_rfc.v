// sicu CU, register-file virtualization (RFV on; docs/rfv.md section 10):
// the release flag cache and each wave's release flags, in fetch.
//
// An rfv_pir says which source slots of each of the next 18 non-metadata
// instructions of its wave release their VGPRs.  Per wave this keeps the
// rfv_pir in force (its 54 flag bits) and the count of the wave's
// non-metadata instructions extracted since (18: none in force); every
// extracted instruction takes its 3 flags here (ext_rfl, into the decoded
// bundle's RFL field), in program order, so issue and operand read need no
// per-wave state.  An rfv_pir is consumed here: decoded (a miss), it loads
// its wave's flags and fills the cache; it never enters the wavepool.
//
// The release flag cache (thesis section 2.5.5): RFV_RFC entries, shared by
// the CU's waves, direct-mapped on the rfv_pir's PC, each {valid, PC[47:2],
// 54 flag bits}.  Every PC fetch is about to move a wave to is probed:
// the next PC of the instruction extracted this cycle (unless it transfers
// control), a resolved branch's next PC, a launched wave's entry.  On a hit the rfv_pir there is skipped
// (fetch moves the PC 8 bytes further, skip_*) and its flags come from the
// entry: it costs no fetch slot, decode or wavepool entry.  After a control
// transfer the wave's next PC is probed when issue or the SALU resolves it
// (taken: the target; not taken: the fall-through), never ahead of it, so
// every hit is an rfv_pir the wave executes.  A miss leaves
// the rfv_pir to be extracted and decoded, which fills the entry.
//   index = (bitrev16(PC[17:2]) * n) >> 16, n = the entries in use (the
//   run's rfv_ctl, at most RFV_RFC): every n, not only powers of two, with
//   one small multiply; for n = 2^k it is the PC's low k dword bits.
// The code is read-only during a run and the cache starts empty at reset.
// A taken branch that does not hit clears its wave's flags: sicu rfv starts
// every block that has a release with its own rfv_pir and gives positions
// past a block's end no flags, so a flag never applies across a taken
// branch (a fall-through's rfv_pir loaded ahead of a taken branch must not
// apply to the target).  Releasing less than the emulator's count would is
// always safe; never more.
`default_nettype none
`include "sicu_assert.vh"
module rfv_rfc #(
    parameter NW = `SICU_WAVES,
    parameter WW = (NW > 1) ? $clog2(NW) : 1,
    parameter NE = `SICU_RFV_RFC,
    parameter EW = (NE > 1) ? $clog2(NE) : 1
) (
    input  wire              clk,
    input  wire              rst,
    input  wire [4:0]        ctl_entries,    // entries in use (<= NE; the run's control)
    // the instruction fetch extracts this cycle, decoded
    input  wire              ext_valid,
    input  wire [WW-1:0]     ext_wave,
    input  wire [47:0]       ext_pc,
    input  wire              ext_pir,        // an rfv_pir (decode), its flags:
    input  wire [53:0]       ext_pay,
    input  wire              ext_meta,       // an rfv_pir or rfv_pbr (not counted)
    input  wire [47:0]       ext_next_pc,
    input  wire              ext_stop,       // it transfers control: the next PC waits for its resolution
    output wire [2:0]        ext_rfl,        // the extracted instruction's release flags
    output wire              ext_skip,       // an rfv_pir at ext_next_pc hits: skip it
    // a resolved control transfer's next PC (SALU: taken or not; issue: never
    // taken), a launched wave's entry
    input  wire              br_valid,
    input  wire              br_taken,
    input  wire [WW-1:0]     br_wave,
    input  wire [47:0]       br_pc,
    output wire              br_skip,
    input  wire              nbr_valid,
    input  wire [WW-1:0]     nbr_wave,
    input  wire [47:0]       nbr_pc,
    output wire              nbr_skip,
    input  wire              launch_valid,
    input  wire [WW-1:0]     launch_wave,
    input  wire [47:0]       launch_pc,
    output wire              launch_skip,
    // counters: rfv_pir skipped on a hit, rfv_pir decoded (misses)
    output reg  [31:0]       pc_rfc_hits,
    output reg  [31:0]       pc_pir_decoded
);
    localparam integer NEA = (NE > 0) ? NE : 1;
    reg  [53:0]  wf_pay [0:NW-1];
    reg  [4:0]   wf_cnt [0:NW-1];
    reg  [NEA-1:0] e_v;
    reg  [45:0]  e_tag [0:NEA-1];
    reg  [53:0]  e_pay [0:NEA-1];
    wire [4:0]   n_use = (ctl_entries > NE[4:0]) ? NE[4:0] : ctl_entries;

    /* verilator lint_off UNUSEDSIGNAL */
    function automatic [EW-1:0] idx_of(input [47:0] pc);
        reg [15:0] r;
        reg [20:0] m;
        integer    b;
        begin
            for (b = 0; b < 16; b = b + 1) r[b] = pc[17 - b];
            m = {5'd0, r} * {16'd0, n_use};
            idx_of = m[16 +: EW];
        end
    endfunction
    /* verilator lint_on UNUSEDSIGNAL */

    // probe: {hit, flags} for the rfv_pir a PC may hold
    function automatic [54:0] probe(input [47:0] pc);
        reg [EW-1:0] i;
        begin
            i = idx_of(pc);
            probe = {1'b0, 54'd0};
            if (NE > 0 && n_use != 5'd0 && pc[1:0] == 2'd0 && e_v[i] && e_tag[i] == pc[47:2])
                probe = {1'b1, e_pay[i]};
        end
    endfunction
    wire [54:0] p_ext = probe(ext_next_pc);
    wire [54:0] p_br = probe(br_pc);
    wire [54:0] p_nbr = probe(nbr_pc);
    wire [54:0] p_lau = probe(launch_pc);
    assign ext_skip = ext_valid && !ext_stop && p_ext[54];
    assign br_skip = br_valid && p_br[54];
    assign nbr_skip = nbr_valid && p_nbr[54];
    assign launch_skip = launch_valid && p_lau[54];

    // the flags of the wave's k-th instruction since its rfv_pir
    wire [4:0]  x_cnt = wf_cnt[ext_wave];
    /* verilator lint_off UNUSEDSIGNAL */
    wire [53:0] x_sh = wf_pay[ext_wave] >> ({1'b0, x_cnt} * 6'd3);
    /* verilator lint_on UNUSEDSIGNAL */
    assign ext_rfl = (!ext_meta && x_cnt < 5'd18) ? x_sh[2:0] : 3'd0;

    wire [EW-1:0] fill_i = idx_of(ext_pc);
    integer i;
    always @(posedge clk) begin
        if (rst) begin
            e_v <= {NEA{1'b0}};
            pc_rfc_hits <= 32'd0;
            pc_pir_decoded <= 32'd0;
            for (i = 0; i < NW; i = i + 1) wf_cnt[i] <= 5'd18;
        end else begin
            // the extracting wave: count, or a decoded rfv_pir (fills the cache)
            if (ext_valid && ext_pir) begin
                wf_pay[ext_wave] <= ext_pay;
                wf_cnt[ext_wave] <= 5'd0;
                pc_pir_decoded <= pc_pir_decoded + 32'd1;
                if (NE > 0 && n_use != 5'd0) begin
                    e_v[fill_i] <= 1'b1;
                    e_tag[fill_i] <= ext_pc[47:2];
                    e_pay[fill_i] <= ext_pay;
                end
            end else if (ext_valid && !ext_meta && x_cnt < 5'd18)
                wf_cnt[ext_wave] <= x_cnt + 5'd1;
            // an rfv_pir skipped: its flags are in force for what follows
            if (ext_skip) begin
                wf_pay[ext_wave] <= p_ext[53:0];
                wf_cnt[ext_wave] <= 5'd0;
            end
            if (nbr_skip) begin
                wf_pay[nbr_wave] <= p_nbr[53:0];
                wf_cnt[nbr_wave] <= 5'd0;
            end
            if (br_skip || (br_valid && br_taken)) begin
                wf_pay[br_wave] <= p_br[53:0];
                wf_cnt[br_wave] <= br_skip ? 5'd0 : 5'd18;
            end
            if (launch_valid) begin
                wf_pay[launch_wave] <= p_lau[53:0];
                wf_cnt[launch_wave] <= launch_skip ? 5'd0 : 5'd18;
            end
            pc_rfc_hits <= pc_rfc_hits + {31'd0, ext_skip} + {31'd0, br_skip} + {31'd0, nbr_skip} + {31'd0, launch_skip};
        end
    end
`ifndef SYNTHESIS
    // ---------------------------------------------------------------- assertions (simulation only)
    // a wave's flags change in one place per cycle: a wave that extracts is
    // not held for a branch, nor launched (fetch.v)
    `SICU_ASSERT(rfv_rfc_one_update, !(ext_valid && br_valid && ext_wave == br_wave) &&
                                     !(ext_valid && nbr_valid && ext_wave == nbr_wave) &&
                                     !(ext_valid && launch_valid && ext_wave == launch_wave))
`endif
endmodule
`default_nettype wire
