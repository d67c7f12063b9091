/* sicu-rtl: run a launch on the RTL compute unit, alone or in lock step
 * with the golden emulator.  `sicu run --engine rtl|cosim` runs this. */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <jansson.h>

#include "activity.h"
#include "harness.h"
#include "sicu_config.h"

#define FAIL_WAVES_DEFAULT 2000
#define MAX_SCOPES 32

/* --scope UNIT: the unit (module name) -> its instances in the verilated
 * hierarchy, and the depth traced below that prefix (0: everything below;
 * 1: the scope's own signals: sicu_cu alone is the top's wiring) */
static const struct { const char *unit, *path; int level; } scope_tab[] = {
    {"sicu_cu", "TOP.sicu_tb.u_cu", 1},
    {"fetch", "TOP.sicu_tb.u_cu.u_fetch", 0},
    {"decode", "TOP.sicu_tb.u_cu.u_decode", 0},
    {"wavepool", "TOP.sicu_tb.u_cu.u_wavepool", 0},
    {"issue", "TOP.sicu_tb.u_cu.u_issue", 0},
    {"salu", "TOP.sicu_tb.u_cu.u_salu", 0},
    {"sgpr", "TOP.sicu_tb.u_cu.u_sgpr", 0},
    {"simd", "TOP.sicu_tb.u_cu.g_simd", 0},
    {"lsu", "TOP.sicu_tb.u_cu.u_lsu", 0},
    {"opread", "TOP.sicu_tb.u_cu.u_opread", 0},
    {"lds", "TOP.sicu_tb.u_cu.u_lds", 0},
    {"monitor", "TOP.sicu_tb.u_mon", 0},
};
#define NSCOPE_TAB (sizeof scope_tab / sizeof scope_tab[0])

static const char *scope_names(void)
{
    static char buf[256];
    if (!buf[0])
        for (size_t i = 0; i < NSCOPE_TAB; i++)
            snprintf(buf + strlen(buf), sizeof buf - strlen(buf), "%s%s", i ? ", " : "", scope_tab[i].unit);
    return buf;
}

static int parse_u64(const char *opt, const char *arg, uint64_t *v)
{
    char *end;
    errno = 0;
    unsigned long long x = strtoull(arg, &end, 0);
    if (*end || !*arg || *arg == '-' || errno) {
        fprintf(stderr, "sicu-rtl: --%s expects a number, got '%s'\n", opt, arg);
        return -1;
    }
    *v = x;
    return 0;
}

static void usage(FILE *f)
{
    fprintf(f,
            "usage: sicu-rtl LAUNCH.json [--engine rtl|cosim] [--trace FILE] [--stats FILE] [--max-cycles N] [--watchdog N]\n"
            "                [--waves FILE.fst [--from CYCLE] [--to CYCLE] [--scope UNIT]...] [--fail-waves N]\n"
            "                [--fail-waves-file FILE.fst] [--activity FILE.json] [--quiet]\n"
            "  --engine rtl      the RTL compute unit alone (default)\n"
            "  --engine cosim    every retirement compared with the golden emulator, then the final memory\n"
            "  --trace FILE      the RTL's retirement trace from the monitor taps (docs/trace-format.md; - = stdout)\n"
            "  --stats FILE      cycles, IPC per instruction class and the RTL performance counters as JSON\n"
            "  --max-cycles N    stop with an error after N cycles\n"
            "  --watchdog N      cycles without a retirement before the run is reported as hung (default %d)\n"
            "  --waves FILE.fst  waveform (FST) of cycles --from..--to (default: the whole run; time unit = half a\n"
            "                    cycle), only of the units given with --scope (repeatable; default: the whole CU):\n"
            "                    %s, or a hierarchy path TOP.sicu_tb.u_cu...\n"
            "  --fail-waves N    on a mismatch, fault or hang: re-simulate and write the waveform of the last N cycles\n"
            "                    before it (default %d; 0 = off) to --fail-waves-file (default: sicu-fail.fst next to LAUNCH.json)\n"
            "  --activity FILE   per-module switching activity of the run as JSON (docs/power.md): the whole run is\n"
            "                    traced to a temporary FST (FILE.tmp.fst) and every bit change counted per module\n"
            "  --mem-stall-after N  test hook: the memory model stops answering after N requests (hang test)\n",
            SICU_WATCHDOG_CYCLES, scope_names(), FAIL_WAVES_DEFAULT);
}

