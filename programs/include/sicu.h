/* sicu.h - the OpenCL 1.2 built-in functions for sicu kernels (gfx600).
 *
 * `sicu cc` force-includes this file (clang -include programs/include/sicu.h).
 * There is no device library on this target: every function here is
 * written with clang builtins that lower to Southern Islands instructions,
 * and every function is `static inline` + always_inline so the generated
 * kernels never contain a call (gfx600 kernels cannot call unresolved
 * functions, and at -O0 clang would otherwise emit s_swappc calls).
 *
 * clang's OpenCL mode already includes opencl-c-base.h, which provides the
 * scalar/vector typedefs (uint, float4, ...), as_<type>() (__builtin_astype),
 * CLK_LOCAL_MEM_FENCE/CLK_GLOBAL_MEM_FENCE, M_PI_F, MAXFLOAT, INFINITY, NAN.
 *
 * Approximations (documented in docs/programs.md):
 *   - float sqrt       -> v_sqrt_f32 (not correctly rounded on SI hardware)
 *   - float division   -> clang's 2.5-ULP expansion (v_rcp_f32 + scaling)
 *   - double sqrt      -> v_sqrt_f64 (LLVM 14 emits the bare instruction)
 *   - rsqrt, native_*  -> v_rsq_f32 / v_rcp_f32
 *   - exp2/log2        -> v_exp_f32 / v_log_f32; exp/log/log10 scale them
 *   - sin/cos          -> v_sin_f32/v_cos_f32 after x*(1/2pi) and v_fract
 *   - pow/powr         -> exp2(y*log2(x)), valid for x > 0 only
 *   There are no double-precision transcendental functions.
 *
 * get_global_offset() is always 0 (the loader launches without offsets).
 */
#ifndef SICU_DEVICE_H
#define SICU_DEVICE_H

#define _SICU_F static inline __attribute__((always_inline, overloadable))
#define _SICU_FN static inline __attribute__((always_inline))

/* ------------------------------------------------------------------ */
/* Work-item functions                                                 */
/* ------------------------------------------------------------------ */

/* hsa_kernel_dispatch_packet_t fields read through the dispatch pointer:
 * setup (u16 @2, dimensions in bits 0-1), workgroup_size_x/y/z (u16 @4/6/8),
 * grid_size_x/y/z (u32 @12/16/20). */
_SICU_FN __constant unsigned short *_sicu_packet16(void)
{
    return (__constant unsigned short *)__builtin_amdgcn_dispatch_ptr();
}
_SICU_FN __constant unsigned int *_sicu_packet32(void)
{
    return (__constant unsigned int *)__builtin_amdgcn_dispatch_ptr();
}

_SICU_FN uint get_work_dim(void)
{
    return _sicu_packet16()[1] & 3u;
}

/* The enqueued (uniform) work-group size for dimension d. */
_SICU_FN uint _sicu_wg_size(uint d)
{
    return d < 3u ? (uint)_sicu_packet16()[2 + d] : 1u;
}

_SICU_FN size_t get_global_size(uint d)
{
    return d < 3u ? (size_t)_sicu_packet32()[3 + d] : 1u;
}

_SICU_FN size_t get_local_id(uint d)
{
    switch (d) {
    case 0: return __builtin_amdgcn_workitem_id_x();
    case 1: return __builtin_amdgcn_workitem_id_y();
    case 2: return __builtin_amdgcn_workitem_id_z();
    default: return 0;
    }
}

_SICU_FN size_t get_group_id(uint d)
{
    switch (d) {
    case 0: return __builtin_amdgcn_workgroup_id_x();
    case 1: return __builtin_amdgcn_workgroup_id_y();
    case 2: return __builtin_amdgcn_workgroup_id_z();
    default: return 0;
    }
}

_SICU_FN size_t get_num_groups(uint d)
{
    uint wg = _sicu_wg_size(d);
    uint grid = (uint)get_global_size(d);
    return (size_t)((grid + wg - 1u) / wg);
}

