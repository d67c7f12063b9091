/* clEnqueueNDRangeKernel with a global_work_offset: a 2-D sub-block of a
 * matrix of float4 is updated; everything outside it stays unchanged, and
 * each work-item reports get_global_offset/get_global_id/get_work_dim.
 * Usage: host [kernel.cl]; exit status 0 when every check passes. */
#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define N4 16            /* float4 per row */
#define ROWS 24
#define OX 4
#define OY 8
#define GX 8
#define GY 12

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

static int check(const float *m0, const float *m, const unsigned char *w, const cl_ulong *ids)
{
    int bad = 0;
    for (int y = 0; y < ROWS; y++)
        for (int x = 0; x < N4 * 4; x++) {
            int i = y * N4 * 4 + x, in = y >= OY && y < OY + GY && x / 4 >= OX && x / 4 < OX + GX;
            float want = in ? fabsf(m0[i]) + (float)w[i] : m0[i];
            if (m[i] != want && bad++ < 5)
                fprintf(stderr, "m[%d][%d] = %g, expected %g (%s the block)\n", y, x, m[i], want, in ? "in" : "outside");
        }
    for (int l = 0; l < GX * GY; l++) {
        cl_ulong o = OX | OY << 16 | 2ull << 32, id = (cl_ulong)(OX + l % GX) | (cl_ulong)(OY + l / GX) << 16;
        if ((ids[2 * l] != o || ids[2 * l + 1] != id) && bad++ < 10)
            fprintf(stderr, "work-item %d: offsets/dims 0x%llx ids 0x%llx, expected 0x%llx 0x%llx\n", l,
                    (unsigned long long)ids[2 * l], (unsigned long long)ids[2 * l + 1], (unsigned long long)o,
                    (unsigned long long)id);
        }
    return bad;
}

int main(int argc, char **argv)
{
    static float m0[ROWS * N4 * 4], m[ROWS * N4 * 4];
    static unsigned char w[ROWS * N4 * 4];
    static cl_ulong ids[2 * GX * GY];
    for (int i = 0; i < ROWS * N4 * 4; i++) {
        m0[i] = (float)((i * 7) % 19) - 9.5f;
        w[i] = (unsigned char)(i * 13);
    }
    cl_platform_id platform;
    cl_device_id device;
    cl_int err;
    CHECK(clGetPlatformIDs(1, &platform, NULL), "clGetPlatformIDs");
    CHECK(clGetDeviceIDs(platform, CL_DEVICE_TYPE_GPU, 1, &device, NULL), "clGetDeviceIDs");
    cl_context ctx = clCreateContext(NULL, 1, &device, NULL, NULL, &err);
    CHECK(err, "clCreateContext");
    cl_command_queue q = clCreateCommandQueue(ctx, device, 0, &err);
    CHECK(err, "clCreateCommandQueue");
    cl_mem bm = clCreateBuffer(ctx, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, sizeof m0, m0, &err);
    CHECK(err, "buffer m");
    cl_mem bw = clCreateBuffer(ctx, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, sizeof w, w, &err);
    CHECK(err, "buffer w");
    cl_mem bi = clCreateBuffer(ctx, CL_MEM_WRITE_ONLY, sizeof ids, NULL, &err);
    CHECK(err, "buffer ids");
    const char *src = read_source(argc > 1 ? argv[1] : "kernel.cl");
    cl_program prog = clCreateProgramWithSource(ctx, 1, &src, NULL, &err);
    CHECK(err, "clCreateProgramWithSource");
    if (clBuildProgram(prog, 0, NULL, "", NULL, NULL) != CL_SUCCESS) {
        char log[8192];
        clGetProgramBuildInfo(prog, device, CL_PROGRAM_BUILD_LOG, sizeof log, log, NULL);
        fprintf(stderr, "build failed:\n%s\n", log);
        return 1;
    }
    cl_kernel k = clCreateKernel(prog, "block_update", &err);
    CHECK(err, "clCreateKernel");
    int n4 = N4;
    CHECK(clSetKernelArg(k, 0, sizeof bm, &bm), "arg 0");
    CHECK(clSetKernelArg(k, 1, sizeof bw, &bw), "arg 1");
    CHECK(clSetKernelArg(k, 2, sizeof bi, &bi), "arg 2");
    CHECK(clSetKernelArg(k, 3, sizeof n4, &n4), "arg 3");
    size_t offset[2] = {OX, OY}, global[2] = {GX, GY}, local[2] = {4, 4};
    CHECK(clEnqueueNDRangeKernel(q, k, 2, offset, global, local, 0, NULL, NULL), "NDRange with offset");
    CHECK(clEnqueueReadBuffer(q, bm, CL_TRUE, 0, sizeof m, m, 0, NULL, NULL), "read m");
    CHECK(clEnqueueReadBuffer(q, bi, CL_TRUE, 0, sizeof ids, ids, 0, NULL, NULL), "read ids");
    int bad = check(m0, m, w, ids);
    printf("offset (%d, %d) + %d x %d work-items: %d mismatches\n", OX, OY, GX, GY, bad);
    clReleaseKernel(k);
    clReleaseProgram(prog);
    clReleaseMemObject(bm);
    clReleaseMemObject(bw);
    clReleaseMemObject(bi);
    clReleaseCommandQueue(q);
    clReleaseContext(ctx);
    return bad ? 1 : 0;
}
