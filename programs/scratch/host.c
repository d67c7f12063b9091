/* scratch host: the same two computations in plain C. */
#include "hostutil.h"

#define N 300
#define NP 48
#define NR 32

static int gen(const char *dir)
{
    static uint32_t in[N];
    rng_seed(1616);
    for (int i = 0; i < N; i++)
        in[i] = rng_u32();
    return write_file(dir, "in.bin", in, sizeof in);
}

static int check(const char *dir)
{
    static uint32_t in[N], out[2 * N];
    if (read_file(dir, "in.bin", in, sizeof in) || read_file(dir, "out.out", out, sizeof out))
        return -1;
    for (uint32_t i = 0; i < N; i++) {
        uint32_t x = in[i], priv[NP], v[NR];
        for (uint32_t k = 0; k < NP; k++)
            priv[k] = x * k + k * k;
        uint32_t idx = x % NP;
        for (uint32_t r = 0; r < 24; r++) {
            uint32_t a = priv[idx];
            priv[(idx * 7u + r) % NP] += a ^ r;
            idx = (a + r) % NP;
        }
        uint32_t s = 0;
        for (uint32_t k = 0; k < NP; k++)
            s = s * 31u + priv[k];
        cmp_u32("array", i, out[2 * i], s);

        for (uint32_t k = 0; k < NR; k++)
            v[k] = x * (k + 1u) ^ (x >> k);
        for (uint32_t round = 0; round < (x & 3u) + 2u; round++)
            for (uint32_t k = 0; k < NR; k++)
                v[k] = v[k] * 3u + (v[(k + 1) % NR] >> 3) + round;
        uint32_t t = 0;
        for (uint32_t k = 0; k < NR; k++)
            t = (t << 1 | t >> 31) ^ v[k];
        cmp_u32("pressure", i, out[2 * i + 1], t);
    }
    return 0;
}

HOST_MAIN("scratch")
