/* matmul host: M = 32, N = 48, K = 96.  The kernel adds the K products of
 * each element one at a time in k order (v_mac_f32/v_mad_f32 round the
 * product, then the sum: the same as a separate multiply and add here,
 * with no denormals), so the reference does the same and the comparison
 * is exact. */
#include "hostutil.h"

#define M 32
#define N 48
#define K 96

static int gen(const char *dir)
{
    static float a[M * K], b[K * N];
    rng_seed(2101);
    for (int i = 0; i < M * K; i++)
        a[i] = rng_float(-1.0f, 1.0f);
    for (int i = 0; i < K * N; i++)
        b[i] = rng_float(-2.0f, 2.0f);
    return write_file(dir, "a.bin", a, sizeof a) || write_file(dir, "b.bin", b, sizeof b);
}

static int check(const char *dir)
{
    static float a[M * K], b[K * N], c[M * N];
    if (read_file(dir, "a.bin", a, sizeof a) || read_file(dir, "b.bin", b, sizeof b) ||
        read_file(dir, "c.out", c, sizeof c))
        return -1;
    for (int r = 0; r < M; r++)
        for (int j = 0; j < N; j++) {
            float acc = 0.0f;
            for (int i = 0; i < K; i++) {
                float p = a[r * K + i] * b[i * N + j];
                acc = acc + p;
            }
            cmp_f32("c", (size_t)r * N + j, c[r * N + j], acc);
        }
    return 0;
}

HOST_MAIN("matmul")
