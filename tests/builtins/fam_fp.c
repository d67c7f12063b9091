/* half_* and native_* math (float), common, geometric and relational
 * built-ins (OpenCL 1.2 sections 6.12.2, 6.12.4, 6.12.5, 6.12.6). */
#include "builtins.h"

#include <float.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#define L(lo, hi) {D_LIN, lo, hi, 0}
#define G(lo, hi) {D_LOG, lo, hi, 1}
#define P(lo, hi) {D_POS, lo, hi, 0}
#define S(lo, hi) {D_SPECIAL, lo, hi, 0}

static want ulpw(long double v, double tol)
{
    want w = {.kind = W_ULP, .f = v, .tol = tol > 0 ? tol : 0.5};
    return w;
}
static want exactw(uint64_t bits)
{
    want w = {.kind = W_EXACT, .bits = bits};
    return w;
}
static long double arg(const call *c, uint64_t in[3][MAXW], int j, int e)
{
    return bt_getf(c->it[j], in[j][c->iw[j] == 1 ? 0 : e]);
}

/* ------------------------------------------------------- half_ and native_ */

/* half_*: 8192 ulp (table 7.1).  native_*: the accuracy is
 * implementation-defined; sicu checks them against the same 8192-ulp bound
 * so that a wrong instruction is still caught. */
typedef struct hfn {
    const char *name;
    int nin;
    dom d[2];
    long double (*f)(long double, long double);
} hfn;

static long double h_cos(long double x, long double y) { return cosl(x); }
static long double h_sin(long double x, long double y) { return sinl(x); }
static long double h_tan(long double x, long double y) { return tanl(x); }
static long double h_div(long double x, long double y) { return x / y; }
static long double h_exp(long double x, long double y) { return expl(x); }
static long double h_exp2(long double x, long double y) { return exp2l(x); }
static long double h_exp10(long double x, long double y) { return exp10l(x); }
static long double h_log(long double x, long double y) { return logl(x); }
static long double h_log2(long double x, long double y) { return log2l(x); }
static long double h_log10(long double x, long double y) { return log10l(x); }
static long double h_powr(long double x, long double y) { return powl(x, y); }
static long double h_recip(long double x, long double y) { return 1.0L / x; }
static long double h_rsqrt(long double x, long double y) { return 1.0L / sqrtl(x); }
static long double h_sqrt(long double x, long double y) { return sqrtl(x); }

static const hfn hfns[] = {
    {"cos", 1, {L(-3.14159, 3.14159)}, h_cos},     {"divide", 2, {G(1e-3, 1e3), G(0.1, 1e3)}, h_div},
    {"exp", 1, {L(-80, 80)}, h_exp},               {"exp2", 1, {L(-120, 120)}, h_exp2},
    {"exp10", 1, {L(-35, 35)}, h_exp10},           {"log", 1, {P(1e-30, 1e30)}, h_log},
    {"log2", 1, {P(1e-30, 1e30)}, h_log2},         {"log10", 1, {P(1e-30, 1e30)}, h_log10},
    {"powr", 2, {P(0.01, 100), L(-10, 10)}, h_powr}, {"recip", 1, {G(1e-3, 1e3)}, h_recip},
    {"rsqrt", 1, {P(1e-30, 1e30)}, h_rsqrt},       {"sin", 1, {L(-3.14159, 3.14159)}, h_sin},
    {"sqrt", 1, {P(1e-30, 1e30)}, h_sqrt},         {"tan", 1, {L(-1.5, 1.5)}, h_tan},
};
#define NH ((int)(sizeof hfns / sizeof hfns[0]))

static void ref_half(const call *c, uint64_t in[3][MAXW], want out[2][MAXW])
{
    const hfn *h = &hfns[c->fn];
    for (int e = 0; e < c->ow[0]; e++) {
        long double r = h->f(arg(c, in, 0, e), c->nin > 1 ? arg(c, in, 1, e) : 0);
        /* the absolute error of sin/cos/tan near their zeros is what
         * table 7.1's 8192 ulp allow: bound by ulp(1) there */
        out[0][e] = ulpw(r, 8192);
        if (h->f == h_sin || h->f == h_cos || h->f == h_tan) {
            out[0][e].kind = W_ABS;
            out[0][e].tol = 8192 * FLT_EPSILON * (fabsl(r) > 1 ? fabsl(r) : 1);
        }
    }
}

