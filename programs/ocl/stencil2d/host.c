/* 2-D convolution host program, PolyBench/GPU style: plain OpenCL 1.2 host
 * code, nothing sicu-specific.  Usage: host [kernel.cl] */
#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define NI 40
#define NJ 40
#define DIM_LOCAL_WORK_GROUP_X 8
#define DIM_LOCAL_WORK_GROUP_Y 8
#define PERCENT_DIFF_ERROR_THRESHOLD 0.05

typedef float DATA_TYPE;

#define CHECK(x, what) do { cl_int e_ = (x); if (e_ != CL_SUCCESS) { \
    fprintf(stderr, "%s failed: %d\n", what, e_); exit(1); } } while (0)

static char *read_source(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f) { fprintf(stderr, "cannot open %s\n", path); exit(1); }
    fseek(f, 0, SEEK_END);
    *len = (size_t)ftell(f);
    fseek(f, 0, SEEK_SET);
    char *s = malloc(*len + 1);
    if (fread(s, 1, *len, f) != *len) { fprintf(stderr, "cannot read %s\n", path); exit(1); }
    s[*len] = 0;
    fclose(f);
    return s;
}

static void conv2D(const DATA_TYPE *A, DATA_TYPE *B)
{
    DATA_TYPE c11 = +0.2f, c21 = +0.5f, c31 = -0.8f;
    DATA_TYPE c12 = -0.3f, c22 = +0.6f, c32 = -0.9f;
    DATA_TYPE c13 = +0.4f, c23 = +0.7f, c33 = +0.10f;
    for (int i = 1; i < NI - 1; ++i)
        for (int j = 1; j < NJ - 1; ++j)
            B[i * NJ + j] = c11 * A[(i - 1) * NJ + (j - 1)] + c21 * A[(i - 1) * NJ + (j + 0)] +
                            c31 * A[(i - 1) * NJ + (j + 1)] + c12 * A[(i + 0) * NJ + (j - 1)] +
                            c22 * A[(i + 0) * NJ + (j + 0)] + c32 * A[(i + 0) * NJ + (j + 1)] +
                            c13 * A[(i + 1) * NJ + (j - 1)] + c23 * A[(i + 1) * NJ + (j + 0)] +
                            c33 * A[(i + 1) * NJ + (j + 1)];
}

static double percent_diff(double a, double b)
{
    if (fabs(a) < 0.01 && fabs(b) < 0.01)
        return 0.0;
    return 100.0 * fabs(fabs(a - b) / fabs(a + 1e-10));
}