static int write_stats(const char *path, const sh_result *r, const char *kernel, int cosim)
{
    static const char *cu_names[12] = {"issued", "stall_idle", "stall_dependency", "stall_waitcnt", "stall_barrier",
                                       "stall_unit_busy", "salu_insts", "fetches", "lsu_busy_cycles", "mem_requests",
                                       "lds_accesses", "sgpr_writes"};
    static const char *simd_names[5] = {"busy_cycles", "insts", "lane_ops", "vgpr_reads", "vgpr_writes"};
    json_t *o = json_object(), *c = json_object(), *simds = json_array(), *ipc = json_object();
    json_object_set_new(o, "engine", json_string(cosim ? "cosim" : "rtl"));
    json_object_set_new(o, "kernel", json_string(kernel));
    json_object_set_new(o, "config", json_string(SICU_CFG_FILE));
    json_object_set_new(o, "cycles", json_integer((json_int_t)r->cycles));
    json_object_set_new(o, "wave_insts", json_integer((json_int_t)r->retired));
    json_object_set_new(o, "wall_s", json_real(r->wall_s));
    json_object_set_new(o, "cycles_per_s", json_real(r->wall_s > 0 ? r->cycles / r->wall_s : 0));
    static const char *cls[4] = {"scalar", "vector", "memory", "other"};
    for (int i = 0; i < 4; i++)
        json_object_set_new(ipc, cls[i], json_real(r->cycles ? (double)r->by_class[i] / r->cycles : 0));
    json_object_set_new(ipc, "overall", json_real(r->cycles ? (double)r->retired / r->cycles : 0));
    json_object_set_new(o, "ipc", ipc);
    for (int i = 0; i < 12; i++)
        json_object_set_new(c, cu_names[i], json_integer(r->perf_cu[i]));
    json_object_set_new(o, "counters", c);
    for (int s = 0; s < SICU_SIMDS; s++) {
        json_t *x = json_object();
        for (int i = 0; i < 5; i++)
            json_object_set_new(x, simd_names[i], json_integer(r->perf_simd[s][i]));
        json_array_append_new(simds, x);
    }
    json_object_set_new(o, "simd", simds);
    int rc = json_dump_file(o, path, JSON_INDENT(2)) == 0 ? 0 : -1;
    json_decref(o);
    if (rc < 0)
        fprintf(stderr, "sicu-rtl: cannot write %s: %s\n", path, strerror(errno));
    return rc;
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
    o.waves = path;
    o.waves_from = res->fail_cycle > n ? res->fail_cycle - n : 0;
    o.waves_to = 0;        /* to the failure */
    o.nscopes = 0;         /* the whole CU */
    si_mem_init(&mem);
    si_mem_init(&emem);
    if (si_launch_setup(l, co, &mem, &d) < 0 || (o.cosim && si_launch_setup(l, co, &emem, &ed) < 0)) {
        fprintf(stderr, "sicu-rtl: failure waveform: cannot set the launch up again: %s\n", l->err);
    } else {
        fprintf(stderr, "sicu-rtl: re-simulating to write the waveform of cycles %llu..%llu ...\n",
                (unsigned long long)o.waves_from, (unsigned long long)res->fail_cycle);
        int rc = sh_run(&mem, &d, &emem, &ed, &o, &r2, err2, sizeof err2);
        if (rc == 0 || !r2.sim_failed || r2.fail_cycle != res->fail_cycle)
            fprintf(stderr, "sicu-rtl: warning: the re-run did not fail at cycle %llu (%s): the waveform may not "
                            "show the failure\n", (unsigned long long)res->fail_cycle, rc == 0 ? "it passed" : err2);
        fprintf(stderr, "sicu-rtl: failure waveform (cycles %llu..%llu, time = 2 x cycle): %s\n"
                        "sicu-rtl: view it with: make view WAVES=%s UNIT=issue   (or UNIT=fetch|wavepool|decode|salu|simd|lsu|cu)\n",
                (unsigned long long)o.waves_from, (unsigned long long)res->fail_cycle, path, path);
    }
    si_mem_free(&mem);
    si_mem_free(&emem);
}

