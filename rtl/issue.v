// sicu CU: issue + operand read.
//
// Issue keeps the per-wave scheduling state (slot active, ended, busy,
// barrier, waitcnt counters, SCC, MODE, register allocation) and each cycle
// picks, round robin, one wave whose head instruction may go:
//   - the wave is not busy (its previous ALU instruction has written back,
//     its previous memory instruction has collected its operands): this is
//     the per-wave scoreboard; memory results are ordered by s_waitcnt,
//   - s_waitcnt: vmcnt/lgkmcnt at or below the instruction's thresholds,
//   - s_barrier: retires at issue, the wave then waits until every live
//     wave of its work-group arrived,
//   - the target unit (SALU, the wave's SIMD, LSU) is ready and not
//     already targeted by the instruction in the operand-read stage.
// Internal instructions (s_nop, s_waitcnt, s_barrier, s_endpgm, s_sleep,
// s_setprio, s_sendmsg, s_icache_inv, perf-level, debug branches) retire
// here.  Invalid, graphics-only or unsupported instructions and operands
// outside the wave's register allocation raise a fault naming wave and PC.
//
// Operand read (the cycle after issue) is the ONE place where architectural
// register numbers become physical rows: SGPR base + code (special
// registers in a per-wave block), VGPR base + n (+M0 for movrel).  It
// reads the scalar operands and resolves inline constants and literals, and
// hands a packet to the unit (valid/ready).
module issue #(
    parameter NW = `SICU_WAVES,
    parameter WW = (NW > 1) ? $clog2(NW) : 1,
    parameter NS = `SICU_SIMDS,
    parameter SROWS = `SICU_SGPR_ROWS,
    parameter SAW = $clog2(`SICU_SGPR_ROWS + `SICU_WAVES * 32),
    parameter VAW = $clog2(`SICU_VGPR_ROWS),
    parameter LAW = $clog2(`SICU_LDS_BYTES) + 1
) (
    input  wire                 clk,
    input  wire                 rst,
    // wave launch (from the dispatcher)
    input  wire                 launch_valid,
    output wire                 launch_ready,
    input  wire [WW-1:0]        launch_wave,
    input  wire [SAW-1:0]       launch_sgpr_base,
    input  wire [7:0]           launch_nsgpr,
    input  wire [VAW-1:0]       launch_vgpr_base,
    input  wire [8:0]           launch_nvgpr,
    input  wire [WW-1:0]        launch_wg,
    input  wire [4:0]           launch_wg_nwaves,
    input  wire [3:0]           launch_wg_wave,     // wave index inside the work-group (HW_ID)
    input  wire [LAW-1:0]       launch_lds_base,
    input  wire [LAW-1:0]       launch_lds_size,
    input  wire                 launch_scc,
    input  wire [31:0]          launch_mode,
    // wavepool
    input  wire [NW-1:0]        wp_head_valid,
    input  wire [NW*`DI_W-1:0]  wp_head,
    output wire                 iss_pop_valid,   // pops the issued head this cycle
    output wire [WW-1:0]        iss_pop_wave,
    // unit readiness
    input  wire                 salu_ready,
    input  wire [NS-1:0]        simd_ready,
    input  wire                 lsu_ready,
    // completion events
    input  wire                 salu_done_valid,
    input  wire [WW-1:0]        salu_done_wave,
    input  wire                 salu_wr_scc,
    input  wire                 salu_scc,
    input  wire                 salu_wr_mode,
    input  wire [31:0]          salu_mode,
    input  wire [NS-1:0]        simd_done_valid,
    input  wire [NS*WW-1:0]     simd_done_wave,
    input  wire                 lsu_free_valid,    // operands collected: the wave may issue again
    input  wire [WW-1:0]        lsu_free_wave,
    input  wire                 lsu_done_valid,    // a memory instruction completed
    input  wire [WW-1:0]        lsu_done_wave,
    input  wire                 lsu_done_vm,       // 1: vmcnt, 0: lgkmcnt
    // scalar register file read ports
    output wire [7*SAW-1:0]     sg_rd_addr,
    input  wire [7*64-1:0]      sg_rd_data,
    // M0 has a read port of its own: movrel addresses depend on it (a separate
    // signal keeps the operand-address -> data path free of false loops)
    output wire [SAW-1:0]       sg_m0_addr,
    input  wire [63:0]          sg_m0_data,
    // packet to the units (operand-read stage)
    output wire                 op_valid,
    output wire [2:0]           op_unit,
    output wire [NS-1:0]        op_simd_sel,
    input  wire                 op_ready,
    output wire [WW-1:0]        op_wave,
    output wire [15:0]          op_tag,
    output wire [`DI_W-1:0]     op_bundle,
    output reg  [63:0]          op_s0,
    output reg  [63:0]          op_s1,
    output reg  [63:0]          op_s2,
    output wire [63:0]          op_s3,      // V# dwords 2-3 (MUBUF/MTBUF)
    output wire [63:0]          op_dold,    // old destination value (SALU) / soffset value (buffers)
    output wire [63:0]          op_exec,
    output wire [63:0]          op_vcc,
    output wire [31:0]          op_m0,
    output wire                 op_scc,
    output wire [31:0]          op_mode,
    output reg  [VAW-1:0]       op_vrow0,
    output reg  [VAW-1:0]       op_vrow1,
    output reg  [VAW-1:0]       op_vrow2,
    output reg  [VAW-1:0]       op_vdst,
    output reg  [SAW-1:0]       op_sdst,     // physical row of the scalar destination (dst)
    output reg  [SAW-1:0]       op_sdst2,    // physical row of VOP3b/VOPC sdst
    output wire [SAW-1:0]       op_exec_row, // physical row of EXEC_LO of the wave
    output wire [LAW-1:0]       op_lds_base,
    output wire [LAW-1:0]       op_lds_size,
    output wire [23:0]          op_hwinfo,          // s_getreg HW_ID/STATUS/GPR_ALLOC/LDS_ALLOC fields
    // retirement of internal instructions (trace monitor)
    output reg                  int_ret_valid,
    output reg  [WW-1:0]        int_ret_wave,
    output reg  [15:0]          int_ret_tag,
    output reg  [47:0]          int_ret_pc,
    // fetch resume for internal branches (debug branches: never taken)
    output reg                  int_br_valid,
    output reg  [WW-1:0]        int_br_wave,
    // wave end (after s_endpgm and its memory operations drained)
    output reg                  end_valid,
    output reg  [WW-1:0]        end_wave,
    // fault
    output reg                  fault_valid,
    output reg  [WW-1:0]        fault_wave,
    output reg  [47:0]          fault_pc,
    output reg  [3:0]           fault_code,
    output reg  [8:0]           fault_info,
    // state visible to the watchdog / harness
    output wire [NW-1:0]        wave_active,
    output wire [NW-1:0]        wave_busy,
    output wire [NW-1:0]        wave_barrier,
    output wire [NW*12-1:0]     wave_cnt,        // {vmcnt[5:0], lgkmcnt[5:0]}
    output wire [NW-1:0]        wave_scc,
    // performance counters
    output reg  [31:0]          pc_issued,
    output reg  [31:0]          pc_stall_idle,      // no wave has an instruction
    output reg  [31:0]          pc_stall_dep,       // head waits for the wave's previous instruction
    output reg  [31:0]          pc_stall_waitcnt,
    output reg  [31:0]          pc_stall_barrier,
    output reg  [31:0]          pc_stall_unit       // head waits for a busy unit
);
`include "si_isa.vh"
`include "cu_defs.vh"

    // fault codes
    localparam [3:0] FLT_INVALID = 4'd1, FLT_GRAPHICS = 4'd2, FLT_UNSUP = 4'd3,
                     FLT_SGPR_RANGE = 4'd4, FLT_VGPR_RANGE = 4'd5;

    // ---------------------------------------------------------------- wave state
    reg [NW-1:0]  wv_active, wv_ended, wv_busy, wv_bar, wv_scc;
    reg [5:0]     wv_vm [0:NW-1];
    reg [5:0]     wv_lgkm [0:NW-1];
    reg [15:0]    wv_tag [0:NW-1];
    reg [SAW-1:0] wv_sbase [0:NW-1];
    reg [7:0]     wv_nsgpr [0:NW-1];
    reg [VAW-1:0] wv_vbase [0:NW-1];
    reg [8:0]     wv_nvgpr [0:NW-1];
    reg [3:0]     wv_wid [0:NW-1];
    reg [WW-1:0]  wv_wg [0:NW-1];
    reg [31:0]    wv_mode [0:NW-1];
    reg [LAW-1:0] wv_ldsb [0:NW-1];
    reg [LAW-1:0] wv_ldss [0:NW-1];
    // work-group barrier state (indexed by work-group slot)
    reg [4:0]     wg_total [0:NW-1];
    reg [4:0]     wg_ended [0:NW-1];
    reg [4:0]     wg_arrived [0:NW-1];

    assign wave_active = wv_active;
    assign wave_busy = wv_busy;
    assign wave_barrier = wv_bar;
    assign wave_scc = wv_scc;
    genvar g;
    generate
        for (g = 0; g < NW; g = g + 1) begin : g_cnt
            assign wave_cnt[g*12 +: 12] = {wv_vm[g], wv_lgkm[g]};
        end
    endgenerate
    assign launch_ready = 1'b1;

    // ---------------------------------------------------------------- operand-read stage registers
    reg              or_valid;
    reg [WW-1:0]     or_wave;
    reg [`DI_W-1:0]  or_b;
    reg [2:0]        or_unit;
    reg [15:0]       or_tag;
    wire             or_fire = or_valid && op_ready;

    // ---------------------------------------------------------------- selection
    // Every wave's head is classified with a fixed wave index (no selects
    // indexed by the round-robin pointer: with 40 waves those are 10 Kbit
    // shifters), then a rotating priority pick starts after the last issued wave.
    reg [WW-1:0] rr;
    reg          sel_valid;
    reg [WW-1:0] sel;
    reg          any_head, any_dep, any_wait, any_bar, any_unit;
    reg [NW-1:0] w_head, w_dep, w_bar, w_wait, w_unit, w_ok;
    reg [`DI_W-1:0] hb;
    reg [2:0]    hu;
    reg          unit_ok, wait_ok, or_busy;
    reg [15:0]   simm;
    integer      i, s;
    reg [NS-1:0] simd_taken;

    always @* begin
        or_busy = or_valid && !or_fire;
        simd_taken = {NS{1'b0}};
        if (or_busy && or_unit == `UC_VALU) simd_taken[or_wave % NS] = 1'b1;
        for (i = 0; i < NW; i = i + 1) begin
            hb = wp_head[i*`DI_W +: `DI_W];
            hu = hb[`DI_UNIT];
            s = i % NS;
            case (hu)
                `UC_SALU: unit_ok = salu_ready && !(or_busy && or_unit == `UC_SALU);
                `UC_VALU: unit_ok = simd_ready[s] && !simd_taken[s];
                `UC_LSU:  unit_ok = lsu_ready && !(or_busy && or_unit == `UC_LSU);
                default:  unit_ok = 1'b1;
            endcase
            simm = hb[`DI_SIMM16];
            wait_ok = !(hb[`DI_OP] == SI_OP_S_WAITCNT) ||
                      (wv_vm[i] <= {2'b0, simm[3:0]} && wv_lgkm[i] <= {1'b0, simm[12:8]});
            // exactly one of dep/bar/wait/unit/ok holds for a wave with a head
            w_head[i] = wv_active[i] && !wv_ended[i] && wp_head_valid[i];
            w_dep[i]  = w_head[i] && wv_busy[i];
            w_bar[i]  = w_head[i] && !wv_busy[i] && wv_bar[i];
            w_wait[i] = w_head[i] && !wv_busy[i] && !wv_bar[i] && !wait_ok;
            w_unit[i] = w_head[i] && !wv_busy[i] && !wv_bar[i] && wait_ok &&
                        (!unit_ok || (or_busy && hu != `UC_INTERNAL && hu != `UC_FAULT));
            w_ok[i]   = w_head[i] && !wv_busy[i] && !wv_bar[i] && wait_ok && !w_unit[i];
        end
        any_head = |w_head;
        any_dep = |w_dep;
        any_bar = |w_bar;
        any_wait = |w_wait;
        any_unit = |w_unit;
    end

    // round robin: the first ready wave after rr (rr+1, rr+2, ... wrapping)
    wire [WW-1:0]   rr1 = ({{(32-WW){1'b0}}, rr} == NW - 1) ? {WW{1'b0}} : rr + {{(WW-1){1'b0}}, 1'b1};
    wire [2*NW-1:0] ok_rot2 = {w_ok, w_ok} >> rr1;
    wire [NW-1:0]   ok_rot = ok_rot2[NW-1:0];
    localparam [WW:0] NW_W = NW;
    reg  [WW:0]     sel_sum;
    integer         p;
    always @* begin
        sel_valid = |w_ok;
        sel_sum = {(WW+1){1'b0}};
        for (p = NW - 1; p >= 0; p = p - 1)
            if (ok_rot[p]) sel_sum = {1'b0, rr1} + p[WW:0];
        sel_sum = (sel_sum >= NW_W) ? sel_sum - NW_W : sel_sum;
        sel = sel_sum[WW-1:0];
    end

    // the selected head: an AND-OR select over the waves
    reg [`DI_W-1:0] sel_b;
    always @* begin
        sel_b = {`DI_W{1'b0}};
        for (i = 0; i < NW; i = i + 1)
            if (sel == i[WW-1:0]) sel_b = wp_head[i*`DI_W +: `DI_W];
    end
    wire [2:0]       sel_u = sel_b[`DI_UNIT];
    wire             sel_int = sel_u == `UC_INTERNAL || sel_u == `UC_FAULT;

    // ---------------------------------------------------------------- operand read
    wire [8:0] c0 = or_b[`DI_SRC0], c1 = or_b[`DI_SRC1], c2 = or_b[`DI_SRC2], cd = or_b[`DI_DST];
    wire [9:0] oop = or_b[`DI_OP];
    wire [SAW-1:0] sbase = wv_sbase[or_wave];
    wire [SAW-1:0] special = SROWS[SAW-1:0] + {or_wave, 5'd0};
    wire [31:0] m0v = sg_m0_data[31:0];
    wire movrels_s = oop == SI_OP_S_MOVRELS_B32 || oop == SI_OP_S_MOVRELS_B64;
    wire movreld_s = oop == SI_OP_S_MOVRELD_B32 || oop == SI_OP_S_MOVRELD_B64;
    wire movrel_vs = oop == SI_OP_V_MOVRELS_B32 || oop == SI_OP_V_MOVRELSD_B32;
    wire movrel_vd = oop == SI_OP_V_MOVRELD_B32 || oop == SI_OP_V_MOVRELSD_B32;

    localparam [SAW-1:0] SP_2 = 2, SP_EXEC = 30, SP_VCC = 10, SP_M0 = 28;
    function automatic [SAW-1:0] srow(input [8:0] code, input [SAW-1:0] base, input [SAW-1:0] spec,
                                      input [SAW-1:0] rel);
        if (code < 9'd104) srow = base + {{(SAW-7){1'b0}}, code[6:0]} + rel;
        else srow = spec + {{(SAW-5){1'b0}}, code[4:0]};
    endfunction

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
    wire        sccv  = wv_scc[or_wave];

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
    always @* begin
        op_s0 = resolve(c0, si_op_src_kind(oop, 2'd0), sg_rd_data[0*64 +: 64], or_b[`DI_LIT], sccv, vccz, execz);
        op_s1 = resolve(c1, si_op_src_kind(oop, 2'd1), sg_rd_data[1*64 +: 64], or_b[`DI_LIT], sccv, vccz, execz);
        // the mask operand of cndmask/addc/subb/div_fmas is read as a 64-bit SGPR pair
        op_s2 = resolve(c2, (si_op_src_kind(oop, 2'd2) == 8'd0) ? SI_K_B64 : si_op_src_kind(oop, 2'd2),
                        sg_rd_data[2*64 +: 64], or_b[`DI_LIT], sccv, vccz, execz);
        if ((si_op_flags(oop) & SI_F_RD_VCC) != 0 && or_b[`DI_FMT] == SI_FMT_VOP2 && c2 == 9'd106)
            op_s2 = vccv;
    end
    assign op_s3 = sg_rd_data[3*64 +: 64];
    assign op_dold = (or_b[`DI_FMT] == SI_FMT_MUBUF || or_b[`DI_FMT] == SI_FMT_MTBUF) ?
                     resolve({1'b0, or_b[`DI_SOFFSET]}, SI_K_B32, sg_rd_data[4*64 +: 64], 32'd0, sccv, vccz, execz) :
                     sg_rd_data[4*64 +: 64];
    assign op_exec = execv;
    assign op_vcc = vccv;
    assign op_m0 = m0v;
    assign op_scc = sccv;
    assign op_mode = wv_mode[or_wave];
    assign op_exec_row = special + SP_EXEC;
    assign op_lds_base = wv_ldsb[or_wave];
    assign op_lds_size = wv_ldss[or_wave];
    // s_getreg values (see rtl/salu.v): {HW_ID wave id, STATUS.IN_TG, GPR_ALLOC VGPR/SGPR
    // granules, LDS_ALLOC granules}; the SGPR count is already clamped to 104 at launch
    wire [8:0] hw_vg = wv_nvgpr[or_wave] >> 2;
    wire [7:0] hw_sg = wv_nsgpr[or_wave] >> 3;
    wire [LAW+7:0] hw_lds = {8'd0, wv_ldss[or_wave]} + {{LAW{1'b0}}, 8'hff};
    assign op_hwinfo = {wv_wid[or_wave], wg_total[wv_wg[or_wave]] > 5'd1,
                        hw_vg[5:0] - 6'd1, hw_sg[3:0] - 4'd1, hw_lds[16:8]};
    assign op_valid = or_valid && or_unit != `UC_INTERNAL && or_unit != `UC_FAULT && !or_fault;
    assign op_unit = or_unit;
    assign op_wave = or_wave;
    assign op_tag = or_tag;
    assign op_bundle = or_b;
    generate
        for (g = 0; g < NS; g = g + 1) begin : g_simdsel
            assign op_simd_sel[g] = (or_wave % NS) == g;
        end
    endgenerate

    // physical VGPR rows and range checks
    wire [VAW-1:0] vbase = wv_vbase[or_wave];
    wire [8:0]     nv = wv_nvgpr[or_wave];
    wire [7:0]     nsg = wv_nsgpr[or_wave];
    reg            or_fault;
    reg [3:0]      or_fcode;
    reg [8:0]      or_finfo;
    reg [31:0]     vrel0, vreld;
    reg [9:0]      need;
    integer        j;
    reg [8:0]      cc;
    reg [7:0]      kk;
    always @* begin
        vrel0 = movrel_vs ? m0v : 32'd0;
        vreld = movrel_vd ? m0v : 32'd0;
        op_vrow0 = vbase + c0[VAW-1:0] + vrel0[VAW-1:0];
        op_vrow1 = vbase + c1[VAW-1:0];
        op_vrow2 = vbase + c2[VAW-1:0];
        op_vdst  = vbase + cd[VAW-1:0] + vreld[VAW-1:0];
        op_sdst  = srow(cd, sbase, special, rel_d[SAW-1:0]);
        op_sdst2 = srow({2'b0, or_b[`DI_SDST]}, sbase, special, {SAW{1'b0}});
        or_fault = or_unit == `UC_FAULT;
        or_fcode = (oop == SI_OP_INVALID) ? FLT_INVALID :
                   ((si_op_flags(oop) & SI_F_GRAPHICS) != 0) ? FLT_GRAPHICS : FLT_UNSUP;
        or_finfo = 9'd0;
        // register operands must lie inside the wave's allocation
        for (j = 0; j < 4; j = j + 1) begin
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
                    or_fault = 1'b1; or_fcode = FLT_VGPR_RANGE; or_finfo = cc;
                end else if (cc < 9'd104 && (j != 3 || cd != 9'd0 || si_op_dst_kind(oop) != 8'd0) &&
                             (kk != 8'd0) && ({1'b0, cc} + {5'd0, kk[4:0]} +
                             ((j == 0 && movrels_s) || (j == 3 && movreld_s) ? {2'b0, m0v[7:0]} : 10'd0)) > {2'b0, nsg} &&
                             !(j == 3 && si_op_dst_kind(oop) == 8'd0) &&
                             !(j < 3 && si_op_src_kind(oop, j[1:0]) == 8'd0 && !(j == 2 && c2 != 9'd0))) begin
                    or_fault = 1'b1; or_fcode = FLT_SGPR_RANGE; or_finfo = cc;
                end
            end
        end
    end

    // ---------------------------------------------------------------- sequential state
    wire [`DI_W-1:0] sb = sel_b;
    wire [9:0] sop = sb[`DI_OP];
    wire sel_go = sel_valid && (sel_int || !or_valid || or_fire);
    assign iss_pop_valid = sel_go && !fault_valid;
    assign iss_pop_wave = sel;
    always @(posedge clk) begin
        int_ret_valid <= 1'b0;
        int_br_valid <= 1'b0;
        end_valid <= 1'b0;
        if (rst) begin
            wv_active <= {NW{1'b0}};
            wv_ended <= {NW{1'b0}};
            wv_busy <= {NW{1'b0}};
            wv_bar <= {NW{1'b0}};
            or_valid <= 1'b0;
            rr <= {WW{1'b0}};
            fault_valid <= 1'b0;
            pc_issued <= 32'd0; pc_stall_idle <= 32'd0; pc_stall_dep <= 32'd0;
            pc_stall_waitcnt <= 32'd0; pc_stall_barrier <= 32'd0; pc_stall_unit <= 32'd0;
            for (i = 0; i < NW; i = i + 1) begin
                wg_total[i] <= 5'd0; wg_ended[i] <= 5'd0; wg_arrived[i] <= 5'd0;
                wv_vm[i] <= 6'd0; wv_lgkm[i] <= 6'd0;
            end
        end else begin
            // ---- operand-read stage
            if (or_valid && or_fault && !fault_valid) begin
                fault_valid <= 1'b1;
                fault_wave <= or_wave;
                fault_pc <= or_b[`DI_PC];
                fault_code <= or_fcode;
                fault_info <= or_finfo;
            end
            if (or_fire && !or_fault) or_valid <= 1'b0;
            // ---- completion events
            if (salu_done_valid) begin
                wv_busy[salu_done_wave] <= 1'b0;
                if (salu_wr_scc) wv_scc[salu_done_wave] <= salu_scc;
                if (salu_wr_mode) wv_mode[salu_done_wave] <= salu_mode;
            end
            for (i = 0; i < NS; i = i + 1)
                if (simd_done_valid[i]) wv_busy[simd_done_wave[i*WW +: WW]] <= 1'b0;
            if (lsu_free_valid) wv_busy[lsu_free_wave] <= 1'b0;
            // ---- issue
            if (sel_go && !fault_valid) begin
                rr <= sel;
                wv_tag[sel] <= wv_tag[sel] + 16'd1;
                pc_issued <= pc_issued + 32'd1;
                if (sel_u == `UC_INTERNAL) begin
                    int_ret_valid <= 1'b1;
                    int_ret_wave <= sel;
                    int_ret_tag <= wv_tag[sel];
                    int_ret_pc <= sb[`DI_PC];
                    if ((si_op_flags(sop) & SI_F_BRANCH) != 0) begin
                        int_br_valid <= 1'b1;
                        int_br_wave <= sel;
                    end
                    if (sop == SI_OP_S_ENDPGM) wv_ended[sel] <= 1'b1;
                    if (sop == SI_OP_S_BARRIER) begin
                        wv_bar[sel] <= 1'b1;
                        wg_arrived[wv_wg[sel]] <= wg_arrived[wv_wg[sel]] + 5'd1;
                    end
                end else begin
                    or_valid <= 1'b1;
                    or_wave <= sel;
                    or_b <= sb;
                    or_unit <= sel_u;
                    or_tag <= wv_tag[sel];
                    if (sel_u != `UC_FAULT) wv_busy[sel] <= 1'b1;
                end
            end else if (!sel_valid) begin
                if (!any_head) pc_stall_idle <= pc_stall_idle + 32'd1;
                else if (any_unit) pc_stall_unit <= pc_stall_unit + 32'd1;
                else if (any_wait) pc_stall_waitcnt <= pc_stall_waitcnt + 32'd1;
                else if (any_bar) pc_stall_barrier <= pc_stall_barrier + 32'd1;
                else if (any_dep) pc_stall_dep <= pc_stall_dep + 32'd1;
            end
            // ---- waitcnt counters
            for (i = 0; i < NW; i = i + 1) begin
                wv_vm[i] <= wv_vm[i]
                    + ((sel_go && !fault_valid && sel == i[WW-1:0] && sel_u == `UC_LSU &&
                        (sb[`DI_FMT] == SI_FMT_MUBUF || sb[`DI_FMT] == SI_FMT_MTBUF)) ? 6'd1 : 6'd0)
                    - ((lsu_done_valid && lsu_done_wave == i[WW-1:0] && lsu_done_vm) ? 6'd1 : 6'd0);
                wv_lgkm[i] <= wv_lgkm[i]
                    + ((sel_go && !fault_valid && sel == i[WW-1:0] && sel_u == `UC_LSU &&
                        (sb[`DI_FMT] == SI_FMT_SMRD || sb[`DI_FMT] == SI_FMT_DS)) ? 6'd1 : 6'd0)
                    - ((lsu_done_valid && lsu_done_wave == i[WW-1:0] && !lsu_done_vm) ? 6'd1 : 6'd0);
            end
            // ---- barrier release: every live wave of the work-group arrived
            for (i = 0; i < NW; i = i + 1) begin
                if (wv_active[i] && wv_bar[i] && wg_arrived[wv_wg[i]] != 5'd0 &&
                    wg_arrived[wv_wg[i]] == wg_total[wv_wg[i]] - wg_ended[wv_wg[i]]) begin
                    wv_bar[i] <= 1'b0;
                    wg_arrived[wv_wg[i]] <= 5'd0;
                end
            end
            // ---- wave end: s_endpgm issued and all its memory operations done
            for (i = NW - 1; i >= 0; i = i - 1)
                if (wv_active[i] && wv_ended[i] && !wv_busy[i] && !(end_valid && end_wave == i[WW-1:0]) && wv_vm[i] == 6'd0 && wv_lgkm[i] == 6'd0 &&
                    !(or_valid && or_wave == i[WW-1:0])) begin
                    end_valid <= 1'b1;
                    end_wave <= i[WW-1:0];
                end
            if (end_valid) begin
                wv_active[end_wave] <= 1'b0;
                wv_ended[end_wave] <= 1'b0;
                wg_ended[wv_wg[end_wave]] <= wg_ended[wv_wg[end_wave]] + 5'd1;
            end
            // ---- launch
            if (launch_valid) begin
                wv_active[launch_wave] <= 1'b1;
                wv_ended[launch_wave] <= 1'b0;
                wv_busy[launch_wave] <= 1'b0;
                wv_bar[launch_wave] <= 1'b0;
                wv_scc[launch_wave] <= launch_scc;
                wv_mode[launch_wave] <= launch_mode;
                wv_tag[launch_wave] <= 16'd0;
                wv_sbase[launch_wave] <= launch_sgpr_base;
                wv_nsgpr[launch_wave] <= launch_nsgpr;
                wv_vbase[launch_wave] <= launch_vgpr_base;
                wv_nvgpr[launch_wave] <= launch_nvgpr;
                wv_wid[launch_wave] <= launch_wg_wave;
                wv_wg[launch_wave] <= launch_wg;
                wv_ldsb[launch_wave] <= launch_lds_base;
                wv_ldss[launch_wave] <= launch_lds_size;
                wv_vm[launch_wave] <= 6'd0;
                wv_lgkm[launch_wave] <= 6'd0;
                if (wg_total[launch_wg] == 5'd0 || wg_ended[launch_wg] == wg_total[launch_wg]) begin
                    // first wave of a new work-group in this slot
                    wg_total[launch_wg] <= launch_wg_nwaves;
                    wg_ended[launch_wg] <= 5'd0;
                    wg_arrived[launch_wg] <= 5'd0;
                end
            end
        end
    end
    // bits of wide values this module does not use: the upper half of the M0 read
    // port, s_waitcnt's expcnt field, head fields the classification ignores, the wrapped half
    // of the rotation, loop indices, granule arithmetic and relative
    // VGPR offsets beyond the register file
    /* verilator lint_off UNUSEDSIGNAL */
    wire _unused_ok = &{1'b0, sg_m0_data[63:32], simm, s, hb, ok_rot2, hw_vg[8:6], hw_sg[7:4], hw_lds, vrel0, vreld, rel_s0[31:SAW], rel_d[31:SAW], 1'b0};
    /* verilator lint_on UNUSEDSIGNAL */
endmodule
