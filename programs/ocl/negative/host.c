/* OpenCL API checks and error paths: device properties, build errors and the
 * build log, unknown kernel names, wrong argument sizes, unset arguments,
 * work sizes, global offsets, profiling on a queue without it, a kernel that
 * faults, program binaries, clEnqueueTask, a default work-group size.
 * Usage: host [kernel.cl]; exit status 0 when every check passes. */
#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int failures;

#define EXPECT(cond, what) do { if (!(cond)) { fprintf(stderr, "FAIL: %s (line %d)\n", what, __LINE__); \
    failures++; } else printf("ok: %s\n", what); } while (0)
#define EXPECT_ERR(x, code) do { cl_int e_ = (x); if (e_ != (code)) { \
    fprintf(stderr, "FAIL: %s returned %d, expected %s (%d)\n", #x, e_, #code, code); failures++; } \
    else printf("ok: %s -> %s\n", #x, #code); } while (0)

static char *read_source(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f) { fprintf(stderr, "cannot open %s\n", path); exit(1); }
    fseek(f, 0, SEEK_END);
    long len = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *s = calloc(1, (size_t)len + 1);
    if (fread(s, 1, (size_t)len, f) != (size_t)len) exit(1);
    fclose(f);
    return s;
}

static void device_checks(cl_device_id d)
{
    char name[64];
    size_t wg, sizes[3];
    cl_ulong lmem;
    cl_uint cu, bits;
    clGetDeviceInfo(d, CL_DEVICE_NAME, sizeof name, name, NULL);
    clGetDeviceInfo(d, CL_DEVICE_MAX_WORK_GROUP_SIZE, sizeof wg, &wg, NULL);
    clGetDeviceInfo(d, CL_DEVICE_MAX_WORK_ITEM_SIZES, sizeof sizes, sizes, NULL);
    clGetDeviceInfo(d, CL_DEVICE_LOCAL_MEM_SIZE, sizeof lmem, &lmem, NULL);
    clGetDeviceInfo(d, CL_DEVICE_MAX_COMPUTE_UNITS, sizeof cu, &cu, NULL);
    clGetDeviceInfo(d, CL_DEVICE_ADDRESS_BITS, sizeof bits, &bits, NULL);
    EXPECT(!strcmp(name, "sicu gfx600"), "device name 'sicu gfx600'");
    EXPECT(wg == 256 && sizes[0] == 256, "max work-group size 256");
    EXPECT(lmem == 65536, "local memory 64 KiB");
    EXPECT(cu == 1 && bits == 64, "1 compute unit, 64 address bits");
    EXPECT_ERR(clGetDeviceInfo(d, CL_DEVICE_NAME, 2, name, NULL), CL_INVALID_VALUE);
}

static void build_checks(cl_context ctx, cl_device_id d)
{
    const char *bad = "__kernel void k(__global int *p) { p[0] = undeclared_thing; }\n";
    cl_int err;
    cl_program p = clCreateProgramWithSource(ctx, 1, &bad, NULL, &err);
    EXPECT_ERR(clBuildProgram(p, 1, &d, NULL, NULL, NULL), CL_BUILD_PROGRAM_FAILURE);
    char log[8192] = "";
    cl_build_status st;
    clGetProgramBuildInfo(p, d, CL_PROGRAM_BUILD_LOG, sizeof log, log, NULL);
    clGetProgramBuildInfo(p, d, CL_PROGRAM_BUILD_STATUS, sizeof st, &st, NULL);
    EXPECT(strstr(log, "undeclared_thing") && strstr(log, "error"), "build log names the error");
    EXPECT(st == CL_BUILD_ERROR, "build status CL_BUILD_ERROR");
    EXPECT_ERR((clCreateKernel(p, "k", &err), err), CL_INVALID_PROGRAM_EXECUTABLE);
    EXPECT_ERR(clBuildProgram(p, 1, &d, "--bogus-option", NULL, NULL), CL_INVALID_BUILD_OPTIONS);
    clReleaseProgram(p);
}

static void arg_checks(cl_kernel k, cl_mem buf)
{
    int n = 3;
    double dbl = 1;
    EXPECT_ERR(clSetKernelArg(k, 1, sizeof dbl, &dbl), CL_INVALID_ARG_SIZE);
    EXPECT_ERR(clSetKernelArg(k, 0, 4, &buf), CL_INVALID_ARG_SIZE);
    EXPECT_ERR(clSetKernelArg(k, 2, 64, &n), CL_INVALID_ARG_VALUE);
    EXPECT_ERR(clSetKernelArg(k, 2, 0, NULL), CL_INVALID_ARG_SIZE);
    EXPECT_ERR(clSetKernelArg(k, 3, sizeof n, &n), CL_INVALID_ARG_INDEX);
    cl_mem notmem = (cl_mem)&n;
    EXPECT_ERR(clSetKernelArg(k, 0, sizeof(cl_mem), &notmem), CL_INVALID_MEM_OBJECT);
}

static void enqueue_checks(cl_command_queue q, cl_kernel k, cl_mem buf)
{
    size_t g = 256, l = 64, off = (size_t)-1 - 100, bigl = 512, oddl = 48; /* off + g overflows size_t */
    int n = 3, out[1000];
    EXPECT_ERR(clEnqueueNDRangeKernel(q, k, 1, NULL, &g, &l, 0, NULL, NULL), CL_INVALID_KERNEL_ARGS);
    clSetKernelArg(k, 0, sizeof buf, &buf);
    clSetKernelArg(k, 1, sizeof n, &n);
    clSetKernelArg(k, 2, 256 * sizeof(int), NULL);
    EXPECT_ERR(clEnqueueNDRangeKernel(q, k, 1, &off, &g, &l, 0, NULL, NULL), CL_INVALID_GLOBAL_OFFSET);
    EXPECT_ERR(clEnqueueNDRangeKernel(q, k, 1, NULL, &g, &bigl, 0, NULL, NULL), CL_INVALID_WORK_GROUP_SIZE);
    EXPECT_ERR(clEnqueueNDRangeKernel(q, k, 1, NULL, &g, &oddl, 0, NULL, NULL), CL_INVALID_WORK_GROUP_SIZE);
    EXPECT_ERR(clEnqueueNDRangeKernel(q, k, 4, NULL, &g, &l, 0, NULL, NULL), CL_INVALID_WORK_DIMENSION);
    cl_event ev;
    size_t g2 = 1000;   /* no local size: the runtime picks a divisor of 1000 */
    EXPECT_ERR(clEnqueueNDRangeKernel(q, k, 1, NULL, &g2, NULL, 0, NULL, &ev), CL_SUCCESS);
    cl_ulong t;
    EXPECT_ERR(clGetEventProfilingInfo(ev, CL_PROFILING_COMMAND_END, sizeof t, &t, NULL),
               CL_PROFILING_INFO_NOT_AVAILABLE);
    cl_int st;
    clGetEventInfo(ev, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof st, &st, NULL);
    EXPECT(st == CL_COMPLETE, "event complete");
    clReleaseEvent(ev);
    clEnqueueReadBuffer(q, buf, CL_TRUE, 0, sizeof out, out, 0, NULL, NULL);
    int bad = 0;
    for (int i = 0; i < 1000; i++)
        bad += out[i] != i * 3 + 1;
    EXPECT(bad == 0, "default work-group size: 1000 work-items correct");
}

static void info_checks(cl_program p, cl_kernel k, cl_mem buf)
{
    size_t nk, bsize, msize;
    char names[256], fname[64];
    cl_uint nargs;
    cl_mem_flags fl;
    clGetProgramInfo(p, CL_PROGRAM_NUM_KERNELS, sizeof nk, &nk, NULL);
    clGetProgramInfo(p, CL_PROGRAM_KERNEL_NAMES, sizeof names, names, NULL);
    clGetProgramInfo(p, CL_PROGRAM_BINARY_SIZES, sizeof bsize, &bsize, NULL);
    EXPECT(nk == 3 && strstr(names, "fill") && strstr(names, "task") && bsize > 0, "program info");
    clGetKernelInfo(k, CL_KERNEL_FUNCTION_NAME, sizeof fname, fname, NULL);
    clGetKernelInfo(k, CL_KERNEL_NUM_ARGS, sizeof nargs, &nargs, NULL);
    EXPECT(!strcmp(fname, "fill") && nargs == 3, "kernel info");
    clGetMemObjectInfo(buf, CL_MEM_SIZE, sizeof msize, &msize, NULL);
    clGetMemObjectInfo(buf, CL_MEM_FLAGS, sizeof fl, &fl, NULL);
    EXPECT(msize == 4000 && fl == CL_MEM_READ_WRITE, "mem object info");
}

/* the program through clGetProgramInfo(BINARIES) + clCreateProgramWithBinary, run as a task */
static void binary_task(cl_context ctx, cl_device_id d, cl_command_queue q, cl_program p, cl_mem buf)
{
    size_t bsize;
    cl_int err, st, n = 5, out = 0;
    clGetProgramInfo(p, CL_PROGRAM_BINARY_SIZES, sizeof bsize, &bsize, NULL);
    unsigned char *bin = malloc(bsize);
    clGetProgramInfo(p, CL_PROGRAM_BINARIES, sizeof bin, &bin, NULL);
    cl_program p2 = clCreateProgramWithBinary(ctx, 1, &d, &bsize, (const unsigned char **)&bin, &st, &err);
    EXPECT(err == CL_SUCCESS && st == CL_SUCCESS, "clCreateProgramWithBinary");
    EXPECT_ERR(clBuildProgram(p2, 1, &d, NULL, NULL, NULL), CL_SUCCESS);
    cl_kernel t = clCreateKernel(p2, "task", &err);
    clSetKernelArg(t, 0, sizeof buf, &buf);
    clSetKernelArg(t, 1, sizeof n, &n);
    EXPECT_ERR(clEnqueueTask(q, t, 0, NULL, NULL), CL_SUCCESS);
    clEnqueueReadBuffer(q, buf, CL_TRUE, 0, sizeof out, &out, 0, NULL, NULL);
    EXPECT(out == 47, "clEnqueueTask result");
    cl_kernel w = clCreateKernel(p2, "wild", &err);
    size_t g = 64;
    clSetKernelArg(w, 0, sizeof buf, &buf);
    EXPECT_ERR(clEnqueueNDRangeKernel(q, w, 1, NULL, &g, NULL, 0, NULL, NULL), CL_OUT_OF_RESOURCES);
    clReleaseKernel(w);
    clReleaseKernel(t);
    clReleaseProgram(p2);
    free(bin);
}

int main(int argc, char **argv)
{
    cl_platform_id plat;
    cl_device_id d;
    cl_int err;
    clGetPlatformIDs(1, &plat, NULL);
    clGetDeviceIDs(plat, CL_DEVICE_TYPE_GPU, 1, &d, NULL);
    EXPECT_ERR(clGetDeviceIDs(plat, CL_DEVICE_TYPE_CPU, 1, &d, NULL), CL_DEVICE_NOT_FOUND);
    device_checks(d);
    cl_context ctx = clCreateContext(NULL, 1, &d, NULL, NULL, &err);
    cl_command_queue q = clCreateCommandQueue(ctx, d, 0, &err);
    build_checks(ctx, d);
    const char *src = read_source(argc > 1 ? argv[1] : "kernel.cl");
    cl_program p = clCreateProgramWithSource(ctx, 1, &src, NULL, &err);
    EXPECT_ERR(clBuildProgram(p, 1, &d, "-D UNUSED=1 -I . -cl-std=CL1.2", NULL, NULL), CL_SUCCESS);
    EXPECT_ERR((clCreateKernel(p, "no_such_kernel", &err), err), CL_INVALID_KERNEL_NAME);
    cl_kernel k = clCreateKernel(p, "fill", &err);
    cl_mem buf = clCreateBuffer(ctx, CL_MEM_READ_WRITE, 4000, NULL, &err);
    EXPECT_ERR(clBuildProgram(p, 1, &d, NULL, NULL, NULL), CL_INVALID_OPERATION);
    arg_checks(k, buf);
    enqueue_checks(q, k, buf);
    info_checks(p, k, buf);
    binary_task(ctx, d, q, p, buf);
    clReleaseKernel(k);
    clReleaseProgram(p);
    clReleaseMemObject(buf);
    clReleaseCommandQueue(q);
    clReleaseContext(ctx);
    printf("%d failures\n", failures);
    return failures ? 1 : 0;
}
