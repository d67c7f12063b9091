/* sicu harness: the RTL engine of `sicu run --engine rtl|cosim`, the entry
 * point of libsicu-rtl.so (sicu/rtl_engine.h).  Around sh_run: option
 * checks, the failure-waveform re-run, the activity report, the statistics
 * JSON and the summary line; the configuration compiled into this library. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <jansson.h>

#include "activity.h"
#include "campaign.h"
#include "harness.h"
#include "sicu/rfv.h"
#include "sicu/rtl_engine.h"
#include "sicu_config.h"
#include "sicu_units.h"

#define MAX_SCOPES 32
#define PFX "sicu run: "

/* --scope UNIT: a unit of rtl/units.manifest -> its instances in the verilated
 * hierarchy (a unit in a generate loop: every iteration), and the depth traced
 * below that prefix (0: everything below; 1: the scope's own signals: the CU
 * alone is the top's wiring); "monitor": the testbench monitor (rtl/tb/) */
static const struct { const char *unit, *inst; } scope_tab[] = {
#define X(u, inst, doc) {u, inst},
    SICU_UNITS(X)
#undef X
    {"monitor", NULL},
};
#define NSCOPE_TAB (sizeof scope_tab / sizeof scope_tab[0])

static const char *scope_path(size_t k, int *level)
{
    static char buf[MAX_SCOPES][256];
    static unsigned next;
    const char *inst = scope_tab[k].inst;
    *level = inst && !inst[0] ? 1 : 0;
    if (!inst)
        return "TOP.sicu_tb.u_mon";
    if (!inst[0])
        return SICU_CU_SCOPE;
    char *b = buf[next++ % MAX_SCOPES];
    snprintf(b, sizeof buf[0], "%s.%s", SICU_CU_SCOPE, inst);
    return b;
}

/* A unit inside a generate loop (instance g_x[0].u_y): every SIMD's copy,
 * g_x[i].u_y (Verilator's trace scopes must name existing instances) */
static int expand_loop(const char *path, int level, const char **paths, int *levels, int n)
{
    static char buf[MAX_SCOPES * SH_MAX_SIMDS][256];
    static unsigned next;
    const char *br = strstr(path, "[0]");
    if (!br) {
        paths[n] = path;
        levels[n] = level;
        return n + 1;
    }
    for (int k = 0; k < SICU_SIMDS; k++) {
        char *b = buf[next++ % (MAX_SCOPES * SH_MAX_SIMDS)];
        snprintf(b, sizeof buf[0], "%.*s[%d]%s", (int)(br - path), path, k, br + 3);
        paths[n] = b;
        levels[n++] = level;
    }
    return n;
}

/* the units of the manifest, separated by '|' */
static const char *unit_names(void)
{
    static char buf[256];
    if (!buf[0])
        for (size_t i = 0; i + 1 < NSCOPE_TAB; i++)
            snprintf(buf + strlen(buf), sizeof buf - strlen(buf), "%s%s", i ? "|" : "", scope_tab[i].unit);
    return buf;
}

static const char *scope_names(void)
{
    static char buf[256];
    if (!buf[0])
        for (size_t i = 0; i < NSCOPE_TAB; i++)
            snprintf(buf + strlen(buf), sizeof buf - strlen(buf), "%s%s", i ? ", " : "", scope_tab[i].unit);
    return buf;
}

/* --scope arguments -> hierarchy paths and depths (a unit in a generate loop:
 * one per SIMD); the number of paths, -1 with a message */
