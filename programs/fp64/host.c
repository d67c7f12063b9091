/* fp64 host.  Add, mul, fma, the conversions, floor/ceil, fmin and the
 * division (clang's v_div_scale / v_rcp_f64 / two Newton steps /
 * v_div_fmas / v_div_fixup sequence is designed to give the correctly
 * rounded quotient) are compared exactly.  sqrt is libclc's v_rsq_f64
 * estimate (within 2^29 ulp, docs/fp.md 9.3) refined by v_fma_f64 steps,
 * compared within SQRT_ULP. */
#include "hostutil.h"

#define N 1000
#define SQRT_ULP 2

static int gen(const char *dir)
{
    static double x[N], y[N], z[N];
    rng_seed(1111);
    for (int i = 0; i < N; i++) {
        double sx = (rng_u32() & 1) ? 1 : -1, sy = (rng_u32() & 1) ? 1 : -1;
        x[i] = sx * rng_double(0.0, 1.0) * pow(2.0, rng_range(-30, 30));
        y[i] = sy * rng_double(0.5, 1.0) * pow(2.0, rng_range(-30, 30));
        z[i] = rng_double(-1e6, 1e6);
        if (i % 10 == 0) x[i] = rng_range(-2000000, 2000000) / 1000.0;   /* near integers */
        if (fabs(x[i] * 1000.0) >= 2147483647.0) x[i] = fmod(x[i], 2000000.0);
    }
    x[1] = 0.0; y[2] = 3.0; x[2] = 1.0; x[3] = -0.5; y[3] = -0.5;
    return write_file(dir, "x.bin", x, sizeof x) || write_file(dir, "y.bin", y, sizeof y) ||
           write_file(dir, "z.bin", z, sizeof z);
}

static int check(const char *dir)
{
    static double x[N], y[N], z[N], r[8 * N];
    if (read_file(dir, "x.bin", x, sizeof x) || read_file(dir, "y.bin", y, sizeof y) ||
        read_file(dir, "z.bin", z, sizeof z) || read_file(dir, "r.out", r, sizeof r))
        return -1;
    for (int i = 0; i < N; i++) {
        double a = x[i], b = y[i], c = z[i];
        double *o = r + 8 * i;
        cmp_f64("add", i, o[0], a + b);
        cmp_f64("mul", i, o[1], a * b);
        cmp_f64("div", i, o[2], a / b);
        cmp_f64_ulp("sqrt", i, o[3], sqrt(fabs(a)), SQRT_ULP);
        cmp_f64("fma", i, o[4], fma(a, b, c));
        double s = a * 1000.0;
        cmp_f64("cvt_i32", i, o[5], (double)(int)s);
        cmp_f64("floor+ceil", i, o[6], floor(a) + ceil(b));
        cmp_f64("fmin-cvt_f32", i, o[7], fmin(a, b) - (double)(float)c);
    }
    return 0;
}

HOST_MAIN("fp64")
