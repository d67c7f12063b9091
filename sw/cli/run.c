/* sicu run: load a launch file, run it on the golden emulator, dump buffers,
 * write statistics. */
#include "cli.h"

#include <getopt.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>

#include "sicu/emu.h"
#include "sicu/launch.h"
#include "sicu/rfv.h"
#include "sicu/rtl_engine.h"

static void usage_run(FILE *f)
{
    fprintf(f,
            "usage: sicu run LAUNCH.json [--engine emu|rtl|cosim] [--trace FILE] [--stats FILE]\n"
            "                [--max-instructions N] [--repeat N] [--quiet]\n"
            "                [--poison-released] [--side-table FILE]\n"
            "                [RTL options: --max-cycles N --watchdog N --waves FILE.fst [--from C] [--to C]\n"
            "                 [--scope UNIT]... --fail-waves N --fail-waves-file FILE --activity FILE\n"
            "                 --series FILE [--series-interval N]\n"
            "                 --mem-stall-after N --dmr-mode M --dmr-rq N --dmr-no-shuffle --rfv-rfc N --rfv-wake N --rfv-rows N]\n"
            "\n"
            "Load the code object and kernel named by LAUNCH.json (docs/launch-format.md), set up\n"
            "device memory and the dispatch, run it and write the buffers' \"dump\" files.\n"
            "  --engine E              emu: the golden emulator (default); rtl: the verilated compute\n"
            "                          unit; cosim: the RTL checked against the emulator at every\n"
            "                          retirement, then the final memory.  rtl and cosim load\n"
            "                          ../lib/libsicu-rtl.so next to this binary (`make rtl [BUILD=...]`;\n"
            "                          its CU configuration: `sicu version`)\n"
            "  --trace FILE            write a JSON Lines retirement trace (docs/trace-format.md; - = stdout)\n"
            "  --stats FILE            write execution statistics as JSON ('-' = stdout)\n"
            "  --max-instructions N    stop with an error after N wave instructions (runaway guard; emu;\n"
            "                          default %llu, 0 = no limit)\n"
            "  --repeat N              run the dispatch N times, each from freshly set-up memory\n"
            "                          (benchmarking; only the emulation is timed;\n"
            "                          statistics are per run, throughput over all runs; emu)\n"
            "  --quiet                 no summary line on stderr\n"
            "  --poison-released       register-file virtualization (docs/rfv.md; emu): every VGPR an\n"
            "                          rfv_pir/rfv_pbr metadata instruction (sicu rfv) releases is\n"
            "                          overwritten with 0x%08x in all lanes, so a release before the\n"
            "                          last read gives wrong results; --stats gets an \"rfv\" object\n"
            "  --side-table FILE       with --poison-released: also the releases of a side table\n"
            "                          (sicu rfv --side-table; FILE = the JSON or the object holding it)\n"
            "RTL options (--engine rtl|cosim only; docs/waves.md, docs/power.md):\n"
            "  --max-cycles N          stop with an error after N cycles (runaway guard; default %llu,\n"
            "                          0 = no limit)\n"
            "  --watchdog N            cycles without a retirement before the run is reported as hung\n"
            "                          (default: WATCHDOG_CYCLES of the configuration; 0 = off)\n"
            "  --waves FILE.fst        waveform (FST) of cycles --from..--to (default: the whole run; time\n"
            "                          unit = half a cycle), only of the --scope units (repeatable; default:\n"
            "                          the whole CU): sicu_cu fetch decode wavepool issue salu sgpr simd lsu,\n"
            "                          or a hierarchy path TOP.sicu_cu...\n"
            "  --fail-waves N          on a mismatch, fault or hang: re-simulate and write the waveform of the\n"
            "                          last N cycles before it (default %d; 0 = off) to --fail-waves-file\n"
            "                          (default: sicu-fail.fst next to LAUNCH.json)\n"
            "  --activity FILE.json    per-module switching activity of the run (the whole run is traced to\n"
            "                          a temporary FILE.json.tmp.fst and every bit change counted per module)\n"
            "  --series FILE           counter time series: every --series-interval cycles (default 1000)\n"
            "                          one line of the counters (cumulative, as in --stats), the\n"
            "                          instructions retired and the static VGPR rows held (docs/cli.md)\n"
            "  --mem-stall-after N     test hook: the memory model stops answering after N requests\n"
            CLI_CTL_HELP
            "The --trace file (every engine), the emulator's --stats file and the launch's dumps are written\n"
            "under a temporary name and renamed when complete; write errors fail the run.\n",
            (unsigned long long)SI_EMU_DEFAULT_MAX_INSTRUCTIONS, SI_RFV_POISON, (unsigned long long)SICU_RTL_DEFAULT_MAX_CYCLES,
            SICU_RTL_FAIL_WAVES_DEFAULT);
}

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + ts.tv_nsec * 1e-9;
}

