/* hotspot host: 40 rows x 50 columns, 3 time steps over the whole grid
 * (two full arrays, one step after the other).  The kernel's tiles give
 * the same values as the whole-grid steps, and each cell's update is the
 * same sequence of float operations (clang contracts some of the
 * multiply-adds into v_mad_f32, which rounds the product and then the sum,
 * like the separate operations here; temperatures stay far from
 * denormals), so the comparison is exact. */
#include "hostutil.h"

#define R 40
#define C 50
#define ITER 3
#define SDC 0.5f
#define RX 0.4f
#define RY 0.3f
#define RZ 0.05f
#define AMB 80.0f

static int gen(const char *dir)
{
    static float temp[R * C], power[R * C];
    rng_seed(2202);
    for (int i = 0; i < R * C; i++) {
        temp[i] = rng_float(320.0f, 340.0f);
        power[i] = rng_float(0.0f, 2.0f);
    }
    for (int i = 0; i < 40; i++)   /* a few hot spots */
        power[rng_range(0, R * C - 1)] = rng_float(20.0f, 40.0f);
    return write_file(dir, "temp.bin", temp, sizeof temp) || write_file(dir, "power.bin", power, sizeof power);
}

static int check(const char *dir)
{
    static float temp[R * C], power[R * C], out[R * C], a[R * C], b[R * C];
    if (read_file(dir, "temp.bin", temp, sizeof temp) || read_file(dir, "power.bin", power, sizeof power) ||
        read_file(dir, "out.out", out, sizeof out))
        return -1;
    memcpy(a, temp, sizeof a);
    for (int s = 0; s < ITER; s++) {
        for (int y = 0; y < R; y++)
            for (int x = 0; x < C; x++) {
                float tc = a[y * C + x];
                float tn = y == 0 ? tc : a[(y - 1) * C + x];
                float ts = y == R - 1 ? tc : a[(y + 1) * C + x];
                float tw = x == 0 ? tc : a[y * C + x - 1];
                float te = x == C - 1 ? tc : a[y * C + x + 1];
                b[y * C + x] = tc + SDC * (power[y * C + x] + (ts + tn - 2.0f * tc) * RY +
                                           (te + tw - 2.0f * tc) * RX + (AMB - tc) * RZ);
            }
        memcpy(a, b, sizeof a);
    }
    for (int i = 0; i < R * C; i++)
        cmp_f32("out", i, out[i], a[i]);
    return 0;
}

HOST_MAIN("hotspot")
