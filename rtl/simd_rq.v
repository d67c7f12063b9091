// sicu CU, Warped-DMR inter-warp checking for one SIMD (DMR inter /
// enhanced, docs/dmr.md): the ReplayQ, the replay checker and its
// comparators.
//
// An instruction whose passes intra-warp checking cannot verify (dmr_need.v:
// inter, a full EXEC; enhanced, any pass with an unchecked active lane) gets
// a ReplayQ slot at the SIMD's accept.  While it computes, each such pass's
// operands (the pass's VGPR read data), EXEC bits and results (after the
// fault-injection hook, as written) are stored by value in the slot's row for
// that pass, and the op's fields (opcode, kinds, modifiers, mode, scalar
// operands, the carry / condition-mask source) in the slot.
//
// Replay, oldest slot first (deterministic; the paper picks at random among
// candidates): in a cycle the unit the op needs is idle (full rate: the
// lanes compute nothing; quarter rate: the quarter-rate datapaths compute
// nothing), the head slot's next stored pass runs again on that unit, with
// the lanes shuffled (noshuf = 0: a rotation by one member inside each
// forwarding cluster, so a lane's work-item runs on a neighbour; a stuck-at
// lane cannot hide its own error), and comparators check each active lane's
// result against the stored one.  Replays write nothing.  A full-rate pass
// takes one idle cycle, a quarter-rate pass four (one per sub-cycle).  A
// slot is freed when all its passes are verified.
//
// The slots' destinations (slot_bus) go to issue, which holds a wave's
// consumers of unverified results (issue.v, DMR hold); `full` stops the
// SIMD accepting an instruction (iss_ready) while no slot is free.
`default_nettype none
`include "sicu_assert.vh"
module simd_rq #(
    parameter NW = `SICU_WAVES,
    parameter WW = (NW > 1) ? $clog2(NW) : 1,
    parameter L = `SICU_LANES,
    parameter LW = $clog2(`SICU_LANES),
    parameter NP = 64 / `SICU_LANES,
    parameter PW = (NP > 1) ? $clog2(NP) : 1,
    parameter RQ = `SICU_DMR_RQ,
    parameter RW = (RQ > 1) ? $clog2(RQ) : 1,
    parameter CS = 4 << `SICU_FEAT_DMR_CLUSTER,
    parameter CROSS = (`SICU_FEAT_DMR_MAP == `SICU_DMR_MAP_CROSS) ? 1 : 0,
    parameter QRN = `SICU_LANES / 4,
    parameter SLW = WW + 13              // slot_bus bits per slot
) (
    input  wire              clk,
    input  wire              rst,
    input  wire [5:0]        cap,        // slots in use at most (0 or > RQ: RQ)
    input  wire              noshuf,     // replay on the same lanes (the hidden-error experiment)
    // allocation at the SIMD's accept
    input  wire              alloc,
    input  wire [NP-1:0]     alloc_need,
    input  wire [WW-1:0]     alloc_wave,
    input  wire [8:0]        alloc_areg,     // VGPR destination (operand code), when alloc_wvgpr
    input  wire              alloc_dst64,
    input  wire              alloc_wvgpr,
    input  wire              alloc_wscal,    // writes scalar state (VCC, an SGPR pair, EXEC)
    output wire [RW-1:0]     alloc_slot,
    output wire              full,           // no slot for an instruction sent now
    output wire              room,           // a slot is free for an instruction accepted now
    output wire [RQ*SLW-1:0] slot_bus,       // {wscal, wvgpr, dst64, areg, wave, valid} per slot
    // the compute stage: an instruction with a slot
    input  wire              c_on,           // a compute cycle of an instruction with a slot
    input  wire [RW-1:0]     c_slot,
    input  wire [PW-1:0]     c_pass,
    input  wire              c_pstart,       // the pass's first compute cycle
    input  wire              c_pend,         // the pass's last compute cycle
    input  wire              c_istart,       // the instruction's first compute cycle: its fields
    input  wire [9:0]        c_op,
    input  wire [47:0]       c_pc,
    input  wire [31:0]       c_kinds,        // {k0, k1, k2, kd}
    input  wire [14:0]       c_flags,        // {vopc, cond[3:0], vop3, abs[2:0], neg[2:0], omod[1:0], clamp}
    input  wire [31:0]       c_mode,
    input  wire [63:0]       c_s0,
    input  wire [63:0]       c_s1,
    input  wire [63:0]       c_s2,
    input  wire [63:0]       c_msrc,         // the per-lane condition / carry input bits
    input  wire [2:0]        c_vsrc,         // sources 0..2 are VGPRs
    input  wire              c_q,            // quarter rate
    input  wire              c_chk_hi,
    input  wire              c_chk_mask,
    input  wire [6*L*32-1:0] cur,            // the pass's operands (simd.v `cur`)
    input  wire [L-1:0]      exec_p,
    input  wire [L-1:0]      lane_now,       // lanes computed in this cycle
    input  wire [L*32-1:0]   res_lo,         // results as written (after the fault hook)
    input  wire [L*32-1:0]   res_hi,
    input  wire [L-1:0]      res_mo,
    input  wire [L-1:0]      unc,            // active lanes of this cycle intra-warp leaves unchecked
    output wire              enq,            // this cycle's pass is stored for replay
    // replay on the lanes / the quarter-rate datapaths
    input  wire              lanes_idle,
    input  wire              qr_idle,
    output wire              rp_lgo,
    output wire              rp_qgo,
    output wire [9:0]        rp_op,
    output wire [31:0]       rp_kinds,
    output wire [14:0]       rp_flags,
    output wire [31:0]       rp_mode,
    output wire [L*192-1:0]  rp_src,         // per lane {src2, src1, src0}
    output wire [L-1:0]      rp_mi,
    output wire [L*6-1:0]    rp_lid,
    output wire [QRN*192-1:0] rp_qsrc,
    output wire [QRN-1:0]    rp_qmi,
    output wire [QRN*6-1:0]  rp_qlid,
    input  wire [L*64-1:0]   lres,           // the lanes' raw results and compare bits
    input  wire [L-1:0]      lmo,
    input  wire [QRN*64-1:0] qres,
    input  wire [QRN-1:0]    qmo,
    output wire              err,            // a replay mismatch in this cycle ...
    output wire [WW-1:0]     err_wave,       // ... of this wave's instruction at err_pc (monitor)
    output wire [47:0]       err_pc,
    output wire [63:0]       err_lanes,      // the wave lanes whose comparator fired (lanes: the replaying ones)
    // counters
    output reg  [31:0]       pc_inter_lane_ops,   // lane-ops verified by replay that intra left unchecked
    output reg  [31:0]       pc_replays,          // passes replayed
    output reg  [31:0]       pc_occupancy,        // sum over cycles of the slots in use
    output reg  [31:0]       pc_full_cycles,      // cycles with no slot free (the SIMD accepts nothing)
    output reg  [31:0]       pc_max_occupancy
`ifdef SICU_FEAT_FAULT_INJECT_ON
    ,
    input  wire              fi_en,
    input  wire [5:0]        fi_lane,
    input  wire [63:0]       fi_and,
    input  wire [63:0]       fi_or,
    input  wire [63:0]       fi_xor
`endif
);
`include "dmr_map.vh"
    localparam integer NR = RQ * NP;                  // rows: slot * NP + pass
    localparam integer ROWW = (NR > 1) ? $clog2(NR) : 1;
    localparam [RW-1:0] RQ_LAST = RQ - 1;
    // the shuffle: the lane computing a work-item's replay is the next member of its cluster
    function automatic integer rot(input integer ln);
        integer c, k;
        begin
            c = CROSS ? ln % NC : ln / CS;
            k = CROSS ? ln / NC : ln % CS;
            rot = member(c, (k + 1) % CS);
        end
    endfunction
    function automatic integer rotq(input integer j);
        rotq = (j / QCS) * QCS + (j % QCS + 1) % QCS;
    endfunction

    // ---------------------------------------------------------------- slots
    reg [RQ-1:0]  s_valid;
    reg [WW-1:0]  s_wave [0:RQ-1];
    reg [8:0]     s_areg [0:RQ-1];
    reg [RQ-1:0]  s_dst64, s_wvgpr, s_wscal, s_q, s_chi, s_cmask;
    reg [NP-1:0]  s_need [0:RQ-1];
    reg [NP-1:0]  s_fill [0:RQ-1];
    reg [NP-1:0]  s_done [0:RQ-1];
    reg [9:0]     s_op [0:RQ-1];
    reg [47:0]    s_pc [0:RQ-1];
    reg [31:0]    s_kinds [0:RQ-1];
    reg [14:0]    s_flags [0:RQ-1];
    reg [31:0]    s_mode [0:RQ-1];
    reg [63:0]    s_s0 [0:RQ-1];
    reg [63:0]    s_s1 [0:RQ-1];
    reg [63:0]    s_s2 [0:RQ-1];
    reg [63:0]    s_msrc [0:RQ-1];
    reg [2:0]     s_vsrc [0:RQ-1];
    // rows: one pass of a slot
    reg [6*L*32-1:0] m_ops [0:NR-1];
    reg [L*65-1:0]   m_res [0:NR-1];
    reg [L-1:0]      m_exec [0:NR-1];
    reg [L-1:0]      m_unc [0:NR-1];

    reg [RW-1:0]  hd, tl;
    reg [5:0]     occ;
    wire [5:0]    cap_eff = (cap == 6'd0 || {26'd0, cap} > RQ) ? RQ[5:0] : cap;
    assign alloc_slot = tl;
    // (an instruction accepted now takes a slot: issue's next one must find one free)
    assign full = occ + {5'd0, alloc} >= cap_eff;
    assign room = occ < cap_eff;
    genvar g;
    generate
        for (g = 0; g < RQ; g = g + 1) begin : g_bus
            assign slot_bus[g*SLW +: SLW] = {s_wscal[g], s_wvgpr[g], s_dst64[g], s_areg[g], s_wave[g], s_valid[g]};
        end
    endgenerate

    // ---------------------------------------------------------------- filling
    wire [NP-1:0]   c_need = s_need[c_slot];
    assign enq = c_on && c_need[c_pass];
    wire [ROWW-1:0] c_row = c_slot * NP[ROWW-1:0] + {{(ROWW-PW){1'b0}}, c_pass};
    reg  [L*65-1:0] acc_res;      // the pass's results of its earlier cycles (quarter rate)
    reg  [L-1:0]    acc_unc;
    reg  [L*65-1:0] row_res;
    integer q;
    always @* begin
        row_res = acc_res;
        for (q = 0; q < L; q = q + 1)
            if (lane_now[q]) row_res[q*65 +: 65] = {res_mo[q], res_hi[q*32 +: 32], res_lo[q*32 +: 32]};
    end
    wire [L-1:0] row_unc = (c_pstart ? {L{1'b0}} : acc_unc) | unc;

    // ---------------------------------------------------------------- replay
    wire [NP-1:0] h_need = s_need[hd], h_fill = s_fill[hd], h_done = s_done[hd];
    wire [NP-1:0] h_pend = h_need & h_fill & ~h_done;
    reg  [PW-1:0] rp_pass;
    integer pp;
    always @* begin
        rp_pass = {PW{1'b0}};
        for (pp = NP - 1; pp >= 0; pp = pp - 1)
            if (h_pend[pp]) rp_pass = pp[PW-1:0];
    end
    wire          h_q = s_q[hd];
    wire          rp_any = s_valid[hd] && h_pend != {NP{1'b0}};
    assign rp_lgo = rp_any && !h_q && lanes_idle;
    assign rp_qgo = rp_any && h_q && qr_idle;
    reg  [1:0]    rp_sub;         // quarter rate: the sub-cycle of the pass being replayed
    wire          rp_pdone = rp_lgo || (rp_qgo && rp_sub == 2'd3);
    wire [NP-1:0] rp_pbit = {{(NP-1){1'b0}}, 1'b1} << rp_pass;
    wire          rp_free = rp_pdone && ((h_done | rp_pbit | ~h_need) == {NP{1'b1}});
    wire [ROWW-1:0] rp_row = hd * NP[ROWW-1:0] + {{(ROWW-PW){1'b0}}, rp_pass};
    // the head's row and fields (read only while a replay runs)
    reg  [6*L*32-1:0] r_ops;
    reg  [L*65-1:0]   r_res;
    reg  [L-1:0]      r_exec, r_unc;
    always @* begin
        r_ops = {6*L*32{1'b0}}; r_res = {L*65{1'b0}}; r_exec = {L{1'b0}}; r_unc = {L{1'b0}};
        if (rp_lgo || rp_qgo) begin
            r_ops = m_ops[rp_row]; r_res = m_res[rp_row]; r_exec = m_exec[rp_row]; r_unc = m_unc[rp_row];
        end
    end
    wire [31:0] h_kinds = s_kinds[hd];
    wire [2:0]  h_vsrc = s_vsrc[hd];
    wire [63:0] h_s0 = s_s0[hd], h_s1 = s_s1[hd], h_s2 = s_s2[hd], h_msrc = s_msrc[hd];
    wire        h_chi = s_chi[hd], h_cmask = s_cmask[hd];
    assign rp_op = s_op[hd];
    assign rp_kinds = h_kinds;
    assign rp_flags = s_flags[hd];
    assign rp_mode = s_mode[hd];
    // a work-item's three sources from the stored row, as simd.v forms them
    function automatic [191:0] item_src(input integer it);
        reg [31:0] alo, ahi, blo, bhi, clo, chi;
        begin
            alo = r_ops[(0*L + it)*32 +: 32]; ahi = r_ops[(1*L + it)*32 +: 32];
            blo = r_ops[(2*L + it)*32 +: 32]; bhi = r_ops[(3*L + it)*32 +: 32];
            clo = r_ops[(4*L + it)*32 +: 32]; chi = r_ops[(5*L + it)*32 +: 32];
            item_src[63:0] = h_vsrc[0] ? {(h_kinds[28:24] >= 5'd2) ? ahi : 32'd0, alo} : h_s0;
            item_src[127:64] = h_vsrc[1] ? {(h_kinds[20:16] >= 5'd2) ? bhi : 32'd0, blo} : h_s1;
            item_src[191:128] = h_vsrc[2] ? {(h_kinds[12:8] >= 5'd2) ? chi : 32'd0, clo} : h_s2;
        end
    endfunction
    // the fault-injection hook on a replay's result, as simd.v applies it to
    // the lane (quarter rate: the lane the datapath computes in this sub-cycle)
    /* verilator lint_off UNUSEDSIGNAL */
    function automatic [63:0] hook(input [5:0] lane, input [63:0] v);
`ifdef SICU_FEAT_FAULT_INJECT_ON
        hook = (fi_en && fi_lane == lane) ? (((v & fi_and) | fi_or) ^ fi_xor) : v;
`else
        hook = v;
`endif
    endfunction
    /* verilator lint_on UNUSEDSIGNAL */
    function automatic mismatch(input [63:0] mine, input mmo, input [64:0] stored);
        mismatch = mine[31:0] != stored[31:0] || (h_chi && mine[63:32] != stored[63:32]) ||
                   (h_cmask && mmo != stored[64]);
    endfunction
    wire [5:0] pass_lane0 = {{(6-PW){1'b0}}, rp_pass} << LW;
    // each work-item of the replayed pass: its sources, EXEC bit, stored result
    wire [191:0] isrc [0:L-1];
    genvar l, j;
    generate
        for (l = 0; l < L; l = l + 1) begin : g_item
            assign isrc[l] = item_src(l);
        end
    endgenerate
    wire [L-1:0]   l_err;
    wire [QRN-1:0] q_err;
    wire [QRN*LW-1:0] q_home_l;    // the lane each quarter-rate datapath computes in this sub-cycle
    generate
        for (l = 0; l < L; l = l + 1) begin : g_lane
            localparam integer IT = rot(l);
            localparam [5:0] L6 = l;
            wire [LW-1:0] it = noshuf ? l[LW-1:0] : IT[LW-1:0];
            wire [64:0]   st = r_res[it*65 +: 65];
            wire [5:0]    lid = pass_lane0 + {{(6-LW){1'b0}}, it};
            assign rp_src[l*192 +: 192] = noshuf ? isrc[l] : isrc[IT];
            assign rp_lid[l*6 +: 6] = lid;
            assign rp_mi[l] = h_msrc[lid];
            assign l_err[l] = rp_lgo && r_exec[it] && mismatch(hook(L6, lres[l*64 +: 64]), lmo[l], st);
        end
        for (j = 0; j < QRN; j = j + 1) begin : g_qdp
            localparam integer H0 = qhome(0, j), H1 = qhome(1, j), H2 = qhome(2, j), H3 = qhome(3, j);
            localparam integer T0 = qhome(0, rotq(j)), T1 = qhome(1, rotq(j)), T2 = qhome(2, rotq(j)),
                               T3 = qhome(3, rotq(j));
            wire [5:0]    home = rp_sub == 2'd0 ? H0[5:0] : rp_sub == 2'd1 ? H1[5:0] :
                                 rp_sub == 2'd2 ? H2[5:0] : H3[5:0];
            wire [LW-1:0] rt = rp_sub == 2'd0 ? T0[LW-1:0] : rp_sub == 2'd1 ? T1[LW-1:0] :
                               rp_sub == 2'd2 ? T2[LW-1:0] : T3[LW-1:0];
            wire [LW-1:0] it = noshuf ? home[LW-1:0] : rt;
            wire [64:0]   st = r_res[it*65 +: 65];
            wire [5:0]    lid = pass_lane0 + {{(6-LW){1'b0}}, it};
            assign rp_qsrc[j*192 +: 192] = isrc[it];
            assign rp_qlid[j*6 +: 6] = lid;
            assign rp_qmi[j] = h_msrc[lid];
            assign q_err[j] = rp_qgo && r_exec[it] && mismatch(hook(home, qres[j*64 +: 64]), qmo[j], st);
            assign q_home_l[j*LW +: LW] = home[LW-1:0];
        end
    endgenerate
    assign err = (l_err != {L{1'b0}}) || (q_err != {QRN{1'b0}});
    // (monitor) the event: the slot's wave and PC, the lanes of the pass whose
    // comparators fired (quarter rate: the lanes the datapaths compute in this sub-cycle)
    reg [L-1:0] e_lanes;
    integer e;
    always @* begin
        e_lanes = l_err;
        for (e = 0; e < QRN; e = e + 1)
            if (q_err[e]) e_lanes = e_lanes | ({{(L-1){1'b0}}, 1'b1} << q_home_l[e*LW +: LW]);
    end
    assign err_wave = s_wave[hd];
    assign err_pc = s_pc[hd];
    assign err_lanes = {{(64-L){1'b0}}, e_lanes} << pass_lane0;

    function automatic [RW-1:0] inc(input [RW-1:0] p);
        inc = (p == RQ_LAST) ? {RW{1'b0}} : p + {{(RW-1){1'b0}}, 1'b1};
    endfunction

    // ---------------------------------------------------------------- state
    always @(posedge clk) begin
        if (rst) begin
            s_valid <= {RQ{1'b0}};
            hd <= {RW{1'b0}}; tl <= {RW{1'b0}}; occ <= 6'd0;
            rp_sub <= 2'd0;
            pc_inter_lane_ops <= 32'd0; pc_replays <= 32'd0; pc_occupancy <= 32'd0;
            pc_full_cycles <= 32'd0; pc_max_occupancy <= 32'd0;
        end else begin
            occ <= occ + {5'd0, alloc} - {5'd0, rp_free};
            pc_occupancy <= pc_occupancy + {26'd0, occ};
            if (occ >= cap_eff) pc_full_cycles <= pc_full_cycles + 32'd1;
            if ({26'd0, occ} > pc_max_occupancy) pc_max_occupancy <= {26'd0, occ};
            // ---- allocation
            if (alloc) begin
                s_valid[tl] <= 1'b1;
                s_wave[tl] <= alloc_wave; s_areg[tl] <= alloc_areg;
                s_dst64[tl] <= alloc_dst64; s_wvgpr[tl] <= alloc_wvgpr; s_wscal[tl] <= alloc_wscal;
                s_need[tl] <= alloc_need;
                s_fill[tl] <= {NP{1'b0}};
                s_done[tl] <= {NP{1'b0}};
                tl <= inc(tl);
            end
            // ---- filling
            if (c_on && c_istart) begin
                s_op[c_slot] <= c_op; s_pc[c_slot] <= c_pc; s_kinds[c_slot] <= c_kinds; s_flags[c_slot] <= c_flags;
                s_mode[c_slot] <= c_mode;
                s_s0[c_slot] <= c_s0; s_s1[c_slot] <= c_s1; s_s2[c_slot] <= c_s2; s_msrc[c_slot] <= c_msrc;
                s_vsrc[c_slot] <= c_vsrc;
                s_q[c_slot] <= c_q; s_chi[c_slot] <= c_chk_hi; s_cmask[c_slot] <= c_chk_mask;
            end
            if (enq) begin
                acc_res <= row_res;
                acc_unc <= row_unc;
                if (c_pend) begin
                    m_ops[c_row] <= cur;
                    m_res[c_row] <= row_res;
                    m_exec[c_row] <= exec_p;
                    m_unc[c_row] <= row_unc;
                    s_fill[c_slot][c_pass] <= 1'b1;
                end
            end
            // ---- replay
            if (rp_qgo) rp_sub <= rp_sub + 2'd1;
            if (rp_pdone) begin
                s_done[hd][rp_pass] <= 1'b1;
                pc_replays <= pc_replays + 32'd1;
                pc_inter_lane_ops <= pc_inter_lane_ops + dmr_popc(r_unc);
            end
            if (rp_free) begin
                s_valid[hd] <= 1'b0;
                hd <= inc(hd);
            end
        end
    end
`ifndef SYNTHESIS
    `SICU_ASSERT(dmr_rq_no_overflow, !(alloc && occ >= cap_eff))
    `SICU_ASSERT(dmr_rq_alloc_free_slot, !(alloc && s_valid[tl]))
    `SICU_ASSERT(dmr_rq_fill_own_slot, !(c_on && !s_valid[c_slot]))
    `SICU_ASSERT(dmr_rq_one_unit, !(rp_lgo && rp_qgo))
`endif
endmodule
`default_nettype wire
