/* sicu command-line tool: sub-command entry points (sw/cli/). */
#ifndef SICU_CLI_H
#define SICU_CLI_H
#include <stdio.h>

#define SICU_VERSION "0.1.0"

/* Exit codes shared by the sub-commands. */
enum { CLI_OK = 0, CLI_FAIL = 1, CLI_USAGE = 2 };

int cmd_cc(int argc, char **argv);
int cmd_run(int argc, char **argv);
int cmd_disasm(int argc, char **argv);
int cmd_rfv(int argc, char **argv);
int cmd_trace_diff(int argc, char **argv);
int cmd_inject(int argc, char **argv);
int cmd_campaign(int argc, char **argv);

/* The RTL engine library next to this binary (sw/cli/rtl.c): NULL after an
 * error message, with the exit code in *rc (2: not built). */
struct sicu_rtl_engine;
const struct sicu_rtl_engine *cli_rtl_engine(int *rc);
/* ... of BUILD/lib/libsicu-rtl.so (build NULL: next to this binary) */
const struct sicu_rtl_engine *cli_rtl_engine_at(const char *build, int *rc);
/* The model's run controls of sicu run / inject / campaign run-shard (sw/cli/rtl.c):
 * Warped-DMR's --dmr-mode intra|inter|enhanced, --dmr-rq N, --dmr-no-shuffle;
 * register-file virtualization's --rfv-rfc N, --rfv-wake N, --rfv-rows N.  CLI_CTL_LONGOPTS in the
 * getopt_long table, cli_ctl_opt for their codes (-1 after a message for a
 * bad value), cli_ctl_apply once the engine is loaded (-1 after a message
 * when the model cannot honour them). */
enum { CLI_O_DMR_MODE = 400, CLI_O_DMR_RQ, CLI_O_DMR_NOSHUF, CLI_O_RFV_RFC, CLI_O_RFV_WAKE, CLI_O_RFV_ROWS };
#define CLI_CTL_LONGOPTS                                                                                  \
    {"dmr-mode", required_argument, 0, CLI_O_DMR_MODE}, {"dmr-rq", required_argument, 0, CLI_O_DMR_RQ}, \
        {"dmr-no-shuffle", no_argument, 0, CLI_O_DMR_NOSHUF}, {"rfv-rfc", required_argument, 0, CLI_O_RFV_RFC}, \
        {"rfv-wake", required_argument, 0, CLI_O_RFV_WAKE}, {"rfv-rows", required_argument, 0, CLI_O_RFV_ROWS}
/* the switch labels of those codes (CLI_CTL_CASES: cli_ctl_opt(...)) */
#define CLI_CTL_CASES                                                                                 \
    case CLI_O_DMR_MODE:                                                                              \
    case CLI_O_DMR_RQ:                                                                                \
    case CLI_O_DMR_NOSHUF:                                                                            \
    case CLI_O_RFV_RFC:                                                                               \
    case CLI_O_RFV_WAKE:                                                                              \
    case CLI_O_RFV_ROWS
#define CLI_CTL_HELP                                                                                          \
    "  --dmr-mode M            Warped-DMR model (DMR inter/enhanced): intra (no replay), inter (full-EXEC\n"  \
    "                          instructions replayed), enhanced (every unchecked lane; docs/dmr.md)\n"         \
    "  --dmr-rq N              use N ReplayQ entries per SIMD (1..DMR_RQ; default all)\n"                      \
    "  --dmr-no-shuffle        replays run on the lanes of the original (the hidden-error experiment)\n"      \
    "  --rfv-rfc N             RFV model: use N release flag cache entries (0..RFV_RFC; default all;\n"      \
    "                          docs/rfv.md)\n"                                                            \
    "  --rfv-wake N            RFV model: a gated VGPR sub-array wakes in N cycles (0..31; default\n"   \
    "                          RFV_WAKE)\n"                                                               \
    "  --rfv-rows N            GPU-Shrink model (RFV_SHRINK): N physical VGPR rows per SIMD (1..VGPR_ROWS;\n" \
    "                          issue throttles work-groups so that one always finishes; docs/rfv.md)\n"
typedef struct cli_ctl {
    int given, mode, noshuf;
    unsigned rq;
    int rfc;            /* --rfv-rfc: entries, -1 not given */
    int wake;           /* --rfv-wake: cycles, -1 not given */
    int rows;           /* --rfv-rows: physical rows per SIMD, -1 not given */
} cli_ctl;
#define CLI_CTL_INIT {0, 0, 0, 0, -1, -1, -1}
int cli_ctl_opt(const char *sub, int code, const char *arg, cli_ctl *d);
struct sicu_rtl_engine;
int cli_ctl_apply(const char *sub, const struct sicu_rtl_engine *e, const cli_ctl *d);
/* `sicu version`: the engines and the RTL engine's CU configuration */
void cli_print_configs(FILE *f);

/* An output file (sw/cli/output.c): written under a temporary name in its
 * directory and renamed over PATH by cli_out_commit when complete, so no
 * half-written file ever appears under PATH.  "-" is stdout; an existing
 * non-regular file (device, FIFO, symbolic link) is written in place.  Every
 * function reports its errors as "sicu SUB: error: ..." and returns -1. */
typedef struct cli_out {
    FILE *f;                /* write here; NULL once committed or discarded */
    const char *path;       /* the target as given                          */
    char tmp[4096];         /* the temporary name, "" when writing in place */
} cli_out;
int cli_out_open(cli_out *o, const char *sub, const char *path, const char *what);
/* Check every write and the close, then rename: -1 (and no file) on error. */
int cli_out_commit(cli_out *o, const char *sub, const char *what);
/* Close and remove the temporary file (a failed run). */
void cli_out_discard(cli_out *o);

/* "sicu SUB: error: ..." on stderr. */
void cli_err(const char *sub, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

#endif
