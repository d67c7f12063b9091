/* libsicu-opencl: command queues and events.  Commands run synchronously, so
 * every event is CL_COMPLETE when its enqueue call returns. */
#include "ocl.h"

#include <stdlib.h>

OCL_API cl_command_queue clCreateCommandQueue(cl_context c, cl_device_id d, cl_command_queue_properties props,
                                              cl_int *errcode)
{
    cl_int dummy;
    if (!errcode)
        errcode = &dummy;
    if (!ocl_valid_ctx(c)) {
        *errcode = CL_INVALID_CONTEXT;
        return NULL;
    }
    if (d != &ocl_device) {
        *errcode = CL_INVALID_DEVICE;
        return NULL;
    }
    if (props & ~(cl_command_queue_properties)(CL_QUEUE_PROFILING_ENABLE | CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE)) {
        *errcode = CL_INVALID_VALUE;
        return NULL;
    }
    cl_command_queue q = calloc(1, sizeof *q);
    if (!q) {
        *errcode = CL_OUT_OF_HOST_MEMORY;
        return NULL;
    }
    q->dispatch = &ocl_dispatch;
    q->refs = 1;
    q->ctx = c;
    q->props = props;
    c->refs++;
    *errcode = CL_SUCCESS;
    return q;
}

OCL_API cl_int clRetainCommandQueue(cl_command_queue q)
{
    if (!ocl_valid_queue(q))
        return CL_INVALID_COMMAND_QUEUE;
    q->refs++;
    return CL_SUCCESS;
}

OCL_API cl_int clReleaseCommandQueue(cl_command_queue q)
{
    if (!ocl_valid_queue(q))
        return CL_INVALID_COMMAND_QUEUE;
    if (--q->refs == 0) {
        cl_context c = q->ctx;
        q->dispatch = NULL;
        free(q);
        clReleaseContext(c);
    }
    return CL_SUCCESS;
}

OCL_API cl_int clGetCommandQueueInfo(cl_command_queue q, cl_command_queue_info what, size_t sz, void *val,
                                     size_t *ret)
{
    if (!ocl_valid_queue(q))
        return CL_INVALID_COMMAND_QUEUE;
    cl_uint u = q->refs;
    cl_device_id d = &ocl_device;
    switch (what) {
    case CL_QUEUE_CONTEXT: return ocl_info(sz, val, ret, &q->ctx, sizeof q->ctx);
    case CL_QUEUE_DEVICE: return ocl_info(sz, val, ret, &d, sizeof d);
    case CL_QUEUE_REFERENCE_COUNT: return ocl_info(sz, val, ret, &u, sizeof u);
    case CL_QUEUE_PROPERTIES: return ocl_info(sz, val, ret, &q->props, sizeof q->props);
    default: return CL_INVALID_VALUE;
    }
}

OCL_API cl_int clSetCommandQueueProperty(cl_command_queue q, cl_command_queue_properties props, cl_bool enable,
                                         cl_command_queue_properties *old)
{
    if (!ocl_valid_queue(q))
        return CL_INVALID_COMMAND_QUEUE;
    if (old)
        *old = q->props;
    if (enable)
        q->props |= props;
    else
        q->props &= ~props;
    return CL_SUCCESS;
}

OCL_API cl_int clFlush(cl_command_queue q) { return ocl_valid_queue(q) ? CL_SUCCESS : CL_INVALID_COMMAND_QUEUE; }
OCL_API cl_int clFinish(cl_command_queue q) { return ocl_valid_queue(q) ? CL_SUCCESS : CL_INVALID_COMMAND_QUEUE; }

/* markers and barriers: nothing to wait for, but they are commands with events */
OCL_API cl_int clEnqueueMarkerWithWaitList(cl_command_queue q, cl_uint nw, const cl_event *wl, cl_event *ev)
{
    if (!ocl_valid_queue(q))
        return CL_INVALID_COMMAND_QUEUE;
    cl_int err = ocl_check_wait(nw, wl);
    return err != CL_SUCCESS ? err : ocl_complete(q, CL_COMMAND_MARKER, ocl_now_ns(), 0, ev);
}

