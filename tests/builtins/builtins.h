/* The OpenCL C built-ins test (docs/builtins.md): shared definitions of the
 * generator/checker (builtins.c) and its families (fam_*.c).
 *
 * A case is one kernel: a family, an element type and a vector width
 * ("math-float-4", "conv-int-16", "int-uchar-3", "vdata-short", "atomic").
 * Most families are element-wise: the kernel is a list of calls, each
 * reading its inputs for work-item g from the input buffer, calling one
 * built-in and storing its results; the host computes the reference of
 * every element and compares within the function's OpenCL 1.2 bound. */
#ifndef BUILTINS_H
#define BUILTINS_H
#include <stdint.h>
#include <stdio.h>

enum { T_CHAR, T_UCHAR, T_SHORT, T_USHORT, T_INT, T_UINT, T_LONG, T_ULONG, T_FLOAT, T_DOUBLE, NTYPES };
typedef struct bt_type {
    const char *name;
    int size, isf, sgn;
} bt_type;
extern const bt_type bt_types[NTYPES];
extern const int bt_widths[6];

#define NSAMPLES 64     /* work-items per case: one wave                      */
#define MAXCALLS 640
#define MAXW 16
#define MAXIN (4u << 20)
/* The output buffer starts as fill32:BT_FILL, so unwritten bytes are known:
 * bt_fill(off, n) is the n-byte little-endian value at byte offset off. */
#define BT_FILL 0x7fa5a5a5u
uint64_t bt_fill(size_t off, int n);

/* What a result element must be. */
enum { W_EXACT, W_ULP, W_ABS, W_ANY, W_EITHER, W_NAN, W_QUO };
/* W_QUO (remquo's quotient): the sign of bits (an int64 quotient) and a
 * magnitude congruent to it modulo 8 (OpenCL: at least 3 bits) */
typedef struct want {
    int kind;
    uint64_t bits, bits2;   /* W_EXACT (NaN matches any NaN), W_EITHER      */
    long double f;          /* W_ULP, W_ABS: the exact value                 */
    double tol;             /* ulps, or the absolute bound                   */
} want;

/* Input domains. */
enum {
    D_LIN,      /* uniform in [lo, hi]                                        */
    D_LOG,      /* magnitude log-uniform in [lo, hi], random sign if neg      */
    D_SPECIAL,  /* D_LIN with zeros, infinities, NaN and ties mixed in        */
    D_INT,      /* the integer type's whole range, edge values mixed in       */
    D_INTR,     /* integers in [lo, hi]                                       */
    D_POS,      /* magnitude log-uniform in [lo, hi], positive                */
    D_TIES,     /* D_LIN, every other value on a multiple of 1/2 (rounding ties) */
};
typedef struct dom {
    int kind;
    double lo, hi;
    int neg;            /* D_LOG: random sign */
} dom;

struct call;
/* Reference of one sample: in[j][k] element k of input j (raw bits), want[o][k]. */
typedef void (*ref_fn)(const struct call *c, uint64_t in[3][MAXW], want out[2][MAXW]);

typedef struct call {
    char stmt[256];         /* "r0 = sin(a0);" with a0..a2 declared and r0/r1 stored */
    int nin, nout;
    int it[3], iw[3];       /* input element type and width                  */
    int ot[2], ow[2];       /* output element type and width                 */
    dom d[3];
    ref_fn ref;
    int fn;                 /* family table index                            */
    int aux, aux2;          /* family data (rounding mode, source type, ...) */
    const char *name;       /* for messages: "sin"                           */
    int in_off[3], out_off[2];
} call;

typedef struct kcase {
    char name[64];
    int fam, t, w;
} kcase;

/* A family: which types/widths, how to enumerate calls, or a custom kernel. */
typedef struct family {
    const char *name;
    int types;              /* bit mask of element types                     */
    int per_width;          /* one case per width (else one per type)        */
    int maxw;               /* widths up to (geometric: 4)                   */
    int (*calls)(const kcase *k, call *c);   /* element-wise families           */
    /* custom kernels (sync, async, atomics, vdata): write the source and
     * the input (at most MAXIN bytes), set the sizes and geo = {grid,
     * work-group}; check the output.  NULL for element-wise families. */
    void (*kernel)(const kcase *k, FILE *cl, uint8_t *in, size_t *inlen, size_t *outlen, int geo[2]);
    int (*check)(const kcase *k, const uint8_t *in, const uint8_t *out, int olevel);
} family;
extern const family bt_families[];
extern const int bt_nfamilies;

/* helpers (builtins.c) */
void bt_tname(int t, int w, char *buf);              /* "float4", "int"          */
int bt_slot(int t, int w);                           /* bytes per work-item      */
uint64_t bt_rand(uint64_t *s);
void bt_gen_input(const dom *d, int t, uint64_t *rng, int sample, uint64_t *out);
long double bt_getf(int t, uint64_t bits);
int64_t bt_geti(int t, uint64_t bits);
uint64_t bt_mkf(int t, long double v);               /* rounded to nearest       */
uint64_t bt_mki(int t, int64_t v);                   /* truncated to the type    */
uint64_t bt_rd(const uint8_t *p, int size);
void bt_wr(uint8_t *p, uint64_t v, int size);
void bt_fmt(int t, uint64_t bits, char *buf, size_t len);
int bt_ulp_ok(int t, uint64_t got, long double want, double tol, double *err);
/* report a failing element; returns 1 */
int bt_fail(const kcase *k, int olevel, const char *what, const char *detail);

/* the families (fam_*.c) */
int fam_math(const kcase *k, call *c);
int fam_halfnative(const kcase *k, call *c);
int fam_common(const kcase *k, call *c);
int fam_geometric(const kcase *k, call *c);
int fam_relational(const kcase *k, call *c);
int fam_integer(const kcase *k, call *c);
int fam_convert(const kcase *k, call *c);
void fam_vdata_kernel(const kcase *k, FILE *cl, uint8_t *in, size_t *inlen, size_t *outlen, int geo[2]);
int fam_vdata_check(const kcase *k, const uint8_t *in, const uint8_t *out, int olevel);
void fam_sync_kernel(const kcase *k, FILE *cl, uint8_t *in, size_t *inlen, size_t *outlen, int geo[2]);
int fam_sync_check(const kcase *k, const uint8_t *in, const uint8_t *out, int olevel);
void fam_async_kernel(const kcase *k, FILE *cl, uint8_t *in, size_t *inlen, size_t *outlen, int geo[2]);
int fam_async_check(const kcase *k, const uint8_t *in, const uint8_t *out, int olevel);
void fam_atomic_kernel(const kcase *k, FILE *cl, uint8_t *in, size_t *inlen, size_t *outlen, int geo[2]);
int fam_atomic_check(const kcase *k, const uint8_t *in, const uint8_t *out, int olevel);

/* shared call constructors (builtins.c) */
void bt_call(call *c, const char *name, int nin, int nout);
void bt_in(call *c, int j, int t, int w, dom d);
void bt_out(call *c, int o, int t, int w);

/* half conversions with a rounding mode (0 rte, 1 rtz, 2 rtp, 3 rtn) */
uint16_t bt_to_half(long double v, int mode);
long double bt_from_half(uint16_t h);
/* round a long double to float/double with a rounding mode */
uint64_t bt_mkf_mode(int t, long double v, int mode);

#endif
