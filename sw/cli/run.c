/* sicu run: load a launch file, run it on the golden emulator, dump buffers,
 * write statistics. */
#include "cli.h"

#include <errno.h>
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

static void usage_run(FILE *f)
{
    fprintf(f,
            "usage: sicu run LAUNCH.json [--engine emu|rtl|cosim] [--trace FILE] [--stats FILE]\n"
            "                [--max-instructions N] [--repeat N] [--quiet]\n"
            "                [RTL options: --waves FILE.fst --from C --to C --scope UNIT --fail-waves N\n"
            "                 --fail-waves-file FILE --activity FILE --max-cycles N --watchdog N]\n"
            "\n"
            "Load the code object and kernel named by LAUNCH.json (docs/launch-format.md), set up\n"
            "device memory and the dispatch, run it and write the buffers' \"dump\" files.\n"
            "  --engine E              emu: the golden emulator (default); rtl: the verilated compute\n"
            "                          unit; cosim: the RTL checked against the emulator at every\n"
            "                          retirement (rtl and cosim need `make rtl`)\n"
            "  --trace FILE            write a JSON Lines retirement trace (docs/trace-format.md)\n"
            "  --stats FILE            write execution statistics as JSON ('-' = stdout)\n"
            "  --max-instructions N    stop with an error after N wave instructions (runaway guard)\n"
            "  --repeat N              run the dispatch N times, each from freshly set-up memory\n"
            "                          (benchmarking; only the emulation is timed;\n"
            "                          statistics are per run, throughput over all runs)\n"
            "  --quiet                 no summary line on stderr\n"
            "  RTL options (--engine rtl|cosim only; see `sicu-rtl --help` and docs/waves.md):\n"
            "  --waves FILE.fst        waveform of cycles --from..--to, of the --scope units only\n"
            "  --fail-waves N          waveform of the N cycles before a mismatch/fault/hang (default 2000)\n"
            "  --activity FILE.json    per-module switching activity of the run (docs/power.md)\n"
            "  --max-cycles, --watchdog  cycle limit, hang detection\n");
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

/* `wall` covers `reps` identical runs; counts are those of one run. */
static int write_stats(const char *path, const si_stats *s, double wall, unsigned reps, const si_launch *l)
{
    json_t *o = json_object();
    json_object_set_new(o, "kernel", json_string(l->kernel));
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
    int rc;
    if (!strcmp(path, "-")) {
        rc = json_dumpf(o, stdout, JSON_INDENT(2) | JSON_PRESERVE_ORDER);
        putchar('\n');
    } else {
        rc = json_dump_file(o, path, JSON_INDENT(2) | JSON_PRESERVE_ORDER);
    }
    json_decref(o);
    if (rc != 0)
        cli_err("run", "cannot write statistics to %s", path);
    return rc ? -1 : 0;
}

int cmd_run(int argc, char **argv)
{
    static const struct option lo[] = {{"help", no_argument, 0, 'h'},
                                       {"engine", required_argument, 0, 'e'},
                                       {"trace", required_argument, 0, 't'},
                                       {"stats", required_argument, 0, 's'},
                                       {"max-instructions", required_argument, 0, 'm'},
                                       {"quiet", no_argument, 0, 'q'},
                                       {"repeat", required_argument, 0, 'r'},
                                       /* handed to sicu-rtl as they are */
                                       {"waves", required_argument, 0, 'R'},
                                       {"from", required_argument, 0, 'R'},
                                       {"to", required_argument, 0, 'R'},
                                       {"scope", required_argument, 0, 'R'},
                                       {"fail-waves", required_argument, 0, 'R'},
                                       {"fail-waves-file", required_argument, 0, 'R'},
                                       {"max-cycles", required_argument, 0, 'R'},
                                       {"watchdog", required_argument, 0, 'R'},
                                       {"activity", required_argument, 0, 'R'},
                                       {0, 0, 0, 0}};
    char *rtl_av[2 * 64];
    int rtl_ac = 0, li = 0;
    const char *trace_path = NULL, *stats_path = NULL, *engine = "emu";
    uint64_t maxi = 0;
    unsigned reps = 1;
    int quiet = 0, c;
    optind = 1;
    opterr = 0;
    while ((c = getopt_long(argc, argv, ":hq", lo, &li)) != -1) {
        switch (c) {
        case 'R': {
            static char names[64][32];
            if (rtl_ac >= 2 * 64) {
                cli_err("run", "too many RTL options");
                return CLI_USAGE;
            }
            int k = rtl_ac / 2;
            snprintf(names[k], sizeof names[0], "--%s", lo[li].name);
            rtl_av[rtl_ac++] = names[k];
            rtl_av[rtl_ac++] = optarg;
            break;
        }
        case 'h': usage_run(stdout); return CLI_OK;
        case 'e': engine = optarg; break;
        case 't': trace_path = optarg; break;
        case 's': stats_path = optarg; break;
        case 'q': quiet = 1; break;
        case 'r': {
            char *end;
            errno = 0;
            unsigned long v = strtoul(optarg, &end, 10);
            if (errno || *end || !*optarg || optarg[0] == '-' || v == 0 || v > 1000000) {
                cli_err("run", "--repeat: expected an integer from 1 to 1000000, got '%s'", optarg);
                return CLI_USAGE;
            }
            reps = (unsigned)v;
            break;
        }
        case 'm': {
            char *end;
            errno = 0;
            unsigned long long v = strtoull(optarg, &end, 0);
            if (errno || *end || !*optarg || optarg[0] == '-' || v == 0) {
                cli_err("run", "--max-instructions: expected a positive integer, got '%s'", optarg);
                return CLI_USAGE;
            }
            maxi = v;
            break;
        }
        case ':': cli_err("run", "option %s needs a value", argv[optind - 1]); return CLI_USAGE;
        default: cli_err("run", "unknown option '%s'", argv[optind - 1]); usage_run(stderr); return CLI_USAGE;
        }
    }
    if (argc - optind != 1) {
        cli_err("run", argc - optind ? "expected exactly one launch file" : "no launch file given");
        usage_run(stderr);
        return CLI_USAGE;
    }
    if (!strcmp(engine, "rtl") || !strcmp(engine, "cosim")) {
        /* The RTL engines live in the harness binary (built by `make rtl`),
         * which sits next to this one; hand the run over to it. */
        char self[4096], tool[4200];
        ssize_t n = readlink("/proc/self/exe", self, sizeof self - 1);
        if (n <= 0) {
            cli_err("run", "cannot locate the sicu binary: %s", strerror(errno));
            return CLI_FAIL;
        }
        self[n] = 0;
        char *slash = strrchr(self, '/');
        if (slash)
            *slash = 0;
        snprintf(tool, sizeof tool, "%s/sicu-rtl", self);
        if (access(tool, X_OK) != 0) {
            cli_err("run", "engine '%s' needs the RTL model: %s is not built (run `make rtl`)", engine, tool);
            return CLI_FAIL;
        }
        char *av[16 + 2 * 64];
        int ac = 0;
        av[ac++] = tool;
        av[ac++] = argv[optind];
        av[ac++] = (char *)"--engine";
        av[ac++] = (char *)engine;
        if (trace_path) {
            av[ac++] = (char *)"--trace";
            av[ac++] = (char *)trace_path;
        }
        if (stats_path) {
            av[ac++] = (char *)"--stats";
            av[ac++] = (char *)stats_path;
        }
        if (quiet)
            av[ac++] = (char *)"--quiet";
        for (int k = 0; k < rtl_ac; k++)
            av[ac++] = rtl_av[k];
        av[ac] = NULL;
        execv(tool, av);
        cli_err("run", "cannot run %s: %s", tool, strerror(errno));
        return CLI_FAIL;
    }
    if (strcmp(engine, "emu") != 0) {
        cli_err("run", "unknown engine '%s' (expected emu, rtl or cosim)", engine);
        return CLI_USAGE;
    }
    if (rtl_ac) {
        cli_err("run", "%s needs --engine rtl or cosim", rtl_av[0]);
        return CLI_USAGE;
    }

    const char *lpath = argv[optind];
    si_launch l;
    si_codeobj co;
    si_mem mem;
    si_dispatch d;
    si_emu *e = NULL;
    FILE *tf = NULL;
    int rc = CLI_FAIL;
    memset(&co, 0, sizeof co);
    si_mem_init(&mem);

    if (si_launch_parse(&l, lpath) < 0) {
        cli_err("run", "%s", l.err);
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
    if (trace_path) {
        tf = !strcmp(trace_path, "-") ? stdout : fopen(trace_path, "w");
        if (!tf) {
            cli_err("run", "cannot create trace file %s: %s", trace_path, strerror(errno));
            goto out;
        }
    }
    si_emu_opts eo = {.max_instructions = maxi, .trace = tf, .progress = !quiet && isatty(2)};
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
    if (tf && tf != stdout && fclose(tf) != 0) {
        tf = NULL;
        cli_err("run", "write error on trace file %s", trace_path);
        goto out;
    }
    tf = NULL;
    if (erc < 0) {
        cli_err("run", "%s: kernel '%s': %s", lpath, l.kernel, si_emu_error(e));
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
    if (tf && tf != stdout)
        fclose(tf);
    if (e)
        si_emu_destroy(e);
    si_mem_free(&mem);
    si_codeobj_free(&co);
    si_launch_free(&l);
    return rc;
}
