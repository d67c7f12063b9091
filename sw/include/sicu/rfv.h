/* sicu: register-file virtualization (RFV), the compiler side and the
 * emulator's view of it (docs/rfv.md).
 *
 * The pass finds, per VGPR (one 32-bit register of a wave, all 64 lanes),
 * the points after which its value is dead, and says so to the hardware
 * with the sicu-private metadata instructions rfv_pir / rfv_pbr (rows of
 * sw/isa/si_isa.def, format SI_FMT_RFV) inserted into the code, or with a
 * side table that leaves the code unchanged.  The emulator executes the
 * metadata as no-ops; in poison mode it overwrites every released VGPR with
 * SI_RFV_POISON, so a release before a value's last read shows as a wrong
 * result.
 *
 * Typical use (what `sicu rfv` does):
 *
 *   si_rfv_opts o;  si_rfv_opts_default(&o);
 *   si_rfv_output out;
 *   if (si_rfv_rewrite("k.o", &o, 0, &out, err, sizeof err) < 0) ...error...
 *   write out.elf (out.elf_len bytes), out.json; si_rfv_output_free(&out);
 *
 * Everything returns 0 on success or -1 with a message (file, kernel,
 * offset) in err; nothing aborts.
 */
#ifndef SICU_RFV_H
#define SICU_RFV_H

#include <stddef.h>
#include <stdint.h>
#include "sicu/isa.h"

/* ===================================================================
 * VGPR sets: one bit per VGPR v0..v255.
 * ================================================================= */
typedef struct si_vset {
    uint64_t w[4];
} si_vset;

static inline void si_vset_add(si_vset *s, unsigned r) { if (r < 256) s->w[r >> 6] |= 1ull << (r & 63); }
static inline int si_vset_has(const si_vset *s, unsigned r) { return r < 256 && (s->w[r >> 6] >> (r & 63) & 1); }
static inline void si_vset_add_range(si_vset *s, unsigned r, unsigned n)
{
    for (unsigned i = 0; i < n; i++)
        si_vset_add(s, r + i);
}
static inline void si_vset_or(si_vset *d, const si_vset *a) { for (int i = 0; i < 4; i++) d->w[i] |= a->w[i]; }
static inline void si_vset_and(si_vset *d, const si_vset *a) { for (int i = 0; i < 4; i++) d->w[i] &= a->w[i]; }
static inline void si_vset_andnot(si_vset *d, const si_vset *a) { for (int i = 0; i < 4; i++) d->w[i] &= ~a->w[i]; }
static inline int si_vset_empty(const si_vset *s) { return !(s->w[0] | s->w[1] | s->w[2] | s->w[3]); }
static inline int si_vset_eq(const si_vset *a, const si_vset *b)
{
    return a->w[0] == b->w[0] && a->w[1] == b->w[1] && a->w[2] == b->w[2] && a->w[3] == b->w[3];
}
static inline int si_vset_intersects(const si_vset *a, const si_vset *b)
{
    return ((a->w[0] & b->w[0]) | (a->w[1] & b->w[1]) | (a->w[2] & b->w[2]) | (a->w[3] & b->w[3])) != 0;
}
static inline unsigned si_vset_count(const si_vset *s)
{
    return (unsigned)(__builtin_popcountll(s->w[0]) + __builtin_popcountll(s->w[1]) + __builtin_popcountll(s->w[2]) +
                      __builtin_popcountll(s->w[3]));
}
/* "v0 v[3:5] v9" (at most len bytes, always terminated); returns buf. */
char *si_vset_str(const si_vset *s, char *buf, size_t len);

/* ===================================================================
 * The VGPRs one instruction reads and writes, from the instruction
 * table's operand kinds (widths) and the decoded fields (sw/rfv_ops.c).
 * Shared by the pass and the emulator, so both agree on what a release
 * flag's source slot means.
 * ================================================================= */
