/* gaussian host.  The multiplier is a float division, which clang expands
 * with the 2.5-ULP OpenCL allowance (v_rcp_f32): m is compared with the
 * correctly rounded quotient within 3 ULP.  The updates are then
 * recomputed from the device's own m values (mul then subtract, as
 * v_mad_f32 does), and compared exactly. */
#include "hostutil.h"

#define N 100
#define T 3
#define DIV_ULP 3

static int gen(const char *dir)
{
    static float a[N * N], b[N];
    rng_seed(1010);
    for (int y = 0; y < N; y++) {
        for (int x = 0; x < N; x++)
            a[y * N + x] = rng_float(-10.0f, 10.0f);
        a[y * N + y] += (a[y * N + y] < 0 ? -50.0f : 50.0f);   /* diagonally dominant */
        b[y] = rng_float(-100.0f, 100.0f);
    }
    return write_file(dir, "a.bin", a, sizeof a) || write_file(dir, "b.bin", b, sizeof b);
}

static int check(const char *dir)
{
    static float a[N * N], b[N], a2[N * N], b2[N], m[N];
    if (read_file(dir, "a.bin", a, sizeof a) || read_file(dir, "b.bin", b, sizeof b) ||
        read_file(dir, "a2.out", a2, sizeof a2) || read_file(dir, "b2.out", b2, sizeof b2) ||
        read_file(dir, "m.out", m, sizeof m))
        return -1;
    for (int y = 0; y < N; y++) {
        if (y > T)
            cmp_f32_ulp("m", y, m[y], a[y * N + T] / a[T * N + T], DIV_ULP);
        else
            cmp_f32("m", y, m[y], 0.0f);
        float mul = y > T ? m[y] : 0.0f;
        float pb = mul * b[T];
        cmp_f32("b2", y, b2[y], y > T ? b[y] - pb : b[y]);
        for (int x = 0; x < N; x++) {
            float want = a[y * N + x];
            if (y > T && x >= T) {
                float p = mul * a[T * N + x];
                want = want - p;
            }
            cmp_f32("a2", (size_t)y * N + x, a2[y * N + x], want);
        }
    }
    return 0;
}

HOST_MAIN("gaussian")
