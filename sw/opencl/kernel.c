/* libsicu-opencl: program queries, kernels and their arguments (checked
 * against the code object's metadata). */
#include "ocl.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char *kernel_names(cl_program p)
{
    size_t n = 1;
    for (int i = 0; i < p->co.nkernels; i++)
        n += strlen(p->co.kernels[i].name) + 1;
    char *s = calloc(1, n);
    for (int i = 0; s && i < p->co.nkernels; i++) {
        if (i)
            strcat(s, ";");
        strcat(s, p->co.kernels[i].name);
    }
    return s;
}

static cl_int binary_info(cl_program p, cl_program_info what, size_t sz, void *val, size_t *ret)
{
    FILE *f = p->built ? fopen(p->obj, "rb") : NULL;
    size_t len = 0;
    if (f) {
        fseek(f, 0, SEEK_END);
        len = (size_t)ftell(f);
        fseek(f, 0, SEEK_SET);
    }
    cl_int err;
    if (what == CL_PROGRAM_BINARY_SIZES) {
        err = ocl_info(sz, val, ret, &len, sizeof len);
    } else {
        err = ocl_info(sz, NULL, ret, NULL, sizeof(unsigned char *));
        if (val && sz < sizeof(unsigned char *))
            err = CL_INVALID_VALUE;
        else if (val && f && *(unsigned char **)val && fread(*(unsigned char **)val, 1, len, f) != len)
            err = CL_OUT_OF_HOST_MEMORY;
    }
    if (f)
        fclose(f);
    return err;
}

OCL_API cl_int clGetProgramInfo(cl_program p, cl_program_info what, size_t sz, void *val, size_t *ret)
{
    if (!ocl_valid_program(p))
        return CL_INVALID_PROGRAM;
    cl_uint u;
    size_t z;
    cl_device_id d = &ocl_device;
    switch (what) {
    case CL_PROGRAM_REFERENCE_COUNT: u = p->refs; return ocl_info(sz, val, ret, &u, sizeof u);
    case CL_PROGRAM_CONTEXT: return ocl_info(sz, val, ret, &p->ctx, sizeof p->ctx);
    case CL_PROGRAM_NUM_DEVICES: u = 1; return ocl_info(sz, val, ret, &u, sizeof u);
    case CL_PROGRAM_DEVICES: return ocl_info(sz, val, ret, &d, sizeof d);
    case CL_PROGRAM_SOURCE: return ocl_info_str(sz, val, ret, p->source ? p->source : "");
    case CL_PROGRAM_BINARY_SIZES: case CL_PROGRAM_BINARIES: return binary_info(p, what, sz, val, ret);
    case CL_PROGRAM_NUM_KERNELS:
        if (!p->built)
            return CL_INVALID_PROGRAM_EXECUTABLE;
        z = (size_t)p->co.nkernels;
        return ocl_info(sz, val, ret, &z, sizeof z);
    case CL_PROGRAM_KERNEL_NAMES: {
        if (!p->built)
            return CL_INVALID_PROGRAM_EXECUTABLE;
        char *s = kernel_names(p);
        cl_int err = s ? ocl_info_str(sz, val, ret, s) : CL_OUT_OF_HOST_MEMORY;
        free(s);
        return err;
    }
    default: return CL_INVALID_VALUE;
    }
}

OCL_API cl_int clGetProgramBuildInfo(cl_program p, cl_device_id d, cl_program_build_info what, size_t sz, void *val,
                                     size_t *ret)
{
    if (!ocl_valid_program(p))
        return CL_INVALID_PROGRAM;
    if (d != &ocl_device)
        return CL_INVALID_DEVICE;
    cl_program_binary_type bt = p->built ? CL_PROGRAM_BINARY_TYPE_EXECUTABLE : CL_PROGRAM_BINARY_TYPE_NONE;
    switch (what) {
    case CL_PROGRAM_BUILD_STATUS: return ocl_info(sz, val, ret, &p->status, sizeof p->status);
    case CL_PROGRAM_BUILD_OPTIONS: return ocl_info_str(sz, val, ret, p->options ? p->options : "");
    case CL_PROGRAM_BUILD_LOG: return ocl_info_str(sz, val, ret, p->log ? p->log : "");
    case CL_PROGRAM_BINARY_TYPE: return ocl_info(sz, val, ret, &bt, sizeof bt);
    default: return CL_INVALID_VALUE;
    }
}

