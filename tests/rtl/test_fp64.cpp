/*
 * test_fp64.cpp - checks the f64 functions and f64 conversions of
 * rtl/fp/si_fp64.vh (through tests/rtl/tb_fp64.v) bit for bit against the
 * golden C library (sw/fp.c, sw/fp_cvt.c, sw/fp_trans.c).
 *
 * Per function: directed edge cases crossed with every MODE setting that
 * matters, then random vectors (raw bit patterns and values biased towards
 * interesting exponents / cancellation / rounding boundaries).
 *
 * Usage: Vtb [seed [random-vectors-per-function]] (seed also from SICU_SEED;
 * default 100000 random vectors); exits non-zero on any mismatch.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "Vtb_fp64.h"
#include "verilated.h"

extern "C" {
#include "fp.h"
}

/* Operation codes of tb_fp64.v. */
enum {
    OP_ADD, OP_SUB, OP_MUL, OP_FMA, OP_MIN, OP_MAX, OP_FRACT, OP_RCP, OP_RSQ, OP_SQRT,
    OP_RCP_CLAMP, OP_RSQ_CLAMP, OP_FREXP_MANT, OP_FREXP_EXP, OP_LDEXP, OP_DIV_SCALE,
    OP_DIV_FMAS, OP_DIV_FIXUP, OP_CMP, OP_CLASS, OP_TRIG_PREOP, OP_OMOD_CLAMP,
    OP_CVT_F64_F32, OP_CVT_F32_F64, OP_CVT_F64_I32, OP_CVT_F64_U32, OP_CVT_I32_F64,
    OP_CVT_U32_F64, OP_COUNT
};

/* Operand shapes (what a, b, c and p hold) and MODE classes. */
enum { SH_A1, SH_A2, SH_A3, SH_F32, SH_I32, SH_LDEXP, SH_CMP, SH_CLASS, SH_PREOP, SH_OMOD, SH_FMAS };
/* MODE bits a function reads (all their combinations are crossed with the
 * directed values; the other bits, including bits above 9, are random). */
#define MB_RND64 0x00cu     /* round64 */
#define MB_DEN64 0x0c0u     /* denorm64 */
#define MB_ARITH (MB_RND64 | MB_DEN64)
#define MB_DX10  0x100u
#define MB_IEEE  0x200u
#define MB_CVT32 0x0f3u     /* round32, denorm32, denorm64 */
#define MB_DEN32 0x030u
#define MB_NONE  0x000u

struct fn_desc {
    const char *name;
    int op, shape;
    uint32_t mbits;
};

