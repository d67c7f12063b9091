/* libsicu-opencl: kernel dispatch.  Each NDRange becomes a launch (the
 * in-memory equivalent of a LAUNCH.json, docs/launch-format.md) set up by
 * si_launch_setup and run on the engine SICU_ENGINE names: emu (default),
 * rtl or cosim (libsicu-rtl.so next to this library).  SICU_RECORD=DIR
 * writes each dispatch as DIR/dispatch-NNNN/launch.json + buffer files. */
#include "ocl.h"

#include <dlfcn.h>
#include <errno.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "sicu/launch.h"
#include "sicu/rtl_engine.h"

typedef struct ocl_run {
    cl_kernel k;
    cl_mem *mems;            /* distinct buffers, in launch order (bN) */
    int nmems;
    json_t *launch;
    si_launch l;
    si_mem mem, emem;
    si_dispatch d, ed;
    int parsed;
    cl_ulong cycles;
} ocl_run;

static int mem_index(ocl_run *r, cl_mem m)
{
    for (int i = 0; i < r->nmems; i++)
        if (r->mems[i] == m)
            return i;
    r->mems[r->nmems] = m;
    return r->nmems++;
}

static json_t *arg_json(ocl_run *r, const ocl_arg *a)
{
    char name[32];
    switch (a->desc->kind) {
    case SI_ARG_GLOBAL_BUFFER:
        if (!a->mem)
            return json_pack("{s:b}", "null", 1);
        snprintf(name, sizeof name, "b%d", mem_index(r, a->mem));
        return json_pack("{s:s}", "buffer", name);
    case SI_ARG_DYN_LOCAL: return json_pack("{s:I}", "local", (json_int_t)a->size);
    default: {
        char *hex = malloc(a->size * 2 + 1);
        for (size_t i = 0; hex && i < a->size; i++)
            snprintf(hex + 2 * i, 3, "%02x", a->bytes[i]);
        json_t *o = hex ? json_pack("{s:s}", "bytes", hex) : NULL;
        free(hex);
        return o;
    }
    }
}

/* the launch object: code, kernel, grid, workgroup, offset (the global work
 * offset, when given: as strings, since size_t may exceed a JSON integer),
 * buffers bN, args */
static int build_launch(ocl_run *r, cl_uint dims, const size_t *offset, const size_t *gws, const size_t *lws)
{
    cl_kernel k = r->k;
    json_t *args = json_array(), *bufs = json_array(), *grid = json_array(), *wg = json_array();
    json_t *off = offset ? json_array() : NULL;
    r->mems = calloc(k->nargs + 1, sizeof *r->mems);
    if (!r->mems)
        return -1;
    for (cl_uint i = 0; i < k->nargs; i++)
        json_array_append_new(args, arg_json(r, &k->args[i]));
    for (int i = 0; i < r->nmems; i++) {
        char name[32];
        snprintf(name, sizeof name, "b%d", i);
        json_array_append_new(bufs, json_pack("{s:s,s:I,s:s}", "name", name, "size", (json_int_t)r->mems[i]->size,
                                              "init", "zero"));
    }
    for (cl_uint i = 0; i < dims; i++) {
        json_array_append_new(grid, json_integer((json_int_t)gws[i]));
        json_array_append_new(wg, json_integer((json_int_t)lws[i]));
        if (off) {
            char v[32];
            snprintf(v, sizeof v, "%llu", (unsigned long long)offset[i]);
            json_array_append_new(off, json_string(v));
        }
    }
    r->launch = json_pack("{s:s,s:s,s:o,s:o,s:o,s:o}", "code", k->prog->obj, "kernel", k->k->name, "grid", grid,
                          "workgroup", wg, "buffers", bufs, "args", args);
    if (r->launch && off && json_object_set_new(r->launch, "offset", off) < 0)
        return -1;
    if (!r->launch)
        json_decref(off);
    return r->launch ? 0 : -1;
}

