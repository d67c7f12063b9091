/* intdiv: 32- and 64-bit signed and unsigned division and remainder.  SI
 * has no integer divide instruction: clang expands them (v_rcp_iflag_f32
 * estimate + correction for 32 bits, a long mul_hi/addc sequence for 64
 * bits), and divisions by constants become multiply-high sequences.
 *   o32[6i..6i+5] = a/b, a%b, (uint)a/(uint)b, (uint)a%(uint)b, a/7, (uint)a%10
 *   o64[6i..6i+5] = same for the 64-bit operands, then c/1000, (ulong)c%3 */
kernel void intdiv(global const int *a, global const int *b, global const long *c,
                   global const long *d, global int *o32, global long *o64, int n)
{
    int i = get_global_id(0);
    if (i >= n)
        return;
    int x = a[i], y = b[i];
    long p = c[i], q = d[i];
    global int *r = o32 + 6 * i;
    r[0] = x / y;
    r[1] = x % y;
    r[2] = (int)((uint)x / (uint)y);
    r[3] = (int)((uint)x % (uint)y);
    r[4] = x / 7;
    r[5] = (int)((uint)x % 10u);
    global long *s = o64 + 6 * i;
    s[0] = p / q;
    s[1] = p % q;
    s[2] = (long)((ulong)p / (ulong)q);
    s[3] = (long)((ulong)p % (ulong)q);
    s[4] = p / 1000;
    s[5] = (long)((ulong)p % 3u);
}
