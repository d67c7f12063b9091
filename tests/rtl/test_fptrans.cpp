/*
 * test_fptrans.cpp - RTL unit test of the f32 transcendental / reciprocal
 * unit (rtl/fp/si_fp_trans.vh, wrapped by tests/rtl/tb_fptrans.v) against
 * the golden C library (sw/fp_trans.c).
 *
 * Per function: directed special values crossed with every MODE[9:0] value
 * (rounding, denormal, dx10 and ieee bits; plus junk in the upper MODE bits),
 * sweeps over every bit pattern within +-32768 of a set of centres (1.0, 2.0,
 * exponent boundaries, function thresholds; both signs), and >= 1M random
 * inputs (raw bit patterns, values biased to interesting exponents, sparse
 * mantissas, perfect squares) with random MODE values.
 *
 * Usage: Vtb [seed]   (or SICU_SEED=seed); exits non-zero on any mismatch.
 *
 * Vtb --exhaustive [name]: instead, every input of the non-trivial ranges
 * (see exh_ranges) of the seven core functions (or of the named function),
 * about 17.5e9 vectors, 30+ CPU minutes; not part of `make rtl-unit`.
 */
#include <cstdio>
#include <cstdlib>
#include <cstdint>
#include <cstring>

#include "Vtb_fptrans.h"
#include "verilated.h"

extern "C" {
#include "fp.h"
}

typedef uint32_t (*fn_t)(uint32_t, const si_fpm *);

struct fdesc {
    const char *name;
    int op;             /* tb_fptrans op selector */
    fn_t fn;
};

static const fdesc funcs[] = {
    { "si_f32_rcp",        0,  si_f32_rcp },
    { "si_f32_rcp_iflag",  1,  si_f32_rcp_iflag },
    { "si_f32_rsq",        2,  si_f32_rsq },
    { "si_f32_sqrt",       3,  si_f32_sqrt },
    { "si_f32_log",        4,  si_f32_log },
    { "si_f32_exp",        5,  si_f32_exp },
    { "si_f32_sin",        6,  si_f32_sin },
    { "si_f32_cos",        7,  si_f32_cos },
    { "si_f32_log_clamp",  8,  si_f32_log_clamp },
    { "si_f32_rcp_clamp",  9,  si_f32_rcp_clamp },
    { "si_f32_rsq_clamp",  10, si_f32_rsq_clamp },
    { "si_f32_rcp_legacy", 11, si_f32_rcp_legacy },
    { "si_f32_rsq_legacy", 12, si_f32_rsq_legacy },
    { "si_f32_exp_legacy", 13, si_f32_exp_legacy },
    { "si_f32_log_legacy", 14, si_f32_log_legacy },
};
#define NFUNC ((int)(sizeof funcs / sizeof funcs[0]))

#define NRANDOM 1000000L
#define SWEEP_HALF 32768
#define MAX_SHOWN 20

static Vtb_fptrans *top;
static long nvec[NFUNC], nmis[NFUNC];
static long shown;

