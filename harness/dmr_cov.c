/* sicu harness: Warped-DMR's intra-warp checking opportunity (docs/dmr.md),
 * counted from each retired VALU instruction's EXEC for every cluster size
 * (4, 8, 16 lanes) and work-item mapping (identity, cross).
 *
 * The rule is the RTL's (rtl/dmr_rfu.v, rtl/simd_dmr.v): within a cluster an
 * idle lane checks the first active lane in the order i^1, i^2, ...; a lane
 * is covered when some idle lane checks it.  Full-rate ops: the LANES lanes
 * of each pass in LANES/N clusters (identity: lanes c*N..c*N+N-1; cross:
 * lane l in cluster l mod (LANES/N)).  Quarter-rate ops: in cycle s of a
 * pass the QRN = LANES/4 datapaths take lanes s*QRN+j (identity) or j*4+s
 * (cross), in clusters of min(N, QRN) datapaths.  Counted: VALU
 * computations with a result (a VGPR, or the compare/carry bits of VOPC and
 * VOP3b), not readlane/readfirstlane/writelane.
 *
 * The figures need no DMR hardware: any build reports them.  A build with
 * DMR intra must count exactly the same for its own cluster size and
 * mapping (checked at the end of every cosim run, harness.c). */
#include "dmr_cov.h"

#include "sicu_config.h"

#define QRN (SICU_LANES / 4)

int dmr_checked(const si_inst *in)
{
    if (in->op >= SI_OP_COUNT)
        return 0;
    const si_opinfo *o = &si_ops[in->op];
    if (!(o->flags & F_VALU) || (o->flags & F_LANESEL))
        return 0;
    int vopc = o->fmt == SI_FMT_VOPC;
    int wr_vgpr = in->dst >= SI_SRC_VGPR0 && !(o->flags & F_SDST) && !vopc;
    int wr_mask = vopc || in->fmt == SI_FMT_VOP3B || (o->flags & F_WR_VCC);
    return wr_vgpr || wr_mask;
}

/* active lanes of a cluster (bit k: member k) that an idle member checks */
static unsigned cluster_covered(unsigned act, unsigned n)
{
    unsigned cov = 0;
    for (unsigned i = 0; i < n; i++) {
        if (act >> i & 1)
            continue;
        for (unsigned d = 1; d < n; d++)
            if (act >> (i ^ d) & 1) {
                cov |= 1u << (i ^ d);
                break;
            }
    }
    return (unsigned)__builtin_popcount(cov);
}

/* covered lanes of one pass (pass: its LANES EXEC bits) */
static unsigned pass_covered(uint64_t pass, int quarter, unsigned n, int cross)
{
    unsigned cov = 0;
    if (!quarter) {
        unsigned nc = SICU_LANES / n;
        for (unsigned c = 0; c < nc; c++) {
            unsigned act = 0;
            for (unsigned k = 0; k < n; k++)
                act |= (unsigned)(pass >> (cross ? k * nc + c : c * n + k) & 1) << k;
            cov += cluster_covered(act, n);
        }
        return cov;
    }
    unsigned qn = n < QRN ? n : QRN;
    for (unsigned s = 0; s < 4; s++)
        for (unsigned g = 0; g < QRN / qn; g++) {
            unsigned act = 0;
            for (unsigned k = 0; k < qn; k++) {
                unsigned j = g * qn + k;
                act |= (unsigned)(pass >> (cross ? j * 4 + s : s * QRN + j) & 1) << k;
            }
            cov += cluster_covered(act, qn);
        }
    return cov;
}

uint64_t dmr_cov_inter(const sh_dmr_cov *c, int mode)
{
    if (mode == SICU_DMR_INTER)
        return c->full_lane_ops;
    if (mode == SICU_DMR_ENHANCED)
        return c->lane_ops - c->covered[SICU_FEAT_DMR_CLUSTER][SICU_FEAT_DMR_MAP];
    return 0;
}

void dmr_cov_add(sh_dmr_cov *c, const si_inst *in, uint64_t exec)
{
    if (!dmr_checked(in))
        return;
    int quarter = si_op_rate(in->op) == SI_RATE_QUARTER;
    c->lane_ops += (uint64_t)__builtin_popcountll(exec);
    if (exec == ~0ull)
        c->full_lane_ops += 64;
    uint64_t lmask = SICU_LANES == 64 ? ~0ull : (1ull << SICU_LANES) - 1;
    for (unsigned p = 0; p < 64 / SICU_LANES; p++) {
        uint64_t pass = exec >> (p * SICU_LANES) & lmask;
        if (pass == 0 || pass == lmask)
            continue;   /* no active or no idle lane: nothing is covered (most passes) */
        for (int ci = 0; ci < SH_DMR_NCLUSTER; ci++) {
            unsigned n = 4u << ci;
            if (n > SICU_LANES)
                continue;
            for (int m = 0; m < 2; m++)
                c->covered[ci][m] += pass_covered(pass, quarter, n, m);
        }
    }
}
