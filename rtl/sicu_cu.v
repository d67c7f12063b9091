// sicu: the compute unit (top level).
//
//   fetch -> decode -> wavepool -> issue -> opread -> SALU | SIMD x SIMDS | LSU (+ LDS)
//                                            |           \______ scalar write-back arbiter -> SGPR file
//                                            +-- SGPR file (read)   SIMD-owned banked VGPR files <- LSU
//
// Everything outside the CU is behind ports the harness drives: wave launch
// and the initial register writes (the dispatcher's job), the
// instruction-memory port and the global-memory port.  The top has no
// observation ports: the units' mon_* outputs, the performance counters and
// the wave-state vectors are internal wires that only the simulation-only
// monitor (rtl/tb/sicu_monitor.v) reads, so synthesis drops them.
`default_nettype none
`include "sicu_assert.vh"
module sicu_cu #(
    parameter NW = `SICU_WAVES,
    parameter WW = (NW > 1) ? $clog2(NW) : 1,
    parameter NS = `SICU_SIMDS,
    parameter SAW = $clog2(`SICU_SGPR_ROWS + `SICU_WAVES * 32),
    parameter VAW = `SICU_VROW_BITS,
    parameter LAW = $clog2(`SICU_LDS_BYTES) + 1
) (
    input  wire              clk,
    input  wire              rst,
    // wave launch
    input  wire              launch_valid,
    output wire              launch_ready,
    input  wire [WW-1:0]     launch_wave,
    input  wire [47:0]       launch_pc,
    input  wire [SAW-1:0]    launch_sgpr_base,
    input  wire [7:0]        launch_nsgpr,
    input  wire [VAW-1:0]    launch_vgpr_base,
    input  wire [8:0]        launch_nvgpr,
    input  wire [WW-1:0]     launch_wg,
    input  wire [4:0]        launch_wg_nwaves,
    input  wire [3:0]        launch_wg_wave,
    input  wire [LAW-1:0]    launch_lds_base,
    input  wire [LAW-1:0]    launch_lds_size,
    input  wire              launch_scc,
    input  wire [31:0]       launch_mode,
`ifdef SICU_FEAT_RFV_SHRINK_ON
    // GPU-Shrink: R, the most VGPR rows one work-group of the dispatch holds
    // on one SIMD (the harness places waves so; the same for every launch)
    input  wire [8:0]        launch_wg_vrows,
`endif
    output wire              end_valid,
    output wire [WW-1:0]     end_wave,
    // initial register / LDS writes of a launched wave (after its launch; the
    // last beat lets it start): INIT_SGPR4 = 4 SGPR codes from init_addr (a
    // multiple of 4) under init_be, INIT_VGPR = VGPR init_addr, 64 lanes,
    // INIT_LDS = dword init_addr of the wave's LDS allocation
    input  wire              init_valid,
    output wire              init_ready,
    input  wire [WW-1:0]     init_wave,
    input  wire [1:0]        init_kind,
    input  wire [15:0]        init_addr,
    input  wire [3:0]        init_be,
    input  wire [2047:0]     init_data,
    input  wire              init_last,
    // instruction memory
    output wire              imem_req_valid,
    input  wire              imem_req_ready,
    output wire [47:0]       imem_req_addr,
    output wire [WW-1:0]     imem_req_wave,
    input  wire              imem_rsp_valid,
    input  wire [WW-1:0]     imem_rsp_wave,
    input  wire [255:0]      imem_rsp_data,   // an aligned 32-byte block
    input  wire [7:0]        imem_rsp_ok,     // its readable dwords
    // global memory
    output wire              mem_req_valid,
    input  wire              mem_req_ready,
    output wire [63:0]       mem_req_addr,
    output wire [3:0]        mem_req_size,
    output wire [31:0]       mem_req_mode,
    output wire [47:0]       mem_req_pc,
    output wire              mem_req_we,
    output wire              mem_req_atomic,
    output wire [9:0]        mem_req_op,
    output wire [63:0]       mem_req_wdata,
    output wire [63:0]       mem_req_cmp,
    output wire [WW-1:0]     mem_req_wave,
    output wire [15:0]       mem_req_tag,
    output wire [5:0]        mem_req_lane,
    input  wire              mem_rsp_valid,
    input  wire [63:0]       mem_rsp_data,
    // global memory, 64-byte lines (vmem.v: coalesced dword loads;
    // responses in request order, held until gm_rsp_ready)
    output wire              gm_req_valid,
    input  wire              gm_req_ready,
    output wire [63:0]       gm_req_addr,
    output wire [15:0]       gm_req_dmask,
    output wire              gm_req_we,
    output wire [511:0]      gm_req_data,
    output wire [WW-1:0]     gm_req_wave,
    output wire [15:0]       gm_req_tag,
    output wire [47:0]       gm_req_pc,
    input  wire              gm_rsp_valid,
    output wire              gm_rsp_ready,
    input  wire [511:0]      gm_rsp_data
`ifdef SICU_FEAT_DMR_REPLAY
    ,
    // Warped-DMR inter/enhanced: the run's controls {mode (0: the
    // configuration's, 1: intra only, 2: inter, 3: enhanced), replay on the
    // same lanes, ReplayQ slots used (0: all)}, set by the harness (sicu run
    // --dmr-mode, --dmr-no-shuffle, --dmr-rq N), constant during a run
    input  wire [8:0]        dmr_ctl
`endif
`ifdef SICU_FEAT_RFV_ON
    ,
    // register-file virtualization: the run's controls {[18:10] GPU-Shrink's
    // physical rows per SIMD (0: all; RFV_SHRINK on), [9:5] sub-array
    // wake-up latency (cycles), [4:0] release flag cache entries used (<=
    // RFV_RFC)}, set by the harness (sicu run --rfv-rows N, --rfv-wake N,
    // --rfv-rfc N), constant during a run
    input  wire [31:0]       rfv_ctl
`endif
`ifdef SICU_FEAT_FAULT_INJECT_ON
    ,
    // fault-injection hook (FAULT_INJECT on; docs/faults.md): SIMD fi_simd's
    // lane fi_lane gets the masks of rtl/simd.v while fi_en
    input  wire              fi_en,
    input  wire [1:0]        fi_simd,
    input  wire [5:0]        fi_lane,
    input  wire [63:0]       fi_and,
    input  wire [63:0]       fi_or,
    input  wire [63:0]       fi_xor
`endif
);
`include "si_isa.vh"
`include "cu_defs.vh"
`include "sicu_units.vh"      // the counter buses' sizes and indices (rtl/units.manifest)

    // ---------------------------------------------------------------- fetch / decode / wavepool
    wire            f_valid;
    wire [WW-1:0]   f_wave;
    wire [47:0]     f_pc;
    wire [63:0]     f_data;
    wire            f_ok;
    wire [`DI_W-1:0] d_bundle;
    wire [47:0]     d_next;
    wire            d_stop;
    wire [NW-1:0]   wp_space, wp_hv;
    wire [NW*`DI_W-1:0] wp_head;
    wire [NW-1:0]   pop;
    wire            sbr_v, sbr_t, ibr_v;
    wire [47:0]     sbr_pc;
    wire [WW-1:0]   sbr_w, ibr_w;
    wire [31:0]     pc_fetch;

    fetch u_fetch (
        .clk(clk), .rst(rst),
        .launch_valid(launch_valid), .launch_wave(launch_wave), .launch_pc(launch_pc),
        .end_valid(end_valid), .end_wave(end_wave), .wp_space(wp_space),
        .br_valid(sbr_v), .br_wave(sbr_w), .br_taken(sbr_t), .br_pc(sbr_pc),
        .nbr_valid(ibr_v), .nbr_wave(ibr_w),
        .imem_req_valid(imem_req_valid), .imem_req_ready(imem_req_ready), .imem_req_addr(imem_req_addr),
        .imem_req_wave(imem_req_wave), .imem_rsp_valid(imem_rsp_valid), .imem_rsp_wave(imem_rsp_wave),
        .imem_rsp_data(imem_rsp_data), .imem_rsp_ok(imem_rsp_ok),
        .fetch_valid(f_valid), .fetch_wave(f_wave), .fetch_pc(f_pc), .fetch_data(f_data), .fetch_ok(f_ok),
        .dec_next_pc(d_next), .dec_stop(d_stop),
`ifdef SICU_FEAT_RFV_ON
        .rfc_entries(rfv_ctl[4:0]), .dec_rfv_pir(d_pir), .dec_rfv_meta(d_pir || d_bundle[`DI_OP] == SI_OP_RFV_PBR),
        .fetch_rfl(f_rfl), .pc_rfc_hits(pc_rfc_hits), .pc_pir_decoded(pc_pir_decoded),
`endif
        .fetch_count(pc_fetch)
    );
    decode u_decode (.fetch_pc(f_pc), .fetch_data(f_data), .fetch_ok(f_ok), .dec_bundle(d_bundle), .dec_next_pc(d_next), .dec_stop(d_stop));
`ifdef SICU_FEAT_RFV_ON
    // RFV: an rfv_pir is consumed in fetch (rfv_rfc.v); the others get their
    // release flags in the bundle
    wire            d_pir = d_bundle[`DI_OP] == SI_OP_RFV_PIR;
    wire [2:0]      f_rfl;
    wire [31:0]     pc_rfc_hits, pc_pir_decoded;
    wire            wp_push = f_valid && !d_pir;
    wire [`DI_W-1:0] wp_bundle = d_bundle | ({{(`DI_W-3){1'b0}}, f_rfl} << `DI_RFL_LO);
`ifdef SICU_FEAT_RFV_SHRINK_ON
    wire [8:0]      rfv_rows = rfv_ctl[18:10];
`else
    wire [8:0]      rfv_rows = 9'd0;
    wire _unused_rfv_rows = &{1'b0, rfv_ctl[18:10], 1'b0};
`endif
    wire _unused_rfv_ctl = &{1'b0, rfv_ctl[31:19], 1'b0};   // (controls still to come)
`else
    wire [31:0]     pc_rfc_hits = 32'd0, pc_pir_decoded = 32'd0;   // (no release flag cache)
    wire            wp_push = f_valid;
    wire [`DI_W-1:0] wp_bundle = d_bundle;
`endif
    wavepool u_wavepool (
        .clk(clk), .rst(rst),
        .wp_flush_valid(launch_valid), .wp_flush_wave(launch_wave),
        .dec_valid(wp_push), .dec_wave(f_wave), .dec_bundle(wp_bundle),
        .iss_pop(pop),
        .wp_head_valid(wp_hv), .wp_head(wp_head), .wp_space(wp_space)
    );

    // ---------------------------------------------------------------- observation (testbench monitor only)
    // Internal wires no logic of the CU reads: rtl/tb/sicu_monitor.v picks them
    // up by hierarchical reference; synthesis removes them.
    /* verilator lint_off UNUSEDSIGNAL */
    wire [NW-1:0]    mon_wave_active, mon_wave_busy, mon_wave_barrier;
    wire [NW*12-1:0] mon_wave_cnt;
    // the --stats counters, 32 bits each, at the indices the unit manifest
    // gives them (SICU_PC_*: the CU's; SICU_PS_*: each SIMD's)
    wire [`SICU_NPERF_CU*32-1:0]      perf_cu;
    wire [NS*`SICU_NPERF_SIMD*32-1:0] perf_simd;
    wire [NS-1:0]    mon_fu_valid;    // per SIMD, each compute cycle: the lanes' FP unit and active lanes
    wire [NS*7-1:0]  mon_fu, mon_fu_lanes;
    wire [NS-1:0]    mon_dmr_err, mon_dmr_inter;   // per SIMD: a Warped-DMR comparator mismatch (simd.v)
    wire [NS*WW-1:0] mon_dmr_wave;
    wire [NS*48-1:0] mon_dmr_pc;
    wire [NS*64-1:0] mon_dmr_lanes;
    /* verilator lint_on UNUSEDSIGNAL */

    // ---------------------------------------------------------------- issue (wave table, scheduler)
    // Three operand-read paths (issue.v): VALU, scalar (SALU, scalar memory,
    // faults), vector memory (the LSU); each has its own opread instance, 7
    // SGPR pair ports and an M0 port.
    localparam integer NP = 3, P_V = 0, P_S = 1, P_M = 2;
    wire [NP*7*SAW-1:0] sg_ra;
    wire [NP*7*64-1:0]  sg_rd;
    wire [NP*SAW-1:0]   sg_m0a;
    wire [NP*64-1:0]    sg_m0d;
    wire [NP-1:0]       o_valid, o_ready;
    wire [NP*3-1:0]     o_unit;
    wire [NP*NS-1:0]    o_simd;
    wire [NP*`OPK_W-1:0] o_pkt;       // the operand packets (sw/isa/op_packet.def)
    wire [NP-1:0]       ifl_vs;       // a path raised a fault
    wire [NP*WW-1:0]    ifl_ws;
    wire [NP*48-1:0]    ifl_pcs;
    wire [NP*4-1:0]     ifl_codes;
    wire [NP*9-1:0]     ifl_infos;
    wire             salu_done_v, salu_wscc, salu_scc, salu_wmode;
    wire [31:0]      salu_mode;
    wire [WW-1:0]    salu_done_w;
    wire [15:0]      salu_done_t;
    wire [47:0]      salu_done_pc;
    wire [NS-1:0]    simd_ready, simd_iss_ready, simd_done_v;
    wire [NS*WW-1:0] simd_done_w;
    wire [NS*16-1:0] simd_done_t;
    wire [NS*48-1:0] simd_done_pc;
    wire             lsu_ready, lsuq_iss_ok, smem_ready, lsu_free_v, lsu_done_v, lsu_done_vm;
    wire [WW-1:0]    lsu_free_w, lsu_done_w;
    wire [15:0]      lsu_done_t;
    wire [47:0]      lsu_done_pc;
    wire             iret_v;
    wire [WW-1:0]    iret_w;
    wire [15:0]      iret_t;
    wire [47:0]      iret_pc;
    wire             salu_ready;
    wire             salu_fault_v;
    wire [31:0]      pc_issued, pc_idle, pc_dep, pc_wait, pc_bar, pc_unit, pc_multi, pc_sdmr;
`ifdef SICU_FEAT_DMR_REPLAY
    // Warped-DMR inter/enhanced: each SIMD's ReplayQ slots (simd_rq.v) for
    // issue's DMR hold, and issue's replay-priority request per SIMD
    localparam integer DMR_SB = `SICU_DMR_RQ * (WW + 13);
    wire [NS*DMR_SB-1:0] dmr_slots;
    wire [NS-1:0]        dmr_urgent;
`endif
    wire [4*32-1:0]  pc_kind;
    wire [NP-1:0]    is_v, is_r, is_scc, is_intg, rd_v, rd_b;
    wire [NP*3-1:0]  is_rfl;          // RFV release flags (rfv_pir)
    wire             rfv_pbr_v;       // RFV: an rfv_pbr's release window
    wire [WW-1:0]    rfv_pbr_w;
    wire [7:0]       rfv_pbr_base;
    wire [47:0]      rfv_pbr_mask;
    wire [31:0]      pc_rfv_pir, pc_rfv_pbr, pc_rfv_flags, pc_rfv_thr, pc_rfv_thr_init;
`ifdef SICU_FEAT_RFV_ON
    wire [NS-1:0]    rfv_wstall;      // RFV: a SIMD's file wakes a sub-array (rfv_map.v)
    // ... per SIMD, per wave slot: rows held, allocated by the SIMD's / LSU's ports (GPU-Shrink)
    localparam integer NSLOT = `SICU_SIMD_SLOTS;
    wire [NS*NSLOT*9-1:0] rfv_sl_live;
    wire [NS*NSLOT*2-1:0] rfv_sl_alv;
    wire [NS*NSLOT-1:0]   rfv_sl_alm;
`endif
    wire             rfv_iv_ok;       // GPU-Shrink: a dispatcher VGPR write may go
`ifdef SICU_FEAT_RFV_SHRINK_ON
    wire             rfv_iv_req;      // ... the dispatcher's beat waiting is a VGPR write
    wire [WW-1:0]    rfv_iv_wave;
    // per wave (wave w = slot w / SIMDS of SIMD w % SIMDS)
    wire [NW*9-1:0]  rfv_w_live;
    wire [NW*2-1:0]  rfv_w_alv;
    wire [NW-1:0]    rfv_w_alm;
    genvar gw;
    generate
        for (gw = 0; gw < NW; gw = gw + 1) begin : g_rfv_w
            localparam integer GS = gw % NS, GJ = gw / NS;
            assign rfv_w_live[gw*9 +: 9] = rfv_sl_live[(GS*NSLOT + GJ)*9 +: 9];
            assign rfv_w_alv[gw*2 +: 2] = rfv_sl_alv[(GS*NSLOT + GJ)*2 +: 2];
            assign rfv_w_alm[gw] = rfv_sl_alm[GS*NSLOT + GJ];
        end
    endgenerate
`else
    assign rfv_iv_ok = 1'b1;
`ifdef SICU_FEAT_RFV_ON
    /* verilator lint_off UNUSEDSIGNAL */
    wire _unused_rfv_sl = &{1'b0, rfv_sl_live, rfv_sl_alv, rfv_sl_alm, 1'b0};
    /* verilator lint_on UNUSEDSIGNAL */
`endif
`endif
    wire             st_v;
    wire [WW-1:0]    st_w;
    wire [NP*WW-1:0] is_w, rd_w;
    wire [NP*16-1:0] is_t;
    wire [NP*`DI_W-1:0] is_b;
    wire [NP*3-1:0]  is_u, rd_u;
    wire [NP*32-1:0] is_mode;
    wire [NP*4-1:0]  is_wid;
    wire             halt;            // a fault was raised: issue stops

    issue u_issue (
        .clk(clk), .rst(rst),
        .launch_valid(launch_valid), .launch_ready(launch_ready), .launch_wave(launch_wave),
        .launch_wg(launch_wg), .launch_wg_nwaves(launch_wg_nwaves), .launch_wg_wave(launch_wg_wave),
        .launch_scc(launch_scc), .launch_mode(launch_mode), .start_valid(st_v), .start_wave(st_w),
        .wp_head_valid(wp_hv), .wp_head(wp_head), .iss_pop(pop),
        .salu_ready(salu_ready), .simd_ready(simd_iss_ready), .lsu_ready(lsuq_iss_ok),
        .smem_ready(smem_ready),
        .salu_done_valid(salu_done_v), .salu_done_wave(salu_done_w), .salu_wr_scc(salu_wscc), .salu_scc(salu_scc),
        .salu_wr_mode(salu_wmode), .salu_mode(salu_mode),
        .simd_done_valid(simd_done_v), .simd_done_wave(simd_done_w),
        .lsu_free_valid(lsu_free_v), .lsu_free_wave(lsu_free_w),
        .lsu_done_valid(lsu_done_v), .lsu_done_wave(lsu_done_w), .lsu_done_vm(lsu_done_vm),
        .iss_valid(is_v), .iss_ready(is_r), .iss_wave(is_w), .iss_tag(is_t), .iss_bundle(is_b), .iss_unit(is_u),
        .iss_scc(is_scc), .iss_mode(is_mode), .iss_wid(is_wid), .iss_in_tg(is_intg), .iss_rfl(is_rfl),
        .rd_valid(rd_v), .rd_busy(rd_b), .rd_wave(rd_w), .halt(halt),
        .int_ret_valid(iret_v), .int_ret_wave(iret_w), .int_ret_tag(iret_t), .int_ret_pc(iret_pc),
        .int_br_valid(ibr_v), .int_br_wave(ibr_w),
        .end_valid(end_valid), .end_wave(end_wave),
        .wave_active(mon_wave_active), .wave_busy(mon_wave_busy), .wave_barrier(mon_wave_barrier),
        .wave_cnt(mon_wave_cnt),
        .pc_issued(pc_issued), .pc_stall_idle(pc_idle), .pc_stall_dep(pc_dep), .pc_stall_waitcnt(pc_wait),
        .pc_stall_barrier(pc_bar), .pc_stall_unit(pc_unit), .pc_issued_kind(pc_kind), .pc_issue_multi(pc_multi),
        .pc_stall_dmr(pc_sdmr),
        .rfv_pbr_valid(rfv_pbr_v), .rfv_pbr_wave(rfv_pbr_w), .rfv_pbr_base(rfv_pbr_base), .rfv_pbr_mask(rfv_pbr_mask),
        .pc_rfv_pir(pc_rfv_pir), .pc_rfv_pbr(pc_rfv_pbr), .pc_rfv_flags(pc_rfv_flags),
        .pc_rfv_throttle(pc_rfv_thr), .pc_rfv_throttle_init(pc_rfv_thr_init)
`ifdef SICU_FEAT_RFV_ON
        , .rfv_wake_stall(rfv_wstall)
`endif
`ifdef SICU_FEAT_RFV_SHRINK_ON
        , .rfv_rows(rfv_rows), .launch_wg_vrows(launch_wg_vrows), .launch_nvgpr(launch_nvgpr),
        .rfv_live(rfv_w_live), .rfv_alv(rfv_w_alv), .rfv_alm(rfv_w_alm),
        .rfv_iv_req(rfv_iv_req), .rfv_iv_wave(rfv_iv_wave), .rfv_iv_ok(rfv_iv_ok)
`endif
`ifdef SICU_FEAT_DMR_REPLAY
        , .dmr_slots(dmr_slots), .dmr_urgent(dmr_urgent)
`endif
    );

    // ---------------------------------------------------------------- operand read (arch -> physical)
    wire             iw_s_v, iw_s_g, iw_v_free, iw_l_en, iw_l_free;
    wire [SAW-1:0]   iw_s_aa, iw_s_ab;
    wire [1:0]       iw_s_ea, iw_s_eb;
    wire [63:0]      iw_s_da, iw_s_db;
    wire [6:0]       iw_s_code;
    wire [NS-1:0]    iw_v_en;
    wire [VAW-1:0]   iw_v_row;
    wire [8:0]       iw_v_areg;
    wire [LAW-1:0]   iw_l_addr, iw_l_rel;
    // The dispatcher's beats enter a one-entry register (ib_*) before they are
    // mapped: init_ready depends on the CU's state only, and no top-level input
    // reaches the register files' write ports, the operand forwarding or the
    // monitor in the cycle it changes (a simulator then evaluates that logic
    // once per cycle instead of once per input change).  The buffer takes a
    // new beat in the cycle its beat is accepted, so a wave's beats still
    // flow one per cycle, one cycle later.
    wire [NP-1:0]    p_init_ready;   // per operand-read path (only path S's is used)
    reg              ib_v, ib_last;
    reg [WW-1:0]     ib_wave;
    reg [1:0]        ib_kind;
    reg [15:0]       ib_addr;
    reg [3:0]        ib_be;
    reg [2047:0]     ib_data;
    // (GPU-Shrink: a VGPR beat waits for the throttle's grant, rfv_shrink.v)
    wire             ib_go = ib_v && (ib_kind != `INIT_VGPR || rfv_iv_ok);
`ifdef SICU_FEAT_RFV_SHRINK_ON
    assign rfv_iv_req = ib_v && ib_kind == `INIT_VGPR;
    assign rfv_iv_wave = ib_wave;
`endif
    wire             ib_take = ib_go && p_init_ready[P_S];
    assign init_ready = !ib_v || ib_take;
    always @(posedge clk) begin
        if (rst) ib_v <= 1'b0;
        else if (init_valid && init_ready) ib_v <= 1'b1;
        else if (ib_take) ib_v <= 1'b0;
        if (init_valid && init_ready) begin
            ib_wave <= init_wave; ib_kind <= init_kind; ib_addr <= init_addr; ib_be <= init_be;
            ib_data <= init_data; ib_last <= init_last;
        end
    end
    // One opread per path; path S's also maps the dispatcher's initial writes
    // (the others' init ports are tied off and their init outputs unused).
    wire [NP-1:0]       p_st_v, p_iw_s_v, p_iw_l_en;
    wire [NP*WW-1:0]    p_st_w;
    wire [NP*SAW-1:0]   p_s_aa, p_s_ab;
    wire [NP*2-1:0]     p_s_ea, p_s_eb;
    wire [NP*64-1:0]    p_s_da, p_s_db;
    wire [NP*7-1:0]     p_s_code;
    wire [NP*NS-1:0]    p_iw_v_en;
    wire [NP*VAW-1:0]   p_iw_v_row;
    wire [NP*9-1:0]     p_iw_v_areg;
    wire [NP*LAW-1:0]   p_iw_l_addr, p_iw_l_rel;
    genvar gop;
    generate
        for (gop = 0; gop < NP; gop = gop + 1) begin : g_opread
            localparam IN = (gop == P_S);   // this path takes the initial writes
            opread u_opread (
                .clk(clk), .rst(rst),
                .launch_valid(launch_valid), .launch_wave(launch_wave), .launch_sgpr_base(launch_sgpr_base),
                .launch_nsgpr(launch_nsgpr), .launch_vgpr_base(launch_vgpr_base), .launch_nvgpr(launch_nvgpr),
                .launch_lds_base(launch_lds_base), .launch_lds_size(launch_lds_size),
                .init_valid(IN && ib_go), .init_ready(p_init_ready[gop]), .init_wave(ib_wave),
                .init_kind(ib_kind), .init_addr(ib_addr), .init_be(ib_be), .init_data(ib_data),
                .init_last(IN && ib_last), .start_valid(p_st_v[gop]), .start_wave(p_st_w[gop*WW +: WW]),
                .iw_s_valid(p_iw_s_v[gop]), .iw_s_grant(IN && iw_s_g), .iw_s_addr_a(p_s_aa[gop*SAW +: SAW]),
                .iw_s_en_a(p_s_ea[gop*2 +: 2]), .iw_s_data_a(p_s_da[gop*64 +: 64]),
                .iw_s_addr_b(p_s_ab[gop*SAW +: SAW]), .iw_s_en_b(p_s_eb[gop*2 +: 2]),
                .iw_s_data_b(p_s_db[gop*64 +: 64]), .iw_s_code(p_s_code[gop*7 +: 7]),
                .iw_v_en(p_iw_v_en[gop*NS +: NS]), .iw_v_free(IN && iw_v_free), .iw_v_row(p_iw_v_row[gop*VAW +: VAW]),
                .iw_v_areg(p_iw_v_areg[gop*9 +: 9]), .iw_l_en(p_iw_l_en[gop]), .iw_l_free(IN && iw_l_free),
                .iw_l_addr(p_iw_l_addr[gop*LAW +: LAW]), .iw_l_rel(p_iw_l_rel[gop*LAW +: LAW]),
                .iss_valid(is_v[gop]), .iss_ready(is_r[gop]), .iss_wave(is_w[gop*WW +: WW]),
                .iss_tag(is_t[gop*16 +: 16]), .iss_bundle(is_b[gop*`DI_W +: `DI_W]), .iss_unit(is_u[gop*3 +: 3]),
                .iss_scc(is_scc[gop]), .iss_mode(is_mode[gop*32 +: 32]), .iss_wid(is_wid[gop*4 +: 4]),
                .iss_in_tg(is_intg[gop]), .iss_rfl(is_rfl[gop*3 +: 3]),
                .rd_valid(rd_v[gop]), .rd_busy(rd_b[gop]), .rd_unit(rd_u[gop*3 +: 3]), .rd_wave(rd_w[gop*WW +: WW]),
                .sg_rd_addr(sg_ra[gop*7*SAW +: 7*SAW]), .sg_rd_data(sg_rd[gop*7*64 +: 7*64]),
                .sg_m0_addr(sg_m0a[gop*SAW +: SAW]), .sg_m0_data(sg_m0d[gop*64 +: 64]),
                .op_valid(o_valid[gop]), .op_unit(o_unit[gop*3 +: 3]), .op_simd_sel(o_simd[gop*NS +: NS]),
                .op_ready(o_ready[gop]), .op_pkt(o_pkt[gop*`OPK_W +: `OPK_W]),
                .fault_valid(ifl_vs[gop]), .fault_wave(ifl_ws[gop*WW +: WW]), .fault_pc(ifl_pcs[gop*48 +: 48]),
                .fault_code(ifl_codes[gop*4 +: 4]), .fault_info(ifl_infos[gop*9 +: 9])
            );
        end
    endgenerate
    assign st_v = p_st_v[P_S];
    assign st_w = p_st_w[P_S*WW +: WW];
    assign iw_s_v = p_iw_s_v[P_S];
    assign iw_s_aa = p_s_aa[P_S*SAW +: SAW];
    assign iw_s_ab = p_s_ab[P_S*SAW +: SAW];
    assign iw_s_ea = p_s_ea[P_S*2 +: 2];
    assign iw_s_eb = p_s_eb[P_S*2 +: 2];
    assign iw_s_da = p_s_da[P_S*64 +: 64];
    assign iw_s_db = p_s_db[P_S*64 +: 64];
    assign iw_s_code = p_s_code[P_S*7 +: 7];
    assign iw_v_en = p_iw_v_en[P_S*NS +: NS];
    assign iw_v_row = p_iw_v_row[P_S*VAW +: VAW];
    assign iw_v_areg = p_iw_v_areg[P_S*9 +: 9];
    assign iw_l_en = p_iw_l_en[P_S];
    assign iw_l_addr = p_iw_l_addr[P_S*LAW +: LAW];
    assign iw_l_rel = p_iw_l_rel[P_S*LAW +: LAW];
    wire [NS-1:0]      o_simd_v = o_simd[P_V*NS +: NS];
    wire [`OPK_W-1:0]  o_pkt_v = o_pkt[P_V*`OPK_W +: `OPK_W], o_pkt_s = o_pkt[P_S*`OPK_W +: `OPK_W],
                       o_pkt_m = o_pkt[P_M*`OPK_W +: `OPK_W];
    wire [2:0]         o_unit_s = o_unit[P_S*3 +: 3];
    wire simd_sel_ready = |(o_simd_v & simd_ready);
    wire lsuq_in_ready;
    assign o_ready[P_V] = simd_sel_ready;
    assign o_ready[P_S] = (o_unit_s == `UC_SMEM) ? smem_ready : 1'b1;
    assign o_ready[P_M] = lsuq_in_ready;
    // a fault stops issue; of two in one cycle, the lowest path's is reported
    wire             ifl_v = |ifl_vs;
    reg  [WW-1:0]    ifl_w;
    reg  [47:0]      ifl_pc;
    reg  [3:0]       ifl_code;
    reg  [8:0]       ifl_info;
    integer          fp;
    always @* begin
        ifl_w = {WW{1'b0}}; ifl_pc = 48'd0; ifl_code = 4'd0; ifl_info = 9'd0;
        for (fp = NP - 1; fp >= 0; fp = fp - 1)
            if (ifl_vs[fp]) begin
                ifl_w = ifl_ws[fp*WW +: WW]; ifl_pc = ifl_pcs[fp*48 +: 48];
                ifl_code = ifl_codes[fp*4 +: 4]; ifl_info = ifl_infos[fp*9 +: 9];
            end
    end
    assign halt = ifl_v;

    // ---------------------------------------------------------------- scalar register file + write-back arbiter
    wire             sa_v;
    wire [SAW-1:0]   sa_aa, sa_ab;
    wire [1:0]       sa_ea, sa_eb;
    wire [63:0]      sa_da, sa_db;
    wire [6:0]       sa_ca, sa_cb;
    wire [NS-1:0]    sv_v;
    wire [NS*SAW-1:0] sv_aa, sv_ab;
    wire [NS*2-1:0]  sv_ea, sv_eb;
    wire [NS*64-1:0] sv_da, sv_db;
    wire [NS*7-1:0]  sv_ca, sv_cb;
    reg  [NS-1:0]    sv_grant;
    reg              iw_grant;
    reg              w_v, w_init;
    reg [SAW-1:0]    w_aa, w_ab;
    reg [1:0]        w_ea, w_eb;
    reg [63:0]       w_da, w_db;
    reg [6:0]        w_ca, w_cb;     // architectural codes (observation)
    reg [WW-1:0]     w_wave;
    reg [15:0]       w_tag;
    wire [NS*WW-1:0] sv_wave;
    wire [NS*16-1:0] sv_tag;
    wire [WW-1:0]    sl_wave;         // the LSU's instruction (LDS writes, monitor)
    wire [15:0]      sl_tag;
    wire             sm_v;            // the scalar memory unit (two pairs)
    wire [SAW-1:0]   sm_aa, sm_ab;
    wire [1:0]       sm_ea, sm_eb;
    wire [63:0]      sm_da, sm_db;
    wire [6:0]       sm_ca, sm_cb;
    wire [WW-1:0]    sm_wave;
    wire [15:0]      sm_tag;
    reg              sm_grant;
    reg [31:0]       pc_swrites;
    integer          i;
    // fixed priority: SALU (never waits), then SIMDs, then the scalar memory
    // unit, then the dispatcher's initial writes
    always @* begin
        sv_grant = {NS{1'b0}};
        sm_grant = 1'b0;
        iw_grant = 1'b0;
        w_init = 1'b0;
        w_v = sa_v; w_aa = sa_aa; w_ea = sa_ea; w_da = sa_da; w_ab = sa_ab; w_eb = sa_eb; w_db = sa_db;
        w_ca = sa_ca; w_cb = sa_cb;
        w_wave = salu_done_w; w_tag = salu_done_t;
        if (!sa_v) begin
            for (i = NS - 1; i >= 0; i = i - 1)
                if (sv_v[i]) begin
                    w_v = 1'b1;
                    sv_grant = {NS{1'b0}};
                    sv_grant[i] = 1'b1;
                    w_aa = sv_aa[i*SAW +: SAW]; w_ea = sv_ea[i*2 +: 2]; w_da = sv_da[i*64 +: 64];
                    w_ab = sv_ab[i*SAW +: SAW]; w_eb = sv_eb[i*2 +: 2]; w_db = sv_db[i*64 +: 64];
                    w_ca = sv_ca[i*7 +: 7]; w_cb = sv_cb[i*7 +: 7];
                    w_wave = sv_wave[i*WW +: WW]; w_tag = sv_tag[i*16 +: 16];
                end
            if (sv_v == {NS{1'b0}} && sm_v) begin
                w_v = 1'b1; sm_grant = 1'b1;
                w_aa = sm_aa; w_ea = sm_ea; w_da = sm_da; w_ab = sm_ab; w_eb = sm_eb; w_db = sm_db;
                w_ca = sm_ca; w_cb = sm_cb;
                w_wave = sm_wave; w_tag = sm_tag;
            end else if (sv_v == {NS{1'b0}} && iw_s_v) begin
                w_v = 1'b1; iw_grant = 1'b1; w_init = 1'b1;
                w_aa = iw_s_aa; w_ea = iw_s_ea; w_da = iw_s_da; w_ab = iw_s_ab; w_eb = iw_s_eb; w_db = iw_s_db;
                w_ca = iw_s_code; w_cb = iw_s_code + 7'd2;
                w_wave = ib_wave; w_tag = 16'd0;
            end
        end
`ifdef SICU_TEST_BREAK_GRANT
        // test only (scripts/assert-test.sh): the initial writes are granted even
        // when a unit writes, breaking the arbiter's one-hot grant
        if (iw_s_v) iw_grant = 1'b1;
`endif
    end
    assign iw_s_g = iw_grant;
    always @(posedge clk)
        if (rst) pc_swrites <= 32'd0;
        else if (w_v) pc_swrites <= pc_swrites + 32'd1;

    sgpr_file u_sgpr (      // its defaults: NP*7 pair ports, NP M0 ports
        .clk(clk), .rd_addr(sg_ra), .rd_data(sg_rd), .rm_addr(sg_m0a), .rm_data(sg_m0d),
        .wa_valid(w_v), .wa_addr(w_aa), .wa_en(w_ea), .wa_data(w_da),
        .wb_valid(w_v), .wb_addr(w_ab), .wb_en(w_eb), .wb_data(w_db)
    );

    // ---------------------------------------------------------------- SALU
    wire [WW-1:0] salu_fault_w;
    wire [47:0] salu_fault_pc;
    wire [31:0] pc_salu;
    wire [63:0] salu_done_exec, lsu_done_exec;
    salu_unit u_salu (
        .clk(clk), .rst(rst),
        .op_valid(o_valid[P_S] && o_unit_s == `UC_SALU), .op_ready(salu_ready), .op_pkt(o_pkt_s),
        .wb_valid(sa_v), .wb_addr_a(sa_aa), .wb_en_a(sa_ea), .wb_data_a(sa_da),
        .wb_addr_b(sa_ab), .wb_en_b(sa_eb), .wb_data_b(sa_db), .wb_code_a(sa_ca), .wb_code_b(sa_cb),
        .done_valid(salu_done_v), .done_wave(salu_done_w), .done_tag(salu_done_t), .done_pc(salu_done_pc),
        .done_exec(salu_done_exec),
        .done_wr_scc(salu_wscc), .done_scc(salu_scc), .done_wr_mode(salu_wmode), .done_mode(salu_mode),
        .br_valid(sbr_v), .br_taken(sbr_t), .br_pc(sbr_pc),
        .fault_valid(salu_fault_v), .fault_wave(salu_fault_w), .fault_pc(salu_fault_pc), .pc_insts(pc_salu)
    );
    assign sbr_w = salu_done_w;

    // ---------------------------------------------------------------- SIMDs
`ifdef SICU_FEAT_RFV_ON
    // RFV: the LSU's releases go to its wave's SIMD
    wire [WW-1:0]    rfv_lrl_w;
    wire [2:0]       rfv_lrl_v;
    wire [3*VAW-1:0] rfv_lrl_row;
    wire [8:0]       rfv_lrl_n;
    /* verilator lint_off UNUSEDSIGNAL */   // (slot numbers: the low bits)
    wire [WW-1:0]    rfv_pbr_slot = rfv_pbr_w / NS, rfv_end_slot = end_wave / NS;
    /* verilator lint_on UNUSEDSIGNAL */
`else
    /* verilator lint_off UNUSEDSIGNAL */
    wire _unused_rfv = &{1'b0, is_rfl, rfv_pbr_v, rfv_pbr_w, rfv_pbr_base, rfv_pbr_mask, 1'b0};
    /* verilator lint_on UNUSEDSIGNAL */
`endif
    wire [NS*64-1:0]   simd_done_exec;
    wire [NS-1:0]      l_vrd_en, l_vwr_en, v_wr_en;
    wire [VAW-1:0]     l_vrd_row, l_vwr_row, v_wr_row;
    wire [NS*2048-1:0] l_vrd_data;
    wire [63:0]        l_vwr_mask, v_wr_mask;
    wire [2047:0]      l_vwr_data, v_wr_data;
    wire [8:0]         l_vwr_areg;
    wire [WW-1:0]      l_vwr_wave;     // (monitor) the instruction of the row written
    wire [15:0]        l_vwr_tag;
    // the LSU's row write port, shared with the dispatcher's initial VGPR writes (LSU first)
    assign iw_v_free = l_vwr_en == {NS{1'b0}};
    assign v_wr_en = l_vwr_en | iw_v_en;
    assign v_wr_row = iw_v_free ? iw_v_row : l_vwr_row;
    assign v_wr_mask = iw_v_free ? {64{1'b1}} : l_vwr_mask;
    assign v_wr_data = iw_v_free ? ib_data : l_vwr_data;
    /* verilator lint_off UNUSEDSIGNAL */
    wire [NS-1:0]      mon_vwr_valid, mon_vwr_dst64;     // SIMD VGPR writes (monitor)
    wire [NS*9-1:0]    mon_vwr_areg;
    wire [NS*WW-1:0]   mon_vwr_wave;
    wire [NS*16-1:0]   mon_vwr_tag;
    wire [NS*6-1:0]    mon_vwr_lane0;
    wire [NS*`SICU_LANES-1:0]    mon_vwr_mask;
    wire [NS*`SICU_LANES*32-1:0] mon_vwr_lo, mon_vwr_hi;
    /* verilator lint_on UNUSEDSIGNAL */
    genvar g;
    generate
        for (g = 0; g < NS; g = g + 1) begin : g_simd
`ifdef SICU_FEAT_FAULT_INJECT_ON
            localparam [1:0] FI_G = g;
`endif
            simd u_simd (
                .clk(clk), .rst(rst),
                .op_valid(o_valid[P_V] && o_simd_v[g]), .op_ready(simd_ready[g]),
                .iss_ready(simd_iss_ready[g]),
                .op_pkt(o_pkt_v),
                .sw_valid(sv_v[g]), .sw_grant(sv_grant[g]),
                .sw_addr_a(sv_aa[g*SAW +: SAW]), .sw_en_a(sv_ea[g*2 +: 2]), .sw_data_a(sv_da[g*64 +: 64]),
                .sw_addr_b(sv_ab[g*SAW +: SAW]), .sw_en_b(sv_eb[g*2 +: 2]), .sw_data_b(sv_db[g*64 +: 64]),
                .sw_code_a(sv_ca[g*7 +: 7]), .sw_code_b(sv_cb[g*7 +: 7]),
                .done_valid(simd_done_v[g]), .done_wave(simd_done_w[g*WW +: WW]), .done_tag(simd_done_t[g*16 +: 16]),
                .done_pc(simd_done_pc[g*48 +: 48]),
                .mon_wave(sv_wave[g*WW +: WW]), .mon_tag(sv_tag[g*16 +: 16]),
                .done_exec(simd_done_exec[g*64 +: 64]),
                .mon_vwr_valid(mon_vwr_valid[g]), .mon_vwr_areg(mon_vwr_areg[g*9 +: 9]),
                .mon_vwr_wave(mon_vwr_wave[g*WW +: WW]), .mon_vwr_tag(mon_vwr_tag[g*16 +: 16]),
                .mon_vwr_dst64(mon_vwr_dst64[g]), .mon_vwr_lane0(mon_vwr_lane0[g*6 +: 6]),
                .mon_vwr_mask(mon_vwr_mask[g*`SICU_LANES +: `SICU_LANES]),
                .mon_vwr_lo(mon_vwr_lo[g*`SICU_LANES*32 +: `SICU_LANES*32]),
                .mon_vwr_hi(mon_vwr_hi[g*`SICU_LANES*32 +: `SICU_LANES*32]),
                .lsu_rd_en(l_vrd_en[g]), .lsu_rd_row(l_vrd_row), .lsu_rd_data(l_vrd_data[g*2048 +: 2048]),
                .lsu_wr_en(v_wr_en[g]), .lsu_wr_row(v_wr_row), .lsu_wr_mask(v_wr_mask), .lsu_wr_data(v_wr_data),
                .pc_busy_cycles(perf_simd[(g*`SICU_NPERF_SIMD+`SICU_PS_BUSY_CYCLES)*32 +: 32]),
                .pc_insts(perf_simd[(g*`SICU_NPERF_SIMD+`SICU_PS_INSTS)*32 +: 32]),
                .pc_lane_ops(perf_simd[(g*`SICU_NPERF_SIMD+`SICU_PS_LANE_OPS)*32 +: 32]),
                .pc_vgpr_reads(perf_simd[(g*`SICU_NPERF_SIMD+`SICU_PS_VGPR_READS)*32 +: 32]),
                .pc_vgpr_writes(perf_simd[(g*`SICU_NPERF_SIMD+`SICU_PS_VGPR_WRITES)*32 +: 32]),
                .pc_dmr_lane_ops(perf_simd[(g*`SICU_NPERF_SIMD+`SICU_PS_DMR_LANE_OPS)*32 +: 32]),
                .pc_dmr_intra_lane_ops(perf_simd[(g*`SICU_NPERF_SIMD+`SICU_PS_DMR_INTRA_LANE_OPS)*32 +: 32]),
                .pc_dmr_unverified_lane_ops(perf_simd[(g*`SICU_NPERF_SIMD+`SICU_PS_DMR_UNVERIFIED_LANE_OPS)*32 +: 32]),
                .pc_dmr_errors(perf_simd[(g*`SICU_NPERF_SIMD+`SICU_PS_DMR_ERRORS)*32 +: 32]),
                .pc_dmr_inter_lane_ops(perf_simd[(g*`SICU_NPERF_SIMD+`SICU_PS_DMR_INTER_LANE_OPS)*32 +: 32]),
                .pc_dmr_replays(perf_simd[(g*`SICU_NPERF_SIMD+`SICU_PS_DMR_REPLAYS)*32 +: 32]),
                .pc_dmr_rq_occupancy(perf_simd[(g*`SICU_NPERF_SIMD+`SICU_PS_DMR_RQ_OCCUPANCY)*32 +: 32]),
                .pc_dmr_rq_full_cycles(perf_simd[(g*`SICU_NPERF_SIMD+`SICU_PS_DMR_RQ_FULL_CYCLES)*32 +: 32]),
                .pc_dmr_rq_max(perf_simd[(g*`SICU_NPERF_SIMD+`SICU_PS_DMR_RQ_MAX)*32 +: 32]),
                .pc_rfv_allocs(perf_simd[(g*`SICU_NPERF_SIMD+`SICU_PS_RFV_ALLOCS)*32 +: 32]),
                .pc_rfv_releases(perf_simd[(g*`SICU_NPERF_SIMD+`SICU_PS_RFV_RELEASES)*32 +: 32]),
                .pc_rfv_live_sum(perf_simd[(g*`SICU_NPERF_SIMD+`SICU_PS_RFV_LIVE_SUM)*32 +: 32]),
                .pc_rfv_live_max(perf_simd[(g*`SICU_NPERF_SIMD+`SICU_PS_RFV_LIVE_MAX)*32 +: 32]),
                .pc_rfv_sa_on_sum(perf_simd[(g*`SICU_NPERF_SIMD+`SICU_PS_RFV_SA_ON_SUM)*32 +: 32]),
                .pc_rfv_wakeups(perf_simd[(g*`SICU_NPERF_SIMD+`SICU_PS_RFV_WAKEUPS)*32 +: 32]),
                .pc_rfv_wake_stall(perf_simd[(g*`SICU_NPERF_SIMD+`SICU_PS_RFV_WAKE_STALL)*32 +: 32]),
                .mon_fu_valid(mon_fu_valid[g]), .mon_fu(mon_fu[g*7 +: 7]), .mon_fu_lanes(mon_fu_lanes[g*7 +: 7]),
                .mon_dmr_err(mon_dmr_err[g]), .mon_dmr_inter(mon_dmr_inter[g]), .mon_dmr_wave(mon_dmr_wave[g*WW +: WW]),
                .mon_dmr_pc(mon_dmr_pc[g*48 +: 48]), .mon_dmr_lanes(mon_dmr_lanes[g*64 +: 64])
`ifdef SICU_FEAT_DMR_REPLAY
                , .dmr_slots(dmr_slots[g*DMR_SB +: DMR_SB]), .dmr_urgent(dmr_urgent[g]), .dmr_ctl(dmr_ctl)
`endif
`ifdef SICU_FEAT_RFV_ON
                , .rfv_lrl_valid(rfv_lrl_v & {3{rfv_lrl_w % NS == g}}), .rfv_lrl_vrow(rfv_lrl_row), .rfv_lrl_n(rfv_lrl_n),
                .rfv_prl_valid(rfv_pbr_v && rfv_pbr_w % NS == g), .rfv_prl_vrow({rfv_pbr_slot[VAW-9:0], rfv_pbr_base}),
                .rfv_prl_mask(rfv_pbr_mask),
                .rfv_fl_valid(end_valid && end_wave % NS == g), .rfv_fl_slot(rfv_end_slot[VAW-9:0]),
                .rfv_wake_lat(rfv_ctl[9:5]), .rfv_wake_stall(rfv_wstall[g]),
                .rfv_rows(rfv_rows), .rfv_sl_live(rfv_sl_live[g*NSLOT*9 +: NSLOT*9]),
                .rfv_sl_alv(rfv_sl_alv[g*NSLOT*2 +: NSLOT*2]), .rfv_sl_alm(rfv_sl_alm[g*NSLOT +: NSLOT])
`endif
`ifdef SICU_FEAT_FAULT_INJECT_ON
                , .fi_en(fi_en && fi_simd == FI_G), .fi_lane(fi_lane), .fi_and(fi_and), .fi_or(fi_or), .fi_xor(fi_xor)
`endif
            );
        end
    endgenerate

    // ---------------------------------------------------------------- LSU and LDS
    wire lsu_fault_v;
    wire [WW-1:0] lsu_fault_w;
    wire [47:0] lsu_fault_pc;
    wire [31:0] pc_lsu_busy, pc_memreq, pc_lds, pc_lds_conf, pc_atomq;
    wire [31:0]       ld_en;          // LSU -> LDS: one request per bank
    wire              ld_we;
    wire [32*LAW-1:0] ld_addr;
    wire [32*4-1:0]   ld_be;
    wire [32*32-1:0]  ld_wd, ld_rd;
    /* verilator lint_off UNUSEDSIGNAL */
    wire [31:0]       mon_lds_valid;  // LDS writes of the LSU's instruction, in order (monitor)
    wire [32*6-1:0]   mon_lds_lane;
    wire [32*LAW-1:0] mon_lds_addr;
    wire [32*4-1:0]   mon_lds_be;
    wire [32*32-1:0]  mon_lds_data;
    wire              mon_lds_acc;    // ... and the cycles its instruction accesses the LDS (cosim's LDS order)
    /* verilator lint_on UNUSEDSIGNAL */
    // ---------------------------------------------------------------- vector memory pipeline (vmem.v)
    // The LSU hands over coalescable buffer loads/stores; the two share the
    // LSU's VGPR write port and completion port (the LSU's own memory work
    // waits until vmem is empty, so they never collide: asserted below).
    wire               vm_valid, vm_ready, vm_busy, vm_hold, vm_addr64, vm_idxen, vm_offen;
    wire [WW-1:0]      vm_wave;
    wire [15:0]        vm_tag, vm_offset;
    wire [47:0]        vm_pc;
    wire [63:0]        vm_exec;
    wire [2:0]         vm_nd;
    wire [VAW-1:0]     vm_vdst;
    wire [8:0]         vm_areg;
    wire [127:0]       vm_vs;
    wire [31:0]        vm_soff;
    wire [2047:0]      vm_a0, vm_a1;
    wire               vm_store;
    wire [8191:0]      vm_d;
    /* verilator lint_off UNUSEDSIGNAL */
    wire [255:0]       vx_mon_st_srv, vx_mon_st_woff;   // monitor only (rtl/tb)
    wire [8191:0]      vx_mon_st_data;
    /* verilator lint_on UNUSEDSIGNAL */
    wire [NS-1:0]      lx_vwr_en, vx_vwr_en;
    wire [VAW-1:0]     lx_vwr_row, vx_vwr_row;
    wire [63:0]        lx_vwr_mask, vx_vwr_mask;
    wire [2047:0]      lx_vwr_data, vx_vwr_data;
    wire [8:0]         lx_vwr_areg, vx_vwr_areg;
    wire [WW-1:0]      lx_vwr_wave;    // (monitor) the instruction of the LSU row written
    wire [15:0]        lx_vwr_tag;
    wire [WW-1:0]      vx_vwr_wave;
    wire [15:0]        vx_vwr_tag;
    wire               lx_done_v, lx_done_vm, vx_done_v;
    wire [WW-1:0]      lx_done_w, vx_done_w;
    wire [15:0]        lx_done_t, vx_done_t;
    wire [47:0]        lx_done_pc, vx_done_pc;
    wire [63:0]        lx_done_exec, vx_done_exec;
    wire [31:0]        pc_vm_insts, pc_vm_lines;
    vmem u_vmem (
        .clk(clk), .rst(rst),
        .in_valid(vm_valid), .in_ready(vm_ready), .in_wave(vm_wave), .in_tag(vm_tag), .in_pc(vm_pc),
        .in_exec(vm_exec), .in_nd(vm_nd), .in_vdst(vm_vdst), .in_areg(vm_areg),
        .in_vs(vm_vs), .in_soff(vm_soff), .in_offset(vm_offset), .in_addr64(vm_addr64), .in_idxen(vm_idxen),
        .in_offen(vm_offen), .in_a0(vm_a0), .in_a1(vm_a1), .in_store(vm_store), .in_d(vm_d),
        .busy(vm_busy), .unsent(v_unsent), .hold(vm_hold),
        .gm_req_valid(gm_req_valid), .gm_req_ready(gm_req_ready), .gm_req_addr(gm_req_addr),
        .gm_req_dmask(gm_req_dmask), .gm_req_we(gm_req_we), .gm_req_data(gm_req_data),
        .gm_req_wave(gm_req_wave), .gm_req_tag(gm_req_tag), .gm_req_pc(gm_req_pc),
        .gm_rsp_valid(gm_rsp_valid), .gm_rsp_ready(gm_rsp_ready), .gm_rsp_data(gm_rsp_data),
        .vwr_en(vx_vwr_en), .vwr_row(vx_vwr_row), .vwr_mask(vx_vwr_mask), .vwr_data(vx_vwr_data),
        .mon_vwr_areg(vx_vwr_areg), .mon_vwr_wave(vx_vwr_wave), .mon_vwr_tag(vx_vwr_tag),
        .mon_st_srv(vx_mon_st_srv), .mon_st_woff(vx_mon_st_woff), .mon_st_data(vx_mon_st_data),
        .done_valid(vx_done_v), .done_wave(vx_done_w), .done_tag(vx_done_t), .done_pc(vx_done_pc),
        .done_exec(vx_done_exec), .pc_lines(pc_vm_lines), .pc_insts(pc_vm_insts)
    );
    wire vx_w = vx_vwr_en != {NS{1'b0}};
    assign l_vwr_en = lx_vwr_en | vx_vwr_en;
    assign l_vwr_row = vx_w ? vx_vwr_row : lx_vwr_row;
    assign l_vwr_mask = vx_w ? vx_vwr_mask : lx_vwr_mask;
    assign l_vwr_data = vx_w ? vx_vwr_data : lx_vwr_data;
    assign l_vwr_areg = vx_w ? vx_vwr_areg : lx_vwr_areg;
    assign l_vwr_wave = vx_w ? vx_vwr_wave : lx_vwr_wave;
    assign l_vwr_tag = vx_w ? vx_vwr_tag : lx_vwr_tag;
    // one completion port: vmem, the LSU, then the scalar memory unit (which
    // waits while one of the others completes)
    wire               sx_done_v;
    wire [WW-1:0]      sx_done_w;
    wire [15:0]        sx_done_t;
    wire [47:0]        sx_done_pc;
    wire [63:0]        sx_done_exec;
    assign lsu_done_v = lx_done_v | vx_done_v | sx_done_v;
    assign lsu_done_w = vx_done_v ? vx_done_w : lx_done_v ? lx_done_w : sx_done_w;
    assign lsu_done_t = vx_done_v ? vx_done_t : lx_done_v ? lx_done_t : sx_done_t;
    assign lsu_done_pc = vx_done_v ? vx_done_pc : lx_done_v ? lx_done_pc : sx_done_pc;
    assign lsu_done_exec = vx_done_v ? vx_done_exec : lx_done_v ? lx_done_exec : sx_done_exec;
    assign lsu_done_vm = vx_done_v | (lx_done_v & lx_done_vm);   // (done_vm holds after done)
    // ---------------------------------------------------------------- the dword memory port
    // The scalar memory unit's requests go first; the LSU's wait.  smem.v keeps
    // the order of the outstanding requests and says whose each response is.
    wire               lq_valid, lq_we, lq_atomic;
    wire [NW-1:0]      sm_unsent, l_unsent, v_unsent;   // per wave (memory order, smem.v)
    wire [63:0]        lq_addr;
    wire [3:0]         lq_size;
    wire [9:0]         lq_op;
    wire [WW-1:0]      lq_wave;
    wire [15:0]        lq_tag;
    wire [47:0]        lq_pc;
    wire [5:0]         lq_lane;
    wire               sq_valid, sq_rsp_mine;
    wire [63:0]        sq_addr;
    wire [3:0]         sq_size;
    wire [9:0]         sq_op;
    wire [WW-1:0]      sq_wave;
    wire [15:0]        sq_tag;
    wire [47:0]        sq_pc;
    wire [31:0]        pc_sm_insts, pc_sm_reqs;
    assign mem_req_valid = sq_valid | lq_valid;
    assign mem_req_addr = sq_valid ? sq_addr : lq_addr;
    assign mem_req_size = sq_valid ? sq_size : lq_size;
    assign mem_req_op = sq_valid ? sq_op : lq_op;
    assign mem_req_wave = sq_valid ? sq_wave : lq_wave;
    assign mem_req_tag = sq_valid ? sq_tag : lq_tag;
    assign mem_req_pc = sq_valid ? sq_pc : lq_pc;
    assign mem_req_lane = sq_valid ? 6'd0 : lq_lane;
    assign mem_req_we = !sq_valid && lq_we;
    assign mem_req_atomic = !sq_valid && lq_atomic;
    wire   lq_ready = mem_req_ready && !sq_valid;
    smem u_smem (
        .clk(clk), .rst(rst),
        .op_valid(o_valid[P_S] && o_unit_s == `UC_SMEM), .op_ready(smem_ready), .op_pkt(o_pkt_s),
        .vm_unsent(l_unsent | v_unsent), .sm_unsent(sm_unsent),
        .sw_valid(sm_v), .sw_grant(sm_grant), .sw_addr_a(sm_aa), .sw_en_a(sm_ea), .sw_data_a(sm_da), .sw_code_a(sm_ca),
        .sw_addr_b(sm_ab), .sw_en_b(sm_eb), .sw_data_b(sm_db), .sw_code_b(sm_cb), .sw_wave(sm_wave), .sw_tag(sm_tag),
        .done_block(lx_done_v || vx_done_v), .done_valid(sx_done_v), .done_wave(sx_done_w), .done_tag(sx_done_t),
        .done_pc(sx_done_pc), .done_exec(sx_done_exec),
        .req_valid(sq_valid), .req_ready(mem_req_ready), .req_addr(sq_addr), .req_size(sq_size), .req_op(sq_op),
        .req_wave(sq_wave), .req_tag(sq_tag), .req_pc(sq_pc),
        .lsu_req_rsp(lq_valid && lq_ready && (!lq_we || lq_atomic)),
        .rsp_valid(mem_rsp_valid), .rsp_data(mem_rsp_data), .rsp_mine(sq_rsp_mine),
        .pc_insts(pc_sm_insts), .pc_reqs(pc_sm_reqs)
    );
    // the LSU instruction queue: operand read hands memory instructions on
    // and is free for other kinds while the LSU is busy
    wire              lsuq_v;
    wire [`OPK_W-1:0] lsuq_pkt;
    wire [31:0]       pc_lsuq;
    lsu_iq u_lsu_iq (
        .clk(clk), .rst(rst),
        .in_valid(o_valid[P_M]), .in_ready(lsuq_in_ready), .in_pkt(o_pkt_m),
        .out_valid(lsuq_v), .out_ready(lsu_ready), .out_pkt(lsuq_pkt),
        .rd_lsu(rd_v[P_M]), .iss_ok(lsuq_iss_ok), .pc_occupancy(pc_lsuq)
    );
    lsu u_lsu (
        .clk(clk), .rst(rst),
        .op_valid(lsuq_v), .op_ready(lsu_ready), .op_pkt(lsuq_pkt),
        .vrd_en(l_vrd_en), .vrd_row(l_vrd_row), .vrd_data(l_vrd_data),
        .vwr_en(lx_vwr_en), .vwr_row(lx_vwr_row), .vwr_mask(lx_vwr_mask), .vwr_data(lx_vwr_data),
        .lds_req_en(ld_en), .lds_req_we(ld_we), .lds_req_addr(ld_addr), .lds_req_be(ld_be), .lds_req_wdata(ld_wd),
        .lds_rsp_data(ld_rd),
        .mem_req_valid(lq_valid), .mem_req_ready(lq_ready), .mem_req_addr(lq_addr),
        .mem_req_size(lq_size), .mem_req_mode(mem_req_mode), .mem_req_pc(lq_pc), .mem_req_we(lq_we), .mem_req_atomic(lq_atomic),
        .mem_req_op(lq_op), .mem_req_wdata(mem_req_wdata), .mem_req_cmp(mem_req_cmp),
        .mem_req_wave(lq_wave), .mem_req_tag(lq_tag), .mem_req_lane(lq_lane),
        .mem_rsp_valid(mem_rsp_valid && !sq_rsp_mine), .mem_rsp_data(mem_rsp_data),
        .sm_unsent(sm_unsent), .vq_unsent(v_unsent), .vm_unsent(l_unsent),
        .free_valid(lsu_free_v), .free_wave(lsu_free_w),
`ifdef SICU_FEAT_RFV_ON
        .rfv_rl_valid(rfv_lrl_v), .rfv_rl_wave(rfv_lrl_w), .rfv_rl_vrow(rfv_lrl_row), .rfv_rl_n(rfv_lrl_n),
`endif
        .vm_valid(vm_valid), .vm_ready(vm_ready), .vm_busy(vm_busy), .vm_hold(vm_hold), .vm_wave(vm_wave), .vm_tag(vm_tag),
        .vm_pc(vm_pc), .vm_exec(vm_exec), .vm_nd(vm_nd), .vm_vdst(vm_vdst), .vm_areg(vm_areg),
        .vm_vs(vm_vs), .vm_soff(vm_soff), .vm_offset(vm_offset), .vm_addr64(vm_addr64), .vm_idxen(vm_idxen),
        .vm_offen(vm_offen), .vm_a0(vm_a0), .vm_a1(vm_a1), .vm_store(vm_store), .vm_d(vm_d),
        .done_valid(lx_done_v), .done_wave(lx_done_w), .done_tag(lx_done_t), .done_pc(lx_done_pc),
        .done_vm(lx_done_vm),
        .mon_wave(sl_wave), .mon_tag(sl_tag), .done_exec(lx_done_exec), .mon_vwr_areg(lx_vwr_areg),
        .mon_vwr_wave(lx_vwr_wave), .mon_vwr_tag(lx_vwr_tag),
        .mon_lds_valid(mon_lds_valid), .mon_lds_lane(mon_lds_lane), .mon_lds_addr(mon_lds_addr),
        .mon_lds_be(mon_lds_be), .mon_lds_data(mon_lds_data), .mon_lds_acc(mon_lds_acc),
        .fault_valid(lsu_fault_v), .fault_wave(lsu_fault_w), .fault_pc(lsu_fault_pc),
        .pc_busy_cycles(pc_lsu_busy), .pc_mem_reqs(pc_memreq), .pc_lds_accesses(pc_lds),
        .pc_lds_conflicts(pc_lds_conf), .pc_atomq(pc_atomq)
    );
    lds u_lds (
        .clk(clk), .rst(rst),
        .req_en(ld_en), .req_we(ld_we), .req_addr(ld_addr), .req_be(ld_be), .req_wdata(ld_wd), .rsp_data(ld_rd),
        .init_en(iw_l_en), .init_addr(iw_l_addr), .init_wdata(ib_data[31:0]), .init_free(iw_l_free)
    );

    // ---------------------------------------------------------------- faults and counters
    /* verilator lint_off UNUSEDSIGNAL */
    wire             mon_fault_valid = ifl_v | salu_fault_v | lsu_fault_v;
    wire [WW-1:0]    mon_fault_wave = ifl_v ? ifl_w : salu_fault_v ? salu_fault_w : lsu_fault_w;
    wire [47:0]      mon_fault_pc = ifl_v ? ifl_pc : salu_fault_v ? salu_fault_pc : lsu_fault_pc;
    wire [3:0]       mon_fault_code = ifl_v ? ifl_code : salu_fault_v ? `FLT_UNSUP : `FLT_MEM_UNSUP;
    wire [8:0]       mon_fault_info = ifl_v ? ifl_info : 9'd0;
    /* verilator lint_on UNUSEDSIGNAL */
    assign perf_cu[`SICU_PC_FETCHES*32 +: 32] = pc_fetch;
    assign perf_cu[`SICU_PC_RFV_RFC_HITS*32 +: 32] = pc_rfc_hits;
    assign perf_cu[`SICU_PC_RFV_PIR_DECODED*32 +: 32] = pc_pir_decoded;
    assign perf_cu[`SICU_PC_ISSUED*32 +: 32] = pc_issued;
    assign perf_cu[`SICU_PC_ISSUED_VALU*32 +: 32] = pc_kind[0 +: 32];
    assign perf_cu[`SICU_PC_ISSUED_SCALAR*32 +: 32] = pc_kind[32 +: 32];
    assign perf_cu[`SICU_PC_ISSUED_VMEM_LDS*32 +: 32] = pc_kind[64 +: 32];
    assign perf_cu[`SICU_PC_ISSUED_BRANCH_MSG*32 +: 32] = pc_kind[96 +: 32];
    assign perf_cu[`SICU_PC_ISSUE_MULTI_CYCLES*32 +: 32] = pc_multi;
    assign perf_cu[`SICU_PC_STALL_IDLE*32 +: 32] = pc_idle;
    assign perf_cu[`SICU_PC_STALL_DEPENDENCY*32 +: 32] = pc_dep;
    assign perf_cu[`SICU_PC_STALL_WAITCNT*32 +: 32] = pc_wait;
    assign perf_cu[`SICU_PC_STALL_BARRIER*32 +: 32] = pc_bar;
    assign perf_cu[`SICU_PC_STALL_UNIT_BUSY*32 +: 32] = pc_unit;
    assign perf_cu[`SICU_PC_STALL_DMR*32 +: 32] = pc_sdmr;
    assign perf_cu[`SICU_PC_RFV_PIR*32 +: 32] = pc_rfv_pir;
    assign perf_cu[`SICU_PC_RFV_PBR*32 +: 32] = pc_rfv_pbr;
    assign perf_cu[`SICU_PC_RFV_FLAGS*32 +: 32] = pc_rfv_flags;
    assign perf_cu[`SICU_PC_RFV_THROTTLE*32 +: 32] = pc_rfv_thr;
    assign perf_cu[`SICU_PC_RFV_THROTTLE_INIT*32 +: 32] = pc_rfv_thr_init;
    assign perf_cu[`SICU_PC_SGPR_WRITES*32 +: 32] = pc_swrites;
    assign perf_cu[`SICU_PC_SALU_INSTS*32 +: 32] = pc_salu;
    assign perf_cu[`SICU_PC_LSU_QUEUE_OCCUPANCY*32 +: 32] = pc_lsuq;
    assign perf_cu[`SICU_PC_LSU_BUSY_CYCLES*32 +: 32] = pc_lsu_busy;
    assign perf_cu[`SICU_PC_MEM_REQUESTS*32 +: 32] = pc_memreq;
    assign perf_cu[`SICU_PC_LDS_CONFLICT_CYCLES*32 +: 32] = pc_lds_conf;
    assign perf_cu[`SICU_PC_LSU_ATOMQ_OCCUPANCY*32 +: 32] = pc_atomq;
    assign perf_cu[`SICU_PC_VMEM_INSTS*32 +: 32] = pc_vm_insts;
    assign perf_cu[`SICU_PC_VMEM_LINES*32 +: 32] = pc_vm_lines;
    assign perf_cu[`SICU_PC_SMEM_INSTS*32 +: 32] = pc_sm_insts;
    assign perf_cu[`SICU_PC_SMEM_REQUESTS*32 +: 32] = pc_sm_reqs;
    assign perf_cu[`SICU_PC_LDS_ACCESSES*32 +: 32] = pc_lds;

    // observation only: the identity and values the units report are read by the
    // testbench monitor (rtl/tb/sicu_monitor.v), not by the CU's logic
    /* verilator lint_off UNUSEDSIGNAL */
    wire _unused_mon = &{1'b0, salu_done_pc, simd_done_t, simd_done_pc, lsu_done_t, lsu_done_pc,
                         iret_v, iret_w, iret_t, iret_pc, iw_v_areg, iw_l_rel, w_init, w_ca, w_cb, w_wave, w_tag,
                         salu_done_exec, lsu_done_exec, simd_done_exec, l_vwr_areg, l_vwr_wave, l_vwr_tag, sl_wave, sl_tag,
                         rd_u, o_simd[NP*NS-1:NS], p_init_ready, p_st_v, p_st_w, p_iw_s_v, p_iw_l_en, p_s_aa, p_s_ab,
                         p_s_ea, p_s_eb, p_s_da, p_s_db, p_s_code, p_iw_v_en, p_iw_v_row, p_iw_v_areg, p_iw_l_addr,
                         p_iw_l_rel, 1'b0};
    /* verilator lint_on UNUSEDSIGNAL */

`ifndef SYNTHESIS
    // ---------------------------------------------------------------- assertions (simulation only)
    `SICU_ASSERT(scalar_wb_grant_onehot, $onehot0({sv_grant, sm_grant, iw_grant}) &&
                                         !(sa_v && (sv_grant != 0 || sm_grant || iw_grant)))
    `SICU_ASSERT(vgpr_row_port_onehot, $onehot0(v_wr_en))
    `SICU_ASSERT(lsu_vmem_vgpr_write_disjoint, !(lx_vwr_en != {NS{1'b0}} && vx_vwr_en != {NS{1'b0}}))
    `SICU_ASSERT(lsu_vmem_done_disjoint, !(lx_done_v && vx_done_v))
    `SICU_ASSERT(mem_port_one_request, !(sq_valid && lq_valid && lq_ready))
    `SICU_ASSERT(op_to_one_unit, !(o_valid[P_V] && !$onehot(o_simd_v)))
    // each path carries only its kind (issue.v)
    `SICU_ASSERT(op_path_kind, !(o_valid[P_V] && o_unit[P_V*3 +: 3] != `UC_VALU) &&
                               !(o_valid[P_M] && o_unit[P_M*3 +: 3] != `UC_LSU) &&
                               !(o_valid[P_S] && o_unit_s != `UC_SALU && o_unit_s != `UC_SMEM))
    `SICU_ASSERT(launch_not_during_init, !(launch_valid && init_valid && launch_wave == init_wave) &&
                                         !(launch_valid && ib_v && launch_wave == ib_wave))
`endif
endmodule
`default_nettype wire
