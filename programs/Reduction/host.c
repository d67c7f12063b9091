/* Reduction host: 16 blocks of 512.  The float reference adds in exactly
 * the kernel's tree order, so the comparison is exact. */
#include "hostutil.h"

#define N 8192
#define NT 256
#define NG (N / (2 * NT))

static int gen(const char *dir)
{
    static uint32_t ia[N];
    static float fa[N];
    rng_seed(505);
    for (int i = 0; i < N; i++) {
        ia[i] = rng_u32();
        fa[i] = rng_float(-100.0f, 100.0f);
    }
    return write_file(dir, "ia.bin", ia, sizeof ia) || write_file(dir, "fa.bin", fa, sizeof fa);
}

static int check(const char *dir)
{
    static uint32_t ia[N], isum[NG];
    static float fa[N], fsum[NG];
    if (read_file(dir, "ia.bin", ia, sizeof ia) || read_file(dir, "fa.bin", fa, sizeof fa) ||
        read_file(dir, "isum.out", isum, sizeof isum) || read_file(dir, "fsum.out", fsum, sizeof fsum))
        return -1;
    for (int g = 0; g < NG; g++) {
        uint32_t si[NT];
        float sf[NT];
        int base = g * 2 * NT;
        for (int l = 0; l < NT; l++) {
            si[l] = ia[base + l] + ia[base + l + NT];
            sf[l] = fa[base + l] + fa[base + l + NT];
        }
        for (int st = NT / 2; st > 0; st >>= 1)
            for (int l = 0; l < st; l++) {
                si[l] += si[l + st];
                sf[l] += sf[l + st];
            }
        cmp_u32("isum", g, isum[g], si[0]);
        cmp_f32("fsum", g, fsum[g], sf[0]);
    }
    return 0;
}

HOST_MAIN("Reduction")
