/* libsicu-opencl: the platform, its one device ("sicu gfx600") and contexts. */
#include "ocl.h"

#include <stdlib.h>
#include <string.h>

struct _cl_platform_id ocl_platform = {&ocl_dispatch};
struct _cl_device_id ocl_device = {&ocl_dispatch};

#define OCL_EXTENSIONS "cl_khr_icd cl_khr_global_int32_base_atomics cl_khr_global_int32_extended_atomics " \
                       "cl_khr_local_int32_base_atomics cl_khr_local_int32_extended_atomics cl_khr_byte_addressable_store " \
                       "cl_khr_fp64"

OCL_API cl_int clGetPlatformIDs(cl_uint n, cl_platform_id *platforms, cl_uint *num)
{
    if ((n == 0 && platforms) || (!platforms && !num))
        return CL_INVALID_VALUE;
    if (platforms)
        platforms[0] = &ocl_platform;
    if (num)
        *num = 1;
    return CL_SUCCESS;
}

OCL_API cl_int clIcdGetPlatformIDsKHR(cl_uint n, cl_platform_id *platforms, cl_uint *num)
{
    return clGetPlatformIDs(n, platforms, num);
}

OCL_API cl_int clGetPlatformInfo(cl_platform_id p, cl_platform_info what, size_t sz, void *val, size_t *ret)
{
    if (p && p != &ocl_platform)
        return CL_INVALID_PLATFORM;
    switch (what) {
    case CL_PLATFORM_PROFILE: return ocl_info_str(sz, val, ret, "FULL_PROFILE");
    case CL_PLATFORM_VERSION: return ocl_info_str(sz, val, ret, "OpenCL 1.2 sicu");
    case CL_PLATFORM_NAME: return ocl_info_str(sz, val, ret, "sicu");
    case CL_PLATFORM_VENDOR: return ocl_info_str(sz, val, ret, "sicu project");
    case CL_PLATFORM_EXTENSIONS: return ocl_info_str(sz, val, ret, "cl_khr_icd");
    case CL_PLATFORM_ICD_SUFFIX_KHR: return ocl_info_str(sz, val, ret, "sicu");
    default: return CL_INVALID_VALUE;
    }
}

OCL_API cl_int clGetDeviceIDs(cl_platform_id p, cl_device_type type, cl_uint n, cl_device_id *devs, cl_uint *num)
{
    if (p && p != &ocl_platform)
        return CL_INVALID_PLATFORM;
    if ((n == 0 && devs) || (!devs && !num))
        return CL_INVALID_VALUE;
    const cl_device_type known = CL_DEVICE_TYPE_DEFAULT | CL_DEVICE_TYPE_CPU | CL_DEVICE_TYPE_GPU |
                                 CL_DEVICE_TYPE_ACCELERATOR | CL_DEVICE_TYPE_CUSTOM;
    if (type != CL_DEVICE_TYPE_ALL && (type & ~known))
        return CL_INVALID_DEVICE_TYPE;
    if (type != CL_DEVICE_TYPE_ALL && !(type & (CL_DEVICE_TYPE_GPU | CL_DEVICE_TYPE_DEFAULT))) {
        if (num)
            *num = 0;
        return CL_DEVICE_NOT_FOUND;
    }
    if (devs)
        devs[0] = &ocl_device;
    if (num)
        *num = 1;
    return CL_SUCCESS;
}

