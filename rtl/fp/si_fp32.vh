// si_fp32.vh - f32 arithmetic core of the sicu FPU.
//
// Bit-exact with the golden library (sw/fp.c, semantics in docs/fp.md) for
// every input and every MODE value.  Include inside a module body; every
// function is `function automatic` and combinational.  Public functions carry
// the name of their C counterpart (si_f32_*) and take the raw MODE register
// as their last argument; internal helpers are prefixed fp32_.
//
// Datapath notes:
//  - fp32_round rounds an exact value sig * 2^e (sig != 0, up to 64 bits with
//    a sticky bit at bit 0) once, onto the f32 grid (denormal grid below
//    2^-126), then applies output flush and overflow, like si_fp_round.
//  - add and fma align the two operands in a 64-bit window (leading bit at
//    bit 62 or 61) and jam the bits shifted out into bit 0.  Operands have at
//    most 48 significant bits, so bits are lost only when the exponent
//    difference is >= 14, where at most one leading bit can cancel and the
//    jammed sticky bit stays far below the rounding position: the rounded
//    result equals the correctly rounded exact sum.

// Function arguments and locals (a, b, x, r, ...) may shadow signals of the
// including module; that is harmless (functions only see their own names)
// and the include file cannot know the includer's names, so VARHIDDEN is
// disabled for this file only.  UNUSEDSIGNAL too: the public functions take
// the whole raw MODE register (interface contract) and use a few bits of it,
// and helpers take whole f32 words of which they read some fields.
/* verilator lint_off VARHIDDEN */
/* verilator lint_off UNUSEDSIGNAL */

// ------------------------------------------------------------------ helpers

// Leading zero count of a 64-bit value (64 for 0): si_fp_lzc.vh.
function automatic [6:0] fp32_lzc64(input [63:0] x);
    fp32_lzc64 = fp_lzc64(x);
endfunction

// x >> sh with the shifted-out bits OR-ed into bit 0 (sh >= 64: sticky only).
function automatic [63:0] fp32_shr_jam(input [63:0] x, input [6:0] sh);
    begin
        if (sh[6])
            fp32_shr_jam = {63'd0, x != 64'd0};
        else
            fp32_shr_jam = (x >> sh[5:0]) |
                           {63'd0, (x & ~({64{1'b1}} << sh[5:0])) != 64'd0};
    end
endfunction

// The same on 26 bits (sh >= 26: sticky only).
function automatic [25:0] fp32_shr_jam26(input [25:0] x, input [6:0] sh);
    begin
        if (sh >= 7'd26)
            fp32_shr_jam26 = {25'd0, x != 26'd0};
        else
            fp32_shr_jam26 = (x >> sh[4:0]) |
                             {25'd0, (x & ~({26{1'b1}} << sh[4:0])) != 26'd0};
    end
endfunction

