/* lavaMD-style host program (Rodinia): the kernel's parameters are structs
 * passed by value with clSetKernelArg(k, i, sizeof(struct), &s); all
 * buffers of one particle array.  Usage: host [kernel.cl] */
#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define NUMBER_PAR_PER_BOX 32
#define BOXES 4

typedef struct { float x, y, z, v; } FOUR_VECTOR;
typedef struct { float alpha; } par_str;
typedef struct {
    int cur_arg;
    long number_boxes;
    long box_mem;
    long space_elem;
    long space_mem;
    long space_mem2;
} dim_str;

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

static void reference(par_str par, dim_str dim, const FOUR_VECTOR *rv, const float *qv, FOUR_VECTOR *fv)
{
    float a2 = 2.0f * par.alpha * par.alpha;
    for (long bx = 0; bx < dim.number_boxes; bx++) {
        long nb = (bx + 1) % dim.number_boxes;
        for (int i = 0; i < NUMBER_PAR_PER_BOX; i++) {
            FOUR_VECTOR rA = rv[bx * NUMBER_PAR_PER_BOX + i], fA = {0, 0, 0, 0};
            for (int j = 0; j < NUMBER_PAR_PER_BOX; j++) {
                FOUR_VECTOR rB = rv[nb * NUMBER_PAR_PER_BOX + j];
                float q = qv[nb * NUMBER_PAR_PER_BOX + j];
                float r2 = rA.v + rB.v - (rA.x * rB.x + rA.y * rB.y + rA.z * rB.z);
                float vij = expf(-(a2 * r2)), fs = 2.0f * vij;
                fA.v += q * vij;
                fA.x += q * fs * (rA.x - rB.x);
                fA.y += q * fs * (rA.y - rB.y);
                fA.z += q * fs * (rA.z - rB.z);
            }
            fv[bx * NUMBER_PAR_PER_BOX + i] = fA;
        }
    }
}

static int close_enough(float a, float b) { return fabsf(a - b) <= 1e-4f + 1e-4f * fabsf(b); }

