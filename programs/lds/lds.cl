/* lds: LDS access patterns - paired dword accesses (ds_write2/read2_b32 or
 * their b64 forms), a dynamic __local argument addressed at +0 and +128
 * dwords, 64-bit elements (ds_write/read_b64), and byte/short elements
 * read back zero- and sign-extended (ds_write_b8/b16, ds_read_u8/i8/
 * u16/i16).  Each work-item reads what a neighbour wrote and emits 8
 * dwords. */
#define NT 128

kernel void lds(global const uint *in, global uint *out, local uint *dyn)
{
    local uint u[2 * NT];
    local uchar cb[NT];
    local ushort sb[NT];
    local ulong lb[NT];
    uint lid = get_local_id(0), g = get_global_id(0);
    uint x = in[g];

    u[2 * lid] = x;
    u[2 * lid + 1] = x ^ 0x55555555u;
    cb[lid] = (uchar)x;
    sb[lid] = (ushort)(x >> 8);
    lb[lid] = ((ulong)x << 32) | (ulong)(lid * 0x01010101u);
    dyn[lid] = x * 3u;
    dyn[lid + NT] = x * 5u;
    barrier(CLK_LOCAL_MEM_FENCE);

    uint j = (lid + 1) & (NT - 1);
    uint k = (lid + 3) & (NT - 1);
    uint k2 = (lid + 5) & (NT - 1);
    uint m = (lid + 7) & (NT - 1);
    uint q = (lid + 9) & (NT - 1);
    global uint *o = out + 8 * g;
    o[0] = u[2 * j];
    o[1] = u[2 * j + 1];
    o[2] = cb[k];                                   /* zero-extended byte  */
    o[3] = (uint)(int)((local char *)cb)[k2];        /* sign-extended byte  */
    o[4] = sb[k];                                   /* zero-extended short */
    o[5] = (uint)(int)((local short *)sb)[k2];       /* sign-extended short */
    o[6] = dyn[m] + dyn[m + NT];
    ulong l = lb[q];
    o[7] = (uint)(l >> 32) ^ (uint)l;
}
