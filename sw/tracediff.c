/* sicu: per-wave comparison of two JSONL traces.  See sicu/tracediff.h.
 *
 * Memory stays proportional to the number of records, not their size: a
 * first pass indexes every line (file offset, length) under its wave key; the
 * comparison pass re-reads and re-parses the two records being compared.
 */
#include "sicu/tracediff.h"

#include <errno.h>
#include <jansson.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

typedef struct { uint64_t off; uint32_t len; uint32_t line; } td_rec;

typedef struct {
    char *key;
    td_rec *r[2];
    size_t n[2], cap[2];
} td_group;

typedef struct {
    const char *path[2];
    FILE *f[2];
    td_group *g;
    size_t ng, capg;
    size_t *hash;     /* index+1 into g, open addressing */
    size_t hcap;
    char *err;
    size_t errlen;
} td_ctx;

static int td_fail(td_ctx *c, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static int td_fail(td_ctx *c, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    if (c->err && c->errlen)
        vsnprintf(c->err, c->errlen, fmt, ap);
    va_end(ap);
    return -1;
}

static uint64_t fnv(const char *s)
{
    uint64_t h = 1469598103934665603ull;
    for (; *s; s++)
        h = (h ^ (uint8_t)*s) * 1099511628211ull;
    return h;
}

static int rehash(td_ctx *c)
{
    size_t nc = c->hcap ? c->hcap * 2 : 1024;
    size_t *nh = calloc(nc, sizeof *nh);
    if (!nh)
        return -1;
    for (size_t i = 0; i < c->ng; i++) {
        size_t h = fnv(c->g[i].key) & (nc - 1);
        while (nh[h])
            h = (h + 1) & (nc - 1);
        nh[h] = i + 1;
    }
    free(c->hash);
    c->hash = nh;
    c->hcap = nc;
    return 0;
}

static td_group *group_get(td_ctx *c, const char *key)
{
    if (c->ng * 2 >= c->hcap && rehash(c) < 0)
        return NULL;
    size_t h = fnv(key) & (c->hcap - 1);
    while (c->hash[h]) {
        td_group *g = &c->g[c->hash[h] - 1];
        if (!strcmp(g->key, key))
            return g;
        h = (h + 1) & (c->hcap - 1);
    }
    if (c->ng == c->capg) {
        size_t nc = c->capg ? c->capg * 2 : 64;
        td_group *ng = realloc(c->g, nc * sizeof *ng);
        if (!ng)
            return NULL;
        c->g = ng;
        c->capg = nc;
    }
    td_group *g = &c->g[c->ng];
    memset(g, 0, sizeof *g);
    g->key = strdup(key);
    if (!g->key)
        return NULL;
    c->hash[h] = ++c->ng;
    return g;
}

/* Wave key of a record: "wg=[x,y,z] wave=N". */
static void rec_key(json_t *o, char *buf, size_t len)
{
    json_t *wg = json_object_get(o, "wg"), *wave = json_object_get(o, "wave");
    char *w = wg ? json_dumps(wg, JSON_COMPACT) : NULL;
    snprintf(buf, len, "wg %s wave %lld", w ? w : "?", wave ? (long long)json_integer_value(wave) : -1ll);
    free(w);
}

static int index_file(td_ctx *c, int which)
{
    FILE *f = c->f[which];
    char *line = NULL;
    size_t cap = 0;
    ssize_t n;
    uint64_t off = 0;
    uint32_t lineno = 0;
    int rc = 0;
    errno = 0;
    while ((n = getline(&line, &cap, f)) > 0) {
        lineno++;
        uint64_t this_off = off;
        off += (uint64_t)n;
        size_t l = (size_t)n;
        while (l && (line[l - 1] == '\n' || line[l - 1] == '\r'))
            l--;
        if (l == 0)
            continue;
        if (l > UINT32_MAX) {
            rc = td_fail(c, "%s:%u: record longer than 4 GiB", c->path[which], lineno);
            break;
        }
        json_error_t je;
        json_t *o = json_loadb(line, l, 0, &je);
        if (!o) {
            rc = td_fail(c, "%s:%u:%d: invalid JSON: %s", c->path[which], lineno, je.column, je.text);
            break;
        }
        if (!json_is_object(o)) {
            json_decref(o);
            rc = td_fail(c, "%s:%u: a trace record must be a JSON object", c->path[which], lineno);
            break;
        }
        char key[128];
        rec_key(o, key, sizeof key);
        json_decref(o);
        td_group *g = group_get(c, key);
        if (!g) {
            rc = td_fail(c, "out of memory");
            break;
        }
        if (g->n[which] == g->cap[which]) {
            size_t nc = g->cap[which] ? g->cap[which] * 2 : 64;
            td_rec *nr = realloc(g->r[which], nc * sizeof *nr);
            if (!nr) {
                rc = td_fail(c, "out of memory");
                break;
            }
            g->r[which] = nr;
            g->cap[which] = nc;
        }
        g->r[which][g->n[which]++] = (td_rec){this_off, (uint32_t)l, lineno};
        errno = 0;
    }
    /* getline() returns -1 at the end of the file and on errors (a read
     * error, or no memory for a huge line): only the first is the end */
    if (rc == 0 && (ferror(f) || !feof(f)))
        rc = td_fail(c, "%s: read error after line %u: %s", c->path[which], lineno,
                     errno ? strerror(errno) : "unknown error");
    free(line);
    return rc;
}

static json_t *load_rec(td_ctx *c, int which, const td_rec *r, char **text)
{
    char *buf = malloc((size_t)r->len + 1);
    if (!buf) {
        td_fail(c, "%s:%u: out of memory for the record", c->path[which], r->line);
        return NULL;
    }
    if (fseeko(c->f[which], (off_t)r->off, SEEK_SET) != 0 || fread(buf, 1, r->len, c->f[which]) != r->len) {
        free(buf);
        td_fail(c, "%s:%u: cannot re-read the record", c->path[which], r->line);
        return NULL;
    }
    buf[r->len] = 0;
    json_error_t je;
    json_t *o = json_loadb(buf, r->len, 0, &je);
    if (text)
        *text = buf;
    else
        free(buf);
    return o;
}

static void strip(json_t *o, const si_tdiff_opts *op)
{
    for (int i = 0; op && i < op->nignore; i++)
        json_object_del(o, op->ignore[i]);
}

/* Names of the top-level fields that differ. */
static void diff_fields(json_t *a, json_t *b, char *buf, size_t len)
{
    size_t off = 0;
    const char *k;
    json_t *v;
    buf[0] = 0;
    json_object_foreach(a, k, v) {
        json_t *w = json_object_get(b, k);
        if ((!w || !json_equal(v, w)) && off < len)
            off += snprintf(buf + off, len - off, "%s%s%s", off ? ", " : "", k, w ? "" : " (only in A)");
    }
    json_object_foreach(b, k, v) {
        if (!json_object_get(a, k) && off < len)
            off += snprintf(buf + off, len - off, "%s%s (only in B)", off ? ", " : "", k);
    }
}

static void show(FILE *out, const char *tag, const char *path, const td_rec *r, const char *text)
{
    fprintf(out, "  %s %s:%u: %s\n", tag, path, r->line, text);
}

int si_trace_diff(const char *a, const char *b, const si_tdiff_opts *o, char *err, size_t errlen)
{
    td_ctx c = {.path = {a, b}, .err = err, .errlen = errlen};
    FILE *out = o && o->out ? o->out : stdout;
    int ctx = o && o->context >= 0 ? o->context : 3;
    int maxrep = o ? o->max_reports : 0;
    int rc = SI_TDIFF_ERROR;
    size_t ndiff = 0, nrecs = 0;

    for (int i = 0; i < 2; i++) {
        c.f[i] = fopen(c.path[i], "rb");
        if (!c.f[i]) {
            td_fail(&c, "%s: cannot open: %s", c.path[i], strerror(errno));
            goto out;
        }
    }
    if (index_file(&c, 0) < 0 || index_file(&c, 1) < 0)
        goto out;

    for (size_t gi = 0; gi < c.ng; gi++) {
        td_group *g = &c.g[gi];
        size_t n = g->n[0] < g->n[1] ? g->n[0] : g->n[1];
        size_t first = SIZE_MAX;
        char fields[512] = "";
        for (size_t i = 0; i < n; i++) {
            json_t *ra = load_rec(&c, 0, &g->r[0][i], NULL), *rb = load_rec(&c, 1, &g->r[1][i], NULL);
            if (!ra || !rb) {
                json_decref(ra);
                json_decref(rb);
                if (!err || !err[0])
                    td_fail(&c, "cannot re-read the records of %s", g->key);
                goto out;
            }
            strip(ra, o);
            strip(rb, o);
            int eq = json_equal(ra, rb);
            if (!eq)
                diff_fields(ra, rb, fields, sizeof fields);
            json_decref(ra);
            json_decref(rb);
            nrecs++;
            if (!eq) {
                first = i;
                break;
            }
        }
        if (first == SIZE_MAX && g->n[0] == g->n[1])
            continue;
        ndiff++;
        if (maxrep && (int)ndiff > maxrep)
            continue;
        if (first == SIZE_MAX) {
            fprintf(out, "%s: %s has %zu records, %s has %zu (the first %zu are equal)\n", g->key, a, g->n[0], b,
                    g->n[1], n);
            first = n;
        } else {
            fprintf(out, "%s: first difference at record %zu (fields: %s)\n", g->key, first, fields);
        }
        size_t from = first > (size_t)ctx ? first - ctx : 0;
        for (size_t i = from; i < first; i++) {
            char *t = NULL;
            json_t *r = load_rec(&c, 0, &g->r[0][i], &t);
            json_decref(r);
            if (!t)
                goto out; /* load_rec gave the reason */
            show(out, " ", a, &g->r[0][i], t);
            free(t);
        }
        for (int w = 0; w < 2; w++) {
            if (first < g->n[w]) {
                char *t = NULL;
                json_t *r = load_rec(&c, w, &g->r[w][first], &t);
                json_decref(r);
                if (!t)
                    goto out;
                show(out, w ? "B" : "A", w ? b : a, &g->r[w][first], t);
                free(t);
            } else {
                fprintf(out, "  %s %s: (no more records for this wave)\n", w ? "B" : "A", w ? b : a);
            }
        }
    }
    if (ndiff) {
        if (maxrep && (int)ndiff > maxrep)
            fprintf(out, "(%zu more differing waves not shown)\n", ndiff - (size_t)maxrep);
        fprintf(out, "traces differ: %zu of %zu waves\n", ndiff, c.ng);
        rc = SI_TDIFF_DIFFERENT;
    } else {
        fprintf(out, "traces equal: %zu waves, %zu records\n", c.ng, nrecs);
        rc = SI_TDIFF_EQUAL;
    }
out:
    for (int i = 0; i < 2; i++)
        if (c.f[i])
            fclose(c.f[i]);
    for (size_t i = 0; i < c.ng; i++) {
        free(c.g[i].key);
        free(c.g[i].r[0]);
        free(c.g[i].r[1]);
    }
    free(c.g);
    free(c.hash);
    return rc;
}
