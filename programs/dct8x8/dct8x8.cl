/* dct8x8: the two-dimensional forward DCT-II of every 8 x 8 block of a
 * w x h float image, out = Cm * block * Cm^T, with the coefficient matrix
 * Cm[u][x] = a(u) cos((2x + 1) u pi / 16) (a(0) = sqrt(1/8), else sqrt(2/8))
 * passed as a buffer.  A 16 x 16 work-group transforms 2 x 2 blocks: it
 * stages its pixels and Cm in LDS; work-item (tx, ty) first forms the row
 * transform of its pixel's row at frequency u = tx % 8 (8 products along
 * the block's row), then, after a barrier, the column transform at
 * frequency v = ty % 8 of those row results.  LDS rows are padded to 17
 * floats. */
kernel void dct8x8(global const float *src, global const float *coef, global float *dst,
                   int w, int h)
{
    local float blk[16][17];
    local float tmp[16][17];
    local float cm[8][8];
    int tx = get_local_id(0), ty = get_local_id(1);
    int gx = get_global_id(0), gy = get_global_id(1);
    int bx = tx & ~7, by = ty & ~7;
    int u = tx & 7, v = ty & 7;

    if (tx < 8 && ty < 8)
        cm[ty][tx] = coef[ty * 8 + tx];
    blk[ty][tx] = src[gy * w + gx];
    barrier(CLK_LOCAL_MEM_FENCE);

    float acc = 0.0f;
    for (int x = 0; x < 8; x++)
        acc += cm[u][x] * blk[ty][bx + x];
    tmp[ty][tx] = acc;
    barrier(CLK_LOCAL_MEM_FENCE);

    acc = 0.0f;
    for (int y = 0; y < 8; y++)
        acc += cm[v][y] * tmp[by + y][tx];
    if (gx < w && gy < h)
        dst[gy * w + gx] = acc;
}