/* parse + set up device memory (twice for cosim) and copy the buffers in */
static cl_int setup(ocl_run *r, int cosim)
{
    char *s = json_dumps(r->launch, 0);
    if (!s)
        return CL_OUT_OF_HOST_MEMORY;
    int rc = si_launch_parse_string(&r->l, s, "opencl-dispatch", NULL);
    free(s);
    r->parsed = 1;
    if (rc < 0 || si_launch_setup(&r->l, &r->k->prog->co, &r->mem, &r->d) < 0 ||
        (cosim && si_launch_setup(&r->l, &r->k->prog->co, &r->emem, &r->ed) < 0)) {
        ocl_log("kernel '%s': cannot set the dispatch up: %s", r->k->k->name, r->l.err);
        return CL_OUT_OF_RESOURCES;
    }
    for (int i = 0; i < r->nmems; i++) {
        si_mem *ms[2] = {&r->mem, &r->emem};
        for (int j = 0; j < 1 + cosim; j++) {
            uint8_t *p = si_mem_ptr(ms[j], r->l.bufs[i].addr, r->mems[i]->size);
            if (!p)
                return CL_OUT_OF_RESOURCES;
            memcpy(p, r->mems[i]->data, r->mems[i]->size);
        }
    }
    return CL_SUCCESS;
}

static cl_int copy_out(ocl_run *r)
{
    for (int i = 0; i < r->nmems; i++) {
        uint8_t *p = si_mem_ptr(&r->mem, r->l.bufs[i].addr, r->mems[i]->size);
        if (!p)
            return CL_OUT_OF_RESOURCES;
        memcpy(r->mems[i]->data, p, r->mems[i]->size);
    }
    return CL_SUCCESS;
}

/* An engine limit from the environment: *out = def when name is unset or
 * empty, else its value (decimal or 0x hex, digits only); -1 with a message
 * when it is not such a number. */
static int env_limit(const char *name, uint64_t def, uint64_t *out)
{
    const char *v = getenv(name);
    *out = def;
    if (!v || !*v)
        return 0;
    if (si_parse_u64(v, out) < 0) {
        ocl_log("%s=\"%s\": expected a decimal or 0x hex number below 2^64 (0 = no limit)", name, v);
        return -1;
    }
    return 0;
}

static cl_int run_emu(ocl_run *r)
{
    si_emu_opts eo = {0};
    if (env_limit("SICU_MAX_INSTRUCTIONS", SI_EMU_DEFAULT_MAX_INSTRUCTIONS, &eo.max_instructions) < 0)
        return CL_INVALID_VALUE;
    si_emu *e = si_emu_create(&r->mem, &r->d, &eo);
    if (!e) {
        ocl_log("kernel '%s': cannot create the emulator", r->k->k->name);
        return CL_OUT_OF_HOST_MEMORY;
    }
    cl_int err = CL_SUCCESS;
    if (si_emu_run(e) < 0) {
        ocl_log("kernel '%s' failed on the emulator: %s", r->k->k->name, si_emu_error(e));
        err = CL_OUT_OF_RESOURCES;
    }
    r->cycles = si_emu_stats(e)->cycles_est;
    si_emu_destroy(e);
    return err;
}

