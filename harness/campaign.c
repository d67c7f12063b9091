/* sicu harness, fault-injection campaigns (docs/faults.md): a campaign spec
 * split into shard files of explicit faults (drawn from each shard's seed),
 * a shard run into JSON lines, and the lines merged into outcome tables. */
#include <errno.h>
#include <libgen.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <jansson.h>

#include "campaign.h"
#include "fi.h"
#include "harness.h"
#include "sicu_config.h"

#define PFX "sicu campaign: "

typedef struct cspec {
    json_t *root, *programs;
    const char *model, *build;
    long injections, shards;
    uint64_t seed, end_after;
    unsigned fu_bits;
    int fu_kinds[3], nkinds;
    int arrays;                 /* flop: the arrays' bits too (register files, queues, LDS) */
    json_t *exclude;            /* flop: modules or path patterns left out of the population */
} cspec;

static int spec_err(const char *path, const char *what)
{
    fprintf(stderr, PFX "error: %s: %s\n", path, what);
    return -1;
}

static int spec_kinds(const char *path, cspec *c)
{
    json_t *k = json_object_get(c->root, "fu_kinds");
    if (!k) {
        c->fu_kinds[c->nkinds++] = SH_FU_FLIP;
        return 0;
    }
    size_t i;
    json_t *v;
    if (!json_is_array(k) || json_array_size(k) == 0 || json_array_size(k) > 3)
        return spec_err(path, "\"fu_kinds\" must be a list of flip, stuck0, stuck1");
    json_array_foreach(k, i, v) {
        const char *s = json_string_value(v);
        int kind = !s ? -1 : !strcmp(s, "flip") ? SH_FU_FLIP : !strcmp(s, "stuck0") ? SH_FU_STUCK0
                                                             : !strcmp(s, "stuck1") ? SH_FU_STUCK1 : -1;
        if (kind < 0)
            return spec_err(path, "\"fu_kinds\" must be a list of flip, stuck0, stuck1");
        c->fu_kinds[c->nkinds++] = kind;
    }
    return 0;
}

static int spec_int(const char *path, json_t *root, const char *key, long lo, long hi, long dflt, long *out)
{
    json_t *v = json_object_get(root, key);
    if (!v) {
        if (dflt < 0) {
            char m[128];
            snprintf(m, sizeof m, "\"%s\" (an integer %ld..%ld) is missing", key, lo, hi);
            return spec_err(path, m);
        }
        *out = dflt;
        return 0;
    }
    if (!json_is_integer(v) || json_integer_value(v) < lo || json_integer_value(v) > hi) {
        char m[128];
        snprintf(m, sizeof m, "\"%s\" must be an integer %ld..%ld", key, lo, hi);
        return spec_err(path, m);
    }
    *out = (long)json_integer_value(v);
    return 0;
}

/* "arrays": true|false and "exclude": [MODULE or PATH PATTERN, ...] (the flop model) */
static int spec_population(const char *path, cspec *c)
{
    json_t *a = json_object_get(c->root, "arrays");
    if (a && !json_is_boolean(a))
        return spec_err(path, "\"arrays\" must be true or false");
    c->arrays = a && json_is_true(a);
    c->exclude = json_object_get(c->root, "exclude");
    if (!c->exclude)
        return 0;
    size_t i;
    json_t *v;
    if (!json_is_array(c->exclude))
        return spec_err(path, "\"exclude\" must be a list of RTL module names or path patterns");
    json_array_foreach(c->exclude, i, v) {
        if (!json_is_string(v))
            return spec_err(path, "\"exclude\" must be a list of RTL module names or path patterns");
    }
    return 0;
}