int main(int argc, char **argv)
{
    static const struct option lo[] = {{"engine", required_argument, 0, 'e'}, {"stats", required_argument, 0, 's'},
                                       {"max-cycles", required_argument, 0, 'm'}, {"watchdog", required_argument, 0, 'w'},
                                       {"quiet", no_argument, 0, 'q'}, {"help", no_argument, 0, 'h'},
                                       {"trace", required_argument, 0, 't'},
                                       {"mem-stall-after", required_argument, 0, 'S'},
                                       {"waves", required_argument, 0, 'W'}, {"from", required_argument, 0, 'F'},
                                       {"to", required_argument, 0, 'T'}, {"scope", required_argument, 0, 'C'},
                                       {"fail-waves", required_argument, 0, 'N'},
                                       {"fail-waves-file", required_argument, 0, 'P'},
                                       {"activity", required_argument, 0, 'A'}, {0, 0, 0, 0}};
    const char *engine = "rtl", *stats = NULL, *trace = NULL, *fail_file = NULL;
    char fail_default[4200], act_fst[4200];
    const char *activity = NULL;
    sh_opts o = {.watchdog = SICU_WATCHDOG_CYCLES};
    const char *scopes[MAX_SCOPES];
    int levels[MAX_SCOPES], nscopes = 0, have_from = 0, have_to = 0;
    uint64_t fail_waves = FAIL_WAVES_DEFAULT;
    int c;
    opterr = 0;
    while ((c = getopt_long(argc, argv, "e:s:m:w:qht:S:", lo, NULL)) != -1) {
        switch (c) {
        case 'e': engine = optarg; break;
        case 's': stats = optarg; break;
        case 't': trace = optarg; break;
        case 'W': o.waves = optarg; break;
        case 'P': fail_file = optarg; break;
        case 'A': activity = optarg; break;
        case 'm': if (parse_u64("max-cycles", optarg, &o.max_cycles)) return 2; break;
        case 'w': if (parse_u64("watchdog", optarg, &o.watchdog)) return 2; break;
        case 'S': if (parse_u64("mem-stall-after", optarg, &o.mem_stall_after)) return 2; break;
        case 'F': if (parse_u64("from", optarg, &o.waves_from)) return 2; have_from = 1; break;
        case 'T': if (parse_u64("to", optarg, &o.waves_to)) return 2; have_to = 1; break;
        case 'N': if (parse_u64("fail-waves", optarg, &fail_waves)) return 2; break;
        case 'C': {
            size_t k;
            if (nscopes == MAX_SCOPES) {
                fprintf(stderr, "sicu-rtl: at most %d --scope options\n", MAX_SCOPES);
                return 2;
            }
            if (!strncmp(optarg, "TOP.", 4)) {
                scopes[nscopes] = optarg;
                levels[nscopes++] = 0;
                break;
            }
            for (k = 0; k < NSCOPE_TAB && strcmp(scope_tab[k].unit, optarg); k++)
                ;
            if (k == NSCOPE_TAB) {
                fprintf(stderr, "sicu-rtl: unknown --scope '%s' (expected one of %s, or a path TOP.sicu_tb.u_cu...)\n",
                        optarg, scope_names());
                return 2;
            }
            scopes[nscopes] = scope_tab[k].path;
            levels[nscopes++] = scope_tab[k].level;
            break;
        }
        case 'q': o.quiet = 1; break;
        case 'h': usage(stdout); return 0;
        case ':':
            fprintf(stderr, "sicu-rtl: option %s needs a value\n", argv[optind - 1]);
            return 2;
        default:
            fprintf(stderr, "sicu-rtl: unknown option '%s'\n", argv[optind - 1]);
            usage(stderr);
            return 2;
        }
    }
    if (!o.waves && (have_from || have_to || nscopes)) {
        fprintf(stderr, "sicu-rtl: --from, --to and --scope need --waves FILE.fst\n");
        return 2;
    }
    if (have_to && o.waves_to < o.waves_from) {
        fprintf(stderr, "sicu-rtl: empty waveform window: --to %llu is before --from %llu\n",
                (unsigned long long)o.waves_to, (unsigned long long)o.waves_from);
        return 2;
    }
    if (have_to && o.waves_to == 0)
        o.waves_to = 1;   /* --to 0: just cycle 0 (waves_to 0 means "to the end") */
    o.scopes = scopes;
    o.scope_levels = levels;
    o.nscopes = nscopes;
    if (activity) {
        if (o.waves) {
            fprintf(stderr, "sicu-rtl: --activity traces the whole run itself; it cannot be combined with --waves\n");
            return 2;
        }
        snprintf(act_fst, sizeof act_fst, "%s.tmp.fst", activity);
        o.waves = act_fst;
    }
    if (optind != argc - 1) {
        usage(stderr);
        return 2;
    }
    if (!strcmp(engine, "cosim")) o.cosim = 1;
    else if (strcmp(engine, "rtl")) {
        fprintf(stderr, "sicu-rtl: unknown engine '%s' (expected rtl or cosim)\n", engine);
        return 2;
    }
    const char *lpath = argv[optind];
    si_launch l;
    si_codeobj co;
    si_mem mem, emem;
    si_dispatch d, ed;
    int rc = 1;
    memset(&co, 0, sizeof co);
    si_mem_init(&mem);
    si_mem_init(&emem);
    char err[8192];
    sh_result res;
    if (si_launch_parse(&l, lpath) < 0) { fprintf(stderr, "sicu-rtl: %s\n", l.err); goto out; }
    if (si_codeobj_load(&co, l.code_path) < 0) { fprintf(stderr, "sicu-rtl: %s\n", co.err); goto out; }
    if (si_launch_setup(&l, &co, &mem, &d) < 0 || (o.cosim && si_launch_setup(&l, &co, &emem, &ed) < 0)) {
        fprintf(stderr, "sicu-rtl: %s\n", l.err);
        goto out;
    }
    if (trace && !(o.trace = !strcmp(trace, "-") ? stdout : fopen(trace, "w"))) {
        fprintf(stderr, "sicu-rtl: cannot create trace file %s: %s\n", trace, strerror(errno));
        goto out;
    }
    if (sh_run(&mem, &d, &emem, &ed, &o, &res, err, sizeof err) < 0) {
        fprintf(stderr, "sicu-rtl: %s: kernel '%s': %s\n", lpath, l.kernel, err);
        if (res.sim_failed && fail_waves) {
            if (!fail_file) {   /* next to the launch file */
                const char *sl = strrchr(lpath, '/');
                snprintf(fail_default, sizeof fail_default, "%.*ssicu-fail.fst", sl ? (int)(sl - lpath + 1) : 0, lpath);
                fail_file = fail_default;
            }
            fail_rerun(&l, &co, &o, &res, fail_waves, fail_file);
        }
        goto out;
    }
    if (si_launch_dump(&l, &mem) < 0) { fprintf(stderr, "sicu-rtl: %s\n", l.err); goto out; }
    if (activity) {
        int ar = sh_activity(act_fst, activity, &res, err, sizeof err);
        unlink(act_fst);
        if (ar < 0) {
            fprintf(stderr, "sicu-rtl: %s\n", err);
            goto out;
        }
    }
    if (stats && write_stats(stats, &res, l.kernel, o.cosim) < 0)
        goto out;
    if (!o.quiet)
        fprintf(stderr, "sicu-rtl: %s (%s): %llu cycles, %llu wave-instructions, IPC %.3f, %.2f s (%.0f cycles/s)%s\n",
                l.kernel, engine, (unsigned long long)res.cycles, (unsigned long long)res.retired,
                res.cycles ? (double)res.retired / res.cycles : 0, res.wall_s,
                res.wall_s > 0 ? res.cycles / res.wall_s : 0, o.cosim ? ", 0 mismatches" : "");
    rc = 0;
out:
    if (activity)
        unlink(act_fst);
    if (o.trace && o.trace != stdout && fclose(o.trace) != 0 && rc == 0) {
        fprintf(stderr, "sicu-rtl: write error on trace file %s\n", trace);
        rc = 1;
    }
    si_mem_free(&mem);
    si_mem_free(&emem);
    si_codeobj_free(&co);
    si_launch_free(&l);
    return rc;
}
