/* sicu-rtl: run a launch on the RTL compute unit, alone or in lock step
 * with the golden emulator.  `sicu run --engine rtl|cosim` runs this. */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "harness.h"
#include "sicu_config.h"

static void usage(FILE *f)
{
    fprintf(f,
            "usage: sicu-rtl LAUNCH.json [--engine rtl|cosim] [--trace FILE] [--stats FILE] [--max-cycles N] [--watchdog N]\n"
            "                [--quiet]\n"
            "  --engine rtl      the RTL compute unit alone (default)\n"
            "  --engine cosim    every retirement compared with the golden emulator, then the final memory\n"
            "  --trace FILE      the RTL's retirement trace from the monitor taps (docs/trace-format.md; - = stdout)\n"
            "  --stats FILE      cycles, IPC per instruction class and the RTL performance counters as JSON\n"
            "  --max-cycles N    stop with an error after N cycles\n"
            "  --watchdog N      cycles without a retirement before the run is reported as hung (default %d)\n"
            "  --mem-stall-after N  test hook: the memory model stops answering after N requests (hang test)\n",
            SICU_WATCHDOG_CYCLES);
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
    for (int s = 0; s < SICU_SIMDS && s < 4; s++) {
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

int main(int argc, char **argv)
{
    static const struct option lo[] = {{"engine", required_argument, 0, 'e'}, {"stats", required_argument, 0, 's'},
                                       {"max-cycles", required_argument, 0, 'm'}, {"watchdog", required_argument, 0, 'w'},
                                       {"quiet", no_argument, 0, 'q'}, {"help", no_argument, 0, 'h'},
                                       {"trace", required_argument, 0, 't'},
                                       {"mem-stall-after", required_argument, 0, 'S'}, {0, 0, 0, 0}};
    const char *engine = "rtl", *stats = NULL, *trace = NULL;
    sh_opts o = {.watchdog = SICU_WATCHDOG_CYCLES};
    int c;
    while ((c = getopt_long(argc, argv, "e:s:m:w:qht:S:", lo, NULL)) != -1) {
        char *end;
        switch (c) {
        case 'e': engine = optarg; break;
        case 's': stats = optarg; break;
        case 't': trace = optarg; break;
        case 'm':
        case 'w':
        case 'S': {
            unsigned long long v = strtoull(optarg, &end, 0);
            if (*end || !*optarg || *optarg == '-') {
                fprintf(stderr, "sicu-rtl: --%s expects a number, got '%s'\n",
                        c == 'm' ? "max-cycles" : c == 'w' ? "watchdog" : "mem-stall-after", optarg);
                return 2;
            }
            if (c == 'm') o.max_cycles = v; else if (c == 'w') o.watchdog = v; else o.mem_stall_after = v;
            break;
        }
        case 'q': o.quiet = 1; break;
        case 'h': usage(stdout); return 0;
        default: usage(stderr); return 2;
        }
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
        goto out;
    }
    if (si_launch_dump(&l, &mem) < 0) { fprintf(stderr, "sicu-rtl: %s\n", l.err); goto out; }
    if (stats && write_stats(stats, &res, l.kernel, o.cosim) < 0)
        goto out;
    if (!o.quiet)
        fprintf(stderr, "sicu-rtl: %s (%s): %llu cycles, %llu wave-instructions, IPC %.3f, %.2f s (%.0f cycles/s)%s\n",
                l.kernel, engine, (unsigned long long)res.cycles, (unsigned long long)res.retired,
                res.cycles ? (double)res.retired / res.cycles : 0, res.wall_s,
                res.wall_s > 0 ? res.cycles / res.wall_s : 0, o.cosim ? ", 0 mismatches" : "");
    rc = 0;
out:
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