/* device properties that are scalars of some type */
static int device_scalar(cl_device_info what, cl_ulong *v, size_t *n)
{
    *n = sizeof(cl_uint);
    switch (what) {
    case CL_DEVICE_VENDOR_ID: *v = 0x1002; return 1;
    case CL_DEVICE_MAX_COMPUTE_UNITS: *v = 1; return 1;
    case CL_DEVICE_MAX_WORK_ITEM_DIMENSIONS: *v = 3; return 1;
    case CL_DEVICE_MAX_CLOCK_FREQUENCY: *v = OCL_CLOCK_MHZ; return 1;
    case CL_DEVICE_ADDRESS_BITS: *v = 64; return 1;
    case CL_DEVICE_MEM_BASE_ADDR_ALIGN: *v = 2048; return 1;
    case CL_DEVICE_MIN_DATA_TYPE_ALIGN_SIZE: *v = 128; return 1;
    case CL_DEVICE_MAX_CONSTANT_ARGS: *v = 8; return 1;
    case CL_DEVICE_GLOBAL_MEM_CACHELINE_SIZE: *v = 64; return 1;
    case CL_DEVICE_PREFERRED_VECTOR_WIDTH_CHAR: case CL_DEVICE_NATIVE_VECTOR_WIDTH_CHAR: *v = 4; return 1;
    case CL_DEVICE_PREFERRED_VECTOR_WIDTH_SHORT: case CL_DEVICE_NATIVE_VECTOR_WIDTH_SHORT: *v = 2; return 1;
    case CL_DEVICE_PREFERRED_VECTOR_WIDTH_INT: case CL_DEVICE_NATIVE_VECTOR_WIDTH_INT:
    case CL_DEVICE_PREFERRED_VECTOR_WIDTH_LONG: case CL_DEVICE_NATIVE_VECTOR_WIDTH_LONG:
    case CL_DEVICE_PREFERRED_VECTOR_WIDTH_FLOAT: case CL_DEVICE_NATIVE_VECTOR_WIDTH_FLOAT:
    case CL_DEVICE_PREFERRED_VECTOR_WIDTH_DOUBLE: case CL_DEVICE_NATIVE_VECTOR_WIDTH_DOUBLE: *v = 1; return 1;
    case CL_DEVICE_PREFERRED_VECTOR_WIDTH_HALF: case CL_DEVICE_NATIVE_VECTOR_WIDTH_HALF: *v = 0; return 1;
    case CL_DEVICE_IMAGE_SUPPORT: case CL_DEVICE_ERROR_CORRECTION_SUPPORT: case CL_DEVICE_HOST_UNIFIED_MEMORY:
        *v = CL_FALSE; return 1;
    case CL_DEVICE_AVAILABLE: case CL_DEVICE_COMPILER_AVAILABLE: case CL_DEVICE_LINKER_AVAILABLE:
    case CL_DEVICE_ENDIAN_LITTLE: case CL_DEVICE_PREFERRED_INTEROP_USER_SYNC: *v = CL_TRUE; return 1;
    case CL_DEVICE_PARTITION_MAX_SUB_DEVICES: case CL_DEVICE_MAX_READ_IMAGE_ARGS:
    case CL_DEVICE_MAX_WRITE_IMAGE_ARGS: case CL_DEVICE_MAX_SAMPLERS: *v = 0; return 1;
    case CL_DEVICE_REFERENCE_COUNT: *v = 1; return 1;
    case CL_DEVICE_MAX_WORK_GROUP_SIZE: case CL_DEVICE_IMAGE2D_MAX_WIDTH: case CL_DEVICE_IMAGE2D_MAX_HEIGHT:
    case CL_DEVICE_IMAGE3D_MAX_WIDTH: case CL_DEVICE_IMAGE3D_MAX_HEIGHT: case CL_DEVICE_IMAGE3D_MAX_DEPTH:
    case CL_DEVICE_MAX_PARAMETER_SIZE: case CL_DEVICE_PROFILING_TIMER_RESOLUTION:
    case CL_DEVICE_IMAGE_MAX_BUFFER_SIZE: case CL_DEVICE_IMAGE_MAX_ARRAY_SIZE: case CL_DEVICE_PRINTF_BUFFER_SIZE:
        *n = sizeof(size_t);
        *v = what == CL_DEVICE_MAX_WORK_GROUP_SIZE ? OCL_MAX_WG
           : what == CL_DEVICE_MAX_PARAMETER_SIZE ? 1024 : what == CL_DEVICE_PROFILING_TIMER_RESOLUTION ? 1 : 0;
        return 1;
    case CL_DEVICE_MAX_MEM_ALLOC_SIZE: *n = 8; *v = OCL_MAX_ALLOC; return 1;
    case CL_DEVICE_GLOBAL_MEM_CACHE_SIZE: *n = 8; *v = 16 * 1024; return 1;
    case CL_DEVICE_GLOBAL_MEM_SIZE: *n = 8; *v = 4 * OCL_MAX_ALLOC; return 1;
    case CL_DEVICE_MAX_CONSTANT_BUFFER_SIZE: *n = 8; *v = 64 * 1024; return 1;
    case CL_DEVICE_LOCAL_MEM_SIZE: *n = 8; *v = OCL_LOCAL_MEM; return 1;
    case CL_DEVICE_TYPE: *n = 8; *v = CL_DEVICE_TYPE_GPU; return 1;
    case CL_DEVICE_LOCAL_MEM_TYPE: *v = CL_LOCAL; return 1;
    case CL_DEVICE_GLOBAL_MEM_CACHE_TYPE: *v = CL_READ_WRITE_CACHE; return 1;
    case CL_DEVICE_SINGLE_FP_CONFIG:
    case CL_DEVICE_DOUBLE_FP_CONFIG:
        *n = 8;
        *v = CL_FP_DENORM | CL_FP_INF_NAN | CL_FP_ROUND_TO_NEAREST | CL_FP_ROUND_TO_ZERO | CL_FP_ROUND_TO_INF | CL_FP_FMA;
        return 1;
    case CL_DEVICE_EXECUTION_CAPABILITIES: *n = 8; *v = CL_EXEC_KERNEL; return 1;
    case CL_DEVICE_QUEUE_PROPERTIES: *n = 8; *v = CL_QUEUE_PROFILING_ENABLE | CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE; return 1;
    case CL_DEVICE_PARTITION_AFFINITY_DOMAIN: *n = 8; *v = 0; return 1;
    default: return 0;
    }
}

