/* Math built-ins (OpenCL 1.2 section 6.12.2), float and double, with the
 * ULP bounds of tables 7.1 (float) and 7.2 (double); 0 means correctly
 * rounded (0.5 ulp of the exact value).  References in long double. */
#include "builtins.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

enum { M1, M2, M3, MI2, MI2S, MRI, MPF, MPI, MREMQUO, MNAN, M2S, MMAD };

typedef long double (*lf1)(long double);
typedef long double (*lf2)(long double, long double);
typedef long double (*lf3)(long double, long double, long double);

typedef struct mfn {
    const char *name;
    int sig;
    double uf, ud;      /* ulps, float and double (-1: no bound, checked loosely) */
    dom d[3];
    void *ref;
} mfn;

#define L(lo, hi) {D_LIN, lo, hi, 0}
#define G(lo, hi) {D_LOG, lo, hi, 1}
#define P(lo, hi) {D_POS, lo, hi, 0}
#define S(lo, hi) {D_SPECIAL, lo, hi, 0}
#define I(lo, hi) {D_INTR, lo, hi, 0}

static const long double PI = 3.141592653589793238462643383279502884L;

/* sinpi/cospi/tanpi: reduce exactly, then exact values at multiples of 1/2 */
static long double red2(long double x) { return fmodl(x, 2.0L); }
static long double l_sinpi(long double x)
{
    long double r = red2(x);
    if (r == floorl(r * 2) / 2 && fmodl(r, 1.0L) == 0)
        return copysignl(0.0L, x);
    return sinl(PI * r);
}
static long double l_cospi(long double x)
{
    long double r = red2(fabsl(x));
    if (r == 0.5L || r == 1.5L)
        return 0.0L;
    return cosl(PI * r);
}
static long double l_tanpi(long double x)
{
    long double s = l_sinpi(x), c = l_cospi(x);
    return s / c;
}
static long double l_acospi(long double x) { return acosl(x) / PI; }
static long double l_asinpi(long double x) { return asinl(x) / PI; }
static long double l_atanpi(long double x) { return atanl(x) / PI; }
static long double l_atan2pi(long double y, long double x) { return atan2l(y, x) / PI; }
static long double l_rsqrt(long double x) { return 1.0L / sqrtl(x); }
static long double l_maxmag(long double x, long double y)
{
    return fabsl(x) > fabsl(y) ? x : fabsl(y) > fabsl(x) ? y : fmaxl(x, y);
}
static long double l_minmag(long double x, long double y)
{
    return fabsl(x) < fabsl(y) ? x : fabsl(y) < fabsl(x) ? y : fminl(x, y);
}
static long double l_powr(long double x, long double y) { return powl(x, y); }
static long double l_rootn(long double x, long double n) { return powl(x, 1.0L / n); }
static long double l_ldexp(long double x, long double n) { return ldexpl(x, (int)n); }

