/* sicu: LAUNCH.json parsing and dispatch set-up (see docs/launch-format.md).
 *
 * Parsing (jansson) only checks the file's own consistency; arguments are
 * checked against the kernel metadata in si_launch_setup, which then lays
 * out device memory the way an HSA runtime would: the code image, the
 * buffers, the kernarg segment, an AQL kernel dispatch packet, a queue
 * stand-in and the scratch (private segment) backing store.
 */
#include "sicu/launch.h"

#include <ctype.h>
#include <errno.h>
#include <jansson.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

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

/* An integer string: an optional leading '-', then decimal digits or 0x hex
 * digits, nothing else (no spaces, no '+', no octal).  The magnitude goes to
 * *mag.  -1 if malformed or beyond 2^64-1. */
static int parse_mag(const char *s, uint64_t *mag, int *neg)
{
    *neg = 0;
    if (*s == '-') {
        *neg = 1;
        s++;
    }
    if (!isdigit((unsigned char)*s)) /* "", " -4", "+4", "--4" */
        return -1;
    int hex = s[0] == '0' && (s[1] == 'x' || s[1] == 'X');
    if (hex && !isxdigit((unsigned char)s[2]))
        return -1;
    char *end;
    errno = 0;
    unsigned long long u = strtoull(hex ? s + 2 : s, &end, hex ? 16 : 10);
    if (errno || *end)
        return -1;
    *mag = u;
    return 0;
}

/* Parse an integer from a JSON integer or a string (see parse_mag).  Range
 * checks are up to the caller: *si is the value when *neg, *ui otherwise. */
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
        uint64_t u;
        int n;
        if (parse_mag(json_string_value(v), &u, &n) < 0 || (n && u > (1ull << 63)))
            return -1;
        *neg = n && u != 0;
        *ui = n ? (uint64_t)0 - u : u;
        *si = (int64_t)*ui;
        return 0;
    }
    return -1;
}

/* A floating-point string: no leading space; "inf"/"nan" forms allowed; a
 * finite number whose magnitude overflows a double is an error. */
static int parse_real_str(const char *s, double *out)
{
    if (!*s || isspace((unsigned char)*s))
        return -1;
    if (!strcmp(s, "inf") || !strcmp(s, "+inf")) { *out = INFINITY; return 0; }
    if (!strcmp(s, "-inf")) { *out = -INFINITY; return 0; }
    if (!strcmp(s, "nan")) { *out = NAN; return 0; }
    char *end;
    errno = 0;
    *out = strtod(s, &end);
    if (*end || (errno == ERANGE && isinf(*out)))
        return -1;
    return 0;
}

static int get_real(const json_t *v, double *out)
{
    if (json_is_number(v)) {
        *out = json_number_value(v);
        return 0;
    }
    if (json_is_string(v))
        return parse_real_str(json_string_value(v), out);
    return -1;
}

/* A finite double that becomes an infinity as a float. */
static int f32_overflows(double d)
{
    return isfinite(d) && isinf((float)d);
}

int si_parse_u64(const char *s, uint64_t *out)
{
    int neg;
    return parse_mag(s, out, &neg) < 0 || neg ? -1 : 0;
}
static int parse_u32_str(const char *s, uint32_t *out)
{
    uint64_t u;
    int neg;
    if (parse_mag(s, &u, &neg) < 0)
        return -1;
    if (neg) { /* allow negative 32-bit values: -1 = 0xffffffff */
        if (u > 0x80000000ull)
            return -1;
        *out = (uint32_t)(0 - u);
        return 0;
    }
    if (u > UINT32_MAX)
        return -1;
    *out = (uint32_t)u;
    return 0;
}