OCL_API cl_int clEnqueueBarrierWithWaitList(cl_command_queue q, cl_uint nw, const cl_event *wl, cl_event *ev)
{
    if (!ocl_valid_queue(q))
        return CL_INVALID_COMMAND_QUEUE;
    cl_int err = ocl_check_wait(nw, wl);
    return err != CL_SUCCESS ? err : ocl_complete(q, CL_COMMAND_BARRIER, ocl_now_ns(), 0, ev);
}

OCL_API cl_int clEnqueueMarker(cl_command_queue q, cl_event *ev)
{
    if (!ev)
        return CL_INVALID_VALUE;
    return clEnqueueMarkerWithWaitList(q, 0, NULL, ev);
}

OCL_API cl_int clEnqueueBarrier(cl_command_queue q) { return clFinish(q); }

OCL_API cl_int clEnqueueWaitForEvents(cl_command_queue q, cl_uint n, const cl_event *list)
{
    if (!ocl_valid_queue(q))
        return CL_INVALID_COMMAND_QUEUE;
    return n == 0 ? CL_INVALID_VALUE : ocl_check_wait(n, list) != CL_SUCCESS ? CL_INVALID_EVENT : CL_SUCCESS;
}

/* ------------------------------------------------------------ events */

OCL_API cl_int clWaitForEvents(cl_uint n, const cl_event *list)
{
    if (n == 0 || !list)
        return CL_INVALID_VALUE;
    for (cl_uint i = 0; i < n; i++)
        if (!ocl_valid_event(list[i]))
            return CL_INVALID_EVENT;
    return CL_SUCCESS;
}

OCL_API cl_int clRetainEvent(cl_event e)
{
    if (!ocl_valid_event(e))
        return CL_INVALID_EVENT;
    e->refs++;
    return CL_SUCCESS;
}

OCL_API cl_int clReleaseEvent(cl_event e)
{
    if (!ocl_valid_event(e))
        return CL_INVALID_EVENT;
    if (--e->refs == 0) {
        cl_command_queue q = e->queue;
        e->dispatch = NULL;
        free(e);
        clReleaseCommandQueue(q);
    }
    return CL_SUCCESS;
}

OCL_API cl_int clGetEventInfo(cl_event e, cl_event_info what, size_t sz, void *val, size_t *ret)
{
    if (!ocl_valid_event(e))
        return CL_INVALID_EVENT;
    cl_int st = CL_COMPLETE;
    cl_uint u = e->refs;
    switch (what) {
    case CL_EVENT_COMMAND_QUEUE: return ocl_info(sz, val, ret, &e->queue, sizeof e->queue);
    case CL_EVENT_CONTEXT: return ocl_info(sz, val, ret, &e->ctx, sizeof e->ctx);
    case CL_EVENT_COMMAND_TYPE: return ocl_info(sz, val, ret, &e->type, sizeof e->type);
    case CL_EVENT_COMMAND_EXECUTION_STATUS: return ocl_info(sz, val, ret, &st, sizeof st);
    case CL_EVENT_REFERENCE_COUNT: return ocl_info(sz, val, ret, &u, sizeof u);
    default: return CL_INVALID_VALUE;
    }
}

OCL_API cl_int clGetEventProfilingInfo(cl_event e, cl_profiling_info what, size_t sz, void *val, size_t *ret)
{
    if (!ocl_valid_event(e))
        return CL_INVALID_EVENT;
    if (!(e->queue->props & CL_QUEUE_PROFILING_ENABLE))
        return CL_PROFILING_INFO_NOT_AVAILABLE;
    if (what < CL_PROFILING_COMMAND_QUEUED || what > CL_PROFILING_COMMAND_END)
        return CL_INVALID_VALUE;
    return ocl_info(sz, val, ret, &e->t[what - CL_PROFILING_COMMAND_QUEUED], sizeof(cl_ulong));
}

OCL_API cl_int clSetEventCallback(cl_event e, cl_int type, void(CL_CALLBACK *fn)(cl_event, cl_int, void *),
                                  void *user)
{
    if (!ocl_valid_event(e))
        return CL_INVALID_EVENT;
    if (!fn || (type != CL_SUBMITTED && type != CL_RUNNING && type != CL_COMPLETE))
        return CL_INVALID_VALUE;
    fn(e, CL_COMPLETE, user);   /* already complete: called at once */
    return CL_SUCCESS;
}