int main(int argc, char **argv)
{
    static DATA_TYPE A[NI * NJ], B[NI * NJ], B_outputFromGpu[NI * NJ];
    cl_platform_id platform;
    cl_device_id device;
    cl_uint n;
    cl_int err;
    char name[128];
    for (int i = 0; i < NI; i++)
        for (int j = 0; j < NJ; j++)
            A[i * NJ + j] = (float)rand() / RAND_MAX;

    CHECK(clGetPlatformIDs(1, &platform, &n), "clGetPlatformIDs");
    CHECK(clGetDeviceIDs(platform, CL_DEVICE_TYPE_GPU, 1, &device, &n), "clGetDeviceIDs");
    CHECK(clGetDeviceInfo(device, CL_DEVICE_NAME, sizeof name, name, NULL), "clGetDeviceInfo");
    printf("device: %s\n", name);
    cl_context ctx = clCreateContext(NULL, 1, &device, NULL, NULL, &err);
    CHECK(err, "clCreateContext");
    cl_command_queue q = clCreateCommandQueue(ctx, device, CL_QUEUE_PROFILING_ENABLE, &err);
    CHECK(err, "clCreateCommandQueue");
    cl_mem a_mem = clCreateBuffer(ctx, CL_MEM_READ_ONLY, sizeof(DATA_TYPE) * NI * NJ, NULL, &err);
    CHECK(err, "clCreateBuffer a");
    cl_mem b_mem = clCreateBuffer(ctx, CL_MEM_READ_WRITE, sizeof(DATA_TYPE) * NI * NJ, NULL, &err);
    CHECK(err, "clCreateBuffer b");
    CHECK(clEnqueueWriteBuffer(q, a_mem, CL_TRUE, 0, sizeof A, A, 0, NULL, NULL), "write a");
    memset(B_outputFromGpu, 0, sizeof B_outputFromGpu);
    CHECK(clEnqueueWriteBuffer(q, b_mem, CL_FALSE, 0, sizeof B_outputFromGpu, B_outputFromGpu, 0, NULL, NULL),
          "write b");

    size_t len;
    const char *src = read_source(argc > 1 ? argv[1] : "kernel.cl", &len);
    cl_program prog = clCreateProgramWithSource(ctx, 1, &src, &len, &err);
    CHECK(err, "clCreateProgramWithSource");
    err = clBuildProgram(prog, 1, &device, "-DDATA_TYPE=float -cl-mad-enable", NULL, NULL);
    if (err != CL_SUCCESS) {
        char log[8192];
        clGetProgramBuildInfo(prog, device, CL_PROGRAM_BUILD_LOG, sizeof log, log, NULL);
        fprintf(stderr, "build failed (%d):\n%s\n", err, log);
        return 1;
    }
    cl_kernel k = clCreateKernel(prog, "Convolution2D_kernel", &err);
    CHECK(err, "clCreateKernel");

    int ni = NI, nj = NJ;
    size_t localWorkSize[2] = {DIM_LOCAL_WORK_GROUP_X, DIM_LOCAL_WORK_GROUP_Y};
    size_t globalWorkSize[2] = {
        (size_t)ceil(((float)NI) / ((float)DIM_LOCAL_WORK_GROUP_X)) * DIM_LOCAL_WORK_GROUP_X,
        (size_t)ceil(((float)NJ) / ((float)DIM_LOCAL_WORK_GROUP_Y)) * DIM_LOCAL_WORK_GROUP_Y};
    CHECK(clSetKernelArg(k, 0, sizeof(cl_mem), &a_mem), "arg 0");
    CHECK(clSetKernelArg(k, 1, sizeof(cl_mem), &b_mem), "arg 1");
    CHECK(clSetKernelArg(k, 2, sizeof(int), &ni), "arg 2");
    CHECK(clSetKernelArg(k, 3, sizeof(int), &nj), "arg 3");
    cl_event ev;
    CHECK(clEnqueueNDRangeKernel(q, k, 2, NULL, globalWorkSize, localWorkSize, 0, NULL, &ev), "NDRange");
    CHECK(clWaitForEvents(1, &ev), "clWaitForEvents");
    cl_ulong t0, t1;
    CHECK(clGetEventProfilingInfo(ev, CL_PROFILING_COMMAND_START, sizeof t0, &t0, NULL), "profiling start");
    CHECK(clGetEventProfilingInfo(ev, CL_PROFILING_COMMAND_END, sizeof t1, &t1, NULL), "profiling end");
    printf("kernel time: %llu ns\n", (unsigned long long)(t1 - t0));
    CHECK(clFinish(q), "clFinish");
    CHECK(clEnqueueReadBuffer(q, b_mem, CL_TRUE, 0, sizeof B_outputFromGpu, B_outputFromGpu, 0, NULL, NULL), "read");

    memset(B, 0, sizeof B);
    conv2D(A, B);
    int fail = 0;
    for (int i = 1; i < NI - 1; i++)
        for (int j = 1; j < NJ - 1; j++)
            if (percent_diff(B[i * NJ + j], B_outputFromGpu[i * NJ + j]) > PERCENT_DIFF_ERROR_THRESHOLD)
                fail++;
    printf("Non-Matching CPU-GPU Outputs Beyond Error Threshold of %4.2f Percent: %d\n",
           PERCENT_DIFF_ERROR_THRESHOLD, fail);
    clReleaseEvent(ev);
    clReleaseKernel(k);
    clReleaseProgram(prog);
    clReleaseMemObject(a_mem);
    clReleaseMemObject(b_mem);
    clReleaseCommandQueue(q);
    clReleaseContext(ctx);
    return fail ? 1 : 0;
}