/* Size of THIS work-group: the last group of a dimension may be partial.
 * OpenCL 1.2 requires uniform work-groups, so clang marks CL1.2 kernels
 * "uniform-work-group-size" and LLVM (AMDGPULowerKernelAttributes) would
 * fold this min() to the enqueued size at -O1+.  readfirstlane (a no-op
 * on a uniform value) hides the value's origin so partial groups work. */
_SICU_FN size_t get_local_size(uint d)
{
    uint wg = _sicu_wg_size(d);
    wg = __builtin_amdgcn_readfirstlane(wg);
    uint grid = (uint)get_global_size(d);
    uint left = grid - (uint)get_group_id(d) * wg;
    return (size_t)(left < wg ? left : wg);
}

_SICU_FN size_t get_enqueued_local_size(uint d)
{
    return (size_t)_sicu_wg_size(d);
}

_SICU_FN size_t get_global_offset(uint d)
{
    (void)d;
    return 0;
}

_SICU_FN size_t get_global_id(uint d)
{
    return get_group_id(d) * (size_t)_sicu_wg_size(d) + get_local_id(d);
}

/* ------------------------------------------------------------------ */
/* Synchronisation                                                     */
/* ------------------------------------------------------------------ */

_SICU_FN void mem_fence(cl_mem_fence_flags flags)
{
    if (flags & CLK_GLOBAL_MEM_FENCE)
        __builtin_amdgcn_fence(__ATOMIC_SEQ_CST, "agent");
    else if (flags & CLK_LOCAL_MEM_FENCE)
        __builtin_amdgcn_fence(__ATOMIC_SEQ_CST, "workgroup");
}
_SICU_FN void read_mem_fence(cl_mem_fence_flags flags)
{
    if (flags & CLK_GLOBAL_MEM_FENCE)
        __builtin_amdgcn_fence(__ATOMIC_ACQUIRE, "agent");
    else if (flags & CLK_LOCAL_MEM_FENCE)
        __builtin_amdgcn_fence(__ATOMIC_ACQUIRE, "workgroup");
}
_SICU_FN void write_mem_fence(cl_mem_fence_flags flags)
{
    if (flags & CLK_GLOBAL_MEM_FENCE)
        __builtin_amdgcn_fence(__ATOMIC_RELEASE, "agent");
    else if (flags & CLK_LOCAL_MEM_FENCE)
        __builtin_amdgcn_fence(__ATOMIC_RELEASE, "workgroup");
}

/* Work-group barrier: release fence, s_barrier, acquire fence.  The fences
 * make the compiler wait for outstanding memory operations
 * (s_waitcnt) before the barrier, as OpenCL requires. */
_SICU_FN void barrier(cl_mem_fence_flags flags)
{
    if (flags)
        __builtin_amdgcn_fence(__ATOMIC_RELEASE, "workgroup");
    __builtin_amdgcn_s_barrier();
    if (flags)
        __builtin_amdgcn_fence(__ATOMIC_ACQUIRE, "workgroup");
}
_SICU_FN void work_group_barrier(cl_mem_fence_flags flags)
{
    barrier(flags);
}

/* ------------------------------------------------------------------ */
/* Atomics (32-bit, __global and __local).  All return the old value.  */
/* Global ones become buffer_atomic_* glc, local ones ds_*_rtn_*.      */
/* ------------------------------------------------------------------ */

