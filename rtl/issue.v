// sicu CU: issue - the wave table and the scheduler.
//
// Issue keeps the per-wave scheduling state (slot active, ended, busy,
// barrier, waitcnt counters, SCC, MODE, register allocation) and, as GCN's
// issue stage does, serves one SIMD per cycle in turn (cycle t: the waves of
// SIMD t mod SIMDS).  In its turn it may issue up to one instruction of each
// kind, from different waves of that SIMD:
//   - VALU            -> operand-read path 0 -> the SIMD,
//   - scalar          -> path 1 -> the SALU or the scalar memory unit (GCN's
//                        "scalar ALU or scalar memory" slot; instructions that
//                        fault also take this path, which raises the fault),
//   - vector memory   -> path 2 -> the LSU instruction queue (buffer and DS
//                        instructions: our LSU takes both through one queue,
//                        so GCN's VMEM and LDS slots are one here),
//   - internal        -> retires here (branch/message slot: s_nop,
//                        s_waitcnt, s_barrier, s_endpgm, s_sleep, s_setprio,
//                        s_sendmsg, s_icache_inv, perf-level, debug branches).
// Each kind has its own round-robin pick.  A wave's head instruction may go
// when:
//   - the wave issued nothing in the last 3 cycles (with 4 SIMDs the turn
//     already gives that; with fewer, each wave still issues at most once
//     per 4 cycles, GCN's rate),
//   - the wave is not busy (its previous SALU instruction has written back,
//     its previous LSU instructions have collected their operands, except
//     for another LSU instruction: the LSU reads them in order; a scalar
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
//   - the target unit (SALU, the wave's SIMD, scalar memory) is ready and its
//     operand-read path is free (not holding an instruction that does not
//     leave); for the LSU its instruction queue (lsu_iq.v) has a slot left
//     beside the one the instruction in operand read may need.
// A wave issues at most one instruction per cycle, so the instructions of
// one wave stay in program order.  Everything but internal instructions goes
// to operand read (opread.v, one instance per path, valid/ready), the one
// place where architectural registers become physical rows; faults
// (invalid, graphics-only, unsupported instructions, operands outside the
// allocation) are raised there and stop issue.  A launched wave starts
// issuing once the dispatcher's initial register writes are done (start).
`default_nettype none
`include "sicu_assert.vh"
module issue #(
    parameter NW = `SICU_WAVES,
    parameter WW = (NW > 1) ? $clog2(NW) : 1,
    parameter NS = `SICU_SIMDS,
    parameter NP = 3                 // operand-read paths: 0 VALU, 1 scalar, 2 vector memory
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
    output wire [NW-1:0]        iss_pop,         // the heads issued this cycle (one per wave at most)
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
    // to operand read, one valid/ready port per path (index p: bits p*width)
    output wire [NP-1:0]        iss_valid,
    input  wire [NP-1:0]        iss_ready,
    output wire [NP*WW-1:0]     iss_wave,
    output wire [NP*16-1:0]     iss_tag,
    output wire [NP*`DI_W-1:0]  iss_bundle,
    output wire [NP*3-1:0]      iss_unit,
    output wire [NP-1:0]        iss_scc,
    output wire [NP*32-1:0]     iss_mode,
    output wire [NP*4-1:0]      iss_wid,
    output wire [NP-1:0]        iss_in_tg,
    output wire [NP*3-1:0]      iss_rfl,         // RFV: the instruction's release flags (source slots 0..2)
    input  wire [NP-1:0]        rd_valid,        // a path's operand read holds an instruction ...
    input  wire [NP-1:0]        rd_busy,         // ... that does not leave this cycle
    input  wire [NP*WW-1:0]     rd_wave,
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
    output reg  [31:0]          pc_stall_unit,      // head waits for a busy unit
    output reg  [4*32-1:0]      pc_issued_kind,     // instructions issued per kind (KD_*)
    output reg  [31:0]          pc_issue_multi,     // cycles that issued two or more
    output reg  [31:0]          pc_stall_dmr,       // cycles a served wave waited for a DMR verification
    // register-file virtualization (docs/rfv.md): an rfv_pbr issued now releases
    // the window of its wave's VGPRs (every earlier instruction of the wave has
    // read its operands: metadata waits like any internal instruction)
    output wire                 rfv_pbr_valid,
    output wire [WW-1:0]        rfv_pbr_wave,
    output wire [7:0]           rfv_pbr_base,
    output wire [47:0]          rfv_pbr_mask,
    output reg  [31:0]          pc_rfv_pir,         // rfv_pir / rfv_pbr instructions issued
    output reg  [31:0]          pc_rfv_pbr,
    output reg  [31:0]          pc_rfv_flags,       // release flags handed to operand read (slots)
    output reg  [31:0]          pc_rfv_throttle,    // GPU-Shrink: cycles the served SIMD had a head held by the throttle
    output reg  [31:0]          pc_rfv_throttle_init // ... cycles a dispatcher VGPR write waited for it
`ifdef SICU_FEAT_RFV_ON
    ,
    // RFV sub-array power gating (rfv_map.v): a SIMD whose file wakes a
    // sub-array takes no VALU or vector-memory instruction of its waves
    input  wire [NS-1:0]        rfv_wake_stall
`endif
`ifdef SICU_FEAT_RFV_SHRINK_ON
    ,
    // GPU-Shrink (rfv_shrink.v): the physical rows per SIMD (0: off), R (the
    // most rows a work-group holds on one SIMD, with each launch), per wave
    // the rows it holds and allocates this cycle (SIMD ports, LSU /
    // dispatcher port), and the dispatcher's VGPR write waiting for a grant
    input  wire [8:0]           rfv_rows,
    input  wire [8:0]           launch_wg_vrows,
    input  wire [8:0]           launch_nvgpr,
    input  wire [NW*9-1:0]      rfv_live,
    input  wire [NW*2-1:0]      rfv_alv,
    input  wire [NW-1:0]        rfv_alm,
    input  wire                 rfv_iv_req,
    input  wire [WW-1:0]        rfv_iv_wave,
    output wire                 rfv_iv_ok
`endif
`ifdef SICU_FEAT_DMR_REPLAY
    ,
    // Warped-DMR inter/enhanced: each SIMD's ReplayQ slots (simd_rq.v
    // slot_bus: {wscal, wvgpr, dst64, areg, wave, valid}), and the request
    // to a SIMD to accept nothing until a waiting wave's producer is verified
    input  wire [NS*`SICU_DMR_RQ*(WW+13)-1:0] dmr_slots,
    output reg  [NS-1:0]        dmr_urgent
`endif
);
`include "si_isa.vh"
`include "cu_defs.vh"

    // ---------------------------------------------------------------- wave state
    reg [NW-1:0]  wv_active, wv_started, wv_ended, wv_busy, wv_bar, wv_scc;
    localparam [2:0] VQ_MAX = 3'd4;
    reg [2:0]     wv_vq [0:NW-1];    // VALU instructions in flight
    reg [NW-1:0]  wv_vs;             // one of them writes scalar state
    // LSU instructions of the wave whose operands are not collected yet: the
    // LSU takes them in order, so a wave's next LSU instruction may follow
    // (it cannot overwrite a VGPR an earlier one is still to read); any
    // other kind waits until they are collected
    localparam [2:0] LQ_MAX = 3'd4;
    reg [2:0]     wv_lq [0:NW-1];
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
            assign wave_busy[gb] = wv_busy[gb] || wv_vq[gb] != 3'd0 || wv_lq[gb] != 3'd0;
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
    // shifters), then each kind makes a rotating priority pick among its
    // ready waves, starting after the last wave it issued.
    localparam integer NK = 4;                    // kinds: the NP paths, then internal
    localparam integer KD_V = 0, KD_S = 1, KD_M = 2, KD_I = 3;
    localparam integer TW = (NS > 1) ? $clog2(NS) : 1;
    localparam integer TURN_LAST_I = NS - 1;
    localparam [TW-1:0] TURN_LAST = TURN_LAST_I[TW-1:0];
    reg [TW-1:0] turn;                            // the SIMD this cycle serves
    reg          any_head, any_dep, any_wait, any_bar, any_unit;
    reg [NW-1:0] w_head, w_dep, w_bar, w_wait, w_unit, w_ok;
    // an operand-read path holds an instruction of the wave that does not
    // leave this cycle (its unit is not ready): the wave issues nothing more
    // until it leaves, since the held instruction reads its scalar operands
    // again every cycle and a younger instruction's write would reach it (a
    // scalar load held before a busy scalar memory unit, then v_cmp writing
    // its base register)
    reg [NW-1:0] w_rdstall;
    reg [NW-1:0] k_ok [0:NK-1];                   // ready waves per kind
    reg [NW-1:0] w_isk [0:NK-1];                  // served waves whose head is of kind k
    reg [9:0]    hop;
    reg [2:0]    hu;
    reg          unit_ok, wait_ok;
    reg [15:0]   simm;
    integer      i, s, k;
    reg [NS-1:0] simd_taken;

    // the kind (and path) of a head's unit
    function automatic [1:0] kind_of(input [2:0] u);
        case (u)
            `UC_VALU:     kind_of = KD_V[1:0];
            `UC_LSU:      kind_of = KD_M[1:0];
            `UC_INTERNAL: kind_of = KD_I[1:0];
            default:      kind_of = KD_S[1:0];     // SALU, scalar memory, faults
        endcase
    endfunction

    // Warped-DMR inter/enhanced, the DMR hold (docs/dmr.md): no instruction
    // consumes a result the ReplayQ has not verified.  A VALU instruction
    // waits while one of its VGPR sources (v_movrel*: any VGPR) is the
    // destination of an unverified instruction of its wave, or while an
    // unverified instruction of the wave writes scalar state (VCC, an SGPR
    // pair, EXEC: every VALU instruction reads EXEC); any other instruction
    // (memory, scalar, s_endpgm) waits until the wave has nothing unverified.
    reg [NW-1:0] w_dmr;
    reg [NW-1:0] w_wake;            // RFV: the wave's SIMD wakes a VGPR sub-array (a VALU or LSU head waits)
`ifdef SICU_FEAT_DMR_REPLAY
    localparam integer RQ = `SICU_DMR_RQ, SLW = WW + 13;
    // does source operand code c (n dwords) overlap the destination of slot e?
    /* verilator lint_off UNUSEDSIGNAL */   // (kind: its width field)
    function automatic src_hit(input [8:0] c, input [7:0] kind, input [SLW-1:0] e);
        reg [9:0] a, lo, hi;
        begin
            a = {1'b0, e[WW+9:WW+1]};
            lo = {1'b0, c};
            hi = lo + {5'd0, kind[4:0]} - 10'd1;
            src_hit = c >= 9'd256 && kind[4:0] != 5'd0 && lo <= a + {9'd0, e[WW+10]} && a <= hi;
        end
    endfunction
    /* verilator lint_on UNUSEDSIGNAL */
    // the hold of a head instruction against one SIMD's slots; the source
    // widths are decoded once per head, not once per slot
    function automatic dmr_hold(input [WW-1:0] w, input [RQ*SLW-1:0] slots, input [9:0] op, input [2:0] u,
                                input [8:0] c0, input [8:0] c1, input [8:0] c2, input [8:0] cd);
        integer z;
        reg [SLW-1:0] e;
        reg [7:0] k0, k1, k2;
        reg mine, valu, movrel, mac;
        begin
            dmr_hold = 1'b0;
            valu = u == `UC_VALU;
            movrel = op == SI_OP_V_MOVRELS_B32 || op == SI_OP_V_MOVRELSD_B32;
            mac = (si_op_flags(op) & SI_F_MAC) != 0;
            k0 = si_op_src_kind(op, 2'd0); k1 = si_op_src_kind(op, 2'd1); k2 = si_op_src_kind(op, 2'd2);
            for (z = 0; z < RQ; z = z + 1) begin
                e = slots[z*SLW +: SLW];
                mine = e[0] && e[WW:1] == w;
                if (mine && (!valu || e[WW+12] ||
                    (e[WW+11] && (movrel || src_hit(c0, k0, e) || src_hit(c1, k1, e) ||
                                  src_hit(c2, k2, e) || (mac && src_hit(cd, 8'd1, e))))))
                    dmr_hold = 1'b1;
            end
        end
    endfunction
    // Only the served SIMD's waves can issue, so the hold is computed for
    // them alone, against that SIMD's slots: one checker per wave of a SIMD
    // (SIMD turn's j-th wave is wave j*NS + turn), not one per wave of the CU
    localparam integer NWS = (NW + NS - 1) / NS;
    reg [NW-1:0] dmr_h;             // the served waves' raw holds (w_dmr adds w_head)
    reg [RQ*SLW-1:0] dmr_srv;       // the served SIMD's slots
    /* verilator lint_off UNUSEDSIGNAL */
    reg [`DI_W-1:0] dmr_hd;         // the served SIMD's j-th wave's head (the fields the hold reads)
    /* verilator lint_on UNUSEDSIGNAL */
    reg [WW-1:0] dmr_w;             // and its number
    reg dmr_hj;
    integer dj, ds, dw;
    // (every index below is a constant after unrolling: the turn selects by
    // comparison, so synthesis sees multiplexers, not shifters)
    always @* begin
        dmr_h = {NW{1'b0}};
        dmr_srv = {RQ*SLW{1'b0}};
        for (ds = 0; ds < NS; ds = ds + 1)
            if (turn == ds[TW-1:0]) dmr_srv = dmr_slots[ds*RQ*SLW +: RQ*SLW];
        for (dj = 0; dj < NWS; dj = dj + 1) begin
            dmr_hd = {`DI_W{1'b0}};
            dmr_w = {WW{1'b0}};
            for (ds = 0; ds < NS; ds = ds + 1) begin
                dw = dj*NS + ds;
                if (dw < NW && turn == ds[TW-1:0]) begin
                    dmr_hd = wp_head[dw*`DI_W +: `DI_W];
                    dmr_w = dw[WW-1:0];
                end
            end
            dmr_hj = dmr_hold(dmr_w, dmr_srv, dmr_hd[`DI_OP_LO +: `DI_OP_W], dmr_hd[`DI_UNIT_LO +: `DI_UNIT_W],
                              dmr_hd[`DI_SRC0_LO +: 9], dmr_hd[`DI_SRC1_LO +: 9],
                              dmr_hd[`DI_SRC2_LO +: 9], dmr_hd[`DI_DST_LO +: 9]);
            for (ds = 0; ds < NS; ds = ds + 1) begin
                dw = dj*NS + ds;
                if (dw < NW && turn == ds[TW-1:0]) dmr_h[dw] = dmr_hj;
            end
        end
    end
`endif
    // GPU-Shrink (docs/rfv.md section 12): a VALU or LSU head of a wave not in
    // the exempt work-group waits while its SIMD's headroom is short of the
    // rows it may write (rfv_shrink.v); the exempt waves go first while the
    // SIMD throttles (priority promotion)
    reg [NW-1:0] w_thr;
    wire [NW-1:0] w_pri;
    // the VGPR rows an instruction may write (its reservation)
    /* verilator lint_off UNUSEDSIGNAL */   // (the bundle's other fields)
    function automatic [2:0] vrows_of(input [`DI_W-1:0] b);
        reg [4:0] wd;
        reg [5:0] n;
        begin
            wd = dst_width(b[`DI_OP]);
            n = {1'b0, wd} + {5'd0, (b[`DI_FMT] == SI_FMT_MUBUF || b[`DI_FMT] == SI_FMT_MTBUF) && b[`DI_TFE]};
            if (wd == 5'd0) vrows_of = 3'd0;
            else if (b[`DI_UNIT] == `UC_VALU) vrows_of = b[`DI_DST] >= 9'd256 ? (n > 6'd2 ? 3'd2 : n[2:0]) : 3'd0;
            else if (b[`DI_UNIT] == `UC_LSU) vrows_of = n > 6'd7 ? 3'd7 : n[2:0];
            else vrows_of = 3'd0;
        end
    endfunction
    // (the kind's class bits)
    function automatic [4:0] dst_width(input [9:0] op);
        reg [7:0] dk;
        begin
            dk = si_op_dst_kind(op);
            dst_width = dk[4:0];
        end
    endfunction
    /* verilator lint_on UNUSEDSIGNAL */
`ifdef SICU_FEAT_RFV_SHRINK_ON
    reg  [8:0]      shr_r;                        // R of the running dispatch
    wire [NW-1:0]   shr_exempt;
    wire [NS*4-1:0] shr_hr;
    wire [NS-1:0]   shr_near;
    wire            shr_on;
    assign w_pri = shr_exempt & {NW{shr_near[turn]}};
    // a dispatcher VGPR write: one row; on the SIMD issue serves this cycle,
    // with room for a VALU and an LSU grant of the same cycle
    wire iv_served = ({{(32-WW){1'b0}}, rfv_iv_wave} % NS) == {{(32-TW){1'b0}}, turn};
    assign rfv_iv_ok = !shr_on || shr_exempt[rfv_iv_wave] ||
                       shr_hr[(rfv_iv_wave % NS)*4 +: 4] >= (iv_served ? 4'd8 : 4'd1);
    function automatic thr_hold(input integer wi, input [`DI_W-1:0] b);
        reg [2:0] kr;
        reg [3:0] h;
        begin
            kr = vrows_of(b);
            h = shr_hr[(wi % NS)*4 +: 4];
            thr_hold = shr_on && !shr_exempt[wi] && kr != 3'd0 &&
                       (b[`DI_UNIT] == `UC_VALU ? {1'b0, kr} > h : {1'b0, kr} + 4'd2 > h);
        end
    endfunction
`else
    assign w_pri = {NW{1'b0}};
`endif
    always @* begin
        simd_taken = {NS{1'b0}};
        // a VALU in operand read (leaving or not) holds its SIMD's next slot
        if (rd_valid[KD_V]) simd_taken[rd_wave[KD_V*WW +: WW] % NS] = 1'b1;
        w_rdstall = {NW{1'b0}};
        for (k = 0; k < NP; k = k + 1)
            if (rd_valid[k] && rd_busy[k]) w_rdstall[rd_wave[k*WW +: WW]] = 1'b1;
        hop = 10'd0; hu = 3'd0; simm = 16'd0; unit_ok = 1'b0; wait_ok = 1'b0; s = 0;
        // (whole-vector defaults: a simulator writes words, not bits)
        w_head = {NW{1'b0}}; w_dep = {NW{1'b0}}; w_bar = {NW{1'b0}}; w_wait = {NW{1'b0}};
        w_unit = {NW{1'b0}}; w_ok = {NW{1'b0}}; w_dmr = {NW{1'b0}}; w_wake = {NW{1'b0}}; w_thr = {NW{1'b0}};
        for (k = 0; k < NK; k = k + 1) w_isk[k] = {NW{1'b0}};
        for (i = 0; i < NW; i = i + 1) begin
            // only the served SIMD's waves are candidates (the others stay 0;
            // a simulator skips three quarters of the work)
            if ((i % NS) == {{(32-TW){1'b0}}, turn}) begin
                // the fields used, not the whole bundle (a 257-bit copy per wave
                // and cycle in simulation)
                hop = wp_head[i*`DI_W + `DI_OP_LO +: `DI_OP_W];
                hu = wp_head[i*`DI_W + `DI_UNIT_LO +: `DI_UNIT_W];
                s = i % NS;
                case (hu)
                    `UC_SALU: unit_ok = salu_ready && !rd_busy[KD_S];
                    `UC_SMEM: unit_ok = smem_ready && !rd_busy[KD_S];
                    `UC_VALU: unit_ok = simd_ready[s] && !simd_taken[s] && !rd_busy[KD_V];
                    `UC_LSU:  unit_ok = lsu_ready && !rd_busy[KD_M];
                    `UC_INTERNAL: unit_ok = 1'b1;
                    default:  unit_ok = !rd_busy[KD_S];
                endcase
                simm = wp_head[i*`DI_W + `DI_SIMM16_LO +: `DI_SIMM16_W];
                wait_ok = !(hop == SI_OP_S_WAITCNT) ||
                          (wv_vm[i] <= {2'b0, simm[3:0]} && wv_lgkm[i] <= {1'b0, simm[12:8]});
                // exactly one of dep/bar/wait/unit/ok holds for a wave of the
                // served SIMD with a head
                w_head[i] = wv_active[i] && wv_started[i] && !wv_ended[i] && wp_head_valid[i];
`ifdef SICU_FEAT_RFV_ON
                w_wake[i] = rfv_wake_stall[s] && (hu == `UC_VALU || hu == `UC_LSU);
`endif
`ifdef SICU_FEAT_RFV_SHRINK_ON
                w_thr[i] = w_head[i] && (hu == `UC_VALU || hu == `UC_LSU) && thr_hold(i, wp_head[i*`DI_W +: `DI_W]);
`endif
`ifdef SICU_FEAT_DMR_REPLAY
                w_dmr[i] = w_head[i] && dmr_h[i];
`endif
                // (an rfv_pir has no operands: it need not wait for the wave's VALU/LSU work)
                w_dep[i]  = w_head[i] && (wv_busy[i] || w_rdstall[i] || wv_cool[i] != 2'd0 || w_dmr[i] ||
                                          w_wake[i] || w_thr[i] ||
                                          (hop != SI_OP_RFV_PIR &&
                                          ((wv_lq[i] != 3'd0 && (hu != `UC_LSU || wv_lq[i] == LQ_MAX)) ||
                                          (wv_vq[i] != 3'd0 &&
                                          (hu != `UC_VALU || wv_vs[i] || wv_vq[i] == VQ_MAX)))));
                w_bar[i]  = w_head[i] && !w_dep[i] && wv_bar[i];
                w_wait[i] = w_head[i] && !w_dep[i] && !wv_bar[i] && !wait_ok;
                w_unit[i] = w_head[i] && !w_dep[i] && !wv_bar[i] && wait_ok && !unit_ok;
                w_ok[i]   = w_head[i] && !w_dep[i] && !wv_bar[i] && wait_ok && unit_ok;
                w_isk[kind_of(hu)][i] = 1'b1;
            end
        end
        for (k = 0; k < NK; k = k + 1) k_ok[k] = w_ok & w_isk[k];
        any_head = |w_head;
        any_dep = |w_dep;
        any_bar = |w_bar;
        any_wait = |w_wait;
        any_unit = |w_unit;
    end

    // per kind: the first ready wave after the last one it issued (rr+1,
    // rr+2, ... wrapping), and that wave's head (an AND-OR select)
    wire [NK-1:0]      sel_valid;
    wire [NK*WW-1:0]   sel;
    wire [NK*`DI_W-1:0] sel_b;
    wire [NK-1:0]      go;                        // kind k issues this cycle
    genvar gk;
    generate
        for (gk = 0; gk < NK; gk = gk + 1) begin : g_pick
            reg  [WW-1:0]   rr;
            wire [WW-1:0]   rr1 = ({{(32-WW){1'b0}}, rr} == NW - 1) ? {WW{1'b0}} : rr + {{(WW-1){1'b0}}, 1'b1};
            // (GPU-Shrink: the exempt work-group's ready waves first while their SIMD throttles)
            wire [NW-1:0]   okp = k_ok[gk] & w_pri;
            wire [NW-1:0]   okk = (okp != {NW{1'b0}}) ? okp : k_ok[gk];
            wire [NW-1:0]   hi = okk & ({NW{1'b1}} << rr1);     // the ready waves from rr1 on
            reg  [WW-1:0]   pick;
            reg  [`DI_W-1:0] b;
            integer         p, q;
            // (a priority encoder over the waves from rr1 on, else over all:
            // no rotation, whose 2*NW-bit shifter a simulator would evaluate
            // once per wave)
            always @* begin
                pick = {WW{1'b0}};
                for (p = NW - 1; p >= 0; p = p - 1)
                    if (hi != {NW{1'b0}} ? hi[p] : okk[p]) pick = p[WW-1:0];
                b = {`DI_W{1'b0}};
                if (okk != {NW{1'b0}})
                    for (q = 0; q < NW; q = q + 1)
                        if (pick == q[WW-1:0]) b = wp_head[q*`DI_W +: `DI_W];
            end
            assign sel_valid[gk] = |okk;
            assign sel[gk*WW +: WW] = pick;
            assign sel_b[gk*`DI_W +: `DI_W] = b;
            if (gk < NP) begin : g_path
                assign go[gk] = sel_valid[gk] && iss_ready[gk] && !halt;
                assign iss_valid[gk] = sel_valid[gk] && !halt;
            end else begin : g_int
                assign go[gk] = sel_valid[gk] && !halt;
            end
            always @(posedge clk)
                if (rst) rr <= {WW{1'b0}};
                else if (go[gk]) rr <= pick;
        end
    endgenerate

    // the waves each kind picked, and their heads' fields used here
    wire [WW-1:0]    sel_v = sel[KD_V*WW +: WW], sel_s = sel[KD_S*WW +: WW], sel_m = sel[KD_M*WW +: WW],
                     sel_i = sel[KD_I*WW +: WW];
    wire [`DI_W-1:0] sb_v = sel_b[KD_V*`DI_W +: `DI_W], sb_s = sel_b[KD_S*`DI_W +: `DI_W],
                     sb_m = sel_b[KD_M*`DI_W +: `DI_W], sb_i = sel_b[KD_I*`DI_W +: `DI_W];
    wire [9:0]       sop_v = sb_v[`DI_OP], sop_i = sb_i[`DI_OP];
`ifdef SICU_FEAT_RFV_SHRINK_ON
    // per wave: VALU instructions in flight after this cycle's issue (at most:
    // a retirement is not subtracted), nothing of the LSU's outstanding
    reg  [NW*3-1:0] w_vinfl;
    reg  [NW-1:0]   w_mdrain;
    reg  [NW*WW-1:0] wv_wg_flat;
    integer         z;
    always @* begin
        for (z = 0; z < NW; z = z + 1) begin
            w_vinfl[z*3 +: 3] = wv_vq[z] + {2'd0, go[KD_V] && sel_v == z[WW-1:0]};
            w_mdrain[z] = wv_lq[z] == 3'd0 && wv_vm[z] == 6'd0 && wv_lgkm[z] == 6'd0;
            wv_wg_flat[z*WW +: WW] = wv_wg[z];
        end
    end
    always @(posedge clk)
        if (rst) shr_r <= 9'd0;
        else if (launch_valid) shr_r <= launch_wg_vrows;
    rfv_shrink u_shrink (
        .clk(clk), .rst(rst), .rows(rfv_rows), .rcta(shr_r),
        .wv_active(wv_active), .wv_wg(wv_wg_flat),
        .launch_valid(launch_valid), .launch_wave(launch_wave), .launch_wg(launch_wg),
        .launch_first(launch_wg_wave == 4'd0), .launch_nvgpr(launch_nvgpr),
        .live(rfv_live), .al_v(rfv_alv), .al_m(rfv_alm),
        .rv_valid(go[KD_V]), .rv_wave(sel_v), .rv_k(vrows_of(sb_v)),
        .rm_valid(go[KD_M]), .rm_wave(sel_m), .rm_k(vrows_of(sb_m)),
        .v_inflight(w_vinfl), .m_drained(w_mdrain),
        .exempt(shr_exempt), .hr(shr_hr), .thr_near(shr_near), .on(shr_on)
    );
`endif
    // the selected VALU instruction writes scalar state (VCC, an SGPR, EXEC, M0)
    wire [31:0] sfl = si_op_flags(sop_v);
    wire sel_wscal = (sfl & (SI_F_WR_VCC | SI_F_SDST | SI_F_WR_EXEC | SI_F_CMPX | SI_F_VOP3B | SI_F_WR_M0 |
                             SI_F_WR_SCC)) != 0 || si_op_fmt(sop_v) == SI_FMT_VOPC || sb_v[`DI_FMT] == SI_FMT_VOP3B;
    // the memory counters an issued instruction increments
    wire inc_vm_m = sb_m[`DI_FMT] == SI_FMT_MUBUF || sb_m[`DI_FMT] == SI_FMT_MTBUF;
    wire inc_lgkm_m = sb_m[`DI_FMT] == SI_FMT_DS || sb_m[`DI_FMT] == SI_FMT_SMRD;
    wire inc_lgkm_s = sb_s[`DI_UNIT] == `UC_SMEM && sb_s[`DI_FMT] == SI_FMT_SMRD;
    // per wave: issued this cycle; a VALU instruction issued / retired this cycle
    reg [NW-1:0] w_go, vq_inc, vq_dec, vq_zero, vq_full;
    reg [NW-1:0] w_rdhold;                        // an operand-read path holds an instruction of the wave
    reg [NW-1:0] w_cnt_ev;                        // a waitcnt counter of the wave may change
    integer      di;
    // (decoders from the few events of a cycle, not loops over the waves)
    always @* begin
        w_rdhold = {NW{1'b0}};
        w_cnt_ev = {NW{1'b0}};
        if (go[KD_M]) w_cnt_ev[sel_m] = 1'b1;
        if (go[KD_S]) w_cnt_ev[sel_s] = 1'b1;
        if (lsu_done_valid) w_cnt_ev[lsu_done_wave] = 1'b1;
        for (k = 0; k < NP; k = k + 1)
            if (rd_valid[k]) w_rdhold[rd_wave[k*WW +: WW]] = 1'b1;
        w_go = {NW{1'b0}};
        for (k = 0; k < NK; k = k + 1)
            if (go[k]) w_go[sel[k*WW +: WW]] = 1'b1;
        vq_inc = {NW{1'b0}};
        if (go[KD_V]) vq_inc[sel_v] = 1'b1;
        vq_dec = {NW{1'b0}};
        for (di = 0; di < NS; di = di + 1)
            if (simd_done_valid[di]) vq_dec[simd_done_wave[di*WW +: WW]] = 1'b1;
        for (i = 0; i < NW; i = i + 1) begin
            vq_zero[i] = wv_vq[i] == 3'd0;
            vq_full[i] = wv_vq[i] == VQ_MAX;
        end
    end
    assign iss_pop = w_go;

    // ---------------------------------------------------------------- RFV metadata (docs/rfv.md)
    // An instruction's release flags come in its bundle (RFL: fetch's
    // rfv_rfc.v consumes every rfv_pir and keeps the wave's flags); an
    // rfv_pbr's window {mask, base} is in the bundle's LIT, OFFSET1, OFFSET
    // (decode.v).  Without RFV the metadata are no-ops, counted here.
    wire [55:0] pay_i = {sb_i[`DI_LIT], sb_i[`DI_OFFSET1], sb_i[`DI_OFFSET]};
    assign rfv_pbr_valid = go[KD_I] && sop_i == SI_OP_RFV_PBR;
    assign rfv_pbr_wave = sel_i;
    assign rfv_pbr_base = pay_i[7:0];
    assign rfv_pbr_mask = pay_i[55:8];

    // ---------------------------------------------------------------- to operand read
    genvar gp;
    generate
        for (gp = 0; gp < NP; gp = gp + 1) begin : g_out
            wire [WW-1:0] w = sel[gp*WW +: WW];
            assign iss_wave[gp*WW +: WW] = w;
            assign iss_tag[gp*16 +: 16] = wv_tag[w];
            assign iss_bundle[gp*`DI_W +: `DI_W] = sel_b[gp*`DI_W +: `DI_W];
            assign iss_unit[gp*3 +: 3] = sel_b[gp*`DI_W + `DI_UNIT_LO +: `DI_UNIT_W];
            assign iss_scc[gp] = wv_scc[w];
            assign iss_mode[gp*32 +: 32] = wv_mode[w];
            assign iss_wid[gp*4 +: 4] = wv_wid[w];
            assign iss_in_tg[gp] = wg_total[wv_wg[w]] > 5'd1;
`ifdef SICU_FEAT_RFV_ON
            assign iss_rfl[gp*3 +: 3] = sel_b[gp*`DI_W + `DI_RFL_LO +: 3];
`else
            assign iss_rfl[gp*3 +: 3] = 3'd0;
`endif
        end
    endgenerate

    // ---------------------------------------------------------------- sequential state
    reg [2:0] n_go;
    always @* begin
        n_go = 3'd0;
        for (k = 0; k < NK; k = k + 1) n_go = n_go + {2'd0, go[k]};
    end
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
            turn <= {TW{1'b0}};
            pc_issued <= 32'd0; pc_stall_idle <= 32'd0; pc_stall_dep <= 32'd0;
            pc_stall_waitcnt <= 32'd0; pc_stall_barrier <= 32'd0; pc_stall_unit <= 32'd0;
            pc_issued_kind <= {4*32{1'b0}}; pc_issue_multi <= 32'd0; pc_stall_dmr <= 32'd0;
            pc_rfv_pir <= 32'd0; pc_rfv_pbr <= 32'd0; pc_rfv_flags <= 32'd0;
            pc_rfv_throttle <= 32'd0; pc_rfv_throttle_init <= 32'd0;
`ifdef SICU_FEAT_DMR_REPLAY
            dmr_urgent <= {NS{1'b0}};
`endif
            for (i = 0; i < NW; i = i + 1) begin
                wg_total[i] <= 5'd0; wg_ended[i] <= 5'd0; wg_arrived[i] <= 5'd0;
                wv_vm[i] <= 6'd0; wv_lgkm[i] <= 6'd0;
                wv_vq[i] <= 3'd0;
                wv_lq[i] <= 3'd0;
                wv_cool[i] <= 2'd0;
            end
            wv_vs <= {NW{1'b0}};
        end else begin
            turn <= (turn == TURN_LAST) ? {TW{1'b0}} : turn + {{(TW-1){1'b0}}, 1'b1};
            if (w_dmr != {NW{1'b0}}) pc_stall_dmr <= pc_stall_dmr + 32'd1;
`ifdef SICU_FEAT_DMR_REPLAY
            // the served SIMD: accept nothing more while a wave waits for a
            // verification, so that its replays run (the paper's priority)
            dmr_urgent[turn] <= w_dmr != {NW{1'b0}};
`endif
            // ---- completion events
            if (salu_done_valid) begin
                wv_busy[salu_done_wave] <= 1'b0;
                if (salu_wr_scc) wv_scc[salu_done_wave] <= salu_scc;
                if (salu_wr_mode) wv_mode[salu_done_wave] <= salu_mode;
            end
            // (counters written only when they change: fewer array writes in simulation)
            for (i = 0; i < NW; i = i + 1) begin
                if (vq_inc[i] != vq_dec[i]) wv_vq[i] <= wv_vq[i] + {2'd0, vq_inc[i]} - {2'd0, vq_dec[i]};
                if (vq_inc[i]) wv_vs[i] <= sel_wscal;
                else if (vq_dec[i] && wv_vq[i] == 3'd1) wv_vs[i] <= 1'b0;
            end
            for (i = 0; i < NW; i = i + 1)
                if ((go[KD_M] && sel_m == i[WW-1:0]) != (lsu_free_valid && lsu_free_wave == i[WW-1:0]))
                    wv_lq[i] <= wv_lq[i] + {2'd0, go[KD_M] && sel_m == i[WW-1:0]}
                                         - {2'd0, lsu_free_valid && lsu_free_wave == i[WW-1:0]};
            // ---- issue (the kinds' waves differ: one instruction per wave and cycle)
            for (i = 0; i < NW; i = i + 1)
                if (w_go[i]) begin
                    wv_cool[i] <= ISSUE_GAP;
                    wv_tag[i] <= wv_tag[i] + 16'd1;
                end else if (wv_cool[i] != 2'd0) wv_cool[i] <= wv_cool[i] - 2'd1;
            pc_issued <= pc_issued + {29'd0, n_go};
            for (k = 0; k < NK; k = k + 1)
                if (go[k]) pc_issued_kind[k*32 +: 32] <= pc_issued_kind[k*32 +: 32] + 32'd1;
            if (n_go > 3'd1) pc_issue_multi <= pc_issue_multi + 32'd1;
            if (go[KD_S] && sb_s[`DI_UNIT] == `UC_SALU) wv_busy[sel_s] <= 1'b1;
            // ---- RFV metadata (with RFV no rfv_pir gets here: fetch consumes them)
            if (go[KD_I] && sop_i == SI_OP_RFV_PIR) pc_rfv_pir <= pc_rfv_pir + 32'd1;
            if (go[KD_I] && sop_i == SI_OP_RFV_PBR) pc_rfv_pbr <= pc_rfv_pbr + 32'd1;
            if (w_thr != {NW{1'b0}}) pc_rfv_throttle <= pc_rfv_throttle + 32'd1;
`ifdef SICU_FEAT_RFV_SHRINK_ON
            if (rfv_iv_req && !rfv_iv_ok) pc_rfv_throttle_init <= pc_rfv_throttle_init + 32'd1;
`endif
            pc_rfv_flags <= pc_rfv_flags + {30'd0, popc3(go[KD_V] ? iss_rfl[KD_V*3 +: 3] : 3'd0)} +
                            {30'd0, popc3(go[KD_S] ? iss_rfl[KD_S*3 +: 3] : 3'd0)} +
                            {30'd0, popc3(go[KD_M] ? iss_rfl[KD_M*3 +: 3] : 3'd0)};
            if (go[KD_I]) begin
                int_ret_valid <= 1'b1;
                int_ret_wave <= sel_i;
                int_ret_tag <= wv_tag[sel_i];
                int_ret_pc <= sb_i[`DI_PC];
                if ((si_op_flags(sop_i) & SI_F_BRANCH) != 0) begin
                    int_br_valid <= 1'b1;
                    int_br_wave <= sel_i;
                end
                if (sop_i == SI_OP_S_ENDPGM) wv_ended[sel_i] <= 1'b1;
                if (sop_i == SI_OP_S_BARRIER) begin
                    wv_bar[sel_i] <= 1'b1;
                    wg_arrived[wv_wg[sel_i]] <= wg_arrived[wv_wg[sel_i]] + 5'd1;
                end
            end
            if (n_go == 3'd0) begin
                if (!any_head) pc_stall_idle <= pc_stall_idle + 32'd1;
                else if (any_unit) pc_stall_unit <= pc_stall_unit + 32'd1;
                else if (any_wait) pc_stall_waitcnt <= pc_stall_waitcnt + 32'd1;
                else if (any_bar) pc_stall_barrier <= pc_stall_barrier + 32'd1;
                else if (any_dep) pc_stall_dep <= pc_stall_dep + 32'd1;
            end
            // ---- waitcnt counters
            for (i = 0; i < NW; i = i + 1) if (w_cnt_ev[i]) begin
                wv_vm[i] <= wv_vm[i]
                    + ((go[KD_M] && sel_m == i[WW-1:0] && inc_vm_m) ? 6'd1 : 6'd0)
                    - ((lsu_done_valid && lsu_done_wave == i[WW-1:0] && lsu_done_vm) ? 6'd1 : 6'd0);
                wv_lgkm[i] <= wv_lgkm[i]
                    + (((go[KD_M] && sel_m == i[WW-1:0] && inc_lgkm_m) ||
                        (go[KD_S] && sel_s == i[WW-1:0] && inc_lgkm_s)) ? 6'd1 : 6'd0)
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
                if (wv_active[i] && wv_ended[i] && !wv_busy[i] && wv_vq[i] == 3'd0 && wv_lq[i] == 3'd0 && !(end_valid && end_wave == i[WW-1:0]) && wv_vm[i] == 6'd0 && wv_lgkm[i] == 6'd0 &&
                    !w_rdhold[i]) begin
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
                wv_lq[launch_wave] <= 3'd0;
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
    function automatic [1:0] popc3(input [2:0] v);
        popc3 = {1'b0, v[0]} + {1'b0, v[1]} + {1'b0, v[2]};
    endfunction
`ifndef SYNTHESIS   // assertions: simulation only
    `SICU_ASSERT(issue_valu_retire_in_flight, (vq_dec & vq_zero) == {NW{1'b0}})
    `SICU_ASSERT(issue_valu_in_flight_bound, (vq_inc & vq_full & ~vq_dec) == {NW{1'b0}})
    // an LSU instruction's operands are collected once: the wave has one outstanding
    `SICU_ASSERT(issue_lsu_free_outstanding, !(lsu_free_valid && wv_lq[lsu_free_wave] == 3'd0))
    // a memory completion decrements a counter that has an instruction outstanding
    `SICU_ASSERT(issue_waitcnt_underflow, !(lsu_done_valid && (lsu_done_vm ? wv_vm[lsu_done_wave] == 6'd0
                                                                          : wv_lgkm[lsu_done_wave] == 6'd0)))
    // the kinds issue from different waves (one instruction per wave and cycle), all of the served SIMD
    `SICU_ASSERT(issue_one_per_wave, !((go[KD_V] && ((go[KD_S] && sel_v == sel_s) || (go[KD_M] && sel_v == sel_m) ||
                                                     (go[KD_I] && sel_v == sel_i))) ||
                                       (go[KD_S] && ((go[KD_M] && sel_s == sel_m) || (go[KD_I] && sel_s == sel_i))) ||
                                       (go[KD_M] && go[KD_I] && sel_m == sel_i)))
    `SICU_ASSERT(issue_in_turn, (w_go & ~w_head) == {NW{1'b0}})
    // a wave whose instruction waits in an operand-read path issues nothing else
    `SICU_ASSERT(issue_none_while_operands_held, (w_go & w_rdstall) == {NW{1'b0}})
`endif
    // bits of wide values this module does not use: the upper half of the M0 read
    // port, s_waitcnt's expcnt field, head fields the classification ignores, the wrapped half
    // of the rotation, loop indices, granule arithmetic and relative
    // VGPR offsets beyond the register file
    /* verilator lint_off UNUSEDSIGNAL */
    wire _unused_ok = &{1'b0, simm, s, sb_v, sb_s, sb_m, sb_i, 1'b0};
    /* verilator lint_on UNUSEDSIGNAL */
endmodule
`default_nettype wire
