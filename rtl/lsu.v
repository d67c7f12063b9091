// sicu CU: load/store unit - MUBUF/MTBUF (incl. format conversion), DS (the LDS
// array itself is lds.v).  Scalar loads are smem.v's; of SMRD only s_memtime
// comes here (a fault: not supported).
//
// One instruction at a time, in order (so global atomics perform in issue
// order across waves), except plain DS reads/writes, which pass through three
// stages in order, one instruction in each: the front collects the operand
// rows, an access stage (ga_*) makes the bank accesses, a back end (bk_*)
// drains the bank pipeline, writes back and completes (see "Plain DS reads
// and writes" below).  The front's states:
//   COLLECT  read the VGPR rows it needs (address, store data) from the
//            wave's SIMD, one 64-lane row per cycle; then the wave is free
//            to issue again (memory results are ordered by s_waitcnt);
//   ACCESS   per active lane and dword: buffer address (V# base, stride,
//            swizzle, offen/idxen/addr64, soffset, range check: loads of
//            out-of-range dwords read 0, stores are dropped) and a request
//            on the global-memory port (valid/ready, in-order responses),
//            or an access to the LDS (M0 / allocation bound, element
//            alignment, byte enables);
//   DRAIN    wait for every response;
//   CONV     format loads only: convert the raw element of one active lane
//            per component per cycle and write the lane's result dwords;
//   WB       write result rows to the SIMD's VGPR file under EXEC;
// then report completion (waitcnt counter) and retire.
// Global atomics are sent to the memory port with the op index: the atomic
// ALU sits at the memory (the harness), which returns the pre-op value.
// A 32-bit buffer atomic does not hold the front for its memory round trip:
// once its requests are sent, it joins the atomic return queue (ar_*,
// LSU_ATOMQ entries, in order) and waits there for its responses; each
// returned pre-op value (GLC) is written to its lane of the destination row
// as it arrives (dq_*: a one-lane write the cycle after, before any other
// row write of this unit), out-of-range lanes get 0 in one masked write when
// it joins, and the queue's head completes after its last response.
// Responses are in order, so they belong to the oldest entry still missing
// some, then to the front.  Meanwhile the front runs DS instructions and
// further 32-bit buffer atomics (a full queue holds the next one in DRAIN).
// Any other global memory instruction waits until the queue is empty, and a
// global memory completion of the front waits for the queue's, so vmcnt
// completions stay in order.
// Format loads/stores (buffer_*_format_*, tbuffer_*; sw/vmem.c, lsu_fmt.vh):
// data format from the V# (MUBUF) or the instruction (MTBUF), 8/16/32-bit
// components (1, 2, 3 or 4), element of 1/2/4/8/12/16 bytes read or written
// as one 1- or 2-byte request or 1..4 dword requests, range checked
// all-or-nothing over its dwords (out of range: a load reads 0 incl. the w
// component, a store is dropped).  Loads: UINT, SINT, UNORM, SNORM, USCALED,
// SSCALED, FLOAT (16/32-bit), missing components (0, 0, 0, 1), DST_SEL (MUBUF),
// the TFE dword; stores: UINT, SINT, UNORM, SNORM, FLOAT, min(ncomp, fc)
// components converted and 0 for the others.  One converter each way: stores
// convert the current lane's components in ACCESS (a cycle per component)
// before its requests.  A pair sw/vmem.c rejects (10_11_11 and the other
// packed formats, 32-bit UNORM/SNORM/SCALED, 8-bit FLOAT, SNORM_OGL, stores of
// USCALED/SSCALED) faults when a lane is active.
// Not supported here (reported as a fault naming the instruction): the MUBUF
// lds bit, addr64 with offen/idxen.
`default_nettype none
`include "sicu_assert.vh"
module lsu #(
    parameter NW = `SICU_WAVES,
    parameter WW = (NW > 1) ? $clog2(NW) : 1,
    parameter NS = `SICU_SIMDS,
    parameter VAW = `SICU_VROW_BITS,
    parameter SAW = $clog2(`SICU_SGPR_ROWS + `SICU_WAVES * 32),
    parameter LAW = $clog2(`SICU_LDS_BYTES) + 1,
    parameter AQ = `SICU_LSU_ATOMQ,                  // atomic return queue entries
    parameter AQW = (AQ > 1) ? $clog2(AQ) : 1
) (
    input  wire              clk,
    input  wire              rst,
    input  wire              op_valid,
    output wire              op_ready,
    // the operand packet (sw/isa/op_packet.def); this unit uses some of its fields
    /* verilator lint_off UNUSEDSIGNAL */
    input  wire [`OPK_W-1:0] op_pkt,
    /* verilator lint_on UNUSEDSIGNAL */
    // VGPR access (through the wave's SIMD)
    output reg  [NS-1:0]     vrd_en,
    output reg  [VAW-1:0]    vrd_row,
    input  wire [NS*2048-1:0] vrd_data,
    output reg  [NS-1:0]     vwr_en,
    output reg  [VAW-1:0]    vwr_row,
    output reg  [63:0]       vwr_mask,
    output reg  [2047:0]     vwr_data,
    // LDS (lds.v): 32 banks, one dword access per bank per cycle, read data the
    // cycle after the next
    output wire [31:0]       lds_req_en,
    output wire              lds_req_we,
    output wire [32*LAW-1:0] lds_req_addr,    // physical byte address of each bank's access
    output wire [32*4-1:0]   lds_req_be,
    output wire [32*32-1:0]  lds_req_wdata,
    input  wire [32*32-1:0]  lds_rsp_data,
    // global memory port
    output reg               mem_req_valid,
    input  wire              mem_req_ready,
    output reg  [63:0]       mem_req_addr,
    output reg  [3:0]        mem_req_size,    // bytes: 1, 2, 4, 8
    output wire [31:0]       mem_req_mode,    // the wave's MODE (FP atomics at memory)
    output wire [47:0]       mem_req_pc,      // the instruction's PC (for error reports only)
    output reg               mem_req_we,
    output reg               mem_req_atomic,
    output reg  [9:0]        mem_req_op,      // SI_OP_* (atomics)
    output reg  [63:0]       mem_req_wdata,
    output reg  [63:0]       mem_req_cmp,
    output reg  [WW-1:0]     mem_req_wave,
    output reg  [15:0]       mem_req_tag,
    output reg  [5:0]        mem_req_lane,
    input  wire              mem_rsp_valid,
    input  wire [63:0]       mem_rsp_data,
    // hand-off to the vector memory pipeline (vmem.v): dword buffer loads with
    // every active lane's address dword aligned, not swizzled
    output wire              vm_valid,
    input  wire              vm_ready,
    input  wire              vm_busy,         // vmem holds instructions: others but DS wait (memory order)
    output wire              vm_hold,         // this unit writes VGPR rows / completes: vmem waits
    // memory order with the scalar memory unit (smem.v)
    input  wire [NW-1:0]     sm_unsent,       // waves with scalar loads to send: their global memory and DS instructions wait
    input  wire [NW-1:0]     vq_unsent,       // waves with line requests to make in vmem.v: their DS instructions wait
    output reg  [NW-1:0]     vm_unsent,       // waves with a global memory instruction here that has requests to make,
                                              // or a DS instruction that has LDS accesses to make
    output wire [WW-1:0]     vm_wave,
    output wire [15:0]       vm_tag,
    output wire [47:0]       vm_pc,
    output wire [63:0]       vm_exec,
    output wire [2:0]        vm_nd,
    output wire [VAW-1:0]    vm_vdst,
    output wire [8:0]        vm_areg,
    output wire [127:0]      vm_vs,
    output wire [31:0]       vm_soff,
    output wire [15:0]       vm_offset,
    output wire              vm_addr64,
    output wire              vm_idxen,
    output wire              vm_offen,
    output wire [2047:0]     vm_a0,
    output wire [2047:0]     vm_a1,
    output wire              vm_store,
    output wire [8191:0]     vm_d,            // store data rows {dword 3, 2, 1, 0}
    // events
    output reg               free_valid,      // operands collected
    output reg  [WW-1:0]     free_wave,
`ifdef SICU_FEAT_RFV_ON
    // register-file virtualization (rfv_map.v in the wave's SIMD): the
    // flagged source VGPRs to release, in the cycle the instruction's last
    // operand row has been read (the cycle before free_valid)
    output wire [2:0]        rfv_rl_valid,
    output wire [WW-1:0]     rfv_rl_wave,
    output wire [3*VAW-1:0]  rfv_rl_vrow,
    output wire [3*3-1:0]    rfv_rl_n,
`endif
    output reg               done_valid,      // completed: waitcnt counter and retirement
    output reg  [WW-1:0]     done_wave,
    output reg  [15:0]       done_tag,
    output reg  [47:0]       done_pc,
    output reg               done_vm,
    // trace monitor (testbench observation, no function): the instruction in
    // flight (owner of the LDS writes), what it wrote to the VGPR file
    // at done, and every LDS write
    output wire [WW-1:0]     mon_wave,
    output wire [15:0]       mon_tag,
    output reg  [63:0]       done_exec,
    output reg  [8:0]        mon_vwr_areg,     // architectural VGPR (256 + n) of the vwr_* row written
    output reg  [WW-1:0]     mon_vwr_wave,     // ... and its instruction
    output reg  [15:0]       mon_vwr_tag,
    output wire [31:0]       mon_lds_valid,    // up to 32 LDS writes this cycle, in the emulator's order
    output wire [32*6-1:0]   mon_lds_lane,
    output wire [32*LAW-1:0] mon_lds_addr,     // byte address of the dword, inside the work-group's LDS
    output wire [32*4-1:0]   mon_lds_be,
    output wire [32*32-1:0]  mon_lds_data,
    output wire              mon_lds_acc,      // mon_wave/mon_tag's instruction accesses the LDS this cycle
    output reg               fault_valid,
    output reg  [WW-1:0]     fault_wave,
    output reg  [47:0]       fault_pc,
    // activity
    output reg  [31:0]       pc_busy_cycles,
    output reg  [31:0]       pc_mem_reqs,
    output reg  [31:0]       pc_lds_accesses,
    output reg  [31:0]       pc_lds_conflicts, // plain DS access cycles that leave a group's accesses for later (bank conflicts)
    output reg  [31:0]       pc_atomq          // atomic return queue entries, summed over cycles
);
`include "si_isa.vh"
`include "cu_defs.vh"

    // fields of the operand packet
    wire [WW-1:0]     op_wave = op_pkt[`OPK_WAVE];
    wire [15:0]       op_tag = op_pkt[`OPK_TAG];
    wire [`DI_W-1:0]  op_bundle = op_pkt[`OPK_BUNDLE];
    wire [63:0]       op_s2 = op_pkt[`OPK_S2];
    wire [63:0]       op_s3 = op_pkt[`OPK_S3];
    wire [63:0]       op_dold = op_pkt[`OPK_DOLD];
    wire [63:0]       op_exec = op_pkt[`OPK_EXEC];
    wire [31:0]       op_m0 = op_pkt[`OPK_M0];
    wire [31:0]       op_mode = op_pkt[`OPK_MODE];
    wire [VAW-1:0]    op_vrow0 = op_pkt[`OPK_VROW0];
    wire [VAW-1:0]    op_vrow1 = op_pkt[`OPK_VROW1];
    wire [VAW-1:0]    op_vrow2 = op_pkt[`OPK_VROW2];
    wire [VAW-1:0]    op_vdst = op_pkt[`OPK_VDST];
    wire [LAW-1:0]    op_lds_base = op_pkt[`OPK_LDS_BASE];
    wire [LAW-1:0]    op_lds_size = op_pkt[`OPK_LDS_SIZE];
    // FP library (DS FP atomics, format conversion) and the format converters.
    // The FP library names its MODE argument `mode`; nothing here shadows it.
