/* divergence host: the same computation written as plain C per element. */
#include "hostutil.h"

#define N 777

static uint32_t ref(uint32_t i, uint32_t x)
{
    uint32_t acc = 0;
    uint32_t v = (x % 1000u) + 1u, steps = 0;
    while (v != 1u && steps < 500u) {
        v = (v & 1u) ? 3u * v + 1u : v >> 1;
        steps++;
    }
    acc += steps;
    if (x & 1u) {
        if (x & 2u) acc ^= 0x1111u;
        else if (x & 4u) acc += 0x22u;
        else acc *= 3u;
    } else if ((x >> 3) % 3u == 0u) {
        acc = acc * 7u + 1u;
    }
    for (uint32_t k = 0; k < (i & 15u); k++) {
        uint32_t y = x >> k;
        for (uint32_t j = 0; j < 8u; j++) {
            if (((y + j) & 3u) == 0u) continue;
            if (((y ^ j) & 7u) == 5u) break;
            acc += (y + j) * (k + 1u);
        }
        if (acc > 1000000u && (k & 1u)) break;
    }
    switch ((x >> 5) & 3u) {
    case 0: acc += 100u; break;
    case 1: acc -= 7u; /* fall through */
    case 2: acc ^= x; break;
    default: acc = ~acc; break;
    }
    if ((x & 0xf0u) == 0x30u)
        return 0xdead0000u | (i & 0xffffu);
    return acc;
}

static int gen(const char *dir)
{
    static uint32_t in[N];
    rng_seed(1313);
    for (int i = 0; i < N; i++)
        in[i] = (i % 3) ? rng_u32() : rng_u32() % 300;
    return write_file(dir, "in.bin", in, sizeof in);
}

static int check(const char *dir)
{
    static uint32_t in[N], out[N];
    if (read_file(dir, "in.bin", in, sizeof in) || read_file(dir, "out.out", out, sizeof out))
        return -1;
    for (uint32_t i = 0; i < N; i++)
        cmp_u32("out", i, out[i], ref(i, in[i]));
    return 0;
}

HOST_MAIN("divergence")
