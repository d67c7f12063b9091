/* Unit tests for the host fast paths of the FP library (sw/fp_trans.c,
 * sw/fp_cvt.c): rcp/sqrt f32/f64 and f64 -> f32 conversion compared with
 * their integer paths on random and edge inputs, in every MODE. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "../../sw/fp_int.h"

#define N 2000000

static uint64_t rng = 0x243f6a8885a308d3ull;
static uint64_t rnd(void)
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return rng;
}

/* Random bits, or a random significand with an exponent near the edges of
 * the range (denormal boundary, overflow of the reciprocal), or an edge. */
static uint32_t val32(void)
{
    static const uint32_t edge[] = {0, 0x80000000, 1, 0x007fffff, 0x00800000, 0x00800001, 0x3f800000,
                                    0xbf800000, 0x7f7fffff, 0x7f000000, 0x7e800000, 0x7e800001, 0x7f800000,
                                    0xff800000, 0x7fc00000, 0x7f800001, 0xffc12345, 0x40000000, 0x3f7fffff};
    uint64_t r = rnd();
    uint32_t f = (uint32_t)(r >> 16) & 0x807fffffu;
    switch (r % 5) {
    case 0: return edge[(r >> 8) % (sizeof edge / sizeof edge[0])];
    case 1: return (uint32_t)(r >> 20);
    case 2: return f | (uint32_t)((r >> 48) % 8) << 23;
    case 3: return f | (uint32_t)(248 + (r >> 48) % 8) << 23;
    default: return f | (uint32_t)(100 + (r >> 48) % 56) << 23;
    }
}

static uint64_t val64(void)
{
    static const uint64_t edge[] = {0, 0x8000000000000000ull, 1, 0x000fffffffffffffull, 0x0010000000000000ull,
                                    0x3ff0000000000000ull, 0xbff0000000000000ull, 0x7fefffffffffffffull,
                                    0x7fd0000000000000ull, 0x7fd0000000000001ull, 0x7fcfffffffffffffull,
                                    0x7ff0000000000000ull, 0xfff0000000000000ull, 0x7ff8000000000000ull,
                                    0x7ff0000000000001ull, 0x47efffffe0000000ull, 0x47effffff0000000ull,
                                    0x3810000000000000ull, 0x380fffffffffffffull, 0x36a0000000000000ull};
    uint64_t r = rnd(), f = rnd() & 0x800fffffffffffffull;
    switch (r % 6) {
    case 0: return edge[(r >> 8) % (sizeof edge / sizeof edge[0])];
    case 1: return rnd();
    case 2: return f | (uint64_t)((r >> 48) % 8) << 52;
    case 3: return f | (uint64_t)(2040 + (r >> 48) % 7) << 52;
    case 4: return f | (uint64_t)(0x360 + (r >> 48) % 0x40) << 52; /* f32 denormal/normal boundary */
    default: return f | (uint64_t)(0x470 + (r >> 48) % 0x10) << 52; /* f32 overflow boundary */
    }
}

static void t_rcp_sqrt(void **state)
{
    (void)state;
    si_fpm m = si_fpm_from_mode(0);
    for (unsigned i = 0; i < N; i++) {
        uint32_t a = val32();
        uint64_t d = val64();
        if (si_f32_rcp(a, &m) != si_f32_rcp_int(a))
            fail_msg("rcp f32 %08x: %08x, integer path %08x", a, si_f32_rcp(a, &m), si_f32_rcp_int(a));
        if (si_f32_sqrt(a, &m) != si_f32_sqrt_int(a))
            fail_msg("sqrt f32 %08x: %08x, integer path %08x", a, si_f32_sqrt(a, &m), si_f32_sqrt_int(a));
        if (si_f32_rsq(a, &m) != si_f32_rsq_int(a))
            fail_msg("rsq f32 %08x: %08x, integer path %08x", a, si_f32_rsq(a, &m), si_f32_rsq_int(a));
        if (si_f64_rcp(d, &m) != si_f64_rcp_int(d))
            fail_msg("rcp f64 %016llx", (unsigned long long)d);
        if (si_f64_sqrt(d, &m) != si_f64_sqrt_int(d))
            fail_msg("sqrt f64 %016llx", (unsigned long long)d);
    }
}