static int resolve_scopes(const sicu_rtl_opts *a, const char **paths, int *levels, char *err, size_t errlen)
{
    int n = 0;
    if (a->nscopes > MAX_SCOPES) {
        snprintf(err, errlen, "at most %d --scope options", MAX_SCOPES);
        return -1;
    }
    for (int i = 0; i < a->nscopes; i++) {
        const char *s = a->scopes[i];
        if (!strncmp(s, "TOP.", 4)) {
            paths[n] = s;
            levels[n++] = 0;
            continue;
        }
        size_t k;
        for (k = 0; k < NSCOPE_TAB && strcmp(scope_tab[k].unit, s); k++)
            ;
        if (k == NSCOPE_TAB) {
            snprintf(err, errlen, "unknown --scope '%s' (expected one of %s, or a path TOP.sicu_tb.u_cu...)", s,
                     scope_names());
            return -1;
        }
        int level;
        const char *p = scope_path(k, &level);
        n = expand_loop(p, level, paths, levels, n);
    }
    return n;
}

static int check(const sicu_rtl_opts *a, char *err, size_t errlen)
{
    const char *paths[MAX_SCOPES * SH_MAX_SIMDS];
    int levels[MAX_SCOPES * SH_MAX_SIMDS];
    if (!a->waves && (a->have_from || a->have_to || a->nscopes)) {
        snprintf(err, errlen, "--from, --to and --scope need --waves FILE.fst");
        return -1;
    }
    if (a->have_to && a->to < a->from) {
        snprintf(err, errlen, "empty waveform window: --to %llu is before --from %llu", (unsigned long long)a->to,
                 (unsigned long long)a->from);
        return -1;
    }
    if (a->activity && a->waves) {
        snprintf(err, errlen, "--activity traces the whole run itself; it cannot be combined with --waves");
        return -1;
    }
    return resolve_scopes(a, paths, levels, err, errlen) < 0 ? -1 : 0;
}

static json_t *config_json(void)
{
    json_t *c = json_object(), *k = json_object();
    json_object_set_new(c, "file", json_string(SICU_CFG_FILE));
    for (unsigned i = 0; i < SICU_CFG_NKEYS; i++)
        json_object_set_new(k, sicu_cfg_table[i][0],
                            !strcmp(sicu_cfg_table[i][2], "size") ? json_integer(atoll(sicu_cfg_table[i][1]))
                                                                  : json_string(sicu_cfg_table[i][1]));
    json_object_set_new(c, "keys", k);
    return c;
}

/* Warped-DMR's intra-warp checking opportunity for every cluster size and
 * mapping (harness/dmr_cov.c): the fraction of checked lane-ops an idle lane
 * could verify */
static json_t *dmr_opportunity_json(const sh_dmr_cov *c)
{
    static const char *const map[2] = {"identity", "cross"};
    json_t *d = json_object();
    json_object_set_new(d, "lane_ops", json_integer((json_int_t)c->lane_ops));
    json_object_set_new(d, "full_exec", json_real(c->lane_ops ? (double)c->full_lane_ops / (double)c->lane_ops : 0));
    for (int ci = 0; ci < SH_DMR_NCLUSTER; ci++)
        for (int m = 0; m < 2; m++) {
            char k[32];
            snprintf(k, sizeof k, "cluster%d_%s", 4 << ci, map[m]);
            if ((4 << ci) <= SICU_LANES)
                json_object_set_new(d, k, json_real(c->lane_ops ? (double)c->covered[ci][m] / (double)c->lane_ops : 0));
        }
    return d;
}

