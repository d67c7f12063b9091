/* sicu: launch descriptions (LAUNCH.json) and dispatch set-up.
 *
 * A launch file names a code object and kernel, the NDRange, the buffers
 * (with initial contents and optional dumps) and the kernel arguments.  See
 * docs/launch-format.md.  Typical use:
 *
 *   si_launch l;  si_codeobj co;  si_mem mem;  si_dispatch d;
 *   si_launch_parse(&l, "LAUNCH.json");
 *   si_codeobj_load(&co, l.code_path);
 *   si_mem_init(&mem);
 *   si_launch_setup(&l, &co, &mem, &d);     // validates args, fills memory
 *   ... si_emu_create(&mem, &d, &opts); si_emu_run(e); ...
 *   si_launch_dump(&l, &mem);               // write the "dump" files
 *   si_launch_free(&l);
 *
 * Every function returns 0 on success or -1 with a message in l->err:
 * JSON syntax errors as FILE:LINE:COLUMN, semantic errors with the field
 * path (e.g. "LAUNCH.json: args[2]: ...").
 */
#ifndef SICU_LAUNCH_H
#define SICU_LAUNCH_H

#include <stdint.h>
#include "sicu/emu.h"

enum si_init_kind {
    SI_INIT_ZERO,      /* "zero"                                   */
    SI_INIT_FILE,      /* "file:PATH"                              */
    SI_INIT_IOTA32,    /* "iota32[:START[:STEP]]"                  */
    SI_INIT_FILL32,    /* "fill32:VALUE"                           */
    SI_INIT_FILL8,     /* "fill8:VALUE"                            */
    SI_INIT_RANDOM32,  /* "random32:SEED"                          */
    SI_INIT_F32RANGE,  /* "f32range:A:B"  linear ramp A..B          */
    SI_INIT_F32RANDOM, /* "f32random:SEED:A:B" uniform in [A,B)     */
    SI_INIT_IOTAF32,   /* "iotaf32[:START[:STEP]]" float ramp      */
};

typedef struct si_launch_buf {
    char name[64];
    uint64_t size;          /* bytes                                        */
    int init;               /* enum si_init_kind                            */
    char init_spec[256];    /* the init string as written                   */
    char init_path[1024];   /* SI_INIT_FILE: resolved path                  */
    double a, b;            /* pattern parameters                           */
    uint64_t seed;
    uint32_t start, step, value;
    char dump_path[1024];   /* resolved dump path or ""                     */
    uint64_t addr;          /* device address (after si_launch_setup)       */
} si_launch_buf;

enum si_larg_kind {
    SI_LARG_BUFFER, SI_LARG_I32, SI_LARG_U32, SI_LARG_I64, SI_LARG_U64, SI_LARG_F32, SI_LARG_F64,
    SI_LARG_LOCAL, SI_LARG_NULL,
    SI_LARG_I8, SI_LARG_U8, SI_LARG_I16, SI_LARG_U16,
    /* by-value aggregates, encoded at parse time into si_launch_arg.bytes */
    SI_LARG_BYTES,          /* {"bytes": "hex"}: raw little-endian bytes    */
    SI_LARG_STRUCT,         /* {"struct": [FIELD, ...]}: natural alignment  */
    SI_LARG_VECTOR          /* {"f32x4": [...]} etc.: OpenCL vector layout  */
};

/* The largest by-value argument ("bytes", "struct" or vector) accepted, and
 * the largest kernarg segment laid out without metadata. */
#define SI_LAUNCH_MAX_ARG_BYTES 65536u
#define SI_LAUNCH_MAX_KERNARG (1u << 20)

typedef struct si_launch_arg {
    int kind;               /* enum si_larg_kind                            */
    int buf;                /* SI_LARG_BUFFER: buffer index                 */
    uint64_t buf_offset;    /* SI_LARG_BUFFER: optional byte offset         */
    union { int64_t i; uint64_t u; double f; } v;
    uint32_t local_bytes;   /* SI_LARG_LOCAL                                */
    uint32_t lds_offset;    /* SI_LARG_LOCAL: LDS offset (after setup)      */
    /* SI_LARG_BYTES / STRUCT / VECTOR */
    uint8_t *bytes;         /* the encoded value (owned; si_launch_free)    */
    uint32_t nbytes;        /* its size in bytes                            */
    uint32_t align;         /* its natural alignment (1 for "bytes")        */
    int elem;               /* SI_LARG_VECTOR: element kind (SI_LARG_I8..)  */
    uint32_t count;         /* SI_LARG_VECTOR: elements (2, 3, 4, 8, 16)    */
    char form[16];          /* the key as written ("struct", "f32x4", ...)  */
} si_launch_arg;

typedef struct si_launch {
    char path[1024];        /* the launch file (for messages)               */
    char dir[1024];         /* its directory (relative paths resolve here)  */
    char code_path[1024];   /* resolved "code"                              */
    char kernel[128];
    uint32_t dims, grid[3], wg[3];
    uint64_t offset[3];     /* global work offset ("offset"; 0 if absent)   */
    int nbufs;
    si_launch_buf *bufs;
    int nargs;
    si_launch_arg *args;
    /* "rfv": the emulator's register-file-virtualization options (docs/rfv.md) */
    int rfv_poison;         /* "poison_released": true                      */
    char rfv_side_path[1024]; /* resolved "side_table" or ""                */
    /* filled by si_launch_setup */
    uint32_t dyn_lds;       /* bytes of dynamic __local arguments           */
    char err[SI_ERRLEN];
} si_launch;

/* Parse a launch file.  l is reset first. */
int si_launch_parse(si_launch *l, const char *path);
/* Parse launch JSON from memory; `name` is used in messages and `dir` to
 * resolve relative paths (NULL = current directory). */
int si_launch_parse_string(si_launch *l, const char *json, const char *name, const char *dir);
/* Validate the arguments against the kernel's metadata and set up device
 * memory: code image, buffers, kernarg segment, AQL dispatch packet, queue,
 * scratch; fills *d. */
int si_launch_setup(si_launch *l, const si_codeobj *co, si_mem *mem, si_dispatch *d);
/* Write every buffer that has a "dump" path (raw bytes). */
int si_launch_dump(si_launch *l, si_mem *mem);
void si_launch_free(si_launch *l);

/* A non-negative integer string as the launch format reads them: decimal or
 * 0x hex digits and nothing else (no spaces, sign or suffix), below 2^64.
 * 0 and *out set, or -1 (and *out unchanged) when malformed. */
int si_parse_u64(const char *s, uint64_t *out);

/* The deterministic generators behind "random32"/"f32random" (documented
 * in docs/launch-format.md so host references can reproduce them):
 * splitmix64 over `*state`, upper 32 bits of each output. */
uint32_t si_launch_rand32(uint64_t *state);

#endif
