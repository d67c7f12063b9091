/* blackscholes host: 4000 options, S and X in [20, 80), T in [0.5, 4),
 * r = 0.02, v = 0.3 (so |d| < 8 and no exp result is near the denormals).
 *
 * sqrt, log, exp and float division are not correctly rounded on the
 * device (libclc's software log/exp, v_sqrt_f32, clang's 2.5-ulp division
 * or v_rcp_f32 for 1/x), so their results cannot be reproduced bit for bit.
 * The kernel stores each of them (aux); the host checks each one against
 * the correctly rounded value of the same operation on the device's own
 * operands, within the OpenCL 1.2 bound (3 ulp for sqrt, log and exp; 2.5,
 * rounded up to 3, for division; as fp32math and gaussian do), and then
 * recomputes every other step (d1's numerator and denominator, d2, the
 * polynomial, N(d), the prices) from the device's values in the kernel's
 * operation order.  Those steps are compared exactly: the prices must
 * match bit for bit (the v_mad_f32 contractions round like the separate
 * operations here). */
#include "hostutil.h"

#define NOPT 4000
#define NAUX 9
#define RATE 0.02f
#define VOL 0.3f
#define TOL 3

static int gen(const char *dir)
{
    static float s[NOPT], x[NOPT], t[NOPT];
    rng_seed(2303);
    for (int i = 0; i < NOPT; i++) {
        s[i] = rng_float(20.0f, 80.0f);
        x[i] = rng_float(20.0f, 80.0f);
        t[i] = rng_float(0.5f, 4.0f);
    }
    s[0] = x[0] = 50.0f;   /* at the money: log(1) = 0 */
    return write_file(dir, "s.bin", s, sizeof s) || write_file(dir, "x.bin", x, sizeof x) ||
           write_file(dir, "t.bin", t, sizeof t);
}

/* N(d) from the device's k = 1/(1 + p|d|) and e = exp(-d*d/2), after
 * checking both */
static float cnd_host(size_t i, float d, float k, float e, const char *kn, const char *en)
{
    const float p = 0.2316419f;
    const float b1 = 0.319381530f, b2 = -0.356563782f, b3 = 1.781477937f,
                b4 = -1.821255978f, b5 = 1.330274429f;
    const float rsqrt2pi = 0.39894228040143267794f;
    float den = 1.0f + p * fabsf(d);
    cmp_f32_ulp(kn, i, k, 1.0f / den, TOL);
    float arg = -0.5f * d * d;
    cmp_f32_ulp(en, i, e, (float)exp((double)arg), TOL);
    float poly = k * (b1 + k * (b2 + k * (b3 + k * (b4 + k * b5))));
    float w = rsqrt2pi * e * poly;
    return d > 0.0f ? 1.0f - w : w;
}

static int check(const char *dir)
{
    static float s[NOPT], x[NOPT], t[NOPT], call[NOPT], put[NOPT], aux[NOPT * NAUX];
    if (read_file(dir, "s.bin", s, sizeof s) || read_file(dir, "x.bin", x, sizeof x) ||
        read_file(dir, "t.bin", t, sizeof t) || read_file(dir, "call.out", call, sizeof call) ||
        read_file(dir, "put.out", put, sizeof put) || read_file(dir, "aux.out", aux, sizeof aux))
        return -1;
    for (size_t i = 0; i < NOPT; i++) {
        const float *o = aux + NAUX * i;
        float sqrtt = o[0], q = o[1], lq = o[2], d1 = o[3], ert = o[8];
        cmp_f32_ulp("sqrt", i, sqrtt, sqrtf(t[i]), TOL);
        cmp_f32_ulp("s/x", i, q, s[i] / x[i], TOL);
        cmp_f32_ulp("log", i, lq, (float)log((double)q), TOL);
        float vst = VOL * sqrtt;
        float num = lq + (RATE + 0.5f * VOL * VOL) * t[i];
        cmp_f32_ulp("d1", i, d1, num / vst, TOL);
        float d2 = d1 - vst;
        float n1 = cnd_host(i, d1, o[4], o[5], "k1", "e1");
        float n2 = cnd_host(i, d2, o[6], o[7], "k2", "e2");
        cmp_f32_ulp("exp(-rT)", i, ert, (float)exp((double)(-RATE * t[i])), TOL);
        cmp_f32("call", i, call[i], s[i] * n1 - x[i] * ert * n2);
        cmp_f32("put", i, put[i], x[i] * ert * (1.0f - n2) - s[i] * (1.0f - n1));
    }
    return 0;
}

HOST_MAIN("blackscholes")
