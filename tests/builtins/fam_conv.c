/* Conversions (OpenCL 1.2 section 6.2.3): convert_<dst>[_sat][_rte|_rtz|
 * _rtp|_rtn](src) for every source type, exact.  Non-saturated conversions
 * of floating-point values outside the destination range are undefined, so
 * their inputs stay inside it; the saturated ones get NaN, infinities and
 * values far outside. */
#include "builtins.h"

#include <math.h>
#include <stdio.h>

static const char *const modes[5] = {"", "_rte", "_rtz", "_rtp", "_rtn"};

static long double lim(int t, int hi)
{
    int n = bt_types[t].size * 8;
    if (bt_types[t].sgn)
        return hi ? ldexpl(1, n - 1) - 1 : -ldexpl(1, n - 1);
    return hi ? ldexpl(1, n) - 1 : 0;
}

/* round v to an integer with mode m (0 = the default for integers: rtz) */
static long double round_mode(long double v, int m)
{
    switch (m) {
    case 1: { long double r = roundl(v); return fabsl(v - truncl(v)) == 0.5L ? 2 * roundl(v / 2) : r; }
    case 3: return ceill(v);
    case 4: return floorl(v);
    default: return truncl(v);
    }
}

static void ref_conv(const call *c, uint64_t in[3][MAXW], want out[2][MAXW])
{
    int s = c->it[0], d = c->ot[0], m = c->aux, sat = c->aux2;
    for (int e = 0; e < c->ow[0]; e++) {
        long double v = bt_getf(s, in[0][e]);
        uint64_t r;
        if (bt_types[d].isf) {
            /* to floating point: the default is round to nearest even */
            static const int fm[5] = {0, 0, 1, 2, 3};
            r = bt_mkf_mode(d, v, fm[m]);
        } else if (bt_types[s].isf) {
            long double x = round_mode(v, m);
            if (isnan(v))
                x = 0;
            x = x < lim(d, 0) ? lim(d, 0) : x > lim(d, 1) ? lim(d, 1) : x;
            r = bt_mki(d, bt_types[d].sgn ? (int64_t)x : (int64_t)(uint64_t)x);
        } else if (sat) {
            long double x = v < lim(d, 0) ? lim(d, 0) : v > lim(d, 1) ? lim(d, 1) : v;
            r = bt_mki(d, bt_types[d].sgn ? (int64_t)x : (int64_t)(uint64_t)x);
        } else {
            r = bt_mki(d, bt_geti(s, in[0][e])); /* modulo 2^n (two's complement) */
        }
        out[0][e] = (want){.kind = W_EXACT, .bits = r};
    }
}

static dom conv_dom(int s, int d, int sat)
{
    if (!bt_types[s].isf)
        return (dom){D_INT, 0, 0, 0};
    if (bt_types[d].isf) /* double <-> float within the normal float range */
        return (dom){D_LOG, 1e-30, 1e30, 1};
    long double lo = lim(d, 0), hi = lim(d, 1);
    if (sat)
        return (dom){D_SPECIAL, (double)(2 * lo - 10), (double)(2 * hi + 10), 0};
    /* inside the range after any rounding; 64-bit limits shrunk to exact values */
    if (bt_types[d].size == 8)
        return (dom){D_TIES, bt_types[d].sgn ? -4e18 : 0, 8e18, 0};
    return (dom){D_TIES, (double)lo + (lo < 0 ? 1 : 0), (double)hi - 1, 0};
}

int fam_convert(const kcase *k, call *c)
{
    int n = 0, d = k->t;
    char dn[32];
    bt_tname(d, k->w, dn);
    for (int s = 0; s < NTYPES; s++)
        for (int sat = 0; sat <= (bt_types[d].isf ? 0 : 1); sat++)
            for (int m = 0; m < 5; m++) {
                call *x = &c[n++];
                bt_call(x, "convert", 1, 1);
                x->aux = m;
                x->aux2 = sat;
                x->ref = ref_conv;
                bt_in(x, 0, s, k->w, conv_dom(s, d, sat));
                bt_out(x, 0, d, k->w);
                snprintf(x->stmt, sizeof x->stmt, "r0 = convert_%s%s%s(a0);", dn, sat ? "_sat" : "", modes[m]);
            }
    return n;
}