#if SICU_FEAT_DMR != SICU_DMR_OFF
/* Warped-DMR's coverage (docs/dmr.md): the SIMDs' counters summed */
static json_t *dmr_json(const sh_result *r)
{
    static const char *const modes[4] = {"off", "intra", "inter", "enhanced"};
    uint64_t ops = 0, intra = 0, inter = 0, unv = 0, err = 0, rp = 0, occ = 0, full = 0, mx = 0;
    for (int s = 0; s < SICU_SIMDS; s++) {
        const uint32_t *p = r->perf_simd[s];
        ops += p[SICU_PS_dmr_lane_ops];
        intra += p[SICU_PS_dmr_intra_lane_ops];
        inter += p[SICU_PS_dmr_inter_lane_ops];
        unv += p[SICU_PS_dmr_unverified_lane_ops];
        err += p[SICU_PS_dmr_errors];
        rp += p[SICU_PS_dmr_replays];
        occ += p[SICU_PS_dmr_rq_occupancy];
        full += p[SICU_PS_dmr_rq_full_cycles];
        if (p[SICU_PS_dmr_rq_max] > mx)
            mx = p[SICU_PS_dmr_rq_max];
    }
    json_t *d = json_object();
    json_object_set_new(d, "mode", json_string(modes[sh_dmr_mode() & 3]));
    json_object_set_new(d, "lane_ops", json_integer((json_int_t)ops));
    json_object_set_new(d, "intra_lane_ops", json_integer((json_int_t)intra));
    json_object_set_new(d, "inter_lane_ops", json_integer((json_int_t)inter));
    json_object_set_new(d, "unverified_lane_ops", json_integer((json_int_t)unv));
    json_object_set_new(d, "errors", json_integer((json_int_t)err));
    json_object_set_new(d, "coverage", json_real(ops ? (double)(intra + inter) / (double)ops : 0));
    json_object_set_new(d, "intra_coverage", json_real(ops ? (double)intra / (double)ops : 0));
    /* the other way of counting (docs/dmr.md, policy): the instructions Warped-DMR
     * does not replicate (SALU, scalar and vector memory, LDS, branches and
     * messages) count as unverified; per instruction, a VALU instruction
     * weighing its lane-op coverage */
    uint64_t nv = r->perf_cu[SICU_PC_issued_valu];
    uint64_t nall = nv + r->perf_cu[SICU_PC_issued_scalar] + r->perf_cu[SICU_PC_issued_vmem_lds] +
                    r->perf_cu[SICU_PC_issued_branch_msg];
    json_object_set_new(d, "coverage_all_instructions",
                        json_real(nall && ops ? (double)nv * (double)(intra + inter) / (double)ops / (double)nall : 0));
#ifdef SICU_FEAT_DMR_REPLAY
    /* the ReplayQ (per SIMD, summed): passes replayed, mean occupancy per
     * SIMD and cycle, cycles it was full, its largest occupancy; the cycles
     * issue held a wave for a verification */
    json_t *q = json_object();
    json_object_set_new(q, "replays", json_integer((json_int_t)rp));
    json_object_set_new(q, "mean_occupancy",
                        json_real(r->cycles ? (double)occ / (double)r->cycles / SICU_SIMDS : 0));
    json_object_set_new(q, "full_cycles", json_integer((json_int_t)full));
    json_object_set_new(q, "max_occupancy", json_integer((json_int_t)mx));
    json_object_set_new(q, "hold_cycles", json_integer((json_int_t)r->perf_cu[SICU_PC_stall_dmr]));
    json_object_set_new(d, "replayq", q);
#else
    (void)rp, (void)occ, (void)full, (void)mx;
#endif
    return d;
}
#endif

#if SICU_FEAT_RFV
/* GPU-Shrink (docs/rfv.md section 12): the physical rows and the throttle */
static void shrink_json(json_t *d, const sh_result *r)
{
    unsigned rows = sh_rfv_rows();
    json_object_set_new(d, "shrink", json_boolean(rows != 0));
    json_object_set_new(d, "physical_rows_per_simd", json_integer(rows ? (json_int_t)rows : SICU_VGPR_ROWS));
    json_object_set_new(d, "wg_rows_per_simd", json_integer((json_int_t)r->shrink_wg_rows));
    json_object_set_new(d, "throttle_cycles", json_integer((json_int_t)r->perf_cu[SICU_PC_rfv_throttle]));
    json_object_set_new(d, "throttle_init_cycles", json_integer((json_int_t)r->perf_cu[SICU_PC_rfv_throttle_init]));
    json_object_set_new(d, "throttle_fraction",
                        json_real(r->cycles ? (double)r->perf_cu[SICU_PC_rfv_throttle] / (double)r->cycles : 0));
}

/* register-file virtualization (docs/rfv.md): the metadata issue saw, and the
 * SIMDs' renaming counters (rtl/rfv_map.v) summed; live rows per SIMD file */
