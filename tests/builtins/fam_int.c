/* Integer built-ins (OpenCL 1.2 section 6.12.3), select/bitselect/any/all
 * on integers (6.12.6), all exact. */
#include "builtins.h"

#include <stdio.h>
#include <string.h>

enum { I_ABS, I_ABSDIFF, I_ADDSAT, I_HADD, I_RHADD, I_CLAMP, I_CLAMPS, I_CLZ, I_MADHI, I_MADSAT, I_MAX, I_MAXS,
       I_MIN, I_MINS, I_MULHI, I_ROTATE, I_SUBSAT, I_POPCOUNT, I_UPSAMPLE, I_MAD24, I_MUL24, I_BITSEL, I_SELECT,
       I_SELECTU, I_ANY, I_ALL, NI };
static const char *const inames[NI] = {"abs", "abs_diff", "add_sat", "hadd", "rhadd", "clamp", "clamp", "clz",
                                       "mad_hi", "mad_sat", "max", "max", "min", "min", "mul_hi", "rotate",
                                       "sub_sat", "popcount", "upsample", "mad24", "mul24", "bitselect",
                                       "select", "select", "any", "all"};
static const int inin[NI] = {1, 2, 2, 2, 2, 3, 3, 1, 3, 3, 2, 2, 2, 2, 2, 2, 2, 1, 2, 3, 2, 3, 3, 3, 1, 1};

/* 128-bit arithmetic on (hi, lo) pairs via __int128 (host only) */
typedef __int128 i128;

static int nbits(int t) { return bt_types[t].size * 8; }
static i128 val(int t, uint64_t b)
{
    return bt_types[t].sgn ? (i128)bt_geti(t, b) : (i128)(uint64_t)bt_geti(t, b);
}
static i128 tmin(int t) { return bt_types[t].sgn ? -((i128)1 << (nbits(t) - 1)) : 0; }
static i128 tmax(int t) { return bt_types[t].sgn ? ((i128)1 << (nbits(t) - 1)) - 1 : ((i128)1 << nbits(t)) - 1; }
static uint64_t sat(int t, i128 v) { return bt_mki(t, (int64_t)(v < tmin(t) ? tmin(t) : v > tmax(t) ? tmax(t) : v)); }
static uint64_t wrap(int t, i128 v) { return bt_mki(t, (int64_t)(uint64_t)v); }
static i128 floordiv2(i128 v) { return v >= 0 ? v / 2 : -((-v + 1) / 2); }

static uint64_t clz(int t, uint64_t b)
{
    int n = nbits(t), c = 0;
    for (int i = n - 1; i >= 0 && !((b >> i) & 1); i--)
        c++;
    return (uint64_t)c;
}

static uint64_t rotl(int t, uint64_t a, uint64_t s)
{
    int n = nbits(t);
    uint64_t m = n == 64 ? ~0ull : (1ull << n) - 1;
    a &= m;
    int k = (int)(s & (uint64_t)(n - 1));
    return k ? ((a << k) | (a >> (n - k))) & m : a;
}

/* ulong products need all 128 bits: unsigned */
static uint64_t ulong_mul(int fn, uint64_t a, uint64_t b, uint64_t d)
{
    unsigned __int128 p = (unsigned __int128)a * b;
    if (fn == I_MULHI)
        return (uint64_t)(p >> 64);
    if (fn == I_MADHI)
        return (uint64_t)(p >> 64) + d;
    if (p >> 64) /* mad_sat */
        return ~0ull;
    uint64_t s = (uint64_t)p + d;
    return s < d ? ~0ull : s;
}

static uint64_t int_op(const call *c, int fn, int t, uint64_t a, uint64_t b, uint64_t d)
{
    if (t == T_ULONG && (fn == I_MULHI || fn == I_MADHI || fn == I_MADSAT))
        return ulong_mul(fn, a, b, d);
    i128 x = val(t, a), y = val(t, b), z = val(t, d);
    int n = nbits(t);
    switch (fn) {
    case I_ABS: return wrap(t, x < 0 ? -x : x);
    case I_ABSDIFF: return wrap(t, x > y ? x - y : y - x);
    case I_ADDSAT: return sat(t, x + y);
    case I_SUBSAT: return sat(t, x - y);
    case I_HADD: return wrap(t, floordiv2(x + y));
    case I_RHADD: return wrap(t, floordiv2(x + y + 1));
    case I_CLAMP: case I_CLAMPS: return wrap(t, x < y ? y : x > z ? z : x);
    case I_CLZ: return clz(t, a);
    case I_MADHI: return wrap(t, ((x * y) >> n) + z);
    case I_MADSAT: return sat(t, x * y + z);
    case I_MAX: case I_MAXS: return wrap(t, x > y ? x : y);
    case I_MIN: case I_MINS: return wrap(t, x < y ? x : y);
    case I_MULHI: return wrap(t, (x * y) >> n);
    case I_ROTATE: return rotl(t, a, b);
    case I_POPCOUNT: return (uint64_t)__builtin_popcountll(a & (n == 64 ? ~0ull : (1ull << n) - 1));
    case I_MUL24: return wrap(t, x * y);
    case I_MAD24: return wrap(t, x * y + z);
    default: return 0;
    }
}

