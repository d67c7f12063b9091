/* sicu rfv: the register-file-virtualization pass over a code object
 * (si_rfv_rewrite, sicu/rfv.h; docs/rfv.md).  A thin front end: options,
 * the outputs written atomically, the report. */
#include "cli.h"

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sicu/rfv.h"

static void usage_rfv(FILE *f)
{
    fprintf(f,
            "usage: sicu rfv K.o -o K.rfv.o [--side-table FILE] [--report] [--dump] [--table-bytes N]\n"
            "                [--entry-bits N] [--waves N] [--wg-waves N] [--rename-all] [--release-early]\n"
            "\n"
            "Register-file virtualization (docs/rfv.md): find where every VGPR's value dies and\n"
            "mark it with sicu's metadata instructions (rfv_pir after a last read, rfv_pbr at\n"
            "block entries), inserted into the code with branches, symbols and relocations\n"
            "moved.  Both forms add a section .sicu.rfv (JSON: renaming candidates, exempt\n"
            "VGPRs, worst-case VGPR demand, code growth).\n"
            "  -o FILE             the output object (in-band metadata; with --side-table: the\n"
            "                      unchanged code and the side table in .sicu.rfv)\n"
            "  --side-table FILE   side-table form: the code stays as it is and the releases go\n"
            "                      to FILE (JSON) for `sicu run --side-table`\n"
            "  --report            a per-kernel table of code growth, releases and VGPR demand\n"
            "  --dump              every instruction with its EXEC fullness, live VGPRs and releases\n"
            "  --table-bytes N     renaming-table budget per CU (default 1024)\n"
            "  --entry-bits N      bits per table entry, i.e. physical VGPR id (default 10)\n"
            "  --waves N           waves sharing the table (default: the kernel's occupancy,\n"
            "                      4 x min(10, 256 / VGPRs))\n"
            "  --wg-waves N        waves per work-group for the worst-case demand (default: the\n"
            "                      kernel's metadata, else 4)\n"
            "  --rename-all        no budget: every VGPR is renamed (no exempt VGPRs)\n"
            "  --release-early     TEST HOOK: release every VGPR one instruction before its last\n"
            "                      read; `sicu run --poison-released` must then fail\n"
            "Outputs are written under temporary names and renamed when complete.\n");
}

static int parse_num(const char *opt, const char *arg, unsigned lo, unsigned hi, unsigned *v)
{
    char *end;
    unsigned long x = strtoul(arg, &end, 0);
    if (!*arg || *end || x < lo || x > hi) {
        cli_err("rfv", "--%s expects a number from %u to %u, got '%s'", opt, lo, hi, arg);
        return -1;
    }
    *v = (unsigned)x;
    return 0;
}

static void print_report(const si_rfv_output *out, int side)
{
    printf("%-28s %6s %6s %7s %4s %4s %5s %5s %5s %4s %5s %5s %6s %6s %6s %5s\n", "kernel", "code", "rfv", "growth",
           "pir", "pbr", "r.pir", "r.pbr", "alloc", "used", "live", "held", "renam", "exempt", "budget", "waves");
    for (int i = 0; i < out->nkernels; i++) {
        const si_rfv_kernel *k = &out->kernels[i];
        uint32_t grown = side ? 0 : 8 * (k->npir + k->npbr);
        printf("%-28.28s %6u %6u %6.1f%% %4u %4u %5u %5u %5u %4u %5u %5u %6u %6u %6u %5u\n", k->name, k->code_bytes,
               k->code_bytes + grown, k->code_bytes ? 100.0 * grown / k->code_bytes : 0.0, k->npir, k->npbr,
               k->nrel_pir, k->nrel_pbr, k->nvgpr, si_vset_count(&k->used), k->max_live, k->max_held,
               si_vset_count(&k->renamed), si_vset_count(&k->exempt), k->budget, k->waves);
    }
    printf("total: code %llu -> %llu bytes (%+.1f%%)%s\n", (unsigned long long)out->text_in,
           (unsigned long long)out->text_out,
           out->text_in ? 100.0 * ((double)out->text_out - (double)out->text_in) / out->text_in : 0.0,
           side ? " (side table: code unchanged)" : "");
}

