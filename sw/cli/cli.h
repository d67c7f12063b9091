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
int cmd_trace_diff(int argc, char **argv);

/* The RTL engine library next to this binary (sw/cli/rtl.c): NULL after an
 * error message, with the exit code in *rc (2: not built). */
struct sicu_rtl_engine;
const struct sicu_rtl_engine *cli_rtl_engine(int *rc);
/* `sicu version`: the engines and the RTL engine's CU configuration */
void cli_print_configs(FILE *f);

/* "sicu SUB: error: ..." on stderr. */
void cli_err(const char *sub, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

#endif
