/* MatrixTranspose: out (w rows of h columns) = transpose of in (h rows
 * of w columns), through a 16x16 LDS tile (padded to 17
 * columns).  2D grid w x h with 16x16 work-groups; w and h are not
 * multiples of 16, so the last groups in both dimensions are partial
 * (8 x 16, 16 x 8 and 8 x 8 work-items). */
#define T 16

kernel void MatrixTranspose(global float *out, global const float *in, uint w, uint h)
{
    local float tile[T][T + 1];
    uint lx = get_local_id(0), ly = get_local_id(1);
    uint gx = get_global_id(0), gy = get_global_id(1);

    if (gx < w && gy < h)
        tile[ly][lx] = in[gy * w + gx];
    barrier(CLK_LOCAL_MEM_FENCE);

    /* The tile at group (bx, by) lands at (by, bx).  A partial group has
     * fewer work-items than tile elements in one dimension, so the
     * work-items stride over the whole tile: element k of the output tile
     * is output row oy = bx*T + k/T, column ox = by*T + k%T, which is
     * in[ox][oy] = tile[k%T][k/T]. */
    uint nl = get_local_size(0) * get_local_size(1);
    for (uint k = ly * get_local_size(0) + lx; k < T * T; k += nl) {
        uint ox = get_group_id(1) * T + k % T;
        uint oy = get_group_id(0) * T + k / T;
        if (ox < h && oy < w)
            out[oy * h + ox] = tile[k % T][k / T];
    }
}
