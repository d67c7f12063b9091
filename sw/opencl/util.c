/* libsicu-opencl: small helpers shared by the API files. */
#include "ocl.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

cl_int ocl_info(size_t sz, void *val, size_t *ret, const void *src, size_t n)
{
    if (val) {
        if (sz < n)
            return CL_INVALID_VALUE;
        memcpy(val, src, n);
    }
    if (ret)
        *ret = n;
    return CL_SUCCESS;
}

cl_int ocl_info_str(size_t sz, void *val, size_t *ret, const char *s)
{
    return ocl_info(sz, val, ret, s, strlen(s) + 1);
}

/* Errors that make a command fail (engine, compiler): always on stderr. */
void ocl_log(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fputs("sicu-opencl: error: ", stderr);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
}

/* Why an API call returned an error code: on stderr with SICU_OCL_VERBOSE=1. */
void ocl_debug(const char *fmt, ...)
{
    const char *v = getenv("SICU_OCL_VERBOSE");
    if (!v || !*v || !strcmp(v, "0"))
        return;
    va_list ap;
    va_start(ap, fmt);
    fputs("sicu-opencl: ", stderr);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
}

cl_ulong ocl_now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (cl_ulong)ts.tv_sec * 1000000000ull + (cl_ulong)ts.tv_nsec;
}

int ocl_valid_ctx(cl_context c) { return c && c->dispatch == &ocl_dispatch && c->refs > 0; }
int ocl_valid_queue(cl_command_queue q) { return q && q->dispatch == &ocl_dispatch && q->refs > 0; }
int ocl_valid_mem(cl_mem m) { return m && m->dispatch == &ocl_dispatch && m->refs > 0; }
int ocl_valid_program(cl_program p) { return p && p->dispatch == &ocl_dispatch && p->refs > 0; }
int ocl_valid_kernel(cl_kernel k) { return k && k->dispatch == &ocl_dispatch && k->refs > 0; }
int ocl_valid_event(cl_event e) { return e && e->dispatch == &ocl_dispatch && e->refs > 0; }

cl_int ocl_check_wait(cl_uint n, const cl_event *list)
{
    if ((n == 0) != (list == NULL))
        return CL_INVALID_EVENT_WAIT_LIST;
    for (cl_uint i = 0; i < n; i++)
        if (!ocl_valid_event(list[i]))
            return CL_INVALID_EVENT_WAIT_LIST;
    return CL_SUCCESS;
}

cl_ulong ocl_xfer_ns(size_t n)
{
    return (cl_ulong)(n + 15) / 16;
}

/* Every command has completed when this is called.  Device time: a command
 * starts when it is submitted or when the previous one on the queue ended,
 * whichever is later, and lasts `dur` ns (docs/opencl.md, Profiling). */
cl_int ocl_complete(cl_command_queue q, cl_command_type type, cl_ulong queued, cl_ulong dur, cl_event *ev)
{
    cl_ulong start = queued > q->last_end ? queued : q->last_end;
    q->last_end = start + dur;
    if (!ev)
        return CL_SUCCESS;
    cl_event e = calloc(1, sizeof *e);
    if (!e)
        return CL_OUT_OF_HOST_MEMORY;
    e->dispatch = &ocl_dispatch;
    e->refs = 1;
    e->ctx = q->ctx;
    e->queue = q;
    e->type = type;
    e->t[0] = queued;
    e->t[1] = queued;
    e->t[2] = start;
    e->t[3] = start + dur;
    q->refs++;
    *ev = e;
    return CL_SUCCESS;
}
