/* scratch: private (per-work-item) memory.
 *   1. a 48-entry private array indexed with data-dependent indices: it
 *      cannot live in registers, so it goes to scratch (buffer_load/store
 *      through the private segment V# + wave offset);
 *   2. 32 values kept live across an unrolled mixing loop while the kernel
 *      is limited to 24 VGPRs (amdgpu_num_vgpr), so the register
 *      allocator must spill to scratch.
 * out[2i] = array result, out[2i+1] = register-pressure result. */
#define NP 48
#define NR 32

kernel __attribute__((amdgpu_num_vgpr(24)))
void scratch(global const uint *in, global uint *out, uint n)
{
    uint i = get_global_id(0);
    if (i >= n)
        return;
    uint x = in[i];

    uint priv[NP];
    for (uint k = 0; k < NP; k++)
        priv[k] = x * k + k * k;
    uint idx = x % NP;
    for (uint r = 0; r < 24; r++) {
        uint a = priv[idx];
        priv[(idx * 7u + r) % NP] += a ^ r;
        idx = (a + r) % NP;
    }
    uint s = 0;
    for (uint k = 0; k < NP; k++)
        s = s * 31u + priv[k];
    out[2 * i] = s;

    uint v[NR];
#pragma unroll
    for (uint k = 0; k < NR; k++)
        v[k] = x * (k + 1u) ^ (x >> k);
    for (uint round = 0; round < (x & 3u) + 2u; round++) {
#pragma unroll
        for (uint k = 0; k < NR; k++)
            v[k] = v[k] * 3u + (v[(k + 1) % NR] >> 3) + round;
    }
    uint t = 0;
#pragma unroll
    for (uint k = 0; k < NR; k++)
        t = (t << 1 | t >> 31) ^ v[k];
    out[2 * i + 1] = t;
}
