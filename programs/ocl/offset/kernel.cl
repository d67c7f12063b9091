/* A sub-block update launched with a global work offset (as the SDK's
 * LUDecomposition does): every work-item of the N x N matrix region
 * [OX, OX+GX) x [OY, OY+GY) scales its element and records its ids.
 * Uses float4 built-ins (fabs, exp) and convert_float4 of a uchar4. */
__kernel void block_update(__global float4 *m, __global const uchar4 *w, __global ulong *ids, int n4)
{
    size_t x = get_global_id(0), y = get_global_id(1);
    size_t i = y * (size_t)n4 + x;
    m[i] = fabs(m[i]) * exp(convert_float4(w[i]) * 0.0f) + convert_float4(w[i]);
    size_t lin = (y - get_global_offset(1)) * get_global_size(0) + (x - get_global_offset(0));
    ids[2 * lin] = get_global_offset(0) | get_global_offset(1) << 16 | (ulong)get_work_dim() << 32;
    ids[2 * lin + 1] = x | y << 16;
}