static json_t *rfv_json(const sh_result *r)
{
    uint64_t al = 0, rl = 0, sum = 0, mx = 0;
    for (int s = 0; s < SICU_SIMDS; s++) {
        const uint32_t *p = r->perf_simd[s];
        al += p[SICU_PS_rfv_allocs];
        rl += p[SICU_PS_rfv_releases];
        sum += p[SICU_PS_rfv_live_sum];
        if (p[SICU_PS_rfv_live_max] > mx)
            mx = p[SICU_PS_rfv_live_max];
    }
    json_t *d = json_object();
    /* fetch consumes the rfv_pirs (rtl/rfv_rfc.v): decoded on a release flag
     * cache miss, skipped on a hit; the rfv_pbrs issue.  Dynamic code
     * increase (the thesis's Fig 2.15): metadata decoded / other instructions */
    uint64_t pird = r->perf_cu[SICU_PC_rfv_pir_decoded], hits = r->perf_cu[SICU_PC_rfv_rfc_hits];
    uint64_t pbr = r->perf_cu[SICU_PC_rfv_pbr], other = r->retired > pbr ? r->retired - pbr : 0;
    json_object_set_new(d, "rfc_entries", json_integer((json_int_t)sh_rfv_rfc_entries()));
    /* the 1 KB table's exempt VGPRs, mapped at launch (docs/rfv.md section 10) */
    json_object_set_new(d, "exempt_vgprs", json_integer((json_int_t)r->rfv_exempt));
    json_object_set_new(d, "pir_decoded", json_integer((json_int_t)pird));
    json_object_set_new(d, "rfc_hits", json_integer((json_int_t)hits));
    json_object_set_new(d, "rfc_hit_rate", json_real(pird + hits ? (double)hits / (double)(pird + hits) : 0));
    json_object_set_new(d, "pbr_issued", json_integer((json_int_t)pbr));
    json_object_set_new(d, "metadata_decoded", json_integer((json_int_t)(pird + pbr)));
    json_object_set_new(d, "dynamic_code_increase", json_real(other ? (double)(pird + pbr) / (double)other : 0));
    json_object_set_new(d, "release_flags", json_integer((json_int_t)r->perf_cu[SICU_PC_rfv_flags]));
    json_object_set_new(d, "rows_allocated", json_integer((json_int_t)al));
    json_object_set_new(d, "rows_released", json_integer((json_int_t)rl));
    json_object_set_new(d, "rows_per_simd", json_integer(SICU_VGPR_ROWS));
    json_object_set_new(d, "mean_live_rows_per_simd",
                        json_real(r->cycles ? (double)sum / (double)r->cycles / SICU_SIMDS : 0));
    json_object_set_new(d, "max_live_rows_per_simd", json_integer((json_int_t)mx));
    /* against the dispatcher's static allocation (the rows the baseline CU holds) */
    double st = r->cycles ? (double)r->vgpr_static_sum / (double)r->cycles / SICU_SIMDS : 0;
    json_object_set_new(d, "static_mean_rows_per_simd", json_real(st));
    json_object_set_new(d, "static_max_rows_per_simd", json_integer((json_int_t)r->vgpr_static_max));
    json_object_set_new(d, "live_fraction", json_real(st > 0 ? (double)sum / (double)r->cycles / SICU_SIMDS / st : 0));
    /* sub-array power gating: awake sub-arrays against an always-on file and
     * against the baseline gated by sub-array (its static allocation) */
    uint64_t on = 0, wk = 0, ws = 0;
    for (int s = 0; s < SICU_SIMDS; s++) {
        on += r->perf_simd[s][SICU_PS_rfv_sa_on_sum];
        wk += r->perf_simd[s][SICU_PS_rfv_wakeups];
        ws += r->perf_simd[s][SICU_PS_rfv_wake_stall];
    }
    double all = (double)r->cycles * SICU_SIMDS * (SICU_RFV_SUBARRAY ? SICU_VGPR_ROWS / SICU_RFV_SUBARRAY : 1);
    json_object_set_new(d, "subarray_rows", json_integer(SICU_RFV_SUBARRAY));
    json_object_set_new(d, "wake_cycles", json_integer((json_int_t)sh_rfv_wake_cycles()));
    json_object_set_new(d, "subarray_awake_fraction", json_real(all > 0 ? (double)on / all : 0));
    json_object_set_new(d, "static_subarray_awake_fraction",
                        json_real(all > 0 ? (double)r->vgpr_static_sa_sum / all : 0));
    json_object_set_new(d, "wakeups", json_integer((json_int_t)wk));
    json_object_set_new(d, "wake_stall_cycles_per_simd", json_real((double)ws / SICU_SIMDS));
    json_object_set_new(d, "allocation_reduction",
                        json_real(r->vgpr_static_max ? 1.0 - (double)mx / (double)r->vgpr_static_max : 0));
    shrink_json(d, r);
    return d;
}
#endif