int main(int argc, char **argv)
{
    par_str par = {0.5f};
    dim_str dim = {0, BOXES, NUMBER_PAR_PER_BOX * sizeof(FOUR_VECTOR), BOXES * NUMBER_PAR_PER_BOX, 0, 0};
    dim.space_mem = dim.space_elem * sizeof(FOUR_VECTOR);
    dim.space_mem2 = dim.space_elem * sizeof(float);
    FOUR_VECTOR *rv = malloc(dim.space_mem), *fv = calloc(1, dim.space_mem), *ref = calloc(1, dim.space_mem);
    float *qv = malloc(dim.space_mem2);
    srand(2);
    for (long i = 0; i < dim.space_elem; i++) {
        rv[i].v = (rand() % 10 + 1) / 10.0f;
        rv[i].x = (rand() % 10 + 1) / 10.0f;
        rv[i].y = (rand() % 10 + 1) / 10.0f;
        rv[i].z = (rand() % 10 + 1) / 10.0f;
        qv[i] = (rand() % 10 + 1) / 10.0f;
    }
    cl_platform_id platform;
    cl_device_id device;
    cl_int err;
    CHECK(clGetPlatformIDs(1, &platform, NULL), "clGetPlatformIDs");
    CHECK(clGetDeviceIDs(platform, CL_DEVICE_TYPE_ALL, 1, &device, NULL), "clGetDeviceIDs");
    cl_context ctx = clCreateContext(NULL, 1, &device, NULL, NULL, &err);
    CHECK(err, "clCreateContext");
    cl_command_queue q = clCreateCommandQueue(ctx, device, CL_QUEUE_PROFILING_ENABLE, &err);
    CHECK(err, "clCreateCommandQueue");
    const char *src = read_source(argc > 1 ? argv[1] : "kernel.cl");
    cl_program prog = clCreateProgramWithSource(ctx, 1, &src, NULL, &err);
    CHECK(err, "clCreateProgramWithSource");
    if (clBuildProgram(prog, 1, &device, "-cl-fast-relaxed-math", NULL, NULL) != CL_SUCCESS) {
        char log[8192];
        clGetProgramBuildInfo(prog, device, CL_PROGRAM_BUILD_LOG, sizeof log, log, NULL);
        fprintf(stderr, "build failed:\n%s\n", log);
        return 1;
    }
    cl_kernel k = clCreateKernel(prog, "kernel_gpu_opencl", &err);
    CHECK(err, "clCreateKernel");
    cl_mem d_rv = clCreateBuffer(ctx, CL_MEM_READ_WRITE, dim.space_mem, NULL, &err);
    CHECK(err, "d_rv");
    cl_mem d_qv = clCreateBuffer(ctx, CL_MEM_READ_WRITE, dim.space_mem2, NULL, &err);
    CHECK(err, "d_qv");
    cl_mem d_fv = clCreateBuffer(ctx, CL_MEM_READ_WRITE, dim.space_mem, NULL, &err);
    CHECK(err, "d_fv");
    CHECK(clEnqueueWriteBuffer(q, d_rv, 1, 0, dim.space_mem, rv, 0, 0, 0), "write rv");
    CHECK(clEnqueueWriteBuffer(q, d_qv, 1, 0, dim.space_mem2, qv, 0, 0, 0), "write qv");
    CHECK(clEnqueueWriteBuffer(q, d_fv, 1, 0, dim.space_mem, fv, 0, 0, 0), "write fv");
    CHECK(clSetKernelArg(k, 0, sizeof(par_str), (void *)&par), "arg par");
    CHECK(clSetKernelArg(k, 1, sizeof(dim_str), (void *)&dim), "arg dim");
    CHECK(clSetKernelArg(k, 2, sizeof(cl_mem), (void *)&d_rv), "arg rv");
    CHECK(clSetKernelArg(k, 3, sizeof(cl_mem), (void *)&d_qv), "arg qv");
    CHECK(clSetKernelArg(k, 4, sizeof(cl_mem), (void *)&d_fv), "arg fv");
    size_t local = NUMBER_PAR_PER_BOX, global = BOXES * NUMBER_PAR_PER_BOX;
    cl_event ev;
    CHECK(clEnqueueNDRangeKernel(q, k, 1, NULL, &global, &local, 0, NULL, &ev), "NDRange");
    CHECK(clWaitForEvents(1, &ev), "wait");
    cl_ulong t[4];
    for (int i = 0; i < 4; i++)
        CHECK(clGetEventProfilingInfo(ev, CL_PROFILING_COMMAND_QUEUED + i, sizeof t[i], &t[i], NULL), "profiling");
    if (!(t[0] <= t[1] && t[1] <= t[2] && t[2] < t[3])) {
        fprintf(stderr, "profiling times out of order\n");
        return 1;
    }
    printf("kernel: %llu ns\n", (unsigned long long)(t[3] - t[2]));
    CHECK(clEnqueueReadBuffer(q, d_fv, CL_TRUE, 0, dim.space_mem, fv, 0, NULL, NULL), "read fv");
    reference(par, dim, rv, qv, ref);
    int bad = 0;
    for (long i = 0; i < dim.space_elem; i++)
        if (!close_enough(fv[i].v, ref[i].v) || !close_enough(fv[i].x, ref[i].x) ||
            !close_enough(fv[i].y, ref[i].y) || !close_enough(fv[i].z, ref[i].z)) {
            if (bad++ < 5)
                fprintf(stderr, "fv[%ld] = (%g %g %g %g), expected (%g %g %g %g)\n", i, fv[i].v, fv[i].x, fv[i].y,
                        fv[i].z, ref[i].v, ref[i].x, ref[i].y, ref[i].z);
        }
    printf("lavamd %d boxes x %d particles: %d mismatches\n", BOXES, NUMBER_PAR_PER_BOX, bad);
    clReleaseEvent(ev);
    clReleaseMemObject(d_rv);
    clReleaseMemObject(d_qv);
    clReleaseMemObject(d_fv);
    clReleaseKernel(k);
    clReleaseProgram(prog);
    clReleaseCommandQueue(q);
    clReleaseContext(ctx);
    free(rv); free(fv); free(ref); free(qv);
    return bad ? 1 : 0;
}