static long peak_rss_kib(void)
{
    struct rusage ru;
    return getrusage(RUSAGE_SELF, &ru) == 0 ? ru.ru_maxrss : -1;
}

/* `wall` covers `reps` identical runs; counts are those of one run.  The
 * file is written atomically (cli_out); "-" is stdout. */
static int write_stats(const char *path, const si_stats *s, double wall, unsigned reps, const si_launch *l)
{
    cli_out out;
    if (cli_out_open(&out, "run", path, "statistics") < 0)
        return -1;
    json_t *o = json_object(), *cfg = json_object();
    json_object_set_new(o, "engine", json_string("emu"));
    json_object_set_new(o, "kernel", json_string(l->kernel));
    /* the emulator models no CU configuration (the RTL engines' stats give theirs) */
    json_object_set_new(cfg, "file", json_null());
    json_object_set_new(cfg, "note", json_string("golden emulator: no CU configuration (sizes and features "
                                                 "apply to the RTL engines)"));
    json_object_set_new(o, "config", cfg);
    json_object_set_new(o, "instructions", json_integer((json_int_t)s->wave_insts));
    json_object_set_new(o, "lane_ops", json_integer((json_int_t)s->lane_ops));
    json_object_set_new(o, "cycles_est", json_integer((json_int_t)s->cycles_est));
    json_object_set_new(o, "waves", json_integer((json_int_t)s->waves));
    json_object_set_new(o, "workgroups", json_integer((json_int_t)s->workgroups));
    json_object_set_new(o, "repeat", json_integer(reps));
    json_object_set_new(o, "wall_time_s", json_real(wall));
    json_object_set_new(o, "wave_instr_per_s", json_real(wall > 0 ? (double)s->wave_insts * reps / wall : 0.0));
    json_object_set_new(o, "lane_ops_per_s", json_real(wall > 0 ? (double)s->lane_ops * reps / wall : 0.0));
    json_object_set_new(o, "peak_rss_kib", json_integer(peak_rss_kib()));
    json_t *fm = json_object();
    for (unsigned i = 0; i < SI_FMT_COUNT; i++)
        if (s->by_fmt[i])
            json_object_set_new(fm, si_fmt_name(i), json_integer((json_int_t)s->by_fmt[i]));
    json_object_set_new(o, "by_format", fm);
    json_t *op = json_object();
    for (unsigned i = 0; s->by_op && i < SI_OP_COUNT; i++)
        if (s->by_op[i])
            json_object_set_new(op, si_ops[i].name, json_integer((json_int_t)s->by_op[i]));
    json_object_set_new(o, "by_op", op);
    if (s->rfv_nvgpr && (s->rfv_meta || s->rfv_allocs)) {
        /* poison mode: what the release hardware would have held mapped */
        uint64_t n = s->wave_insts ? s->wave_insts : 1;
        json_object_set_new(o, "rfv", json_pack("{s:I, s:I, s:I, s:f, s:i, s:f, s:i, s:f}", "metadata_executed",
                                                (json_int_t)s->rfv_meta, "vgprs_mapped", (json_int_t)s->rfv_allocs,
                                                "vgprs_released", (json_int_t)s->rfv_releases, "released_fraction",
                                                s->rfv_allocs ? (double)s->rfv_releases / s->rfv_allocs : 0.0,
                                                "max_mapped_per_wave", (int)s->rfv_held_max, "avg_mapped_per_wave",
                                                (double)s->rfv_held_sum / n, "vgprs_allocated", (int)s->rfv_nvgpr,
                                                "allocation_reduction",
                                                1.0 - (double)s->rfv_held_max / s->rfv_nvgpr));
    }
    int rc = json_dumpf(o, out.f, JSON_INDENT(2) | JSON_PRESERVE_ORDER);
    json_decref(o);
    if (rc != 0 || fputc('\n', out.f) == EOF) {
        cli_err("run", "write error on statistics file %s", path);
        cli_out_discard(&out);
        return -1;
    }
    return cli_out_commit(&out, "run", "statistics");
}