static const fn_desc fns[] = {
    { "si_f64_add", OP_ADD, SH_A2, MB_ARITH },
    { "si_f64_sub", OP_SUB, SH_A2, MB_ARITH },
    { "si_f64_mul", OP_MUL, SH_A2, MB_ARITH },
    { "si_f64_fma", OP_FMA, SH_A3, MB_ARITH },
    { "si_f64_min", OP_MIN, SH_A2, MB_DEN64 | MB_IEEE },
    { "si_f64_max", OP_MAX, SH_A2, MB_DEN64 | MB_IEEE },
    { "si_f64_cmp", OP_CMP, SH_CMP, MB_DEN64 },
    { "si_f64_class", OP_CLASS, SH_CLASS, MB_NONE },
    { "si_cvt_f64_f32", OP_CVT_F64_F32, SH_F32, MB_DEN32 },
    { "si_cvt_f32_f64", OP_CVT_F32_F64, SH_A1, MB_CVT32 },
    { "si_cvt_f64_i32", OP_CVT_F64_I32, SH_I32, MB_NONE },
    { "si_cvt_f64_u32", OP_CVT_F64_U32, SH_I32, MB_NONE },
    { "si_cvt_i32_f64", OP_CVT_I32_F64, SH_A1, MB_NONE },
    { "si_cvt_u32_f64", OP_CVT_U32_F64, SH_A1, MB_NONE },
    { "si_f64_ldexp", OP_LDEXP, SH_LDEXP, MB_ARITH },
    { "si_f64_frexp_mant", OP_FREXP_MANT, SH_A1, MB_DEN64 },
    { "si_f64_frexp_exp", OP_FREXP_EXP, SH_A1, MB_DEN64 },
    { "si_f64_fract", OP_FRACT, SH_A1, MB_ARITH },
    { "si_f64_div_scale", OP_DIV_SCALE, SH_A3, MB_NONE },
    { "si_f64_div_fmas", OP_DIV_FMAS, SH_FMAS, MB_ARITH },
    { "si_f64_div_fixup", OP_DIV_FIXUP, SH_A3, MB_NONE },
    { "si_f64_omod_clamp", OP_OMOD_CLAMP, SH_OMOD, MB_ARITH | MB_DX10 },
    { "si_f64_rcp", OP_RCP, SH_A1, MB_NONE },
    { "si_f64_rsq", OP_RSQ, SH_A1, MB_NONE },
    { "si_f64_sqrt", OP_SQRT, SH_A1, MB_NONE },
    { "si_f64_rcp_clamp", OP_RCP_CLAMP, SH_A1, MB_NONE },
    { "si_f64_rsq_clamp", OP_RSQ_CLAMP, SH_A1, MB_NONE },
    { "si_f64_trig_preop", OP_TRIG_PREOP, SH_PREOP, MB_NONE },
};
#define NFNS ((int)(sizeof(fns) / sizeof(fns[0])))

/* ------------------------------------------------------------ random ---- */

static uint64_t rng;

static uint64_t rnd(void)
{
    /* xorshift64* */
    rng ^= rng >> 12;
    rng ^= rng << 25;
    rng ^= rng >> 27;
    return rng * 0x2545F4914F6CDD1Dull;
}

static uint32_t rndn(uint32_t n) { return (uint32_t)(rnd() % n); }

/* ---------------------------------------------------------- reference ---- */

static uint64_t ref(int op, uint64_t a, uint64_t b, uint64_t c, uint32_t p, uint32_t mode, int *vcc)
{
    si_fpm m = si_fpm_from_mode(mode);
    *vcc = 0;
    switch (op) {
    case OP_ADD: return si_f64_add(a, b, &m);
    case OP_SUB: return si_f64_sub(a, b, &m);
    case OP_MUL: return si_f64_mul(a, b, &m);
    case OP_FMA: return si_f64_fma(a, b, c, &m);
    case OP_MIN: return si_f64_min(a, b, &m);
    case OP_MAX: return si_f64_max(a, b, &m);
    case OP_FRACT: return si_f64_fract(a, &m);
    case OP_RCP: return si_f64_rcp(a, &m);
    case OP_RSQ: return si_f64_rsq(a, &m);
    case OP_SQRT: return si_f64_sqrt(a, &m);
    case OP_RCP_CLAMP: return si_f64_rcp_clamp(a, &m);
    case OP_RSQ_CLAMP: return si_f64_rsq_clamp(a, &m);
    case OP_FREXP_MANT: return si_f64_frexp_mant(a, &m);
    case OP_FREXP_EXP: return (uint32_t)si_f64_frexp_exp(a, &m);
    case OP_LDEXP: return si_f64_ldexp(a, (int32_t)(uint32_t)b, &m);
    case OP_DIV_SCALE: return si_f64_div_scale(a, b, c, vcc, &m);
    case OP_DIV_FMAS: return si_f64_div_fmas(a, b, c, (int)(p & 1), &m);
    case OP_DIV_FIXUP: return si_f64_div_fixup(a, b, c, &m);
    case OP_CMP: return (uint64_t)si_f64_cmp(a, b, p & 15, &m);
    case OP_CLASS: return (uint64_t)si_f64_class(a, p & 0x3ff);
    case OP_TRIG_PREOP: return si_f64_trig_preop(a, (int32_t)(uint32_t)b, &m);
    case OP_OMOD_CLAMP: return si_f64_omod_clamp(a, p & 3, (int)((p >> 2) & 1), &m);
    case OP_CVT_F64_F32: return si_cvt_f64_f32((uint32_t)a, &m);
    case OP_CVT_F32_F64: return si_cvt_f32_f64(a, &m);
    case OP_CVT_F64_I32: return si_cvt_f64_i32((int32_t)(uint32_t)a, &m);
    case OP_CVT_F64_U32: return si_cvt_f64_u32((uint32_t)a, &m);
    case OP_CVT_I32_F64: return (uint32_t)si_cvt_i32_f64(a, &m);
    case OP_CVT_U32_F64: return si_cvt_u32_f64(a, &m);
    default: return 0;
    }
}

