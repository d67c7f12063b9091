/* BitonicSort host: 8 blocks of 512 random keys (with duplicates); the
 * reference sorts each block (ascending for even blocks, descending for
 * odd blocks) with qsort. */
#include "hostutil.h"

#define N 4096
#define BLOCK 512

static int up(const void *a, const void *b)
{
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return x < y ? -1 : x > y;
}
static int down(const void *a, const void *b) { return up(b, a); }

static int gen(const char *dir)
{
    static uint32_t d[N];
    rng_seed(202);
    for (int i = 0; i < N; i++)
        d[i] = (i % 5 == 0) ? rng_u32() % 100 : rng_u32();
    return write_file(dir, "data.bin", d, sizeof d);
}

static int check(const char *dir)
{
    static uint32_t d[N], out[N];
    if (read_file(dir, "data.bin", d, sizeof d) || read_file(dir, "data.out", out, sizeof out))
        return -1;
    for (int b = 0; b < N / BLOCK; b++)
        qsort(d + b * BLOCK, BLOCK, 4, (b & 1) ? down : up);
    for (int i = 0; i < N; i++)
        cmp_u32("data", i, out[i], d[i]);
    return 0;
}

HOST_MAIN("BitonicSort")
