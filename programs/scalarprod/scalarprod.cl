/* scalarprod: the scalar products of nv pairs of float vectors of length
 * len (vector p is a[p*len ...], b[p*len ...]).  Work-group g handles the
 * pairs g, g + G, g + 2G, ... (G work-groups): each of its WG work-items
 * accumulates the products at positions lid, lid + WG, lid + 2WG, ... in
 * that order, then the WG partial sums are added by a tree in LDS (the
 * upper half onto the lower half, halving with a barrier after each level)
 * and work-item 0 stores the result. */
#define WG 128

kernel void scalarprod(global const float *a, global const float *b, global float *c,
                       int nv, int len)
{
    local float part[WG];
    int lid = get_local_id(0);
    for (int p = get_group_id(0); p < nv; p += get_num_groups(0)) {
        global const float *va = a + p * len, *vb = b + p * len;
        float acc = 0.0f;
        for (int i = lid; i < len; i += WG)
            acc += va[i] * vb[i];
        part[lid] = acc;
        barrier(CLK_LOCAL_MEM_FENCE);
        for (int s = WG / 2; s > 0; s >>= 1) {
            if (lid < s)
                part[lid] += part[lid + s];
            barrier(CLK_LOCAL_MEM_FENCE);
        }
        if (lid == 0)
            c[p] = part[0];
        barrier(CLK_LOCAL_MEM_FENCE);   /* part[0] is read before the next pair overwrites it */
    }
}
