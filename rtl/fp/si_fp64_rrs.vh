// si_fp64_rrs.vh - the f64 rcp, rsq and sqrt functions whole (docs/fp.md 9.3):
// si_f64_rrs_op (si_fp64.vh), the f32 function of si_fp_trans.vh, then
// si_f64_rrs_rq and the f64 rounder.  For tests/rtl/tb_fp64.v; the quarter-rate
// datapath (rtl/simd_qr.v) calls the three steps itself so that the f32 unit is
// shared with the f32 ops.  Include after si_fp_tables.vh, si_fp_trans.vh and
// si_fp64.vh.  The mode arguments are unused (the unit ignores MODE).
/* verilator lint_off UNUSEDSIGNAL */

// The whole function, for the reference wrappers and tests/rtl/tb_fp64.v.
function automatic [63:0] si_f64_rrs(input [63:0] a_, input [1:0] which_);
    reg [47:0] op_;
    reg [31:0] r_;
    begin
        op_ = si_f64_rrs_op(a_, which_);
        case (which_)
            2'd0:    r_ = fptr_tu(3'd4, op_[31:0]);
            2'd1:    r_ = si_f32_rsq(op_[31:0], 32'd0);
            default: r_ = si_f32_sqrt(op_[31:0], 32'd0);
        endcase
        si_f64_rrs = fp64_rq_do(si_f64_rrs_rq(a_, which_, op_[47:32], r_));
    end
endfunction

function automatic [63:0] si_f64_rcp(input [63:0] a_, input [31:0] mode_);
    begin
        si_f64_rcp = si_f64_rrs(a_, 2'd0);
    end
endfunction

function automatic [63:0] si_f64_rcp_clamp(input [63:0] a_, input [31:0] mode_);
    reg [63:0] r_;
    begin
        r_ = si_f64_rcp(a_, mode_);
        si_f64_rcp_clamp = (r_[62:0] == 63'h7ff0000000000000) ? {r_[63], 63'h7fefffffffffffff} : r_;
    end
endfunction

function automatic [63:0] si_f64_sqrt(input [63:0] a_, input [31:0] mode_);
    begin
        si_f64_sqrt = si_f64_rrs(a_, 2'd2);
    end
endfunction

function automatic [63:0] si_f64_rsq(input [63:0] a_, input [31:0] mode_);
    begin
        si_f64_rsq = si_f64_rrs(a_, 2'd1);
    end
endfunction

function automatic [63:0] si_f64_rsq_clamp(input [63:0] a_, input [31:0] mode_);
    reg [63:0] r_;
    begin
        r_ = si_f64_rsq(a_, mode_);
        si_f64_rsq_clamp = (r_[62:0] == 63'h7ff0000000000000) ? {r_[63], 63'h7fefffffffffffff} : r_;
    end
endfunction
/* verilator lint_on UNUSEDSIGNAL */