static int write_stats(const char *path, const sh_result *r, const char *kernel, int cosim)
{
#define COUNTER_NAME(n) #n,
    static const char *cu_names[SH_NPERF_CU] = {SICU_PERF_CU(COUNTER_NAME)};
    static const char *simd_names[SH_NPERF_SIMD] = {SICU_PERF_SIMD(COUNTER_NAME)};
#undef COUNTER_NAME
    json_t *o = json_object(), *c = json_object(), *simds = json_array(), *ipc = json_object();
    json_object_set_new(o, "engine", json_string(cosim ? "cosim" : "rtl"));
    json_object_set_new(o, "kernel", json_string(kernel));
    json_object_set_new(o, "config", config_json());
    json_object_set_new(o, "cycles", json_integer((json_int_t)r->cycles));
    json_object_set_new(o, "wave_insts", json_integer((json_int_t)r->retired));
    json_object_set_new(o, "wall_s", json_real(r->wall_s));
    json_object_set_new(o, "cycles_per_s", json_real(r->wall_s > 0 ? r->cycles / r->wall_s : 0));
    static const char *cls[4] = {"scalar", "vector", "memory", "other"};
    for (int i = 0; i < 4; i++)
        json_object_set_new(ipc, cls[i], json_real(r->cycles ? (double)r->by_class[i] / r->cycles : 0));
    json_object_set_new(ipc, "overall", json_real(r->cycles ? (double)r->retired / r->cycles : 0));
    json_object_set_new(o, "ipc", ipc);
    for (int i = 0; i < SH_NPERF_CU; i++)
        json_object_set_new(c, cu_names[i], json_integer(r->perf_cu[i]));
    json_object_set_new(o, "counters", c);
    json_t *ms = json_object();
    json_object_set_new(ms, "l1_hits", json_integer((json_int_t)r->l1_hits));
    json_object_set_new(ms, "l1_misses", json_integer((json_int_t)r->l1_misses));
    json_object_set_new(ms, "l1_writes", json_integer((json_int_t)r->l1_writes));
    json_object_set_new(ms, "scalar_cache_hits", json_integer((json_int_t)r->sc_hits));
    json_object_set_new(ms, "scalar_cache_misses", json_integer((json_int_t)r->sc_misses));
    json_object_set_new(ms, "l2_hits", json_integer((json_int_t)r->l2_hits));
    json_object_set_new(ms, "l2_misses", json_integer((json_int_t)r->l2_misses));
    json_object_set_new(ms, "mem_lines", json_integer((json_int_t)r->mem_lines));
    json_object_set_new(o, "memory", ms);
    for (int s = 0; s < SICU_SIMDS; s++) {
        json_t *x = json_object();
        for (int i = 0; i < SH_NPERF_SIMD; i++)
            json_object_set_new(x, simd_names[i], json_integer(r->perf_simd[s][i]));
        json_array_append_new(simds, x);
    }
    json_object_set_new(o, "simd", simds);
    json_t *hist = json_array();
    for (int i = 0; i <= 64; i++)
        json_array_append_new(hist, json_integer((json_int_t)r->valu_active[i]));
    json_object_set_new(o, "valu_active_lanes", hist);
    json_object_set_new(o, "dmr_opportunity", dmr_opportunity_json(&r->dmr_cov));
    json_t *wr = json_object();   /* wear levelling (docs/rfv.md): accesses per physical VGPR row */
    json_object_set_new(wr, "rows_accessed", json_integer(r->vrow_touched));
    json_object_set_new(wr, "cov_all_rows", json_real(r->vrow_cov_all));
    json_object_set_new(wr, "cov_accessed_rows", json_real(r->vrow_cov_touched));
    json_object_set_new(wr, "max_over_min", json_real(r->vrow_max_over_min));
    json_object_set_new(o, "vgpr_row_accesses", wr);
#if SICU_FEAT_DMR != SICU_DMR_OFF
    json_object_set_new(o, "dmr", dmr_json(r));
#endif
#if SICU_FEAT_RFV
    json_object_set_new(o, "rfv", rfv_json(r));
#endif
    int rc;
    if (!strcmp(path, "-")) {
        rc = json_dumpf(o, stdout, JSON_INDENT(2) | JSON_PRESERVE_ORDER);
        putchar('\n');
    } else {
        rc = json_dump_file(o, path, JSON_INDENT(2) | JSON_PRESERVE_ORDER);
    }
    json_decref(o);
    if (rc != 0)
        fprintf(stderr, PFX "error: cannot write statistics to %s: %s\n", path, strerror(errno));
    return rc ? -1 : 0;
}

