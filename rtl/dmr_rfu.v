// sicu CU, Warped-DMR (DMR intra, docs/dmr.md): the register forwarding
// unit's select logic for one cluster of N lanes.
//
// An active lane computes its own work-item.  An idle lane i takes the
// operands of the first active lane in the order i^1, i^2, ..., i^(N-1)
// (for N = 4 this is the priority table of the Warped-DMR paper, Table 1:
// with two active and two idle lanes every active lane gets exactly one
// checker) and becomes its checker (dup[i]).  An idle lane with no active
// lane in its cluster computes its own (unused) work-item.  A smaller
// cluster (simd_dmr.v's quarter-rate datapaths) uses the first members and
// leaves the others inactive: i^d stays inside a power-of-two prefix for
// every d below its size and leaves it for every other d.
`default_nettype none
module dmr_rfu #(
    parameter N = 4 << `SICU_FEAT_DMR_CLUSTER,        // DMR_CLUSTER
    parameter NW = (N > 1) ? $clog2(N) : 1
) (
    input  wire [N-1:0]    act,     // the cluster's lanes that compute a work-item of their own
    output reg  [N*NW-1:0] src,     // per lane: the cluster member whose operands it takes
    output reg  [N-1:0]    dup      // per lane: idle, checking lane src
);
    integer i, d;
    reg found;
    reg [NW-1:0] j;
    always @* begin
        found = 1'b0;
        j = {NW{1'b0}};
        for (i = 0; i < N; i = i + 1) begin
            src[i*NW +: NW] = i[NW-1:0];
            dup[i] = 1'b0;
            found = act[i];
            for (d = 1; d < N; d = d + 1)
                if (!found && act[i ^ d]) begin
                    j = i[NW-1:0] ^ d[NW-1:0];
                    found = 1'b1;
                    src[i*NW +: NW] = j;
                    dup[i] = 1'b1;
                end
        end
    end
endmodule
`default_nettype wire
