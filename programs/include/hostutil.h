/* hostutil.h - small helpers shared by the programs' host.c files.
 *
 * Each programs/NAME/host.c defines
 *     static int gen(const char *dir);    write the inputs (fixed seed)
 *     static int check(const char *dir);  recompute the reference, compare
 * and ends with HOST_MAIN("NAME").  `host gen DIR` / `host check DIR`.
 * Host references are compiled with -ffp-contract=off so float expressions
 * round exactly as written (the device kernels use explicit fma() where
 * they want a fused operation).
 */
#ifndef SICU_HOSTUTIL_H
#define SICU_HOSTUTIL_H

/* not every program uses every helper */
#pragma GCC diagnostic ignored "-Wunused-function"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>

/* ---- deterministic random numbers (xorshift64*) ---- */
static uint64_t hu_rng = 0x9E3779B97F4A7C15ull;
static void rng_seed(uint64_t s) { hu_rng = s ? s : 1; }
static uint32_t rng_u32(void)
{
    hu_rng ^= hu_rng >> 12;
    hu_rng ^= hu_rng << 25;
    hu_rng ^= hu_rng >> 27;
    return (uint32_t)((hu_rng * 0x2545F4914F6CDD1Dull) >> 32);
}
static uint64_t rng_u64(void) { uint64_t h = rng_u32(); return (h << 32) | rng_u32(); }
/* uniform integer in [lo, hi] */
static int32_t rng_range(int32_t lo, int32_t hi)
{
    return lo + (int32_t)(rng_u32() % (uint32_t)(hi - lo + 1));
}
/* float in [lo, hi) with 24 random bits */
static float rng_float(float lo, float hi)
{
    float u = (float)(rng_u32() >> 8) * (1.0f / 16777216.0f);
    return lo + (hi - lo) * u;
}
static double rng_double(double lo, double hi)
{
    double u = (double)(rng_u64() >> 11) * (1.0 / 9007199254740992.0);
    return lo + (hi - lo) * u;
}

/* ---- files ---- */
static int write_file(const char *dir, const char *name, const void *p, size_t n)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *f = fopen(path, "wb");
    if (!f) { fprintf(stderr, "cannot create %s\n", path); return -1; }
    if (n && fwrite(p, 1, n, f) != n) { fprintf(stderr, "short write to %s\n", path); fclose(f); return -1; }
    fclose(f);
    return 0;
}
/* Read exactly n bytes (the file must have exactly that size). */
static int read_file(const char *dir, const char *name, void *p, size_t n)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *f = fopen(path, "rb");
    if (!f) { fprintf(stderr, "cannot open %s\n", path); return -1; }
    size_t got = fread(p, 1, n, f);
    int extra = fgetc(f) != EOF;
    fclose(f);
    if (got != n || extra) {
        fprintf(stderr, "%s: expected %zu bytes, got %s%zu\n", path, n, extra ? "more than " : "", got);
        return -1;
    }
    return 0;
}
static void *xcalloc(size_t n, size_t sz)
{
    void *p = calloc(n ? n : 1, sz);
    if (!p) { fprintf(stderr, "out of memory\n"); exit(2); }
    return p;
}

/* ---- comparisons ---- */
static int hu_bad;          /* mismatches so far */
#define HU_SHOW 10          /* print the first HU_SHOW mismatches */

