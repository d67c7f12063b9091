// sicu testbench: the simulation wrapper the harness drives (never synthesized).
//
// The compute unit (sicu_cu, the synthesizable top, which has only its
// functional ports) plus the retirement monitor (sicu_monitor), fed from the
// units' observation wires by hierarchical reference.  Ports: the CU's own,
// then the monitor's events (mon_*), the wave state the watchdog reports,
// faults, FP-unit activity and the performance counters.
//
// The harness's memory model accepts every request the cycle it is made
// (it queues them in C), so the CU's request-ready inputs are tied to 1
// here rather than driven from C.
`default_nettype none
`include "sicu_units.vh"      // the counter buses' sizes (rtl/units.manifest)
module sicu_tb #(
    parameter NW = `SICU_WAVES,
    parameter WW = (NW > 1) ? $clog2(NW) : 1,
    parameter NS = `SICU_SIMDS,
    parameter SAW = $clog2(`SICU_SGPR_ROWS + `SICU_WAVES * 32),
    parameter VAW = `SICU_VROW_BITS,
    parameter LAW = $clog2(`SICU_LDS_BYTES) + 1,
    parameter NR = NS + 3,
    parameter NV = 2 * NS + 1
) (
    input  wire              clk,
    input  wire              rst,
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
    input  wire [8:0]        launch_wg_vrows,   // GPU-Shrink: R (sicu_cu.v)
`endif
    output wire              end_valid,
    output wire [WW-1:0]     end_wave,
    input  wire              init_valid,
    output wire              init_ready,
    input  wire [WW-1:0]     init_wave,
    input  wire [1:0]        init_kind,
    input  wire [15:0]        init_addr,
    input  wire [3:0]        init_be,
    input  wire [2047:0]     init_data,
    input  wire              init_last,
    output wire              imem_req_valid,
    output wire [47:0]       imem_req_addr,
    output wire [WW-1:0]     imem_req_wave,
    input  wire              imem_rsp_valid,
    input  wire [WW-1:0]     imem_rsp_wave,
    input  wire [255:0]      imem_rsp_data,
    input  wire [7:0]        imem_rsp_ok,
    output wire              mem_req_valid,
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
    output wire              gm_req_valid,
    output wire [63:0]       gm_req_addr,
    output wire [15:0]       gm_req_dmask,
    output wire              gm_req_we,
    output wire [511:0]      gm_req_data,
    output wire [WW-1:0]     gm_req_wave,
    output wire [15:0]       gm_req_tag,
    output wire [47:0]       gm_req_pc,
    input  wire              gm_rsp_valid,
    output wire              gm_rsp_ready,
    input  wire [511:0]      gm_rsp_data,
    // monitor events (sicu_monitor)
    output wire [NR-1:0]     mon_ret_valid,
    output wire [NR*WW-1:0]  mon_ret_wave,
    output wire [NR*16-1:0]  mon_ret_tag,
    output wire [NR*48-1:0]  mon_ret_pc,
    output wire [NR*64-1:0]  mon_ret_exec,
    output wire              mon_scc_wr,
    output wire              mon_scc,
    output wire              mon_swr_valid,
    output wire              mon_swr_init,
    output wire [WW-1:0]     mon_swr_wave,
    output wire [15:0]       mon_swr_tag,
    output wire [6:0]        mon_swr_code_a,
    output wire [1:0]        mon_swr_en_a,
    output wire [63:0]       mon_swr_data_a,
    output wire [6:0]        mon_swr_code_b,
    output wire [1:0]        mon_swr_en_b,
    output wire [63:0]       mon_swr_data_b,
    output wire [NV-1:0]     mon_vwr_valid,
    output wire [NV-1:0]     mon_vwr_init,
    output wire [NV*WW-1:0]  mon_vwr_wave,
    output wire [NV*16-1:0]  mon_vwr_tag,
    output wire [NV*9-1:0]   mon_vwr_areg,
    output wire [NV*64-1:0]  mon_vwr_mask,
    output wire [NV*2048-1:0] mon_vwr_data,
    output wire [31:0]       mon_lds_valid,    // up to 32 LDS writes, in the emulator's order
    output wire [WW-1:0]     mon_lds_wave,
    output wire [15:0]       mon_lds_tag,
    output wire [32*6-1:0]   mon_lds_lane,
    output wire [32*LAW-1:0] mon_lds_addr,
    output wire [32*4-1:0]   mon_lds_be,
    output wire [32*32-1:0]  mon_lds_data,
    output wire              mon_lds_acc,      // the instruction (mon_lds_wave/tag) accesses the LDS this cycle
    // with a store request on the line port: its elements ([d*64 + lane]),
    // each lane's dword offset in its line, the data rows {dword 3 .. 0}
    output wire [255:0]      mon_st_srv,
    output wire [255:0]      mon_st_woff,
    output wire [8191:0]     mon_st_data,
    // faults, wave state, activity, counters
    output wire              mon_fault_valid,
    output wire [WW-1:0]     mon_fault_wave,
    output wire [47:0]       mon_fault_pc,
    output wire [3:0]        mon_fault_code,
    output wire [8:0]        mon_fault_info,
    output wire [NW-1:0]     mon_wave_active,
    output wire [NW-1:0]     mon_wave_busy,
    output wire [NW-1:0]     mon_wave_barrier,
    output wire [NW*12-1:0]  mon_wave_cnt,
    output wire [NS-1:0]     mon_fu_valid,
    output wire [NS*7-1:0]   mon_fu,
    output wire [NS*7-1:0]   mon_fu_lanes,
`ifdef SICU_FEAT_DMR_ON
    // Warped-DMR error events per SIMD (rtl/simd.v mon_dmr_*)
    output wire [NS-1:0]     mon_dmr_err,
    output wire [NS-1:0]     mon_dmr_inter,
    output wire [NS*WW-1:0]  mon_dmr_wave,
    output wire [NS*48-1:0]  mon_dmr_pc,
    output wire [NS*64-1:0]  mon_dmr_lanes,
`endif
    output wire [`SICU_NPERF_CU*32-1:0]        perf_cu,     // the counters (rtl/units.manifest: SICU_PC_*)
    output wire [NS*`SICU_NPERF_SIMD*32-1:0]   perf_simd    // ... of each SIMD (SICU_PS_*)
`ifdef SICU_FEAT_DMR_REPLAY
    ,
    // Warped-DMR inter/enhanced run controls (sicu_cu.v dmr_ctl), through a flop
    input  wire [8:0]        dmr_ctl
`endif
`ifdef SICU_FEAT_RFV_ON
    ,
    // register-file virtualization run controls (sicu_cu.v rfv_ctl), through a flop
    input  wire [31:0]       rfv_ctl
`endif
`ifdef SICU_FEAT_FAULT_INJECT_ON
    ,
    // the CU's fault-injection hook (FAULT_INJECT on), driven by the harness
    input  wire              fi_en,
    input  wire [1:0]        fi_simd,
    input  wire [5:0]        fi_lane,
    input  wire [63:0]       fi_and,
    input  wire [63:0]       fi_or,
    input  wire [63:0]       fi_xor
`endif
);
    // reset through a flop: a top-level input that reaches combinational
    // logic makes Verilator evaluate that logic again at every eval()
    // (twice a cycle); the harness clocks one extra reset cycle for it
    reg rst_q = 1'b1;
    always @(posedge clk) rst_q <= rst;
`ifdef SICU_FEAT_DMR_REPLAY
    reg [8:0] dmr_ctl_q = 9'd0;
    always @(posedge clk) dmr_ctl_q <= dmr_ctl;
`endif
`ifdef SICU_FEAT_RFV_ON
    reg [31:0] rfv_ctl_q = 32'd0;
    always @(posedge clk) rfv_ctl_q <= rfv_ctl;
`endif

    sicu_cu u_cu (
        .clk(clk), .rst(rst_q),
        .launch_valid(launch_valid), .launch_ready(launch_ready), .launch_wave(launch_wave), .launch_pc(launch_pc),
        .launch_sgpr_base(launch_sgpr_base), .launch_nsgpr(launch_nsgpr), .launch_vgpr_base(launch_vgpr_base),
        .launch_nvgpr(launch_nvgpr), .launch_wg(launch_wg), .launch_wg_nwaves(launch_wg_nwaves),
        .launch_wg_wave(launch_wg_wave), .launch_lds_base(launch_lds_base), .launch_lds_size(launch_lds_size),
        .launch_scc(launch_scc), .launch_mode(launch_mode),
`ifdef SICU_FEAT_RFV_SHRINK_ON
        .launch_wg_vrows(launch_wg_vrows),
`endif
        .end_valid(end_valid), .end_wave(end_wave),
        .init_valid(init_valid), .init_ready(init_ready), .init_wave(init_wave), .init_kind(init_kind),
        .init_addr(init_addr), .init_be(init_be), .init_data(init_data), .init_last(init_last),
        .imem_req_valid(imem_req_valid), .imem_req_ready(1'b1), .imem_req_addr(imem_req_addr),
        .imem_req_wave(imem_req_wave), .imem_rsp_valid(imem_rsp_valid), .imem_rsp_wave(imem_rsp_wave),
        .imem_rsp_data(imem_rsp_data), .imem_rsp_ok(imem_rsp_ok),
        .mem_req_valid(mem_req_valid), .mem_req_ready(1'b1), .mem_req_addr(mem_req_addr),
        .mem_req_size(mem_req_size), .mem_req_mode(mem_req_mode), .mem_req_pc(mem_req_pc),
        .mem_req_we(mem_req_we), .mem_req_atomic(mem_req_atomic), .mem_req_op(mem_req_op),
        .mem_req_wdata(mem_req_wdata), .mem_req_cmp(mem_req_cmp), .mem_req_wave(mem_req_wave),
        .mem_req_tag(mem_req_tag), .mem_req_lane(mem_req_lane), .mem_rsp_valid(mem_rsp_valid),
        .mem_rsp_data(mem_rsp_data),
        .gm_req_valid(gm_req_valid), .gm_req_ready(1'b1), .gm_req_addr(gm_req_addr),
        .gm_req_dmask(gm_req_dmask), .gm_req_we(gm_req_we), .gm_req_data(gm_req_data),
        .gm_req_wave(gm_req_wave), .gm_req_tag(gm_req_tag),
        .gm_req_pc(gm_req_pc), .gm_rsp_valid(gm_rsp_valid), .gm_rsp_ready(gm_rsp_ready),
        .gm_rsp_data(gm_rsp_data)
`ifdef SICU_FEAT_DMR_REPLAY
        , .dmr_ctl(dmr_ctl_q)
`endif
`ifdef SICU_FEAT_RFV_ON
        , .rfv_ctl(rfv_ctl_q)
`endif
`ifdef SICU_FEAT_FAULT_INJECT_ON
        , .fi_en(fi_en), .fi_simd(fi_simd), .fi_lane(fi_lane), .fi_and(fi_and), .fi_or(fi_or), .fi_xor(fi_xor)
`endif
    );

    sicu_monitor u_mon (
        .clk(clk),
        .i_ret_valid({u_cu.iret_v, u_cu.lsu_done_v, u_cu.simd_done_v, u_cu.salu_done_v}),
        .i_ret_wave({u_cu.iret_w, u_cu.lsu_done_w, u_cu.simd_done_w, u_cu.salu_done_w}),
        .i_ret_tag({u_cu.iret_t, u_cu.lsu_done_t, u_cu.simd_done_t, u_cu.salu_done_t}),
        .i_ret_pc({u_cu.iret_pc, u_cu.lsu_done_pc, u_cu.simd_done_pc, u_cu.salu_done_pc}),
        .i_ret_exec({64'd0, u_cu.lsu_done_exec, u_cu.simd_done_exec, u_cu.salu_done_exec}),
        .i_scc_wr(u_cu.salu_done_v && u_cu.salu_wscc), .i_scc(u_cu.salu_scc),
        .i_swr_valid(u_cu.w_v), .i_swr_init(u_cu.w_init), .i_swr_wave(u_cu.w_wave), .i_swr_tag(u_cu.w_tag),
        .i_swr_code_a(u_cu.w_ca), .i_swr_en_a(u_cu.w_ea), .i_swr_data_a(u_cu.w_da),
        .i_swr_code_b(u_cu.w_cb), .i_swr_en_b(u_cu.w_eb), .i_swr_data_b(u_cu.w_db),
        .i_sv_valid(u_cu.mon_vwr_valid), .i_sv_wave(u_cu.mon_vwr_wave), .i_sv_tag(u_cu.mon_vwr_tag),
        .i_sv_areg(u_cu.mon_vwr_areg), .i_sv_dst64(u_cu.mon_vwr_dst64), .i_sv_lane0(u_cu.mon_vwr_lane0),
        .i_sv_mask(u_cu.mon_vwr_mask), .i_sv_lo(u_cu.mon_vwr_lo), .i_sv_hi(u_cu.mon_vwr_hi),
        .i_rw_lsu(|u_cu.l_vwr_en), .i_rw_init(|u_cu.iw_v_en), .i_rw_lsu_wave(u_cu.l_vwr_wave),
        .i_rw_lsu_tag(u_cu.l_vwr_tag), .i_rw_lsu_areg(u_cu.l_vwr_areg), .i_rw_lsu_mask(u_cu.l_vwr_mask),
        .i_rw_init_wave(u_cu.ib_wave), .i_rw_init_areg(u_cu.ib_addr[8:0]), .i_rw_data(u_cu.v_wr_data),
        .i_lds_valid(u_cu.mon_lds_valid), .i_lds_wave(u_cu.sl_wave), .i_lds_tag(u_cu.sl_tag),
        .i_lds_lane(u_cu.mon_lds_lane), .i_lds_addr(u_cu.mon_lds_addr), .i_lds_be(u_cu.mon_lds_be),
        .i_lds_data(u_cu.mon_lds_data), .i_lds_acc(u_cu.mon_lds_acc),
        .ret_valid(mon_ret_valid), .ret_wave(mon_ret_wave), .ret_tag(mon_ret_tag), .ret_pc(mon_ret_pc),
        .ret_exec(mon_ret_exec), .scc_wr(mon_scc_wr), .scc(mon_scc),
        .swr_valid(mon_swr_valid), .swr_init(mon_swr_init), .swr_wave(mon_swr_wave), .swr_tag(mon_swr_tag),
        .swr_code_a(mon_swr_code_a), .swr_en_a(mon_swr_en_a), .swr_data_a(mon_swr_data_a),
        .swr_code_b(mon_swr_code_b), .swr_en_b(mon_swr_en_b), .swr_data_b(mon_swr_data_b),
        .vwr_valid(mon_vwr_valid), .vwr_init(mon_vwr_init), .vwr_wave(mon_vwr_wave), .vwr_tag(mon_vwr_tag),
        .vwr_areg(mon_vwr_areg), .vwr_mask(mon_vwr_mask), .vwr_data(mon_vwr_data),
        .lds_valid(mon_lds_valid), .lds_wave(mon_lds_wave), .lds_tag(mon_lds_tag), .lds_lane(mon_lds_lane),
        .lds_addr(mon_lds_addr), .lds_be(mon_lds_be), .lds_data(mon_lds_data), .lds_acc(mon_lds_acc)
    );

    assign mon_fault_valid = u_cu.mon_fault_valid;
    assign mon_fault_wave = u_cu.mon_fault_wave;
    assign mon_fault_pc = u_cu.mon_fault_pc;
    assign mon_fault_code = u_cu.mon_fault_code;
    assign mon_fault_info = u_cu.mon_fault_info;
    assign mon_wave_active = u_cu.mon_wave_active;
    assign mon_wave_busy = u_cu.mon_wave_busy;
    assign mon_wave_barrier = u_cu.mon_wave_barrier;
    assign mon_wave_cnt = u_cu.mon_wave_cnt;
    assign mon_fu_valid = u_cu.mon_fu_valid;
    assign mon_fu = u_cu.mon_fu;
    assign mon_fu_lanes = u_cu.mon_fu_lanes;
`ifdef SICU_FEAT_DMR_ON
    assign mon_dmr_err = u_cu.mon_dmr_err;
    assign mon_dmr_inter = u_cu.mon_dmr_inter;
    assign mon_dmr_wave = u_cu.mon_dmr_wave;
    assign mon_dmr_pc = u_cu.mon_dmr_pc;
    assign mon_dmr_lanes = u_cu.mon_dmr_lanes;
`endif
    assign perf_cu = u_cu.perf_cu;
    assign mon_st_srv = u_cu.vx_mon_st_srv;
    assign mon_st_woff = u_cu.vx_mon_st_woff;
    assign mon_st_data = u_cu.vx_mon_st_data;
    assign perf_simd = u_cu.perf_simd;
    // ---- wear levelling (docs/rfv.md): every access of a row of a SIMD's VGPR
    // file (its ten ports: six operand reads, the LSU's read, two SIMD writes,
    // the LSU's write; with RFV the physical rows) is counted by the harness
    // (DPI sicu_vrow_access, harness/shm.cpp)
    import "DPI-C" function void sicu_vrow_access(input int simd, input int en, input bit [159:0] rows);
    localparam integer VPAW = $clog2(`SICU_VGPR_ROWS);
    genvar ga, gq;
    generate
        for (ga = 0; ga < NS; ga = ga + 1) begin : g_vacc
            wire [9:0]   en = u_cu.g_simd[ga].u_simd.f_en & u_cu.g_simd[ga].u_simd.f_hit;
            wire [159:0] rows;
            for (gq = 0; gq < 10; gq = gq + 1) begin : g_q
                assign rows[gq*16 +: 16] = {{(16-VPAW){1'b0}}, u_cu.g_simd[ga].u_simd.f_prow[gq*VPAW +: VPAW]};
            end
            always @(posedge clk)
                if (!rst_q && en != 10'd0) sicu_vrow_access(ga, {22'd0, en}, rows);
        end
    endgenerate
endmodule
`default_nettype wire
