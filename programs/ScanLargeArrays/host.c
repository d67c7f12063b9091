/* ScanLargeArrays host: exclusive scan of 10000 uints (mod 2^32), the
 * inclusive prefix published per 512-element block, and the ticket count. */
#include "hostutil.h"

#define N 10000
#define BLOCK 512
#define NB ((N + BLOCK - 1) / BLOCK)

static int gen(const char *dir)
{
    static uint32_t in[N];
    rng_seed(606);
    for (int i = 0; i < N; i++)
        in[i] = rng_u32() >> (rng_u32() & 31);
    return write_file(dir, "in.bin", in, sizeof in);
}

static int check(const char *dir)
{
    static uint32_t in[N], out[N], prefix[NB], counter;
    if (read_file(dir, "in.bin", in, sizeof in) || read_file(dir, "out.out", out, sizeof out) ||
        read_file(dir, "prefix.out", prefix, sizeof prefix) ||
        read_file(dir, "counter.out", &counter, sizeof counter))
        return -1;
    uint32_t acc = 0;
    for (int i = 0; i < N; i++) {
        cmp_u32("out", i, out[i], acc);
        acc += in[i];
        if (i % BLOCK == BLOCK - 1 || i == N - 1)
            cmp_u32("prefix", i / BLOCK, prefix[i / BLOCK], acc);
    }
    cmp_u32("counter", 0, counter, NB);
    return 0;
}

HOST_MAIN("ScanLargeArrays")
