/* sicu.h - the few OpenCL C built-ins sicu kernels must not take from libclc.
 *
 * `sicu cc` (and clBuildProgram) compile against clang's standard OpenCL C
 * header (-finclude-default-header) and link libclc's amdgcn--amdhsa.bc,
 * which provides the OpenCL 1.2 built-ins (docs/builtins.md).  This file is
 * force-included after the standard header (clang -include) and replaces
 * only what libclc 14 lacks or gets wrong for LLVM 14's amdhsa code objects
 * on gfx600 (each section gives its reason):
 *
 *   - work-item functions: libclc reads get_work_dim() from the first dword
 *     of the implicit arguments and get_global_offset(d) from dword d + 1,
 *     Mesa clover's layout; LLVM 14's amdhsa hidden arguments start with
 *     the three 64-bit hidden_global_offset_x/y/z, so libclc would return
 *     the offsets' halves.  get_global_id includes the offset (libclc
 *     inlines its own reading); get_local_id/get_group_id/get_global_id
 *     return 1 or 2 for dimensions >= 3 in libclc (OpenCL: 0); libclc's
 *     get_local_size ignores partial work-groups (sicu launches may have
 *     them);
 *   - mad_hi, mad_sat(long), nan(ulong), smoothstep(double, double,
 *     doublen), tgamma, the directed-rounding integer -> floating-point
 *     conversions, wait_group_events, async copies and prefetch.
 *
 * The replacements are static always_inline functions (or statement
 * expressions) reached through macros of the built-ins' names, so a kernel
 * never calls them (gfx600 kernels cannot call unresolved functions) and
 * never references the libclc definitions they replace.
 */
#ifndef SICU_DEVICE_H
#define SICU_DEVICE_H

#define _SICU_FN static inline __attribute__((always_inline))

/* hsa_kernel_dispatch_packet_t fields read through the dispatch pointer:
 * setup (u16 @2, dimensions in bits 0-1), workgroup_size_x/y/z (u16 @4/6/8),
 * grid_size_x/y/z (u32 @12/16/20). */
_SICU_FN __constant ushort *_sicu_packet16(void)
{
    return (__constant ushort *)__builtin_amdgcn_dispatch_ptr();
}
_SICU_FN __constant uint *_sicu_packet32(void)
{
    return (__constant uint *)__builtin_amdgcn_dispatch_ptr();
}

_SICU_FN uint _sicu_get_work_dim(void)
{
    return _sicu_packet16()[1] & 3u;
}

/* The enqueued (uniform) work-group size for dimension d. */
_SICU_FN uint _sicu_wg_size(uint d)
{
    return d < 3u ? (uint)_sicu_packet16()[2 + d] : 1u;
}

_SICU_FN size_t _sicu_get_global_size(uint d)
{
    return d < 3u ? (size_t)_sicu_packet32()[3 + d] : 1u;
}

_SICU_FN size_t _sicu_get_local_id(uint d)
{
    switch (d) {
    case 0: return __builtin_amdgcn_workitem_id_x();
    case 1: return __builtin_amdgcn_workitem_id_y();
    case 2: return __builtin_amdgcn_workitem_id_z();
    default: return 0;
    }
}

_SICU_FN size_t _sicu_get_group_id(uint d)
{
    switch (d) {
    case 0: return __builtin_amdgcn_workgroup_id_x();
    case 1: return __builtin_amdgcn_workgroup_id_y();
    case 2: return __builtin_amdgcn_workgroup_id_z();
    default: return 0;
    }
}

/* Size of THIS work-group: the last group of a dimension may be partial.
 * OpenCL 1.2 requires uniform work-groups, so clang marks CL1.2 kernels
 * "uniform-work-group-size" and LLVM (AMDGPULowerKernelAttributes) would
 * fold this min() to the enqueued size at -O1+.  readfirstlane (a no-op
 * on a uniform value) hides the value's origin so partial groups work. */
_SICU_FN size_t _sicu_get_local_size(uint d)
{
    uint wg = _sicu_wg_size(d);
    wg = __builtin_amdgcn_readfirstlane(wg);
    uint grid = (uint)_sicu_get_global_size(d);
    uint left = grid - (uint)_sicu_get_group_id(d) * wg;
    return (size_t)(left < wg ? left : wg);
}

/* The hidden arguments start at the implicit-argument pointer with
 * hidden_global_offset_x/y/z, 64 bits each (the launcher fills them from
 * the launch's "offset"). */