OCL_API cl_int clUnloadCompiler(void) { return CL_SUCCESS; }
OCL_API cl_int clUnloadPlatformCompiler(cl_platform_id p) { return p == &ocl_platform ? CL_SUCCESS : CL_INVALID_PLATFORM; }

/* ------------------------------------------------------------ kernels */

static cl_kernel new_kernel(cl_program p, const si_kernel *k, cl_int *errcode)
{
    cl_kernel kn = calloc(1, sizeof *kn);
    cl_uint n = 0;
    for (int i = 0; i < k->nargs; i++)
        n += k->args[i].kind != SI_ARG_HIDDEN;
    ocl_arg *args = calloc(n ? n : 1, sizeof *args);
    if (!kn || !args) {
        free(kn);
        free(args);
        *errcode = CL_OUT_OF_HOST_MEMORY;
        return NULL;
    }
    for (int i = 0, j = 0; i < k->nargs; i++)
        if (k->args[i].kind != SI_ARG_HIDDEN)
            args[j++].desc = &k->args[i];
    kn->dispatch = &ocl_dispatch;
    kn->refs = 1;
    kn->prog = p;
    kn->k = k;
    kn->nargs = n;
    kn->args = args;
    p->refs++;
    p->kernels++;
    *errcode = CL_SUCCESS;
    return kn;
}

OCL_API cl_kernel clCreateKernel(cl_program p, const char *name, cl_int *errcode)
{
    cl_int dummy;
    if (!errcode)
        errcode = &dummy;
    if (!ocl_valid_program(p)) {
        *errcode = CL_INVALID_PROGRAM;
        return NULL;
    }
    if (!p->built) {
        *errcode = CL_INVALID_PROGRAM_EXECUTABLE;
        return NULL;
    }
    if (!name) {
        *errcode = CL_INVALID_VALUE;
        return NULL;
    }
    const si_kernel *k = si_codeobj_find(&p->co, name);
    if (!k) {
        ocl_debug("clCreateKernel: no kernel '%s' in the program", name);
        *errcode = CL_INVALID_KERNEL_NAME;
        return NULL;
    }
    return new_kernel(p, k, errcode);
}

OCL_API cl_int clCreateKernelsInProgram(cl_program p, cl_uint n, cl_kernel *out, cl_uint *num)
{
    if (!ocl_valid_program(p))
        return CL_INVALID_PROGRAM;
    if (!p->built)
        return CL_INVALID_PROGRAM_EXECUTABLE;
    if (out && n < (cl_uint)p->co.nkernels)
        return CL_INVALID_VALUE;
    for (int i = 0; out && i < p->co.nkernels; i++) {
        cl_int err;
        out[i] = new_kernel(p, &p->co.kernels[i], &err);
        if (!out[i])
            return err;
    }
    if (num)
        *num = (cl_uint)p->co.nkernels;
    return CL_SUCCESS;
}

OCL_API cl_int clRetainKernel(cl_kernel k)
{
    if (!ocl_valid_kernel(k))
        return CL_INVALID_KERNEL;
    k->refs++;
    return CL_SUCCESS;
}

static void clear_arg(ocl_arg *a)
{
    if (a->mem)
        clReleaseMemObject(a->mem);
    free(a->bytes);
    a->mem = NULL;
    a->bytes = NULL;
    a->set = 0;
}

