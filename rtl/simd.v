// sicu CU: one SIMD unit - LANES identical lanes, a 64-wide wave
// instruction in 64/LANES passes, with its own banked VGPR file.
//
// Pipeline (GCN rate: a new wave instruction every 64/LANES cycles):
//   R (read)     pass p reads bank p (rows of every VGPR source, low and
//                high dword for 64-bit operands) in cycle p; the next
//                instruction is accepted in the cycle of the last read, so
//                its first read follows without a gap;
//   C (compute)  one cycle behind R: the lanes compute pass p and write
//                bank p under EXEC (v_writelane: its one lane); compare /
//                carry bits are collected per lane.  An instruction's pass p
//                is written before the next one reads bank p, so dependent
//                VGPR operands need no interlock (with one pass, LANES = 64,
//                accept waits until R is empty);
//   T (tail)     a queue of finished instructions, each held VALU_LATENCY
//                cycles;
//   W (write-back) the scalar results (VCC / SGPR-pair destination, EXEC for
//                v_cmpx, v_readlane / v_readfirstlane value) go to the scalar
//                write-back arbiter; then the instruction retires, in order.
// At most MAXQ instructions are in the SIMD; issue sends one when
// iss_ready says the SIMD will accept it in the next cycle.
// Cross-lane operations (readlane, readfirstlane, writelane) are handled
// here; v_movrel* arrive with M0 already applied to the register rows.
// The LSU reads and writes whole 64-lane rows through port 6 / write port 2.
`default_nettype none
`include "sicu_assert.vh"
module simd #(
    parameter NW = `SICU_WAVES,
    parameter WW = (NW > 1) ? $clog2(NW) : 1,
    parameter L = `SICU_LANES,
    parameter NP = 64 / `SICU_LANES,
    parameter PW = (NP > 1) ? $clog2(NP) : 1,
    parameter VAW = `SICU_VROW_BITS,
    parameter SAW = $clog2(`SICU_SGPR_ROWS + `SICU_WAVES * 32),
    parameter LAW = $clog2(`SICU_LDS_BYTES) + 1,      // (operand packet field widths)
    parameter LAT = `SICU_VALU_LATENCY,
    parameter QRN = `SICU_LANES / 4,                  // quarter-rate datapaths (LANES >= 4)
    parameter RQW = (`SICU_DMR_RQ > 1) ? $clog2(`SICU_DMR_RQ) : 1
) (
    input  wire              clk,
    input  wire              rst,
    // packet from operand read
    input  wire              op_valid,
    output wire              op_ready,
    output wire              iss_ready,      // a packet sent now (none in flight) is accepted next cycle
    // the operand packet (sw/isa/op_packet.def); this unit uses some of its fields
    /* verilator lint_off UNUSEDSIGNAL */
    input  wire [`OPK_W-1:0] op_pkt,
    /* verilator lint_on UNUSEDSIGNAL */
    // scalar write-back request
    output reg               sw_valid,
    input  wire              sw_grant,
    output reg  [SAW-1:0]    sw_addr_a,
    output reg  [1:0]        sw_en_a,
    output reg  [63:0]       sw_data_a,
    output reg  [SAW-1:0]    sw_addr_b,
    output reg  [1:0]        sw_en_b,
    output reg  [63:0]       sw_data_b,
    output reg  [6:0]        sw_code_a,      // architectural codes of the rows written
    output reg  [6:0]        sw_code_b,
    // retirement
    output reg               done_valid,
    output reg  [WW-1:0]     done_wave,
    output reg  [15:0]       done_tag,
    output reg  [47:0]       done_pc,
    // observation (testbench monitor only, no function): the instruction in
    // write-back (owner of sw_*), the EXEC it ran under, and each VGPR write
    // with its instruction and architectural register
    output wire [WW-1:0]     mon_wave,
    output wire [15:0]       mon_tag,
    output reg  [63:0]       done_exec,
    output wire              mon_vwr_valid,  // pass mon_vwr_pass writes lanes mon_vwr_mask of
    output wire [WW-1:0]     mon_vwr_wave,
    output wire [15:0]       mon_vwr_tag,
    output wire [8:0]        mon_vwr_areg,   // v[areg-256] (and v[areg-255] when mon_vwr_dst64)
    output wire              mon_vwr_dst64,
    output wire [5:0]        mon_vwr_lane0,  // first lane of the pass
    output wire [L-1:0]      mon_vwr_mask,
    output wire [L*32-1:0]   mon_vwr_lo,
    output wire [L*32-1:0]   mon_vwr_hi,
    // LSU access to this SIMD's VGPR file
    input  wire              lsu_rd_en,
    input  wire [VAW-1:0]    lsu_rd_row,
    output wire [64*32-1:0]  lsu_rd_data,
    input  wire              lsu_wr_en,
    input  wire [VAW-1:0]    lsu_wr_row,
    input  wire [63:0]       lsu_wr_mask,
    input  wire [64*32-1:0]  lsu_wr_data,
    // activity counters
    output reg  [31:0]       pc_busy_cycles,
    output reg  [31:0]       pc_insts,
    output reg  [31:0]       pc_lane_ops,
    output reg  [31:0]       pc_vgpr_reads,
    output reg  [31:0]       pc_vgpr_writes,
    // Warped-DMR intra-warp checking (DMR intra; simd_dmr.v): checked-class
    // lane-ops, those verified by an idle lane, those not, comparator
    // mismatches (0 when DMR is off)
    output wire [31:0]       pc_dmr_lane_ops,
    output wire [31:0]       pc_dmr_intra_lane_ops,
    output wire [31:0]       pc_dmr_unverified_lane_ops,
    output wire [31:0]       pc_dmr_errors,
    // inter-warp checking (DMR inter / enhanced; simd_rq.v; 0 otherwise):
    // lane-ops the replays verified, passes replayed, ReplayQ occupancy summed
    // over cycles, cycles it was full, its largest occupancy
    output wire [31:0]       pc_dmr_inter_lane_ops,
    output wire [31:0]       pc_dmr_replays,
    output wire [31:0]       pc_dmr_rq_occupancy,
    output wire [31:0]       pc_dmr_rq_full_cycles,
    output wire [31:0]       pc_dmr_rq_max,
    // register-file virtualization (RFV on; rfv_map.v; 0 otherwise): rows
    // allocated and released, live rows summed over cycles, their maximum
    output wire [31:0]       pc_rfv_allocs,
    output wire [31:0]       pc_rfv_releases,
    output wire [31:0]       pc_rfv_live_sum,
    output wire [31:0]       pc_rfv_live_max,
    // ... sub-array power gating: awake sub-arrays summed over cycles,
    // wake-ups, cycles the SIMD's issue waited for a wake-up
    output wire [31:0]       pc_rfv_sa_on_sum,
    output wire [31:0]       pc_rfv_wakeups,
    output wire [31:0]       pc_rfv_wake_stall,
    // monitor (power accounting): in a compute cycle, the FP unit the lanes use
    // (simd_lane fu_sel, 0: integer) and how many lanes of the pass are active
    output wire              mon_fu_valid,
    output wire [6:0]        mon_fu,
    output wire [6:0]        mon_fu_lanes,
    // monitor (error events): a Warped-DMR comparator mismatch in this cycle,
    // intra-warp or (mon_dmr_inter) a replay's; the instruction's wave and PC,
    // the wave lanes whose comparators fired (0 without DMR)
    output wire              mon_dmr_err,
    output wire              mon_dmr_inter,
    output wire [WW-1:0]     mon_dmr_wave,
    output wire [47:0]       mon_dmr_pc,
    output wire [63:0]       mon_dmr_lanes
`ifdef SICU_FEAT_DMR_REPLAY
    ,
    // the ReplayQ's slots for issue's DMR hold (simd_rq.v slot_bus), issue
    // asking for replay priority (a wave of this SIMD waits for a
    // verification: accept nothing), and the run's controls {mode, noshuf, cap}
    output wire [`SICU_DMR_RQ*(WW+13)-1:0] dmr_slots,
    input  wire              dmr_urgent,
    input  wire [8:0]        dmr_ctl