/* -------------------------------------------------------------- check ---- */

static Vtb_fp64 *tb;
static long n_vec[OP_COUNT], n_bad[OP_COUNT];
static int printed;

static void check(const fn_desc *f, uint64_t a, uint64_t b, uint64_t c, uint32_t p, uint32_t mode)
{
    int rvcc, vvcc;
    uint64_t r = ref(f->op, a, b, c, p, mode, &rvcc), v;
    tb->op = (uint8_t)f->op;
    tb->a = a;
    tb->b = b;
    tb->c = c;
    tb->p = p & 0x3ff;
    tb->mode = mode;
    tb->eval();
    v = tb->res;
    vvcc = tb->vcc;
    n_vec[f->op]++;
    if (v != r || vvcc != rvcc) {
        n_bad[f->op]++;
        if (printed < 40) {
            printed++;
            printf("MISMATCH %s a=%016llx b=%016llx c=%016llx p=%03x mode=%03x: rtl=%016llx vcc=%d "
                   "ref=%016llx vcc=%d\n",
                   f->name, (unsigned long long)a, (unsigned long long)b, (unsigned long long)c, p,
                   mode, (unsigned long long)v, vvcc, (unsigned long long)r, rvcc);
        }
    }
}

/* ------------------------------------------------------ MODE settings ---- */

/* Setting number i of the MODE bits in mask (bits of i deposited into the
 * mask positions); the other bits random. */
static uint32_t mode_of(uint32_t mask, uint32_t i)
{
    uint32_t mode = (uint32_t)rnd() & ~mask;
    for (uint32_t b = 0; b < 32; b++)
        if (mask >> b & 1) {
            mode |= (i & 1) << b;
            i >>= 1;
        }
    return mode;
}

/* Number of settings of mask (at least 2 passes, with different junk). */
static int nmodes(uint32_t mask) { return mask ? 1 << __builtin_popcount(mask) : 2; }

/* ---------------------------------------------------- directed values ---- */

static const uint64_t dir64[] = {
    0x0000000000000000ull, 0x0000000000000001ull, 0x0000000000000002ull, 0x0000000000000003ull,
    0x0008000000000000ull, 0x000fffffffffffffull, 0x0010000000000000ull, 0x0010000000000001ull,
    0x001fffffffffffffull, 0x0020000000000000ull, 0x3ca0000000000000ull, 0x3cb0000000000000ull,
    0x3fd0000000000000ull, 0x3fe0000000000000ull, 0x3fefffffffffffffull, 0x3ff0000000000000ull,
    0x3ff0000000000001ull, 0x3ff8000000000000ull, 0x3fffffffffffffffull, 0x4000000000000000ull,
    0x4000000000000001ull, 0x4008000000000000ull, 0x400921fb54442d18ull, 0x4330000000000000ull,
    0x4330000000000001ull, 0x4340000000000000ull, 0x41dfffffffc00000ull, 0x41e0000000000000ull,
    0x41e0000000100000ull, 0x41dfffffffffffffull, 0x41efffffffe00000ull, 0x41efffffffffffffull,
    0x41f0000000000000ull, 0x7fd0000000000000ull, 0x7fe0000000000000ull, 0x7fefffffffffffffull,
    0x7ff0000000000000ull, 0x7ff8000000000000ull, 0x7ff8000000000123ull, 0x7ff0000000000001ull,
    0x7ff4000000000abcull, 0x7fffffffffffffffull, 0x36a0000000000000ull, 0x3690000000000000ull,
    0x47efffffe0000000ull, 0x47efffffffffffffull, 0x3810000000000000ull, 0x380fffffffffffffull,
    0x3800000000000000ull, 0x37a0000000000000ull, 0x3e80000000000000ull, 0x7bf0000000000000ull,
    /* f64 rcp/rsq/sqrt's rounding of the significand to 24 bits: ties, a carry */
    0x3ffffffff0000000ull, 0x3ff0000010000000ull, 0x3ff0000030000000ull, 0x4010000010000001ull,
    0x401fffffefffffffull,
};
#define NDIR64 ((int)(sizeof(dir64) / sizeof(dir64[0])))