/* The run failed at res->fail_cycle: simulate it again (runs are
 * deterministic) with a waveform window over the cycles before the failure,
 * and check that the failure reproduces. */
static void fail_rerun(si_launch *l, si_codeobj *co, const sh_opts *o0, const sh_result *res, uint64_t n,
                       const char *path)
{
    si_mem mem, emem;
    si_dispatch d, ed;
    sh_opts o = *o0;
    sh_result r2;
    char err2[8192];
    o.trace = NULL;
    o.series = NULL;
    o.waves = path;
    o.waves_from = res->fail_cycle > n ? res->fail_cycle - n : 0;
    o.waves_to = 0;        /* to the failure */
    o.nscopes = 0;         /* the whole CU */
    si_mem_init(&mem);
    si_mem_init(&emem);
    if (si_launch_setup(l, co, &mem, &d) < 0 || (o.cosim && si_launch_setup(l, co, &emem, &ed) < 0)) {
        fprintf(stderr, PFX "failure waveform: cannot set the launch up again: %s\n", l->err);
    } else {
        fprintf(stderr, PFX "re-simulating to write the waveform of cycles %llu..%llu ...\n",
                (unsigned long long)o.waves_from, (unsigned long long)res->fail_cycle);
        int rc = sh_run(&mem, &d, &emem, &ed, &o, &r2, err2, sizeof err2);
        if (rc == 0 || !r2.sim_failed || r2.fail_cycle != res->fail_cycle)
            fprintf(stderr, PFX "warning: the re-run did not fail at cycle %llu (%s): the waveform may not "
                                "show the failure\n", (unsigned long long)res->fail_cycle, rc == 0 ? "it passed" : err2);
        fprintf(stderr, PFX "failure waveform (cycles %llu..%llu, time = 2 x cycle): %s\n"
                        PFX "view it with: make view WAVES=%s UNIT=issue   (or UNIT=%s)\n",
                (unsigned long long)o.waves_from, (unsigned long long)res->fail_cycle, path, path, unit_names());
    }
    si_mem_free(&mem);
    si_mem_free(&emem);
}