`include "si_fp_lzc.vh"
`include "si_fp32.vh"
`include "si_fp_cvt.vh"
`include "si_fp64.vh"
`include "lsu_fmt.vh"

    localparam [2:0] S_IDLE = 3'd0, S_COLLECT = 3'd1, S_ACCESS = 3'd2, S_DRAIN = 3'd3, S_WB = 3'd4, S_DONE = 3'd5,
                     S_CONV = 3'd6, S_VM = 3'd7;
    localparam [3:0] K_BLOAD = 4'd1, K_BSTORE = 4'd2, K_BATOM = 4'd3, K_DSREAD = 4'd4,
                     K_DSWRITE = 4'd5, K_NOP = 4'd6, K_FAULT = 4'd7, K_DSATOM = 4'd8,
                     K_DSSWZ = 4'd9, K_DSCNT = 4'd10, K_FLOAD = 4'd11, K_FSTORE = 4'd12,
                     K_DSXCHG2 = 4'd13;   // ds_wrxchg2*: per lane, read both elements, then write both
    // read-modify-write operations (DS atomics; same meaning as sw/memop.h)
    // read-modify-write operations: SI_AOP_* (generated from sw/isa/aops.def)

    reg [2:0]        st;
    reg [WW-1:0]     x_wave;
    reg [15:0]       x_tag;
    reg [`DI_W-1:0]  x_b;
    reg [63:0]       x_exec;
    reg [127:0]      x_vs;
    reg [31:0]       x_soff, x_m0;
    reg [VAW-1:0]    x_rd;
    reg [LAW-1:0]    x_ldsb, x_ldss;
    reg [3:0]        x_kind;
    reg [4:0]        x_aop;
    reg [1:0]        at_ph;       // DS atomic phase: 0 read, 1 wait, 2 write
    reg [31:0]       x_mode;
    reg [3:0]        x_esz;       // element bytes
    reg [4:0]        x_nd;        // result / data dwords per lane
    reg              x_sext, x_2addr, x_st64, x_rtn;
    // format ops: number format, width code (lsu_fmt.vh), components in
    // memory, element dwords, format from the instruction (MTBUF: no DST_SEL)
    reg [2:0]        x_fnf;
    reg [1:0]        x_fbc;
    reg [2:0]        x_fc, x_fnd;
    reg              x_tbuf;
    reg [1:0]        f_c;         // component being converted
    reg              f_req;       // format store: components converted, sending the element's requests
    // operand buffers: address rows and data rows
    reg [2047:0]     abuf [0:1];
    reg [2047:0]     dbuf [0:3];
    reg  [2047:0]    rb_r0, rb_r1, rb_r2, rb_r3, rb_r4;   // result rows (see "result rows" below)
    // collect sequencing
    reg [2:0]        c_n, c_i;
    reg              c_pend, c_pend2;
    reg [2:0]        c_slot_q, c_slot_q2;
    reg [VAW-1:0]    c_row [0:5];
    reg [2:0]        c_slot [0:5];
    // access iteration
    reg [6:0]        a_lane;
    reg [4:0]        a_d;
    reg [6:0]        outst;
    reg [9:0]        rq_tag [0:63];   // {d[3:0], lane[5:0]} of outstanding loads
    reg [5:0]        rq_wr, rq_rd;
    reg              lds_rd_pend, lds_rd_pend2;
    reg [9:0]        lds_rd_tag, lds_rd_tag2;
    reg [1:0]        lds_rd_byte, lds_rd_byte2;
    // write-back sequencing
    reg [4:0]        w_i;
    // Atomic return queue (ar_*, see "Global atomics" in the header): 32-bit
    // buffer atomics whose requests are all sent, waiting for their
    // responses while the front goes on; dq_* holds a returned pre-op value
    // for one cycle before its one-lane VGPR write.
    reg [WW-1:0]     ar_wave [0:AQ-1];
    reg [15:0]       ar_tag [0:AQ-1];
    reg [47:0]       ar_pc [0:AQ-1];
    reg [63:0]       ar_exec [0:AQ-1];
    reg              ar_rtn [0:AQ-1];
    reg [VAW-1:0]    ar_rd [0:AQ-1];
    reg [7:0]        ar_dst [0:AQ-1];
    reg [6:0]        ar_left [0:AQ-1];   // its responses still to come
    reg [AQW-1:0]    ar_hd, ar_tl;       // oldest entry, next free one
    reg [AQW:0]      ar_n;               // entries
    reg [6:0]        ar_out;             // responses still to come for the whole queue (the oldest of outst)
    wire             ar_busy = ar_n != 0;
    reg [63:0]       x_oobm;         // the front's atomic: active lanes out of range (no request)
    reg              dq_v;
    reg [WW-1:0]     dq_wave;
    reg [15:0]       dq_tag;
    reg [VAW-1:0]    dq_rd;
    reg [7:0]        dq_dst;
    reg [5:0]        dq_lane;
    reg [31:0]       dq_data;

    wire [9:0]  xop = x_b[`DI_OP];
    wire [2:0]  c_dslot3 = c_slot_q2 - 3'd2;
    wire [1:0]  c_dslot = c_dslot3[1:0];
    wire [8:0]  x_dst = x_b[`DI_DST];
    reg  [2047:0] my_vrd;   // the VGPR read data of the wave's SIMD
    integer mi;
    always @* begin
        my_vrd = vrd_data[2047:0];
        for (mi = 1; mi < NS; mi = mi + 1)
            if (wave_simd(x_wave) == mi) my_vrd = vrd_data[mi*2048 +: 2048];
    end
    function automatic integer wave_simd(input [WW-1:0] w);
        wave_simd = {{(32-WW){1'b0}}, w} % NS;
    endfunction

    // ---------------------------------------------------------------- classification
    reg [3:0] k_kind;
    reg [4:0] k_aop;
    reg       k_rtn, k_2data;
    reg [3:0] k_esz;
    reg [4:0] k_nd;
    reg       k_sext, k_2addr, k_st64;
    wire [9:0] pop = op_bundle[`DI_OP];
    wire [`MA_W-1:0] k_ma = si_op_mem(pop);     // sw/isa/memop.def
    // format of a format op: V# dword 3 (op_s3[63:32]) NUM_FORMAT [110:108] and
    // DATA_FORMAT [114:111] (MUBUF), or the instruction's NFMT / DFMT (MTBUF)
    wire       k_tbuf = k_ma[`MA_TBUF];
    wire [3:0] k_fdf = k_tbuf ? op_bundle[`DI_DFMT] : op_s3[50:47];
    wire [2:0] k_fnf = k_tbuf ? op_bundle[`DI_NFMT] : op_s3[46:44];
    wire [4:0] k_finfo = fmt_dfmt_info(k_fdf);
    wire [2:0] k_fc = k_finfo[4:2];
    wire [1:0] k_fbc = k_finfo[1:0];
    // element dwords, and the request size: elements of 1, 2 or 4 bytes are one
    // request, 8/12/16-byte elements one dword request per dword
    wire [2:0] k_fnd = (k_fbc == 2'd2) ? k_fc : (k_fbc == 2'd1 && k_fc == 3'd4) ? 3'd2 : 3'd1;
    wire [3:0] k_fesz = (k_fbc == 2'd2) ? 4'd4 : (k_fbc == 2'd1) ? ((k_fc == 3'd1) ? 4'd2 : 4'd4) : {1'b0, k_fc};
    // the row's bytes (element, or per lane), and the element
    // bytes / dwords per lane of an access of that size
    wire [6:0] k_sz = k_ma[`MA_SIZE];
    wire [3:0] k_sz_e = (k_sz < 7'd4) ? k_sz[3:0] : (k_sz == 7'd8 ? 4'd8 : 4'd4);
    wire [4:0] k_sz_d = (k_sz < 7'd4) ? 5'd1 : k_sz[6:2];
    always @* begin
        k_kind = K_FAULT; k_esz = 4'd4; k_nd = 5'd1;
        k_2data = 1'b0; k_2addr = 1'b0;
        // everything from the memory-op attribute table (sw/isa/memop.def,
        // kinds in memkinds.def): kind, sizes, operation, sign extension, st64
        // offsets, whether a DS op returns the pre-op value (buffer atomics: GLC)
        k_aop = k_ma[`MA_AOP]; k_sext = k_ma[`MA_SEXT]; k_st64 = k_ma[`MA_ST64];
        k_rtn = (k_ma[`MA_KIND] == SI_MK_BUF_ATOMIC) ? op_bundle[`DI_GLC] : k_ma[`MA_RTN];
        case (k_ma[`MA_KIND])
            SI_MK_BUF_NOP:       k_kind = K_NOP;
            // buffer loads/stores: elements of 1, 2 or 4 bytes, x2/x4 as dwords
            SI_MK_BUF_LOAD:      begin k_kind = K_BLOAD; k_esz = (k_sz < 7'd4) ? k_sz[3:0] : 4'd4; k_nd = k_sz_d; end
            SI_MK_BUF_STORE:     begin k_kind = K_BSTORE; k_esz = (k_sz < 7'd4) ? k_sz[3:0] : 4'd4; k_nd = k_sz_d; end
            // format ops: k_nd = the instruction's components (result / data dwords)
            SI_MK_BUF_LOAD_FMT:  begin k_kind = K_FLOAD; k_nd = {2'd0, k_ma[`MA_NCOMP]}; end
            SI_MK_BUF_STORE_FMT: begin k_kind = K_FSTORE; k_nd = {2'd0, k_ma[`MA_NCOMP]}; end
            // data dwords of one element; compare-and-swap carries {cmp, data}
            SI_MK_BUF_ATOMIC: begin
                k_kind = K_BATOM; k_nd = k_sz_d;
                k_2data = k_aop == SI_AOP_CMPSWAP || k_aop == SI_AOP_FCMPSWAP;
            end
            // DS: elements of 1, 2, 4 or 8 bytes; read2/write2/wrxchg2 two per lane
            SI_MK_DS_READ:       begin k_kind = K_DSREAD; k_esz = k_sz_e; k_nd = k_sz_d; end
            SI_MK_DS_WRITE:      begin k_kind = K_DSWRITE; k_esz = k_sz_e; k_nd = k_sz_d; end
            SI_MK_DS_READ2:      begin k_kind = K_DSREAD; k_esz = k_sz_e; k_nd = k_sz_d << 1; k_2addr = 1'b1; end
            SI_MK_DS_WRITE2:     begin k_kind = K_DSWRITE; k_esz = k_sz_e; k_nd = k_sz_d << 1; k_2addr = 1'b1; end
            SI_MK_DS_WRXCHG2:    begin k_kind = K_DSXCHG2; k_esz = k_sz_e; k_nd = k_sz_d << 1; k_2addr = 1'b1; end
            // DS atomics: read-modify-write of one element per lane (data0 / data1 as sw/ds.c)
            SI_MK_DS_ATOMIC: begin
                k_kind = K_DSATOM; k_esz = k_sz_e; k_nd = k_sz_d;
                k_2data = k_aop == SI_AOP_CMPSWAP || k_aop == SI_AOP_FCMPSWAP || k_aop == SI_AOP_MSKOR;
            end
            // lane permutation without an LDS access; wave-wide LDS counter at M0 + offset
            SI_MK_DS_SWIZZLE:    k_kind = K_DSSWZ;
            SI_MK_DS_APPEND, SI_MK_DS_CONSUME: k_kind = K_DSCNT;
            default: k_kind = K_FAULT;   // src2 forms, GWS, s_memtime: not in the RTL
        endcase
        // format ops: requests of the element size (1 or 2 bytes) or dwords; a
        // pair the emulator rejects faults, unless no lane is active (sw/vmem.c
        // checks the format after the EXEC == 0 early return)
        if (k_kind == K_FLOAD || k_kind == K_FSTORE) begin
            k_esz = k_fesz;
            if (!fmt_pair_ok(k_finfo, k_fnf, k_kind == K_FSTORE) && op_exec != 64'd0) k_kind = K_FAULT;
        end
        if ((op_bundle[`DI_FMT] == SI_FMT_MUBUF || op_bundle[`DI_FMT] == SI_FMT_MTBUF) && (op_bundle[`DI_LDS] ||
            (op_bundle[`DI_ADDR64] && (op_bundle[`DI_OFFEN] || op_bundle[`DI_IDXEN]))))
            k_kind = K_FAULT;
    end

    // vmem candidates: dword buffer loads and stores (1-4 dwords), no TFE, V#
    // not swizzled; handed over when every active lane's address is dword aligned
    wire k_fast = (k_kind == K_BLOAD || k_kind == K_BSTORE) && k_esz == 4'd4 && !op_bundle[`DI_TFE] && !op_s2[63];
    reg  x_fast;

    // ---------------------------------------------------------------- buffer addressing (see sw/vmem.c)
    wire [13:0] vs_stride = x_vs[61:48];
    wire [31:0] vs_nrec = x_vs[95:64];
    wire        vs_tid = x_vs[119];
    // lane ln's dword of a row: a 64:1 word multiplexer written as a tree of
    // 2:1 selects (a variable part-select becomes a 2048-bit shifter in Yosys'
    // techmap, minutes of synthesis per use)
    function automatic [31:0] lanew(input [2047:0] row, input [5:0] ln);
        reg [1023:0] h32;
        reg [511:0]  h16;
        reg [255:0]  h8;
        reg [127:0]  h4;
        reg [63:0]   h2;
        begin
            h32 = ln[5] ? row[2047:1024] : row[1023:0];
            h16 = ln[4] ? h32[1023:512] : h32[511:0];
            h8 = ln[3] ? h16[511:256] : h16[255:0];
            h4 = ln[2] ? h8[255:128] : h8[127:0];
            h2 = ln[1] ? h4[127:64] : h4[63:0];
            lanew = ln[0] ? h2[63:32] : h2[31:0];
        end
    endfunction
`ifdef VERILATOR
    // simulation: the dword itself (a call of lanew would copy the 2048-bit
    // row into the function every cycle)
 `define LSU_LANEW(row, ln) row[{ln, 5'd0} +: 32]
`else
 `define LSU_LANEW(row, ln) lanew(row, ln)
`endif
    // {out of range, address} of lane ln's dword at byte `extra` (buf_addr.vh)
`include "buf_addr.vh"
    function automatic [64:0] buf_addr_f(input [5:0] ln, input [31:0] extra);
        buf_addr_f = buf_addr(x_vs, x_soff, x_b[`DI_OFFSET], x_b[`DI_ADDR64], x_b[`DI_IDXEN], x_b[`DI_OFFEN],
                              l_a0, l_a1, ln, extra);
    endfunction

    // ---------------------------------------------------------------- LDS port (lds.v, 32 banks)
    // The single-access path (atomics, wrxchg2, append/consume, and the
    // sequencing of everything but plain DS reads/writes): one dword per
    // cycle at lds_a, in the bank lds_a[6:2].
    reg         lds_en, lds_we;
    reg  [LAW-1:0] lds_a;
    reg  [5:0]  lds_lane;
    reg  [3:0]  lds_be;
    reg  [31:0] lds_wd;
    reg  [4:0]  lds_bank_q;          // bank of the single access whose data is on lds_rsp_data
    reg  [31:0] lds_q;
    integer     lq;
    always @* begin   // a select over the banks (no variable part-select of the 1024-bit bus)
        lds_q = 32'd0;
        for (lq = 0; lq < 32; lq = lq + 1)
            if (lds_bank_q == lq[4:0]) lds_q = lds_rsp_data[lq*32 +: 32];
    end

    // Plain DS reads and writes (ds_read*/ds_write* incl. read2/write2, any
    // element size): the lanes' accesses in the emulator's order (lane by
    // lane, dwords of a lane in order) are taken in aligned groups of 32
    // dwords (32 lanes of b32, 16 of b64 / read2 b32, 8 of read2 b64); each
    // cycle serves, per bank, the first of the group's pending accesses in
    // that order, and with it the later reads of the same dword
    // (broadcast); an access behind a pending one in its bank waits.  A
    // conflict-free wave of b32 takes 2 cycles, 32 lanes on one bank 64, a
    // read2 whose two dwords share a bank 8.  Writes to one bank (so to one
    // dword) stay in the emulator's order, so the final LDS contents equal
    // the emulator's whatever the addresses; a write also waits for its
    // lane's earlier dwords, so each lane's writes are reported in order.
    wire       fp_kind = x_kind == K_DSREAD || x_kind == K_DSWRITE;
    // Plain DS reads/writes run in three stages, so that consecutive ones
    // overlap: the front collects the operand rows (COLLECT) and passes the
    // instruction to the access stage (ga_*), which makes the group accesses
    // below from its own copy of the address and data rows into the result
    // rows rb_r*; at its last group access it passes the instruction on to
    // the back end (bk_*), which takes a copy of the result rows (bk_r*),
    // drains the bank pipeline into them (fp1_bk / fp2_bk: the accesses in
    // flight that are the back end's), writes them back and completes.  A
    // stage takes the next instruction as soon as it has passed its own on;
    // everything else waits until the access stage and back end are empty.
    reg              ga_busy;
    reg [WW-1:0]     ga_wave;
    reg [15:0]       ga_tag;
    reg [47:0]       ga_pc;
    reg [63:0]       ga_exec;
    reg              ga_we, ga_sext, ga_2addr, ga_st64;
    reg [3:0]        ga_esz;
    reg [4:0]        ga_nd;
    reg [15:0]       ga_off;
    reg [7:0]        ga_off1;
    reg [31:0]       ga_lim;
    reg [LAW-1:0]    ga_ldsb;
    reg [VAW-1:0]    ga_rd;
    reg [7:0]        ga_dst;
    reg [2047:0]     ga_a;           // address row
    reg [2047:0]     ga_d [0:3];     // data rows (writes)
    reg              bk_busy;
    reg              bk_wb;          // writing back its rows (else draining the bank pipeline)
    reg [WW-1:0]     bk_wave;
    reg [15:0]       bk_tag;
    reg [47:0]       bk_pc;
    reg              bk_read;
    reg [4:0]        bk_nd, bk_wi;
    reg [VAW-1:0]    bk_rd;
    reg [7:0]        bk_dst;
    reg [63:0]       bk_exec;
    reg [2047:0]     bk_r0, bk_r1, bk_r2, bk_r3;   // the back end's result rows
    wire [1:0] fp_s = (ga_nd == 5'd1) ? 2'd0 : (ga_nd == 5'd2) ? 2'd1 : 2'd2;   // log2 dwords per lane
    wire [2:0] fp_glast = (ga_nd == 5'd1) ? 3'd1 : (ga_nd == 5'd2) ? 3'd3 : 3'd7;
    reg  [2:0] fg_g;                 // current group
    reg [31:0]       fp1_v;          // group access stage 1 (below): the served positions
    reg              fp1_bk;         // ... belong to the back end's instruction
    // the back end's accesses in flight in stage 1 (stage 2 writes its rows
    // at the end of the cycle)
    wire       bk_fp1 = fp1_bk && fp1_v != 32'd0;
    // the back end completes this cycle: a read with its last row written
    // back, a write with its bank writes made
    wire       bk_fin = bk_busy && (bk_read ? bk_wb && !dq_v && bk_wi + 5'd1 >= bk_nd : !bk_fp1);
    // a group access this cycle; the last group waits until the back end is
    // empty or completing
    wire       fp_go = ga_busy && !(fg_g == fp_glast && bk_busy && !bk_fin);
    // The wide per-position logic below is simulated only in the cycles that
    // use it (`SICU_SIM_WHEN: fp_go, fp1_v, fp2_v; the LSU serves plain DS
    // accesses a small part of the time); synthesis sees it unconditionally.
    // per dword d of a lane (as ds_addr_g): the element's offset, the dword within
    // the element, the alignment mask and the limit, the same for every lane
    reg [127:0] fp_off;
    reg [3:0]   fp_jj;
    reg [31:0]  fp_amask, fp_lim;
    integer     fo;
    always @* begin
        for (fo = 0; fo < 4; fo = fo + 1) begin
            fp_jj[fo] = ga_esz == 4'd8 && fo[0];
            if (ga_2addr)
                fp_off[fo*32 +: 32] = ({24'd0, ((ga_esz == 4'd8 ? fo >> 1 : fo) == 0) ? ga_off[7:0] : ga_off1} *
                                       {28'd0, ga_esz}) << (ga_st64 ? 6 : 0);
            else fp_off[fo*32 +: 32] = {16'd0, ga_off};
        end
        fp_amask = (ga_esz > 4'd1) ? ~({28'd0, ga_esz} - 32'd1) : 32'hffffffff;
        fp_lim = ga_lim;
    end
    reg        fg_new;               // its pending set is not loaded yet
    reg [31:0] fg_pm;                // its pending accesses
    wire [31:0]       pos_ok;        // position i: an active lane's in-range dword
    wire [32*LAW-1:0] pos_a;         // physical byte address
    wire [32*6-1:0]   pos_lane;
    wire [32*4-1:0]   pos_be;
    wire [32*32-1:0]  pos_wd;
    genvar gp;
    generate
        for (gp = 0; gp < 32; gp = gp + 1) begin : g_pos
            reg [31:0] a0, wd;
            reg [5:0]  ln;
            reg [1:0]  pd;
            integer    ss, gg, li, di;
            always @* begin
                a0 = 32'd0; wd = 32'd0; ln = 6'd0; pd = 2'd0; li = 0; di = 0;
                `SICU_SIM_WHEN(fp_go)
                for (ss = 0; ss < 3; ss = ss + 1)
                    for (gg = 0; gg < (2 << ss); gg = gg + 1)   // the groups of 2^ss dwords per lane
                        if (ss == {30'd0, fp_s} && gg == {29'd0, fg_g}) begin
                            li = gg * (32 >> ss) + (gp >> ss);     // the lane
                            di = gp & ((1 << ss) - 1);              // its dword
                            ln = li[5:0];
                            pd = di[1:0];
                            a0 = ga_a[(gg * (32 >> ss) + (gp >> ss)) * 32 +: 32];
                            wd = ga_d[gp & ((1 << ss) - 1)][(gg * (32 >> ss) + (gp >> ss)) * 32 +: 32];
                        end
            end
            // ds_addr_g with the instruction's offsets and limit computed once (fp_off, fp_lim)
            wire [31:0] da_a = (a0 + fp_off[pd*32 +: 32]) & fp_amask;
            wire [32:0] da = {({1'b0, da_a} + {29'd0, ga_esz}) > {1'b0, fp_lim}, da_a + {29'd0, fp_jj[pd], 2'b00}};
            /* verilator lint_off UNUSEDSIGNAL */
            wire _unused_da = &{1'b0, da[31:LAW], li[31:6], di[31:2], 1'b0};
            /* verilator lint_on UNUSEDSIGNAL */
            assign pos_ok[gp] = ga_exec[ln] && !da[32];
            assign pos_a[gp*LAW +: LAW] = ga_ldsb + da[LAW-1:0];
            assign pos_lane[gp*6 +: 6] = ln;
            assign pos_be[gp*4 +: 4] = (ga_esz == 4'd1) ? (4'b0001 << da[1:0]) :
                                       (ga_esz == 4'd2) ? (4'b0011 << {da[1], 1'b0}) : 4'b1111;
            assign pos_wd[gp*32 +: 32] = (ga_esz == 4'd1) ? {4{wd[7:0]}} : (ga_esz == 4'd2) ? {2{wd[15:0]}} : wd;
        end
    endgenerate
    // the run served this cycle
    reg [31:0] fp_cur, fp_srv;
    reg        fp_conf, fp_pwait;    // fp_pwait: the previous position waits (pending, not served)
    reg [5:0]  fp_plane;             // ... and its lane
    integer    fpq, fpk;
    always @* begin
        fp_cur = fg_new ? pos_ok : fg_pm;
        fp_srv = 32'd0;
        fp_conf = 1'b0;
        fp_pwait = 1'b0;
        fp_plane = 6'd0;
        `SICU_SIM_WHEN(fp_go)
        for (fpq = 0; fpq < 32; fpq = fpq + 1) begin
            fp_conf = 1'b0;
            for (fpk = 0; fpk < fpq; fpk = fpk + 1)
                if (fp_cur[fpk] && pos_a[fpk*LAW+2 +: 5] == pos_a[fpq*LAW+2 +: 5] &&
                    !(!ga_we && pos_a[fpk*LAW+2 +: LAW-2] == pos_a[fpq*LAW+2 +: LAW-2]))
                    fp_conf = 1'b1;
            if (ga_we && fp_pwait && fp_plane == pos_lane[fpq*6 +: 6])
                fp_conf = 1'b1;
            if (fp_cur[fpq] && !fp_conf) fp_srv[fpq] = 1'b1;
            fp_pwait = fp_cur[fpq] && !fp_srv[fpq];
            fp_plane = pos_lane[fpq*6 +: 6];
        end
    end
    wire       fp_gdone = (fp_cur & ~fp_srv) == 32'd0;
    wire       ga_ho = fp_go && fp_gdone && fg_g == fp_glast;   // the last access: to the back end
    // stage 1: the served accesses, presented to the banks (fp1_v, fp1_bk above)
    reg              fp1_we;
    reg [2:0]        fp1_g;
    reg [32*LAW-1:0] fp1_a;
    reg [32*6-1:0]   fp1_lane;
    reg [32*4-1:0]   fp1_be;
    reg [32*32-1:0]  fp1_wd;
    reg              fp2_bk;
    reg [WW-1:0]     fp1_wave;       // (monitor) the instruction of the accesses
    reg [15:0]       fp1_tag;
    reg [LAW-1:0]    fp1_ldsb;
    // stage 2: read data on lds_rsp_data
    reg [31:0]       fp2_v;
    reg [2:0]        fp2_g;
    reg [1:0]        fp2_s, fp1_s;
    reg [3:0]        fp2_esz, fp1_esz;
    reg              fp2_sext, fp1_sext;
    reg [32*7-1:0]   fp2_bb;         // {bank, byte} per position
    always @(posedge clk) begin
        fp1_v <= 32'd0;
        fp2_v <= fp1_v & {32{!fp1_we}};
        fp2_g <= fp1_g;
        fp2_s <= fp1_s; fp2_esz <= fp1_esz; fp2_sext <= fp1_sext;
        fp2_bk <= fp1_bk || ga_ho;
        `SICU_SIM_WHEN(fp1_v != 32'd0)
            for (fpq = 0; fpq < 32; fpq = fpq + 1) fp2_bb[fpq*7 +: 7] <= fp1_a[fpq*LAW +: 7];
        lds_bank_q <= lds_a[6:2];
        if (rst) begin
            fg_new <= 1'b1; fg_g <= 3'd0; fp2_v <= 32'd0;
        end else if (fp_go) begin
            fp1_v <= fp_srv; fp1_we <= ga_we; fp1_g <= fg_g;
            fp1_s <= fp_s; fp1_esz <= ga_esz; fp1_sext <= ga_sext;
            fp1_a <= pos_a; fp1_lane <= pos_lane; fp1_be <= pos_be; fp1_wd <= pos_wd;
            fp1_bk <= ga_ho; fp1_wave <= ga_wave; fp1_tag <= ga_tag; fp1_ldsb <= ga_ldsb;
            fg_pm <= fp_cur & ~fp_srv;
            fg_new <= fp_gdone;
            if (ga_ho) fg_g <= 3'd0;
            else if (fp_gdone) fg_g <= fg_g + 3'd1;
        end else if (!ga_busy) begin
            fg_new <= 1'b1; fg_g <= 3'd0;
        end
    end
    // the banks' requests: the served run (a position per bank; reads of one
    // dword share it: the highest such position's request), or the single
    // access.  The served positions' bank numbers are bit-sliced (fp1_bs[j]:
    // bit j of every position's bank), so a bank's positions are five word
    // operations, and the highest one is isolated before the AND-OR select.
    reg  [31:0]       bq_en;
    reg  [32*LAW-1:0] bq_a;
    reg  [32*4-1:0]   bq_be;
    reg  [32*32-1:0]  bq_wd;
    reg  [31:0]       fp1_bs [0:4];
    reg  [31:0]       bq_m, bq_h, bq_oh;   // a bank's served positions; at and below the highest; the highest
    integer           bs_i, bq_k, bq_i;
    // (one process for the 32 banks, so that an idle cycle costs the
    // simulation two tests instead of 32 banks' worth of defaults)
    always @* begin
        bq_en = 32'd0; bq_a = {32*LAW{1'b0}}; bq_be = 128'd0; bq_wd = 1024'd0;
        bq_m = 32'd0; bq_h = 32'd0; bq_oh = 32'd0;
        for (bs_i = 0; bs_i < 5; bs_i = bs_i + 1) fp1_bs[bs_i] = 32'd0;
        `SICU_SIM_WHEN(fp1_v != 32'd0)
        begin
            for (bs_i = 0; bs_i < 32; bs_i = bs_i + 1) begin
                fp1_bs[0][bs_i] = fp1_a[bs_i*LAW+2]; fp1_bs[1][bs_i] = fp1_a[bs_i*LAW+3];
                fp1_bs[2][bs_i] = fp1_a[bs_i*LAW+4]; fp1_bs[3][bs_i] = fp1_a[bs_i*LAW+5];
                fp1_bs[4][bs_i] = fp1_a[bs_i*LAW+6];
            end
            for (bq_k = 0; bq_k < 32; bq_k = bq_k + 1) begin
                // the served positions on bank bq_k, the highest of them
                bq_m = fp1_v & (bq_k[0] ? fp1_bs[0] : ~fp1_bs[0]) & (bq_k[1] ? fp1_bs[1] : ~fp1_bs[1]) &
                       (bq_k[2] ? fp1_bs[2] : ~fp1_bs[2]) & (bq_k[3] ? fp1_bs[3] : ~fp1_bs[3]) &
                       (bq_k[4] ? fp1_bs[4] : ~fp1_bs[4]);
                bq_h = bq_m | (bq_m >> 1);
                bq_h = bq_h | (bq_h >> 2);
                bq_h = bq_h | (bq_h >> 4);
                bq_h = bq_h | (bq_h >> 8);
                bq_h = bq_h | (bq_h >> 16);                  // bits at and below the highest
                bq_oh = bq_h & ~(bq_h >> 1);
                `SICU_SIM_WHEN(bq_m != 32'd0)
                for (bq_i = 0; bq_i < 32; bq_i = bq_i + 1)
                    if (bq_oh[bq_i]) begin
                        bq_en[bq_k] = 1'b1; bq_a[bq_k*LAW +: LAW] = fp1_a[bq_i*LAW +: LAW];
                        bq_be[bq_k*4 +: 4] = fp1_be[bq_i*4 +: 4]; bq_wd[bq_k*32 +: 32] = fp1_wd[bq_i*32 +: 32];
                    end
            end
        end
        `SICU_SIM_WHEN(lds_en)
        for (bq_k = 0; bq_k < 32; bq_k = bq_k + 1)
            if (lds_en && lds_a[6:2] == bq_k[4:0]) begin
                bq_en[bq_k] = 1'b1; bq_a[bq_k*LAW +: LAW] = lds_a;
                bq_be[bq_k*4 +: 4] = lds_be; bq_wd[bq_k*32 +: 32] = lds_wd;
            end
    end
    wire bq_we = (fp1_v != 32'd0) ? fp1_we : lds_we;
    assign lds_req_en = bq_en;
    assign lds_req_we = bq_we;
    assign lds_req_addr = bq_a;
    assign lds_req_be = bq_be;
    assign lds_req_wdata = bq_wd;
    // the read data of each served position, extended (stage 2)
    wire [32*32-1:0] fp2_val;
    generate
        for (gp = 0; gp < 32; gp = gp + 1) begin : g_rsp
            wire [4:0]  bk = fp2_bb[gp*7+2 +: 5];
            wire [1:0]  by = fp2_bb[gp*7 +: 2];
            reg  [31:0] q;
            integer     qb;
            always @* begin
                q = 32'd0;
                `SICU_SIM_WHEN(fp2_v[gp])
                for (qb = 0; qb < 32; qb = qb + 1)
                    if (bk == qb[4:0]) q = lds_rsp_data[qb*32 +: 32];
            end
            wire [31:0] sh = (fp2_esz == 4'd1) ? q >> {by, 3'b000} : (fp2_esz == 4'd2) ? q >> {by[1], 4'b0000} : q;
            assign fp2_val[gp*32 +: 32] = ld_ext(sh, fp2_esz, fp2_sext);
        end
    endgenerate
`ifndef SYNTHESIS   // assertions: simulation only
    `SICU_ASSERT(lsu_lds_one_path, !(lds_en && fp1_v != 32'd0))
`endif

    wire [15:0] x_off16 = x_b[`DI_OFFSET];
    wire [7:0]  x_off1 = x_b[`DI_OFFSET1];
    // DS: {out of range, byte address} of dword d of the current lane (LDS space of the work-group)
    function automatic [32:0] ds_addr_g(input [31:0] a0, input [4:0] d);   // a lane whose address is a0
        reg [4:0]  e, jj;
        reg [31:0] off, a, lim;
        begin
            if (x_esz == 4'd8) begin e = d >> 1; jj = d & 5'd1; end
            else begin e = d; jj = 5'd0; end
            if (x_2addr)
                off = ({24'd0, (e == 5'd0) ? x_off16[7:0] : x_off1} * {28'd0, x_esz}) << (x_st64 ? 6 : 0);
            else off = {16'd0, x_b[`DI_OFFSET]};
            a = a0 + off;
            if (x_esz > 4'd1) a = a & ~({28'd0, x_esz} - 32'd1);
            lim = (x_m0 < {{(32-LAW){1'b0}}, x_ldss}) ? x_m0 : {{(32-LAW){1'b0}}, x_ldss};
            ds_addr_g = {({1'b0, a} + {29'd0, x_esz}) > {1'b0, lim}, a + {25'd0, jj, 2'b00}};
        end
    endfunction

    // ---------------------------------------------------------------- DS atomic ALU
    function automatic [63:0] ds_aop(input [4:0] a, input is64, input [63:0] old_i, input [63:0] src_i,
                                     input [63:0] cmp_i, input [31:0] amode);
        reg [63:0] o, v, c, r;
        begin
            o = is64 ? old_i : {32'd0, old_i[31:0]};
            v = is64 ? src_i : {32'd0, src_i[31:0]};
            c = is64 ? cmp_i : {32'd0, cmp_i[31:0]};
            case (a)
                SI_AOP_SWAP:    r = v;
                SI_AOP_CMPSWAP: r = (o == c) ? v : o;
                SI_AOP_ADD:     r = o + v;
                SI_AOP_SUB:     r = o - v;
                SI_AOP_RSUB:    r = v - o;
                SI_AOP_SMIN:    r = (is64 ? ($signed(o) < $signed(v)) : ($signed(o[31:0]) < $signed(v[31:0]))) ? o : v;
                SI_AOP_SMAX:    r = (is64 ? ($signed(o) > $signed(v)) : ($signed(o[31:0]) > $signed(v[31:0]))) ? o : v;
                SI_AOP_UMIN:    r = (o < v) ? o : v;
                SI_AOP_UMAX:    r = (o > v) ? o : v;
                SI_AOP_AND:     r = o & v;
                SI_AOP_OR:      r = o | v;
                SI_AOP_XOR:     r = o ^ v;
                SI_AOP_INC:     r = (o >= v) ? 64'd0 : o + 64'd1;
                SI_AOP_DEC:     r = (o == 64'd0 || o > v) ? v : o - 64'd1;
                SI_AOP_FCMPSWAP: r = (is64 ? si_f64_cmp(o, c, 4'd2, amode) : si_f32_cmp(o[31:0], c[31:0], 4'd2, amode)) ? v : o;
                SI_AOP_FMIN:    r = is64 ? si_f64_min(o, v, amode) : {32'd0, si_f32_min(o[31:0], v[31:0], amode)};
                SI_AOP_FMAX:    r = is64 ? si_f64_max(o, v, amode) : {32'd0, si_f32_max(o[31:0], v[31:0], amode)};
                SI_AOP_MSKOR:   r = (o & ~v) | c;
                default:   r = o;
            endcase
            ds_aop = is64 ? r : {32'd0, r[31:0]};
        end
    endfunction
    // operands of the lane being updated: old value (captured in rbuf), data0 / data1
    wire        at_64 = x_esz == 4'd8;
    wire [63:0] at_old = {at_64 ? l_r1 : 32'd0, l_r0};   // result rows 1 / 0 of lane nxt_lane
    wire [63:0] at_d0 = {at_64 ? l_d1 : 32'd0, l_d0};
    wire [63:0] at_d1 = at_64 ? {l_d3, l_d2} : {32'd0, l_d1};
    wire        at_cmpst = x_aop == SI_AOP_CMPSWAP || x_aop == SI_AOP_FCMPSWAP;   // data0 = compare, data1 = new
    reg  [63:0] at_new_q;
    wire [63:0] at_new = ds_aop(x_aop, at_64, at_old, at_cmpst ? at_d1 : at_d0, at_cmpst ? at_d0 : at_d1, x_mode);

    // ---------------------------------------------------------------- ds_swizzle / ds_append / ds_consume
    wire [5:0]  swz_src = x_off16[15] ?
                          {nxt_lane[5:2], x_off16[{1'b0, nxt_lane[1:0], 1'b1}], x_off16[{1'b0, nxt_lane[1:0], 1'b0}]} :
                          {nxt_lane[5], ((nxt_lane[4:0] & x_off16[4:0]) | x_off16[9:5]) ^ x_off16[14:10]};
    wire [31:0] cnt_a = (x_m0 + {16'd0, x_off16}) & ~32'd3;
    wire [31:0] cnt_old = `LSU_LANEW(rb_r0, cnt_first);
    reg  [6:0]  cnt_n;
    reg  [5:0]  cnt_first;
    integer     ci;
    always @* begin
        cnt_n = 7'd0;
        cnt_first = 6'd0;
        for (ci = 63; ci >= 0; ci = ci - 1) begin
            cnt_n = cnt_n + {6'd0, x_exec[ci]};
            if (x_exec[ci]) cnt_first = ci[5:0];
        end
    end

    // ---------------------------------------------------------------- operand rows to collect for an accepted op
    // {address rows -> abuf slots 0/1, data rows -> dbuf slots 2..5}
    reg [VAW-1:0] pl_row [0:5];
    reg [2:0]     pl_slot [0:5];
    reg [2:0]     pl_n, n;
    integer       pi;
    always @* begin
        n = 3'd0;
        for (pi = 0; pi < 6; pi = pi + 1) begin pl_row[pi] = {VAW{1'b0}}; pl_slot[pi] = 3'd0; end
        if (k_kind == K_BLOAD || k_kind == K_BSTORE || k_kind == K_BATOM || k_kind == K_FLOAD || k_kind == K_FSTORE) begin
            if (op_bundle[`DI_ADDR64] || (op_bundle[`DI_IDXEN] && op_bundle[`DI_OFFEN])) begin
                pl_row[n] = op_vrow0; pl_slot[n] = 3'd0; n = n + 3'd1;
                pl_row[n] = op_vrow0 + 1'b1; pl_slot[n] = 3'd1; n = n + 3'd1;
            end else if (op_bundle[`DI_IDXEN] || op_bundle[`DI_OFFEN]) begin
                pl_row[n] = op_vrow0; pl_slot[n] = 3'd0; n = n + 3'd1;
            end
            if (k_kind == K_BSTORE || k_kind == K_BATOM || k_kind == K_FSTORE)
                for (pi = 0; pi < 4; pi = pi + 1)
                    if (pi < ((k_kind == K_BATOM && k_2data) ? {26'd0, k_nd, 1'b0} : {27'd0, k_nd})) begin
                        pl_row[n] = op_vrow1 + pi[VAW-1:0]; pl_slot[n] = 3'd2 + pi[2:0]; n = n + 3'd1;
                    end
        end else if (k_kind == K_DSSWZ) begin
            pl_row[n] = op_vrow0; pl_slot[n] = 3'd0; n = n + 3'd1;
        end else if (k_kind == K_DSREAD || k_kind == K_DSWRITE || k_kind == K_DSATOM || k_kind == K_DSXCHG2) begin
            pl_row[n] = op_vrow0; pl_slot[n] = 3'd0; n = n + 3'd1;
            if (k_kind == K_DSWRITE || k_kind == K_DSATOM || k_kind == K_DSXCHG2) begin
                pl_row[n] = op_vrow1; pl_slot[n] = 3'd2; n = n + 3'd1;
                if (k_esz == 4'd8) begin pl_row[n] = op_vrow1 + 1'b1; pl_slot[n] = 3'd3; n = n + 3'd1; end
                if (k_2addr || k_2data) begin
                    pl_row[n] = op_vrow2; pl_slot[n] = (k_esz == 4'd8) ? 3'd4 : 3'd3; n = n + 3'd1;
                    if (k_esz == 4'd8) begin pl_row[n] = op_vrow2 + 1'b1; pl_slot[n] = 3'd5; n = n + 3'd1; end
                end
            end
        end
        pl_n = n;
    end

    // ---------------------------------------------------------------- current access (lane nxt_lane, dword a_d)
    wire [64:0] ba_cur = buf_addr_f(nxt_lane, {25'd0, a_d, 2'b00});
    wire [64:0] ba_hi4 = buf_addr_f(nxt_lane, 32'd4);
    // a 64-bit atomic is range checked all-or-nothing (both dwords)
    wire        b_oob = ba_cur[64] || (x_kind == K_BATOM && x_nd == 5'd2 && !x_b[`DI_ADDR64] && ba_hi4[64]);
    wire [63:0] b_addr = ba_cur[63:0];
    wire [32:0] da_cur = ds_addr_g(l_a0, a_d);
    wire        d_oob = da_cur[32];
    wire [31:0] d_a = da_cur[31:0];
    wire [31:0] ds_wdat = l_dn;
    // loaded data of an element narrower than a dword, extended
    function automatic [31:0] ld_ext(input [31:0] v, input [3:0] esz, input sext);
        ld_ext = (esz == 4'd1) ? (sext ? {{24{v[7]}}, v[7:0]} : {24'd0, v[7:0]}) :
                 (esz == 4'd2) ? (sext ? {{16{v[15]}}, v[15:0]} : {16'd0, v[15:0]}) : v;
    endfunction
    function automatic [5:0] popc32(input [31:0] m);
        integer z;
        begin
            popc32 = 6'd0;
            for (z = 0; z < 32; z = z + 1) popc32 = popc32 + {5'd0, m[z]};
        end
    endfunction
    wire [31:0] lds_rd_shift = (x_esz == 4'd1) ? lds_q >> {lds_rd_byte2, 3'b000} :
                               (x_esz == 4'd2) ? lds_q >> {lds_rd_byte2[1], 4'b0000} : lds_q;

    // ---------------------------------------------------------------- main FSM
    // DS instructions touch only the LDS: they run while vmem works (the two
    // share the VGPR write and completion ports: vm_hold)
    wire   k_ds = k_kind == K_DSREAD || k_kind == K_DSWRITE || k_kind == K_DSATOM || k_kind == K_DSSWZ ||
                  k_kind == K_DSCNT || k_kind == K_DSXCHG2;
    wire   x_ds = x_kind == K_DSREAD || x_kind == K_DSWRITE || x_kind == K_DSATOM || x_kind == K_DSSWZ ||
                  x_kind == K_DSCNT || x_kind == K_DSXCHG2;
    // Plain DS stages (see the access stage above): the front leaves COLLECT
    // (and clears the result rows) for the access stage when that stage is
    // empty or makes its last access this cycle; for anything else when the
    // access stage and the back end are both empty.
    wire   k_plain_ds = k_kind == K_DSREAD || k_kind == K_DSWRITE;
    // a plain DS instruction may also be accepted in the cycle in which the
    // front passes the previous one to the access stage (ga_load)
    // kinds that access global memory: a wave's requests to global memory go
    // out in program order across this unit and smem.v (smem.v's header)
    function automatic gmem_kind(input [3:0] k);
        gmem_kind = k == K_BSTORE || k == K_BATOM || k == K_FSTORE || k == K_BLOAD || k == K_FLOAD;
    endfunction
    // 32-bit buffer atomics complete through the return queue (x_direct), in
    // order; any other global memory instruction waits until that stage is
    // empty (vmcnt completions stay in order)
    wire   k_direct = k_kind == K_BATOM && k_nd == 5'd1;
    localparam [AQW+1:0] AQ_T = AQ;
    // entry ar_hd + k of the queue (k = 0: the oldest)
    function automatic [AQW-1:0] aq_idx(input [AQW:0] k);
        reg [AQW+1:0] t;
        begin
            t = {2'b00, ar_hd} + {1'b0, k};
            if (t >= AQ_T) t = t - AQ_T;
            aq_idx = t[AQW-1:0];
        end
    endfunction
    // the entry a response belongs to: the oldest still missing some
    reg [AQW-1:0] ar_own;
    integer       ao;
    always @* begin
        ar_own = ar_hd;
        for (ao = AQ - 1; ao >= 0; ao = ao - 1)
            if (ao < ar_n && ar_left[aq_idx(ao[AQW:0])] != 7'd0) ar_own = aq_idx(ao[AQW:0]);
    end
    wire   x_direct = x_kind == K_BATOM && x_nd == 5'd1;
    // Memory order within a wave across the LDS and global memory, which
    // cosim needs (the harness runs each instruction in the emulator at its
    // first LDS access or memory request, docs/rtl.md): a DS instruction that
    // accesses the LDS waits while its wave has older scalar loads or vmem
    // line requests to send, and the wave's younger scalar loads wait while
    // it has LDS accesses to make here (vm_unsent).  Global memory
    // instructions wait for the DS ones anyway (the stages must be empty).
    wire   k_lds = k_ds && k_kind != K_DSSWZ;
    wire   ds_hold = k_lds && (sm_unsent[op_wave] || vq_unsent[op_wave]);
    assign op_ready = st == S_IDLE ? !rst && (k_fast || k_ds || !vm_busy) &&
                                     (!(bk_busy || ga_busy) || k_plain_ds) &&
                                     !(gmem_kind(k_kind) && sm_unsent[op_wave]) &&
                                     !(gmem_kind(k_kind) && !k_direct && ar_busy) && !ds_hold :
                      ga_load && k_plain_ds && !ds_hold;
    always @* begin
        vm_unsent = {NW{1'b0}};
        if (st != S_IDLE && (gmem_kind(x_kind) || (x_ds && x_kind != K_DSSWZ))) vm_unsent[x_wave] = 1'b1;
        if (ga_busy) vm_unsent[ga_wave] = 1'b1;
        if (mem_req_valid) vm_unsent[mem_req_wave] = 1'b1;
    end
    assign vm_hold = st == S_WB || st == S_DONE || bk_busy || ar_busy || dq_v;
    assign mem_req_mode = x_mode;
    assign mem_req_pc = x_b[`DI_PC];
    // LDS writes in the emulator's order: the served run's positions in order
    // (owned by the instruction of the group access, fp1_*), or the front's
    // single access in slot 0 (the harness records stores slot by slot)
    wire   mon_fp = fp1_v != 32'd0;
    assign mon_wave = mon_fp ? fp1_wave : x_wave;
    assign mon_tag = mon_fp ? fp1_tag : x_tag;
    assign mon_lds_valid = mon_fp ? fp1_v & {32{fp1_we}} : {31'd0, lds_en && lds_we};
    assign mon_lds_acc = mon_fp || lds_en;
    assign mon_lds_lane = mon_fp ? fp1_lane : {186'd0, lds_lane};
    assign mon_lds_be = mon_fp ? fp1_be : {124'd0, lds_be};
    assign mon_lds_data = mon_fp ? fp1_wd : {992'd0, lds_wd};
    generate
        for (gp = 0; gp < 32; gp = gp + 1) begin : g_mon_lds
            assign mon_lds_addr[gp*LAW +: LAW] = mon_fp ? fp1_a[gp*LAW +: LAW] - fp1_ldsb : lds_a - x_ldsb;
        end
    endgenerate
    reg [5:0] nxt_lane;
    reg       nxt_found;
    // the operand dwords of the lane being accessed (nxt_lane), computed once
    // here: lanew() inside the FSM's branches would multiply its wide
    // temporaries by the decision tree in synthesis
    wire [31:0] l_a0 = `LSU_LANEW(abuf[0], nxt_lane), l_a1 = `LSU_LANEW(abuf[1], nxt_lane);
    wire [31:0] l_d0 = `LSU_LANEW(dbuf[0], nxt_lane), l_d1 = `LSU_LANEW(dbuf[1], nxt_lane);
    wire [31:0] l_d2 = `LSU_LANEW(dbuf[2], nxt_lane), l_d3 = `LSU_LANEW(dbuf[3], nxt_lane);
    wire [31:0] l_dn = (a_d[1:0] == 2'd0) ? l_d0 : (a_d[1:0] == 2'd1) ? l_d1 : (a_d[1:0] == 2'd2) ? l_d2 : l_d3;
    wire [31:0] l_swz = `LSU_LANEW(abuf[0], swz_src);
    // result rows 0..3 of lane nxt_lane (DS atomics: old value; format loads: raw element)
    wire [31:0] l_r0 = `LSU_LANEW(rb_r0, nxt_lane), l_r1 = `LSU_LANEW(rb_r1, nxt_lane);
    wire [31:0] l_r2 = `LSU_LANEW(rb_r2, nxt_lane), l_r3 = `LSU_LANEW(rb_r3, nxt_lane);
    integer   i;
    always @* begin
        nxt_found = 1'b0;
        nxt_lane = 6'd0;
        for (i = 63; i >= 0; i = i - 1)
            if (x_exec[i] && i >= a_lane) begin nxt_found = 1'b1; nxt_lane = i[5:0]; end
    end
    reg        rq_fifo_full;
    always @* rq_fifo_full = outst >= 7'd60;
    // COLLECT ends: operands in; to the access stage (ga_take) when it is
    // empty or passes its instruction on this cycle, else with both DS
    // stages empty
    // (the last row is captured in the exit cycle, except for the vmem hand-off,
    // whose alignment check reads the captured rows)
    wire       c_in = st == S_COLLECT && c_i == c_n && !c_pend && !(c_pend2 && x_fast);
    wire       c_to_access = !(x_fast && vm_aligned) && !(x_kind == K_NOP || x_exec == 64'd0);
    wire       ga_take = c_to_access && fp_kind;
    wire       c_exit = c_in && (ga_take ? (!ga_busy || ga_ho) : !(ga_busy || bk_busy));
    wire       ga_load = !rst && c_exit && ga_take;
`ifdef SICU_FEAT_RFV_ON
    reg [8:0]         x_rln;
    reg [3*VAW-1:0]   x_rlb;
    wire              c_done = !rst && st == S_COLLECT && c_exit;
    assign rfv_rl_valid = {c_done && x_rln[8:6] != 3'd0, c_done && x_rln[5:3] != 3'd0, c_done && x_rln[2:0] != 3'd0};
    assign rfv_rl_wave = x_wave;
    assign rfv_rl_vrow = x_rlb;
    assign rfv_rl_n = x_rln;
    always @(posedge clk)
        if (op_valid && op_ready) begin
            x_rln <= op_pkt[`OPK_RFV_RN];
            x_rlb <= {op_pkt[`OPK_RFV_RB2], op_pkt[`OPK_RFV_RB1], op_pkt[`OPK_RFV_RB0]};
        end
`endif
    // S_ACCESS performs the access of lane nxt_lane / dword a_d this cycle
    wire       acc_go = st == S_ACCESS && nxt_found && !(mem_req_valid && !mem_req_ready) && !rq_fifo_full && (x_ds || !vm_busy);

    // ---------------------------------------------------------------- hand-off to vmem.v
    // Every active lane's address dword aligned: the low two bits of
    // buf_addr.vh's sum (not swizzled: base + soffset + offset + voffset +
    // index * stride, or base + vaddr + offset + soffset for addr64); the
    // dwords of a lane are 4 bytes apart.
    // (computed once as a wire: inlined into the FSM's branch, the 64-lane
    // loop multiplies Yosys' proc/opt time on the LSU)
    function automatic vm_aligned_f(input [63:0] ex);
        reg [1:0] idx, vo, sum;
        integer   k;
        begin
            vm_aligned_f = 1'b1;
            for (k = 0; k < 64; k = k + 1) begin
                idx = (x_b[`DI_IDXEN] ? abuf[0][k*32 +: 2] : 2'd0) + (x_vs[119] ? k[1:0] : 2'd0);
                vo = (x_b[`DI_IDXEN] && x_b[`DI_OFFEN]) ? abuf[1][k*32 +: 2] :
                     (x_b[`DI_OFFEN] && !x_b[`DI_IDXEN]) ? abuf[0][k*32 +: 2] : 2'd0;
                sum = x_vs[1:0] + x_soff[1:0] + x_off16[1:0] + (x_b[`DI_ADDR64] ? abuf[0][k*32 +: 2] :
                      vo + idx * x_vs[49:48]);
                if (ex[k] && sum != 2'd0) vm_aligned_f = 1'b0;
            end
        end
    endfunction
    // (computed only for the instructions vmem may take, in simulation)
    reg    vm_aligned;
    always @* begin
        vm_aligned = 1'b0;
        `SICU_SIM_WHEN(x_fast)
        vm_aligned = vm_aligned_f(x_exec);
    end
    assign vm_valid = st == S_VM;
    assign vm_wave = x_wave;
    assign vm_tag = x_tag;
    assign vm_pc = x_b[`DI_PC];
    assign vm_exec = x_exec;
    assign vm_nd = x_nd[2:0];
    assign vm_vdst = x_rd;
    assign vm_areg = 9'd256 + {1'b0, x_dst[7:0]};
    assign vm_vs = x_vs;
    assign vm_soff = x_soff;
    assign vm_offset = x_b[`DI_OFFSET];
    assign vm_addr64 = x_b[`DI_ADDR64];
    assign vm_idxen = x_b[`DI_IDXEN];
    assign vm_offen = x_b[`DI_OFFEN];
    assign vm_a0 = abuf[0];
    assign vm_a1 = abuf[1];
    assign vm_store = x_kind == K_BSTORE;
    assign vm_d = {dbuf[3], dbuf[2], dbuf[1], dbuf[0]};

    // ---------------------------------------------------------------- format ops (lsu_fmt.vh, sw/vmem.c)
    // The element of lane nxt_lane is range checked all-or-nothing over its
    // dwords (elem_access): dword d out of range as in buf_addr_f (the range
    // part only: no multiply).
    reg        fl_oob;
    reg [31:0] fo_index, fo_voff, fo_off;
    integer    fd;
    always @* begin
        fo_index = 32'd0; fo_voff = 32'd0;
        if (x_b[`DI_IDXEN] && x_b[`DI_OFFEN]) begin fo_index = l_a0; fo_voff = l_a1; end
        else if (x_b[`DI_IDXEN]) fo_index = l_a0;
        else if (x_b[`DI_OFFEN]) fo_voff = l_a0;
        if (vs_tid) fo_index = fo_index + {26'd0, nxt_lane};
        fl_oob = 1'b0;
        for (fd = 0; fd < 4; fd = fd + 1) begin
            fo_off = {16'd0, x_b[`DI_OFFSET]} + fo_voff + {fd[29:0], 2'b00};
            if (fd[2:0] < x_fnd && !x_b[`DI_ADDR64]) begin
                if (vs_stride == 14'd0) begin
                    if ({32'd0, fo_off} + {32'd0, x_soff} >= {32'd0, vs_nrec}) fl_oob = 1'b1;
                end else if (fo_index >= vs_nrec || ((x_b[`DI_IDXEN] || vs_tid) && fo_off >= {18'd0, vs_stride}))
                    fl_oob = 1'b1;
            end
        end
    end
    // Component conversion, one component per cycle (f_c) into cv_q: stores
    // in ACCESS (the lane's data dword f_c, 0 beyond the instruction's
    // components), loads in CONV (component f_c of the raw element in the
    // result rows).  The register is cleared with component 0.
    wire [31:0]  fs_in = (f_c == 2'd0) ? l_d0 : (f_c == 2'd1) ? l_d1 : (f_c == 2'd2) ? l_d2 : l_d3;
    wire [31:0]  fs_cvt = fmt_store_cvt(fs_in, x_fbc, x_fnf, x_mode);
    wire [31:0]  fs_val = ({3'd0, f_c} < x_nd) ? fs_cvt : 32'd0;
    wire [31:0]  fl_raw = (x_fbc == 2'd2) ? ((f_c == 2'd0) ? l_r0 : (f_c == 2'd1) ? l_r1 : (f_c == 2'd2) ? l_r2 : l_r3) :
                          (x_fbc == 2'd1) ? ((f_c[1] ? l_r1 : l_r0) >> {f_c[0], 4'b0000}) :
                          (l_r0 >> {f_c, 3'b000});
    wire [31:0]  fl_cvt = fmt_load_cvt(fl_raw, x_fbc, x_fnf, x_mode);
    wire         cv_we = (st == S_CONV && nxt_found) || (acc_go && x_kind == K_FSTORE && !f_req && !fl_oob);
    wire [31:0]  cv_wd = (st == S_CONV) ? fl_cvt : fs_val;
    reg  [127:0] cv_q;
    integer      ck;
    always @(posedge clk)
        if (cv_we)
            for (ck = 0; ck < 4; ck = ck + 1)
                if (f_c == ck[1:0]) cv_q[ck*32 +: 32] <= cv_wd;
                else if (f_c == 2'd0) cv_q[ck*32 +: 32] <= 32'd0;
    // format store: dword a_d of the packed element (components already
    // truncated to their width; the request size drops the bytes beyond it)
    wire [31:0]  fs_pack = (x_fbc == 2'd0) ? {cv_q[103:96], cv_q[71:64], cv_q[39:32], cv_q[7:0]} :
                           (x_fbc == 2'd1) ? (a_d[0] ? {cv_q[111:96], cv_q[79:64]} : {cv_q[47:32], cv_q[15:0]}) :
                           (a_d[1:0] == 2'd0) ? cv_q[31:0] : (a_d[1:0] == 2'd1) ? cv_q[63:32] :
                           (a_d[1:0] == 2'd2) ? cv_q[95:64] : cv_q[127:96];
    // format load: lanes whose element was out of range (their w reads 0)
    reg  [63:0]  fl_oobm;
    always @(posedge clk)
        if (rst || (st == S_IDLE && op_valid)) fl_oobm <= 64'd0;
        else if (acc_go && x_kind == K_FLOAD && fl_oob) fl_oobm[nxt_lane] <= 1'b1;
    // format load, last component of lane nxt_lane: the components (missing
    // ones 0, w 1 / 1.0, or 0 out of range), DST_SEL (MUBUF), the
    // instruction's components (the others, incl. a TFE dword, 0)
    wire         fl_wr = st == S_CONV && nxt_found && {1'b0, f_c} == x_fc - 3'd1;
    wire [31:0]  fl_one = (x_fnf == NF_UINT || x_fnf == NF_SINT) ? 32'd1 : 32'h3f800000;
    reg  [127:0] fl_comp, fl_out;
    reg  [2:0]   fl_sel;
    integer      fk;
    always @* begin
        for (fk = 0; fk < 4; fk = fk + 1)
            fl_comp[fk*32 +: 32] = (f_c == fk[1:0]) ? fl_cvt : (fk[1:0] < f_c) ? cv_q[fk*32 +: 32] : 32'd0;
        if (x_fc != 3'd4) fl_comp[127:96] = fl_oobm[nxt_lane] ? 32'd0 : fl_one;
        for (fk = 0; fk < 4; fk = fk + 1) begin
            fl_sel = x_vs[96 + 3*fk +: 3];
            if (fk[4:0] >= x_nd) fl_out[fk*32 +: 32] = 32'd0;
            else if (x_tbuf) fl_out[fk*32 +: 32] = fl_comp[fk*32 +: 32];
            else if (fl_sel[2]) fl_out[fk*32 +: 32] = fl_comp[fl_sel[1:0]*32 +: 32];
            else fl_out[fk*32 +: 32] = (fl_sel == 3'd1) ? fl_one : 32'd0;
        end
    end

    // ---------------------------------------------------------------- operand and result buffers
    // Written by processes of their own with simple enables (the FSM's decision
    // tree only computes the enables): operand rows at COLLECT, scalar-load
    // dwords, and the result rows, one lane-dword per cycle.
    always @(posedge clk)
        if (!rst && st == S_COLLECT && c_pend2) begin
            if (c_slot_q2 < 3'd2) abuf[c_slot_q2[0]] <= my_vrd;
            else dbuf[c_dslot] <= my_vrd;
        end
    // the access stage's copy (with the row captured in the hand-over cycle)
    integer gk;
    always @(posedge clk)
        if (ga_load) begin
            ga_a <= (c_pend2 && c_slot_q2 == 3'd0) ? my_vrd : abuf[0];
            if (x_kind == K_DSWRITE)
                for (gk = 0; gk < 4; gk = gk + 1)
                    ga_d[gk] <= (c_pend2 && c_slot_q2 >= 3'd2 && {30'd0, c_dslot} == gk) ? my_vrd : dbuf[gk];
        end
    // result rows: 5 rows x 64 lane-dwords.  Cleared when an instruction is
    // accepted (lanes without an access read 0); then per cycle the dwords of
    // one lane selected by per-row enables rb_en: one dword (memory response,
    // LDS read, ds_swizzle), plus the high dword of a 64-bit global atomic
    // into row 1, or rows 0..3 of a format load's converted lane (CONV); or a
    // broadcast of the counter's old value into row 0 (ds_append / ds_consume).
    reg         rb_clr, rb_bcast;
    reg [4:0]   rb_en;
    reg [5:0]   rb_lane;
    reg [159:0] rb_wv;       // row r's dword: rb_wv[r*32 +: 32]
    always @* begin
        rb_clr = !rst && c_exit;
        rb_bcast = !rst && acc_go && x_kind == K_DSCNT && at_ph[1];
        rb_en = 5'd0; rb_lane = 6'd0; rb_wv = 160'd0;
        if (mem_rsp_valid && ar_out == 7'd0 && !x_direct) begin
            rb_en = 5'b00001 << rq_tag[rq_rd][8:6]; rb_lane = rq_tag[rq_rd][5:0];
            rb_wv = {5{ld_ext(mem_rsp_data[31:0], x_esz, x_sext)}};
            if (x_kind == K_BATOM && x_nd == 5'd2) begin
                rb_en[1] = 1'b1; rb_wv[63:32] = mem_rsp_data[63:32];
            end
        end
        if (lds_rd_pend2) begin
            rb_en = 5'b00001 << lds_rd_tag2[8:6]; rb_lane = lds_rd_tag2[5:0];
            rb_wv = {5{ld_ext(lds_rd_shift, x_esz, x_sext)}};
        end
        if (acc_go && x_kind == K_DSSWZ) begin
            rb_en = 5'b00001; rb_lane = nxt_lane;
            rb_wv = {5{x_exec[swz_src] ? l_swz : 32'd0}};
        end
        if (fl_wr) begin
            rb_en = 5'b01111; rb_lane = nxt_lane;
            rb_wv = {32'd0, fl_out};
        end
        if (rst) rb_en = 5'd0;
    end
    // per lane: the five rows' dwords of that lane (slices of the row
    // registers: no wide concatenation in simulation, per-dword enables in
    // synthesis).  Each row set is one process over the 64 lanes, so that a
    // cycle without writes costs the simulation a test, not 64 lanes' worth
    // (rb_act for the front rows, ga_ho / fp2_bk for the back end's, and
    // `SICU_SIM_WHEN(fw_any) for the DS read positions).
    //
    // plain DS reads (stage 2): the positions of a lane's dwords in the group,
    // rows 0..3: lane l row r is written when fw_en_p[l*4+r], with the dword
    // fw_dw(l, r) (a select of the position by the element size only: read
    // where fw_en_p is set)
    wire        fw_any = fp2_v != 32'd0;
    reg [255:0] fw_en_p;
    integer     fl, fs, fr;
    always @* begin
        fw_en_p = 256'd0;
        `SICU_SIM_WHEN(fw_any)
        for (fl = 0; fl < 64; fl = fl + 1)
            for (fr = 0; fr < 4; fr = fr + 1)
                for (fs = 0; fs < 3; fs = fs + 1)
                    if (fs == {30'd0, fp2_s} && fr < (1 << fs) && (fl / (32 >> fs)) == {29'd0, fp2_g} &&
                        fp2_v[((fl % (32 >> fs)) << fs) | fr])
                        fw_en_p[fl*4 + fr] = 1'b1;
    end
    function automatic [31:0] fw_dw(input integer l, input integer r);
        case (fp2_s)
            2'd0:    fw_dw = fp2_val[(l % 32) * 32 +: 32];
            2'd1:    fw_dw = fp2_val[(((l % 16) << 1) | (r & 1)) * 32 +: 32];
            default: fw_dw = fp2_val[(((l % 8) << 2) | (r & 3)) * 32 +: 32];
        endcase
    endfunction
    wire    rb_act = rb_bcast || rb_en != 5'd0 || (fw_any && !fp2_bk);
    integer rl;
    always @(posedge clk)
        if (rb_clr) begin
            rb_r0 <= 2048'd0; rb_r1 <= 2048'd0; rb_r2 <= 2048'd0; rb_r3 <= 2048'd0; rb_r4 <= 2048'd0;
        end else `SICU_SIM_WHEN(rb_act) begin
            for (rl = 0; rl < 64; rl = rl + 1) begin
                if (rb_bcast) rb_r0[rl*32 +: 32] <= cnt_old;
                else if (rb_en[0] && rb_lane == rl[5:0]) rb_r0[rl*32 +: 32] <= rb_wv[31:0];
                else if (fw_en_p[rl*4] && !fp2_bk) rb_r0[rl*32 +: 32] <= fw_dw(rl, 0);
                if (rb_en[1] && rb_lane == rl[5:0]) rb_r1[rl*32 +: 32] <= rb_wv[63:32];
                else if (fw_en_p[rl*4+1] && !fp2_bk) rb_r1[rl*32 +: 32] <= fw_dw(rl, 1);
                if (rb_en[2] && rb_lane == rl[5:0]) rb_r2[rl*32 +: 32] <= rb_wv[95:64];
                else if (fw_en_p[rl*4+2] && !fp2_bk) rb_r2[rl*32 +: 32] <= fw_dw(rl, 2);
                if (rb_en[3] && rb_lane == rl[5:0]) rb_r3[rl*32 +: 32] <= rb_wv[127:96];
                else if (fw_en_p[rl*4+3] && !fp2_bk) rb_r3[rl*32 +: 32] <= fw_dw(rl, 3);
                if (rb_en[4] && rb_lane == rl[5:0]) rb_r4[rl*32 +: 32] <= rb_wv[159:128];
            end
        end
    // the back end's rows: a copy of the access stage's at the hand-over (with
    // this cycle's bank data), then its bank data
    integer bl;
    always @(posedge clk)
        if (ga_ho) begin
            for (bl = 0; bl < 64; bl = bl + 1) begin
                bk_r0[bl*32 +: 32] <= fw_en_p[bl*4] ? fw_dw(bl, 0) : rb_r0[bl*32 +: 32];
                bk_r1[bl*32 +: 32] <= fw_en_p[bl*4+1] ? fw_dw(bl, 1) : rb_r1[bl*32 +: 32];
                bk_r2[bl*32 +: 32] <= fw_en_p[bl*4+2] ? fw_dw(bl, 2) : rb_r2[bl*32 +: 32];
                bk_r3[bl*32 +: 32] <= fw_en_p[bl*4+3] ? fw_dw(bl, 3) : rb_r3[bl*32 +: 32];
            end
        end else if (fp2_bk && fw_any) begin
            for (bl = 0; bl < 64; bl = bl + 1) begin
                if (fw_en_p[bl*4]) bk_r0[bl*32 +: 32] <= fw_dw(bl, 0);
                if (fw_en_p[bl*4+1]) bk_r1[bl*32 +: 32] <= fw_dw(bl, 1);
                if (fw_en_p[bl*4+2]) bk_r2[bl*32 +: 32] <= fw_dw(bl, 2);
                if (fw_en_p[bl*4+3]) bk_r3[bl*32 +: 32] <= fw_dw(bl, 3);
            end
        end

    // The result row written back (front S_WB or the back end's BK_WB; never
    // both, lsu_back_end_alone): one row select for both, in a process of its
    // own so that no 2048-bit value passes through the FSM's decision tree.
    wire       wb_rows_kind = x_kind == K_BLOAD || x_kind == K_FLOAD || x_kind == K_DSREAD || x_kind == K_DSSWZ ||
                              x_kind == K_DSCNT || x_kind == K_DSXCHG2 ||
                              (((x_kind == K_BATOM && !x_direct) || x_kind == K_DSATOM) && x_rtn);
    wire [4:0] wb_nrows = x_nd + (((x_kind == K_BLOAD || x_kind == K_FLOAD) && x_b[`DI_TFE]) ? 5'd1 : 5'd0);
    // (a dq write goes first: the others wait a cycle)
    wire       wb_front_row = !rst && st == S_WB && wb_rows_kind && w_i < wb_nrows && !dq_v;
    wire       wb_back_row = !rst && bk_busy && bk_wb && !dq_v;
    // joining the return queue: the atomic's out-of-range active lanes get
    // their pre-op value 0 (sw/vmem.c) in one masked row write
    wire       ar_take = !rst && st == S_DRAIN && x_direct && !mem_req_valid && ar_n < AQ && !dq_v;
    // the queue's head completes after its last write (the front's completion
    // and the back end's go first)
    wire       ar_pop = !rst && ar_busy && ar_left[ar_hd] == 7'd0 && !dq_v && !bk_fin &&
                        !(st == S_DONE && !gmem_kind(x_kind));
    wire       ar_rsp = mem_rsp_valid && ar_out != 7'd0;   // a response of the queue's (entry ar_own)
    // the entry that joins: its responses not yet in (the front's are all after the queue's)
    wire [6:0] ar_new_left = outst - ar_out - ((mem_rsp_valid && ar_out == 7'd0) ? 7'd1 : 7'd0);
    // (the row selects are cases here, not function calls: Verilator would
    // compute both functions' 2048-bit results every cycle)
    always @(posedge clk)
        if (!rst && dq_v) vwr_data <= {64{dq_data}};
        else if (ar_take) vwr_data <= 2048'd0;
        else if (wb_back_row)
            case (bk_wi[1:0])
                2'd0: vwr_data <= bk_r0;
                2'd1: vwr_data <= bk_r1;
                2'd2: vwr_data <= bk_r2;
                default: vwr_data <= bk_r3;
            endcase
        else if (wb_front_row)
            case (w_i[2:0])
                3'd0: vwr_data <= rb_r0;
                3'd1: vwr_data <= rb_r1;
                3'd2: vwr_data <= rb_r2;
                3'd3: vwr_data <= rb_r3;
                default: vwr_data <= rb_r4;
            endcase

    always @(posedge clk) begin
        free_valid <= 1'b0;
        done_valid <= 1'b0;
        vrd_en <= {NS{1'b0}};
        vwr_en <= {NS{1'b0}};
        lds_en <= 1'b0;
        if (rst) begin
            st <= S_IDLE;
            mem_req_valid <= 1'b0;
            fault_valid <= 1'b0;
            outst <= 7'd0;
            rq_wr <= 6'd0; rq_rd <= 6'd0;
            lds_rd_pend <= 1'b0; lds_rd_pend2 <= 1'b0;
            bk_busy <= 1'b0;
            ga_busy <= 1'b0;
            ar_n <= {(AQW+1){1'b0}}; ar_hd <= {AQW{1'b0}}; ar_tl <= {AQW{1'b0}}; ar_out <= 7'd0; dq_v <= 1'b0;
            for (i = 0; i < AQ; i = i + 1) ar_left[i] <= 7'd0;
            pc_busy_cycles <= 32'd0; pc_mem_reqs <= 32'd0; pc_lds_accesses <= 32'd0; pc_lds_conflicts <= 32'd0;
            pc_atomq <= 32'd0;
        end else begin
            if (st != S_IDLE || bk_busy || ga_busy || ar_busy) pc_busy_cycles <= pc_busy_cycles + 32'd1;
            pc_atomq <= pc_atomq + {{(31-AQW){1'b0}}, ar_n};
            // back end (plain DS): drain the bank pipeline, write the result rows, complete
            // (a read's bank data in stage 2 is in its rows for the first write-back;
            // the completion goes out with the last row, bk_fin)
            if (bk_busy && !bk_wb && bk_read && !bk_fp1) bk_wb <= 1'b1;
            if (bk_busy && bk_wb && !dq_v) begin   // a row per cycle
                vwr_en[wave_simd(bk_wave)] <= 1'b1;
                vwr_row <= bk_rd + {{(VAW-5){1'b0}}, bk_wi};
                mon_vwr_areg <= 9'd256 + {1'b0, bk_dst} + {4'd0, bk_wi};
                mon_vwr_wave <= bk_wave; mon_vwr_tag <= bk_tag;
                vwr_mask <= bk_exec;   // (vwr_data: its own process, below)
                bk_wi <= bk_wi + 5'd1;
            end
            if (bk_fin) begin
                done_valid <= 1'b1;
                done_wave <= bk_wave; done_tag <= bk_tag; done_pc <= bk_pc;
                done_vm <= 1'b0; done_exec <= bk_exec;
                bk_busy <= 1'b0;
            end
            // access stage (plain DS): the group accesses; the last one passes
            // the instruction to the back end
            if (fp_go) begin
                pc_lds_accesses <= pc_lds_accesses + {26'd0, popc32(fp_srv)};
                if (!fp_gdone) pc_lds_conflicts <= pc_lds_conflicts + 32'd1;
            end
            if (ga_ho) begin
                ga_busy <= 1'b0;
                bk_busy <= 1'b1; bk_wb <= 1'b0; bk_wi <= 5'd0;
                bk_wave <= ga_wave; bk_tag <= ga_tag; bk_pc <= ga_pc;
                bk_read <= !ga_we; bk_nd <= ga_nd; bk_rd <= ga_rd;
                bk_dst <= ga_dst; bk_exec <= ga_exec;
            end
            // responses (in order): the return queue's first (ar_out, entry ar_own), then the
            // front's; a returned value of a direct atomic goes to dq
            if (mem_rsp_valid) rq_rd <= rq_rd + 6'd1;
            dq_v <= 1'b0;
            if (ar_rsp) begin
                ar_left[ar_own] <= ar_left[ar_own] - 7'd1;
                dq_v <= ar_rtn[ar_own];
                dq_wave <= ar_wave[ar_own]; dq_tag <= ar_tag[ar_own]; dq_rd <= ar_rd[ar_own]; dq_dst <= ar_dst[ar_own];
            end else if (mem_rsp_valid && x_direct) begin
                dq_v <= x_rtn;
                dq_wave <= x_wave; dq_tag <= x_tag; dq_rd <= x_rd; dq_dst <= x_dst[7:0];
            end
            dq_lane <= rq_tag[rq_rd][5:0];
            dq_data <= mem_rsp_data[31:0];
            ar_out <= ar_out - (ar_rsp ? 7'd1 : 7'd0) + (ar_take ? ar_new_left : 7'd0);
            ar_n <= ar_n + {{AQW{1'b0}}, ar_take} - {{AQW{1'b0}}, ar_pop};
            if (ar_pop) begin
                done_valid <= 1'b1;
                done_wave <= ar_wave[ar_hd]; done_tag <= ar_tag[ar_hd]; done_pc <= ar_pc[ar_hd];
                done_vm <= 1'b1; done_exec <= ar_exec[ar_hd];
                ar_hd <= aq_idx({{AQW{1'b0}}, 1'b1});
            end
            outst <= outst + ((mem_req_valid && mem_req_ready && !mem_req_we) ||
                              (mem_req_valid && mem_req_ready && mem_req_atomic) ? 7'd1 : 7'd0)
                           - (mem_rsp_valid ? 7'd1 : 7'd0);
            // LDS reads: request registered at edge t, array read at t+1 (lds_q), captured at t+2
            lds_rd_pend <= 1'b0;
            lds_rd_pend2 <= lds_rd_pend;
            lds_rd_tag2 <= lds_rd_tag;
            lds_rd_byte2 <= lds_rd_byte;
            if (mem_req_valid && mem_req_ready) begin
                mem_req_valid <= 1'b0;
                pc_mem_reqs <= pc_mem_reqs + 32'd1;
            end

            case (st)
                S_IDLE: ;   // (accepting: below)
                S_COLLECT: begin
                    if (c_i < c_n) begin
                        vrd_en[wave_simd(x_wave)] <= 1'b1;
                        vrd_row <= c_row[c_i];
                        c_slot_q <= c_slot[c_i];
                        c_i <= c_i + 3'd1;
                    end
                    // the SIMD's VGPR bank reads synchronously: the row requested
                    // at edge t (registered vrd_en) is on vrd_data after edge t+2
                    c_pend <= c_i < c_n;
                    c_pend2 <= c_pend;
                    c_slot_q2 <= c_slot_q;
                    if (c_exit) begin
                        free_valid <= 1'b1;
                        free_wave <= x_wave;
                        st <= ga_take ? S_IDLE : (x_fast && vm_aligned) ? S_VM : c_to_access ? S_ACCESS : S_DONE;
                    end
                    if (ga_load) begin   // to the access stage
                        ga_busy <= 1'b1;
                        ga_wave <= x_wave; ga_tag <= x_tag; ga_pc <= x_b[`DI_PC]; ga_exec <= x_exec;
                        ga_we <= x_kind == K_DSWRITE; ga_sext <= x_sext; ga_2addr <= x_2addr; ga_st64 <= x_st64;
                        ga_esz <= x_esz; ga_nd <= x_nd; ga_off <= x_off16; ga_off1 <= x_off1;
                        ga_lim <= (x_m0 < {{(32-LAW){1'b0}}, x_ldss}) ? x_m0 : {{(32-LAW){1'b0}}, x_ldss};
                        ga_ldsb <= x_ldsb; ga_rd <= x_rd; ga_dst <= x_dst[7:0];
                    end
                end
                S_ACCESS: begin
                    if (!nxt_found) st <= S_DRAIN;
                    else if (acc_go) begin
                        case (x_kind)
                            K_BLOAD, K_BSTORE, K_BATOM: begin
                                if (b_oob) x_oobm[nxt_lane] <= 1'b1;
                                if (!b_oob) begin
                                    mem_req_valid <= 1'b1; mem_req_addr <= b_addr;
                                    mem_req_size <= (x_kind == K_BATOM) ? ((x_nd == 5'd2) ? 4'd8 : 4'd4) : x_esz;
                                    mem_req_we <= x_kind == K_BSTORE;
                                    mem_req_atomic <= x_kind == K_BATOM;
                                    mem_req_wdata <= (x_kind == K_BATOM && x_nd == 5'd2) ?
                                        {l_d1, l_d0} : {32'd0, l_dn};
                                    mem_req_cmp <= (x_nd == 5'd2) ? {l_d3, l_d2} : {32'd0, l_d1};
                                    if (x_kind != K_BSTORE) begin
                                        rq_tag[rq_wr] <= {a_d[3:0], nxt_lane}; rq_wr <= rq_wr + 6'd1;
                                    end
                                end
                            end
                            K_FLOAD: begin   // the element's dwords, or nothing when out of range
                                if (!fl_oob) begin
                                    mem_req_valid <= 1'b1; mem_req_addr <= b_addr; mem_req_size <= x_esz;
                                    mem_req_we <= 1'b0; mem_req_atomic <= 1'b0;
                                    rq_tag[rq_wr] <= {a_d[3:0], nxt_lane}; rq_wr <= rq_wr + 6'd1;
                                end
                                if (!fl_oob && a_d + 5'd1 < {2'b00, x_fnd}) a_d <= a_d + 5'd1;
                                else begin a_d <= 5'd0; a_lane <= {1'b0, nxt_lane} + 7'd1; end
                            end
                            K_FSTORE: begin  // convert the lane's components (cv_q), then its dwords
                                if (fl_oob) begin
                                    f_c <= 2'd0; a_lane <= {1'b0, nxt_lane} + 7'd1;
                                end else if (!f_req) begin
                                    if ({1'b0, f_c} + 3'd1 < x_fc) f_c <= f_c + 2'd1;
                                    else begin f_c <= 2'd0; f_req <= 1'b1; a_d <= 5'd0; end
                                end else begin
                                    mem_req_valid <= 1'b1; mem_req_addr <= b_addr; mem_req_size <= x_esz;
                                    mem_req_we <= 1'b1; mem_req_atomic <= 1'b0;
                                    mem_req_wdata <= {32'd0, fs_pack};
                                    if (a_d + 5'd1 < {2'b00, x_fnd}) a_d <= a_d + 5'd1;
                                    else begin a_d <= 5'd0; f_req <= 1'b0; a_lane <= {1'b0, nxt_lane} + 7'd1; end
                                end
                            end
                            K_DSATOM: begin
                                case (at_ph)
                                    2'd0: begin   // read the element's dwords (old value -> rbuf)
                                        if (d_oob) begin
                                            a_d <= 5'd0; a_lane <= {1'b0, nxt_lane} + 7'd1;
                                        end else begin
                                            lds_en <= 1'b1; lds_we <= 1'b0;
                                            lds_a <= x_ldsb + d_a[LAW-1:0]; lds_lane <= nxt_lane;
                                            lds_rd_pend <= 1'b1;
                                            lds_rd_tag <= {a_d[3:0], nxt_lane};
                                            lds_rd_byte <= 2'd0;
                                            pc_lds_accesses <= pc_lds_accesses + 32'd1;
                                            if (a_d + 5'd1 < x_nd) a_d <= a_d + 5'd1;
                                            else begin a_d <= 5'd0; at_ph <= 2'd1; end
                                        end
                                    end
                                    2'd1: if (!lds_rd_pend && !lds_rd_pend2) begin
                                        at_new_q <= at_new;
                                        at_ph <= 2'd2;
                                    end
                                    default: begin   // write the new value
                                        lds_en <= 1'b1; lds_we <= 1'b1; lds_be <= 4'b1111;
                                        lds_a <= x_ldsb + d_a[LAW-1:0]; lds_lane <= nxt_lane;
                                        lds_wd <= a_d[0] ? at_new_q[63:32] : at_new_q[31:0];
                                        pc_lds_accesses <= pc_lds_accesses + 32'd1;
                                        if (a_d + 5'd1 < x_nd) a_d <= a_d + 5'd1;
                                        else begin a_d <= 5'd0; at_ph <= 2'd0; a_lane <= {1'b0, nxt_lane} + 7'd1; end
                                    end
                                endcase
                            end
                            K_DSXCHG2: begin   // both elements' dwords read (-> result rows), then written
                                case (at_ph)
                                    2'd0: begin
                                        if (!d_oob) begin
                                            lds_en <= 1'b1; lds_we <= 1'b0;
                                            lds_a <= x_ldsb + d_a[LAW-1:0]; lds_lane <= nxt_lane;
                                            lds_rd_pend <= 1'b1;
                                            lds_rd_tag <= {a_d[3:0], nxt_lane};
                                            lds_rd_byte <= 2'd0;
                                            pc_lds_accesses <= pc_lds_accesses + 32'd1;
                                        end
                                        if (a_d + 5'd1 < x_nd) a_d <= a_d + 5'd1;
                                        else begin a_d <= 5'd0; at_ph <= 2'd1; end
                                    end
                                    2'd1: if (!lds_rd_pend && !lds_rd_pend2) at_ph <= 2'd2;
                                    default: begin   // an out-of-range element is neither read nor written
                                        if (!d_oob) begin
                                            lds_en <= 1'b1; lds_we <= 1'b1; lds_be <= 4'b1111;
                                            lds_a <= x_ldsb + d_a[LAW-1:0]; lds_lane <= nxt_lane;
                                            lds_wd <= ds_wdat;
                                            pc_lds_accesses <= pc_lds_accesses + 32'd1;
                                        end
                                        if (a_d + 5'd1 < x_nd) a_d <= a_d + 5'd1;
                                        else begin a_d <= 5'd0; at_ph <= 2'd0; a_lane <= {1'b0, nxt_lane} + 7'd1; end
                                    end
                                endcase
                            end
                            K_DSSWZ: begin
                                a_lane <= {1'b0, nxt_lane} + 7'd1;
                            end
                            K_DSCNT: begin
                                case (at_ph)
                                    2'd0: begin
                                        lds_en <= 1'b1; lds_we <= 1'b0; lds_a <= x_ldsb + cnt_a[LAW-1:0];
                                        lds_lane <= nxt_lane;
                                        lds_rd_pend <= 1'b1; lds_rd_tag <= {4'd0, nxt_lane}; lds_rd_byte <= 2'd0;
                                        pc_lds_accesses <= pc_lds_accesses + 32'd1;
                                        at_ph <= 2'd1;
                                    end
                                    2'd1: if (!lds_rd_pend && !lds_rd_pend2) begin
                                        at_new_q <= {32'd0, (x_aop == SI_AOP_ADD) ? cnt_old + {25'd0, cnt_n} : cnt_old - {25'd0, cnt_n}};
                                        at_ph <= 2'd2;
                                    end
                                    default: begin
                                        lds_en <= 1'b1; lds_we <= 1'b1; lds_be <= 4'b1111;
                                        lds_a <= x_ldsb + cnt_a[LAW-1:0]; lds_lane <= nxt_lane;
                                        lds_wd <= at_new_q[31:0];
                                        pc_lds_accesses <= pc_lds_accesses + 32'd1;
                                        // every active lane receives the old value (rb_bcast)
                                        at_ph <= 2'd0;
                                        a_lane <= 7'd64;
                                    end
                                endcase
                            end
                            default: begin // DS
                                if (!d_oob) begin
                                    lds_en <= 1'b1;
                                    lds_a <= x_ldsb + d_a[LAW-1:0]; lds_lane <= nxt_lane;
                                    lds_we <= x_kind == K_DSWRITE;
                                    lds_be <= (x_esz == 4'd1) ? (4'b0001 << d_a[1:0]) :
                                              (x_esz == 4'd2) ? (4'b0011 << {d_a[1], 1'b0}) : 4'b1111;
                                    lds_wd <= (x_esz == 4'd1) ? {4{ds_wdat[7:0]}} :
                                              (x_esz == 4'd2) ? {2{ds_wdat[15:0]}} : ds_wdat;
                                    pc_lds_accesses <= pc_lds_accesses + 32'd1;
                                    if (x_kind == K_DSREAD) begin
                                        lds_rd_pend <= 1'b1;
                                        lds_rd_tag <= {a_d[3:0], nxt_lane};
                                        lds_rd_byte <= d_a[1:0];
                                    end
                                end
                            end
                        endcase
                        mem_req_wave <= x_wave; mem_req_tag <= x_tag; mem_req_op <= xop; mem_req_lane <= nxt_lane;
                        // next dword / lane (DS atomics sequence themselves)
                        if (x_kind != K_DSATOM && x_kind != K_DSCNT && x_kind != K_DSSWZ &&
                            x_kind != K_FLOAD && x_kind != K_FSTORE && x_kind != K_DSXCHG2) begin
                            if (a_d + 5'd1 < ((x_kind == K_BATOM) ? 5'd1 : x_nd)) a_d <= a_d + 5'd1;
                            else begin a_d <= 5'd0; a_lane <= {1'b0, nxt_lane} + 7'd1; end
                        end
                    end
                end
                S_VM: if (vm_ready) st <= S_IDLE;   // vmem completes it
                S_DRAIN: if (x_direct) begin
                    // all requests sent, a queue entry free: it waits there for its responses
                    if (ar_take) begin
                        ar_wave[ar_tl] <= x_wave; ar_tag[ar_tl] <= x_tag; ar_pc[ar_tl] <= x_b[`DI_PC];
                        ar_exec[ar_tl] <= x_exec; ar_rtn[ar_tl] <= x_rtn; ar_rd[ar_tl] <= x_rd;
                        ar_dst[ar_tl] <= x_dst[7:0]; ar_left[ar_tl] <= ar_new_left;
                        ar_tl <= ({{(31-AQW){1'b0}}, ar_tl} == AQ - 1) ? {AQW{1'b0}} : ar_tl + 1'b1;
                        if (x_rtn && (x_oobm & x_exec) != 64'd0) begin
                            vwr_en[wave_simd(x_wave)] <= 1'b1;
                            vwr_row <= x_rd; vwr_mask <= x_oobm & x_exec;
                            mon_vwr_areg <= 9'd256 + {1'b0, x_dst[7:0]};
                            mon_vwr_wave <= x_wave; mon_vwr_tag <= x_tag;
                        end
                        st <= S_IDLE;
                    end
                end else if (outst == ar_out && !mem_req_valid && !lds_rd_pend && !lds_rd_pend2 &&
                             fp1_v == 32'd0 && fp2_v == 32'd0) begin
                    st <= (x_kind == K_FLOAD) ? S_CONV : S_WB;
                    w_i <= 5'd0;
                    if (x_kind == K_FLOAD) begin a_lane <= 7'd0; f_c <= 2'd0; end
                end
                S_CONV: begin   // format load: one component of lane nxt_lane per cycle (fl_wr: its results)
                    if (!nxt_found) st <= S_WB;
                    else if ({1'b0, f_c} + 3'd1 < x_fc) f_c <= f_c + 2'd1;
                    else begin f_c <= 2'd0; a_lane <= {1'b0, nxt_lane} + 7'd1; end
                end
                S_WB: begin
                    if (wb_rows_kind && w_i < wb_nrows) begin
                        if (wb_front_row) begin
                            vwr_en[wave_simd(x_wave)] <= 1'b1;
                            vwr_row <= x_rd + {{(VAW-5){1'b0}}, w_i};
                            mon_vwr_areg <= 9'd256 + {1'b0, x_dst[7:0]} + {4'd0, w_i};
                            mon_vwr_wave <= x_wave; mon_vwr_tag <= x_tag;
                            vwr_mask <= x_exec;   // (vwr_data: its own process, below)
                            w_i <= w_i + 5'd1;
                        end
                    end else st <= S_DONE;
                end
                default: begin // S_DONE (a global memory one after the return queue's)
                    if (ar_busy && gmem_kind(x_kind)) ;
                    else if (x_kind == K_FAULT) begin
                        if (!fault_valid) begin
                            fault_valid <= 1'b1; fault_wave <= x_wave; fault_pc <= x_b[`DI_PC];
                        end
                    end else begin
                        done_valid <= 1'b1;
                        done_wave <= x_wave; done_tag <= x_tag; done_pc <= x_b[`DI_PC];
                        done_vm <= x_b[`DI_FMT] == SI_FMT_MUBUF || x_b[`DI_FMT] == SI_FMT_MTBUF;
                        done_exec <= x_exec;
                        st <= S_IDLE;
                    end
                end
            endcase
            // a returned pre-op value (dq): one lane of one row
            if (dq_v) begin
                vwr_en[wave_simd(dq_wave)] <= 1'b1;
                vwr_row <= dq_rd; vwr_mask <= 64'd1 << dq_lane;
                mon_vwr_areg <= 9'd256 + {1'b0, dq_dst};
                mon_vwr_wave <= dq_wave; mon_vwr_tag <= dq_tag;
            end
            // accept an instruction (in S_IDLE, or a plain DS one in the cycle
            // the previous one goes to the access stage: overrides that exit)
            if (op_valid && op_ready) begin
                x_wave <= op_wave; x_tag <= op_tag; x_b <= op_bundle;
                x_exec <= op_exec; x_vs <= {op_s3, op_s2};
                x_soff <= op_dold[31:0]; x_m0 <= op_m0;
                x_rd <= op_vdst;
                x_ldsb <= op_lds_base; x_ldss <= op_lds_size;
                x_kind <= k_kind; x_esz <= k_esz; x_nd <= k_nd; x_sext <= k_sext; x_fast <= k_fast;
                x_2addr <= k_2addr; x_st64 <= k_st64;
                x_aop <= k_aop; at_ph <= 2'd0; x_mode <= op_mode;
                x_rtn <= k_rtn;
                x_oobm <= 64'd0;
                x_tbuf <= k_tbuf; x_fnf <= k_fnf; x_fbc <= k_fbc; x_fc <= k_fc; x_fnd <= k_fnd;
                f_c <= 2'd0; f_req <= 1'b0;
                // rows to collect: {address rows, data rows}
                c_n <= 3'd0; c_i <= 3'd0; c_pend <= 1'b0; c_pend2 <= 1'b0;
                // the first row is requested in the accept cycle
                if (k_kind != K_FAULT && pl_n != 3'd0) begin
                    vrd_en[wave_simd(op_wave)] <= 1'b1;
                    vrd_row <= pl_row[0];
                    c_slot_q <= pl_slot[0];
                    c_i <= 3'd1; c_pend <= 1'b1;
                end
                a_lane <= 7'd0; a_d <= 5'd0; w_i <= 5'd0;
                if (k_kind == K_FAULT) st <= S_DONE;
                else st <= S_COLLECT;
                for (i = 0; i < 6; i = i + 1) begin c_row[i] <= pl_row[i]; c_slot[i] <= pl_slot[i]; end
                c_n <= pl_n;
            end
        end
    end
`ifndef SYNTHESIS
    // the front does not access, write back or complete while a plain DS
    // stage holds an instruction
    `SICU_ASSERT(lsu_back_end_alone, !((bk_busy || ga_busy) && (st == S_ACCESS || st == S_DRAIN || st == S_CONV ||
                                                               st == S_WB || st == S_DONE || st == S_VM)))
    // the hand-overs find the next stage empty or passing its instruction on
    `SICU_ASSERT(lsu_back_end_handover, !(ga_ho && bk_busy && !bk_fin))
    `SICU_ASSERT(lsu_access_stage_load, !(ga_load && ga_busy && !ga_ho))
    // the return queue's responses are the oldest outstanding ones; no overflow
    `SICU_ASSERT(lsu_ar_out_bound, !(ar_out > outst))
    localparam [AQW:0] AQ_N = AQ;
    `SICU_ASSERT(lsu_ar_no_overflow, !(ar_n > AQ_N || (ar_take && ar_n == AQ_N)))
    // no single access beside a group access in flight
    `SICU_ASSERT(lsu_lds_one_owner, !(lds_en && (ga_busy || bk_busy)))
    // a bank serves one dword a cycle (reads of one dword share it): each
    // served position against the first one served on its bank
    reg           fp_bank_twice;
    reg [31:0]    tw_seen;
    reg [LAW-3:0] tw_dw [0:31];
    integer       ai;
    always @* begin
        fp_bank_twice = 1'b0;
        tw_seen = 32'd0;
        for (ai = 0; ai < 32; ai = ai + 1) tw_dw[ai] = {(LAW-2){1'b0}};
        if (fp_go)
            for (ai = 0; ai < 32; ai = ai + 1)
                if (fp_srv[ai]) begin
                    if (tw_seen[pos_a[ai*LAW+2 +: 5]] &&
                        (ga_we || tw_dw[pos_a[ai*LAW+2 +: 5]] != pos_a[ai*LAW+2 +: LAW-2]))
                        fp_bank_twice = 1'b1;
                    if (!tw_seen[pos_a[ai*LAW+2 +: 5]]) begin
                        tw_seen[pos_a[ai*LAW+2 +: 5]] = 1'b1;
                        tw_dw[pos_a[ai*LAW+2 +: 5]] = pos_a[ai*LAW+2 +: LAW-2];
                    end
                end
    end
    `SICU_ASSERT(lsu_lds_bank_once, !fp_bank_twice)
`endif
    // Fields of the common unit interface (decoded bundle, 64-bit operand ports,
    // the V#) and address bits this unit does not use.
    /* verilator lint_off UNUSEDSIGNAL */
    wire _unused_ok = &{1'b0, op_dold[63:32], x_b, x_vs, x_dst[8], cnt_a[31:LAW-1],
                        ba_hi4[63:0], d_a[31:LAW-1], lds_rd_tag2[9], c_dslot3[2], 1'b0};
    /* verilator lint_on UNUSEDSIGNAL */
endmodule
`default_nettype wire
