/* ScanLargeArrays: exclusive scan of a large uint array in ONE dispatch
 * (single-pass chained scan).  Each work-group takes a block number from
 * an atomic ticket counter (so block b only ever waits for a block that
 * already started), scans its 512 elements in LDS (pair sums, then a
 * Hillis-Steele scan with barriers), waits until block b-1 has published
 * its inclusive prefix (flags[b-1]), and publishes its own.  n is not a
 * multiple of 512 (the last block is partly out of range), but every
 * work-group is full: the block a group scans comes from the ticket, not
 * from its group id, so a partial group could be handed a full block. */
#define NT 256                  /* work-group size (the launch must match) */

kernel void ScanLargeArrays(global const uint *in, global uint *out, uint n,
                            global uint *counter, global uint *flags, global uint *prefix)
{
    local uint t[NT];
    local uint sh[2];               /* [0] = block ticket, [1] = carry-in */
    uint lid = get_local_id(0);

    if (lid == 0)
        sh[0] = atomic_inc(counter);
    barrier(CLK_LOCAL_MEM_FENCE);
    uint b = sh[0];
    uint i0 = b * 2 * NT + 2 * lid;
    uint a0 = i0 < n ? in[i0] : 0;
    uint a1 = i0 + 1 < n ? in[i0 + 1] : 0;
    uint p = a0 + a1;
    t[lid] = p;
    for (uint off = 1; off < NT; off <<= 1) {
        barrier(CLK_LOCAL_MEM_FENCE);
        uint v = (lid >= off) ? t[lid - off] : 0;
        barrier(CLK_LOCAL_MEM_FENCE);
        t[lid] += v;
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    uint incl = t[lid];

    if (lid == 0) {
        uint total = t[NT - 1];
        uint carry = 0;
        if (b > 0) {
            while (atomic_or(&flags[b - 1], 0u) == 0)
                ;                       /* spin until block b-1 is published */
            carry = atomic_or(&prefix[b - 1], 0u);
        }
        atomic_xchg(&prefix[b], carry + total);
        mem_fence(CLK_GLOBAL_MEM_FENCE);
        atomic_xchg(&flags[b], 1u);
        sh[1] = carry;
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    uint e = sh[1] + incl - p;         /* exclusive prefix of element i0 */
    if (i0 < n)
        out[i0] = e;
    if (i0 + 1 < n)
        out[i0 + 1] = e + a0;
}
