/* fp64: double-precision arithmetic.  For each element, 8 results:
 *   r0 = x + y             r1 = x * y            r2 = x / y (v_div_scale/
 *   r3 = sqrt(|x|)         r4 = fma(x, y, z)        v_rcp_f64/fma/fixup)
 *   r5 = (double)(int)(x * 1000)   (f64 <-> i32 conversions)
 *   r6 = floor(x) + ceil(y)        (SI has no v_floor_f64: v_fract_f64)
 *   r7 = fmin(x, y) - (double)(float)z   (f64 <-> f32 conversions)
 * Separate statements keep clang from contracting a*b+c into an fma. */
kernel void fp64(global const double *x, global const double *y, global const double *z,
                 global double *r, int n)
{
    int i = get_global_id(0);
    if (i >= n)
        return;
    double a = x[i], b = y[i], c = z[i];
    global double *o = r + 8 * i;
    o[0] = a + b;
    o[1] = a * b;
    o[2] = a / b;
    o[3] = sqrt(fabs(a));
    o[4] = fma(a, b, c);
    double s = a * 1000.0;
    o[5] = (double)(int)s;
    double f = floor(a);
    double g = ceil(b);
    o[6] = f + g;
    double h = (double)(float)c;
    o[7] = fmin(a, b) - h;
}