static const mfn fns[] = {
    {"acos", M1, 4, 4, {L(-1, 1)}, acosl},
    {"acosh", M1, 4, 4, {P(1, 1e6)}, acoshl},
    {"acospi", M1, 5, 5, {L(-1, 1)}, l_acospi},
    {"asin", M1, 4, 4, {L(-1, 1)}, asinl},
    {"asinh", M1, 4, 4, {G(1e-3, 1e6)}, asinhl},
    {"asinpi", M1, 5, 5, {L(-1, 1)}, l_asinpi},
    {"atan", M1, 5, 5, {G(1e-3, 1e6)}, atanl},
    {"atan2", M2, 6, 6, {L(-100, 100), L(-100, 100)}, atan2l},
    {"atanh", M1, 5, 5, {L(-0.99, 0.99)}, atanhl},
    {"atanpi", M1, 5, 5, {G(1e-3, 1e6)}, l_atanpi},
    {"atan2pi", M2, 6, 6, {L(-100, 100), L(-100, 100)}, l_atan2pi},
    {"cbrt", M1, 2, 2, {G(1e-6, 1e6)}, cbrtl},
    {"ceil", M1, 0, 0, {S(-1e6, 1e6)}, ceill},
    {"copysign", M2, 0, 0, {S(-1e6, 1e6), S(-1e6, 1e6)}, copysignl},
    {"cos", M1, 4, 4, {L(-1e4, 1e4)}, cosl},
    {"cosh", M1, 4, 4, {L(-60, 60)}, coshl},
    {"cospi", M1, 4, 4, {L(-100, 100)}, l_cospi},
    {"erfc", M1, 16, 16, {L(-5, 5)}, erfcl},
    {"erf", M1, 16, 16, {L(-5, 5)}, erfl},
    {"exp", M1, 3, 3, {L(-80, 80)}, expl},
    {"exp2", M1, 3, 3, {L(-120, 120)}, exp2l},
    {"exp10", M1, 3, 3, {L(-35, 35)}, exp10l},
    {"expm1", M1, 3, 3, {L(-80, 80)}, expm1l},
    {"fabs", M1, 0, 0, {S(-1e6, 1e6)}, fabsl},
    {"fdim", M2, 0, 0, {L(-1e6, 1e6), L(-1e6, 1e6)}, fdiml},
    {"floor", M1, 0, 0, {S(-1e6, 1e6)}, floorl},
    {"fma", M3, 0, 0, {L(-1e3, 1e3), L(-1e3, 1e3), L(-1e3, 1e3)}, fmal},
    {"fmax", M2, 0, 0, {S(-1e6, 1e6), S(-1e6, 1e6)}, fmaxl},
    {"fmin", M2, 0, 0, {S(-1e6, 1e6), S(-1e6, 1e6)}, fminl},
    {"fmax", M2S, 0, 0, {L(-1e6, 1e6), L(-1e6, 1e6)}, fmaxl},
    {"fmin", M2S, 0, 0, {L(-1e6, 1e6), L(-1e6, 1e6)}, fminl},
    {"fmod", M2, 0, 0, {L(-1e4, 1e4), G(0.1, 100)}, fmodl},
    {"fract", MPF, 0, 0, {L(-1e4, 1e4)}, NULL},
    {"frexp", MPI, 0, 0, {G(1e-30, 1e30)}, NULL},
    {"hypot", M2, 4, 4, {G(1e-10, 1e10), G(1e-10, 1e10)}, hypotl},
    {"ilogb", MRI, 0, 0, {G(1e-30, 1e30)}, NULL},
    {"ldexp", MI2, 0, 0, {G(1e-3, 1e3), I(-60, 60)}, l_ldexp},
    {"ldexp", MI2S, 0, 0, {G(1e-3, 1e3), I(-60, 60)}, l_ldexp},
    {"lgamma", M1, 64, 64, {L(2.5, 1000)}, lgammal},
    {"lgamma_r", MPI, 64, 64, {L(2.5, 1000)}, NULL},
    {"log", M1, 3, 3, {P(1e-30, 1e30)}, logl},
    {"log2", M1, 3, 3, {P(1e-30, 1e30)}, log2l},
    {"log10", M1, 3, 3, {P(1e-30, 1e30)}, log10l},
    {"log1p", M1, 2, 2, {L(-0.9, 1e6)}, log1pl},
    {"logb", M1, 0, 0, {G(1e-30, 1e30)}, logbl},
    {"mad", MMAD, 0, 0, {L(-1e3, 1e3), L(-1e3, 1e3), L(-1e3, 1e3)}, NULL},
    {"maxmag", M2, 0, 0, {L(-1e6, 1e6), L(-1e6, 1e6)}, l_maxmag},
    {"minmag", M2, 0, 0, {L(-1e6, 1e6), L(-1e6, 1e6)}, l_minmag},
    {"modf", MPF, 0, 0, {L(-1e6, 1e6)}, NULL},
    {"nan", MNAN, 0, 0, {{D_INT, 0, 0, 0}}, NULL},
    {"nextafter", M2, 0, 0, {L(-1e6, 1e6), L(-1e6, 1e6)}, NULL},
    {"pow", M2, 16, 16, {P(0.01, 100), L(-10, 10)}, powl},
    {"pown", MI2, 16, 16, {G(0.1, 10), I(-20, 20)}, powl},
    {"powr", M2, 16, 16, {P(0.01, 100), L(-10, 10)}, l_powr},
    {"remainder", M2, 0, 0, {L(-1e4, 1e4), G(0.1, 100)}, remainderl},
    {"remquo", MREMQUO, 0, 0, {L(-1e4, 1e4), G(0.1, 100)}, NULL},
    {"rint", M1, 0, 0, {S(-1e6, 1e6)}, rintl},
    {"rootn", MI2, 16, 16, {P(0.01, 1e4), I(1, 10)}, l_rootn},
    {"round", M1, 0, 0, {S(-1e6, 1e6)}, roundl},
    {"rsqrt", M1, 2, 2, {P(1e-30, 1e30)}, l_rsqrt},
    {"sin", M1, 4, 4, {L(-1e4, 1e4)}, sinl},
    {"sincos", MPF, 4, 4, {L(-1e4, 1e4)}, NULL},
    {"sinh", M1, 4, 4, {L(-60, 60)}, sinhl},
    {"sinpi", M1, 4, 4, {L(-100, 100)}, l_sinpi},
    {"sqrt", M1, 3, 0, {P(1e-30, 1e30)}, sqrtl},
    {"tan", M1, 5, 5, {L(-1e4, 1e4)}, tanl},
    {"tanh", M1, 5, 5, {L(-20, 20)}, tanhl},
    {"tanpi", M1, 6, 6, {L(-100, 100)}, l_tanpi},
    /* poles, negative arguments, overflow and the specials included */
    {"tgamma", M1, 16, 16, {S(-40, 172)}, tgammal},
    {"trunc", M1, 0, 0, {S(-1e6, 1e6)}, truncl},
};
#define NFNS ((int)(sizeof fns / sizeof fns[0]))

