// sicu CU: MUBUF/MTBUF address of one lane's dword (sw/vmem.c, docs/memory.md),
// shared by the LSU (every addressing mode, one lane per cycle) and vmem.v
// (the line-coalescing path, 16 lanes per cycle).  Included inside a module.
//
// vs: the V# (128 bits); soff: SOFFSET's value; offset: the instruction's
// OFFSET; addr64/idxen/offen: its flags; a0/a1: the lane's address VGPRs
// (a1 only for addr64 or idxen+offen); ln: the lane (ADD_TID_ENABLE);
// extra: bytes added to the offset (dword d of an access: 4*d).
// Result {out of range, 64-bit address}.  Out of range (not addr64): STRIDE
// == 0: offset + soffset >= NUM_RECORDS; else index >= NUM_RECORDS, or (idxen
// or ADD_TID) offset >= STRIDE.  Swizzled: ELEMENT_SIZE 2 << [116:115] and
// INDEX_STRIDE 8 << [118:117], powers of two (shifts and masks).
/* verilator lint_off UNUSEDSIGNAL */   // the V#'s format/swizzle-unrelated fields
function automatic [64:0] buf_addr(input [127:0] vs, input [31:0] soff, input [15:0] offset,
                                   input addr64, input idxen, input offen,
                                   input [31:0] a0, input [31:0] a1, input [5:0] ln, input [31:0] extra);
    reg [31:0] index, voff, off, nrec;
    reg [63:0] boff, addr;
    reg [13:0] stride;
    reg [2:0]  esz_l2, ist_l2;
    reg        oob;
    begin
        stride = vs[61:48];
        nrec = vs[95:64];
        esz_l2 = {1'b0, vs[116:115]} + 3'd1;
        ist_l2 = {1'b0, vs[118:117]} + 3'd3;
        oob = 1'b0;
        index = 32'd0; voff = 32'd0; off = 32'd0; boff = 64'd0;
        if (addr64) begin
            addr = {16'd0, vs[47:0]} + {a1, a0} + {48'd0, offset} + {32'd0, extra} + {32'd0, soff};
        end else begin
            if (idxen && offen) begin index = a0; voff = a1; end
            else if (idxen) index = a0;
            else if (offen) voff = a0;
            if (vs[119]) index = index + {26'd0, ln};
            off = {16'd0, offset} + voff + extra;
            if (stride == 14'd0) oob = ({32'd0, off} + {32'd0, soff}) >= {32'd0, nrec};
            else oob = (index >= nrec) || ((idxen || vs[119]) && off >= {18'd0, stride});
            if (vs[63])
                boff = ((({32'd0, index} >> ist_l2) * {50'd0, stride} +
                         (({32'd0, off} >> esz_l2) << esz_l2)) << ist_l2) +
                       (({32'd0, index} & ~(64'hffffffffffffffff << ist_l2)) << esz_l2) +
                       ({32'd0, off} & ~(64'hffffffffffffffff << esz_l2));
            else
                boff = {32'd0, index} * {50'd0, stride} + {32'd0, off};
            addr = {16'd0, vs[47:0]} + {32'd0, soff} + boff;
        end
        buf_addr = {oob, addr};
    end
endfunction
/* verilator lint_on UNUSEDSIGNAL */
