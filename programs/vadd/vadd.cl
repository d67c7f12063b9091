/* vadd: the quick-start example.  c[i] = a[i] + b[i] * s for i < n.
 * The grid (1000) is not a multiple of the work-group size (64), so the
 * last work-group is partial. */
kernel void vadd(global const float *a, global const float *b, global float *c, float s, int n)
{
    int i = get_global_id(0);
    if (i < n)
        c[i] = a[i] + b[i] * s;
}