#define _SICU_ATOMIC_RMW(AS, T)                                               \
    _SICU_F T atomic_add(volatile AS T *p, T v) { return __atomic_fetch_add(p, v, __ATOMIC_RELAXED); } \
    _SICU_F T atomic_sub(volatile AS T *p, T v) { return __atomic_fetch_sub(p, v, __ATOMIC_RELAXED); } \
    _SICU_F T atomic_inc(volatile AS T *p) { return __atomic_fetch_add(p, (T)1, __ATOMIC_RELAXED); }    \
    _SICU_F T atomic_dec(volatile AS T *p) { return __atomic_fetch_sub(p, (T)1, __ATOMIC_RELAXED); }    \
    _SICU_F T atomic_min(volatile AS T *p, T v) { return __atomic_fetch_min(p, v, __ATOMIC_RELAXED); } \
    _SICU_F T atomic_max(volatile AS T *p, T v) { return __atomic_fetch_max(p, v, __ATOMIC_RELAXED); } \
    _SICU_F T atomic_and(volatile AS T *p, T v) { return __atomic_fetch_and(p, v, __ATOMIC_RELAXED); } \
    _SICU_F T atomic_or(volatile AS T *p, T v) { return __atomic_fetch_or(p, v, __ATOMIC_RELAXED); }   \
    _SICU_F T atomic_xor(volatile AS T *p, T v) { return __atomic_fetch_xor(p, v, __ATOMIC_RELAXED); } \
    _SICU_F T atomic_xchg(volatile AS T *p, T v) { return __atomic_exchange_n(p, v, __ATOMIC_RELAXED); } \
    _SICU_F T atomic_cmpxchg(volatile AS T *p, T cmp, T v)                    \
    {                                                                         \
        __atomic_compare_exchange_n(p, &cmp, v, 0, __ATOMIC_RELAXED, __ATOMIC_RELAXED); \
        return cmp; /* holds the old value whether or not it matched */       \
    }                                                                         \
    _SICU_F T atom_add(volatile AS T *p, T v) { return atomic_add(p, v); }    \
    _SICU_F T atom_sub(volatile AS T *p, T v) { return atomic_sub(p, v); }    \
    _SICU_F T atom_inc(volatile AS T *p) { return atomic_inc(p); }            \
    _SICU_F T atom_dec(volatile AS T *p) { return atomic_dec(p); }            \
    _SICU_F T atom_min(volatile AS T *p, T v) { return atomic_min(p, v); }    \
    _SICU_F T atom_max(volatile AS T *p, T v) { return atomic_max(p, v); }    \
    _SICU_F T atom_and(volatile AS T *p, T v) { return atomic_and(p, v); }    \
    _SICU_F T atom_or(volatile AS T *p, T v) { return atomic_or(p, v); }      \
    _SICU_F T atom_xor(volatile AS T *p, T v) { return atomic_xor(p, v); }    \
    _SICU_F T atom_xchg(volatile AS T *p, T v) { return atomic_xchg(p, v); }  \
    _SICU_F T atom_cmpxchg(volatile AS T *p, T c, T v) { return atomic_cmpxchg(p, c, v); }

_SICU_ATOMIC_RMW(__global, int)
_SICU_ATOMIC_RMW(__global, uint)
_SICU_ATOMIC_RMW(__local, int)
_SICU_ATOMIC_RMW(__local, uint)
#undef _SICU_ATOMIC_RMW

/* atomic_xchg on float (OpenCL 1.2) through the integer exchange. */
_SICU_F float atomic_xchg(volatile __global float *p, float v)
{
    return as_float(atomic_xchg((volatile __global uint *)p, as_uint(v)));
}
_SICU_F float atomic_xchg(volatile __local float *p, float v)
{
    return as_float(atomic_xchg((volatile __local uint *)p, as_uint(v)));
}

/* ------------------------------------------------------------------ */
/* Floating-point math, float and double                              */
/* ------------------------------------------------------------------ */

