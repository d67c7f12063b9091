// si_fp_trans.vh - f32 transcendental / reciprocal unit as Verilog functions.
//
// Bit-exact model of sw/fp_trans.c (normative text: docs/fp.md section 9):
//   si_f32_rcp, si_f32_rcp_iflag, si_f32_rcp_clamp, si_f32_rcp_legacy,
//   si_f32_rsq, si_f32_rsq_clamp, si_f32_rsq_legacy, si_f32_sqrt,
//   si_f32_log, si_f32_log_clamp, si_f32_log_legacy,
//   si_f32_exp, si_f32_exp_legacy, si_f32_sin, si_f32_cos.
// Common rules: denormal inputs read as signed zero, denormal results are
// flushed, the MODE rounding is ignored (always round to nearest even), NaN
// returns the quieted input.  The `mode` argument is therefore unused; it is
// kept so that every FP function has the same calling convention.
//
// Include inside a module body after si_fp_tables.vh, once per module (no
// include guard, as every rtl/fp file).  Internal helpers
// carry the prefix fptr_, the ROM tables (si_fp_tables.vh) the prefix fptab_.
//
// Implementation notes (all equivalences are exact, checked by
// tests/rtl/test_fptrans.cpp against the C library):
//  - rcp, sqrt and rsq compute the same floor quotient / floor root as the C
//    but with fewer bits (26 instead of 39..40), plus the exact "inexact" bit.
//    Rounding to 24 bits only looks at the leading 25 bits and at whether
//    anything nonzero follows, so the result is identical.  rcp gets its
//    quotient from a Newton step and an exact correction (fptr_tu), sqrt and
//    rsq from digit recurrences.
//  - rcp, log2, exp2, sin and cos share the products and the rounder of
//    fptr_tu; log2, exp2 and sin/cos evaluate quadratic pieces of a table
//    (fptab_log_qi, fptab_exp_qi, fptab_sin_qi).
//  - Function arguments and locals are all named tr_* so that they do not
//    shadow (VARHIDDEN) signals of the including module.


// ------------------------------------------------------------------ helpers

// Count of leading zeros of a 64-bit value (64 for zero): si_fp_lzc.vh.
function automatic [6:0] fptr_clz64(input [63:0] tr_x);
    fptr_clz64 = fp_lzc64(tr_x);
endfunction