static int spec_read(const char *path, cspec *c)
{
    json_error_t je;
    memset(c, 0, sizeof *c);
    if (!(c->root = json_load_file(path, 0, &je))) {
        fprintf(stderr, PFX "error: %s:%d:%d: %s\n", path, je.line, je.column, je.text);
        return -1;
    }
    long seed, end_after, bits;
    c->programs = json_object_get(c->root, "programs");
    c->model = json_string_value(json_object_get(c->root, "model"));
    c->build = json_string_value(json_object_get(c->root, "build"));
    if (!json_is_array(c->programs) || json_array_size(c->programs) == 0)
        return spec_err(path, "\"programs\" must be a non-empty list of launch files");
    for (size_t i = 0; i < json_array_size(c->programs); i++)
        if (!json_is_string(json_array_get(c->programs, i)))
            return spec_err(path, "\"programs\" must be a non-empty list of launch files");
    if (!c->model || (strcmp(c->model, "flop") && strcmp(c->model, "fu") && strcmp(c->model, "vgpr")))
        return spec_err(path, "\"model\" must be \"flop\", \"fu\" or \"vgpr\"");
    if (spec_int(path, c->root, "injections", 1, 10000000, -1, &c->injections) < 0 ||
        spec_int(path, c->root, "shards", 1, 100000, 1, &c->shards) < 0 ||
        spec_int(path, c->root, "seed", 0, LONG_MAX, 1, &seed) < 0 ||
        spec_int(path, c->root, "end_after", 0, 1000000000, 0, &end_after) < 0 ||
        spec_int(path, c->root, "fu_bits", 1, 64, 32, &bits) < 0 || spec_kinds(path, c) < 0 ||
        spec_population(path, c) < 0)
        return -1;
    c->seed = (uint64_t)seed;
    c->end_after = (uint64_t)end_after;
    c->fu_bits = (unsigned)bits;
    return 0;
}

/* a launch path of the spec, relative to the spec's directory */
static void resolve(const char *spec_path, const char *p, char *out, size_t n)
{
    if (p[0] == '/') {
        snprintf(out, n, "%s", p);
        return;
    }
    char tmp[PATH_MAX], dir[PATH_MAX];
    snprintf(tmp, sizeof tmp, "%s", spec_path);
    snprintf(dir, sizeof dir, "%s", dirname(tmp));
    char joined[2 * PATH_MAX + 2];
    snprintf(joined, sizeof joined, "%s/%s", dir, p);
    if (!realpath(joined, out))
        snprintf(out, n, "%.4000s", joined);
}

/* ---------------------------------------------------------------- the flop population */
/* s matches pattern p, where '*' is any run of characters and everything else,
 * brackets included, stands for itself (paths are full of [0]) */
static int star_match(const char *p, const char *s)
{
    for (; *p; p++, s++) {
        if (*p == '*') {
            while (p[1] == '*')
                p++;
            for (const char *t = s;; t++) {
                if (star_match(p + 1, t))
                    return 1;
                if (!*t)
                    return 0;
            }
        }
        if (*s != *p)
            return 0;
    }
    return !*s;
}

/* a pattern names a state variable: its module, or its path (with '*') */
static int names(const char *pat, const sh_flop *x)
{
    return !strcmp(pat, x->module) || star_match(pat, x->path);
}

static int excluded(const cspec *c, const sh_flop *x)
{
    size_t i;
    json_t *v;
    json_array_foreach(c->exclude, i, v) {
        if (names(json_string_value(v), x))
            return 1;
    }
    return 0;
}

/* the bits of one state variable in the population (0: not in it) */
static uint64_t var_bits(const cspec *c, const sh_flop *x)
{
    if (excluded(c, x) || (x->arr_lo >= 0 && !c->arrays))
        return 0;
    return x->arr_lo < 0 ? x->width : (uint64_t)x->width * (uint64_t)(x->arr_hi - x->arr_lo + 1);
}

/* the population's bits; -1 when an exclusion names no state variable */
static int64_t population_bits(const cspec *c, const sh_flops *fl)
{
    size_t i;
    json_t *v;
    json_array_foreach(c->exclude, i, v) {
        unsigned k = 0;
        while (k < fl->n && !names(json_string_value(v), &fl->v[k]))
            k++;
        if (k == fl->n) {
            fprintf(stderr, PFX "error: \"exclude\": '%s' is neither a module nor a path pattern of a state "
                    "variable (sicu inject --list-flops lists them)\n", json_string_value(v));
            return -1;
        }
    }
    uint64_t n = 0;
    for (unsigned k = 0; k < fl->n; k++)
        n += var_bits(c, &fl->v[k]);
    if (n == 0)
        fprintf(stderr, PFX "error: the flop population is empty (every module excluded)\n");
    return n ? (int64_t)n : -1;
}

