// si_fp64.vh - double-precision functions and f64 conversions of the sicu FPU.
//
// Bit-exact Verilog counterparts of the si_f64_* and f64 si_cvt_* functions of
// the golden library (sw/fp.c, sw/fp_cvt.c, sw/fp_trans.c; semantics in
// docs/fp.md).  Every function has the name and argument order of its C
// counterpart; `const si_fpm *m` is the raw MODE register `mode` (round32 =
// mode[1:0], round64 = mode[3:2], denorm32 = mode[5:4], denorm64 = mode[7:6],
// dx10_clamp = mode[8], ieee = mode[9]).  si_f64_div_scale returns
// {vcc, result}.
//
// Include inside a module body, after si_fp_lzc.vh and si_fp32.vh.  Internal
// helpers carry the prefix fp64_.
// Arithmetic is integer-only and mirrors the reference rounding: the exact
// result (or a 64-bit significand with a sticky bit, which rounds
// identically) is rounded once by fp64_round.

// ------------------------------------------------------------------ helpers

// Leading zeros of a 64-bit value (63 for 0; callers pass nonzero values):
// si_fp_lzc.vh's counter.
function automatic [5:0] fp64_clz64(input [63:0] x_);
    reg [6:0] n_;
    begin
        n_ = fp_lzc64(x_);
        fp64_clz64 = n_[5:0] | {6{n_[6]}};
    end
endfunction