/* libsicu-rtl.so: $SICU_RTL_LIB, else next to this library */
static const sicu_rtl_engine *rtl_engine(void)
{
    static const sicu_rtl_engine *eng;
    static char failed[PATH_MAX + 1200];
    if (eng || failed[0]) {
        if (failed[0])
            ocl_log("%s", failed);
        return eng;
    }
    Dl_info di;
    char self[PATH_MAX], path[PATH_MAX + 32];
    snprintf(self, sizeof self, "%s", dladdr((void *)rtl_engine, &di) && di.dli_fname ? di.dli_fname : "");
    const char *env = getenv("SICU_RTL_LIB");
    char *slash = strrchr(self, '/');
    snprintf(path, sizeof path, "%s%s", env && *env ? env : slash ? "" : "./",
             env && *env ? "" : "libsicu-rtl.so");
    if (!(env && *env) && slash)
        snprintf(path, sizeof path, "%.*s/libsicu-rtl.so", (int)(slash - self), self);
    /* the engine uses the si_* functions of this library: make them global */
    if (self[0])
        dlopen(self, RTLD_NOW | RTLD_NOLOAD | RTLD_GLOBAL);
    void *h = access(path, F_OK) == 0 ? dlopen(path, RTLD_NOW | RTLD_LOCAL) : NULL;
    sicu_rtl_entry_fn get = NULL;
    if (h)
        *(void **)&get = dlsym(h, SICU_RTL_ENTRY);
    const sicu_rtl_engine *e = get ? get() : NULL;
    if (!e || e->abi != SICU_RTL_ABI) {
        snprintf(failed, sizeof failed, "SICU_ENGINE=%s needs the RTL engine %s: %s", getenv("SICU_ENGINE"), path,
                 access(path, F_OK) ? "not built (make rtl)" : !h ? dlerror() : "wrong interface version");
        ocl_log("%s", failed);
        return NULL;
    }
    return eng = e;
}

static cl_ulong stats_cycles(const char *path)
{
    json_error_t je;
    json_t *o = json_load_file(path, 0, &je);
    cl_ulong c = o ? (cl_ulong)json_integer_value(json_object_get(o, "cycles")) : 0;
    json_decref(o);
    return c;
}

static cl_int run_rtl(ocl_run *r, const sicu_rtl_engine *eng, int cosim)
{
    char stats[64] = "/tmp/sicu-ocl-stats-XXXXXX";
    int fd = mkstemp(stats);
    if (fd < 0)
        return CL_OUT_OF_HOST_MEMORY;
    close(fd);
    sicu_rtl_opts o = {.cosim = cosim, .quiet = 1, .launch_path = "opencl-dispatch", .stats = stats};
    char err[1024];
    cl_int rc = CL_SUCCESS;
    int bad_limit = env_limit("SICU_MAX_CYCLES", SICU_RTL_DEFAULT_MAX_CYCLES, &o.max_cycles) < 0;
    if (bad_limit) {
        rc = CL_INVALID_VALUE;
    } else if (eng->check(&o, err, sizeof err) < 0) {
        ocl_log("RTL engine: %s", err);
        rc = CL_OUT_OF_RESOURCES;
    } else if (eng->run(&r->l, &r->k->prog->co, &r->mem, &r->d, &r->emem, &r->ed, &o) != 0) {
        ocl_log("kernel '%s' failed on the %s engine (messages above; its cycle limit is SICU_MAX_CYCLES=%llu, "
                "0 = none)", r->k->k->name, cosim ? "cosim" : "rtl", (unsigned long long)o.max_cycles);
        rc = CL_OUT_OF_RESOURCES;
    } else {
        r->cycles = stats_cycles(stats);
    }
    unlink(stats);
    return rc;
}

/* ------------------------------------------------------------ recording */

static int copy_file(const char *from, const char *to)
{
    FILE *a = fopen(from, "rb"), *b = fopen(to, "wb");
    char buf[65536];
    size_t n;
    int rc = a && b ? 0 : -1;
    while (rc == 0 && (n = fread(buf, 1, sizeof buf, a)) > 0)
        rc = fwrite(buf, 1, n, b) == n ? 0 : -1;
    if (a)
        fclose(a);
    if (b && fclose(b) != 0)
        rc = -1;
    return rc;
}

static int save(const char *dir, const char *name, const void *data, size_t n)
{
    char path[PATH_MAX + 64];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *f = fopen(path, "wb");
    int ok = f && fwrite(data, 1, n, f) == n;
    return (f && fclose(f) == 0 && ok) ? 0 : -1;
}

