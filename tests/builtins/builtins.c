/* sicu-builtins: generator and checker of the OpenCL C built-ins test
 * (docs/builtins.md; run by scripts/builtins-test.sh).
 *
 *   sicu-builtins list [--widths "1 2 3 4 8 16"] [--families "math int ..."]
 *                                            the case names, one a line
 *   sicu-builtins gen DIR CASE               DIR/CASE.cl, CASE.in and, per
 *                                            level N and kernel K of the case,
 *                                            CASE-ON-K.json
 *   sicu-builtins check DIR CASE OLEVEL      compare DIR/CASE-OLEVEL-K.out (the
 *                                            dumps of `sicu run CASE-OLEVEL-K.json`)
 *                                            with the host reference; exit 1 on
 *                                            failure
 *
 * Inputs come from a generator seeded by the case name, so gen and check see
 * the same values without storing them twice.  Every failure names the
 * case, the optimisation level, the function and its types, the input,
 * the device's result and the reference. */
#include "builtins.h"

#include <errno.h>
#include <fenv.h>
#include <float.h>
#include <getopt.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

const bt_type bt_types[NTYPES] = {
    {"char", 1, 0, 1},  {"uchar", 1, 0, 0}, {"short", 2, 0, 1}, {"ushort", 2, 0, 0}, {"int", 4, 0, 1},
    {"uint", 4, 0, 0},  {"long", 8, 0, 1},  {"ulong", 8, 0, 0}, {"float", 4, 1, 1},  {"double", 8, 1, 1},
};
const int bt_widths[6] = {1, 2, 3, 4, 8, 16};

#define FP ((1 << T_FLOAT) | (1 << T_DOUBLE))
#define INTS 0xff
#define ALL 0x3ff
const family bt_families[] = {
    {"math", FP, 1, 16, fam_math, NULL, NULL},
    {"halfnative", 1 << T_FLOAT, 1, 16, fam_halfnative, NULL, NULL},
    {"common", FP, 1, 16, fam_common, NULL, NULL},
    {"geometric", FP, 1, 4, fam_geometric, NULL, NULL},
    {"relational", FP, 1, 16, fam_relational, NULL, NULL},
    {"int", INTS, 1, 16, fam_integer, NULL, NULL},
    {"conv", ALL, 1, 16, fam_convert, NULL, NULL},
    {"vdata", ALL, 0, 16, NULL, fam_vdata_kernel, fam_vdata_check},
    {"async", ALL, 0, 16, NULL, fam_async_kernel, fam_async_check},
    {"sync", 1 << T_INT, 0, 1, NULL, fam_sync_kernel, fam_sync_check},
    {"atomic", 1 << T_INT, 0, 1, NULL, fam_atomic_kernel, fam_atomic_check},
};
const int bt_nfamilies = sizeof bt_families / sizeof bt_families[0];

/* ------------------------------------------------------------------ helpers */

void bt_tname(int t, int w, char *buf)
{
    if (w == 1)
        sprintf(buf, "%s", bt_types[t].name);
    else
        sprintf(buf, "%s%d", bt_types[t].name, w);
}

int bt_slot(int t, int w)
{
    return bt_types[t].size * (w == 3 ? 4 : w);
}

