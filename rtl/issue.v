// sicu CU: issue - the wave table and the scheduler.
//
// Issue keeps the per-wave scheduling state (slot active, ended, busy,
// barrier, waitcnt counters, SCC, MODE, register allocation) and each cycle
// picks, round robin, one wave whose head instruction may go:
//   - the wave issued nothing in the last 3 cycles (GCN's issue serves each
//     SIMD, and so each wave, once every 4 cycles),
//   - the wave is not busy (its previous SALU instruction has written back,
//     its previous LSU instruction has collected its operands; a scalar
//     load (smem.v) has all its operands at issue): this is
//     the per-wave scoreboard; memory results are ordered by s_waitcnt,
//   - VALU instructions of a wave follow each other into its SIMD without
//     waiting for write-back (the SIMD's pass order keeps VGPR operands in
//     order), up to VQ_MAX in flight, unless one in flight writes scalar
//     state (VCC, an SGPR, EXEC); any other instruction waits until the
//     wave's VALU instructions retired,
//   - s_waitcnt: vmcnt/lgkmcnt at or below the instruction's thresholds,
//   - s_barrier: retires at issue, the wave then waits until every live
//     wave of its work-group arrived,
//   - the target unit (SALU, the wave's SIMD, scalar memory) is ready and not
//     already targeted by the instruction in the operand-read stage; for the
//     LSU its instruction queue (lsu_iq.v) has a slot left beside the one the
//     instruction in operand read may need.
// Internal instructions (s_nop, s_waitcnt, s_barrier, s_endpgm, s_sleep,
// s_setprio, s_sendmsg, s_icache_inv, perf-level, debug branches) retire
// here.  Everything else goes to operand read (opread.v, valid/ready), the
// one place where architectural registers become physical rows; faults
// (invalid, graphics-only, unsupported instructions, operands outside the
// allocation) are raised there and stop issue.  A launched wave starts
// issuing once the dispatcher's initial register writes are done (start).
`default_nettype none
`include "sicu_assert.vh"
module issue #(
    parameter NW = `SICU_WAVES,
    parameter WW = (NW > 1) ? $clog2(NW) : 1,
    parameter NS = `SICU_SIMDS
) (
    input  wire                 clk,
    input  wire                 rst,
    // wave launch (from the dispatcher)
    input  wire                 launch_valid,
    output wire                 launch_ready,
    input  wire [WW-1:0]        launch_wave,
    input  wire [WW-1:0]        launch_wg,
    input  wire [4:0]           launch_wg_nwaves,
    input  wire [3:0]           launch_wg_wave,     // wave index inside the work-group (HW_ID)
    input  wire                 launch_scc,
    input  wire [31:0]          launch_mode,
    input  wire                 start_valid,     // the wave's initial registers are written
    input  wire [WW-1:0]        start_wave,
    // wavepool
    input  wire [NW-1:0]        wp_head_valid,
    input  wire [NW*`DI_W-1:0]  wp_head,
    output wire                 iss_pop_valid,   // pops the issued head this cycle
    output wire [WW-1:0]        iss_pop_wave,
    // unit readiness
    input  wire                 salu_ready,
    input  wire [NS-1:0]        simd_ready,
    input  wire                 lsu_ready,
    input  wire                 smem_ready,
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
    // to operand read (valid/ready)
    output wire                 iss_valid,
    input  wire                 iss_ready,
    output wire [WW-1:0]        iss_wave,
    output wire [15:0]          iss_tag,
    output wire [`DI_W-1:0]     iss_bundle,
    output wire [2:0]           iss_unit,
    output wire                 iss_scc,
    output wire [31:0]          iss_mode,
    output wire [3:0]           iss_wid,
    output wire                 iss_in_tg,
    input  wire                 rd_valid,        // operand read holds an instruction ...
    input  wire                 rd_busy,         // ... that does not leave this cycle
    input  wire [2:0]           rd_unit,
    input  wire [WW-1:0]        rd_wave,
    input  wire                 halt,            // a fault was raised: issue stops
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
    // state visible to the watchdog / harness
    output wire [NW-1:0]        wave_active,
    output wire [NW-1:0]        wave_busy,
    output wire [NW-1:0]        wave_barrier,
    output wire [NW*12-1:0]     wave_cnt,        // {vmcnt[5:0], lgkmcnt[5:0]}
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

    // ---------------------------------------------------------------- wave state
    reg [NW-1:0]  wv_active, wv_started, wv_ended, wv_busy, wv_bar, wv_scc;
    localparam [2:0] VQ_MAX = 3'd4;
    reg [2:0]     wv_vq [0:NW-1];    // VALU instructions in flight
    reg [NW-1:0]  wv_vs;             // one of them writes scalar state
    // GCN's issue visits each SIMD once every 4 cycles, so a wave issues at
    // most one instruction per 4 cycles: wv_cool counts the cycles since its
    // last issue down (3, 2, 1, 0 = may issue)
    localparam [1:0] ISSUE_GAP = 2'd3;
    reg [1:0]     wv_cool [0:NW-1];
    reg [5:0]     wv_vm [0:NW-1];
    reg [5:0]     wv_lgkm [0:NW-1];
    reg [15:0]    wv_tag [0:NW-1];
    reg [3:0]     wv_wid [0:NW-1];
    reg [WW-1:0]  wv_wg [0:NW-1];
    reg [31:0]    wv_mode [0:NW-1];
    // work-group barrier state (indexed by work-group slot)
    reg [4:0]     wg_total [0:NW-1];
    reg [4:0]     wg_ended [0:NW-1];
    reg [4:0]     wg_arrived [0:NW-1];

    assign wave_active = wv_active;
    genvar gb;
    generate
        for (gb = 0; gb < NW; gb = gb + 1) begin : g_busy
            assign wave_busy[gb] = wv_busy[gb] || wv_vq[gb] != 3'd0;
        end
    endgenerate
    assign wave_barrier = wv_bar;
    genvar g;
    generate
        for (g = 0; g < NW; g = g + 1) begin : g_cnt
            assign wave_cnt[g*12 +: 12] = {wv_vm[g], wv_lgkm[g]};
        end
    endgenerate
    assign launch_ready = 1'b1;

    // ---------------------------------------------------------------- selection
    // Every wave's head is classified with a fixed wave index (no selects
    // indexed by the round-robin pointer: with 40 waves those are 10 Kbit
    // shifters), then a rotating priority pick starts after the last issued wave.
    reg [WW-1:0] rr;
    reg          sel_valid;
    reg [WW-1:0] sel;
    reg          any_head, any_dep, any_wait, any_bar, any_unit;
    reg [NW-1:0] w_head, w_dep, w_bar, w_wait, w_unit, w_ok;
    reg [9:0]    hop;
    reg [2:0]    hu;
    reg          unit_ok, wait_ok;
    reg [15:0]   simm;
    integer      i, s;
    reg [NS-1:0] simd_taken;

    always @* begin
        simd_taken = {NS{1'b0}};
        // a VALU in operand read (leaving or not) holds its SIMD's next slot
        if (rd_valid && rd_unit == `UC_VALU) simd_taken[rd_wave % NS] = 1'b1;
        for (i = 0; i < NW; i = i + 1) begin
            // the fields used, not the whole bundle (a 257-bit copy per wave
            // and cycle in simulation)
            hop = wp_head[i*`DI_W + `DI_OP_LO +: `DI_OP_W];
            hu = wp_head[i*`DI_W + `DI_UNIT_LO +: `DI_UNIT_W];
            s = i % NS;
            case (hu)
                `UC_SALU: unit_ok = salu_ready && !(rd_busy && rd_unit == `UC_SALU);
                `UC_VALU: unit_ok = simd_ready[s] && !simd_taken[s];
                `UC_LSU:  unit_ok = lsu_ready && !(rd_busy && rd_unit == `UC_LSU);
                `UC_SMEM: unit_ok = smem_ready && !(rd_busy && rd_unit == `UC_SMEM);
                default:  unit_ok = 1'b1;
            endcase
            simm = wp_head[i*`DI_W + `DI_SIMM16_LO +: `DI_SIMM16_W];
            wait_ok = !(hop == SI_OP_S_WAITCNT) ||
                      (wv_vm[i] <= {2'b0, simm[3:0]} && wv_lgkm[i] <= {1'b0, simm[12:8]});
            // exactly one of dep/bar/wait/unit/ok holds for a wave with a head
            w_head[i] = wv_active[i] && wv_started[i] && !wv_ended[i] && wp_head_valid[i];
            w_dep[i]  = w_head[i] && (wv_busy[i] || wv_cool[i] != 2'd0 || (wv_vq[i] != 3'd0 &&
                                      (hu != `UC_VALU || wv_vs[i] || wv_vq[i] == VQ_MAX)));
            w_bar[i]  = w_head[i] && !w_dep[i] && wv_bar[i];
            w_wait[i] = w_head[i] && !w_dep[i] && !wv_bar[i] && !wait_ok;
            w_unit[i] = w_head[i] && !w_dep[i] && !wv_bar[i] && wait_ok &&
                        (!unit_ok || (rd_busy && hu != `UC_INTERNAL && hu != `UC_FAULT));
            w_ok[i]   = w_head[i] && !w_dep[i] && !wv_bar[i] && wait_ok && !w_unit[i];
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

    // ---------------------------------------------------------------- sequential state
    wire [`DI_W-1:0] sb = sel_b;
    wire [9:0] sop = sb[`DI_OP];
    wire sel_go = sel_valid && (sel_u == `UC_INTERNAL || iss_ready);
    // the selected VALU instruction writes scalar state (VCC, an SGPR, EXEC, M0)
    wire [31:0] sfl = si_op_flags(sop);
    wire sel_wscal = (sfl & (SI_F_WR_VCC | SI_F_SDST | SI_F_WR_EXEC | SI_F_CMPX | SI_F_VOP3B | SI_F_WR_M0 |
                             SI_F_WR_SCC)) != 0 || si_op_fmt(sop) == SI_FMT_VOPC || sb[`DI_FMT] == SI_FMT_VOP3B;
    // per wave: a VALU instruction issued / retired this cycle
    reg [NW-1:0] vq_inc, vq_dec, vq_zero, vq_full;
    integer      di;
    always @* begin
        for (i = 0; i < NW; i = i + 1) begin
            vq_inc[i] = sel_go && !halt && sel == i[WW-1:0] && sel_u == `UC_VALU;
            vq_dec[i] = 1'b0;
            vq_zero[i] = wv_vq[i] == 3'd0;
            vq_full[i] = wv_vq[i] == VQ_MAX;
            for (di = 0; di < NS; di = di + 1)
                if (simd_done_valid[di] && simd_done_wave[di*WW +: WW] == i[WW-1:0]) vq_dec[i] = 1'b1;
        end
    end
    assign iss_pop_valid = sel_go && !halt;
    assign iss_pop_wave = sel;

    // ---------------------------------------------------------------- to operand read
    assign iss_valid = sel_go && sel_u != `UC_INTERNAL && !halt;
    assign iss_wave = sel;
    assign iss_tag = wv_tag[sel];
    assign iss_bundle = sel_b;
    assign iss_unit = sel_u;
    assign iss_scc = wv_scc[sel];
    assign iss_mode = wv_mode[sel];
    assign iss_wid = wv_wid[sel];
    assign iss_in_tg = wg_total[wv_wg[sel]] > 5'd1;

    always @(posedge clk) begin
        int_ret_valid <= 1'b0;
        int_br_valid <= 1'b0;
        end_valid <= 1'b0;
        if (rst) begin
            wv_active <= {NW{1'b0}};
            wv_started <= {NW{1'b0}};
            wv_ended <= {NW{1'b0}};
            wv_busy <= {NW{1'b0}};
            wv_bar <= {NW{1'b0}};
            rr <= {WW{1'b0}};
            pc_issued <= 32'd0; pc_stall_idle <= 32'd0; pc_stall_dep <= 32'd0;
            pc_stall_waitcnt <= 32'd0; pc_stall_barrier <= 32'd0; pc_stall_unit <= 32'd0;
            for (i = 0; i < NW; i = i + 1) begin
                wg_total[i] <= 5'd0; wg_ended[i] <= 5'd0; wg_arrived[i] <= 5'd0;
                wv_vm[i] <= 6'd0; wv_lgkm[i] <= 6'd0;
                wv_vq[i] <= 3'd0;
                wv_cool[i] <= 2'd0;
            end
            wv_vs <= {NW{1'b0}};
        end else begin
            // ---- completion events
            if (salu_done_valid) begin
                wv_busy[salu_done_wave] <= 1'b0;
                if (salu_wr_scc) wv_scc[salu_done_wave] <= salu_scc;
                if (salu_wr_mode) wv_mode[salu_done_wave] <= salu_mode;
            end
            for (i = 0; i < NW; i = i + 1) begin
                wv_vq[i] <= wv_vq[i] + {2'd0, vq_inc[i]} - {2'd0, vq_dec[i]};
                if (vq_inc[i]) wv_vs[i] <= sel_wscal;
                else if (vq_dec[i] && wv_vq[i] == 3'd1) wv_vs[i] <= 1'b0;
            end
            if (lsu_free_valid) wv_busy[lsu_free_wave] <= 1'b0;
            for (i = 0; i < NW; i = i + 1)
                if (wv_cool[i] != 2'd0) wv_cool[i] <= wv_cool[i] - 2'd1;
            // ---- issue
            if (sel_go && !halt) begin
                rr <= sel;
                wv_cool[sel] <= ISSUE_GAP;
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
                end else if (sel_u == `UC_SALU || sel_u == `UC_LSU) wv_busy[sel] <= 1'b1;
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
                    + ((sel_go && !halt && sel == i[WW-1:0] && sel_u == `UC_LSU &&
                        (sb[`DI_FMT] == SI_FMT_MUBUF || sb[`DI_FMT] == SI_FMT_MTBUF)) ? 6'd1 : 6'd0)
                    - ((lsu_done_valid && lsu_done_wave == i[WW-1:0] && lsu_done_vm) ? 6'd1 : 6'd0);
                wv_lgkm[i] <= wv_lgkm[i]
                    + ((sel_go && !halt && sel == i[WW-1:0] && (sel_u == `UC_LSU || sel_u == `UC_SMEM) &&
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
                if (wv_active[i] && wv_ended[i] && !wv_busy[i] && wv_vq[i] == 3'd0 && !(end_valid && end_wave == i[WW-1:0]) && wv_vm[i] == 6'd0 && wv_lgkm[i] == 6'd0 &&
                    !(rd_valid && rd_wave == i[WW-1:0])) begin
                    end_valid <= 1'b1;
                    end_wave <= i[WW-1:0];
                end
            if (start_valid) wv_started[start_wave] <= 1'b1;
            if (end_valid) begin
                wv_active[end_wave] <= 1'b0;
                wv_started[end_wave] <= 1'b0;
                wv_ended[end_wave] <= 1'b0;
                wg_ended[wv_wg[end_wave]] <= wg_ended[wv_wg[end_wave]] + 5'd1;
            end
            // ---- launch
            if (launch_valid) begin
                wv_active[launch_wave] <= 1'b1;
                wv_started[launch_wave] <= 1'b0;
                wv_ended[launch_wave] <= 1'b0;
                wv_busy[launch_wave] <= 1'b0;
                wv_vs[launch_wave] <= 1'b0;
                wv_bar[launch_wave] <= 1'b0;
                wv_scc[launch_wave] <= launch_scc;
                wv_mode[launch_wave] <= launch_mode;
                wv_tag[launch_wave] <= 16'd0;
                wv_wid[launch_wave] <= launch_wg_wave;
                wv_wg[launch_wave] <= launch_wg;
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
`ifndef SYNTHESIS   // assertions: simulation only
    `SICU_ASSERT(issue_valu_retire_in_flight, (vq_dec & vq_zero) == {NW{1'b0}})
    `SICU_ASSERT(issue_valu_in_flight_bound, (vq_inc & vq_full & ~vq_dec) == {NW{1'b0}})
    // a memory completion decrements a counter that has an instruction outstanding
    `SICU_ASSERT(issue_waitcnt_underflow, !(lsu_done_valid && (lsu_done_vm ? wv_vm[lsu_done_wave] == 6'd0
                                                                          : wv_lgkm[lsu_done_wave] == 6'd0)))
`endif
    // bits of wide values this module does not use: the upper half of the M0 read
    // port, s_waitcnt's expcnt field, head fields the classification ignores, the wrapped half
    // of the rotation, loop indices, granule arithmetic and relative
    // VGPR offsets beyond the register file
    /* verilator lint_off UNUSEDSIGNAL */
    wire _unused_ok = &{1'b0, simm, s, sb, ok_rot2, 1'b0};
    /* verilator lint_on UNUSEDSIGNAL */
endmodule
`default_nettype wire
