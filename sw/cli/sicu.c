/* sicu: command-line driver.  `sicu help` lists the sub-commands; every
 * sub-command accepts --help.  Errors go to stderr with a non-zero exit. */
#include "cli.h"

#include <errno.h>
#include <getopt.h>
#include <spawn.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "sicu/cc.h"
#include "sicu/tracediff.h"

#ifndef SICU_ROOT
#define SICU_ROOT "."
#endif

extern char **environ;

void cli_err(const char *sub, const char *fmt, ...)
{
    va_list ap;
    fprintf(stderr, "sicu%s%s: error: ", sub ? " " : "", sub ? sub : "");
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
}

static void usage_main(FILE *f)
{
    fprintf(f,
            "usage: sicu COMMAND [ARGS]\n"
            "\n"
            "sicu - golden emulator of the AMD Southern Islands (gfx600) compute unit\n"
            "\n"
            "commands:\n"
            "  cc KERNEL.cl -o K.o [-O0..-O3] [-DNAME[=V]] [-IDIR]   compile OpenCL C for gfx600\n"
            "  run LAUNCH.json [--engine emu|rtl|cosim] [--trace F] [--stats F] [--quiet] ...\n"
            "                                                        run a kernel launch\n"
            "  disasm [--raw] [--kernel NAME] [--side-table F] FILE  disassemble a code object\n"
            "  rfv K.o -o K.rfv.o [--side-table F] [--report] ...    register-file virtualization:\n"
            "                                                        mark where VGPRs die (docs/rfv.md)\n"
            "  trace-diff A.jsonl B.jsonl [--ignore FIELD]           compare two traces per wave\n"
            "  inject LAUNCH.json --fault SPEC [--end-after N] [--build DIR]\n"
            "                                                        one fault-injection run (RTL)\n"
            "  campaign split|run-shard|merge ...                    fault-injection campaigns\n"
            "  version                                               the version, the engines and the\n"
            "                                                        RTL engine's CU configuration\n"
            "  help                                                  this text\n"
            "\n"
            "`sicu COMMAND --help` describes each command (see also docs/cli.md).\n");
}

/* ------------------------------------------------------------------ cc */

static void usage_cc(FILE *f)
{
    fprintf(f,
            "usage: sicu cc KERNEL.cl -o OUT.o [-O0|-O1|-O2|-O3] [-DNAME[=VALUE]]... [-IDIR]...\n"
            "\n"
            "Compile OpenCL C 1.2 for gfx600 (tahiti) with clang into an amdhsa code object,\n"
            "against the standard OpenCL C header with libclc's built-ins linked in:\n"
            "  clang -target amdgcn-amd-amdhsa -mcpu=tahiti -x cl -nogpulib\n"
            "        -Xclang -finclude-default-header -Xclang -mlink-builtin-bitcode -Xclang LIBCLC\n"
            "        -Wno-linker-warnings -cl-kernel-arg-info -include ROOT/programs/include/sicu.h\n"
            "        -cl-std=CL1.2 -OLEVEL -c\n"
            "LIBCLC is libclc's amdgcn--amdhsa.bc (Debian libclc-14, `make deps`; override with\n"
            "$SICU_LIBCLC).  ROOT is the sicu source tree (compiled in; override with $SICU_ROOT);\n"
            "the clang binary can be overridden with $SICU_CLANG.  The default level is -O2.\n"
            "clang's diagnostics and exit status are passed through.\n");
}