static uint64_t dval64(int i) /* i in [0, 2*NDIR64) */
{
    return dir64[i >> 1] | ((uint64_t)(i & 1) << 63);
}

/* A smaller set for three-operand crossings. */
static const uint64_t dir64s[] = {
    0x0000000000000000ull, 0x0000000000000001ull, 0x000fffffffffffffull, 0x0010000000000000ull,
    0x3ff0000000000000ull, 0x3ff0000000000001ull, 0x4000000000000000ull, 0x3fe0000000000000ull,
    0x7fefffffffffffffull, 0x7ff0000000000000ull, 0x7ff8000000000123ull, 0x7ff0000000000001ull,
    0x3ca0000000000000ull, 0x7fd0000000000000ull, 0x0020000000000000ull,
};
#define NDIR64S ((int)(sizeof(dir64s) / sizeof(dir64s[0])))
static uint64_t dval64s(int i) { return dir64s[i >> 1] | ((uint64_t)(i & 1) << 63); }

static const uint32_t dir32[] = {
    0x00000000u, 0x00000001u, 0x00000002u, 0x00400000u, 0x007fffffu, 0x00800000u, 0x00800001u,
    0x3f800000u, 0x3f800001u, 0x3fc00000u, 0x40490fdbu, 0x7f7fffffu, 0x7f000000u, 0x7f800000u,
    0x7fc00000u, 0x7fc00123u, 0x7f800001u, 0x7fa00abcu, 0x7fffffffu, 0x33800000u,
};
#define NDIR32 ((int)(sizeof(dir32) / sizeof(dir32[0])))

static const uint32_t diri32[] = {
    0x00000000u, 0x00000001u, 0xffffffffu, 0x7fffffffu, 0x80000000u, 0x80000001u, 0x7ffffffeu,
    0x00000002u, 0x00000003u, 0x00ffffffu, 0x01000000u, 0x01000001u, 0xfffffffeu, 0x40000000u,
    0xc0000000u, 0x12345678u, 0x87654321u, 0x00020000u, 0x0001ffffu, 0xfffe0000u,
};
#define NDIRI32 ((int)(sizeof(diri32) / sizeof(diri32[0])))

static const int32_t dirn[] = {
    0, 1, -1, 2, -2, 52, -52, 53, -53, 54, -54, 1022, -1022, 1023, -1023, 1024, -1024, 1074, -1074,
    1075, -1075, 1076, -1076, 2045, -2045, 2046, -2046, 2047, -2047, 2098, -2098, 2099, -2099, 3999,
    -3999, 4000, -4000, 4001, -4001, 100000, -100000, 0x7fffffff, (int32_t)0x80000000, 128, -128,
};
#define NDIRN ((int)(sizeof(dirn) / sizeof(dirn[0])))

/* -------------------------------------------------- random generators ---- */

