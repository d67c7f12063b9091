/* sicu.h - the few OpenCL C built-ins sicu kernels must not take from libclc.
 *
 * `sicu cc` (and clBuildProgram) compile against clang's standard OpenCL C
 * header (-finclude-default-header) and link libclc's amdgcn--amdhsa.bc,
 * which provides every OpenCL 1.2 built-in (docs/builtins.md).  This file is
 * force-included after the standard header (clang -include) and replaces
 * only the work-item functions whose libclc 14 versions are wrong for code
 * objects of LLVM 14's amdhsa ABI:
 *
 *   - libclc reads get_work_dim() from the first dword of the implicit
 *     arguments and get_global_offset(d) from dword d + 1: Mesa clover's
 *     layout.  LLVM 14's amdhsa hidden arguments (the kernel metadata's
 *     hidden_global_offset_x/y/z, 8 bytes each) start with the three 64-bit
 *     offsets, so libclc would return the offsets' halves.  Here:
 *     get_global_offset reads the 64-bit hidden_global_offset_* and
 *     get_work_dim the dispatch packet's setup field;
 *   - get_global_id includes that offset (libclc inlines its own reading);
 *   - get_local_id/get_group_id/get_global_id return 1 or 2 for dimensions
 *     >= 3 in libclc; OpenCL says 0;
 *   - get_local_size: libclc returns the enqueued size, also in a partial
 *     last work-group (sicu launches may have them; OpenCL 1.2 has none).
 *
 * The replacements are static always_inline functions reached through
 * macros of the built-ins' names, so a kernel never calls them (gfx600
 * kernels cannot call unresolved functions) and libclc's definitions are
 * simply not referenced by the kernel.  libclc's own functions that use
 * work-item functions internally (async_work_group_copy and friends) keep
 * libclc's versions, which agree with these for dimensions 0-2 of
 * work-groups that are not partial.
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

#undef _SICU_FN
#endif /* SICU_DEVICE_H */
