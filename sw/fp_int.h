/*
 * fp_int.h - internals shared by the fp_*.c files of the sicu FP library.
 * Not part of the public API (use fp.h).
 */
#ifndef SICU_FP_INT_H
#define SICU_FP_INT_H

#include <float.h>
#include <stdint.h>
#include <string.h>

#include "fp.h"
#include "fp_tables.h"

typedef unsigned __int128 u128;
typedef __int128 i128;

/* Host fast path: only where host float/double arithmetic is IEEE binary32/64
 * evaluated in its own format (no x87 excess precision). */
#if (defined(__SSE2_MATH__) || defined(__aarch64__)) && FLT_EVAL_METHOD == 0
#define SI_FP_HOST_FAST 1
#else
#define SI_FP_HOST_FAST 0
#endif

/* The host's fused multiply-add, correctly rounded, without libm (loading it
 * would cost every run some 300 KiB of resident memory): the FMA3
 * instruction on x86-64 when the CPU has it, fmadd on AArch64.
 * si_host_fma_ok() says whether si_host_fma/si_host_fmaf may be called. */
#if SI_FP_HOST_FAST && defined(__x86_64__) && defined(__GNUC__)
__attribute__((target("fma"))) static inline double si_host_fma(double a, double b, double c)
{
    return __builtin_fma(a, b, c);
}
__attribute__((target("fma"))) static inline float si_host_fmaf(float a, float b, float c)
{
    return __builtin_fmaf(a, b, c);
}
static inline int si_host_fma_ok(void)
{
    static int ok = -1; /* benign race: every thread computes the same value */
    if (ok < 0) {
        __builtin_cpu_init();
        ok = __builtin_cpu_supports("fma") != 0;
    }
    return ok;
}
#elif SI_FP_HOST_FAST && defined(__aarch64__)
static inline double si_host_fma(double a, double b, double c) { return __builtin_fma(a, b, c); }
static inline float si_host_fmaf(float a, float b, float c) { return __builtin_fmaf(a, b, c); }
static inline int si_host_fma_ok(void) { return 1; }
#else
static inline double si_host_fma(double a, double b, double c) { (void)b, (void)c; return a; }
static inline float si_host_fmaf(float a, float b, float c) { (void)b, (void)c; return a; }
static inline int si_host_fma_ok(void) { return 0; }
#endif

/* The integer paths behind the host fast paths of fp_trans.c / fp_cvt.c
 * (the unit tests compare the two). */
uint32_t si_f32_rcp_int(uint32_t a);
uint32_t si_f32_sqrt_int(uint32_t a);
uint32_t si_f32_rsq_int(uint32_t a);
uint64_t si_f64_rcp_int(uint64_t a);
uint64_t si_f64_sqrt_int(uint64_t a);
uint64_t si_f64_rsq_int(uint64_t a);
uint32_t si_cvt_f32_f64_int(uint64_t a, const si_fpm *m);
uint32_t si_f32_fract_int(uint32_t a, const si_fpm *m);
uint64_t si_f64_fract_int(uint64_t a, const si_fpm *m);
uint32_t si_f32_ldexp_int(uint32_t a, int32_t e, const si_fpm *m);
uint64_t si_f64_ldexp_int(uint64_t a, int32_t e, const si_fpm *m);

static inline int si_clz64(uint64_t x) { return x ? __builtin_clzll(x) : 64; }
static inline int si_clz128(u128 x)
{
    uint64_t hi = (uint64_t)(x >> 64);
    return hi ? __builtin_clzll(hi) : 64 + si_clz64((uint64_t)x);
}

static inline float si_f_of_u32(uint32_t u) { float f; memcpy(&f, &u, 4); return f; }
static inline uint32_t si_u32_of_f(float f) { uint32_t u; memcpy(&u, &f, 4); return u; }
static inline double si_d_of_u64(uint64_t u) { double d; memcpy(&d, &u, 8); return d; }
static inline uint64_t si_u64_of_d(double d) { uint64_t u; memcpy(&u, &d, 8); return u; }

uint64_t si_fp_round(uint32_t sign, int32_t exp, uint64_t sig, unsigned rm, int den_out, int mb, int bias);
uint64_t si_fp_jam128(u128 x, int32_t *exp);
uint32_t si_fp_round_f32(uint32_t sign, int32_t exp, uint64_t sig, unsigned rm, int den_out);
uint64_t si_fp_round_f64(uint32_t sign, int32_t exp, uint64_t sig, unsigned rm, int den_out);

/* si_fp_round for f32, inline for its common case: RNE to a normal result
 * that drops at least one bit (the general code's arithmetic with f32's
 * constants); anything else calls it. */
static inline uint32_t si_fp_round32(uint32_t sign, int32_t exp, uint64_t sig, unsigned rm, int den_out)
{
    if (rm == SI_RND_NE && sig) {
        int msb = 63 - __builtin_clzll(sig), d = msb - 23;
        int32_t e = exp + msb;                    /* exponent of the leading bit */
        if (d > 0 && e >= -126 && e <= 127) {
            uint64_t mant = sig >> d, rem = sig & ((1ull << d) - 1), half = 1ull << (d - 1);
            mant += (uint64_t)((rem > half) | ((rem == half) & (mant & 1)));
            uint32_t bits = ((uint32_t)(e + 126) << 23) + (uint32_t)mant; /* a carry bumps the exponent */
            if (bits < 0x7f800000u)
                return (sign << 31) | bits;
        }
    }
    return si_fp_round_f32(sign, exp, sig, rm, den_out);
}
/* The same for f64. */
static inline uint64_t si_fp_round64(uint32_t sign, int32_t exp, uint64_t sig, unsigned rm, int den_out)
{
    if (rm == SI_RND_NE && sig) {
        int msb = 63 - __builtin_clzll(sig), d = msb - 52;
        int32_t e = exp + msb;                    /* exponent of the leading bit */
        if (d > 0 && e >= -1022 && e <= 1023) {
            uint64_t mant = sig >> d, rem = sig & ((1ull << d) - 1), half = 1ull << (d - 1);
            mant += (uint64_t)((rem > half) | ((rem == half) & (mant & 1)));
            uint64_t bits = ((uint64_t)(e + 1022) << 52) + mant; /* a carry bumps the exponent */
            if (bits < 0x7ff0000000000000ull)
                return ((uint64_t)sign << 63) | bits;
        }
    }
    return si_fp_round_f64(sign, exp, sig, rm, den_out);
}

#endif
