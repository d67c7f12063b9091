/* sicu golden emulator: public API (library libsicu).
 *
 * Device memory, code objects, dispatch description, wave state, the
 * execution entry points and the per-retirement record that the trace
 * writer (and, later, the RTL co-simulation) consume.
 */
#ifndef SICU_EMU_H
#define SICU_EMU_H

#include <stdint.h>
#include <stdio.h>
#include "sicu/isa.h"

/* ===================================================================
 * Errors: every failing call returns a negative value and leaves a
 * human-readable message (file, offset or PC, what was expected) in the
 * object's error buffer.  Nothing aborts.
 * ================================================================= */
#define SI_ERRLEN 1024

/* ===================================================================
 * Device memory: a flat 64-bit address space made of named regions.
 * ================================================================= */
typedef struct si_region {
    uint64_t base, size;
    uint8_t *host;
    char name[48];
} si_region;

typedef struct si_mem {
    si_region *r;
    int nr, cap;
    int last;          /* index of the last region hit (look-up cache) */
    uint64_t next;     /* next free device address for allocation      */
    char err[SI_ERRLEN];
} si_mem;

void si_mem_init(si_mem *m);
void si_mem_free(si_mem *m);
/* Allocate a zeroed region; returns its device address (0 on failure). */
uint64_t si_mem_alloc(si_mem *m, uint64_t size, uint64_t align, const char *name);
/* Host pointer for [addr, addr+len) if it lies inside one region, else NULL. */
uint8_t *si_mem_ptr(si_mem *m, uint64_t addr, uint64_t len);
const si_region *si_mem_region(const si_mem *m, const char *name);

/* ===================================================================
 * Code objects (amdhsa ELF for gfx600).
 * ================================================================= */
enum si_arg_kind {
    SI_ARG_GLOBAL_BUFFER, /* pointer to global memory           */
    SI_ARG_BY_VALUE,      /* scalar (or struct) by value         */
    SI_ARG_DYN_LOCAL,     /* __local pointer (dynamic LDS)       */
    SI_ARG_HIDDEN,        /* hidden_* implicit arguments          */
    SI_ARG_OTHER
};

typedef struct si_kernarg_desc {
    char name[64];
    char type_name[64];
    char value_kind[48];   /* as in the metadata: global_buffer, by_value, ... */
    int kind;              /* enum si_arg_kind */
    uint32_t offset, size;
    int is_const;
    char address_space[16];
} si_kernarg_desc;

typedef struct si_kernel {
    char name[128];
    /* kernel descriptor (64 bytes) */
    uint32_t group_segment_fixed_size;
    uint32_t private_segment_fixed_size;
    int64_t entry_offset;    /* kernel_code_entry_byte_offset (from the KD) */
    uint32_t rsrc1, rsrc2;
    uint16_t code_props;     /* bytes 56-57: enable_sgpr_* etc.            */
    uint64_t kd_offset;      /* file offset of .kd symbol value in .text/.rodata */
    uint64_t code_offset;    /* offset of the first instruction within the code image */
    /* metadata */
    uint32_t kernarg_size, kernarg_align;
    int nargs;
    si_kernarg_desc *args;
    int sgpr_count, vgpr_count;
    int has_metadata;
    uint32_t max_flat_wg;    /* .max_flat_workgroup_size (0: not given)      */
    uint32_t reqd_wg[3];     /* .reqd_workgroup_size (all 0: not given)      */
} si_kernel;

typedef struct si_codeobj {
    char path[512];
    uint8_t *image;          /* the loadable image (text+rodata), flat   */
    uint64_t image_size;
    uint64_t text_begin, text_end; /* instruction range within image */
    int nkernels;
    si_kernel *kernels;
    char err[SI_ERRLEN];
} si_codeobj;

int si_codeobj_load(si_codeobj *co, const char *path);
/* Load raw SI instruction words (for disasm --raw and asm tests). */
int si_codeobj_load_raw(si_codeobj *co, const char *path);
void si_codeobj_free(si_codeobj *co);
const si_kernel *si_codeobj_find(const si_codeobj *co, const char *name);

/* ===================================================================
 * Dispatch: what the "command processor" set up in device memory.
 * ================================================================= */
typedef struct si_dispatch {
    const si_kernel *kernel;
    uint32_t dims;               /* 1..3                                 */
    uint32_t grid[3];            /* work-items per dimension             */
    uint32_t wg[3];              /* work-group size per dimension        */
    uint32_t ngroups[3];         /* ceil(grid/wg)                        */
    uint64_t offset[3];          /* global work offset: the kernel reads it
                                    from hidden_global_offset_*; the work-item
                                    and work-group ids do not include it    */
    uint64_t code_addr;          /* device address of the code image     */
    uint64_t entry_pc;           /* device address of the first instruction */
    uint64_t kernarg_addr;
    uint64_t packet_addr;        /* hsa_kernel_dispatch_packet_t (64 B)  */
    uint64_t queue_addr;         /* hsa_queue_t stand-in                 */
    uint64_t scratch_addr;       /* private segment backing store        */
    uint64_t scratch_per_wave;   /* bytes per wave (private size * 64)   */
    uint32_t scratch_slots;      /* waves that can hold scratch at once;
                                    a wave in slot k uses scratch_addr + k*scratch_per_wave */
    uint32_t lds_size;           /* bytes per work-group                 */
    uint32_t code_size;
} si_dispatch;

