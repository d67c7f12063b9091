/* BinarySearch host: a sorted table of 4096 distinct-ish keys (random
 * gaps), 1000 keys of which about half are present in the table. */
#include "hostutil.h"

#define N 4096
#define NK 1000

static int gen(const char *dir)
{
    static uint32_t table[N], keys[NK];
    rng_seed(101);
    uint32_t v = 5;
    for (int i = 0; i < N; i++) {
        v += rng_u32() % 9;          /* gaps 0..8: duplicates happen */
        table[i] = v;
    }
    for (int i = 0; i < NK; i++) {
        if (rng_u32() & 1)
            keys[i] = table[rng_u32() % N];
        else
            keys[i] = rng_u32() % (v + 20);   /* also below/above the range */
    }
    keys[0] = 0; keys[1] = v + 100; keys[2] = table[0]; keys[3] = table[N - 1];
    return write_file(dir, "table.bin", table, sizeof table) || write_file(dir, "keys.bin", keys, sizeof keys);
}

static int check(const char *dir)
{
    static uint32_t table[N], keys[NK];
    static int32_t index[NK], found[NK];
    if (read_file(dir, "table.bin", table, sizeof table) || read_file(dir, "keys.bin", keys, sizeof keys) ||
        read_file(dir, "index.out", index, sizeof index) || read_file(dir, "found.out", found, sizeof found))
        return -1;
    for (int i = 0; i < NK; i++) {
        uint32_t lo = 0;              /* lower bound by linear scan */
        while (lo < N && table[lo] < keys[i])
            lo++;
        cmp_u32("index", i, (uint32_t)index[i], lo);
        cmp_u32("found", i, (uint32_t)found[i], lo < N && table[lo] == keys[i]);
    }
    return 0;
}

HOST_MAIN("BinarySearch")
