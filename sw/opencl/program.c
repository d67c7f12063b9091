/* libsicu-opencl: programs.  clBuildProgram compiles like `sicu cc` (the
 * command line of sicu/cc.h: clang for amdgcn-amd-amdhsa/tahiti with libclc's
 * built-ins), in a temporary directory that lives as long as the program. */
#include "ocl.h"
#include "sicu/cc.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

#define MAX_BUILD_ARGS 256

OCL_API cl_program clCreateProgramWithSource(cl_context c, cl_uint n, const char **strs, const size_t *lens,
                                             cl_int *errcode)
{
    cl_int dummy;
    if (!errcode)
        errcode = &dummy;
    if (!ocl_valid_ctx(c)) {
        *errcode = CL_INVALID_CONTEXT;
        return NULL;
    }
    size_t total = 0;
    for (cl_uint i = 0; strs && i < n; i++) {
        if (!strs[i]) {
            *errcode = CL_INVALID_VALUE;
            return NULL;
        }
        total += lens && lens[i] ? lens[i] : strlen(strs[i]);
    }
    cl_program p = calloc(1, sizeof *p);
    char *src = malloc(total + 1);
    if (n == 0 || !strs || !p || !src) {
        free(p);
        free(src);
        *errcode = n == 0 || !strs ? CL_INVALID_VALUE : CL_OUT_OF_HOST_MEMORY;
        return NULL;
    }
    size_t k = 0;
    for (cl_uint i = 0; i < n; i++) {
        size_t l = lens && lens[i] ? lens[i] : strlen(strs[i]);
        memcpy(src + k, strs[i], l);
        k += l;
    }
    src[k] = 0;
    p->dispatch = &ocl_dispatch;
    p->refs = 1;
    p->ctx = c;
    p->source = src;
    p->status = CL_BUILD_NONE;
    c->refs++;
    *errcode = CL_SUCCESS;
    return p;
}

static void remove_dir(const char *dir)
{
    DIR *d = opendir(dir);
    struct dirent *de;
    char path[PATH_MAX + 300];
    while (d && (de = readdir(d))) {
        if (!strcmp(de->d_name, ".") || !strcmp(de->d_name, ".."))
            continue;
        snprintf(path, sizeof path, "%s/%s", dir, de->d_name);
        unlink(path);
    }
    if (d)
        closedir(d);
    rmdir(dir);
}

OCL_API cl_int clRetainProgram(cl_program p)
{
    if (!ocl_valid_program(p))
        return CL_INVALID_PROGRAM;
    p->refs++;
    return CL_SUCCESS;
}

OCL_API cl_int clReleaseProgram(cl_program p)
{
    if (!ocl_valid_program(p))
        return CL_INVALID_PROGRAM;
    if (--p->refs == 0) {
        cl_context c = p->ctx;
        if (p->built)
            si_codeobj_free(&p->co);
        if (p->dir[0] && !getenv("SICU_OCL_KEEP"))
            remove_dir(p->dir);
        free(p->source);
        free(p->options);
        free(p->log);
        p->dispatch = NULL;
        free(p);
        clReleaseContext(c);
    }
    return CL_SUCCESS;
}

/* split build options at blanks ("..." groups); returns the count or -1 */
static int split_options(char *s, char **out, int max)
{
    int n = 0;
    while (*s) {
        while (*s == ' ' || *s == '\t' || *s == '\n')
            s++;
        if (!*s)
            break;
        if (n == max)
            return -1;
        char *w = s, *o = s;
        int quoted = 0;
        while (*s && (quoted || (*s != ' ' && *s != '\t' && *s != '\n'))) {
            if (*s == '"')
                quoted = !quoted;
            else
                *o++ = *s;
            s++;
        }
        if (*s)
            s++;
        *o = 0;
        out[n++] = w;
    }
    return n;
}

/* Translate OpenCL build options into clang arguments (appended at av[*n]).
 * -D/-I (joined or separate), -cl-* (passed to clang, which knows the
 * OpenCL ones), -w, -Werror, -O0..-O3.  Anything else: -1. */