int fam_halfnative(const kcase *k, call *c)
{
    int n = 0;
    for (int p = 0; p < 2; p++)
        for (int i = 0; i < NH; i++) {
            call *x = &c[n++];
            bt_call(x, hfns[i].name, hfns[i].nin, 1);
            x->fn = i;
            x->ref = ref_half;
            for (int j = 0; j < hfns[i].nin; j++)
                bt_in(x, j, k->t, k->w, hfns[i].d[j]);
            bt_out(x, 0, k->t, k->w);
            snprintf(x->stmt, sizeof x->stmt, hfns[i].nin == 1 ? "r0 = %s_%s(a0);" : "r0 = %s_%s(a0, a1);",
                     p ? "native" : "half", hfns[i].name);
        }
    return n;
}

/* ------------------------------------------------------------------ common */

enum { C_CLAMP, C_CLAMPS, C_DEGREES, C_MAX, C_MAXS, C_MIN, C_MINS, C_MIX, C_MIXS, C_RADIANS, C_STEP, C_STEPS,
       C_SMOOTH, C_SMOOTHS, C_SIGN, NC };
static const char *const cnames[NC] = {"clamp", "clamp", "degrees", "max", "max", "min", "min", "mix", "mix",
                                       "radians", "step", "step", "smoothstep", "smoothstep", "sign"};

static long double smooth(long double e0, long double e1, long double x)
{
    long double t = (x - e0) / (e1 - e0);
    t = t < 0 ? 0 : t > 1 ? 1 : t;
    return t * t * (3 - 2 * t);
}

static void ref_common(const call *c, uint64_t in[3][MAXW], want out[2][MAXW])
{
    int t = c->ot[0];
    double eps = t == T_FLOAT ? FLT_EPSILON : DBL_EPSILON;
    for (int e = 0; e < c->ow[0]; e++) {
        long double a = arg(c, in, 0, e), b = c->nin > 1 ? arg(c, in, 1, e) : 0, d = c->nin > 2 ? arg(c, in, 2, e) : 0;
        want *w = &out[0][e];
        switch (c->fn) {
        case C_CLAMP: case C_CLAMPS: *w = exactw(bt_mkf(t, fminl(fmaxl(a, b), d))); break;
        case C_DEGREES: *w = ulpw(a * (180.0L / 3.141592653589793238462643383279502884L), 2); break;
        case C_RADIANS: *w = ulpw(a * (3.141592653589793238462643383279502884L / 180.0L), 2); break;
        case C_MAX: case C_MAXS: *w = exactw(bt_mkf(t, fmaxl(a, b))); break;
        case C_MIN: case C_MINS: *w = exactw(bt_mkf(t, fminl(a, b))); break;
        case C_STEP: case C_STEPS: *w = exactw(bt_mkf(t, b < a ? 0.0L : 1.0L)); break;
        case C_SIGN: *w = exactw(bt_mkf(t, isnan(a) ? 0.0L : a > 0 ? 1.0L : a < 0 ? -1.0L : a)); break;
        case C_MIX: case C_MIXS: /* implementation-defined accuracy: a few ulp of the operands */
            w->kind = W_ABS;
            w->f = a + (b - a) * d;
            w->tol = 4 * eps * (fabsl(a) + fabsl(b));
            break;
        default: /* smoothstep: implementation-defined; the result lies in [0, 1] */
            w->kind = W_ABS;
            w->f = smooth(a, b, d);
            w->tol = 16 * eps;
            break;
        }
    }
}

