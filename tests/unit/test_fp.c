/*
 * test_fp.c - cmocka tests of the sicu bit-exact FP library (sw/fp*.c).
 *
 * Host references use the host FPU with fesetround() (test code only; the
 * library never touches fenv) and libm in long double for transcendental
 * accuracy bounds.  Random vectors use a fixed, printed seed.
 */
#include <fenv.h>
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "../../sw/fp.h"

#define SEED 0x5eed1234abcdull
#define N_RANDOM 200000

static uint64_t rng_state;
static uint64_t rnd64(void)
{
    /* splitmix64 */
    uint64_t z = (rng_state += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}
static uint32_t rnd32(void) { return (uint32_t)rnd64(); }

static float F(uint32_t u) { float f; memcpy(&f, &u, 4); return f; }
static uint32_t U(float f) { uint32_t u; memcpy(&u, &f, 4); return u; }
static double D(uint64_t u) { double d; memcpy(&d, &u, 8); return d; }
static uint64_t UD(double d) { uint64_t u; memcpy(&u, &d, 8); return u; }

static si_fpm mode(unsigned rnd, unsigned den)
{
    return si_fpm_from_mode(rnd | (rnd << 2) | (den << 4) | (den << 6) | (1u << 8) | (1u << 9));
}

/* Random f32 with interesting exponents: mostly normal, some near the ends. */
static uint32_t rf32(void)
{
    uint32_t r = rnd32();
    switch (rnd32() % 8) {
    case 0: return (r & 0x807fffffu) | ((100u + rnd32() % 56u) << 23);   /* near 1 */
    case 1: return (r & 0x807fffffu) | ((1u + rnd32() % 30u) << 23);     /* small */
    case 2: return (r & 0x807fffffu) | ((224u + rnd32() % 30u) << 23);   /* large */
    default: return (r & 0x807fffffu) | ((1u + rnd32() % 254u) << 23);
    }
}
static uint64_t rf64(void)
{
    uint64_t r = rnd64();
    switch (rnd32() % 8) {
    case 0: return (r & 0x800fffffffffffffull) | ((uint64_t)(1000u + rnd32() % 46u) << 52);
    case 1: return (r & 0x800fffffffffffffull) | ((uint64_t)(1u + rnd32() % 60u) << 52);
    case 2: return (r & 0x800fffffffffffffull) | ((uint64_t)(1980u + rnd32() % 66u) << 52);
    default: return (r & 0x800fffffffffffffull) | ((uint64_t)(1u + rnd32() % 2046u) << 52);
    }
}

static int isnand_u(uint64_t a) { return (a & 0x7fffffffffffffffull) > 0x7ff0000000000000ull; }

static const int host_rm[4] = { FE_TONEAREST, FE_UPWARD, FE_DOWNWARD, FE_TOWARDZERO };

/* Keep the compiler from moving host FP operations across fesetround(). */
#define HOST_RM(rm, stmts)                                                     \
    do {                                                                       \
        fesetround(host_rm[rm]);                                               \
        __asm__ volatile("" ::: "memory");                                     \
        stmts;                                                                 \
        __asm__ volatile("" ::: "memory");                                     \
        fesetround(FE_TONEAREST);                                              \
    } while (0)

/* ---------------------------------------------------------- arithmetic */

static void test_random_f32_all_modes(void **st)
{
    (void)st;
    printf("test_fp seed = 0x%llx\n", (unsigned long long)SEED);
    for (unsigned rm = 0; rm < 4; rm++) {
        si_fpm m = mode(rm, 3);
        rng_state = SEED + rm;
        for (int i = 0; i < N_RANDOM; i++) {
            uint32_t a = rf32(), b = rf32(), c = rf32();
            volatile float fa = F(a), fb = F(b), fc = F(c);
            volatile float ha, hs, hm, hf;
            uint32_t ra, rs, rmul, rf;
            HOST_RM(rm, (ha = fa + fb, hs = fa - fb, hm = fa * fb, hf = fmaf(fa, fb, fc)));
            ra = U(ha); rs = U(hs); rmul = U(hm); rf = U(hf);
            if (si_f32_add(a, b, &m) != ra || si_f32_sub(a, b, &m) != rs ||
                si_f32_mul(a, b, &m) != rmul || si_f32_fma(a, b, c, &m) != rf) {
                printf("rm %u a %08x b %08x c %08x: add %08x/%08x sub %08x/%08x mul %08x/%08x fma %08x/%08x\n",
                       rm, a, b, c, si_f32_add(a, b, &m), ra, si_f32_sub(a, b, &m), rs,
                       si_f32_mul(a, b, &m), rmul, si_f32_fma(a, b, c, &m), rf);
                fail();
            }
        }
    }
}

static void test_random_f64_all_modes(void **st)
{
    (void)st;
    for (unsigned rm = 0; rm < 4; rm++) {
        si_fpm m = mode(rm, 3);
        rng_state = SEED + 16 + rm;
        for (int i = 0; i < N_RANDOM; i++) {
            uint64_t a = rf64(), b = rf64(), c = rf64();
            volatile double da = D(a), db = D(b), dc = D(c);
            volatile double ha, hm, hf;
            uint64_t ra, rmul, rf;
            HOST_RM(rm, (ha = da + db, hm = da * db, hf = fma(da, db, dc)));
            ra = UD(ha); rmul = UD(hm); rf = UD(hf);
            if (si_f64_add(a, b, &m) != ra || si_f64_mul(a, b, &m) != rmul || si_f64_fma(a, b, c, &m) != rf) {
                printf("rm %u a %016llx b %016llx c %016llx\n", rm, (unsigned long long)a,
                       (unsigned long long)b, (unsigned long long)c);
                fail();
            }
        }
    }
}

/* Cancellation / near-denormal results with the integer path in every mode. */
static void test_add_denormal_results(void **st)
{
    (void)st;
    rng_state = SEED + 99;
    for (unsigned rm = 0; rm < 4; rm++) {
        si_fpm m = mode(rm, 3);
        for (int i = 0; i < N_RANDOM / 4; i++) {
            uint32_t a = (rnd32() & 0x807fffffu) | ((1u + rnd32() % 3u) << 23);
            uint32_t b = (rnd32() & 0x807fffffu) | ((rnd32() % 3u) << 23);
            volatile float fa = F(a), fb = F(b);
            volatile float h;
            HOST_RM(rm, h = fa + fb);
            uint32_t r = U(h);
            assert_int_equal(si_f32_add(a, b, &m), r);
        }
    }
}

static void test_denormal_flush(void **st)
{
    (void)st;
    si_fpm m0 = mode(0, 0), m1 = mode(0, 1), m2 = mode(0, 2), m3 = mode(0, 3);
    uint32_t den = 0x00000010u, nden = 0x80000010u;
    /* inputs */
    assert_int_equal(si_f32_add(den, 0, &m0), 0);
    assert_int_equal(si_f32_add(nden, 0x80000000u, &m0), 0x80000000u);
    assert_int_equal(si_f32_add(den, den, &m2), 0);             /* flushed in */
    assert_int_equal(si_f32_add(den, den, &m3), 0x20u);
    assert_int_equal(si_f32_add(den, den, &m1), 0);             /* flushed out */
    /* outputs: 2^-126 * 0.5 = denormal */
    assert_int_equal(si_f32_mul(0x00800000u, 0x3f000000u, &m2), 0x00400000u);
    assert_int_equal(si_f32_mul(0x00800000u, 0x3f000000u, &m0), 0);
    assert_int_equal(si_f32_mul(0x80800000u, 0x3f000000u, &m0), 0x80000000u);
    /* flush is after rounding: rounds up to the min normal -> kept */
    {
        si_fpm up = mode(1, 0);
        assert_int_equal(si_f32_mul(0x00800000u, 0x3f7fffffu, &up), 0x00800000u);
    }
    /* mad always flushes; fma honours the mode */
    assert_int_equal(si_f32_mad(0x00800000u, 0x3f000000u, 0, &m3), 0);
    assert_int_equal(si_f32_fma(0x00800000u, 0x3f000000u, 0, &m3), 0x00400000u);
    /* f64 */
    assert_int_equal(si_f64_add(1, 1, &m3), 2);
    assert_int_equal(si_f64_add(1, 1, &m0), 0);
    /* cmp honours input flushing, class never flushes */
    assert_true(si_f32_cmp(den, 0, SI_CMP_EQ, &m0));
    assert_false(si_f32_cmp(den, 0, SI_CMP_EQ, &m3));
    assert_true(si_f32_class(den, SI_CLASS_PDENORM));
    assert_true(si_f32_class(nden, SI_CLASS_NDENORM));
    /* transcendental unit flushes regardless of mode */
    assert_int_equal(si_f32_rcp(den, &m3), 0x7f800000u);
    assert_int_equal(si_f32_sqrt(den, &m3), 0);
}

static void test_nan_and_inf(void **st)
{
    (void)st;
    si_fpm m = mode(0, 3);
    uint32_t inf = 0x7f800000u, ninf = 0xff800000u, snan = 0x7f800001u, qnan = 0x7fc00123u;
    assert_int_equal(si_f32_add(inf, ninf, &m), SI_F32_QNAN);
    assert_int_equal(si_f32_mul(inf, 0, &m), SI_F32_QNAN);
    assert_int_equal(si_f32_fma(inf, 0, qnan, &m), qnan);
    assert_int_equal(si_f32_fma(inf, 0x3f800000u, ninf, &m), SI_F32_QNAN);
    assert_int_equal(si_f32_add(snan, qnan, &m), 0x7fc00001u);   /* first NaN, quieted */
    assert_int_equal(si_f32_add(0x3f800000u, qnan, &m), qnan);
    assert_int_equal(si_f32_mul(inf, 0xbf800000u, &m), ninf);
    assert_int_equal(si_f64_add(0x7ff0000000000000ull, 0xfff0000000000000ull, &m), SI_F64_QNAN);
    assert_int_equal(si_f64_mul(0x7ff0000000000001ull, 0, &m), 0x7ff8000000000001ull);
    /* overflow per rounding mode */
    for (unsigned rm = 0; rm < 4; rm++) {
        si_fpm r = mode(rm, 3);
        uint32_t p = si_f32_mul(0x7f000000u, 0x40000000u, &r);
        uint32_t n = si_f32_mul(0xff000000u, 0x40000000u, &r);
        assert_int_equal(p, rm == 0 || rm == 1 ? 0x7f800000u : 0x7f7fffffu);
        assert_int_equal(n, rm == 0 || rm == 2 ? 0xff800000u : 0xff7fffffu);
    }
    /* zero signs */
    assert_int_equal(si_f32_add(0x3f800000u, 0xbf800000u, &m), 0);
    {
        si_fpm dn = mode(2, 3);
        assert_int_equal(si_f32_add(0x3f800000u, 0xbf800000u, &dn), 0x80000000u);
        assert_int_equal(si_f32_add(0, 0x80000000u, &dn), 0x80000000u);
    }
    assert_int_equal(si_f32_add(0, 0x80000000u, &m), 0);
}

static void test_min_max_legacy(void **st)
{
    (void)st;
    si_fpm ie = mode(0, 3), nie = mode(0, 3);
    uint32_t one = 0x3f800000u, two = 0x40000000u, qn = 0x7fc00000u, sn = 0x7f800001u;
    nie.ieee = 0;
    assert_int_equal(si_f32_min(one, two, &ie), one);
    assert_int_equal(si_f32_max(one, two, &ie), two);
    assert_int_equal(si_f32_min(qn, two, &ie), two);
    assert_int_equal(si_f32_max(one, qn, &ie), one);
    assert_int_equal(si_f32_min(sn, two, &ie), 0x7fc00001u);
    assert_int_equal(si_f32_min(sn, two, &nie), two);
    assert_int_equal(si_f32_min(0, 0x80000000u, &ie), 0x80000000u);
    assert_int_equal(si_f32_max(0x80000000u, 0, &ie), 0);
    assert_int_equal(si_f32_min_legacy(qn, one, &ie), one);
    assert_int_equal(si_f32_min_legacy(one, qn, &ie), qn);
    assert_int_equal(si_f32_max_legacy(one, qn, &ie), qn);
    assert_int_equal(si_f32_mul_legacy(0, 0x7f800000u, &ie), 0);
    assert_int_equal(si_f32_mul_legacy(0x80000000u, qn, &ie), 0);
    assert_int_equal(si_f32_mad_legacy(0, qn, one, &ie), one);
    assert_int_equal(si_f32_med3(one, two, 0x40400000u, &ie), two);
    assert_int_equal(si_f32_med3(qn, two, one, &ie), one);
    assert_int_equal(si_f64_min(0x3ff0000000000000ull, 0x7ff8000000000000ull, &ie), 0x3ff0000000000000ull);
}

static void test_cmp_all_conditions(void **st)
{
    (void)st;
    si_fpm m = mode(0, 3);
    const uint32_t v[] = { 0xbf800000u, 0x80000000u, 0, 0x3f800000u, 0x7f800000u, 0x7fc00000u, 0xff800001u };
    for (unsigned i = 0; i < sizeof v / sizeof v[0]; i++)
        for (unsigned j = 0; j < sizeof v / sizeof v[0]; j++) {
            float a = F(v[i]), b = F(v[j]);
            int un = isnan(a) || isnan(b);
            int exp[16] = { 0, a < b, a == b, a <= b, a > b, !un && a != b, a >= b, !un, un,
                            !(a >= b), !(!un && a != b), !(a > b), !(a <= b), !(a == b), !(a < b), 1 };
            for (unsigned c = 0; c < 16; c++) {
                assert_int_equal(si_f32_cmp(v[i], v[j], c, &m), exp[c]);
                assert_int_equal(si_f64_cmp(UD(a), UD(b), c, &m), exp[c]);
            }
        }
}

static void test_class(void **st)
{
    (void)st;
    const uint32_t v[10] = { 0x7f800001u, 0x7fc00000u, 0xff800000u, 0xbf800000u, 0x80000001u,
                             0x80000000u, 0, 1, 0x3f800000u, 0x7f800000u };
    const uint64_t d[10] = { 0x7ff0000000000001ull, 0x7ff8000000000000ull, 0xfff0000000000000ull,
                             0xbff0000000000000ull, 0x8000000000000001ull, 0x8000000000000000ull, 0, 1,
                             0x3ff0000000000000ull, 0x7ff0000000000000ull };
    for (unsigned i = 0; i < 10; i++)
        for (unsigned b = 0; b < 10; b++) {
            assert_int_equal(si_f32_class(v[i], 1u << b), i == b);
            assert_int_equal(si_f64_class(d[i], 1u << b), i == b);
        }
}

static void test_rounding_to_integral(void **st)
{
    (void)st;
    si_fpm m = mode(0, 3);
    rng_state = SEED + 7;
    for (int i = 0; i < N_RANDOM; i++) {
        uint32_t a = (rnd32() & 0x807fffffu) | ((110u + rnd32() % 50u) << 23);
        float f = F(a);
        assert_int_equal(si_f32_floor(a, &m), U(floorf(f)));
        assert_int_equal(si_f32_ceil(a, &m), U(ceilf(f)));
        assert_int_equal(si_f32_trunc(a, &m), U(truncf(f)));
        assert_int_equal(si_f32_rndne(a, &m), U(nearbyintf(f)));
        if (f >= 0 || floorf(f) != f)
            assert_int_equal(si_f32_fract(a, &m), U(fminf(f - floorf(f), F(0x3f7fffffu))));
    }
    assert_int_equal(si_f32_fract(0xb0800000u, &m), 0x3f7fffffu);       /* -2^-30 */
    assert_int_equal(si_f32_fract(0x7f800000u, &m), 0x7fc00000u);
    assert_int_equal(si_f32_fract(0xff800000u, &m), 0xffc00000u);
    assert_int_equal(si_f64_fract(UD(-0x1p-60), &m), 0x3fefffffffffffffull);
    assert_int_equal(si_f64_fract(UD(2.75), &m), UD(0.75));
}

static void test_frexp_ldexp(void **st)
{
    (void)st;
    si_fpm m = mode(0, 3);
    rng_state = SEED + 8;
    for (int i = 0; i < N_RANDOM / 4; i++) {
        uint32_t a = rf32();
        int e;
        float mt = frexpf(F(a), &e);
        assert_int_equal(si_f32_frexp_mant(a, &m), U(mt));
        assert_int_equal(si_f32_frexp_exp(a, &m), e);
        int n = (int)(rnd32() % 300) - 150;
        assert_int_equal(si_f32_ldexp(a, n, &m), U(ldexpf(F(a), n)));
        uint64_t d = rf64();
        double md = frexp(D(d), &e);
        assert_int_equal(si_f64_frexp_mant(d, &m), UD(md));
        assert_int_equal(si_f64_frexp_exp(d, &m), e);
        n = (int)(rnd32() % 2400) - 1200;
        assert_int_equal(si_f64_ldexp(d, n, &m), UD(ldexp(D(d), n)));
    }
    assert_int_equal(si_f32_frexp_exp(0x7f800000u, &m), -1);
    assert_int_equal(si_f32_frexp_mant(0x00000001u, &m), 0x3f000000u);
    assert_int_equal(si_f32_frexp_exp(0x00000001u, &m), -148);
}

/* ---------------------------------------------------------- conversions */

static void test_conversions(void **st)
{
    (void)st;
    si_fpm m = mode(0, 3);
    /* float -> int: truncate, saturate, NaN -> 0, -0 */
    assert_int_equal(si_cvt_i32_f32(U(-2.9f), &m), -2);
    assert_int_equal(si_cvt_i32_f32(U(3e9f), &m), INT32_MAX);
    assert_int_equal(si_cvt_i32_f32(U(-3e9f), &m), INT32_MIN);
    assert_int_equal(si_cvt_i32_f32(U(-2147483648.0f), &m), INT32_MIN);
    assert_int_equal(si_cvt_i32_f32(0x7fc00000u, &m), 0);
    assert_int_equal(si_cvt_i32_f32(0xff800000u, &m), INT32_MIN);
    assert_int_equal(si_cvt_i32_f32(0x80000000u, &m), 0);
    assert_int_equal(si_cvt_u32_f32(U(-1.0f), &m), 0);
    assert_int_equal(si_cvt_u32_f32(U(4294967040.0f), &m), 4294967040u);
    assert_int_equal(si_cvt_u32_f32(U(5e9f), &m), 0xffffffffu);
    assert_int_equal(si_cvt_u32_f32(0x7f800001u, &m), 0);
    assert_int_equal(si_cvt_i32_f64(UD(-2147483648.9), &m), INT32_MIN);
    assert_int_equal(si_cvt_i32_f64(UD(2147483647.9), &m), INT32_MAX);
    assert_int_equal(si_cvt_i32_f64(UD(2147483648.0), &m), INT32_MAX);
    assert_int_equal(si_cvt_u32_f64(UD(4294967295.5), &m), 0xffffffffu);
    assert_int_equal(si_cvt_u32_f64(UD(-0.5), &m), 0);
    assert_int_equal(si_cvt_u32_f64(SI_F64_QNAN, &m), 0);
    /* rpi / flr */
    assert_int_equal(si_cvt_rpi_i32_f32(U(-1.5f), &m), -1);
    assert_int_equal(si_cvt_rpi_i32_f32(U(2.5f), &m), 3);
    assert_int_equal(si_cvt_rpi_i32_f32(U(0.49999997f), &m), 0);   /* exact, not (x+0.5) rounded */
    /* 2^-17 <= |a| < 2^-9 once hit an out-of-range shift (undefined behaviour) */
    assert_int_equal(si_cvt_flr_i32_f32(0x38800000u, &m), 0);
    assert_int_equal(si_cvt_rpi_i32_f32(0x38800000u, &m), 0);
    assert_int_equal(si_cvt_flr_i32_f32(0xb8800000u, &m), -1);
    assert_int_equal(si_cvt_flr_i32_f32(U(-0.5f), &m), -1);
    assert_int_equal(si_cvt_flr_i32_f32(U(3e10f), &m), INT32_MAX);
    assert_int_equal(si_cvt_flr_i32_f32(0xffc00000u, &m), INT32_MIN);
    /* int -> float in every rounding mode */
    rng_state = SEED + 3;
    for (unsigned rm = 0; rm < 4; rm++) {
        si_fpm r = mode(rm, 3);
        for (int i = 0; i < N_RANDOM / 4; i++) {
            int32_t x = (int32_t)rnd32() >> (rnd32() % 32);
            volatile int32_t vx = x;
            volatile uint32_t ux = (uint32_t)x;
            volatile float h1, h2;
            uint32_t e1, e2;
            HOST_RM(rm, (h1 = (float)vx, h2 = (float)ux));
            e1 = U(h1);
            e2 = U(h2);
            assert_int_equal(si_cvt_f32_i32(x, &r), e1);
            assert_int_equal(si_cvt_f32_u32((uint32_t)x, &r), e2);
            assert_int_equal(si_cvt_f64_i32(x, &r), UD((double)x));
            assert_int_equal(si_cvt_f64_u32((uint32_t)x, &r), UD((double)(uint32_t)x));
            uint64_t d = rf64();
            volatile double vd = D(d);
            HOST_RM(rm, h1 = (float)vd);
            e1 = U(h1);
            if (!isnand_u(d))
                assert_int_equal(si_cvt_f32_f64(d, &r), e1);
            uint32_t f = rf32();
            assert_int_equal(si_cvt_f64_f32(f, &r), UD((double)F(f)));
        }
    }
    assert_int_equal(si_cvt_f64_f32(0x7f800001u, &m), 0x7ff8000020000000ull);
    assert_int_equal(si_cvt_f32_f64(0x7ff0000020000000ull, &m), 0x7fc00001u);
    /* f16 */
    assert_int_equal(si_cvt_f16_f32(U(1.0f), &m), 0x3c00u);
    assert_int_equal(si_cvt_f16_f32(U(65520.0f), &m), 0x7c00u);         /* rounds to inf */
    assert_int_equal(si_cvt_f16_f32(U(0x1p-24f), &m), 0x0001u);         /* denormal kept */
    assert_int_equal(si_cvt_f16_f32(U(-0.0f), &m), 0x8000u);
    assert_int_equal(si_cvt_f16_f32(0x7f800001u, &m), 0x7e00u);
    assert_int_equal(si_cvt_f32_f16(0x0001u, &m), U(0x1p-24f));
    assert_int_equal(si_cvt_f32_f16(0xfc00u, &m), 0xff800000u);
    assert_int_equal(si_cvt_f32_f16(0x3555u, &m), U(0.333251953125f));
    assert_int_equal(si_cvt_pkrtz_f16_f32(U(65520.0f), U(-1.0009765f), &m), 0xbc007bffu);
    for (uint32_t h = 0; h < 0x10000u; h++) {
        if ((h & 0x7c00u) == 0x7c00u && (h & 0x3ffu))
            continue;
        assert_int_equal(si_cvt_f16_f32(si_cvt_f32_f16(h, &m), &m), h);   /* round trip */
    }
    assert_int_equal(si_cvt_off_f32_i4(8, &m), U(-0.5f));
    assert_int_equal(si_cvt_off_f32_i4(7, &m), U(0.4375f));
}

static void test_omod_clamp(void **st)
{
    (void)st;
    si_fpm m = mode(0, 0), md = mode(0, 3);
    assert_int_equal(si_f32_omod_clamp(U(1.5f), 1, 0, &m), U(3.0f));
    assert_int_equal(si_f32_omod_clamp(U(1.5f), 2, 0, &m), U(6.0f));
    assert_int_equal(si_f32_omod_clamp(U(1.5f), 3, 0, &m), U(0.75f));
    assert_int_equal(si_f32_omod_clamp(U(1.5f), 1, 1, &m), U(1.0f));
    assert_int_equal(si_f32_omod_clamp(U(-1.5f), 0, 1, &m), 0);
    assert_int_equal(si_f32_omod_clamp(SI_F32_QNAN, 0, 1, &m), 0);
    assert_int_equal(si_f32_omod_clamp(U(1.5f), 1, 0, &md), U(1.5f));   /* omod off with denormals */
    m.dx10_clamp = 0;
    assert_int_equal(si_f32_omod_clamp(SI_F32_QNAN, 0, 1, &m), SI_F32_QNAN);
    assert_int_equal(si_f64_omod_clamp(UD(0.25), 2, 1, &m), UD(1.0));
    assert_int_equal(si_f64_omod_clamp(UD(0.25), 3, 1, &m), UD(0.125));
}

/* ---------------------------------------------------------- transcendental */

static long ulp_diff32(uint32_t a, uint32_t b)
{
    int64_t ka = (a >> 31) ? -(int64_t)(a & 0x7fffffffu) : (int64_t)a;
    int64_t kb = (b >> 31) ? -(int64_t)(b & 0x7fffffffu) : (int64_t)b;
    return (long)(ka > kb ? ka - kb : kb - ka);
}

static long dist64(uint64_t a, uint64_t b)
{
    int64_t ka = (a >> 63) ? -(int64_t)(a & 0x7fffffffffffffffull) : (int64_t)a;
    int64_t kb = (b >> 63) ? -(int64_t)(b & 0x7fffffffffffffffull) : (int64_t)b;
    return (long)(ka > kb ? ka - kb : kb - ka);
}

static void test_rcp_sqrt_exact(void **st)
{
    (void)st;
    si_fpm m = mode(0, 0);
    rng_state = SEED + 11;
    for (int i = 0; i < N_RANDOM; i++) {
        uint32_t a = rf32() & 0x7fffffffu;
        uint32_t e = U(1.0f / F(a));
        if ((e & 0x7f800000u) == 0) e &= 0x80000000u;
        assert_int_equal(si_f32_rcp(a, &m), e);
        assert_int_equal(si_f32_sqrt(a, &m), U(sqrtf(F(a))));
        uint32_t rs = si_f32_rsq(a, &m);
        long double ref = 1.0L / sqrtl((long double)F(a));
        assert_true(ulp_diff32(rs, U((float)ref)) == 0);
        /* f64 rcp/rsq/sqrt: the ISA's (2**29) ulp (docs/fp.md 9.3); rcp's
         * Newton step brings it within 2^7 */
        uint64_t d = rf64() & 0x7fffffffffffffffull;
        uint64_t ed = UD(1.0 / D(d));
        if ((ed & 0x7ff0000000000000ull) == 0) ed = 0;
        assert_true(dist64(si_f64_rcp(d, &m), ed) <= 128);
        if (((d >> 52) & 0x7ff) != 0) {
            assert_true(dist64(si_f64_sqrt(d, &m), UD(sqrt(D(d)))) <= (1 << 29));
            uint64_t eq = UD((double)(1.0L / sqrtl((long double)D(d))));
            assert_true(dist64(si_f64_rsq(d, &m), eq) <= (1 << 29));
        }
    }
    /* the significand's rounding to 24 bits carries: x32 = 2.0 */
    assert_int_equal(si_f64_sqrt(0x3ffffffff0000000ull, &m), 0x3ff6a09e60000000ull);
    assert_int_equal(si_f64_rsq(0x3ffffffff0000000ull, &m), 0x3fe6a09e60000000ull);
    assert_int_equal(si_f64_sqrt(UD(2.0), &m), 0x3ff6a09e60000000ull);    /* sqrtf(2) widened */
    assert_int_equal(si_f64_sqrt(UD(0x1p-1022), &m), UD(0x1p-511));
    assert_int_equal(si_f64_rsq(UD(0x1p1023), &m), UD(0x1.6a09e6p-512));
    assert_int_equal(si_f64_rcp(UD(0x1p1023), &m), 0);                  /* denormal result flushed */
    assert_int_equal(si_f64_rcp(UD(-0x1p-1022), &m), UD(-0x1p1022));
    assert_int_equal(si_f64_rcp(UD(4.0), &m), UD(0.25));
    assert_int_equal(si_f64_rcp(0x000fffffffffffffull, &m), 0x7ff0000000000000ull);  /* denormal: 0 */
    assert_true(dist64(si_f64_rcp(UD(3.0), &m), UD(1.0 / 3.0)) <= 128);
    assert_int_equal(si_f32_rsq(U(4.0f), &m), U(0.5f));
    assert_int_equal(si_f32_rsq(0x80000000u, &m), 0xff800000u);
    assert_int_equal(si_f32_rsq(U(-4.0f), &m), 0xffc00000u);
    assert_int_equal(si_f32_sqrt(U(-4.0f), &m), 0xffc00000u);
    assert_int_equal(si_f32_sqrt(0x80000000u, &m), 0x80000000u);
    assert_int_equal(si_f32_rcp(0x7f7fffffu, &m), 0);                   /* denormal result flushed */
    assert_int_equal(si_f32_rcp_clamp(0, &m), 0x7f7fffffu);
    assert_int_equal(si_f32_rcp_legacy(0x80000000u, &m), 0x80000000u);
    assert_int_equal(si_f32_rsq_legacy(0, &m), 0);
    assert_int_equal(si_f32_rsq_clamp(0, &m), 0x7f7fffffu);
    assert_int_equal(si_f64_rsq(UD(0.25), &m), UD(2.0));
    assert_int_equal(si_f64_rcp_clamp(0, &m), 0x7fefffffffffffffull);
}

/* Bounds (documented in docs/fp.md): log2, exp2, sin, cos <= 1 ulp from the
 * libm long-double reference rounded to f32 (in practice <= 0.5 ulp + 2^-30). */
static void test_transcendental_bounds(void **st)
{
    (void)st;
    si_fpm m = mode(0, 0);
    long worst[4] = { 0, 0, 0, 0 }, exact[4] = { 0, 0, 0, 0 };
    rng_state = SEED + 12;
    for (int i = 0; i < N_RANDOM; i++) {
        uint32_t a = rf32() & 0x7fffffffu;
        long d = ulp_diff32(si_f32_log(a, &m), U((float)log2l(F(a))));
        worst[0] = d > worst[0] ? d : worst[0];
        exact[0] += d == 0;
        uint32_t x = (rnd32() & 0x807fffffu) | ((100u + rnd32() % 34u) << 23);
        if (F(x) >= -126.0f && F(x) < 128.0f) {
            long double ref = exp2l(F(x));
            uint32_t r = U((float)ref);
            if ((r & 0x7f800000u) != 0 && (r & 0x7f800000u) != 0x7f800000u) {
                d = ulp_diff32(si_f32_exp(x, &m), r);
                worst[1] = d > worst[1] ? d : worst[1];
                exact[1] += d == 0;
            }
        }
        uint32_t t = (rnd32() & 0x807fffffu) | ((100u + rnd32() % 35u) << 23);
        if (fabsf(F(t)) <= 256.0f) {
            long double fr = (long double)F(t) - roundl((long double)F(t));   /* exact */
            long double pi2 = 6.283185307179586476925286766559005768L;
            uint32_t rs = U((float)sinl(pi2 * fr)), rc = U((float)cosl(pi2 * fr));
            if ((rs & 0x7f800000u) == 0) rs &= 0x80000000u;
            d = ulp_diff32(si_f32_sin(t, &m), rs);
            /* tiny results near a zero of sin lose absolute accuracy in the reference */
            if (fabsf(F(rs)) > 1e-6f) { worst[2] = d > worst[2] ? d : worst[2]; exact[2] += d == 0; }
            d = ulp_diff32(si_f32_cos(t, &m), rc);
            if (fabsf(F(rc)) > 1e-6f) { worst[3] = d > worst[3] ? d : worst[3]; exact[3] += d == 0; }
        }
    }
    printf("transcendental worst ulp: log %ld exp %ld sin %ld cos %ld; exact: %ld %ld %ld %ld\n",
           worst[0], worst[1], worst[2], worst[3], exact[0], exact[1], exact[2], exact[3]);
    for (int k = 0; k < 4; k++)
        assert_true(worst[k] <= 1);
    /* special values */
    assert_int_equal(si_f32_log(U(1.0f), &m), 0);
    assert_int_equal(si_f32_log(U(8.0f), &m), U(3.0f));
    assert_int_equal(si_f32_log(U(0.125f), &m), U(-3.0f));
    assert_int_equal(si_f32_log(0, &m), 0xff800000u);
    assert_int_equal(si_f32_log(U(-1.0f), &m), 0xffc00000u);
    assert_int_equal(si_f32_log_clamp(0, &m), 0xff7fffffu);
    assert_int_equal(si_f32_exp(U(3.0f), &m), U(8.0f));
    assert_int_equal(si_f32_exp(U(-126.0f), &m), 0x00800000u);
    assert_int_equal(si_f32_exp(U(-126.5f), &m), 0);
    assert_int_equal(si_f32_exp(U(128.0f), &m), 0x7f800000u);
    assert_int_equal(si_f32_exp(0xff800000u, &m), 0);
    assert_int_equal(si_f32_sin(U(0.25f), &m), U(1.0f));
    assert_int_equal(si_f32_sin(U(-0.25f), &m), U(-1.0f));
    assert_int_equal(si_f32_sin(U(0.5f), &m), 0);
    assert_int_equal(si_f32_cos(U(0.5f), &m), U(-1.0f));
    assert_int_equal(si_f32_cos(U(0.0f), &m), U(1.0f));
    assert_int_equal(si_f32_sin(0x80000000u, &m), 0x80000000u);
    assert_int_equal(si_f32_sin(0x7f800000u, &m), 0xffc00000u);
    assert_int_equal(si_f32_sin(U(300.0f), &m), 0);
    assert_int_equal(si_f32_cos(U(300.0f), &m), U(1.0f));
    assert_int_equal(si_f32_sin(U(1e-10f), &m), U((float)(6.283185307179586476925L * 1e-10f)));
}

static void test_trig_preop(void **st)
{
    (void)st;
    si_fpm m = mode(0, 3);
    /* segment 0 of 2/pi for a small input: 2/pi rounded down to 53 bits */
    uint64_t r0 = si_f64_trig_preop(UD(1.0), 0, &m);
    uint64_t r1 = si_f64_trig_preop(UD(1.0), 1, &m);
    long double s = (long double)D(r0) + (long double)D(r1);
    assert_true(fabsl(s - 0.636619772367581343075535053490057448L) < 1e-19L);
    assert_true(D(r0) <= 0.6366197723675814 && D(r0) > 0.63661977236758);
}

/* ---------------------------------------------------------- division sequences */

/* Mirror of clang -O2 -cl-fp32-correctly-rounded-divide-sqrt for tahiti:
 *   v_div_scale_f32 v4, s[4:5], v3, v3, v2      ; den
 *   v_rcp_f32 v5, v4
 *   v_div_scale_f32 v6, vcc, v2, v3, v2         ; num
 *   s_setreg MODE.FP_DENORM32 = 3
 *   v_fma_f32 v7, -v4, v5, 1.0 ; v_fma_f32 v5, v7, v5, v5 ; v_mul_f32 v7, v6, v5
 *   v_fma_f32 v8, -v4, v7, v6 ; v_fma_f32 v7, v8, v5, v7 ; v_fma_f32 v4, -v4, v7, v6
 *   s_setreg MODE.FP_DENORM32 = 0
 *   v_div_fmas_f32 v4, v4, v5, v7 ; v_div_fixup_f32 v2, v4, v3, v2 */
static uint32_t div32_seq(uint32_t n, uint32_t d, const si_fpm *m0)
{
    si_fpm m3 = *m0;
    int vcc_unused, vcc;
    m3.denorm32 = 3;
    uint32_t v4 = si_f32_div_scale(d, d, n, &vcc_unused, m0);
    uint32_t v5 = si_f32_rcp(v4, m0);
    uint32_t v6 = si_f32_div_scale(n, d, n, &vcc, m0);
    uint32_t v7 = si_f32_fma(v4 ^ 0x80000000u, v5, 0x3f800000u, &m3);
    v5 = si_f32_fma(v7, v5, v5, &m3);
    v7 = si_f32_mul(v6, v5, &m3);
    uint32_t v8 = si_f32_fma(v4 ^ 0x80000000u, v7, v6, &m3);
    v7 = si_f32_fma(v8, v5, v7, &m3);
    v4 = si_f32_fma(v4 ^ 0x80000000u, v7, v6, &m3);
    v4 = si_f32_div_fmas(v4, v5, v7, vcc, m0);
    return si_f32_div_fixup(v4, d, n, m0);
}

/* Mirror of clang -O2 a/b (double) for tahiti (SI computes vcc itself):
 *   v_div_scale_f64 v6, s, b, b, a ; v_rcp_f64 v8, v6 ; vcc0 = hi(b) == hi(v6)
 *   v_fma_f64 v10, -v6, v8, 1.0 ; v_fma_f64 v8, v8, v10, v8
 *   v_div_scale_f64 v10, s, a, b, a
 *   v_fma_f64 v12, -v6, v8, 1.0 ; v_fma_f64 v8, v8, v12, v8 ; s = hi(a) == hi(v10)
 *   v_mul_f64 v12, v10, v8 ; vcc = s ^ vcc0 ; v_fma_f64 v6, -v6, v12, v10
 *   v_div_fmas_f64 v6, v6, v8, v12 ; v_div_fixup_f64 r, v6, b, a */
static uint64_t div64_seq(uint64_t a, uint64_t b, const si_fpm *m)
{
    const uint64_t S = 1ull << 63, ONE = 0x3ff0000000000000ull;
    int unused;
    uint64_t v6 = si_f64_div_scale(b, b, a, &unused, m);
    uint64_t v8 = si_f64_rcp(v6, m);
    int vcc0 = (uint32_t)(b >> 32) == (uint32_t)(v6 >> 32);
    uint64_t v10 = si_f64_fma(v6 ^ S, v8, ONE, m);
    v8 = si_f64_fma(v8, v10, v8, m);
    v10 = si_f64_div_scale(a, b, a, &unused, m);
    uint64_t v12 = si_f64_fma(v6 ^ S, v8, ONE, m);
    v8 = si_f64_fma(v8, v12, v8, m);
    int s = (uint32_t)(a >> 32) == (uint32_t)(v10 >> 32);
    v12 = si_f64_mul(v10, v8, m);
    int vcc = s ^ vcc0;
    v6 = si_f64_fma(v6 ^ S, v12, v10, m);
    v6 = si_f64_div_fmas(v6, v8, v12, vcc, m);
    return si_f64_div_fixup(v6, b, a, m);
}

static void test_division_sequences(void **st)
{
    (void)st;
    si_fpm m32 = si_fpm_from_mode(0x00c0 | 0x300);   /* LLVM default: f32 flush, f64 denormals */
    long bad32 = 0, bad64 = 0;
    rng_state = SEED + 21;
    for (int i = 0; i < N_RANDOM; i++) {
        uint32_t n = rf32(), d = rf32();
        uint32_t e = U(F(n) / F(d));
        if ((e & 0x7f800000u) == 0) e &= 0x80000000u;               /* FTZ output */
        uint32_t r = div32_seq(n, d, &m32);
        if (r != e) {
            if (bad32++ < 5) printf("f32 div %08x / %08x = %08x expected %08x\n", n, d, r, e);
        }
        uint64_t a = rf64(), b = rf64();
        uint64_t q = div64_seq(a, b, &m32), eq = UD(D(a) / D(b));
        if (q != eq) {
            if (bad64++ < 5)
                printf("f64 div %016llx / %016llx = %016llx expected %016llx\n", (unsigned long long)a,
                       (unsigned long long)b, (unsigned long long)q, (unsigned long long)eq);
        }
    }
    assert_int_equal(bad32, 0);
    assert_int_equal(bad64, 0);
    /* special cases through the sequence */
    assert_int_equal(div32_seq(U(1.0f), 0, &m32), 0x7f800000u);
    assert_int_equal(div32_seq(0x80000000u, U(3.0f), &m32), 0x80000000u);
    assert_int_equal(div32_seq(0, 0, &m32), 0xffc00000u);
    assert_int_equal(div32_seq(0x7f800000u, U(2.0f), &m32), 0x7f800000u);
    assert_int_equal(div32_seq(U(2.0f), 0xff800000u, &m32), 0x80000000u);
    assert_int_equal(div32_seq(0x7fc00001u, U(2.0f), &m32), 0x7fc00001u);
    assert_int_equal(div32_seq(U(3e38f), U(1e-38f), &m32), 0x7f800000u);
    assert_int_equal(div64_seq(UD(1.0), UD(3.0), &m32), UD(1.0 / 3.0));
    assert_int_equal(div64_seq(UD(0x1p-1070), UD(3.0), &m32), UD(0x1p-1070 / 3.0));
    assert_int_equal(div64_seq(UD(1.0), UD(0x1p-1060), &m32), 0x7ff0000000000000ull);   /* overflow */
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_random_f32_all_modes),
        cmocka_unit_test(test_random_f64_all_modes),
        cmocka_unit_test(test_add_denormal_results),
        cmocka_unit_test(test_denormal_flush),
        cmocka_unit_test(test_nan_and_inf),
        cmocka_unit_test(test_min_max_legacy),
        cmocka_unit_test(test_cmp_all_conditions),
        cmocka_unit_test(test_class),
        cmocka_unit_test(test_rounding_to_integral),
        cmocka_unit_test(test_frexp_ldexp),
        cmocka_unit_test(test_conversions),
        cmocka_unit_test(test_omod_clamp),
        cmocka_unit_test(test_rcp_sqrt_exact),
        cmocka_unit_test(test_transcendental_bounds),
        cmocka_unit_test(test_trig_preop),
        cmocka_unit_test(test_division_sequences),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
