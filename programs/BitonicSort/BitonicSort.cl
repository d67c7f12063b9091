/* BitonicSort: each work-group of 256 work-items sorts its own block of
 * 512 keys in LDS with a bitonic network (2 keys per work-item, one
 * barrier per network stage).  Even blocks are sorted ascending, odd
 * blocks descending. */
#define BLOCK 512

kernel void BitonicSort(global uint *data)
{
    local uint s[BLOCK];
    uint lid = get_local_id(0);
    uint nthreads = get_local_size(0);             /* 256 */
    uint base = get_group_id(0) * BLOCK;
    int descending = get_group_id(0) & 1;

    s[lid] = data[base + lid];
    s[lid + nthreads] = data[base + lid + nthreads];
    barrier(CLK_LOCAL_MEM_FENCE);

    for (uint k = 2; k <= BLOCK; k <<= 1) {
        for (uint j = k >> 1; j > 0; j >>= 1) {
            /* the pair (i, i + j) where i has bit j clear */
            uint i = (lid / j) * 2 * j + (lid & (j - 1));
            uint a = s[i], b = s[i + j];
            int up = ((i & k) == 0) ^ descending;
            if ((a > b) == up) {
                s[i] = b;
                s[i + j] = a;
            }
            barrier(CLK_LOCAL_MEM_FENCE);
        }
    }
    data[base + lid] = s[lid];
    data[base + lid + nthreads] = s[lid + nthreads];
}
