// sicu CU, Warped-DMR inter/enhanced (docs/dmr.md): which passes of an
// instruction the ReplayQ must verify, from its EXEC at the SIMD's accept.
//
// inter (the paper's rule, need_inter): an instruction under a full EXEC
// (all 64 lanes active: no lane is idle, intra-warp checking verifies
// nothing) is replayed in all its passes.  enhanced (need_enh): a pass is
// replayed when some active lane of it has no idle checker in its cluster,
// by the same rule as simd_dmr.v's
// forwarding units (dmr_rfu instances on the pass's EXEC bits; full-rate
// clusters for a full-rate op, the quarter-rate datapaths' clusters of each
// cycle for a quarter-rate op), so every active lane-op is verified.
`default_nettype none
module dmr_need #(
    parameter L = `SICU_LANES,
    parameter NP = 64 / `SICU_LANES,
    parameter CS = 4 << `SICU_FEAT_DMR_CLUSTER,
    parameter CROSS = (`SICU_FEAT_DMR_MAP == `SICU_DMR_MAP_CROSS) ? 1 : 0,
    parameter QRN = `SICU_LANES / 4
) (
    input  wire [63:0]   exec,
    input  wire          qrate,      // a quarter-rate op
    output wire [NP-1:0] need_inter, // per pass: replay it (inter)
    output wire [NP-1:0] need_enh    // ... (enhanced)
);
`include "dmr_map.vh"
    localparam integer CW = (CS > 1) ? $clog2(CS) : 1;
    localparam integer QNC = QRN / QCS;
    // the active members of a cluster some idle member checks
    function automatic [CS-1:0] covered(input [CS-1:0] dup, input [CS*CW-1:0] src);
        integer i;
        begin
            covered = {CS{1'b0}};
            for (i = 0; i < CS; i = i + 1)
                if (dup[i]) covered[src[i*CW +: CW]] = 1'b1;
        end
    endfunction
    genvar p, c, k, s;
    generate
        assign need_inter = {NP{&exec}};
        if (1) begin : g_enh
            for (p = 0; p < NP; p = p + 1) begin : g_pass
                wire [NC-1:0]    f_unc;
                wire [4*QNC-1:0] q_unc;
                for (c = 0; c < NC; c = c + 1) begin : g_cl
                    wire [CS-1:0] act;
                    wire [CS*CW-1:0] src;
                    wire [CS-1:0] dup;
                    for (k = 0; k < CS; k = k + 1) begin : g_m
                        assign act[k] = exec[p*L + member(c, k)];
                    end
                    dmr_rfu u_rfu (.act(act), .src(src), .dup(dup));
                    assign f_unc[c] = (act & ~covered(dup, src)) != {CS{1'b0}};
                end
                for (s = 0; s < 4; s = s + 1) begin : g_sub
                    for (c = 0; c < QNC; c = c + 1) begin : g_qcl
                        wire [CS-1:0] act;
                        /* verilator lint_off UNUSEDSIGNAL */
                        wire [CS*CW-1:0] src;
                        /* verilator lint_on UNUSEDSIGNAL */
                        wire [CS-1:0] dup;
                        for (k = 0; k < CS; k = k + 1) begin : g_m
                            if (k < QCS) begin : g_in
                                assign act[k] = exec[p*L + qhome(s, c*QCS + k)];
                            end else begin : g_pad
                                assign act[k] = 1'b0;
                            end
                        end
                        dmr_rfu u_rfu (.act(act), .src(src), .dup(dup));
                        // only the real datapaths (members < QCS) check
                        wire [CS-1:0] real_dup = dup & ~({CS{1'b1}} << QCS);
                        assign q_unc[s*QNC + c] = (act & ~covered(real_dup, src)) != {CS{1'b0}};
                    end
                end
                assign need_enh[p] = qrate ? |q_unc : |f_unc;
            end
        end
    endgenerate
endmodule
`default_nettype wire