/* IEEE-exact or exact operations (same result on every implementation). */
_SICU_F float fabs(float x) { return __builtin_fabsf(x); }
_SICU_F double fabs(double x) { return __builtin_fabs(x); }
_SICU_F float floor(float x) { return __builtin_floorf(x); }
_SICU_F double floor(double x) { return __builtin_floor(x); }
_SICU_F float ceil(float x) { return __builtin_ceilf(x); }
_SICU_F double ceil(double x) { return __builtin_ceil(x); }
_SICU_F float trunc(float x) { return __builtin_truncf(x); }
_SICU_F double trunc(double x) { return __builtin_trunc(x); }
_SICU_F float round(float x) { return __builtin_roundf(x); }
_SICU_F double round(double x) { return __builtin_round(x); }
_SICU_F float rint(float x) { return __builtin_rintf(x); }
_SICU_F double rint(double x) { return __builtin_rint(x); }
_SICU_F float fma(float a, float b, float c) { return __builtin_fmaf(a, b, c); }
_SICU_F double fma(double a, double b, double c) { return __builtin_fma(a, b, c); }
/* mad: product rounded, then sum rounded (v_mad_f32; f64 uses mul+add). */
_SICU_F float mad(float a, float b, float c) { float p = a * b; return p + c; }
_SICU_F double mad(double a, double b, double c) { double p = a * b; return p + c; }
_SICU_F float fmin(float a, float b) { return __builtin_fminf(a, b); }
_SICU_F double fmin(double a, double b) { return __builtin_fmin(a, b); }
_SICU_F float fmax(float a, float b) { return __builtin_fmaxf(a, b); }
_SICU_F double fmax(double a, double b) { return __builtin_fmax(a, b); }
_SICU_F float copysign(float a, float b) { return __builtin_copysignf(a, b); }
_SICU_F double copysign(double a, double b) { return __builtin_copysign(a, b); }
_SICU_F float fdim(float a, float b) { return a > b ? a - b : 0.0f; }
_SICU_F double fdim(double a, double b) { return a > b ? a - b : 0.0; }
_SICU_F float ldexp(float x, int e) { return __builtin_amdgcn_ldexpf(x, e); }
_SICU_F double ldexp(double x, int e) { return __builtin_amdgcn_ldexp(x, e); }
_SICU_F float min(float a, float b) { return __builtin_fminf(a, b); }
_SICU_F double min(double a, double b) { return __builtin_fmin(a, b); }
_SICU_F float max(float a, float b) { return __builtin_fmaxf(a, b); }
_SICU_F double max(double a, double b) { return __builtin_fmax(a, b); }
_SICU_F float clamp(float x, float lo, float hi) { return fmin(fmax(x, lo), hi); }
_SICU_F double clamp(double x, double lo, double hi) { return fmin(fmax(x, lo), hi); }
/* mix: separate statements so the product is never contracted into an fma */
_SICU_F float mix(float x, float y, float a) { float d = (y - x) * a; return x + d; }
_SICU_F double mix(double x, double y, double a) { double d = (y - x) * a; return x + d; }
_SICU_F float step(float edge, float x) { return x < edge ? 0.0f : 1.0f; }
_SICU_F double step(double edge, double x) { return x < edge ? 0.0 : 1.0; }
/* sign: 1.0, -1.0, or x itself for +-0; NaN gives 0. */
_SICU_F float sign(float x)
{
    return x > 0.0f ? 1.0f : x < 0.0f ? -1.0f : __builtin_isnan(x) ? 0.0f : x;
}
_SICU_F double sign(double x)
{
    return x > 0.0 ? 1.0 : x < 0.0 ? -1.0 : __builtin_isnan(x) ? 0.0 : x;
}
_SICU_F float degrees(float r) { return r * (180.0f / M_PI_F); }
_SICU_F float radians(float d) { return d * (M_PI_F / 180.0f); }

/* Approximate on SI (see the file header). */
_SICU_F float sqrt(float x) { return __builtin_sqrtf(x); }
_SICU_F double sqrt(double x) { return __builtin_sqrt(x); }
_SICU_F float rsqrt(float x) { return __builtin_amdgcn_rsqf(x); }
_SICU_F double rsqrt(double x) { return __builtin_amdgcn_rsq(x); }
_SICU_F float exp2(float x) { return __builtin_exp2f(x); }
_SICU_F float exp(float x) { return __builtin_expf(x); }
_SICU_F float exp10(float x) { return __builtin_exp2f(x * 3.32192809488736234787f); }
_SICU_F float log2(float x) { return __builtin_log2f(x); }
_SICU_F float log(float x) { return __builtin_logf(x); }
_SICU_F float log10(float x) { return __builtin_log2f(x) * 0.301029995663981195214f; }
_SICU_F float sin(float x) { return __builtin_sinf(x); }
_SICU_F float cos(float x) { return __builtin_cosf(x); }
_SICU_F float tan(float x) { return __builtin_sinf(x) * __builtin_amdgcn_rcpf(__builtin_cosf(x)); }
_SICU_F float powr(float x, float y) { return __builtin_exp2f(y * __builtin_log2f(x)); }
_SICU_F float pow(float x, float y) { return powr(x, y); }