OCL_API cl_int clReleaseKernel(cl_kernel k)
{
    if (!ocl_valid_kernel(k))
        return CL_INVALID_KERNEL;
    if (--k->refs == 0) {
        cl_program p = k->prog;
        for (cl_uint i = 0; i < k->nargs; i++)
            clear_arg(&k->args[i]);
        free(k->args);
        k->dispatch = NULL;
        free(k);
        p->kernels--;
        clReleaseProgram(p);
    }
    return CL_SUCCESS;
}

/* a global buffer argument: sizeof(cl_mem), the value a cl_mem or NULL */
static cl_int set_buffer_arg(cl_kernel k, ocl_arg *a, size_t size, const void *val)
{
    if (size != sizeof(cl_mem))
        return CL_INVALID_ARG_SIZE;
    cl_mem m = val ? *(const cl_mem *)val : NULL;
    if (m && (!ocl_valid_mem(m) || m->ctx != k->prog->ctx))
        return CL_INVALID_MEM_OBJECT;
    clear_arg(a);
    if (m)
        m->refs++;
    a->mem = m;
    a->set = 1;
    return CL_SUCCESS;
}

OCL_API cl_int clSetKernelArg(cl_kernel k, cl_uint idx, size_t size, const void *val)
{
    if (!ocl_valid_kernel(k))
        return CL_INVALID_KERNEL;
    if (idx >= k->nargs)
        return CL_INVALID_ARG_INDEX;
    ocl_arg *a = &k->args[idx];
    const si_kernarg_desc *d = a->desc;
    cl_int err = CL_SUCCESS;
    switch (d->kind) {
    case SI_ARG_GLOBAL_BUFFER: err = set_buffer_arg(k, a, size, val); break;
    case SI_ARG_DYN_LOCAL:
        if (val)
            err = CL_INVALID_ARG_VALUE;
        else if (size == 0 || size > OCL_LOCAL_MEM)
            err = CL_INVALID_ARG_SIZE;
        else {
            clear_arg(a);
            a->size = size;
            a->set = 1;
        }
        break;
    default: {
        if (size != d->size)
            err = CL_INVALID_ARG_SIZE;
        else if (!val)
            err = CL_INVALID_ARG_VALUE;
        uint8_t *b = err == CL_SUCCESS ? malloc(size) : NULL;
        if (err == CL_SUCCESS && !b)
            err = CL_OUT_OF_HOST_MEMORY;
        if (err == CL_SUCCESS) {
            memcpy(b, val, size);
            clear_arg(a);
            a->bytes = b;
            a->size = size;
            a->set = 1;
        }
    }
    }
    if (err != CL_SUCCESS)
        ocl_debug("clSetKernelArg(%s, %u: %s %s, size %zu): error %d (metadata: %s, %u bytes)", k->k->name, idx,
                  d->type_name, d->name, size, err, d->value_kind, d->size);
    return err;
}

OCL_API cl_int clGetKernelInfo(cl_kernel k, cl_kernel_info what, size_t sz, void *val, size_t *ret)
{
    if (!ocl_valid_kernel(k))
        return CL_INVALID_KERNEL;
    cl_uint u;
    switch (what) {
    case CL_KERNEL_FUNCTION_NAME: return ocl_info_str(sz, val, ret, k->k->name);
    case CL_KERNEL_NUM_ARGS: u = k->nargs; return ocl_info(sz, val, ret, &u, sizeof u);
    case CL_KERNEL_REFERENCE_COUNT: u = k->refs; return ocl_info(sz, val, ret, &u, sizeof u);
    case CL_KERNEL_CONTEXT: return ocl_info(sz, val, ret, &k->prog->ctx, sizeof k->prog->ctx);
    case CL_KERNEL_PROGRAM: return ocl_info(sz, val, ret, &k->prog, sizeof k->prog);
    case CL_KERNEL_ATTRIBUTES: return ocl_info_str(sz, val, ret, "");
    default: return CL_INVALID_VALUE;
    }
}