static cl_int device_string(cl_device_info what, size_t sz, void *val, size_t *ret)
{
    switch (what) {
    case CL_DEVICE_NAME: return ocl_info_str(sz, val, ret, OCL_DEVICE_NAME);
    case CL_DEVICE_VENDOR: return ocl_info_str(sz, val, ret, "sicu project");
    case CL_DRIVER_VERSION: return ocl_info_str(sz, val, ret, "1.0");
    case CL_DEVICE_PROFILE: return ocl_info_str(sz, val, ret, "FULL_PROFILE");
    case CL_DEVICE_VERSION: return ocl_info_str(sz, val, ret, "OpenCL 1.2 sicu");
    case CL_DEVICE_OPENCL_C_VERSION: return ocl_info_str(sz, val, ret, "OpenCL C 1.2 ");
    case CL_DEVICE_EXTENSIONS: return ocl_info_str(sz, val, ret, OCL_EXTENSIONS);
    case CL_DEVICE_BUILT_IN_KERNELS: return ocl_info_str(sz, val, ret, "");
    default: return CL_INVALID_VALUE;
    }
}

OCL_API cl_int clGetDeviceInfo(cl_device_id d, cl_device_info what, size_t sz, void *val, size_t *ret)
{
    if (d != &ocl_device)
        return CL_INVALID_DEVICE;
    cl_ulong v;
    size_t n;
    if (device_scalar(what, &v, &n)) {
        if (n == sizeof(cl_uint)) {
            cl_uint u = (cl_uint)v;
            return ocl_info(sz, val, ret, &u, n);
        }
        if (n == sizeof(size_t)) {
            size_t s = (size_t)v;
            return ocl_info(sz, val, ret, &s, n);
        }
        return ocl_info(sz, val, ret, &v, n);
    }
    switch (what) {
    case CL_DEVICE_MAX_WORK_ITEM_SIZES: {
        size_t s[3] = {OCL_MAX_WG, OCL_MAX_WG, OCL_MAX_WG};
        return ocl_info(sz, val, ret, s, sizeof s);
    }
    case CL_DEVICE_PLATFORM: {
        cl_platform_id p = &ocl_platform;
        return ocl_info(sz, val, ret, &p, sizeof p);
    }
    case CL_DEVICE_PARENT_DEVICE: {
        cl_device_id p = NULL;
        return ocl_info(sz, val, ret, &p, sizeof p);
    }
    case CL_DEVICE_PARTITION_PROPERTIES: case CL_DEVICE_PARTITION_TYPE: {
        cl_device_partition_property z = 0;
        return ocl_info(sz, val, ret, &z, sizeof z);
    }
    default: return device_string(what, sz, val, ret);
    }
}

OCL_API cl_int clRetainDevice(cl_device_id d) { return d == &ocl_device ? CL_SUCCESS : CL_INVALID_DEVICE; }
OCL_API cl_int clReleaseDevice(cl_device_id d) { return d == &ocl_device ? CL_SUCCESS : CL_INVALID_DEVICE; }