_SICU_F float native_sqrt(float x) { return __builtin_sqrtf(x); }
_SICU_F float native_rsqrt(float x) { return __builtin_amdgcn_rsqf(x); }
_SICU_F float native_recip(float x) { return __builtin_amdgcn_rcpf(x); }
_SICU_F float native_divide(float x, float y) { return x * __builtin_amdgcn_rcpf(y); }
_SICU_F float native_exp2(float x) { return __builtin_exp2f(x); }
_SICU_F float native_exp(float x) { return __builtin_expf(x); }
_SICU_F float native_exp10(float x) { return exp10(x); }
_SICU_F float native_log2(float x) { return __builtin_log2f(x); }
_SICU_F float native_log(float x) { return __builtin_logf(x); }
_SICU_F float native_log10(float x) { return log10(x); }
_SICU_F float native_sin(float x) { return __builtin_sinf(x); }
_SICU_F float native_cos(float x) { return __builtin_cosf(x); }
_SICU_F float native_tan(float x) { return tan(x); }
_SICU_F float native_powr(float x, float y) { return powr(x, y); }
_SICU_F float half_sqrt(float x) { return __builtin_sqrtf(x); }
_SICU_F float half_recip(float x) { return __builtin_amdgcn_rcpf(x); }
_SICU_F float half_divide(float x, float y) { return native_divide(x, y); }

/* ------------------------------------------------------------------ */
/* Relational                                                          */
/* ------------------------------------------------------------------ */
_SICU_F int isnan(float x) { return __builtin_isnan(x); }
_SICU_F int isnan(double x) { return __builtin_isnan(x); }
_SICU_F int isinf(float x) { return __builtin_isinf(x); }
_SICU_F int isinf(double x) { return __builtin_isinf(x); }
_SICU_F int isfinite(float x) { return __builtin_isfinite(x); }
_SICU_F int isfinite(double x) { return __builtin_isfinite(x); }
_SICU_F int isnormal(float x) { return __builtin_isnormal(x); }
_SICU_F int isnormal(double x) { return __builtin_isnormal(x); }
_SICU_F int signbit(float x) { return (int)(as_uint(x) >> 31); }
_SICU_F int signbit(double x) { return (int)(as_ulong(x) >> 63); }
_SICU_F int isequal(float a, float b) { return a == b; }
_SICU_F int isless(float a, float b) { return a < b; }
_SICU_F int isgreater(float a, float b) { return a > b; }
_SICU_F int isunordered(float a, float b) { return __builtin_isnan(a) || __builtin_isnan(b); }

/* select(a, b, c): c ? b : a for scalars (any non-zero c). */
#define _SICU_SELECT(T, C) _SICU_F T select(T a, T b, C c) { return c ? b : a; }
_SICU_SELECT(int, int) _SICU_SELECT(int, uint)
_SICU_SELECT(uint, int) _SICU_SELECT(uint, uint)
_SICU_SELECT(float, int) _SICU_SELECT(float, uint)
_SICU_SELECT(long, long) _SICU_SELECT(long, ulong)
_SICU_SELECT(ulong, long) _SICU_SELECT(ulong, ulong)
_SICU_SELECT(double, long) _SICU_SELECT(double, ulong)
#undef _SICU_SELECT
/* Vector select: per element, the most significant bit of c chooses b. */
#define _SICU_VSELECT(T, C) _SICU_F T select(T a, T b, C c) { return (c < (C)0) ? b : a; }
_SICU_VSELECT(int2, int2) _SICU_VSELECT(int4, int4)
_SICU_VSELECT(uint2, int2) _SICU_VSELECT(uint4, int4)
_SICU_VSELECT(float2, int2) _SICU_VSELECT(float4, int4)
#undef _SICU_VSELECT

