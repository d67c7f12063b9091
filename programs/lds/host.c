/* lds host: recompute each work-item's 8 dwords from its neighbours' inputs. */
#include "hostutil.h"

#define N 512
#define NT 128

static int gen(const char *dir)
{
    static uint32_t in[N];
    rng_seed(1515);
    for (int i = 0; i < N; i++)
        in[i] = rng_u32();
    return write_file(dir, "in.bin", in, sizeof in);
}

static int check(const char *dir)
{
    static uint32_t in[N], out[8 * N];
    if (read_file(dir, "in.bin", in, sizeof in) || read_file(dir, "out.out", out, sizeof out))
        return -1;
    for (uint32_t g = 0; g < N; g++) {
        uint32_t lid = g % NT, base = g - lid;
        uint32_t j = (lid + 1) & (NT - 1), k = (lid + 3) & (NT - 1);
        uint32_t m = (lid + 7) & (NT - 1), q = (lid + 9) & (NT - 1);
        uint32_t k2 = (lid + 5) & (NT - 1), x2 = in[base + k2];
        uint32_t xj = in[base + j], xk = in[base + k], xm = in[base + m], xq = in[base + q];
        uint32_t want[8] = {
            xj, xj ^ 0x55555555u,
            xk & 0xffu, (uint32_t)(int32_t)(int8_t)(x2 & 0xff),
            (xk >> 8) & 0xffffu, (uint32_t)(int32_t)(int16_t)((x2 >> 8) & 0xffff),
            xm * 3u + xm * 5u,
            xq ^ (q * 0x01010101u),
        };
        for (int t = 0; t < 8; t++)
            cmp_u32("out", 8 * g + t, out[8 * g + t], want[t]);
    }
    return 0;
}

HOST_MAIN("lds")
