/* ldsracy host.  The kernel's LDS stores, loads and atomics race between the
 * waves of a work-group, so only consistency is checked, per work-group:
 * every load of w saw a value one of that dword's writers stored in some
 * round (the loading wave had stored to it first), every dword of w ends
 * with a last-round value of one of its writers and every dword of slot with
 * a value one of its writers stored, the tickets are a permutation, a
 * load of a slot saw 0 or a work-item whose ticket maps there, and the
 * counter ends at 256.  (The point is cosim: RTL and emulator must agree
 * whatever the order; see ldsracy.cl.) */
#include "hostutil.h"

#define N 1024
#define NT 256
#define NG (N / NT)
#define ROUNDS 4

/* v = 1 + l for a work-item l of the group whose index is k (mod 64) */
static int writer_of(uint32_t v, uint32_t k)
{
    return v >= 1 && v <= NT && (v - 1) % 64 == k;
}

/* v = 256 r + 1 + l: the store of round r < ROUNDS by such a work-item */
static int round_writer_of(uint32_t v, uint32_t k)
{
    return v >= 1 && (v - 1) / NT < ROUNDS && writer_of((v - 1) % NT + 1, k);
}

static int gen(const char *dir)
{
    (void)dir;
    return 0;
}

static void check_group(uint32_t grp, const uint32_t *seen, const uint32_t *fin, const uint32_t *order,
                        uint32_t cnt)
{
    uint32_t got[NT + 1] = {0}, ticket[NT + 1] = {0};
    cmp_u32("cnt", grp, cnt, NT);
    for (uint32_t t = 0; t < NT; t++) {
        uint32_t v = order[grp * NT + t];
        if (v < 1 || v > NT || got[v]++)
            hu_mismatch("order[%u] = %u is out of range or repeated", grp * NT + t, v);
        else
            ticket[v] = t;
    }
    for (uint32_t l = 0; l < NT; l++) {
        uint32_t g = grp * NT + l;
        for (uint32_t r = 0; r < ROUNDS; r++)
            if (!round_writer_of(seen[r * N + g], (l + 32) & 63))
                hu_mismatch("seen[%u] = %u: not a value stored to w[%u]", r * N + g, seen[r * N + g], (l + 32) & 63);
        uint32_t s = (ticket[l + 1] + 32) % 64, v = seen[ROUNDS * N + g];
        if (v != 0 && (v > NT || ticket[v] % 64 != s))
            hu_mismatch("seen[%u] = %u: not 0 nor a work-item that stored to slot[%u]", ROUNDS * N + g, v, s);
    }
    for (uint32_t k = 0; k < 64; k++) {
        if (!round_writer_of(fin[grp * 128 + k], k) || (fin[grp * 128 + k] - 1) / NT != ROUNDS - 1)
            hu_mismatch("w[%u] of group %u = %u was not stored by any of its writers", k, grp, fin[grp * 128 + k]);
        uint32_t v = fin[grp * 128 + 64 + k];
        if (v < 1 || v > NT || ticket[v] % 64 != k)
            hu_mismatch("slot[%u] of group %u = %u: not a work-item with a ticket of that slot", k, grp, v);
    }
}

static int check(const char *dir)
{
    static uint32_t seen[(ROUNDS + 1) * N], fin[NG * 128], order[N], cnt[NG];
    if (read_file(dir, "seen.out", seen, sizeof seen) || read_file(dir, "fin.out", fin, sizeof fin) ||
        read_file(dir, "order.out", order, sizeof order) || read_file(dir, "cnt.out", cnt, sizeof cnt))
        return -1;
    for (uint32_t grp = 0; grp < NG; grp++)
        check_group(grp, seen, fin, order, cnt[grp]);
    return 0;
}

HOST_MAIN("ldsracy")
