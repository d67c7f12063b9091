/* Tiled matrix multiply C = A * B (N x N, row-major) with two __local tiles
 * passed as kernel arguments (clSetKernelArg with a NULL value). */
__kernel void matmul_tiled(__global const float *A, __global const float *B, __global float *C, int n,
                           __local float *As, __local float *Bs)
{
    int tx = get_local_id(0), ty = get_local_id(1);
    int ts = get_local_size(0);
    int col = get_global_id(0), row = get_global_id(1);
    float acc = 0.0f;
    for (int t = 0; t < n / ts; t++) {
        As[ty * ts + tx] = A[row * n + t * ts + tx];
        Bs[ty * ts + tx] = B[(t * ts + ty) * n + col];
        barrier(CLK_LOCAL_MEM_FENCE);
        for (int k = 0; k < ts; k++)
            acc += As[ty * ts + k] * Bs[k * ts + tx];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    C[row * n + col] = acc;
}