/* bit k of the population: a flop bit, or an array element's bit */
static void population_bit(const cspec *c, const sh_flops *fl, uint64_t k, sh_fault *f)
{
    for (unsigned i = 0; i < fl->n; i++) {
        const sh_flop *x = &fl->v[i];
        uint64_t b = var_bits(c, x);
        if (k >= b) {
            k -= b;
            continue;
        }
        f->model = SH_FM_FLOP;
        snprintf(f->path, sizeof f->path, "%s", x->path);
        f->word = x->arr_lo < 0 ? -1 : x->arr_lo + (long)(k / x->width);
        f->bit = (unsigned)(k % x->width);
        return;
    }
}

/* one random fault of the model (cycle in [0, cycles)); pop: the flop population's bits */
static void draw(const cspec *c, const sh_flops *fl, uint64_t pop, uint64_t cycles, uint64_t *rng, sh_fault *f)
{
    memset(f, 0, sizeof *f);
    f->word = -1;
    if (!strcmp(c->model, "flop")) {
        population_bit(c, fl, fi_below(rng, pop), f);
    } else if (!strcmp(c->model, "fu")) {
        f->model = SH_FM_FU;
        f->simd = (unsigned)fi_below(rng, SICU_SIMDS);
        f->lane = (unsigned)fi_below(rng, SICU_LANES);
        f->fu = c->fu_kinds[fi_below(rng, (uint64_t)c->nkinds)];
        f->bit = (unsigned)fi_below(rng, c->fu_bits);
    } else {
        f->model = SH_FM_VGPR;
        f->simd = (unsigned)fi_below(rng, SICU_SIMDS);
        f->row = (unsigned)fi_below(rng, SICU_VGPR_ROWS);
        f->lane = (unsigned)fi_below(rng, 64);
        f->bit = (unsigned)fi_below(rng, 32);
    }
    f->cycle = fi_below(rng, cycles ? cycles : 1);
}

static uint64_t shard_seed(uint64_t seed, long k)
{
    uint64_t s = seed ^ (0x5851f42d4c957f2dull * (uint64_t)(k + 1));
    return fi_rand(&s);
}

/* the fault-free cycles of each program */
static int program_cycles(const char *spec_path, const cspec *c, uint64_t *cyc, char (*paths)[PATH_MAX])
{
    for (size_t i = 0; i < json_array_size(c->programs); i++) {
        char err[8192];
        resolve(spec_path, json_string_value(json_array_get(c->programs, i)), paths[i], PATH_MAX);
        sh_fi *fi = sh_fi_open(paths[i], 0, err, sizeof err);
        if (!fi || sh_fi_ref_cycles(fi, &cyc[i]) < 0) {
            fprintf(stderr, PFX "error: %s\n", fi ? sh_fi_error(fi) : err);
            sh_fi_close(fi);
            return -1;
        }
        fprintf(stderr, PFX "%s: %llu cycles fault-free\n", paths[i], (unsigned long long)cyc[i]);
        sh_fi_close(fi);
    }
    return 0;
}