int fam_common(const kcase *k, call *c)
{
    int n = 0;
    for (int i = 0; i < NC; i++) {
        int scal = i == C_CLAMPS || i == C_MAXS || i == C_MINS || i == C_MIXS || i == C_STEPS || i == C_SMOOTHS;
        if (scal && k->w == 1)
            continue;
        static const int nin[NC] = {3, 3, 1, 2, 2, 2, 2, 3, 3, 1, 2, 2, 3, 3, 1};
        call *x = &c[n++];
        bt_call(x, cnames[i], nin[i], 1);
        x->fn = i;
        x->ref = ref_common;
        dom d0 = L(-1e3, 1e3), d1 = L(-1e3, 1e3), d2 = L(-1e3, 1e3);
        if (i == C_CLAMP || i == C_CLAMPS)
            d1 = (dom)L(-1e3, 0), d2 = (dom)L(0, 1e3);
        if (i == C_MIX || i == C_MIXS)
            d2 = (dom)L(0, 1);
        if (i == C_SMOOTH || i == C_SMOOTHS)
            d0 = (dom)L(-10, -1), d1 = (dom)L(1, 10), d2 = (dom)L(-12, 12);
        if (i == C_SIGN)
            d0 = (dom)S(-1e3, 1e3);
        dom ds[3] = {d0, d1, d2};
        for (int j = 0; j < nin[i]; j++) {
            /* the scalar forms: clamp(v, s, s), max/min(v, s), mix(v, v, s), step(s, v), smoothstep(s, s, v) */
            int sw = scal && ((i == C_CLAMPS && j > 0) || ((i == C_MAXS || i == C_MINS) && j == 1) ||
                              (i == C_MIXS && j == 2) || (i == C_STEPS && j == 0) || (i == C_SMOOTHS && j < 2));
            bt_in(x, j, k->t, sw ? 1 : k->w, ds[j]);
        }
        bt_out(x, 0, k->t, k->w);
        static const char *const fmt[] = {"r0 = %s(a0);", "r0 = %s(a0, a1);", "r0 = %s(a0, a1, a2);"};
        snprintf(x->stmt, sizeof x->stmt, fmt[nin[i] - 1], cnames[i]);
    }
    return n;
}

/* --------------------------------------------------------------- geometric */

/* Bounds (OpenCL 1.2 section 7.4 for the full profile): dot absolute
 * max^2 * (2n - 1) * eps, cross absolute max^2 * 3 * eps per component;
 * length, distance, normalize: sicu requires 2 + 2n ulp (derived from the
 * component operations: n products and sums, a sqrt, a division).  fast_*:
 * implementation-defined, checked to 8192 ulp like half_*. */
enum { G_DOT, G_CROSS, G_LENGTH, G_DISTANCE, G_NORMALIZE, G_FLENGTH, G_FDISTANCE, G_FNORMALIZE, NG };
static const char *const gnames[NG] = {"dot", "cross", "length", "distance", "normalize", "fast_length",
                                       "fast_distance", "fast_normalize"};

static void ref_geo(const call *c, uint64_t in[3][MAXW], want out[2][MAXW])
{
    int t = c->it[0], n = c->iw[0];
    double eps = t == T_FLOAT ? FLT_EPSILON : DBL_EPSILON;
    long double a[4], b[4], mx = 0, s = 0;
    for (int e = 0; e < n; e++) {
        a[e] = arg(c, in, 0, e);
        b[e] = c->nin > 1 ? arg(c, in, 1, e) : 0;
        mx = fmaxl(mx, fmaxl(fabsl(a[e]), fabsl(b[e])));
    }
    int fast = c->fn >= G_FLENGTH;
    double tol = fast ? 8192 : 2 + 2 * n;
    for (int e = 0; e < n; e++)
        s += c->fn == G_DOT ? a[e] * b[e]
           : (c->fn == G_DISTANCE || c->fn == G_FDISTANCE) ? (a[e] - b[e]) * (a[e] - b[e]) : a[e] * a[e];
    switch (c->fn) {
    case G_DOT: out[0][0] = (want){.kind = W_ABS, .f = s, .tol = mx * mx * (2 * n - 1) * eps}; break;
    case G_CROSS:
        for (int e = 0; e < n; e++) {
            long double v = e == 0 ? a[1] * b[2] - a[2] * b[1] : e == 1 ? a[2] * b[0] - a[0] * b[2]
                          : e == 2 ? a[0] * b[1] - a[1] * b[0] : 0;
            out[0][e] = (want){.kind = W_ABS, .f = v, .tol = mx * mx * 3 * eps};
        }
        break;
    case G_NORMALIZE: case G_FNORMALIZE:
        for (int e = 0; e < n; e++)
            out[0][e] = (want){.kind = W_ABS, .f = a[e] / sqrtl(s), .tol = tol * eps};
        break;
    default: out[0][0] = ulpw(sqrtl(s), tol); break;
    }
}

