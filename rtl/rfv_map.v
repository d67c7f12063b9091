// sicu CU: register-file virtualization (RFV on; docs/rfv.md, section 10) -
// the renaming of one SIMD's VGPR file.
//
// The units address a VGPR as a virtual row {wave slot of the SIMD, VGPR}
// (SICU_VROW_BITS wide; wave slot w of the CU is slot w / SIMDS of SIMD
// w % SIMDS).  This module maps them to the rows of the SIMD's physical file
// on demand.  The map is kept per physical row (its owner: valid, slot,
// VGPR), i.e. a CAM with one entry per row:
//   - translation (xl_*): each port of the file (the SIMD's six operand reads,
//     the LSU's read, the SIMD's two writes, the LSU's write) looks its
//     virtual row up among the owners; a read of a VGPR that is not mapped
//     gives 0;
//   - allocation: a write port whose VGPR is not mapped (or whose row is
//     released in the same cycle) gets the lowest free row in that cycle, up
//     to three per cycle.  So a VGPR is mapped by its first write after its
//     release, in the writing unit's order, and no release of an older
//     instruction can free the row of a younger one's result;
//   - zero bits: a freshly allocated row reads as 0 in each bank (SIMD pass)
//     until the bank's first write, and that first write writes all of the
//     bank's lanes (the inactive ones with 0): a VGPR a wave has not written
//     is 0, as in the golden emulator, never another wave's data;
//   - release: after an instruction has read its operands, its flagged
//     sources (rl_*: n VGPRs from a base, up to 6 per cycle: the SIMD's
//     three slots, the LSU's three), an rfv_pbr window (pb_*: a 48-bit mask
//     from a base) or all of a wave's VGPRs at its end (fl_*) are unmapped
//     and their rows free.  Releasing a VGPR that is not mapped does nothing.
//   - sub-array power gating (RFV_SUBARRAY rows per sub-array; 0: none): a
//     sub-array that holds no live row sleeps.  Allocation takes the lowest
//     free row of the awake sub-arrays, and only when they are full the
//     lowest free row of a sleeping one (the thesis's consolidating
//     policy), which wakes it: for wake_lat cycles (the run's control) the
//     SIMD's issue sends no VALU or vector-memory instruction of its waves
//     (wake_stall; what is in flight completes: the write that woke it is
//     taken as held in the sub-array's input latch);
//   - GPU-Shrink (rows, the run's --rfv-rows N; 0: all): rows at or above N
//     do not exist, no allocation takes them (rfv_shrink.v keeps the writes'
//     demand within the N rows); per wave slot the rows it holds and the rows
//     each port group allocates for it this cycle go to issue's throttle;
//   - RFV_POLICY roundrobin instead (wear levelling, thesis section 2.7.2):
//     the first free row after the one allocated last, circularly, so a row
//     just released is the last to be taken again; it spreads the live rows
//     over the sub-arrays, which then sleep less.
// Counters: rows allocated and released, the live rows summed over cycles,
// their maximum; awake sub-arrays summed over cycles, wake-ups, the cycles of
// wake_stall.
`default_nettype none
`include "sicu_assert.vh"
module rfv_map #(
    parameter NSL = `SICU_SIMD_SLOTS,
    parameter SW = (NSL > 1) ? $clog2(NSL) : 1,
    parameter VAW = SW + 8,              // = `SICU_VROW_BITS with RFV on
    parameter ROWS = `SICU_VGPR_ROWS,
    parameter PAW = $clog2(`SICU_VGPR_ROWS),
    parameter NB = 64 / `SICU_LANES,     // banks of the file (one per SIMD pass)
    parameter SA = `SICU_RFV_SUBARRAY,   // rows per gated sub-array (0: no gating)
    parameter NSA = (SA > 0) ? ROWS / SA : 1,
    parameter RR = (`SICU_FEAT_RFV_POLICY == `SICU_RFV_POLICY_ROUNDROBIN)
) (
    input  wire               clk,
    input  wire               rst,
    // translation: ports 0..6 read, 7..9 write (a write port allocates on a miss)
    input  wire [9:0]         xl_en,
    input  wire [10*VAW-1:0]  xl_vrow,
    output reg  [10*PAW-1:0]  xl_prow,
    output reg  [9:0]         xl_hit,
    output reg  [10*NB-1:0]   xl_zero,     // banks of the row not written since its allocation
    input  wire [3*NB-1:0]    wr_banks,    // the banks write ports 7..9 write
    // releases of flagged sources: slot rl_slot's VGPRs rl_base .. rl_base + rl_n - 1
    input  wire [5:0]         rl_valid,
    input  wire [6*SW-1:0]    rl_slot,
    input  wire [6*8-1:0]     rl_base,
    input  wire [6*3-1:0]     rl_n,
    // an rfv_pbr: slot pb_slot's VGPRs pb_base + i for each set bit i of pb_mask
    input  wire               pb_valid,
    input  wire [SW-1:0]      pb_slot,
    input  wire [7:0]         pb_base,
    input  wire [47:0]        pb_mask,
    // a wave's end: every VGPR of slot fl_slot
    input  wire               fl_valid,
    input  wire [SW-1:0]      fl_slot,
    // sub-array power gating: the wake-up latency (cycles), the SIMD's issue held
    input  wire [4:0]         wake_lat,
    output wire               wake_stall,
    // GPU-Shrink: the physical rows (0: all ROWS); per slot the rows it holds,
    // and the rows ports 7-8 (the SIMD's) and port 9 (LSU, dispatcher)
    // allocate for it this cycle
    input  wire [8:0]         phys_rows,
    output wire [NSL*9-1:0]   sl_live,
    output reg  [NSL*2-1:0]   sl_alv,
    output reg  [NSL-1:0]     sl_alm,
    // counters
    output reg  [31:0]        pc_sa_on_sum,
    output reg  [31:0]        pc_wakeups,
    output reg  [31:0]        pc_wake_stall,
    output reg  [31:0]        pc_allocs,
    output reg  [31:0]        pc_releases,
    output reg  [31:0]        pc_live_sum,
    output reg  [31:0]        pc_live_max
);
    // ---------------------------------------------------------------- the owners of the rows
    reg [ROWS-1:0] own_v;
    reg [SW-1:0]   own_slot [0:ROWS-1];
    reg [7:0]      own_vreg [0:ROWS-1];
    reg [NB-1:0]   zb [0:ROWS-1];        // banks not written since the allocation
    reg [PAW:0]    live;

    // ---------------------------------------------------------------- releases this cycle
    wire           any_rel = fl_valid || pb_valid || |rl_valid;
    reg [ROWS-1:0] freed;
    reg [7:0]      d;
    integer        r, k;
    always @* begin
        freed = {ROWS{1'b0}};
        d = 8'd0;
        if (any_rel)
            for (r = 0; r < ROWS; r = r + 1)
                if (own_v[r]) begin
                    if (fl_valid && own_slot[r] == fl_slot) freed[r] = 1'b1;
                    d = own_vreg[r] - pb_base;
                    if (pb_valid && own_slot[r] == pb_slot && own_vreg[r] >= pb_base && d < 8'd48 &&
                        pb_mask[d[5:0]])
                        freed[r] = 1'b1;
                    for (k = 0; k < 6; k = k + 1) begin
                        d = own_vreg[r] - rl_base[k*8 +: 8];
                        if (rl_valid[k] && own_slot[r] == rl_slot[k*SW +: SW] &&
                            own_vreg[r] >= rl_base[k*8 +: 8] && d < {5'd0, rl_n[k*3 +: 3]})
                            freed[r] = 1'b1;
                    end
                end
    end

    // ---------------------------------------------------------------- sub-arrays
    // awake: holds a live row (RFV_SUBARRAY 0: one sub-array, always awake)
    reg [NSA-1:0]  sa_on;
    reg [ROWS-1:0] row_awake;
    integer        j;
    always @* begin
        for (j = 0; j < NSA; j = j + 1)
            sa_on[j] = (SA == 0) ? 1'b1 : |own_v[j*((SA > 0) ? SA : ROWS) +: ((SA > 0) ? SA : ROWS)];
        for (j = 0; j < ROWS; j = j + 1)
            row_awake[j] = sa_on[(SA > 0) ? j / ((SA > 0) ? SA : 1) : 0];
    end

    // ---------------------------------------------------------------- rows that exist (GPU-Shrink)
    reg [ROWS-1:0] row_ok;
    integer        ro;
    always @*
        for (ro = 0; ro < ROWS; ro = ro + 1)
            row_ok[ro] = phys_rows == 9'd0 || ro < {23'd0, phys_rows};

    // ---------------------------------------------------------------- translation, allocation
    reg [VAW-1:0]  xv;
    reg            hit;
    reg [PAW-1:0]  hrow;
    reg [ROWS-1:0] taken;                // rows allocated this cycle
    reg [2:0]      al_v;                 // write port 7+i allocates ...
    reg [PAW-1:0]  al_row [0:2];         // ... this row
    reg            al_full;              // a write found no free row
    reg            found;
    reg [PAW-1:0]  rr_next;              // roundrobin: the row after the one allocated last
    reg [PAW-1:0]  rr_f;
    integer        p, f;
    always @* begin
        taken = {ROWS{1'b0}};
        al_v = 3'b000;
        al_full = 1'b0;
        xl_prow = {10*PAW{1'b0}};
        xl_hit = 10'd0;
        xl_zero = {10*NB{1'b0}};
        for (k = 0; k < 3; k = k + 1) al_row[k] = {PAW{1'b0}};
        xv = {VAW{1'b0}}; hit = 1'b0; hrow = {PAW{1'b0}}; found = 1'b0; rr_f = {PAW{1'b0}};
        for (p = 0; p < 10; p = p + 1)
            if (xl_en[p]) begin
                xv = xl_vrow[p*VAW +: VAW];
                hit = 1'b0;
                hrow = {PAW{1'b0}};
                // (a row released this cycle is still read - the release comes
                // with the last read - but not written: that write maps a new row)
                for (r = 0; r < ROWS; r = r + 1)
                    if (own_v[r] && own_slot[r] == xv[VAW-1:8] && own_vreg[r] == xv[7:0] && !(p >= 7 && freed[r])) begin
                        hit = 1'b1;
                        hrow = r[PAW-1:0];
                    end
                if (hit) begin
                    xl_hit[p] = 1'b1;
                    xl_prow[p*PAW +: PAW] = hrow;
                    xl_zero[p*NB +: NB] = zb[hrow];
                end else if (p >= 7) begin
                    // a write of a VGPR not mapped: the lowest free row (not one
                    // released this cycle: a read of it may be under way) of an
                    // awake sub-array, else of any
                    found = 1'b0;
                    if (RR) begin
                        for (f = 0; f < ROWS; f = f + 1) begin
                            rr_f = rr_next + f[PAW-1:0];   // (wraps: ROWS is a power of two)
                            if (!found && !own_v[rr_f] && !taken[rr_f] && row_ok[rr_f]) begin
                                found = 1'b1;
                                taken[rr_f] = 1'b1;
                                hrow = rr_f;
                            end
                        end
                    end else begin
                        for (f = 0; f < ROWS; f = f + 1)
                            if (!found && !own_v[f] && !taken[f] && row_awake[f] && row_ok[f]) begin
                                found = 1'b1;
                                taken[f] = 1'b1;
                                hrow = f[PAW-1:0];
                            end
                        for (f = 0; f < ROWS; f = f + 1)
                            if (!found && !own_v[f] && !taken[f] && row_ok[f]) begin
                                found = 1'b1;
                                taken[f] = 1'b1;
                                hrow = f[PAW-1:0];
                            end
                    end
                    if (found) begin
                        al_v[p-7] = 1'b1;
                        al_row[p-7] = hrow;
                        xl_hit[p] = 1'b1;
                        xl_prow[p*PAW +: PAW] = hrow;
                        xl_zero[p*NB +: NB] = {NB{1'b1}};
                    end else al_full = 1'b1;
                end
            end
    end

    // ---------------------------------------------------------------- update
    reg [PAW:0] nalloc, nfree;
    integer a;
    always @* begin
        nalloc = {1'b0, {(PAW-1){1'b0}}, al_v[0]} + {{PAW{1'b0}}, al_v[1]} + {{PAW{1'b0}}, al_v[2]};
        nfree = {(PAW+1){1'b0}};
        if (any_rel)
            for (a = 0; a < ROWS; a = a + 1) nfree = nfree + {{PAW{1'b0}}, freed[a]};
    end
    wire [VAW-1:0] wv0 = xl_vrow[7*VAW +: VAW], wv1 = xl_vrow[8*VAW +: VAW], wv2 = xl_vrow[9*VAW +: VAW];
    // the sub-arrays allocations wake this cycle, the awake ones
    wire [ROWS-1:0] own_nx = (own_v & ~freed) | taken;
    reg  [NSA-1:0]  sa_wake;
    reg  [PAW:0]    n_on, n_wake;
    always @* begin
        n_on = {(PAW+1){1'b0}};
        n_wake = {(PAW+1){1'b0}};
        for (j = 0; j < NSA; j = j + 1) begin
            sa_wake[j] = (SA > 0) && !sa_on[j] && |(taken[j*((SA > 0) ? SA : ROWS) +: ((SA > 0) ? SA : ROWS)]);
            n_on = n_on + {{PAW{1'b0}}, sa_on[j]};
            n_wake = n_wake + {{PAW{1'b0}}, sa_wake[j]};
        end
    end
    // ---------------------------------------------------------------- per slot (GPU-Shrink)
    localparam integer NSX = 1 << SW;    // (slot indices of SW bits)
    reg [8:0] sl_n [0:NSX-1];            // rows held
    reg [8:0] sl_fr [0:NSX-1];           // ... released this cycle
    reg [1:0] sl_a [0:NSX-1];            // ... allocated this cycle (all ports)
    integer   q;
    always @* begin
        for (q = 0; q < NSX; q = q + 1) begin
            sl_fr[q] = 9'd0;
            sl_a[q] = 2'd0;
        end
        if (any_rel)
            for (q = 0; q < ROWS; q = q + 1)
                if (freed[q]) sl_fr[own_slot[q]] = sl_fr[own_slot[q]] + 9'd1;
        sl_alv = {NSL*2{1'b0}};
        sl_alm = {NSL{1'b0}};
        for (q = 0; q < NSL; q = q + 1) begin
            sl_alv[q*2 +: 2] = {1'b0, al_v[0] && wv0[VAW-1:8] == q[SW-1:0]} + {1'b0, al_v[1] && wv1[VAW-1:8] == q[SW-1:0]};
            sl_alm[q] = al_v[2] && wv2[VAW-1:8] == q[SW-1:0];
            sl_a[q] = sl_alv[q*2 +: 2] + {1'b0, sl_alm[q]};
        end
    end
    genvar gsl;
    generate
        for (gsl = 0; gsl < NSL; gsl = gsl + 1) begin : g_sl
            assign sl_live[gsl*9 +: 9] = sl_n[gsl];
        end
    endgenerate
    always @(posedge clk)
        for (q = 0; q < NSX; q = q + 1)
            if (rst) sl_n[q] <= 9'd0;
            else sl_n[q] <= sl_n[q] + {7'd0, sl_a[q]} - sl_fr[q];

    reg [4:0] wk_cnt;
    assign wake_stall = wk_cnt != 5'd0;
    always @(posedge clk) begin
        if (rst) begin
            own_v <= {ROWS{1'b0}};
            live <= {(PAW+1){1'b0}};
            wk_cnt <= 5'd0;
            rr_next <= {PAW{1'b0}};
            pc_sa_on_sum <= 32'd0;
            pc_wakeups <= 32'd0;
            pc_wake_stall <= 32'd0;
            pc_allocs <= 32'd0;
            pc_releases <= 32'd0;
            pc_live_sum <= 32'd0;
            pc_live_max <= 32'd0;
        end else begin
            own_v <= own_nx;
            // roundrobin: the search continues after this cycle's last allocation
            if (al_v[2]) rr_next <= al_row[2] + 1'b1;
            else if (al_v[1]) rr_next <= al_row[1] + 1'b1;
            else if (al_v[0]) rr_next <= al_row[0] + 1'b1;
            pc_sa_on_sum <= pc_sa_on_sum + {{(31-PAW){1'b0}}, n_on};
            pc_wakeups <= pc_wakeups + {{(31-PAW){1'b0}}, n_wake};
            if (wake_stall) pc_wake_stall <= pc_wake_stall + 32'd1;
            if (|sa_wake && wake_lat > wk_cnt) wk_cnt <= wake_lat;
            else if (wk_cnt != 5'd0) wk_cnt <= wk_cnt - 5'd1;
            // zero bits: a write clears those of the banks it writes; a fresh
            // row starts with all set but those
            for (a = 0; a < 3; a = a + 1)
                if (xl_en[7 + a] && xl_hit[7 + a] && !al_v[a])
                    zb[xl_prow[(7 + a)*PAW +: PAW]] <= zb[xl_prow[(7 + a)*PAW +: PAW]] & ~wr_banks[a*NB +: NB];
            if (al_v[0]) begin
                own_slot[al_row[0]] <= wv0[VAW-1:8]; own_vreg[al_row[0]] <= wv0[7:0];
                zb[al_row[0]] <= ~wr_banks[0 +: NB];
            end
            if (al_v[1]) begin
                own_slot[al_row[1]] <= wv1[VAW-1:8]; own_vreg[al_row[1]] <= wv1[7:0];
                zb[al_row[1]] <= ~wr_banks[NB +: NB];
            end
            if (al_v[2]) begin
                own_slot[al_row[2]] <= wv2[VAW-1:8]; own_vreg[al_row[2]] <= wv2[7:0];
                zb[al_row[2]] <= ~wr_banks[2*NB +: NB];
            end
            live <= live + nalloc - nfree;
            pc_allocs <= pc_allocs + {{(31-PAW){1'b0}}, nalloc};
            pc_releases <= pc_releases + {{(31-PAW){1'b0}}, nfree};
            pc_live_sum <= pc_live_sum + {{(31-PAW){1'b0}}, live};
            if ({{(31-PAW){1'b0}}, live} > pc_live_max) pc_live_max <= {{(31-PAW){1'b0}}, live};
        end
    end

`ifndef SYNTHESIS
    // ---------------------------------------------------------------- assertions (simulation only)
    // a write always finds a free row: without GPU-Shrink the file holds every
    // wave's allocation; with it issue's throttle (rfv_shrink.v) keeps the
    // demand within the rows (its no-deadlock guarantee)
    `SICU_ASSERT(rfv_map_alloc_has_row, !al_full)
    // two write ports never allocate the same VGPR in one cycle (a VGPR has one writer at a time)
    `SICU_ASSERT(rfv_map_one_writer, !((al_v[0] && al_v[1] && wv0 == wv1) || (al_v[0] && al_v[2] && wv0 == wv2) ||
                                       (al_v[1] && al_v[2] && wv1 == wv2)))
    // the live-row counter is the number of rows in use
    integer pz;
    reg [PAW:0] own_n;
    always @* begin
        own_n = {(PAW+1){1'b0}};
        for (pz = 0; pz < ROWS; pz = pz + 1) own_n = own_n + {{PAW{1'b0}}, own_v[pz]};
    end
    `SICU_ASSERT(rfv_map_live_count, own_n == live)
    // GPU-Shrink: no row at or above the physical rows is in use
    `SICU_ASSERT(rfv_map_rows_exist, (own_v & ~row_ok) == {ROWS{1'b0}})
`endif
endmodule
`default_nettype wire