static int run(si_launch *l, si_codeobj *co, si_mem *mem, const si_dispatch *d, si_mem *emem, const si_dispatch *ed,
               const sicu_rtl_opts *a)
{
    const char *paths[MAX_SCOPES * SH_MAX_SIMDS];
    int levels[MAX_SCOPES * SH_MAX_SIMDS];
    char err[8192], fail_default[4200], act_fst[4200];
    sh_result res;
    int rc = 1;
    if (check(a, err, sizeof err) < 0) {
        fprintf(stderr, PFX "error: %s\n", err);
        return 1;
    }
    int npaths = resolve_scopes(a, paths, levels, err, sizeof err);
    sh_opts o = {
        .cosim = a->cosim,
        .max_cycles = a->max_cycles,
        .watchdog = a->have_watchdog ? a->watchdog : SICU_WATCHDOG_CYCLES,   /* 0: off */
        .quiet = a->quiet,
        .trace = a->trace,
        .mem_stall_after = a->mem_stall_after,
        .waves = a->waves,
        .waves_from = a->from,
        .waves_to = a->have_to && a->to == 0 ? 1 : a->to,   /* --to 0: just cycle 0 (0 means "to the end") */
        .scopes = paths,
        .scope_levels = levels,
        .nscopes = npaths,
    };
    if (a->activity) {
        snprintf(act_fst, sizeof act_fst, "%s.tmp.fst", a->activity);
        o.waves = act_fst;
    }
    /* the counter time series: written under a temporary name, renamed when complete */
    FILE *series = NULL;
    char series_tmp[4200];
    if (a->series) {
        snprintf(series_tmp, sizeof series_tmp, "%s.tmp", a->series);
        if (!(series = fopen(series_tmp, "w"))) {
            fprintf(stderr, PFX "error: cannot write the time series to %s: %s\n", series_tmp, strerror(errno));
            goto out;
        }
        sh_series_header(series);
        o.series = series;
        o.series_interval = a->series_interval ? a->series_interval : 1000;
    }
#if SICU_FEAT_RFV
    /* the 1 KB renaming table: the exempt VGPRs `sicu rfv` recorded */
    si_vset exempt;
    int ne = si_rfv_exempt_load(l->code_path, l->kernel, &exempt, err, sizeof err);
    if (ne < 0) {
        fprintf(stderr, PFX "error: %s\n", err);
        goto out;
    }
    if (ne > 0)
        o.rfv_exempt = &exempt;
#endif
    if (sh_run(mem, d, emem, ed, &o, &res, err, sizeof err) < 0) {
        fprintf(stderr, PFX "error: %s: kernel '%s': %s\n", a->launch_path, l->kernel, err);
        if (res.sim_failed && a->fail_waves) {
            const char *fail_file = a->fail_waves_file;
            if (!fail_file) {   /* next to the launch file */
                const char *lp = a->launch_path, *sl = strrchr(lp, '/');
                snprintf(fail_default, sizeof fail_default, "%.*ssicu-fail.fst", sl ? (int)(sl - lp + 1) : 0, lp);
                fail_file = fail_default;
            }
            fail_rerun(l, co, &o, &res, a->fail_waves, fail_file);
        }
        goto out;
    }
    if (si_launch_dump(l, mem) < 0) {
        fprintf(stderr, PFX "error: %s\n", l->err);
        goto out;
    }
    if (a->activity && sh_activity(act_fst, a->activity, &res, err, sizeof err) < 0) {
        fprintf(stderr, PFX "error: %s\n", err);
        goto out;
    }
    if (a->stats && write_stats(a->stats, &res, l->kernel, a->cosim) < 0)
        goto out;
    if (series) {
        int bad = ferror(series);
        bad |= fclose(series) != 0;
        series = NULL;
        if (bad || rename(series_tmp, a->series) < 0) {
            fprintf(stderr, PFX "error: cannot write the time series %s: %s\n", a->series, strerror(errno));
            goto out;
        }
    }
    if (!a->quiet)
        fprintf(stderr, PFX "%s (%s, %s): %llu cycles, %llu wave-instructions, IPC %.3f, %.2f s (%.0f cycles/s)%s\n",
                l->kernel, a->cosim ? "cosim" : "rtl", SICU_CFG_FILE, (unsigned long long)res.cycles,
                (unsigned long long)res.retired, res.cycles ? (double)res.retired / res.cycles : 0, res.wall_s,
                res.wall_s > 0 ? res.cycles / res.wall_s : 0, a->cosim ? ", 0 mismatches" : "");
    rc = 0;
out:
    if (series) {
        fclose(series);
        unlink(series_tmp);
    }
    if (a->activity)
        unlink(act_fst);
    return rc;
}