`endif
`ifdef SICU_FEAT_RFV_ON
    ,
    // RFV (rfv_map.v): for this SIMD's waves, the VGPRs the LSU releases (once
    // its operands are read), issue's rfv_pbr window, a wave's end
    input  wire [2:0]        rfv_lrl_valid,
    input  wire [3*VAW-1:0]  rfv_lrl_vrow,
    input  wire [3*3-1:0]    rfv_lrl_n,
    input  wire              rfv_prl_valid,
    input  wire [VAW-1:0]    rfv_prl_vrow,
    input  wire [47:0]       rfv_prl_mask,
    input  wire              rfv_fl_valid,
    input  wire [VAW-9:0]    rfv_fl_slot,
    // ... sub-array power gating: the wake-up latency; issue holds this SIMD's
    // VALU and vector-memory instructions while a sub-array wakes
    input  wire [4:0]        rfv_wake_lat,
    output wire              rfv_wake_stall,
    // ... GPU-Shrink (rfv_shrink.v in issue): the physical rows (0: all); per
    // wave slot of this SIMD the rows it holds, the rows this SIMD's write
    // ports and the LSU's / dispatcher's port allocate for it this cycle
    input  wire [8:0]        rfv_rows,
    output wire [`SICU_SIMD_SLOTS*9-1:0] rfv_sl_live,
    output wire [`SICU_SIMD_SLOTS*2-1:0] rfv_sl_alv,
    output wire [`SICU_SIMD_SLOTS-1:0]   rfv_sl_alm
`endif
`ifdef SICU_FEAT_FAULT_INJECT_ON
    ,
    // fault-injection hook (FAULT_INJECT on; docs/faults.md): while fi_en,
    // lane fi_lane's 64-bit result {hi, lo} becomes ((r & fi_and) | fi_or) ^ fi_xor
    input  wire              fi_en,
    input  wire [5:0]        fi_lane,
    input  wire [63:0]       fi_and,
    input  wire [63:0]       fi_or,
    input  wire [63:0]       fi_xor
`endif
);
`include "si_isa.vh"
`include "cu_defs.vh"

    // fields of the operand packet
    wire [WW-1:0]     op_wave = op_pkt[`OPK_WAVE];
    wire [15:0]       op_tag = op_pkt[`OPK_TAG];
    wire [`DI_W-1:0]  op_bundle = op_pkt[`OPK_BUNDLE];
    wire [63:0]       op_s0 = op_pkt[`OPK_S0];
    wire [63:0]       op_s1 = op_pkt[`OPK_S1];
    wire [63:0]       op_s2 = op_pkt[`OPK_S2];
    wire [63:0]       op_exec = op_pkt[`OPK_EXEC];
    wire [63:0]       op_vcc = op_pkt[`OPK_VCC];
    wire [31:0]       op_mode = op_pkt[`OPK_MODE];
    wire [VAW-1:0]    op_vrow0 = op_pkt[`OPK_VROW0];
    wire [VAW-1:0]    op_vrow1 = op_pkt[`OPK_VROW1];
    wire [VAW-1:0]    op_vrow2 = op_pkt[`OPK_VROW2];
    wire [VAW-1:0]    op_vdst = op_pkt[`OPK_VDST];
    wire [8:0]        op_vdst_arch = op_pkt[`OPK_VDST_ARCH];
    wire [SAW-1:0]    op_sdst = op_pkt[`OPK_SDST];
    wire [6:0]        op_sdst_arch = op_pkt[`OPK_SDST_ARCH];
    wire [SAW-1:0]    op_sdst2 = op_pkt[`OPK_SDST2];
    wire [6:0]        op_sdst2_arch = op_pkt[`OPK_SDST2_ARCH];
    wire [SAW-1:0]    op_exec_row = op_pkt[`OPK_EXEC_ROW];

    // ---------------------------------------------------------------- R stage
    reg              r_valid;     // an instruction is reading its passes
    reg [PW-1:0]     rd_pass;     // the pass it reads this cycle
    reg              r_q;         // quarter rate (si_op_qrate): each pass takes 4 cycles
    reg [1:0]        r_sub;       // cycle within a quarter-rate pass (read in 0)
    reg [WW-1:0]     r_wave;
    reg [15:0]       r_tag;
    reg [`DI_W-1:0]  r_b;
    reg [63:0]       r_s0, r_s1, r_s2, r_exec, r_vcc;
    reg [31:0]       r_mode;
    reg [VAW-1:0]    r_r0, r_r1, r_r2, r_rd;
    reg [SAW-1:0]    r_sdst, r_sdst2, r_execrow;
    reg [8:0]        r_rd_arch;
    reg [6:0]        r_sdst_arch, r_sdst2_arch;
    reg [8:0]        r_rln;       // RFV: VGPRs to release per source slot after the last read ...
    reg [VAW-1:0]    r_rlb0, r_rlb1, r_rlb2;   // ... from these virtual rows
    reg              r_rqv;       // DMR inter/enhanced: the instruction has a ReplayQ slot ...
    reg [RQW-1:0]    r_rqs;       // ... this one
    wire [9:0]       rop = r_b[`DI_OP];
    wire             r_mac = (si_op_flags(rop) & SI_F_MAC) != 0;
    wire             r_v0 = r_b[`DI_SRC0] >= 9'd256, r_v1 = r_b[`DI_SRC1] >= 9'd256;
    wire             r_v2 = r_b[`DI_SRC2] >= 9'd256 || r_mac;
    wire [VAW-1:0]   r2 = r_mac ? r_rd : r_r2;
    // ---------------------------------------------------------------- C stage
    reg              cx_valid;    // a pass is in the compute stage (quarter rate: one of its 4 cycles)
    reg [PW-1:0]     cx_pass;
    reg [1:0]        cx_sub;      // quarter rate: the cycle within the pass (lanes cx_sub*QRN ..)
    // the instruction being computed (loaded from R with its first pass)
    reg [WW-1:0]     x_wave;
    reg [15:0]       x_tag;
    reg [`DI_W-1:0]  x_b;
    reg [63:0]       x_s0, x_s1, x_s2, x_exec, x_vcc;
    reg [31:0]       x_mode;
    reg [VAW-1:0]    x_rd;
    reg [SAW-1:0]    x_sdst, x_sdst2, x_execrow;
    reg [8:0]        x_rd_arch;
    reg [6:0]        x_sdst_arch, x_sdst2_arch;
    reg [63:0]       x_mask;      // collected compare / carry bits
    reg [31:0]       x_lanev;     // readlane / readfirstlane value
    reg              x_rqv;
    reg [RQW-1:0]    x_rqs;

    wire [9:0]  xop = x_b[`DI_OP];
    wire        x_q = si_op_qrate(xop);   // computed by the quarter-rate datapaths
    wire        cx_first = !x_q || cx_sub == 2'd0;   // the first compute cycle of a pass
    wire [31:0] xfl = si_op_flags(xop);
    wire [7:0]  k0 = si_op_src_kind(xop, 2'd0), k1 = si_op_src_kind(xop, 2'd1), k2 = si_op_src_kind(xop, 2'd2);
    wire [7:0]  kd = si_op_dst_kind(xop);
    wire        v0 = x_b[`DI_SRC0] >= 9'd256, v1 = x_b[`DI_SRC1] >= 9'd256;
    wire        is_mac = (xfl & SI_F_MAC) != 0;
    wire        v2 = x_b[`DI_SRC2] >= 9'd256 || is_mac;
    wire        is_readlane = xop == SI_OP_V_READLANE_B32;
    wire        is_readfirst = xop == SI_OP_V_READFIRSTLANE_B32;
    wire        is_writelane = xop == SI_OP_V_WRITELANE_B32;
    wire        is_vopc = si_op_fmt(xop) == SI_FMT_VOPC;
    wire        is_cmpx = (xfl & SI_F_CMPX) != 0;
    wire        wr_mask_sdst = is_vopc || x_b[`DI_FMT] == SI_FMT_VOP3B || (xfl & SI_F_WR_VCC) != 0;
    wire        wr_vgpr = x_b[`DI_DST] >= 9'd256 && (xfl & SI_F_SDST) == 0 && !is_vopc;
    wire        dst64 = kd[4:0] >= 5'd2;
    wire [5:0]  sel_lane = x_s1[5:0];
    wire [5:0]  sel_pass = sel_lane >> $clog2(L);
    wire [5:0]  first_pass = first_lane >> $clog2(L);
    reg  [5:0]  first_lane;
    integer     fi;
    always @* begin
        first_lane = 6'd0;
        for (fi = 63; fi >= 0; fi = fi - 1)
            if (x_exec[fi]) first_lane = fi[5:0];
    end
    // ---------------------------------------------------------------- T stage
    // finished instructions waiting VALU_LATENCY cycles, then write-back, in order
    localparam integer MAXQ = 4;              // instructions in the SIMD (R + C + T + W)
    localparam integer TQD = 4;               // T entries (never full: MAXQ)
    localparam integer TW = WW + 16 + 48 + 64 + 64 + 32 + 3 * SAW + 7 + 7 + 3;
    reg [TW-1:0]     tq [0:TQD-1];
    reg [4:0]        tq_cnt [0:TQD-1];
    reg [1:0]        tq_rd, tq_wr;
    reg [2:0]        tq_n;
    reg [2:0]        inflight;                // accepted, not yet retired
    // ---------------------------------------------------------------- W stage
    reg              w_valid;
    reg [WW-1:0]     w_wave;
    reg [15:0]       w_tag;
    reg [47:0]       w_pc;
    reg [63:0]       w_exec;
    // ---------------------------------------------------------------- VGPR banks
    // each bank's read ports, and the pass's operands (ports 0..5 of bank
    // cx_pass) through a chain of selects, one per bank (whole-signal port
    // connections and no wide concatenation: a simulator copies none of the
    // banks' read data)
    wire [6*L*32-1:0]    cur_ch [0:NP-1] /*verilator split_var*/;
    reg  [VAW-1:0]       rd_rows [0:5];
    always @* begin
        rd_rows[0] = r_r0; rd_rows[1] = r_r0 + 1'b1;
        rd_rows[2] = r_r1; rd_rows[3] = r_r1 + 1'b1;
        rd_rows[4] = r2;   rd_rows[5] = r2 + 1'b1;
    end
    localparam integer NPL = NP - 1, NPL2 = (NP > 1) ? NP - 2 : 0;
    localparam [PW-1:0] NP_LAST = NPL[PW-1:0];
    localparam [PW-1:0] NP_LAST2 = NPL2[PW-1:0];
    wire         rd_fire = r_valid && (!r_q || r_sub == 2'd0);   // a pass is read
    wire         rd_adv = r_valid && (!r_q || r_sub == 2'd3);    // the pass ends this cycle
    wire         rd_last = rd_adv && rd_pass == NP_LAST;
    reg  [L*32-1:0] lane_res_lo, lane_res_hi;
    reg  [L-1:0]    lane_wmask;
    wire [L*64-1:0] lane_res;
    wire [L-1:0]    lane_mask_out;
    // the file's ports: the rows the units compute (VAW bits: physical rows,
    // or with RFV virtual rows that rfv_map translates), their physical rows,
    // and with RFV the ports whose row is not mapped (reads give 0, writes are
    // dropped) or whose bank was not written since the row's allocation
    // (reads give 0, the first write writes all the bank's lanes)
    localparam integer PAW = $clog2(`SICU_VGPR_ROWS);
    wire [10*VAW-1:0] f_vrow = {lsu_wr_row, x_rd + 1'b1, x_rd,
                                lsu_rd_row, rd_rows[5], rd_rows[4], rd_rows[3], rd_rows[2], rd_rows[1], rd_rows[0]};
    wire [10*PAW-1:0] f_prow;
    wire [9:0]        f_hit;
    // the ports in use this cycle (the six operand reads fire every pass; the
    // testbench counts accesses per physical row for wear levelling, docs/rfv.md)
    wire [9:0]        f_en = {lsu_wr_en, cx_valid && wr_vgpr && dst64, cx_valid && wr_vgpr, lsu_rd_en, {6{rd_fire}}};
    wire [10*NP-1:0]  f_zero;
