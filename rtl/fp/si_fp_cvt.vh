// si_fp_cvt.vh - FP conversions of the sicu FPU that do not involve f64.
//
// Bit-exact with sw/fp_cvt.c (semantics in docs/fp.md section 6).  Include
// inside a module body; internal helpers are prefixed fpcvt_.  Uses the f32
// helpers of si_fp32.vh: include si_fp32.vh first.  Like every rtl/fp file
// this has no include guard (a guard would hide the functions from every
// module after the first): include each file once per module.

// Function arguments and locals (a, b, x, r, ...) may shadow signals of the
// including module; that is harmless (functions only see their own names)
// and the include file cannot know the includer's names, so VARHIDDEN is
// disabled for this file only.  UNUSEDSIGNAL too: the public functions take
// the whole raw MODE register (interface contract) and use a few bits of it,
// and helpers take whole f32 words of which they read some fields.
/* verilator lint_off VARHIDDEN */
/* verilator lint_off UNUSEDSIGNAL */

// Round sign * sig * 2^e (sig != 0) to f16 (bits [15:0]) with rounding mode
// rm; denormals are kept (GCN 1.0 f16 conversions).  fp32_round's f16 form.
function automatic [15:0] fpcvt_round16(input s, input signed [15:0] e, input [63:0] sig, input [1:0] rm);
    reg [31:0] r;
    begin
        r = fp32_round_fmt(s, e, sig, rm, 1'b1, 1'b1);
        fpcvt_round16 = r[15:0];
    end
endfunction

// f32 inf or NaN (exponent 255) as f16: inf, or a quiet NaN with the top
// payload bits.
function automatic [15:0] fpcvt_f16_special(input [31:0] a);
    fpcvt_f16_special = {a[31], 5'h1f, (a[22:0] != 23'd0), a[21:13]};
endfunction

