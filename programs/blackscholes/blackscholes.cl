/* blackscholes: European call and put prices of n options by the
 * Black-Scholes formula, one work-item per option (float):
 *     d1 = (log(S/X) + (r + v*v/2) T) / (v sqrt(T)),   d2 = d1 - v sqrt(T)
 *     call = S N(d1) - X exp(-r T) N(d2)
 *     put  = X exp(-r T) (1 - N(d2)) - S (1 - N(d1))
 * with the cumulative normal distribution N from the polynomial
 * approximation 26.2.17 of Abramowitz and Stegun (absolute error below
 * 7.5e-8):  k = 1 / (1 + p |d|),
 *     w = exp(-d*d/2) / sqrt(2 pi) * (b1 k + b2 k^2 + b3 k^3 + b4 k^4 + b5 k^5),
 *     N(d) = d > 0 ? 1 - w : w.
 * S, X and T are per option, r and v are arguments.  Besides the prices the
 * kernel stores, per option, the result of every operation that is not
 * correctly rounded (sqrt, the divisions, log, exp): the host checks each
 * within its OpenCL bound and recomputes everything else exactly from
 * them. */
#define NAUX 9

static inline __attribute__((always_inline)) float cnd(float d, float *kp, float *ep)
{
    const float p = 0.2316419f;
    const float b1 = 0.319381530f, b2 = -0.356563782f, b3 = 1.781477937f,
                b4 = -1.821255978f, b5 = 1.330274429f;
    const float rsqrt2pi = 0.39894228040143267794f;
    float k = 1.0f / (1.0f + p * fabs(d));
    float e = exp(-0.5f * d * d);
    float poly = k * (b1 + k * (b2 + k * (b3 + k * (b4 + k * b5))));
    float w = rsqrt2pi * e * poly;
    *kp = k;
    *ep = e;
    return d > 0.0f ? 1.0f - w : w;
}

kernel void blackscholes(global const float *sp, global const float *xp, global const float *tp,
                         global float *call, global float *put, global float *aux,
                         float r, float v, int n)
{
    int i = get_global_id(0);
    if (i >= n)
        return;
    float s = sp[i], x = xp[i], t = tp[i];
    float sqrtt = sqrt(t);
    float q = s / x;
    float lq = log(q);
    float vst = v * sqrtt;
    float d1 = (lq + (r + 0.5f * v * v) * t) / vst;
    float d2 = d1 - vst;
    float k1, e1, k2, e2;
    float n1 = cnd(d1, &k1, &e1);
    float n2 = cnd(d2, &k2, &e2);
    float ert = exp(-r * t);
    call[i] = s * n1 - x * ert * n2;
    put[i] = x * ert * (1.0f - n2) - s * (1.0f - n1);
    global float *o = aux + NAUX * i;
    o[0] = sqrtt;
    o[1] = q;
    o[2] = lq;
    o[3] = d1;
    o[4] = k1;
    o[5] = e1;
    o[6] = k2;
    o[7] = e2;
    o[8] = ert;
}
