/* PrefixSum: work-efficient (up-sweep / down-sweep) exclusive scan of
 * blocks of 2 * local_size uints in LDS.  Each work-group scans its block
 * independently and writes the block total to sums[group].  The LDS
 * buffer is a __local pointer argument (dynamic LDS). */
kernel void PrefixSum(global const uint *in, global uint *out, global uint *sums, local uint *s)
{
    uint lid = get_local_id(0);
    uint nt = get_local_size(0);
    uint n = 2 * nt;
    uint base = get_group_id(0) * n;

    s[lid] = in[base + lid];
    s[lid + nt] = in[base + lid + nt];

    uint offset = 1;
    for (uint d = nt; d > 0; d >>= 1) {         /* up-sweep */
        barrier(CLK_LOCAL_MEM_FENCE);
        if (lid < d) {
            uint ai = offset * (2 * lid + 1) - 1;
            uint bi = offset * (2 * lid + 2) - 1;
            s[bi] += s[ai];
        }
        offset <<= 1;
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    if (lid == 0) {
        sums[get_group_id(0)] = s[n - 1];
        s[n - 1] = 0;
    }
    for (uint d = 1; d < n; d <<= 1) {          /* down-sweep */
        offset >>= 1;
        barrier(CLK_LOCAL_MEM_FENCE);
        if (lid < d) {
            uint ai = offset * (2 * lid + 1) - 1;
            uint bi = offset * (2 * lid + 2) - 1;
            uint t = s[ai];
            s[ai] = s[bi];
            s[bi] += t;
        }
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    out[base + lid] = s[lid];
    out[base + lid + nt] = s[lid + nt];
}