/* --dump: every instruction with the analysis's view of it. */
static void print_dump(const si_rfv_output *out)
{
    for (int i = 0; i < out->nkernels; i++) {
        const si_rfv_kernel *k = &out->kernels[i];
        printf("kernel %s: %d instructions, %d blocks (offsets in the original code; E = EXEC full)\n", k->name,
               k->ninsn, k->nblock);
        for (int j = 0; j < k->ninsn; j++) {
            const si_rfv_insn *x = &k->insn[j];
            char d[200], li[600], rb[300], ra[300];
            si_disasm(&x->in, x->off, d, sizeof d);
            if (j == k->block[x->block].first)
                printf("block %d%s:\n", x->block, k->block[x->block].reachable ? "" : " (unreachable)");
            printf("  +0x%04x %c %-52.52s live-in: %s", x->off, x->exec_full ? 'E' : ' ', d,
                   si_vset_str(&x->live_in, li, sizeof li));
            if (!si_vset_empty(&x->rel_before))
                printf("  release before: %s", si_vset_str(&x->rel_before, rb, sizeof rb));
            if (!si_vset_empty(&x->rel_after))
                printf("  release after: %s", si_vset_str(&x->rel_after, ra, sizeof ra));
            putchar('\n');
        }
    }
}

/* Write both outputs under temporary names, then rename them. */
static int write_outputs(const si_rfv_output *r, const char *obj, const char *side)
{
    cli_out a = {0}, b = {0};
    int rc = CLI_FAIL;
    if (obj && cli_out_open(&a, "rfv", obj, "output object") < 0)
        goto out;
    if (side && cli_out_open(&b, "rfv", side, "side table") < 0)
        goto out;
    if (obj)
        fwrite(r->elf, 1, r->elf_len, a.f);
    if (side)
        fprintf(b.f, "%s\n", r->json);
    if ((obj && cli_out_commit(&a, "rfv", "output object") < 0) || (side && cli_out_commit(&b, "rfv", "side table") < 0))
        goto out;
    rc = CLI_OK;
out:
    cli_out_discard(&a);
    cli_out_discard(&b);
    return rc;
}

int cmd_rfv(int argc, char **argv)
{
    static const struct option lo[] = {{"help", no_argument, 0, 'h'},          {"side-table", required_argument, 0, 's'},
                                       {"report", no_argument, 0, 'r'},        {"table-bytes", required_argument, 0, 't'},
                                       {"entry-bits", required_argument, 0, 'b'}, {"waves", required_argument, 0, 'w'},
                                       {"wg-waves", required_argument, 0, 'g'}, {"rename-all", no_argument, 0, 'a'},
                                       {"release-early", no_argument, 0, 'E'}, {"dump", no_argument, 0, 'd'},
                                       {0, 0, 0, 0}};
    const char *obj = NULL, *side = NULL;
    int report = 0, dump = 0, c;
    si_rfv_opts o;
    si_rfv_opts_default(&o);
    optind = 1;
    opterr = 0;
    while ((c = getopt_long(argc, argv, ":ho:", lo, NULL)) != -1) {
        int bad = 0;
        switch (c) {
        case 'h': usage_rfv(stdout); return CLI_OK;
        case 'o': obj = optarg; break;
        case 's': side = optarg; break;
        case 'r': report = 1; break;
        case 'd': dump = 1; break;
        case 't': bad = parse_num("table-bytes", optarg, 1, 1u << 24, &o.table_bytes); break;
        case 'b': bad = parse_num("entry-bits", optarg, 1, 32, &o.entry_bits); break;
        case 'w': bad = parse_num("waves", optarg, 1, 4096, &o.waves); break;
        case 'g': bad = parse_num("wg-waves", optarg, 1, 1024, &o.wg_waves); break;
        case 'a': o.rename_all = 1; break;
        case 'E': o.release_early = 1; break;
        case ':': cli_err("rfv", "option %s needs a value", argv[optind - 1]); return CLI_USAGE;
        default: cli_err("rfv", "unknown option '%s'", argv[optind - 1]); usage_rfv(stderr); return CLI_USAGE;
        }
        if (bad)
            return CLI_USAGE;
    }
    if (argc - optind != 1 || (!obj && !side && !dump)) {
        cli_err("rfv", argc - optind > 1 ? "more than one input file"
                       : argc == optind  ? "no input file"
                                         : "no output: give -o FILE, --side-table FILE and/or --dump");
        usage_rfv(stderr);
        return CLI_USAGE;
    }
    si_rfv_output r;
    char err[2048];
    if (si_rfv_rewrite(argv[optind], &o, side != NULL, &r, err, sizeof err) < 0) {
        cli_err("rfv", "%s", err);
        return CLI_FAIL;
    }
    int rc = write_outputs(&r, obj, side);
    if (rc == CLI_OK && dump)
        print_dump(&r);
    if (rc == CLI_OK && report)
        print_report(&r, side != NULL);
    si_rfv_output_free(&r);
    return rc;
}