static int write_shard(const char *dir, const cspec *c, long k, const sh_flops *fl, uint64_t pop,
                       const uint64_t *cyc, char (*paths)[PATH_MAX])
{
    uint64_t seed = shard_seed(c->seed, k), rng = seed;
    json_t *o = json_object(), *progs = json_array();
    json_object_set_new(o, "shard", json_integer(k));
    char hex[24];
    snprintf(hex, sizeof hex, "0x%016llx", (unsigned long long)seed);
    json_object_set_new(o, "seed", json_string(hex));
    json_object_set_new(o, "campaign_seed", json_integer((json_int_t)c->seed));
    json_object_set_new(o, "model", json_string(c->model));
    json_object_set_new(o, "end_after", json_integer((json_int_t)c->end_after));
    json_object_set_new(o, "config", json_string(SICU_CFG_FILE));
    if (c->build)
        json_object_set_new(o, "build", json_string(c->build));
    if (!strcmp(c->model, "flop")) {
        json_object_set_new(o, "population_bits", json_integer((json_int_t)pop));
        json_object_set_new(o, "arrays", json_boolean(c->arrays));
        if (c->exclude)
            json_object_set(o, "exclude", c->exclude);
    }
    for (size_t i = 0; i < json_array_size(c->programs); i++) {
        long n = c->injections / c->shards + (k < c->injections % c->shards);
        json_t *p = json_object(), *faults = json_array();
        json_object_set_new(p, "launch", json_string(paths[i]));
        json_object_set_new(p, "ref_cycles", json_integer((json_int_t)cyc[i]));
        for (long j = 0; j < n; j++) {
            sh_fault f;
            char s[300];
            draw(c, fl, pop, cyc[i], &rng, &f);
            sh_fault_format(&f, s, sizeof s);
            json_array_append_new(faults, json_string(s));
        }
        json_object_set_new(p, "faults", faults);
        json_array_append_new(progs, p);
    }
    json_object_set_new(o, "programs", progs);
    char path[PATH_MAX + 32];
    snprintf(path, sizeof path, "%s/shard-%ld.json", dir, k);
    char tmp[PATH_MAX + 40];
    snprintf(tmp, sizeof tmp, "%s.tmp", path);
    int rc = json_dump_file(o, tmp, JSON_INDENT(1) | JSON_PRESERVE_ORDER);
    json_decref(o);
    if (rc < 0 || rename(tmp, path) < 0) {
        fprintf(stderr, PFX "error: cannot write %s: %s\n", path, strerror(errno));
        unlink(tmp);
        return -1;
    }
    return 0;
}

int sh_campaign_split(const char *spec_path, const char *dir)
{
    cspec c;
    sh_flops fl = {0};
    char err[8192];
    int rc = -1;
    size_t np = 0;
    char (*paths)[PATH_MAX] = NULL;
    uint64_t *cyc = NULL;
    if (spec_read(spec_path, &c) < 0)
        goto out;
    np = json_array_size(c.programs);
    paths = calloc(np, sizeof *paths);
    cyc = calloc(np, sizeof *cyc);
    if (!paths || !cyc || (mkdir(dir, 0777) < 0 && errno != EEXIST)) {
        fprintf(stderr, PFX "error: cannot create %s: %s\n", dir, strerror(errno));
        goto out;
    }
    if (sh_flops_list(&fl, err, sizeof err) < 0) {
        fprintf(stderr, PFX "error: %s\n", err);
        goto out;
    }
    int64_t pop = strcmp(c.model, "flop") ? 0 : population_bits(&c, &fl);
    if (pop < 0 || program_cycles(spec_path, &c, cyc, paths) < 0)
        goto out;
    if (!strcmp(c.model, "flop"))
        fprintf(stderr, PFX "flop population: %lld bits (%s arrays%s)\n", (long long)pop,
                c.arrays ? "with the" : "without the", c.exclude ? ", some excluded" : "");
    for (long k = 0; k < c.shards; k++)
        if (write_shard(dir, &c, k, &fl, (uint64_t)pop, cyc, paths) < 0)
            goto out;
    fprintf(stderr, PFX "%ld shards of %ld %s injections per program (%zu programs, seed %llu) in %s/shard-*.json\n",
            c.shards, c.injections, c.model, np, (unsigned long long)c.seed, dir);
    rc = 0;
out:
    sh_flops_free(&fl);
    free(paths);
    free(cyc);
    json_decref(c.root);
    return rc;
}

