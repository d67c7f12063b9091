/* sicu inject, sicu campaign: thin front ends of the harness library's fault
 * injection (libsicu-rtl.so's engine table; docs/faults.md). */
#include "cli.h"

#include <errno.h>
#include <getopt.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "sicu/rtl_engine.h"

static void usage_inject(FILE *f)
{
    fprintf(f,
            "usage: sicu inject LAUNCH.json --fault SPEC [--engine rtl] [--end-after N] [--build DIR]\n"
            "       sicu inject --list-flops [--build DIR]\n"
            "\n"
            "Run LAUNCH.json on the RTL model with one fault and print one JSON line: the fault, its\n"
            "outcome (masked, latent, detected, sdc, due, hang), inject_cycle, cycles, where (the\n"
            "fault site's module), ... (docs/faults.md).  The references are the golden emulator's\n"
            "final memory and a fault-free run of the same model.\n"
            "\n"
            "  --fault SPEC      flop:PATH[BIT]@CYCLE | flop:PATH[WORD][BIT]@CYCLE\n"
            "                    fu:SIMD.LANE@CYCLE:flip|stuck0|stuck1[:BIT]\n"
            "                    vgpr:SIMD.ROW.LANE.BIT@CYCLE\n"
            "  --end-after N     end the run N cycles after CYCLE (0: at completion, the default)\n"
            "  --build DIR       the model of DIR/lib/libsicu-rtl.so (default: next to this sicu);\n"
            "                    flop and vgpr faults need a VPI=1 model, fu faults FAULT_INJECT on:\n"
            "                    make -j2 all rtl VPI=1 CONFIG=rtl/config/fi.cfg BUILD=build-fi\n"
            "  --list-flops      list the CU's state variables (path, width, module, array range)\n"
            "  --dmr-mode M, --dmr-rq N, --dmr-no-shuffle, --rfv-rfc N, --rfv-wake N, --rfv-rows N\n"
            "                    the model's run controls (Warped-DMR, RFV; sicu run --help)\n"
            "\n"
            "Exit status: 0 the run was classified, 1 it could not be run, 2 bad usage or fault spec.\n");
}

static int parse_u64(const char *sub, const char *opt, const char *s, uint64_t *v)
{
    char *end;
    errno = 0;
    unsigned long long x = strtoull(s, &end, 10);
    if (errno || end == s || *end || s[0] == '-') {
        cli_err(sub, "%s expects a non-negative integer, not '%s'", opt, s);
        return -1;
    }
    *v = x;
    return 0;
}

int cmd_inject(int argc, char **argv)
{
    static const struct option lo[] = {{"fault", required_argument, 0, 'f'}, {"engine", required_argument, 0, 'e'},
                                       {"end-after", required_argument, 0, 'n'}, {"build", required_argument, 0, 'b'},
                                       {"list-flops", no_argument, 0, 'l'}, {"help", no_argument, 0, 'h'},
                                       CLI_CTL_LONGOPTS, {0, 0, 0, 0}};
    cli_ctl dmr = CLI_CTL_INIT;
    const char *spec = NULL, *build = NULL;
    uint64_t end_after = 0;
    int list = 0, c, rc;
    while ((c = getopt_long(argc, argv, "h", lo, NULL)) != -1) {
        switch (c) {
        case 'f': spec = optarg; break;
        case 'e':
            if (strcmp(optarg, "rtl")) {
                cli_err("inject", "--engine %s: faults are injected into the RTL model only (--engine rtl)", optarg);
                return CLI_USAGE;
            }
            break;
        case 'n':
            if (parse_u64("inject", "--end-after", optarg, &end_after) < 0)
                return CLI_USAGE;
            break;
        case 'b': build = optarg; break;
        case 'l': list = 1; break;
        CLI_CTL_CASES: if (cli_ctl_opt("inject", c, optarg, &dmr) < 0) return CLI_USAGE; break;
        case 'h': usage_inject(stdout); return CLI_OK;
        default: usage_inject(stderr); return CLI_USAGE;
        }
    }
    if (list ? optind != argc : (optind != argc - 1 || !spec)) {
        cli_err("inject", list ? "--list-flops takes no launch file" : "expected LAUNCH.json and --fault SPEC");
        usage_inject(stderr);
        return CLI_USAGE;
    }
    const sicu_rtl_engine *e = cli_rtl_engine_at(build, &rc);
    if (!e)
        return rc;
    if (cli_ctl_apply("inject", e, &dmr) < 0)
        return CLI_USAGE;
    return list ? e->list_flops(stdout) : e->inject(argv[optind], spec, end_after, stdout);
}

