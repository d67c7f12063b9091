/* vadd host: a[i] = i/4, b[i] = i, s = 2  =>  c[i] = 2.25 * i (exact). */
#include "hostutil.h"

#define N 1000
static const float S = 2.0f;

static void inputs(float *a, float *b)
{
    for (int i = 0; i < N; i++) {
        a[i] = (float)i * 0.25f;
        b[i] = (float)i;
    }
}

static int gen(const char *dir)
{
    static float a[N], b[N];
    inputs(a, b);
    return write_file(dir, "a.bin", a, sizeof a) || write_file(dir, "b.bin", b, sizeof b);
}

static int check(const char *dir)
{
    static float a[N], b[N], c[N];
    if (read_file(dir, "a.bin", a, sizeof a) || read_file(dir, "b.bin", b, sizeof b) ||
        read_file(dir, "c.out", c, sizeof c))
        return -1;
    int match = 0;
    for (int i = 0; i < N; i++) {
        float want = a[i] + b[i] * S;
        cmp_f32("c", i, c[i], want);
        match += f2u(c[i]) == f2u(want);
    }
    printf("c[0..7] = ");
    for (int i = 0; i < 8; i++) printf("%g%s", c[i], i < 7 ? " " : "");
    printf("  (a[i] + b[i]*%g with a[i] = i/4, b[i] = i: expect 2.25*i)\n", S);
    printf("c[999] = %g (expect %g)\n", c[N - 1], 2.25 * (N - 1));
    printf("vadd: %d/%d elements match the host\n", match, N);
    return 0;
}

HOST_MAIN("vadd")
