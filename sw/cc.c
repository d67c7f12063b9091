/* The clang command line for OpenCL C on gfx600 (sicu/cc.h). */
#include "sicu/cc.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Debian's libclc-14 installs /usr/lib/clc; upstream `make install` of
 * libclc uses PREFIX/share/clc (older) or PREFIX/lib/clc. */
const char *const si_cc_libclc_paths[] = {
    "/usr/lib/clc/amdgcn--amdhsa.bc",
    "/usr/lib/llvm-14/lib/clc/amdgcn--amdhsa.bc",
    "/usr/local/lib/clc/amdgcn--amdhsa.bc",
    "/usr/share/clc/amdgcn--amdhsa.bc",
    "/usr/local/share/clc/amdgcn--amdhsa.bc",
    NULL,
};

static int find_libclc(si_cc *cc)
{
    const char *env = getenv("SICU_LIBCLC");
    if (env && *env) {
        if (access(env, R_OK) != 0) {
            snprintf(cc->err, sizeof cc->err, "libclc bitcode %s (from $SICU_LIBCLC) not readable", env);
            return -1;
        }
        snprintf(cc->libclc, sizeof cc->libclc, "%s", env);
        return 0;
    }
    for (int i = 0; si_cc_libclc_paths[i]; i++) {
        if (access(si_cc_libclc_paths[i], R_OK) == 0) {
            snprintf(cc->libclc, sizeof cc->libclc, "%s", si_cc_libclc_paths[i]);
            return 0;
        }
    }
    snprintf(cc->err, sizeof cc->err,
             "libclc's amdgcn--amdhsa.bc (the OpenCL C built-ins) not found in %s or the other default "
             "locations: install it with `make deps` (Debian package libclc-14) or set SICU_LIBCLC to its path",
             si_cc_libclc_paths[0]);
    return -1;
}

int si_cc_init(si_cc *cc, const char *root)
{
    memset(cc, 0, sizeof *cc);
    const char *clang = getenv("SICU_CLANG"), *r = getenv("SICU_ROOT");
    snprintf(cc->clang, sizeof cc->clang, "%s", clang && *clang ? clang : "clang");
    snprintf(cc->header, sizeof cc->header, "%s/programs/include/sicu.h", r && *r ? r : root);
    if (access(cc->header, R_OK) != 0) {
        snprintf(cc->err, sizeof cc->err, "device header %s not found (set SICU_ROOT to the sicu source tree)",
                 cc->header);
        return -1;
    }
    return find_libclc(cc);
}

int si_cc_args(const si_cc *cc, const char **av)
{
    /* -Wno-linker-warnings: libclc's module says amdgcn-unknown-amdhsa, ours
     * amdgcn-amd-amdhsa; the vendor field changes nothing but that warning. */
    const char *fixed[] = {cc->clang, "-target", "amdgcn-amd-amdhsa", "-mcpu=tahiti", "-x", "cl", "-nogpulib",
                           "-Xclang", "-finclude-default-header", "-Xclang", "-mlink-builtin-bitcode",
                           "-Xclang", cc->libclc, "-Wno-linker-warnings", "-cl-kernel-arg-info",
                           "-include", cc->header};
    _Static_assert(sizeof fixed / sizeof fixed[0] <= SI_CC_MAX_FIXED, "raise SI_CC_MAX_FIXED");
    int n = 0;
    for (size_t i = 0; i < sizeof fixed / sizeof fixed[0]; i++)
        av[n++] = fixed[i];
    return n;
}