static void usage_campaign(FILE *f)
{
    fprintf(f,
            "usage: sicu campaign split SPEC.json -o DIR [--build DIR]\n"
            "       sicu campaign run-shard DIR/shard-K.json [--build DIR] [--dmr-mode M --dmr-rq N\n"
            "                               --dmr-no-shuffle] > K.jsonl\n"
            "       sicu campaign merge FILE.jsonl... [-o PREFIX]\n"
            "\n"
            "split: the campaign spec (programs, model flop|fu|vgpr, injections per program, seed,\n"
            "shards, end_after, fu_kinds, fu_bits) -> DIR/shard-K.json, each with its seed and its\n"
            "explicit faults (cycles drawn in each program's fault-free run).  run-shard: one JSON\n"
            "line per fault (sicu inject's, plus program, shard, index); deterministic.  merge:\n"
            "outcome tables per program and per module (markdown on stdout; -o PREFIX also writes\n"
            "PREFIX.csv, PREFIX.dat and the gnuplot script PREFIX.gp).  scripts/campaign.sh runs the\n"
            "shards with GNU parallel, locally, over ssh or as a Slurm array (docs/faults.md).\n");
}

static int campaign_split(int argc, char **argv, const char *build, const char *out)
{
    int rc;
    if (argc != 1 || !out) {
        cli_err("campaign", "split expects SPEC.json and -o DIR");
        return CLI_USAGE;
    }
    const sicu_rtl_engine *e = cli_rtl_engine_at(build, &rc);
    return e ? e->campaign_split(argv[0], out) : rc;
}

int cmd_campaign(int argc, char **argv)
{
    static const struct option lo[] = {{"build", required_argument, 0, 'b'}, {"output", required_argument, 0, 'o'},
                                       {"help", no_argument, 0, 'h'}, CLI_CTL_LONGOPTS, {0, 0, 0, 0}};
    cli_ctl dmr = CLI_CTL_INIT;
    const char *build = NULL, *out = NULL;
    int c, rc;
    while ((c = getopt_long(argc, argv, "ho:", lo, NULL)) != -1) {
        switch (c) {
        case 'b': build = optarg; break;
        case 'o': out = optarg; break;
        CLI_CTL_CASES: if (cli_ctl_opt("campaign", c, optarg, &dmr) < 0) return CLI_USAGE; break;
        case 'h': usage_campaign(stdout); return CLI_OK;
        default: usage_campaign(stderr); return CLI_USAGE;
        }
    }
    if (optind >= argc) {
        cli_err("campaign", "expected split, run-shard or merge");
        usage_campaign(stderr);
        return CLI_USAGE;
    }
    const char *sub = argv[optind++];
    int n = argc - optind;
    char **args = argv + optind;
    if (!strcmp(sub, "split"))
        return campaign_split(n, args, build, out);
    if (!strcmp(sub, "run-shard") || !strcmp(sub, "merge")) {
        int merge = sub[0] == 'm';
        if (merge ? n < 1 : n != 1) {
            cli_err("campaign", merge ? "merge expects result files (.jsonl)" : "run-shard expects one shard file");
            return CLI_USAGE;
        }
        const sicu_rtl_engine *e = cli_rtl_engine_at(build, &rc);
        if (!e)
            return rc;
        if (cli_ctl_apply("campaign", e, &dmr) < 0)
            return CLI_USAGE;
        return merge ? e->campaign_merge(args, n, out, stdout) : e->campaign_run_shard(args[0], stdout);
    }
    cli_err("campaign", "unknown sub-command '%s' (split, run-shard or merge)", sub);
    return CLI_USAGE;
}
