// si_fp_lzc.vh - the leading-zero counter of the sicu FPU's normalisers.
//
// Include inside a module body before the other rtl/fp files (each file once
// per module, no include guard: see si_fp32.vh).  fp32_lzc64, fp64_clz64 and
// fptr_clz64 are this counter with their own conventions for a zero input.

// Leading zeros of a 64-bit value, 64 for 0.  Each step keeps the half of
// the remaining bits that holds the leading one (the upper half unless it
// is zero), so the data muxes halve in width at every step: 32 + 16 + 8 + 4
// + 2 of them, and a zero test per step.
function automatic [6:0] fp_lzc64(input [63:0] x);
    reg [31:0] h1;
    reg [15:0] h2;
    reg [7:0]  h3;
    reg [3:0]  h4;
    reg [1:0]  h5;
    reg [5:0]  n;
    begin
        n[5] = x[63:32] == 32'd0;
        h1 = n[5] ? x[31:0] : x[63:32];
        n[4] = h1[31:16] == 16'd0;
        h2 = n[4] ? h1[15:0] : h1[31:16];
        n[3] = h2[15:8] == 8'd0;
        h3 = n[3] ? h2[7:0] : h2[15:8];
        n[2] = h3[7:4] == 4'd0;
        h4 = n[2] ? h3[3:0] : h3[7:4];
        n[1] = h4[3:2] == 2'd0;
        h5 = n[1] ? h4[1:0] : h4[3:2];
        n[0] = !h5[1];
        fp_lzc64 = (h5 == 2'd0) ? 7'd64 : {1'b0, n};
    end
endfunction