/* before the run: code.o, bN.bin (inputs) and launch.json (dumps bN.out) */
static int record_inputs(ocl_run *r, char *dir, size_t dirlen)
{
    static unsigned seq;
    const char *root = getenv("SICU_RECORD");
    char path[PATH_MAX + 64], name[64];
    mkdir(root, 0755);
    do   /* the next unused number: several processes may record into one DIR */
        snprintf(dir, dirlen, "%s/dispatch-%04u", root, seq++);
    while (mkdir(dir, 0755) < 0 && errno == EEXIST && seq < 100000);
    if (access(dir, W_OK) != 0)
        return -1;
    snprintf(path, sizeof path, "%s/code.o", dir);
    if (copy_file(r->k->prog->obj, path) < 0)
        return -1;
    json_t *rec = json_deep_copy(r->launch), *bufs = json_object_get(rec, "buffers");
    json_object_set_new(rec, "code", json_string("code.o"));
    for (int i = 0; i < r->nmems; i++) {
        json_t *b = json_array_get(bufs, (size_t)i);
        snprintf(name, sizeof name, "file:b%d.bin", i);
        json_object_set_new(b, "init", json_string(name));
        snprintf(name, sizeof name, "b%d.out", i);
        json_object_set_new(b, "dump", json_string(name));
        snprintf(name, sizeof name, "b%d.bin", i);
        if (save(dir, name, r->mems[i]->data, r->mems[i]->size) < 0)
            return json_decref(rec), -1;
    }
    snprintf(path, sizeof path, "%s/launch.json", dir);
    int rc = json_dump_file(rec, path, JSON_INDENT(2) | JSON_PRESERVE_ORDER);
    json_decref(rec);
    return rc;
}

/* after the run: bN.expected, what `sicu run launch.json` must dump as bN.out */
static int record_outputs(ocl_run *r, const char *dir)
{
    char name[64];
    for (int i = 0; i < r->nmems; i++) {
        snprintf(name, sizeof name, "b%d.expected", i);
        if (save(dir, name, r->mems[i]->data, r->mems[i]->size) < 0)
            return -1;
    }
    return 0;
}

/* ------------------------------------------------------------ the dispatch */

static cl_int run_dispatch(ocl_run *r)
{
    const char *engine = getenv("SICU_ENGINE");
    int rtl = engine && !strcmp(engine, "rtl"), cosim = engine && !strcmp(engine, "cosim");
    const sicu_rtl_engine *eng = NULL;
    if (engine && *engine && strcmp(engine, "emu") && !rtl && !cosim) {
        ocl_log("unknown SICU_ENGINE '%s' (expected emu, rtl or cosim)", engine);
        return CL_INVALID_OPERATION;
    }
    if ((rtl || cosim) && !(eng = rtl_engine()))
        return CL_INVALID_OPERATION;
    cl_int err = setup(r, cosim);
    char dir[PATH_MAX + 32] = "";
    const char *rec = getenv("SICU_RECORD");
    if (err == CL_SUCCESS && rec && *rec && record_inputs(r, dir, sizeof dir) < 0)
        ocl_log("SICU_RECORD: cannot write the dispatch into %s: %s", rec, strerror(errno));
    if (err == CL_SUCCESS)
        err = eng ? run_rtl(r, eng, cosim) : run_emu(r);
    if (err == CL_SUCCESS)
        err = copy_out(r);
    if (err == CL_SUCCESS && dir[0] && record_outputs(r, dir) < 0)
        ocl_log("SICU_RECORD: cannot write the results into %s", dir);
    return err;
}

cl_int ocl_run_kernel(cl_command_queue q, cl_kernel k, cl_uint dims, const size_t *offset, const size_t *gws,
                      const size_t *lws, cl_ulong *cycles)
{
    ocl_run r;
    memset(&r, 0, sizeof r);
    r.k = k;
    si_mem_init(&r.mem);
    si_mem_init(&r.emem);
    cl_int err = build_launch(&r, dims, offset, gws, lws) < 0 ? CL_OUT_OF_HOST_MEMORY : run_dispatch(&r);
    *cycles = r.cycles;
    if (r.parsed)
        si_launch_free(&r.l);
    si_mem_free(&r.mem);
    si_mem_free(&r.emem);
    json_decref(r.launch);
    free(r.mems);
    return err;
}
