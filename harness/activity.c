/* sicu harness: per-module switching activity of a run (sicu run --activity).
 *
 * Method (docs/power.md): the run is traced to an FST of the whole CU (every
 * cycle, every traced signal: flops and wires up to 256 bits wide; the
 * register files and the LDS are memories and not traced), then the FST is
 * read back with GTKWave's FST reader (compiled into Verilator's runtime)
 * and every bit change of every signal is counted and attributed to the
 * module instance that declares the signal (a signal seen through a port of
 * a child is an alias and counted once, in the scope that declares it).
 * Memories are accounted for by the RTL's access counters instead (VGPR
 * rows read/written, LDS accesses, SGPR writes). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "activity.h"
#include "sicu_config.h"
#include "sicu_units.h"
#include "gtkwave/fstapi.h"

/* module of a scope path: the innermost instance (u_*) decides; generate
 * scopes (g_simd[0], g_lane[3]) belong to the enclosing module.  Instance
 * names come from the unit manifest (rtl/units.manifest); salu_unit's salu
 * is also named u_salu. */
#define CU_SCOPE SICU_CU_SCOPE
static const char *module_of(const char *path)
{
    static const struct { const char *inst, *mod; } tab[] = {
#define X(i, m) {i, m},
        SICU_UNIT_INSTANCES(X)
#undef X
    };
    size_t cl = strlen(CU_SCOPE);
    if (strncmp(path, CU_SCOPE, cl) || (path[cl] && path[cl] != '.'))
        return NULL;
    const char *inst = NULL, *prev_inst = NULL;
    for (const char *p = path + cl; (p = strstr(p, ".u_")); p++) {
        prev_inst = inst;
        inst = p + 1;
    }
    if (!inst)
        return "sicu_cu";
    size_t n = strcspn(inst, ".");
    if (n == 6 && !strncmp(inst, "u_salu", 6))
        return (prev_inst && !strncmp(prev_inst, "u_salu.", 7)) ? "salu" : "salu_unit";
    for (size_t i = 0; i < sizeof tab / sizeof tab[0]; i++)
        if (strlen(tab[i].inst) == n && !strncmp(inst, tab[i].inst, n))
            return tab[i].mod;
    return NULL;
}

/* every module of the manifest, and sicu_cu */
#define ONE_MOD(i, m) +1
enum { MAXMOD = 1 SICU_UNIT_INSTANCES(ONE_MOD) };
#undef ONE_MOD
typedef struct {
    const char *name;
    uint64_t toggles, bits, signals;
    json_t *instances;   /* set of instance paths */
} modacc;

typedef struct {
    modacc m[MAXMOD];
    int nm;
    int *mod_of;          /* per handle: module index, -1 = not counted */
    uint32_t *len;        /* per handle: bits */
    char **prev;          /* per handle: last value */
    fstHandle maxh;
} actx;

static int mod_index(actx *a, const char *name)
{
    for (int i = 0; i < a->nm; i++)
        if (!strcmp(a->m[i].name, name))
            return i;
    if (a->nm == MAXMOD)
        return -1;
    a->m[a->nm].name = name;
    a->m[a->nm].instances = json_object();
    return a->nm++;
}

static void on_change(void *user, uint64_t time, fstHandle h, const unsigned char *v)
{
    actx *a = user;
    (void)time;
    if (h > a->maxh || a->mod_of[h] < 0)
        return;
    uint32_t n = a->len[h];
    char *p = a->prev[h];
    if (!p) {             /* first value (the window's initial dump) */
        a->prev[h] = p = malloc(n + 1);
        if (p) {
            memcpy(p, v, n);
            p[n] = 0;
        }
        return;
    }
    uint64_t t = 0;
    for (uint32_t i = 0; i < n; i++)
        if (p[i] != (char)v[i]) {
            t++;
            p[i] = (char)v[i];
        }
    a->m[a->mod_of[h]].toggles += t;
}