/* ===================================================================
 * Wave state.
 * ================================================================= */
#define SI_WAVE_LANES 64
#define SI_MAX_VGPRS 256
#define SI_MAX_WAVES_PER_WG 16

enum si_wave_state { SI_WAVE_RUN, SI_WAVE_BARRIER, SI_WAVE_DONE };

struct si_wg;

typedef struct si_wave {
    uint32_t s[128];         /* scalar file indexed by operand code:
                                s0-s103, vcc 106/107, tba/tma, ttmp 112-123,
                                m0 124, exec 126/127                      */
    uint32_t (*v)[SI_WAVE_LANES]; /* v[nvgpr][64]                        */
    uint32_t nvgpr, nsgpr;
    uint64_t pc;             /* byte address in device memory             */
    uint32_t mode;           /* MODE register                              */
    uint8_t scc;
    uint8_t state;           /* enum si_wave_state                         */
    uint32_t id;             /* wave index within its work-group           */
    uint32_t gid;            /* global wave number in the dispatch         */
    uint32_t nlanes;         /* lanes that exist (partial last wave)       */
    struct si_wg *wg;
    uint64_t ninst;          /* retired instructions                      */
    uint8_t csp;             /* fork/join control-stack pointer (s_cbranch_*_fork/join) */
    uint8_t vskip;           /* s_setvskip: skip vector instructions while set */
    /* register-file virtualization (poison mode only; docs/rfv.md) */
    uint8_t rfv_idx;         /* instructions since the last rfv_pir (18: none covered) */
    uint64_t rfv_flags;      /* that rfv_pir's payload                     */
    uint64_t rfv_held[4];    /* VGPRs mapped: written since launch or their last release */
} si_wave;

static inline uint64_t si_exec(const si_wave *w)
{
    return ((uint64_t)w->s[SI_SRC_EXEC_HI] << 32) | w->s[SI_SRC_EXEC_LO];
}
static inline void si_set_exec(si_wave *w, uint64_t e)
{
    w->s[SI_SRC_EXEC_LO] = (uint32_t)e;
    w->s[SI_SRC_EXEC_HI] = (uint32_t)(e >> 32);
}
static inline uint64_t si_vcc(const si_wave *w)
{
    return ((uint64_t)w->s[SI_SRC_VCC_HI] << 32) | w->s[SI_SRC_VCC_LO];
}
static inline void si_set_vcc(si_wave *w, uint64_t e)
{
    w->s[SI_SRC_VCC_LO] = (uint32_t)e;
    w->s[SI_SRC_VCC_HI] = (uint32_t)(e >> 32);
}

typedef struct si_wg {
    uint32_t id[3];
    uint32_t linear;
    uint32_t size[3];        /* actual size of this group (partial groups) */
    uint32_t nwaves;
    si_wave *waves;
    uint8_t *lds;
    uint32_t lds_size;
    uint32_t at_barrier;
} si_wg;

/* ===================================================================
 * Retirement record: one per retired wave instruction.  Filled only when
 * a consumer (trace, cosim) asks for it.  The RTL trace monitor fills
 * the same structure.
 * ================================================================= */
enum si_store_space { SI_SPACE_GLOBAL = 0, SI_SPACE_LDS = 1, SI_SPACE_SCRATCH = 2 };

typedef struct si_store {
    uint64_t addr;
    uint32_t val;      /* dword (or the low bytes for byte/short stores) */
    uint8_t size;      /* 1, 2 or 4 bytes                                */
    uint8_t lane;
    uint8_t space;     /* enum si_store_space                            */
} si_store;

#define SI_REC_MAX_SWR 20
#define SI_REC_MAX_VWR 5   /* dwordx4 + tfe */

typedef struct si_retire {
    uint32_t wg[3];
    uint32_t wave;           /* wave index within work-group  */
    uint32_t gwave;          /* global wave number            */
    uint64_t pc;
    si_inst inst;
    uint64_t exec;           /* EXEC the instruction executed under */
    /* scalar writes (codes 0-127 incl. vcc/m0/exec halves) */
    int nswr;
    struct { uint16_t reg; uint32_t val; } swr[SI_REC_MAX_SWR];
    int scc_wr; uint8_t scc;
    /* vector writes */
    int nvwr;
    struct { uint16_t reg; uint64_t mask; uint32_t val[SI_WAVE_LANES]; } vwr[SI_REC_MAX_VWR];
    /* memory stores */
    int nst, cst;
    si_store *st;
} si_retire;

void si_retire_reset(si_retire *r);
void si_retire_free(si_retire *r);
void si_retire_add_store(si_retire *r, uint64_t addr, uint32_t val, unsigned size,
                         unsigned lane, unsigned space);

/* ===================================================================
 * The emulator.
 * ================================================================= */
/* The runaway guard `sicu run` applies unless --max-instructions is given:
 * about 1000 times the largest bundled program, and a runaway s_branch loop
 * stops in well under a minute. */