/* an RTL option's number: non-negative integer (decimal, 0x hex) */
static int parse_u64(const char *opt, const char *arg, uint64_t *v)
{
    if (si_parse_u64(arg, v) < 0) {
        cli_err("run", "--%s expects a number, got '%s'", opt, arg);
        return -1;
    }
    return 0;
}

/* The RTL engines: set up the dispatch (twice for cosim) and hand it to the library. */
static int run_rtl(const sicu_rtl_engine *eng, const char *lpath, sicu_rtl_opts *ro, const char *trace_path)
{
    si_launch l;
    si_codeobj co;
    si_mem mem, emem;
    si_dispatch d, ed;
    cli_out trace = {0};
    int rc = CLI_FAIL;
    memset(&co, 0, sizeof co);
    si_mem_init(&mem);
    si_mem_init(&emem);
    ro->launch_path = lpath;
    if (si_launch_parse(&l, lpath) < 0) {
        cli_err("run", "%s", l.err);
        goto out;
    }
    if (l.rfv_poison || l.rfv_side_path[0]) {
        cli_err("run", "%s: \"rfv\" (poison mode, side tables) is an emulator option (docs/rfv.md): the RTL "
                "engines cannot honour it", lpath);
        goto out;
    }
    if (si_codeobj_load(&co, l.code_path) < 0) {
        cli_err("run", "%s", co.err);
        goto out;
    }
    if (si_launch_setup(&l, &co, &mem, &d) < 0 || (ro->cosim && si_launch_setup(&l, &co, &emem, &ed) < 0)) {
        cli_err("run", "%s", l.err);
        goto out;
    }
    if (trace_path && cli_out_open(&trace, "run", trace_path, "trace") < 0)
        goto out;
    ro->trace = trace.f;
    rc = eng->run(&l, &co, &mem, &d, &emem, &ed, ro) == 0 ? CLI_OK : CLI_FAIL;
    /* as on the emulator, the trace is complete even when the run failed: it
     * ends at the failing instruction (a write error is reported, no file) */
    if (cli_out_commit(&trace, "run", "trace") < 0)
        rc = CLI_FAIL;
out:
    cli_out_discard(&trace);
    si_mem_free(&mem);
    si_mem_free(&emem);
    si_codeobj_free(&co);
    si_launch_free(&l);
    return rc;
}

/* A runaway kernel: say which limit stopped it and how to raise it. */
static void runaway_hint(const si_emu *e, uint64_t maxi, int given)
{
    if (!maxi || si_emu_stats(e)->wave_insts < maxi || strncmp(si_emu_error(e), "instruction limit", 17) != 0)
        return;
    fprintf(stderr, "sicu run: note: the limit of %llu wave instructions is %s; raise it with --max-instructions N "
                    "(0 = no limit)\n",
            (unsigned long long)maxi, given ? "the one given with --max-instructions" : "the default");
}

/* sicu run --engine emu: the golden emulator on the launch, with trace, stats, limits */
/* sicu run's register-file-virtualization options (the command line's or the launch file's "rfv") */
typedef struct run_rfv {
    int poison;
    const char *side;
} run_rfv;

