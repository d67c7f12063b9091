/* PrefixSum host: 4 blocks of 512 uints; exclusive scan per block (mod 2^32)
 * and the block totals. */
#include "hostutil.h"

#define N 2048
#define BLOCK 512

static int gen(const char *dir)
{
    static uint32_t in[N];
    rng_seed(404);
    for (int i = 0; i < N; i++)
        in[i] = (i < BLOCK) ? rng_u32() % 1000 : rng_u32();   /* later blocks wrap around */
    return write_file(dir, "in.bin", in, sizeof in);
}

static int check(const char *dir)
{
    static uint32_t in[N], out[N], sums[N / BLOCK];
    if (read_file(dir, "in.bin", in, sizeof in) || read_file(dir, "out.out", out, sizeof out) ||
        read_file(dir, "sums.out", sums, sizeof sums))
        return -1;
    for (int b = 0; b < N / BLOCK; b++) {
        uint32_t acc = 0;
        for (int i = b * BLOCK; i < (b + 1) * BLOCK; i++) {
            cmp_u32("out", i, out[i], acc);
            acc += in[i];
        }
        cmp_u32("sums", b, sums[b], acc);
    }
    return 0;
}

HOST_MAIN("PrefixSum")