int sh_activity(const char *fst, const char *out, const sh_result *res, char *err, size_t errlen)
{
    actx a;
    memset(&a, 0, sizeof a);
    int rc = -1;
    void *ctx = fstReaderOpen(fst);
    if (!ctx) {
        snprintf(err, errlen, "activity: cannot read the waveform %s", fst);
        return -1;
    }
    a.maxh = fstReaderGetMaxHandle(ctx);
    a.mod_of = malloc((a.maxh + 1) * sizeof *a.mod_of);
    a.len = calloc(a.maxh + 1, sizeof *a.len);
    a.prev = calloc(a.maxh + 1, sizeof *a.prev);
    json_t *root = NULL;
    if (!a.mod_of || !a.len || !a.prev) {
        snprintf(err, errlen, "activity: out of memory");
        goto out;
    }
    for (fstHandle h = 0; h <= a.maxh; h++)
        a.mod_of[h] = -1;
    /* every module of the manifest is reported, with 0 instances when this
     * configuration has none (simd_dmr without DMR) */
    mod_index(&a, "sicu_cu");
#define X(i, m) mod_index(&a, m);
    SICU_UNIT_INSTANCES(X)
#undef X
    /* hierarchy: scope stack -> module of each declared (non-alias) signal */
    char path[4096] = "";
    size_t plen[256];
    int depth = 0;
    struct fstHier *e;
    while ((e = fstReaderIterateHier(ctx))) {
        if (e->htyp == FST_HT_SCOPE) {
            if (depth < 256)
                plen[depth] = strlen(path);
            depth++;
            size_t l = strlen(path);
            snprintf(path + l, sizeof path - l, "%s%s", l ? "." : "", e->u.scope.name);
        } else if (e->htyp == FST_HT_UPSCOPE) {
            if (depth > 0 && --depth < 256)
                path[plen[depth]] = 0;
        } else if (e->htyp == FST_HT_VAR && !e->u.var.is_alias && e->u.var.handle <= a.maxh) {
            const char *mod = module_of(path);
            if (!mod)
                continue;
            int mi = mod_index(&a, mod);
            if (mi < 0)
                continue;
            a.mod_of[e->u.var.handle] = mi;
            a.len[e->u.var.handle] = e->u.var.length;
            a.m[mi].bits += e->u.var.length;
            a.m[mi].signals++;
            /* the instance: the path up to its innermost u_* component */
            char ipath[4096];
            const char *u = NULL;
            for (const char *q = path + strlen(CU_SCOPE); (q = strstr(q, ".u_")); q++)
                u = q + 1;
            size_t il = u ? (size_t)(u - path) + strcspn(u, ".") : strlen(CU_SCOPE);
            snprintf(ipath, sizeof ipath, "%.*s", (int)il, path);
            json_object_set_new(a.m[mi].instances, ipath, json_true());
        }
    }
    fstReaderSetFacProcessMaskAll(ctx);
    if (!fstReaderIterBlocks(ctx, on_change, &a, NULL)) {
        snprintf(err, errlen, "activity: cannot read the value changes of %s", fst);
        goto out;
    }
    uint64_t cyc = res->cycles ? res->cycles : 1;
    root = json_object();
    json_object_set_new(root, "cycles", json_integer((json_int_t)res->cycles));
    json_object_set_new(root, "lanes", json_integer(SICU_LANES));   /* a VGPR row access = LANES x 32 bits */
    json_object_set_new(root, "method",
                        json_string("bit changes of every traced signal (flops and wires up to 256 bits; not memories) "
                                    "over the whole run, per declaring module; memories from the RTL access counters"));
    json_t *mods = json_object();
    uint64_t tot_t = 0, tot_b = 0;
    for (int i = 0; i < a.nm; i++) {
        json_t *m = json_object();
        size_t ninst = json_object_size(a.m[i].instances);
        json_object_set_new(m, "instances", json_integer((json_int_t)ninst));
        json_object_set_new(m, "signals", json_integer((json_int_t)a.m[i].signals));
        json_object_set_new(m, "traced_bits", json_integer((json_int_t)a.m[i].bits));
        json_object_set_new(m, "toggles", json_integer((json_int_t)a.m[i].toggles));
        json_object_set_new(m, "toggles_per_cycle", json_real((double)a.m[i].toggles / cyc));
        json_object_set_new(m, "activity_factor",
                            json_real(a.m[i].bits ? (double)a.m[i].toggles / ((double)cyc * a.m[i].bits) : 0));
        json_object_set_new(mods, a.m[i].name, m);
        tot_t += a.m[i].toggles;
        tot_b += a.m[i].bits;
    }
    json_object_set_new(root, "modules", mods);
    json_object_set_new(root, "total", json_pack("{s:I,s:I,s:f}", "toggles", (json_int_t)tot_t, "traced_bits",
                                                 (json_int_t)tot_b, "toggles_per_cycle", (double)tot_t / cyc));
    /* memories and functional units: the RTL's own counters */
    uint64_t vr = 0, vw = 0, lo = 0, vi = 0;
    for (int s = 0; s < SICU_SIMDS; s++) {
        vi += res->perf_simd[s][SICU_PS_insts];
        lo += res->perf_simd[s][SICU_PS_lane_ops];
        vr += res->perf_simd[s][SICU_PS_vgpr_reads];
        vw += res->perf_simd[s][SICU_PS_vgpr_writes];
    }
    json_object_set_new(root, "counters",
                        json_pack("{s:I,s:I,s:I,s:I,s:I,s:I,s:I,s:I}", "vgpr_row_reads", (json_int_t)vr,
                                  "vgpr_row_writes", (json_int_t)vw, "valu_insts", (json_int_t)vi,
                                  "valu_lane_ops", (json_int_t)lo, "salu_insts",
                                  (json_int_t)res->perf_cu[SICU_PC_salu_insts], "sgpr_writes",
                                  (json_int_t)res->perf_cu[SICU_PC_sgpr_writes], "lds_accesses",
                                  (json_int_t)res->perf_cu[SICU_PC_lds_accesses], "mem_requests",
                                  (json_int_t)res->perf_cu[SICU_PC_mem_requests]));
    /* lane operations per FP unit of simd_lane (FU_* index as a string; "0":
     * integer/bit ops), from the SIMDs' monitor outputs; they add up to
     * valu_lane_ops (make power-test checks it) */
    json_t *fu = json_object();
    for (int k = 0; k < 128; k++)
        if (res->fu_lane_ops[k]) {
            char key[8];
            snprintf(key, sizeof key, "%d", k);
            json_object_set_new(fu, key, json_integer((json_int_t)res->fu_lane_ops[k]));
        }
    json_object_set_new(root, "fu_lane_ops", fu);
    if (json_dump_file(root, out, JSON_INDENT(1) | JSON_SORT_KEYS) != 0) {
        snprintf(err, errlen, "activity: cannot write %s", out);
        goto out;
    }
    rc = 0;
out:
    json_decref(root);
    for (int i = 0; i < a.nm; i++)
        json_decref(a.m[i].instances);
    if (a.prev)
        for (fstHandle h = 0; h <= a.maxh; h++)
            free(a.prev[h]);
    free(a.prev);
    free(a.len);
    free(a.mod_of);
    fstReaderClose(ctx);
    return rc;
}
