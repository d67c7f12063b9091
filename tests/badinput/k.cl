/* Small kernel for the bad-input tests: 5 explicit arguments. */
__kernel void k(__global int *out, int n, float scale, __global const int *in, __local int *tmp)
{
    int i = get_global_id(0);
    tmp[get_local_id(0)] = in[i];
    barrier(CLK_LOCAL_MEM_FENCE);
    if (i < n)
        out[i] = (int)(tmp[get_local_id(0)] * scale);
}
