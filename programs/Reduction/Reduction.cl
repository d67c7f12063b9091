/* Reduction: each work-group of 256 reduces a block of 512 values with a
 * tree in LDS (first add while loading, then halving strides with a
 * barrier per step).  Two reductions run side by side: a uint sum and a
 * float sum; the per-group results go to isum[group] / fsum[group]. */
kernel void Reduction(global const uint *ia, global const float *fa,
                      global uint *isum, global float *fsum)
{
    local uint si[256];
    local float sf[256];
    uint lid = get_local_id(0);
    uint nt = get_local_size(0);
    uint base = get_group_id(0) * 2 * nt;

    si[lid] = ia[base + lid] + ia[base + lid + nt];
    sf[lid] = fa[base + lid] + fa[base + lid + nt];
    for (uint st = nt >> 1; st > 0; st >>= 1) {
        barrier(CLK_LOCAL_MEM_FENCE);
        if (lid < st) {
            si[lid] += si[lid + st];
            sf[lid] += sf[lid + st];
        }
    }
    if (lid == 0) {
        isum[get_group_id(0)] = si[0];
        fsum[get_group_id(0)] = sf[0];
    }
}
