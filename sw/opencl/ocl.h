/* libsicu-opencl: internal declarations.
 *
 * Every API object starts with the ICD dispatch pointer (cl_icd.h), so the
 * ocl-icd loader can route calls to this library; the library is also
 * linkable directly.  Execution is synchronous: every enqueued command has
 * completed when its enqueue call returns.  See docs/opencl.md. */
#ifndef SICU_OCL_H
#define SICU_OCL_H

#ifndef CL_TARGET_OPENCL_VERSION
#define CL_TARGET_OPENCL_VERSION 120
#endif
#define CL_USE_DEPRECATED_OPENCL_1_0_APIS
#define CL_USE_DEPRECATED_OPENCL_1_1_APIS
#define CL_USE_DEPRECATED_OPENCL_1_2_APIS
#include <CL/cl.h>
#include <CL/cl_icd.h>
#include <limits.h>
#include <stddef.h>
#include <stdint.h>

#include "sicu/emu.h"

#define OCL_API __attribute__((visibility("default")))
#define OCL_DEVICE_NAME "sicu gfx600"
#define OCL_MAX_WG 256u
#define OCL_LOCAL_MEM (64u * 1024u)     /* the emulator's LDS limit per work-group */
#define OCL_CLOCK_MHZ 1000u            /* nominal: 1 cycle = 1 ns (profiling)    */
#define OCL_MAX_ALLOC (1ull << 30)

extern const cl_icd_dispatch ocl_dispatch;

struct _cl_platform_id { const cl_icd_dispatch *dispatch; };
struct _cl_device_id { const cl_icd_dispatch *dispatch; };

struct _cl_context {
    const cl_icd_dispatch *dispatch;
    cl_uint refs;
    cl_context_properties props[8];
    size_t nprops;                 /* entries incl. the terminating 0, or 0 */
};

struct _cl_command_queue {
    const cl_icd_dispatch *dispatch;
    cl_uint refs;
    cl_context ctx;
    cl_command_queue_properties props;
    cl_ulong last_end;             /* device timeline (ns) for profiling */
};

struct _cl_mem {
    const cl_icd_dispatch *dispatch;
    cl_uint refs;
    cl_context ctx;
    cl_mem_flags flags;
    size_t size;
    uint8_t *data;                 /* the storage (== host_ptr with USE_HOST_PTR) */
    void *host_ptr;                /* as given at creation */
    int owns;
    cl_uint maps;
};

struct _cl_program {
    const cl_icd_dispatch *dispatch;
    cl_uint refs;
    cl_context ctx;
    char *source;
    char *options;
    char *log;
    cl_build_status status;
    char dir[PATH_MAX];            /* temporary build directory ("" = none) */
    char obj[PATH_MAX + 16];       /* the code object */
    si_codeobj co;
    int built;
    cl_uint kernels;               /* kernel objects attached */
};

typedef struct ocl_arg {
    int set;
    int kind;                      /* enum si_arg_kind */
    size_t size;                   /* metadata size (by value) or the local bytes */
    cl_mem mem;                    /* global buffer (NULL: null pointer) */
    uint8_t *bytes;                /* by-value bytes */
    const si_kernarg_desc *desc;
} ocl_arg;

struct _cl_kernel {
    const cl_icd_dispatch *dispatch;
    cl_uint refs;
    cl_program prog;
    const si_kernel *k;
    cl_uint nargs;                 /* explicit arguments */
    ocl_arg *args;
};

struct _cl_event {
    const cl_icd_dispatch *dispatch;
    cl_uint refs;
    cl_context ctx;
    cl_command_queue queue;
    cl_command_type type;
    cl_ulong t[4];                 /* queued, submit, start, end (ns) */
};

extern struct _cl_platform_id ocl_platform;
extern struct _cl_device_id ocl_device;

/* helpers (util.c) */
cl_int ocl_info(size_t sz, void *val, size_t *ret, const void *src, size_t n);
cl_int ocl_info_str(size_t sz, void *val, size_t *ret, const char *s);
void ocl_log(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void ocl_debug(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
cl_ulong ocl_now_ns(void);
int ocl_valid_ctx(cl_context c);
int ocl_valid_queue(cl_command_queue q);
int ocl_valid_mem(cl_mem m);
int ocl_valid_program(cl_program p);
int ocl_valid_kernel(cl_kernel k);
int ocl_valid_event(cl_event e);
/* check an event wait list */
cl_int ocl_check_wait(cl_uint n, const cl_event *list);
/* a completed command: create its event (if wanted) with `dur` ns of device time */
cl_int ocl_complete(cl_command_queue q, cl_command_type type, cl_ulong queued, cl_ulong dur, cl_event *ev);
/* nominal duration of a transfer of n bytes (16 bytes per ns) */
cl_ulong ocl_xfer_ns(size_t n);

/* program.c / kernel.c */
void ocl_program_unref(cl_program p);

/* ndrange.c */
cl_int ocl_run_kernel(cl_command_queue q, cl_kernel k, cl_uint dims, const size_t *offset, const size_t *gws,
                      const size_t *lws, cl_ulong *cycles);

#endif