static int run_emu(const char *lpath, const char *trace_path, const char *stats_path, uint64_t maxi, int maxi_given,
                   unsigned reps, int quiet, run_rfv rv)
{
    si_launch l;
    si_codeobj co;
    si_mem mem;
    si_dispatch d;
    si_emu *e = NULL;
    si_rfv_side *side = NULL;
    cli_out trace = {0};
    int rc = CLI_FAIL;
    memset(&co, 0, sizeof co);
    si_mem_init(&mem);

    if (si_launch_parse(&l, lpath) < 0) {
        cli_err("run", "%s", l.err);
        goto out;
    }
    rv.poison |= l.rfv_poison;
    if (!rv.side && l.rfv_side_path[0])
        rv.side = l.rfv_side_path;
    if (rv.side && !rv.poison) {
        cli_err("run", "a side table (%s) needs --poison-released (or \"rfv\": {\"poison_released\": true}): "
                "without poison mode releases have no effect", rv.side);
        goto out;
    }
    char serr[1024];
    if (rv.side && !(side = si_rfv_side_load(rv.side, serr, sizeof serr))) {
        cli_err("run", "%s", serr);
        goto out;
    }
    if (si_codeobj_load(&co, l.code_path) < 0) {
        cli_err("run", "%s", co.err);
        goto out;
    }
    if (si_launch_setup(&l, &co, &mem, &d) < 0) {
        cli_err("run", "%s", l.err);
        goto out;
    }
    if (trace_path && cli_out_open(&trace, "run", trace_path, "trace") < 0)
        goto out;
    si_emu_opts eo = {.max_instructions = maxi, .trace = trace.f, .progress = !quiet && isatty(2),
                      .poison_released = rv.poison, .rfv_side = side};
    double wall = 0;
    int erc = 0;
    for (unsigned r = 0; r < reps && erc == 0; r++) {
        if (e)
            si_emu_destroy(e);
        if (r > 0) {
            /* every repetition is an identical, independent run: fresh memory */
            eo.trace = NULL; /* trace the first run only */
            si_mem_free(&mem);
            si_mem_init(&mem);
            if (si_launch_setup(&l, &co, &mem, &d) < 0) {
                cli_err("run", "%s", l.err);
                goto out;
            }
        }
        e = si_emu_create(&mem, &d, &eo);
        if (!e) {
            cli_err("run", "%s: cannot create the emulator for kernel '%s'", lpath, l.kernel);
            goto out;
        }
        double t0 = now_s();
        erc = si_emu_run(e);
        wall += now_s() - t0;
    }
    /* the trace is complete even when the kernel failed: it ends at the failing instruction */
    if (cli_out_commit(&trace, "run", "trace") < 0)
        goto out;
    if (erc < 0) {
        cli_err("run", "%s: kernel '%s': %s", lpath, l.kernel, si_emu_error(e));
        runaway_hint(e, maxi, maxi_given);
        goto out;
    }
    if (si_launch_dump(&l, &mem) < 0) {
        cli_err("run", "%s", l.err);
        goto out;
    }
    const si_stats *s = si_emu_stats(e);
    if (stats_path && write_stats(stats_path, s, wall, reps, &l) < 0)
        goto out;
    if (!quiet)
        fprintf(stderr,
                "sicu run: %s: %u x %u x %u work-items, %llu work-groups, %llu waves, %llu wave-instructions, "
                "%.3f s (%.2f M wave-instr/s)\n",
                l.kernel, d.grid[0], d.grid[1], d.grid[2], (unsigned long long)s->workgroups,
                (unsigned long long)s->waves, (unsigned long long)s->wave_insts, wall,
                wall > 0 ? (double)s->wave_insts * reps / wall / 1e6 : 0.0);
    rc = CLI_OK;
out:
    cli_out_discard(&trace);
    if (e)
        si_emu_destroy(e);
    si_mem_free(&mem);
    si_codeobj_free(&co);
    si_launch_free(&l);
    si_rfv_side_free(side);
    return rc;
}

