/* lud: in-place LU decomposition without pivoting (Doolittle: L has a unit
 * diagonal and is stored below it, U on and above it) of nmat N x N float
 * matrices, one per 16 x 16 work-group, entirely in LDS.  For each pivot
 * k the work-items with flat id < N-1-k divide column k below the pivot by
 * the pivot (the multipliers, L's column k); after a barrier, work-item
 * (tx, ty) updates the elements (i, j), i = k+1+ty, k+1+ty+16, ...,
 * j = k+1+tx, k+1+tx+16, ... of the trailing submatrix,
 * a[i][j] -= a[i][k] * a[k][j]; a second barrier ends the step.  The
 * matrix is loaded before the first step and stored after the last. */
#define N 32
#define TS 16

kernel void lud(global const float *a, global float *lu, int nmat)
{
    local float s[N * N];
    int tx = get_local_id(0), ty = get_local_id(1);
    int lid = ty * TS + tx;
    int g = get_group_id(0);
    if (g >= nmat)
        return;
    global const float *src = a + g * N * N;
    for (int i = lid; i < N * N; i += TS * TS)
        s[i] = src[i];
    barrier(CLK_LOCAL_MEM_FENCE);

    for (int k = 0; k < N - 1; k++) {
        int i = k + 1 + lid;
        if (i < N)
            s[i * N + k] = s[i * N + k] / s[k * N + k];
        barrier(CLK_LOCAL_MEM_FENCE);
        for (int r = k + 1 + ty; r < N; r += TS)
            for (int c = k + 1 + tx; c < N; c += TS)
                s[r * N + c] -= s[r * N + k] * s[k * N + c];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    global float *dst = lu + g * N * N;
    for (int i = lid; i < N * N; i += TS * TS)
        dst[i] = s[i];
}
