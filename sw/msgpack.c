/* sicu: a small, bounds-checked MessagePack reader.  See msgpack.h. */
#include "msgpack.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MP_MAX_DEPTH 64

typedef struct {
    const uint8_t *buf;
    size_t len, pos;
    char *err;
    size_t errlen;
} mp_reader;

static int mp_fail(mp_reader *r, const char *fmt, ...)
{
    char msg[256];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    if (r->err && r->errlen)
        snprintf(r->err, r->errlen, "msgpack: %s at byte offset %zu", msg, r->pos);
    return -1;
}

static int need(mp_reader *r, size_t n)
{
    if (r->len - r->pos < n)
        return mp_fail(r, "truncated value (need %zu more bytes, %zu left)", n, r->len - r->pos);
    return 0;
}

/* Big-endian reads of n bytes (n <= 8) at the cursor; advances it. */
static uint64_t rd_be(mp_reader *r, unsigned n)
{
    uint64_t v = 0;
    for (unsigned i = 0; i < n; i++)
        v = (v << 8) | r->buf[r->pos + i];
    r->pos += n;
    return v;
}

static void free_children(mp_node *n)
{
    if (n->type == MP_ARRAY || n->type == MP_MAP) {
        uint64_t cnt = n->type == MP_MAP ? 2ull * n->len : n->len;
        if (n->v.items) {
            for (uint64_t i = 0; i < cnt; i++)
                free_children(&n->v.items[i]);
            free(n->v.items);
        }
        n->v.items = NULL;
    }
}

static int parse_node(mp_reader *r, mp_node *out, int depth);

static int parse_container(mp_reader *r, mp_node *out, uint8_t type, uint64_t n, int depth)
{
    uint64_t cnt = type == MP_MAP ? 2 * n : n;
    out->type = type;
    out->len = (uint32_t)n;
    out->v.items = NULL;
    /* every element takes at least one byte: reject absurd counts early */
    if (cnt > r->len - r->pos)
        return mp_fail(r, "%s of %llu elements exceeds the remaining %zu bytes",
                       type == MP_MAP ? "map" : "array", (unsigned long long)n, r->len - r->pos);
    if (depth >= MP_MAX_DEPTH)
        return mp_fail(r, "nesting deeper than %d", MP_MAX_DEPTH);
    if (cnt == 0)
        return 0;
    out->v.items = calloc(cnt, sizeof(mp_node));
    if (!out->v.items)
        return mp_fail(r, "out of memory");
    for (uint64_t i = 0; i < cnt; i++) {
        if (parse_node(r, &out->v.items[i], depth + 1) < 0) {
            /* free what was parsed so far; later items are still zeroed (MP_NIL) */
            free_children(out);
            out->type = MP_NIL;
            return -1;
        }
    }
    return 0;
}

static int parse_bytes(mp_reader *r, mp_node *out, uint8_t type, uint64_t n)
{
    if (need(r, n) < 0)
        return -1;
    out->type = type;
    out->len = (uint32_t)n;
    out->v.s = r->buf + r->pos;
    r->pos += n;
    return 0;
}