static want ulp_want(long double v, double tol)
{
    want w = {.kind = W_ULP, .f = v, .tol = tol > 0 ? tol : 0.5};
    return w;
}
static want exact(uint64_t bits)
{
    want w = {.kind = W_EXACT, .bits = bits};
    return w;
}

/* the second-result functions */
static void ref_pair(const call *c, const mfn *m, long double x, int t, want *r0, want *r1, uint64_t xb)
{
    double tol = t == T_FLOAT ? m->uf : m->ud;
    int e;
    long double ip;
    if (!strcmp(m->name, "fract")) {
        long double fl = floorl(x), fr = x - fl, top = t == T_FLOAT ? 0x1.fffffep-1L : 0x1.fffffffffffffp-1L;
        *r0 = exact(bt_mkf(t, fr < top ? fr : top));
        *r1 = exact(bt_mkf(t, fl));
    } else if (!strcmp(m->name, "modf")) {
        long double fr = modfl(x, &ip);
        *r0 = exact(bt_mkf(t, fr));
        *r1 = exact(bt_mkf(t, ip));
    } else if (!strcmp(m->name, "sincos")) {
        *r0 = ulp_want(sinl(x), tol);
        *r1 = ulp_want(cosl(x), tol);
    } else if (!strcmp(m->name, "frexp")) {
        *r0 = exact(bt_mkf(t, frexpl(x, &e)));
        *r1 = exact(bt_mki(T_INT, e));
    } else { /* lgamma_r: the sign of gamma(x) */
        *r0 = ulp_want(lgammal(x), tol);
        *r1 = exact(bt_mki(T_INT, tgammal(x) < 0 ? -1 : 1));
    }
    (void)c;
    (void)xb;
}

