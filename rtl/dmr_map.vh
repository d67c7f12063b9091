// dmr_map.vh - the Warped-DMR lane map, shared by simd_dmr, dmr_need and
// simd_rq (included inside each; they have the parameters L, CS, CROSS, QRN):
// full-rate clusters of CS lanes (identity map: neighbouring lanes; cross:
// round robin over the clusters), quarter-rate clusters of QCS datapaths.
localparam integer NC = L / CS;                        // full-rate clusters
localparam integer QCS = (CS < QRN) ? CS : QRN;        // quarter-rate cluster size
// lane k of full-rate cluster c
function automatic integer member(input integer c, input integer k);
    member = CROSS ? k * NC + c : c * CS + k;
endfunction
// the lane quarter-rate datapath j computes in cycle s
function automatic integer qhome(input integer s, input integer j);
    qhome = CROSS ? j * 4 + s : s * QRN + j;
endfunction
// set bits of a lane mask (counters)
function automatic [31:0] dmr_popc(input [L-1:0] v);
    integer z;
    begin
        dmr_popc = 32'd0;
        for (z = 0; z < L; z = z + 1) dmr_popc = dmr_popc + {31'd0, v[z]};
    end
endfunction
