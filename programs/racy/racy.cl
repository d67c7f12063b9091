/* racy: plain global stores and loads that race between waves and
 * work-groups (no atomics, no barriers), then a ticket that makes each
 * work-item's later store depend on the order of the atomics.  The result
 * depends on the memory order, so the host checks consistency only (host.c);
 * what the test is for is cosim: the emulator must follow the order in which
 * the RTL (several loads/stores in flight per wave, several waves) performs
 * them, and the final buffers must agree. */
__kernel void racy(__global uint *shared_w, __global uint *seen, __global uint *cnt,
                   __global uint *slot, __global uint *order)
{
    uint g = get_global_id(0);
    shared_w[g & 63] = g + 1;                     /* 1 + g: writers of dword k are g = k (mod 64) */
    seen[g] = shared_w[(g + 32) & 63];            /* 0 (not yet) or 1 + a writer of that dword */
    uint t = atomic_add(&cnt[0], 1u);             /* a ticket: permutation of 0..n-1 */
    order[t] = g + 1;                             /* who got ticket t */
    slot[t & 127] = g + 1;                        /* last writer of the ticket's slot */
    seen[get_global_size(0) + g] = slot[(t + 64) & 127];
}