static void ref_math(const call *c, uint64_t in[3][MAXW], want out[2][MAXW])
{
    const mfn *m = &fns[c->fn];
    int t = c->it[0];
    double tol = t == T_FLOAT ? m->uf : m->ud;
    for (int e = 0; e < c->ow[0]; e++) {
        long double a = bt_getf(t, in[0][e]);
        long double b = c->nin > 1 ? bt_getf(c->it[1], in[1][c->iw[1] == 1 ? 0 : e]) : 0;
        long double cc = c->nin > 2 ? bt_getf(t, in[2][e]) : 0;
        want *w = &out[0][e];
        switch (m->sig) {
        case M1: *w = ulp_want(((lf1)m->ref)(a), tol); break;
        case M2:
        case M2S:
        case MI2:
        case MI2S:
            if (!strcmp(m->name, "nextafter"))
                *w = exact(t == T_FLOAT ? bt_mkf(t, nextafterf((float)a, (float)b)) : bt_mkf(t, nextafter((double)a, (double)b)));
            else
                *w = ulp_want(((lf2)m->ref)(a, b), tol);
            break;
        case M3: *w = ulp_want(((lf3)m->ref)(a, b, cc), tol); break;
        case MMAD:
            w->kind = W_EITHER;
            w->bits = bt_mkf(t, fmal(a, b, cc));
            w->bits2 = bt_mkf(t, bt_getf(t, bt_mkf(t, a * b)) + cc);
            break;
        case MRI: *w = exact(bt_mki(T_INT, ilogbl(a))); break;
        case MNAN: w->kind = W_NAN; break;
        case MREMQUO: {
            long double r = remainderl(a, b);
            *w = exact(bt_mkf(t, r));
            out[1][e].kind = W_QUO;
            out[1][e].bits = (uint64_t)(int64_t)roundl((a - r) / b);
            break;
        }
        default: ref_pair(c, m, a, t, w, &out[1][e], in[0][e]); break;
        }
    }
}

/* the statement and the argument types of function m for type t, width w */
static void make_math_call(call *c, int i, int t, int w)
{
    const mfn *m = &fns[i];
    int it = t == T_FLOAT ? T_INT : T_LONG, ut = t == T_FLOAT ? T_UINT : T_ULONG;
    static const int nin[] = {1, 2, 3, 2, 2, 1, 1, 1, 2, 1, 2, 3};
    static const int nout[] = {1, 1, 1, 1, 1, 1, 2, 2, 2, 1, 1, 1};
    bt_call(c, m->name, nin[m->sig], nout[m->sig]);
    c->fn = i;
    c->ref = ref_math;
    for (int j = 0; j < c->nin; j++)
        bt_in(c, j, t, w, m->d[j]);
    bt_out(c, 0, t, w);
    const char *fmt = "r0 = %s(a0);";
    switch (m->sig) {
    case M2: fmt = "r0 = %s(a0, a1);"; break;
    case M3: case MMAD: fmt = "r0 = %s(a0, a1, a2);"; break;
    case MI2: bt_in(c, 1, T_INT, w, m->d[1]); fmt = "r0 = %s(a0, a1);"; break;
    case MI2S: bt_in(c, 1, T_INT, 1, m->d[1]); fmt = "r0 = %s(a0, a1);"; break;
    case M2S: bt_in(c, 1, t, 1, m->d[1]); fmt = "r0 = %s(a0, a1);"; break;
    case MRI: bt_out(c, 0, T_INT, w); break;
    case MPF: bt_out(c, 1, t, w); fmt = "r0 = %s(a0, &r1);"; break;
    case MPI: bt_out(c, 1, T_INT, w); fmt = "r0 = %s(a0, &r1);"; break;
    case MREMQUO: bt_out(c, 1, T_INT, w); fmt = "r0 = %s(a0, a1, &r1);"; break;
    case MNAN: bt_in(c, 0, ut, w, m->d[0]); break;
    }
    (void)it;
    snprintf(c->stmt, sizeof c->stmt, fmt, m->name);
}

int fam_math(const kcase *k, call *c)
{
    int n = 0;
    for (int i = 0; i < NFNS; i++) {
        /* the scalar-argument forms exist for vectors only */
        if ((fns[i].sig == MI2S || fns[i].sig == M2S) && k->w == 1)
            continue;
        make_math_call(&c[n++], i, k->t, k->w);
    }
    return n;
}