static uint64_t rmant(void)
{
    switch (rndn(6)) {
    case 0: return 0;
    case 1: return 0xfffffffffffffull;
    case 2: return rnd() & ((1ull << rndn(53)) - 1);                /* few low bits */
    case 3: return (0xfffffffffffffull << rndn(53)) & 0xfffffffffffffull; /* ones high */
    case 4: return (rnd() & 0xfffffffffffffull) | 1;
    default: return rnd() & 0xfffffffffffffull;
    }
}

static uint32_t rexp(void)
{
    switch (rndn(8)) {
    case 0: return 0;
    case 1: return 2047;
    case 2: return 1 + rndn(4);
    case 3: return 2042 + rndn(5);
    case 4: return 1018 + rndn(10);
    case 5: return 970 + rndn(110);
    default: return rndn(2048);
    }
}

static uint64_t mk(uint64_t s, uint32_t e, uint64_t m) { return (s << 63) | ((uint64_t)(e & 0x7ff) << 52) | (m & 0xfffffffffffffull); }

static uint64_t rf64(void)
{
    switch (rndn(8)) {
    case 0: case 1: return rnd();
    case 2: return dval64(rndn(2 * NDIR64));
    default: return mk(rnd() & 1, rexp(), rmant());
    }
}

/* A value close to x: same or nearby exponent, nearby or random mantissa. */
static uint64_t near64(uint64_t x)
{
    uint32_t e = (uint32_t)(x >> 52) & 0x7ff;
    int32_t ne = (int32_t)e + (int32_t)rndn(9) - 4;
    if (rndn(4) == 0) ne = (int32_t)e + (int32_t)rndn(121) - 60;
    if (ne < 0) ne = 0;
    if (ne > 2047) ne = 2047;
    uint64_t m = rndn(2) ? (x + (uint64_t)((int64_t)rndn(7) - 3)) : rmant();
    return mk(rnd() & 1, (uint32_t)ne, m);
}