uint64_t bt_rand(uint64_t *s)
{
    uint64_t z = (*s += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

static double unit(uint64_t *s)
{
    return (double)(bt_rand(s) >> 11) / 9007199254740992.0;
}

uint64_t bt_rd(const uint8_t *p, int size)
{
    uint64_t v = 0;
    for (int i = size - 1; i >= 0; i--)
        v = v << 8 | p[i];
    return v;
}

uint64_t bt_fill(size_t off, int n)
{
    uint64_t v = 0;
    for (int b = n - 1; b >= 0; b--)
        v = v << 8 | ((BT_FILL >> (8 * ((off + (size_t)b) % 4))) & 0xff);
    return v;
}

void bt_wr(uint8_t *p, uint64_t v, int size)
{
    for (int i = 0; i < size; i++)
        p[i] = (uint8_t)(v >> (8 * i));
}

long double bt_getf(int t, uint64_t bits)
{
    if (t == T_FLOAT) {
        uint32_t u = (uint32_t)bits;
        float f;
        memcpy(&f, &u, 4);
        return f;
    }
    if (t == T_DOUBLE) {
        double d;
        memcpy(&d, &bits, 8);
        return d;
    }
    return bt_types[t].sgn ? (long double)bt_geti(t, bits) : (long double)(uint64_t)bt_geti(t, bits);
}

int64_t bt_geti(int t, uint64_t bits)
{
    int n = bt_types[t].size * 8;
    if (n == 64)
        return (int64_t)bits;
    bits &= (1ull << n) - 1;
    if (bt_types[t].sgn && (bits >> (n - 1)))
        return (int64_t)(bits | ~((1ull << n) - 1));
    return (int64_t)bits;
}

uint64_t bt_mki(int t, int64_t v)
{
    int n = bt_types[t].size * 8;
    return n == 64 ? (uint64_t)v : (uint64_t)v & ((1ull << n) - 1);
}

uint64_t bt_mkf_mode(int t, long double v, int mode)
{
    static const int fe[4] = {FE_TONEAREST, FE_TOWARDZERO, FE_UPWARD, FE_DOWNWARD};
    fesetround(fe[mode]);
    volatile long double vv = v;
    uint64_t out;
    if (t == T_FLOAT) {
        volatile float f = (float)vv;
        uint32_t u;
        float ff = f;
        memcpy(&u, &ff, 4);
        out = u;
    } else {
        volatile double d = (double)vv;
        double dd = d;
        memcpy(&out, &dd, 8);
    }
    fesetround(FE_TONEAREST);
    return out;
}

uint64_t bt_mkf(int t, long double v)
{
    return bt_mkf_mode(t, v, 0);
}

void bt_fmt(int t, uint64_t bits, char *buf, size_t len)
{
    if (t == T_FLOAT)
        snprintf(buf, len, "%.9g (0x%08llx)", (double)bt_getf(t, bits), (unsigned long long)(bits & 0xffffffffu));
    else if (t == T_DOUBLE)
        snprintf(buf, len, "%.17g (0x%016llx)", (double)bt_getf(t, bits), (unsigned long long)bits);
    else if (bt_types[t].sgn)
        snprintf(buf, len, "%lld", (long long)bt_geti(t, bits));
    else
        snprintf(buf, len, "%llu", (unsigned long long)bt_geti(t, bits));
}

/* |got - want| in units of the last place of the result type at want's
 * magnitude (denormal results: the device may flush them to zero). */
int bt_ulp_ok(int t, uint64_t got, long double want, double tol, double *err)
{
    long double g = bt_getf(t, got);
    int mant = t == T_FLOAT ? 24 : 53, emin = t == T_FLOAT ? -126 : -1022;
    long double maxv = t == T_FLOAT ? FLT_MAX : DBL_MAX;
    *err = 0;
    if (isnan(want))
        return isnan(g);
    if (isnan(g))
        return *err = INFINITY, 0;
    if (isinf(want) || fabsl(want) > maxv) {
        if (isinf(g) && signbit(g) == signbit(want))
            return 1;
        want = copysignl(maxv, want); /* within tol ulps of the largest value */
    }
    if (isinf(g))
        return *err = INFINITY, 0;
    int e;
    frexpl(want, &e);
    e = e - 1 < emin ? emin : e - 1;
    long double ulp = ldexpl(1.0L, e - (mant - 1));
    *err = (double)(fabsl(g - want) / ulp);
    if (*err <= tol)
        return 1;
    /* flushed denormal result */
    return t == T_FLOAT && fabsl(want) < FLT_MIN && g == 0;
}

int bt_fail(const kcase *k, int olevel, const char *what, const char *detail)
{
    printf("FAIL %s -O%d: %s: %s\n", k->name, olevel, what, detail);
    return 1;
}

/* ---------------------------------------------------------------- inputs */

static uint64_t special_f(int t, int i, const dom *d, uint64_t *rng)
{
    static const double sp[] = {0.0, -0.0, INFINITY, -INFINITY, NAN, 0.5, -0.5, 1.5, -2.5, 1.0, -1.0};
    if (i >= 0 && i < (int)(sizeof sp / sizeof sp[0]))
        return bt_mkf(t, sp[i]);
    return bt_mkf(t, d->lo + (d->hi - d->lo) * unit(rng));
}

static uint64_t int_edge(int t, int i, uint64_t *rng)
{
    int n = bt_types[t].size * 8;
    uint64_t mask = n == 64 ? ~0ull : (1ull << n) - 1;
    uint64_t edges[] = {0, 1, mask, mask >> 1, (mask >> 1) + 1, 2, mask - 1, (mask >> 1) - 1};
    if (i >= 0 && i < 8)
        return edges[i];
    uint64_t r = bt_rand(rng);
    /* small magnitudes too, so that sums and products do not all saturate */
    if ((r >> 8) % 3 == 0)
        r = (r & 0xff) | (r >> 63 ? mask & ~0xffull : 0);
    return r & mask;
}

void bt_gen_input(const dom *d, int t, uint64_t *rng, int sample, uint64_t *out)
{
    double x;
    switch (d->kind) {
    case D_INT: *out = int_edge(t, sample, rng); return;
    case D_INTR: *out = bt_mki(t, (int64_t)floor(d->lo + (d->hi - d->lo + 1) * unit(rng))); return;
    case D_SPECIAL: *out = special_f(t, sample, d, rng); return;
    case D_LOG:
    case D_POS:
        x = exp(log(d->lo) + (log(d->hi) - log(d->lo)) * unit(rng));
        if (d->kind == D_LOG && d->neg && (bt_rand(rng) & 1))
            x = -x;
        break;
    case D_TIES:
        x = d->lo + (d->hi - d->lo) * unit(rng);
        if (bt_rand(rng) & 1)
            x = floor(x * 2) / 2;
        break;
    default: x = d->lo + (d->hi - d->lo) * unit(rng); break;
    }
    *out = bt_types[t].isf ? bt_mkf(t, x) : bt_mki(t, (int64_t)x);
}

/* ---------------------------------------------------------------- calls */

void bt_call(call *c, const char *name, int nin, int nout)
{
    memset(c, 0, sizeof *c);
    c->name = name;
    c->nin = nin;
    c->nout = nout;
}

void bt_in(call *c, int j, int t, int w, dom d)
{
    c->it[j] = t;
    c->iw[j] = w;
    c->d[j] = d;
}

void bt_out(call *c, int o, int t, int w)
{
    c->ot[o] = t;
    c->ow[o] = w;
}

static uint64_t case_seed(const char *name, int ci, int j)
{
    uint64_t h = 1469598103934665603ull;
    for (const char *p = name; *p; p++)
        h = (h ^ (uint8_t)*p) * 1099511628211ull;
    return h ^ ((uint64_t)ci << 32) ^ (uint64_t)j * 0x9e3779b9u;
}

/* Lay the calls out in the buffers (128-byte aligned regions of NSAMPLES slots). */
static void layout(call *c, int n, size_t *inlen, size_t *outlen)
{
    size_t io = 0, oo = 0;
    for (int i = 0; i < n; i++) {
        for (int j = 0; j < c[i].nin; j++) {
            c[i].in_off[j] = (int)io;
            io += ((size_t)bt_slot(c[i].it[j], c[i].iw[j]) * NSAMPLES + 127) & ~(size_t)127;
        }
        for (int o = 0; o < c[i].nout; o++) {
            c[i].out_off[o] = (int)oo;
            oo += ((size_t)bt_slot(c[i].ot[o], c[i].ow[o]) * NSAMPLES + 127) & ~(size_t)127;
        }
    }
    *inlen = io ? io : 128;
    *outlen = oo ? oo : 128;
}

/* Fill the input buffer: sample s of input j of call i.  The first
 * samples of D_SPECIAL/D_INT inputs take the edge values, one per sample,
 * in every element. */
static void fill_inputs(const kcase *k, const call *c, int n, uint8_t *in)
{
    for (int i = 0; i < n; i++)
        for (int j = 0; j < c[i].nin; j++) {
            uint64_t rng = case_seed(k->name, i, j);
            int t = c[i].it[j], sz = bt_types[t].size;
            for (int s = 0; s < NSAMPLES; s++)
                for (int e = 0; e < c[i].iw[j]; e++) {
                    uint64_t v;
                    int edge = (c[i].d[j].kind == D_SPECIAL || c[i].d[j].kind == D_INT) ? (s + e * 5 + j * 3) % 24 : -1;
                    bt_gen_input(&c[i].d[j], t, &rng, edge < 12 ? edge : -1, &v);
                    bt_wr(in + c[i].in_off[j] + (size_t)s * bt_slot(t, c[i].iw[j]) + (size_t)e * sz, v, sz);
                }
        }
}

/* ---------------------------------------------------------------- kernels */

static const char *prologue =
    "#pragma OPENCL EXTENSION cl_khr_fp64 : enable\n"
    "#pragma OPENCL EXTENSION cl_khr_int64_base_atomics : enable\n"
    "#pragma OPENCL EXTENSION cl_khr_int64_extended_atomics : enable\n";

/* Element-wise cases are split into kernels of about KERNEL_ELEMS result
 * elements per work-item (calls x width): one huge kernel costs the
 * compiler more than its parts (math-double-16: 20 s at -O2 in one,
 * about 12 in four).  Kernel j is "tj"; call i is in kernel i*K/n. */
#define KERNEL_ELEMS 280
static int nkernels(const kcase *k, int n)
{
    if (!bt_families[k->fam].calls)
        return 1;
    int kn = (n * k->w + KERNEL_ELEMS - 1) / KERNEL_ELEMS;
    return kn < 1 ? 1 : kn > n ? n : kn;
}
static int kernel_of(int i, int n, int kn)
{
    for (int j = 0; j < kn; j++)
        if (i < (j + 1) * n / kn)
            return j;
    return kn - 1;
}

static void emit_call(const call *c, FILE *f)
{
    char tn[32];
    fprintf(f, "    {");
    for (int j = 0; j < c->nin; j++) {
        bt_tname(c->it[j], c->iw[j], tn);
        fprintf(f, " %s a%d = ((__global const %s *)(in + %d))[g];", tn, j, tn, c->in_off[j]);
    }
    for (int o = 0; o < c->nout; o++) {
        bt_tname(c->ot[o], c->ow[o], tn);
        fprintf(f, " %s r%d;", tn, o);
    }
    fprintf(f, "\n      %s\n     ", c->stmt);
    for (int o = 0; o < c->nout; o++) {
        bt_tname(c->ot[o], c->ow[o], tn);
        fprintf(f, " ((__global %s *)(out + %d))[g] = r%d;", tn, c->out_off[o], o);
    }
    fprintf(f, " }\n");
}

static void emit_elementwise(const kcase *k, const call *c, int n, FILE *f)
{
    int kn = nkernels(k, n);
    fprintf(f, "%s/* %s: %d calls in %d kernel(s), generated by sicu-builtins */\n", prologue, k->name, n, kn);
    for (int j = 0; j < kn; j++) {
        fprintf(f, "__kernel void t%d(__global const uchar *in, __global uchar *out)\n{\n"
                   "    size_t g = get_global_id(0);\n", j);
        for (int i = 0; i < n; i++)
            if (kernel_of(i, n, kn) == j)
                emit_call(&c[i], f);
        fprintf(f, "}\n");
    }
}

static void read_elems(const uint8_t *p, int t, int w, uint64_t *v)
{
    for (int e = 0; e < w; e++)
        v[e] = bt_rd(p + (size_t)e * bt_types[t].size, bt_types[t].size);
}

/* does got match w?  *err: the error in ulps (W_ULP) or absolute (W_ABS) */
static int elem_ok(int t, uint64_t got, const want *w, double *err)
{
    int isf = bt_types[t].isf;
    uint64_t mask = bt_types[t].size == 8 ? ~0ull : (1ull << (8 * bt_types[t].size)) - 1;
    *err = 0;
    got &= mask;
    switch (w->kind) {
    case W_ANY: return 1;
    case W_NAN: return isnan(bt_getf(t, got));
    case W_QUO: {
        int64_t g = bt_geti(t, got), q = (int64_t)w->bits;
        if ((llabs(g) - llabs(q)) % 8 != 0)
            return 0;
        return g == 0 || (g < 0) == (q < 0);
    }
    case W_ULP: return bt_ulp_ok(t, got, w->f, w->tol, err);
    case W_ABS:
        *err = (double)fabsl(bt_getf(t, got) - w->f);
        return isnan(w->f) ? isnan(bt_getf(t, got)) : *err <= w->tol;
    case W_EITHER:
        if (got == (w->bits2 & mask))
            return 1;
        /* fall through */
    default:
        if (isf && isnan(bt_getf(t, w->bits & mask)))
            return isnan(bt_getf(t, got));
        return got == (w->bits & mask);
    }
}

static void describe_want(int t, const want *w, char *buf, size_t len)
{
    char a[56], b[56];
    switch (w->kind) {
    case W_ULP: snprintf(buf, len, "%.21Lg within %g ulp", w->f, w->tol); break;
    case W_ABS: snprintf(buf, len, "%.21Lg within %g", w->f, w->tol); break;
    case W_NAN: snprintf(buf, len, "a NaN"); break;
    case W_QUO: snprintf(buf, len, "%lld modulo 8, same sign", (long long)w->bits); break;
    case W_EITHER:
        bt_fmt(t, w->bits, a, sizeof a);
        bt_fmt(t, w->bits2, b, sizeof b);
        snprintf(buf, len, "%s or %s", a, b);
        break;
    default: bt_fmt(t, w->bits, buf, len); break;
    }
}

static void describe_inputs(const call *c, uint64_t in[3][MAXW], char *buf, size_t len)
{
    size_t o = 0;
    buf[0] = 0;
    for (int j = 0; j < c->nin && o < len; j++)
        for (int e = 0; e < c->iw[j] && o < len; e++) {
            char v[64];
            bt_fmt(c->it[j], in[j][e], v, sizeof v);
            o += (size_t)snprintf(buf + o, len - o, "%s%s%s%s", j || e ? ", " : "", e == 0 && c->iw[j] > 1 ? "(" : "",
                                  v, e == c->iw[j] - 1 && c->iw[j] > 1 ? ")" : "");
        }
}

/* Check call i over every sample; the number of failing samples. */
static int check_call(const kcase *k, const call *c, const uint8_t *in, const uint8_t *out, int olevel)
{
    int bad = 0;
    for (int s = 0; s < NSAMPLES; s++) {
        uint64_t iv[3][MAXW], ov[MAXW];
        want wv[2][MAXW];
        memset(wv, 0, sizeof wv);
        for (int j = 0; j < c->nin; j++)
            read_elems(in + c->in_off[j] + (size_t)s * bt_slot(c->it[j], c->iw[j]), c->it[j], c->iw[j], iv[j]);
        c->ref(c, iv, wv);
        for (int o = 0; o < c->nout; o++) {
            read_elems(out + c->out_off[o] + (size_t)s * bt_slot(c->ot[o], c->ow[o]), c->ot[o], c->ow[o], ov);
            for (int e = 0; e < c->ow[o]; e++) {
                double err;
                if (elem_ok(c->ot[o], ov[e], &wv[o][e], &err))
                    continue;
                if (bad++ < 3) {
                    char ins[1024], g[64], w[128], d[1500];
                    describe_inputs(c, iv, ins, sizeof ins);
                    bt_fmt(c->ot[o], ov[e], g, sizeof g);
                    describe_want(c->ot[o], &wv[o][e], w, sizeof w);
                    snprintf(d, sizeof d, "work-item %d, result %d element %d: input %s: got %s, want %s (error %g)", s,
                             o, e, ins, g, w, err);
                    bt_fail(k, olevel, c->stmt, d);
                }
                break;
            }
        }
    }
    return bad;
}

/* ---------------------------------------------------------------- cases */

static int parse_case(const char *name, kcase *k)
{
    char fam[32], ty[32];
    int w = 0;
    memset(k, 0, sizeof *k);
    snprintf(k->name, sizeof k->name, "%s", name);
    int n = sscanf(name, "%31[a-z]-%31[a-z]-%d", fam, ty, &w);
    if (n < 1)
        return -1;
    for (k->fam = 0; k->fam < bt_nfamilies && strcmp(bt_families[k->fam].name, fam); k->fam++)
        ;
    if (k->fam == bt_nfamilies)
        return -1;
    const family *f = &bt_families[k->fam];
    k->t = T_INT;
    k->w = 1;
    if (n >= 2)
        for (k->t = 0; k->t < NTYPES && strcmp(bt_types[k->t].name, ty); k->t++)
            ;
    if (k->t == NTYPES || !(f->types >> k->t & 1))
        return -1;
    if (f->per_width) {
        if (n != 3 || w < 1 || w > f->maxw || (w != 1 && w != 2 && w != 3 && w != 4 && w != 8 && w != 16))
            return -1;
        k->w = w;
    }
    return 0;
}

static void list_cases(const int *widths, int nw, const char *fams)
{
    for (int f = 0; f < bt_nfamilies; f++) {
        const family *fa = &bt_families[f];
        if (fams && !strstr(fams, fa->name))
            continue;
        for (int t = 0; t < NTYPES; t++) {
            if (!(fa->types >> t & 1))
                continue;
            if (!fa->per_width) {
                printf(fa->types == (1 << T_INT) ? "%s\n" : "%s-%s\n", fa->name, bt_types[t].name);
                continue;
            }
            for (int i = 0; i < nw; i++)
                if (widths[i] <= fa->maxw)
                    printf("%s-%s-%d\n", fa->name, bt_types[t].name, widths[i]);
        }
    }
}

/* the element-wise calls of case k, laid out */
static int case_calls(const kcase *k, call *c, size_t *inlen, size_t *outlen)
{
    int n = bt_families[k->fam].calls(k, c);
    if (n > MAXCALLS) {
        fprintf(stderr, "sicu-builtins: %s: %d calls, more than %d\n", k->name, n, MAXCALLS);
        exit(2);
    }
    layout(c, n, inlen, outlen);
    return n;
}

static FILE *open_out(const char *dir, const char *name, const char *ext, const char *mode)
{
    char p[1024];
    snprintf(p, sizeof p, "%s/%s%s", dir, name, ext);
    FILE *f = fopen(p, mode);
    if (!f) {
        fprintf(stderr, "sicu-builtins: %s: %s\n", p, strerror(errno));
        exit(2);
    }
    return f;
}

/* The inputs and (element-wise families) the calls of case k. */
static uint8_t *case_input(const kcase *k, call *c, int *ncalls, size_t *inlen, size_t *outlen, int geo[2], FILE *cl)
{
    const family *f = &bt_families[k->fam];
    uint8_t *in = calloc(1, MAXIN);
    if (!in)
        exit(2);
    geo[0] = geo[1] = NSAMPLES;
    *ncalls = 0;
    if (f->calls) {
        *ncalls = case_calls(k, c, inlen, outlen);
        if (*inlen > MAXIN) {
            fprintf(stderr, "sicu-builtins: %s: input of %zu bytes\n", k->name, *inlen);
            exit(2);
        }
        fill_inputs(k, c, *ncalls, in);
        if (cl)
            emit_elementwise(k, c, *ncalls, cl);
    } else {
        FILE *sink = cl ? cl : fopen("/dev/null", "w");
        f->kernel(k, sink, in, inlen, outlen, geo);
        if (!cl)
            fclose(sink);
    }
    return in;
}

static int cmd_gen(const char *dir, const kcase *k)
{
    static call c[MAXCALLS];
    size_t inlen = 0, outlen = 0;
    int n, geo[2];
    FILE *cl = open_out(dir, k->name, ".cl", "w");
    uint8_t *in = case_input(k, c, &n, &inlen, &outlen, geo, cl);
    fclose(cl);
    FILE *fi = open_out(dir, k->name, ".in", "wb");
    fwrite(in, 1, inlen, fi);
    fclose(fi);
    for (int o = 0; o <= 3; o++)
        for (int j = 0; j < nkernels(k, n); j++) {
            char ext[32];
            snprintf(ext, sizeof ext, "-O%d-%d.json", o, j);
            FILE *js = open_out(dir, k->name, ext, "w");
            fprintf(js, "{\"code\": \"%s-O%d.o\", \"kernel\": \"t%d\", \"grid\": [%d], \"workgroup\": [%d],\n"
                        " \"buffers\": [{\"name\": \"in\", \"size\": %zu, \"init\": \"file:%s.in\"},\n"
                        "             {\"name\": \"out\", \"size\": %zu, \"init\": \"fill32:%#x\", "
                        "\"dump\": \"%s-O%d-%d.out\"}],\n"
                        " \"args\": [{\"buffer\": \"in\"}, {\"buffer\": \"out\"}]}\n",
                    k->name, o, j, geo[0], geo[1], inlen, k->name, outlen, BT_FILL, k->name, o, j);
            fclose(js);
        }
    free(in);
    return 0;
}

/* DIR/CASE-O<olevel>-<j>.out: exactly outlen bytes */
static uint8_t *read_out(const char *dir, const kcase *k, int olevel, int j, size_t outlen)
{
    char ext[32];
    snprintf(ext, sizeof ext, "-O%d-%d.out", olevel, j);
    FILE *fo = open_out(dir, k->name, ext, "rb");
    uint8_t *out = calloc(1, outlen + 1);
    if (!out || fread(out, 1, outlen + 1, fo) != outlen) {
        fprintf(stderr, "sicu-builtins: %s/%s%s: expected %zu bytes\n", dir, k->name, ext, outlen);
        exit(2);
    }
    fclose(fo);
    return out;
}

static int cmd_check(const char *dir, const kcase *k, int olevel)
{
    static call c[MAXCALLS];
    size_t inlen = 0, outlen = 0;
    int n, geo[2], bad = 0;
    uint8_t *in = case_input(k, c, &n, &inlen, &outlen, geo, NULL);
    int kn = nkernels(k, n);
    uint8_t *outs[MAXCALLS];
    for (int j = 0; j < kn; j++)
        outs[j] = read_out(dir, k, olevel, j, outlen);
    uint8_t *out = outs[0];
    if (bt_families[k->fam].calls) {
        int failed_calls = 0;
        for (int i = 0; i < n; i++) {
            int b = check_call(k, &c[i], in, outs[kernel_of(i, n, kn)], olevel);
            bad += b;
            failed_calls += b > 0;
        }
        printf("%s %s -O%d: %d calls, %d failed\n", failed_calls ? "FAIL" : "ok", k->name, olevel, n, failed_calls);
    } else {
        bad = bt_families[k->fam].check(k, in, out, olevel);
        printf("%s %s -O%d\n", bad ? "FAIL" : "ok", k->name, olevel);
    }
    free(in);
    for (int j = 0; j < kn; j++)
        free(outs[j]);
    return bad ? 1 : 0;
}

static void usage(FILE *f)
{
    fprintf(f, "usage: sicu-builtins list [--widths \"1 2 3 4 8 16\"] [--families \"math int ...\"]\n"
               "       sicu-builtins gen DIR CASE\n"
               "       sicu-builtins check DIR CASE OLEVEL\n"
               "The OpenCL C built-ins test (docs/builtins.md).\n");
}

static int cmd_list(int argc, char **argv)
{
    static const struct option lo[] = {{"widths", required_argument, 0, 'w'}, {"families", required_argument, 0, 'f'},
                                       {0, 0, 0, 0}};
    int widths[6] = {1, 2, 3, 4, 8, 16}, nw = 6, c;
    const char *fams = NULL;
    while ((c = getopt_long(argc, argv, "", lo, NULL)) != -1) {
        if (c == 'f') {
            fams = optarg;
        } else if (c == 'w') {
            nw = 0;
            for (char *s = optarg, *e; *s && nw < 6; s = e) {
                long v = strtol(s, &e, 10);
                if (e == s || (v != 1 && v != 2 && v != 3 && v != 4 && v != 8 && v != 16)) {
                    fprintf(stderr, "sicu-builtins: --widths: expected widths among 1 2 3 4 8 16, got \"%s\"\n", optarg);
                    return 2;
                }
                widths[nw++] = (int)v;
                while (*e == ' ' || *e == ',')
                    e++;
            }
        } else {
            usage(stderr);
            return 2;
        }
    }
    list_cases(widths, nw, fams);
    return 0;
}

int main(int argc, char **argv)
{
    kcase k;
    if (argc >= 2 && !strcmp(argv[1], "list"))
        return cmd_list(argc - 1, argv + 1);
    if (argc == 4 && !strcmp(argv[1], "gen") && parse_case(argv[3], &k) == 0)
        return cmd_gen(argv[2], &k);
    if (argc == 5 && !strcmp(argv[1], "check") && parse_case(argv[3], &k) == 0 &&
        (!strcmp(argv[4], "0") || !strcmp(argv[4], "1") || !strcmp(argv[4], "2") || !strcmp(argv[4], "3")))
        return cmd_check(argv[2], &k, atoi(argv[4]));
    if (argc >= 4 && parse_case(argv[3], &k) != 0)
        fprintf(stderr, "sicu-builtins: unknown case \"%s\" (see sicu-builtins list)\n", argv[3]);
    usage(stderr);
    return 2;
}