int fam_geometric(const kcase *k, call *c)
{
    int n = 0;
    for (int i = 0; i < NG; i++) {
        if ((i == G_CROSS && k->w < 3) || (i >= G_FLENGTH && k->t != T_FLOAT))
            continue;
        int nin = i == G_DOT || i == G_CROSS || i == G_DISTANCE || i == G_FDISTANCE ? 2 : 1;
        int vec = i == G_CROSS || i == G_NORMALIZE || i == G_FNORMALIZE;
        call *x = &c[n++];
        bt_call(x, gnames[i], nin, 1);
        x->fn = i;
        x->ref = ref_geo;
        for (int j = 0; j < nin; j++)
            bt_in(x, j, k->t, k->w, (dom)G(1e-2, 1e3));
        bt_out(x, 0, k->t, vec ? k->w : 1);
        snprintf(x->stmt, sizeof x->stmt, nin == 1 ? "r0 = %s(a0);" : "r0 = %s(a0, a1);", gnames[i]);
    }
    return n;
}

/* -------------------------------------------------------------- relational */

/* Scalar forms return int 1/0; vector forms -1/0 in intn (float) or longn
 * (double).  select/bitselect are exact. */
enum { R_EQ, R_NE, R_GT, R_GE, R_LT, R_LE, R_LG, R_FINITE, R_INF, R_NAN, R_NORMAL, R_ORD, R_UNORD, R_SIGNBIT,
       R_BITSEL, R_SELECT, R_SELECTU, NR };
static const char *const rnames[NR] = {"isequal", "isnotequal", "isgreater", "isgreaterequal", "isless",
                                       "islessequal", "islessgreater", "isfinite", "isinf", "isnan", "isnormal",
                                       "isordered", "isunordered", "signbit", "bitselect", "select", "select"};

static int rel(int fn, long double a, long double b)
{
    int un = isnan(a) || isnan(b);
    switch (fn) {
    case R_EQ: return a == b;
    case R_NE: return a != b || un;
    case R_GT: return a > b;
    case R_GE: return a >= b;
    case R_LT: return a < b;
    case R_LE: return a <= b;
    case R_LG: return a < b || a > b;
    case R_FINITE: return isfinite(a);
    case R_INF: return isinf(a);
    case R_NAN: return isnan(a);
    case R_ORD: return !un;
    case R_UNORD: return un;
    case R_SIGNBIT: return signbit(a) != 0;
    default: return 0;
    }
}

static void ref_rel(const call *c, uint64_t in[3][MAXW], want out[2][MAXW])
{
    int t = c->it[0], w = c->iw[0], rt = c->ot[0];
    for (int e = 0; e < w; e++) {
        uint64_t a = in[0][e], b = c->nin > 1 ? in[1][e] : 0, s = c->nin > 2 ? in[2][e] : 0;
        if (c->fn == R_BITSEL) {
            out[0][e] = exactw((a & ~s) | (b & s));
        } else if (c->fn == R_SELECT || c->fn == R_SELECTU) {
            int bits = bt_types[c->it[2]].size * 8;
            int pick = w == 1 ? bt_geti(c->it[2], s) != 0 : (s >> (bits - 1)) & 1;
            out[0][e] = exactw(pick ? b : a);
        } else {
            int r = c->fn == R_NORMAL ? isnormal(bt_getf(t, a)) != 0 : rel(c->fn, bt_getf(t, a), bt_getf(t, b));
            out[0][e] = exactw(bt_mki(rt, r ? (w == 1 ? 1 : -1) : 0));
        }
    }
}

int fam_relational(const kcase *k, call *c)
{
    int n = 0, it = k->t == T_FLOAT ? T_INT : T_LONG;
    for (int i = 0; i < NR; i++) {
        int nin = i <= R_LG || i == R_ORD || i == R_UNORD ? 2 : i >= R_BITSEL ? 3 : 1;
        call *x = &c[n++];
        bt_call(x, rnames[i], nin, 1);
        x->fn = i;
        x->ref = ref_rel;
        for (int j = 0; j < nin; j++)
            bt_in(x, j, k->t, k->w, (dom)S(-2, 2));
        if (i == R_BITSEL)
            bt_in(x, 2, k->t, k->w, (dom){D_INT, 0, 0, 0});
        if (i == R_SELECT || i == R_SELECTU)
            bt_in(x, 2, i == R_SELECT ? it : it + 1, k->w, (dom){D_INT, 0, 0, 0});
        bt_out(x, 0, i >= R_BITSEL ? k->t : (k->w == 1 ? T_INT : it), k->w);
        static const char *const fmt[] = {"r0 = %s(a0);", "r0 = %s(a0, a1);", "r0 = %s(a0, a1, a2);"};
        snprintf(x->stmt, sizeof x->stmt, fmt[nin - 1], rnames[i]);
    }
    return n;
}