/* any/all: scalar forms test the most significant bit. */
_SICU_F int any(int x) { return x < 0; }
_SICU_F int any(int2 x) { return (x.x | x.y) < 0; }
_SICU_F int any(int4 x) { return (x.x | x.y | x.z | x.w) < 0; }
_SICU_F int all(int x) { return x < 0; }
_SICU_F int all(int2 x) { return (x.x & x.y) < 0; }
_SICU_F int all(int4 x) { return (x.x & x.y & x.z & x.w) < 0; }

/* ------------------------------------------------------------------ */
/* Integer functions                                                   */
/* ------------------------------------------------------------------ */
#define _SICU_INT_MINMAX(T)                                                   \
    _SICU_F T min(T a, T b) { return a < b ? a : b; }                         \
    _SICU_F T max(T a, T b) { return a > b ? a : b; }                         \
    _SICU_F T clamp(T x, T lo, T hi) { return min(max(x, lo), hi); }
_SICU_INT_MINMAX(char) _SICU_INT_MINMAX(uchar)
_SICU_INT_MINMAX(short) _SICU_INT_MINMAX(ushort)
_SICU_INT_MINMAX(int) _SICU_INT_MINMAX(uint)
_SICU_INT_MINMAX(long) _SICU_INT_MINMAX(ulong)
#undef _SICU_INT_MINMAX

/* abs / abs_diff return the unsigned type. */
#define _SICU_ABS(T, U)                                                       \
    _SICU_F U abs(T x) { return x < 0 ? (U)0 - (U)x : (U)x; }                 \
    _SICU_F U abs_diff(T a, T b) { return a > b ? (U)a - (U)b : (U)b - (U)a; }
_SICU_ABS(char, uchar) _SICU_ABS(short, ushort) _SICU_ABS(int, uint) _SICU_ABS(long, ulong)
#undef _SICU_ABS
#define _SICU_UABS(U)                                                         \
    _SICU_F U abs(U x) { return x; }                                          \
    _SICU_F U abs_diff(U a, U b) { return a > b ? a - b : b - a; }
_SICU_UABS(uchar) _SICU_UABS(ushort) _SICU_UABS(uint) _SICU_UABS(ulong)
#undef _SICU_UABS

/* Saturating add/sub, halving add (no overflow: computed in 64 bits for
 * 32-bit types, bitwise identities for 64-bit types). */
_SICU_F int add_sat(int a, int b)
{
    long s = (long)a + (long)b;
    return s > 2147483647L ? 2147483647 : s < -2147483648L ? (int)(-2147483647 - 1) : (int)s;
}
_SICU_F uint add_sat(uint a, uint b) { uint s = a + b; return s < a ? 0xffffffffu : s; }
_SICU_F int sub_sat(int a, int b)
{
    long s = (long)a - (long)b;
    return s > 2147483647L ? 2147483647 : s < -2147483648L ? (int)(-2147483647 - 1) : (int)s;
}
_SICU_F uint sub_sat(uint a, uint b) { return a > b ? a - b : 0u; }
_SICU_F int hadd(int a, int b) { return (a >> 1) + (b >> 1) + (a & b & 1); }
_SICU_F uint hadd(uint a, uint b) { return (a >> 1) + (b >> 1) + (a & b & 1u); }
_SICU_F int rhadd(int a, int b) { return (a >> 1) + (b >> 1) + ((a | b) & 1); }
_SICU_F uint rhadd(uint a, uint b) { return (a >> 1) + (b >> 1) + ((a | b) & 1u); }

_SICU_F int mul_hi(int a, int b) { return (int)(((long)a * (long)b) >> 32); }
_SICU_F uint mul_hi(uint a, uint b) { return (uint)(((ulong)a * (ulong)b) >> 32); }
/* 64-bit high product from 32-bit halves (no __int128: it would need a
 * libcall on this target). */
