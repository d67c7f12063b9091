/* libsicu-opencl: buffers and the transfer commands.  A buffer's storage is
 * host memory (the host pointer itself with CL_MEM_USE_HOST_PTR); each
 * dispatch copies it into the engine's device memory and back. */
#include "ocl.h"

#include <stdlib.h>
#include <string.h>

#define RW_FLAGS (CL_MEM_READ_WRITE | CL_MEM_WRITE_ONLY | CL_MEM_READ_ONLY)
#define HOST_FLAGS (CL_MEM_USE_HOST_PTR | CL_MEM_ALLOC_HOST_PTR | CL_MEM_COPY_HOST_PTR)
#define HOSTACC_FLAGS (CL_MEM_HOST_WRITE_ONLY | CL_MEM_HOST_READ_ONLY | CL_MEM_HOST_NO_ACCESS)

static int one_bit_at_most(cl_mem_flags f) { return (f & (f - 1)) == 0; }

static cl_int check_flags(cl_mem_flags f, size_t size, void *host)
{
    if (f & ~(cl_mem_flags)(RW_FLAGS | HOST_FLAGS | HOSTACC_FLAGS))
        return CL_INVALID_VALUE;
    if (!one_bit_at_most(f & RW_FLAGS) || !one_bit_at_most(f & HOSTACC_FLAGS))
        return CL_INVALID_VALUE;
    if ((f & CL_MEM_USE_HOST_PTR) && (f & (CL_MEM_ALLOC_HOST_PTR | CL_MEM_COPY_HOST_PTR)))
        return CL_INVALID_VALUE;
    if (!!host != !!(f & (CL_MEM_USE_HOST_PTR | CL_MEM_COPY_HOST_PTR)))
        return CL_INVALID_HOST_PTR;
    if (size == 0 || size > OCL_MAX_ALLOC)
        return CL_INVALID_BUFFER_SIZE;
    return CL_SUCCESS;
}

OCL_API cl_mem clCreateBuffer(cl_context c, cl_mem_flags flags, size_t size, void *host, cl_int *errcode)
{
    cl_int dummy, err;
    if (!errcode)
        errcode = &dummy;
    if (!ocl_valid_ctx(c)) {
        *errcode = CL_INVALID_CONTEXT;
        return NULL;
    }
    if (flags == 0)
        flags = CL_MEM_READ_WRITE;
    if ((err = check_flags(flags, size, host)) != CL_SUCCESS) {
        ocl_debug("clCreateBuffer: bad flags 0x%llx, size %zu or host pointer %p (error %d)",
                  (unsigned long long)flags, size, host, err);
        *errcode = err;
        return NULL;
    }
    cl_mem m = calloc(1, sizeof *m);
    uint8_t *data = (flags & CL_MEM_USE_HOST_PTR) ? host : calloc(1, size);
    if (!m || !data) {
        free(m);
        *errcode = CL_MEM_OBJECT_ALLOCATION_FAILURE;
        return NULL;
    }
    if (flags & CL_MEM_COPY_HOST_PTR)
        memcpy(data, host, size);
    m->dispatch = &ocl_dispatch;
    m->refs = 1;
    m->ctx = c;
    m->flags = flags;
    m->size = size;
    m->data = data;
    m->host_ptr = (flags & CL_MEM_USE_HOST_PTR) ? host : NULL;
    m->owns = !(flags & CL_MEM_USE_HOST_PTR);
    c->refs++;
    *errcode = CL_SUCCESS;
    return m;
}

OCL_API cl_int clRetainMemObject(cl_mem m)
{
    if (!ocl_valid_mem(m))
        return CL_INVALID_MEM_OBJECT;
    m->refs++;
    return CL_SUCCESS;
}

OCL_API cl_int clReleaseMemObject(cl_mem m)
{
    if (!ocl_valid_mem(m))
        return CL_INVALID_MEM_OBJECT;
    if (--m->refs == 0) {
        cl_context c = m->ctx;
        if (m->owns)
            free(m->data);
        m->dispatch = NULL;
        free(m);
        clReleaseContext(c);
    }
    return CL_SUCCESS;
}

OCL_API cl_int clGetMemObjectInfo(cl_mem m, cl_mem_info what, size_t sz, void *val, size_t *ret)
{
    if (!ocl_valid_mem(m))
        return CL_INVALID_MEM_OBJECT;
    cl_mem_object_type t = CL_MEM_OBJECT_BUFFER;
    cl_uint u;
    size_t z = 0;
    cl_mem none = NULL;
    switch (what) {
    case CL_MEM_TYPE: return ocl_info(sz, val, ret, &t, sizeof t);
    case CL_MEM_FLAGS: return ocl_info(sz, val, ret, &m->flags, sizeof m->flags);
    case CL_MEM_SIZE: return ocl_info(sz, val, ret, &m->size, sizeof m->size);
    case CL_MEM_HOST_PTR: return ocl_info(sz, val, ret, &m->host_ptr, sizeof m->host_ptr);
    case CL_MEM_MAP_COUNT: u = m->maps; return ocl_info(sz, val, ret, &u, sizeof u);
    case CL_MEM_REFERENCE_COUNT: u = m->refs; return ocl_info(sz, val, ret, &u, sizeof u);
    case CL_MEM_CONTEXT: return ocl_info(sz, val, ret, &m->ctx, sizeof m->ctx);
    case CL_MEM_ASSOCIATED_MEMOBJECT: return ocl_info(sz, val, ret, &none, sizeof none);
    case CL_MEM_OFFSET: return ocl_info(sz, val, ret, &z, sizeof z);
    default: return CL_INVALID_VALUE;
    }
}