OCL_API cl_int clGetKernelArgInfo(cl_kernel k, cl_uint idx, cl_kernel_arg_info what, size_t sz, void *val,
                                  size_t *ret)
{
    if (!ocl_valid_kernel(k))
        return CL_INVALID_KERNEL;
    if (idx >= k->nargs)
        return CL_INVALID_ARG_INDEX;
    const si_kernarg_desc *d = k->args[idx].desc;
    cl_kernel_arg_address_qualifier aq = d->kind == SI_ARG_GLOBAL_BUFFER ? CL_KERNEL_ARG_ADDRESS_GLOBAL
                                       : d->kind == SI_ARG_DYN_LOCAL      ? CL_KERNEL_ARG_ADDRESS_LOCAL
                                                                          : CL_KERNEL_ARG_ADDRESS_PRIVATE;
    if (!strcmp(d->address_space, "constant"))
        aq = CL_KERNEL_ARG_ADDRESS_CONSTANT;
    cl_kernel_arg_access_qualifier acc = CL_KERNEL_ARG_ACCESS_NONE;
    cl_kernel_arg_type_qualifier tq = d->is_const ? CL_KERNEL_ARG_TYPE_CONST : CL_KERNEL_ARG_TYPE_NONE;
    switch (what) {
    case CL_KERNEL_ARG_ADDRESS_QUALIFIER: return ocl_info(sz, val, ret, &aq, sizeof aq);
    case CL_KERNEL_ARG_ACCESS_QUALIFIER: return ocl_info(sz, val, ret, &acc, sizeof acc);
    case CL_KERNEL_ARG_TYPE_QUALIFIER: return ocl_info(sz, val, ret, &tq, sizeof tq);
    case CL_KERNEL_ARG_TYPE_NAME: return ocl_info_str(sz, val, ret, d->type_name);
    case CL_KERNEL_ARG_NAME: return ocl_info_str(sz, val, ret, d->name);
    default: return CL_INVALID_VALUE;
    }
}

OCL_API cl_int clGetKernelWorkGroupInfo(cl_kernel k, cl_device_id dev, cl_kernel_work_group_info what, size_t sz,
                                        void *val, size_t *ret)
{
    if (!ocl_valid_kernel(k))
        return CL_INVALID_KERNEL;
    if (dev && dev != &ocl_device)
        return CL_INVALID_DEVICE;
    size_t z, wg[3] = {k->k->reqd_wg[0], k->k->reqd_wg[1], k->k->reqd_wg[2]};
    cl_ulong u;
    switch (what) {
    case CL_KERNEL_WORK_GROUP_SIZE:
        z = k->k->max_flat_wg && k->k->max_flat_wg < OCL_MAX_WG ? k->k->max_flat_wg : OCL_MAX_WG;
        return ocl_info(sz, val, ret, &z, sizeof z);
    case CL_KERNEL_COMPILE_WORK_GROUP_SIZE: return ocl_info(sz, val, ret, wg, sizeof wg);
    case CL_KERNEL_PREFERRED_WORK_GROUP_SIZE_MULTIPLE: z = 64; return ocl_info(sz, val, ret, &z, sizeof z);
    case CL_KERNEL_LOCAL_MEM_SIZE:
        u = k->k->group_segment_fixed_size;
        for (cl_uint i = 0; i < k->nargs; i++)
            if (k->args[i].set && k->args[i].desc->kind == SI_ARG_DYN_LOCAL)
                u += (k->args[i].size + 15) & ~(cl_ulong)15;
        return ocl_info(sz, val, ret, &u, sizeof u);
    case CL_KERNEL_PRIVATE_MEM_SIZE: u = k->k->private_segment_fixed_size; return ocl_info(sz, val, ret, &u, sizeof u);
    default: return CL_INVALID_VALUE;
    }
}