_SICU_F ulong mul_hi(ulong a, ulong b)
{
    ulong al = a & 0xffffffffu, ah = a >> 32, bl = b & 0xffffffffu, bh = b >> 32;
    ulong ll = al * bl, lh = al * bh, hl = ah * bl, hh = ah * bh;
    ulong mid = (ll >> 32) + (lh & 0xffffffffu) + (hl & 0xffffffffu);
    return hh + (lh >> 32) + (hl >> 32) + (mid >> 32);
}
_SICU_F long mul_hi(long a, long b)
{
    ulong h = mul_hi((ulong)a, (ulong)b);
    /* signed correction: hi(a*b) = uhi - (a<0 ? b : 0) - (b<0 ? a : 0) */
    if (a < 0) h -= (ulong)b;
    if (b < 0) h -= (ulong)a;
    return (long)h;
}
_SICU_F int mad_hi(int a, int b, int c) { return mul_hi(a, b) + c; }
_SICU_F uint mad_hi(uint a, uint b, uint c) { return mul_hi(a, b) + c; }

/* 24-bit multiplies: operands are the low 24 bits (sign-extended for int),
 * matching v_mul_i32_i24 / v_mul_u32_u24. */
_SICU_F int mul24(int a, int b) { return ((a << 8) >> 8) * ((b << 8) >> 8); }
_SICU_F uint mul24(uint a, uint b) { return (a & 0xffffffu) * (b & 0xffffffu); }
_SICU_F int mad24(int a, int b, int c) { return mul24(a, b) + c; }
_SICU_F uint mad24(uint a, uint b, uint c) { return mul24(a, b) + c; }

_SICU_F uint popcount(uint x) { return (uint)__builtin_popcount(x); }
_SICU_F int popcount(int x) { return __builtin_popcount((uint)x); }
_SICU_F ulong popcount(ulong x) { return (ulong)__builtin_popcountl(x); }
_SICU_F long popcount(long x) { return (long)__builtin_popcountl((ulong)x); }
_SICU_F uint clz(uint x) { return x ? (uint)__builtin_clz(x) : 32u; }
_SICU_F int clz(int x) { return (int)clz((uint)x); }
_SICU_F ulong clz(ulong x) { return x ? (ulong)__builtin_clzl(x) : 64u; }
_SICU_F long clz(long x) { return (long)clz((ulong)x); }
_SICU_F uint ctz(uint x) { return x ? (uint)__builtin_ctz(x) : 32u; }
_SICU_F int ctz(int x) { return (int)ctz((uint)x); }

_SICU_F uint rotate(uint v, uint i)
{
    uint n = i & 31u;
    return (v << n) | (v >> ((32u - n) & 31u));
}
_SICU_F int rotate(int v, int i) { return (int)rotate((uint)v, (uint)i); }
_SICU_F ulong rotate(ulong v, ulong i)
{
    ulong n = i & 63u;
    return (v << n) | (v >> ((64u - n) & 63u));
}
_SICU_F long rotate(long v, long i) { return (long)rotate((ulong)v, (ulong)i); }

_SICU_F short upsample(char hi, uchar lo) { return (short)(((ushort)(uchar)hi << 8) | lo); }
_SICU_F ushort upsample(uchar hi, uchar lo) { return (ushort)(((ushort)hi << 8) | lo); }
_SICU_F int upsample(short hi, ushort lo) { return (int)(((uint)(ushort)hi << 16) | lo); }
_SICU_F uint upsample(ushort hi, ushort lo) { return ((uint)hi << 16) | lo; }
_SICU_F long upsample(int hi, uint lo) { return (long)(((ulong)(uint)hi << 32) | lo); }
_SICU_F ulong upsample(uint hi, uint lo) { return ((ulong)hi << 32) | lo; }