static void hu_mismatch(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
#include <stdarg.h>
static void hu_mismatch(const char *fmt, ...)
{
    if (hu_bad++ < HU_SHOW) {
        va_list ap;
        va_start(ap, fmt);
        fputs("  mismatch: ", stdout);
        vprintf(fmt, ap);
        fputc('\n', stdout);
        va_end(ap);
    }
}

static void cmp_u32(const char *what, size_t i, uint32_t got, uint32_t want)
{
    if (got != want)
        hu_mismatch("%s[%zu] = 0x%08x (%d), expected 0x%08x (%d)", what, i, got, (int32_t)got, want, (int32_t)want);
}
static void cmp_u64(const char *what, size_t i, uint64_t got, uint64_t want)
{
    if (got != want)
        hu_mismatch("%s[%zu] = 0x%016llx (%lld), expected 0x%016llx (%lld)", what, i,
                    (unsigned long long)got, (long long)got, (unsigned long long)want, (long long)want);
}

static uint32_t f2u(float f) { uint32_t u; memcpy(&u, &f, 4); return u; }
static float u2f(uint32_t u) { float f; memcpy(&f, &u, 4); return f; }
static uint64_t d2u(double d) { uint64_t u; memcpy(&u, &d, 8); return u; }

/* Distance in units in the last place (ordered-integer mapping; +0 == -0). */
static uint64_t ulp_f32(float a, float b)
{
    if (isnan(a) || isnan(b)) return (isnan(a) && isnan(b)) ? 0 : UINT64_MAX;
    int32_t ia = (int32_t)f2u(a), ib = (int32_t)f2u(b);
    int64_t oa = ia < 0 ? -(int64_t)(ia & 0x7fffffff) : ia;
    int64_t ob = ib < 0 ? -(int64_t)(ib & 0x7fffffff) : ib;
    return (uint64_t)(oa > ob ? oa - ob : ob - oa);
}
static uint64_t ulp_f64(double a, double b)
{
    if (isnan(a) || isnan(b)) return (isnan(a) && isnan(b)) ? 0 : UINT64_MAX;
    int64_t ia = (int64_t)d2u(a), ib = (int64_t)d2u(b);
    /* map to a monotonic signed scale without overflow */
    long double oa = ia < 0 ? -(long double)(ia & INT64_MAX) : (long double)ia;
    long double ob = ib < 0 ? -(long double)(ib & INT64_MAX) : (long double)ib;
    long double d = oa > ob ? oa - ob : ob - oa;
    return d > 1.8e19L ? UINT64_MAX : (uint64_t)d;
}

/* Exact comparison of floats: bit patterns must match (NaN == any NaN). */
static void cmp_f32(const char *what, size_t i, float got, float want)
{
    if (f2u(got) != f2u(want) && !(isnan(got) && isnan(want)))
        hu_mismatch("%s[%zu] = %.9g (0x%08x), expected %.9g (0x%08x)", what, i, got, f2u(got), want, f2u(want));
}
static void cmp_f32_ulp(const char *what, size_t i, float got, float want, uint64_t tol)
{
    uint64_t d = ulp_f32(got, want);
    if (d > tol)
        hu_mismatch("%s[%zu] = %.9g (0x%08x), expected %.9g (0x%08x): %llu ulp > %llu", what, i, got,
                    f2u(got), want, f2u(want), (unsigned long long)d, (unsigned long long)tol);
}
static void cmp_f32_abs(const char *what, size_t i, float got, double want, double tol)
{
    if (!(fabs((double)got - want) <= tol))
        hu_mismatch("%s[%zu] = %.9g, expected %.9g: |error| %.3g > %.3g", what, i, got, want,
                    fabs((double)got - want), tol);
}
static void cmp_f64(const char *what, size_t i, double got, double want)
{
    if (d2u(got) != d2u(want) && !(isnan(got) && isnan(want)))
        hu_mismatch("%s[%zu] = %.17g (0x%016llx), expected %.17g (0x%016llx)", what, i, got,
                    (unsigned long long)d2u(got), want, (unsigned long long)d2u(want));
}
static void cmp_f64_ulp(const char *what, size_t i, double got, double want, uint64_t tol)
{
    uint64_t d = ulp_f64(got, want);
    if (d > tol)
        hu_mismatch("%s[%zu] = %.17g, expected %.17g: %llu ulp > %llu", what, i, got, want,
                    (unsigned long long)d, (unsigned long long)tol);
}

/* ---- main ---- */
static int gen(const char *dir);
static int check(const char *dir);

static int hu_finish(const char *name)
{
    if (hu_bad) {
        if (hu_bad > HU_SHOW) printf("  ... %d mismatches in total\n", hu_bad);
        printf("%s: FAILED (%d mismatches)\n", name, hu_bad);
        return 1;
    }
    printf("%s: OK\n", name);
    return 0;
}

#define HOST_MAIN(NAME)                                                       \
    int main(int argc, char **argv)                                           \
    {                                                                         \
        if (argc == 3 && !strcmp(argv[1], "gen"))                             \
            return gen(argv[2]) ? 1 : 0;                                      \
        if (argc == 3 && !strcmp(argv[1], "check")) {                         \
            if (check(argv[2])) { printf("%s: FAILED (cannot read outputs)\n", NAME); return 1; } \
            return hu_finish(NAME);                                           \
        }                                                                     \
        fprintf(stderr, "usage: %s gen|check DIR\n", argv[0]);                \
        return 2;                                                             \
    }

#endif
