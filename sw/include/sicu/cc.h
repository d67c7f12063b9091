/* How sicu compiles OpenCL C for gfx600: the one clang command line, shared
 * by `sicu cc` (sw/cli/sicu.c) and clBuildProgram (sw/opencl/program.c).
 *
 *   clang -target amdgcn-amd-amdhsa -mcpu=tahiti -x cl -nogpulib
 *         -Xclang -finclude-default-header          (the standard OpenCL C header)
 *         -Xclang -mlink-builtin-bitcode -Xclang LIBCLC   (libclc's built-ins)
 *         -Wno-linker-warnings -cl-kernel-arg-info -include ROOT/programs/include/sicu.h
 *
 * LIBCLC is libclc's amdgcn--amdhsa.bc (Debian package libclc-14, installed
 * by `make deps`); ROOT the sicu source tree.  The caller appends the
 * language standard, the optimisation level, its -D/-I options and
 * "-c SRC -o OUT". */
#ifndef SICU_CC_H
#define SICU_CC_H
#include <stddef.h>

/* Room for the fixed arguments si_cc_args writes (including av[0]). */
#define SI_CC_MAX_FIXED 24

typedef struct si_cc {
    char clang[4096];   /* $SICU_CLANG, or "clang" (looked up on PATH)          */
    char header[4096];  /* ROOT/programs/include/sicu.h                        */
    char libclc[4096];  /* $SICU_LIBCLC or the first existing default location */
    char err[4608];     /* why si_cc_init failed                               */
} si_cc;

/* The libclc locations tried in order when $SICU_LIBCLC is unset (NULL-terminated). */
extern const char *const si_cc_libclc_paths[];

/* Resolve the clang binary, the device header (ROOT = $SICU_ROOT or
 * `root`) and libclc.  0, or -1 with a message naming the missing file and
 * how to get it in cc->err. */
int si_cc_init(si_cc *cc, const char *root);

/* Write the fixed part of the command line (av[0] = clang) into av, which
 * has room for SI_CC_MAX_FIXED entries; returns the number written. */
int si_cc_args(const si_cc *cc, const char **av);

#endif
