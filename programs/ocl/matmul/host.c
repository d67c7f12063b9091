/* Tiled matrix multiply host program (SDK-sample style): buffers created with
 * CL_MEM_USE_HOST_PTR, CL_MEM_ALLOC_HOST_PTR (filled through a map) and
 * CL_MEM_COPY_HOST_PTR; C cleared with clEnqueueFillBuffer, the result
 * copied with clEnqueueCopyBuffer and read back.  Usage: host [kernel.cl] */
#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define N 32
#define TILE 16

#define CHECK(x, what) do { cl_int e_ = (x); if (e_ != CL_SUCCESS) { \
    fprintf(stderr, "%s failed: %d\n", what, e_); exit(1); } } while (0)

static char *read_source(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f) { fprintf(stderr, "cannot open %s\n", path); exit(1); }
    fseek(f, 0, SEEK_END);
    long len = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *s = calloc(1, (size_t)len + 1);
    if (fread(s, 1, (size_t)len, f) != (size_t)len) { fprintf(stderr, "cannot read %s\n", path); exit(1); }
    fclose(f);
    return s;
}

int main(int argc, char **argv)
{
    static float A[N * N], B[N * N], C[N * N];
    cl_platform_id platform;
    cl_device_id device;
    cl_int err;
    for (int i = 0; i < N * N; i++) {
        A[i] = (float)((i * 7) % 13) - 6.0f;
        B[i] = (float)((i * 5) % 11) * 0.25f;
    }
    CHECK(clGetPlatformIDs(1, &platform, NULL), "clGetPlatformIDs");
    CHECK(clGetDeviceIDs(platform, CL_DEVICE_TYPE_GPU, 1, &device, NULL), "clGetDeviceIDs");
    size_t maxwg;
    cl_ulong lmem;
    CHECK(clGetDeviceInfo(device, CL_DEVICE_MAX_WORK_GROUP_SIZE, sizeof maxwg, &maxwg, NULL), "max wg");
    CHECK(clGetDeviceInfo(device, CL_DEVICE_LOCAL_MEM_SIZE, sizeof lmem, &lmem, NULL), "local mem");
    if (maxwg < TILE * TILE || lmem < 2 * TILE * TILE * sizeof(float)) {
        fprintf(stderr, "device too small\n");
        return 1;
    }
    cl_context_properties props[] = {CL_CONTEXT_PLATFORM, (cl_context_properties)platform, 0};
    cl_context ctx = clCreateContextFromType(props, CL_DEVICE_TYPE_GPU, NULL, NULL, &err);
    CHECK(err, "clCreateContextFromType");
    cl_command_queue q = clCreateCommandQueue(ctx, device, 0, &err);
    CHECK(err, "clCreateCommandQueue");
    cl_mem a = clCreateBuffer(ctx, CL_MEM_READ_ONLY | CL_MEM_USE_HOST_PTR, sizeof A, A, &err);
    CHECK(err, "buffer a");
    cl_mem b = clCreateBuffer(ctx, CL_MEM_READ_ONLY | CL_MEM_ALLOC_HOST_PTR, sizeof B, NULL, &err);
    CHECK(err, "buffer b");
    memset(C, 0x7f, sizeof C);
    cl_mem c = clCreateBuffer(ctx, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, sizeof C, C, &err);
    CHECK(err, "buffer c");
    cl_mem out = clCreateBuffer(ctx, CL_MEM_WRITE_ONLY, sizeof C, NULL, &err);
    CHECK(err, "buffer out");
    float *pb = clEnqueueMapBuffer(q, b, CL_TRUE, CL_MAP_WRITE, 0, sizeof B, 0, NULL, NULL, &err);
    CHECK(err, "map b");
    memcpy(pb, B, sizeof B);
    CHECK(clEnqueueUnmapMemObject(q, b, pb, 0, NULL, NULL), "unmap b");
    float zero = 0.0f;
    CHECK(clEnqueueFillBuffer(q, c, &zero, sizeof zero, 0, sizeof C, 0, NULL, NULL), "fill c");

    const char *src = read_source(argc > 1 ? argv[1] : "kernel.cl");
    cl_program prog = clCreateProgramWithSource(ctx, 1, &src, NULL, &err);
    CHECK(err, "clCreateProgramWithSource");
    if (clBuildProgram(prog, 0, NULL, "", NULL, NULL) != CL_SUCCESS) {
        char log[8192];
        clGetProgramBuildInfo(prog, device, CL_PROGRAM_BUILD_LOG, sizeof log, log, NULL);
        fprintf(stderr, "build failed:\n%s\n", log);
        return 1;
    }
    cl_kernel k = clCreateKernel(prog, "matmul_tiled", &err);
    CHECK(err, "clCreateKernel");
    int n = N;
    CHECK(clSetKernelArg(k, 0, sizeof(cl_mem), &a), "arg 0");
    CHECK(clSetKernelArg(k, 1, sizeof(cl_mem), &b), "arg 1");
    CHECK(clSetKernelArg(k, 2, sizeof(cl_mem), &c), "arg 2");
    CHECK(clSetKernelArg(k, 3, sizeof(int), &n), "arg 3");
    CHECK(clSetKernelArg(k, 4, TILE * TILE * sizeof(float), NULL), "arg 4 (local)");
    CHECK(clSetKernelArg(k, 5, TILE * TILE * sizeof(float), NULL), "arg 5 (local)");
    size_t kwg;
    cl_ulong klocal;
    CHECK(clGetKernelWorkGroupInfo(k, device, CL_KERNEL_WORK_GROUP_SIZE, sizeof kwg, &kwg, NULL), "kernel wg");
    CHECK(clGetKernelWorkGroupInfo(k, device, CL_KERNEL_LOCAL_MEM_SIZE, sizeof klocal, &klocal, NULL), "kernel lmem");
    printf("kernel work-group size %zu, local memory %llu bytes\n", kwg, (unsigned long long)klocal);
    size_t global[2] = {N, N}, local[2] = {TILE, TILE};
    CHECK(clEnqueueNDRangeKernel(q, k, 2, NULL, global, local, 0, NULL, NULL), "NDRange");
    CHECK(clEnqueueCopyBuffer(q, c, out, 0, 0, sizeof C, 0, NULL, NULL), "copy");
    CHECK(clFlush(q), "clFlush");
    CHECK(clEnqueueReadBuffer(q, out, CL_TRUE, 0, sizeof C, C, 0, NULL, NULL), "read");
    CHECK(clFinish(q), "clFinish");

    int bad = 0;
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++) {
            float s = 0.0f;
            for (int kk = 0; kk < N; kk++)
                s += A[i * N + kk] * B[kk * N + j];
            if (fabsf(s - C[i * N + j]) > 1e-3f * (1.0f + fabsf(s))) {
                if (bad < 5)
                    fprintf(stderr, "C[%d][%d] = %g, expected %g\n", i, j, C[i * N + j], s);
                bad++;
            }
        }
    printf("matmul %dx%d: %d mismatches\n", N, N, bad);
    clReleaseKernel(k);
    clReleaseProgram(prog);
    clReleaseMemObject(a);
    clReleaseMemObject(b);
    clReleaseMemObject(c);
    clReleaseMemObject(out);
    clReleaseCommandQueue(q);
    clReleaseContext(ctx);
    return bad ? 1 : 0;
}
