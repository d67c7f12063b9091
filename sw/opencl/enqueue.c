/* libsicu-opencl: clEnqueueNDRangeKernel / clEnqueueTask: argument and
 * work-size checks, the default work-group size, the profiling event. */
#include "ocl.h"

#include <stdint.h>

/* the largest divisor of g that is <= lim */
static size_t divisor_upto(size_t g, size_t lim)
{
    for (size_t d = lim < g ? lim : g; d > 1; d--)
        if (g % d == 0)
            return d;
    return 1;
}

static size_t kernel_max_wg(cl_kernel k)
{
    return k->k->max_flat_wg && k->k->max_flat_wg < OCL_MAX_WG ? k->k->max_flat_wg : OCL_MAX_WG;
}

/* fill lws (given or chosen) and check it against gws and the kernel */
static cl_int work_sizes(cl_kernel k, cl_uint dims, const size_t *gws, const size_t *given, size_t *lws)
{
    const uint32_t *reqd = k->k->reqd_wg;
    size_t lim = kernel_max_wg(k), prod = 1;
    for (cl_uint i = 0; i < dims; i++) {
        if (gws[i] == 0 || gws[i] > UINT32_MAX)
            return CL_INVALID_GLOBAL_WORK_SIZE;
        if (given)
            lws[i] = given[i];
        else if (reqd[0])
            lws[i] = reqd[i];
        else
            lws[i] = divisor_upto(gws[i], lim / prod);
        if (lws[i] == 0 || lws[i] > OCL_MAX_WG || gws[i] % lws[i])
            return CL_INVALID_WORK_GROUP_SIZE;
        prod *= lws[i];
    }
    if (prod > lim)
        return CL_INVALID_WORK_GROUP_SIZE;
    if (reqd[0])
        for (cl_uint i = 0; i < 3; i++)
            if ((i < dims ? lws[i] : 1) != (reqd[i] ? reqd[i] : 1))
                return CL_INVALID_WORK_GROUP_SIZE;
    return CL_SUCCESS;
}

static cl_int check_kernel_args(cl_kernel k, cl_command_queue q)
{
    for (cl_uint i = 0; i < k->nargs; i++) {
        if (!k->args[i].set) {
            ocl_debug("clEnqueueNDRangeKernel(%s): argument %u (%s) not set", k->k->name, i, k->args[i].desc->name);
            return CL_INVALID_KERNEL_ARGS;
        }
        if (k->args[i].mem && k->args[i].mem->ctx != q->ctx)
            return CL_INVALID_CONTEXT;
    }
    return CL_SUCCESS;
}

OCL_API cl_int clEnqueueNDRangeKernel(cl_command_queue q, cl_kernel k, cl_uint dims, const size_t *offset,
                                      const size_t *gws, const size_t *lws, cl_uint nw, const cl_event *wl,
                                      cl_event *ev)
{
    cl_ulong t0 = ocl_now_ns(), cycles = 0;
    size_t local[3];
    if (!ocl_valid_queue(q))
        return CL_INVALID_COMMAND_QUEUE;
    if (!ocl_valid_kernel(k))
        return CL_INVALID_KERNEL;
    if (k->prog->ctx != q->ctx)
        return CL_INVALID_CONTEXT;
    if (dims < 1 || dims > 3)
        return CL_INVALID_WORK_DIMENSION;
    if (!gws)
        return CL_INVALID_GLOBAL_WORK_SIZE;
    cl_int err = ocl_check_wait(nw, wl);
    if (err == CL_SUCCESS)
        err = check_kernel_args(k, q);
    if (err == CL_SUCCESS)
        err = work_sizes(k, dims, gws, lws, local);
    /* the largest global id, offset + size - 1, must fit the device's 64-bit size_t */
    for (cl_uint i = 0; err == CL_SUCCESS && offset && i < dims; i++)
        if ((unsigned long long)offset[i] > UINT64_MAX - ((unsigned long long)gws[i] - 1)) {
            ocl_debug("clEnqueueNDRangeKernel(%s): global_work_offset[%u] %zu + global_work_size %zu overflows "
                      "size_t", k->k->name, i, offset[i], gws[i]);
            err = CL_INVALID_GLOBAL_OFFSET;
        }
    if (err == CL_SUCCESS)
        err = ocl_run_kernel(q, k, dims, offset, gws, local, &cycles);
    if (err != CL_SUCCESS)
        return err;
    /* device time: engine cycles at the nominal OCL_CLOCK_MHZ (1 cycle = 1 ns) */
    return ocl_complete(q, CL_COMMAND_NDRANGE_KERNEL, t0, cycles * 1000 / OCL_CLOCK_MHZ, ev);
}

OCL_API cl_int clEnqueueTask(cl_command_queue q, cl_kernel k, cl_uint nw, const cl_event *wl, cl_event *ev)
{
    size_t one = 1;
    return clEnqueueNDRangeKernel(q, k, 1, NULL, &one, &one, nw, wl, ev);
}
