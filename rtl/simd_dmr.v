// sicu CU, Warped-DMR intra-warp checking for one SIMD (DMR intra,
// docs/dmr.md): register forwarding units in front of the lanes and the
// quarter-rate datapaths, and the comparators behind them.
//
// Full rate: the LANES lanes of a pass form LANES/CS clusters of CS lanes.
// identity mapping: cluster c is lanes c*CS .. c*CS+CS-1; cross mapping
// (the paper's round-robin thread-to-cluster assignment): lane l is in
// cluster l mod (LANES/CS), so neighbouring work-items, which tend to
// diverge together, land in different clusters.  In each cluster an idle
// lane (EXEC bit clear in this pass) takes the operands of an active lane
// (dmr_rfu) and computes the same result; the comparator checks the two.
//
// Quarter rate: in each cycle of a pass the QRN datapaths compute QRN lanes
// of the pass (identity: cycle s has lanes s*QRN + j; cross: lanes j*4 + s),
// in clusters of min(CS, QRN) datapaths, checked the same way.
//
// Checked: every VALU computation with a result (VGPR, and the compare /
// carry bit of VOPC and VOP3b); not the cross-lane moves (readlane,
// readfirstlane, writelane), which compute nothing.  Compared: the low
// dword, the high dword of a 64-bit result and the compare / carry bit.
// Nothing here changes an architectural value: the duplicates' results are
// never written (their lanes are idle).
`default_nettype none
`include "sicu_assert.vh"
module simd_dmr #(
    parameter L = `SICU_LANES,
    parameter LW = $clog2(`SICU_LANES),
    parameter CS = 4 << `SICU_FEAT_DMR_CLUSTER,      // lanes per cluster
    parameter CROSS = (`SICU_FEAT_DMR_MAP == `SICU_DMR_MAP_CROSS) ? 1 : 0,
    parameter QRN = `SICU_LANES / 4                  // quarter-rate datapaths
) (
    input  wire              clk,
    input  wire              rst,
    // the compute stage
    input  wire              cx_valid,
    input  wire              x_q,          // a quarter-rate op (the QRN datapaths compute)
    input  wire [1:0]        cx_sub,       // quarter rate: the cycle within the pass
    input  wire              chk,          // the op is checked (a computation with a result)
    input  wire              chk_hi,       // ... with a 64-bit result
    input  wire              chk_mask,     // ... writing the compare / carry bit
    input  wire [L-1:0]      exec_p,       // the pass's EXEC bits
    input  wire [6*L*32-1:0] cur,          // the pass's operands per lane (simd.v `cur`)
    // forwarded operands
    output wire [6*L*32-1:0] fwd,          // per lane: the operands it computes with
    output wire [L*LW-1:0]   lsrc,         // per lane: the lane of the pass it computes
    output wire [6*QRN*32-1:0] qfwd,       // per quarter-rate datapath
    output wire [QRN*LW-1:0] qsrc,
    // the results of the pass's lanes in this cycle (after the fault hook)
    input  wire [L*32-1:0]   res_lo,
    input  wire [L*32-1:0]   res_hi,
    input  wire [L-1:0]      res_mo,
    output wire              err,          // a comparator mismatch in this cycle
    output wire [L-1:0]      err_lanes,    // the checking lanes whose result differs from their copy's
    output wire [L-1:0]      unc_lanes,    // active lanes of this cycle no idle lane checks
    // inter-warp checking (DMR inter / enhanced, simd_rq.v; 0 otherwise): this
    // cycle's pass is stored for replay (its unchecked lanes are not counted
    // unverified here: the replay counts them), a replay mismatch
    input  wire              enq,
    input  wire              err_rp,
    // counters (per SIMD, --stats)
    output reg  [31:0]       pc_lane_ops,        // checked-class lane-ops executed
    output reg  [31:0]       pc_intra_lane_ops,  // ... verified by an idle lane
    output reg  [31:0]       pc_unverified_lane_ops,
    output reg  [31:0]       pc_errors           // cycles with a mismatch (intra or replay)
);
`include "dmr_map.vh"
    localparam integer CW = (CS > 1) ? $clog2(CS) : 1;
    localparam integer QNC = QRN / QCS;
    localparam integer QCW = (QCS > 1) ? $clog2(QCS) : 1;

    wire on = cx_valid && chk;
    // ---------------------------------------------------------------- full rate
    // per cluster: the RFU's selects, each lane's operands and lane from the
    // member it copies (a CS:1 select per lane), the comparator against that
    // member's result, and the members some checker covers
    wire [L-1:0] f_act, f_dup, f_cov, f_err;     // indexed by cluster*CS + member
    genvar c, k, m, o;
    generate
        for (c = 0; c < NC; c = c + 1) begin : g_cl
            wire [CS*CW-1:0] src;
            for (k = 0; k < CS; k = k + 1) begin : g_act
                assign f_act[c*CS + k] = on && !x_q && exec_p[member(c, k)];
            end
            dmr_rfu u_rfu (.act(f_act[c*CS +: CS]), .src(src), .dup(f_dup[c*CS +: CS]));
            // the cluster's members' operand slots and results, in member order
            wire [CS*32-1:0] slot [0:5];
            wire [CS*65-1:0] res;
            for (m = 0; m < CS; m = m + 1) begin : g_mem
                for (o = 0; o < 6; o = o + 1) begin : g_slot
                    assign slot[o][m*32 +: 32] = cur[(o*L + member(c, m))*32 +: 32];
                end
                assign res[m*65 +: 65] = {res_mo[member(c, m)], res_hi[member(c, m)*32 +: 32],
                                          res_lo[member(c, m)*32 +: 32]};
            end
            for (k = 0; k < CS; k = k + 1) begin : g_lane
                localparam integer P = member(c, k);
                // lane of member s: BASE + s * STEP
                localparam integer BASE_I = CROSS ? c : c * CS, STEP_I = CROSS ? NC : 1;
                localparam [LW-1:0] BASE = BASE_I[LW-1:0], STEP = STEP_I[LW-1:0];
                wire [CW-1:0] s = src[k*CW +: CW];
                for (o = 0; o < 6; o = o + 1) begin : g_fwd
                    assign fwd[(o*L + P)*32 +: 32] = slot[o][s*32 +: 32];
                end
                assign lsrc[P*LW +: LW] = BASE + {{(LW-CW){1'b0}}, s} * STEP;
                wire [64:0] mine = res[k*65 +: 65], theirs = res[s*65 +: 65];
                assign f_err[c*CS + k] = f_dup[c*CS + k] &&
                    (mine[31:0] != theirs[31:0] || (chk_hi && mine[63:32] != theirs[63:32]) ||
                     (chk_mask && mine[64] != theirs[64]));
                assign err_lanes[P] = f_err[c*CS + k] | q_err_at[P];
                assign unc_lanes[P] = (f_act[c*CS + k] && !f_cov[c*CS + k]) || q_unc_at[P];
            end
            for (m = 0; m < CS; m = m + 1) begin : g_cov
                wire [CS-1:0] by;
                for (k = 0; k < CS; k = k + 1) begin : g_by
                    assign by[k] = f_dup[c*CS + k] && src[k*CW +: CW] == m;
                end
                assign f_cov[c*CS + m] = |by;
            end
        end
    endgenerate

    // ---------------------------------------------------------------- quarter rate
    // datapath j's own lane in this cycle (qhome(cx_sub, j), a 4:1 select),
    // then the RFU among the datapaths of its cluster
    wire [QRN-1:0]     q_act, q_dup, q_cov, q_err;
    wire [6*32-1:0]    q_home [0:QRN-1];   // operand slots of datapath j's own lane
    wire [64:0]        q_res [0:QRN-1];    // its result (after the fault hook)
    wire [LW-1:0]      q_pos [0:QRN-1];    // its own lane
    wire [L-1:0]       q_err_at;           // quarter-rate mismatches by the checking datapath's lane
    wire [L-1:0]       q_unc_at;           // quarter-rate lanes of this cycle left unchecked
    genvar j;
    generate
        for (j = 0; j < QRN; j = j + 1) begin : g_qdp
            localparam integer H0 = qhome(0, j), H1 = qhome(1, j), H2 = qhome(2, j), H3 = qhome(3, j);
            wire [LW-1:0] p0 = H0[LW-1:0], p1 = H1[LW-1:0], p2 = H2[LW-1:0], p3 = H3[LW-1:0];
            assign q_pos[j] = cx_sub == 2'd0 ? p0 : cx_sub == 2'd1 ? p1 : cx_sub == 2'd2 ? p2 : p3;
            for (o = 0; o < 6; o = o + 1) begin : g_slot
                assign q_home[j][o*32 +: 32] =
                    cx_sub == 2'd0 ? cur[(o*L + qhome(0, j))*32 +: 32] :
                    cx_sub == 2'd1 ? cur[(o*L + qhome(1, j))*32 +: 32] :
                    cx_sub == 2'd2 ? cur[(o*L + qhome(2, j))*32 +: 32] : cur[(o*L + qhome(3, j))*32 +: 32];
            end
            assign q_res[j] =
                cx_sub == 2'd0 ? {res_mo[qhome(0, j)], res_hi[qhome(0, j)*32 +: 32], res_lo[qhome(0, j)*32 +: 32]} :
                cx_sub == 2'd1 ? {res_mo[qhome(1, j)], res_hi[qhome(1, j)*32 +: 32], res_lo[qhome(1, j)*32 +: 32]} :
                cx_sub == 2'd2 ? {res_mo[qhome(2, j)], res_hi[qhome(2, j)*32 +: 32], res_lo[qhome(2, j)*32 +: 32]} :
                                 {res_mo[qhome(3, j)], res_hi[qhome(3, j)*32 +: 32], res_lo[qhome(3, j)*32 +: 32]};
            assign q_act[j] = on && x_q && exec_p[q_pos[j]];
        end
        for (c = 0; c < QNC; c = c + 1) begin : g_qcl
            // a CS-lane RFU (dmr_rfu's one variant) with members QCS.. inactive:
            // its first QCS members pick among themselves only
            /* verilator lint_off UNUSEDSIGNAL */
            wire [CS*CW-1:0] src_w;
            wire [CS-1:0]    dup_w;
            /* verilator lint_on UNUSEDSIGNAL */
            wire [CS-1:0]    act_w;
            wire [QCS*QCW-1:0] src;
            if (CS > QCS) begin : g_pad
                assign act_w = {{(CS-QCS){1'b0}}, q_act[c*QCS +: QCS]};
            end else begin : g_nopad
                assign act_w = q_act[c*QCS +: QCS];
            end
            dmr_rfu u_rfu (.act(act_w), .src(src_w), .dup(dup_w));
            for (m = 0; m < QCS; m = m + 1) begin : g_src
                assign src[m*QCW +: QCW] = src_w[m*CW +: QCW];
            end
            assign q_dup[c*QCS +: QCS] = dup_w[QCS-1:0];
            wire [QCS*6*32-1:0] slots;
            wire [QCS*65-1:0] outs;
            wire [QCS*LW-1:0] poss;
            for (m = 0; m < QCS; m = m + 1) begin : g_mem
                assign slots[m*192 +: 192] = q_home[c*QCS + m];
                assign outs[m*65 +: 65] = q_res[c*QCS + m];
                assign poss[m*LW +: LW] = q_pos[c*QCS + m];
            end
            for (k = 0; k < QCS; k = k + 1) begin : g_dp
                localparam integer J = c*QCS + k;
                wire [QCW-1:0] s = src[k*QCW +: QCW];
                wire [64:0] theirs = outs[s*65 +: 65];
                wire [64:0] mine = q_res[J];
                for (o = 0; o < 6; o = o + 1) begin : g_fwd
                    assign qfwd[(o*QRN + J)*32 +: 32] = slots[(s*6 + o)*32 +: 32];
                end
                assign qsrc[J*LW +: LW] = poss[s*LW +: LW];
                assign q_err[J] = q_dup[J] &&
                    (mine[31:0] != theirs[31:0] || (chk_hi && mine[63:32] != theirs[63:32]) ||
                     (chk_mask && mine[64] != theirs[64]));
                wire [QCS-1:0] by;
                for (m = 0; m < QCS; m = m + 1) begin : g_by
                    assign by[m] = q_dup[c*QCS + m] && src[m*QCW +: QCW] == k;
                end
                assign q_cov[J] = |by;
            end
        end
        for (k = 0; k < L; k = k + 1) begin : g_qerr
            wire [QRN-1:0] at, un;
            for (j = 0; j < QRN; j = j + 1) begin : g_at
                assign at[j] = q_err[j] && q_pos[j] == k;
                assign un[j] = q_act[j] && !q_cov[j] && q_pos[j] == k;
            end
            assign q_err_at[k] = |at;
            assign q_unc_at[k] = |un;
        end
    endgenerate
    assign err = |err_lanes;

    // ---------------------------------------------------------------- counters
    wire [L-1:0] q_act_l = {{(L-QRN){1'b0}}, q_act}, q_cov_l = {{(L-QRN){1'b0}}, q_cov};
    always @(posedge clk) begin
        if (rst) begin
            pc_lane_ops <= 32'd0; pc_intra_lane_ops <= 32'd0; pc_unverified_lane_ops <= 32'd0;
            pc_errors <= 32'd0;
        end else begin
            if (on) begin
                pc_lane_ops <= pc_lane_ops + dmr_popc(f_act) + dmr_popc(q_act_l);
                pc_intra_lane_ops <= pc_intra_lane_ops + dmr_popc(f_cov) + dmr_popc(q_cov_l);
                if (!enq)
                    pc_unverified_lane_ops <= pc_unverified_lane_ops + dmr_popc(f_act & ~f_cov) +
                                              dmr_popc(q_act_l & ~q_cov_l);
            end
            if ((on && err) || err_rp) pc_errors <= pc_errors + 32'd1;
        end
    end
`ifndef SYNTHESIS
    // a covered lane is an active one (its checker is idle)
    `SICU_ASSERT(dmr_covered_active, !((f_cov & ~f_act) != {L{1'b0}} || (q_cov & ~q_act) != {QRN{1'b0}}))
`endif
endmodule
`default_nettype wire
