/* matmul: C = A * B for an M x K matrix A and a K x N matrix B (row-major
 * floats), tiled through LDS.  Each 16 x 16 work-group computes one 16 x 16
 * tile of C: for every step t along K it stages the 16 x 16 tiles A[rows,
 * t-th 16 columns] and B[t-th 16 rows, cols] in local memory (one element
 * per work-item), waits at a barrier, accumulates the 16 products of its
 * row and column in k order, and waits again before the tiles are
 * overwritten.  The B tile is padded to 17 columns. */
#define TS 16

kernel void matmul(global const float *a, global const float *b, global float *c,
                   int m, int n, int k)
{
    local float ta[TS][TS];
    local float tb[TS][TS + 1];
    int tx = get_local_id(0), ty = get_local_id(1);
    int col = get_group_id(0) * TS + tx;
    int row = get_group_id(1) * TS + ty;
    float acc = 0.0f;

    for (int t = 0; t < k; t += TS) {
        ta[ty][tx] = a[row * k + t + tx];
        tb[ty][tx] = b[(t + ty) * n + col];
        barrier(CLK_LOCAL_MEM_FENCE);
        for (int i = 0; i < TS; i++)
            acc += ta[ty][i] * tb[i][tx];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (row < m && col < n)
        c[row * n + col] = acc;
}