_SICU_FN size_t _sicu_get_global_offset(uint d)
{
    return d < 3u ? (size_t)((__constant ulong *)__builtin_amdgcn_implicitarg_ptr())[d] : 0;
}

_SICU_FN size_t _sicu_get_global_id(uint d)
{
    if (d >= 3u)
        return 0;
    return _sicu_get_group_id(d) * (size_t)_sicu_wg_size(d) + _sicu_get_local_id(d) + _sicu_get_global_offset(d);
}

#define get_work_dim() _sicu_get_work_dim()
#define get_global_id(d) _sicu_get_global_id(d)
#define get_global_offset(d) _sicu_get_global_offset(d)
#define get_local_id(d) _sicu_get_local_id(d)
#define get_group_id(d) _sicu_get_group_id(d)
#define get_local_size(d) _sicu_get_local_size(d)

/* ------------------------------------------------------------------ */
/* Built-ins libclc 14 lacks or gets wrong for this target             */
/* ------------------------------------------------------------------ */

/* mad_hi: libclc defines it as a macro in its own headers, so its bitcode
 * has no mad_hi function for the standard header's declaration to use. */
#define mad_hi(a, b, c) (mul_hi((a), (b)) + (c))

/* wait_group_events: clang 14's standard header declares the event list
 * as a generic pointer (gfx600 has no flat addressing: the backend cannot
 * compile the cast) where libclc defines a private one.  libclc's async
 * copies are plain loads and stores by the work-items, so waiting is a
 * work-group barrier with both fences (libclc: s_waitcnt 0 + s_barrier). */
_SICU_FN void _sicu_wait_group_events(int n, __private event_t *list)
{
    (void)n;
    (void)list;
    barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);
}
#define wait_group_events(n, list) _sicu_wait_group_events((n), (list))


/* async_work_group_copy / async_work_group_strided_copy: libclc 14 has no
 * 3-element vector forms.  All forms are this loop, libclc's algorithm:
 * the work-items of the group copy elements id, id + size, ... (no wait:
 * wait_group_events is the barrier); strides apply to the __global side. */
_SICU_FN size_t _sicu_stride(const __global void *p, size_t s) __attribute__((overloadable)) { return s; }
_SICU_FN size_t _sicu_stride(const __local void *p, size_t s) __attribute__((overloadable)) { return 1; }
#define _SICU_ASYNC(dst, src, n, dstride, sstride, ev)                                                \
    ({                                                                                                \
        size_t _sicu_id = _sicu_get_local_id(0) +                                                     \
                          _sicu_get_local_size(0) * (_sicu_get_local_id(1) + _sicu_get_local_size(1) * \
                                                                               _sicu_get_local_id(2)); \
        size_t _sicu_nwi = _sicu_get_local_size(0) * _sicu_get_local_size(1) * _sicu_get_local_size(2);  \
        for (size_t _sicu_i = _sicu_id; _sicu_i < (size_t)(n); _sicu_i += _sicu_nwi)                   \
            (dst)[_sicu_i * (dstride)] = (src)[_sicu_i * (sstride)];                                  \
        (event_t)(ev);                                                                                \
    })
#define async_work_group_copy(dst, src, n, ev) _SICU_ASYNC(dst, src, n, 1, 1, ev)
#define async_work_group_strided_copy(dst, src, n, stride, ev)                                        \
    _SICU_ASYNC(dst, src, n, _sicu_stride(dst, stride), _sicu_stride(src, stride), ev)

/* prefetch: libclc 14 has no 3-element vector forms; its others are empty
 * (a hint).  All forms are the same no-op here. */
#define prefetch(p, n) ((void)(p), (void)(n))

/* The overloads below are generated per vector width N; width 1 is the
 * scalar type (TYPE##1 names it while they are defined). */
#define _SICU_F static inline __attribute__((always_inline, overloadable))
#define char1 char
#define uchar1 uchar
#define short1 short
#define ushort1 ushort
#define int1 int
#define uint1 uint
#define long1 long
#define ulong1 ulong
#define float1 float
#define double1 double
#define as_double1 as_double
#define as_ulong1 as_ulong
#define as_long1 as_long
#define convert_float1 convert_float
#define convert_double1 convert_double