`ifdef SICU_FEAT_RFV_ON
    // the flagged sources released after the instruction's last pass read, the
    // LSU's after its operand reads, issue's rfv_pbr window, a wave's end
    wire [5:0]   rl_v = {rfv_lrl_valid,
                         rd_last && r_rln[8:6] != 3'd0, rd_last && r_rln[5:3] != 3'd0, rd_last && r_rln[2:0] != 3'd0};
    wire [6*(VAW-8)-1:0] rl_slot = {rfv_lrl_vrow[3*VAW-1:2*VAW+8], rfv_lrl_vrow[2*VAW-1:VAW+8], rfv_lrl_vrow[VAW-1:8],
                                    r_rlb2[VAW-1:8], r_rlb1[VAW-1:8], r_rlb0[VAW-1:8]};
    wire [6*8-1:0] rl_base = {rfv_lrl_vrow[2*VAW +: 8], rfv_lrl_vrow[VAW +: 8], rfv_lrl_vrow[7:0],
                              r_rlb2[7:0], r_rlb1[7:0], r_rlb0[7:0]};
    wire [6*3-1:0] rl_n = {rfv_lrl_n, r_rln};
    wire [NP-1:0] f_bk = {{(NP-1){1'b0}}, 1'b1} << cx_pass;
    rfv_map u_rfv (   // (its NB default: 64 / LANES banks, NP)
        .clk(clk), .rst(rst),
        .xl_en(f_en),
        .xl_vrow(f_vrow), .xl_prow(f_prow), .xl_hit(f_hit), .xl_zero(f_zero),
        .wr_banks({{NP{1'b1}}, f_bk, f_bk}),
        .rl_valid(rl_v), .rl_slot(rl_slot), .rl_base(rl_base), .rl_n(rl_n),
        .pb_valid(rfv_prl_valid), .pb_slot(rfv_prl_vrow[VAW-1:8]), .pb_base(rfv_prl_vrow[7:0]),
        .pb_mask(rfv_prl_mask),
        .fl_valid(rfv_fl_valid), .fl_slot(rfv_fl_slot),
        .wake_lat(rfv_wake_lat), .wake_stall(rfv_wake_stall),
        .phys_rows(rfv_rows), .sl_live(rfv_sl_live), .sl_alv(rfv_sl_alv), .sl_alm(rfv_sl_alm),
        .pc_sa_on_sum(pc_rfv_sa_on_sum), .pc_wakeups(pc_rfv_wakeups), .pc_wake_stall(pc_rfv_wake_stall),
        .pc_allocs(pc_rfv_allocs), .pc_releases(pc_rfv_releases), .pc_live_sum(pc_rfv_live_sum),
        .pc_live_max(pc_rfv_live_max)
    );
`else
    /* verilator lint_off UNUSEDSIGNAL */
    wire _unused_rfv = &{1'b0, r_rln, r_rlb0, r_rlb1, r_rlb2, f_hit, f_zero, f_en, 1'b0};   // (f_en: the testbench reads it)
    /* verilator lint_on UNUSEDSIGNAL */
    assign f_prow = f_vrow;
    assign f_hit = 10'h3ff;
    assign f_zero = {10*NP{1'b0}};
    assign pc_rfv_allocs = 32'd0;
    assign pc_rfv_releases = 32'd0;
    assign pc_rfv_live_sum = 32'd0;
    assign pc_rfv_live_max = 32'd0;
    assign pc_rfv_sa_on_sum = 32'd0;
    assign pc_rfv_wakeups = 32'd0;
    assign pc_rfv_wake_stall = 32'd0;
`endif
    genvar b, l;
    generate
        for (b = 0; b < NP; b = b + 1) begin : g_bank
            wire [6:0] ren;
            assign ren[5:0] = {6{rd_fire && rd_pass == b}};
            assign ren[6] = lsu_rd_en;
            wire wen_x = cx_valid && cx_pass == b && wr_vgpr;
            wire [7*L*32-1:0] rdd;
            // a write port's mask and data: with RFV a bank's first write since
            // its row's allocation writes every lane, the ones not written with 0
            wire [L-1:0] lw_mask = lsu_wr_mask[b*L +: L];
            wire [3*L-1:0]    w_mask;
            wire [3*L*32-1:0] w_data;
`ifdef SICU_FEAT_RFV_ON
            wire [2:0] fz = {f_zero[9*NP + b], f_zero[8*NP + b], f_zero[7*NP + b]};
            for (l = 0; l < L; l = l + 1) begin : g_wl
                assign w_mask[l] = lane_wmask[l] || fz[0];
                assign w_mask[L + l] = lane_wmask[l] || fz[1];
                assign w_mask[2*L + l] = lw_mask[l] || fz[2];
                assign w_data[l*32 +: 32] = lane_wmask[l] ? lane_res_lo[l*32 +: 32] : 32'd0;
                assign w_data[(L + l)*32 +: 32] = lane_wmask[l] ? lane_res_hi[l*32 +: 32] : 32'd0;
                assign w_data[(2*L + l)*32 +: 32] = lw_mask[l] ? lsu_wr_data[(b*L + l)*32 +: 32] : 32'd0;
            end
`else
            assign w_mask = {lw_mask, lane_wmask, lane_wmask};
            assign w_data = {lsu_wr_data[b*L*32 +: L*32], lane_res_hi, lane_res_lo};
`endif
            vgpr_bank u_bank (
                .clk(clk),
                .rd_en(ren),
                .rd_addr(f_prow[7*PAW-1:0]),
                .rd_data(rdd),
                .wr_en({lsu_wr_en && f_hit[9], wen_x && dst64 && f_hit[8], wen_x && f_hit[7]}),
                .wr_addr(f_prow[10*PAW-1:7*PAW]),
                .wr_mask(w_mask),
                .wr_data(w_data)
            );
`ifdef SICU_FEAT_RFV_ON
            // reads of a row not mapped, or of a bank not written since the allocation: 0
            reg [6:0] rz;
            integer z;
            always @(posedge clk)
                for (z = 0; z < 7; z = z + 1)
                    if (ren[z]) rz[z] <= !f_hit[z] || f_zero[z*NP + b];
            wire [7*L*32-1:0] rdd_z;
            for (l = 0; l < 7; l = l + 1) begin : g_rz
                assign rdd_z[l*L*32 +: L*32] = rz[l] ? {L*32{1'b0}} : rdd[l*L*32 +: L*32];
            end
`else
            wire [7*L*32-1:0] rdd_z = rdd;
`endif
            assign lsu_rd_data[b*L*32 +: L*32] = rdd_z[6*L*32 +: L*32];
            if (b == 0) begin : g_c0
                assign cur_ch[b] = rdd_z[6*L*32-1:0];
            end else begin : g_cn
                assign cur_ch[b] = (cx_pass == b) ? rdd_z[6*L*32-1:0] : cur_ch[b-1];
            end
        end
    endgenerate

    // ---------------------------------------------------------------- lanes
    // the pass being computed: its bank's read ports, its EXEC bits, and the
    // lane values readlane / readfirstlane pick (selects written as small
    // loops: a variable part-select of a wide vector is a full-width shifter
    // in Yosys' techmap)
    wire [6*L*32-1:0] cur = cur_ch[NP-1];
    reg  [L-1:0]      cur_exec;
    reg  [31:0]       cur_sel, cur_first;
    localparam integer LW = $clog2(L);   // L is a power of two (config check)
    integer ci, cl;
    always @* begin
        cur_exec = x_exec[L-1:0];
        for (ci = 1; ci < NP; ci = ci + 1)
            if (cx_pass == ci[PW-1:0]) cur_exec = x_exec[ci*L +: L];
        cur_sel = cur[31:0];
        cur_first = cur[31:0];
        for (cl = 1; cl < L; cl = cl + 1) begin
            if (sel_lane[LW-1:0] == cl[LW-1:0]) cur_sel = cur[cl*32 +: 32];
            if (first_lane[LW-1:0] == cl[LW-1:0]) cur_first = cur[cl*32 +: 32];
        end
    end
    wire div_fmas = xop == SI_OP_V_DIV_FMAS_F32 || xop == SI_OP_V_DIV_FMAS_F64;
    wire [63:0] mask_src = div_fmas ? x_vcc : x_s2;
    // every lane selects the same unit (it depends on the op only): lane 0's is reported
    wire [L*7-1:0] lane_fu;
    /* verilator lint_off UNUSEDSIGNAL */
    wire _unused_lane_fu = &{1'b0, lane_fu[L*7-1:7]};
    /* verilator lint_on UNUSEDSIGNAL */
    // (a replay, DMR inter/enhanced, when the SIMD computes nothing else: its
    // unit and the lanes it runs on)
    assign mon_fu_valid = cx_valid || rp_lgo || rp_qgo;
    assign mon_fu = cx_valid ? (x_q ? qr_fu[6:0] : lane_fu[6:0]) : rp_qgo ? qr_fu[6:0] : lane_fu[6:0];
    assign mon_fu_lanes = cx_valid ? {1'b0, popc(cur_exec & lane_now)} : rp_qgo ? QRN[6:0] : L[6:0];
    // The op's kinds, format and compare condition from the ISA table,
    // decoded here once for all lanes and quarter-rate datapaths: the op
    // itself (k0..kd, is_vopc) or, under operand isolation, v_nop's.
    /* verilator lint_off UNUSEDSIGNAL */
    wire [8:0]  x_opc = si_op_opcode(xop), nop_opc = si_op_opcode(SI_OP_V_NOP);   // [3:0]: a compare's condition
    /* verilator lint_on UNUSEDSIGNAL */
    wire        l_iso = x_q || !cx_valid;    // the lanes compute nothing this cycle
    wire        x_vop3 = x_b[`DI_VOP3] || x_b[`DI_FMT] == SI_FMT_VOP3A || x_b[`DI_FMT] == SI_FMT_VOP3B;
    // ---- Warped-DMR inter/enhanced: a replay (simd_rq.v, below) runs on the
    // lanes (rp_lgo) or the quarter-rate datapaths (rp_qgo) in a cycle they
    // compute nothing else; its op and each lane's operands come from the
    // ReplayQ.  Without it the replay inputs are constants (no logic).
`ifdef SICU_FEAT_DMR_REPLAY
    wire              rp_lgo, rp_qgo;
    wire [9:0]        rp_op;
    wire [31:0]       rp_kinds, rp_mode;
    wire [14:0]       rp_flags;     // {vopc, cond, vop3, abs, neg, omod, clamp}
    wire [L*192-1:0]  rp_src;
    wire [L-1:0]      rp_mi;
    wire [L*6-1:0]    rp_lid;
    wire [QRN*192-1:0] rp_qsrc;
    wire [QRN-1:0]    rp_qmi;
    wire [QRN*6-1:0]  rp_qlid;
`else
    wire              rp_lgo = 1'b0, rp_qgo = 1'b0;
    wire [9:0]        rp_op = SI_OP_V_NOP;
    wire [31:0]       rp_kinds = 32'd0, rp_mode = 32'd0;
    wire [14:0]       rp_flags = 15'd0;
    wire [L*192-1:0]  rp_src = {L*192{1'b0}};
    wire [L-1:0]      rp_mi = {L{1'b0}};
    wire [L*6-1:0]    rp_lid = {L*6{1'b0}};
    wire [QRN*192-1:0] rp_qsrc = {QRN*192{1'b0}};
    wire [QRN-1:0]    rp_qmi = {QRN{1'b0}};
    wire [QRN*6-1:0]  rp_qlid = {QRN*6{1'b0}};
`endif
    // the fields the lanes and the quarter-rate datapaths compute with
    wire [9:0]  l_op = rp_lgo ? rp_op : l_iso ? SI_OP_V_NOP : xop;
    wire [9:0]  q_op = rp_qgo ? rp_op : x_q ? xop : SI_OP_V_NOP;
    wire [14:0] x_flags = {is_vopc, x_opc[3:0], x_vop3, x_b[`DI_ABS], x_b[`DI_NEG], x_b[`DI_OMOD], x_b[`DI_CLAMP]};
    wire [31:0] l_mode = rp_lgo ? rp_mode : x_mode, q_mode = rp_qgo ? rp_mode : x_mode;
    /* verilator lint_off UNUSEDSIGNAL */
    wire [14:0] l_fl = rp_lgo ? rp_flags : x_flags, q_fl = rp_qgo ? rp_flags : x_flags;   // (synthesis: [9:0])
    wire [31:0] x_kinds = {k0, k1, k2, kd};
    wire [31:0] l_kinds = rp_lgo ? rp_kinds : x_kinds, q_kinds = rp_qgo ? rp_kinds : x_kinds;
    /* verilator lint_on UNUSEDSIGNAL */
`ifndef SICU_DPATH_DPI
    wire [7:0]  nop_k0 = si_op_src_kind(SI_OP_V_NOP, 2'd0), nop_k1 = si_op_src_kind(SI_OP_V_NOP, 2'd1);
    wire [7:0]  nop_k2 = si_op_src_kind(SI_OP_V_NOP, 2'd2), nop_kd = si_op_dst_kind(SI_OP_V_NOP);
    wire        nop_vopc = si_op_fmt(SI_OP_V_NOP) == SI_FMT_VOPC;
    wire [7:0]  l_k0 = rp_lgo ? rp_kinds[31:24] : l_iso ? nop_k0 : k0;
    wire [7:0]  l_k1 = rp_lgo ? rp_kinds[23:16] : l_iso ? nop_k1 : k1;
    wire [7:0]  l_k2 = rp_lgo ? rp_kinds[15:8] : l_iso ? nop_k2 : k2;
    wire [7:0]  l_kd = rp_lgo ? rp_kinds[7:0] : l_iso ? nop_kd : kd;
    wire        l_vopc = rp_lgo ? rp_flags[14] : l_iso ? nop_vopc : is_vopc;
    wire [3:0]  l_cond = rp_lgo ? rp_flags[13:10] : l_iso ? nop_opc[3:0] : x_opc[3:0];
    wire [7:0]  q_k0 = rp_qgo ? rp_kinds[31:24] : x_q ? k0 : nop_k0;
    wire [7:0]  q_k1 = rp_qgo ? rp_kinds[23:16] : x_q ? k1 : nop_k1;
    wire [7:0]  q_k2 = rp_qgo ? rp_kinds[15:8] : x_q ? k2 : nop_k2;
    wire [7:0]  q_kd = rp_qgo ? rp_kinds[7:0] : x_q ? kd : nop_kd;
    wire        q_vopc = rp_qgo ? rp_flags[14] : x_q ? is_vopc : nop_vopc;
    wire [3:0]  q_cond = rp_qgo ? rp_flags[13:10] : x_q ? x_opc[3:0] : nop_opc[3:0];
`endif
`ifdef SICU_FEAT_DMR_ON
    // Warped-DMR (simd_dmr.v, below): the lanes' and quarter-rate datapaths'
    // operands and lanes through the forwarding units
    wire [6*L*32-1:0]   dmr_fwd;
    wire [L*LW-1:0]     dmr_lsrc;
    wire [6*QRN*32-1:0] dmr_qfwd;
    wire [QRN*LW-1:0]   dmr_qsrc;
`endif
`ifdef SICU_DPATH_DPI
    // Simulation only (the verilated CU; docs/rtl.md, "Building"): each lane
    // and quarter-rate datapath is a simd_dp (rtl/tb/simd_dp.v), which calls a
    // separately verilated model of simd_lane.v / simd_qr.v only in the
    // cycles whose results are used.  Synthesis, lint and the lane unit test
    // see the instances below.  dp_flags: the 1-bit and small ports in one
    // word (rtl/tb/simd_dp.v lists the fields).
    function automatic [31:0] dp_flags(input [14:0] fl, input [5:0] lane, input mask_in, input qrate);
        dp_flags = {9'd0, qrate, fl, lane, mask_in};
    endfunction
`endif
    generate
        for (l = 0; l < L; l = l + 1) begin : g_lane
`ifdef SICU_FEAT_DMR_ON
            // ---- Warped-DMR: the lane's operands through the forwarding unit
            // (an idle lane computes an active lane's work-item)
            wire [31:0] a_lo = dmr_fwd[(0*L + l)*32 +: 32], a_hi = dmr_fwd[(1*L + l)*32 +: 32];
            wire [31:0] b_lo = dmr_fwd[(2*L + l)*32 +: 32], b_hi = dmr_fwd[(3*L + l)*32 +: 32];
            wire [31:0] c_lo = dmr_fwd[(4*L + l)*32 +: 32], c_hi = dmr_fwd[(5*L + l)*32 +: 32];
            wire [5:0]  lane_id = cx_pass * L + {{(6-LW){1'b0}}, dmr_lsrc[l*LW +: LW]};
`else
            wire [31:0] a_lo = cur[(0*L + l)*32 +: 32], a_hi = cur[(1*L + l)*32 +: 32];
            wire [31:0] b_lo = cur[(2*L + l)*32 +: 32], b_hi = cur[(3*L + l)*32 +: 32];
            wire [31:0] c_lo = cur[(4*L + l)*32 +: 32], c_hi = cur[(5*L + l)*32 +: 32];
            wire [5:0]  lane_id = cx_pass * L + l;
`endif
            wire [63:0] x_src0 = v0 ? {(k0[4:0] >= 5'd2) ? a_hi : 32'd0, a_lo} : x_s0;
            wire [63:0] x_src1 = v1 ? {(k1[4:0] >= 5'd2) ? b_hi : 32'd0, b_lo} : x_s1;
            wire [63:0] x_src2 = v2 ? {(k2[4:0] >= 5'd2) ? c_hi : 32'd0, c_lo} : x_s2;
            // (a replay: the ReplayQ's work-item for this lane)
            wire [63:0] src0 = rp_lgo ? rp_src[l*192 +: 64] : x_src0;
            wire [63:0] src1 = rp_lgo ? rp_src[l*192 + 64 +: 64] : x_src1;
            wire [63:0] src2 = rp_lgo ? rp_src[l*192 + 128 +: 64] : x_src2;
            wire [5:0]  lid = rp_lgo ? rp_lid[l*6 +: 6] : lane_id;
            wire        lmi = rp_lgo ? rp_mi[l] : mask_src[lane_id];
`ifdef SICU_DPATH_DPI
            simd_dp u_lane (
                .go(!l_iso || rp_lgo), .op(l_op), .kinds(l_kinds),
                .flags(dp_flags(l_fl, lid, lmi, 1'b0)),
                .mode(l_mode), .src0(src0), .src1(src1), .src2(src2),
                .res(lane_res[l*64 +: 64]), .mask_out(lane_mask_out[l]), .fu_sel(lane_fu[l*7 +: 7])
            );
`else
            simd_lane u_lane (
                // quarter-rate ops: the simd_qr datapaths; no pass: operand
                // isolation (no switching, and less simulation work)
                .op(l_op),
                .kind0(l_k0), .kind1(l_k1), .kind2(l_k2), .kindd(l_kd), .vopc(l_vopc), .cond(l_cond),
                .vop3(l_fl[9]), .abs(l_fl[8:6]), .neg(l_fl[5:3]), .omod(l_fl[2:1]), .clamp(l_fl[0]),
                .mode(l_mode), .lane(lid), .src0(src0), .src1(src1), .src2(src2),
                .mask_in(lmi),
                .res(lane_res[l*64 +: 64]), .mask_out(lane_mask_out[l]), .fu_sel(lane_fu[l*7 +: 7])
            );
`endif
        end
    endgenerate
    // ---------------------------------------------------------------- quarter-rate unit
    // QRN datapaths (simd_qr): in cycle cx_sub of a quarter-rate pass,
    // datapath j computes lane cx_sub*QRN + j of the pass (operands picked
    // from the pass's read data by a 4:1 select, no shifter)
    wire [QRN*64-1:0] qr_res;
    wire [QRN-1:0]    qr_mask_out;
    wire [QRN*7-1:0]  qr_fu;
    /* verilator lint_off UNUSEDSIGNAL */
    wire _unused_qr_fu = &{1'b0, qr_fu[QRN*7-1:7]};
    /* verilator lint_on UNUSEDSIGNAL */
    generate
        for (l = 0; l < QRN; l = l + 1) begin : g_qr
            reg [31:0] a_lo, a_hi, b_lo, b_hi, c_lo, c_hi;
            reg [5:0]  lane_id;
            localparam [5:0] L6 = L[5:0];
`ifdef SICU_FEAT_DMR_ON
            // ---- Warped-DMR: the datapath's operands and lane through the
            // forwarding unit (simd_dmr.v: its lane of this cycle, or an
            // active one it checks)
            always @* begin
                a_lo = dmr_qfwd[(0*QRN + l)*32 +: 32]; a_hi = dmr_qfwd[(1*QRN + l)*32 +: 32];
                b_lo = dmr_qfwd[(2*QRN + l)*32 +: 32]; b_hi = dmr_qfwd[(3*QRN + l)*32 +: 32];
                c_lo = dmr_qfwd[(4*QRN + l)*32 +: 32]; c_hi = dmr_qfwd[(5*QRN + l)*32 +: 32];
                lane_id = {{(6-PW){1'b0}}, cx_pass} * L6 + {{(6-LW){1'b0}}, dmr_qsrc[l*LW +: LW]};
            end
`else
            integer    s;
            localparam [5:0] QRN6 = QRN[5:0], L0 = l;
            always @* begin
                a_lo = cur[(0*L + l)*32 +: 32]; a_hi = cur[(1*L + l)*32 +: 32];
                b_lo = cur[(2*L + l)*32 +: 32]; b_hi = cur[(3*L + l)*32 +: 32];
                c_lo = cur[(4*L + l)*32 +: 32]; c_hi = cur[(5*L + l)*32 +: 32];
                lane_id = {{(6-PW){1'b0}}, cx_pass} * L6 + L0;
                for (s = 1; s < 4; s = s + 1)
                    if (cx_sub == s[1:0]) begin
                        a_lo = cur[(0*L + s*QRN + l)*32 +: 32]; a_hi = cur[(1*L + s*QRN + l)*32 +: 32];
                        b_lo = cur[(2*L + s*QRN + l)*32 +: 32]; b_hi = cur[(3*L + s*QRN + l)*32 +: 32];
                        c_lo = cur[(4*L + s*QRN + l)*32 +: 32]; c_hi = cur[(5*L + s*QRN + l)*32 +: 32];
                        lane_id = {{(6-PW){1'b0}}, cx_pass} * L6 + s[5:0] * QRN6 + L0;
                    end
            end
`endif
            // operand isolation: the datapaths see constant inputs between
            // quarter-rate ops (no switching; less simulation work)
            wire [63:0] src0 = rp_qgo ? rp_qsrc[l*192 +: 64] :
                               !x_q ? 64'd0 : v0 ? {(k0[4:0] >= 5'd2) ? a_hi : 32'd0, a_lo} : x_s0;
            wire [63:0] src1 = rp_qgo ? rp_qsrc[l*192 + 64 +: 64] :
                               !x_q ? 64'd0 : v1 ? {(k1[4:0] >= 5'd2) ? b_hi : 32'd0, b_lo} : x_s1;
            wire [63:0] src2 = rp_qgo ? rp_qsrc[l*192 + 128 +: 64] :
                               !x_q ? 64'd0 : v2 ? {(k2[4:0] >= 5'd2) ? c_hi : 32'd0, c_lo} : x_s2;
            /* verilator lint_off UNUSEDSIGNAL */
            wire [5:0]  qlid = rp_qgo ? rp_qlid[l*6 +: 6] : lane_id;   // (synthesis: simd_qr has no lane input)
            /* verilator lint_on UNUSEDSIGNAL */
            wire        qmi = rp_qgo ? rp_qmi[l] : mask_src[lane_id];
`ifdef SICU_DPATH_DPI
            simd_dp u_qr (
                .go((x_q && cx_valid) || rp_qgo), .op(q_op), .kinds(q_kinds),
                .flags(dp_flags(q_fl, qlid, qmi, 1'b1)),
                .mode(q_mode), .src0(src0), .src1(src1), .src2(src2),
                .res(qr_res[l*64 +: 64]), .mask_out(qr_mask_out[l]), .fu_sel(qr_fu[l*7 +: 7])
            );
`else
            simd_qr u_qr (
                .op(q_op), .qrate(x_q || rp_qgo),
                .kind0(q_k0), .kind1(q_k1), .kind2(q_k2), .kindd(q_kd), .vopc(q_vopc), .cond(q_cond),
                .vop3(q_fl[9]), .abs(q_fl[8:6]), .neg(q_fl[5:3]), .omod(q_fl[2:1]), .clamp(q_fl[0]),
                .mode(q_mode), .src0(src0), .src1(src1), .src2(src2),
                .mask_in(qmi),
                .res(qr_res[l*64 +: 64]), .mask_out(qr_mask_out[l]), .fu_sel(qr_fu[l*7 +: 7])
            );
`endif
        end
    endgenerate
    // per lane of the pass: in this compute cycle (quarter rate: its datapath's
    // turn), result and compare/carry bit
    reg  [L-1:0] lane_now, lane_mo;
    integer q;
`ifdef SICU_FEAT_DMR_ON
    // with DMR's cross mapping the quarter-rate datapaths take the lanes of a
    // pass in the cross clusters' order: in cycle s, datapath j computes lane
    // j*4 + s (simd_dmr.v); otherwise lanes s*QRN .. s*QRN+QRN-1
  `define QCY(q) ((`SICU_FEAT_DMR_MAP == `SICU_DMR_MAP_CROSS) ? ((q) % 4) : ((q) / QRN))
  `define QDP(q) ((`SICU_FEAT_DMR_MAP == `SICU_DMR_MAP_CROSS) ? ((q) / 4) : ((q) % QRN))
`else
  `define QCY(q) ((q) / QRN)
  `define QDP(q) ((q) % QRN)
`endif
    always @* begin
        for (q = 0; q < L; q = q + 1) begin
            // quarter rate: lane q is computed by datapath QDP(q) in cycle QCY(q)
            lane_now[q] = !x_q || `QCY(q) == {30'd0, cx_sub};
            lane_res_lo[q*32 +: 32] = is_writelane ? x_s0[31:0] :
                                      x_q ? qr_res[`QDP(q)*64 +: 32] : lane_res[q*64 +: 32];
            lane_res_hi[q*32 +: 32] = x_q ? qr_res[`QDP(q)*64 + 32 +: 32] : lane_res[q*64 + 32 +: 32];
            lane_mo[q] = x_q ? qr_mask_out[`QDP(q)] : lane_mask_out[q];
            lane_wmask[q] = is_writelane ? ((cx_pass * L + q) == {26'd0, sel_lane}) : cur_exec[q] && lane_now[q];
`ifdef SICU_FEAT_FAULT_INJECT_ON
            // ---- fault-injection hook: the chosen lane's result (what it
            // writes to its VGPR bank, and what the monitor reports) masked
            if (fi_en && fi_lane == q[5:0])
                {lane_res_hi[q*32 +: 32], lane_res_lo[q*32 +: 32]} =
                    (({lane_res_hi[q*32 +: 32], lane_res_lo[q*32 +: 32]} & fi_and) | fi_or) ^ fi_xor;
`endif
        end
    end

    // ---------------------------------------------------------------- Warped-DMR
`ifdef SICU_FEAT_DMR_ON
    // intra-warp checking: idle lanes of the pass re-compute active lanes'
    // work-items, comparators check them (counters only: nothing here
    // changes a result)
    wire        dmr_chk = (wr_vgpr || wr_mask_sdst) && !is_readlane && !is_readfirst && !is_writelane;
    wire        dmr_err;
    wire [L-1:0] dmr_err_lanes;
    wire [L-1:0] dmr_unc;
    wire         rq_enq, rq_err;
    wire [WW-1:0] rq_err_wave;
    wire [47:0]  rq_err_pc;
    wire [63:0]  rq_err_lanes;
    // the error event (monitor only): an intra-warp mismatch, else a replay's
    assign mon_dmr_err = dmr_err || rq_err;
    assign mon_dmr_inter = !dmr_err;
    assign mon_dmr_wave = dmr_err ? x_wave : rq_err_wave;
    assign mon_dmr_pc = dmr_err ? x_b[`DI_PC] : rq_err_pc;
    assign mon_dmr_lanes = dmr_err ? {{(64-L){1'b0}}, dmr_err_lanes} << ({{(6-PW){1'b0}}, cx_pass} << LW) : rq_err_lanes;
    simd_dmr u_dmr (
        .clk(clk), .rst(rst),
        .cx_valid(cx_valid), .x_q(x_q), .cx_sub(cx_sub),
        .chk(dmr_chk), .chk_hi(wr_vgpr && dst64), .chk_mask(wr_mask_sdst),
        .exec_p(cur_exec), .cur(cur),
        .fwd(dmr_fwd), .lsrc(dmr_lsrc), .qfwd(dmr_qfwd), .qsrc(dmr_qsrc),
        .res_lo(lane_res_lo), .res_hi(lane_res_hi), .res_mo(lane_mo),
        .err(dmr_err), .err_lanes(dmr_err_lanes), .unc_lanes(dmr_unc),
        .enq(rq_enq), .err_rp(rq_err),
        .pc_lane_ops(pc_dmr_lane_ops), .pc_intra_lane_ops(pc_dmr_intra_lane_ops),
        .pc_unverified_lane_ops(pc_dmr_unverified_lane_ops), .pc_errors(pc_dmr_errors)
    );
`ifdef SICU_FEAT_DMR_REPLAY
    // inter-warp checking: the passes the incoming instruction needs
    // replayed (dmr_need.v, on its EXEC), its ReplayQ slot, the replays
    wire [9:0]  a_op = op_bundle[`DI_OP];
    wire [31:0] a_fl = si_op_flags(a_op);
    wire        a_vopc = si_op_fmt(a_op) == SI_FMT_VOPC;
    wire        a_wmask = a_vopc || op_bundle[`DI_FMT] == SI_FMT_VOP3B || (a_fl & SI_F_WR_VCC) != 0;
    wire        a_wvgpr = op_bundle[`DI_DST] >= 9'd256 && (a_fl & SI_F_SDST) == 0 && !a_vopc;
    wire        a_chk = (a_wvgpr || a_wmask) && (a_fl & SI_F_LANESEL) == 0;
    /* verilator lint_off UNUSEDSIGNAL */
    wire [7:0]  a_kd = si_op_dst_kind(a_op);    // (its width)
    /* verilator lint_on UNUSEDSIGNAL */
    wire [NP-1:0] a_need_inter, a_need_enh;
    dmr_need u_need (.exec(op_exec), .qrate(si_op_qrate(a_op)), .need_inter(a_need_inter), .need_enh(a_need_enh));
    // the run's mode (dmr_ctl[8:7]: 0 the configuration's, 1 intra only, 2 inter, 3 enhanced)
    wire [1:0]  rq_mode = dmr_ctl[8:7] != 2'd0 ? dmr_ctl[8:7] :
                          (`SICU_FEAT_DMR == `SICU_DMR_ENHANCED) ? 2'd3 : 2'd2;
    wire [NP-1:0] a_need = rq_mode == 2'd3 ? a_need_enh : rq_mode == 2'd2 ? a_need_inter : {NP{1'b0}};
    wire        a_slot = a_chk && a_need != {NP{1'b0}};    // the instruction needs a slot
    wire        rq_full, rq_room;
    wire [RQW-1:0] rq_slot;
    simd_rq u_rq (
        .clk(clk), .rst(rst), .cap(dmr_ctl[5:0]), .noshuf(dmr_ctl[6]),
        .alloc(accept && a_slot), .alloc_need(a_need), .alloc_wave(op_wave), .alloc_areg(op_vdst_arch),
        .alloc_dst64(a_kd[4:0] >= 5'd2), .alloc_wvgpr(a_wvgpr), .alloc_wscal(a_wmask),
        .alloc_slot(rq_slot), .full(rq_full), .room(rq_room), .slot_bus(dmr_slots),
        .c_on(cx_valid && x_rqv), .c_slot(x_rqs), .c_pass(cx_pass), .c_pstart(cx_first),
        .c_pend(!x_q || cx_sub == 2'd3), .c_istart(cx_pass == {PW{1'b0}} && cx_first),
        .c_op(xop), .c_pc(x_b[`DI_PC]), .c_kinds(x_kinds), .c_flags(x_flags), .c_mode(x_mode),
        .c_s0(x_s0), .c_s1(x_s1), .c_s2(x_s2), .c_msrc(mask_src), .c_vsrc({v2, v1, v0}), .c_q(x_q),
        .c_chk_hi(wr_vgpr && dst64), .c_chk_mask(wr_mask_sdst),
        .cur(cur), .exec_p(cur_exec), .lane_now(lane_now),
        .res_lo(lane_res_lo), .res_hi(lane_res_hi), .res_mo(lane_mo), .unc(dmr_unc), .enq(rq_enq),
        .lanes_idle(l_iso), .qr_idle(!(cx_valid && x_q)),
        .rp_lgo(rp_lgo), .rp_qgo(rp_qgo), .rp_op(rp_op), .rp_kinds(rp_kinds), .rp_flags(rp_flags),
        .rp_mode(rp_mode), .rp_src(rp_src), .rp_mi(rp_mi), .rp_lid(rp_lid),
        .rp_qsrc(rp_qsrc), .rp_qmi(rp_qmi), .rp_qlid(rp_qlid),
        .lres(lane_res), .lmo(lane_mask_out), .qres(qr_res), .qmo(qr_mask_out), .err(rq_err),
        .err_wave(rq_err_wave), .err_pc(rq_err_pc), .err_lanes(rq_err_lanes),
        .pc_inter_lane_ops(pc_dmr_inter_lane_ops), .pc_replays(pc_dmr_replays),
        .pc_occupancy(pc_dmr_rq_occupancy), .pc_full_cycles(pc_dmr_rq_full_cycles),
        .pc_max_occupancy(pc_dmr_rq_max)
`ifdef SICU_FEAT_FAULT_INJECT_ON
        , .fi_en(fi_en), .fi_lane(fi_lane), .fi_and(fi_and), .fi_or(fi_or), .fi_xor(fi_xor)
`endif
    );
`else
    assign rq_enq = 1'b0;
    assign rq_err = 1'b0;
    assign rq_err_wave = {WW{1'b0}};
    assign rq_err_pc = 48'd0;
    assign rq_err_lanes = 64'd0;
`endif
`else
    assign pc_dmr_lane_ops = 32'd0;
    assign pc_dmr_intra_lane_ops = 32'd0;
    assign pc_dmr_unverified_lane_ops = 32'd0;
    assign pc_dmr_errors = 32'd0;
    assign mon_dmr_err = 1'b0;
    assign mon_dmr_inter = 1'b0;
    assign mon_dmr_wave = {WW{1'b0}};
    assign mon_dmr_pc = 48'd0;
    assign mon_dmr_lanes = 64'd0;
`endif
`ifndef SICU_FEAT_DMR_REPLAY
    // no ReplayQ: an instruction never waits for a slot
    wire      a_slot = 1'b0, rq_full = 1'b0, rq_room = 1'b1, dmr_urgent = 1'b0;
    wire [RQW-1:0] rq_slot = {RQW{1'b0}};
    assign pc_dmr_inter_lane_ops = 32'd0;
    assign pc_dmr_replays = 32'd0;
    assign pc_dmr_rq_occupancy = 32'd0;
    assign pc_dmr_rq_full_cycles = 32'd0;
    assign pc_dmr_rq_max = 32'd0;
`endif

    // ---------------------------------------------------------------- stage control
    // accept in the last cycle of the previous instruction's last pass; with one
    // pass (LANES = 64) only when R is empty: the pass is written a cycle after
    // its read, a quarter-rate one in the cycle after R's last
    // (DMR inter/enhanced: an instruction that needs a ReplayQ slot waits for
    // one; issue sends nothing while the queue is full or issue asks the
    // SIMD to let the replays run)
    assign op_ready = inflight < MAXQ[2:0] && (!r_valid || (rd_last && NP > 1)) && (!a_slot || rq_room);
    assign iss_ready = inflight < MAXQ[2:0] && !rq_full && !dmr_urgent &&
                       (!r_valid || rd_last || (NP > 1 && (r_q ? (rd_pass == NP_LAST && r_sub == 2'd2)
                                                               : rd_pass == NP_LAST2)));
    wire   accept = op_valid && op_ready;
    wire   last_cx = cx_valid && cx_pass == NP_LAST && (!x_q || cx_sub == 2'd3);
    // the C stage's compare/carry mask and lane value including this pass
    reg [63:0] mask_nx;
    reg [31:0] lanev_nx;
    always @* begin
        mask_nx = x_mask;
        mask_nx[cx_pass*L +: L] = (x_mask[cx_pass*L +: L] & ~lane_now) | (lane_mo & cur_exec & lane_now);
        lanev_nx = x_lanev;
        if (!v0) lanev_nx = x_s0[31:0];
        else if (is_readlane && sel_pass == {{(6-PW){1'b0}}, cx_pass}) lanev_nx = cur_sel;
        else if (is_readfirst && first_pass == {{(6-PW){1'b0}}, cx_pass}) lanev_nx = cur_first;
    end
    wire [TW-1:0] tq_in = {x_wave, x_tag, x_b[`DI_PC], x_exec, mask_nx, lanev_nx, x_sdst, x_sdst2, x_execrow,
                           x_sdst_arch, x_sdst2_arch, is_readlane || is_readfirst, wr_mask_sdst, is_cmpx};
    // the T head's fields
    wire [TW-1:0]  tq_h = tq[tq_rd];
    wire [WW-1:0]  th_wave;
    wire [15:0]    th_tag;
    wire [47:0]    th_pc;
    wire [63:0]    th_exec, th_mask;
    wire [31:0]    th_lanev;
    wire [SAW-1:0] th_sdst, th_sdst2, th_execrow;
    wire [6:0]     th_sdst_arch, th_sdst2_arch;
    wire           th_rl, th_wms, th_cmpx;
    assign {th_wave, th_tag, th_pc, th_exec, th_mask, th_lanev, th_sdst, th_sdst2, th_execrow,
            th_sdst_arch, th_sdst2_arch, th_rl, th_wms, th_cmpx} = tq_h;
    wire   w_leave = w_valid && (!sw_valid || sw_grant);
    wire   tq_pop = tq_n != 3'd0 && tq_cnt[tq_rd] == 5'd0 && (!w_valid || w_leave);

    assign mon_vwr_valid = cx_valid && wr_vgpr;
    assign mon_vwr_wave = x_wave;
    assign mon_vwr_tag = x_tag;
    assign mon_vwr_areg = x_rd_arch;
    assign mon_vwr_dst64 = dst64;
    assign mon_vwr_lane0 = {{(6-PW){1'b0}}, cx_pass} << $clog2(L);
    assign mon_vwr_mask = lane_wmask;
    assign mon_vwr_lo = lane_res_lo;
    assign mon_vwr_hi = lane_res_hi;
    assign mon_wave = w_wave;
    assign mon_tag = w_tag;
    integer t;
    always @(posedge clk) begin
        done_valid <= 1'b0;
        if (rst) begin
            r_valid <= 1'b0;
            cx_valid <= 1'b0;
            r_rqv <= 1'b0; x_rqv <= 1'b0;
            w_valid <= 1'b0;
            sw_valid <= 1'b0;
            tq_rd <= 2'd0; tq_wr <= 2'd0; tq_n <= 3'd0;
            inflight <= 3'd0;
            pc_busy_cycles <= 32'd0; pc_insts <= 32'd0; pc_lane_ops <= 32'd0;
            pc_vgpr_reads <= 32'd0; pc_vgpr_writes <= 32'd0;
        end else begin
            if (inflight != 3'd0) pc_busy_cycles <= pc_busy_cycles + 32'd1;
            inflight <= inflight + {2'd0, accept} - {2'd0, w_leave};
            // ---- R: accept (in the last read of the previous instruction or when empty), read passes
            if (rd_fire) pc_vgpr_reads <= pc_vgpr_reads + {29'd0, r_v0, 1'b0} + {30'd0, r_v1} + {30'd0, r_v2};
            if (r_valid) r_sub <= r_q ? r_sub + 2'd1 : 2'd0;
            if (rd_adv) rd_pass <= rd_pass + 1'b1;
            if (rd_last) r_valid <= 1'b0;
            if (accept) begin
                r_valid <= 1'b1;
                rd_pass <= {PW{1'b0}};
                r_q <= si_op_qrate(op_bundle[`DI_OP]);
                r_sub <= 2'd0;
                r_wave <= op_wave; r_tag <= op_tag; r_b <= op_bundle;
                r_s0 <= op_s0; r_s1 <= op_s1; r_s2 <= op_s2; r_exec <= op_exec; r_vcc <= op_vcc;
                r_mode <= op_mode;
                r_r0 <= op_vrow0; r_r1 <= op_vrow1; r_r2 <= op_vrow2; r_rd <= op_vdst;
                r_sdst <= op_sdst; r_sdst2 <= op_sdst2; r_execrow <= op_exec_row;
                r_rd_arch <= op_vdst_arch; r_sdst_arch <= op_sdst_arch; r_sdst2_arch <= op_sdst2_arch;
                r_rqv <= a_slot; r_rqs <= rq_slot;
                r_rln <= op_pkt[`OPK_RFV_RN];
                r_rlb0 <= op_pkt[`OPK_RFV_RB0]; r_rlb1 <= op_pkt[`OPK_RFV_RB1]; r_rlb2 <= op_pkt[`OPK_RFV_RB2];
            end
            // ---- C: one cycle behind R
            // (quarter rate: all 4 cycles of each pass, the datapaths' turns)
            cx_valid <= rd_fire || (r_valid && r_q);
            cx_pass <= rd_pass;
            cx_sub <= r_q ? r_sub : 2'd0;
            if (cx_valid) begin
                x_mask <= mask_nx;
                x_lanev <= lanev_nx;
                pc_lane_ops <= pc_lane_ops + {26'd0, popc(cur_exec & lane_now)};
                if (wr_vgpr && cx_first) pc_vgpr_writes <= pc_vgpr_writes + (dst64 ? 32'd2 : 32'd1);
            end
            if (rd_fire && rd_pass == {PW{1'b0}}) begin   // the instruction moves on to C with its first pass
                x_wave <= r_wave; x_tag <= r_tag; x_b <= r_b;
                x_s0 <= r_s0; x_s1 <= r_s1; x_s2 <= r_s2; x_exec <= r_exec; x_vcc <= r_vcc;
                x_mode <= r_mode; x_rd <= r_rd;
                x_sdst <= r_sdst; x_sdst2 <= r_sdst2; x_execrow <= r_execrow;
                x_rd_arch <= r_rd_arch; x_sdst_arch <= r_sdst_arch; x_sdst2_arch <= r_sdst2_arch;
                x_rqv <= r_rqv; x_rqs <= r_rqs;
                x_mask <= 64'd0;
                x_lanev <= 32'd0;
            end
            // ---- T: finished instructions, VALU_LATENCY cycles each
            for (t = 0; t < TQD; t = t + 1)
                if (tq_cnt[t] != 5'd0) tq_cnt[t] <= tq_cnt[t] - 5'd1;
            if (last_cx) begin
                tq[tq_wr] <= tq_in;
                tq_cnt[tq_wr] <= LAT[4:0];
                tq_wr <= tq_wr + 2'd1;
            end
            tq_n <= tq_n + {2'd0, last_cx} - {2'd0, tq_pop};
            if (tq_pop) tq_rd <= tq_rd + 2'd1;
            // ---- W: scalar results to the arbiter, then retire
            if (w_leave) begin
                w_valid <= 1'b0;
                sw_valid <= 1'b0;
                done_valid <= 1'b1;
                done_wave <= w_wave; done_tag <= w_tag; done_pc <= w_pc;
                done_exec <= w_exec;
                pc_insts <= pc_insts + 32'd1;
            end
            if (tq_pop) begin
                w_valid <= 1'b1;
                w_wave <= th_wave; w_tag <= th_tag; w_pc <= th_pc; w_exec <= th_exec;
                sw_valid <= 1'b0;
                sw_en_a <= 2'b00;
                sw_en_b <= 2'b00;
                if (th_rl) begin
                    sw_valid <= 1'b1; sw_addr_a <= th_sdst; sw_en_a <= 2'b01; sw_data_a <= {32'd0, th_lanev};
                    sw_code_a <= th_sdst_arch;
                end else if (th_wms) begin
                    sw_valid <= 1'b1;
                    sw_addr_a <= th_sdst2; sw_code_a <= th_sdst2_arch;
                    sw_en_a <= 2'b11; sw_data_a <= th_mask;
                    if (th_cmpx) begin
                        sw_addr_b <= th_execrow; sw_code_b <= 7'd126; sw_en_b <= 2'b11; sw_data_b <= th_mask;
                    end
                end
            end
        end
    end
`ifndef SYNTHESIS   // assertions: simulation only
    `SICU_ASSERT(simd_tq_no_overflow, !(last_cx && tq_n == TQD[2:0] && !tq_pop))
    `SICU_ASSERT(simd_tq_no_underflow, !(tq_pop && tq_n == 3'd0))
    `SICU_ASSERT(simd_inflight_bound, inflight <= MAXQ[2:0])
    `SICU_ASSERT(simd_accept_one_reader, !(accept && r_valid && !rd_last))
    // RFV: a VALU result's rows are mapped (or allocated) when it is written
    `SICU_ASSERT(simd_rfv_write_mapped, !(cx_valid && wr_vgpr && (!f_hit[7] || (dst64 && !f_hit[8]))))
    // the lanes have no f64 output modifiers (simd_fu.vh fu_outmod32): no
    // full-rate op has an f64 destination
    `SICU_ASSERT(simd_lane_f32_dst, !(cx_valid && !x_q && kd[7:5] == 3'd4 && kd[4:0] == 5'd2))
`endif
    function automatic [5:0] popc(input [L-1:0] m);
        integer z;
        begin
            popc = 6'd0;
            for (z = 0; z < L; z = z + 1) popc = popc + {5'd0, m[z]};
        end
    endfunction
    // the decoded bundle is the common unit interface (this unit uses some
    // fields); operand kinds are used for their width only
    /* verilator lint_off UNUSEDSIGNAL */
    wire _unused_ok = &{1'b0, x_b, r_b, k0[7:5], k1[7:5], k2[7:5], kd[7:5], 1'b0};
`ifndef SICU_FEAT_DMR_REPLAY
    wire _unused_rq = &{1'b0, x_rqv, x_rqs, r_rqv, r_rqs, 1'b0};
`endif
    /* verilator lint_on UNUSEDSIGNAL */
endmodule
`default_nettype wire
