/* atomics host.  Order-independent results (histogram, min/max/and/or/
 * xor/add/sub, per-group LDS results) are compared exactly; order-
 * dependent ones are checked for consistency: tickets form a permutation,
 * every slot is owned by a work-item that targeted it and whose cmpxchg
 * saw 0 (everyone else saw the owner), and the xchg old values plus the
 * final value are a permutation of 0..n. */
#include "hostutil.h"

#define N 3000
#define WG 256
#define NG ((N + WG - 1) / WG)

static int gen(const char *dir)
{
    static uint32_t data[N], stats[16];
    rng_seed(1414);
    for (int i = 0; i < N; i++)
        data[i] = (i % 4) ? rng_u32() : rng_u32() % 50;
    stats[2] = 0xffffffffu;
    stats[3] = 0xffffffffu;
    stats[7] = 0x7fffffffu;
    stats[8] = 0x80000000u;
    stats[9] = 1000000u;
    stats[11] = 0xabcdef01u;            /* untouched */
    return write_file(dir, "data.bin", data, sizeof data) || write_file(dir, "stats.bin", stats, sizeof stats);
}

static int check(const char *dir)
{
    static uint32_t data[N], hist[256], stats[16], tickets[N], slots[64], cas_old[N], xchg_old[N],
        gstats[3 * NG], seen[N + 1];
    if (read_file(dir, "data.bin", data, sizeof data) || read_file(dir, "hist.out", hist, sizeof hist) ||
        read_file(dir, "stats.out", stats, sizeof stats) || read_file(dir, "tickets.out", tickets, sizeof tickets) ||
        read_file(dir, "slots.out", slots, sizeof slots) || read_file(dir, "cas_old.out", cas_old, sizeof cas_old) ||
        read_file(dir, "xchg_old.out", xchg_old, sizeof xchg_old) ||
        read_file(dir, "gstats.out", gstats, sizeof gstats))
        return -1;

    uint32_t h[256] = {0}, want[16] = {0};
    want[0] = N; want[2] = 0xffffffffu; want[3] = 0xffffffffu; want[9] = 1000000u; want[11] = 0xabcdef01u;
    int32_t smin = INT32_MAX, smax = INT32_MIN;
    for (int i = 0; i < N; i++) {
        uint32_t x = data[i];
        h[x & 255]++;
        if (x > want[1]) want[1] = x;
        if (x < want[2]) want[2] = x;
        want[3] &= x | 0x00ff00ffu;
        want[4] |= x & 0x0f0f0f0fu;
        want[5] ^= x;
        want[6] += x;
        if ((int32_t)x < smin) smin = (int32_t)x;
        if ((int32_t)x > smax) smax = (int32_t)x;
        want[9] -= x & 0xffu;
    }
    want[7] = (uint32_t)smin;
    want[8] = (uint32_t)smax;
    for (int k = 0; k < 256; k++)
        cmp_u32("hist", k, hist[k], h[k]);
    for (int k = 0; k < 16; k++)
        if (k != 10)
            cmp_u32("stats", k, stats[k], want[k]);
    for (int g = 0; g < NG; g++) {
        uint32_t mx = 0, mn = 0xffffffffu, xr = 0;
        for (int i = g * WG; i < N && i < (g + 1) * WG; i++) {
            if (data[i] > mx) mx = data[i];
            if (data[i] < mn) mn = data[i];
            xr ^= data[i];
        }
        cmp_u32("gstats.max", g, gstats[3 * g], mx);
        cmp_u32("gstats.min", g, gstats[3 * g + 1], mn);
        cmp_u32("gstats.xor", g, gstats[3 * g + 2], xr);
    }
    /* tickets: permutation of 0..N-1 */
    memset(seen, 0, sizeof seen);
    for (int i = 0; i < N; i++) {
        if (tickets[i] >= N || seen[tickets[i]]++)
            hu_mismatch("tickets[%d] = %u is out of range or repeated", i, tickets[i]);
    }
    /* cmpxchg claims */
    for (int i = 0; i < N; i++) {
        uint32_t s = data[i] % 64u, owner = slots[s];
        if (owner == 0 || owner > N || data[owner - 1] % 64u != s) {
            hu_mismatch("slots[%u] = %u is not a work-item that targeted it", s, owner);
            continue;
        }
        uint32_t want_old = (owner == (uint32_t)i + 1) ? 0 : owner;
        cmp_u32("cas_old", i, cas_old[i], want_old);
    }
    /* xchg chain: old values + final value = permutation of 0..N */
    memset(seen, 0, sizeof seen);
    for (int i = 0; i <= N; i++) {
        uint32_t v = i < N ? xchg_old[i] : stats[10];
        if (v > N || seen[v]++)
            hu_mismatch("xchg value %u (%s %d) is out of range or repeated", v, i < N ? "xchg_old" : "final", i);
    }
    return 0;
}

HOST_MAIN("atomics")