/* ---------------------------------------------------------------- run a shard */
static int run_program(json_t *p, long shard, size_t pi, uint64_t end_after, FILE *out)
{
    const char *launch = json_string_value(json_object_get(p, "launch"));
    json_t *faults = json_object_get(p, "faults");
    if (!launch || !json_is_array(faults)) {
        fprintf(stderr, PFX "error: shard program %zu: expected \"launch\" and \"faults\"\n", pi);
        return -1;
    }
    size_t n = json_array_size(faults), i;
    sh_fault *f = calloc(n ? n : 1, sizeof *f);
    sh_fi_result *r = NULL;
    char err[8192];
    int rc = -1;
    sh_fi *fi = NULL;
    json_t *v;
    if (!f)
        goto out;
    json_array_foreach(faults, i, v) {
        if (sh_fault_parse(json_string_value(v), &f[i], err, sizeof err) < 0) {
            fprintf(stderr, PFX "error: %s, fault %zu: %s\n", launch, i, err);
            goto out;
        }
    }
    if (!(fi = sh_fi_open(launch, end_after, err, sizeof err))) {
        fprintf(stderr, PFX "error: %s\n", err);
        goto out;
    }
    if (!(r = calloc(n ? n : 1, sizeof *r)) || sh_fi_run_many(fi, f, (unsigned)n, r) < 0)
        goto fail;
    for (i = 0; i < n; i++) {
        char *j = sh_fi_json(&f[i], &r[i], launch);
        json_t *o = json_loads(j, 0, NULL);
        free(j);
        json_object_set_new(o, "shard", json_integer(shard));
        json_object_set_new(o, "index", json_integer((json_int_t)i));
        j = json_dumps(o, JSON_COMPACT | JSON_PRESERVE_ORDER);
        json_decref(o);
        fprintf(out, "%s\n", j);
        fflush(out);
        free(j);
    }
    rc = 0;
    goto out;
fail:
    fprintf(stderr, PFX "error: %s: %s\n", launch, sh_fi_error(fi));
out:
    sh_fi_close(fi);
    free(f);
    free(r);
    return rc;
}

int sh_campaign_run_shard(const char *shard_path, FILE *out)
{
    json_error_t je;
    json_t *o = json_load_file(shard_path, 0, &je);
    if (!o) {
        fprintf(stderr, PFX "error: %s:%d:%d: %s\n", shard_path, je.line, je.column, je.text);
        return -1;
    }
    json_t *progs = json_object_get(o, "programs"), *p;
    const char *cfg = json_string_value(json_object_get(o, "config"));
    long shard = (long)json_integer_value(json_object_get(o, "shard"));
    uint64_t end_after = (uint64_t)json_integer_value(json_object_get(o, "end_after"));
    int rc = 0;
    size_t i;
    if (!json_is_array(progs) || !cfg) {
        fprintf(stderr, PFX "error: %s: not a shard file (sicu campaign split writes them)\n", shard_path);
        rc = -1;
    } else if (strcmp(cfg, SICU_CFG_FILE)) {
        fprintf(stderr, PFX "error: %s was split for the CU configuration %s; this model is %s (--build DIR)\n",
                shard_path, cfg, SICU_CFG_FILE);
        rc = -1;
    } else {
        fprintf(stderr, PFX "shard %ld (seed %s): %s\n", shard, json_string_value(json_object_get(o, "seed")),
                shard_path);
        json_array_foreach(progs, i, p) {
            if (rc == 0 && run_program(p, shard, i, end_after, out) < 0)
                rc = -1;
        }
    }
    json_decref(o);
    return rc;
}

/* ---------------------------------------------------------------- merge */
/* n: per outcome; caught: detected runs that were sdc without the checker
 * (their silent_outcome: the SDCs Warped-DMR turns into detections); delayed:
 * sdc runs ended early whose run to completion (end_outcome) was masked or
 * latent: the cut saw a delay, not a corruption */
typedef struct tally { char name[PATH_MAX]; unsigned long n[SH_NOUT], total, caught, delayed; } tally;
typedef struct tallies { tally *v; size_t n; } tallies;

static int outcome_of(const char *s)
{
    for (int k = 0; k < SH_NOUT; k++)
        if (s && !strcmp(s, sh_outcome_name(k)))
            return k;
    return -1;
}

