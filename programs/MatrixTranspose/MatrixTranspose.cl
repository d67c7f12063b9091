/* MatrixTranspose: out (w rows of h columns) = transpose of in (h rows
 * of w columns), through a 16x16 LDS tile (padded to 17
 * columns).  2D grid w x h with 16x16 work-groups; w and h are not
 * multiples of 16, so the last groups in both dimensions are partial. */
#define T 16

kernel void MatrixTranspose(global float *out, global const float *in, uint w, uint h)
{
    local float tile[T][T + 1];
    uint lx = get_local_id(0), ly = get_local_id(1);
    uint gx = get_global_id(0), gy = get_global_id(1);

    if (gx < w && gy < h)
        tile[ly][lx] = in[gy * w + gx];
    barrier(CLK_LOCAL_MEM_FENCE);

    /* the tile at group (bx, by) lands at (by, bx); work-item (lx, ly)
     * writes element (ox, oy) of the output = tile[lx][ly] */
    uint ox = get_group_id(1) * T + lx;
    uint oy = get_group_id(0) * T + ly;
    if (ox < h && oy < w)
        out[oy * h + ox] = tile[lx][ly];
}