// Leading zeros of a 128-bit value (nonzero).
function automatic [6:0] fp64_clz128(input [127:0] x_);
    begin
        if (x_[127:64] != 64'd0) fp64_clz128 = {1'b0, fp64_clz64(x_[127:64])};
        else                    fp64_clz128 = {1'b1, fp64_clz64(x_[63:0])};
    end
endfunction

// Round (-1)^s * sig * 2^exp (sig != 0) to f64 with rounding mode rm
// (0 RNE, 1 +inf, 2 -inf, 3 zero).  Below 2^-1022 the result is rounded onto
// the denormal grid and then flushed to a signed zero unless den_out is set
// (flush after rounding).  Overflow gives inf or max-finite per rm and sign.
function automatic [63:0] fp64_round(input s_, input signed [15:0] exp_, input [63:0] sig_,
                                     input [1:0] rm_, input den_out_);
    reg [5:0] lz_;
    reg signed [15:0] lzs_, e_, k_;
    reg [10:0] ef_;
    reg [63:0] nrm_;
    reg [54:0] c_, t_;
    reg [62:0] bits_;
    reg [53:0] mant_;
    reg rbit_, sticky_, inc_, ovf_, tiny_;
    begin
        lz_ = fp64_clz64(sig_);
        lzs_ = {10'd0, lz_};
        nrm_ = sig_ << lz_;
        // the 53 result bits, the round bit and the sticky bit of the rest:
        // the denormal shift below only moves them down (bits shifted out
        // are OR-ed into the sticky bit)
        c_ = {nrm_[63:10], nrm_[9:0] != 10'd0};
        e_ = exp_ + 16'sd63 - lzs_;                  // exponent of the leading bit
        tiny_ = e_ < -16'sd1022;
        k_ = tiny_ ? (-16'sd1022 - e_) : 16'sd0;     // extra right shift onto the denormal grid
        if (k_ > 16'sd55)
            t_ = {54'd0, c_ != 55'd0};
        else
            t_ = (c_ >> k_[5:0]) | {54'd0, (c_ & ~({55{1'b1}} << k_[5:0])) != 55'd0};
        sticky_ = t_[0];
        rbit_ = t_[1];
        mant_ = {1'b0, t_[54:2]};
        case (rm_)
            2'd0:    inc_ = rbit_ & (sticky_ | mant_[0]);
            2'd1:    inc_ = ~s_ & (rbit_ | sticky_);
            2'd2:    inc_ = s_ & (rbit_ | sticky_);
            default: inc_ = 1'b0;
        endcase
        mant_ = mant_ + {53'd0, inc_};
        ef_ = e_[10:0] + 11'd1022;                  // biased field - 1 (e_ in [-1022, 1023])
        if (tiny_) bits_ = {9'd0, mant_};
        else       bits_ = {ef_, 52'd0} + {9'd0, mant_};
        ovf_ = (e_ > 16'sd1023) || (!tiny_ && bits_[62:52] == 11'h7ff);
        if (ovf_) begin
            if (rm_ == 2'd0 || (rm_ == 2'd1 && !s_) || (rm_ == 2'd2 && s_))
                fp64_round = {s_, 11'h7ff, 52'd0};
            else
                fp64_round = {s_, 11'h7fe, {52{1'b1}}};
        end else if (!den_out_ && bits_[62:52] == 11'd0) begin
            fp64_round = {s_, 63'd0};
        end else begin
            fp64_round = {s_, bits_[62:0]};
        end
    end
endfunction

// A rounding request for a shared rounder: a finished value (special) or
// (-1)^s * sig * 2^e to be rounded by fp64_round with rm and den_out.
// {special[148], value[147:84], s[83], e[82:67], sig[66:3], rm[2:1], den_out[0]}.
// The *_rq functions below return one; the quarter-rate datapath (simd_qr.v)
// rounds fma, rcp/rsq/sqrt, ldexp, trig_preop and div_scale on one fp64_round.
function automatic [148:0] fp64_rq_special(input [63:0] v_);
    begin
        fp64_rq_special = {1'b1, v_, 84'd0};
    end
endfunction

function automatic [148:0] fp64_rq_round(input s_, input signed [15:0] e_, input [63:0] sig_, input [1:0] rm_,
                                         input den_out_);
    begin
        fp64_rq_round = {1'b0, 64'd0, s_, e_, sig_, rm_, den_out_};
    end
endfunction

function automatic [63:0] fp64_rq_do(input [148:0] rq_);
    begin
        if (rq_[148]) fp64_rq_do = rq_[147:84];
        else          fp64_rq_do = fp64_round(rq_[83], rq_[82:67], rq_[66:3], rq_[2:1], rq_[0]);
    end
endfunction

// Same for f32 (used by si_cvt_f32_f64): fp32_round of si_fp32.vh, which
// rounds the same way (include si_fp32.vh before this file).
function automatic [31:0] fp64_round32(input s_, input signed [15:0] exp_, input [63:0] sig_,
                                       input [1:0] rm_, input den_out_);
    fp64_round32 = fp32_round(s_, exp_, sig_, rm_, den_out_);
endfunction

// Operand kind after the optional input flush: 0 zero, 1 number, 2 inf, 3 NaN.
function automatic [1:0] fp64_kind(input [62:0] a_, input den_in_);
    begin
        if (a_[62:52] == 11'h7ff)     fp64_kind = (a_[51:0] != 52'd0) ? 2'd3 : 2'd2;
        else if (a_[62:52] != 11'd0)  fp64_kind = 2'd1;
        else                         fp64_kind = (den_in_ && a_[51:0] != 52'd0) ? 2'd1 : 2'd0;
    end
endfunction

function automatic fp64_isnan(input [62:0] a_);
    begin
        fp64_isnan = (a_[62:52] == 11'h7ff) && (a_[51:0] != 52'd0);
    end
endfunction

// Nonzero finite a normalised: {eb (12-bit signed), frac (52 bits)} with
// |a| = (2^52 + frac) * 2^(eb - 1075); eb < 1 for denormals.
function automatic [63:0] fp64_norm(input [62:0] a_);
    reg [5:0] lz_;
    reg [51:0] sh_;
    begin
        if (a_[62:52] != 11'd0) begin
            fp64_norm = {1'b0, a_[62:0]};
        end else begin
            lz_ = fp64_clz64({12'd0, a_[51:0]});          // 12..63
            sh_ = a_[51:0] << (lz_ - 6'd11);                 // leading bit to 52 (dropped)
            fp64_norm = {12'd12 - {6'd0, lz_}, sh_[51:0]};       // eb = 12 - lz in [-51, 0]
        end
    end
endfunction

// Signed 16-bit exponent of the normalised mantissa: value = m * 2^e.
function automatic signed [15:0] fp64_nexp(input [11:0] n_);
    reg signed [15:0] eb_;
    begin
        eb_ = {{4{n_[11]}}, n_};
        fp64_nexp = eb_ - 16'sd1075;
    end
endfunction

function automatic [63:0] fp64_flush(input [63:0] a_, input den_);
    begin
        fp64_flush = (!den_ && a_[62:52] == 11'd0) ? {a_[63], 63'd0} : a_;
    end
endfunction

// ------------------------------------------------------- add / mul / fma core

// a + b with rounding mode rm and denormal field den (bit 0 in, bit 1 out).
function automatic [63:0] fp64_addx(input [63:0] a_, input [63:0] b_, input [1:0] rm_, input [1:0] den_);
    reg [1:0] ka_, kb_;
    reg sa_, sb_, swap_, sbig_;
    reg [63:0] na_, nb_, A_, B0_, B_, S_;
    reg signed [15:0] ea_, eb_, ebig_, d_;
    reg [52:0] ma_, mb_;
    reg st_;
    begin
        ka_ = fp64_kind(a_[62:0], den_[0]);
        kb_ = fp64_kind(b_[62:0], den_[0]);
        sa_ = a_[63];
        sb_ = b_[63];
        if (ka_ == 2'd3)
            fp64_addx = a_ | 64'h0008000000000000;
        else if (kb_ == 2'd3)
            fp64_addx = b_ | 64'h0008000000000000;
        else if (ka_ == 2'd2)
            fp64_addx = (kb_ == 2'd2 && sa_ != sb_) ? 64'h7ff8000000000000 : a_;
        else if (kb_ == 2'd2)
            fp64_addx = b_;
        else if (ka_ == 2'd0 && kb_ == 2'd0)
            fp64_addx = {(rm_ == 2'd2) ? (sa_ | sb_) : (sa_ & sb_), 63'd0};
        else if (ka_ == 2'd0)
            fp64_addx = fp64_flush(b_, den_[1]);
        else if (kb_ == 2'd0)
            fp64_addx = fp64_flush(a_, den_[1]);
        else begin
            na_ = fp64_norm(a_[62:0]);
            nb_ = fp64_norm(b_[62:0]);
            ea_ = fp64_nexp(na_[63:52]);
            eb_ = fp64_nexp(nb_[63:52]);
            ma_ = {1'b1, na_[51:0]};
            mb_ = {1'b1, nb_[51:0]};
            swap_ = (eb_ > ea_) || (eb_ == ea_ && mb_ > ma_);
            if (swap_) begin
                A_ = {1'b0, mb_, 10'd0}; B0_ = {1'b0, ma_, 10'd0}; ebig_ = eb_; d_ = eb_ - ea_; sbig_ = sb_;
            end else begin
                A_ = {1'b0, ma_, 10'd0}; B0_ = {1'b0, mb_, 10'd0}; ebig_ = ea_; d_ = ea_ - eb_; sbig_ = sa_;
            end
            if (d_ > 16'sd63) d_ = 16'sd63;
            B_ = B0_ >> d_;
            st_ = (B_ << d_) != B0_;
            B_ = B_ | {63'd0, st_};
            S_ = (sa_ == sb_) ? A_ + B_ : A_ - B_;
            if (S_ == 64'd0)
                fp64_addx = {rm_ == 2'd2, 63'd0};
            else
                fp64_addx = fp64_round(sbig_, ebig_ - 16'sd10, S_, rm_, den_[1]);
        end
    end
endfunction

// a * b.
function automatic [63:0] fp64_mulx(input [63:0] a_, input [63:0] b_, input [1:0] rm_, input [1:0] den_);
    reg [1:0] ka_, kb_;
    reg s_;
    reg [63:0] na_, nb_;
    reg [105:0] p_;
    reg signed [15:0] e_;
    begin
        ka_ = fp64_kind(a_[62:0], den_[0]);
        kb_ = fp64_kind(b_[62:0], den_[0]);
        s_ = a_[63] ^ b_[63];
        if (ka_ == 2'd3)
            fp64_mulx = a_ | 64'h0008000000000000;
        else if (kb_ == 2'd3)
            fp64_mulx = b_ | 64'h0008000000000000;
        else if (ka_ == 2'd2 || kb_ == 2'd2)
            fp64_mulx = (ka_ == 2'd0 || kb_ == 2'd0) ? 64'h7ff8000000000000 : {s_, 11'h7ff, 52'd0};
        else if (ka_ == 2'd0 || kb_ == 2'd0)
            fp64_mulx = {s_, 63'd0};
        else begin
            na_ = fp64_norm(a_[62:0]);
            nb_ = fp64_norm(b_[62:0]);
            p_ = {53'd0, 1'b1, na_[51:0]} * {53'd0, 1'b1, nb_[51:0]};   // leading bit 104 or 105
            e_ = fp64_nexp(na_[63:52]) + fp64_nexp(nb_[63:52]) + 16'sd42;
            fp64_mulx = fp64_round(s_, e_, {p_[105:43], p_[42] | (|p_[41:0])}, rm_, den_[1]);
        end
    end
endfunction

// The significand of a finite nonzero f64 with the leading one at bit 52
// (denormals normalised): the FMA's product operand.
/* verilator lint_off UNUSEDSIGNAL */
function automatic [52:0] fp64_sig53(input [63:0] a_);
    reg [63:0] n_;
    begin
        n_ = fp64_norm(a_[62:0]);
        fp64_sig53 = {1'b1, n_[51:0]};
    end
endfunction
/* verilator lint_on UNUSEDSIGNAL */

// fma(a, b, c) with the exact result scaled by 2^scale before the single
// rounding (scale is 0 except for div_fmas).
function automatic [148:0] fp64_fmax_rq(input [63:0] a_, input [63:0] b_, input [63:0] c_, input [1:0] rm_,
                                        input [1:0] den_, input signed [15:0] scale_);
    begin
        fp64_fmax_rq = fp64_fmax_rqp(a_, b_, c_, rm_, den_, scale_,
                                     {53'd0, fp64_sig53(a_)} * {53'd0, fp64_sig53(b_)});
    end
endfunction

/* verilator lint_off UNUSEDSIGNAL */
// fp64_fmax_rq given the product of the significands, pin_ =
// fp64_sig53(a) * fp64_sig53(b) (the quarter-rate datapath's shared array).
function automatic [148:0] fp64_fmax_rqp(input [63:0] a_, input [63:0] b_, input [63:0] c_, input [1:0] rm_,
                                         input [1:0] den_, input signed [15:0] scale_, input [105:0] pin_);
    reg [1:0] ka_, kb_, kc_;
    reg ps_, sc_, swap_, sbig_;
    reg [63:0] na_, nb_, nc_;
    reg [105:0] p_;
    reg [127:0] P_, C_, big_, sm0_, sm_, r_;
    reg signed [15:0] ep_, ec_, ebig_, d_, lzs_;
    reg [6:0] lz_, dd_;
    reg st_;
    begin
        ka_ = fp64_kind(a_[62:0], den_[0]);
        kb_ = fp64_kind(b_[62:0], den_[0]);
        kc_ = fp64_kind(c_[62:0], den_[0]);
        ps_ = a_[63] ^ b_[63];
        sc_ = c_[63];
        nc_ = fp64_norm(c_[62:0]);
        if (ka_ == 2'd3)
            fp64_fmax_rqp = fp64_rq_special(a_ | 64'h0008000000000000);
        else if (kb_ == 2'd3)
            fp64_fmax_rqp = fp64_rq_special(b_ | 64'h0008000000000000);
        else if (kc_ == 2'd3)
            fp64_fmax_rqp = fp64_rq_special(c_ | 64'h0008000000000000);
        else if (ka_ == 2'd2 || kb_ == 2'd2) begin
            if (ka_ == 2'd0 || kb_ == 2'd0 || (kc_ == 2'd2 && sc_ != ps_))
                fp64_fmax_rqp = fp64_rq_special(64'h7ff8000000000000);
            else
                fp64_fmax_rqp = fp64_rq_special({ps_, 11'h7ff, 52'd0});
        end else if (kc_ == 2'd2)
            fp64_fmax_rqp = fp64_rq_special(c_);
        else if (ka_ == 2'd0 || kb_ == 2'd0) begin
            if (kc_ == 2'd0)
                fp64_fmax_rqp = fp64_rq_special({(rm_ == 2'd2) ? (ps_ | sc_) : (ps_ & sc_), 63'd0});
            else begin
                fp64_fmax_rqp = fp64_rq_round(sc_, fp64_nexp(nc_[63:52]) + scale_, {11'd0, 1'b1, nc_[51:0]}, rm_, den_[1]);
            end
        end else begin
            na_ = fp64_norm(a_[62:0]);
            nb_ = fp64_norm(b_[62:0]);
            p_ = pin_;
            ep_ = fp64_nexp(na_[63:52]) + fp64_nexp(nb_[63:52]);
            if (kc_ == 2'd0) begin
                fp64_fmax_rqp = fp64_rq_round(ps_, ep_ + 16'sd42 + scale_, {p_[105:43], p_[42] | (|p_[41:0])},
                                       rm_, den_[1]);
            end else begin
                // both significands with the leading bit at 125
                if (p_[105]) begin P_ = {2'b0, p_, 20'd0}; ep_ = ep_ - 16'sd20; end
                else        begin P_ = {2'b0, p_[104:0], 21'd0}; ep_ = ep_ - 16'sd21; end
                C_ = {3'b001, nc_[51:0], 73'd0};
                ec_ = fp64_nexp(nc_[63:52]) - 16'sd73;
                swap_ = (ec_ > ep_) || (ec_ == ep_ && C_ > P_);
                if (swap_) begin
                    big_ = C_; sm0_ = P_; ebig_ = ec_; d_ = ec_ - ep_; sbig_ = sc_;
                end else begin
                    big_ = P_; sm0_ = C_; ebig_ = ep_; d_ = ep_ - ec_; sbig_ = ps_;
                end
                dd_ = (d_ > 16'sd127) ? 7'd127 : d_[6:0];
                sm_ = sm0_ >> dd_;
                st_ = (sm0_ & ~({128{1'b1}} << dd_)) != 128'd0;     // bits shifted out
                sm_ = sm_ | {127'd0, st_};
                // one adder: big - sm as big + ~sm + 1 (big >= sm)
                r_ = big_ + (sm_ ^ {128{ps_ != sc_}}) + {127'd0, ps_ != sc_};
                if (r_ == 128'd0)
                    fp64_fmax_rqp = fp64_rq_special({rm_ == 2'd2, 63'd0});
                else begin
                    lz_ = fp64_clz128(r_);
                    lzs_ = {9'd0, lz_};
                    r_ = r_ << lz_;
                    fp64_fmax_rqp = fp64_rq_round(sbig_, ebig_ + 16'sd64 - lzs_ + scale_,
                                           {r_[127:65], r_[64] | (|r_[63:0])}, rm_, den_[1]);
                end
            end
        end
    end
endfunction
/* verilator lint_on UNUSEDSIGNAL */

function automatic [63:0] fp64_fmax(input [63:0] a_, input [63:0] b_, input [63:0] c_, input [1:0] rm_,
                                    input [1:0] den_, input signed [15:0] scale_);
    begin
        fp64_fmax = fp64_rq_do(fp64_fmax_rq(a_, b_, c_, rm_, den_, scale_));
    end
endfunction

// ldexp core: a * 2^n (n already clamped to +-4000).
function automatic [148:0] fp64_ldexpx_rq(input [63:0] a_, input signed [15:0] n_, input [1:0] rm_,
                                          input [1:0] den_);
    reg [1:0] ka_;
    begin
        ka_ = fp64_kind(a_[62:0], den_[0]);
        // a denormal goes to the rounder as it is: the rounder normalises
        case (ka_)
            2'd3:    fp64_ldexpx_rq = fp64_rq_special(a_ | 64'h0008000000000000);
            2'd2:    fp64_ldexpx_rq = fp64_rq_special(a_);
            2'd0:    fp64_ldexpx_rq = fp64_rq_special({a_[63], 63'd0});
            default: fp64_ldexpx_rq = fp64_rq_round(a_[63], {5'd0, a_[62:52] | {10'd0, a_[62:52] == 11'd0}} -
                                                    16'sd1075 + n_, {11'd0, a_[62:52] != 11'd0, a_[51:0]},
                                                    rm_, den_[1]);
        endcase
    end
endfunction

function automatic [63:0] fp64_ldexpx(input [63:0] a_, input signed [15:0] n_, input [1:0] rm_, input [1:0] den_);
    begin
        fp64_ldexpx = fp64_rq_do(fp64_ldexpx_rq(a_, n_, rm_, den_));
    end
endfunction

// Ordering for min/max: a < b, with -0 below +0 (no NaNs).
function automatic fp64_lt(input [63:0] a_, input [63:0] b_);
    begin
        if (a_[63] != b_[63])  fp64_lt = a_[63];
        else if (a_[63])      fp64_lt = a_[62:0] > b_[62:0];
        else                 fp64_lt = a_[62:0] < b_[62:0];
    end
endfunction

// min (mx = 0) / max (mx = 1) of two f64 values.
function automatic [63:0] fp64_minmax(input [63:0] a0_, input [63:0] b0_, input [1:0] den_, input ieee_,
                                      input mx_);
    reg [63:0] a_, b_, r_;
    reg na_, nb_, sna_, snb_;
    begin
        a_ = fp64_flush(a0_, den_[0]);
        b_ = fp64_flush(b0_, den_[0]);
        na_ = fp64_isnan(a_[62:0]);
        nb_ = fp64_isnan(b_[62:0]);
        sna_ = na_ && !a_[51];
        snb_ = nb_ && !b_[51];
        if (ieee_ && sna_)      r_ = a_ | 64'h0008000000000000;
        else if (ieee_ && snb_) r_ = b_ | 64'h0008000000000000;
        else if (na_ && nb_)       r_ = a_ | 64'h0008000000000000;
        else if (na_)             r_ = b_;
        else if (nb_)             r_ = a_;
        else if (mx_)             r_ = fp64_lt(a_, b_) ? b_ : a_;
        else                     r_ = fp64_lt(b_, a_) ? b_ : a_;
        fp64_minmax = fp64_flush(r_, den_[1]);
    end
endfunction

// floor(a) (exact), denormal input flush per den_in; a is finite.
function automatic [63:0] fp64_floor(input [63:0] a_, input den_in_);
    reg [63:0] mag_, mask_;
    reg [10:0] ex_;
    begin
        ex_ = a_[62:52];
        mag_ = {1'b0, a_[62:0]};
        if (ex_ == 11'd0 && !den_in_) mag_ = 64'd0;
        mask_ = ~(64'hffffffffffffffff << (11'd1075 - ex_));   // fraction bits (ex in [1023, 1074])
        if (mag_ == 64'd0)
            fp64_floor = {a_[63], 63'd0};
        else if (ex_ >= 11'd1075)
            fp64_floor = a_;
        else if (ex_ < 11'd1023)
            fp64_floor = a_[63] ? 64'hbff0000000000000 : 64'd0;
        else if ((mag_ & mask_) == 64'd0)
            fp64_floor = a_;
        else
            fp64_floor = {a_[63], 63'd0} | ((a_[63] ? mag_ + mask_ : mag_) & ~mask_);
    end
endfunction

// Words of the 1200-bit fraction of 2/pi, MSB first (sw/fp_tables.c).
function automatic [31:0] fp64_two_over_pi(input [6:0] w_);
    begin
        case (w_)
            7'd0:  fp64_two_over_pi = 32'ha2f9836e;
            7'd1:  fp64_two_over_pi = 32'h4e441529;
            7'd2:  fp64_two_over_pi = 32'hfc2757d1;
            7'd3:  fp64_two_over_pi = 32'hf534ddc0;
            7'd4:  fp64_two_over_pi = 32'hdb629599;
            7'd5:  fp64_two_over_pi = 32'h3c439041;
            7'd6:  fp64_two_over_pi = 32'hfe5163ab;
            7'd7:  fp64_two_over_pi = 32'hdebbc561;
            7'd8:  fp64_two_over_pi = 32'hb7246e3a;
            7'd9:  fp64_two_over_pi = 32'h424dd2e0;
            7'd10: fp64_two_over_pi = 32'h06492eea;
            7'd11: fp64_two_over_pi = 32'h09d1921c;
            7'd12: fp64_two_over_pi = 32'hfe1deb1c;
            7'd13: fp64_two_over_pi = 32'hb129a73e;
            7'd14: fp64_two_over_pi = 32'he88235f5;
            7'd15: fp64_two_over_pi = 32'h2ebb4484;
            7'd16: fp64_two_over_pi = 32'he99c7026;
            7'd17: fp64_two_over_pi = 32'hb45f7e41;
            7'd18: fp64_two_over_pi = 32'h3991d639;
            7'd19: fp64_two_over_pi = 32'h835339f4;
            7'd20: fp64_two_over_pi = 32'h9c845f8b;
            7'd21: fp64_two_over_pi = 32'hbdf9283b;
            7'd22: fp64_two_over_pi = 32'h1ff897ff;
            7'd23: fp64_two_over_pi = 32'hde05980f;
            7'd24: fp64_two_over_pi = 32'hef2f118b;
            7'd25: fp64_two_over_pi = 32'h5a0a6d1f;
            7'd26: fp64_two_over_pi = 32'h6d367ecf;
            7'd27: fp64_two_over_pi = 32'h27cb09b7;
            7'd28: fp64_two_over_pi = 32'h4f463f66;
            7'd29: fp64_two_over_pi = 32'h9e5fea2d;
            7'd30: fp64_two_over_pi = 32'h7527bac7;
            7'd31: fp64_two_over_pi = 32'hebe5f17b;
            7'd32: fp64_two_over_pi = 32'h3d0739f7;
            7'd33: fp64_two_over_pi = 32'h8a5292ea;
            7'd34: fp64_two_over_pi = 32'h6bfb5fb1;
            7'd35: fp64_two_over_pi = 32'h1f8d5d08;
            7'd36: fp64_two_over_pi = 32'h56033046;
            7'd37: fp64_two_over_pi = 32'hfc7b0000;
            default: fp64_two_over_pi = 32'd0;
        endcase
    end
endfunction

// ----------------------------------------------------------- f64 arithmetic
//
// The public functions take the whole MODE register (and full-width operands)
// by interface contract and read only the fields their C counterpart reads;
// the reciprocal unit, div_scale, div_fixup, trig_preop and the int -> f64
// conversions ignore MODE entirely, as in the C.  Hence UNUSEDSIGNAL is off
// for the public section below.
/* verilator lint_off UNUSEDSIGNAL */

function automatic [63:0] si_f64_add(input [63:0] a_, input [63:0] b_, input [31:0] mode_);
    begin
        si_f64_add = fp64_addx(a_, b_, mode_[3:2], mode_[7:6]);
    end
endfunction

function automatic [63:0] si_f64_sub(input [63:0] a_, input [63:0] b_, input [31:0] mode_);
    begin
        si_f64_sub = fp64_addx(a_, {~b_[63], b_[62:0]}, mode_[3:2], mode_[7:6]);
    end
endfunction

function automatic [63:0] si_f64_mul(input [63:0] a_, input [63:0] b_, input [31:0] mode_);
    begin
        si_f64_mul = fp64_mulx(a_, b_, mode_[3:2], mode_[7:6]);
    end
endfunction

function automatic [63:0] si_f64_fma(input [63:0] a_, input [63:0] b_, input [63:0] c_, input [31:0] mode_);
    begin
        si_f64_fma = fp64_fmax(a_, b_, c_, mode_[3:2], mode_[7:6], 16'sd0);
    end
endfunction

function automatic [63:0] si_f64_min(input [63:0] a_, input [63:0] b_, input [31:0] mode_);
    begin
        si_f64_min = fp64_minmax(a_, b_, mode_[7:6], mode_[9], 1'b0);
    end
endfunction

function automatic [63:0] si_f64_max(input [63:0] a_, input [63:0] b_, input [31:0] mode_);
    begin
        si_f64_max = fp64_minmax(a_, b_, mode_[7:6], mode_[9], 1'b1);
    end
endfunction

// fract(x) = x - floor(x), rounded per MODE, clamped below 1.0.
function automatic [63:0] si_f64_fract(input [63:0] a_, input [31:0] mode_);
    reg [63:0] fl_, r_;
    begin
        if (a_[62:52] == 11'h7ff) begin
            si_f64_fract = (a_[51:0] != 52'd0) ? (a_ | 64'h0008000000000000) : {a_[63], 63'h7ff8000000000000};
        end else begin
            fl_ = fp64_floor(a_, mode_[6]);
            r_ = fp64_addx(a_, {~fl_[63], fl_[62:0]}, mode_[3:2], mode_[7:6]);
            si_f64_fract = (!r_[63] && r_ > 64'h3fefffffffffffff) ? 64'h3fefffffffffffff : r_;
        end
    end
endfunction

// ---------------------------------------------- reciprocal unit (RNE, FTZ)
//
// f64 rcp, rsq and sqrt at the ISA's documented precision (docs/fp.md 9.3),
// on the f32 unit of si_fp_trans.vh (the caller includes it): the
// significand rounded to 24 bits goes through the f32 function as an f32 in
// [1, 4), the exponent apart; rcp then takes one exact Newton step.
// which_: 0 rcp, 1 rsq, 2 sqrt.

// The f32 operand and the exponent e (a = x32 * 2^e, e even for the roots):
// returns {e, x32}.  A carry of the significand's rounding gives x32 = 2.0
// or 4.0.
function automatic [47:0] si_f64_rrs_op(input [63:0] a_, input [1:0] which_);
    reg [24:0] m_;
    reg signed [15:0] e_;
    reg p_;
    begin
        m_ = {2'b01, a_[51:29]};
        if (a_[28:0] > 29'h10000000 || (a_[28:0] == 29'h10000000 && a_[29])) m_ = m_ + 25'd1;
        e_ = {5'd0, a_[62:52]} - 16'sd1023;
        p_ = (which_ != 2'd0) && e_[0];
        if (p_) e_ = e_ - 16'sd1;
        si_f64_rrs_op = {e_, {1'b0, 8'd127 + {7'd0, p_}, 23'd0} + {7'd0, m_} - 32'h00800000};
    end
endfunction

// The rounding request for r32 = f(x32) (a normal f32), or the special
// result.  rcp: y0 = R * 2^(er-23) and the significand x = M * 2^-52;
// E = 2^(75-er) - M * R is below 2^55 in magnitude, so its low 56 bits,
// -(M * R) mod 2^56, are E; y1 = y0 * (2 - x * y0) =
// (R * 2^(75-er) + R * E) * 2^(2er-98), shifted right by 38 with sticky.
function automatic [148:0] si_f64_rrs_rq(input [63:0] a_, input [1:0] which_, input signed [15:0] e_,
                                          input [31:0] r_);
    begin
        si_f64_rrs_rq = si_f64_rrs_rqp(a_, which_, e_, r_, {3'd0, 1'b1, a_[51:0]} * {32'd0, 1'b1, r_[22:0]});
    end
endfunction

// si_f64_rrs_rq given P = M * R (pin_, the quarter-rate datapath's shared array).
function automatic [148:0] si_f64_rrs_rqp(input [63:0] a_, input [1:0] which_, input signed [15:0] e_,
                                           input [31:0] r_, input [55:0] pin_);
    reg [23:0] rr_;
    reg signed [15:0] er_;
    reg [55:0] p_;
    reg signed [80:0] re_;
    reg [101:0] v_;
    reg [63:0] sp_;
    reg spec_;
    begin
        rr_ = {1'b1, r_[22:0]};
        er_ = {8'd0, r_[30:23]} - 16'sd127;
        p_ = pin_;
        re_ = $signed({1'b0, rr_}) * $signed(-p_);
        v_ = (er_[0] ? {2'b00, rr_, 76'd0} : {3'b000, rr_, 75'd0}) + {{21{re_[80]}}, re_};
        // special operands (denormals read as zero)
        spec_ = 1'b1;
        if (a_[62:52] == 11'h7ff) begin
            if (a_[51:0] != 52'd0)  sp_ = a_ | 64'h0008000000000000;
            else if (which_ == 2'd0) sp_ = {a_[63], 63'd0};
            else if (a_[63])        sp_ = 64'hfff8000000000000;
            else                   sp_ = (which_ == 2'd1) ? 64'd0 : a_;
        end else if (a_[62:52] == 11'd0) begin
            sp_ = (which_ == 2'd2) ? {a_[63], 63'd0} : {a_[63], 11'h7ff, 52'd0};
        end else if (a_[63] && which_ != 2'd0) begin
            sp_ = 64'hfff8000000000000;
        end else begin
            sp_ = 64'd0;
            spec_ = 1'b0;
        end
        if (spec_)
            si_f64_rrs_rqp = fp64_rq_special(sp_);
        else if (which_ == 2'd0)
            si_f64_rrs_rqp = fp64_rq_round(a_[63], (er_ <<< 1) - 16'sd60 - e_,
                                          {v_[101:38] | {63'd0, v_[37:0] != 38'd0}}, 2'd0, 1'b0);
        else
            si_f64_rrs_rqp = fp64_rq_round(1'b0, er_ - 16'sd23 + ((which_ == 2'd1) ? -(e_ >>> 1) : (e_ >>> 1)),
                                          {40'd0, rr_}, 2'd0, 1'b0);
    end
endfunction

// The whole functions (si_f64_rrs, si_f64_rcp, ..., si_f64_rsq_clamp) are in
// si_fp64_rrs.vh, which needs si_fp_trans.vh too.
// ------------------------------------------------------- frexp / ldexp

function automatic [63:0] si_f64_frexp_mant(input [63:0] a_, input [31:0] mode_);
    reg [63:0] na_;
    begin
        na_ = fp64_norm(a_[62:0]);
        case (fp64_kind(a_[62:0], mode_[6]))
            2'd3:    si_f64_frexp_mant = a_ | 64'h0008000000000000;
            2'd2:    si_f64_frexp_mant = 64'hfff8000000000000;
            2'd0:    si_f64_frexp_mant = {a_[63], 63'd0};
            default: si_f64_frexp_mant = {a_[63], 11'd1022, na_[51:0]};
        endcase
    end
endfunction

function automatic [31:0] si_f64_frexp_exp(input [63:0] a_, input [31:0] mode_);
    reg [63:0] na_;
    reg signed [31:0] eb_;
    begin
        na_ = fp64_norm(a_[62:0]);
        eb_ = {{20{na_[63]}}, na_[63:52]};
        case (fp64_kind(a_[62:0], mode_[6]))
            2'd3, 2'd2: si_f64_frexp_exp = 32'hffffffff;
            2'd0:       si_f64_frexp_exp = 32'd0;
            default:    si_f64_frexp_exp = eb_ - 32'sd1022;
        endcase
    end
endfunction

function automatic [148:0] si_f64_ldexp_rq(input [63:0] a_, input [31:0] e_, input [31:0] mode_);
    reg signed [31:0] n_;
    reg signed [15:0] n16_;
    begin
        n_ = e_;
        if (n_ > 32'sd4000)       n16_ = 16'sd4000;
        else if (n_ < -32'sd4000) n16_ = -16'sd4000;
        else                     n16_ = n_[15:0];
        si_f64_ldexp_rq = fp64_ldexpx_rq(a_, n16_, mode_[3:2], mode_[7:6]);
    end
endfunction

function automatic [63:0] si_f64_ldexp(input [63:0] a_, input [31:0] e_, input [31:0] mode_);
    begin
        si_f64_ldexp = fp64_rq_do(si_f64_ldexp_rq(a_, e_, mode_));
    end
endfunction

// ------------------------------------------------------- compare / class

function automatic [0:0] si_f64_cmp(input [63:0] a0_, input [63:0] b0_, input [3:0] cond_, input [31:0] mode_);
    reg [63:0] a_, b_;
    reg un_, lt_, eq_, gt_;
    begin
        a_ = fp64_flush(a0_, mode_[6]);
        b_ = fp64_flush(b0_, mode_[6]);
        un_ = fp64_isnan(a_[62:0]) || fp64_isnan(b_[62:0]);
        eq_ = !un_ && ((a_[62:0] == 63'd0 && b_[62:0] == 63'd0) || a_ == b_);
        if (un_ || eq_)             lt_ = 1'b0;
        else if (a_[63] != b_[63])  lt_ = a_[63];
        else if (a_[63])           lt_ = a_[62:0] > b_[62:0];
        else                      lt_ = a_[62:0] < b_[62:0];
        gt_ = !un_ && !eq_ && !lt_;
        case (cond_)
            4'd0:  si_f64_cmp = 1'b0;
            4'd1:  si_f64_cmp = lt_;
            4'd2:  si_f64_cmp = eq_;
            4'd3:  si_f64_cmp = lt_ | eq_;
            4'd4:  si_f64_cmp = gt_;
            4'd5:  si_f64_cmp = lt_ | gt_;
            4'd6:  si_f64_cmp = gt_ | eq_;
            4'd7:  si_f64_cmp = !un_;
            4'd8:  si_f64_cmp = un_;
            4'd9:  si_f64_cmp = !(gt_ | eq_);
            4'd10: si_f64_cmp = !(lt_ | gt_);
            4'd11: si_f64_cmp = !gt_;
            4'd12: si_f64_cmp = !(lt_ | eq_);
            4'd13: si_f64_cmp = !eq_;
            4'd14: si_f64_cmp = !lt_;
            default: si_f64_cmp = 1'b1;
        endcase
    end
endfunction

function automatic [0:0] si_f64_class(input [63:0] a_, input [9:0] mask_);
    reg [3:0] bitn_;
    begin
        if (a_[62:52] == 11'h7ff)
            bitn_ = (a_[51:0] == 52'd0) ? (a_[63] ? 4'd2 : 4'd9) : (a_[51] ? 4'd1 : 4'd0);
        else if (a_[62:52] == 11'd0)
            bitn_ = (a_[51:0] == 52'd0) ? (a_[63] ? 4'd5 : 4'd6) : (a_[63] ? 4'd4 : 4'd7);
        else
            bitn_ = a_[63] ? 4'd3 : 4'd8;
        si_f64_class = mask_[bitn_];
    end
endfunction

// ------------------------------------------------------- division helpers

// ... as {vcc, a rounding request} for a shared rounder (the scaled value
// rounds to nearest even, denormals kept, whatever MODE says).
function automatic [149:0] si_f64_div_scale_rq(input [63:0] a_, input [63:0] b_, input [63:0] c_);
    reg signed [15:0] e1_, e2_, diff_, sc_;
    reg vcc_;
    begin
        e1_ = {5'd0, b_[62:52]};
        e2_ = {5'd0, c_[62:52]};
        diff_ = e2_ - e1_;
        vcc_ = 1'b0;
        sc_ = 16'sd0;
        if (b_[62:0] == 63'd0 || c_[62:0] == 63'd0 || b_[62:52] == 11'h7ff || c_[62:52] == 11'h7ff) begin
            sc_ = 16'sd0;
        end else if (diff_ >= 16'sd768) begin
            vcc_ = 1'b1;
            if (a_ == b_) sc_ = 16'sd128;
        end else if (e1_ == 16'sd0) begin
            sc_ = 16'sd128;
        end else if (e1_ >= 16'sd2045 && diff_ <= -16'sd1022) begin
            vcc_ = 1'b1;
            if (a_ == b_) sc_ = -16'sd128;
        end else if (e1_ >= 16'sd2045) begin
            sc_ = -16'sd128;
        end else if (diff_ <= -16'sd1022) begin
            vcc_ = 1'b1;
            if (a_ == c_) sc_ = 16'sd128;
        end else if (e2_ <= 16'sd52) begin
            sc_ = 16'sd128;
        end
        if (b_[62:0] == 63'd0 || c_[62:0] == 63'd0 || b_[62:52] == 11'h7ff || c_[62:52] == 11'h7ff)
            si_f64_div_scale_rq = {1'b0, fp64_rq_special(64'h7ff8000000000000)};
        else if (sc_ == 16'sd0)
            si_f64_div_scale_rq = {vcc_, fp64_rq_special(a_)};
        else
            si_f64_div_scale_rq = {vcc_, fp64_ldexpx_rq(a_, sc_, 2'd0, 2'd3)};
    end
endfunction

function automatic [64:0] si_f64_div_scale(input [63:0] a_, input [63:0] b_, input [63:0] c_, input [31:0] mode_);
    reg [149:0] q_;
    begin
        q_ = si_f64_div_scale_rq(a_, b_, c_);
        si_f64_div_scale = {q_[149], fp64_rq_do(q_[148:0])};
    end
endfunction

function automatic [63:0] si_f64_div_fixup(input [63:0] a_, input [63:0] b_, input [63:0] c_, input [31:0] mode_);
    reg so_;
    begin
        so_ = b_[63] ^ c_[63];
        if (fp64_isnan(c_[62:0]))
            si_f64_div_fixup = c_ | 64'h0008000000000000;
        else if (fp64_isnan(b_[62:0]))
            si_f64_div_fixup = b_ | 64'h0008000000000000;
        else if ((b_[62:0] == 63'd0 && c_[62:0] == 63'd0) ||
                 (b_[62:0] == 63'h7ff0000000000000 && c_[62:0] == 63'h7ff0000000000000))
            si_f64_div_fixup = 64'hfff8000000000000;
        else if (b_[62:0] == 63'd0 || c_[62:0] == 63'h7ff0000000000000)
            si_f64_div_fixup = {so_, 11'h7ff, 52'd0};
        else if (b_[62:0] == 63'h7ff0000000000000 || c_[62:0] == 63'd0)
            si_f64_div_fixup = {so_, 63'd0};
        else if (fp64_isnan(a_[62:0]))
            si_f64_div_fixup = {so_, 11'h7ff, 52'd0};
        else
            si_f64_div_fixup = {so_, a_[62:0]};
    end
endfunction

// trig_preop: 53-bit segment of 2/pi scaled per docs/fp.md section 8.
function automatic [148:0] si_f64_trig_preop_rq(input [63:0] a_, input [31:0] sel_, input [31:0] mode_);
    reg [15:0] shift_;
    reg signed [15:0] scale_, shs_;
    reg [95:0] win_;
    reg [52:0] seg_;
    begin
        shift_ = {11'd0, sel_[4:0]} * 16'd53;
        if (a_[62:52] > 11'd1077) shift_ = shift_ + {5'd0, a_[62:52]} - 16'd1077;
        win_ = {fp64_two_over_pi(shift_[11:5]), fp64_two_over_pi(shift_[11:5] + 7'd1),
               fp64_two_over_pi(shift_[11:5] + 7'd2)} << shift_[4:0];
        seg_ = win_[95:43];
        shs_ = shift_;
        scale_ = -16'sd53 - shs_;
        if (a_[62:52] >= 11'd1968) scale_ = scale_ + 16'sd128;
        if (seg_ == 53'd0 || shift_ >= 16'd1200)
            si_f64_trig_preop_rq = fp64_rq_special(64'd0);
        else
            si_f64_trig_preop_rq = fp64_rq_round(1'b0, scale_, {11'd0, seg_}, 2'd0, 1'b1);
    end
endfunction

function automatic [63:0] si_f64_trig_preop(input [63:0] a_, input [31:0] sel_, input [31:0] mode_);
    begin
        si_f64_trig_preop = fp64_rq_do(si_f64_trig_preop_rq(a_, sel_, mode_));
    end
endfunction
// v_div_fmas: fma with the exact result scaled by 2^+-128 when vcc is set.
function automatic [63:0] si_f64_div_fmas(input [63:0] a_, input [63:0] b_, input [63:0] c_, input vcc_,
                                          input [31:0] mode_);
    reg signed [15:0] sc_;
    begin
        sc_ = !vcc_ ? 16'sd0 : (c_[62:52] >= 11'd1024) ? 16'sd128 : -16'sd128;
        si_f64_div_fmas = fp64_fmax(a_, b_, c_, mode_[3:2], mode_[7:6], sc_);
    end
endfunction

// ------------------------------------------------------- output modifiers

// fp64_ldexpx(a, k, rm, den) for k = 1, 2 (k_ = 1, 2) and -1 (k_ = 3)
// without the general rounder: a bit-pattern adjustment.  The f64 encoding
// is linear across the denormal/normal boundary, so a denormal times 2 or
// 4 is its pattern shifted (a carry past 2^53 moves into the next binade,
// and 4 f is even); only halving the smallest normals or a denormal drops
// a bit, which rounds with rm onto the denormal grid.
function automatic [63:0] fp64_mul_pow2(input [63:0] a_, input [1:0] k_, input [1:0] rm_, input [1:0] den_);
    reg [1:0]  ka_;
    reg [10:0] e_;
    reg [11:0] e2_;
    reg [53:0] p_;
    reg [52:0] m_;
    reg [62:0] bits_;
    reg        s_, rb_, inc_, ovf_;
    begin
        ka_ = fp64_kind(a_[62:0], den_[0]);
        s_ = a_[63];
        e_ = a_[62:52];
        e2_ = {1'b0, e_} + ((k_ == 2'd2) ? 12'd2 : 12'd1);
        ovf_ = 1'b0;
        bits_ = a_[62:0];
        if (k_ == 2'd3) begin
            if (e_ > 11'd1)
                bits_ = {e_ - 11'd1, a_[51:0]};              // exact
            else begin
                // onto the denormal grid: the pattern (with the hidden bit
                // of a normal) halved, its low bit the round bit
                m_ = {1'b0, e_ == 11'd1, a_[51:1]};
                rb_ = a_[0];
                case (rm_)
                    2'd0:    inc_ = rb_ & m_[0];
                    2'd1:    inc_ = ~s_ & rb_;
                    2'd2:    inc_ = s_ & rb_;
                    default: inc_ = 1'b0;
                endcase
                bits_ = {10'd0, m_ + {52'd0, inc_}};
            end
        end else if (e_ != 11'd0) begin
            ovf_ = e2_ >= 12'd2047;
            bits_ = {e2_[10:0], a_[51:0]};                    // exact
        end else begin
            p_ = {2'b0, a_[51:0]} << ((k_ == 2'd2) ? 2'd2 : 2'd1);
            bits_ = p_[53] ? {11'd2, p_[52:1]} : {10'd0, p_[52:0]};
        end
        if (ka_ == 2'd3)
            fp64_mul_pow2 = a_ | 64'h0008000000000000;
        else if (ka_ == 2'd2)
            fp64_mul_pow2 = a_;
        else if (ka_ == 2'd0)
            fp64_mul_pow2 = {s_, 63'd0};
        else if (ovf_)
            fp64_mul_pow2 = (rm_ == 2'd0 || (rm_ == 2'd1 && !s_) || (rm_ == 2'd2 && s_)) ?
                            {s_, 11'h7ff, 52'd0} : {s_, 11'h7fe, {52{1'b1}}};
        else if (!den_[1] && bits_[62:52] == 11'd0)
            fp64_mul_pow2 = {s_, 63'd0};
        else
            fp64_mul_pow2 = {s_, bits_};
    end
endfunction

function automatic [63:0] si_f64_omod_clamp(input [63:0] r0_, input [1:0] omod_, input clamp_, input [31:0] mode_);
    reg [63:0] r_;
    reg signed [15:0] k_;
    begin
        r_ = r0_;
        // the multiply by 2, 4 or 0.5 is an ldexp: the same exact value, rounded the same way
        case (omod_)
            2'd1:    k_ = 16'sd1;
            2'd2:    k_ = 16'sd2;
            default: k_ = -16'sd1;
        endcase
        if (omod_ != 2'd0 && !mode_[7] && !fp64_isnan(r_[62:0]))
            r_ = fp64_mul_pow2(r_, k_[1:0], mode_[3:2], mode_[7:6]);
        if (clamp_) begin
            if (fp64_isnan(r_[62:0]))                    r_ = mode_[8] ? 64'd0 : r_;
            else if (r_[63])                       r_ = 64'd0;
            else if (r_ > 64'h3ff0000000000000)    r_ = 64'h3ff0000000000000;
        end
        si_f64_omod_clamp = r_;
    end
endfunction

// ------------------------------------------------------- conversions

// f32 -> f64: exact; f32 input denormals flushed per denorm32 bit 0.
function automatic [63:0] si_cvt_f64_f32(input [31:0] a_, input [31:0] mode_);
    reg [5:0] lz_;
    reg [51:0] sh_;
    begin
        lz_ = fp64_clz64({41'd0, a_[22:0]});
        sh_ = {29'd0, a_[22:0]} << (lz_ - 6'd11);
        if (a_[30:23] == 8'hff)
            si_cvt_f64_f32 = {a_[31], 11'h7ff, a_[22:0] != 23'd0, a_[21:0], 29'd0};
        else if (a_[30:23] == 8'd0) begin
            if (a_[22:0] == 23'd0 || !mode_[4])
                si_cvt_f64_f32 = {a_[31], 63'd0};
            else
                si_cvt_f64_f32 = {a_[31], 11'd937 - {5'd0, lz_}, sh_[51:0]};
        end else
            si_cvt_f64_f32 = {a_[31], {3'd0, a_[30:23]} + 11'd896, a_[22:0], 29'd0};
    end
endfunction

// f64 -> f32: rounded per round32; input flush per denorm64, output per denorm32.
function automatic [31:0] si_cvt_f32_f64(input [63:0] a_, input [31:0] mode_);
    reg signed [15:0] ex_;
    begin
        ex_ = {5'd0, a_[62:52]};
        if (a_[62:52] == 11'h7ff)
            si_cvt_f32_f64 = {a_[63], 8'hff, a_[51:0] != 52'd0, a_[50:29]};
        else if (a_[62:52] == 11'd0) begin
            if (a_[51:0] == 52'd0 || !mode_[6])
                si_cvt_f32_f64 = {a_[63], 31'd0};
            else
                si_cvt_f32_f64 = fp64_round32(a_[63], -16'sd1074, {12'd0, a_[51:0]}, mode_[1:0], mode_[5]);
        end else
            si_cvt_f32_f64 = fp64_round32(a_[63], ex_ - 16'sd1075, {11'd0, 1'b1, a_[51:0]}, mode_[1:0], mode_[5]);
    end
endfunction

function automatic [63:0] si_cvt_f64_u32(input [31:0] a_, input [31:0] mode_);
    reg [5:0] lz_;
    reg [63:0] sh_;
    begin
        lz_ = fp64_clz64({32'd0, a_});
        sh_ = {32'd0, a_} << (lz_ - 6'd11);
        si_cvt_f64_u32 = (a_ == 32'd0) ? 64'd0 : {1'b0, 11'd1086 - {5'd0, lz_}, sh_[51:0]};
    end
endfunction

function automatic [63:0] si_cvt_f64_i32(input [31:0] a_, input [31:0] mode_);
    reg [63:0] r_;
    begin
        r_ = si_cvt_f64_u32(a_[31] ? 32'd0 - a_ : a_, mode_);
        si_cvt_f64_i32 = {a_[31], r_[62:0]};
    end
endfunction

// f64 -> i32/u32: truncate, saturate, NaN -> 0.
function automatic [31:0] fp64_trunc(input [63:0] a_, input [31:0] lim_);
    reg [63:0] m_;
    begin
        m_ = {11'd0, 1'b1, a_[51:0]};
        if (a_[62:52] < 11'd1023)
            fp64_trunc = 32'd0;
        else if (a_[62:52] >= 11'd1086)
            fp64_trunc = lim_;
        else begin
            if (a_[62:52] >= 11'd1075) m_ = m_ << (a_[62:52] - 11'd1075);
            else                      m_ = m_ >> (11'd1075 - a_[62:52]);
            fp64_trunc = (m_ > {32'd0, lim_}) ? lim_ : m_[31:0];
        end
    end
endfunction

function automatic [31:0] si_cvt_i32_f64(input [63:0] a_, input [31:0] mode_);
    reg [31:0] v_;
    begin
        v_ = fp64_trunc(a_, a_[63] ? 32'h80000000 : 32'h7fffffff);
        if (fp64_isnan(a_[62:0]))  si_cvt_i32_f64 = 32'd0;
        else if (a_[63])     si_cvt_i32_f64 = 32'd0 - v_;
        else                si_cvt_i32_f64 = v_;
    end
endfunction

function automatic [31:0] si_cvt_u32_f64(input [63:0] a_, input [31:0] mode_);
    begin
        if (fp64_isnan(a_[62:0]) || a_[63]) si_cvt_u32_f64 = 32'd0;
        else                        si_cvt_u32_f64 = fp64_trunc(a_, 32'hffffffff);
    end
endfunction
/* verilator lint_on UNUSEDSIGNAL */

