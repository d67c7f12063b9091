/* kernels for the negative / API tests (programs/ocl/negative/host.c) */
__kernel void fill(__global int *out, int n, __local int *scratch)
{
    int g = get_global_id(0);
    scratch[get_local_id(0)] = g * n;
    barrier(CLK_LOCAL_MEM_FENCE);
    out[g] = scratch[get_local_id(0)] + 1;
}

__kernel void task(__global int *out, int n) { out[0] = 42 + n; }

__kernel void wild(__global int *out) { out[get_global_id(0) * 0x10000000] = 1; }