/* A JSON value as written, shortened, for messages ("got ..."). */
static const char *shown(const json_t *v, char *buf, size_t len)
{
    char *t = v ? json_dumps(v, JSON_ENCODE_ANY | JSON_COMPACT) : NULL;
    if (!t)
        snprintf(buf, len, "?");
    else if (strlen(t) < 48)
        snprintf(buf, len, "%s", t);
    else
        snprintf(buf, len, "%.44s...", t);
    free(t);
    return buf;
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

/* "offset": the global work offset (OpenCL's global_work_offset), an integer
 * or array with one non-negative integer per dimension of grid (JSON
 * integers or strings, see "Numbers").  get_global_id = offset + the
 * work-item's index, a 64-bit size_t on this device: offset + grid - 1 must
 * not exceed 2^64 - 1. */
static int parse_offset(si_launch *l, const json_t *v)
{
    l->offset[0] = l->offset[1] = l->offset[2] = 0;
    if (!v)
        return 0;
    int scalar = json_is_integer(v) || json_is_string(v);
    if (scalar ? l->dims != 1 : !json_is_array(v) || json_array_size(v) != l->dims)
        return lfail(l, "offset: expected %s%u non-negative integer%s, one per dimension of grid", scalar ? "" : "an array of ",
                     l->dims, l->dims > 1 ? "s" : "");
    for (uint32_t i = 0; i < l->dims; i++) {
        const json_t *e = scalar ? v : json_array_get(v, i);
        char field[16], got[64];
        snprintf(field, sizeof field, scalar ? "offset" : "offset[%u]", i);
        int64_t si;
        uint64_t ui;
        int neg;
        if (get_int(e, &si, &ui, &neg) < 0 || neg)
            return lfail(l, "%s: expected an integer in [0, 18446744073709551615], got %s", field,
                         shown(e, got, sizeof got));
        if (ui > UINT64_MAX - (l->grid[i] - 1))
            return lfail(l, "%s: %llu + grid[%u] (%u) - 1 exceeds the largest global id, 2^64 - 1 (size_t)", field,
                         (unsigned long long)ui, i, l->grid[i]);
        l->offset[i] = ui;
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
        if (np != 1 || si_parse_u64(p[0], &b->seed) < 0) BAD("expected random32:SEED (an unsigned integer)");
    } else if (!strcmp(kw, "f32range")) {
        b->init = SI_INIT_F32RANGE;
        if (np != 2 || parse_real_str(p[0], &b->a) < 0 || parse_real_str(p[1], &b->b) < 0)
            BAD("expected f32range:A:B (numbers)");
    } else if (!strcmp(kw, "f32random")) {
        b->init = SI_INIT_F32RANDOM;
        if (np != 3 || si_parse_u64(p[0], &b->seed) < 0 || parse_real_str(p[1], &b->a) < 0 ||
            parse_real_str(p[2], &b->b) < 0)
            BAD("expected f32random:SEED:A:B");
    } else {
        BAD("unknown init pattern (expected zero, file:PATH, iota32, iotaf32, fill32:V, fill8:V, random32:SEED, "
            "f32range:A:B or f32random:SEED:A:B)");
    }
    if ((b->init == SI_INIT_IOTAF32 || b->init == SI_INIT_F32RANGE || b->init == SI_INIT_F32RANDOM) &&
        (f32_overflows(b->a) || f32_overflows(b->b)))
        BAD("out of range for f32 (the largest finite f32 is 3.40282347e+38)");
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
            char g[64];
            if (get_int(sz, &si, &ui, &neg) < 0 || neg || ui == 0 || ui > SI_MAX_BUFFER)
                return lfail(l, "%s.size: expected a byte count between 1 and %llu, got %s", where,
                             (unsigned long long)SI_MAX_BUFFER, shown(sz, g, sizeof g));
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

/* ---------------------------------------------------------------- buffer names */

/* Buffer names sorted (then by index): duplicate names are found and
 * {"buffer": NAME} is looked up in O(log n), so large launch files stay fast. */
typedef struct { const char *name; int idx; } name_ent;
typedef struct { name_ent *e; int n; } name_index;

static int cmp_name(const void *a, const void *b)
{
    const name_ent *x = a, *y = b;
    int c = strcmp(x->name, y->name);
    return c ? c : (x->idx > y->idx) - (x->idx < y->idx);
}

static int index_names(si_launch *l, name_index *ix)
{
    ix->n = l->nbufs;
    ix->e = malloc((l->nbufs ? l->nbufs : 1) * sizeof *ix->e);
    if (!ix->e)
        return lfail(l, "out of memory");
    for (int i = 0; i < l->nbufs; i++)
        ix->e[i] = (name_ent){l->bufs[i].name, i};
    qsort(ix->e, ix->n, sizeof *ix->e, cmp_name);
    for (int k = 1; k < ix->n; k++)
        if (!strcmp(ix->e[k - 1].name, ix->e[k].name))
            return lfail(l, "buffers[%d].name: duplicate buffer name \"%s\" (also buffers[%d])", ix->e[k].idx,
                         ix->e[k].name, ix->e[k - 1].idx);
    return 0;
}

/* The index of the buffer called name, or -1. */
static int find_buffer(const name_index *ix, const char *name)
{
    int lo = 0, hi = ix->n - 1;
    while (lo <= hi) {
        int mid = lo + (hi - lo) / 2;
        int c = strcmp(name, ix->e[mid].name);
        if (c == 0)
            return ix->e[mid].idx;
        if (c < 0)
            hi = mid - 1;
        else
            lo = mid + 1;
    }
    return -1;
}

/* ---------------------------------------------------------------- args */

/* The argument kinds by key, in enum si_larg_kind order (vectors: "f32x4"
 * etc., recognised by vector_kind). */
static const char *const arg_kinds[] = {"buffer", "i32", "u32", "i64", "u64", "f32", "f64", "local", "null",
                                        "i8", "u8", "i16", "u16", "bytes", "struct", NULL};
#define ARG_KINDS_LIST "buffer, null, local, i8, u8, i16, u16, i32, u32, i64, u64, f32, f64, bytes, struct or " \
                       "a vector such as f32x4"

/* Scalar kinds: size in bytes, signedness, floating point. */
static int scalar_info(int kind, unsigned *size, int *sgn, int *isf)
{
    static const struct { int kind; unsigned size; int sgn, isf; } t[] = {
        {SI_LARG_I8, 1, 1, 0},  {SI_LARG_U8, 1, 0, 0},  {SI_LARG_I16, 2, 1, 0}, {SI_LARG_U16, 2, 0, 0},
        {SI_LARG_I32, 4, 1, 0}, {SI_LARG_U32, 4, 0, 0}, {SI_LARG_I64, 8, 1, 0}, {SI_LARG_U64, 8, 0, 0},
        {SI_LARG_F32, 4, 1, 1}, {SI_LARG_F64, 8, 1, 1},
    };
    *size = 0;
    *sgn = *isf = 0;
    for (size_t i = 0; i < sizeof t / sizeof t[0]; i++)
        if (t[i].kind == kind) {
            *size = t[i].size;
            *sgn = t[i].sgn;
            *isf = t[i].isf;
            return 1;
        }
    return 0;
}

/* "f32x4" -> SI_LARG_VECTOR with the element kind and count; -1 otherwise. */
static int vector_kind(const char *key, int *elem, uint32_t *count)
{
    const char *x = strchr(key, 'x');
    if (!x || x == key || x - key > 4)
        return -1;
    char ek[8];
    memcpy(ek, key, (size_t)(x - key));
    ek[x - key] = 0;
    unsigned size;
    int sgn, isf;
    for (int k = 0; arg_kinds[k]; k++) {
        if (strcmp(arg_kinds[k], ek) != 0 || !scalar_info(k, &size, &sgn, &isf))
            continue;
        static const char *const counts[] = {"2", "3", "4", "8", "16"};
        for (int c = 0; c < 5; c++)
            if (!strcmp(x + 1, counts[c])) {
                *elem = k;
                *count = (uint32_t)atoi(counts[c]);
                return SI_LARG_VECTOR;
            }
    }
    return -1;
}

static int kind_of(const char *key, int *elem, uint32_t *count)
{
    for (int k = 0; arg_kinds[k]; k++)
        if (!strcmp(key, arg_kinds[k]))
            return k; /* order of arg_kinds[] == enum si_larg_kind */
    return vector_kind(key, elem, count);
}

/* Parse a scalar of kind `kind` into a->v (signed integers in v.i, unsigned
 * in v.u, floating point in v.f); `where` names the field in messages. */
static int parse_scalar(si_launch *l, const char *where, int kind, const json_t *v, si_launch_arg *a)
{
    unsigned size;
    int sgn, isf;
    char g[64];
    scalar_info(kind, &size, &sgn, &isf);
    if (isf) {
        if (get_real(v, &a->v.f) < 0)
            return lfail(l, "%s: expected a number (or \"inf\", \"-inf\", \"nan\"), got %s", where, shown(v, g, sizeof g));
        if (kind == SI_LARG_F32 && f32_overflows(a->v.f))
            return lfail(l, "%s: %s is out of range for f32 (the largest finite f32 is 3.40282347e+38)", where,
                         shown(v, g, sizeof g));
        return 0;
    }
    int64_t si;
    uint64_t ui;
    int neg, bits = 8 * (int)size;
    int ok = get_int(v, &si, &ui, &neg) == 0;
    if (ok && sgn)
        ok = neg ? (bits == 64 || si >= -(1ll << (bits - 1))) : ui <= (uint64_t)INT64_MAX >> (64 - bits);
    else if (ok)
        ok = !neg && (bits == 64 || ui < (1ull << bits));
    if (!ok) {
        if (sgn)
            return lfail(l, "%s: expected an integer in [%lld, %lld], got %s", where,
                         bits == 64 ? (long long)INT64_MIN : -(1ll << (bits - 1)), (long long)(INT64_MAX >> (64 - bits)),
                         shown(v, g, sizeof g));
        return lfail(l, "%s: expected an integer in [0, %llu], got %s", where,
                     (unsigned long long)(UINT64_MAX >> (64 - bits)), shown(v, g, sizeof g));
    }
    if (sgn)
        a->v.i = si;
    else
        a->v.u = ui;
    return 0;
}

/* The little-endian bits of a parsed scalar at its own size. */
static uint64_t scalar_bits(int kind, const si_launch_arg *a)
{
    if (kind == SI_LARG_F32) {
        float f = (float)a->v.f;
        uint32_t u;
        memcpy(&u, &f, 4);
        return u;
    }
    if (kind == SI_LARG_F64) {
        uint64_t u;
        memcpy(&u, &a->v.f, 8);
        return u;
    }
    return a->v.u; /* v.i and v.u share their bits */
}

/* A growing byte string for by-value aggregates. */
typedef struct { uint8_t *p; uint32_t n, cap; } lbytes;

/* Append n bytes (zeros if src is NULL) at the next multiple of align. */
static int lb_put(si_launch *l, const char *where, lbytes *b, const void *src, uint32_t n, uint32_t align)
{
    uint64_t off = ((uint64_t)b->n + align - 1) / align * align;
    if (off + n > SI_LAUNCH_MAX_ARG_BYTES)
        return lfail(l, "%s: the value is larger than %u bytes", where, SI_LAUNCH_MAX_ARG_BYTES);
    if (off + n == b->n)
        return 0; /* nothing to add (b->p may still be NULL) */
    if (off + n > b->cap) {
        uint32_t nc = b->cap ? b->cap : 64;
        while (nc < off + n)
            nc *= 2;
        uint8_t *np = realloc(b->p, nc);
        if (!np)
            return lfail(l, "out of memory");
        b->p = np;
        b->cap = nc;
    }
    memset(b->p + b->n, 0, (size_t)(off - b->n));
    if (src)
        memcpy(b->p + off, src, n);
    else
        memset(b->p + off, 0, n);
    b->n = (uint32_t)(off + n);
    return 0;
}

/* The one meaningful key of an argument or struct-field object (keys
 * beginning with '_' and "comment" are ignored, and "offset" for arguments). */
static int one_key(si_launch *l, const json_t *o, const char *where, int is_arg, const char **key, const json_t **val)
{
    const char *k;
    json_t *v;
    int n = 0;
    if (!json_is_object(o))
        return lfail(l, "%s: expected an object such as {\"buffer\": NAME}, {\"i32\": V}, {\"f32x4\": [...]} or "
                        "{\"struct\": [...]}", where);
    json_object_foreach((json_t *)o, k, v) {
        if (k[0] == '_' || !strcmp(k, "comment") || (is_arg && !strcmp(k, "offset")))
            continue;
        *key = k;
        *val = v;
        n++;
    }
    if (n != 1)
        return lfail(l, "%s: expected exactly one of %s", where, ARG_KINDS_LIST);
    return 0;
}

static int encode_value(si_launch *l, const char *where, const char *key, const json_t *v, lbytes *b,
                        uint32_t *align, int depth);

/* {"struct": [FIELD, ...]}: each field at its natural alignment, the whole
 * padded to the largest field alignment (C rules). */
static int encode_struct(si_launch *l, const char *where, const json_t *v, lbytes *b, uint32_t *align, int depth)
{
    if (!json_is_array(v) || json_array_size(v) == 0)
        return lfail(l, "%s: expected a non-empty array of fields such as [{\"f32\": 1.0}, {\"i32\": 3}]", where);
    if (depth >= 16)
        return lfail(l, "%s: structs nested more than 16 deep", where);
    lbytes in = {0};
    uint32_t maxal = 1;
    int rc = 0;
    for (size_t i = 0; rc == 0 && i < json_array_size(v); i++) {
        char fw[256];
        const char *fk = NULL;
        const json_t *fv = NULL;
        uint32_t fal;
        snprintf(fw, sizeof fw, "%.200s[%zu]", where, i);
        rc = one_key(l, json_array_get(v, i), fw, 0, &fk, &fv);
        if (rc == 0) {
            snprintf(fw + strlen(fw), sizeof fw - strlen(fw), ".%.30s", fk);
            rc = encode_value(l, fw, fk, fv, &in, &fal, depth + 1);
        }
        if (rc == 0 && fal > maxal)
            maxal = fal;
    }
    if (rc == 0 && in.n % maxal) /* trailing padding */
        rc = lb_put(l, where, &in, NULL, 0, maxal);
    if (rc == 0)
        rc = lb_put(l, where, b, in.p, in.n, maxal);
    free(in.p);
    *align = maxal;
    return rc;
}

/* {"bytes": "hex"}: raw bytes in the order written (alignment 1). */
static int encode_hex(si_launch *l, const char *where, const json_t *v, lbytes *b, uint32_t *align)
{
    const char *h = json_is_string(v) ? json_string_value(v) : NULL;
    size_t n = h ? strlen(h) : 0;
    if (!h || n == 0 || n % 2)
        return lfail(l, "%s: expected a non-empty string of hex digit pairs such as \"0100803f\"", where);
    if (n / 2 > SI_LAUNCH_MAX_ARG_BYTES)
        return lfail(l, "%s: the value is larger than %u bytes", where, SI_LAUNCH_MAX_ARG_BYTES);
    uint8_t *tmp = malloc(n / 2);
    if (!tmp)
        return lfail(l, "out of memory");
    for (size_t i = 0; i < n; i++) {
        int c = (unsigned char)h[i];
        if (!isxdigit(c)) {
            free(tmp);
            return lfail(l, "%s: '%c' at character %zu is not a hex digit", where, isprint(c) ? c : '?', i);
        }
        int d = isdigit(c) ? c - '0' : tolower(c) - 'a' + 10;
        if (i % 2 == 0)
            tmp[i / 2] = (uint8_t)(d << 4);
        else
            tmp[i / 2] |= (uint8_t)d;
    }
    int rc = lb_put(l, where, b, tmp, (uint32_t)(n / 2), 1);
    free(tmp);
    *align = 1;
    return rc;
}

/* {"f32x4": [..]} etc.: OpenCL layout, 3-element vectors padded to 4
 * elements; aligned to the vector's size. */
static int encode_vector(si_launch *l, const char *where, int elem, uint32_t count, const json_t *v, lbytes *b,
                         uint32_t *align)
{
    unsigned es;
    int sgn, isf;
    scalar_info(elem, &es, &sgn, &isf);
    if (!json_is_array(v) || json_array_size(v) != count)
        return lfail(l, "%s: expected an array of %u %s elements", where, count, arg_kinds[elem]);
    uint8_t tmp[16 * 8] = {0};
    uint32_t vsize = es * (count == 3 ? 4 : count);
    for (uint32_t i = 0; i < count; i++) {
        char ew[256];
        si_launch_arg e;
        snprintf(ew, sizeof ew, "%.200s[%u]", where, i);
        if (parse_scalar(l, ew, elem, json_array_get(v, i), &e) < 0)
            return -1;
        uint64_t bits = scalar_bits(elem, &e);
        for (unsigned k = 0; k < es; k++)
            tmp[i * es + k] = (uint8_t)(bits >> (8 * k));
    }
    *align = vsize;
    return lb_put(l, where, b, tmp, vsize, vsize);
}

/* Encode one by-value value (scalar at its own size, vector, struct or
 * bytes) into b at its natural alignment, which goes to *align. */
static int encode_value(si_launch *l, const char *where, const char *key, const json_t *v, lbytes *b,
                        uint32_t *align, int depth)
{
    int elem = 0;
    uint32_t count = 0;
    int kind = kind_of(key, &elem, &count);
    unsigned size;
    int sgn, isf;
    if (kind == SI_LARG_STRUCT)
        return encode_struct(l, where, v, b, align, depth);
    if (kind == SI_LARG_BYTES)
        return encode_hex(l, where, v, b, align);
    if (kind == SI_LARG_VECTOR)
        return encode_vector(l, where, elem, count, v, b, align);
    if (kind < 0 || !scalar_info(kind, &size, &sgn, &isf))
        return lfail(l, "%s: \"%s\" is not a by-value kind (expected i8, u8, i16, u16, i32, u32, i64, u64, f32, f64, "
                        "bytes, struct or a vector such as f32x4)", where, key);
    si_launch_arg s;
    if (parse_scalar(l, where, kind, v, &s) < 0)
        return -1;
    uint64_t bits = scalar_bits(kind, &s);
    uint8_t tmp[8];
    for (unsigned k = 0; k < size; k++)
        tmp[k] = (uint8_t)(bits >> (8 * k));
    *align = size;
    return lb_put(l, where, b, tmp, size, size);
}

static int parse_arg(si_launch *l, const name_index *ix, size_t i, const json_t *o, si_launch_arg *a)
{
    char where[64];
    const char *key = NULL;
    const json_t *v = NULL;
    snprintf(where, sizeof where, "args[%zu]", i);
    if (one_key(l, o, where, 1, &key, &v) < 0)
        return -1;
    int kind = kind_of(key, &a->elem, &a->count);
    if (kind < 0)
        return lfail(l, "args[%zu]: unknown argument kind \"%s\" (expected %s)", i, key, ARG_KINDS_LIST);
    a->kind = kind;
    snprintf(a->form, sizeof a->form, "%s", key);
    snprintf(where, sizeof where, "args[%zu].%.20s", i, key);
    const json_t *off = json_object_get(o, "offset");
    if (off && kind != SI_LARG_BUFFER)
        return lfail(l, "args[%zu]: \"offset\" only applies to buffer arguments", i);
    int64_t si;
    uint64_t ui;
    int neg;
    char g[64];
    switch (kind) {
    case SI_LARG_BUFFER:
        if (!json_is_string(v))
            return lfail(l, "%s: expected a buffer name", where);
        a->buf = find_buffer(ix, json_string_value(v));
        if (a->buf < 0)
            return lfail(l, "%s: no buffer named \"%s\" in \"buffers\"", where, json_string_value(v));
        if (off && (get_int(off, &si, &ui, &neg) < 0 || neg))
            return lfail(l, "args[%zu].offset: expected a non-negative byte offset, got %s", i, shown(off, g, sizeof g));
        a->buf_offset = off ? ui : 0;
        return 0;
    case SI_LARG_LOCAL:
        if (get_int(v, &si, &ui, &neg) < 0 || neg || ui == 0 || ui > SI_MAX_LDS)
            return lfail(l, "%s: expected a byte count between 1 and %u, got %s", where, SI_MAX_LDS, shown(v, g, sizeof g));
        a->local_bytes = (uint32_t)ui;
        return 0;
    case SI_LARG_NULL:
        return 0;
    case SI_LARG_BYTES:
    case SI_LARG_STRUCT:
    case SI_LARG_VECTOR: {
        lbytes b = {0};
        if (encode_value(l, where, key, v, &b, &a->align, 0) < 0) {
            free(b.p);
            return -1;
        }
        a->bytes = b.p;
        a->nbytes = b.n;
        return 0;
    }
    default:
        return parse_scalar(l, where, kind, v, a);
    }
}

static int parse_args(si_launch *l, const json_t *arr, const name_index *ix)
{
    if (!arr)
        return 0;
    if (!json_is_array(arr))
        return lfail(l, "args: expected an array");
    size_t n = json_array_size(arr);
    l->args = calloc(n ? n : 1, sizeof(si_launch_arg));
    if (!l->args)
        return lfail(l, "out of memory");
    l->nargs = (int)n;
    for (size_t i = 0; i < n; i++)
        if (parse_arg(l, ix, i, json_array_get(arr, i), &l->args[i]) < 0)
            return -1;
    return 0;
}

/* ---------------------------------------------------------------- parse */

static void reset(si_launch *l, const char *name, const char *dir)
{
    memset(l, 0, sizeof *l);
    snprintf(l->path, sizeof l->path, "%s", name ? name : "<launch>");
    snprintf(l->dir, sizeof l->dir, "%s", dir ? dir : "");
}

/* "rfv": register-file virtualization options of the emulator (docs/rfv.md):
 * {"poison_released": true|false, "side_table": "PATH"}. */
static int parse_rfv(si_launch *l, const json_t *r)
{
    static const char *const keys[] = {"poison_released", "side_table", NULL};
    if (!r)
        return 0;
    if (!json_is_object(r))
        return lfail(l, "rfv: expected an object {\"poison_released\": true, \"side_table\": \"PATH\"}");
    if (check_keys(l, r, "rfv", keys) < 0)
        return -1;
    const json_t *p = json_object_get(r, "poison_released"), *t = json_object_get(r, "side_table");
    if (p && !json_is_boolean(p))
        return lfail(l, "rfv.poison_released: expected true or false");
    if (t && (!json_is_string(t) || !json_string_length(t)))
        return lfail(l, "rfv.side_table: expected the path of a side table (sicu rfv --side-table)");
    l->rfv_poison = p && json_is_true(p);
    if (t)
        resolve(l, json_string_value(t), l->rfv_side_path, sizeof l->rfv_side_path);
    return 0;
}

static int parse_root(si_launch *l, json_t *root)
{
    static const char *const keys[] = {"code", "kernel", "grid", "workgroup", "offset", "buffers", "args", "rfv", NULL};
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
    if (parse_offset(l, json_object_get(root, "offset")) < 0 || parse_rfv(l, json_object_get(root, "rfv")) < 0)
        return -1;
    uint64_t wgsz = (uint64_t)l->wg[0] * l->wg[1] * l->wg[2];
    if (wgsz > 1024)
        return lfail(l, "workgroup: %u x %u x %u = %llu work-items, the maximum is 1024", l->wg[0], l->wg[1],
                     l->wg[2], (unsigned long long)wgsz);
    for (unsigned i = 0; i < 3; i++)
        if (l->wg[i] > 65535)
            return lfail(l, "workgroup[%u]: %u exceeds 65535", i, l->wg[i]);
    if (parse_buffers(l, json_object_get(root, "buffers")) < 0)
        return -1;
    name_index ix = {0};
    int rc = index_names(l, &ix);
    if (rc == 0)
        rc = parse_args(l, json_object_get(root, "args"), &ix);
    free(ix.e);
    return rc;
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
    for (int i = 0; l->args && i < l->nargs; i++)
        free(l->args[i].bytes);
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

/* The argument's kind as written in the launch file ("i32", "f32x4", ...). */
static const char *larg_name(const si_launch_arg *a)
{
    if (a->form[0])
        return a->form;
    return a->kind >= 0 && a->kind <= SI_LARG_VECTOR ? (a->kind == SI_LARG_VECTOR ? "vector" : arg_kinds[a->kind]) : "?";
}

static void describe_arg(const si_kernarg_desc *a, char *buf, size_t len)
{
    snprintf(buf, len, "%s%s%s%s(%s, %u bytes)", a->type_name[0] ? a->type_name : "",
             a->type_name[0] && a->name[0] ? " " : "", a->name, a->type_name[0] || a->name[0] ? " " : "",
             a->value_kind, a->size);
}

/* OpenCL built-in scalar and vector type names as the metadata writes them
 * ("float", "uint4", "double2"): 'f' (floating-point elements) or 'i'
 * (integer elements), with the element bits and count.  0 for anything else:
 * typedefs, structs, pointers - those are checked by size only. */
static int builtin_type(const char *t, unsigned *ebits, unsigned *count)
{
    static const struct { const char *n; int cls; unsigned bits; } b[] = {
        {"char", 'i', 8},   {"uchar", 'i', 8}, {"short", 'i', 16}, {"ushort", 'i', 16}, {"int", 'i', 32},
        {"uint", 'i', 32},  {"long", 'i', 64}, {"ulong", 'i', 64}, {"half", 'f', 16},   {"float", 'f', 32},
        {"double", 'f', 64},
    };
    for (size_t i = 0; i < sizeof b / sizeof b[0]; i++) {
        size_t n = strlen(b[i].n);
        if (strncmp(t, b[i].n, n) != 0)
            continue;
        const char *suf = t + n;
        if (*suf && strcmp(suf, "2") && strcmp(suf, "3") && strcmp(suf, "4") && strcmp(suf, "8") && strcmp(suf, "16"))
            continue;
        *ebits = b[i].bits;
        *count = *suf ? (unsigned)atoi(suf) : 1;
        return b[i].cls;
    }
    return 0;
}

/* The kind a built-in floating-point type takes: "f32", "f64x4", ... */
static void float_form(unsigned ebits, unsigned count, char *buf, size_t len)
{
    if (count == 1)
        snprintf(buf, len, "f%u", ebits);
    else
        snprintf(buf, len, "f%ux%u", ebits, count);
}

/* A by-value scalar (i8 .. f64) for argument i of `size` bytes. */
static int encode_scalar(si_launch *l, int i, const si_launch_arg *a, const si_kernarg_desc *m, const char *desc,
                         uint8_t *p, uint32_t size)
{
    unsigned want, eb = 0, en = 0;
    int sgn, isf;
    scalar_info(a->kind, &want, &sgn, &isf);
    int cls = m ? builtin_type(m->type_name, &eb, &en) : 0;
    if (cls == 'f' && !isf) {
        char f[16];
        float_form(eb, en, f, sizeof f);
        return lfail(l, "args[%d]: integer value (%s) given for floating-point argument %d %s; use %s", i, larg_name(a),
                     i, desc, f);
    }
    if (cls == 'i' && isf)
        return lfail(l, "args[%d]: floating-point value (%s) given for argument %d %s; use an integer kind", i,
                     larg_name(a), i, desc);
    /* by size: i32/u32 may also fill 1- and 2-byte arguments if the value fits */
    if (want == 4 && !isf && (size == 1 || size == 2)) {
        int64_t lo = sgn ? -(1ll << (8 * size - 1)) : 0;
        int64_t hi = sgn ? (1ll << (8 * size - 1)) - 1 : (1ll << (8 * size)) - 1;
        int64_t v = sgn ? a->v.i : (int64_t)a->v.u;
        if (v < lo || v > hi)
            return lfail(l, "args[%d]: value %lld does not fit the %u-byte argument %d %s", i, (long long)v, size, i,
                         desc);
    } else if (want != size) {
        return lfail(l, "args[%d]: %s needs %u byte%s but kernel argument %d %s has %u", i, larg_name(a), want,
                     want == 1 ? "" : "s", i, desc, size);
    }
    wr(p, scalar_bits(a->kind, a), size);
    return 0;
}

/* A by-value aggregate ("bytes", "struct", vector) for argument i. */
static int encode_aggregate(si_launch *l, int i, const si_launch_arg *a, const si_kernarg_desc *m, const char *desc,
                            uint8_t *p, uint32_t size)
{
    unsigned eb = 0, en = 0, es;
    int sgn, isf = 0;
    int cls = m ? builtin_type(m->type_name, &eb, &en) : 0;
    if (a->kind == SI_LARG_VECTOR)
        scalar_info(a->elem, &es, &sgn, &isf);
    if (a->kind == SI_LARG_VECTOR && cls == 'f' && !isf) {
        char f[16];
        float_form(eb, en, f, sizeof f);
        return lfail(l, "args[%d]: integer vector (%s) given for floating-point argument %d %s; use %s", i,
                     larg_name(a), i, desc, f);
    }
    if (a->kind == SI_LARG_VECTOR && cls == 'i' && isf)
        return lfail(l, "args[%d]: floating-point vector (%s) given for integer argument %d %s", i, larg_name(a), i,
                     desc);
    if (a->nbytes != size)
        return lfail(l, "args[%d] (%s): expected %u bytes for kernel argument %d%s%s, given %u", i, larg_name(a), size,
                     i, m ? " " : "", desc, a->nbytes);
    if (m && m->offset % a->align)
        return lfail(l, "args[%d]: %s needs %u-byte alignment but kernel argument %d %s is at kernarg offset %u "
                        "(the kernel lays it out differently; give its bytes with {\"bytes\": \"...\"})",
                     i, larg_name(a), a->align, i, desc, m->offset);
    memcpy(p, a->bytes, a->nbytes);
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
    if (m && mkind != SI_ARG_BY_VALUE)
        return lfail(l, "args[%d]: %s value given for kernel argument %d %s, which is not passed by value", i,
                     larg_name(a), i, desc);
    if (a->kind == SI_LARG_BYTES || a->kind == SI_LARG_STRUCT || a->kind == SI_LARG_VECTOR)
        return encode_aggregate(l, i, a, m, desc, p, size);
    return encode_scalar(l, i, a, m, desc, p, size);
}

/* The value of hidden argument a (metadata .value_kind) in *v, or an error
 * naming the kind: every kind is either set up or refused, never zeroed
 * without a reason. */
static int hidden_value(si_launch *l, const si_dispatch *d, const si_kernarg_desc *a, uint64_t *v)
{
    static const char *xyz = "xyz";
    const char *vk = a->value_kind;
    size_t n = strlen(vk);
    int dim = n > 2 && vk[n - 2] == '_' ? (int)(strchr(xyz, vk[n - 1]) ? strchr(xyz, vk[n - 1]) - xyz : -1) : -1;
    *v = 0;
    if (!strncmp(vk, "hidden_global_offset_", 21) && dim >= 0) *v = d->offset[dim];
    else if (!strncmp(vk, "hidden_block_count_", 19) && dim >= 0) *v = d->ngroups[dim];
    else if (!strncmp(vk, "hidden_group_size_", 18) && dim >= 0) *v = d->wg[dim];
    else if (!strncmp(vk, "hidden_remainder_", 17) && dim >= 0) *v = d->grid[dim] % d->wg[dim];
    else if (!strcmp(vk, "hidden_grid_dims")) *v = d->dims;
    else if (!strcmp(vk, "hidden_dynamic_lds_size")) *v = l->dyn_lds;
    else if (!strcmp(vk, "hidden_queue_ptr")) *v = d->queue_addr;
    /* padding; the multi-grid (cooperative multi-device) sync argument is 0
     * for every other launch, as ROCm's runtime passes it */
    else if (!strcmp(vk, "hidden_none") || !strcmp(vk, "hidden_multigrid_sync_arg")) return 0;
    /* only a kernel that could call ROCm's hostcall services lists it; they
     * are not linked here, so nothing reads the (null) buffer */
    else if (!strcmp(vk, "hidden_hostcall_buffer")) return 0;
    else if (!strcmp(vk, "hidden_printf_buffer"))
        return lfail(l, "kernel \"%s\" uses printf (hidden_printf_buffer): sicu provides no printf buffer",
                     d->kernel->name);
    else if (!strcmp(vk, "hidden_default_queue") || !strcmp(vk, "hidden_completion_action"))
        return lfail(l, "kernel \"%s\" enqueues kernels (%s): device-side enqueue is not supported", d->kernel->name, vk);
    else
        return lfail(l, "kernel \"%s\": hidden argument %s (offset %u) is not supported by the launcher (heap, "
                        "aperture bases and other code object v5 services do not exist on gfx600)",
                     d->kernel->name, vk, a->offset);
    if (a->size < 8 && (*v >> (8 * a->size)) != 0)
        return lfail(l, "kernel \"%s\": %s value %llu does not fit its %u bytes", d->kernel->name, vk,
                     (unsigned long long)*v, a->size);
    return 0;
}

/* Every non-zero offset reaches the kernel through its hidden_global_offset_*
 * argument: without one (a kernel without metadata, or built to take fewer
 * hidden arguments) the offset is an error. */
static int check_offset_args(si_launch *l, const si_kernel *k)
{
    for (int dim = 0; dim < 3; dim++) {
        if (!l->offset[dim])
            continue;
        char want[32];
        snprintf(want, sizeof want, "hidden_global_offset_%c", "xyz"[dim]);
        int found = 0;
        for (int i = 0; k->has_metadata && i < k->nargs && !found; i++)
            found = k->args[i].kind == SI_ARG_HIDDEN && !strcmp(k->args[i].value_kind, want);
        if (!found)
            return lfail(l, "offset[%d]: kernel \"%s\" has no %s%s, so it cannot receive a global work offset", dim,
                         k->name, k->has_metadata ? "hidden argument " : "metadata listing its hidden arguments",
                         k->has_metadata ? want : "");
    }
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
        uint64_t off = 0;
        for (int i = 0; i < l->nargs; i++) {
            const si_launch_arg *a = &l->args[i];
            unsigned sz, al;
            int sgn, isf;
            if (a->kind == SI_LARG_BUFFER || a->kind == SI_LARG_NULL)
                sz = al = 8;
            else if (a->kind == SI_LARG_LOCAL)
                sz = al = 4;
            else if (a->bytes)
                sz = a->nbytes, al = a->align;
            else
                scalar_info(a->kind, &sz, &sgn, &isf), al = sz;
            off = (off + al - 1) / al * al;
            offs[i] = (uint32_t)off;
            sizes[i] = sz;
            off += sz;
        }
        if (off > SI_LAUNCH_MAX_KERNARG) {
            free(offs);
            free(sizes);
            return lfail(l, "args: the arguments need %llu bytes of kernarg segment, more than %u",
                         (unsigned long long)off, SI_LAUNCH_MAX_KERNARG);
        }
        ksize = (uint32_t)off;
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
    for (int i = 0; rc == 0 && k->has_metadata && i < k->nargs; i++) {
        uint64_t v;
        if (k->args[i].kind != SI_ARG_HIDDEN)
            continue;
        rc = hidden_value(l, d, &k->args[i], &v);
        if (rc == 0)
            wr(ka + k->args[i].offset, v, k->args[i].size);
    }
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

/* The work-group size against the kernel's metadata limits, and the grid
 * against what the dispatch can number: work-group ids and counts are 32-bit
 * per dimension (SGPRs, hidden_block_count_*), and the emulator numbers
 * work-groups and waves of the whole dispatch with 32 bits. */
static int check_geometry(si_launch *l, const si_kernel *k)
{
    uint64_t wgsz = (uint64_t)l->wg[0] * l->wg[1] * l->wg[2];
    if (k->reqd_wg[0] && (l->wg[0] != k->reqd_wg[0] || l->wg[1] != k->reqd_wg[1] || l->wg[2] != k->reqd_wg[2]))
        return lfail(l, "workgroup: %u x %u x %u differs from kernel \"%s\"'s reqd_work_group_size(%u, %u, %u)",
                     l->wg[0], l->wg[1], l->wg[2], k->name, k->reqd_wg[0], k->reqd_wg[1], k->reqd_wg[2]);
    if (k->max_flat_wg && wgsz > k->max_flat_wg)
        return lfail(l, "workgroup: %u x %u x %u = %llu work-items exceeds kernel \"%s\"'s max_flat_workgroup_size "
                        "of %u (metadata; compile it with __attribute__((reqd_work_group_size(X, Y, Z))) to allow more)",
                     l->wg[0], l->wg[1], l->wg[2], (unsigned long long)wgsz, k->name, k->max_flat_wg);
    uint64_t groups = 1;
    for (int i = 0; i < 3; i++) {
        uint64_t n = ((uint64_t)l->grid[i] + l->wg[i] - 1) / l->wg[i];
        if (n > UINT32_MAX) /* cannot happen with 32-bit grid sizes; kept for the invariant */
            return lfail(l, "grid[%d]: %llu work-groups do not fit a 32-bit work-group id", i, (unsigned long long)n);
        groups *= n;
    }
    uint64_t waves = groups * ((wgsz + SI_WAVE_LANES - 1) / SI_WAVE_LANES);
    if (groups > UINT32_MAX || waves > UINT32_MAX)
        return lfail(l, "grid: %u x %u x %u work-items in work-groups of %u x %u x %u make %llu work-groups (%llu waves); "
                        "at most 4294967295 of each can be dispatched (32-bit work-group and wave numbers)",
                     l->grid[0], l->grid[1], l->grid[2], l->wg[0], l->wg[1], l->wg[2], (unsigned long long)groups,
                     (unsigned long long)waves);
    return 0;
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
    if (check_geometry(l, k) < 0 || check_offset_args(l, k) < 0)
        return -1;
    d->kernel = k;
    d->dims = l->dims;
    for (int i = 0; i < 3; i++) {
        d->offset[i] = l->offset[i];
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

/* Write a dump file atomically: under a temporary name in its directory,
 * renamed over the target once every byte is written and the file closed.
 * An existing non-regular target (a device, FIFO, symbolic link) is written
 * in place. */
static int write_dump(si_launch *l, const si_launch_buf *b, const uint8_t *p)
{
    const char *path = b->dump_path;
    char tmp[sizeof b->dump_path + 32] = "";
    struct stat st;
    FILE *f;
    if (lstat(path, &st) == 0 && !S_ISREG(st.st_mode)) {
        f = fopen(path, "wb");
    } else {
        const char *slash = strrchr(path, '/');
        snprintf(tmp, sizeof tmp, "%.*s.%s.tmp-XXXXXX", slash ? (int)(slash - path) + 1 : 0, path,
                 slash ? slash + 1 : path);
        mode_t um = umask(0);
        umask(um);
        int fd = mkstemp(tmp);
        f = fd < 0 ? NULL : fdopen(fd, "wb");
        if (fd >= 0 && (!f || fchmod(fd, 0666 & ~um) != 0)) {
            int e = errno;
            if (f)
                fclose(f);
            else
                close(fd);
            unlink(tmp);
            errno = e;
            f = NULL;
        }
    }
    if (!f)
        return lfail(l, "buffer \"%s\": cannot create dump file %s: %s", b->name, path, strerror(errno));
    size_t w = fwrite(p, 1, b->size, f);
    int e = w != b->size ? errno : 0;
    if (fclose(f) != 0 && !e)
        e = errno ? errno : EIO;
    if (w != b->size && !e)
        e = EIO;
    if (!e && tmp[0] && rename(tmp, path) != 0)
        e = errno;
    if (e) {
        if (tmp[0])
            unlink(tmp);
        return lfail(l, "buffer \"%s\": write error on dump file %s: %s", b->name, path, strerror(e));
    }
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
        if (write_dump(l, b, p) < 0)
            return -1;
    }
    return 0;
}
