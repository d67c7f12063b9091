// sicu CU: format conversion of the LSU's buffer_*_format_* / tbuffer_*
// instructions, bit-exact with sw/vmem.c (dfmt_tab, fmt_lookup,
// fmt_load_comp, fmt_store_comp, ratio_to_f32, f32_scale_rne).
//
// Included inside module lsu after si_fp32.vh and si_fp_cvt.vh (it calls
// si_cvt_f32_i32, si_cvt_f32_f16, si_cvt_f16_f32).  No include guard, like the
// FP library: include once per module.  Each function is meant to be called
// once, at module level (one converter for the whole unit, used one component
// per cycle).
//
// Component width code `bc`: 0 = 8 bits, 1 = 16 bits, 2 = 32 bits.

// V# NUM_FORMAT / MTBUF NFMT
localparam [2:0] NF_UNORM = 3'd0, NF_SNORM = 3'd1, NF_USCALED = 3'd2, NF_SSCALED = 3'd3,
                 NF_UINT = 3'd4, NF_SINT = 3'd5, NF_SNORM_OGL = 3'd6, NF_FLOAT = 3'd7;

// V# DATA_FORMAT / MTBUF DFMT -> {components, width code}; 0 components: a
// format this model does not convert (INVALID, the packed 10/11-bit formats,
// RESERVED), as dfmt_tab in sw/vmem.c
function automatic [4:0] fmt_dfmt_info(input [3:0] df);
    case (df)
        4'd1:    fmt_dfmt_info = {3'd1, 2'd0};   // 8
        4'd2:    fmt_dfmt_info = {3'd1, 2'd1};   // 16
        4'd3:    fmt_dfmt_info = {3'd2, 2'd0};   // 8_8
        4'd4:    fmt_dfmt_info = {3'd1, 2'd2};   // 32
        4'd5:    fmt_dfmt_info = {3'd2, 2'd1};   // 16_16
        4'd10:   fmt_dfmt_info = {3'd4, 2'd0};   // 8_8_8_8
        4'd11:   fmt_dfmt_info = {3'd2, 2'd2};   // 32_32
        4'd12:   fmt_dfmt_info = {3'd4, 2'd1};   // 16_16_16_16
        4'd13:   fmt_dfmt_info = {3'd3, 2'd2};   // 32_32_32
        4'd14:   fmt_dfmt_info = {3'd4, 2'd2};   // 32_32_32_32
        default: fmt_dfmt_info = 5'd0;
    endcase
endfunction

