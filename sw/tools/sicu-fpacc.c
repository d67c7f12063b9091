/*
 * sicu-fpacc - exhaustive accuracy of the transcendental unit's log2, exp2,
 * sin and cos (sw/fp_trans.c, docs/fp.md 9.2) against libm in long double.
 *
 *   sicu-fpacc [log|exp|sin|cos ...]      (default: all four; `make fp-accuracy`)
 *
 * Every f32 input of the function's domain with a normal result is checked:
 * log2 every positive normal x; exp2 x in [-126, 128) with |x| >= 2^-64;
 * sin and cos |x| <= 256, the reference taking an exact reduction of x to
 * [0, 1/4] revolution first.  Prints, per function, the inputs checked, the
 * results that are not the correctly rounded one, and the worst error in ulp
 * with its input; exits 1 if any result is more than 1 ulp away (the ISA's
 * documented precision).  OpenMP spreads the exponents over the cores.
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

enum { F_LOG, F_EXP, F_SIN, F_COS, F_N };
static const char *fname[F_N] = { "log", "exp", "sin", "cos" };

struct acc { unsigned long n, notcr, over1; double worst; uint32_t worst_in; };

/* one binade (exponent field e, both signs where the domain has them) */
static void check_binade(int fn, uint32_t e, struct acc *a)
{
    si_fpm m;
    memset(&m, 0, sizeof m);
    memset(a, 0, sizeof *a);
    for (uint32_t sg = 0; sg < 2; sg++) {
        if (fn == F_LOG && sg)
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

int main(int argc, char **argv)
{
    int want[F_N] = { argc < 2, argc < 2, argc < 2, argc < 2 }, bad = 0;
    for (int i = 1; i < argc; i++) {
        int k;
        for (k = 0; k < F_N && strcmp(argv[i], fname[k]); k++)
            ;
        if (k == F_N) {
            fprintf(stderr, "sicu-fpacc: unknown function '%s' (log, exp, sin, cos)\n", argv[i]);
            return 2;
        }
        want[k] = 1;
    }
    printf("%-4s %12s %12s %10s %12s %10s\n", "fn", "inputs", "not CR", "not CR %", "worst ulp", "at");
    for (int fn = 0; fn < F_N; fn++) {
        if (!want[fn])
            continue;
        uint32_t lo = fn == F_EXP ? 127 - 64 : 1, hi = fn == F_EXP ? 127 + 6 : fn == F_LOG ? 254 : 127 + 8;
        struct acc tot = { 0 }, part[256];
#pragma omp parallel for schedule(dynamic)
        for (uint32_t e = lo; e <= hi; e++)
            check_binade(fn, e, &part[e]);
        for (uint32_t e = lo; e <= hi; e++) {
            tot.n += part[e].n;
            tot.notcr += part[e].notcr;
            tot.over1 += part[e].over1;
            if (part[e].worst > tot.worst) { tot.worst = part[e].worst; tot.worst_in = part[e].worst_in; }
        }
        printf("%-4s %12lu %12lu %10.5f %12.4f 0x%08x\n", fname[fn], tot.n, tot.notcr,
               100.0 * tot.notcr / (tot.n ? tot.n : 1), tot.worst, tot.worst_in);
        bad |= tot.over1 != 0;
    }
    return bad;
}