int cmd_cc(int argc, char **argv)
{
    static const struct option lo[] = {{"help", no_argument, 0, 'h'}, {0, 0, 0, 0}};
    const char *out = NULL, *opt = "2";
    char **extra = calloc((size_t)argc * 2 + 1, sizeof(char *));
    int nextra = 0;
    if (!extra) {
        cli_err("cc", "out of memory");
        return CLI_FAIL;
    }
    int c, rc = CLI_FAIL;
    optind = 1;
    opterr = 0;
    while ((c = getopt_long(argc, argv, ":o:O:D:I:h", lo, NULL)) != -1) {
        switch (c) {
        case 'o': out = optarg; break;
        case 'O':
            if (strlen(optarg) != 1 || optarg[0] < '0' || optarg[0] > '3') {
                cli_err("cc", "bad optimisation level -O%s (use -O0, -O1, -O2 or -O3)", optarg);
                free(extra);
                return CLI_USAGE;
            }
            opt = optarg;
            break;
        case 'D':
        case 'I':
            extra[nextra++] = c == 'D' ? "-D" : "-I";
            extra[nextra++] = optarg;
            break;
        case 'h': usage_cc(stdout); free(extra); return CLI_OK;
        case ':': cli_err("cc", "option -%c needs a value", optopt); usage_cc(stderr); free(extra); return CLI_USAGE;
        default: cli_err("cc", "unknown option '%s'", argv[optind - 1]); usage_cc(stderr); free(extra); return CLI_USAGE;
        }
    }
    if (optind != argc - 1 || !out) {
        cli_err("cc", optind >= argc ? "no input file" : optind < argc - 1 ? "more than one input file" : "no output file (-o)");
        usage_cc(stderr);
        free(extra);
        return CLI_USAGE;
    }
    const char *src = argv[optind];
    struct stat st;
    if (stat(src, &st) != 0) {
        cli_err("cc", "%s: %s", src, strerror(errno));
        free(extra);
        return CLI_FAIL;
    }
    si_cc cc;
    if (si_cc_init(&cc, SICU_ROOT) < 0) {
        cli_err("cc", "%s", cc.err);
        free(extra);
        return CLI_FAIL;
    }
    char olevel[8];
    snprintf(olevel, sizeof olevel, "-O%s", opt);

    const char **av = calloc(SI_CC_MAX_FIXED + (size_t)nextra + 8, sizeof(char *));
    if (!av) {
        free(extra);
        cli_err("cc", "out of memory");
        return CLI_FAIL;
    }
    size_t n = (size_t)si_cc_args(&cc, av);
    av[n++] = "-cl-std=CL1.2";
    av[n++] = olevel;
    for (int i = 0; i < nextra; i++)
        av[n++] = extra[i];
    av[n++] = "-c";
    av[n++] = src;
    av[n++] = "-o";
    av[n++] = out;
    av[n] = NULL;

    pid_t pid;
    int err = posix_spawnp(&pid, cc.clang, NULL, NULL, (char **)av, environ);
    if (err != 0) {
        cli_err("cc", "cannot run %s: %s (set SICU_CLANG)", cc.clang, strerror(err));
    } else {
        int status;
        while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
            ;
        if (WIFEXITED(status)) {
            rc = WEXITSTATUS(status);
            if (rc != 0)
                cli_err("cc", "%s failed (exit status %d) compiling %s", cc.clang, rc, src);
        } else {
            cli_err("cc", "%s was killed by signal %d", cc.clang, WIFSIGNALED(status) ? WTERMSIG(status) : 0);
            rc = CLI_FAIL;
        }
    }
    free(av);
    free(extra);
    return rc;
}

/* ------------------------------------------------------------ trace-diff */

static void usage_tdiff(FILE *f)
{
    fprintf(f,
            "usage: sicu trace-diff A.jsonl B.jsonl [--ignore FIELD]... [--context N] [--max-waves N]\n"
            "\n"
            "Compare two JSON Lines traces (docs/trace-format.md).  Records are grouped per wave\n"
            "(\"wg\" + \"wave\") and compared in order as JSON values; the first divergence of each\n"
            "differing wave is shown with N (default 3) preceding records.  --ignore drops a\n"
            "top-level field from the comparison.  Exit status: 0 equal, 1 different, 2 error.\n");
}

