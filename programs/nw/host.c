/* nw host: 4 pairs of random DNA-like sequences of length 64 (the second
 * sequence is a mutated copy of the first), the full score matrices by the
 * textbook row-by-row recurrence. */
#include "hostutil.h"

#define L 64
#define W (L + 1)
#define NPAIR 4
#define PEN 3

static const int32_t SIM[16] = {
     5, -4, -2, -4,
    -4,  5, -4, -2,
    -2, -4,  5, -4,
    -4, -2, -4,  5,
};

static int gen(const char *dir)
{
    static uint8_t s1[NPAIR * L], s2[NPAIR * L];
    rng_seed(808);
    for (int i = 0; i < NPAIR * L; i++) {
        s1[i] = rng_u32() & 3;
        s2[i] = (rng_u32() % 4 == 0) ? (rng_u32() & 3) : s1[i];
    }
    return write_file(dir, "seq1.bin", s1, sizeof s1) || write_file(dir, "seq2.bin", s2, sizeof s2) ||
           write_file(dir, "sim.bin", SIM, sizeof SIM);
}

static int max2(int a, int b) { return a > b ? a : b; }

static int check(const char *dir)
{
    static uint8_t s1[NPAIR * L], s2[NPAIR * L];
    static int32_t score[NPAIR * W * W], m[W * W];
    if (read_file(dir, "seq1.bin", s1, sizeof s1) || read_file(dir, "seq2.bin", s2, sizeof s2) ||
        read_file(dir, "score.out", score, sizeof score))
        return -1;
    for (int g = 0; g < NPAIR; g++) {
        for (int k = 0; k < W; k++) {
            m[k] = -k * PEN;
            m[k * W] = -k * PEN;
        }
        for (int i = 1; i <= L; i++)
            for (int j = 1; j <= L; j++) {
                int d = m[(i - 1) * W + j - 1] + SIM[s1[g * L + i - 1] * 4 + s2[g * L + j - 1]];
                m[i * W + j] = max2(d, max2(m[(i - 1) * W + j] - PEN, m[i * W + j - 1] - PEN));
            }
        for (int k = 0; k < W * W; k++)
            cmp_u32("score", (size_t)g * W * W + k, (uint32_t)score[g * W * W + k], (uint32_t)m[k]);
    }
    return 0;
}

HOST_MAIN("nw")
