/* sicu command-line tool: sub-command entry points (sw/cli/). */
#ifndef SICU_CLI_H
#define SICU_CLI_H

#define SICU_VERSION "0.1.0"

/* Exit codes shared by the sub-commands. */
enum { CLI_OK = 0, CLI_FAIL = 1, CLI_USAGE = 2 };

int cmd_cc(int argc, char **argv);
int cmd_run(int argc, char **argv);
int cmd_disasm(int argc, char **argv);
int cmd_trace_diff(int argc, char **argv);

/* "sicu SUB: error: ..." on stderr. */
void cli_err(const char *sub, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

#endif