static int parse_node(mp_reader *r, mp_node *out, int depth)
{
    memset(out, 0, sizeof *out);
    if (need(r, 1) < 0)
        return -1;
    size_t start = r->pos;
    uint8_t c = r->buf[r->pos++];

    if (c <= 0x7f) { out->type = MP_UINT; out->v.u = c; return 0; }
    if (c >= 0xe0) { out->type = MP_INT; out->v.i = (int8_t)c; return 0; }
    if ((c & 0xf0) == 0x80) return parse_container(r, out, MP_MAP, c & 0x0f, depth);
    if ((c & 0xf0) == 0x90) return parse_container(r, out, MP_ARRAY, c & 0x0f, depth);
    if ((c & 0xe0) == 0xa0) return parse_bytes(r, out, MP_STR, c & 0x1f);

    switch (c) {
    case 0xc0: out->type = MP_NIL; return 0;
    case 0xc2: out->type = MP_BOOL; out->v.b = 0; return 0;
    case 0xc3: out->type = MP_BOOL; out->v.b = 1; return 0;
    case 0xc4: case 0xc5: case 0xc6: { /* bin 8/16/32 */
        unsigned w = 1u << (c - 0xc4);
        if (need(r, w) < 0) return -1;
        return parse_bytes(r, out, MP_BIN, rd_be(r, w));
    }
    case 0xd9: case 0xda: case 0xdb: { /* str 8/16/32 */
        unsigned w = 1u << (c - 0xd9);
        if (need(r, w) < 0) return -1;
        return parse_bytes(r, out, MP_STR, rd_be(r, w));
    }
    case 0xc7: case 0xc8: case 0xc9: { /* ext 8/16/32 */
        unsigned w = 1u << (c - 0xc7);
        if (need(r, w + 1) < 0) return -1;
        uint64_t n = rd_be(r, w);
        out->ext_type = (int8_t)r->buf[r->pos++];
        return parse_bytes(r, out, MP_EXT, n);
    }
    case 0xd4: case 0xd5: case 0xd6: case 0xd7: case 0xd8: { /* fixext 1..16 */
        if (need(r, 1) < 0) return -1;
        out->ext_type = (int8_t)r->buf[r->pos++];
        return parse_bytes(r, out, MP_EXT, 1u << (c - 0xd4));
    }
    case 0xca: { /* float 32 */
        if (need(r, 4) < 0) return -1;
        uint32_t bits = (uint32_t)rd_be(r, 4);
        float f;
        memcpy(&f, &bits, 4);
        out->type = MP_FLOAT; out->v.f = f;
        return 0;
    }
    case 0xcb: { /* float 64 */
        if (need(r, 8) < 0) return -1;
        uint64_t bits = rd_be(r, 8);
        memcpy(&out->v.f, &bits, 8);
        out->type = MP_FLOAT;
        return 0;
    }
    case 0xcc: case 0xcd: case 0xce: case 0xcf: { /* uint 8..64 */
        unsigned w = 1u << (c - 0xcc);
        if (need(r, w) < 0) return -1;
        out->type = MP_UINT; out->v.u = rd_be(r, w);
        return 0;
    }
    case 0xd0: case 0xd1: case 0xd2: case 0xd3: { /* int 8..64 */
        unsigned w = 1u << (c - 0xd0);
        if (need(r, w) < 0) return -1;
        uint64_t u = rd_be(r, w);
        unsigned sh = 64 - 8 * w;
        int64_t v = (int64_t)(u << sh) >> sh; /* sign-extend */
        if (v >= 0) { out->type = MP_UINT; out->v.u = (uint64_t)v; }
        else { out->type = MP_INT; out->v.i = v; }
        return 0;
    }
    case 0xdc: case 0xdd: { /* array 16/32 */
        unsigned w = c == 0xdc ? 2 : 4;
        if (need(r, w) < 0) return -1;
        return parse_container(r, out, MP_ARRAY, rd_be(r, w), depth);
    }
    case 0xde: case 0xdf: { /* map 16/32 */
        unsigned w = c == 0xde ? 2 : 4;
        if (need(r, w) < 0) return -1;
        return parse_container(r, out, MP_MAP, rd_be(r, w), depth);
    }
    default:
        r->pos = start;
        return mp_fail(r, "invalid type byte 0x%02x", c);
    }
}

int mp_parse(const uint8_t *buf, size_t len, mp_node **root, char *err, size_t errlen)
{
    mp_reader r = { buf, len, 0, err, errlen };
    *root = NULL;
    mp_node *n = calloc(1, sizeof *n);
    if (!n)
        return mp_fail(&r, "out of memory");
    if (parse_node(&r, n, 0) < 0) {
        mp_free(n);
        return -1;
    }
    *root = n;
    return 0;
}

void mp_free(mp_node *root)
{
    if (!root)
        return;
    free_children(root);
    free(root);
}

int mp_str_eq(const mp_node *n, const char *s)
{
    size_t l = strlen(s);
    return n && n->type == MP_STR && n->len == l && memcmp(n->v.s, s, l) == 0;
}

const mp_node *mp_map_get(const mp_node *map, const char *key)
{
    if (!map || map->type != MP_MAP)
        return NULL;
    for (uint32_t i = 0; i < map->len; i++)
        if (mp_str_eq(&map->v.items[2 * i], key))
            return &map->v.items[2 * i + 1];
    return NULL;
}

int mp_get_i64(const mp_node *n, int64_t *out)
{
    if (!n)
        return -1;
    if (n->type == MP_INT) { *out = n->v.i; return 0; }
    if (n->type == MP_UINT && n->v.u <= (uint64_t)INT64_MAX) { *out = (int64_t)n->v.u; return 0; }
    return -1;
}

int mp_get_str(const mp_node *n, char *dst, size_t dstlen)
{
    if (!n || n->type != MP_STR || dstlen == 0)
        return -1;
    size_t l = n->len < dstlen - 1 ? n->len : dstlen - 1;
    memcpy(dst, n->v.s, l);
    dst[l] = 0;
    return 0;
}