int cmd_trace_diff(int argc, char **argv)
{
    static const struct option lo[] = {{"help", no_argument, 0, 'h'},
                                       {"ignore", required_argument, 0, 'i'},
                                       {"context", required_argument, 0, 'c'},
                                       {"max-waves", required_argument, 0, 'm'},
                                       {0, 0, 0, 0}};
    const char **ign = calloc((size_t)argc + 1, sizeof(char *));
    si_tdiff_opts o = {.ignore = ign, .context = 3};
    int c;
    optind = 1;
    opterr = 0;
    if (!ign) {
        cli_err("trace-diff", "out of memory");
        return SI_TDIFF_ERROR;
    }
    while ((c = getopt_long(argc, argv, ":h", lo, NULL)) != -1) {
        char *end;
        switch (c) {
        case 'h': usage_tdiff(stdout); free(ign); return 0;
        case 'i': ign[o.nignore++] = optarg; break;
        case 'c':
        case 'm': {
            long v = strtol(optarg, &end, 10);
            if (*end || v < 0 || v > 1000000) {
                cli_err("trace-diff", "bad number '%s'", optarg);
                free(ign);
                return SI_TDIFF_ERROR;
            }
            if (c == 'c') o.context = (int)v; else o.max_reports = (int)v;
            break;
        }
        case ':': cli_err("trace-diff", "option %s needs a value", argv[optind - 1]); free(ign); return SI_TDIFF_ERROR;
        default: cli_err("trace-diff", "unknown option '%s'", argv[optind - 1]); usage_tdiff(stderr); free(ign); return SI_TDIFF_ERROR;
        }
    }
    if (argc - optind != 2) {
        cli_err("trace-diff", "expected two trace files");
        usage_tdiff(stderr);
        free(ign);
        return SI_TDIFF_ERROR;
    }
    char err[1024] = "";
    int rc = si_trace_diff(argv[optind], argv[optind + 1], &o, err, sizeof err);
    if (rc == SI_TDIFF_ERROR)
        cli_err("trace-diff", "%s", err);
    if (rc != SI_TDIFF_ERROR && (fflush(stdout) != 0 || ferror(stdout))) {
        cli_err("trace-diff", "write error on standard output: %s", strerror(errno));
        rc = SI_TDIFF_ERROR;
    }
    free(ign);
    return rc;
}

/* ------------------------------------------------------------------ main */

int main(int argc, char **argv)
{
    if (argc < 2) {
        usage_main(stderr);
        return CLI_USAGE;
    }
    const char *cmd = argv[1];
    argv[1] = argv[0];
    argc--;
    argv++; /* argv[0] = program, argv[1..] = sub-command arguments */
    if (!strcmp(cmd, "cc")) return cmd_cc(argc, argv);
    if (!strcmp(cmd, "run")) return cmd_run(argc, argv);
    if (!strcmp(cmd, "disasm")) return cmd_disasm(argc, argv);
    if (!strcmp(cmd, "rfv")) return cmd_rfv(argc, argv);
    if (!strcmp(cmd, "trace-diff")) return cmd_trace_diff(argc, argv);
    if (!strcmp(cmd, "inject")) return cmd_inject(argc, argv);
    if (!strcmp(cmd, "campaign")) return cmd_campaign(argc, argv);
    if (!strcmp(cmd, "version") || !strcmp(cmd, "--version")) {
        printf("sicu %s - golden emulator for the AMD Southern Islands (gfx600) compute unit\n", SICU_VERSION);
        cli_print_configs(stdout);
        return CLI_OK;
    }
    if (!strcmp(cmd, "help") || !strcmp(cmd, "--help") || !strcmp(cmd, "-h")) {
        if (argc >= 2) { /* sicu help COMMAND */
            char *av[] = {argv[0], "--help", NULL};
            const char *sub = argv[1];
            if (!strcmp(sub, "cc")) return cmd_cc(2, av);
            if (!strcmp(sub, "run")) return cmd_run(2, av);
            if (!strcmp(sub, "disasm")) return cmd_disasm(2, av);
            if (!strcmp(sub, "rfv")) return cmd_rfv(2, av);
            if (!strcmp(sub, "trace-diff")) return cmd_trace_diff(2, av);
            if (!strcmp(sub, "inject")) return cmd_inject(2, av);
            if (!strcmp(sub, "campaign")) return cmd_campaign(2, av);
        }
        usage_main(stdout);
        return CLI_OK;
    }
    cli_err(NULL, "unknown command '%s'", cmd);
    usage_main(stderr);
    return CLI_USAGE;
}