static int count(tallies *t, const char *name, int k, int caught, int delayed)
{
    size_t i;
    for (i = 0; i < t->n && strcmp(t->v[i].name, name); i++)
        ;
    if (i == t->n) {
        tally *nv = realloc(t->v, (t->n + 1) * sizeof *nv);
        if (!nv)
            return -1;
        t->v = nv;
        memset(&t->v[t->n], 0, sizeof *t->v);
        snprintf(t->v[t->n++].name, PATH_MAX, "%s", name);
    }
    t->v[i].n[k]++;
    t->v[i].total++;
    t->v[i].caught += caught != 0;
    t->v[i].delayed += delayed != 0;
    return 0;
}

/* programs by their launch file's name (programs/x/vadd.json -> vadd; programs/vadd/launch.json -> vadd) */
static void short_name(const char *launch, char *out, size_t n)
{
    const char *b = strrchr(launch, '/');
    if (b && !strcmp(b, "/launch.json")) {   /* DIR/launch.json: DIR's name */
        const char *d = b;
        while (d > launch && d[-1] != '/')
            d--;
        snprintf(out, n, "%.*s", (int)(b - d), d);
        return;
    }
    b = b ? b + 1 : launch;
    size_t l = strcspn(b, ".");
    snprintf(out, n, "%.*s", (int)l, b);
}

static int read_lines(const char *path, tallies *prog, tallies *mod, unsigned long *nlines)
{
    FILE *f = fopen(path, "r");
    if (!f) {
        fprintf(stderr, PFX "error: cannot read %s: %s\n", path, strerror(errno));
        return -1;
    }
    char *line = NULL;
    size_t cap = 0;
    long ln = 0;
    int rc = 0;
    while (rc == 0 && getline(&line, &cap, f) > 0) {
        ln++;
        if (line[strspn(line, " \t\r\n")] == 0)
            continue;
        json_error_t je;
        json_t *o = json_loads(line, 0, &je);
        const char *prg = json_string_value(json_object_get(o, "program"));
        const char *where = json_string_value(json_object_get(o, "where"));
        int k = outcome_of(json_string_value(json_object_get(o, "outcome")));
        int caught = k == SH_OUT_DETECTED &&
                     outcome_of(json_string_value(json_object_get(o, "silent_outcome"))) == SH_OUT_SDC;
        int end = outcome_of(json_string_value(json_object_get(o, "end_outcome")));
        int delayed = k == SH_OUT_SDC && (end == SH_OUT_MASKED || end == SH_OUT_LATENT);
        char nm[256];
        if (!o || !prg || !where || k < 0) {
            fprintf(stderr, PFX "error: %s:%ld: not a result line of sicu campaign run-shard (%s)\n", path, ln,
                    o ? "needs program, where and a known outcome" : je.text);
            rc = -1;
        } else {
            short_name(prg, nm, sizeof nm);
            if (count(prog, nm, k, caught, delayed) < 0 || count(mod, where, k, caught, delayed) < 0 ||
                count(prog, "all", k, caught, delayed) < 0)
                rc = -1;
            (*nlines)++;
        }
        json_decref(o);
    }
    free(line);
    fclose(f);
    return rc;
}

static void table_md(FILE *out, const char *what, const tallies *t)
{
    fprintf(out, "\n| %s | injections |", what);
    for (int k = 0; k < SH_NOUT; k++)
        fprintf(out, " %s |", sh_outcome_name(k));
    fprintf(out, " detected, else sdc | sdc, a delay at the cut |\n| --- | ---: |");
    for (int k = 0; k <= SH_NOUT + 1; k++)
        fprintf(out, " ---: |");
    fprintf(out, "\n");
    for (size_t i = 0; i < t->n; i++) {
        fprintf(out, "| %s | %lu |", t->v[i].name, t->v[i].total);
        for (int k = 0; k < SH_NOUT; k++)
            fprintf(out, " %lu (%.1f%%) |", t->v[i].n[k], 100.0 * t->v[i].n[k] / t->v[i].total);
        fprintf(out, " %lu | %lu |\n", t->v[i].caught, t->v[i].delayed);
    }
}