// f32 -> f16 with rounding mode rm; denormals kept on both sides.
function automatic [15:0] fpcvt_f16_of_f32(input [31:0] a, input [1:0] rm);
    if (a[30:23] == 8'hff)
        fpcvt_f16_of_f32 = fpcvt_f16_special(a);
    else if (a[30:0] == 31'd0)
        fpcvt_f16_of_f32 = {a[31], 15'd0};
    else
        fpcvt_f16_of_f32 = fpcvt_round16(a[31], {8'd0, fp32_fexp(a)} - 16'sd150, {40'd0, fp32_sig(a)}, rm);
endfunction

function automatic [31:0] si_cvt_f16_f32(input [31:0] a, input [31:0] mode);
    si_cvt_f16_f32 = {16'd0, fpcvt_f16_of_f32(a, mode[1:0])};
endfunction

// pkrtz does not depend on MODE (always round toward zero).
function automatic [31:0] si_cvt_pkrtz_f16_f32(input [31:0] a, input [31:0] b, input [31:0] mode);
    si_cvt_pkrtz_f16_f32 = {fpcvt_f16_of_f32(b, 2'd3), fpcvt_f16_of_f32(a, 2'd3)};
endfunction

// f16 (bits [15:0]) -> f32, exact; NaN quieted with the payload << 13.
function automatic [31:0] si_cvt_f32_f16(input [31:0] a, input [31:0] mode);
    reg [6:0]  lz;
    reg [9:0]  f;
    reg [22:0] fn;
    begin
        lz = fp32_lzc64({54'd0, a[9:0]});
        f = a[9:0];
        fn = {13'd0, f} << (lz - 7'd40);           // denormal: leading bit to 23, dropped
        if (a[14:10] == 5'h1f)
            si_cvt_f32_f16 = {a[15], 8'hff, (f != 10'd0) | f[9], f[8:0], 13'd0};
        else if (a[14:10] == 5'd0)
            si_cvt_f32_f16 = (f == 10'd0) ? {a[15], 31'd0} : {a[15], 8'd166 - {1'b0, lz}, fn};
        else
            si_cvt_f32_f16 = {a[15], {3'd0, a[14:10]} + 8'd112, f, 13'd0};
    end
endfunction

// ------------------------------------------------------------ int <-> f32

function automatic [114:0] si_cvt_f32_i32_rq(input [31:0] a);
    reg [31:0] mag;
    begin
        mag = a[31] ? (32'd0 - a) : a;
        if (a == 32'd0)
            si_cvt_f32_i32_rq = fp32_rq_special(32'd0);
        else
            si_cvt_f32_i32_rq = fp32_rq_round(a[31], 16'sd0, {32'd0, mag}, 1'b1);
    end
endfunction

function automatic [114:0] si_cvt_f32_u32_rq(input [31:0] a);
    if (a == 32'd0)
        si_cvt_f32_u32_rq = fp32_rq_special(32'd0);
    else
        si_cvt_f32_u32_rq = fp32_rq_round(1'b0, 16'sd0, {32'd0, a}, 1'b1);
endfunction

function automatic [31:0] si_cvt_f32_i32(input [31:0] a, input [31:0] mode);
    si_cvt_f32_i32 = fp32_rq_do(si_cvt_f32_i32_rq(a), mode[1:0]);
endfunction

function automatic [31:0] si_cvt_f32_u32(input [31:0] a, input [31:0] mode);
    si_cvt_f32_u32 = fp32_rq_do(si_cvt_f32_u32_rq(a), mode[1:0]);
endfunction

// |a| truncated to an integer (a finite), saturated at 2^32 - 1 or above:
// returns a 33-bit magnitude, 2^32 or more meaning "at least 2^32".
function automatic [32:0] fpcvt_trunc_mag(input [31:0] a);
    reg [7:0]  ex;
    reg [7:0]  sh;
    reg [33:0] v;
    begin
        ex = a[30:23];
        sh = ex - 8'd150;
        if (!sh[7])                                   // 150 <= ex: shift left (ex < 161)
            v = {10'd0, 1'b1, a[22:0]} << sh[3:0];
        else                                          // ex < 150: shift right by 150 - ex
            v = {10'd0, 1'b1, a[22:0]} >> (8'd150 - ex);
        if (ex < 8'd127)
            fpcvt_trunc_mag = 33'd0;
        else if (ex >= 8'd161)
            fpcvt_trunc_mag = 33'h100000000;
        else if (v[33:32] != 2'd0)
            fpcvt_trunc_mag = 33'h100000000;
        else
            fpcvt_trunc_mag = v[32:0];
    end
endfunction

// Truncate toward zero, saturate, NaN -> 0.  MODE does not matter.  The
// _mag forms take v = fpcvt_trunc_mag(a), so that a datapath can share one
// truncation between the i32 and u32 conversions.
function automatic [31:0] fpcvt_i32_of_mag(input [31:0] a, input [32:0] v);
    begin
        if (fp32_isnan(a))
            fpcvt_i32_of_mag = 32'd0;
        else if (a[31])
            fpcvt_i32_of_mag = (v >= 33'h080000000) ? 32'h80000000 : (32'd0 - v[31:0]);
        else
            fpcvt_i32_of_mag = (v >= 33'h080000000) ? 32'h7fffffff : v[31:0];
    end
endfunction

function automatic [31:0] fpcvt_u32_of_mag(input [31:0] a, input [32:0] v);
    begin
        if (fp32_isnan(a) || a[31])
            fpcvt_u32_of_mag = 32'd0;
        else
            fpcvt_u32_of_mag = v[32] ? 32'hffffffff : v[31:0];
    end
endfunction

function automatic [31:0] si_cvt_i32_f32(input [31:0] a, input [31:0] mode);
    si_cvt_i32_f32 = fpcvt_i32_of_mag(a, fpcvt_trunc_mag(a));
endfunction

function automatic [31:0] si_cvt_u32_f32(input [31:0] a, input [31:0] mode);
    si_cvt_u32_f32 = fpcvt_u32_of_mag(a, fpcvt_trunc_mag(a));
endfunction

// v_cvt_off_f32_i4: the low 4 bits as a signed nibble, divided by 16.
function automatic [31:0] si_cvt_off_f32_i4(input [31:0] a, input [31:0] mode);
    case (a[3:0])
        4'd0:    si_cvt_off_f32_i4 = 32'h00000000;
        4'd1:    si_cvt_off_f32_i4 = 32'h3d800000;
        4'd2:    si_cvt_off_f32_i4 = 32'h3e000000;
        4'd3:    si_cvt_off_f32_i4 = 32'h3e400000;
        4'd4:    si_cvt_off_f32_i4 = 32'h3e800000;
        4'd5:    si_cvt_off_f32_i4 = 32'h3ea00000;
        4'd6:    si_cvt_off_f32_i4 = 32'h3ec00000;
        4'd7:    si_cvt_off_f32_i4 = 32'h3ee00000;
        4'd8:    si_cvt_off_f32_i4 = 32'hbf000000;
        4'd9:    si_cvt_off_f32_i4 = 32'hbee00000;
        4'd10:   si_cvt_off_f32_i4 = 32'hbec00000;
        4'd11:   si_cvt_off_f32_i4 = 32'hbea00000;
        4'd12:   si_cvt_off_f32_i4 = 32'hbe800000;
        4'd13:   si_cvt_off_f32_i4 = 32'hbe400000;
        4'd14:   si_cvt_off_f32_i4 = 32'hbe000000;
        default: si_cvt_off_f32_i4 = 32'hbd800000;
    endcase
endfunction

// floor(a) (add_half = 0) or floor(a + 0.5) computed exactly (add_half = 1)
// to i32, saturated; NaN gives INT_MAX / INT_MIN by its sign bit.
function automatic [31:0] fpcvt_floor_i32(input [31:0] a, input add_half, input den_in);
    reg               s;
    reg [7:0]         ex, nk;
    reg [23:0]        m, t;
    reg               inexact;
    reg signed [39:0] v;
    begin
        s = a[31];
        ex = a[30:23];
        m = fp32_sig(a);
        // value * 2 = m * 2^k with k = fexp - 149; nk = -k when k < 0
        nk = 8'd149 - fp32_fexp(a);
        t = m >> nk[5:0];
        inexact = (m & ~(24'hffffff << nk[5:0])) != 24'd0;
        if (ex >= 8'd149)                             // k >= 0 (k <= 8 below)
            v = {16'd0, m} << (ex - 8'd149);
        else if (nk < 8'd40)
            v = {16'd0, t};
        else
            v = 40'sd0;
        if (s) begin
            if (ex >= 8'd149)
                v = -v;
            else if (nk < 8'd40)
                v = -v - {39'd0, inexact};
            else
                v = -40'sd1;
        end
        v = v + {39'd0, add_half};
        v = v >>> 1;
        if (ex == 8'hff || ex >= 8'd158)              // NaN, inf, |a| >= 2^31
            fpcvt_floor_i32 = s ? 32'h80000000 : 32'h7fffffff;
        else if (a[30:0] == 31'd0 || (ex == 8'd0 && !den_in))
            fpcvt_floor_i32 = 32'd0;
        else if (v > 40'sh007fffffff)
            fpcvt_floor_i32 = 32'h7fffffff;
        else if (v < -40'sh0080000000)
            fpcvt_floor_i32 = 32'h80000000;
        else
            fpcvt_floor_i32 = v[31:0];
    end
endfunction

function automatic [31:0] si_cvt_flr_i32_f32(input [31:0] a, input [31:0] mode);
    si_cvt_flr_i32_f32 = fpcvt_floor_i32(a, 1'b0, mode[4]);
endfunction

function automatic [31:0] si_cvt_rpi_i32_f32(input [31:0] a, input [31:0] mode);
    si_cvt_rpi_i32_f32 = fpcvt_floor_i32(a, 1'b1, mode[4]);
endfunction

/* verilator lint_on UNUSEDSIGNAL */
/* verilator lint_on VARHIDDEN */

