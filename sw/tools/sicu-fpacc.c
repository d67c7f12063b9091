/*
 * sicu-fpacc - exhaustive accuracy of the transcendental unit's log2, exp2,
 * sin, cos, rsq and sqrt (sw/fp_trans.c, docs/fp.md 9.1-9.2) against libm in
 * long double, and a systematic sweep of the f64 rcp, rsq and sqrt (docs/fp.md
 * 9.3).
 *
 *   sicu-fpacc [log|exp|sin|cos|rsq|sqrt|rcp64|rsq64|sqrt64 ...]
 *                                         (default: all; `make fp-accuracy`)
 *
 * Every f32 input of the function's domain with a normal result is checked:
 * log2, rsq and sqrt every positive normal x; exp2 x in [-126, 128) with
 * |x| >= 2^-64;
 * sin and cos |x| <= 256, the reference taking an exact reduction of x to
 * [0, 1/4] revolution first.  Prints, per function, the inputs checked, the
 * results that are not the correctly rounded one, and the worst error in ulp
 * with its input; exits 1 if any result is more than 1 ulp away (the ISA's
 * documented precision).  OpenMP spreads the exponents over the cores.
 *
 * rcp64, rsq64, sqrt64: their error depends on the significand only (the
 * exponent scales it; its parity selects the roots' f32 operand), and their
 * first step rounds the significand to 24 bits.  So every value of its top
 * 24 bits (the kept 23 and the rounding bit) is checked with four patterns
 * of the 28 bits below (0, 1, 2^27, 2^28 - 1: exact, just above, at and just
 * below a rounding midpoint) and both exponent parities, 1.3e8 inputs each.
 * Limits: rcp 2^7 ulp (one Newton step), rsq and sqrt 2^29 ulp (the ISA).
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "fp.h"

static float f_of(uint32_t u) { float f; memcpy(&f, &u, 4); return f; }
static uint32_t u_of(float f) { uint32_t u; memcpy(&u, &f, 4); return u; }

static const long double PI2 = 6.283185307179586476925286766559005768L;

/* sin(2 pi x) for an exact x: reduce to [0, 1/4] exactly, then sinl */
static long double sin2pi(long double x)
{
    long double fr = x - roundl(x);          /* [-1/2, 1/2], exact */
    int neg = fr < 0;
    if (neg) fr = -fr;
    if (fr > 0.25L) fr = 0.5L - fr;          /* exact */
    long double r = sinl(PI2 * fr);
    return neg ? -r : r;
}
static long double cos2pi(long double x)
{
    long double fr = fabsl(x - roundl(x));   /* cos is even */
    return sin2pi(0.25L - fr);               /* exact argument */
}

enum { F_LOG, F_EXP, F_SIN, F_COS, F_RSQ, F_SQRT, F_RCP64, F_RSQ64, F_SQRT64, F_N };
static const char *fname[F_N] = { "log", "exp", "sin", "cos", "rsq", "sqrt", "rcp64", "rsq64", "sqrt64" };
static const double limit[F_N] = { 1, 1, 1, 1, 1, 1, 128, 0x1p29, 0x1p29 };   /* ulp */

static double d_of(uint64_t u) { double d; memcpy(&d, &u, 8); return d; }

struct acc { unsigned long n, notcr, over1; double worst; uint64_t worst_in; };

/* one binade (exponent field e, both signs where the domain has them) */
static void check_binade(int fn, uint32_t e, struct acc *a)
{
    si_fpm m;
    memset(&m, 0, sizeof m);
    memset(a, 0, sizeof *a);
    for (uint32_t sg = 0; sg < 2; sg++) {
        if ((fn == F_LOG || fn == F_RSQ || fn == F_SQRT) && sg)
            break;
        for (uint32_t mm = 0; mm < (1u << 23); mm++) {
            uint32_t x = (sg << 31) | (e << 23) | mm, r;
            float xf = f_of(x);
            long double ref;
            switch (fn) {
            case F_LOG: ref = log2l(xf); r = si_f32_log(x, &m); break;
            case F_EXP:
                if (xf >= 128.0f || xf < -126.0f) continue;
                ref = exp2l(xf); r = si_f32_exp(x, &m); break;
            case F_SIN:
                if (fabsf(xf) > 256.0f) continue;    /* outside the ISA's domain (docs/fp.md 9.2) */
                ref = sin2pi(xf); r = si_f32_sin(x, &m); break;
            case F_RSQ:  ref = 1.0L / sqrtl(xf); r = si_f32_rsq(x, &m); break;
            case F_SQRT: ref = sqrtl(xf); r = si_f32_sqrt(x, &m); break;
            default:
                if (fabsf(xf) > 256.0f) continue;
                ref = cos2pi(xf); r = si_f32_cos(x, &m); break;
            }
            if (ref == 0 || fabsl(ref) < 0x1p-126L || fabsl(ref) >= 0x1p128L)
                continue;                    /* zero, flushed or infinite results */
            int ex;
            frexpl(ref, &ex);
            double d = (double)(fabsl((long double)f_of(r) - ref) / ldexpl(1.0L, ex - 24));
            a->n++;
            a->notcr += r != u_of((float)ref);
            a->over1 += d > 1.0;
            if (d > a->worst) { a->worst = d; a->worst_in = x; }
        }
    }
}