/* ------------------------------------------------------------ contexts */

static cl_context new_context(const cl_context_properties *props, cl_int *err)
{
    cl_context c = calloc(1, sizeof *c);
    if (!c) {
        *err = CL_OUT_OF_HOST_MEMORY;
        return NULL;
    }
    c->dispatch = &ocl_dispatch;
    c->refs = 1;
    for (size_t i = 0; props && props[i]; i += 2) {
        if (props[i] != CL_CONTEXT_PLATFORM && props[i] != CL_CONTEXT_INTEROP_USER_SYNC) {
            *err = CL_INVALID_PROPERTY;
            free(c);
            return NULL;
        }
        if (props[i] == CL_CONTEXT_PLATFORM && (cl_platform_id)props[i + 1] != &ocl_platform) {
            *err = CL_INVALID_PLATFORM;
            free(c);
            return NULL;
        }
        if (c->nprops + 3 > sizeof c->props / sizeof c->props[0]) {
            *err = CL_INVALID_PROPERTY;
            free(c);
            return NULL;
        }
        c->props[c->nprops++] = props[i];
        c->props[c->nprops++] = props[i + 1];
    }
    if (props)
        c->props[c->nprops++] = 0;
    *err = CL_SUCCESS;
    return c;
}

OCL_API cl_context clCreateContext(const cl_context_properties *props, cl_uint ndev, const cl_device_id *devs,
                                   void(CL_CALLBACK *notify)(const char *, const void *, size_t, void *), void *user,
                                   cl_int *errcode)
{
    cl_int err = CL_SUCCESS, dummy;
    cl_context c = NULL;
    if (!errcode)
        errcode = &dummy;
    if (ndev == 0 || !devs || (!notify && user))
        err = CL_INVALID_VALUE;
    for (cl_uint i = 0; err == CL_SUCCESS && i < ndev; i++)
        if (devs[i] != &ocl_device)
            err = CL_INVALID_DEVICE;
    if (err == CL_SUCCESS)
        c = new_context(props, &err);
    *errcode = err;
    return c;
}

OCL_API cl_context clCreateContextFromType(const cl_context_properties *props, cl_device_type type,
                                           void(CL_CALLBACK *notify)(const char *, const void *, size_t, void *),
                                           void *user, cl_int *errcode)
{
    cl_int dummy;
    cl_uint n = 0;
    if (!errcode)
        errcode = &dummy;
    if (!notify && user) {
        *errcode = CL_INVALID_VALUE;
        return NULL;
    }
    cl_int err = clGetDeviceIDs(NULL, type, 0, NULL, &n);
    if (err != CL_SUCCESS) {
        *errcode = err;
        return NULL;
    }
    return new_context(props, errcode);
}

OCL_API cl_int clRetainContext(cl_context c)
{
    if (!ocl_valid_ctx(c))
        return CL_INVALID_CONTEXT;
    c->refs++;
    return CL_SUCCESS;
}

OCL_API cl_int clReleaseContext(cl_context c)
{
    if (!ocl_valid_ctx(c))
        return CL_INVALID_CONTEXT;
    if (--c->refs == 0) {
        c->dispatch = NULL;
        free(c);
    }
    return CL_SUCCESS;
}

OCL_API cl_int clGetContextInfo(cl_context c, cl_context_info what, size_t sz, void *val, size_t *ret)
{
    if (!ocl_valid_ctx(c))
        return CL_INVALID_CONTEXT;
    cl_uint u;
    cl_device_id d = &ocl_device;
    switch (what) {
    case CL_CONTEXT_REFERENCE_COUNT: u = c->refs; return ocl_info(sz, val, ret, &u, sizeof u);
    case CL_CONTEXT_NUM_DEVICES: u = 1; return ocl_info(sz, val, ret, &u, sizeof u);
    case CL_CONTEXT_DEVICES: return ocl_info(sz, val, ret, &d, sizeof d);
    case CL_CONTEXT_PROPERTIES: return ocl_info(sz, val, ret, c->props, c->nprops * sizeof c->props[0]);
    default: return CL_INVALID_VALUE;
    }
}