// si_fp_round32(s, ex, sig, SI_RND_NE, den_out = 0): the value
// sig * 2^ex (sig != 0) rounded to f32 with RNE on the gradual-underflow
// grid, then denormal results flushed to a signed zero.
function automatic [31:0] fptr_rne32(input tr_s, input signed [15:0] tr_ex, input [63:0] tr_sig);
    reg [6:0] tr_lz;
    reg [63:0] tr_sn;
    reg signed [15:0] tr_e;
    reg [24:0] tr_m;
    reg [7:0] tr_ef;
    reg [31:0] tr_bits;
    reg tr_rb, tr_st;
    begin
        tr_lz = fptr_clz64(tr_sig);
        tr_sn = tr_sig << tr_lz;                                        // leading one at bit 63
        tr_e = tr_ex + 16'sd63 - $signed({9'd0, tr_lz});                // exponent of the leading bit
        if (tr_e > 16'sd127) begin
            fptr_rne32 = {tr_s, 31'h7f800000};
        end else if (tr_e >= -16'sd126) begin
            // normal: keep 24 bits sn[63:40]
            tr_rb = tr_sn[39];
            tr_st = |tr_sn[38:0];
            tr_m = {1'b0, tr_sn[63:40]} + {24'd0, tr_rb & (tr_st | tr_sn[40])};
            tr_ef = tr_e[7:0] + 8'd126;                                 // e + bias - 1
            tr_bits = {1'b0, tr_ef, 23'd0} + {7'd0, tr_m};              // a carry bumps the exponent
            if (tr_bits >= 32'h7f800000)
                fptr_rne32 = {tr_s, 31'h7f800000};
            else
                fptr_rne32 = {tr_s, tr_bits[30:0]};
        end else if (tr_e == -16'sd127) begin
            // denormal grid keeps 23 bits; only a round-up to the smallest
            // normal survives the output flush
            tr_rb = tr_sn[40];
            tr_st = |tr_sn[39:0];
            tr_m = {2'b00, tr_sn[63:41]} + {24'd0, tr_rb & (tr_st | tr_sn[41])};
            fptr_rne32 = tr_m[23] ? {tr_s, 31'h00800000} : {tr_s, 31'd0};
        end else begin
            fptr_rne32 = {tr_s, 31'd0};                                 // below 2^-127: flushed
        end
    end
endfunction


// {inexact, floor(sqrt(n))}: 26-bit integer square root by digit recurrence
// (two radicand bits per step, branch-free); inexact = (root^2 != n).
function automatic [26:0] fptr_isqrt(input [51:0] tr_n);
    reg [31:0] tr_rem;
    reg [32:0] tr_d;
    reg [25:0] tr_root;
    reg [51:0] tr_v;
    integer tr_i;
    begin
        tr_rem = 32'd0;
        tr_root = 26'd0;
        tr_v = tr_n;
        for (tr_i = 0; tr_i < 26; tr_i = tr_i + 1) begin
            tr_rem = {tr_rem[29:0], tr_v[51:50]};
            tr_v = {tr_v[49:0], 2'b00};
            tr_d = {1'b0, tr_rem} - {5'd0, tr_root, 2'b01};             // rem - (4*root + 1)
            if (!tr_d[32])
                tr_rem = tr_d[31:0];
            tr_root = {tr_root[24:0], !tr_d[32]};
        end
        fptr_isqrt = {tr_rem != 32'd0, tr_root};
    end
endfunction

// Restoring division of a power of two by d in [2^23, 2^25): the quotient
// floor(2^(22+n) / d) (n quotient bits) and whether a remainder is left.
// The remainder stays below d, so each step is one 27-bit subtraction whose
// borrow is the quotient bit (no separate compare, no wide divider).
function automatic [52:0] fptr_div74(input [24:0] tr_d);       // n = 52: 2^74 / d
    reg [25:0] tr_r;
    reg [26:0] tr_df;   // tr_r - d; [26] = borrow
    reg [51:0] tr_q;
    integer tr_i;
    begin
        tr_r = 26'h0400000;
        tr_q = 52'd0;
        for (tr_i = 0; tr_i < 52; tr_i = tr_i + 1) begin
            tr_r = {tr_r[24:0], 1'b0};
            tr_df = {1'b0, tr_r} - {2'b0, tr_d};
            tr_q = {tr_q[50:0], !tr_df[26]};
            if (!tr_df[26]) tr_r = tr_df[25:0];
        end
        fptr_div74 = {tr_r != 26'd0, tr_q};
    end
endfunction

// Class for the transcendental unit (denormals read as zero):
// 0 zero, 1 finite nonzero, 2 inf, 3 NaN.
function automatic [1:0] fptr_cls(input [30:0] tr_a);
    begin
        if (tr_a[30:23] == 8'hff)
            fptr_cls = (tr_a[22:0] != 23'd0) ? 2'd3 : 2'd2;
        else
            fptr_cls = (tr_a[30:23] == 8'd0) ? 2'd0 : 2'd1;
    end
endfunction

// Unbiased exponent E of a normal f32 (|a| = M * 2^(E-23)) from the field a[30:23].
function automatic signed [15:0] fptr_exp(input [7:0] tr_ef);
    begin
        fptr_exp = $signed({8'd0, tr_ef}) - 16'sd127;
    end
endfunction

// The `mode` arguments of the si_f32_* functions are intentionally unused:
// the transcendental unit ignores the MODE rounding and always flushes
// denormals (docs/fp.md 9); lint_off UNUSEDSIGNAL around each header.

// ------------------------------------------------------- rcp / rsq / sqrt

// rcp: q = floor(2^49 / M) (26 bits, 27 for M = 2^23) with a sticky bit for
// a nonzero remainder; the C uses floor(2^62 / M), which has the same leading
// bits and the same exactness.  Computed in fptr_tu on the transcendental
// unit's products: the seed y0 = LOG_R[i] / 2^10 (|x y0 - 1| <= 2^-8, the
// log2 reduction's r), y1 = y0 (1 - r), one Newton step y2 = y1 (1 + e1)
// (e1 = 1 - x y1), q~ = floor(2^26 y2) is within 1 of q for every M (checked
// over all 2^23), and the remainder 2^49 - q~ M corrects it.
/* verilator lint_off UNUSEDSIGNAL */
function automatic [31:0] si_f32_rcp(input [31:0] tr_a, input [31:0] tr_mode);
/* verilator lint_on UNUSEDSIGNAL */
    begin
        si_f32_rcp = fptr_tu(3'd4, tr_a);
    end
endfunction

/* verilator lint_off UNUSEDSIGNAL */
function automatic [31:0] si_f32_rcp_iflag(input [31:0] tr_a, input [31:0] tr_mode);
/* verilator lint_on UNUSEDSIGNAL */
    begin
        si_f32_rcp_iflag = si_f32_rcp(tr_a, tr_mode);
    end
endfunction

// rcp_clamp: a +-inf result becomes +-max-finite.
/* verilator lint_off UNUSEDSIGNAL */
function automatic [31:0] si_f32_rcp_clamp(input [31:0] tr_a, input [31:0] tr_mode);
/* verilator lint_on UNUSEDSIGNAL */
    reg [31:0] tr_r;
    begin
        tr_r = si_f32_rcp(tr_a, tr_mode);
        si_f32_rcp_clamp = (tr_r[30:0] == 31'h7f800000) ? {tr_r[31], 31'h7f7fffff} : tr_r;
    end
endfunction

// rcp_legacy: a +-inf result becomes a zero with the input's sign.
/* verilator lint_off UNUSEDSIGNAL */
function automatic [31:0] si_f32_rcp_legacy(input [31:0] tr_a, input [31:0] tr_mode);
/* verilator lint_on UNUSEDSIGNAL */
    reg [31:0] tr_r;
    begin
        tr_r = si_f32_rcp(tr_a, tr_mode);
        si_f32_rcp_legacy = (tr_r[30:0] == 31'h7f800000) ? {tr_a[31], 31'd0} : tr_r;
    end
endfunction

// sqrt (tr_rsq = 0) and rsq (1) on one integer square root and one rounder
// (two ops of the quarter-rate unit never run in the same cycle).  With
// a = M' * 2^k, k even:
//  - sqrt: q = floor(sqrt(M' * 2^26)) (C: 2^38); the root is passed with one
//    extra bit below it holding the sticky bit;
//  - rsq: y = floor(sqrt(floor(2^74 / M'))) (C: 2^96) = floor(2^37 / sqrt(M'));
//    inexact iff the division or the root is inexact.  The quotient and the
//    remainder's sign of life come from one restoring division (fptr_div74).
function automatic [31:0] fptr_root(input [31:0] tr_a, input tr_rsq);
    reg signed [15:0] tr_k;
    reg [24:0] tr_mm;
    reg [52:0] tr_q;
    reg [26:0] tr_sq;
    begin
        case (fptr_cls(tr_a[30:0]))
        2'd3: fptr_root = tr_a | 32'h00400000;
        2'd0: fptr_root = tr_rsq ? {tr_a[31], 31'h7f800000} : {tr_a[31], 31'd0};
        2'd2: fptr_root = tr_a[31] ? 32'hffc00000 : tr_rsq ? 32'd0 : tr_a;
        default: begin
            if (tr_a[31]) begin
                fptr_root = 32'hffc00000;
            end else begin
                tr_k = fptr_exp(tr_a[30:23]) - 16'sd23;
                tr_mm = {1'b0, 1'b1, tr_a[22:0]};
                if (tr_k[0]) begin
                    tr_mm = {tr_mm[23:0], 1'b0};
                    tr_k = tr_k - 16'sd1;
                end
                tr_q = 53'd0;
                if (tr_rsq) tr_q = fptr_div74(tr_mm);                   // 2^74/M' < 2^51
                tr_sq = fptr_isqrt(tr_rsq ? tr_q[51:0] : {1'b0, tr_mm, 26'd0});
                fptr_root = fptr_rne32(1'b0, tr_rsq ? -16'sd38 - (tr_k >>> 1) : (tr_k >>> 1) - 16'sd14,
                                       {37'd0, tr_sq[25:0], tr_sq[26] | tr_q[52]});
            end
        end
        endcase
    end
endfunction

/* verilator lint_off UNUSEDSIGNAL */
function automatic [31:0] si_f32_sqrt(input [31:0] tr_a, input [31:0] tr_mode);
/* verilator lint_on UNUSEDSIGNAL */
    begin
        si_f32_sqrt = fptr_root(tr_a, 1'b0);
    end
endfunction

/* verilator lint_off UNUSEDSIGNAL */
function automatic [31:0] si_f32_rsq(input [31:0] tr_a, input [31:0] tr_mode);
/* verilator lint_on UNUSEDSIGNAL */
    begin
        si_f32_rsq = fptr_root(tr_a, 1'b1);
    end
endfunction

// rsq_clamp: a +-inf result becomes +-max-finite.
/* verilator lint_off UNUSEDSIGNAL */
function automatic [31:0] si_f32_rsq_clamp(input [31:0] tr_a, input [31:0] tr_mode);
/* verilator lint_on UNUSEDSIGNAL */
    reg [31:0] tr_r;
    begin
        tr_r = si_f32_rsq(tr_a, tr_mode);
        si_f32_rsq_clamp = (tr_r[30:0] == 31'h7f800000) ? {tr_r[31], 31'h7f7fffff} : tr_r;
    end
endfunction

// rsq_legacy: an infinite result becomes +0.
/* verilator lint_off UNUSEDSIGNAL */
function automatic [31:0] si_f32_rsq_legacy(input [31:0] tr_a, input [31:0] tr_mode);
/* verilator lint_on UNUSEDSIGNAL */
    reg [31:0] tr_r;
    begin
        tr_r = si_f32_rsq(tr_a, tr_mode);
        si_f32_rsq_legacy = (tr_r[30:0] == 31'h7f800000) ? 32'd0 : tr_r;
    end
endfunction

// ------------------------------------------------------------ fixed-point transcendentals
// log2, exp2, sin and cos compute in fixed point on tables of quadratic
// pieces (docs/fp.md 9.2, sw/fp_trans.c): a piece {c0, c1, c2} (Q30) and a
// position t in it (Q24) give a = c1 + floor(c2 * t[23:8] / 2^16),
// G = c0 + floor(a * t / 2^24) (Q30); every truncation is part of the
// definition.

// -------------------------------------------------------------------- log2

// log2(x) of a positive normal x = M * 2^(E-23), on the pieces of
// g(v) = log2(v) / (v - 1): piece {E != -1, M[22:16]} of LOG_QI, t = M[15:0] << 8;
//   E = -1 (x in [1/2, 1)): result RNE(-(2^24 - M) * G * 2^-54);
//   otherwise:              result RNE((E * 2^53 + (M - 2^23) * G) * 2^-53).

/* verilator lint_off UNUSEDSIGNAL */
function automatic [31:0] si_f32_log(input [31:0] tr_a, input [31:0] tr_mode);
/* verilator lint_on UNUSEDSIGNAL */
    begin
        si_f32_log = fptr_tu(3'd0, tr_a);
    end
endfunction

// log_clamp: -inf becomes -max-finite.
/* verilator lint_off UNUSEDSIGNAL */
function automatic [31:0] si_f32_log_clamp(input [31:0] tr_a, input [31:0] tr_mode);
/* verilator lint_on UNUSEDSIGNAL */
    reg [31:0] tr_r;
    begin
        tr_r = si_f32_log(tr_a, tr_mode);
        si_f32_log_clamp = (tr_r == 32'hff800000) ? 32'hff7fffff : tr_r;
    end
endfunction

/* verilator lint_off UNUSEDSIGNAL */
function automatic [31:0] si_f32_log_legacy(input [31:0] tr_a, input [31:0] tr_mode);
/* verilator lint_on UNUSEDSIGNAL */
    begin
        si_f32_log_legacy = si_f32_log(tr_a, tr_mode);
    end
endfunction

// -------------------------------------------------------------------- exp2

// exp2(x): X = floor(x * 2^64), n = X >> 64, f = X mod 2^64; on the pieces of
// 2^v: piece f[63:57] of EXP_QI, t = f[56:33], result RNE(G * 2^(n-30)).
// fptr_exp_pre: {n, f} (meaningful on the general path); the rest is in fptr_tu.
/* verilator lint_off UNUSEDSIGNAL */
function automatic [79:0] fptr_exp_pre(input [31:0] tr_a);
    reg signed [15:0] tr_e, tr_n;
    reg signed [6:0] tr_sh;
    reg [63:0] tr_mm, tr_lo, tr_f;
    // tr_hw < 2^7 (M < 2^24, sh <= 47): only [7:0] is read
    /* verilator lint_off UNUSEDSIGNAL */
    reg [63:0] tr_hw;
    /* verilator lint_on UNUSEDSIGNAL */
    reg [7:0] tr_hi;
    begin
        tr_e = fptr_exp(tr_a[30:23]);
        // |x| * 2^64 = M << sh, sh in [-23, 47] (e in [-64, 6]); mag = {hi, lo}
        tr_sh = tr_e[6:0] + 7'sd41;
        tr_mm = {40'd0, 1'b1, tr_a[22:0]};
        if (!tr_sh[6]) begin
            tr_lo = tr_mm << tr_sh[5:0];
            tr_hw = tr_mm >> (7'd64 - {1'b0, tr_sh[5:0]});              // < 2^7
            tr_hi = tr_hw[7:0];
        end else begin
            tr_lo = tr_mm >> (6'd0 - tr_sh[5:0]);
            tr_hi = 8'd0;
            tr_hw = 64'd0;
            // a negative x floors: ceil the magnitude
            if (tr_a[31] && (tr_lo << (6'd0 - tr_sh[5:0])) != tr_mm)
                tr_lo = tr_lo + 64'd1;
        end
        if (tr_a[31]) begin
            tr_f = 64'd0 - tr_lo;
            tr_n = 16'sd0 - $signed({8'd0, tr_hi}) - $signed({15'd0, tr_lo != 64'd0});
        end else begin
            tr_f = tr_lo;
            tr_n = $signed({8'd0, tr_hi});
        end
        fptr_exp_pre = {tr_n, tr_f};
    end
endfunction
/* verilator lint_on UNUSEDSIGNAL */



/* verilator lint_off UNUSEDSIGNAL */
function automatic [31:0] si_f32_exp(input [31:0] tr_a, input [31:0] tr_mode);
/* verilator lint_on UNUSEDSIGNAL */
    begin
        si_f32_exp = fptr_tu(3'd1, tr_a);
    end
endfunction

/* verilator lint_off UNUSEDSIGNAL */
function automatic [31:0] si_f32_exp_legacy(input [31:0] tr_a, input [31:0] tr_mode);
/* verilator lint_on UNUSEDSIGNAL */
    begin
        si_f32_exp_legacy = si_f32_exp(tr_a, tr_mode);
    end
endfunction

// ---------------------------------------------------------------- sin / cos

// SQ(u) = sin(pi/2 * v) for v = u * 2^-62 in (0, 1), on one quadratic piece of
// g(v) = sin(pi v / 2) / v per 1/128 (SIN_QI: c0, c1, c2 in Q30; sw/fp_trans.c):
// i = u[61:55], t = u[54:31] (Q24), a = c1 + floor(c2 * t[23:8] / 2^16),
// G = c0 + floor(a * t / 2^24), lz = clz(u), vn = (u << lz)[63:36] (28 bits),
// SQ = RNE(vn * G * 2^(-56-lz)).  u = 2^62 gives 1, u = 0 gives +0.
// |x| < 2^-20: sin = RNE((M << 4) * c0[0] * 2^(E-55)) (the first piece at t = 0).

// Shared by sin and cos (the input is in revolutions).  F = frac(|x|) as Q64,
// quadrant q = F >> 62, u = F mod 2^62; cos uses q + 1 and a positive sign;
// |result| = SQ(q odd ? 2^62 - u : u), sign = sign(x) xor (q >= 2).
// fptr_sincos_v: {q[1], SQ's argument} (meaningful on the general path); SQ
// and the result are in fptr_tu.
/* verilator lint_off UNUSEDSIGNAL */
function automatic [63:0] fptr_sincos_v(input [31:0] tr_a, input tr_is_cos);
    reg signed [15:0] tr_e;
    reg [63:0] tr_ff;
    reg [62:0] tr_u;
    reg [1:0] tr_q;
    begin
        tr_e = fptr_exp(tr_a[30:23]);
        tr_ff = {40'd0, 1'b1, tr_a[22:0]} << (tr_e[5:0] + 6'd41);      // frac(|x|), Q64
        tr_q = tr_ff[63:62] + {1'b0, tr_is_cos};                        // cos t = sin(t + 1/4)
        tr_u = {1'b0, tr_ff[61:0]};
        fptr_sincos_v = {tr_q[1], tr_q[0] ? (63'h4000_0000_0000_0000 - tr_u) : tr_u};
    end
endfunction
/* verilator lint_on UNUSEDSIGNAL */

// -------------------------------------------------------------------- the unit

// log2 (fn 0), exp2 (1), sin (2) and cos (3) on one piece evaluation, one
// set of products and one rounder, as the quarter-rate datapath builds them;
// fn 4 is the f32 reciprocal (above).  Each function keeps its own argument
// reduction; the products take the operands of the function that runs:
//          log2 / exp2 / sin, cos                 rcp
//   P5     c2 * t[23:8] (17 x 16)                 rr * LOG_R[i] (26 x 11)
//   P6     a * t (25 x 24)                        M * y1 (24 x 41)
//   P7     log2: (2^24 - M or M - 2^23) * G,      e1 * y1 (27 x 41)
//          sin: vn * G (at most 28 x 31)
//   P8                                            q~ * M (28 x 24)
// The results are those of the separate algorithms above (docs/fp.md 9.2).
/* verilator lint_off UNUSEDSIGNAL */
function automatic [31:0] fptr_tu(input [2:0] tr_fn, input [31:0] tr_a);
    reg tr_exp, tr_sin, tr_cos, tr_rcp, tr_small, tr_sp, tr_rs, tr_lhalf;
    reg signed [15:0] tr_e, tr_rex;
    reg [63:0] tr_rsig;
    reg [31:0] tr_spv;
    // log2
    reg [23:0] tr_lm;
    reg signed [63:0] tr_S;
    reg [63:0] tr_mag;
    // exp2
    reg [79:0] tr_nf;
    // sin / cos
    reg [63:0] tr_qv, tr_un;
    reg [27:0] tr_vn;
    reg [6:0] tr_lz;
    // the piece of sin, exp2 or log2 and its evaluation
    reg [72:0] tr_sq;                   // {c0 (31), c1 (25, signed), c2 (17, signed)}
    reg [23:0] tr_t;
    reg signed [24:0] tr_qa;
    reg [30:0] tr_G;
    // the products
    reg signed [25:0] tr_a5;
    reg signed [17:0] tr_b5;
    reg signed [43:0] tr_m5;
    reg signed [24:0] tr_a6;
    reg signed [41:0] tr_b6, tr_b7;
    reg signed [66:0] tr_m6;
    reg signed [28:0] tr_a7;
    reg signed [70:0] tr_m7;
    reg [51:0] tr_m8;
    // rcp
    reg signed [25:0] tr_rr;
    reg [34:0] tr_mr;
    reg [40:0] tr_y1;
    reg [41:0] tr_y2;
    reg signed [64:0] tr_e1;
    reg [27:0] tr_qr;
    reg signed [51:0] tr_R;
    begin
        tr_exp = tr_fn == 3'd1;
        tr_sin = tr_fn == 3'd2 || tr_fn == 3'd3;
        tr_cos = tr_fn == 3'd3;
        tr_rcp = tr_fn == 3'd4;
        tr_e = fptr_exp(tr_a[30:23]);
        // ---- rcp seed: y0 = LOG_R[i] / 2^10, r = rr * 2^-33 = M y0 / 2^23 - 1 (|r| <= 2^-8)
        tr_mr = {11'd0, 1'b1, tr_a[22:0]} * {24'd0, fptab_log_r(tr_a[22:15])};
        tr_rr = $signed(tr_mr[25:0]);                                   // - 2^33 leaves the low 26 bits
        // ---- exp2 reduction
        tr_nf = fptr_exp_pre(tr_a);
        // ---- sin / cos reduction: the piece, the position in it, v normalised
        tr_small = tr_e < -16'sd20;
        tr_qv = fptr_sincos_v(tr_a, tr_cos);
        tr_lz = fptr_clz64({1'b0, tr_qv[62:0]});
        tr_un = {1'b0, tr_qv[62:0]} << tr_lz[5:0];
        tr_vn = tr_small ? {1'b1, tr_a[22:0], 4'd0} : tr_un[63:36];     // v = (M << 4) * 2^(E-25)
        // ---- log2 reduction: x in [1/2, 1) (E = -1) uses the lower half of LOG_QI
        tr_lhalf = tr_a[30:23] == 8'd126;
        tr_lm = tr_lhalf ? (24'd0 - {1'b1, tr_a[22:0]}) : {1'b0, tr_a[22:0]};  // 2^24 - M or M - 2^23
        // ---- the piece and the position t in it (Q24)
        if (tr_sin) begin
            tr_sq = fptab_sin_qi(tr_small ? 7'd0 : tr_qv[61:55]);
            tr_t = tr_small ? 24'd0 : tr_qv[54:31];
        end else if (tr_exp) begin
            tr_sq = fptab_exp_qi(tr_nf[63:57]);
            tr_t = tr_nf[56:33];
        end else begin
            tr_sq = fptab_log_qi({!tr_lhalf, tr_a[22:16]});
            tr_t = {tr_a[15:0], 8'd0};
        end
        // ---- P5: c2 * t[23:8]; rcp: rr * LOG_R[i]
        if (tr_rcp) begin tr_a5 = tr_rr; tr_b5 = $signed({7'd0, fptab_log_r(tr_a[22:15])}); end
        else        begin tr_a5 = $signed({10'd0, tr_t[23:8]}); tr_b5 = {tr_sq[16], tr_sq[16:0]}; end
        tr_m5 = tr_a5 * tr_b5;
        // rcp: y1 = y0 (1 - r) (Q40; <= 1)
        tr_y1 = {fptab_log_r(tr_a[22:15]), 30'd0} - tr_m5[43:3];
        tr_qa = $signed(tr_sq[41:17]) + $signed({{8{tr_m5[32]}}, tr_m5[32:16]});   // a = c1 + floor(c2 t' / 2^16)
        // ---- P6: a * t; rcp: M * y1
        if (tr_rcp) begin tr_a6 = $signed({1'b0, 1'b1, tr_a[22:0]}); tr_b6 = $signed({1'b0, tr_y1}); end
        else        begin tr_a6 = $signed({1'b0, tr_t}); tr_b6 = {{17{tr_qa[24]}}, tr_qa}; end
        tr_m6 = tr_a6 * tr_b6;
        // rcp: e1 = 1 - x y1 (Q63; about r^2 in size, of either sign: y1 is rounded)
        tr_e1 = $signed({2'b01, 63'd0}) - $signed({1'b0, tr_m6[63:0]});
        tr_G = tr_sq[72:42] + tr_m6[54:24];                             // G = c0 + floor(a t / 2^24)
        // ---- P7: sin vn * G, log2 (2^24 - M or M - 2^23) * G; rcp: e1 * y1
        if (tr_rcp)     begin tr_a7 = {{2{tr_e1[49]}}, tr_e1[49:23]}; tr_b7 = $signed({1'b0, tr_y1}); end
        else if (tr_sin) begin tr_a7 = $signed({1'b0, tr_vn}); tr_b7 = $signed({11'd0, tr_G}); end
        else            begin tr_a7 = $signed({5'd0, tr_lm}); tr_b7 = $signed({11'd0, tr_G}); end
        tr_m7 = tr_a7 * tr_b7;
        // rcp: y2 = y1 + y1 e1; q~ = floor(2^26 y2), within 1 of floor(2^49 / M)
        tr_y2 = {1'b0, tr_y1} + {{11{tr_m7[70]}}, tr_m7[70:40]};
        tr_qr = tr_y2[41:14];
        // ---- P8 (rcp): q~ * M
        tr_m8 = {24'd0, tr_qr} * {28'd0, 1'b1, tr_a[22:0]};
        // ---- results: a special value or a rounding request
        tr_sp = 1'b1;
        tr_spv = 32'd0;
        tr_rs = 1'b0;
        tr_rex = 16'sd0;
        tr_rsig = 64'd0;
        tr_S = 64'sd0;
        tr_mag = 64'd0;
        tr_R = 52'sd0;
        case (tr_fn)
        3'd4: begin                                                     // rcp
            // remainder 2^49 - q~ M, one correction step to the floor quotient
            tr_R = $signed({3'b001, 49'd0}) - $signed({1'b0, tr_m8[50:0]});
            if (tr_R[51]) begin
                tr_qr = tr_qr - 28'd1;
                tr_R = tr_R + $signed({28'd0, 1'b1, tr_a[22:0]});
            end else if (tr_R >= $signed({28'd0, 1'b1, tr_a[22:0]})) begin
                tr_qr = tr_qr + 28'd1;
                tr_R = tr_R - $signed({28'd0, 1'b1, tr_a[22:0]});
            end
            case (fptr_cls(tr_a[30:0]))
            2'd3: tr_spv = tr_a | 32'h00400000;
            2'd2: tr_spv = {tr_a[31], 31'd0};
            2'd0: tr_spv = {tr_a[31], 31'h7f800000};
            default: begin                                              // 1/x = q * 2^(-26-E)
                tr_sp = 1'b0;
                tr_rs = tr_a[31];
                tr_rex = -16'sd26 - tr_e;
                tr_rsig = {36'd0, tr_qr} | {63'd0, tr_R != 52'sd0};
            end
            endcase
        end
        3'd0: begin                                                     // log2
            // E = -1: -(2^24 - M) G (Q54); otherwise E 2^53 + (M - 2^23) G (Q53)
            tr_S = tr_lhalf ? -$signed(tr_m7[63:0]) : $signed({tr_e[10:0], 53'd0}) + $signed(tr_m7[63:0]);
            tr_mag = tr_S[63] ? (64'd0 - tr_S) : tr_S;
            case (fptr_cls(tr_a[30:0]))
            2'd3: tr_spv = tr_a | 32'h00400000;
            2'd0: tr_spv = 32'hff800000;
            2'd2: tr_spv = tr_a[31] ? 32'hffc00000 : tr_a;
            default:
                if (tr_a[31])               tr_spv = 32'hffc00000;
                else if (tr_mag == 64'd0)   tr_spv = 32'd0;                // log2(1) = +0
                else begin
                    tr_sp = 1'b0;
                    tr_rs = tr_S[63];
                    tr_rex = tr_lhalf ? -16'sd54 : -16'sd53;
                    tr_rsig = tr_mag;
                end
            endcase
        end
        3'd1: begin                                                     // exp2
            case (fptr_cls(tr_a[30:0]))
            2'd3: tr_spv = tr_a | 32'h00400000;
            2'd0: tr_spv = 32'h3f800000;
            2'd2: tr_spv = tr_a[31] ? 32'd0 : tr_a;
            default:
                if (!tr_a[31] && tr_a >= 32'h43000000)     tr_spv = 32'h7f800000;   // x >= 128
                else if (tr_a[31] && tr_a > 32'hc2fc0000)  tr_spv = 32'd0;          // x < -126
                else if (tr_e < -16'sd64)                  tr_spv = 32'h3f800000;   // |x| < 2^-64
                else begin
                    tr_sp = 1'b0;
                    tr_rex = tr_nf[79:64] - 16'sd30;
                    tr_rsig = {33'd0, tr_G};
                end
            endcase
        end
        default: begin                                                  // sin, cos
            case (fptr_cls(tr_a[30:0]))
            2'd3: tr_spv = tr_a | 32'h00400000;
            2'd2: tr_spv = 32'hffc00000;
            2'd0: tr_spv = tr_cos ? 32'h3f800000 : {tr_a[31], 31'd0};
            default:
                if (tr_a[30:0] > 31'h43800000)       tr_spv = tr_cos ? 32'h3f800000 : 32'd0;   // |x| > 256
                else if (tr_small && tr_cos)         tr_spv = 32'h3f800000;
                else if (tr_small) begin                                // sin(2 pi x) ~ 2 pi x
                    tr_sp = 1'b0;
                    tr_rs = tr_a[31];
                    tr_rex = tr_e - 16'sd55;
                    tr_rsig = {5'd0, tr_m7[58:0]};
                end else begin
                    tr_rs = (tr_a[31] && !tr_cos) ^ tr_qv[63];
                    if (tr_qv[62:0] == 63'd0)
                        tr_spv = 32'd0;                                 // a zero result is +0
                    else if (tr_qv[62])
                        tr_spv = {tr_rs, 31'h3f800000};                 // +-1
                    else begin
                        tr_sp = 1'b0;
                        tr_rex = -16'sd56 - $signed({9'd0, tr_lz});
                        tr_rsig = {5'd0, tr_m7[58:0]};
                    end
                end
            endcase
        end
        endcase
        fptr_tu = tr_sp ? tr_spv : fptr_rne32(tr_rs, tr_rex, tr_rsig);
    end
endfunction
/* verilator lint_on UNUSEDSIGNAL */


/* verilator lint_off UNUSEDSIGNAL */
function automatic [31:0] si_f32_sin(input [31:0] tr_a, input [31:0] tr_mode);
/* verilator lint_on UNUSEDSIGNAL */
    begin
        si_f32_sin = fptr_tu(3'd2, tr_a);
    end
endfunction

/* verilator lint_off UNUSEDSIGNAL */
function automatic [31:0] si_f32_cos(input [31:0] tr_a, input [31:0] tr_mode);
/* verilator lint_on UNUSEDSIGNAL */
    begin
        si_f32_cos = fptr_tu(3'd3, tr_a);
    end
endfunction