#define SI_EMU_DEFAULT_MAX_INSTRUCTIONS 1000000000ull

struct si_rfv_side;

typedef struct si_emu_opts {
    uint64_t max_instructions;   /* 0 = unlimited (runaway guard)        */
    FILE *trace;                 /* JSONL trace output or NULL           */
    int progress;                /* show progress on stderr (tty)        */
    /* Register-file virtualization (docs/rfv.md).  The rfv_pir/rfv_pbr
     * metadata instructions are always no-ops; with poison_released every
     * VGPR they (or rfv_side's events) release is overwritten in all 64
     * lanes with SI_RFV_POISON (sicu/rfv.h), and the rfv_* statistics are
     * kept.  Poison mode runs every instruction through si_emu_step. */
    int poison_released;
    const struct si_rfv_side *rfv_side; /* side table (si_rfv_side_load) or NULL */
} si_emu_opts;

typedef struct si_stats {
    uint64_t wave_insts, lane_ops, cycles_est;
    uint64_t by_fmt[SI_FMT_COUNT];
    uint64_t *by_op;             /* [SI_OP_COUNT]                        */
    uint64_t waves, workgroups;
    /* poison mode (si_emu_opts.poison_released) */
    uint64_t rfv_meta;           /* metadata instructions executed        */
    uint64_t rfv_allocs;         /* VGPRs mapped: an unmapped VGPR written */
    uint64_t rfv_releases;       /* mapped VGPRs released                 */
    uint64_t rfv_held_sum;       /* sum over executed instructions of the wave's mapped VGPRs */
    uint32_t rfv_held_max;       /* the most VGPRs one wave had mapped at once */
    uint32_t rfv_nvgpr;          /* VGPRs the kernel allocates per wave    */
} si_stats;

typedef struct si_emu si_emu;

si_emu *si_emu_create(si_mem *mem, const si_dispatch *d, const si_emu_opts *o);
void si_emu_destroy(si_emu *e);
/* Run the whole dispatch.  0 on success, <0 on error (si_emu_error). */
int si_emu_run(si_emu *e);
const char *si_emu_error(const si_emu *e);
const si_stats *si_emu_stats(const si_emu *e);

/* Fine-grained control (co-simulation). */
int si_emu_wg_start(si_emu *e, uint32_t linear_id, si_wg **out);
/* The SGPR that holds a wave's scratch (private segment) wave offset, or -1
 * when the kernel does not enable scratch.  A wave uses scratch slot
 * gwave % scratch_slots (gwave = linear work-group id * waves per group +
 * wave index); the value is slot * scratch_per_wave.  A dispatcher that runs
 * several work-groups at once waits until a wave's slot is free. */
int si_emu_scratch_sgpr(const si_emu *e);
void si_emu_wg_end(si_emu *e, si_wg *wg);
/* Execute one instruction of wave w; fill rec when non-NULL.
 * Returns 0 on success, <0 on error. */
int si_emu_step(si_emu *e, si_wave *w, si_retire *rec);

/* Decode (cached) the instruction at a PC. NULL and error set if invalid. */
const si_inst *si_emu_fetch(si_emu *e, uint64_t pc);

/* Internal execution units (called by si_emu_step; each returns 0 on
 * success, <0 with si_emu_fail() called on error). */
int si_exec_salu(si_emu *e, si_wave *w, const si_inst *in, si_retire *rec);
int si_exec_smrd(si_emu *e, si_wave *w, const si_inst *in, si_retire *rec);
int si_exec_valu(si_emu *e, si_wave *w, const si_inst *in, si_retire *rec);
int si_exec_ds(si_emu *e, si_wave *w, const si_inst *in, si_retire *rec);
int si_exec_vmem(si_emu *e, si_wave *w, const si_inst *in, si_retire *rec);

/* Report an error naming the wave, PC and instruction; returns -1. */
int si_emu_fail(si_emu *e, const si_wave *w, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
/* A vector memory unit stored `len` bytes at `addr`: a store into the code
 * image drops the decode cache after the current instruction. */
void si_emu_code_store(si_emu *e, uint64_t addr, uint64_t len);
si_mem *si_emu_mem(si_emu *e);
const si_dispatch *si_emu_dispatch(const si_emu *e);

/* Scalar operand access shared by all units (inline constants, literal,
 * VCCZ/EXECZ/SCC; 64-bit reads follow the f64/int literal rules). */
uint32_t si_read_s32(const si_wave *w, const si_inst *in, unsigned code);
uint64_t si_read_s64(const si_wave *w, const si_inst *in, unsigned code, int is_f64);
/* Values of si_read_s64's is_f64 argument: how a 32-bit literal widens. */
enum { SI_LIT64_ZEXT = 0, SI_LIT64_F64 = 1, SI_LIT64_SEXT = 2 };
void si_write_s32(si_wave *w, unsigned code, uint32_t v);
void si_write_s64(si_wave *w, unsigned code, uint64_t v);

/* Trace writer (JSON Lines, see docs/trace-format.md). */
int si_trace_write(FILE *f, const si_retire *r);

#endif