static int write_outputs(const char *prefix, const tallies *prog, const tallies *mod)
{
    char p[PATH_MAX + 16];
    snprintf(p, sizeof p, "%s.csv", prefix);
    FILE *c = fopen(p, "w");
    snprintf(p, sizeof p, "%s.dat", prefix);
    FILE *d = fopen(p, "w");
    snprintf(p, sizeof p, "%s.gp", prefix);
    FILE *g = fopen(p, "w");
    int rc = c && d && g ? 0 : -1;
    if (rc == 0) {
        fprintf(c, "table,name,injections");
        fprintf(d, "program");   /* the column heads (gnuplot's columnhead): percentages */
        for (int k = 0; k < SH_NOUT; k++)
            fprintf(c, ",%s", sh_outcome_name(k)), fprintf(d, " %s", sh_outcome_name(k));
        fprintf(c, ",detected_else_sdc,sdc_delayed\n");
        fprintf(d, "\n");
        for (int w = 0; w < 2; w++) {
            const tallies *t = w ? mod : prog;
            for (size_t i = 0; i < t->n; i++) {
                fprintf(c, "%s,%s,%lu", w ? "module" : "program", t->v[i].name, t->v[i].total);
                for (int k = 0; k < SH_NOUT; k++)
                    fprintf(c, ",%lu", t->v[i].n[k]);
                fprintf(c, ",%lu,%lu\n", t->v[i].caught, t->v[i].delayed);
            }
        }
        for (size_t i = 0; i < prog->n; i++) {
            fprintf(d, "%s", prog->v[i].name);
            for (int k = 0; k < SH_NOUT; k++)
                fprintf(d, " %.2f", 100.0 * prog->v[i].n[k] / prog->v[i].total);
            fprintf(d, "\n");
        }
        const char *base = strrchr(prefix, '/') ? strrchr(prefix, '/') + 1 : prefix;
        fprintf(g, "# gnuplot %s.gp (in its directory): outcome shares per program, stacked\n"
                   "set terminal pngcairo size 800,480\nset output '%s.png'\n"
                   "set style data histograms\nset style histogram rowstacked\nset style fill solid border -1\n"
                   "set boxwidth 0.7\nset ylabel 'injections (%%)'\nset yrange [0:100]\nset key outside right\n"
                   "plot for [k=2:%d] '%s.dat' using k:xtic(1) title columnhead(k)\n",
                base, base, SH_NOUT + 1, base);
    }
    if (c && fclose(c) != 0)
        rc = -1;
    if (d && fclose(d) != 0)
        rc = -1;
    if (g && fclose(g) != 0)
        rc = -1;
    if (rc < 0)
        fprintf(stderr, PFX "error: cannot write %s.csv/.dat/.gp: %s\n", prefix, strerror(errno));
    return rc;
}

/* the row named name (the total) after the others */
static void last_row(tallies *t, const char *name)
{
    for (size_t i = 0; i + 1 < t->n; i++)
        if (!strcmp(t->v[i].name, name)) {
            tally x = t->v[i];
            memmove(&t->v[i], &t->v[i + 1], (t->n - i - 1) * sizeof x);
            t->v[t->n - 1] = x;
            return;
        }
}

int sh_campaign_merge(char *const *files, int n, const char *prefix, FILE *out)
{
    tallies prog = {0}, mod = {0};
    unsigned long lines = 0;
    int rc = 0;
    for (int i = 0; i < n && rc == 0; i++)
        rc = read_lines(files[i], &prog, &mod, &lines);
    if (rc == 0 && lines == 0) {
        fprintf(stderr, PFX "error: no result lines in the %d file(s) given\n", n);
        rc = -1;
    }
    if (rc == 0) {
        last_row(&prog, "all");
        fprintf(out, "%lu injections from %d file(s)\n", lines, n);
        table_md(out, "program", &prog);
        table_md(out, "module", &mod);
        if (prefix)
            rc = write_outputs(prefix, &prog, &mod);
    }
    free(prog.v);
    free(mod.v);
    return rc;
}
