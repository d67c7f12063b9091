/* lud host: 4 diagonally dominant 32 x 32 matrices (entries in [-1, 1),
 * |diagonal| + 32), so no pivoting is needed.
 *
 * The multipliers are float divisions, which the device does not round
 * correctly (clang's 2.5-ulp expansion around v_rcp_f32 at -O1 and above):
 * each one is compared with the correctly rounded quotient of the same
 * operands within 3 ulp (OpenCL 1.2 allows 2.5), as gaussian does, and the
 * reference then goes on with the device's multiplier.  With those, the
 * reference repeats the elimination in the kernel's order (each element is
 * updated once per pivot, in pivot order; multiply then subtract, as
 * v_mad_f32 rounds), so U, and with it every later pivot and multiplier
 * operand, must match exactly. */
#include "hostutil.h"

#define N 32
#define NMAT 4
#define DIV_ULP 3

static int gen(const char *dir)
{
    static float a[NMAT * N * N];
    rng_seed(2606);
    for (int g = 0; g < NMAT; g++)
        for (int i = 0; i < N; i++)
            for (int j = 0; j < N; j++) {
                float v = rng_float(-1.0f, 1.0f);
                if (i == j)
                    v += v < 0 ? -32.0f : 32.0f;
                a[(g * N + i) * N + j] = v;
            }
    return write_file(dir, "a.bin", a, sizeof a);
}

static int check(const char *dir)
{
    static float a[NMAT * N * N], lu[NMAT * N * N];
    if (read_file(dir, "a.bin", a, sizeof a) || read_file(dir, "lu.out", lu, sizeof lu))
        return -1;
    for (int g = 0; g < NMAT; g++) {
        float s[N * N];
        const float *d = lu + g * N * N;
        memcpy(s, a + g * N * N, sizeof s);
        for (int k = 0; k < N - 1; k++) {
            for (int i = k + 1; i < N; i++) {
                cmp_f32_ulp("l", (size_t)g * N * N + i * N + k, d[i * N + k], s[i * N + k] / s[k * N + k],
                            DIV_ULP);
                s[i * N + k] = d[i * N + k];
            }
            for (int i = k + 1; i < N; i++)
                for (int j = k + 1; j < N; j++) {
                    float p = s[i * N + k] * s[k * N + j];
                    s[i * N + j] = s[i * N + j] - p;
                }
        }
        for (int i = 0; i < N; i++)
            for (int j = i; j < N; j++)
                cmp_f32("u", (size_t)g * N * N + i * N + j, d[i * N + j], s[i * N + j]);
    }
    return 0;
}

HOST_MAIN("lud")