/* Operands biased per function. */
static void gen(const fn_desc *f, uint64_t *a, uint64_t *b, uint64_t *c, uint32_t *p)
{
    si_fpm rne = si_fpm_from_mode(0xc0);
    *a = rf64();
    *b = rf64();
    *c = rf64();
    *p = (uint32_t)rnd() & 0x3ff;
    switch (f->op) {
    case OP_ADD: case OP_SUB: case OP_MIN: case OP_MAX: case OP_CMP:
        if (rndn(2)) *b = near64(*a);
        if (rndn(8) == 0) *b = *a ^ ((rnd() & 1) << 63);
        break;
    case OP_MUL: case OP_FMA: case OP_DIV_FMAS: {
        if (rndn(2)) {  /* product near the underflow / overflow thresholds */
            int32_t target = rndn(2) ? (int32_t)rndn(120) - 60 + 1023 - 1022 : 2046 + (int32_t)rndn(8) - 4;
            int32_t ea = 1 + (int32_t)rndn(2046);
            int32_t eb = target - ea + 1023;
            if (eb < 0) eb = 0;
            if (eb > 2046) eb = 2046;
            *a = mk(rnd() & 1, (uint32_t)ea, rmant());
            *b = mk(rnd() & 1, (uint32_t)eb, rmant());
        }
        if (f->op != OP_MUL && rndn(2)) {  /* addend cancelling the product */
            uint64_t pr = si_f64_mul(*a, *b, &rne);
            *c = (pr ^ (1ull << 63)) + (uint64_t)((int64_t)rndn(5) - 2);
            if (rndn(3) == 0) *c = near64(*c);
        }
        break;
    }
    case OP_DIV_SCALE: {
        uint32_t e1 = rexp(), e2;
        switch (rndn(5)) {
        case 0: e2 = e1 + 760 + rndn(16); break;
        case 1: e2 = e1 - 1030 + rndn(16); break;
        case 2: e1 = 2043 + rndn(4); e2 = rndn(2) ? rexp() : e1 - 1030 + rndn(16); break;
        case 3: e2 = rndn(60); break;
        default: e2 = rexp(); break;
        }
        *b = mk(rnd() & 1, e1 & 0x7ff, rmant());
        *c = mk(rnd() & 1, e2 & 0x7ff, rmant());
        switch (rndn(3)) {
        case 0: *a = *b; break;
        case 1: *a = *c; break;
        default: break;
        }
        break;
    }
    case OP_DIV_FIXUP:
        if (rndn(4) == 0) *b = dval64s(rndn(2 * NDIR64S));
        if (rndn(4) == 0) *c = dval64s(rndn(2 * NDIR64S));
        break;
    case OP_LDEXP:
        switch (rndn(3)) {
        case 0: *b = (uint32_t)dirn[rndn(NDIRN)] + rndn(5) - 2; break;
        case 1: *b = (uint32_t)((int32_t)rndn(4400) - 2200); break;
        default: *b = (uint32_t)rnd(); break;
        }
        break;
    case OP_TRIG_PREOP:
        *b = rndn(2) ? rndn(32) : (uint32_t)rnd();
        if (rndn(2)) *a = mk(rnd() & 1, 1060 + rndn(988), rmant());
        break;
    case OP_CVT_F64_F32:
        switch (rndn(3)) {
        case 0: *a = (uint32_t)rnd(); break;
        case 1: *a = dir32[rndn(NDIR32)] | ((rnd() & 1) << 31); break;
        default: *a = ((rnd() & 1) << 31) | ((uint32_t)rexp() & 0xff) << 23 | (uint32_t)(rmant() & 0x7fffff); break;
        }
        break;
    case OP_CVT_F32_F64:
        if (rndn(2)) *a = mk(rnd() & 1, 1023 - 160 + rndn(320), rmant());
        if (rndn(4) == 0) *a = mk(rnd() & 1, 1023 - 126 - rndn(30), rndn(2) ? rmant() : (rnd() & 0x3fffffffull) | ((uint64_t)rndn(2) << 28));
        break;
    case OP_CVT_F64_I32: case OP_CVT_F64_U32:
        *a = rndn(2) ? (uint32_t)rnd() : (uint32_t)(rnd() >> rndn(32));
        if (rndn(4) == 0) *a = diri32[rndn(NDIRI32)];
        break;
    case OP_CVT_I32_F64: case OP_CVT_U32_F64:
        if (rndn(2)) *a = mk(rnd() & 1, 1020 + rndn(70), rmant());
        break;
    case OP_FRACT:
        if (rndn(2)) *a = mk(rnd() & 1, 900 + rndn(200), rmant());
        break;
    case OP_RCP: case OP_RSQ: case OP_SQRT: case OP_RCP_CLAMP: case OP_RSQ_CLAMP:
        if (rndn(4) == 0) {  /* exact squares and powers of two */
            uint64_t r = si_cvt_f64_u32((uint32_t)(rnd() >> (38 + rndn(26))) | 1, &rne);
            *a = si_f64_ldexp(si_f64_mul(r, r, &rne), (int32_t)rndn(2000) - 1000, &rne);
        }
        if (rndn(8) == 0) *a = mk(0, rexp(), 0);
        break;
    default:
        break;
    }
}

/* ----------------------------------------------------------- directed ---- */