/* splitmix64 */
static uint64_t rng;
static uint64_t rnd64(void)
{
    uint64_t z = (rng += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}
static uint32_t rnd32(void) { return (uint32_t)(rnd64() >> 32); }

static void check(int fi, uint32_t a, uint32_t mode)
{
    si_fpm m = si_fpm_from_mode(mode);
    uint32_t want = funcs[fi].fn(a, &m);
    uint32_t got;
    top->op = funcs[fi].op;
    top->a = a;
    top->mode = mode;
    top->eval();
    got = top->res;
    nvec[fi]++;
    if (got != want) {
        nmis[fi]++;
        if (shown++ < MAX_SHOWN)
            printf("MISMATCH %s a=0x%08x mode=0x%08x: rtl=0x%08x c=0x%08x\n",
                   funcs[fi].name, a, mode, got, want);
    }
}

/* Random MODE: usually only the 10 defined bits, sometimes junk above. */
static uint32_t rnd_mode(void)
{
    uint32_t r = rnd32();
    return (r & 0x80000000u) ? rnd32() : (r & 0x3ffu);
}

static const uint32_t specials[] = {
    /* zeros, denormals, min normal, max, inf, NaNs */
    0x00000000, 0x00000001, 0x00000002, 0x00012345, 0x003fffff, 0x00400000, 0x007ffffe, 0x007fffff,
    0x00800000, 0x00800001, 0x00ffffff, 0x01000000, 0x01800000, 0x7f7fffff, 0x7f7ffffe, 0x7f000000,
    0x7effffff, 0x7e800000, 0x7e7fffff, 0x7e000000, 0x7f800000, 0x7f800001, 0x7fa00000, 0x7fbfffff,
    0x7fc00000, 0x7fc12345, 0x7fffffff, 0x7f812345,
    /* 1.0, 2.0 and neighbours, small integers, simple fractions */
    0x3f800000, 0x3f800001, 0x3f7fffff, 0x3f7ffffe, 0x3f800002, 0x40000000, 0x40000001, 0x3fffffff,
    0x3f000000, 0x3e800000, 0x3e000000, 0x3f400000, 0x3fc00000, 0x40400000, 0x40800000, 0x40900000,
    0x41100000, 0x41800000, 0x41c80000, 0x42c80000, 0x447a0000, 0x3dcccccd, 0x40490fdb, 0x402df854,
    0x3eaaaaab, 0x3f3504f3, 0x3fb504f3, 0x4b000000, 0x4b7fffff, 0x4f000000, 0x5f800000, 0x1f800000,
    /* exp thresholds: 128, -126, 2^-64 */
    0x43000000, 0x42ffffff, 0x43000001, 0x42fe0000, 0x42fc0000, 0xc2fc0000, 0xc2fc0001, 0xc2fbffff,
    0xc2fe0000, 0xc3000000, 0x1f7fffff, 0x1f800001, 0x20000000, 0x2f800000, 0x3c000000, 0x3b800000,
    0x3b7fffff, 0xbb800000, 0xbb7fffff, 0xc2f80000, 0xc2fa0000, 0xbf000000, 0xc1200000, 0xc2fbfffe,
    /* sin/cos thresholds: 256, 2^-20, quadrant boundaries */
    0x43800000, 0x437fffff, 0x43800001, 0x35800000, 0x357fffff, 0x35800001, 0x35000000, 0x36000000,
    0x3e7fffff, 0x3e800001, 0x3effffff, 0x3f000001, 0x3f3fffff, 0x3f400001, 0x3c800000, 0x3c7fffff,
    0x3c000001, 0x42f00000, 0x437f0000, 0x437f8000, 0x43000100, 0x3a800000, 0x3b000000, 0x3f7f0000,
};
#define NSPECIAL ((int)(sizeof specials / sizeof specials[0]))

static const uint32_t sweep_centres[] = {
    0x3f800000, /* 1.0 */
    0x40000000, /* 2.0 */
    0x3f000000, /* 0.5 */
    0x00800000, /* min normal / denormal boundary */
    0x7e800000, /* 2^126 (rcp result near the flush boundary) */
    0x7f000000, /* 2^127 */
    0x7f800000, /* max finite / inf / NaN */
    0x43000000, /* 128 (exp overflow) */
    0x42fc0000, /* 126 (exp underflow, negative side) */
    0x43800000, /* 256 (sin/cos domain) */
    0x35800000, /* 2^-20 (sin small-argument path) */
    0x1f800000, /* 2^-64 (exp ~ 1) */
    0x3e800000, /* 0.25 (quadrant) */
    0x4b000000, /* 2^23 */
};
#define NCENTRE ((int)(sizeof sweep_centres / sizeof sweep_centres[0]))

/* Random inputs of several kinds. */
static uint32_t rnd_input(void)
{
    uint32_t r = rnd32(), s = (r & 1u) << 31, m, e;
    switch ((r >> 1) % 10) {
    case 0: case 1: case 2: case 3:
        return rnd32();                                        /* raw bit pattern */
    case 4: case 5: case 6:                                    /* exponent near 1.0 */
        e = 127 + (int32_t)(rnd32() % 81) - 70;                /* 2^-70 .. 2^10 */
        return s | (e << 23) | (rnd32() & 0x7fffffu);
    case 7: {                                                  /* sparse / dense mantissa */
        uint32_t k = rnd32();
        m = rnd32() & rnd32() & rnd32();
        if (k & 1) m = ~m;
        e = (k & 2) ? (127 + (int32_t)((k >> 8) % 41) - 30) : ((k >> 8) & 0xff);
        return s | (e << 23) | (m & 0x7fffffu);
    }
    case 8: {                                                  /* perfect squares, powers of 4 */
        uint32_t k = rnd32() % 4095 + 1, sq = k * k, sh = 0;     /* sq < 2^24 */
        int32_t ex;
        while (!(sq & 0x800000u)) { sq <<= 1; sh++; }          /* normalise to 24 bits */
        ex = 23 - (int32_t)sh + 2 * ((int32_t)(rnd32() % 120) - 60);
        return s | ((uint32_t)(ex + 127) << 23) | (sq & 0x7fffffu);
    }
    default: {                                                 /* +-1 ulp of a power of two */
        uint32_t k = rnd32();
        e = (k >> 8) & 0xff;
        m = (k & 2) ? 0 : (k & 4) ? 1 : 0x7fffffu;
        return s | (e << 23) | m;
    }
    }
}

/* Exhaustive ranges [lo, hi] per function (inputs outside give constant
 * results through trivial paths, covered by the normal run). */
struct exh_range { const char *name; uint32_t lo[2], hi[2]; };
static const exh_range exh_ranges[] = {
    { "si_f32_rcp",  { 0x00000000u, 0x80000000u }, { 0x7fffffffu, 0xffffffffu } },
    { "si_f32_rsq",  { 0x00000000u, 0x80000000u }, { 0x7fffffffu, 0x807fffffu } },
    { "si_f32_sqrt", { 0x00000000u, 0x80000000u }, { 0x7fffffffu, 0x807fffffu } },
    { "si_f32_log",  { 0x00000000u, 0x80000000u }, { 0x7fffffffu, 0x807fffffu } },
    { "si_f32_exp",  { 0x00000000u, 0x80000000u }, { 0x43000000u, 0xc2fc0001u } },
    { "si_f32_sin",  { 0x00000000u, 0x80000000u }, { 0x43800001u, 0xc3800001u } },
    { "si_f32_cos",  { 0x00000000u, 0x80000000u }, { 0x43800001u, 0xc3800001u } },
};

/* Every input in [lo, hi] of function fi. */
static void exhaust_range(int fi, uint32_t lo, uint32_t hi)
{
    uint32_t a = lo;
    for (;;) {
        check(fi, a, rnd_mode());
        if ((a & 0x0fffffffu) == 0) {
            printf("  %s at 0x%08x: %ld vectors, %ld mismatches\n", funcs[fi].name, a, nvec[fi], nmis[fi]);
            fflush(stdout);
        }
        if (a == hi)
            break;
        a++;
    }
}

static int find_func(const char *name)
{
    for (int fi = 0; fi < NFUNC; fi++)
        if (!strcmp(funcs[fi].name, name))
            return fi;
    return -1;
}

/* The seven core functions over their ranges, or the named function over its
 * range (all 2^32 inputs if it has none). */
static int exhaustive(const char *only)
{
    const int nr = (int)(sizeof exh_ranges / sizeof exh_ranges[0]);
    long total = 0;
    int r, fi;
    if (only) {
        if ((fi = find_func(only)) < 0) {
            fprintf(stderr, "unknown function %s\n", only);
            return 2;
        }
        for (r = 0; r < nr && strcmp(exh_ranges[r].name, only); r++)
            ;
        if (r < nr) {
            exhaust_range(fi, exh_ranges[r].lo[0], exh_ranges[r].hi[0]);
            exhaust_range(fi, exh_ranges[r].lo[1], exh_ranges[r].hi[1]);
        } else {
            exhaust_range(fi, 0, 0xffffffffu);
        }
        printf("%-18s exhaustive vectors %11ld  mismatches %ld\n", funcs[fi].name, nvec[fi], nmis[fi]);
        return nmis[fi] ? 1 : 0;
    }
    for (r = 0; r < nr; r++) {
        fi = find_func(exh_ranges[r].name);
        exhaust_range(fi, exh_ranges[r].lo[0], exh_ranges[r].hi[0]);
        exhaust_range(fi, exh_ranges[r].lo[1], exh_ranges[r].hi[1]);
        printf("%-18s exhaustive vectors %11ld  mismatches %ld\n", funcs[fi].name, nvec[fi], nmis[fi]);
        fflush(stdout);
        total += nmis[fi];
    }
    return total ? 1 : 0;
}

int main(int argc, char **argv)
{
    uint64_t seed = 0x51c0f7a5u;
    const char *env = getenv("SICU_SEED");
    long total_mis = 0, total_vec = 0;
    int fi, i, j;

    if (argc > 1 && !strcmp(argv[1], "--exhaustive")) {
        int rc;
        rng = seed;
        top = new Vtb_fptrans;
        rc = exhaustive(argc > 2 ? argv[2] : NULL);
        delete top;
        printf("test_fptrans --exhaustive: %s\n", rc ? "FAIL" : "PASS");
        return rc;
    }
    if (argc > 1)
        seed = strtoull(argv[1], NULL, 0);
    else if (env && *env)
        seed = strtoull(env, NULL, 0);
    printf("test_fptrans: seed 0x%llx (override with an argument or SICU_SEED)\n",
           (unsigned long long)seed);
    rng = seed;

    Verilated::commandArgs(argc, argv);
    top = new Vtb_fptrans;

    for (fi = 0; fi < NFUNC; fi++) {
        /* 1. special values x every MODE[9:0], plus junk upper MODE bits */
        for (i = 0; i < NSPECIAL; i++) {
            for (j = 0; j < 2; j++) {
                uint32_t a = specials[i] ^ (j ? 0x80000000u : 0);
                for (uint32_t mode = 0; mode < 1024; mode++)
                    check(fi, a, mode);
                for (int t = 0; t < 8; t++)
                    check(fi, a, rnd32() | 0xfffffc00u);
            }
        }
        /* 2. every bit pattern within +-SWEEP_HALF of each centre, both signs */
        for (i = 0; i < NCENTRE; i++) {
            for (j = 0; j < 2; j++) {
                uint32_t c = sweep_centres[i] ^ (j ? 0x80000000u : 0);
                for (int32_t d = -SWEEP_HALF; d < SWEEP_HALF; d++)
                    check(fi, c + (uint32_t)d, rnd_mode());
            }
        }
        /* 3. random inputs */
        for (long n = 0; n < NRANDOM; n++)
            check(fi, rnd_input(), rnd_mode());

        printf("%-18s vectors %9ld  mismatches %ld\n", funcs[fi].name, nvec[fi], nmis[fi]);
        fflush(stdout);
        total_mis += nmis[fi];
        total_vec += nvec[fi];
    }

    top->final();
    delete top;
    printf("test_fptrans: %d functions, %ld vectors, %ld mismatches: %s\n", NFUNC, total_vec,
           total_mis, total_mis ? "FAIL" : "PASS");
    return total_mis ? 1 : 0;
}
