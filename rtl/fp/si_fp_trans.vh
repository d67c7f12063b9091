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
//    anything nonzero follows, so the result is identical.
//  - The Q62 fixed-point multiply mulq(a, b) = (int64)((i128)a*b >> 62) is
//    built from four 32x32 products with a two's-complement correction, so
//    that no intermediate is wider than 65 bits (fast in Verilator).
//  - Function arguments and locals are all named tr_* so that they do not
//    shadow (VARHIDDEN) signals of the including module.


// ------------------------------------------------------------------ helpers

// Count of leading zeros of a 64-bit value (64 for zero), binary search.
function automatic [6:0] fptr_clz64(input [63:0] tr_x);
    reg [63:0] tr_v;
    reg [6:0] tr_n;
    begin
        tr_v = tr_x;
        tr_n = 7'd0;
        if (tr_v == 64'd0) begin
            tr_n = 7'd64;
        end else begin
            if (tr_v[63:32] == 32'd0) begin tr_n = tr_n + 7'd32; tr_v = {tr_v[31:0], 32'd0}; end
            if (tr_v[63:48] == 16'd0) begin tr_n = tr_n + 7'd16; tr_v = {tr_v[47:0], 16'd0}; end
            if (tr_v[63:56] == 8'd0)  begin tr_n = tr_n + 7'd8;  tr_v = {tr_v[55:0], 8'd0};  end
            if (tr_v[63:60] == 4'd0)  begin tr_n = tr_n + 7'd4;  tr_v = {tr_v[59:0], 4'd0};  end
            if (tr_v[63:62] == 2'd0)  begin tr_n = tr_n + 7'd2;  tr_v = {tr_v[61:0], 2'd0};  end
            if (tr_v[63] == 1'b0)     begin tr_n = tr_n + 7'd1; end
        end
        fptr_clz64 = tr_n;
    end
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

// Low 64 bits of (a * b) >> (sh63 ? 63 : 62), the product taken as a 128-bit
// two's-complement value; asg / bsg say whether a / b are signed.  The shift
// is arithmetic (floor) for a negative product.
function automatic [63:0] fptr_mulsh(input [63:0] tr_a, input [63:0] tr_b, input tr_asg, input tr_bsg,
                                     input tr_sh63);
    reg [63:0] tr_ll, tr_lh, tr_hl, tr_hh, tr_hi;
    reg [64:0] tr_mid;
    // only the bits of tr_t at and above 2^62 are kept
    /* verilator lint_off UNUSEDSIGNAL */
    reg [64:0] tr_t;
    /* verilator lint_on UNUSEDSIGNAL */
    begin
        tr_ll = {32'd0, tr_a[31:0]}  * {32'd0, tr_b[31:0]};
        tr_lh = {32'd0, tr_a[31:0]}  * {32'd0, tr_b[63:32]};
        tr_hl = {32'd0, tr_a[63:32]} * {32'd0, tr_b[31:0]};
        tr_hh = {32'd0, tr_a[63:32]} * {32'd0, tr_b[63:32]};
        tr_mid = {1'b0, tr_lh} + {1'b0, tr_hl};
        tr_t = {1'b0, tr_ll} + {1'b0, tr_mid[31:0], 32'd0};
        tr_hi = tr_hh + {31'd0, tr_mid[64:32]} + {63'd0, tr_t[64]};
        // signed = unsigned - 2^64 * (a<0 ? b : 0) - 2^64 * (b<0 ? a : 0)
        if (tr_asg && tr_a[63]) tr_hi = tr_hi - tr_b;
        if (tr_bsg && tr_b[63]) tr_hi = tr_hi - tr_a;
        fptr_mulsh = tr_sh63 ? {tr_hi[62:0], tr_t[63]} : {tr_hi[61:0], tr_t[63:62]};
    end
endfunction

// mulq(a, b) = floor(a * b / 2^62) for signed Q62 operands (truncated to 64 bits).
function automatic [63:0] fptr_mulq(input [63:0] tr_a, input [63:0] tr_b);
    begin
        fptr_mulq = fptr_mulsh(tr_a, tr_b, 1'b1, 1'b1, 1'b0);
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
function automatic [27:0] fptr_div49(input [24:0] tr_d);       // n = 27: 2^49 / d
    reg [25:0] tr_r;
    reg [26:0] tr_df;   // tr_r - d; [26] = borrow
    reg [26:0] tr_q;
    integer tr_i;
    begin
        tr_r = 26'h0400000;                                     // 2^22 < d
        tr_q = 27'd0;
        for (tr_i = 0; tr_i < 27; tr_i = tr_i + 1) begin
            tr_r = {tr_r[24:0], 1'b0};
            tr_df = {1'b0, tr_r} - {2'b0, tr_d};
            tr_q = {tr_q[25:0], !tr_df[26]};
            if (!tr_df[26]) tr_r = tr_df[25:0];
        end
        fptr_div49 = {tr_r != 26'd0, tr_q};
    end
endfunction

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
// bits and the same exactness.
/* verilator lint_off UNUSEDSIGNAL */
function automatic [31:0] si_f32_rcp(input [31:0] tr_a, input [31:0] tr_mode);
/* verilator lint_on UNUSEDSIGNAL */
    reg [27:0] tr_q;
    begin
        case (fptr_cls(tr_a[30:0]))
        2'd3: si_f32_rcp = tr_a | 32'h00400000;
        2'd2: si_f32_rcp = {tr_a[31], 31'd0};
        2'd0: si_f32_rcp = {tr_a[31], 31'h7f800000};
        default: begin
            tr_q = fptr_div49({2'b01, tr_a[22:0]});                    // 1/x = q * 2^(-26-E)
            si_f32_rcp = fptr_rne32(tr_a[31], -16'sd26 - fptr_exp(tr_a[30:23]),
                                    {37'd0, tr_q[26:0]} | {63'd0, tr_q[27]});
        end
        endcase
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

// sqrt: with a = M' * 2^k, k even, q = floor(sqrt(M' * 2^26)) (C: 2^38);
// the root is passed with one extra bit below it holding the sticky bit.
/* verilator lint_off UNUSEDSIGNAL */
function automatic [31:0] si_f32_sqrt(input [31:0] tr_a, input [31:0] tr_mode);
/* verilator lint_on UNUSEDSIGNAL */
    reg signed [15:0] tr_k;
    reg [24:0] tr_mm;
    reg [26:0] tr_sq;
    begin
        case (fptr_cls(tr_a[30:0]))
        2'd3: si_f32_sqrt = tr_a | 32'h00400000;
        2'd0: si_f32_sqrt = {tr_a[31], 31'd0};
        2'd2: si_f32_sqrt = tr_a[31] ? 32'hffc00000 : tr_a;
        default: begin
            if (tr_a[31]) begin
                si_f32_sqrt = 32'hffc00000;
            end else begin
                tr_k = fptr_exp(tr_a[30:23]) - 16'sd23;
                tr_mm = {1'b0, 1'b1, tr_a[22:0]};
                if (tr_k[0]) begin
                    tr_mm = {tr_mm[23:0], 1'b0};
                    tr_k = tr_k - 16'sd1;
                end
                tr_sq = fptr_isqrt({1'b0, tr_mm, 26'd0});
                // value = root * 2^(k/2 - 13); one more bit for the sticky
                si_f32_sqrt = fptr_rne32(1'b0, (tr_k >>> 1) - 16'sd14,
                                         {37'd0, tr_sq[25:0], tr_sq[26]});
            end
        end
        endcase
    end
endfunction

// rsq: with a = M' * 2^k, k even, y = floor(sqrt(floor(2^74 / M'))) (C: 2^96)
// = floor(2^37 / sqrt(M')); inexact iff the division or the root is inexact.
// The quotient and the remainder's sign of life come from one restoring
// division (fptr_div74).
/* verilator lint_off UNUSEDSIGNAL */
function automatic [31:0] si_f32_rsq(input [31:0] tr_a, input [31:0] tr_mode);
/* verilator lint_on UNUSEDSIGNAL */
    reg signed [15:0] tr_k;
    reg [24:0] tr_mm;
    reg [52:0] tr_q;
    reg [26:0] tr_sq;
    begin
        case (fptr_cls(tr_a[30:0]))
        2'd3: si_f32_rsq = tr_a | 32'h00400000;
        2'd0: si_f32_rsq = {tr_a[31], 31'h7f800000};
        2'd2: si_f32_rsq = tr_a[31] ? 32'hffc00000 : 32'd0;
        default: begin
            if (tr_a[31]) begin
                si_f32_rsq = 32'hffc00000;
            end else begin
                tr_k = fptr_exp(tr_a[30:23]) - 16'sd23;
                tr_mm = {1'b0, 1'b1, tr_a[22:0]};
                if (tr_k[0]) begin
                    tr_mm = {tr_mm[23:0], 1'b0};
                    tr_k = tr_k - 16'sd1;
                end
                tr_q = fptr_div74(tr_mm);                               // 2^74/M' < 2^51
                tr_sq = fptr_isqrt(tr_q[51:0]);
                si_f32_rsq = fptr_rne32(1'b0, -16'sd38 - (tr_k >>> 1),
                                        {37'd0, tr_sq[25:0], tr_sq[26] | tr_q[52]});
            end
        end
        endcase
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

// -------------------------------------------------------------------- shared polynomial evaluator

// log2, exp2 and sin/cos evaluate their polynomials on one Horner chain of
// seven steps p_k = c_k + mulq(x_k, p_in_k) (the quarter-rate unit has one
// such chain; simd_qr.v).  Per function fn:
//   0 log: x = r; p_in = C7, then p_(k-1); c = C6 .. C1, 0: log's p = p7
//   1 exp: x = r; p_in = D5, then p_(k-1); c = D4 .. D1, 2^62: q = p5
//   2 sin: x = z (steps 1-6), b (step 7); steps 1-3 from -K5040 with
//          c = K120, -K6, 1 (ps = p3); steps 4-6 from -K720 with c = K24,
//          -K2, 1 (pc = p6); step 7: p_in = ps, c = 0 (b * ps = p7)
// Returns {p5, p6, p7}.
function automatic [63:0] fptr_poly_c(input [1:0] tr_fn, input [2:0] tr_k);
    begin
        fptr_poly_c = 64'd0;
        case ({tr_fn, tr_k})
        {2'd0, 3'd0}: fptr_poly_c = 64'h0d30bb153d6f6ca0;   // C7 (start)
        {2'd0, 3'd1}: fptr_poly_c = 64'hf09c7b11e2fe0146;   // C6
        {2'd0, 3'd2}: fptr_poly_c = 64'h12776c50ef9bfe79;   // C5
        {2'd0, 3'd3}: fptr_poly_c = 64'he8eab89ad47d01e9;   // C4
        {2'd0, 3'd4}: fptr_poly_c = 64'h1ec709dc3a03fd75;   // C3
        {2'd0, 3'd5}: fptr_poly_c = 64'hd1d57135a8fa03d1;   // C2
        {2'd0, 3'd6}: fptr_poly_c = 64'h5c551d94ae0bf85e;   // C1
        {2'd1, 3'd0}: fptr_poly_c = 64'h0015d87fe78a6731;   // D5 (start)
        {2'd1, 3'd1}: fptr_poly_c = 64'h009d955b7dd273b9;   // D4
        {2'd1, 3'd2}: fptr_poly_c = 64'h038d611ae09417f1;   // D3
        {2'd1, 3'd3}: fptr_poly_c = 64'h0f5fdeffc162c754;   // D2
        {2'd1, 3'd4}: fptr_poly_c = 64'h2c5c85fdf473de6b;   // D1
        {2'd1, 3'd5}: fptr_poly_c = 64'h4000000000000000;   // 1
        {2'd2, 3'd0}: fptr_poly_c = 64'hfffcbfcbfcbfcbfd;   // -K5040 (start)
        {2'd2, 3'd1}: fptr_poly_c = 64'h0088888888888889;   //  K120
        {2'd2, 3'd2}: fptr_poly_c = 64'hf555555555555555;   // -K6
        {2'd2, 3'd3}: fptr_poly_c = 64'h4000000000000000;   //  1
        {2'd2, 3'd4}: fptr_poly_c = 64'h02aaaaaaaaaaaaab;   //  K24 (from -K720)
        {2'd2, 3'd5}: fptr_poly_c = 64'he000000000000000;   // -K2
        {2'd2, 3'd6}: fptr_poly_c = 64'h4000000000000000;   //  1
        default: ;
        endcase
    end
endfunction

function automatic [191:0] fptr_poly7(input [1:0] tr_fn, input [63:0] tr_x, input [63:0] tr_b);
    reg [63:0] tr_p, tr_p3, tr_p5, tr_p6, tr_in;
    integer    tr_k;
    begin
        tr_p = fptr_poly_c(tr_fn, 3'd0);
        tr_p3 = 64'd0; tr_p5 = 64'd0; tr_p6 = 64'd0;
        for (tr_k = 1; tr_k <= 7; tr_k = tr_k + 1) begin
            tr_in = tr_p;
            if (tr_fn == 2'd2 && tr_k == 4) tr_in = 64'hffe93e93e93e93e9;   // -K720
            if (tr_fn == 2'd2 && tr_k == 7) tr_in = tr_p3;
            tr_p = fptr_poly_c(tr_fn, tr_k[2:0]) + fptr_mulq((tr_fn == 2'd2 && tr_k == 7) ? tr_b : tr_x, tr_in);
            if (tr_k == 3) tr_p3 = tr_p;
            if (tr_k == 5) tr_p5 = tr_p;
            if (tr_k == 6) tr_p6 = tr_p;
        end
        fptr_poly7 = {tr_p5, tr_p6, tr_p};
    end
endfunction

// -------------------------------------------------------------------- log2

// log2(x), x = M * 2^(E-23): i = M[22:15], r = (M*LOG_R[i] - 2^33) << 29
// (Q62), p = Horner(C7..C1) * r, S = E*2^62 + LOG_L[i] + p, RNE(S * 2^-62).
// fptr_log_r: r (any input); fptr_log_fin: the result given p.
/* verilator lint_off UNUSEDSIGNAL */
function automatic [63:0] fptr_log_r(input [31:0] tr_a);
    reg [34:0] tr_mr;
    begin
        tr_mr = {11'd0, 1'b1, tr_a[22:0]} * {24'd0, fptab_log_r(tr_a[22:15])};
        fptr_log_r = ({29'd0, tr_mr} - 64'h0000_0002_0000_0000) << 29;
    end
endfunction
/* verilator lint_on UNUSEDSIGNAL */

function automatic [31:0] fptr_log_fin(input [31:0] tr_a, input [63:0] tr_p);
    reg [63:0] tr_t, tr_tl, tr_ml;
    reg signed [8:0] tr_eh;
    reg [7:0] tr_mh;
    reg tr_sn;
    begin
        case (fptr_cls(tr_a[30:0]))
        2'd3: fptr_log_fin = tr_a | 32'h00400000;
        2'd0: fptr_log_fin = 32'hff800000;
        2'd2: fptr_log_fin = tr_a[31] ? 32'hffc00000 : tr_a;
        default: begin
            if (tr_a[31]) begin
                fptr_log_fin = 32'hffc00000;
            end else begin
                // S = E*2^62 + t with t = LOG_L[i] + p, |t| < 2^63, split as
                // S = eh*2^62 + tl, tl in [0, 2^62)
                tr_t = fptab_log_l(tr_a[22:15]) + tr_p;
                tr_tl = {2'b00, tr_t[61:0]};
                tr_eh = {1'b0, tr_a[30:23]} - 9'd127 + {{7{tr_t[63]}}, tr_t[63:62]};  // -127..128
                // |S| = mh*2^62 + ml, ml in [0, 2^62]
                tr_sn = tr_eh[8];
                if (!tr_sn) begin
                    tr_mh = tr_eh[7:0];
                    tr_ml = tr_tl;
                end else if (tr_tl == 64'd0) begin
                    tr_mh = 8'd0 - tr_eh[7:0];
                    tr_ml = 64'd0;
                end else begin
                    tr_mh = 8'hff - tr_eh[7:0];                         // -eh - 1
                    tr_ml = 64'h4000_0000_0000_0000 - tr_tl;
                end
                if (tr_mh == 8'd0 && tr_ml == 64'd0)
                    fptr_log_fin = 32'd0;                               // log2(1) = +0
                else if (tr_mh == 8'd0)
                    fptr_log_fin = fptr_rne32(tr_sn, -16'sd62, tr_ml);
                else
                    fptr_log_fin = fptr_rne32(tr_sn, -16'sd54,
                                              {2'b00, tr_mh, tr_ml[61:8]} | {63'd0, tr_ml[7:0] != 8'd0});
            end
        end
        endcase
    end
endfunction

/* verilator lint_off UNUSEDSIGNAL */
function automatic [31:0] si_f32_log(input [31:0] tr_a, input [31:0] tr_mode);
/* verilator lint_on UNUSEDSIGNAL */
    /* verilator lint_off UNUSEDSIGNAL */
    reg [191:0] tr_pp;   // {p5, p6, p7}: log uses p7
    /* verilator lint_on UNUSEDSIGNAL */
    begin
        tr_pp = fptr_poly7(2'd0, fptr_log_r(tr_a), 64'd0);
        si_f32_log = fptr_log_fin(tr_a, tr_pp[63:0]);
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

// exp2(x): X = floor(x * 2^64), n = X >> 64, f = X mod 2^64, i = f >> 56,
// r = (f mod 2^56) >> 2, q = 2^62 + r * Horner(D5..D1),
// mant = (EXP_T[i] * q) >> 62, result RNE(mant * 2^(n-62)).
// fptr_exp_pre: {n, f} (meaningful on the general path); fptr_exp_fin: the
// result given n and mant.
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

function automatic [31:0] fptr_exp_fin(input [31:0] tr_a, input signed [15:0] tr_n, input [63:0] tr_mant);
    begin
        case (fptr_cls(tr_a[30:0]))
        2'd3: fptr_exp_fin = tr_a | 32'h00400000;
        2'd0: fptr_exp_fin = 32'h3f800000;
        2'd2: fptr_exp_fin = tr_a[31] ? 32'd0 : tr_a;
        default: begin
            if (!tr_a[31] && tr_a >= 32'h43000000)
                fptr_exp_fin = 32'h7f800000;                            // x >= 128
            else if (tr_a[31] && tr_a > 32'hc2fc0000)
                fptr_exp_fin = 32'd0;                                   // x < -126
            else if (fptr_exp(tr_a[30:23]) < -16'sd64)
                fptr_exp_fin = 32'h3f800000;                            // |x| < 2^-64
            else
                fptr_exp_fin = fptr_rne32(1'b0, tr_n - 16'sd62, tr_mant);
        end
        endcase
    end
endfunction

// r = (f mod 2^56) >> 2 (Q62) from fptr_exp_pre's {n, f}
/* verilator lint_off UNUSEDSIGNAL */
function automatic [63:0] fptr_exp_r(input [79:0] tr_nf);
    begin
        fptr_exp_r = {10'd0, tr_nf[55:2]};
    end
endfunction
/* verilator lint_on UNUSEDSIGNAL */

/* verilator lint_off UNUSEDSIGNAL */
function automatic [31:0] si_f32_exp(input [31:0] tr_a, input [31:0] tr_mode);
/* verilator lint_on UNUSEDSIGNAL */
    reg [79:0] tr_nf;
    /* verilator lint_off UNUSEDSIGNAL */
    reg [191:0] tr_pp;   // {p5, p6, p7}: exp uses p5 = q
    /* verilator lint_on UNUSEDSIGNAL */
    begin
        tr_nf = fptr_exp_pre(tr_a);
        tr_pp = fptr_poly7(2'd1, fptr_exp_r(tr_nf), 64'd0);
        si_f32_exp = fptr_exp_fin(tr_a, tr_nf[79:64],
                                  fptr_mulsh(fptab_exp_t(tr_nf[63:56]), tr_pp[191:128], 1'b0, 1'b0, 1'b0));
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

// sin(2*pi*v) for v in [0, 1/4] as Q64 (v <= 2^62); result Q62 in [0, 2^62]:
// k = round(v * 2^8) (0..64), w = v - k/256, b = w * 2pi (Q62), z = b^2,
// ps / pc = the sin / cos polynomials in z (fptr_poly7, fn 2),
// SQ = SIN_T[k] * pc + SIN_T[64-k] * (b * ps), clamped to [0, 2^62].
// fptr_sinq_kb: {k, b}; fptr_sinq_fin: SQ from the two products.
function automatic [70:0] fptr_sinq_kb(input [62:0] tr_v);
    reg [63:0] tr_w;
    reg [6:0] tr_k;
    begin
        tr_k = tr_v[62:56] + {6'd0, tr_v[55]};                          // (v + 2^55) >> 56, 0..64
        tr_w = {1'b0, tr_v} - {1'b0, tr_k, 56'd0};                      // |w| <= 2^55
        fptr_sinq_kb = {tr_k, fptr_mulsh(tr_w, 64'hc90fdaa22168c235, 1'b1, 1'b0, 1'b1)};  // w * 2pi, Q62
    end
endfunction

function automatic [63:0] fptr_sinq_fin(input [63:0] tr_m1, input [63:0] tr_m2);
    reg [63:0] tr_res;
    begin
        tr_res = tr_m1 + tr_m2;
        if (tr_res[63])
            tr_res = 64'd0;
        else if (tr_res > 64'h4000_0000_0000_0000)
            tr_res = 64'h4000_0000_0000_0000;
        fptr_sinq_fin = tr_res;
    end
endfunction

/* verilator lint_off UNUSEDSIGNAL */
function automatic [63:0] fptr_sinq(input [62:0] tr_v);
    reg [70:0] tr_kb;
    reg [191:0] tr_pp;   // {p5, p6, p7}: pc = p6, b * ps = p7
    begin
        tr_kb = fptr_sinq_kb(tr_v);
        tr_pp = fptr_poly7(2'd2, fptr_mulq(tr_kb[63:0], tr_kb[63:0]), tr_kb[63:0]);
        fptr_sinq = fptr_sinq_fin(fptr_mulq(fptab_sin_t(tr_kb[70:64]), tr_pp[127:64]),
                                  fptr_mulq(fptab_sin_t(7'd64 - tr_kb[70:64]), tr_pp[63:0]));
    end
endfunction
/* verilator lint_on UNUSEDSIGNAL */

// Shared by sin and cos (the input is in revolutions).  F = frac(|x|) as Q64,
// quadrant q = F >> 62, u = F mod 2^62; cos uses q + 1 and a positive sign;
// |result| = SQ(q odd ? 2^62 - u : u), sign = sign(x) xor (q >= 2).
// fptr_sincos_v: {q[1], SQ's argument} (meaningful on the general path);
// fptr_sincos_fin: the result given q[1] and SQ's value y.
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

/* verilator lint_off UNUSEDSIGNAL */
function automatic [31:0] fptr_sincos_fin(input [31:0] tr_a, input tr_is_cos, input tr_q1, input [63:0] tr_y);
    reg signed [15:0] tr_e;
    reg [63:0] tr_mm;
    reg [55:0] tr_x1, tr_x2;
    reg tr_sg;
    begin
        tr_e = fptr_exp(tr_a[30:23]);
        tr_mm = {40'd0, 1'b1, tr_a[22:0]};
        case (fptr_cls(tr_a[30:0]))
        2'd3: fptr_sincos_fin = tr_a | 32'h00400000;
        2'd2: fptr_sincos_fin = 32'hffc00000;
        2'd0: fptr_sincos_fin = tr_is_cos ? 32'h3f800000 : {tr_a[31], 31'd0};
        default: begin
            if (tr_a[30:0] > 31'h43800000) begin                        // |x| > 256
                fptr_sincos_fin = tr_is_cos ? 32'h3f800000 : 32'd0;
            end else if (tr_e < -16'sd20) begin
                // sin(2 pi x) ~ 2 pi x: RNE(M * TWOPI_Q61 * 2^(E-84)); the
                // 88-bit product is passed as floor(prod / 2^24) | sticky
                tr_x1 = {32'd0, tr_mm[23:0]} * 56'h00_0000_2168_c235;   // M * low half
                tr_x2 = {32'd0, tr_mm[23:0]} * 56'h00_0000_c90f_daa2;   // M * high half
                if (tr_is_cos)
                    fptr_sincos_fin = 32'h3f800000;
                else
                    fptr_sincos_fin = fptr_rne32(tr_a[31], tr_e - 16'sd60,
                                                 ({tr_x2[55:0], 8'd0} + {32'd0, tr_x1[55:24]})
                                                 | {63'd0, tr_x1[23:0] != 24'd0});
            end else begin
                tr_sg = tr_a[31] && !tr_is_cos;
                if (tr_y == 64'd0)
                    fptr_sincos_fin = 32'd0;
                else
                    fptr_sincos_fin = fptr_rne32(tr_sg ^ tr_q1, -16'sd62, tr_y);
            end
        end
        endcase
    end
endfunction
/* verilator lint_on UNUSEDSIGNAL */

function automatic [31:0] fptr_sincos(input [31:0] tr_a, input tr_is_cos);
    reg [63:0] tr_qv;
    begin
        tr_qv = fptr_sincos_v(tr_a, tr_is_cos);
        fptr_sincos = fptr_sincos_fin(tr_a, tr_is_cos, tr_qv[63], fptr_sinq(tr_qv[62:0]));
    end
endfunction

/* verilator lint_off UNUSEDSIGNAL */
function automatic [31:0] si_f32_sin(input [31:0] tr_a, input [31:0] tr_mode);
/* verilator lint_on UNUSEDSIGNAL */
    begin
        si_f32_sin = fptr_sincos(tr_a, 1'b0);
    end
endfunction

/* verilator lint_off UNUSEDSIGNAL */
function automatic [31:0] si_f32_cos(input [31:0] tr_a, input [31:0] tr_mode);
/* verilator lint_on UNUSEDSIGNAL */
    begin
        si_f32_cos = fptr_sincos(tr_a, 1'b1);
    end
endfunction