static void directed(const fn_desc *f)
{
    int nm = nmodes(f->mbits);
    for (int mi = 0; mi < nm; mi++) {
        uint32_t mode = mode_of(f->mbits, (uint32_t)mi);
        switch (f->shape) {
        case SH_A1:
            for (int i = 0; i < 2 * NDIR64; i++)
                check(f, dval64(i), 0, 0, 0, mode);
            break;
        case SH_A2:
            for (int i = 0; i < 2 * NDIR64; i++)
                for (int j = 0; j < 2 * NDIR64; j++)
                    check(f, dval64(i), dval64(j), 0, 0, mode);
            break;
        case SH_A3: case SH_FMAS:
            for (int i = 0; i < 2 * NDIR64S; i++)
                for (int j = 0; j < 2 * NDIR64S; j++)
                    for (int k = 0; k < 2 * NDIR64S; k++)
                        check(f, dval64s(i), dval64s(j), dval64s(k), f->shape == SH_FMAS ? (uint32_t)(k & 1) ^ (uint32_t)(i & 1) : 0, mode);
            break;
        case SH_F32:
            for (int i = 0; i < 2 * NDIR32; i++)
                check(f, dir32[i >> 1] | ((uint32_t)(i & 1) << 31), 0, 0, 0, mode);
            break;
        case SH_I32:
            for (int i = 0; i < NDIRI32; i++)
                check(f, diri32[i], 0, 0, 0, mode);
            break;
        case SH_LDEXP:
            for (int i = 0; i < 2 * NDIR64; i++)
                for (int j = 0; j < NDIRN; j++)
                    check(f, dval64(i), (uint32_t)dirn[j], 0, 0, mode);
            break;
        case SH_CMP:
            for (int i = 0; i < 2 * NDIR64; i++)
                for (int j = 0; j < 2 * NDIR64; j++)
                    for (uint32_t cnd = 0; cnd < 16; cnd++)
                        check(f, dval64(i), dval64(j), 0, cnd, mode);
            break;
        case SH_CLASS:
            for (int i = 0; i < 2 * NDIR64; i++)
                for (uint32_t bit = 0; bit < 11; bit++)
                    check(f, dval64(i), 0, 0, bit < 10 ? 1u << bit : 0x3ffu ^ (1u << rndn(10)), mode);
            break;
        case SH_PREOP:
            for (uint32_t e = 0; e < 2048; e++)
                for (uint32_t sel = 0; sel < 32; sel++)
                    check(f, mk(e & 1, e, rmant()), sel | (rndn(4) == 0 ? (uint32_t)rnd() & ~31u : 0), 0, 0, mode);
            mi = nm;    /* MODE is not read: one pass over all exponents is enough */
            break;
        case SH_OMOD:
            for (int i = 0; i < 2 * NDIR64; i++)
                for (uint32_t pp = 0; pp < 8; pp++)
                    check(f, dval64(i), 0, 0, pp, mode);
            break;
        }
    }
}

/* ---------------------------------------------------------------- main ---- */

int main(int argc, char **argv)
{
    uint64_t seed = 0x5eed64ull;
    const char *env = getenv("SICU_SEED");
    long nrand = 100000;
    int fails = 0;
    long tv = 0;

    Verilated::commandArgs(argc, argv);
    if (env && *env)
        seed = strtoull(env, NULL, 0);
    if (argc > 1 && argv[1][0] != '+')
        seed = strtoull(argv[1], NULL, 0);
    if (argc > 2 && argv[2][0] != '+')
        nrand = strtol(argv[2], NULL, 0);       /* random vectors per function */
    printf("test_fp64: seed 0x%llx (override with argument or SICU_SEED)\n", (unsigned long long)seed);
    rng = seed ? seed : 1;

    tb = new Vtb_fp64;
    for (int fi = 0; fi < NFNS; fi++) {
        const fn_desc *f = &fns[fi];
        directed(f);
        for (long n = 0; n < nrand; n++) {
            uint64_t a, b, c;
            uint32_t p;
            gen(f, &a, &b, &c, &p);
            check(f, a, b, c, p, (uint32_t)rnd());
        }
        printf("  %-20s vectors %8ld  mismatches %ld\n", f->name, n_vec[f->op], n_bad[f->op]);
        tv += n_vec[f->op];
        if (n_bad[f->op])
            fails++;
    }
    delete tb;
    printf("test_fp64: %d functions, %ld vectors, %s\n", NFNS, tv, fails ? "FAILED" : "all match");
    return fails ? 1 : 0;
}
