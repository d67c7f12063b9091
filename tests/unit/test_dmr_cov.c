/* Unit tests: Warped-DMR's intra-warp checking opportunity (harness/dmr_cov.c),
 * the oracle the RTL's coverage counters are compared with in every cosim
 * run of a DMR build.  Expected counts are derived by hand from the rule (an
 * idle lane checks the first active lane in the order i^1, i^2, ...; the
 * paper's Table 1 for 4 lanes) for 16-lane passes. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>
#include "dmr_cov.h"
#include "sicu_config.h"

enum { C4, C8, C16 };
enum { ID, CROSS };

static si_inst mk(unsigned op, unsigned fmt, unsigned dst)
{
    si_inst in;
    memset(&in, 0, sizeof in);
    in.op = (uint16_t)op;
    in.fmt = (uint8_t)fmt;
    in.dst = (uint16_t)dst;
    return in;
}

static sh_dmr_cov run(si_inst in, uint64_t exec)
{
    sh_dmr_cov c;
    memset(&c, 0, sizeof c);
    dmr_cov_add(&c, &in, exec);
    return c;
}

#define VADD mk(SI_OP_v_add_f32, SI_FMT_VOP2, 257)
#define VRCP mk(SI_OP_v_rcp_f32, SI_FMT_VOP1, 257)

static void lanes_0_1(void **st)
{
    (void)st;
    sh_dmr_cov c = run(VADD, 0x3);
    assert_int_equal(c.lane_ops, 2);
    assert_int_equal(c.covered[C4][ID], 2);     /* cluster {0..3}: lanes 2, 3 check 0, 1 */
    assert_int_equal(c.covered[C4][CROSS], 2);  /* lane 0 in {0,4,8,12}, lane 1 in {1,5,9,13}: triplicated */
    assert_int_equal(c.covered[C8][ID], 2);
    assert_int_equal(c.covered[C16][CROSS], 2);
}

static void three_active(void **st)
{
    (void)st;
    sh_dmr_cov c = run(VADD, 0x7);              /* lane 3 idle: checks 3^1 = 2 only */
    assert_int_equal(c.covered[C4][ID], 1);
    assert_int_equal(c.covered[C4][CROSS], 3);  /* 0, 1, 2 each in a cluster of their own */
}

static void full_quad(void **st)
{
    (void)st;
    sh_dmr_cov c = run(VADD, 0xf);
    assert_int_equal(c.covered[C4][ID], 0);     /* cluster 0 full, the others have no active lane */
    assert_int_equal(c.covered[C4][CROSS], 4);
    assert_int_equal(c.covered[C8][ID], 4);     /* lanes 4..7 check 4^4 .. 7^4 = 0..3 */
    assert_int_equal(c.covered[C8][CROSS], 4);
}

static void paper_table1(void **st)
{
    (void)st;
    /* every 2-active / 2-idle mask of a 4-lane cluster pairs perfectly */
    static const uint64_t masks[] = {0x3, 0x5, 0x6, 0x9, 0xa, 0xc};
    for (unsigned i = 0; i < sizeof masks / sizeof masks[0]; i++)
        assert_int_equal(run(VADD, masks[i]).covered[C4][ID], 2);
}

static void passes_and_full_exec(void **st)
{
    (void)st;
    sh_dmr_cov c = run(VADD, 0x0003000000000003ull);   /* passes 0 and 3 */
    assert_int_equal(c.lane_ops, 4);
    assert_int_equal(c.covered[C4][ID], 4);
    c = run(VADD, ~0ull);
    assert_int_equal(c.lane_ops, 64);
    for (int k = 0; k < 3; k++)
        for (int m = 0; m < 2; m++)
            assert_int_equal(c.covered[k][m], 0);
    c = run(VADD, 0x00ff00ff00ff00ffull);              /* tests/dmr/covered's EXEC */
    assert_int_equal(c.covered[C4][CROSS], 32);
    assert_int_equal(c.covered[C4][ID], 0);
}

static void quarter_rate(void **st)
{
    (void)st;
    /* 4 datapaths: identity takes lanes 0..3 in cycle 0 (all active: none
     * checked); cross takes lanes s, s+4, s+8, s+12 in cycle s (one active) */
    sh_dmr_cov c = run(VRCP, 0xf);
    assert_int_equal(c.covered[C4][ID], 0);
    assert_int_equal(c.covered[C4][CROSS], 4);
    assert_int_equal(c.covered[C16][ID], 0);           /* quarter rate: clusters of 4 datapaths */
    assert_int_equal(run(VADD, 0xf).covered[C16][ID], 4);
}

/* what the ReplayQ must verify per run mode: inter, the full-EXEC lane-ops;
 * enhanced, every lane-op the build's cluster/mapping leaves unchecked */
static void inter_modes(void **st)
{
    (void)st;
    sh_dmr_cov c = run(VADD, ~0ull);
    assert_int_equal(dmr_cov_inter(&c, SICU_DMR_INTER), 64);
    assert_int_equal(dmr_cov_inter(&c, SICU_DMR_ENHANCED), 64);
    assert_int_equal(dmr_cov_inter(&c, SICU_DMR_INTRA), 0);
    /* three active lanes of one 4-lane cluster (identity and cross: lanes 0, 4, 8 are
     * cross cluster 0's members 0..2; 0..2 identity cluster 0's): one is checked */
    uint64_t three = SICU_FEAT_DMR_MAP == SICU_DMR_MAP_CROSS ? 0x111ull : 0x7ull;
    if (SICU_FEAT_DMR_CLUSTER == 0) {
        c = run(VADD, three);
        assert_int_equal(dmr_cov_inter(&c, SICU_DMR_INTER), 0);
        assert_int_equal(dmr_cov_inter(&c, SICU_DMR_ENHANCED), 2);
    }
    /* not checked: nothing to replay */
    c = run(mk(SI_OP_v_readlane_b32, SI_FMT_VOP2, 4), ~0ull);
    assert_int_equal(dmr_cov_inter(&c, SICU_DMR_ENHANCED), 0);
}

static void not_checked(void **st)
{
    (void)st;
    assert_false(dmr_checked(&(si_inst){.op = SI_OP_v_readlane_b32, .fmt = SI_FMT_VOP2, .dst = 4}));
    assert_false(dmr_checked(&(si_inst){.op = SI_OP_v_nop, .fmt = SI_FMT_VOP1}));
    assert_false(dmr_checked(&(si_inst){.op = SI_OP_s_add_u32, .fmt = SI_FMT_SOP2, .dst = 4}));
    assert_true(dmr_checked(&(si_inst){.op = SI_OP_v_cmp_gt_f32, .fmt = SI_FMT_VOPC, .dst = 106}));
    assert_int_equal(run(mk(SI_OP_v_readlane_b32, SI_FMT_VOP2, 4), 0x1).lane_ops, 0);
}

int main(void)
{
    if (SICU_LANES != 16) {
        print_message("test_dmr_cov: expectations are for 16-lane SIMDs (LANES %d): skipped\n", SICU_LANES);
        return 0;
    }
    const struct CMUnitTest t[] = {
        cmocka_unit_test(lanes_0_1),   cmocka_unit_test(three_active),         cmocka_unit_test(full_quad),
        cmocka_unit_test(paper_table1), cmocka_unit_test(passes_and_full_exec), cmocka_unit_test(quarter_rate),
        cmocka_unit_test(not_checked),  cmocka_unit_test(inter_modes),
    };
    return cmocka_run_group_tests(t, NULL, NULL);
}
