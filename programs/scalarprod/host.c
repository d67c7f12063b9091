/* scalarprod host: 40 pairs of 1000-element vectors, 16 work-groups of 128
 * (groups 0-7 handle 3 pairs, 8-15 handle 2; work-items 0-103 add 8
 * products of a pair, 104-127 add 7).  The reference forms each
 * work-item's partial sum in the kernel's order (multiply, then add: the
 * v_mac_f32 the kernel uses rounds both) and adds the partial sums in the
 * kernel's tree order, so the comparison is exact. */
#include "hostutil.h"

#define NV 40
#define LEN 1000
#define WG 128

static int gen(const char *dir)
{
    static float a[NV * LEN], b[NV * LEN];
    rng_seed(2404);
    for (int i = 0; i < NV * LEN; i++) {
        a[i] = rng_float(-1.0f, 1.0f);
        b[i] = rng_float(-1.0f, 1.0f);
    }
    return write_file(dir, "a.bin", a, sizeof a) || write_file(dir, "b.bin", b, sizeof b);
}

static int check(const char *dir)
{
    static float a[NV * LEN], b[NV * LEN], c[NV];
    if (read_file(dir, "a.bin", a, sizeof a) || read_file(dir, "b.bin", b, sizeof b) ||
        read_file(dir, "c.out", c, sizeof c))
        return -1;
    for (int p = 0; p < NV; p++) {
        float part[WG];
        for (int l = 0; l < WG; l++) {
            float acc = 0.0f;
            for (int i = l; i < LEN; i += WG) {
                float prod = a[p * LEN + i] * b[p * LEN + i];
                acc = acc + prod;
            }
            part[l] = acc;
        }
        for (int s = WG / 2; s > 0; s >>= 1)
            for (int l = 0; l < s; l++)
                part[l] = part[l] + part[l + s];
        cmp_f32("c", p, c[p], part[0]);
    }
    return 0;
}

HOST_MAIN("scalarprod")