/* nan(ulong): libclc returns 0x7ff0000000000000 | nancode, an infinity for
 * nancode 0; OpenCL wants a quiet NaN.  nan(uint) is right in libclc. */
#define _SICU_NAN(N)                                                                  \
    _SICU_F float##N _sicu_nan(uint##N x) { return nan(x); }                          \
    _SICU_F double##N _sicu_nan(ulong##N x) { return as_double##N(x | (ulong##N)0x7ff8000000000000ul); }

/* mad_sat(long): libclc 14 assumes the final addition cannot overflow once
 * the product fits, so x * y + z wraps (e.g. -2^62 * 2 + -1).  Here the
 * 128-bit sum decides: (mul_hi, x * y) + sign-extended z, saturated if it
 * does not fit 64 bits.  The other types are libclc's. */
#define _SICU_MADSAT(T, N)                                                                            \
    _SICU_F T##N _sicu_mad_sat(T##N x, T##N y, T##N z) { return mad_sat(x, y, z); }
#define _SICU_MADSAT_L(N)                                                                             \
    _SICU_F long##N _sicu_mad_sat(long##N x, long##N y, long##N z)                                    \
    {                                                                                                 \
        ulong##N lo = as_ulong##N(x * y), s = lo + as_ulong##N(z);                                     \
        long##N carry = (s < lo) ? (long##N)1 : (long##N)0;                                          \
        long##N hi = mul_hi(x, y) + (z >> 63) + carry, r = as_long##N(s);                              \
        return (hi == (r >> 63)) ? r : ((hi < 0) ? (long##N)LONG_MIN : (long##N)LONG_MAX);             \
    }
#define _SICU_MADSAT_ALL(N)                                                                           \
    _SICU_MADSAT(char, N) _SICU_MADSAT(uchar, N) _SICU_MADSAT(short, N) _SICU_MADSAT(ushort, N)        \
    _SICU_MADSAT(int, N) _SICU_MADSAT(uint, N) _SICU_MADSAT(ulong, N) _SICU_MADSAT_L(N)

/* smoothstep(double, double, doublen): libclc 14 defines (double, double,
 * floatn) and (float, float, doublen) instead (swapped types), so the
 * standard overload is missing; the others are libclc's. */
#define _SICU_SMOOTH(N)                                                                            \
    _SICU_F float##N _sicu_smoothstep(float##N a, float##N b, float##N x) { return smoothstep(a, b, x); } \
    _SICU_F double##N _sicu_smoothstep(double##N a, double##N b, double##N x) { return smoothstep(a, b, x); }
#define _SICU_SMOOTHS(N)                                                                           \
    _SICU_F float##N _sicu_smoothstep(float a, float b, float##N x) { return smoothstep(a, b, x); } \
    _SICU_F double##N _sicu_smoothstep(double a, double b, double##N x)                            \
    {                                                                                              \
        return smoothstep((double##N)a, (double##N)b, x);                                          \
    }

/* tgamma: libclc 14 computes exp(lgamma(x)), whose absolute error in
 * lgamma becomes a relative error of about 150 ulp in large results
 * (OpenCL: 16).  Here, for double, Stirling's series at z >= 8:
 *   Gamma(z) = z^(z - 1/2) exp(w),  w = -z + ln(sqrt(2 pi)) + s(z),
 *   s(z) = sum B_2k / (2k (2k - 1) z^(2k - 1)), k = 1..10,
 * with w summed exactly (two-sum; its low part wl applied as 1 + wl) and
 * z - 1/2 exact, so no rounded argument meets a large exponent.  From
 * z = 143 on, z^(z - 1/2) overflows: t = z^(z/2 - 1/4) exp(w/2) is
 * squared instead.  Arguments below 8 are shifted up, Gamma(y) =
 * Gamma(y + n) / (y ... (y + n - 1)), carrying y + k's rounding error
 * (two-sum) and the product's (fma) as first-order relative corrections,
 * Gamma(z + zl) as Gamma(z) (1 + psi(z) zl).  Below 1/2 the reflection
 * Gamma(x) = pi / (sinpi(x) Gamma(1 - x)) applies, 1 - x carried the same
 * way and t divided out one factor at a time so that results below DBL_MIN
 * do not overflow first; integers 1..23 give the exact factorial.
 * Measured on the emulator against glibc's tgammal: at most 5 ulp below
 * 143 (reflected arguments included), 6 above (docs/builtins.md).  float goes through the double function
 * (one final rounding: 0.5 ulp). */
#define _SICU_STIRLING(r2)                                                                          \
    ((1.0 / 12) + r2 * ((-1.0 / 360) + r2 * ((1.0 / 1260) + r2 * ((-1.0 / 1680) + r2 * ((1.0 / 1188) + \
    r2 * ((-691.0 / 360360) + r2 * ((1.0 / 156) + r2 * ((-3617.0 / 122400) + r2 * ((43867.0 / 244188) + \
    r2 * (-174611.0 / 125400))))))))))
/* s + e = a + b exactly (Knuth's two-sum) */
#define _SICU_TWOSUM(T, a, b, s, e)                                                                \
    T s = (a) + (b), s##_b = s - (a), e = ((a) - (s - s##_b)) + ((b) - s##_b)
_SICU_F double _sicu_tgamma(double x)
{
    double one = 1.0;
    _SICU_TWOSUM(double, one, -x, y1, yl1);
    double z = x < 0.5 ? y1 : x, zl = x < 0.5 ? yl1 : 0.0;
    double p = one, c = 0.0;
    for (int k = 0; k < 8; k++) {
        _SICU_TWOSUM(double, z, one, zn, e);
        double q = p * z;
        c = z < 8.0 ? c + zl / z + fma(p, z, -q) / q : c;
        p = z < 8.0 ? q : p;
        zl = z < 8.0 ? zl + e : zl;
        z = z < 8.0 ? zn : z;
    }
    double r = one / z, r2 = r * r;
    _SICU_TWOSUM(double, -z, 0.91893853320467278, a, al); /* ln(sqrt(2 pi)), low part below */
    _SICU_TWOSUM(double, a, r * _SICU_STIRLING(r2), w, wl);
    double psi = log(z) - 0.5 * r - r2 * (1.0 / 12);
    double m = (one + (al + wl - 3.8760227666356784e-17 + psi * zl - c)) / p;
    double t = pow(z, z < 143.0 ? z - 0.5 : 0.5 * z - 0.25) * exp(z < 143.0 ? w : 0.5 * w);
    double t2 = z < 143.0 ? one : t;
    double g = x < 0.5 ? (M_PI / (sinpi(x) * (t * m))) / t2 : (t * m) * t2;
    double f = one; /* (x - 1)! is exact in double up to x = 23: returned exactly */
    for (int k = 2; k < 23; k++)
        f = (double)k < x ? f * (double)k : f;
    g = (x == trunc(x) && x >= 1.0 && x <= 23.0) ? f : g;
    g = x > 171.7 ? INFINITY : g;
    return (x < 0.0 && x == trunc(x)) ? NAN : g;
}
_SICU_F float _sicu_tgamma(float x) { return convert_float(_sicu_tgamma(convert_double(x))); }
/* The vector forms loop over the elements (not unrolled): sixteen inlined
 * copies of the scalar function made math-double-16 take a minute to
 * compile at -O2; the instructions executed are the same. */
#define _SICU_TGAMMAV(N)                                                                           \
    _SICU_F double##N _sicu_tgamma(double##N x)                                                    \
    {                                                                                              \
        double a[N];                                                                               \
        vstore##N(x, 0, a);                                                                        \
        __attribute__((opencl_unroll_hint(1))) for (int i = 0; i < N; i++) a[i] = _sicu_tgamma(a[i]); \
        return vload##N(0, a);                                                                     \
    }                                                                                              \
    _SICU_F float##N _sicu_tgamma(float##N x) { return convert_float##N(_sicu_tgamma(convert_double##N(x))); }

/* _rtz/_rtp/_rtn conversions of int, uint, long and ulong to float and of
 * long and ulong to double: libclc 14 converts to nearest and checks the
 * direction by converting back in the source type, which overflows in the
 * top 2^(bits - mantissa) values (e.g. uint 2^32 - 1 -> 2^32), so the
 * result is one ulp too far from zero there.  Here the magnitude is
 * truncated to the mantissa's width in integer arithmetic (exactly
 * representable), and one ulp is added (exactly) when bits were dropped;
 * the sign picks which of the two each mode wants.  All other source types
 * are libclc's. */
#define _SICU_DU(U, D, CM, BITS, MANT, N)                                                          \
    _SICU_F void _sicu_du(U##N u, D##N *dn, D##N *up)                                              \
    {                                                                                              \
        U##N nb = (U##N)BITS - clz(u);                                                             \
        U##N sh = nb > (U##N)MANT ? nb - (U##N)MANT : (U##N)0;                                     \
        U##N ulp = (U##N)1 << sh, tr = u & ~(ulp - (U##N)1);                                       \
        *dn = convert_##D##N(tr);                                                                  \
        *up = select(*dn, *dn + convert_##D##N(ulp), convert_##CM##N(tr != u));                    \
    }
#define _SICU_CVT_U(U, D, N)                                                                       \
    _SICU_F D##N _sicu_convert_##D##N##_rtz(U##N x) { D##N d, p; _sicu_du(x, &d, &p); return d; } \
    _SICU_F D##N _sicu_convert_##D##N##_rtp(U##N x) { D##N d, p; _sicu_du(x, &d, &p); return p; } \
    _SICU_F D##N _sicu_convert_##D##N##_rtn(U##N x) { D##N d, p; _sicu_du(x, &d, &p); return d; }
#define _SICU_CVT_S(S, D, CM, N)                                                                   \
    _SICU_F D##N _sicu_convert_##D##N##_rtz(S##N x)                                                \
    {                                                                                              \
        D##N d, p;                                                                                 \
        _sicu_du(abs(x), &d, &p);                                                                  \
        return select(d, -d, convert_##CM##N(x < 0));                                              \
    }                                                                                              \
    _SICU_F D##N _sicu_convert_##D##N##_rtp(S##N x)                                                \
    {                                                                                              \
        D##N d, p;                                                                                 \
        _sicu_du(abs(x), &d, &p);                                                                  \
        return select(p, -d, convert_##CM##N(x < 0));                                              \
    }                                                                                              \
    _SICU_F D##N _sicu_convert_##D##N##_rtn(S##N x)                                                \
    {                                                                                              \
        D##N d, p;                                                                                 \
        _sicu_du(abs(x), &d, &p);                                                                  \
        return select(d, -p, convert_##CM##N(x < 0));                                              \
    }
#define _SICU_CVT_FWD(S, D, N)                                                                     \
    _SICU_F D##N _sicu_convert_##D##N##_rtz(S##N x) { return convert_##D##N##_rtz(x); }            \
    _SICU_F D##N _sicu_convert_##D##N##_rtp(S##N x) { return convert_##D##N##_rtp(x); }            \
    _SICU_F D##N _sicu_convert_##D##N##_rtn(S##N x) { return convert_##D##N##_rtn(x); }
#define _SICU_CVT_ALL(N)                                                                           \
    _SICU_DU(uint, float, int, 32, 24, N) _SICU_DU(ulong, float, int, 64, 24, N)                   \
    _SICU_DU(ulong, double, long, 64, 53, N)                                                       \
    _SICU_CVT_S(int, float, int, N) _SICU_CVT_U(uint, float, N)                                    \
    _SICU_CVT_S(long, float, int, N) _SICU_CVT_U(ulong, float, N)                                  \
    _SICU_CVT_S(long, double, long, N) _SICU_CVT_U(ulong, double, N)                               \
    _SICU_CVT_FWD(char, float, N) _SICU_CVT_FWD(uchar, float, N) _SICU_CVT_FWD(short, float, N)    \
    _SICU_CVT_FWD(ushort, float, N) _SICU_CVT_FWD(float, float, N) _SICU_CVT_FWD(double, float, N) \
    _SICU_CVT_FWD(char, double, N) _SICU_CVT_FWD(uchar, double, N) _SICU_CVT_FWD(short, double, N) \
    _SICU_CVT_FWD(ushort, double, N) _SICU_CVT_FWD(int, double, N) _SICU_CVT_FWD(uint, double, N)  \
    _SICU_CVT_FWD(float, double, N) _SICU_CVT_FWD(double, double, N)
_SICU_CVT_ALL() _SICU_CVT_ALL(2) _SICU_CVT_ALL(3) _SICU_CVT_ALL(4) _SICU_CVT_ALL(8) _SICU_CVT_ALL(16)

#define _SICU_ALL(N) _SICU_NAN(N) _SICU_MADSAT_ALL(N) _SICU_SMOOTH(N)
_SICU_ALL(1) _SICU_ALL(2) _SICU_ALL(3) _SICU_ALL(4) _SICU_ALL(8) _SICU_ALL(16)
_SICU_TGAMMAV(2) _SICU_TGAMMAV(3) _SICU_TGAMMAV(4) _SICU_TGAMMAV(8) _SICU_TGAMMAV(16)
_SICU_SMOOTHS(2) _SICU_SMOOTHS(3) _SICU_SMOOTHS(4) _SICU_SMOOTHS(8) _SICU_SMOOTHS(16)

#define nan(x) _sicu_nan(x)
#define mad_sat(a, b, c) _sicu_mad_sat((a), (b), (c))
#define smoothstep(a, b, x) _sicu_smoothstep((a), (b), (x))
#define tgamma(x) _sicu_tgamma(x)
#define convert_float_rtz(x) _sicu_convert_float_rtz(x)
#define convert_float_rtp(x) _sicu_convert_float_rtp(x)
#define convert_float_rtn(x) _sicu_convert_float_rtn(x)
#define convert_float2_rtz(x) _sicu_convert_float2_rtz(x)
#define convert_float2_rtp(x) _sicu_convert_float2_rtp(x)
#define convert_float2_rtn(x) _sicu_convert_float2_rtn(x)
#define convert_float3_rtz(x) _sicu_convert_float3_rtz(x)
#define convert_float3_rtp(x) _sicu_convert_float3_rtp(x)
#define convert_float3_rtn(x) _sicu_convert_float3_rtn(x)
#define convert_float4_rtz(x) _sicu_convert_float4_rtz(x)
#define convert_float4_rtp(x) _sicu_convert_float4_rtp(x)
#define convert_float4_rtn(x) _sicu_convert_float4_rtn(x)
#define convert_float8_rtz(x) _sicu_convert_float8_rtz(x)
#define convert_float8_rtp(x) _sicu_convert_float8_rtp(x)
#define convert_float8_rtn(x) _sicu_convert_float8_rtn(x)
#define convert_float16_rtz(x) _sicu_convert_float16_rtz(x)
#define convert_float16_rtp(x) _sicu_convert_float16_rtp(x)
#define convert_float16_rtn(x) _sicu_convert_float16_rtn(x)
#define convert_double_rtz(x) _sicu_convert_double_rtz(x)
#define convert_double_rtp(x) _sicu_convert_double_rtp(x)
#define convert_double_rtn(x) _sicu_convert_double_rtn(x)
#define convert_double2_rtz(x) _sicu_convert_double2_rtz(x)
#define convert_double2_rtp(x) _sicu_convert_double2_rtp(x)
#define convert_double2_rtn(x) _sicu_convert_double2_rtn(x)
#define convert_double3_rtz(x) _sicu_convert_double3_rtz(x)
#define convert_double3_rtp(x) _sicu_convert_double3_rtp(x)
#define convert_double3_rtn(x) _sicu_convert_double3_rtn(x)
#define convert_double4_rtz(x) _sicu_convert_double4_rtz(x)
#define convert_double4_rtp(x) _sicu_convert_double4_rtp(x)
#define convert_double4_rtn(x) _sicu_convert_double4_rtn(x)
#define convert_double8_rtz(x) _sicu_convert_double8_rtz(x)
#define convert_double8_rtp(x) _sicu_convert_double8_rtp(x)
#define convert_double8_rtn(x) _sicu_convert_double8_rtn(x)
#define convert_double16_rtz(x) _sicu_convert_double16_rtz(x)
#define convert_double16_rtp(x) _sicu_convert_double16_rtp(x)
#define convert_double16_rtn(x) _sicu_convert_double16_rtn(x)

#undef _SICU_ALL
#undef _SICU_NAN
#undef _SICU_MADSAT
#undef _SICU_MADSAT_L
#undef _SICU_MADSAT_ALL
#undef _SICU_SMOOTH
#undef _SICU_SMOOTHS
#undef _SICU_STIRLING
#undef _SICU_TGAMMAV
#undef _SICU_TWOSUM
#undef _SICU_DU
#undef _SICU_CVT_U
#undef _SICU_CVT_S
#undef _SICU_CVT_FWD
#undef _SICU_CVT_ALL
#undef char1
#undef uchar1
#undef short1
#undef ushort1
#undef int1
#undef uint1
#undef long1
#undef ulong1
#undef float1
#undef double1
#undef as_double1
#undef as_ulong1
#undef as_long1
#undef convert_float1
#undef convert_double1
#undef _SICU_F
#undef _SICU_FN
#endif /* SICU_DEVICE_H */