static void t_cvt_f32_f64(void **state)
{
    (void)state;
    for (unsigned i = 0; i < N; i++) {
        uint64_t d = val64();
        si_fpm m = si_fpm_from_mode((uint32_t)(rnd() & 0xff) | 0x300);
        if (si_cvt_f32_f64(d, &m) != si_cvt_f32_f64_int(d, &m))
            fail_msg("cvt_f32_f64 %016llx mode round %u den %u: %08x, integer path %08x", (unsigned long long)d,
                     m.round32, m.denorm32, si_cvt_f32_f64(d, &m), si_cvt_f32_f64_int(d, &m));
    }
}

static void t_fract(void **state)
{
    (void)state;
    for (unsigned i = 0; i < N; i++) {
        uint32_t a = val32();
        uint64_t d = val64();
        if (rnd() % 3 == 0) { /* near integers and small magnitudes */
            a = (a & 0x807fffffu) | (uint32_t)(110 + rnd() % 40) << 23;
            d = (d & 0x800fffffffffffffull) | (uint64_t)(1000 + rnd() % 60) << 52;
        }
        si_fpm m = si_fpm_from_mode((uint32_t)(rnd() & 0xff) | 0x300);
        if (si_f32_fract(a, &m) != si_f32_fract_int(a, &m))
            fail_msg("fract f32 %08x mode %u/%u: %08x, integer path %08x", a, m.round32, m.denorm32,
                     si_f32_fract(a, &m), si_f32_fract_int(a, &m));
        if (si_f64_fract(d, &m) != si_f64_fract_int(d, &m))
            fail_msg("fract f64 %016llx", (unsigned long long)d);
        int32_t n = rnd() % 4 == 0 ? (int32_t)rnd() : (int32_t)(rnd() % 600) - 300;
        if (si_f32_ldexp(a, n, &m) != si_f32_ldexp_int(a, n, &m))
            fail_msg("ldexp f32 %08x, %d: %08x, integer path %08x", a, n, si_f32_ldexp(a, n, &m),
                     si_f32_ldexp_int(a, n, &m));
        int32_t n8 = rnd() % 4 == 0 ? (int32_t)rnd() : (int32_t)(rnd() % 5000) - 2500;
        if (si_f64_ldexp(d, n8, &m) != si_f64_ldexp_int(d, n8, &m))
            fail_msg("ldexp f64 %016llx, %d", (unsigned long long)d, n8);
    }
}

/* si_fp_round32's inline common case against si_fp_round_f32. */
static void t_round32(void **state)
{
    (void)state;
    for (unsigned i = 0; i < N; i++) {
        uint64_t sig = rnd() >> (rnd() % 64);
        if (rnd() % 4 == 0) /* ties and carries: low bits 100..0 or 011..1 */
            sig = (sig | (1ull << 40)) & ~((1ull << (rnd() % 40)) - 1);
        int32_t exp = (int32_t)(rnd() % 400) - 250;
        uint32_t sign = rnd() & 1;
        unsigned rm = rnd() % 4 == 0 ? rnd() % 4 : SI_RND_NE;
        int den = rnd() & 1;
        uint32_t want = si_fp_round_f32(sign, exp, sig, rm, den), got = si_fp_round32(sign, exp, sig, rm, den);
        if (got != want)
            fail_msg("round32(%u, %d, %016llx, rm %u, den %d): %08x, want %08x", sign, exp,
                     (unsigned long long)sig, rm, den, got, want);
    }
}

