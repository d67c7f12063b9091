/* sicu: a small, bounds-checked MessagePack reader (private to libsicu).
 *
 * Used for the NT_AMDGPU_METADATA note of amdhsa code objects (v3-v5).
 * The whole input is parsed into a tree of mp_node; strings and binary
 * payloads point into the caller's buffer (which must outlive the tree).
 * Every length is checked against the bytes that remain, nesting is
 * limited, and malformed input yields an error with its byte offset.
 */
#ifndef SICU_MSGPACK_H
#define SICU_MSGPACK_H

#include <stddef.h>
#include <stdint.h>

enum mp_type { MP_NIL, MP_BOOL, MP_INT, MP_UINT, MP_FLOAT, MP_STR, MP_BIN, MP_ARRAY, MP_MAP, MP_EXT };

typedef struct mp_node mp_node;
struct mp_node {
    uint8_t type;      /* enum mp_type                                  */
    int8_t ext_type;   /* MP_EXT only                                   */
    uint32_t len;      /* STR/BIN/EXT: bytes; ARRAY: items; MAP: pairs  */
    union {
        int b;             /* MP_BOOL                                   */
        int64_t i;         /* MP_INT (negative values)                  */
        uint64_t u;        /* MP_UINT                                   */
        double f;          /* MP_FLOAT (float32 widened)                */
        const uint8_t *s;  /* MP_STR/MP_BIN/MP_EXT payload              */
        mp_node *items;    /* MP_ARRAY: len items; MP_MAP: 2*len (key, value) */
    } v;
};

/* Parse exactly one value from buf[0..len).  Returns 0 and *root on success,
 * or -1 with a message (including the byte offset) in err. */
int mp_parse(const uint8_t *buf, size_t len, mp_node **root, char *err, size_t errlen);
void mp_free(mp_node *root);

/* Map lookup by string key; NULL if `map` is not a map or lacks the key. */
const mp_node *mp_map_get(const mp_node *map, const char *key);
/* Integer value (MP_INT or MP_UINT that fits in int64); 0 on success. */
int mp_get_i64(const mp_node *n, int64_t *out);
/* Copy a string value, NUL-terminated and truncated to dstlen; 0 on success. */
int mp_get_str(const mp_node *n, char *dst, size_t dstlen);
/* 1 if n is a string equal to s. */
int mp_str_eq(const mp_node *n, const char *s);

#endif
