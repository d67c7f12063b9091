/* kmeans host: 2000 points with 4 features around 5 centres.  The kernel's
 * "d += diff * diff" compiles to v_mad_f32 (product rounded, then sum
 * rounded, no fusion), which the host reproduces with plain float
 * operations (compiled with -ffp-contract=off): exact comparison. */
#include "hostutil.h"

#define NP 2000
#define NC 5
#define NF 4

static int gen(const char *dir)
{
    static float feature[NF * NP], clusters[NC * NF];
    rng_seed(707);
    for (int i = 0; i < NC * NF; i++)
        clusters[i] = rng_float(-10.0f, 10.0f);
    for (int p = 0; p < NP; p++) {
        int c = rng_u32() % NC;
        for (int f = 0; f < NF; f++)
            feature[f * NP + p] = clusters[c * NF + f] + rng_float(-6.0f, 6.0f);
    }
    return write_file(dir, "feature.bin", feature, sizeof feature) ||
           write_file(dir, "clusters.bin", clusters, sizeof clusters);
}

static int check(const char *dir)
{
    static float feature[NF * NP], clusters[NC * NF], mindist[NP];
    static int32_t membership[NP];
    if (read_file(dir, "feature.bin", feature, sizeof feature) ||
        read_file(dir, "clusters.bin", clusters, sizeof clusters) ||
        read_file(dir, "membership.out", membership, sizeof membership) ||
        read_file(dir, "mindist.out", mindist, sizeof mindist))
        return -1;
    for (int p = 0; p < NP; p++) {
        int best = 0;
        float bestd = 3.40282347e+38f;
        for (int c = 0; c < NC; c++) {
            float d = 0.0f;
            for (int f = 0; f < NF; f++) {
                float diff = feature[f * NP + p] - clusters[c * NF + f];
                float sq = diff * diff;
                d = d + sq;
            }
            if (d < bestd) {
                bestd = d;
                best = c;
            }
        }
        cmp_u32("membership", p, (uint32_t)membership[p], (uint32_t)best);
        cmp_f32("mindist", p, mindist[p], bestd);
    }
    return 0;
}

HOST_MAIN("kmeans")
