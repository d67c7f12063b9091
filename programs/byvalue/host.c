/* byvalue host: the launch file's by-value arguments (see byvalue.cl); every
 * value is chosen so the float results are exact at any contraction. */
#include "hostutil.h"

#define N 100

static int gen(const char *dir)
{
    (void)dir; /* no inputs: everything comes through the kernel arguments */
    return 0;
}

static int check(const char *dir)
{
    static float out[N];
    static int64_t outl[N];
    if (read_file(dir, "out.bin", out, sizeof out) || read_file(dir, "outl.bin", outl, sizeof outl))
        return -1;
    /* the launch file's values */
    const int tag = -3, step = -7, count = 100;
    const float scale = 0.5f, alpha = 2.0f, v[4] = {1.5f, 0.25f, -2.0f, 8.0f};
    const double bias = 1024.25;
    const int64_t big = 0x123456789aLL;
    const int flags[3] = {1, 2, 3}, w[3] = {3, -4, 5}, u[2] = {9, 10};
    for (int i = 0; i < N; i++) {
        float want = alpha * (v[0] + v[1] * i + v[2] * w[0] + v[3] * w[1]) + scale * tag + (float)bias + step * w[2];
        int64_t wantl = big + (int64_t)i * count + flags[0] + (flags[1] << 8) + (flags[2] << 16) + u[0] + u[1] * 256 +
                        w[0] * w[1] * w[2];
        cmp_f32("out", i, out[i], want);
        cmp_u64("outl", i, (uint64_t)outl[i], (uint64_t)wantl);
    }
    printf("out[0..2] = %g %g %g, outl[0] = 0x%llx\n", out[0], out[1], out[2], (unsigned long long)outl[0]);
    return 0;
}

HOST_MAIN("byvalue")
