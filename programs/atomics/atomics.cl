/* atomics: global and local 32-bit atomics.
 *   - histogram of data & 255: local atomic_inc into a per-group LDS
 *     histogram, then one global atomic_add per non-empty bin;
 *   - tickets[i] = atomic_inc(&stats[0]) (a permutation of 0..n-1);
 *   - global min/max (signed and unsigned), and/or/xor/add/sub on stats[];
 *   - per-group local max/min/xor (ds_max_rtn_u32 ...) to gstats[];
 *   - cmpxchg: each work-item tries to claim slot data%64 (0 -> i+1) and
 *     records the old value; atomic_xchg chains through stats[10].
 * 3000 work-items in groups of 256 (last group partial). */
#define NBINS 256

kernel void atomics(global const uint *data, global uint *hist, global uint *stats,
                    global uint *tickets, global uint *slots, global uint *cas_old,
                    global uint *xchg_old, global uint *gstats, uint n)
{
    local uint lh[NBINS];
    local uint lm[3];
    uint i = get_global_id(0), lid = get_local_id(0), nl = get_local_size(0);

    for (uint k = lid; k < NBINS; k += nl)
        lh[k] = 0;
    if (lid == 0) {
        lm[0] = 0;
        lm[1] = 0xffffffffu;
        lm[2] = 0;
    }
    barrier(CLK_LOCAL_MEM_FENCE);

    uint x = data[i];
    atomic_inc(&lh[x & 255u]);
    atomic_max(&lm[0], x);
    atomic_min(&lm[1], x);
    atomic_xor(&lm[2], x);

    tickets[i] = atomic_inc(&stats[0]);
    atomic_max(&stats[1], x);
    atomic_min(&stats[2], x);
    atomic_and(&stats[3], x | 0x00ff00ffu);
    atomic_or(&stats[4], x & 0x0f0f0f0fu);
    atomic_xor(&stats[5], x);
    atomic_add(&stats[6], x);
    atomic_min((volatile global int *)&stats[7], (int)x);
    atomic_max((volatile global int *)&stats[8], (int)x);
    atomic_sub(&stats[9], x & 0xffu);
    xchg_old[i] = atomic_xchg(&stats[10], i + 1u);
    cas_old[i] = atomic_cmpxchg(&slots[x % 64u], 0u, i + 1u);

    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint k = lid; k < NBINS; k += nl)
        if (lh[k])
            atomic_add(&hist[k], lh[k]);
    if (lid < 3)
        gstats[get_group_id(0) * 3 + lid] = lm[lid];
    (void)n;
}