int cmd_run(int argc, char **argv)
{
    enum { O_POISON = 200, O_SIDE, O_MAXC = 256, O_WDOG, O_WAVES, O_FROM, O_TO, O_SCOPE, O_FAILW, O_FAILF, O_ACT, O_SERIES, O_SERIES_N,
           O_STALL };
    static const struct option lo[] = {{"help", no_argument, 0, 'h'},
                                       {"engine", required_argument, 0, 'e'},
                                       {"trace", required_argument, 0, 't'},
                                       {"stats", required_argument, 0, 's'},
                                       {"max-instructions", required_argument, 0, 'm'},
                                       {"quiet", no_argument, 0, 'q'},
                                       {"repeat", required_argument, 0, 'r'},
                                       {"poison-released", no_argument, 0, O_POISON},
                                       {"side-table", required_argument, 0, O_SIDE},
                                       /* the RTL engines */
                                       {"max-cycles", required_argument, 0, O_MAXC},
                                       {"watchdog", required_argument, 0, O_WDOG},
                                       {"waves", required_argument, 0, O_WAVES},
                                       {"from", required_argument, 0, O_FROM},
                                       {"to", required_argument, 0, O_TO},
                                       {"scope", required_argument, 0, O_SCOPE},
                                       {"fail-waves", required_argument, 0, O_FAILW},
                                       {"fail-waves-file", required_argument, 0, O_FAILF},
                                       {"activity", required_argument, 0, O_ACT},
                                       {"series", required_argument, 0, O_SERIES},
                                       {"series-interval", required_argument, 0, O_SERIES_N},
                                       {"mem-stall-after", required_argument, 0, O_STALL},
                                       CLI_CTL_LONGOPTS,
                                       {0, 0, 0, 0}};
    cli_ctl dmr = CLI_CTL_INIT;
    const char *trace_path = NULL, *stats_path = NULL, *engine = "emu";
    const char *rtl_opt = NULL;   /* the first RTL option given */
    static const char *scopes[64];
    sicu_rtl_opts ro = {.fail_waves = SICU_RTL_FAIL_WAVES_DEFAULT, .max_cycles = SICU_RTL_DEFAULT_MAX_CYCLES,
                        .scopes = scopes};
    uint64_t maxi = SI_EMU_DEFAULT_MAX_INSTRUCTIONS;
    unsigned reps = 1;
    int quiet = 0, c, li = 0, maxi_given = 0, reps_given = 0;
    run_rfv rv = {0, NULL};
    optind = 1;
    opterr = 0;
    while ((c = getopt_long(argc, argv, ":hq", lo, &li)) != -1) {
        if (c >= O_MAXC && !rtl_opt)
            rtl_opt = lo[li].name;
        switch (c) {
        case 'h': usage_run(stdout); return CLI_OK;
        case 'e': engine = optarg; break;
        case 't': trace_path = optarg; break;
        case 's': stats_path = optarg; break;
        case 'q': quiet = 1; break;
        case O_POISON: rv.poison = 1; break;
        case O_SIDE: rv.side = optarg; break;
        case 'r': {
            uint64_t v;
            if (si_parse_u64(optarg, &v) < 0 || v == 0 || v > 1000000) {
                cli_err("run", "--repeat: expected an integer from 1 to 1000000, got '%s'", optarg);
                return CLI_USAGE;
            }
            reps = (unsigned)v;
            reps_given = 1;
            break;
        }
        case 'm':
            if (si_parse_u64(optarg, &maxi) < 0) {
                cli_err("run", "--max-instructions: expected a non-negative integer (0 = no limit), got '%s'", optarg);
                return CLI_USAGE;
            }
            maxi_given = 1;
            break;
        case O_MAXC: if (parse_u64("max-cycles", optarg, &ro.max_cycles)) return CLI_USAGE; break;
        case O_WDOG: if (parse_u64("watchdog", optarg, &ro.watchdog)) return CLI_USAGE; ro.have_watchdog = 1; break;
        case O_STALL: if (parse_u64("mem-stall-after", optarg, &ro.mem_stall_after)) return CLI_USAGE; break;
        CLI_CTL_CASES: if (cli_ctl_opt("run", c, optarg, &dmr) < 0) return CLI_USAGE; break;
        case O_FROM: if (parse_u64("from", optarg, &ro.from)) return CLI_USAGE; ro.have_from = 1; break;
        case O_TO: if (parse_u64("to", optarg, &ro.to)) return CLI_USAGE; ro.have_to = 1; break;
        case O_FAILW: if (parse_u64("fail-waves", optarg, &ro.fail_waves)) return CLI_USAGE; break;
        case O_WAVES: ro.waves = optarg; break;
        case O_FAILF: ro.fail_waves_file = optarg; break;
        case O_ACT: ro.activity = optarg; break;
        case O_SERIES: ro.series = optarg; break;
        case O_SERIES_N:
            if (parse_u64("series-interval", optarg, &ro.series_interval)) return CLI_USAGE;
            if (!ro.series_interval) { cli_err("run", "--series-interval: expected a number of cycles above 0"); return CLI_USAGE; }
            break;
        case O_SCOPE:
            if (ro.nscopes == (int)(sizeof scopes / sizeof scopes[0])) {
                cli_err("run", "too many --scope options");
                return CLI_USAGE;
            }
            scopes[ro.nscopes++] = optarg;
            break;
        case ':': cli_err("run", "option %s needs a value", argv[optind - 1]); return CLI_USAGE;
        default: cli_err("run", "unknown option '%s'", argv[optind - 1]); usage_run(stderr); return CLI_USAGE;
        }
    }
    if (argc - optind != 1) {
        cli_err("run", argc - optind ? "expected exactly one launch file" : "no launch file given");
        usage_run(stderr);
        return CLI_USAGE;
    }
    if (trace_path && stats_path && !strcmp(trace_path, "-") && !strcmp(stats_path, "-")) {
        cli_err("run", "--trace - and --stats - cannot both write to standard output");
        return CLI_USAGE;
    }
    if (!strcmp(engine, "rtl") || !strcmp(engine, "cosim")) {
        /* not honoured by the RTL engines: refuse them rather than ignore them */
        if (rv.poison || rv.side) {
            cli_err("run", "--%s is an emulator option (docs/rfv.md): the %s engine cannot honour it", rv.poison ?
                    "poison-released" : "side-table", engine);
            return CLI_USAGE;
        }
        if (maxi_given || reps_given) {
            cli_err("run", "%s is an emulator option: the %s engine cannot honour it (%s)",
                    maxi_given ? "--max-instructions" : "--repeat", engine,
                    maxi_given ? "the RTL engines have --max-cycles N and --watchdog N" : "run the command N times");
            return CLI_USAGE;
        }
        int lrc;
        const sicu_rtl_engine *eng = cli_rtl_engine(&lrc);
        if (!eng)
            return lrc;
        if (cli_ctl_apply("run", eng, &dmr) < 0)
            return CLI_USAGE;
        char err[1024];
        ro.cosim = !strcmp(engine, "cosim");
        ro.quiet = quiet;
        ro.stats = stats_path;
        if (eng->check(&ro, err, sizeof err) < 0) {
            cli_err("run", "%s", err);
            return CLI_USAGE;
        }
        return run_rtl(eng, argv[optind], &ro, trace_path);
    }
    if (strcmp(engine, "emu") != 0) {
        cli_err("run", "unknown engine '%s' (expected emu, rtl or cosim)", engine);
        return CLI_USAGE;
    }
    if (rtl_opt) {
        cli_err("run", "--%s needs --engine rtl or cosim", rtl_opt);
        return CLI_USAGE;
    }

    return run_emu(argv[optind], trace_path, stats_path, maxi, maxi_given, reps, quiet, rv);
}
