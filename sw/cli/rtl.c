/* sicu: loading the RTL engine, <dir of the sicu binary>/../lib/libsicu-rtl.so
 * (sicu/rtl_engine.h; built by `make rtl [BUILD=...]` for one CU
 * configuration), and printing the configurations for `sicu version`. */
#include "cli.h"

#include <dlfcn.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "sicu/rtl_engine.h"

/* the library's path next to this binary; -1 if /proc/self/exe is unreadable */
static int rtl_lib_path(char *buf, size_t n)
{
    char self[PATH_MAX];
    ssize_t k = readlink("/proc/self/exe", self, sizeof self - 1);
    if (k <= 0)
        return -1;
    self[k] = 0;
    char *slash = strrchr(self, '/');
    if (slash)
        *slash = 0;          /* BUILD/bin */
    slash = strrchr(self, '/');
    if (slash)
        *slash = 0;          /* BUILD */
    snprintf(buf, n, "%s/lib/libsicu-rtl.so", self);
    return 0;
}

static const char *build_dir;   /* cli_rtl_engine_at: another BUILD directory's library */

static const sicu_rtl_engine *load(char *path, size_t n, int *rc, int verbose)
{
    static const sicu_rtl_engine *eng;
    snprintf(path, n, "(unknown)");
    if (build_dir)
        snprintf(path, n, "%s/lib/libsicu-rtl.so", build_dir);
    else if (rtl_lib_path(path, n) < 0) {
        if (verbose)
            cli_err("run", "cannot locate the sicu binary: %s", strerror(errno));
        *rc = CLI_FAIL;
        return NULL;
    }
    if (eng)
        return eng;
    if (access(path, F_OK) != 0) {
        if (verbose)
            cli_err("run", "RTL engine not built: run make rtl [BUILD=...] (%s: %s)", path, strerror(errno));
        *rc = CLI_USAGE;
        return NULL;
    }
    void *h = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    if (!h) {
        if (verbose)
            cli_err("run", "cannot load the RTL engine: %s (rebuild it and this sicu: make rtl [BUILD=...])", dlerror());
        *rc = CLI_FAIL;
        return NULL;
    }
    sicu_rtl_entry_fn get;
    *(void **)&get = dlsym(h, SICU_RTL_ENTRY);
    const sicu_rtl_engine *e = get ? get() : NULL;
    if (!e || e->abi != SICU_RTL_ABI) {
        if (verbose)
            cli_err("run", "%s does not match this sicu (%s; rebuild both: make rtl [BUILD=...])", path,
                    !get ? "no entry point" : !e ? "no engine" : "another interface version");
        dlclose(h);
        *rc = CLI_FAIL;
        return NULL;
    }
    eng = e;
    return eng;
}

const sicu_rtl_engine *cli_rtl_engine_at(const char *build, int *rc)
{
    build_dir = build;
    return cli_rtl_engine(rc);
}

const sicu_rtl_engine *cli_rtl_engine(int *rc)
{
    char path[PATH_MAX + 32];
    return load(path, sizeof path, rc, 1);
}

void cli_print_configs(FILE *f)
{
    char path[PATH_MAX + 32];
    int rc;
    fprintf(f, "engine emu: the golden emulator (no CU configuration: sizes and features apply to the RTL engines)\n");
    const sicu_rtl_engine *e = load(path, sizeof path, &rc, 0);
    if (!e) {
        fprintf(f, "engines rtl, cosim: %s (%s)\n", path,
                rc == CLI_USAGE ? "not built: make rtl [BUILD=...]" : "cannot be loaded: sicu run --engine rtl says why");
        return;
    }
    fprintf(f, "engines rtl, cosim: %s, configuration %s\n", path, e->config_file);
    for (unsigned i = 0; i < e->nkeys; i++)
        fprintf(f, "  %-16s %-8s (%s)\n", e->keys[i][0], e->keys[i][1], e->keys[i][2]);
}

int cli_ctl_opt(const char *sub, int code, const char *arg, cli_ctl *d)
{
    static const char *const modes[] = {"intra", "inter", "enhanced"};
    d->given = 1;
    if (code == CLI_O_RFV_ROWS) {
        char *end;
        errno = 0;
        long v = strtol(arg, &end, 10);
        if (errno || end == arg || *end || v < 1 || v > 4096) {
            cli_err(sub, "--rfv-rows: expected a number of physical VGPR rows per SIMD (1..VGPR_ROWS), got '%s'", arg);
            return -1;
        }
        d->rows = (int)v;
        return 0;
    }
    if (code == CLI_O_RFV_RFC || code == CLI_O_RFV_WAKE) {
        int rfc = code == CLI_O_RFV_RFC;
        char *end;
        errno = 0;
        long v = strtol(arg, &end, 10);
        if (errno || end == arg || *end || v < 0 || v > (rfc ? 16 : 31)) {
            cli_err(sub, rfc ? "--rfv-rfc: expected a number of release flag cache entries from 0 to RFV_RFC, got '%s'"
                             : "--rfv-wake: expected a wake-up latency from 0 to 31 cycles, got '%s'",
                    arg);
            return -1;
        }
        *(rfc ? &d->rfc : &d->wake) = (int)v;
        return 0;
    }
    if (code == CLI_O_DMR_NOSHUF) {
        d->noshuf = 1;
        return 0;
    }
    if (code == CLI_O_DMR_MODE) {
        for (int m = 0; m < 3; m++)
            if (!strcmp(arg, modes[m])) {
                d->mode = m + 1;
                return 0;
            }
        cli_err(sub, "--dmr-mode: expected intra, inter or enhanced, got '%s'", arg);
        return -1;
    }
    char *end;
    errno = 0;
    unsigned long v = strtoul(arg, &end, 10);
    if (errno || end == arg || *end || arg[0] == '-' || v < 1 || v > 63) {
        cli_err(sub, "--dmr-rq: expected a number of ReplayQ entries from 1 to DMR_RQ, got '%s'", arg);
        return -1;
    }
    d->rq = (unsigned)v;
    return 0;
}

int cli_ctl_apply(const char *sub, const sicu_rtl_engine *e, const cli_ctl *d)
{
    char err[512];
    if (!d->given)
        return 0;
    if ((d->mode || d->rq || d->noshuf) && e->dmr_control(d->mode, d->rq, d->noshuf, err, sizeof err) < 0) {
        cli_err(sub, "%s", err);
        return -1;
    }
    if ((d->rfc >= 0 && e->rfv_control("rfc", d->rfc, err, sizeof err) < 0) ||
        (d->wake >= 0 && e->rfv_control("wake", d->wake, err, sizeof err) < 0) ||
        (d->rows >= 0 && e->rfv_control("rows", d->rows, err, sizeof err) < 0)) {
        cli_err(sub, "%s", err);
        return -1;
    }
    return 0;
}