static int translate_options(char **opt, int nopt, const char **av, int *n, const char **olevel, const char **std,
                             char *bad, size_t badlen)
{
    for (int i = 0; i < nopt; i++) {
        const char *o = opt[i];
        if ((!strcmp(o, "-D") || !strcmp(o, "-I")) && i + 1 < nopt) {
            av[(*n)++] = o;
            av[(*n)++] = opt[++i];
        } else if ((!strncmp(o, "-D", 2) || !strncmp(o, "-I", 2)) && o[2]) {
            av[(*n)++] = o;
        } else if (!strncmp(o, "-cl-std=", 8)) {
            *std = o;
        } else if (!strcmp(o, "-cl-opt-disable")) {
            *olevel = "-O0";
        } else if (!strncmp(o, "-cl-", 4) || !strcmp(o, "-w") || !strcmp(o, "-Werror")) {
            av[(*n)++] = o;
        } else if (!strncmp(o, "-O", 2) && strlen(o) == 3 && o[2] >= '0' && o[2] <= '3') {
            *olevel = o;
        } else {
            snprintf(bad, badlen, "%s", o);
            return -1;
        }
        if (*n > MAX_BUILD_ARGS - 8)
            return -1;
    }
    return 0;
}

static char *read_text(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *s = malloc(n > 0 ? (size_t)n + 1 : 1);
    size_t k = s && n > 0 ? fread(s, 1, (size_t)n, f) : 0;
    if (s)
        s[k] = 0;
    fclose(f);
    return s;
}

