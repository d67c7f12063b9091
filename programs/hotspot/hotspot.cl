/* hotspot: ITER explicit time steps of a 2D thermal stencil on an R x C
 * grid of cell temperatures with a per-cell power input, in one dispatch.
 *
 * A time step sets every cell to
 *     t + sdc * (p + (tS + tN - 2t) * ry + (tE + tW - 2t) * rx + (amb - t) * rz)
 * where a neighbour outside the grid is taken to be the cell itself.
 * Work-groups cannot wait for each other, so each 16 x 16 work-group loads
 * a 16 x 16 tile (its 10 x 10 output block plus a halo of ITER = 3 cells on
 * every side) into LDS and runs the ITER steps on the tile alone: step s
 * updates only the cells at least s + 1 cells from the tile's edge, whose
 * neighbours are still exact, so after ITER steps the inner 10 x 10 cells
 * hold the same values as ITER steps over the whole grid.  Tile cells
 * outside the grid (in the halo of edge blocks) are loaded from the nearest
 * grid cell and never read by a grid cell.  Barriers separate each step's
 * reads from its writes. */
#define BS 16
#define ITER 3
#define OUT (BS - 2 * ITER)

kernel void hotspot(global const float *temp, global const float *power, global float *out,
                    int rows, int cols, float sdc, float rx, float ry, float rz, float amb)
{
    local float t[BS][BS];
    int tx = get_local_id(0), ty = get_local_id(1);
    int gx = get_group_id(0) * OUT - ITER + tx;
    int gy = get_group_id(1) * OUT - ITER + ty;
    int cx = clamp(gx, 0, cols - 1), cy = clamp(gy, 0, rows - 1);
    float p = power[cy * cols + cx];
    t[ty][tx] = temp[cy * cols + cx];
    barrier(CLK_LOCAL_MEM_FENCE);

    for (int s = 0; s < ITER; s++) {
        bool upd = tx > s && tx < BS - 1 - s && ty > s && ty < BS - 1 - s;
        float v = 0.0f;
        if (upd) {
            float tc = t[ty][tx];
            float tn = gy == 0 ? tc : t[ty - 1][tx];
            float ts = gy == rows - 1 ? tc : t[ty + 1][tx];
            float tw = gx == 0 ? tc : t[ty][tx - 1];
            float te = gx == cols - 1 ? tc : t[ty][tx + 1];
            v = tc + sdc * (p + (ts + tn - 2.0f * tc) * ry + (te + tw - 2.0f * tc) * rx +
                            (amb - tc) * rz);
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        if (upd)
            t[ty][tx] = v;
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (tx >= ITER && tx < BS - ITER && ty >= ITER && ty < BS - ITER && gx < cols && gy < rows)
        out[gy * cols + gx] = t[ty][tx];
}