/* si_fp_round64's inline common case against si_fp_round_f64. */
static void t_round64(void **state)
{
    (void)state;
    for (unsigned i = 0; i < N; i++) {
        uint64_t sig = rnd() >> (rnd() % 64);
        if (rnd() % 4 == 0) /* ties and carries: low bits 100..0 or 011..1 */
            sig = (sig | (1ull << 60)) & ~((1ull << (rnd() % 11)) - 1);
        if (rnd() % 8 == 0)
            sig = ((1ull << 53) - 1) << (rnd() % 11) | (rnd() % 2 ? 1ull << (rnd() % 10) : 0);
        int32_t exp = (int32_t)(rnd() % 2400) - 1200 - (int32_t)(rnd() % 64);
        uint32_t sign = rnd() & 1;
        unsigned rm = rnd() % 4 == 0 ? rnd() % 4 : SI_RND_NE;
        int den = rnd() & 1;
        uint64_t want = si_fp_round_f64(sign, exp, sig, rm, den), got = si_fp_round64(sign, exp, sig, rm, den);
        if (got != want)
            fail_msg("round64(%u, %d, %016llx, rm %u, den %d): %016llx, want %016llx", sign, exp,
                     (unsigned long long)sig, rm, den, (unsigned long long)got, (unsigned long long)want);
    }
}

/* rsq f64 (on the f32 rsq's host fast path) against its integer path: random
 * inputs, exact squares k^2 * 2^j and their neighbours (the remainders are
 * zero or tiny there), and the ends of each binade. */
static void t_rsq64(void **state)
{
    (void)state;
    si_fpm m = si_fpm_from_mode(0);
    for (unsigned i = 0; i < N; i++) {
        uint64_t d;
        switch (i % 4) {
        case 0: d = val64(); break;
        case 1: { /* k^2 * 2^j, k < 2^26 */
            uint64_t k = (rnd() % (1ull << 26)) | 1, sq = k * k;
            int sh = __builtin_clzll(sq) - 11;
            d = ((sq << sh) & 0xfffffffffffffull) | (uint64_t)(1 + rnd() % 2046) << 52;
            d += (uint64_t)((int)(rnd() % 5) - 2);
            break;
        }
        case 2: /* the ends of a binade */
            d = ((rnd() % 2 ? 0 : 0xfffffffffffffull - 3) + rnd() % 4) | (uint64_t)(1 + rnd() % 2046) << 52;
            break;
        default: d = (rnd() & 0xfffffffffffffull) | (uint64_t)(1 + rnd() % 2046) << 52; break;
        }
        if (si_f64_rsq(d, &m) != si_f64_rsq_int(d))
            fail_msg("rsq f64 %016llx: %016llx, integer path %016llx", (unsigned long long)d,
                     (unsigned long long)si_f64_rsq(d, &m), (unsigned long long)si_f64_rsq_int(d));
    }
}

/* rsq f32 over every significand of two exponents (both parities) and a
 * stride of the whole positive range. */
static void t_rsq_sweep(void **state)
{
    (void)state;
    si_fpm m = si_fpm_from_mode(0);
    for (uint32_t a = 0x3f000000u; a < 0x3f800000u + 0x00800000u; a += 1)
        if (si_f32_rsq(a, &m) != si_f32_rsq_int(a))
            fail_msg("rsq f32 %08x: %08x, integer path %08x", a, si_f32_rsq(a, &m), si_f32_rsq_int(a));
    for (uint32_t a = 0; a < 0x7f800000u; a += 977)
        if (si_f32_rsq(a, &m) != si_f32_rsq_int(a))
            fail_msg("rsq f32 %08x: %08x, integer path %08x", a, si_f32_rsq(a, &m), si_f32_rsq_int(a));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(t_rcp_sqrt),
        cmocka_unit_test(t_cvt_f32_f64),
        cmocka_unit_test(t_fract),
        cmocka_unit_test(t_round32),
        cmocka_unit_test(t_rsq_sweep),
        cmocka_unit_test(t_round64),
        cmocka_unit_test(t_rsq64),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