/* ------------------------------------------------------------------ */
/* Conversions (C casts are enough for the default rounding modes)     */
/* ------------------------------------------------------------------ */
_SICU_F float convert_float(int x) { return (float)x; }
_SICU_F float convert_float(uint x) { return (float)x; }
_SICU_F float convert_float(double x) { return (float)x; }
_SICU_F double convert_double(int x) { return (double)x; }
_SICU_F double convert_double(float x) { return (double)x; }
_SICU_F int convert_int(float x) { return (int)x; }
_SICU_F int convert_int(double x) { return (int)x; }
_SICU_F int convert_int(uint x) { return (int)x; }
_SICU_F uint convert_uint(float x) { return (uint)x; }
_SICU_F uint convert_uint(int x) { return (uint)x; }
_SICU_F int convert_int_rte(float x) { return (int)__builtin_rintf(x); }
_SICU_F int convert_int_rtn(float x) { return (int)__builtin_floorf(x); }
_SICU_F int convert_int_rtp(float x) { return (int)__builtin_ceilf(x); }
_SICU_F int convert_int_sat(float x)
{
    return __builtin_isnan(x) ? 0 : x >= 2147483648.0f ? 2147483647
         : x < -2147483648.0f ? (int)(-2147483647 - 1) : (int)x;
}

/* ------------------------------------------------------------------ */
/* Vector forms (float2/float4, int2/int4) of the common functions     */
/* ------------------------------------------------------------------ */
#define _SICU_V1(F, VT) _SICU_F VT F(VT a)                                     \
    { VT r; for (int i = 0; i < (int)(sizeof(VT) / sizeof(a.x)); i++) r[i] = F(a[i]); return r; }
#define _SICU_V2(F, VT) _SICU_F VT F(VT a, VT b)                               \
    { VT r; for (int i = 0; i < (int)(sizeof(VT) / sizeof(a.x)); i++) r[i] = F(a[i], b[i]); return r; }
#define _SICU_V3(F, VT) _SICU_F VT F(VT a, VT b, VT c)                         \
    { VT r; for (int i = 0; i < (int)(sizeof(VT) / sizeof(a.x)); i++) r[i] = F(a[i], b[i], c[i]); return r; }
#define _SICU_VF(VT)                                                          \
    _SICU_V1(fabs, VT) _SICU_V1(floor, VT) _SICU_V1(ceil, VT) _SICU_V1(trunc, VT) \
    _SICU_V1(sqrt, VT) _SICU_V1(rsqrt, VT) _SICU_V2(fmin, VT) _SICU_V2(fmax, VT) \
    _SICU_V2(min, VT) _SICU_V2(max, VT) _SICU_V3(fma, VT) _SICU_V3(mad, VT)   \
    _SICU_V3(clamp, VT) _SICU_V3(mix, VT)
_SICU_VF(float2) _SICU_VF(float4)
#define _SICU_VI(VT) _SICU_V2(min, VT) _SICU_V2(max, VT) _SICU_V3(clamp, VT)
_SICU_VI(int2) _SICU_VI(int4) _SICU_VI(uint2) _SICU_VI(uint4)
#undef _SICU_VF
#undef _SICU_VI
#undef _SICU_V1
#undef _SICU_V2
#undef _SICU_V3

/* Geometric: dot products multiply then add in element order
 * (a.x*b.x + a.y*b.y + ...), each step rounded. */
_SICU_F float dot(float a, float b) { return a * b; }
_SICU_F float dot(float2 a, float2 b) { float s = a.x * b.x; float t = a.y * b.y; return s + t; }
_SICU_F float dot(float4 a, float4 b)
{
    float s = a.x * b.x, t;
    t = a.y * b.y; s = s + t;
    t = a.z * b.z; s = s + t;
    t = a.w * b.w; return s + t;
}
_SICU_F float length(float2 a) { return __builtin_sqrtf(dot(a, a)); }
_SICU_F float length(float4 a) { return __builtin_sqrtf(dot(a, a)); }
_SICU_F float distance(float2 a, float2 b) { return length(a - b); }
_SICU_F float distance(float4 a, float4 b) { return length(a - b); }

#undef _SICU_F
#undef _SICU_FN
#endif /* SICU_DEVICE_H */