static void ref_int(const call *c, uint64_t in[3][MAXW], want out[2][MAXW])
{
    int t = c->it[0], w = c->iw[0], fn = c->fn;
    if (fn == I_ANY || fn == I_ALL) {
        int any = 0, all = 1, n = nbits(t);
        for (int e = 0; e < w; e++) {
            int msb = (int)((in[0][e] >> (n - 1)) & 1);
            any |= msb;
            all &= msb;
        }
        out[0][0] = (want){.kind = W_EXACT, .bits = (uint64_t)(fn == I_ANY ? any : all)};
        return;
    }
    for (int e = 0; e < c->ow[0]; e++) {
        uint64_t a = in[0][e], b = c->nin > 1 ? in[1][c->iw[1] == 1 ? 0 : e] : 0;
        uint64_t d = c->nin > 2 ? in[2][c->iw[2] == 1 ? 0 : e] : 0;
        uint64_t r;
        if (fn == I_UPSAMPLE) {
            int n = nbits(t);
            r = ((uint64_t)bt_geti(t, a) << n) | (b & ((1ull << n) - 1));
            r = bt_mki(c->ot[0], (int64_t)r);
        } else if (fn == I_BITSEL) {
            r = (a & ~d) | (b & d);
        } else if (fn == I_SELECT || fn == I_SELECTU) {
            int sb = nbits(c->it[2]);
            r = (w == 1 ? bt_geti(c->it[2], d) != 0 : (d >> (sb - 1)) & 1) ? b : a;
        } else {
            r = int_op(c, fn, t, a, b, d);
        }
        out[0][e] = (want){.kind = W_EXACT, .bits = r};
    }
}

/* the unsigned type of t, and the twice-as-wide type (-1: none) */
static int utype(int t) { return t | 1; }
static int wide(int t) { return t < T_LONG ? t + 2 : -1; }

static int skip_int(int i, const kcase *k)
{
    int t = k->t;
    if ((i == I_CLAMPS || i == I_MAXS || i == I_MINS) && k->w == 1)
        return 1;
    if (i == I_UPSAMPLE && wide(t) < 0)
        return 1;
    if ((i == I_MAD24 || i == I_MUL24) && t != T_INT && t != T_UINT)
        return 1;
    if ((i == I_ANY || i == I_ALL) && !bt_types[t].sgn)
        return 1;
    return 0;
}

static void int_types(call *x, int i, const kcase *k)
{
    int t = k->t, w = k->w;
    dom any = {D_INT, 0, 0, 0};
    for (int j = 0; j < inin[i]; j++)
        bt_in(x, j, t, w, any);
    bt_out(x, 0, t, w);
    switch (i) {
    case I_ABS: case I_ABSDIFF: bt_out(x, 0, utype(t), w); break;
    case I_CLAMP: case I_CLAMPS: {
        dom lo = {D_INTR, bt_types[t].sgn ? -100 : 0, 50, 0}, hi = {D_INTR, 60, 120, 0};
        bt_in(x, 1, t, i == I_CLAMPS ? 1 : w, lo);
        bt_in(x, 2, t, i == I_CLAMPS ? 1 : w, hi);
        break;
    }
    case I_MAXS: case I_MINS: bt_in(x, 1, t, 1, any); break;
    case I_UPSAMPLE: bt_in(x, 1, utype(t), w, any); bt_out(x, 0, bt_types[t].sgn ? wide(t) : utype(wide(t)), w); break;
    case I_MAD24: case I_MUL24: {
        dom d24 = t == T_INT ? (dom){D_INTR, -8388608, 8388607, 0} : (dom){D_INTR, 0, 16777215, 0};
        for (int j = 0; j < inin[i]; j++)
            bt_in(x, j, t, w, j < 2 ? d24 : any);
        break;
    }
    case I_SELECT: bt_in(x, 2, t & ~1, w, any); break;
    case I_SELECTU: bt_in(x, 2, utype(t), w, any); break;
    case I_ANY: case I_ALL: bt_out(x, 0, T_INT, 1); break;
    }
}

int fam_integer(const kcase *k, call *c)
{
    int n = 0;
    for (int i = 0; i < NI; i++) {
        if (skip_int(i, k))
            continue;
        call *x = &c[n++];
        bt_call(x, inames[i], inin[i], 1);
        x->fn = i;
        x->ref = ref_int;
        int_types(x, i, k);
        static const char *const fmt[] = {"r0 = %s(a0);", "r0 = %s(a0, a1);", "r0 = %s(a0, a1, a2);"};
        snprintf(x->stmt, sizeof x->stmt, fmt[inin[i] - 1], inames[i]);
    }
    return n;
}
