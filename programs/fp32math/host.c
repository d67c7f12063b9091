/* fp32math host.  Exact results are compared bit for bit.  The others
 * are compared with the correctly rounded (or double-precision libm)
 * value within the OpenCL 1.2 full-profile bounds:
 *   sqrt 3 ulp, division 3 ulp (2.5 allowed, rounded up), exp2 3 ulp,
 *   log2 3 ulp, rsqrt 2 ulp (native rsq; OpenCL says 2), sin: absolute
 *   error 2e-5 (the argument is first scaled by a rounded 1/(2*pi) and
 *   reduced with v_fract, which bounds the absolute, not the relative,
 *   error).  The exp2 argument x/8 is exact, so exp2 gets the plain
 *   3 ulp bound. */
#include "hostutil.h"

/* round() as LLVM 14 expands it for gfx6: trunc(x) + (|x - trunc(x)| >= 0.5
 * ? copysign(1, x) : +0).  It differs from C roundf only in the sign of a
 * zero result: x in (-0.5, -0] gives +0 (-0 + +0), where roundf gives -0. */
static float round_llvm14(float x)
{
    float t = truncf(x);
    float d = fabsf(x - t) >= 0.5f ? copysignf(1.0f, x) : 0.0f;
    return t + d;
}

#define N 1000
#define NO 18

static int gen(const char *dir)
{
    static float x[N], y[N], z[N];
    rng_seed(1717);
    for (int i = 0; i < N; i++) {
        x[i] = rng_float(-100.0f, 100.0f);
        y[i] = rng_float(0.5f, 50.0f) * ((rng_u32() & 1) ? 1.0f : -1.0f);
        z[i] = rng_float(-1000.0f, 1000.0f);
        if (i % 8 == 0) x[i] = (float)rng_range(-400, 400) * 0.25f;   /* halves, quarters, integers */
    }
    x[0] = 2.5f; x[1] = -2.5f; x[2] = 0.5f; x[3] = -0.0f; x[4] = 3.5f;
    return write_file(dir, "x.bin", x, sizeof x) || write_file(dir, "y.bin", y, sizeof y) ||
           write_file(dir, "z.bin", z, sizeof z);
}

static int check(const char *dir)
{
    static float x[N], y[N], z[N], r[NO * N];
    if (read_file(dir, "x.bin", x, sizeof x) || read_file(dir, "y.bin", y, sizeof y) ||
        read_file(dir, "z.bin", z, sizeof z) || read_file(dir, "r.out", r, sizeof r))
        return -1;
    for (int i = 0; i < N; i++) {
        float a = x[i], b = y[i], c = z[i];
        float *o = r + NO * i;
        cmp_f32("floor", i, o[0], floorf(a));
        cmp_f32("ceil", i, o[1], ceilf(a));
        cmp_f32("trunc", i, o[2], truncf(a));
        cmp_f32("rint", i, o[3], rintf(a));
        cmp_f32("round", i, o[4], round_llvm14(a));
        cmp_f32("fma", i, o[5], fmaf(a, b, c));
        cmp_f32("fmin", i, o[6], fminf(a, b));
        cmp_f32("fmax", i, o[7], fmaxf(a, b));
        cmp_f32("cvt_i32", i, o[8], (float)(int32_t)(a * 100.0f));
        cmp_f32("cvt_u32", i, o[9], (float)(uint32_t)(fabsf(a) * 1000.0f));
        float p = a * b;
        cmp_f32("mad", i, o[10], p + c);
        cmp_f32("copysign", i, o[11], copysignf(fabsf(a), b));
        cmp_f32_ulp("sqrt", i, o[12], sqrtf(fabsf(a)), 3);
        cmp_f32_ulp("div", i, o[13], a / b, 3);
        cmp_f32_ulp("exp2", i, o[14], (float)exp2((double)(a * 0.125f)), 3);
        cmp_f32_ulp("log2", i, o[15], (float)log2((double)(fabsf(a) + 1.5f)), 3);
        cmp_f32_ulp("rsqrt", i, o[16], (float)(1.0 / sqrt((double)(fabsf(a) + 1.0f))), 2);
        cmp_f32_abs("sin", i, o[17], sin((double)a), 2e-5);
    }
    return 0;
}

HOST_MAIN("fp32math")