/* common checks of a buffer command; the range [off, off+n) must lie inside m */
static cl_int check_cmd(cl_command_queue q, cl_mem m, size_t off, size_t n, cl_uint nw, const cl_event *wl)
{
    if (!ocl_valid_queue(q))
        return CL_INVALID_COMMAND_QUEUE;
    if (!ocl_valid_mem(m))
        return CL_INVALID_MEM_OBJECT;
    if (m->ctx != q->ctx)
        return CL_INVALID_CONTEXT;
    if (off > m->size || n > m->size - off)
        return CL_INVALID_VALUE;
    return ocl_check_wait(nw, wl);
}

OCL_API cl_int clEnqueueReadBuffer(cl_command_queue q, cl_mem m, cl_bool blocking, size_t off, size_t n, void *ptr,
                                   cl_uint nw, const cl_event *wl, cl_event *ev)
{
    cl_ulong t0 = ocl_now_ns();
    cl_int err = check_cmd(q, m, off, n, nw, wl);
    if (err == CL_SUCCESS && (!ptr || n == 0))
        err = CL_INVALID_VALUE;
    if (err != CL_SUCCESS)
        return err;
    memmove(ptr, m->data + off, n);
    return ocl_complete(q, CL_COMMAND_READ_BUFFER, t0, ocl_xfer_ns(n), ev);
}

OCL_API cl_int clEnqueueWriteBuffer(cl_command_queue q, cl_mem m, cl_bool blocking, size_t off, size_t n,
                                    const void *ptr, cl_uint nw, const cl_event *wl, cl_event *ev)
{
    cl_ulong t0 = ocl_now_ns();
    cl_int err = check_cmd(q, m, off, n, nw, wl);
    if (err == CL_SUCCESS && (!ptr || n == 0))
        err = CL_INVALID_VALUE;
    if (err != CL_SUCCESS)
        return err;
    memmove(m->data + off, ptr, n);
    return ocl_complete(q, CL_COMMAND_WRITE_BUFFER, t0, ocl_xfer_ns(n), ev);
}

OCL_API cl_int clEnqueueCopyBuffer(cl_command_queue q, cl_mem src, cl_mem dst, size_t soff, size_t doff, size_t n,
                                   cl_uint nw, const cl_event *wl, cl_event *ev)
{
    cl_ulong t0 = ocl_now_ns();
    cl_int err = check_cmd(q, src, soff, n, nw, wl);
    if (err == CL_SUCCESS)
        err = check_cmd(q, dst, doff, n, 0, NULL);
    if (err == CL_SUCCESS && n == 0)
        err = CL_INVALID_VALUE;
    if (err == CL_SUCCESS && src == dst && soff < doff + n && doff < soff + n)
        err = CL_MEM_COPY_OVERLAP;
    if (err != CL_SUCCESS)
        return err;
    memmove(dst->data + doff, src->data + soff, n);
    return ocl_complete(q, CL_COMMAND_COPY_BUFFER, t0, ocl_xfer_ns(2 * n), ev);
}

OCL_API cl_int clEnqueueFillBuffer(cl_command_queue q, cl_mem m, const void *pat, size_t psize, size_t off,
                                   size_t n, cl_uint nw, const cl_event *wl, cl_event *ev)
{
    cl_ulong t0 = ocl_now_ns();
    cl_int err = check_cmd(q, m, off, n, nw, wl);
    if (err != CL_SUCCESS)
        return err;
    if (!pat || psize == 0 || psize > 128 || (psize & (psize - 1)) || off % psize || n % psize)
        return CL_INVALID_VALUE;
    for (size_t i = 0; i < n; i += psize)
        memcpy(m->data + off + i, pat, psize);
    return ocl_complete(q, CL_COMMAND_FILL_BUFFER, t0, ocl_xfer_ns(n), ev);
}

OCL_API void *clEnqueueMapBuffer(cl_command_queue q, cl_mem m, cl_bool blocking, cl_map_flags flags, size_t off,
                                 size_t n, cl_uint nw, const cl_event *wl, cl_event *ev, cl_int *errcode)
{
    cl_int dummy;
    cl_ulong t0 = ocl_now_ns();
    if (!errcode)
        errcode = &dummy;
    cl_int err = check_cmd(q, m, off, n, nw, wl);
    if (err == CL_SUCCESS && (n == 0 || (flags & ~(cl_map_flags)(CL_MAP_READ | CL_MAP_WRITE |
                                                                 CL_MAP_WRITE_INVALIDATE_REGION))))
        err = CL_INVALID_VALUE;
    if (err == CL_SUCCESS)
        err = ocl_complete(q, CL_COMMAND_MAP_BUFFER, t0, 0, ev);
    *errcode = err;
    if (err != CL_SUCCESS)
        return NULL;
    m->maps++;
    return m->data + off;   /* the storage itself: nothing to copy back on unmap */
}

OCL_API cl_int clEnqueueUnmapMemObject(cl_command_queue q, cl_mem m, void *ptr, cl_uint nw, const cl_event *wl,
                                       cl_event *ev)
{
    cl_ulong t0 = ocl_now_ns();
    cl_int err = check_cmd(q, m, 0, 0, nw, wl);
    if (err != CL_SUCCESS)
        return err;
    if (m->maps == 0 || (uint8_t *)ptr < m->data || (uint8_t *)ptr >= m->data + m->size)
        return CL_INVALID_VALUE;
    m->maps--;
    return ocl_complete(q, CL_COMMAND_UNMAP_MEM_OBJECT, t0, 0, ev);
}