// Round sign * sig * 2^e (sig != 0) to f32 (half = 0) or f16 (half = 1,
// the result in [15:0]) with rounding mode rm; gradual underflow, then
// output flush of a denormal result when den_out = 0 (f16: pass 1);
// overflow to inf or max-finite depending on rm and sign.  One rounder for
// both formats: the f16 bits sit at the top of the same 26-bit window.
function automatic [31:0] fp32_round_fmt(input s, input signed [15:0] e, input [63:0] sig,
                                         input [1:0] rm, input den_out, input half);
    reg [6:0]         lz;
    reg [63:0]        n;
    reg [25:0]        c, t;
    reg signed [15:0] el, emin, sh16;
    reg [6:0]         sh;
    reg [24:0]        mant;
    reg [7:0]         eb;
    reg               rb, st, inc, ovf, sub;
    reg [30:0]        bits;
    begin
        lz = fp32_lzc64(sig);
        n = sig << lz;
        // the result bits (24, or 11 for f16), the round bit and the sticky
        // bit of the rest: the denormal shift below only moves them down
        c = half ? {n[63:52], n[51:0] != 52'd0, 13'd0} : {n[63:39], n[38:0] != 39'd0};
        el = e + 16'sd63 - {9'd0, lz};              // exponent of the leading bit
        emin = half ? -16'sd14 : -16'sd126;
        sub = el < emin;
        sh16 = emin - el;
        if (!sub)
            sh = 7'd0;
        else if (sh16 > 16'sd64)
            sh = 7'd64;
        else
            sh = sh16[6:0];
        t = fp32_shr_jam26(c, sh);
        mant = half ? {14'd0, t[25:15]} : {1'b0, t[25:2]};
        rb = half ? t[14] : t[1];
        st = half ? (t[13:0] != 14'd0) : t[0];
        case (rm)
            2'd0:    inc = rb & (st | mant[0]);
            2'd1:    inc = ~s & (rb | st);
            2'd2:    inc = s & (rb | st);
            default: inc = 1'b0;
        endcase
        mant = mant + {24'd0, inc};
        ovf = el > (half ? 16'sd15 : 16'sd127);
        eb = el[7:0] + (half ? 8'd14 : 8'd126);
        if (sub)
            bits = {6'd0, mant};
        else begin
            bits = (half ? {16'd0, eb[4:0], 10'd0} : {eb, 23'd0}) + {6'd0, mant};
            if (half ? (bits[14:0] >= 15'h7c00) : (bits >= 31'h7f800000))
                ovf = 1'b1;
        end
        if (!den_out && bits < 31'h00800000)
            bits = 31'd0;
        if (ovf)
            bits = (rm == 2'd0 || (rm == 2'd1 && !s) || (rm == 2'd2 && s)) ?
                   (half ? 31'h00007c00 : 31'h7f800000) : (half ? 31'h00007bff : 31'h7f7fffff);
        fp32_round_fmt = half ? {16'd0, s, bits[14:0]} : {s, bits};
    end
endfunction

function automatic [31:0] fp32_round(input s, input signed [15:0] e, input [63:0] sig,
                                     input [1:0] rm, input den_out);
    fp32_round = fp32_round_fmt(s, e, sig, rm, den_out, 1'b0);
endfunction

// A rounding request: the result of a special case, or sign * sig * 2^e for
// fp32_round with output flush den_out: {special, value[31:0], s, e[15:0],
// sig[63:0], den_out}.  fp32_fma, fp32_ldexp and the int -> f32 conversions
// are a request (their *_rq function) and fp32_rq_do, so that a datapath can
// compute several operations' requests and round the one it needs on a
// single fp32_round (simd_lane.v).
function automatic [114:0] fp32_rq_special(input [31:0] v);
    fp32_rq_special = {1'b1, v, 82'd0};
endfunction

function automatic [114:0] fp32_rq_round(input s, input signed [15:0] e, input [63:0] sig, input den_out);
    fp32_rq_round = {1'b0, 32'd0, s, e, sig, den_out};
endfunction

function automatic [31:0] fp32_rq_do(input [114:0] q, input [1:0] rm);
    fp32_rq_do = q[114] ? q[113:82] : fp32_round(q[81], q[80:65], q[64:1], rm, q[0]);
endfunction

function automatic fp32_isnan(input [31:0] a);
    fp32_isnan = a[30:23] == 8'hff && a[22:0] != 23'd0;
endfunction

function automatic fp32_issnan(input [31:0] a);
    fp32_issnan = a[30:23] == 8'hff && a[21:0] != 22'd0 && !a[22];
endfunction

function automatic fp32_isinf(input [31:0] a);
    fp32_isinf = a[30:0] == 31'h7f800000;
endfunction

// Input flush: a denormal becomes a signed zero unless den_in.
function automatic [31:0] fp32_fin(input [31:0] a, input den_in);
    fp32_fin = (!den_in && a[30:23] == 8'd0) ? {a[31], 31'd0} : a;
endfunction

// Significand with the hidden bit, and the field exponent (denormals: 1).
function automatic [23:0] fp32_sig(input [31:0] a);
    fp32_sig = {a[30:23] != 8'd0, a[22:0]};
endfunction

function automatic [7:0] fp32_fexp(input [31:0] a);
    fp32_fexp = (a[30:23] == 8'd0) ? 8'd1 : a[30:23];
endfunction

// ------------------------------------------------------- add / mul / fma

// a + b (b already negated for a subtraction); den = MODE denorm32 field.
function automatic [31:0] fp32_add(input [31:0] a, input [31:0] b, input [1:0] rm, input [1:0] den);
    reg [31:0] x, y, big, sml;
    reg [7:0]  feb, fes, d;
    reg [63:0] ab, as, r;
    begin
        x = fp32_fin(a, den[0]);
        y = fp32_fin(b, den[0]);
        if (fp32_isnan(a))
            fp32_add = a | 32'h00400000;
        else if (fp32_isnan(b))
            fp32_add = b | 32'h00400000;
        else if (fp32_isinf(x))
            fp32_add = (fp32_isinf(y) && x[31] != y[31]) ? 32'h7fc00000 : x;
        else if (fp32_isinf(y))
            fp32_add = y;
        else if (x[30:0] == 31'd0 && y[30:0] == 31'd0)
            fp32_add = {(rm == 2'd2) ? (x[31] | y[31]) : (x[31] & y[31]), 31'd0};
        else begin
            if (x[30:0] < y[30:0]) begin big = y; sml = x; end
            else begin big = x; sml = y; end
            feb = fp32_fexp(big);
            fes = fp32_fexp(sml);
            d = feb - fes;
            ab = {1'b0, fp32_sig(big), 39'd0};
            as = fp32_shr_jam({1'b0, fp32_sig(sml), 39'd0}, d[7:6] != 2'd0 ? 7'd64 : {1'b0, d[5:0]});
            r = (big[31] == sml[31]) ? ab + as : ab - as;
            if (r == 64'd0)
                fp32_add = {rm == 2'd2, 31'd0};
            else
                fp32_add = fp32_round(big[31], {8'd0, feb} - 16'sd189, r, rm, den[1]);
        end
    end
endfunction

// The product of the significands of the flushed operands, which the
// multiply and the FMA round: fp32_sig(fp32_fin(a, den0)) * the same of b.
// A datapath can compute it on a multiplier it shares and pass it to the
// _p forms below (the lane: one array for mul, fma and the 24-bit integer
// multiplies).
function automatic [47:0] fp32_sigprod(input [31:0] a, input [31:0] b, input den0);
    fp32_sigprod = fp32_sig(fp32_fin(a, den0)) * fp32_sig(fp32_fin(b, den0));
endfunction

// a * b rounded, given p = fp32_sigprod(a, b, den[0]).
function automatic [31:0] fp32_mul_p(input [31:0] a, input [31:0] b, input [47:0] p, input [1:0] rm,
                                     input [1:0] den);
    reg [31:0] x, y;
    reg        s, xz, yz;
    begin
        x = fp32_fin(a, den[0]);
        y = fp32_fin(b, den[0]);
        s = x[31] ^ y[31];
        xz = x[30:0] == 31'd0;
        yz = y[30:0] == 31'd0;
        if (fp32_isnan(a))
            fp32_mul_p = a | 32'h00400000;
        else if (fp32_isnan(b))
            fp32_mul_p = b | 32'h00400000;
        else if (fp32_isinf(x) || fp32_isinf(y))
            fp32_mul_p = (xz || yz) ? 32'h7fc00000 : {s, 31'h7f800000};
        else if (xz || yz)
            fp32_mul_p = {s, 31'd0};
        else
            fp32_mul_p = fp32_round(s, {8'd0, fp32_fexp(x)} + {8'd0, fp32_fexp(y)} - 16'sd300,
                                    {16'd0, p}, rm, den[1]);
    end
endfunction

function automatic [31:0] fp32_mul(input [31:0] a, input [31:0] b, input [1:0] rm, input [1:0] den);
    fp32_mul = fp32_mul_p(a, b, fp32_sigprod(a, b, den[0]), rm, den);
endfunction

// fp32_mul_p(a, b, p, rm, 2'b00), i.e. with denormals flushed in and out,
// without the general rounder: the product of two normal significands has
// its leading bit at 47 or 46, so normalising is a 1-bit shift.  A result
// whose leading bit is at 2^-127 is rounded on the denormal grid (one bit
// coarser) as fp32_round does, which may carry it to 2^-126; any other
// result below 2^-126 is flushed to a signed zero.
function automatic [31:0] fp32_mul_fz(input [31:0] a, input [31:0] b, input [47:0] p, input [1:0] rm);
    reg [31:0]        x, y;
    reg               s, xz, yz, dg, rb, st, inc, ovf;
    reg signed [15:0] el;
    reg [47:0]        n;
    reg [24:0]        mant;
    reg [30:0]        bits;
    begin
        x = fp32_fin(a, 1'b0);
        y = fp32_fin(b, 1'b0);
        s = x[31] ^ y[31];
        xz = x[30:0] == 31'd0;
        yz = y[30:0] == 31'd0;
        n = p[47] ? p : {p[46:0], 1'b0};
        // exponent of the leading bit
        el = {8'd0, x[30:23]} + {8'd0, y[30:23]} - 16'sd254 + {15'd0, p[47]};
        dg = el == -16'sd127;
        mant = dg ? {2'b0, n[47:25]} : {1'b0, n[47:24]};
        rb = dg ? n[24] : n[23];
        st = (n[22:0] != 23'd0) || (dg && n[23]);
        case (rm)
            2'd0:    inc = rb & (st | mant[0]);
            2'd1:    inc = ~s & (rb | st);
            2'd2:    inc = s & (rb | st);
            default: inc = 1'b0;
        endcase
        mant = mant + {24'd0, inc};
        ovf = el > 16'sd127;
        if (el < -16'sd127)
            bits = 31'd0;
        else if (dg)
            bits = (mant[23]) ? 31'h00800000 : 31'd0;   // carried to 2^-126, or flushed
        else begin
            bits = {el[7:0] + 8'd126, 23'd0} + {6'd0, mant};
            if (bits >= 31'h7f800000)
                ovf = 1'b1;
        end
        if (ovf)
            bits = (rm == 2'd0 || (rm == 2'd1 && !s) || (rm == 2'd2 && s)) ? 31'h7f800000
                                                                              : 31'h7f7fffff;
        if (fp32_isnan(a))
            fp32_mul_fz = a | 32'h00400000;
        else if (fp32_isnan(b))
            fp32_mul_fz = b | 32'h00400000;
        else if (fp32_isinf(x) || fp32_isinf(y))
            fp32_mul_fz = (xz || yz) ? 32'h7fc00000 : {s, 31'h7f800000};
        else if (xz || yz)
            fp32_mul_fz = {s, 31'd0};
        else
            fp32_mul_fz = {s, bits};
    end
endfunction

// fma(a, b, c) rounded once; the exact result is scaled by 2^scale first
// (div_fmas).  The _p form is given p = fp32_sigprod(a, b, den[0]).
function automatic [114:0] fp32_fma_rq(input [31:0] a, input [31:0] b, input [31:0] c,
                                       input [1:0] rm, input [1:0] den, input signed [15:0] scale);
    fp32_fma_rq = fp32_fma_rqp(a, b, c, fp32_sigprod(a, b, den[0]), rm, den, scale);
endfunction

function automatic [114:0] fp32_fma_rqp(input [31:0] a, input [31:0] b, input [31:0] c, input [47:0] p,
                                        input [1:0] rm, input [1:0] den, input signed [15:0] scale);
    reg [31:0]        x, y, z;
    reg               ps, xz, yz, zz, pz, pbig, sa, sb;
    reg [6:0]         kp, kc, sh;
    reg [63:0]        pn, cn, ma, mb, r;
    reg signed [15:0] ep, ec, ea, eb, d;
    begin
        x = fp32_fin(a, den[0]);
        y = fp32_fin(b, den[0]);
        z = fp32_fin(c, den[0]);
        ps = x[31] ^ y[31];
        xz = x[30:0] == 31'd0;
        yz = y[30:0] == 31'd0;
        zz = z[30:0] == 31'd0;
        pz = xz | yz;
        // normalise product and addend to a leading bit at 61
        kp = fp32_lzc64({16'd0, p}) - 7'd2;
        pn = {16'd0, p} << kp[5:0];
        ep = {8'd0, fp32_fexp(x)} + {8'd0, fp32_fexp(y)} - 16'sd300 - {9'd0, kp};
        kc = fp32_lzc64({40'd0, fp32_sig(z)}) - 7'd2;
        cn = {40'd0, fp32_sig(z)} << kc[5:0];
        ec = {8'd0, fp32_fexp(z)} - 16'sd150 - {9'd0, kc};
        if (zz)
            pbig = 1'b1;
        else if (pz)
            pbig = 1'b0;
        else
            pbig = ep > ec || (ep == ec && pn >= cn);
        if (pbig) begin ma = pn; ea = ep; sa = ps; mb = cn; eb = ec; sb = z[31]; end
        else begin ma = cn; ea = ec; sa = z[31]; mb = pn; eb = ep; sb = ps; end
        d = ea - eb;
        if (d < 16'sd0)
            sh = 7'd0;
        else if (d > 16'sd64)
            sh = 7'd64;
        else
            sh = d[6:0];
        mb = fp32_shr_jam(mb, sh);
        // one adder: ma - mb as ma + ~mb + 1 (ma >= mb)
        r = ma + (mb ^ {64{sa != sb}}) + {63'd0, sa != sb};
        if (fp32_isnan(a))
            fp32_fma_rqp = fp32_rq_special(a | 32'h00400000);
        else if (fp32_isnan(b))
            fp32_fma_rqp = fp32_rq_special(b | 32'h00400000);
        else if (fp32_isnan(c))
            fp32_fma_rqp = fp32_rq_special(c | 32'h00400000);
        else if (fp32_isinf(x) || fp32_isinf(y))
            fp32_fma_rqp = fp32_rq_special((pz || (fp32_isinf(z) && z[31] != ps)) ? 32'h7fc00000 : {ps, 31'h7f800000});
        else if (fp32_isinf(z))
            fp32_fma_rqp = fp32_rq_special(z);
        else if (pz && zz)
            fp32_fma_rqp = fp32_rq_special({(rm == 2'd2) ? (ps | z[31]) : (ps & z[31]), 31'd0});
        else if (r == 64'd0)
            fp32_fma_rqp = fp32_rq_special({rm == 2'd2, 31'd0});
        else
            fp32_fma_rqp = fp32_rq_round(sa, ea + scale, r, den[1]);
    end
endfunction

function automatic [31:0] fp32_fma(input [31:0] a, input [31:0] b, input [31:0] c,
                                   input [1:0] rm, input [1:0] den, input signed [15:0] scale);
    fp32_fma = fp32_rq_do(fp32_fma_rq(a, b, c, rm, den, scale), rm);
endfunction

// ------------------------------------------------------------ public: arith

function automatic [31:0] si_f32_add(input [31:0] a, input [31:0] b, input [31:0] mode);
    si_f32_add = fp32_add(a, b, mode[1:0], mode[5:4]);
endfunction

function automatic [31:0] si_f32_sub(input [31:0] a, input [31:0] b, input [31:0] mode);
    si_f32_sub = fp32_add(a, b ^ 32'h80000000, mode[1:0], mode[5:4]);
endfunction

function automatic [31:0] si_f32_mul(input [31:0] a, input [31:0] b, input [31:0] mode);
    si_f32_mul = fp32_mul(a, b, mode[1:0], mode[5:4]);
endfunction

function automatic [31:0] si_f32_fma(input [31:0] a, input [31:0] b, input [31:0] c, input [31:0] mode);
    si_f32_fma = fp32_fma(a, b, c, mode[1:0], mode[5:4], 16'sd0);
endfunction

// v_mad_f32: two roundings, denormals always flushed.
function automatic [31:0] si_f32_mad(input [31:0] a, input [31:0] b, input [31:0] c, input [31:0] mode);
    si_f32_mad = fp32_add(fp32_mul(a, b, mode[1:0], 2'd0), c, mode[1:0], 2'd0);
endfunction

// Zero test after input flush (legacy multiply).
function automatic fp32_iszero(input [31:0] a, input den_in);
    fp32_iszero = a[30:0] == 31'd0 || (!den_in && a[30:23] == 8'd0);
endfunction

function automatic [31:0] fp32_mul_legacy(input [31:0] a, input [31:0] b, input [1:0] rm, input [1:0] den);
    if (fp32_iszero(a, den[0]) || fp32_iszero(b, den[0]))
        fp32_mul_legacy = 32'd0;
    else
        fp32_mul_legacy = fp32_mul(a, b, rm, den);
endfunction

function automatic [31:0] si_f32_mul_legacy(input [31:0] a, input [31:0] b, input [31:0] mode);
    si_f32_mul_legacy = fp32_mul_legacy(a, b, mode[1:0], mode[5:4]);
endfunction

function automatic [31:0] si_f32_mad_legacy(input [31:0] a, input [31:0] b, input [31:0] c,
                                            input [31:0] mode);
    si_f32_mad_legacy = fp32_add(fp32_mul_legacy(a, b, mode[1:0], 2'd0), c, mode[1:0], 2'd0);
endfunction

// ----------------------------------------------------------------- min/max

// Ordering key: monotonic in the value, -0 == +0.
function automatic signed [32:0] fp32_key(input [31:0] a);
    fp32_key = a[31] ? -{2'b0, a[30:0]} : {2'b0, a[30:0]};
endfunction

// a < b with -0 ordered below +0.
function automatic fp32_lt(input [31:0] a, input [31:0] b);
    reg signed [32:0] ka, kb;
    begin
        ka = fp32_key(a);
        kb = fp32_key(b);
        fp32_lt = ka < kb || (ka == kb && a[31] && !b[31]);
    end
endfunction

// min (is_max = 0) / max (is_max = 1) with the MODE NaN and flush rules.
function automatic [31:0] fp32_minmax(input [31:0] a0, input [31:0] b0, input is_max, input [1:0] den,
                                      input ieee);
    reg [31:0] a, b, r;
    begin
        a = fp32_fin(a0, den[0]);
        b = fp32_fin(b0, den[0]);
        if (ieee && fp32_issnan(a))
            r = a | 32'h00400000;
        else if (ieee && fp32_issnan(b))
            r = b | 32'h00400000;
        else if (fp32_isnan(a) && fp32_isnan(b))
            r = a | 32'h00400000;
        else if (fp32_isnan(a))
            r = b;
        else if (fp32_isnan(b))
            r = a;
        else if (is_max)
            r = fp32_lt(a, b) ? b : a;
        else
            r = fp32_lt(b, a) ? b : a;
        // output flush
        fp32_minmax = (!den[1] && r[30:23] == 8'd0) ? {r[31], 31'd0} : r;
    end
endfunction

function automatic [31:0] si_f32_min(input [31:0] a, input [31:0] b, input [31:0] mode);
    si_f32_min = fp32_minmax(a, b, 1'b0, mode[5:4], mode[9]);
endfunction

function automatic [31:0] si_f32_max(input [31:0] a, input [31:0] b, input [31:0] mode);
    si_f32_max = fp32_minmax(a, b, 1'b1, mode[5:4], mode[9]);
endfunction

// DX9 min/max: (a < b) ? a : b and (a >= b) ? a : b, IEEE compares.
function automatic [31:0] fp32_minmax_legacy(input [31:0] a0, input [31:0] b0, input is_max,
                                             input [1:0] den);
    reg [31:0]        a, b, r;
    reg signed [32:0] ka, kb;
    reg               ord;
    begin
        a = fp32_fin(a0, den[0]);
        b = fp32_fin(b0, den[0]);
        ka = fp32_key(a);
        kb = fp32_key(b);
        ord = !fp32_isnan(a) && !fp32_isnan(b);
        if (is_max)
            r = (ord && ka >= kb) ? a : b;
        else
            r = (ord && ka < kb) ? a : b;
        fp32_minmax_legacy = (!den[1] && r[30:23] == 8'd0) ? {r[31], 31'd0} : r;
    end
endfunction

function automatic [31:0] si_f32_min_legacy(input [31:0] a, input [31:0] b, input [31:0] mode);
    si_f32_min_legacy = fp32_minmax_legacy(a, b, 1'b0, mode[5:4]);
endfunction

function automatic [31:0] si_f32_max_legacy(input [31:0] a, input [31:0] b, input [31:0] mode);
    si_f32_max_legacy = fp32_minmax_legacy(a, b, 1'b1, mode[5:4]);
endfunction

function automatic [31:0] si_f32_min3(input [31:0] a, input [31:0] b, input [31:0] c, input [31:0] mode);
    si_f32_min3 = fp32_minmax(fp32_minmax(a, b, 1'b0, mode[5:4], mode[9]), c, 1'b0, mode[5:4], mode[9]);
endfunction

function automatic [31:0] si_f32_max3(input [31:0] a, input [31:0] b, input [31:0] c, input [31:0] mode);
    si_f32_max3 = fp32_minmax(fp32_minmax(a, b, 1'b1, mode[5:4], mode[9]), c, 1'b1, mode[5:4], mode[9]);
endfunction

// med3: a NaN operand drops out (first NaN in source order) and the min of
// the other two is returned; otherwise max(min(a,b), min(max(a,b), c)).
function automatic [31:0] si_f32_med3(input [31:0] a, input [31:0] b, input [31:0] c, input [31:0] mode);
    reg [1:0] den;
    reg       ie;
    begin
        den = mode[5:4];
        ie = mode[9];
        if (fp32_isnan(a))
            si_f32_med3 = fp32_minmax(b, c, 1'b0, den, ie);
        else if (fp32_isnan(b))
            si_f32_med3 = fp32_minmax(a, c, 1'b0, den, ie);
        else if (fp32_isnan(c))
            si_f32_med3 = fp32_minmax(a, b, 1'b0, den, ie);
        else
            si_f32_med3 = fp32_minmax(fp32_minmax(a, b, 1'b0, den, ie),
                                      fp32_minmax(fp32_minmax(a, b, 1'b1, den, ie), c, 1'b0, den, ie),
                                      1'b1, den, ie);
    end
endfunction

// ------------------------------------------------------ round to integral

// how: 0 trunc, 1 floor, 2 ceil, 3 nearest-even.  Exact.
function automatic [31:0] fp32_rint(input [31:0] a, input [1:0] how, input den_in);
    reg        s;
    reg [7:0]  ex;
    reg [31:0] mag, mask;
    reg [4:0]  fb;
    begin
        s = a[31];
        ex = a[30:23];
        mag = {1'b0, a[30:0]};
        fb = 5'd22 - ex[4:0];                        // 150 - ex mod 32 (used for 127 <= ex < 150)
        mask = ~(32'hffffffff << fb);
        if (ex == 8'd0 && !den_in)
            mag = 32'd0;
        if (ex == 8'hff)
            fp32_rint = (a[22:0] != 23'd0) ? (a | 32'h00400000) : a;
        else if (mag == 32'd0)
            fp32_rint = {s, 31'd0};
        else if (ex >= 8'd150)
            fp32_rint = a;
        else if (ex < 8'd127) begin
            case (how)
                2'd1:    fp32_rint = s ? 32'hbf800000 : 32'd0;
                2'd2:    fp32_rint = s ? 32'h80000000 : 32'h3f800000;
                2'd3:    fp32_rint = {s, (mag > 32'h3f000000) ? 31'h3f800000 : 31'd0};
                default: fp32_rint = {s, 31'd0};
            endcase
        end else if ((mag & mask) == 32'd0)
            fp32_rint = a;
        else begin
            case (how)
                2'd1:    if (s) mag = mag + mask;
                2'd2:    if (!s) mag = mag + mask;
                2'd3:    mag = mag + (mask >> 1) + {31'd0, |(mag & (mask + 32'd1))};
                default: ;
            endcase
            fp32_rint = {s, mag[30:0] & ~mask[30:0]};
        end
    end
endfunction

function automatic [31:0] si_f32_floor(input [31:0] a, input [31:0] mode);
    si_f32_floor = fp32_rint(a, 2'd1, mode[4]);
endfunction

function automatic [31:0] si_f32_ceil(input [31:0] a, input [31:0] mode);
    si_f32_ceil = fp32_rint(a, 2'd2, mode[4]);
endfunction

function automatic [31:0] si_f32_trunc(input [31:0] a, input [31:0] mode);
    si_f32_trunc = fp32_rint(a, 2'd0, mode[4]);
endfunction

function automatic [31:0] si_f32_rndne(input [31:0] a, input [31:0] mode);
    si_f32_rndne = fp32_rint(a, 2'd3, mode[4]);
endfunction

// fract(x) = x - floor(x) rounded per MODE, clamped below 1.0.
function automatic [31:0] si_f32_fract(input [31:0] a, input [31:0] mode);
    reg [31:0] r;
    begin
        r = fp32_add(a, fp32_rint(a, 2'd1, mode[4]) ^ 32'h80000000, mode[1:0], mode[5:4]);
        if (a[30:23] == 8'hff)
            si_f32_fract = fp32_isnan(a) ? (a | 32'h00400000) : {a[31], 31'h7fc00000};
        else if (!r[31] && r > 32'h3f7fffff)
            si_f32_fract = 32'h3f7fffff;
        else
            si_f32_fract = r;
    end
endfunction

// --------------------------------------------------- frexp / ldexp / class

function automatic [31:0] si_f32_frexp_mant(input [31:0] a, input [31:0] mode);
    reg [31:0] x;
    reg [6:0]  sh;
    reg [22:0] f;
    begin
        x = fp32_fin(a, mode[4]);
        sh = fp32_lzc64({41'd0, x[22:0]}) - 7'd40;     // normalise a denormal
        f = x[22:0] << sh[4:0];
        if (fp32_isnan(a))
            si_f32_frexp_mant = a | 32'h00400000;
        else if (fp32_isinf(a))
            si_f32_frexp_mant = 32'hffc00000;
        else if (x[30:0] == 31'd0)
            si_f32_frexp_mant = {x[31], 31'd0};
        else if (x[30:23] == 8'd0)
            si_f32_frexp_mant = {x[31], 8'd126, f};
        else
            si_f32_frexp_mant = {x[31], 8'd126, x[22:0]};
    end
endfunction

function automatic [31:0] si_f32_frexp_exp(input [31:0] a, input [31:0] mode);
    reg [31:0] x;
    begin
        x = fp32_fin(a, mode[4]);
        if (x[30:23] == 8'hff)
            si_f32_frexp_exp = 32'hffffffff;
        else if (x[30:0] == 31'd0)
            si_f32_frexp_exp = 32'd0;
        else if (x[30:23] == 8'd0)   // -149 + bit length of the fraction
            si_f32_frexp_exp = 32'd64 - {25'd0, fp32_lzc64({41'd0, x[22:0]})} - 32'd149;
        else
            si_f32_frexp_exp = {24'd0, x[30:23]} - 32'd126;
    end
endfunction

// x * 2^n (n clamped to +-4000), rounded; NaN quieted, inf and 0 kept.
function automatic [114:0] fp32_ldexp_rq(input [31:0] a, input [31:0] n, input [1:0] den);
    reg [31:0]        x;
    reg signed [31:0] ns;
    reg signed [15:0] nc;
    begin
        x = fp32_fin(a, den[0]);
        ns = n;
        // |n| beyond 4095 over- or underflows whatever a is: clamp by a
        // range test of the top bits, not two 32-bit comparisons
        if (ns[31:12] == 20'd0 || ns[31:12] == 20'hfffff)
            nc = ns[15:0];
        else
            nc = ns[31] ? -16'sd4096 : 16'sd4095;
        if (fp32_isnan(a))
            fp32_ldexp_rq = fp32_rq_special(a | 32'h00400000);
        else if (fp32_isinf(a))
            fp32_ldexp_rq = fp32_rq_special(a);
        else if (x[30:0] == 31'd0)
            fp32_ldexp_rq = fp32_rq_special({x[31], 31'd0});
        else
            fp32_ldexp_rq = fp32_rq_round(x[31], {8'd0, fp32_fexp(x)} - 16'sd150 + nc, {40'd0, fp32_sig(x)},
                                          den[1]);
    end
endfunction

function automatic [31:0] fp32_ldexp(input [31:0] a, input [31:0] n, input [1:0] rm, input [1:0] den);
    fp32_ldexp = fp32_rq_do(fp32_ldexp_rq(a, n, den), rm);
endfunction

function automatic [31:0] si_f32_ldexp(input [31:0] a, input [31:0] e, input [31:0] mode);
    si_f32_ldexp = fp32_ldexp(a, e, mode[1:0], mode[5:4]);
endfunction

// Class bits: 0 sNaN, 1 qNaN, 2 -inf, 3 -normal, 4 -denormal, 5 -0, 6 +0,
// 7 +denormal, 8 +normal, 9 +inf.  No flushing.
function automatic [0:0] si_f32_class(input [31:0] a, input [9:0] mask);
    reg [3:0] k;
    begin
        if (a[30:23] == 8'hff)
            k = (a[22:0] == 23'd0) ? (a[31] ? 4'd2 : 4'd9) : (a[22] ? 4'd1 : 4'd0);
        else if (a[30:23] == 8'd0)
            k = (a[22:0] == 23'd0) ? (a[31] ? 4'd5 : 4'd6) : (a[31] ? 4'd4 : 4'd7);
        else
            k = a[31] ? 4'd3 : 4'd8;
        si_f32_class = mask[k];
    end
endfunction

// Compare from ordering keys; unordered if either is NaN.
function automatic [0:0] fp32_cmp_eval(input unord, input lt0, input eq0, input [3:0] cond);
    reg lt, eq, gt;
    begin
        lt = !unord && lt0;
        eq = !unord && eq0;
        gt = !unord && !lt0 && !eq0;
        case (cond)
            4'd0:    fp32_cmp_eval = 1'b0;
            4'd1:    fp32_cmp_eval = lt;
            4'd2:    fp32_cmp_eval = eq;
            4'd3:    fp32_cmp_eval = lt | eq;
            4'd4:    fp32_cmp_eval = gt;
            4'd5:    fp32_cmp_eval = lt | gt;
            4'd6:    fp32_cmp_eval = gt | eq;
            4'd7:    fp32_cmp_eval = !unord;
            4'd8:    fp32_cmp_eval = unord;
            4'd9:    fp32_cmp_eval = !(gt | eq);
            4'd10:   fp32_cmp_eval = !(lt | gt);
            4'd11:   fp32_cmp_eval = !gt;
            4'd12:   fp32_cmp_eval = !(lt | eq);
            4'd13:   fp32_cmp_eval = !eq;
            4'd14:   fp32_cmp_eval = !lt;
            default: fp32_cmp_eval = 1'b1;
        endcase
    end
endfunction

function automatic [0:0] si_f32_cmp(input [31:0] a0, input [31:0] b0, input [3:0] cond, input [31:0] mode);
    reg [31:0]        a, b;
    reg signed [32:0] ka, kb;
    begin
        a = fp32_fin(a0, mode[4]);
        b = fp32_fin(b0, mode[4]);
        ka = fp32_key(a);
        kb = fp32_key(b);
        si_f32_cmp = fp32_cmp_eval(fp32_isnan(a) || fp32_isnan(b), ka < kb, ka == kb, cond);
    end
endfunction

// ------------------------------------------------------- division helpers

// v_div_scale_f32: returns {vcc, D}.  s0 = a, s1 = b (denominator),
// s2 = c (numerator).  EBIG 96, S 64; never flushes.
// ... as {vcc, a rounding request}: the scaled value is rounded to nearest
// even whatever MODE says (fp32_rq_do(q, 2'd0))
function automatic [115:0] si_f32_div_scale_rq(input [31:0] a, input [31:0] b, input [31:0] c);
    reg [7:0]         e1, e2;
    reg signed [9:0]  dd;
    reg               vcc;
    reg [1:0]         sc;                  // 0 none, 1 +64, 2 -64
    reg [114:0]       d;
    begin
        e1 = b[30:23];
        e2 = c[30:23];
        dd = {2'b0, e2} - {2'b0, e1};
        vcc = 1'b0;
        sc = 2'd0;
        if (dd >= 10'sd96) begin
            vcc = 1'b1;
            if (a == b) sc = 2'd1;
        end else if (e1 == 8'd0)
            sc = 2'd1;
        else if (e1 >= 8'd253 && dd <= -10'sd126) begin
            vcc = 1'b1;
            if (a == b) sc = 2'd2;
        end else if (e1 >= 8'd253)
            sc = 2'd2;
        else if (dd <= -10'sd126) begin
            vcc = 1'b1;
            if (a == c) sc = 2'd1;
        end else if (e2 <= 8'd23)
            sc = 2'd1;
        case (sc)
            2'd1:    d = fp32_ldexp_rq(a, 32'd64, 2'd3);
            2'd2:    d = fp32_ldexp_rq(a, 32'hffffffc0, 2'd3);
            default: d = fp32_rq_special(a);
        endcase
        if (b[30:0] == 31'd0 || c[30:0] == 31'd0 || e1 == 8'hff || e2 == 8'hff)
            si_f32_div_scale_rq = {1'b0, fp32_rq_special(32'h7fc00000)};
        else
            si_f32_div_scale_rq = {vcc, d};
    end
endfunction

function automatic [32:0] si_f32_div_scale(input [31:0] a, input [31:0] b, input [31:0] c, input [31:0] mode);
    reg [115:0] q;
    begin
        q = si_f32_div_scale_rq(a, b, c);
        si_f32_div_scale = {q[115], fp32_rq_do(q[114:0], 2'd0)};
    end
endfunction

// v_div_fmas_f32: fma with the exact result scaled by 2^+-64 when vcc.
function automatic [31:0] si_f32_div_fmas(input [31:0] a, input [31:0] b, input [31:0] c, input vcc,
                                          input [31:0] mode);
    reg signed [15:0] sc;
    begin
        if (!vcc)
            sc = 16'sd0;
        else if (c[30])                        // E(c) >= 128
            sc = 16'sd64;
        else
            sc = -16'sd64;
        si_f32_div_fmas = fp32_fma(a, b, c, mode[1:0], mode[5:4], sc);
    end
endfunction

// v_div_fixup_f32: a = quotient, b = denominator, c = numerator.
function automatic [31:0] si_f32_div_fixup(input [31:0] a, input [31:0] b, input [31:0] c, input [31:0] mode);
    reg so;
    begin
        so = b[31] ^ c[31];
        if (fp32_isnan(c))
            si_f32_div_fixup = c | 32'h00400000;
        else if (fp32_isnan(b))
            si_f32_div_fixup = b | 32'h00400000;
        else if ((b[30:0] == 31'd0 && c[30:0] == 31'd0) ||
                 (b[30:0] == 31'h7f800000 && c[30:0] == 31'h7f800000))
            si_f32_div_fixup = 32'hffc00000;
        else if (b[30:0] == 31'd0 || c[30:0] == 31'h7f800000)
            si_f32_div_fixup = {so, 31'h7f800000};
        else if (b[30:0] == 31'h7f800000 || c[30:0] == 31'd0)
            si_f32_div_fixup = {so, 31'd0};
        else if (fp32_isnan(a))
            si_f32_div_fixup = {so, 31'h7f800000};
        else
            si_f32_div_fixup = {so, a[30:0]};
    end
endfunction

// ------------------------------------------------------- output modifiers

// fp32_mul(a, k, rm, den) for k a positive power of two with exponent field
// ek, bit for bit: k's significand is 2^23, so the product fp32_mul rounds is
// sig(a) << 23.  Without the multiplier (the output modifier's x2, x4, x0.5).
function automatic [31:0] fp32_mul_pow2(input [31:0] a, input [7:0] ek, input [1:0] rm, input [1:0] den);
    // a * 2^(ek - 127) for ek = 128, 129 (exact but for overflow) or 126,
    // rounded as fp32_round would, without it: a bit-pattern adjustment.
    // The encoding is linear across the denormal/normal boundary, so a
    // denormal times 2 or 4 is its pattern shifted (past 2^24 it moves into
    // the next binade, and 4 f is even); only halving the smallest normals
    // or a denormal drops a bit, which rounds with rm onto the denormal grid.
    reg [31:0] x;
    reg [7:0]  e;
    reg [8:0]  e2;
    reg [24:0] p;
    reg [23:0] m;
    reg [30:0] bits;
    reg        rb, inc, ovf;
    begin
        x = fp32_fin(a, den[0]);
        e = x[30:23];
        e2 = {1'b0, e} + ((ek == 8'd129) ? 9'd2 : 9'd1);
        ovf = 1'b0;
        if (ek == 8'd126) begin
            if (e > 8'd1)
                bits = {e - 8'd1, x[22:0]};                  // exact
            else begin
                m = {1'b0, e == 8'd1, x[22:1]};
                rb = x[0];
                case (rm)
                    2'd0:    inc = rb & m[0];
                    2'd1:    inc = ~x[31] & rb;
                    2'd2:    inc = x[31] & rb;
                    default: inc = 1'b0;
                endcase
                bits = {7'd0, m + {23'd0, inc}};
            end
        end else if (e != 8'd0) begin
            ovf = e2 >= 9'd255;
            bits = {e2[7:0], x[22:0]};                        // exact
        end else begin
            p = {2'b0, x[22:0]} << ((ek == 8'd129) ? 2'd2 : 2'd1);
            bits = p[24] ? {8'd2, p[23:1]} : {7'd0, p[23:0]};
        end
        if (fp32_isnan(a))
            fp32_mul_pow2 = a | 32'h00400000;
        else if (fp32_isinf(x) || x[30:0] == 31'd0)
            fp32_mul_pow2 = x;
        else if (ovf)
            fp32_mul_pow2 = (rm == 2'd0 || (rm == 2'd1 && !x[31]) || (rm == 2'd2 && x[31])) ?
                            {x[31], 31'h7f800000} : {x[31], 31'h7f7fffff};
        else if (!den[1] && bits[30:23] == 8'd0)
            fp32_mul_pow2 = {x[31], 31'd0};
        else
            fp32_mul_pow2 = {x[31], bits};
    end
endfunction

// omod: 0 none, 1 *2, 2 *4, 3 *0.5 (ignored when output denormals are
// allowed, and for NaN); clamp to [0, 1], NaN -> +0 when DX10_CLAMP.
function automatic [31:0] si_f32_omod_clamp(input [31:0] r0, input [1:0] omod, input clamp, input [31:0] mode);
    reg [31:0] r;
    reg [7:0] ek;       // the factor's exponent field: 2, 4 or 0.5
    begin
        case (omod)
            2'd1:    ek = 8'd128;
            2'd2:    ek = 8'd129;
            default: ek = 8'd126;
        endcase
        r = r0;
        if (omod != 2'd0 && !mode[5] && !fp32_isnan(r0))
            r = fp32_mul_pow2(r0, ek, mode[1:0], mode[5:4]);
        if (!clamp)
            si_f32_omod_clamp = r;
        else if (fp32_isnan(r))
            si_f32_omod_clamp = mode[8] ? 32'd0 : r;
        else if (r[31])
            si_f32_omod_clamp = 32'd0;
        else if (r > 32'h3f800000)
            si_f32_omod_clamp = 32'h3f800000;
        else
            si_f32_omod_clamp = r;
    end
endfunction

/* verilator lint_on UNUSEDSIGNAL */
/* verilator lint_on VARHIDDEN */

