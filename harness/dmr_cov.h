/* sicu harness: Warped-DMR's intra-warp checking opportunity per cluster
 * size and mapping, from retired VALU instructions (dmr_cov.c). */
#ifndef SICU_DMR_COV_H
#define SICU_DMR_COV_H
#include <stdint.h>
#include "sicu/isa.h"

#define SH_DMR_NCLUSTER 3   /* cluster sizes 4, 8, 16 (DMR_CLUSTER's values, in order) */
typedef struct sh_dmr_cov {
    uint64_t lane_ops;                    /* active lane-ops of checked VALU instructions */
    uint64_t full_lane_ops;               /* of them under a full EXEC (all 64 lanes): inter-warp DMR's share */
    uint64_t covered[SH_DMR_NCLUSTER][2]; /* of them checked by an idle lane: [cluster][identity, cross] */
} sh_dmr_cov;

/* the instruction is one the checker compares (a VALU computation with a result) */
int dmr_checked(const si_inst *in);
/* count one retired instruction that ran under exec */
void dmr_cov_add(sh_dmr_cov *c, const si_inst *in, uint64_t exec);
/* the lane-ops a DMR build's ReplayQ verifies in run mode `mode` (SICU_DMR_*:
 * inter, the full-EXEC ones; enhanced, all that intra-warp checking leaves
 * for the build's cluster size and mapping; otherwise none) */
uint64_t dmr_cov_inter(const sh_dmr_cov *c, int mode);
#endif
