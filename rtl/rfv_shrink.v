// sicu CU: GPU-Shrink (RFV_SHRINK on; docs/rfv.md section 12) - the register
// throttle of issue, the thesis's Algorithm 1 for the CU's four VGPR files.
//
// With --rfv-rows N each SIMD's file has N physical rows (rfv_map.v never
// allocates a row at or above N), fewer than the waves' allocations may add
// up to.  The file must never run out of rows while a wave needs one: a
// VALU or LSU write port that misses must find a row in that cycle.
//
// The claims.  A wave's claim is the rows it holds (live, counted by
// rfv_map) plus its reservations: each VGPR-writing instruction reserves at
// issue the rows it writes (1 or 2 for VALU, up to 5 for a load), since a
// result may need a fresh row (a load's destination is reserved at issue,
// not at return: thesis section 5.2.5).  A row allocated turns a reservation
// into a live row (the claim stays).  A rewrite of a mapped VGPR needs no
// row, so the reservations are conservative; they are bounded: the VALU
// ones by twice the wave's VALU instructions in flight (none pending when
// none is), the LSU ones end when the wave has no LSU instruction
// outstanding; and no claim is larger than the wave's VGPRs (it cannot map
// more).  The dispatcher's initial writes allocate in the cycle they are
// let through.
//
// The throttle (Algorithm 1 with the C_max exemption).  R (rcta) is the
// most rows one work-group can hold on one SIMD (the harness places a
// work-group's waves so that no SIMD holds more than ceil(waves / SIMDS) of
// them, R = that times the VGPRs per wave).  One work-group is exempt: its
// requests are always granted.  Every other wave of SIMD s may claim only
// while the claims of the non-exempt waves of s stay within N - R, so R rows
// are always left for the exempt work-group, which therefore always
// finishes:
//   - hr[s] = N - R - (claims of the non-exempt waves of s), the headroom: a
//     VALU request of k rows is granted when k <= hr, an LSU request when
//     k + 2 <= hr (room for a VALU one of the same cycle), a dispatcher row
//     when 1 <= hr, or 8 <= hr on the SIMD issue serves in that cycle (room
//     for both);
//   - the non-exempt claims grow only by granted requests, so at any time
//     they are <= N - R, and the exempt work-group holds <= R live rows (it
//     has no more VGPRs on the SIMD): a missing write always finds a row;
//   - the exempt work-group is the same on every SIMD (with per-SIMD choices
//     two work-groups exempt on different SIMDs could wait for each other at
//     a barrier).  The thesis exempts C_max, the CTA holding the most
//     registers of its one file; here the oldest resident work-group, chosen
//     when the exempt one has left every SIMD (the switch is safe only then:
//     the new one's claims may be anything, and only then are R rows free
//     for it on every SIMD).  Of the resident work-groups the oldest is the
//     one closest to finishing in a CU that dispatches in order;
//   - priority promotion: while a SIMD's headroom is below 8 (it throttles),
//     issue picks the exempt work-group's waves of that SIMD first.
// A work-group that alone needs more than N rows on a SIMD cannot run (the
// thesis's spill fallback is not built): the harness refuses such a run, and
// rfv_shrink_fits asserts it.  With N = 0 (the default) the throttle is off:
// every request is granted.
`default_nettype none
`include "sicu_assert.vh"
module rfv_shrink #(
    parameter NW = `SICU_WAVES,
    parameter WW = (NW > 1) ? $clog2(NW) : 1,
    parameter NS = `SICU_SIMDS
) (
    input  wire               clk,
    input  wire               rst,
    input  wire [8:0]         rows,        // N: physical rows per SIMD (0: GPU-Shrink off)
    input  wire [8:0]         rcta,        // R: the most rows a work-group holds on one SIMD
    // wave state (issue's wave table)
    input  wire [NW-1:0]      wv_active,
    input  wire [NW*WW-1:0]   wv_wg,       // each wave's work-group slot
    input  wire               launch_valid,
    input  wire [WW-1:0]      launch_wave,
    input  wire [WW-1:0]      launch_wg,
    input  wire               launch_first, // the work-group's first wave (a new work-group)
    input  wire [8:0]         launch_nvgpr,  // the wave's VGPRs
    // per wave: rows it holds (rfv_map), rows allocated this cycle by its
    // SIMD's write ports and by the LSU / dispatcher port
    input  wire [NW*9-1:0]    live,
    input  wire [NW*2-1:0]    al_v,
    input  wire [NW-1:0]      al_m,
    // reservations: the VALU / LSU instruction issued this cycle
    input  wire               rv_valid,
    input  wire [WW-1:0]      rv_wave,
    input  wire [2:0]         rv_k,
    input  wire               rm_valid,
    input  wire [WW-1:0]      rm_wave,
    input  wire [2:0]         rm_k,
    input  wire [NW*3-1:0]    v_inflight,  // VALU instructions of the wave in flight (and issued now)
    input  wire [NW-1:0]      m_drained,   // no LSU instruction of the wave outstanding
    // the throttle
    output wire [NW-1:0]      exempt,      // waves of the exempt work-group
    output reg  [NS*4-1:0]    hr,          // per SIMD: headroom of the others (0..15)
    output wire [NS-1:0]      thr_near,        // per SIMD: it throttles (hr < 8)
    output wire               on
);
    assign on = rows != 9'd0;

    // ---------------------------------------------------------------- reservations
    reg [8:0] res_v [0:NW-1];
    reg [8:0] res_m [0:NW-1];
    reg [8:0] nv [0:NW-1];               // the wave's VGPRs: no claim is larger
    reg [8:0] rv_nx [0:NW-1];
    integer   w;
    function automatic [8:0] sat_sub(input [8:0] a, input [8:0] b);
        sat_sub = (a > b) ? a - b : 9'd0;
    endfunction
    // (a VALU instruction writes at most 2 rows: no more is pending than
    // twice the instructions in flight)
    always @* begin
        for (w = 0; w < NW; w = w + 1) begin
            rv_nx[w] = sat_sub(res_v[w], {7'd0, al_v[w*2 +: 2]}) +
                       ((rv_valid && rv_wave == w[WW-1:0]) ? {6'd0, rv_k} : 9'd0);
            if (rv_nx[w] > {5'd0, v_inflight[w*3 +: 3], 1'b0}) rv_nx[w] = {5'd0, v_inflight[w*3 +: 3], 1'b0};
        end
    end
    integer wr;
    always @(posedge clk)
        for (wr = 0; wr < NW; wr = wr + 1)
            if (rst) begin
                res_v[wr] <= 9'd0;
                res_m[wr] <= 9'd0;
            end else begin
                res_v[wr] <= rv_nx[wr];
                res_m[wr] <= (m_drained[wr] ? 9'd0 : sat_sub(res_m[wr], {8'd0, al_m[wr]})) +
                             ((rm_valid && rm_wave == wr[WW-1:0]) ? {6'd0, rm_k} : 9'd0);
            end

    // ---------------------------------------------------------------- the exempt work-group
    // the oldest resident one: work-groups are numbered in launch order
    reg [15:0]   seq;
    reg [15:0]   wg_seq [0:(1 << WW) - 1];   // per work-group slot (of WW bits) ...
    reg [15:0]   wv_seq [0:NW-1];            // ... and per wave: its work-group's number
    reg          ex_v;
    reg [WW-1:0] ex_wg;
    reg [NW-1:0] held;                   // the wave is active or still has a claim
    reg          ex_alive, any_held;
    reg [WW-1:0] old_wg;
    reg [15:0]   old_age, age;
    reg [10:0]   cl [0:NW-1];
    always @* begin
        ex_alive = 1'b0;
        any_held = 1'b0;
        old_wg = {WW{1'b0}};
        old_age = 16'd0;
        for (w = 0; w < NW; w = w + 1) begin
            cl[w] = {2'd0, live[w*9 +: 9]} + {2'd0, res_v[w]} + {2'd0, res_m[w]};
            if (cl[w] > {2'd0, nv[w]}) cl[w] = {2'd0, nv[w]};
            held[w] = wv_active[w] || cl[w] != 11'd0;
            if (held[w] && ex_v && wv_wg[w*WW +: WW] == ex_wg) ex_alive = 1'b1;
            age = seq - wv_seq[w];
            if (wv_active[w] && (!any_held || age > old_age)) begin
                old_wg = wv_wg[w*WW +: WW];
                old_age = age;
            end
            if (wv_active[w]) any_held = 1'b1;
        end
    end
    // the exempt one now: the last cycle's while it holds anything, else the
    // oldest resident (in the same cycle: no gap in which its waves would be
    // throttled as others)
    wire          ex_now = (ex_v && ex_alive) || any_held;
    wire [WW-1:0] ex_cur = (ex_v && ex_alive) ? ex_wg : old_wg;
    always @(posedge clk)
        if (rst) begin
            seq <= 16'd0;
            ex_v <= 1'b0;
            ex_wg <= {WW{1'b0}};
        end else begin
            if (launch_valid && launch_first) begin
                wg_seq[launch_wg] <= seq;
                seq <= seq + 16'd1;
            end
            if (launch_valid) begin
                wv_seq[launch_wave] <= launch_first ? seq : wg_seq[launch_wg];
                nv[launch_wave] <= launch_nvgpr;
            end
            ex_v <= ex_now;
            ex_wg <= ex_cur;
        end
    genvar ge;
    generate
        for (ge = 0; ge < NW; ge = ge + 1) begin : g_ex
            assign exempt[ge] = ex_now && wv_wg[ge*WW +: WW] == ex_cur;
        end
    endgenerate

    // ---------------------------------------------------------------- headroom per SIMD
    reg [11:0] others [0:NS-1];
    reg [11:0] room, left;
    integer    s;
    always @* begin
        for (s = 0; s < NS; s = s + 1) others[s] = 12'd0;
        for (w = 0; w < NW; w = w + 1)
            if (!exempt[w]) others[w % NS] = others[w % NS] + {1'b0, cl[w]};
        hr = {NS*4{1'b0}};
        for (s = 0; s < NS; s = s + 1) begin
            room = {3'd0, rows} - {3'd0, rcta};
            left = room - others[s];
            if (others[s] < room) hr[s*4 +: 4] = (left > 12'd15) ? 4'd15 : left[3:0];
        end
    end
    genvar gn;
    generate
        for (gn = 0; gn < NS; gn = gn + 1) begin : g_near
            assign thr_near[gn] = on && hr[gn*4 +: 4] < 4'd8;
        end
    endgenerate

`ifndef SYNTHESIS
    // ---------------------------------------------------------------- assertions (simulation only)
    // one work-group alone fits (else the harness refuses the run)
    `SICU_ASSERT(rfv_shrink_fits, !on || rcta <= rows)
    // the non-exempt claims never pass N - R (the throttle's invariant)
    integer sa;
    reg     over;
    always @* begin
        over = 1'b0;
        for (sa = 0; sa < NS; sa = sa + 1)
            if (on && {3'd0, rcta} <= {3'd0, rows} && others[sa] > {3'd0, rows} - {3'd0, rcta}) over = 1'b1;
    end
    `SICU_ASSERT(rfv_shrink_within_budget, !over)
`endif
endmodule
`default_nettype wire
