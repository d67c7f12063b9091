/* racy host.  The kernel's plain stores and loads race between waves, so
 * only consistency is checked: every dword ends with a value one of its
 * writers stored, every load saw 0 or a value a writer of that dword stored,
 * the tickets are a permutation and the counter ends at N.  (The point of the
 * program is cosim: RTL and emulator must agree on every load and on the
 * final buffers whatever the order; see racy.cl.) */
#include "hostutil.h"

#define N 2048

static int gen(const char *dir)
{
    (void)dir;
    return 0;
}

/* v = 1 + g for a work-item g whose index is k (mod m) */
static int writer_of(uint32_t v, uint32_t k, uint32_t m)
{
    return v >= 1 && v <= N && (v - 1) % m == k;
}

static int check(const char *dir)
{
    static uint32_t shared_w[64], seen[2 * N], cnt[1], slot[128], order[N], got[N + 1];
    if (read_file(dir, "shared_w.out", shared_w, sizeof shared_w) || read_file(dir, "seen.out", seen, sizeof seen) ||
        read_file(dir, "cnt.out", cnt, sizeof cnt) || read_file(dir, "slot.out", slot, sizeof slot) ||
        read_file(dir, "order.out", order, sizeof order))
        return -1;
    for (uint32_t k = 0; k < 64; k++)
        if (!writer_of(shared_w[k], k, 64))
            hu_mismatch("shared_w[%u] = %u was not stored by any of its writers", k, shared_w[k]);
    for (uint32_t g = 0; g < N; g++) {
        uint32_t v = seen[g];
        if (v != 0 && !writer_of(v, (g + 32) & 63, 64))
            hu_mismatch("seen[%u] = %u: not a value stored to shared_w[%u]", g, v, (g + 32) & 63);
    }
    cmp_u32("cnt", 0, cnt[0], N);
    for (uint32_t t = 0; t < N; t++) {
        uint32_t v = order[t];
        if (v < 1 || v > N || got[v]++)
            hu_mismatch("order[%u] = %u is out of range or repeated", t, v);
    }
    /* slot[s]: the work-item holding the last ticket t = s (mod 128) to store there */
    for (uint32_t s = 0; s < 128; s++) {
        uint32_t v = slot[s], ok = 0;
        for (uint32_t t = s; t < N; t += 128)
            ok |= order[t] == v;
        if (!ok)
            hu_mismatch("slot[%u] = %u: not a work-item with a ticket of that slot", s, v);
    }
    /* seen[N + g] loaded slot[(t + 64) % 128], t = g's ticket: 0 or a work-item whose ticket maps there */
    static uint32_t ticket[N + 1];
    for (uint32_t t = 0; t < N; t++)
        if (order[t] >= 1 && order[t] <= N)
            ticket[order[t]] = t;
    for (uint32_t g = 0; g < N; g++) {
        uint32_t v = seen[N + g], s = (ticket[g + 1] + 64) % 128;
        if (v != 0 && (v > N || ticket[v] % 128 != s))
            hu_mismatch("seen[%u] = %u: not 0 nor a work-item that stored to slot[%u]", N + g, v, s);
    }
    return 0;
}

HOST_MAIN("racy")
