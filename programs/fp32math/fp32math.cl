/* fp32math: single-precision operations, 18 results per element.
 * IEEE-exact or exact ones:
 *   0 floor  1 ceil  2 trunc  3 rint  4 round  5 fma(x,y,z)  6 fmin  7 fmax
 *   8 (float)(int)(x*100)   9 (float)(uint)(|x|*1000)   10 x*y+z (v_mad_f32)
 *   11 copysign(|x|, y)
 * approximations (tolerances in host.c / docs/programs.md):
 *   12 sqrt(|x|)  13 x/y  14 exp2(x/8)  15 log2(|x|+1.5)  16 rsqrt(|x|+1)
 *   17 sin(x) */
#define NO 18

kernel void fp32math(global const float *xs, global const float *ys, global const float *zs,
                     global float *r, int n)
{
    int i = get_global_id(0);
    if (i >= n)
        return;
    float x = xs[i], y = ys[i], z = zs[i];
    global float *o = r + NO * i;
    o[0] = floor(x);
    o[1] = ceil(x);
    o[2] = trunc(x);
    o[3] = rint(x);
    o[4] = round(x);
    o[5] = fma(x, y, z);
    o[6] = fmin(x, y);
    o[7] = fmax(x, y);
    o[8] = (float)(int)(x * 100.0f);
    o[9] = (float)(uint)(fabs(x) * 1000.0f);
    o[10] = x * y + z;
    o[11] = copysign(fabs(x), y);
    o[12] = sqrt(fabs(x));
    o[13] = x / y;
    o[14] = exp2(x * 0.125f);
    o[15] = log2(fabs(x) + 1.5f);
    o[16] = rsqrt(fabs(x) + 1.0f);
    o[17] = sin(x);
}
