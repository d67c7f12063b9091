// sicu CU: instruction decode.
//
// Combinational: turns the 8 bytes fetched at a wave's PC into the decoded
// bundle (cu_defs.vh).  Format detection follows the fixed high bits of the
// first dword; the opcode look-up (format, opcode) -> op index is the
// function si_lookup generated from the one ISA table (build/gen/si_isa.vh),
// so nothing about opcodes is written here.  An encoding the table does not
// know decodes to SI_OP_INVALID (issue reports it as a fault).
`default_nettype none
module decode (
    input  wire [47:0]        fetch_pc,
    input  wire [63:0]        fetch_data,   // {dword at pc+4, dword at pc}
    input  wire               fetch_ok,     // the dword at pc was readable (else a fetch fault)
    output reg  [`DI_W-1:0]   dec_bundle,
    output wire [47:0]        dec_next_pc,  // pc + instruction size
    output reg                dec_stop      // control transfer: fetch waits for a redirect
);
`include "si_isa.vh"
`include "cu_defs.vh"

    wire [31:0] w0 = fetch_data[31:0];
    wire [31:0] w1 = fetch_data[63:32];
    reg  [4:0]  fmt;
    reg  [8:0]  opc;
    reg         two;
    reg  [9:0]  op;
    reg  [31:0] fl;
    reg  [7:0]  dk;
    reg         haslit;
    reg         b3;
    reg  [1:0]  nsrc;
    reg  [8:0]  s3 [0:2];
    integer     i;

    // Unit class for issue's routing (UC_*, cu_defs.vh), decided once here so
    // issue does not decode every wave's head instruction again.
    function automatic [2:0] unit_of(input [9:0] o, input [4:0] f5);
        reg [31:0] f;
        begin
            f = si_op_flags(o);
            if (o == SI_OP_INVALID) unit_of = `UC_FAULT;
            else if ((f & SI_F_GRAPHICS) != 0) unit_of = `UC_FAULT;
            else if (f5 == SI_FMT_SMRD && o != SI_OP_S_MEMTIME)
                unit_of = `UC_SMEM;   // scalar loads, s_dcache_inv (s_memtime: the LSU faults it)
            else if (f5 == SI_FMT_SMRD || f5 == SI_FMT_MUBUF || f5 == SI_FMT_MTBUF || f5 == SI_FMT_DS)
                unit_of = `UC_LSU;
            else if ((f & SI_F_VALU) != 0) unit_of = `UC_VALU;
            else if (f5 == SI_FMT_RFV) unit_of = `UC_INTERNAL;   // rfv metadata: retires as a no-op
            else case (o)
                SI_OP_S_NOP, SI_OP_S_WAITCNT, SI_OP_S_BARRIER, SI_OP_S_ENDPGM, SI_OP_S_SLEEP, SI_OP_S_SETPRIO,
                SI_OP_S_SENDMSG, SI_OP_S_ICACHE_INV, SI_OP_S_INCPERFLEVEL, SI_OP_S_DECPERFLEVEL,
                SI_OP_S_TTRACEDATA, SI_OP_S_CBRANCH_CDBGSYS, SI_OP_S_CBRANCH_CDBGUSER,
                SI_OP_S_CBRANCH_CDBGSYS_OR_USER, SI_OP_S_CBRANCH_CDBGSYS_AND_USER:
                    unit_of = `UC_INTERNAL;
                SI_OP_S_SENDMSGHALT, SI_OP_S_TRAP, SI_OP_S_SETHALT, SI_OP_S_SETVSKIP, SI_OP_S_CBRANCH_G_FORK,
                SI_OP_S_CBRANCH_I_FORK, SI_OP_S_CBRANCH_JOIN, SI_OP_S_RFE_B64:
                    unit_of = `UC_FAULT;
                default: unit_of = `UC_SALU;
            endcase
        end
    endfunction

    // An RFV word's payload {w1, w0[23:0]} is valid: rfv_pir's bits 55:54
    // are reserved (zero); rfv_pbr releases v[base + i] for the set bits i
    // of its 48-bit mask, base = payload[7:0], all within v255.
    function automatic rfv_ok(input [25:0] a, input [31:0] b);
        reg [47:0] m;
        integer    k;
        begin
            rfv_ok = 1'b1;
            m = {b, a[23:8]};
            if (a[25:24] == 2'd0 && b[31:30] != 2'd0) rfv_ok = 1'b0;
            if (a[25:24] == 2'd1)
                for (k = 0; k < 48; k = k + 1)
                    if (m[k] && {1'b0, a[7:0]} + k[8:0] > 9'd255) rfv_ok = 1'b0;
        end
    endfunction

    always @* begin
        two = 1'b0;
        fmt = SI_FMT_COUNT;
        opc = 9'd0;
        if (!w0[31]) begin
            if (w0[30:25] == 6'h3e) begin fmt = SI_FMT_VOPC; opc = {1'b0, w0[24:17]}; end
            else if (w0[30:25] == 6'h3f) begin fmt = SI_FMT_VOP1; opc = {1'b0, w0[16:9]}; end
            else begin fmt = SI_FMT_VOP2; opc = {3'b0, w0[30:25]}; end
        end else if (w0[31:30] == 2'b10) begin
            if (w0[31:23] == 9'h17d) begin fmt = SI_FMT_SOP1; opc = {1'b0, w0[15:8]}; end
            else if (w0[31:23] == 9'h17e) begin fmt = SI_FMT_SOPC; opc = {2'b0, w0[22:16]}; end
            else if (w0[31:23] == 9'h17f) begin fmt = SI_FMT_SOPP; opc = {2'b0, w0[22:16]}; end
            else if (w0[31:28] == 4'hb) begin fmt = SI_FMT_SOPK; opc = {4'b0, w0[27:23]}; end
            else begin fmt = SI_FMT_SOP2; opc = {2'b0, w0[29:23]}; end
        end else if (w0[31:27] == 5'h18) begin
            fmt = SI_FMT_SMRD; opc = {4'b0, w0[26:22]};
        end else begin
            case (w0[31:26])
                6'h32: begin fmt = SI_FMT_VINTRP; opc = {7'b0, w0[17:16]}; end
                6'h34: begin fmt = SI_FMT_VOP3A; opc = w0[25:17]; two = 1'b1; end
                6'h36: begin fmt = SI_FMT_DS; opc = {1'b0, w0[25:18]}; two = 1'b1; end
                6'h38: begin fmt = SI_FMT_MUBUF; opc = {2'b0, w0[24:18]}; two = 1'b1; end
                6'h3a: begin fmt = SI_FMT_MTBUF; opc = {6'b0, w0[18:16]}; two = 1'b1; end
                6'h3c: begin fmt = SI_FMT_MIMG; opc = {2'b0, w0[24:18]}; two = 1'b1; end
                6'h3e: begin fmt = SI_FMT_EXP; opc = 9'd0; two = 1'b1; end
                // sicu's register-file virtualization metadata (docs/rfv.md): a
                // 64-bit no-op that retires in issue; reserved payload bits
                // or a release window past v255 make it invalid
                6'h3b: begin fmt = rfv_ok(w0[25:0], w1) ? SI_FMT_RFV : SI_FMT_COUNT; opc = {7'b0, w0[25:24]}; two = 1'b1; end
                default: begin fmt = SI_FMT_COUNT; opc = 9'd0; end
            endcase
        end
        op = (fmt == SI_FMT_COUNT || !fetch_ok) ? SI_OP_INVALID : si_lookup(fmt, opc);
        fl = si_op_flags(op);
        dk = si_op_dst_kind(op);

        dec_bundle = {`DI_W{1'b0}};
        dec_bundle[`DI_OP] = op;
        dec_bundle[`DI_FMT] = fmt;
        dec_bundle[`DI_UNIT] = unit_of(op, fmt);
        dec_bundle[`DI_PC] = fetch_pc;
        dec_bundle[`DI_FETCH_FAULT] = !fetch_ok;
        haslit = 1'b0;
        case (fmt)
            SI_FMT_SOP2: begin
                if (dk != 8'd0) dec_bundle[`DI_DST] = {2'b0, w0[22:16]};
                dec_bundle[`DI_SRC0] = {1'b0, w0[7:0]};
                dec_bundle[`DI_SRC1] = {1'b0, w0[15:8]};
            end
            SI_FMT_SOP1: begin
                if (dk != 8'd0) dec_bundle[`DI_DST] = {2'b0, w0[22:16]};
                if (si_op_src_kind(op, 2'd0) != 8'd0) dec_bundle[`DI_SRC0] = {1'b0, w0[7:0]};
            end
            SI_FMT_SOPC: begin
                dec_bundle[`DI_SRC0] = {1'b0, w0[7:0]};
                dec_bundle[`DI_SRC1] = {1'b0, w0[15:8]};
            end
            SI_FMT_SOPK: begin
                dec_bundle[`DI_SIMM16] = w0[15:0];
                if ((fl & SI_F_SOPK_IMM_ONLY) != 0) begin
                    if (op == SI_OP_S_SETREG_IMM32_B32) dec_bundle[`DI_SRC1] = 9'd255;
                    else dec_bundle[`DI_SRC1] = {2'b0, w0[22:16]};
                end else
                    dec_bundle[`DI_DST] = {2'b0, w0[22:16]};
            end
            SI_FMT_SOPP: dec_bundle[`DI_SIMM16] = w0[15:0];
            SI_FMT_SMRD: begin
                if (dk != 8'd0) dec_bundle[`DI_DST] = {2'b0, w0[21:15]};
                dec_bundle[`DI_SRC0] = {2'b0, w0[14:9], 1'b0};
                dec_bundle[`DI_SMRD_IMM] = w0[8];
                dec_bundle[`DI_SMRD_OFF] = w0[7:0];
                if (!w0[8]) dec_bundle[`DI_SRC1] = {1'b0, w0[7:0]};
            end
            SI_FMT_VOP2: begin
                dec_bundle[`DI_SRC0] = w0[8:0];
                if ((fl & SI_F_LANESEL) != 0) begin
                    dec_bundle[`DI_SRC1] = {1'b0, w0[16:9]};
                    dec_bundle[`DI_DST] = ((fl & SI_F_SDST) != 0) ? {1'b0, w0[24:17]} : {1'b1, w0[24:17]};
                end else begin
                    dec_bundle[`DI_SRC1] = {1'b1, w0[16:9]};
                    dec_bundle[`DI_DST] = {1'b1, w0[24:17]};
                end
                if ((fl & SI_F_MAC) != 0) dec_bundle[`DI_SRC2] = {1'b1, w0[24:17]};
                else if ((fl & SI_F_RD_VCC) != 0) dec_bundle[`DI_SRC2] = 9'd106;
                if ((fl & SI_F_VOP3B) != 0) dec_bundle[`DI_SDST] = 7'd106;
            end
            SI_FMT_VOP1: begin
                if (si_op_src_kind(op, 2'd0) != 8'd0) dec_bundle[`DI_SRC0] = w0[8:0];
                if (dk != 8'd0)
                    dec_bundle[`DI_DST] = ((fl & SI_F_SDST) != 0) ? {1'b0, w0[24:17]} : {1'b1, w0[24:17]};
            end
            SI_FMT_VOPC: begin
                dec_bundle[`DI_SRC0] = w0[8:0];
                dec_bundle[`DI_SRC1] = {1'b1, w0[16:9]};
                dec_bundle[`DI_DST] = 9'd106;
                dec_bundle[`DI_SDST] = 7'd106;
            end
            SI_FMT_VOP3A: begin
                // VOP3 encoding of a VOP1/VOP2/VOPC op, or a VOP3-only op
                b3 = (si_op_fmt(op) == SI_FMT_VOP3B) || ((fl & SI_F_VOP3B) != 0);
                dec_bundle[`DI_VOP3] = !(si_op_fmt(op) == SI_FMT_VOP3A || si_op_fmt(op) == SI_FMT_VOP3B);
                dec_bundle[`DI_FMT] = b3 ? SI_FMT_VOP3B : SI_FMT_VOP3A;
                if (b3) dec_bundle[`DI_SDST] = w0[14:8];
                else begin
                    dec_bundle[`DI_ABS] = w0[10:8];
                    dec_bundle[`DI_CLAMP] = w0[11];
                end
                dec_bundle[`DI_OMOD] = w1[28:27];
                dec_bundle[`DI_NEG] = w1[31:29];
                s3[0] = w1[8:0]; s3[1] = w1[17:9]; s3[2] = w1[26:18];
                nsrc = (si_op_fmt(op) == SI_FMT_VOP1) ? 2'd1 :
                       (si_op_fmt(op) == SI_FMT_VOPC || si_op_fmt(op) == SI_FMT_VOP2) ? 2'd2 : 2'd3;
                if (si_op_fmt(op) == SI_FMT_VOP2 && (fl & (SI_F_RD_VCC | SI_F_MAC)) != 0) nsrc = 2'd3;
                for (i = 0; i < 3; i = i + 1)
                    if (i < nsrc && (si_op_src_kind(op, i[1:0]) != 8'd0 || (i == 2 && si_op_fmt(op) == SI_FMT_VOP2))) begin
                        if (s3[i] == 9'd255) dec_bundle[`DI_OP] = SI_OP_INVALID; // no literal in VOP3 on SI
                        case (i)
                            0: dec_bundle[`DI_SRC0] = s3[i];
                            1: dec_bundle[`DI_SRC1] = s3[i];
                            default: dec_bundle[`DI_SRC2] = s3[i];
                        endcase
                    end
                if (si_op_fmt(op) == SI_FMT_VOPC) begin
                    dec_bundle[`DI_DST] = {1'b0, w0[7:0]};
                    dec_bundle[`DI_SDST] = w0[6:0];
                end else if ((fl & SI_F_SDST) != 0)
                    dec_bundle[`DI_DST] = {1'b0, w0[7:0]};
                else if (dk != 8'd0)
                    dec_bundle[`DI_DST] = {1'b1, w0[7:0]};
            end
            SI_FMT_DS: begin
                dec_bundle[`DI_GDS] = w0[17];
                if ((fl & SI_F_2ADDR) != 0) begin
                    dec_bundle[`DI_OFFSET] = {8'd0, w0[7:0]};
                    dec_bundle[`DI_OFFSET1] = w0[15:8];
                end else
                    dec_bundle[`DI_OFFSET] = w0[15:0];
                dec_bundle[`DI_VADDR] = w1[7:0];
                dec_bundle[`DI_VDATA] = w1[15:8];
                dec_bundle[`DI_DATA1] = w1[23:16];
                if (si_op_src_kind(op, 2'd0) != 8'd0) dec_bundle[`DI_SRC0] = {1'b1, w1[7:0]};
                if (si_op_src_kind(op, 2'd1) != 8'd0) dec_bundle[`DI_SRC1] = {1'b1, w1[15:8]};
                if (si_op_src_kind(op, 2'd2) != 8'd0) dec_bundle[`DI_SRC2] = {1'b1, w1[23:16]};
                if (dk != 8'd0) dec_bundle[`DI_DST] = {1'b1, w1[31:24]};
            end
            SI_FMT_MUBUF, SI_FMT_MTBUF: begin
                dec_bundle[`DI_OFFSET] = {4'd0, w0[11:0]};
                dec_bundle[`DI_OFFEN] = w0[12];
                dec_bundle[`DI_IDXEN] = w0[13];
                dec_bundle[`DI_GLC] = w0[14];
                dec_bundle[`DI_ADDR64] = w0[15];
                if (fmt == SI_FMT_MUBUF) dec_bundle[`DI_LDS] = w0[16];
                if (fmt == SI_FMT_MTBUF) begin
                    dec_bundle[`DI_DFMT] = w0[22:19];
                    dec_bundle[`DI_NFMT] = w0[25:23];
                end
                dec_bundle[`DI_VADDR] = w1[7:0];
                dec_bundle[`DI_VDATA] = w1[15:8];
                dec_bundle[`DI_SRSRC] = {w1[20:16], 2'b00};
                dec_bundle[`DI_SLC] = w1[22];
                dec_bundle[`DI_TFE] = w1[23];
                dec_bundle[`DI_SOFFSET] = w1[31:24];
                if (si_op_src_kind(op, 2'd0) != 8'd0) dec_bundle[`DI_SRC0] = {1'b1, w1[7:0]};
                if (si_op_src_kind(op, 2'd1) != 8'd0) dec_bundle[`DI_SRC1] = {1'b1, w1[15:8]};
                if (si_op_src_kind(op, 2'd2) != 8'd0) dec_bundle[`DI_SRC2] = {2'b0, w1[20:16], 2'b00};
                if (dk != 8'd0) dec_bundle[`DI_DST] = {1'b1, w1[15:8]};
            end
            // rfv metadata: the payload {w1, w0[23:0]} in LIT, OFFSET1, OFFSET (issue.v reads it)
            SI_FMT_RFV: begin
                dec_bundle[`DI_OFFSET] = w0[15:0];
                dec_bundle[`DI_OFFSET1] = w0[23:16];
            end
            default: ;
        endcase
        // operands the SIMD lane takes as src2 (rtl/simd_lane.v): the literal K of
        // v_madmk/v_madak, the destination VGPR of v_cvt_pkaccum_u8_f32 (kept bytes)
        if (op == SI_OP_V_MADMK_F32 || op == SI_OP_V_MADAK_F32) dec_bundle[`DI_SRC2] = 9'd255;
        if (op == SI_OP_V_CVT_PKACCUM_U8_F32) dec_bundle[`DI_SRC2] = dec_bundle[`DI_DST];
        // literal: a 32-bit encoding whose src0/src1 is 255, or the ops that always carry one
        if (!two && fmt != SI_FMT_COUNT)
            haslit = (op == SI_OP_V_MADMK_F32) || (op == SI_OP_V_MADAK_F32) || (op == SI_OP_S_SETREG_IMM32_B32) ||
                     (si_op_src_kind(op, 2'd0) != 8'd0 && dec_bundle[`DI_SRC0] == 9'd255) ||
                     (si_op_src_kind(op, 2'd1) != 8'd0 && dec_bundle[`DI_SRC1] == 9'd255);
        dec_bundle[`DI_HASLIT] = haslit;
        dec_bundle[`DI_LIT] = (haslit || fmt == SI_FMT_RFV) ? w1 : 32'd0;
        dec_bundle[`DI_LEN8] = two | haslit;
        // control transfer: the next fetch waits for issue/SALU to redirect
        dec_stop = (fl & SI_F_BRANCH) != 0 || (fl & SI_F_ENDPGM) != 0 || op == SI_OP_INVALID ||
                   (fl & SI_F_GRAPHICS) != 0;
    end
    assign dec_next_pc = fetch_pc + (dec_bundle[`DI_LEN8] ? 48'd8 : 48'd4);
endmodule
`default_nettype wire