/* f64 rcp/rsq/sqrt: the inputs whose significand's top 24 bits are in
 * [blk << 16, (blk + 1) << 16) (see the header) */
static void check_f64_block(int fn, uint32_t blk, struct acc *a)
{
    static const uint64_t low[4] = { 0, 1, 1ull << 27, (1ull << 28) - 1 };
    si_fpm m;
    memset(&m, 0, sizeof m);
    memset(a, 0, sizeof *a);
    for (uint64_t par = 0; par < 2; par++)
        for (uint64_t hi = (uint64_t)blk << 16; hi < (uint64_t)(blk + 1) << 16; hi++)
            for (int k = 0; k < 4; k++) {
                uint64_t x = ((1023 + par) << 52) | (hi << 28) | low[k], r;
                long double xl = d_of(x), ref;
                switch (fn) {
                case F_RCP64: ref = 1.0L / xl; r = si_f64_rcp(x, &m); break;
                case F_RSQ64: ref = 1.0L / sqrtl(xl); r = si_f64_rsq(x, &m); break;
                default:      ref = sqrtl(xl); r = si_f64_sqrt(x, &m); break;
                }
                int ex;
                frexpl(ref, &ex);
                double d = (double)(fabsl((long double)d_of(r) - ref) / ldexpl(1.0L, ex - 53));
                a->n++;
                a->notcr += d_of(r) != (double)ref;
                a->over1 += d > limit[fn];
                if (d > a->worst) { a->worst = d; a->worst_in = x; }
            }
}

int main(int argc, char **argv)
{
    int want[F_N], bad = 0;
    for (int k = 0; k < F_N; k++)
        want[k] = argc < 2;
    for (int i = 1; i < argc; i++) {
        int k;
        for (k = 0; k < F_N && strcmp(argv[i], fname[k]); k++)
            ;
        if (k == F_N) {
            fprintf(stderr, "sicu-fpacc: unknown function '%s' (log, exp, sin, cos, rsq, sqrt, rcp64, rsq64, "
                    "sqrt64)\n",
                    argv[i]);
            return 2;
        }
        want[k] = 1;
    }
    printf("%-6s %12s %12s %10s %12s %18s\n", "fn", "inputs", "not CR", "not CR %", "worst ulp", "at");
    for (int fn = 0; fn < F_N; fn++) {
        if (!want[fn])
            continue;
        int f64 = fn >= F_RCP64;
        uint32_t lo = f64 ? 0 : fn == F_EXP ? 127 - 64 : 1;
        uint32_t hi = f64 ? 255 : fn == F_EXP ? 127 + 6 : fn == F_SIN || fn == F_COS ? 127 + 8 : 254;
        struct acc tot = { 0 }, part[256];
#pragma omp parallel for schedule(dynamic)
        for (uint32_t e = lo; e <= hi; e++) {
            if (f64)
                check_f64_block(fn, e, &part[e]);
            else
                check_binade(fn, e, &part[e]);
        }
        for (uint32_t e = lo; e <= hi; e++) {
            tot.n += part[e].n;
            tot.notcr += part[e].notcr;
            tot.over1 += part[e].over1;
            if (part[e].worst > tot.worst) { tot.worst = part[e].worst; tot.worst_in = part[e].worst_in; }
        }
        printf("%-6s %12lu %12lu %10.5f %12.4g 0x%0*llx\n", fname[fn], tot.n, tot.notcr,
               100.0 * tot.notcr / (tot.n ? tot.n : 1), tot.worst, f64 ? 16 : 8,
               (unsigned long long)tot.worst_in);
        bad |= tot.over1 != 0;
    }
    return bad;
}