/* ---------------------------------------------------------------- fault injection */
static int fi_inject(const char *launch, const char *spec, uint64_t end_after, FILE *out)
{
    char err[8192];
    sh_fault f;
    sh_fi_result r;
    if (sh_fault_parse(spec, &f, err, sizeof err) < 0) {
        fprintf(stderr, "sicu inject: error: %s\n", err);
        return 2;
    }
    sh_fi *fi = sh_fi_open(launch, end_after, err, sizeof err);
    if (!fi) {
        fprintf(stderr, "sicu inject: error: %s\n", err);
        return 1;
    }
    int rc = sh_fi_run(fi, &f, &r);
    if (rc < 0) {
        const char *e = sh_fi_error(fi);
        fprintf(stderr, "sicu inject: error: %s\n", e);
        sh_fi_close(fi);
        return !strncmp(e, "flop:", 5) ? 2 : 1;   /* a flop the CU does not have: the spec's fault */
    }
    char *j = sh_fi_json(&f, &r, NULL);
    fprintf(out, "%s\n", j);
    free(j);
    sh_fi_close(fi);
    return fflush(out) == 0 ? 0 : 1;
}

static int fi_list_flops(FILE *out)
{
    char err[8192];
    sh_flops fl;
    if (sh_flops_list(&fl, err, sizeof err) < 0) {
        fprintf(stderr, "sicu inject: error: %s\n", err);
        return 1;
    }
    fprintf(out, "# state variables of the CU (%s): %u, %llu flop bits in %s variables, %llu bits in arrays\n"
                 "# path (below %s)\twidth\tmodule\tarray elements (- : a flop)\n",
            SICU_CFG_FILE, fl.n, (unsigned long long)fl.flop_bits, "non-array", (unsigned long long)fl.array_bits,
            SICU_CU_SCOPE);
    for (unsigned i = 0; i < fl.n; i++) {
        const sh_flop *x = &fl.v[i];
        if (x->arr_lo >= 0)
            fprintf(out, "%s\t%u\t%s\t%d..%d\n", x->path, x->width, x->module, x->arr_lo, x->arr_hi);
        else
            fprintf(out, "%s\t%u\t%s\t-\n", x->path, x->width, x->module);
    }
    sh_flops_free(&fl);
    return fflush(out) == 0 ? 0 : 1;
}

static int fi_split(const char *spec, const char *dir) { return sh_campaign_split(spec, dir) < 0; }
static int fi_shard(const char *shard, FILE *out) { return sh_campaign_run_shard(shard, out) < 0; }
static int fi_merge(char *const *files, int n, const char *prefix, FILE *out)
{
    return sh_campaign_merge(files, n, prefix, out) < 0;
}

const sicu_rtl_engine *sicu_rtl_engine_get(void);
const sicu_rtl_engine *sicu_rtl_engine_get(void)
{
    static sicu_rtl_engine e = {
        .abi = SICU_RTL_ABI,
        .config_file = SICU_CFG_FILE,
        .nkeys = SICU_CFG_NKEYS,
        .keys = sicu_cfg_table,
        .check = check,
        .run = run,
        .inject = fi_inject,
        .list_flops = fi_list_flops,
        .campaign_split = fi_split,
        .campaign_run_shard = fi_shard,
        .campaign_merge = fi_merge,
        .dmr_control = sh_dmr_control,
        .rfv_control = sh_rfv_control,
    };
    e.scope_units = scope_names();
    return &e;
}