typedef struct si_vgpr_ops {
    uint16_t slot_first[3]; /* source slot j reads v[slot_first[j] ..]           */
    uint8_t slot_n[3];      /* ... slot_n[j] VGPRs (0: the slot reads no VGPR)    */
    si_vset use;            /* every VGPR read                                    */
    si_vset def;            /* every VGPR that may be written                     */
    uint8_t partial;        /* the write leaves lanes the EXEC mask enables
                               unwritten (v_writelane, M0-relative writes): it is
                               never a kill                                        */
    uint8_t indexed;        /* M0-relative operands (v_movrel*): use/def are every
                               VGPR from the operand up to the allocation, and the
                               slots are not releasable                             */
} si_vgpr_ops;

/* Fill o for in; nvgpr = the VGPRs the kernel allocated (bounds the
 * M0-relative ranges).  Source slots follow si_inst.src[]: VOP src0..2,
 * DS addr/data0/data1, buffers vaddr/vdata; for the ops that read their
 * destination (si_op_reads_dst: F_MAC's accumulator, v_cvt_pkaccum_u8_f32)
 * slot 2 is the destination register.  Graphics and scalar-only
 * instructions read and write no VGPRs here (the pass rejects graphics). */
void si_vgpr_ops_of(const si_inst *in, unsigned nvgpr, si_vgpr_ops *o);

/* What a released VGPR holds in poison mode: an f32 signalling NaN
 * (exponent all ones, quiet bit clear, payload 0x25a5a5); as an integer a
 * large positive value and an address far outside any buffer. */
#define SI_RFV_POISON 0x7fa5a5a5u

/* ===================================================================
 * The analysis of one kernel (sw/rfv.c).
 * ================================================================= */
typedef struct si_rfv_opts {
    unsigned table_bytes;   /* renaming-table budget per CU (thesis: 1024)        */
    unsigned entry_bits;    /* bits per table entry = physical register id width
                               (10: 1024 physical VGPR rows)                        */
    unsigned waves;         /* resident waves per CU sharing the table; 0 = the
                               kernel's occupancy: 4 SIMDs x min(10, 256 / VGPRs)  */
    unsigned wg_waves;      /* waves per work-group for the worst-case demand; 0 =
                               from the metadata (.reqd_workgroup_size, else
                               .max_flat_workgroup_size, else 256 work-items)       */
    int rename_all;         /* ignore the budget: every VGPR is a candidate        */
    int release_early;      /* TEST HOOK: release every register one instruction
                               before its last read (rfv_pbr instead of the pir
                               flag), to show that poison mode catches it          */
} si_rfv_opts;
void si_rfv_opts_default(si_rfv_opts *o);

/* One kernel's code as the analysis takes it. */
typedef struct si_rfv_code {
    const char *name;
    const uint8_t *code;    /* the first instruction                              */
    uint32_t size;          /* bytes of code                                      */
    unsigned nvgpr;         /* VGPRs allocated (COMPUTE_PGM_RSRC1)                */
    unsigned init_vgprs;    /* VGPRs the dispatcher writes: v0 .. v[init_vgprs-1] */
    unsigned wg_waves;      /* waves per work-group (0: 4)                         */
} si_rfv_code;

typedef struct si_rfv_insn {
    uint32_t off;           /* byte offset in the original code                   */
    si_inst in;
    si_vgpr_ops ops;
    int block;
    uint8_t exec_full;      /* EXEC holds every lane the wave was launched with
                               before this instruction (a VGPR write then kills)   */
    uint8_t rel_slots;      /* rfv_pir flags: bit j = release source slot j's
                               VGPRs after this instruction read them              */
    si_vset live_in, live_out;
    si_vset rel_after;      /* VGPRs released after it (its flagged slots)        */
    si_vset rel_before;     /* VGPRs released just before it (rfv_pbr)            */
} si_rfv_insn;

typedef struct si_rfv_block {
    int first, last;        /* instruction indices                                 */
    int nsucc, succ[2];
    int reachable;
} si_rfv_block;

