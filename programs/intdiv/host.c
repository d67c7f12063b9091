/* intdiv host: dividends and divisors of every magnitude and sign (divisor
 * never 0; INT_MIN / -1 and LONG_MIN / -1 avoided), exact comparison. */
#include "hostutil.h"

#define N 1024

/* random value with a random number of significant bits, random sign */
static uint64_t mag(int maxbits)
{
    int bits = 1 + (int)(rng_u32() % (uint32_t)maxbits);
    uint64_t v = rng_u64();
    return bits >= 64 ? v : v & ((1ull << bits) - 1);
}

static int gen(const char *dir)
{
    static int32_t a[N], b[N];
    static int64_t c[N], d[N];
    rng_seed(1212);
    for (int i = 0; i < N; i++) {
        a[i] = (int32_t)mag(32);
        do b[i] = (int32_t)mag(i % 4 == 0 ? 32 : 12); while (b[i] == 0 || (b[i] == -1 && a[i] == INT32_MIN));
        if (rng_u32() & 1) b[i] = -b[i];
        if (b[i] == -1 && a[i] == INT32_MIN) b[i] = 1;
        c[i] = (int64_t)mag(64);
        do d[i] = (int64_t)mag(i % 3 == 0 ? 64 : i % 3 == 1 ? 32 : 10);
        while (d[i] == 0 || (d[i] == -1 && c[i] == INT64_MIN));
        if ((rng_u32() & 1) && d[i] != INT64_MIN) d[i] = -d[i];
        if (d[i] == -1 && c[i] == INT64_MIN) d[i] = 1;
    }
    a[0] = 7; b[0] = 7; a[1] = -7; b[1] = 2; a[2] = INT32_MIN; b[2] = 1; a[3] = INT32_MAX; b[3] = -1;
    c[0] = INT64_MIN; d[0] = 3; c[1] = -1; d[1] = INT64_MIN; c[2] = 12345678901234ll; d[2] = 1000;
    return write_file(dir, "a.bin", a, sizeof a) || write_file(dir, "b.bin", b, sizeof b) ||
           write_file(dir, "c.bin", c, sizeof c) || write_file(dir, "d.bin", d, sizeof d);
}

static int check(const char *dir)
{
    static int32_t a[N], b[N], o32[6 * N];
    static int64_t c[N], d[N], o64[6 * N];
    if (read_file(dir, "a.bin", a, sizeof a) || read_file(dir, "b.bin", b, sizeof b) ||
        read_file(dir, "c.bin", c, sizeof c) || read_file(dir, "d.bin", d, sizeof d) ||
        read_file(dir, "o32.out", o32, sizeof o32) || read_file(dir, "o64.out", o64, sizeof o64))
        return -1;
    static const char *n32[6] = {"sdiv32", "srem32", "udiv32", "urem32", "sdiv32_by_7", "urem32_by_10"};
    static const char *n64[6] = {"sdiv64", "srem64", "udiv64", "urem64", "sdiv64_by_1000", "urem64_by_3"};
    for (int i = 0; i < N; i++) {
        int32_t x = a[i], y = b[i];
        int64_t p = c[i], q = d[i];
        uint32_t w32[6] = {(uint32_t)(x / y), (uint32_t)(x % y), (uint32_t)x / (uint32_t)y,
                           (uint32_t)x % (uint32_t)y, (uint32_t)(x / 7), (uint32_t)x % 10u};
        uint64_t w64[6] = {(uint64_t)(p / q), (uint64_t)(p % q), (uint64_t)p / (uint64_t)q,
                           (uint64_t)p % (uint64_t)q, (uint64_t)(p / 1000), (uint64_t)p % 3u};
        for (int k = 0; k < 6; k++) {
            cmp_u32(n32[k], i, (uint32_t)o32[6 * i + k], w32[k]);
            cmp_u64(n64[k], i, (uint64_t)o64[6 * i + k], w64[k]);
        }
    }
    return 0;
}

HOST_MAIN("intdiv")
