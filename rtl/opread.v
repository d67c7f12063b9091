// sicu CU: operand read - the ONE place where architectural registers
// become physical rows.
//
// Issue hands over one instruction per cycle (valid/ready); this stage
// holds it for a cycle, maps its register operands through the wave's
// register mapping (today: SGPR base + code with the special registers in a
// per-wave block, VGPR base + n, +M0 for movrel; a renaming table would
// replace exactly this), reads the scalar operands, resolves inline
// constants and literals (si_read_s64 rules), checks the operands lie in the
// wave's allocation (fault otherwise) and offers the operand packet to the
// unit (valid/ready).  The packet carries the instruction's architectural
// identity (wave, tag, PC in the bundle, architectural destinations) next to
// the physical rows, so units report their writes architecturally.
//
// The register mapping of a wave slot is written at launch.  The
// dispatcher's initial register writes (the SPI's job: user SGPRs, work-item
// ids, zeroed registers and LDS) arrive on the init port and are mapped here
// too; the last beat of a wave lets issue start it.
`default_nettype none
`include "sicu_assert.vh"
module opread #(
    parameter NW = `SICU_WAVES,
    parameter WW = (NW > 1) ? $clog2(NW) : 1,
    parameter NS = `SICU_SIMDS,
    parameter SROWS = `SICU_SGPR_ROWS,
    parameter SAW = $clog2(`SICU_SGPR_ROWS + `SICU_WAVES * 32),
    parameter VAW = `SICU_VROW_BITS,
    parameter LAW = $clog2(`SICU_LDS_BYTES) + 1
) (
    input  wire                 clk,
    input  wire                 rst,
    // wave launch: the register mapping of the slot
    input  wire                 launch_valid,
    input  wire [WW-1:0]        launch_wave,
    input  wire [SAW-1:0]       launch_sgpr_base,
    input  wire [7:0]           launch_nsgpr,
    input  wire [VAW-1:0]       launch_vgpr_base,
    input  wire [8:0]           launch_nvgpr,
    input  wire [LAW-1:0]       launch_lds_base,
    input  wire [LAW-1:0]       launch_lds_size,
    // initial register / LDS writes of a launched wave (dispatcher)
    input  wire                 init_valid,
    output wire                 init_ready,
    input  wire [WW-1:0]        init_wave,
    input  wire [1:0]           init_kind,       // INIT_SGPR4, INIT_VGPR, INIT_LDS (cu_defs.vh)
    input  wire [15:0]          init_addr,       // SGPR code (4-aligned) / VGPR index / LDS dword index
    input  wire [3:0]           init_be,         // SGPR4: which of the 4 codes are written
    input  wire [2047:0]        init_data,       // SGPR4: 4 dwords; VGPR: 64 lanes; LDS: 1 dword
    input  wire                 init_last,       // the wave's last beat: it may start
    output reg                  start_valid,
    output reg  [WW-1:0]        start_wave,
    //   their writes
    output wire                 iw_s_valid,      // to the scalar write-back arbiter (lowest priority)
    input  wire                 iw_s_grant,
    output wire [SAW-1:0]       iw_s_addr_a,
    output wire [1:0]           iw_s_en_a,
    output wire [63:0]          iw_s_data_a,
    output wire [SAW-1:0]       iw_s_addr_b,
    output wire [1:0]           iw_s_en_b,
    output wire [63:0]          iw_s_data_b,
    output wire [6:0]           iw_s_code,       // architectural code of port A's first dword
    output wire [NS-1:0]        iw_v_en,         // a whole row of the wave's SIMD (when the LSU does not write)
    input  wire                 iw_v_free,
    output wire [VAW-1:0]       iw_v_row,
    output wire [8:0]           iw_v_areg,
    output wire                 iw_l_en,         // one LDS dword (when the LSU does not access the LDS)
    input  wire                 iw_l_free,
    output wire [LAW-1:0]       iw_l_addr,       // physical byte address
    output wire [LAW-1:0]       iw_l_rel,        // inside the work-group's allocation
    // from issue (valid/ready)
    input  wire                 iss_valid,
    output wire                 iss_ready,
    input  wire [WW-1:0]        iss_wave,
    input  wire [15:0]          iss_tag,
    input  wire [`DI_W-1:0]     iss_bundle,
    input  wire [2:0]           iss_unit,
    input  wire                 iss_scc,
    input  wire [31:0]          iss_mode,
    input  wire [3:0]           iss_wid,         // wave id in the work-group (HW_ID)
    input  wire                 iss_in_tg,       // the work-group has more than one wave (STATUS.IN_TG)
    input  wire [2:0]           iss_rfl,         // RFV: release flags of source slots 0..2 (rfv_pir)
    //   what issue needs to know of this stage
    output wire                 rd_valid,
    output wire                 rd_busy,         // holds an instruction that does not leave this cycle
    output wire [2:0]           rd_unit,
    output wire [WW-1:0]        rd_wave,
    // scalar register file read ports
    output wire [7*SAW-1:0]     sg_rd_addr,
    input  wire [7*64-1:0]      sg_rd_data,
    // M0 has a read port of its own: movrel addresses depend on it (a separate
    // signal keeps the operand-address -> data path free of false loops)
    output wire [SAW-1:0]       sg_m0_addr,
    input  wire [63:0]          sg_m0_data,
    // packet to the units
    output wire                 op_valid,
    output wire [2:0]           op_unit,
    output wire [NS-1:0]        op_simd_sel,
    input  wire                 op_ready,
    output wire [`OPK_W-1:0]    op_pkt,      // the operand packet (sw/isa/op_packet.def)
    // fault (stops the CU)
    output reg                  fault_valid,
    output reg  [WW-1:0]        fault_wave,
    output reg  [47:0]          fault_pc,
    output reg  [3:0]           fault_code,
    output reg  [8:0]           fault_info
);
`include "si_isa.vh"
`include "cu_defs.vh"

    // ---------------------------------------------------------------- the operand packet's fields
    wire [WW-1:0]    op_wave;
    wire [15:0]      op_tag;
    wire [`DI_W-1:0] op_bundle;
    reg  [63:0]      op_s0, op_s1, op_s2;
    wire [63:0]      op_s3, op_dold, op_exec, op_vcc;
    wire [31:0]      op_m0, op_mode;
    wire             op_scc;
    reg  [VAW-1:0]   op_vrow0, op_vrow1, op_vrow2, op_vdst;
    reg  [8:0]       op_vdst_arch;
    reg  [SAW-1:0]   op_sdst, op_sdst2;
    reg  [6:0]       op_sdst_arch;
    wire [6:0]       op_sdst2_arch;
    wire [SAW-1:0]   op_exec_row;
    wire [LAW-1:0]   op_lds_base, op_lds_size;
    wire [23:0]      op_hwinfo;
    assign op_pkt[`OPK_WAVE] = op_wave;
    assign op_pkt[`OPK_TAG] = op_tag;
    assign op_pkt[`OPK_BUNDLE] = op_bundle;
    assign op_pkt[`OPK_S0] = op_s0;
    assign op_pkt[`OPK_S1] = op_s1;
    assign op_pkt[`OPK_S2] = op_s2;
    assign op_pkt[`OPK_S3] = op_s3;
    assign op_pkt[`OPK_DOLD] = op_dold;
    assign op_pkt[`OPK_EXEC] = op_exec;
    assign op_pkt[`OPK_VCC] = op_vcc;
    assign op_pkt[`OPK_M0] = op_m0;
    assign op_pkt[`OPK_SCC] = op_scc;
    assign op_pkt[`OPK_MODE] = op_mode;
    assign op_pkt[`OPK_VROW0] = op_vrow0;
    assign op_pkt[`OPK_VROW1] = op_vrow1;
    assign op_pkt[`OPK_VROW2] = op_vrow2;
    assign op_pkt[`OPK_VDST] = op_vdst;
    assign op_pkt[`OPK_VDST_ARCH] = op_vdst_arch;
    assign op_pkt[`OPK_SDST] = op_sdst;
    assign op_pkt[`OPK_SDST_ARCH] = op_sdst_arch;
    assign op_pkt[`OPK_SDST2] = op_sdst2;
    assign op_pkt[`OPK_SDST2_ARCH] = op_sdst2_arch;
    assign op_pkt[`OPK_EXEC_ROW] = op_exec_row;
    assign op_pkt[`OPK_LDS_BASE] = op_lds_base;
    assign op_pkt[`OPK_LDS_SIZE] = op_lds_size;
    assign op_pkt[`OPK_HWINFO] = op_hwinfo;
    reg  [8:0]       op_rfv_rn;
    reg  [VAW-1:0]   op_rfv_rb0, op_rfv_rb1, op_rfv_rb2;
    assign op_pkt[`OPK_RFV_RN] = op_rfv_rn;
    assign op_pkt[`OPK_RFV_RB0] = op_rfv_rb0;
    assign op_pkt[`OPK_RFV_RB1] = op_rfv_rb1;
    assign op_pkt[`OPK_RFV_RB2] = op_rfv_rb2;

    // ---------------------------------------------------------------- register mapping per wave slot
    reg [SAW-1:0] mp_sbase [0:NW-1];
    reg [7:0]     mp_nsgpr [0:NW-1];
    reg [VAW-1:0] mp_vbase [0:NW-1];
    reg [8:0]     mp_nvgpr [0:NW-1];
    reg [LAW-1:0] mp_ldsb [0:NW-1];
    reg [LAW-1:0] mp_ldss [0:NW-1];
    always @(posedge clk)
        if (launch_valid) begin
            mp_sbase[launch_wave] <= launch_sgpr_base;
            mp_nsgpr[launch_wave] <= launch_nsgpr;
            mp_vbase[launch_wave] <= launch_vgpr_base;
            mp_nvgpr[launch_wave] <= launch_nvgpr;
            mp_ldsb[launch_wave] <= launch_lds_base;
            mp_ldss[launch_wave] <= launch_lds_size;
        end

    localparam [SAW-1:0] SP_2 = 2, SP_EXEC = 30, SP_VCC = 10, SP_M0 = 28;
    function automatic [SAW-1:0] srow(input [8:0] code, input [SAW-1:0] base, input [SAW-1:0] spec,
                                      input [SAW-1:0] rel);
        if (code < 9'd104) srow = base + {{(SAW-7){1'b0}}, code[6:0]} + rel;
        else srow = spec + {{(SAW-5){1'b0}}, code[4:0]};
    endfunction

    // ---------------------------------------------------------------- init port
    wire [SAW-1:0] i_sbase = mp_sbase[init_wave];
    wire [SAW-1:0] i_spec = SROWS[SAW-1:0] + {init_wave, 5'd0};
    wire           i_sg = init_kind == `INIT_SGPR4, i_vg = init_kind == `INIT_VGPR, i_ld = init_kind == `INIT_LDS;
    assign init_ready = i_sg ? iw_s_grant : i_vg ? iw_v_free : i_ld ? iw_l_free : 1'b1;
    assign iw_s_valid = init_valid && i_sg;
    assign iw_s_addr_a = srow(init_addr[8:0], i_sbase, i_spec, {SAW{1'b0}});
    assign iw_s_addr_b = srow(init_addr[8:0] + 9'd2, i_sbase, i_spec, {SAW{1'b0}});
    assign iw_s_en_a = init_be[1:0];
    assign iw_s_en_b = init_be[3:2];
    assign iw_s_data_a = init_data[63:0];
    assign iw_s_data_b = init_data[127:64];
    assign iw_s_code = init_addr[6:0];
    genvar g;
    generate
        for (g = 0; g < NS; g = g + 1) begin : g_iwsimd
            assign iw_v_en[g] = init_valid && i_vg && iw_v_free && (init_wave % NS) == g;
        end
    endgenerate
`ifdef SICU_FEAT_RFV_ON
    // RFV: virtual rows {the wave's slot in its SIMD, VGPR} (rfv_map.v translates them)
    /* verilator lint_off UNUSEDSIGNAL */
    wire [WW-1:0]  i_slot = init_wave / NS;
    /* verilator lint_on UNUSEDSIGNAL */
    assign iw_v_row = {i_slot[VAW-9:0], init_addr[7:0]};
`else
    assign iw_v_row = mp_vbase[init_wave] + init_addr[VAW-1:0];
`endif
    assign iw_v_areg = init_addr[8:0];
    assign iw_l_en = init_valid && i_ld && iw_l_free;
    assign iw_l_rel = {init_addr[LAW-3:0], 2'b00};
    assign iw_l_addr = mp_ldsb[init_wave] + iw_l_rel;
    always @(posedge clk) begin
        start_valid <= !rst && init_valid && init_ready && init_last;
        start_wave <= init_wave;
    end

    // ---------------------------------------------------------------- stage register
    reg              or_valid;
    reg [WW-1:0]     or_wave;
    reg [`DI_W-1:0]  or_b;
    reg [2:0]        or_unit;
    reg [15:0]       or_tag;
    reg              or_scc;
    reg [31:0]       or_mode;
    reg [3:0]        or_wid;
    reg              or_in_tg;
    reg [2:0]        or_rfl;
    reg              or_fault;
    wire             or_fire = or_valid && op_ready;
    assign iss_ready = (!or_valid || (or_fire && !or_fault)) && !fault_valid;
    assign rd_valid = or_valid;
    assign rd_busy = or_valid && !or_fire;
    assign rd_unit = or_unit;
    assign rd_wave = or_wave;

    // ---------------------------------------------------------------- scalar operands
    wire [8:0] c0 = or_b[`DI_SRC0], c1 = or_b[`DI_SRC1], c2 = or_b[`DI_SRC2], cd = or_b[`DI_DST];
    wire [9:0] oop = or_b[`DI_OP];
    wire [SAW-1:0] sbase = mp_sbase[or_wave];
    wire [SAW-1:0] special = SROWS[SAW-1:0] + {or_wave, 5'd0};
    wire [31:0] m0v = sg_m0_data[31:0];
    wire movrels_s = oop == SI_OP_S_MOVRELS_B32 || oop == SI_OP_S_MOVRELS_B64;
    wire movreld_s = oop == SI_OP_S_MOVRELD_B32 || oop == SI_OP_S_MOVRELD_B64;
    wire movrel_vs = oop == SI_OP_V_MOVRELS_B32 || oop == SI_OP_V_MOVRELSD_B32;
    wire movrel_vd = oop == SI_OP_V_MOVRELD_B32 || oop == SI_OP_V_MOVRELSD_B32;

    wire [31:0] rel_s0 = movrels_s ? m0v : 32'd0;
    wire [31:0] rel_d  = movreld_s ? m0v : 32'd0;
    // port 4: the old destination (SALU; for s_cmpk_* / s_setreg_b32 the SDST field, which decode
    // lists as src1) or the buffer soffset
    wire [8:0]  soff_code = (or_b[`DI_FMT] == SI_FMT_MUBUF || or_b[`DI_FMT] == SI_FMT_MTBUF) ?
                            {1'b0, or_b[`DI_SOFFSET]} :
                            (or_b[`DI_FMT] == SI_FMT_SOPK && (si_op_flags(oop) & SI_F_SOPK_IMM_ONLY) != 0) ? c1 : cd;
    assign sg_rd_addr[0*SAW +: SAW] = srow(c0, sbase, special, rel_s0[SAW-1:0]);
    assign sg_rd_addr[1*SAW +: SAW] = srow(c1, sbase, special, {SAW{1'b0}});
    assign sg_rd_addr[2*SAW +: SAW] = srow(c2, sbase, special, {SAW{1'b0}});
    // port 3: the upper half of a V# (MUBUF srsrc = src2; s_buffer_load: sbase = src0)
    wire sbuf_ld = or_b[`DI_FMT] == SI_FMT_SMRD && (si_op_src_kind(oop, 2'd0) == SI_K_B128);
    assign sg_rd_addr[3*SAW +: SAW] = srow(sbuf_ld ? c0 : c2, sbase, special, {SAW{1'b0}}) + SP_2;
    assign sg_rd_addr[4*SAW +: SAW] = srow(soff_code, sbase, special, rel_d[SAW-1:0]);
    assign sg_rd_addr[5*SAW +: SAW] = special + SP_EXEC;   // EXEC
    assign sg_rd_addr[6*SAW +: SAW] = special + SP_VCC;   // VCC
    assign sg_m0_addr = special + SP_M0;

    wire [63:0] execv = sg_rd_data[5*64 +: 64];
    wire [63:0] vccv  = sg_rd_data[6*64 +: 64];

    // value of a scalar source code (si_read_s32 / si_read_s64 semantics)
    function automatic [63:0] resolve(input [8:0] code, input [7:0] kind, input [63:0] pair, input [31:0] lit,
                                      input scc, input vccz, input execz);
        reg w64;
        reg [31:0] c32;
        reg [63:0] f64c;
        begin
            w64 = kind[4:0] >= 5'd2;
            c32 = 32'd0;
            f64c = 64'd0;
            case (code[7:0])
                8'd240: begin c32 = 32'h3f000000; f64c = 64'h3fe0000000000000; end
                8'd241: begin c32 = 32'hbf000000; f64c = 64'hbfe0000000000000; end
                8'd242: begin c32 = 32'h3f800000; f64c = 64'h3ff0000000000000; end
                8'd243: begin c32 = 32'hbf800000; f64c = 64'hbff0000000000000; end
                8'd244: begin c32 = 32'h40000000; f64c = 64'h4000000000000000; end
                8'd245: begin c32 = 32'hc0000000; f64c = 64'hc000000000000000; end
                8'd246: begin c32 = 32'h40800000; f64c = 64'h4010000000000000; end
                8'd247: begin c32 = 32'hc0800000; f64c = 64'hc010000000000000; end
                default: ;
            endcase
            if (code < 9'd128) resolve = w64 ? pair : {32'd0, pair[31:0]};
            else if (code <= 9'd192) resolve = {56'd0, code[7:0]} - 64'd128;
            else if (code <= 9'd208) resolve = w64 ? (64'd192 - {55'd0, code}) : {32'd0, 32'd192 - {23'd0, code}};
            else if (code >= 9'd240 && code <= 9'd247) resolve = w64 ? f64c : {32'd0, c32};
            else if (code == 9'd251) resolve = {63'd0, vccz};
            else if (code == 9'd252) resolve = {63'd0, execz};
            else if (code == 9'd253) resolve = {63'd0, scc};
            else if (code == 9'd255) begin
                if (!w64) resolve = {32'd0, lit};
                else if (kind[7:5] == 3'd4) resolve = {lit, 32'd0};
                else if (kind[7:5] == 3'd3) resolve = {{32{lit[31]}}, lit};
                else resolve = {32'd0, lit};
            end else resolve = 64'd0;
        end
    endfunction

    wire vccz = vccv == 64'd0, execz = execv == 64'd0;
    // (evaluated only while the stage holds an instruction: the packet is not
    // looked at otherwise, and a simulator then skips the work; the same below)
    always @* begin
        op_s0 = 64'd0;
        op_s1 = 64'd0;
        op_s2 = 64'd0;
        if (or_valid) begin
            op_s0 = resolve(c0, si_op_src_kind(oop, 2'd0), sg_rd_data[0*64 +: 64], or_b[`DI_LIT], or_scc, vccz, execz);
            op_s1 = resolve(c1, si_op_src_kind(oop, 2'd1), sg_rd_data[1*64 +: 64], or_b[`DI_LIT], or_scc, vccz, execz);
            // the mask operand of cndmask/addc/subb/div_fmas is read as a 64-bit SGPR pair
            op_s2 = resolve(c2, (si_op_src_kind(oop, 2'd2) == 8'd0) ? SI_K_B64 : si_op_src_kind(oop, 2'd2),
                            sg_rd_data[2*64 +: 64], or_b[`DI_LIT], or_scc, vccz, execz);
            if ((si_op_flags(oop) & SI_F_RD_VCC) != 0 && or_b[`DI_FMT] == SI_FMT_VOP2 && c2 == 9'd106)
                op_s2 = vccv;
        end
    end
    assign op_s3 = sg_rd_data[3*64 +: 64];
    assign op_dold = (or_b[`DI_FMT] == SI_FMT_MUBUF || or_b[`DI_FMT] == SI_FMT_MTBUF) ?
                     resolve({1'b0, or_b[`DI_SOFFSET]}, SI_K_B32, sg_rd_data[4*64 +: 64], 32'd0, or_scc, vccz, execz) :
                     sg_rd_data[4*64 +: 64];
    assign op_exec = execv;
    assign op_vcc = vccv;
    assign op_m0 = m0v;
    assign op_scc = or_scc;
    assign op_mode = or_mode;
    assign op_exec_row = special + SP_EXEC;
    assign op_lds_base = mp_ldsb[or_wave];
    assign op_lds_size = mp_ldss[or_wave];
    // s_getreg values (see rtl/salu.v): {HW_ID wave id, STATUS.IN_TG, GPR_ALLOC VGPR/SGPR
    // granules, LDS_ALLOC granules}; the SGPR count is already clamped to 104 at launch
    wire [8:0] hw_vg = mp_nvgpr[or_wave] >> 2;
    wire [7:0] hw_sg = mp_nsgpr[or_wave] >> 3;
    wire [LAW+7:0] hw_lds = {8'd0, mp_ldss[or_wave]} + {{LAW{1'b0}}, 8'hff};
    assign op_hwinfo = {or_wid, or_in_tg, hw_vg[5:0] - 6'd1, hw_sg[3:0] - 4'd1, hw_lds[16:8]};
    assign op_valid = or_valid && or_unit != `UC_INTERNAL && or_unit != `UC_FAULT && !or_fault;
    assign op_unit = or_unit;
    assign op_wave = or_wave;
    assign op_tag = or_tag;
    assign op_bundle = or_b;
    assign op_sdst2_arch = or_b[`DI_SDST];
    generate
        for (g = 0; g < NS; g = g + 1) begin : g_simdsel
            assign op_simd_sel[g] = (or_wave % NS) == g;
        end
    endgenerate

    // ---------------------------------------------------------------- VGPR rows and range checks
`ifdef SICU_FEAT_RFV_ON
    /* verilator lint_off UNUSEDSIGNAL */   // (slot numbers: the low bits; VGPR codes: 256 + n)
    wire [WW-1:0]  or_slot = or_wave / NS;
    wire [VAW-1:0] vbase = {or_slot[VAW-9:0], 8'd0};
    function automatic [VAW-1:0] vreg(input [8:0] c);
        vreg = {{(VAW-8){1'b0}}, c[7:0]};
    endfunction
    wire _unused_rfv = &{1'b0, mp_vbase[0], 1'b0};   // the dispatcher's static rows: not used with RFV
    /* verilator lint_on UNUSEDSIGNAL */
`else
    wire [VAW-1:0] vbase = mp_vbase[or_wave];
    /* verilator lint_off UNUSEDSIGNAL */   // (VGPR codes: 256 + n; no release flags without RFV)
    function automatic [VAW-1:0] vreg(input [8:0] c);
        vreg = c[VAW-1:0];
    endfunction
    wire _unused_rfv = &{1'b0, or_rfl, 1'b0};
    /* verilator lint_on UNUSEDSIGNAL */
`endif
    wire [8:0]     nv = mp_nvgpr[or_wave];
    wire [7:0]     nsg = mp_nsgpr[or_wave];
    reg [3:0]      or_fcode;
    reg [8:0]      or_finfo;
    reg [31:0]     vrel0, vreld;
    reg [9:0]      need;
    integer        j;
    reg [8:0]      cc;
    reg [7:0]      kk;
    reg [8:0]      ad;
    always @* begin
        vrel0 = movrel_vs ? m0v : 32'd0;
        vreld = movrel_vd ? m0v : 32'd0;
        op_vrow0 = vbase + vreg(c0) + vrel0[VAW-1:0];
        op_vrow1 = vbase + vreg(c1);
        op_vrow2 = vbase + vreg(c2);
        op_vdst  = vbase + vreg(cd) + vreld[VAW-1:0];
        op_vdst_arch = cd + vreld[8:0];
        op_sdst  = srow(cd, sbase, special, rel_d[SAW-1:0]);
        ad = cd + rel_d[8:0];
        op_sdst_arch = (cd < 9'd104) ? ad[6:0] : cd[6:0];
        op_sdst2 = srow({2'b0, or_b[`DI_SDST]}, sbase, special, {SAW{1'b0}});
        or_fault = or_unit == `UC_FAULT;
        or_fcode = or_b[`DI_FETCH_FAULT] ? `FLT_FETCH : (oop == SI_OP_INVALID) ? `FLT_INVALID :
                   ((si_op_flags(oop) & SI_F_GRAPHICS) != 0) ? `FLT_GRAPHICS : `FLT_UNSUP;
        or_finfo = 9'd0;
        cc = 9'd0; kk = 8'd0; need = 10'd0;
        // register operands must lie inside the wave's allocation
        if (or_valid) for (j = 0; j < 4; j = j + 1) begin
            case (j)
                0: begin cc = c0; kk = si_op_src_kind(oop, 2'd0); end
                1: begin cc = c1; kk = si_op_src_kind(oop, 2'd1); end
                2: begin cc = c2; kk = si_op_src_kind(oop, 2'd2); end
                default: begin cc = cd; kk = si_op_dst_kind(oop); end
            endcase
            // a src2 the table does not type: a VGPR is the v_mac / v_cvt_pkaccum
            // destination (32-bit), an SGPR the mask pair of cndmask/addc/subb/div_fmas
            if (kk == 8'd0 && j == 2 && c2 != 9'd0) kk = (c2 >= 9'd256) ? SI_K_B32 : SI_K_B64;
            if (kk[4:0] == 5'd0) kk[4:0] = 5'd1;
            if (j == 3 && (or_b[`DI_FMT] == SI_FMT_MUBUF || or_b[`DI_FMT] == SI_FMT_MTBUF) && or_b[`DI_TFE])
                kk[4:0] = kk[4:0] + 5'd1;
            need = {1'b0, cc} + {5'd0, kk[4:0]} + ((j == 0 && movrel_vs) || (j == 3 && movrel_vd) ? {1'b0, m0v[8:0]} : 10'd0);
            if (!or_fault && or_unit != `UC_INTERNAL) begin
                if (cc >= 9'd256 && (need - 10'd256) > {1'b0, nv}) begin
                    or_fault = 1'b1; or_fcode = `FLT_VGPR_RANGE; or_finfo = cc;
                end else if (cc < 9'd104 && (j != 3 || cd != 9'd0 || si_op_dst_kind(oop) != 8'd0) &&
                             (kk != 8'd0) && ({1'b0, cc} + {5'd0, kk[4:0]} +
                             ((j == 0 && movrels_s) || (j == 3 && movreld_s) ? {2'b0, m0v[7:0]} : 10'd0)) > {2'b0, nsg} &&
                             !(j == 3 && si_op_dst_kind(oop) == 8'd0) &&
                             !(j < 3 && si_op_src_kind(oop, j[1:0]) == 8'd0 && !(j == 2 && c2 != 9'd0))) begin
                    or_fault = 1'b1; or_fcode = `FLT_SGPR_RANGE; or_finfo = cc;
                end
            end
        end
    end

    // ---------------------------------------------------------------- RFV fields of the packet
`ifdef SICU_FEAT_RFV_ON
    // register-file virtualization (rfv_map.v, docs/rfv.md): per source slot
    // the VGPRs the unit releases after reading them when the slot's rfv_pir
    // flag is set (si_src_dwords / si_vgpr_ops_of: the accumulator of F_MAC
    // and v_cvt_pkaccum_u8_f32 is slot 2; the M0-indexed v_movrel* release
    // nothing)
    reg [31:0] rf_fl;
    /* verilator lint_off UNUSEDSIGNAL */   // (kinds: their width field)
    reg [7:0]  rf_kd, rf_kj;
    /* verilator lint_on UNUSEDSIGNAL */
    reg        rf_buf, rf_ds, rf_valu;
    reg [8:0]  rf_c;
    reg [4:0]  rf_w;
    integer    rj;
    always @* begin
        rf_fl = si_op_flags(oop);
        rf_kd = si_op_dst_kind(oop);
        rf_buf = or_b[`DI_FMT] == SI_FMT_MUBUF || or_b[`DI_FMT] == SI_FMT_MTBUF;
        rf_ds = or_b[`DI_FMT] == SI_FMT_DS;
        rf_valu = (rf_fl & SI_F_VALU) != 0;
        op_rfv_rn = 9'd0;
        op_rfv_rb0 = {VAW{1'b0}}; op_rfv_rb1 = {VAW{1'b0}}; op_rfv_rb2 = {VAW{1'b0}};
        rf_c = 9'd0; rf_w = 5'd0; rf_kj = 8'd0;
        if (or_valid && (rf_fl & SI_F_GRAPHICS) == 0) begin
            for (rj = 0; rj < 3; rj = rj + 1) begin
                rf_kj = si_op_src_kind(oop, rj[1:0]);
                rf_c = rj == 0 ? c0 : rj == 1 ? c1 : c2;
                rf_w = 5'd0;
                if (rf_valu && (rf_fl & SI_F_RD_M0) == 0) begin
                    if (rj == 2 && ((rf_fl & SI_F_MAC) != 0 || oop == SI_OP_V_CVT_PKACCUM_U8_F32)) begin
                        rf_c = cd; rf_w = rf_kd[4:0];
                    end else if (rf_kj != 8'd0) rf_w = rf_kj[4:0];
                end else if (rf_ds && rf_kj != 8'd0) rf_w = rf_kj[4:0];
                else if (rf_buf && rf_kj != 8'd0) begin
                    if (rj == 0) rf_w = or_b[`DI_ADDR64] || (or_b[`DI_IDXEN] && or_b[`DI_OFFEN]) ? 5'd2 :
                                        (or_b[`DI_IDXEN] || or_b[`DI_OFFEN]) ? 5'd1 : 5'd0;
                    else if (rj == 1 && !or_b[`DI_LDS]) rf_w = rf_kj[4:0];
                end
                if (or_rfl[rj] && rf_c >= 9'd256 && rf_w != 5'd0) op_rfv_rn[rj*3 +: 3] = rf_w[2:0];
                case (rj)
                    0: op_rfv_rb0 = vbase + vreg(rf_c);
                    1: op_rfv_rb1 = vbase + vreg(rf_c);
                    default: op_rfv_rb2 = vbase + vreg(rf_c);
                endcase
            end
        end
    end
`else
    always @* begin
        op_rfv_rn = 9'd0;
        op_rfv_rb0 = {VAW{1'b0}}; op_rfv_rb1 = {VAW{1'b0}}; op_rfv_rb2 = {VAW{1'b0}};
    end
`endif

    // ---------------------------------------------------------------- sequential
    always @(posedge clk) begin
        if (rst) begin
            or_valid <= 1'b0;
            fault_valid <= 1'b0;
        end else begin
            if (or_valid && or_fault && !fault_valid) begin
                fault_valid <= 1'b1;
                fault_wave <= or_wave;
                fault_pc <= or_b[`DI_PC];
                fault_code <= or_fcode;
                fault_info <= or_finfo;
            end
            if (or_fire && !or_fault) or_valid <= 1'b0;
            if (iss_valid && iss_ready) begin
                or_valid <= 1'b1;
                or_wave <= iss_wave;
                or_b <= iss_bundle;
                or_unit <= iss_unit;
                or_tag <= iss_tag;
                or_scc <= iss_scc;
                or_mode <= iss_mode;
                or_wid <= iss_wid;
                or_in_tg <= iss_in_tg;
                or_rfl <= iss_rfl;
            end
        end
    end

`ifndef SYNTHESIS
    // ---------------------------------------------------------------- assertions (simulation only)
    `SICU_ASSERT(opread_accept_when_empty, !(iss_valid && iss_ready && or_valid && !or_fire))
    `SICU_ASSERT(opread_init_kind_valid, !(init_valid && init_kind == 2'd3))
    `SICU_ASSERT(opread_init_vgpr_in_alloc, !(init_valid && i_vg && init_addr >= {7'd0, mp_nvgpr[init_wave]}))
    `SICU_ASSERT(opread_init_sgpr_aligned, !(init_valid && i_sg && (init_addr[1:0] != 2'd0 || init_addr >= 16'd128)))
`endif

    // bits of wide values this module does not use: the upper half of the M0 read
    // port, granule arithmetic, relative offsets beyond the register files, init data
    // beyond what a beat kind carries
    /* verilator lint_off UNUSEDSIGNAL */
    wire _unused_ok = &{1'b0, sg_m0_data[63:32], hw_vg[8:6], hw_sg[7:4], hw_lds, vrel0, vreld,
                        rel_s0[31:SAW], rel_d[31:SAW], init_data[2047:128], ad[8:7], init_addr[15:LAW-2], 1'b0};
    /* verilator lint_on UNUSEDSIGNAL */
endmodule
`default_nettype wire