typedef struct si_rfv_kernel {
    char name[128];
    uint32_t code_bytes;
    unsigned nvgpr, waves, wg_waves;
    int ninsn, nblock;
    si_rfv_insn *insn;
    si_rfv_block *block;
    si_vset used;           /* VGPRs the code reads or writes                     */
    si_vset renamed;        /* candidates within the table budget                  */
    si_vset exempt;         /* used but not renamed: statically mapped, never released */
    unsigned budget;        /* renamed VGPRs per wave the table allows             */
    unsigned max_held;      /* worst case VGPRs one wave holds mapped at once       */
    unsigned max_live;      /* most VGPRs live at one instruction                   */
    unsigned npir, npbr;    /* metadata instructions the in-band form inserts       */
    unsigned nrel_pir, nrel_pbr; /* register releases they carry                    */
} si_rfv_kernel;

/* Decode c, build the CFG, compute EXEC fullness, liveness, release points,
 * renaming candidates and the metadata to insert.  Computed control flow
 * (s_setpc/s_swappc/s_rfe/fork/join), s_setvskip, graphics instructions,
 * undecodable words, branches out of the code and code that runs off its
 * end are errors naming the offset. */
int si_rfv_analyze(const si_rfv_code *c, const si_rfv_opts *o, si_rfv_kernel *k, char *err, size_t errlen);
void si_rfv_kernel_free(si_rfv_kernel *k);

/* The metadata words inserted before instruction i (in-band form): up to
 * `max` dwords into w; returns the number of dwords (even). */
unsigned si_rfv_meta_before(const si_rfv_kernel *k, int i, uint32_t *w, unsigned max);

/* ===================================================================
 * Rewriting a code object (sw/rfv_elf.c).
 * ================================================================= */
typedef struct si_rfv_output {
    uint8_t *elf;           /* the output object                                  */
    size_t elf_len;
    char *json;             /* the metadata / side table (docs/rfv.md, "Formats") */
    int nkernels;
    si_rfv_kernel *kernels;
    uint64_t text_in, text_out; /* code bytes of the kernels before and after    */
} si_rfv_output;

/* Read the relocatable amdhsa gfx600 object at path and analyse every
 * kernel.  side == 0: insert the metadata (in-band), relocate branches,
 * symbols and PC-relative relocations; side == 1: keep the code unchanged
 * and put the releases into the side table.  Both add a non-loaded section
 * ".sicu.rfv" holding out->json. */
int si_rfv_rewrite(const char *path, const si_rfv_opts *o, int side, si_rfv_output *out, char *err, size_t errlen);
void si_rfv_output_free(si_rfv_output *out);

/* ===================================================================
 * Side tables for the emulator (sw/rfv_side.c).
 * ================================================================= */
typedef struct si_rfv_event {
    uint32_t pc;            /* byte offset of the instruction from the kernel's entry */
    uint8_t before;         /* 1: before it executes, 0: after                    */
    si_vset regs;
} si_rfv_event;

typedef struct si_rfv_side si_rfv_side;

/* Load a side table: a JSON file written by `sicu rfv --side-table`, or a
 * code object whose .sicu.rfv section holds one.  NULL with err on error. */
si_rfv_side *si_rfv_side_load(const char *path, char *err, size_t errlen);
void si_rfv_side_free(si_rfv_side *s);
/* The events of kernel `name` (sorted by pc) and the code they belong to:
 * its size and FNV-1a hash.  -1 when the table has no such kernel. */
int si_rfv_side_kernel(const si_rfv_side *s, const char *name, const si_rfv_event **ev, size_t *n,
                       uint32_t *code_bytes, uint32_t *code_hash);
/* The exempt VGPRs of kernel `name` (statically mapped: the 1 KB table's
 * cap, docs/rfv.md section 4) from the .sicu.rfv table of the object at path
 * (in-band or side table): 1 with *ex set; 0 when the object has no table
 * or the table no such kernel (*ex empty); -1 with err when it is malformed. */
int si_rfv_exempt_load(const char *path, const char *name, si_vset *ex, char *err, size_t errlen);
/* FNV-1a (32 bits) of a kernel's code bytes, as side tables record it. */
uint32_t si_rfv_hash(const uint8_t *p, size_t n);

#endif
