// sicu CU: vector memory pipeline - MUBUF dword loads and stores
// (buffer_load_dword/buffer_store_dword, _dwordx2, _dwordx3, _dwordx4)
// coalesced into 64-byte line requests, several instructions in flight.
//
// The LSU (lsu.v) collects an instruction's VGPR operands and hands it over
// when every active lane's address is dword aligned and the V# is not
// swizzled (everything else stays on the LSU's lane-serial path, which waits
// until this unit is empty: memory operations perform in issue order).
//   ADDR   16 lanes per cycle (4 cycles): each lane's address (buf_addr.vh)
//          and the range check of each of its dwords; the instruction gets
//          an in-flight slot (INFLIGHT, freed at completion, in order).  Its
//          per-lane results go to COAL when COAL is free, so a load is
//          addressed while the previous instruction is coalesced (stores
//          one at a time: the unit holds one store's data rows);
//   COAL   one line request per cycle: the first pending element (lane, then
//          dword, the emulator's order) names the line; every pending element
//          in that line is served by the request.  A contiguous dword access
//          of a wave is 4 requests, a scattered one up to 64.  A request
//          carries the mask of the line's dwords it needs; a store's also
//          carries their data (of several lanes on one dword, the last in
//          the emulator's order wins) and serves the lanes of one
//          quarter-wave (16 lanes: a contiguous access loses nothing).  Then a final marker: a load writes
//          0 to active out-of-range dwords (a store drops them).
//   RSP    responses (the line's dwords; a store's: its acknowledgement)
//          come back in request order; a load's writes the instruction's
//          destination rows whose lanes it covers (one row per cycle, under
//          the lanes' masks); the marker completes the instruction (done:
//          waitcnt, retirement).
// Up to REQS requests (and markers) outstanding; requests of one instruction
// precede those of the next, so memory order is issue order.
`default_nettype none
`include "sicu_assert.vh"
module vmem #(
    parameter NW = `SICU_WAVES,
    parameter WW = (NW > 1) ? $clog2(NW) : 1,
    parameter NS = `SICU_SIMDS,
    parameter VAW = `SICU_VROW_BITS,
    parameter IT = `SICU_VMEM_INFLIGHT,
    parameter REQS = `SICU_VMEM_REQS
) (
    input  wire              clk,
    input  wire              rst,
    // hand-off from the LSU: an instruction with its operand rows
    input  wire              in_valid,
    output wire              in_ready,
    input  wire [WW-1:0]     in_wave,
    input  wire [15:0]       in_tag,
    input  wire [47:0]       in_pc,
    input  wire [63:0]       in_exec,
    input  wire [2:0]        in_nd,           // dwords per lane, 1..4
    input  wire [VAW-1:0]    in_vdst,         // physical row of the destination (loads)
    input  wire [8:0]        in_areg,         // its architectural register (256 + n, monitor)
    input  wire [127:0]      in_vs,           // V#
    input  wire [31:0]       in_soff,
    input  wire [15:0]       in_offset,
    input  wire              in_addr64,
    input  wire              in_idxen,
    input  wire              in_offen,
    input  wire [2047:0]     in_a0,           // address rows
    input  wire [2047:0]     in_a1,
    input  wire              in_store,        // a store: in_d holds its data rows
    input  wire [8191:0]     in_d,            // {dword 3, 2, 1, 0} rows
    output wire              busy,            // an instruction is in this unit
    output reg  [NW-1:0]     unsent,          // waves with an instruction that has line requests to make (smem.v waits)
    input  wire              hold,            // the LSU writes VGPR rows / completes: no row write, no done
    // line port to the memory system (harness): requests and in-order responses
    output reg               gm_req_valid,
    input  wire              gm_req_ready,
    output reg  [63:0]       gm_req_addr,     // 64-byte aligned
    output reg  [15:0]       gm_req_dmask,    // dwords of the line read / written
    output reg               gm_req_we,       // a write of the dmask dwords of gm_req_data
    output reg  [511:0]      gm_req_data,
    output reg  [WW-1:0]     gm_req_wave,
    output reg  [15:0]       gm_req_tag,
    output reg  [47:0]       gm_req_pc,       // error reports only
    input  wire              gm_rsp_valid,
    output wire              gm_rsp_ready,
    input  wire [511:0]      gm_rsp_data,
    // VGPR row writes (loads), through the wave's SIMD
    output reg  [NS-1:0]     vwr_en,
    output reg  [VAW-1:0]    vwr_row,
    output reg  [63:0]       vwr_mask,
    output reg  [2047:0]     vwr_data,
    output reg  [8:0]        mon_vwr_areg,
    output reg  [WW-1:0]     mon_vwr_wave,
    output reg  [15:0]       mon_vwr_tag,
    // monitor (testbench): the elements a store request writes ([d*64 + lane]),
    // each lane's dword offset in its line, and the data rows, so that the
    // harness records every lane's store as the emulator does
    output reg  [255:0]      mon_st_srv,
    output reg  [255:0]      mon_st_woff,
    output wire [8191:0]     mon_st_data,
    // completion
    output reg               done_valid,
    output reg  [WW-1:0]     done_wave,
    output reg  [15:0]       done_tag,
    output reg  [47:0]       done_pc,
    output reg  [63:0]       done_exec,
    // activity
    output reg  [31:0]       pc_lines,
    output reg  [31:0]       pc_insts
);
    localparam ITW = (IT > 1) ? $clog2(IT) : 1;
    localparam RQW = $clog2(REQS);
    localparam EW = ITW + 2 + 256;   // request entry: {slot, marker, last, masks[4][64]}
`include "buf_addr.vh"

    // ---------------------------------------------------------------- in-flight slots (a ring, completed in order)
    reg [WW-1:0]  it_wave [0:IT-1];
    reg [15:0]    it_tag [0:IT-1];
    reg [47:0]    it_pc [0:IT-1];
    reg [63:0]    it_exec [0:IT-1];
    reg [VAW-1:0] it_vdst [0:IT-1];
    reg [8:0]     it_areg [0:IT-1];
    reg [255:0]   it_woff [0:IT-1];   // per lane: dword of its first element within its line
    reg [ITW-1:0] it_head, it_tail;
    reg [ITW:0]   it_cnt;

    // ---------------------------------------------------------------- ADDR stage: the instruction being addressed
    // (then FULL until COAL takes its per-lane results: a load is addressed
    // while the previous instruction is coalesced)
    localparam [1:0] A_IDLE = 2'd0, A_ADDR = 2'd1, A_FULL = 2'd2;
    reg [1:0]     a_st;
    reg [1:0]     a_q;                // ADDR: lanes 16q .. 16q+15
    reg [ITW-1:0] a_it;
    reg [2:0]     a_nd;
    reg [63:0]    a_exec;
    reg [127:0]   a_vs;
    reg [31:0]    a_soff;
    reg [15:0]    a_offset;
    reg           a_addr64, a_idxen, a_offen;
    reg [2047:0]  a_a0, a_a1;
    reg           a_store;
    reg [WW-1:0]  a_wave;
    reg [15:0]    a_tag;
    reg [47:0]    a_pc;
    reg [64*58-1:0] a_line;           // per lane: line of its first dword
    reg [255:0]   a_woff;             // dword of it within the line, per lane
    reg [63:0]    a_cross;            // the lane's dwords reach the next line
    reg [255:0]   a_act;              // [d*64 + lane]: an active lane's dword d
    reg [255:0]   a_oob;              // ... out of range (loads read 0)

    // ---------------------------------------------------------------- COAL stage: the instruction being coalesced
    localparam [1:0] C_IDLE = 2'd0, C_COAL = 2'd2, C_MARK = 2'd3;
    reg [1:0]     c_st;
    reg [ITW-1:0] c_it;
    reg           c_store;
    reg [8191:0]  c_d;                // store data rows {dword 3, 2, 1, 0} (of the one store in the unit)
    reg [WW-1:0]  c_wave;
    reg [15:0]    c_tag;
    reg [47:0]    c_pc;
    reg [64*58-1:0] c_line;           // a_* of the instruction, taken over from ADDR
    reg [255:0]   c_woff;
    reg [63:0]    c_cross;
    reg [255:0]   c_act;
    reg [255:0]   c_oob;
    reg [255:0]   c_done;             // [d*64 + lane]: requested

    // request entries, oldest at rq_rd
    reg [EW-1:0]  rq_mem [0:REQS-1];
    reg [RQW-1:0] rq_wr, rq_rd;
    reg [RQW:0]   rq_cnt;

    // ADDR hands its instruction to COAL when COAL is empty or pushes its
    // final entry (C_MARK) this cycle, and takes the next one in that cycle.
    // One store at a time in the unit (its data rows, c_d, are written at
    // accept): a store waits while another is in ADDR or COAL (until the
    // cycle of its final entry); loads pass.
    wire c_mark;
    wire a_pass = a_st == A_FULL && (c_st == C_IDLE || c_mark);
    wire store_in = (a_st != A_IDLE && a_store) || (c_st == C_COAL && c_store) || (c_st == C_MARK && c_store && !c_mark);
    assign in_ready = (a_st == A_IDLE || a_pass) && !(in_store && store_in) && it_cnt < IT[ITW:0] && !rst;
    assign busy = a_st != A_IDLE || c_st != C_IDLE || it_cnt != {(ITW+1){1'b0}};
    always @* begin
        unsent = {NW{1'b0}};
        if (a_st != A_IDLE) unsent[a_wave] = 1'b1;
        if (c_st != C_IDLE) unsent[c_wave] = 1'b1;
        if (gm_req_valid) unsent[gm_req_wave] = 1'b1;
    end

    // The wide per-lane logic is written as functions, each called once in
    // a clocked block of its own under its stage's condition: Verilator runs
    // it only in the cycles that use it (the unit is idle most of the time),
    // and Yosys sees one small process per stage.

    // ---------------------------------------------------------------- ADDR: 16 lanes a cycle
    // lane {a_q, i}: its address dwords (a 4:1 select of constant
    // part-selects per lane position i), buf_addr.vh for each of its dwords
    always @(posedge clk)
        if (a_st == A_ADDR) begin : addr_stage
            reg [31:0] a0, a1;
            /* verilator lint_off UNUSEDSIGNAL */
            reg [64:0] r;         // (its low two bits: the LSU checked the alignment)
            /* verilator lint_on UNUSEDSIGNAL */
            integer    i, d, q;
            for (i = 0; i < 16; i = i + 1) begin
                a0 = 32'd0; a1 = 32'd0;
                for (q = 0; q < 4; q = q + 1)
                    if (a_q == q[1:0]) begin a0 = a_a0[(q * 16 + i) * 32 +: 32]; a1 = a_a1[(q * 16 + i) * 32 +: 32]; end
                for (d = 0; d < 4; d = d + 1) begin
                    r = buf_addr(a_vs, a_soff, a_offset, a_addr64, a_idxen, a_offen, a0, a1, {a_q, i[3:0]},
                                 {28'd0, d[1:0], 2'b00});
                    // constant indices under the quarter's condition (synthesis:
                    // no variable-index writes of the wide vectors)
                    for (q = 0; q < 4; q = q + 1)
                        if (a_q == q[1:0]) begin
                            if (d == 0) begin
                                a_line[(q * 16 + i) * 58 +: 58] <= r[63:6];
                                a_woff[(q * 16 + i) * 4 +: 4] <= r[5:2];
                                a_cross[q * 16 + i] <= ({1'b0, r[5:2]} + {2'd0, a_nd} - 5'd1) >= 5'd16;
                            end
                            a_oob[d * 64 + q * 16 + i] <= a_exec[q * 16 + i] && d < a_nd && r[64];
                            a_act[d * 64 + q * 16 + i] <= a_exec[q * 16 + i] && d < a_nd;
                        end
                end
            end
        end
    // elements to request: active, in range, not yet requested ([d*64 + lane])
    wire [255:0] c_pend = c_act & ~c_oob & ~c_done;

    // ---------------------------------------------------------------- COAL (two stages)
    // S1 picks the line of the first pending element (lane, then dword: the
    // emulator's order) and the pending elements in it; S2 sends the request
    // and its entry.  S1 looks at the elements S2 has not taken yet.
    reg         q_v;                  // S2 holds a served set
    reg [255:0] q_srv;
    reg [57:0]  q_line;
    reg [1:0]   q_qtr;                // a store's: the quarter-wave of its lanes
    wire [255:0] s1_pend = c_pend & ~(q_v ? q_srv : 256'd0);
    function automatic [57:0] lead_f(input [255:0] pend);
        reg [5:0]  l;
        reg [1:0]  d;
        reg [3:0]  pd, wo;
        reg [57:0] ln;
        integer    k;
        begin
            l = 6'd0; d = 2'd0; pd = 4'd0; wo = 4'd0; ln = 58'd0;
            for (k = 63; k >= 0; k = k - 1)
                if (pend[k] | pend[64 + k] | pend[128 + k] | pend[192 + k]) l = k[5:0];
            for (k = 0; k < 64; k = k + 1)   // constant part-selects (synthesis)
                if (k[5:0] == l) begin
                    pd = {pend[192 + k], pend[128 + k], pend[64 + k], pend[k]};
                    wo = c_woff[k * 4 +: 4];
                    ln = c_line[k * 58 +: 58];
                end
            for (k = 3; k >= 0; k = k - 1)
                if (pd[k]) d = k[1:0];
            lead_f = ln + (({1'b0, wo} + {3'd0, d}) >= 5'd16 ? 58'd1 : 58'd0);
        end
    endfunction
    // the elements of pend in line ln ([d*64 + lane]): a lane's dword d is in
    // its first line, or in the next one when woff + d >= 16
    function automatic [255:0] srv_f(input [255:0] pend, input [57:0] ln);
        reg [57:0] m1;
        integer    l, d;
        begin
            m1 = ln - 58'd1;
            for (l = 0; l < 64; l = l + 1)
                for (d = 0; d < 4; d = d + 1)
                    srv_f[d * 64 + l] = pend[d * 64 + l] &&
                        ((({1'b0, c_woff[l * 4 +: 4]} + d[4:0]) >= 5'd16) ? (c_cross[l] && c_line[l * 58 +: 58] == m1)
                                                                          : (c_line[l * 58 +: 58] == ln));
        end
    endfunction
    // the quarter-wave (lanes 16q .. 16q+15) of the first pending lane, and
    // the elements of a quarter: a store request serves one quarter's lanes
    function automatic [1:0] lead_q_f(input [255:0] pend);
        integer k;
        begin
            lead_q_f = 2'd0;
            for (k = 63; k >= 0; k = k - 1)
                if (pend[k] | pend[64 + k] | pend[128 + k] | pend[192 + k]) lead_q_f = k[5:4];
        end
    endfunction
    // (an expression, not a loop over the 256 bits: Verilator computes a
    // function's body wherever it is called, also under a false condition,
    // e.g. in the assertion below every cycle)
    function automatic [255:0] qmask_f(input [1:0] q);
        qmask_f = {4{64'h000000000000ffff << {q, 4'b0000}}};
    endfunction
    wire rq_room = rq_cnt < REQS[RQW:0];
    wire req_free = !gm_req_valid || gm_req_ready;
    wire s2_fire = c_st == C_COAL && q_v && rq_room && req_free;
    wire s1_fire = c_st == C_COAL && s1_pend != 256'd0 && (!q_v || s2_fire);
    always @(posedge clk)
        if (s1_fire) begin : coal_s1
            reg [57:0] ln;
            reg [1:0]  q;
            ln = lead_f(s1_pend);
            q = lead_q_f(s1_pend);
            q_line <= ln;
            q_qtr <= q;
            q_srv <= srv_f(c_store ? s1_pend & qmask_f(q) : s1_pend, ln);
        end
    // the dwords of the line the served elements read: lane l's dword d is
    // dword (woff + d) mod 16 of the line it lies in
    function automatic [15:0] dmask_f(input [255:0] srv);
        reg [3:0]  w;
        reg [31:0] r;
        integer    l;
        begin
            dmask_f = 16'd0;
            for (l = 0; l < 64; l = l + 1) begin
                w = c_woff[l * 4 +: 4];
                r = {16'd0, 12'd0, srv[192 + l], srv[128 + l], srv[64 + l], srv[l]} << w;
                dmask_f = dmask_f | r[15:0] | r[31:16];
            end
        end
    endfunction
    // a store's line data: dword j of the line from the last served element
    // (lane, then dword: the emulator's order) that lies on it; the served
    // elements are lanes of quarter q (a 4:1 select per lane position, then
    // 64 candidates per dword: a store line gathers 16 lanes, as the address
    // stage handles 16 lanes a cycle; lanes of later quarters on the same
    // line go in later requests, so the last lane still wins in memory)
    function automatic [511:0] data_f(input [255:0] srv, input [1:0] q);
        reg [31:0] v;
        reg [3:0]  w, k;
        reg        sv;
        integer    l, d, j, qq;
        begin
            data_f = 512'd0;
            for (l = 0; l < 16; l = l + 1)
                for (d = 0; d < 4; d = d + 1) begin
                    v = 32'd0; w = 4'd0; sv = 1'b0;
                    for (qq = 0; qq < 4; qq = qq + 1)   // constant part-selects (synthesis)
                        if (q == qq[1:0]) begin
                            v = c_d[(d * 64 + qq * 16 + l) * 32 +: 32];
                            w = c_woff[(qq * 16 + l) * 4 +: 4];
                            sv = srv[d * 64 + qq * 16 + l];
                        end
                    k = w + d[3:0];
                    for (j = 0; j < 16; j = j + 1)
                        if (sv && k == j[3:0]) data_f[j * 32 +: 32] = v;
                end
        end
    endfunction
    always @(posedge clk)
        if (s2_fire) gm_req_dmask <= dmask_f(q_srv);
    always @(posedge clk)
        if (s2_fire && c_store) begin
            gm_req_data <= data_f(q_srv, q_qtr);
            mon_st_srv <= q_srv;
            mon_st_woff <= c_woff;
        end
    assign mon_st_data = c_d;
    assign c_mark = c_st == C_MARK && rq_room;   // the final entry
    wire c_push = s2_fire || c_mark;

    // ---------------------------------------------------------------- RSP: write the rows an entry covers
    wire [EW-1:0]  rq_head = rq_mem[rq_rd];
    wire           head_mark = rq_head[257];
    reg            w_v;               // an entry is being written
    reg [ITW-1:0]  w_it;
    reg            w_last;
    reg [255:0]    w_mask;
    reg [511:0]    w_line;
    reg            w_mark;
    // the first destination row with lanes (one row per cycle)
    reg [1:0]      w_d;
    reg            w_any, w_more;
    integer        wd;
    always @* begin
        w_d = 2'd0; w_any = 1'b0; w_more = 1'b0;
        for (wd = 3; wd >= 0; wd = wd - 1)
            if (w_mask[wd * 64 +: 64] != 64'd0) begin
                if (w_any) w_more = 1'b1;
                w_any = 1'b1; w_d = wd[1:0];
            end
    end
    // an entry's rows are done this cycle (none left after this one)
    wire w_fin = w_v && !w_more && !hold;
    wire w_take = (!w_v || w_fin) && !hold && rq_cnt != {(RQW+1){1'b0}} && (head_mark || gm_rsp_valid);
    assign gm_rsp_ready = (!w_v || w_fin) && !hold && rq_cnt != {(RQW+1){1'b0}} && !head_mark;
    wire w_row = w_v && w_any && !hold;
    // the row of destination dword d: lane l takes dword (woff + d) of the line
    function automatic [2047:0] row_f(input [1:0] d);
        reg [255:0] wo;
        reg [3:0]   k;
        integer     l, j;
        begin
            wo = it_woff[w_it];
            row_f = 2048'd0;
            for (l = 0; l < 64; l = l + 1) begin
                k = wo[l * 4 +: 4] + {2'd0, d};
                for (j = 0; j < 16; j = j + 1)
                    if (k == j[3:0] && !w_mark) row_f[l * 32 +: 32] = w_line[j * 32 +: 32];
            end
        end
    endfunction
    always @(posedge clk)
        if (w_row) vwr_data <= row_f(w_d);
    function automatic integer wave_simd(input [WW-1:0] w);
        wave_simd = {{(32-WW){1'b0}}, w} % NS;
    endfunction

    // ---------------------------------------------------------------- control
    integer i;
    always @(posedge clk) begin
        vwr_en <= {NS{1'b0}};
        done_valid <= 1'b0;
        if (rst) begin
            c_st <= C_IDLE;
            a_st <= A_IDLE;
            it_head <= {ITW{1'b0}}; it_tail <= {ITW{1'b0}}; it_cnt <= {(ITW+1){1'b0}};
            rq_wr <= {RQW{1'b0}}; rq_rd <= {RQW{1'b0}}; rq_cnt <= {(RQW+1){1'b0}};
            gm_req_valid <= 1'b0;
            gm_req_we <= 1'b0;
            w_v <= 1'b0;
            q_v <= 1'b0;
            pc_lines <= 32'd0; pc_insts <= 32'd0;
        end else begin
            if (gm_req_valid && gm_req_ready) gm_req_valid <= 1'b0;
            // -------- accept
            // -------- ADDR -> COAL
            if (a_pass) begin
                a_st <= A_IDLE;
                c_st <= C_COAL; c_it <= a_it; c_store <= a_store;
                c_wave <= a_wave; c_tag <= a_tag; c_pc <= a_pc;
                c_line <= a_line; c_woff <= a_woff; c_cross <= a_cross; c_act <= a_act; c_oob <= a_oob;
                c_done <= 256'd0;
            end else if (c_mark)
                c_st <= C_IDLE;
            if (in_valid && in_ready) begin
                a_st <= A_ADDR; a_q <= 2'd0; a_it <= it_tail;
                a_nd <= in_nd; a_exec <= in_exec; a_vs <= in_vs; a_soff <= in_soff;
                a_offset <= in_offset; a_addr64 <= in_addr64; a_idxen <= in_idxen; a_offen <= in_offen;
                a_a0 <= in_a0; a_a1 <= in_a1;
                a_store <= in_store;
                if (in_store) c_d <= in_d;
                a_wave <= in_wave; a_tag <= in_tag; a_pc <= in_pc;
                it_wave[it_tail] <= in_wave; it_tag[it_tail] <= in_tag; it_pc[it_tail] <= in_pc;
                it_exec[it_tail] <= in_exec; it_vdst[it_tail] <= in_vdst; it_areg[it_tail] <= in_areg;
                it_tail <= it_tail + 1'b1;
                pc_insts <= pc_insts + 32'd1;
            end
            if (a_st == A_ADDR) begin
                a_q <= a_q + 2'd1;
                if (a_q == 2'd3) a_st <= A_FULL;
            end
            // the slot's lane offsets, complete after ADDR, before any response
            if (c_st == C_COAL) it_woff[c_it] <= c_woff;
            // -------- COAL
            if (s1_fire) q_v <= 1'b1;
            else if (s2_fire) q_v <= 1'b0;
            if (s2_fire) begin
                c_done <= c_done | q_srv;
                gm_req_valid <= 1'b1;
                gm_req_we <= c_store;
                gm_req_addr <= {q_line, 6'd0};
                gm_req_wave <= c_wave; gm_req_tag <= c_tag; gm_req_pc <= c_pc;
                pc_lines <= pc_lines + 32'd1;
            end
            if (c_st == C_COAL && s1_pend == 256'd0 && !q_v) c_st <= C_MARK;
            if (c_push) begin
                // a store's entries write no rows
                rq_mem[rq_wr] <= c_mark ? {c_it, 1'b1, 1'b1, c_store ? 256'd0 : c_oob} :
                                          {c_it, 1'b0, 1'b0, c_store ? 256'd0 : q_srv};
                rq_wr <= rq_wr + 1'b1;
            end
            // -------- RSP: take the head entry (with its response), write its rows
            if (w_row) begin
                vwr_en[wave_simd(it_wave[w_it])] <= 1'b1;
                vwr_row <= it_vdst[w_it] + {{(VAW-2){1'b0}}, w_d};
                vwr_mask <= w_mask[w_d * 64 +: 64];
                mon_vwr_areg <= it_areg[w_it] + {7'd0, w_d};
                mon_vwr_wave <= it_wave[w_it]; mon_vwr_tag <= it_tag[w_it];
                for (i = 0; i < 4; i = i + 1)
                    if (w_d == i[1:0]) w_mask[i * 64 +: 64] <= 64'd0;
            end
            if (w_fin) begin
                w_v <= 1'b0;
                if (w_last) begin
                    done_valid <= 1'b1;
                    done_wave <= it_wave[w_it]; done_tag <= it_tag[w_it]; done_pc <= it_pc[w_it];
                    done_exec <= it_exec[w_it];
                    it_head <= it_head + 1'b1;
                end
            end
            if (w_take) begin
                w_v <= 1'b1;
                w_it <= rq_head[EW-1 -: ITW];
                w_mark <= head_mark;
                w_last <= rq_head[256];
                w_mask <= rq_head[255:0];
                w_line <= gm_rsp_data;
            end
            if (w_take) rq_rd <= rq_rd + 1'b1;
            rq_cnt <= rq_cnt + {{RQW{1'b0}}, c_push} - {{RQW{1'b0}}, w_take};
            it_cnt <= it_cnt + {{ITW{1'b0}}, in_valid && in_ready} - {{ITW{1'b0}}, w_fin && w_last};
        end
    end

`ifndef SYNTHESIS   // assertions: simulation only
    `SICU_ASSERT(vmem_rsp_expected, !(gm_rsp_valid && rq_cnt == 0))
    `SICU_ASSERT(vmem_req_queue_overflow, !(c_push && !rq_room))
    `SICU_ASSERT(vmem_inflight_overflow, !(in_valid && in_ready && it_cnt >= IT))
    `SICU_ASSERT(vmem_one_store, !(in_valid && in_ready && in_store && store_in))
    `SICU_ASSERT(vmem_addr_overrun, !(in_valid && in_ready && a_st != A_IDLE && !a_pass))
    `SICU_ASSERT(vmem_done_in_order, !(w_fin && w_last && w_it != it_head))
    `SICU_ASSERT(vmem_serves_pending, !(s1_fire && (s1_pend & ~c_pend) != 256'd0))
    `SICU_ASSERT(vmem_store_one_quarter, !(s2_fire && c_store && (q_srv & ~qmask_f(q_qtr)) != 256'd0))
    // a request waiting for ready keeps its address
    reg        a_wait;
    reg [63:0] a_addr;
    always @(posedge clk) begin
        a_wait <= gm_req_valid && !gm_req_ready && !rst;
        a_addr <= gm_req_addr;
    end
    `SICU_ASSERT(vmem_req_stable, !(a_wait && (!gm_req_valid || gm_req_addr != a_addr)))
`endif
endmodule
`default_nettype wire