/* Run clang with av (stdout and stderr into logpath); its exit status, or -1. */
static int spawn_compiler(const char **av, const char *logpath)
{
    posix_spawn_file_actions_t fa;
    posix_spawn_file_actions_init(&fa);
    posix_spawn_file_actions_addopen(&fa, 1, logpath, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    posix_spawn_file_actions_adddup2(&fa, 1, 2);
    pid_t pid;
    int err = posix_spawnp(&pid, av[0], &fa, NULL, (char **)av, environ), status = 0;
    posix_spawn_file_actions_destroy(&fa);
    if (err != 0) {
        FILE *f = fopen(logpath, "w");
        if (f) {
            fprintf(f, "sicu-opencl: cannot run %s: %s (set SICU_CLANG)\n", av[0], strerror(err));
            fclose(f);
        }
        return -1;
    }
    while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
        ;
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

static int write_file(const char *path, const void *data, size_t n)
{
    FILE *f = fopen(path, "wb");
    if (!f)
        return -1;
    size_t k = fwrite(data, 1, n, f);
    return fclose(f) == 0 && k == n ? 0 : -1;
}

static cl_int set_log(cl_program p, const char *fmt, const char *arg)
{
    free(p->log);
    size_t n = strlen(fmt) + strlen(arg) + 1;
    p->log = malloc(n);
    if (p->log)
        snprintf(p->log, n, fmt, arg);
    return CL_SUCCESS;
}

/* compile p->source with the options into p->obj and load it; the clang log in p->log */
static cl_int compile(cl_program p, char *opts)
{
    char src[PATH_MAX + 16], logp[PATH_MAX + 16], bad[256] = "";
    const char *av[MAX_BUILD_ARGS], *olevel = "-O2", *std = "-cl-std=CL1.2";
    char *opt[MAX_BUILD_ARGS];
    int nopt = split_options(opts, opt, MAX_BUILD_ARGS / 2), n;
    if (nopt < 0) {
        set_log(p, "sicu-opencl: too many build options%s\n", "");
        return CL_INVALID_BUILD_OPTIONS;
    }
    si_cc cc;
    if (si_cc_init(&cc, SICU_ROOT) < 0)
        return set_log(p, "sicu-opencl: %s\n", cc.err), CL_BUILD_PROGRAM_FAILURE;
    n = si_cc_args(&cc, av);
    if (translate_options(opt, nopt, av, &n, &olevel, &std, bad, sizeof bad) < 0) {
        set_log(p, "sicu-opencl: unsupported build option '%s' (supported: -D, -I, -cl-*, -w, -Werror, -O0..-O3)\n",
                bad);
        return CL_INVALID_BUILD_OPTIONS;
    }
    snprintf(src, sizeof src, "%s/program.cl", p->dir);
    snprintf(logp, sizeof logp, "%s/build.log", p->dir);
    snprintf(p->obj, sizeof p->obj, "%s/program.o", p->dir);
    av[n++] = std;
    av[n++] = olevel;
    av[n++] = "-c";
    av[n++] = src;
    av[n++] = "-o";
    av[n++] = p->obj;
    av[n] = NULL;
    if (write_file(src, p->source, strlen(p->source)) < 0)
        return set_log(p, "sicu-opencl: cannot write %s\n", src), CL_BUILD_PROGRAM_FAILURE;
    int rc = spawn_compiler(av, logp);
    free(p->log);
    p->log = read_text(logp);
    if (rc != 0)
        return CL_BUILD_PROGRAM_FAILURE;
    if (si_codeobj_load(&p->co, p->obj) < 0) {
        set_log(p, "sicu-opencl: cannot load the compiled code object: %s\n", p->co.err);
        return CL_BUILD_PROGRAM_FAILURE;
    }
    p->built = 1;
    return CL_SUCCESS;
}

static cl_int check_build_args(cl_program p, cl_uint ndev, const cl_device_id *devs,
                               void(CL_CALLBACK *notify)(cl_program, void *), void *user)
{
    if (!ocl_valid_program(p))
        return CL_INVALID_PROGRAM;
    if ((ndev == 0) != (devs == NULL) || (!notify && user))
        return CL_INVALID_VALUE;
    for (cl_uint i = 0; i < ndev; i++)
        if (devs[i] != &ocl_device)
            return CL_INVALID_DEVICE;
    if (p->kernels)
        return CL_INVALID_OPERATION;
    if (!p->source && p->built)
        return CL_SUCCESS;   /* from a binary */
    if (!p->dir[0]) {
        snprintf(p->dir, sizeof p->dir, "%s/sicu-ocl-XXXXXX", getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp");
        if (!mkdtemp(p->dir)) {
            p->dir[0] = 0;
            return CL_OUT_OF_HOST_MEMORY;
        }
    }
    return CL_SUCCESS;
}

OCL_API cl_int clBuildProgram(cl_program p, cl_uint ndev, const cl_device_id *devs, const char *options,
                              void(CL_CALLBACK *notify)(cl_program, void *), void *user)
{
    cl_int err = check_build_args(p, ndev, devs, notify, user);
    if (err != CL_SUCCESS || !p->source)
        goto done;
    if (p->built) {
        si_codeobj_free(&p->co);
        p->built = 0;
    }
    free(p->options);
    p->options = strdup(options ? options : "");
    char *work = strdup(options ? options : "");
    if (!p->options || !work) {
        free(work);
        return CL_OUT_OF_HOST_MEMORY;
    }
    err = compile(p, work);
    free(work);
    p->status = err == CL_SUCCESS ? CL_BUILD_SUCCESS : CL_BUILD_ERROR;
    if (err != CL_SUCCESS)
        ocl_debug("clBuildProgram failed (%d); build log:\n%s", err, p->log ? p->log : "");
done:
    if (notify && ocl_valid_program(p))
        notify(p, user);
    return err;
}

OCL_API cl_program clCreateProgramWithBinary(cl_context c, cl_uint ndev, const cl_device_id *devs,
                                             const size_t *lens, const unsigned char **bins, cl_int *status,
                                             cl_int *errcode)
{
    cl_int dummy;
    const char *none = "";
    if (!errcode)
        errcode = &dummy;
    if (ndev != 1 || !devs || devs[0] != &ocl_device || !lens || !bins || !bins[0] || !lens[0]) {
        *errcode = ndev == 1 && devs && devs[0] != &ocl_device ? CL_INVALID_DEVICE : CL_INVALID_VALUE;
        return NULL;
    }
    cl_program p = clCreateProgramWithSource(c, 1, &none, NULL, errcode);
    if (!p)
        return NULL;
    free(p->source);
    p->source = NULL;
    snprintf(p->dir, sizeof p->dir, "%s/sicu-ocl-XXXXXX", getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp");
    if (!mkdtemp(p->dir))
        p->dir[0] = 0;
    snprintf(p->obj, sizeof p->obj, "%s/program.o", p->dir);
    if (!p->dir[0] || write_file(p->obj, bins[0], lens[0]) < 0 || si_codeobj_load(&p->co, p->obj) < 0) {
        if (status)
            status[0] = CL_INVALID_BINARY;
        *errcode = CL_INVALID_BINARY;
        clReleaseProgram(p);
        return NULL;
    }
    p->built = 1;
    p->status = CL_BUILD_SUCCESS;
    if (status)
        status[0] = CL_SUCCESS;
    return p;
}
