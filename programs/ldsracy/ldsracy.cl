/* ldsracy: LDS stores, loads and atomics that race between the waves of a
 * work-group (no barrier between them), like programs/racy does for global
 * memory.  Each work-group has 4 waves: every wave stores to the same 64
 * dwords of w and loads the other half of them, takes a ticket with an LDS
 * atomic, stores to the ticket's slot and loads another slot.  The values
 * depend on the order in which the LSU serves the waves, so the host checks
 * consistency only (host.c); what the test is for is cosim: the emulator must
 * run each DS instruction in the order the RTL makes its LDS accesses. */
#define ROUNDS 4

__kernel void ldsracy(__global uint *seen, __global uint *fin, __global uint *order, __global uint *cnt_out,
                      __global uint *junk)
{
    __local uint w[64];
    __local uint slot[64];
    __local uint cnt;
    __local uint big[1024];
    uint l = get_local_id(0), grp = get_group_id(0), n = get_local_size(0);
    uint g = get_global_id(0);
    if (l < 64) {
        w[l] = 0;
        slot[l] = 0;
    }
    if (l == 0)
        cnt = 0;
    for (uint i = l; i < 1024; i += n)
        big[i] = i;
    barrier(CLK_LOCAL_MEM_FENCE);
    uint x = l;
    for (uint r = 0; r < ROUNDS; r++) {
        /* a delay that differs between the waves and the rounds, so that their
         * stores and loads interleave in varying orders */
        uint d = ((l >> 6) * 7 + r * 3) % 11;
        for (uint i = 0; i < d; i++)
            x = x * 1664525u + 1013904223u;
        x += big[(l * 32 + r) & 1023];        /* 32 lanes on one bank: keeps the LSU busy */
        w[l & 63] = r * 256 + l + 1;          /* writers of w[k]: l = k (mod 64), one per wave */
        seen[r * get_global_size(0) + g] = w[(l + 32) & 63];  /* a writer's value, this round's or another's */
    }
    junk[g] = x;
    uint t = atomic_add(&cnt, 1u);            /* a ticket: permutation of 0..n-1 */
    order[grp * n + t] = l + 1;
    slot[t & 63] = l + 1;
    seen[ROUNDS * get_global_size(0) + g] = slot[(t + 32) & 63];  /* 0 or a work-item with a ticket of that slot */
    barrier(CLK_LOCAL_MEM_FENCE);
    if (l < 64) {
        fin[grp * 128 + l] = w[l];
        fin[grp * 128 + 64 + l] = slot[l];
    }
    if (l == 0)
        cnt_out[grp] = cnt;
}
