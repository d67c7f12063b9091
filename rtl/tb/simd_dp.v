// simd_dp: the verilated CU's stand-in for one simd_lane or simd_qr instance
// (simulation only, never synthesized; rtl/simd.v with SICU_DPATH_DPI).
//
// The datapath itself is the RTL of simd_lane.v / simd_qr.v, verilated once
// as a model of its own; harness/shm.cpp keeps one model per instance
// (sicu_dp_unit: the instance's number, from its hierarchical name, once at
// start-up) and sicu_dp_eval evaluates it with these port values.  It is called only when go is 1, i.e. in the cycles whose results
// the SIMD uses; otherwise the outputs are those of the isolated instance
// (v_nop, or a non-quarter-rate op: all 0), so the CU sees the same signals
// as with the instance.  The ports are traced in the CU's waveform (the
// datapath's activity, docs/power.md).
//
// flags packs the small ports (rtl/simd.v dp_flags; harness/shm.cpp
// dp_ports unpacks them): [0] mask_in, [6:1] lane, [7] clamp, [9:8] omod,
// [12:10] neg, [15:13] abs, [16] vop3, [20:17] cond, [21] vopc, [22] qrate.
`default_nettype none
module simd_dp (
    input  wire        go,
    input  wire [9:0]  op,
    input  wire [31:0] kinds,      // {kind0, kind1, kind2, kindd}
    input  wire [31:0] flags,
    input  wire [31:0] mode,
    input  wire [63:0] src0,
    input  wire [63:0] src1,
    input  wire [63:0] src2,
    output reg  [63:0] res,
    output reg         mask_out,
    output reg  [6:0]  fu_sel
);
    import "DPI-C" function void sicu_dp_eval(input int unsigned unit, input int unsigned op,
        input int unsigned kinds, input int unsigned flags, input int unsigned mode,
        input longint unsigned src0, input longint unsigned src1, input longint unsigned src2,
        output longint unsigned res, output int unsigned mo_fu);
    // the instance's number (a u_lane or u_qr instance: its model's kind)
    import "DPI-C" function int unsigned sicu_dp_unit(input string path);
    reg [31:0] unit;
    initial unit = sicu_dp_unit($sformatf("%m"));
    /* verilator lint_off UNUSEDSIGNAL */
    reg [31:0] mo_fu;      // {mask_out, fu_sel}
    /* verilator lint_on UNUSEDSIGNAL */
    always @* begin
        res = 64'd0;
        mo_fu = 32'd0;
        if (go)
            sicu_dp_eval(unit, {22'd0, op}, kinds, flags, mode, src0, src1, src2, res, mo_fu);
        mask_out = mo_fu[7];
        fu_sel = mo_fu[6:0];
    end
endmodule
`default_nettype wire
