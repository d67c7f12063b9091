/* sicu: LAUNCH.json parsing and dispatch set-up (see docs/launch-format.md).
 *
 * Parsing (jansson) only checks the file's own consistency; arguments are
 * checked against the kernel metadata in si_launch_setup, which then lays
 * out device memory the way an HSA runtime would: the code image, the
 * buffers, the kernarg segment, an AQL kernel dispatch packet, a queue
 * stand-in and the scratch (private segment) backing store.
 */
#include "sicu/launch.h"

#include <errno.h>
#include <jansson.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#define SI_MAX_BUFFER (1ull << 32) /* 4 GiB per buffer */
#define SI_MAX_LDS 65536u          /* LDS per work-group on SI: 64 KiB   */
#define SI_SCRATCH_SLOTS 16u

static int lfail(si_launch *l, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static int lfail(si_launch *l, const char *fmt, ...)
{
    int n = snprintf(l->err, sizeof l->err, "%s: ", l->path[0] ? l->path : "<launch>");
    if (n < 0 || (size_t)n >= sizeof l->err)
        n = 0;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(l->err + n, sizeof l->err - n, fmt, ap);
    va_end(ap);
    return -1;
}

uint32_t si_launch_rand32(uint64_t *state)
{
    /* splitmix64 */
    uint64_t z = (*state += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    z ^= z >> 31;
    return (uint32_t)(z >> 32);
}

static void resolve(const si_launch *l, const char *rel, char *out, size_t outlen)
{
    size_t n = 0;
    if (rel[0] != '/' && l->dir[0]) {
        n = strlen(l->dir);
        if (n + 1 >= outlen)
            n = outlen - 2;
        memcpy(out, l->dir, n);
        out[n++] = '/';
    }
    snprintf(out + n, outlen - n, "%s", rel);
}

/* ---------------------------------------------------------------- numbers */

/* Parse an integer from a JSON integer or a string (decimal or 0x hex,
 * optional leading '-').  Range checks are up to the caller. */
static int get_int(const json_t *v, int64_t *si, uint64_t *ui, int *neg)
{
    if (json_is_integer(v)) {
        json_int_t x = json_integer_value(v);
        *neg = x < 0;
        *si = x;
        *ui = (uint64_t)x;
        return 0;
    }
    if (json_is_string(v)) {
        const char *s = json_string_value(v);
        int n = 0;
        if (*s == '-') { n = 1; s++; }
        if (!*s || *s == '-' || *s == '+')
            return -1;
        char *end;
        errno = 0;
        unsigned long long u = strtoull(s, &end, 0);
        if (errno || *end)
            return -1;
        if (n && u > (1ull << 63))
            return -1;
        *neg = n && u != 0;
        *ui = n ? (uint64_t)0 - u : u;
        *si = (int64_t)*ui;
        return 0;
    }
    return -1;
}

static int get_real(const json_t *v, double *out)
{
    if (json_is_number(v)) {
        *out = json_number_value(v);
        return 0;
    }
    if (json_is_string(v)) {
        const char *s = json_string_value(v);
        if (!strcmp(s, "inf") || !strcmp(s, "+inf")) { *out = INFINITY; return 0; }
        if (!strcmp(s, "-inf")) { *out = -INFINITY; return 0; }
        if (!strcmp(s, "nan")) { *out = NAN; return 0; }
        char *end;
        *out = strtod(s, &end);
        return (*s && !*end) ? 0 : -1;
    }
    return -1;
}

/* Parse "a:b" parameters of a pattern. */
static int parse_real_str(const char *s, double *out)
{
    char *end;
    if (!*s)
        return -1;
    *out = strtod(s, &end);
    return *end ? -1 : 0;
}
static int parse_u64_str(const char *s, uint64_t *out)
{
    char *end;
    if (!*s || *s == '-')
        return -1;
    errno = 0;
    *out = strtoull(s, &end, 0);
    return (errno || *end) ? -1 : 0;
}
static int parse_u32_str(const char *s, uint32_t *out)
{
    uint64_t u;
    if (*s == '-') { /* allow negative 32-bit values: -1 = 0xffffffff */
        if (parse_u64_str(s + 1, &u) < 0 || u > 0x80000000ull)
            return -1;
        *out = (uint32_t)(0 - u);
        return 0;
    }
    if (parse_u64_str(s, &u) < 0 || u > UINT32_MAX)
        return -1;
    *out = (uint32_t)u;
    return 0;
}

/* ---------------------------------------------------------------- dims */

static int parse_dims(si_launch *l, const json_t *v, const char *field, uint32_t out[3], uint32_t *ndims)
{
    out[0] = out[1] = out[2] = 1;
    if (!v)
        return lfail(l, "missing required field \"%s\"", field);
    if (json_is_integer(v)) {
        json_int_t x = json_integer_value(v);
        if (x < 1 || x > UINT32_MAX)
            return lfail(l, "%s: must be between 1 and 4294967295 (got %lld)", field, (long long)x);
        out[0] = (uint32_t)x;
        *ndims = 1;
        return 0;
    }
    if (!json_is_array(v) || json_array_size(v) < 1 || json_array_size(v) > 3)
        return lfail(l, "%s: expected an integer or an array of 1 to 3 integers", field);
    *ndims = (uint32_t)json_array_size(v);
    for (size_t i = 0; i < json_array_size(v); i++) {
        const json_t *e = json_array_get(v, i);
        if (!json_is_integer(e))
            return lfail(l, "%s[%zu]: expected an integer", field, i);
        json_int_t x = json_integer_value(e);
        if (x < 1 || x > UINT32_MAX)
            return lfail(l, "%s[%zu]: must be between 1 and 4294967295 (got %lld)", field, i, (long long)x);
        out[i] = (uint32_t)x;
    }
    return 0;
}

/* ---------------------------------------------------------------- buffers */

static int parse_init(si_launch *l, si_launch_buf *b, const char *where, const char *spec)
{
    snprintf(b->init_spec, sizeof b->init_spec, "%s", spec);
    char tmp[256];
    snprintf(tmp, sizeof tmp, "%s", spec);
    char *arg = strchr(tmp, ':');
    if (arg)
        *arg++ = 0;
    const char *kw = tmp;
    /* split the parameters */
    char *p[4] = {0};
    int np = 0;
    if (arg && strcmp(kw, "file") != 0) {
        char *s = arg;
        for (;;) {
            if (np == 4)
                return lfail(l, "%s.init: too many ':' parameters in \"%s\"", where, spec);
            p[np++] = s;
            char *c = strchr(s, ':');
            if (!c)
                break;
            *c = 0;
            s = c + 1;
        }
    }
#define BAD(fmt) return lfail(l, "%s.init: \"%s\": " fmt, where, spec)
    if (!strcmp(kw, "zero")) {
        if (arg) BAD("\"zero\" takes no parameter");
        b->init = SI_INIT_ZERO;
    } else if (!strcmp(kw, "file")) {
        if (!arg || !*arg) BAD("expected file:PATH");
        b->init = SI_INIT_FILE;
        resolve(l, arg, b->init_path, sizeof b->init_path);
    } else if (!strcmp(kw, "iota32") || !strcmp(kw, "iotaf32")) {
        int f = kw[4] == 'f';
        b->init = f ? SI_INIT_IOTAF32 : SI_INIT_IOTA32;
        b->start = 0; b->step = 1; b->a = 0; b->b = 1;
        if (np > 2) BAD("expected iota32[:START[:STEP]]");
        if (f) {
            if ((np > 0 && parse_real_str(p[0], &b->a) < 0) || (np > 1 && parse_real_str(p[1], &b->b) < 0))
                BAD("START and STEP must be numbers");
        } else if ((np > 0 && parse_u32_str(p[0], &b->start) < 0) || (np > 1 && parse_u32_str(p[1], &b->step) < 0)) {
            BAD("START and STEP must be 32-bit integers");
        }
    } else if (!strcmp(kw, "fill32") || !strcmp(kw, "fill8")) {
        b->init = kw[4] == '3' ? SI_INIT_FILL32 : SI_INIT_FILL8;
        if (np != 1 || parse_u32_str(p[0], &b->value) < 0) BAD("expected fill32:VALUE (a 32-bit integer)");
        if (b->init == SI_INIT_FILL8 && b->value > 255 && b->value < 0xffffff80u) BAD("fill8 value must fit in a byte");
    } else if (!strcmp(kw, "random32")) {
        b->init = SI_INIT_RANDOM32;
        if (np != 1 || parse_u64_str(p[0], &b->seed) < 0) BAD("expected random32:SEED (an unsigned integer)");
    } else if (!strcmp(kw, "f32range")) {
        b->init = SI_INIT_F32RANGE;
        if (np != 2 || parse_real_str(p[0], &b->a) < 0 || parse_real_str(p[1], &b->b) < 0)
            BAD("expected f32range:A:B (numbers)");
    } else if (!strcmp(kw, "f32random")) {
        b->init = SI_INIT_F32RANDOM;
        if (np != 3 || parse_u64_str(p[0], &b->seed) < 0 || parse_real_str(p[1], &b->a) < 0 ||
            parse_real_str(p[2], &b->b) < 0)
            BAD("expected f32random:SEED:A:B");
    } else {
        BAD("unknown init pattern (expected zero, file:PATH, iota32, iotaf32, fill32:V, fill8:V, random32:SEED, "
            "f32range:A:B or f32random:SEED:A:B)");
    }
#undef BAD
    return 0;
}

static int known_key(const char *k, const char *const *keys)
{
    if (k[0] == '_' || !strcmp(k, "comment") || !strcmp(k, "description"))
        return 1;
    for (; *keys; keys++)
        if (!strcmp(k, *keys))
            return 1;
    return 0;
}

static int check_keys(si_launch *l, const json_t *obj, const char *where, const char *const *keys)
{
    const char *k;
    json_t *v;
    json_object_foreach((json_t *)obj, k, v) {
        if (!known_key(k, keys))
            return lfail(l, "%s: unknown field \"%s\"", where, k);
    }
    return 0;
}

static int parse_buffers(si_launch *l, const json_t *arr)
{
    static const char *const keys[] = {"name", "size", "init", "dump", NULL};
    if (!arr)
        return 0;
    if (!json_is_array(arr))
        return lfail(l, "buffers: expected an array of objects");
    size_t n = json_array_size(arr);
    l->bufs = calloc(n ? n : 1, sizeof(si_launch_buf));
    if (!l->bufs)
        return lfail(l, "out of memory");
    for (size_t i = 0; i < n; i++) {
        const json_t *o = json_array_get(arr, i);
        si_launch_buf *b = &l->bufs[i];
        char where[128];
        snprintf(where, sizeof where, "buffers[%zu]", i);
        if (!json_is_object(o))
            return lfail(l, "%s: expected an object", where);
        if (check_keys(l, o, where, keys) < 0)
            return -1;
        const json_t *nm = json_object_get(o, "name");
        if (!json_is_string(nm) || !json_string_length(nm))
            return lfail(l, "%s.name: expected a non-empty string", where);
        if (json_string_length(nm) >= sizeof b->name)
            return lfail(l, "%s.name: longer than %zu characters", where, sizeof b->name - 1);
        snprintf(b->name, sizeof b->name, "%s", json_string_value(nm));
        for (size_t j = 0; j < i; j++)
            if (!strcmp(l->bufs[j].name, b->name))
                return lfail(l, "%s.name: duplicate buffer name \"%s\" (also buffers[%zu])", where, b->name, j);
        snprintf(where, sizeof where, "buffers[%zu] (\"%s\")", i, b->name);
        l->nbufs = (int)i + 1;
        const json_t *init = json_object_get(o, "init");
        if (init && !json_is_string(init))
            return lfail(l, "%s.init: expected a string", where);
        if (parse_init(l, b, where, init ? json_string_value(init) : "zero") < 0)
            return -1;
        const json_t *sz = json_object_get(o, "size");
        int64_t si; uint64_t ui; int neg;
        if (sz) {
            if (get_int(sz, &si, &ui, &neg) < 0 || neg || ui == 0 || ui > SI_MAX_BUFFER)
                return lfail(l, "%s.size: expected a byte count between 1 and %llu", where,
                             (unsigned long long)SI_MAX_BUFFER);
            b->size = ui;
        } else if (b->init != SI_INIT_FILE) {
            return lfail(l, "%s: missing required field \"size\" (only file-initialised buffers may omit it)", where);
        } /* else: size taken from the file at set-up */
        const json_t *dump = json_object_get(o, "dump");
        if (dump) {
            if (!json_is_string(dump) || !json_string_length(dump))
                return lfail(l, "%s.dump: expected a file path", where);
            resolve(l, json_string_value(dump), b->dump_path, sizeof b->dump_path);
        }
    }
    return 0;
}

/* ---------------------------------------------------------------- args */

static int parse_args(si_launch *l, const json_t *arr)
{
    static const char *const kinds[] = {"buffer", "i32", "u32", "i64", "u64", "f32", "f64", "local", "null", NULL};
    if (!arr)
        return 0;
    if (!json_is_array(arr))
        return lfail(l, "args: expected an array");
    size_t n = json_array_size(arr);
    l->args = calloc(n ? n : 1, sizeof(si_launch_arg));
    if (!l->args)
        return lfail(l, "out of memory");
    l->nargs = (int)n;
    for (size_t i = 0; i < n; i++) {
        const json_t *o = json_array_get(arr, i);
        si_launch_arg *a = &l->args[i];
        if (!json_is_object(o))
            return lfail(l, "args[%zu]: expected an object such as {\"buffer\": NAME}, {\"i32\": V} or "
                            "{\"local\": BYTES}", i);
        const char *key = NULL;
        const json_t *v = NULL;
        int nk = 0;
        const char *k;
        json_t *vv;
        json_object_foreach((json_t *)o, k, vv) {
            if (!strcmp(k, "offset") || k[0] == '_' || !strcmp(k, "comment"))
                continue;
            key = k; v = vv; nk++;
        }
        if (nk != 1)
            return lfail(l, "args[%zu]: expected exactly one of buffer, i32, u32, i64, u64, f32, f64, local, null", i);
        int kind = -1;
        for (int j = 0; kinds[j]; j++)
            if (!strcmp(key, kinds[j]))
                kind = j;
        if (kind < 0)
            return lfail(l, "args[%zu]: unknown argument kind \"%s\" (expected buffer, i32, u32, i64, u64, f32, "
                            "f64, local or null)", i, key);
        a->kind = kind; /* order of kinds[] == enum si_larg_kind */
        const json_t *off = json_object_get(o, "offset");
        if (off && kind != SI_LARG_BUFFER)
            return lfail(l, "args[%zu]: \"offset\" only applies to buffer arguments", i);
        int64_t si; uint64_t ui; int neg;
        switch (kind) {
        case SI_LARG_BUFFER: {
            if (!json_is_string(v))
                return lfail(l, "args[%zu].buffer: expected a buffer name", i);
            a->buf = -1;
            for (int j = 0; j < l->nbufs; j++)
                if (!strcmp(l->bufs[j].name, json_string_value(v)))
                    a->buf = j;
            if (a->buf < 0)
                return lfail(l, "args[%zu].buffer: no buffer named \"%s\" in \"buffers\"", i, json_string_value(v));
            if (off) {
                if (get_int(off, &si, &ui, &neg) < 0 || neg)
                    return lfail(l, "args[%zu].offset: expected a non-negative byte offset", i);
                a->buf_offset = ui;
            }
            break;
        }
        case SI_LARG_I32:
            if (get_int(v, &si, &ui, &neg) < 0 || si < INT32_MIN || si > INT32_MAX || (!neg && ui > INT32_MAX))
                return lfail(l, "args[%zu].i32: expected an integer in [-2147483648, 2147483647]", i);
            a->v.i = si;
            break;
        case SI_LARG_U32:
            if (get_int(v, &si, &ui, &neg) < 0 || neg || ui > UINT32_MAX)
                return lfail(l, "args[%zu].u32: expected an integer in [0, 4294967295]", i);
            a->v.u = ui;
            break;
        case SI_LARG_I64:
            if (get_int(v, &si, &ui, &neg) < 0 || (!neg && ui > INT64_MAX))
                return lfail(l, "args[%zu].i64: expected a 64-bit signed integer", i);
            a->v.i = si;
            break;
        case SI_LARG_U64:
            if (get_int(v, &si, &ui, &neg) < 0 || neg)
                return lfail(l, "args[%zu].u64: expected a 64-bit unsigned integer", i);
            a->v.u = ui;
            break;
        case SI_LARG_F32:
        case SI_LARG_F64:
            if (get_real(v, &a->v.f) < 0)
                return lfail(l, "args[%zu].%s: expected a number (or \"inf\", \"-inf\", \"nan\")", i, key);
            break;
        case SI_LARG_LOCAL:
            if (get_int(v, &si, &ui, &neg) < 0 || neg || ui == 0 || ui > SI_MAX_LDS)
                return lfail(l, "args[%zu].local: expected a byte count between 1 and %u", i, SI_MAX_LDS);
            a->local_bytes = (uint32_t)ui;
            break;
        case SI_LARG_NULL:
            break;
        }
    }
    return 0;
}

/* ---------------------------------------------------------------- parse */

static void reset(si_launch *l, const char *name, const char *dir)
{
    memset(l, 0, sizeof *l);
    snprintf(l->path, sizeof l->path, "%s", name ? name : "<launch>");
    snprintf(l->dir, sizeof l->dir, "%s", dir ? dir : "");
}

static int parse_root(si_launch *l, json_t *root)
{
    static const char *const keys[] = {"code", "kernel", "grid", "workgroup", "buffers", "args", NULL};
    if (!json_is_object(root))
        return lfail(l, "the top level must be a JSON object");
    if (check_keys(l, root, "top level", keys) < 0)
        return -1;
    const json_t *code = json_object_get(root, "code");
    if (!json_is_string(code) || !json_string_length(code))
        return lfail(l, "%s \"code\": expected the path of the code object", code ? "field" : "missing required field");
    resolve(l, json_string_value(code), l->code_path, sizeof l->code_path);
    const json_t *k = json_object_get(root, "kernel");
    if (!json_is_string(k) || !json_string_length(k))
        return lfail(l, "%s \"kernel\": expected the kernel name", k ? "field" : "missing required field");
    if (json_string_length(k) >= sizeof l->kernel)
        return lfail(l, "kernel: name too long");
    snprintf(l->kernel, sizeof l->kernel, "%s", json_string_value(k));

    uint32_t gd, wd;
    if (parse_dims(l, json_object_get(root, "grid"), "grid", l->grid, &gd) < 0 ||
        parse_dims(l, json_object_get(root, "workgroup"), "workgroup", l->wg, &wd) < 0)
        return -1;
    if (gd != wd)
        return lfail(l, "workgroup has %u dimension(s) but grid has %u", wd, gd);
    l->dims = gd;
    uint64_t wgsz = (uint64_t)l->wg[0] * l->wg[1] * l->wg[2];
    if (wgsz > 1024)
        return lfail(l, "workgroup: %u x %u x %u = %llu work-items, the maximum is 1024", l->wg[0], l->wg[1],
                     l->wg[2], (unsigned long long)wgsz);
    for (unsigned i = 0; i < 3; i++)
        if (l->wg[i] > 65535)
            return lfail(l, "workgroup[%u]: %u exceeds 65535", i, l->wg[i]);
    if (parse_buffers(l, json_object_get(root, "buffers")) < 0)
        return -1;
    return parse_args(l, json_object_get(root, "args"));
}

int si_launch_parse(si_launch *l, const char *path)
{
    char dir[1024];
    snprintf(dir, sizeof dir, "%s", path);
    char *slash = strrchr(dir, '/');
    if (slash)
        slash[slash == dir ? 1 : 0] = 0;
    else
        dir[0] = 0;
    reset(l, path, dir);
    json_error_t je;
    json_t *root = json_load_file(path, JSON_REJECT_DUPLICATES, &je);
    if (!root) {
        if (je.line <= 0) /* could not read the file */
            return lfail(l, "%s", je.text);
        snprintf(l->err, sizeof l->err, "%.700s:%d:%d: JSON syntax error: %.200s", path, je.line, je.column, je.text);
        return -1;
    }
    int rc = parse_root(l, root);
    json_decref(root);
    return rc;
}

int si_launch_parse_string(si_launch *l, const char *text, const char *name, const char *dir)
{
    reset(l, name, dir);
    json_error_t je;
    json_t *root = json_loads(text, JSON_REJECT_DUPLICATES, &je);
    if (!root) {
        snprintf(l->err, sizeof l->err, "%.700s:%d:%d: JSON syntax error: %.200s", l->path, je.line, je.column, je.text);
        return -1;
    }
    int rc = parse_root(l, root);
    json_decref(root);
    return rc;
}

void si_launch_free(si_launch *l)
{
    if (!l)
        return;
    free(l->bufs);
    free(l->args);
    l->bufs = NULL;
    l->args = NULL;
    l->nbufs = l->nargs = 0;
}

/* ---------------------------------------------------------------- set-up */

static void wr(uint8_t *p, uint64_t v, unsigned size)
{
    for (unsigned i = 0; i < size && i < 8; i++)
        p[i] = (uint8_t)(v >> (8 * i));
}

static const char *larg_name(int k)
{
    static const char *n[] = {"buffer", "i32", "u32", "i64", "u64", "f32", "f64", "local", "null"};
    return k >= 0 && k <= SI_LARG_NULL ? n[k] : "?";
}

static void describe_arg(const si_kernarg_desc *a, char *buf, size_t len)
{
    snprintf(buf, len, "%s%s%s%s(%s, %u bytes)", a->type_name[0] ? a->type_name : "",
             a->type_name[0] && a->name[0] ? " " : "", a->name, a->type_name[0] || a->name[0] ? " " : "",
             a->value_kind, a->size);
}

static int is_float_type(const char *t, int *bits)
{
    if (!strcmp(t, "float")) { *bits = 32; return 1; }
    if (!strcmp(t, "double")) { *bits = 64; return 1; }
    if (!strcmp(t, "half")) { *bits = 16; return 1; }
    return 0;
}

/* Encode one explicit argument value into `p` (size bytes). */
static int encode_arg(si_launch *l, int i, const si_launch_arg *a, const si_kernarg_desc *m, uint8_t *p,
                      uint32_t size)
{
    char desc[200] = "";
    if (m)
        describe_arg(m, desc, sizeof desc);
    int mkind = m ? m->kind : -1;
    switch (a->kind) {
    case SI_LARG_BUFFER:
    case SI_LARG_NULL:
        if (m && mkind != SI_ARG_GLOBAL_BUFFER && !(mkind == SI_ARG_BY_VALUE && size == 8 && strchr(m->type_name, '*')))
            return lfail(l, "args[%d]: %s given for kernel argument %d %s, which is not a global buffer", i,
                         a->kind == SI_LARG_NULL ? "null pointer" : "buffer", i, desc);
        if (size != 8)
            return lfail(l, "args[%d]: a pointer needs 8 bytes but the argument has %u", i, size);
        if (a->kind == SI_LARG_BUFFER) {
            const si_launch_buf *b = &l->bufs[a->buf];
            if (a->buf_offset > b->size)
                return lfail(l, "args[%d].offset: %llu is beyond the end of buffer \"%s\" (%llu bytes)", i,
                             (unsigned long long)a->buf_offset, b->name, (unsigned long long)b->size);
            wr(p, b->addr + a->buf_offset, 8);
        } else {
            wr(p, 0, 8);
        }
        return 0;
    case SI_LARG_LOCAL:
        if (m && mkind != SI_ARG_DYN_LOCAL)
            return lfail(l, "args[%d]: local (dynamic __local) given for kernel argument %d %s", i, i, desc);
        if (size != 4)
            return lfail(l, "args[%d]: a __local pointer needs 4 bytes but the argument has %u", i, size);
        wr(p, a->lds_offset, 4);
        return 0;
    default:
        break;
    }
    /* scalars */
    if (m && mkind != SI_ARG_BY_VALUE)
        return lfail(l, "args[%d]: %s value given for kernel argument %d %s, which is not passed by value", i,
                     larg_name(a->kind), i, desc);
    int isf = a->kind == SI_LARG_F32 || a->kind == SI_LARG_F64;
    int want = (a->kind == SI_LARG_I64 || a->kind == SI_LARG_U64 || a->kind == SI_LARG_F64) ? 8 : 4;
    int fbits;
    if (m && m->type_name[0]) {
        int tf = is_float_type(m->type_name, &fbits);
        if (tf && !isf)
            return lfail(l, "args[%d]: integer value (%s) given for floating-point argument %d %s; use f%d", i,
                         larg_name(a->kind), i, desc, fbits);
        if (!tf && isf && !strchr(m->type_name, '*') && size <= 8)
            return lfail(l, "args[%d]: floating-point value (%s) given for argument %d %s; use an integer kind", i,
                         larg_name(a->kind), i, desc);
    }
    if (isf) {
        if ((uint32_t)want != size)
            return lfail(l, "args[%d]: %s needs %d bytes but argument %d %s has %u", i, larg_name(a->kind), want, i,
                         desc, size);
        if (a->kind == SI_LARG_F32) {
            float f = (float)a->v.f;
            uint32_t bits;
            memcpy(&bits, &f, 4);
            wr(p, bits, 4);
        } else {
            uint64_t bits;
            memcpy(&bits, &a->v.f, 8);
            wr(p, bits, 8);
        }
        return 0;
    }
    /* integers: 8-byte kinds need 8 bytes; 4-byte kinds may fill 1/2/4 bytes if the value fits */
    if (want == 8 && size != 8)
        return lfail(l, "args[%d]: %s needs 8 bytes but argument %d %s has %u", i, larg_name(a->kind), i, desc, size);
    if (want == 4) {
        if (size != 1 && size != 2 && size != 4)
            return lfail(l, "args[%d]: %s is 4 bytes but argument %d %s has %u; use i64/u64", i, larg_name(a->kind), i,
                         desc, size);
        if (size < 4) {
            int64_t lo = a->kind == SI_LARG_I32 ? -(1ll << (8 * size - 1)) : 0;
            int64_t hi = a->kind == SI_LARG_I32 ? (1ll << (8 * size - 1)) - 1 : (1ll << (8 * size)) - 1;
            int64_t v = a->kind == SI_LARG_I32 ? a->v.i : (int64_t)a->v.u;
            if (v < lo || v > hi)
                return lfail(l, "args[%d]: value %lld does not fit the %u-byte argument %d %s", i, (long long)v, size,
                             i, desc);
        }
    }
    wr(p, a->v.u, size);
    return 0;
}

/* Value for a hidden_* argument the launcher fills. */
static uint64_t hidden_value(const si_launch *l, const si_dispatch *d, const char *vk)
{
    static const char *xyz = "xyz";
    size_t n = strlen(vk);
    int dim = n > 2 && vk[n - 2] == '_' ? (int)(strchr(xyz, vk[n - 1]) ? strchr(xyz, vk[n - 1]) - xyz : -1) : -1;
    if (!strncmp(vk, "hidden_block_count_", 19) && dim >= 0) return d->ngroups[dim];
    if (!strncmp(vk, "hidden_group_size_", 18) && dim >= 0) return d->wg[dim];
    if (!strncmp(vk, "hidden_remainder_", 17) && dim >= 0) return d->grid[dim] % d->wg[dim];
    if (!strcmp(vk, "hidden_grid_dims")) return d->dims;
    if (!strcmp(vk, "hidden_dynamic_lds_size")) return l->dyn_lds;
    if (!strcmp(vk, "hidden_queue_ptr")) return d->queue_addr;
    /* hidden_global_offset_*, hidden_none, printf/hostcall buffers,
     * default queue, completion action, multigrid sync, heap, private/shared
     * base: zero (no global offsets, no device-side services) */
    return 0;
}

static int init_buffer(si_launch *l, si_launch_buf *b, uint8_t *p)
{
    uint64_t n32 = b->size / 4;
    switch (b->init) {
    case SI_INIT_ZERO:
        break;
    case SI_INIT_FILE: {
        FILE *f = fopen(b->init_path, "rb");
        if (!f)
            return lfail(l, "buffer \"%s\": cannot open init file %s: %s", b->name, b->init_path, strerror(errno));
        size_t got = fread(p, 1, b->size, f);
        int extra = fgetc(f) != EOF;
        int bad = ferror(f);
        fclose(f);
        if (bad)
            return lfail(l, "buffer \"%s\": read error on %s", b->name, b->init_path);
        if (extra)
            return lfail(l, "buffer \"%s\": init file %s is larger than the buffer (%llu bytes)", b->name,
                         b->init_path, (unsigned long long)b->size);
        (void)got; /* a shorter file leaves the rest zero */
        break;
    }
    case SI_INIT_IOTA32:
        for (uint64_t i = 0; i < n32; i++)
            wr(p + 4 * i, b->start + (uint32_t)i * b->step, 4);
        break;
    case SI_INIT_IOTAF32:
        for (uint64_t i = 0; i < n32; i++) {
            float f = (float)(b->a + (double)i * b->b);
            uint32_t u;
            memcpy(&u, &f, 4);
            wr(p + 4 * i, u, 4);
        }
        break;
    case SI_INIT_FILL32:
        for (uint64_t i = 0; i < n32; i++)
            wr(p + 4 * i, b->value, 4);
        break;
    case SI_INIT_FILL8:
        memset(p, (int)(b->value & 0xff), b->size);
        break;
    case SI_INIT_RANDOM32: {
        uint64_t st = b->seed;
        for (uint64_t i = 0; i < n32; i++)
            wr(p + 4 * i, si_launch_rand32(&st), 4);
        break;
    }
    case SI_INIT_F32RANGE:
        for (uint64_t i = 0; i < n32; i++) {
            double t = n32 > 1 ? (double)i / (double)(n32 - 1) : 0.0;
            float f = (float)(b->a + (b->b - b->a) * t);
            uint32_t u;
            memcpy(&u, &f, 4);
            wr(p + 4 * i, u, 4);
        }
        break;
    case SI_INIT_F32RANDOM: {
        uint64_t st = b->seed;
        for (uint64_t i = 0; i < n32; i++) {
            /* 24 random bits -> [0,1) exactly representable */
            double t = (double)(si_launch_rand32(&st) >> 8) / 16777216.0;
            float f = (float)(b->a + (b->b - b->a) * t);
            uint32_t u;
            memcpy(&u, &f, 4);
            wr(p + 4 * i, u, 4);
        }
        break;
    }
    }
    return 0;
}

static uint64_t alloc_or_fail(si_launch *l, si_mem *mem, uint64_t size, uint64_t align, const char *name)
{
    uint64_t a = si_mem_alloc(mem, size, align, name);
    if (!a)
        lfail(l, "device memory: %s", mem->err);
    return a;
}

/* the kernarg segment: the explicit arguments at the metadata's offsets
 * (natural alignment without metadata), then the hidden arguments */
static int setup_kernargs(si_launch *l, const si_kernel *k, si_mem *mem, si_dispatch *d)
{
    uint32_t ksize = k->has_metadata ? k->kernarg_size : 0;
    uint32_t kalign = k->kernarg_align > 16 ? k->kernarg_align : 16;
    uint32_t *offs = calloc(l->nargs ? l->nargs : 1, sizeof *offs);
    uint32_t *sizes = calloc(l->nargs ? l->nargs : 1, sizeof *sizes);
    if (!offs || !sizes) {
        free(offs);
        free(sizes);
        return lfail(l, "out of memory");
    }
    if (!k->has_metadata) {
        /* no metadata (e.g. hand-written assembly): natural alignment, in order */
        uint32_t off = 0;
        for (int i = 0; i < l->nargs; i++) {
            int kd = l->args[i].kind;
            uint32_t sz = (kd == SI_LARG_BUFFER || kd == SI_LARG_NULL || kd == SI_LARG_I64 || kd == SI_LARG_U64 ||
                           kd == SI_LARG_F64) ? 8 : 4;
            off = (off + sz - 1) & ~(sz - 1);
            offs[i] = off;
            sizes[i] = sz;
            off += sz;
        }
        ksize = off;
    } else {
        for (int i = 0; i < l->nargs; i++) {
            offs[i] = k->args[i].offset;
            sizes[i] = k->args[i].size;
        }
    }
    /* The compiler may widen kernarg loads (s_load_dwordx4/x8) past the last
     * argument, as hardware allows: pad the segment with zeros. */
    uint64_t kalloc = (((uint64_t)ksize + 63) & ~63ull) + 64;
    d->kernarg_addr = alloc_or_fail(l, mem, kalloc, kalign, "kernarg");
    int rc = 0;
    if (!d->kernarg_addr)
        rc = -1;
    uint8_t *ka = rc ? NULL : si_mem_ptr(mem, d->kernarg_addr, kalloc);
    for (int i = 0; rc == 0 && i < l->nargs; i++)
        rc = encode_arg(l, i, &l->args[i], k->has_metadata ? &k->args[i] : NULL, ka + offs[i], sizes[i]);
    for (int i = 0; rc == 0 && k->has_metadata && i < k->nargs; i++)
        if (k->args[i].kind == SI_ARG_HIDDEN)
            wr(ka + k->args[i].offset, hidden_value(l, d, k->args[i].value_kind), k->args[i].size);
    free(offs);
    free(sizes);
    return rc;
}

/* the hsa_queue_t stand-in and the AQL kernel dispatch packet the kernel's
 * dispatch-ptr / queue-ptr SGPRs point at */
static void write_queue_and_packet(const si_kernel *k, si_mem *mem, const si_dispatch *d)
{
    /* hsa_queue_t: type, features, base_address, doorbell, size, id */
    uint8_t *q = si_mem_ptr(mem, d->queue_addr, 64);
    wr(q + 0, 0, 4);              /* HSA_QUEUE_TYPE_MULTIPLE           */
    wr(q + 4, 1, 4);              /* HSA_QUEUE_FEATURE_KERNEL_DISPATCH */
    wr(q + 8, d->packet_addr, 8); /* base_address: the packet ring     */
    wr(q + 16, 0, 8);             /* doorbell_signal                   */
    wr(q + 24, 1, 4);             /* size: one packet                  */
    wr(q + 32, 0, 8);             /* id                                */

    /* hsa_kernel_dispatch_packet_t */
    uint8_t *pk = si_mem_ptr(mem, d->packet_addr, 64);
    /* header: type KERNEL_DISPATCH (2), acquire/release fence scope SYSTEM (2) */
    wr(pk + 0, 2u | (2u << 9) | (2u << 11), 2);
    wr(pk + 2, d->dims, 2); /* setup: dimensions */
    wr(pk + 4, d->wg[0], 2);
    wr(pk + 6, d->wg[1], 2);
    wr(pk + 8, d->wg[2], 2);
    wr(pk + 10, 0, 2);
    wr(pk + 12, d->grid[0], 4);
    wr(pk + 16, d->grid[1], 4);
    wr(pk + 20, d->grid[2], 4);
    wr(pk + 24, k->private_segment_fixed_size, 4);
    wr(pk + 28, d->lds_size, 4);
    wr(pk + 32, d->code_addr + k->kd_offset, 8); /* kernel_object: the KD */
    wr(pk + 40, d->kernarg_addr, 8);
    wr(pk + 48, 0, 8);
    wr(pk + 56, 0, 8); /* completion_signal */
}

int si_launch_setup(si_launch *l, const si_codeobj *co, si_mem *mem, si_dispatch *d)
{
    memset(d, 0, sizeof *d);
    const si_kernel *k = si_codeobj_find(co, l->kernel);
    if (!k) {
        char names[512] = "";
        size_t off = 0;
        for (int i = 0; i < co->nkernels && off < sizeof names - 2; i++)
            off += snprintf(names + off, sizeof names - off, "%s%s", i ? ", " : "", co->kernels[i].name);
        return lfail(l, "kernel \"%s\" not found in %s (available: %s)", l->kernel, co->path, names[0] ? names : "none");
    }
    if (k->kd_offset == UINT64_MAX)
        return lfail(l, "%s has no kernel descriptor (raw instruction stream): cannot launch", co->path);

    /* ---- explicit arguments vs. metadata */
    int nexplicit = 0;
    if (k->has_metadata) {
        for (int i = 0; i < k->nargs; i++)
            if (k->args[i].kind != SI_ARG_HIDDEN)
                nexplicit++;
        if (l->nargs != nexplicit) {
            char list[600] = "";
            size_t off = 0;
            for (int i = 0, j = 0; i < k->nargs && off < sizeof list - 2; i++) {
                if (k->args[i].kind == SI_ARG_HIDDEN)
                    continue;
                char dsc[200];
                describe_arg(&k->args[i], dsc, sizeof dsc);
                off += snprintf(list + off, sizeof list - off, "%s%d: %s", j++ ? "; " : "", i, dsc);
            }
            return lfail(l, "args: kernel \"%s\" takes %d argument(s), the launch file gives %d (expected: %s)",
                         k->name, nexplicit, l->nargs, list[0] ? list : "none");
        }
        /* explicit arguments come first in the metadata (hidden ones follow) */
        for (int i = 0; i < nexplicit; i++)
            if (k->args[i].kind == SI_ARG_HIDDEN)
                return lfail(l, "kernel \"%s\": metadata lists hidden argument %d before explicit ones", k->name, i);
    }

    /* ---- geometry */
    d->kernel = k;
    d->dims = l->dims;
    for (int i = 0; i < 3; i++) {
        d->grid[i] = l->grid[i];
        d->wg[i] = l->wg[i];
        d->ngroups[i] = (uint32_t)(((uint64_t)l->grid[i] + l->wg[i] - 1) / l->wg[i]);
    }

    /* ---- LDS: static size, then each dynamic __local argument */
    uint32_t lds = k->group_segment_fixed_size;
    for (int i = 0; i < l->nargs; i++) {
        si_launch_arg *a = &l->args[i];
        if (a->kind != SI_LARG_LOCAL)
            continue;
        lds = (lds + 15) & ~15u;
        a->lds_offset = lds;
        if ((uint64_t)lds + a->local_bytes > SI_MAX_LDS)
            return lfail(l, "args[%d].local: LDS use %llu bytes (static %u + dynamic) exceeds %u", i,
                         (unsigned long long)lds + a->local_bytes, k->group_segment_fixed_size, SI_MAX_LDS);
        lds += a->local_bytes;
    }
    l->dyn_lds = lds - k->group_segment_fixed_size;
    if (lds > SI_MAX_LDS)
        return lfail(l, "kernel \"%s\" needs %u bytes of LDS, the maximum is %u", k->name, lds, SI_MAX_LDS);
    d->lds_size = lds;

    /* ---- code image */
    d->code_size = (uint32_t)co->image_size;
    d->code_addr = alloc_or_fail(l, mem, co->image_size, 256, "code");
    if (!d->code_addr)
        return -1;
    memcpy(si_mem_ptr(mem, d->code_addr, co->image_size), co->image, co->image_size);
    d->entry_pc = d->code_addr + k->code_offset;

    /* ---- buffers */
    for (int i = 0; i < l->nbufs; i++) {
        si_launch_buf *b = &l->bufs[i];
        if (b->size == 0) { /* file-initialised buffer without "size" */
            FILE *f = fopen(b->init_path, "rb");
            if (!f)
                return lfail(l, "buffer \"%s\": cannot open init file %s: %s", b->name, b->init_path, strerror(errno));
            long sz = fseek(f, 0, SEEK_END) == 0 ? ftell(f) : -1;
            fclose(f);
            if (sz <= 0 || (uint64_t)sz > SI_MAX_BUFFER)
                return lfail(l, "buffer \"%s\": init file %s is empty or unreadable; give \"size\"", b->name,
                             b->init_path);
            b->size = (uint64_t)sz;
        }
        char rn[48];
        snprintf(rn, sizeof rn, "buf:%.40s", b->name);
        b->addr = alloc_or_fail(l, mem, b->size, 256, rn);
        if (!b->addr)
            return -1;
        if (init_buffer(l, b, si_mem_ptr(mem, b->addr, b->size)) < 0)
            return -1;
    }

    /* ---- queue stand-in (hsa_queue_t, 64 bytes) and the AQL packet */
    d->queue_addr = alloc_or_fail(l, mem, 64, 64, "aql_queue");
    d->packet_addr = d->queue_addr ? alloc_or_fail(l, mem, 64, 64, "aql_packet") : 0;
    if (!d->packet_addr)
        return -1;

    /* ---- scratch */
    d->scratch_slots = SI_SCRATCH_SLOTS;
    d->scratch_per_wave = (uint64_t)k->private_segment_fixed_size * SI_WAVE_LANES;
    if (d->scratch_per_wave) {
        d->scratch_addr = alloc_or_fail(l, mem, d->scratch_per_wave * d->scratch_slots, 256, "scratch");
        if (!d->scratch_addr)
            return -1;
    }

    /* ---- kernarg segment */
    int rc = setup_kernargs(l, k, mem, d);
    if (rc)
        return rc;

    /* ---- hsa_queue_t and the dispatch packet */
    write_queue_and_packet(k, mem, d);
    return 0;
}

int si_launch_dump(si_launch *l, si_mem *mem)
{
    for (int i = 0; i < l->nbufs; i++) {
        si_launch_buf *b = &l->bufs[i];
        if (!b->dump_path[0])
            continue;
        const uint8_t *p = b->addr ? si_mem_ptr(mem, b->addr, b->size) : NULL;
        if (!p)
            return lfail(l, "buffer \"%s\": not set up, cannot dump", b->name);
        FILE *f = fopen(b->dump_path, "wb");
        if (!f)
            return lfail(l, "buffer \"%s\": cannot create dump file %s: %s", b->name, b->dump_path, strerror(errno));
        size_t w = fwrite(p, 1, b->size, f);
        if (fclose(f) != 0 || w != b->size)
            return lfail(l, "buffer \"%s\": write error on %s", b->name, b->dump_path);
    }
    return 0;
}