// The (data format, number format) pair converts: loads as fmt_lookup
// (fmt_load_comp accepts the width), stores also as fmt_store_comp
// (USCALED/SSCALED are read-only).  SNORM_OGL is never supported.
function automatic fmt_pair_ok(input [4:0] info, input [2:0] nf, input store);
    fmt_pair_ok = info[4:2] != 3'd0 && nf != NF_SNORM_OGL &&
                  !(info[1:0] == 2'd2 && (nf == NF_UNORM || nf == NF_SNORM || nf == NF_USCALED || nf == NF_SSCALED)) &&
                  !(info[1:0] == 2'd0 && nf == NF_FLOAT) &&
                  !(store && (nf == NF_USCALED || nf == NF_SSCALED));
endfunction

// fmt_ratio and fmt_scale keep a window of a wider shifted value (the rest
// is past the round bit / below the rounded quotient): unused bits waived.
/* verilator lint_off UNUSEDSIGNAL */
// num / (2^n - 1) as f32, round to nearest even, for 0 <= num <= 2^n - 1 and
// n = 7, 8, 15, 16 (nw = 0, 1, 2, 3): ratio_to_f32 without a divider.  For
// 0 < num < 2^n - 1 the binary expansion of the quotient is 0.(num)(num)...,
// the n-bit pattern of num repeated forever: the significand is the 24 bits
// from the pattern's leading one, the next bit rounds, and the bits after it
// are never all zero (no tie, no exact result).  Checked exhaustively against
// ratio_to_f32 for the four n.
function automatic [31:0] fmt_ratio(input [15:0] num, input [1:0] nw);
    reg [63:0] rep, sh;
    reg [15:0] den;
    reg [5:0]  lz;
    integer    k;
    begin
        case (nw)
            2'd0:    begin rep = {{9{num[6:0]}}, 1'b0};  den = 16'h007f; end
            2'd1:    begin rep = {8{num[7:0]}};          den = 16'h00ff; end
            2'd2:    begin rep = {{4{num[14:0]}}, 4'd0}; den = 16'h7fff; end
            default: begin rep = {4{num}};               den = 16'hffff; end
        endcase
        // the leading one lies in the first copy of the pattern (num != 0)
        lz = 6'd0;
        for (k = 48; k < 64; k = k + 1)
            if (rep[k]) lz = 6'd63 - k[5:0];
        sh = rep << lz;
        if (num == 16'd0)
            fmt_ratio = 32'd0;
        else if (num >= den)
            fmt_ratio = 32'h3f800000;
        else
            fmt_ratio = {1'b0, 8'd126 - {2'b00, lz}, sh[62:40]} + {31'd0, sh[39]};
    end
endfunction

// round(f * (2^m - 1)) for a float 0 <= f < 1 (bits 30:0, sign 0), round to
// nearest even, m = 7, 8, 15, 16 (mw = 0, 1, 2, 3): f32_scale_rne; the
// product is (sig << m) - sig, no multiplier.  Checked exhaustively against
// f32_scale_rne for every f < 1.0 and the four m.
function automatic [15:0] fmt_scale(input [30:0] f, input [1:0] mw);
    reg [39:0] sig, prod, t, lowm;
    reg [7:0]  sh;
    reg [5:0]  s1;
    reg        sticky;
    begin
        sig = {16'd0, 1'b1, f[22:0]};
        case (mw)
            2'd0:    prod = (sig << 7) - sig;
            2'd1:    prod = (sig << 8) - sig;
            2'd2:    prod = (sig << 15) - sig;
            default: prod = (sig << 16) - sig;
        endcase
        sh = 8'd150 - f[30:23];          // f * max = prod * 2^-sh; 24 <= sh for f < 1
        s1 = sh[5:0] - 6'd1;
        t = prod >> s1;                  // {quotient, round bit}
        lowm = ~(40'hffffffffff << s1);
        sticky = (prod & lowm) != 40'd0;
        if (f[30:23] == 8'd0 || sh > 8'd40)   // zero / denormal, or below 2^-41 * max: rounds to 0
            fmt_scale = 16'd0;
        else
            fmt_scale = t[16:1] + {15'd0, t[0] & (sticky | t[1])};
    end
endfunction
/* verilator lint_on UNUSEDSIGNAL */

// Memory component (the low 8/16/32 bits of raw) -> register value
// (fmt_load_comp), for a supported pair.
function automatic [31:0] fmt_load_cvt(input [31:0] raw, input [1:0] bc, input [2:0] nf, input [31:0] mode);
    reg [31:0] u, s, rt, sc;
    reg [15:0] mag;
    begin
        case (bc)
            2'd0:    begin u = {24'd0, raw[7:0]};   s = {{24{raw[7]}}, raw[7:0]}; end
            2'd1:    begin u = {16'd0, raw[15:0]};  s = {{16{raw[15]}}, raw[15:0]}; end
            default: begin u = raw;                 s = raw; end
        endcase
        // SNORM: |s| clamped to 2^(n-1) - 1 (the most negative code maps to -1.0)
        mag = s[31] ? 16'd0 - s[15:0] : s[15:0];
        if (bc == 2'd0 && mag > 16'd127) mag = 16'd127;
        if (bc == 2'd1 && mag > 16'h7fff) mag = 16'h7fff;
        // one ratio unit: UNORM num/(2^n - 1), SNORM mag/(2^(n-1) - 1)
        rt = fmt_ratio((nf == NF_SNORM) ? mag : u[15:0], {bc[0], nf != NF_SNORM});
        // one int -> f32 unit (8/16-bit values: exact)
        sc = si_cvt_f32_i32((nf == NF_USCALED) ? u : s, mode);
        case (nf)
            NF_UINT:                fmt_load_cvt = u;
            NF_SINT:                fmt_load_cvt = s;
            NF_UNORM:               fmt_load_cvt = rt;
            NF_SNORM:               fmt_load_cvt = {s[31], rt[30:0]};
            NF_USCALED, NF_SSCALED: fmt_load_cvt = sc;
            NF_FLOAT:               fmt_load_cvt = (bc == 2'd2) ? raw : si_cvt_f32_f16({16'd0, raw[15:0]}, mode);
            default:                fmt_load_cvt = 32'd0;
        endcase
    end
endfunction

// Register value -> memory component, in the low 8/16/32 bits, upper bits 0
// (fmt_store_comp), for a supported pair.
function automatic [31:0] fmt_store_cvt(input [31:0] v, input [1:0] bc, input [2:0] nf, input [31:0] mode);
    reg [31:0] mask;
    reg [15:0] sc, maxs, mag;
    reg        nan, ge1;
    begin
        mask = (bc == 2'd0) ? 32'h000000ff : (bc == 2'd1) ? 32'h0000ffff : 32'hffffffff;
        nan = v[30:0] > 31'h7f800000;
        ge1 = v[30:0] >= 31'h3f800000;            // |v| >= 1.0 (incl. infinity)
        // one scale unit: UNORM * (2^n - 1), SNORM |v| * (2^(n-1) - 1)
        sc = fmt_scale(v[30:0], {bc[0], nf != NF_SNORM});
        maxs = bc[0] ? 16'h7fff : 16'h007f;
        mag = nan ? 16'd0 : ge1 ? maxs : sc;
        case (nf)
            NF_UINT, NF_SINT: fmt_store_cvt = v & mask;   // truncated to the component width
            NF_UNORM:         fmt_store_cvt = (nan || v[31]) ? 32'd0 : ge1 ? mask : {16'd0, sc};
            NF_SNORM:         fmt_store_cvt = (v[31] ? 32'd0 - {16'd0, mag} : {16'd0, mag}) & mask;
            NF_FLOAT:         fmt_store_cvt = (bc == 2'd2) ? v : si_cvt_f16_f32(v, mode) & 32'h0000ffff;
            default:          fmt_store_cvt = 32'd0;
        endcase
    end
endfunction
