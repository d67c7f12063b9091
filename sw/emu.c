/* sicu: emulator core - dispatch execution model, scheduling, decode
 * cache, error reporting, statistics and retirement records.
 *
 * The execution model is documented in docs/execution-model.md.
 */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "sicu/emu.h"
#include "rfv_emu.h"
#include "valu_direct.h"

#define WAVE_CHUNK 1024 /* instructions a wave runs before the scheduler rotates */

typedef int (*unit_fn)(si_emu *, si_wave *, const si_inst *, si_retire *);

/* What si_emu_step works out from an instruction on every execution,
 * resolved once per decode-cache slot (docs/execution-model.md, "Emulator
 * performance"): a slot's class indexes this table; class 0 = not decoded,
 * or an instruction the fast loop leaves to si_emu_step (graphics,
 * unsupported formats).  One byte per slot: the cache stays as small as it
 * was. */
typedef struct uclass {
    unit_fn fn;        /* the execution unit */
    uint8_t cyc;       /* cycles_est increment */
    uint8_t lanes;     /* counts lane operations */
    uint8_t vec;       /* a vector instruction (skipped under s_setvskip) */
} uclass;

enum { U_SALU, U_SMRD, U_VALU, U_DS, U_VMEM, U_VALU_INT, U_VALU_F64, U_VALU_F32, U_NOP, U_META, U_COUNT };
#define UCLASS(u, fn, c4, c16, lanes)                                                              \
    [1 + 4 * (u)] = {fn, c4, lanes, 0}, [2 + 4 * (u)] = {fn, c4, lanes, 1},                         \
    [3 + 4 * (u)] = {fn, c16, lanes, 0}, [4 + 4 * (u)] = {fn, c16, lanes, 1}
static const uclass uclasses[1 + 4 * U_COUNT] = {
    UCLASS(U_SALU, si_exec_salu, 1, 1, 0), UCLASS(U_SMRD, si_exec_smrd, 4, 4, 0),
    UCLASS(U_VALU, si_exec_valu, 4, 16, 1), UCLASS(U_DS, si_exec_ds, 4, 4, 1),
    UCLASS(U_VMEM, si_exec_vmem, 4, 4, 1),
    /* the VALU ops of a direct path, pre-resolved (si_valu_path) */
    UCLASS(U_VALU_INT, si_exec_valu_int, 4, 16, 1), UCLASS(U_VALU_F64, si_exec_valu_f64, 4, 16, 1),
    UCLASS(U_VALU_F32, si_exec_valu_f32, 4, 16, 1),
    UCLASS(U_NOP, si_exec_nop, 1, 1, 0), /* SOPP no-ops (si_salu_is_nop) */
    UCLASS(U_META, si_exec_nop, 0, 0, 0), /* rfv metadata: no state, no time (docs/rfv.md) */
};
#undef UCLASS

struct si_emu {
    si_mem *mem;
    si_dispatch d;
    si_emu_opts o;
    si_stats st;
    char err[SI_ERRLEN];

    /* code image and decode cache (one slot per dword; size 0 = not decoded) */
    const uint8_t *code;
    uint64_t code_addr, code_size;
    si_inst *dc;
    uint8_t *dcls;             /* per slot: index into uclasses */

    /* per-dispatch wave configuration */
    uint32_t nvgpr, nsgpr, user_sgprs, waves_per_wg;
    uint64_t ngroups_total;
    uint32_t lds_size;

    /* execution */
    uint64_t total_insts;
    si_wg *spare;              /* recycled work-group storage */
    const si_wave *cur_wave;   /* instruction being executed (for errors) */
    const si_inst *cur_inst;
    uint64_t cur_pc;
    si_retire rec;
    int failed;
    int code_dirty;            /* a store hit the code image: drop the decode cache */
    int code_changed;          /* ... which happened during this dispatch */
    uint8_t *code_copy;        /* the code bytes the decode cache belongs to (si_emu_run) */
    rfv_emu rfv;               /* register-file virtualization: poison mode, side table */
};

static int emu_err(si_emu *e, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* The decode cache of the last dispatch this thread ran, kept for the next
 * one: a dispatch of the same code bytes with the same register allocation
 * (what decoding and validation depend on) takes it over instead of
 * decoding again (repeated dispatches of one kernel).  Compared byte for
 * byte when si_emu_run starts; dropped when it does not match, so at most
 * one decode cache is alive per thread, as before. */
static _Thread_local struct {
    uint8_t *code;
    uint64_t size;
    uint32_t nvgpr, nsgpr;
    si_inst *dc;
    uint8_t *dcls;
} kept;

static void kept_free(void)
{
    free(kept.code);
    free(kept.dc);
    free(kept.dcls);
    memset(&kept, 0, sizeof kept);
}

__attribute__((destructor)) static void kept_fini(void) { kept_free(); }

/* The decode cache of this emulator, empty. */
static int dc_alloc(si_emu *e)
{
    if (e->dc)
        return 0;
    e->dc = calloc(e->code_size / 4 + 1, sizeof(si_inst));
    e->dcls = calloc(e->code_size / 4 + 1, 1);
    if (e->dc && e->dcls)
        return 0;
    free(e->dc);
    free(e->dcls);
    e->dc = NULL, e->dcls = NULL;
    return -1;
}

/* si_emu_run's start: adopt the kept cache when it matches, else drop it
 * (before this dispatch's cache exists: one cache alive at a time);
 * remember the code bytes this dispatch's cache will belong to. */
static int kept_adopt(si_emu *e)
{
    if (e->code_copy)
        return 0; /* not the first si_emu_run of this emulator */
    int match = kept.dc && kept.size == e->code_size && kept.nvgpr == e->nvgpr &&
                kept.nsgpr == e->nsgpr && memcmp(kept.code, e->code, e->code_size) == 0;
    if (match && !e->total_insts) {
        free(e->dc);
        free(e->dcls);
        e->dc = kept.dc;
        e->dcls = kept.dcls;
        e->code_copy = kept.code;
        kept.dc = NULL, kept.dcls = NULL, kept.code = NULL;
    }
    kept_free();
    if (dc_alloc(e) < 0)
        return emu_err(e, "out of host memory for the decode cache");
    if (!e->code_copy && (e->code_copy = malloc(e->code_size)) != NULL)
        memcpy(e->code_copy, e->code, e->code_size);
    return 0;
}

/* ------------------------------------------------------------------ */
/* errors                                                             */
/* ------------------------------------------------------------------ */

static int emu_err(si_emu *e, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static int emu_err(si_emu *e, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(e->err, sizeof e->err, fmt, ap);
    va_end(ap);
    e->failed = 1;
    return -1;
}

/* "disassembly (encoding 0x........ [0x........])" of an instruction. */
static void describe_inst(const si_inst *in, uint64_t pc, char *buf, size_t len)
{
    char dis[160];
    si_disasm(in, pc, dis, sizeof dis);
    if (in->size > 4)
        snprintf(buf, len, "%s (encoding 0x%08x 0x%08x)", dis, in->w0,
                 in->has_lit && in->size == 8 ? in->lit : in->w1);
    else
        snprintf(buf, len, "%s (encoding 0x%08x)", dis, in->w0);
}

int si_emu_fail(si_emu *e, const si_wave *w, const char *fmt, ...)
{
    if (!e)
        return -1;
    char reason[400], where[200] = "", inst[300] = "";
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(reason, sizeof reason, fmt, ap);
    va_end(ap);

    uint64_t pc = w ? w->pc : 0;
    if (w && e->cur_wave == w && e->cur_inst) {
        pc = e->cur_pc;
        describe_inst(e->cur_inst, pc, inst, sizeof inst);
    }
    if (w) {
        if (w->wg)
            snprintf(where, sizeof where, "wave %u (work-group %u,%u,%u wave %u) PC 0x%llx (code +0x%llx)",
                     w->gid, w->wg->id[0], w->wg->id[1], w->wg->id[2], w->id,
                     (unsigned long long)pc, (unsigned long long)(pc - e->code_addr));
        else
            snprintf(where, sizeof where, "wave %u PC 0x%llx", w->gid, (unsigned long long)pc);
    }
    snprintf(e->err, sizeof e->err, "%s%s%s%s%s", where, inst[0] ? ": " : "", inst,
             where[0] || inst[0] ? ": " : "", reason);
    e->failed = 1;
    return -1;
}

const char *si_emu_error(const si_emu *e) { return e ? e->err : "no emulator"; }
const si_stats *si_emu_stats(const si_emu *e) { return &e->st; }
si_mem *si_emu_mem(si_emu *e) { return e->mem; }
const si_dispatch *si_emu_dispatch(const si_emu *e) { return &e->d; }
uint64_t si_emu_clock(const si_emu *e) { return e->total_insts; }

/* ------------------------------------------------------------------ */
/* creation                                                           */
/* ------------------------------------------------------------------ */

/* Kernel-descriptor code-properties bits (bytes 56-57). */
enum {
    KCP_PRIV_SEG_BUF = 1u << 0, KCP_DISPATCH_PTR = 1u << 1, KCP_QUEUE_PTR = 1u << 2,
    KCP_KERNARG_PTR = 1u << 3, KCP_DISPATCH_ID = 1u << 4, KCP_FLAT_SCRATCH_INIT = 1u << 5,
    KCP_PRIV_SEG_SIZE = 1u << 6,
    KCP_UNSUPPORTED = 0x7u << 7 | 1u << 10 /* grid wg counts (never in CP), wave32 */
};

/* COMPUTE_PGM_RSRC2 fields. */
#define RSRC2_SCRATCH_EN(r) ((r) & 1)
#define RSRC2_USER_SGPR(r)  (((r) >> 1) & 0x1f)
#define RSRC2_TGID_X(r)     (((r) >> 7) & 1)
#define RSRC2_TGID_Y(r)     (((r) >> 8) & 1)
#define RSRC2_TGID_Z(r)     (((r) >> 9) & 1)
#define RSRC2_TG_SIZE(r)    (((r) >> 10) & 1)
#define RSRC2_TIDIG(r)      (((r) >> 11) & 3)

static uint32_t user_sgprs_needed(uint16_t cp)
{
    return (cp & KCP_PRIV_SEG_BUF ? 4 : 0) + (cp & KCP_DISPATCH_PTR ? 2 : 0) +
           (cp & KCP_QUEUE_PTR ? 2 : 0) + (cp & KCP_KERNARG_PTR ? 2 : 0) +
           (cp & KCP_DISPATCH_ID ? 2 : 0) + (cp & KCP_PRIV_SEG_SIZE ? 1 : 0);
}

si_emu *si_emu_create(si_mem *mem, const si_dispatch *d, const si_emu_opts *o)
{
    si_emu *e = calloc(1, sizeof *e);
    if (!e)
        return NULL;
    e->mem = mem;
    if (d)
        e->d = *d;
    if (o)
        e->o = *o;
    e->st.by_op = calloc(SI_OP_COUNT, sizeof(uint64_t));
    if (!e->st.by_op) {
        emu_err(e, "out of host memory");
        return e;
    }
    if (!mem || !d || !d->kernel) {
        emu_err(e, "si_emu_create: missing %s", !mem ? "device memory" : !d ? "dispatch" : "kernel");
        return e;
    }
    const si_kernel *k = d->kernel;

    /* geometry */
    if (d->dims < 1 || d->dims > 3) {
        emu_err(e, "dispatch: dims must be 1..3 (got %u)", d->dims);
        return e;
    }
    uint64_t wgsize = 1;
    for (int i = 0; i < 3; i++) {
        uint32_t g = i < (int)d->dims ? d->grid[i] : (d->grid[i] ? d->grid[i] : 1);
        uint32_t s = i < (int)d->dims ? d->wg[i] : (d->wg[i] ? d->wg[i] : 1);
        if (g == 0 || s == 0) {
            emu_err(e, "dispatch: grid and work-group sizes must be non-zero (dim %d: grid %u, wg %u)",
                    i, g, s);
            return e;
        }
        e->d.grid[i] = g;
        e->d.wg[i] = s;
        e->d.ngroups[i] = (uint32_t)(((uint64_t)g + s - 1) / s);
        wgsize *= s;
    }
    if (wgsize > (uint64_t)SI_WAVE_LANES * SI_MAX_WAVES_PER_WG) {
        emu_err(e, "dispatch: work-group size %llu exceeds %d work-items",
                (unsigned long long)wgsize, SI_WAVE_LANES * SI_MAX_WAVES_PER_WG);
        return e;
    }
    e->waves_per_wg = (uint32_t)((wgsize + SI_WAVE_LANES - 1) / SI_WAVE_LANES);
    e->ngroups_total = (uint64_t)e->d.ngroups[0] * e->d.ngroups[1] * e->d.ngroups[2];
    /* work-groups are numbered with 32 bits (si_emu_wg_start), waves too (si_wave.gid, traces) */
    if (e->ngroups_total > UINT32_MAX || e->ngroups_total * e->waves_per_wg > UINT32_MAX) {
        emu_err(e, "dispatch: grid %u x %u x %u in work-groups of %u x %u x %u makes %llu work-groups of %u waves; "
                "at most 4294967295 work-groups and waves can be numbered", e->d.grid[0], e->d.grid[1],
                e->d.grid[2], e->d.wg[0], e->d.wg[1], e->d.wg[2], (unsigned long long)e->ngroups_total,
                e->waves_per_wg);
        return e;
    }

    /* code */
    e->code_addr = d->code_addr;
    e->code_size = d->code_size ? d->code_size : 0;
    e->code = e->code_size ? si_mem_ptr(mem, d->code_addr, d->code_size) : NULL;
    if (!e->code) {
        emu_err(e, "dispatch: code image [0x%llx, +0x%x) is not in device memory",
                (unsigned long long)d->code_addr, d->code_size);
        return e;
    }
    if (d->entry_pc < d->code_addr || d->entry_pc - d->code_addr >= e->code_size ||
        (d->entry_pc & 3)) {
        emu_err(e, "dispatch: entry PC 0x%llx is outside the code image [0x%llx, 0x%llx) or misaligned",
                (unsigned long long)d->entry_pc, (unsigned long long)d->code_addr,
                (unsigned long long)(d->code_addr + e->code_size));
        return e;
    }
    /* the decode cache is allocated on first use (dc_alloc), or taken over
     * from the previous dispatch (kept_adopt) */

    /* register allocation: RSRC1 VGPRS[5:0] (granules of 4), SGPRS[9:6] (granules of 8) */
    e->nvgpr = ((k->rsrc1 & 0x3f) + 1) * 4;
    e->nsgpr = (((k->rsrc1 >> 6) & 0xf) + 1) * 8;
    if (e->nsgpr > SI_SRC_SGPR_MAX + 1)
        e->nsgpr = SI_SRC_SGPR_MAX + 1;
    if (e->nvgpr > SI_MAX_VGPRS) {
        emu_err(e, "kernel %s: %u VGPRs requested, SI has %d", k->name, e->nvgpr, SI_MAX_VGPRS);
        return e;
    }
    if (RSRC2_TIDIG(k->rsrc2) == 2 && e->nvgpr < 3) {
        emu_err(e, "kernel %s: work-item ids X,Y,Z requested but only %u VGPRs", k->name, e->nvgpr);
        return e;
    }

    /* user / system SGPRs */
    uint16_t cp = k->code_props;
    if (cp & KCP_FLAT_SCRATCH_INIT) {
        emu_err(e, "kernel %s: enable_sgpr_flat_scratch_init is set, but GFX6 has no flat scratch", k->name);
        return e;
    }
    if (cp & KCP_UNSUPPORTED) {
        emu_err(e, "kernel %s: unsupported kernel code properties 0x%04x (grid work-group counts / wave32)",
                k->name, cp);
        return e;
    }
    e->user_sgprs = RSRC2_USER_SGPR(k->rsrc2);
    if (user_sgprs_needed(cp) > e->user_sgprs) {
        emu_err(e, "kernel %s: code properties 0x%04x enable %u user SGPRs but COMPUTE_PGM_RSRC2.USER_SGPR is %u",
                k->name, cp, user_sgprs_needed(cp), e->user_sgprs);
        return e;
    }
    uint32_t nsys = RSRC2_TGID_X(k->rsrc2) + RSRC2_TGID_Y(k->rsrc2) + RSRC2_TGID_Z(k->rsrc2) +
                    RSRC2_TG_SIZE(k->rsrc2) + RSRC2_SCRATCH_EN(k->rsrc2);
    if (e->user_sgprs + nsys > e->nsgpr) {
        emu_err(e, "kernel %s: %u user + %u system SGPRs exceed the %u SGPRs it allocated (COMPUTE_PGM_RSRC1.SGPRS)",
                k->name, e->user_sgprs, nsys, e->nsgpr);
        return e;
    }
    if ((cp & KCP_PRIV_SEG_BUF) || RSRC2_SCRATCH_EN(k->rsrc2)) {
        if (k->private_segment_fixed_size && (!d->scratch_addr || d->scratch_slots < e->waves_per_wg ||
                                              d->scratch_per_wave < (uint64_t)k->private_segment_fixed_size * 64)) {
            emu_err(e, "dispatch: kernel %s needs %u bytes of private memory per work-item but the scratch "
                    "area is 0x%llx with %u slots of %llu bytes (need %u slots of %llu)", k->name,
                    k->private_segment_fixed_size, (unsigned long long)d->scratch_addr, d->scratch_slots,
                    (unsigned long long)d->scratch_per_wave, e->waves_per_wg,
                    (unsigned long long)k->private_segment_fixed_size * 64);
            return e;
        }
    }
    e->lds_size = d->lds_size > k->group_segment_fixed_size ? d->lds_size : k->group_segment_fixed_size;
    if (e->lds_size > 65536) {
        emu_err(e, "dispatch: %u bytes of LDS per work-group exceed the 64 KiB of an SI compute unit", e->lds_size);
        return e;
    }
    e->st.rfv_nvgpr = e->nvgpr;
    char why[512];
    if ((e->o.poison_released || e->o.rfv_side) &&
        rfv_emu_init(&e->rfv, &e->o, k, e->code, e->code_size, d->entry_pc - d->code_addr, why, sizeof why) < 0)
        emu_err(e, "%s", why);
    return e;
}

static void wg_free(si_wg *wg)
{
    if (!wg)
        return;
    if (wg->waves && wg->nwaves)
        free(wg->waves[0].v);
    free(wg->waves);
    free(wg->lds);
    free(wg);
}

void si_emu_destroy(si_emu *e)
{
    if (!e)
        return;
    wg_free(e->spare);
    if (e->code_copy && !e->code_changed && !e->failed) {
        /* keep this dispatch's decode cache for the next one (kept_adopt) */
        kept_free();
        kept.code = e->code_copy, kept.size = e->code_size, kept.nvgpr = e->nvgpr, kept.nsgpr = e->nsgpr;
        kept.dc = e->dc, kept.dcls = e->dcls;
    } else {
        free(e->code_copy);
        free(e->dc);
        free(e->dcls);
    }
    free(e->st.by_op);
    si_retire_free(&e->rec);
    rfv_emu_free(&e->rfv);
    free(e);
}

/* ------------------------------------------------------------------ */
/* decode cache                                                       */
/* ------------------------------------------------------------------ */

static int is_reserved_src(unsigned c)
{
    return c == 104 || c == 105 || c == 125 || (c > SI_SRC_INT_NEG_LAST && c < SI_SRC_F_0_5) ||
           (c > SI_SRC_F_NEG_4_0 && c < SI_SRC_VCCZ);
}

/* Check that an operand code of `w` dwords stays inside its file. */
static int check_reg(si_emu *e, uint64_t pc, const char *what, unsigned code, unsigned w, int scalar_only)
{
    if (w == 0)
        return 0;
    if (code < 128) {
        if (code + w > 128)
            return emu_err(e, "PC 0x%llx: %s register s%u..s%u runs past the scalar file",
                           (unsigned long long)pc, what, code, code + w - 1);
        /* s0..s103: only the SGPRs the kernel allocated (COMPUTE_PGM_RSRC1.SGPRS);
         * the RTL gives a wave exactly these, the next ones belong to another wave */
        if (code <= SI_SRC_SGPR_MAX && code + w > e->nsgpr) {
            char r[24];
            snprintf(r, sizeof r, w > 1 ? "s[%u:%u]" : "s%u", code, code + w - 1);
            return emu_err(e, "PC 0x%llx: %s register %s is beyond the %u SGPRs the kernel allocated (s0..s%u, "
                           "kernel descriptor COMPUTE_PGM_RSRC1.SGPRS)", (unsigned long long)pc, what, r, e->nsgpr,
                           e->nsgpr - 1);
        }
        return 0;
    }
    if (code >= SI_SRC_VGPR0) {
        if (scalar_only)
            return emu_err(e, "PC 0x%llx: %s operand v%u is not allowed here", (unsigned long long)pc,
                           what, code - SI_SRC_VGPR0);
        if (code - SI_SRC_VGPR0 + w > e->nvgpr)
            return emu_err(e, "PC 0x%llx: %s register v%u..v%u is beyond the %u VGPRs the kernel allocated",
                           (unsigned long long)pc, what, code - SI_SRC_VGPR0, code - SI_SRC_VGPR0 + w - 1,
                           e->nvgpr);
    }
    return 0;
}

/* Validate a freshly decoded instruction once, so the execution units can
 * index register files without bounds checks. */
static int validate(si_emu *e, uint64_t pc, const si_inst *in)
{
    const si_opinfo *oi = &si_ops[in->op];
    unsigned nf = oi->fmt;
    int is_scalar_fmt = nf == SI_FMT_SOP2 || nf == SI_FMT_SOP1 || nf == SI_FMT_SOPC;
    int is_valu = (oi->flags & F_VALU) != 0;

    if (is_scalar_fmt || is_valu) {
        for (int i = 0; i < 3; i++) {
            unsigned k = oi->src[i];
            if (k == K_NONE)
                continue;
            unsigned c = in->src[i];
            if (c == SI_SRC_LDS_DIRECT)
                return emu_err(e, "PC 0x%llx: LDS_DIRECT operands are not supported", (unsigned long long)pc);
            if (is_reserved_src(c))
                return emu_err(e, "PC 0x%llx: source operand %d uses reserved operand code %u",
                               (unsigned long long)pc, i, c);
            if (check_reg(e, pc, "source", c, SI_OPK_W(k), is_scalar_fmt) < 0)
                return -1;
        }
    }
    if (is_scalar_fmt || nf == SI_FMT_SOPK || nf == SI_FMT_SMRD) {
        if (oi->dst != K_NONE && check_reg(e, pc, "destination", in->dst, si_dst_dwords(in), 1) < 0)
            return -1;
    }
    if (nf == SI_FMT_SMRD) {
        unsigned bw = SI_OPK_W(oi->src[0]) ? SI_OPK_W(oi->src[0]) : 2;
        if (check_reg(e, pc, "base", in->sbase, bw, 1) < 0)
            return -1;
        if (!in->smrd_imm && check_reg(e, pc, "offset", in->smrd_off, 1, 1) < 0)
            return -1;
    }
    if (is_valu) {
        if (nf != SI_FMT_VOPC && oi->dst != K_NONE) {
            if ((oi->flags & F_SDST) && in->dst >= 128)
                return emu_err(e, "PC 0x%llx: scalar destination code %u is not an SGPR", (unsigned long long)pc,
                               in->dst);
            if (check_reg(e, pc, "destination", in->dst, si_dst_dwords(in), 0) < 0)
                return -1;
        }
        if ((in->fmt == SI_FMT_VOP3B || (in->vop3 && nf == SI_FMT_VOPC)) &&
            check_reg(e, pc, "scalar destination", in->sdst, 2, 1) < 0)
            return -1;
    }
    if (nf == SI_FMT_DS || nf == SI_FMT_MUBUF || nf == SI_FMT_MTBUF) {
        unsigned aw = nf == SI_FMT_DS ? 1 : si_src_dwords(in, 0);
        if (in->vaddr >= SI_SRC_VGPR0 && check_reg(e, pc, "address", in->vaddr, aw, 0) < 0)
            return -1;
        unsigned dw = si_dst_dwords(in);
        if (dw && in->dst >= SI_SRC_VGPR0 && check_reg(e, pc, "destination", in->dst, dw, 0) < 0)
            return -1;
        unsigned d0 = SI_OPK_W(oi->src[1]);
        if (nf != SI_FMT_DS && dw > d0)
            d0 = dw;
        if (in->vdata >= SI_SRC_VGPR0 && check_reg(e, pc, "data", in->vdata, d0, 0) < 0)
            return -1;
        if (nf == SI_FMT_DS && in->data1 >= SI_SRC_VGPR0 &&
            check_reg(e, pc, "data1", in->data1, SI_OPK_W(oi->src[2]), 0) < 0)
            return -1;
        if (nf != SI_FMT_DS && check_reg(e, pc, "resource", in->srsrc, 4, 1) < 0)
            return -1;
        if (nf != SI_FMT_DS && check_reg(e, pc, "soffset", in->soffset, 1, 1) < 0)
            return -1;
    }
    return 0;
}

/* Pre-resolve what si_emu_step works out per execution (unit, cycle
 * estimate, lane counting, s_setvskip); the fast loop (run_wave) uses it. */
static uint8_t resolve(const si_inst *in)
{
    uint32_t fl = si_ops[in->op].flags;
    unsigned vec = (fl & (F_VALU | F_VMEM | F_LDS)) != 0, slow = (fl & (F_DP | F_TRANS)) != 0, u;
    if (fl & F_GRAPHICS)
        return 0;
    switch (in->fmt) {
    case SI_FMT_SOP2: case SI_FMT_SOPK: case SI_FMT_SOP1: case SI_FMT_SOPC: case SI_FMT_SOPP:
        u = in->fmt == SI_FMT_SOPP && si_salu_is_nop(in->op) ? U_NOP : U_SALU;
        break;
    case SI_FMT_SMRD:
        u = U_SMRD;
        break;
    case SI_FMT_VOP2: case SI_FMT_VOP1: case SI_FMT_VOPC: case SI_FMT_VOP3A: case SI_FMT_VOP3B: {
        static const uint8_t unit_of[] = {[SI_VALU_GENERAL] = U_VALU, [SI_VALU_INT] = U_VALU_INT,
                                          [SI_VALU_F64] = U_VALU_F64, [SI_VALU_F32] = U_VALU_F32};
        u = unit_of[si_valu_path(in->op)];
        break;
    }
    case SI_FMT_DS:
        u = U_DS;
        break;
    case SI_FMT_MUBUF: case SI_FMT_MTBUF:
        u = U_VMEM;
        break;
    case SI_FMT_RFV:
        u = U_META;
        break;
    default:
        return 0;
    }
    return (uint8_t)(1 + 4 * u + 2 * slow + vec);
}

/* Decode-cache look-up; on failure writes the reason (without the PC
 * prefix) to why[] and returns NULL. */
static const si_inst *fetch(si_emu *e, uint64_t pc, char *why, size_t len)
{
    uint64_t off = pc - e->code_addr;
    if (pc < e->code_addr || off >= e->code_size || (off & 3)) {
        snprintf(why, len, "PC is outside the code image [0x%llx, 0x%llx)%s",
                 (unsigned long long)e->code_addr, (unsigned long long)(e->code_addr + e->code_size),
                 (pc >= e->code_addr && off < e->code_size) ? " (not dword-aligned)" : "");
        return NULL;
    }
    if (dc_alloc(e) < 0) {
        snprintf(why, len, "out of host memory for the decode cache");
        return NULL;
    }
    si_inst *c = &e->dc[off >> 2];
    if (c->size)
        return c;

    uint32_t words[3] = {0, 0, 0};
    size_t avail = (size_t)((e->code_size - off) / 4);
    size_t n = avail < 3 ? avail : 3;
    memcpy(words, e->code + off, n * 4);
    int r = si_decode(words, n, c);
    if (r < 0) {
        unsigned fmt = c->fmt;
        memset(c, 0, sizeof *c);
        if (r == SI_DEC_TRUNCATED)
            snprintf(why, len, "instruction 0x%08x is truncated by the end of the code image", words[0]);
        else
            snprintf(why, len, "cannot decode instruction word 0x%08x%s%s (next word 0x%08x)", words[0],
                     fmt < SI_FMT_COUNT ? " as " : "", fmt < SI_FMT_COUNT ? si_fmt_name(fmt) : "", words[1]);
        return NULL;
    }
    char saved[SI_ERRLEN];
    size_t nsaved = strnlen(e->err, sizeof e->err - 1) + 1; /* validate() may overwrite it */
    memcpy(saved, e->err, nsaved);
    saved[nsaved - 1] = 0;
    int failed = e->failed;
    if (validate(e, pc, c) < 0) {
        /* validate() wrote "PC 0x...: reason" to e->err: keep the reason */
        const char *m = strstr(e->err, ": ");
        char d[300];
        describe_inst(c, pc, d, sizeof d);
        snprintf(why, len, "%.200s [%.280s]", m ? m + 2 : e->err, d);
        memcpy(e->err, saved, nsaved);
        e->failed = failed;
        memset(c, 0, sizeof *c);
        return NULL;
    }
    e->dcls[off >> 2] = resolve(c);
    return c;
}

const si_inst *si_emu_fetch(si_emu *e, uint64_t pc)
{
    char why[512];
    const si_inst *in = fetch(e, pc, why, sizeof why);
    if (!in)
        emu_err(e, "PC 0x%llx (code +0x%llx): %s", (unsigned long long)pc,
                (unsigned long long)(pc - e->code_addr), why);
    return in;
}

/* A store of `len` bytes at `addr` by the executing instruction (vector
 * memory units): when it overlaps the code image, every decoded instruction
 * is dropped once the instruction completes (code_invalidate), so later
 * fetches decode the new bytes.  SI kernels do not modify their code; this
 * keeps a kernel that does (or a stray store) from running stale decodes. */
void si_emu_code_store(si_emu *e, uint64_t addr, uint64_t len)
{
    if (e && addr < e->code_addr + e->code_size && addr + len > e->code_addr)
        e->code_dirty = 1;
}

static void code_invalidate(si_emu *e)
{
    if (!e->dc)
        return;
    memset(e->dc, 0, (e->code_size / 4 + 1) * sizeof(si_inst));
    memset(e->dcls, 0, e->code_size / 4 + 1);
    e->code_dirty = 0;
    e->code_changed = 1;
}

/* ------------------------------------------------------------------ */
/* work-groups                                                        */
/* ------------------------------------------------------------------ */

/* Set up the initial state of wave `i` of work-group `wg`. */
static void wave_init(si_emu *e, si_wg *wg, si_wave *w, uint32_t i)
{
    const si_kernel *k = e->d.kernel;
    const si_dispatch *d = &e->d;
    uint32_t (*v)[SI_WAVE_LANES] = w->v;
    memset(w, 0, sizeof *w);
    w->v = v;
    memset(v, 0, sizeof(uint32_t) * SI_WAVE_LANES * e->nvgpr);
    w->nvgpr = e->nvgpr;
    w->nsgpr = e->nsgpr;
    w->pc = d->entry_pc;
    w->id = i;
    w->gid = (uint32_t)((uint64_t)wg->linear * e->waves_per_wg + i); /* < 2^32: si_emu_create */
    w->wg = wg;
    w->state = SI_WAVE_RUN;
    if (e->rfv.poison)
        rfv_emu_wave_init(w, 1 + (RSRC2_TIDIG(k->rsrc2) >= 1 && e->nvgpr > 1) + (RSRC2_TIDIG(k->rsrc2) >= 2 && e->nvgpr > 2), &e->st);

    uint32_t items = wg->size[0] * wg->size[1] * wg->size[2];
    uint32_t first = i * SI_WAVE_LANES;
    w->nlanes = items - first < SI_WAVE_LANES ? items - first : SI_WAVE_LANES;
    si_set_exec(w, w->nlanes == 64 ? ~0ull : (1ull << w->nlanes) - 1);

    /* MODE: RSRC1 FLOAT_MODE[19:12] -> MODE[7:0], DX10_CLAMP[21] -> [8], IEEE[23] -> [9] */
    w->mode = ((k->rsrc1 >> 12) & 0xff) | (((k->rsrc1 >> 21) & 1) << 8) | (((k->rsrc1 >> 23) & 1) << 9);

    /* user SGPRs, dense from s0 */
    unsigned s = 0;
    uint16_t cp = k->code_props;
    if (cp & KCP_PRIV_SEG_BUF) {
        /* Swizzled private-segment V#: base = scratch area, STRIDE 0,
         * SWIZZLE_EN, NUM_RECORDS max, DATA_FORMAT 32, ELEMENT_SIZE 4 bytes,
         * INDEX_STRIDE 64, ADD_TID_ENABLE. */
        w->s[s + 0] = (uint32_t)d->scratch_addr;
        w->s[s + 1] = (uint32_t)((d->scratch_addr >> 32) & 0xffff) | (1u << 31);
        w->s[s + 2] = 0xffffffffu;
        w->s[s + 3] = (4u | 5u << 3 | 6u << 6 | 7u << 9) /* DST_SEL xyzw */ | (4u << 15) /* DATA_FORMAT 32 */ |
                      (1u << 19) /* ELEMENT_SIZE 4 */ | (3u << 21) /* INDEX_STRIDE 64 */ | (1u << 23) /* ADD_TID */;
        s += 4;
    }
    if (cp & KCP_DISPATCH_PTR) {
        si_write_s64(w, s, d->packet_addr);
        s += 2;
    }
    if (cp & KCP_QUEUE_PTR) {
        si_write_s64(w, s, d->queue_addr);
        s += 2;
    }
    if (cp & KCP_KERNARG_PTR) {
        si_write_s64(w, s, d->kernarg_addr);
        s += 2;
    }
    if (cp & KCP_DISPATCH_ID) {
        si_write_s64(w, s, 0);
        s += 2;
    }
    if (cp & KCP_PRIV_SEG_SIZE)
        w->s[s++] = k->private_segment_fixed_size;

    /* system SGPRs, from s[USER_SGPR] */
    s = e->user_sgprs;
    if (RSRC2_TGID_X(k->rsrc2)) w->s[s++] = wg->id[0];
    if (RSRC2_TGID_Y(k->rsrc2)) w->s[s++] = wg->id[1];
    if (RSRC2_TGID_Z(k->rsrc2)) w->s[s++] = wg->id[2];
    if (RSRC2_TG_SIZE(k->rsrc2)) w->s[s++] = wg->nwaves & 0x3f; /* threadgroup size in waves */
    /* scratch slot: global wave number modulo the ring size (the same rule
     * as a dispatcher running several work-groups at once, see
     * si_emu_scratch_sgpr) */
    if (RSRC2_SCRATCH_EN(k->rsrc2))
        w->s[s++] = (uint32_t)(((uint64_t)wg->linear * e->waves_per_wg + i) % (d->scratch_slots ? d->scratch_slots : 1) *
                               d->scratch_per_wave);

    /* work-item ids, x-major: lane l is work-item first + l, counted up
     * from the first lane's (x, y, z) without a division per lane */
    unsigned tid = RSRC2_TIDIG(k->rsrc2);
    int wy = tid >= 1 && e->nvgpr > 1, wz = tid >= 2 && e->nvgpr > 2;
    uint32_t sx = wg->size[0], sy = wg->size[1];
    uint32_t x = first % sx, y = (first / sx) % sy, z = first / (sx * sy);
    for (uint32_t l = 0; l < w->nlanes; l++) {
        v[0][l] = x;
        if (wy)
            v[1][l] = y;
        if (wz)
            v[2][l] = z;
        if (++x == sx) {
            x = 0;
            if (++y == sy)
                y = 0, z++;
        }
    }
}

int si_emu_scratch_sgpr(const si_emu *e)
{
    uint32_t r2 = e->d.kernel->rsrc2;
    if (!RSRC2_SCRATCH_EN(r2))
        return -1;
    return (int)(e->user_sgprs + !!RSRC2_TGID_X(r2) + !!RSRC2_TGID_Y(r2) + !!RSRC2_TGID_Z(r2) +
                 !!RSRC2_TG_SIZE(r2));
}

int si_emu_wg_start(si_emu *e, uint32_t linear_id, si_wg **out)
{
    *out = NULL;
    if (e->failed)
        return -1;
    if (linear_id >= e->ngroups_total)
        return emu_err(e, "work-group %u does not exist (dispatch has %llu)", linear_id,
                       (unsigned long long)e->ngroups_total);
    si_wg *wg = e->spare;
    e->spare = NULL;
    if (!wg) {
        wg = calloc(1, sizeof *wg);
        if (!wg)
            return emu_err(e, "out of host memory");
        wg->waves = calloc(e->waves_per_wg, sizeof(si_wave));
        wg->lds = calloc(1, e->lds_size ? e->lds_size : 4);
        uint32_t (*v)[SI_WAVE_LANES] = calloc((size_t)e->waves_per_wg * e->nvgpr, sizeof(*v));
        if (!wg->waves || !wg->lds || !v) {
            free(v);
            wg->nwaves = 0;
            wg_free(wg);
            return emu_err(e, "out of host memory for a work-group");
        }
        for (uint32_t i = 0; i < e->waves_per_wg; i++)
            wg->waves[i].v = v + (size_t)i * e->nvgpr;
    } else {
        memset(wg->lds, 0, e->lds_size ? e->lds_size : 4);
    }
    const si_dispatch *d = &e->d;
    wg->linear = linear_id;
    wg->id[0] = linear_id % d->ngroups[0];
    wg->id[1] = (linear_id / d->ngroups[0]) % d->ngroups[1];
    wg->id[2] = (uint32_t)(linear_id / ((uint64_t)d->ngroups[0] * d->ngroups[1]));
    for (int i = 0; i < 3; i++) {
        uint64_t rest = (uint64_t)d->grid[i] - (uint64_t)wg->id[i] * d->wg[i];
        wg->size[i] = rest < d->wg[i] ? (uint32_t)rest : d->wg[i];
    }
    uint32_t items = wg->size[0] * wg->size[1] * wg->size[2];
    wg->nwaves = (items + SI_WAVE_LANES - 1) / SI_WAVE_LANES;
    wg->lds_size = e->lds_size;
    wg->at_barrier = 0;
    for (uint32_t i = 0; i < wg->nwaves; i++)
        wave_init(e, wg, &wg->waves[i], i);
    e->st.workgroups++;
    e->st.waves += wg->nwaves;
    *out = wg;
    return 0;
}

void si_emu_wg_end(si_emu *e, si_wg *wg)
{
    if (!wg)
        return;
    if (e->spare)
        wg_free(e->spare);
    e->spare = wg;
}

/* A wave reached s_barrier or ended: release the barrier when every wave
 * that has not ended is waiting at it. */
static void barrier_update(si_wg *wg)
{
    uint32_t live = 0, waiting = 0;
    for (uint32_t i = 0; i < wg->nwaves; i++) {
        if (wg->waves[i].state != SI_WAVE_DONE)
            live++;
        if (wg->waves[i].state == SI_WAVE_BARRIER)
            waiting++;
    }
    wg->at_barrier = waiting;
    if (waiting && waiting == live) {
        for (uint32_t i = 0; i < wg->nwaves; i++)
            if (wg->waves[i].state == SI_WAVE_BARRIER)
                wg->waves[i].state = SI_WAVE_RUN;
        wg->at_barrier = 0;
    }
}

/* ------------------------------------------------------------------ */
/* retirement record                                                  */
/* ------------------------------------------------------------------ */

static void rec_s(si_retire *r, unsigned reg, uint32_t val)
{
    if (r->nswr < SI_REC_MAX_SWR) {
        r->swr[r->nswr].reg = (uint16_t)reg;
        r->swr[r->nswr].val = val;
        r->nswr++;
    }
}

static void rec_sn(si_retire *r, const si_wave *w, unsigned reg, unsigned n)
{
    for (unsigned i = 0; i < n && reg + i < 128; i++)
        rec_s(r, reg + i, w->s[reg + i]);
}

static void rec_v(si_retire *r, const si_wave *w, unsigned code, unsigned n, uint64_t mask)
{
    for (unsigned i = 0; i < n; i++) {
        unsigned v = code - SI_SRC_VGPR0 + i;
        if (r->nvwr >= SI_REC_MAX_VWR || v >= w->nvgpr)
            return;
        r->vwr[r->nvwr].reg = (uint16_t)v;
        r->vwr[r->nvwr].mask = mask;
        memcpy(r->vwr[r->nvwr].val, w->v[v], sizeof r->vwr[0].val);
        r->nvwr++;
    }
}

/* Fill the architectural writes of an executed instruction, generically
 * from the table, with the few SALU ops whose writes are not "dst". */
static void rec_fill(si_retire *r, const si_wave *w, const si_inst *in, uint64_t exec0, uint8_t scc0,
                     const uint32_t *s_before)
{
    const si_opinfo *oi = &si_ops[in->op];
    unsigned nf = oi->fmt;
    uint32_t fl = oi->flags;

    switch (nf) {
    case SI_FMT_SOP2: case SI_FMT_SOPK: case SI_FMT_SOP1: case SI_FMT_SOPC: case SI_FMT_SOPP:
    case SI_FMT_SMRD:
        switch (in->op) {
        case SI_OP_s_cmov_b32: case SI_OP_s_cmov_b64: case SI_OP_s_cmovk_i32:
            if (!scc0)
                break; /* condition false: nothing written */
            rec_sn(r, w, in->dst, si_dst_dwords(in));
            break;
        case SI_OP_s_movreld_b32: case SI_OP_s_movreld_b64:
        case SI_OP_s_cbranch_i_fork: case SI_OP_s_cbranch_g_fork:
            /* data-dependent destinations: record what changed */
            for (unsigned i = 0; i <= SI_SRC_SGPR_MAX; i++)
                if (w->s[i] != s_before[i])
                    rec_s(r, i, w->s[i]);
            break;
        default:
            if (oi->dst != K_NONE && nf != SI_FMT_SOPC && nf != SI_FMT_SOPP &&
                !(fl & F_SOPK_IMM_ONLY) && in->op != SI_OP_s_setreg_b32 &&
                in->op != SI_OP_s_setreg_imm32_b32)
                rec_sn(r, w, in->dst, si_dst_dwords(in));
        }
        break;

    case SI_FMT_VOP2: case SI_FMT_VOP1: case SI_FMT_VOPC: case SI_FMT_VOP3A: case SI_FMT_VOP3B:
        if (nf == SI_FMT_VOPC) {
            if (in->vop3) rec_sn(r, w, in->sdst, 2);
            else rec_sn(r, w, SI_SRC_VCC_LO, 2);
        } else if (oi->dst != K_NONE) {
            if (fl & F_SDST) {
                rec_sn(r, w, in->dst, si_dst_dwords(in));
            } else if (in->op == SI_OP_v_movreld_b32 || in->op == SI_OP_v_movrelsd_b32) {
                /* M0-relative destination: the register actually written */
                rec_v(r, w, in->dst + w->s[SI_SRC_M0], 1, exec0);
            } else if (in->op == SI_OP_v_writelane_b32) {
                unsigned lane = si_read_s32(w, in, in->src[1]) & 63;
                rec_v(r, w, in->dst, 1, 1ull << lane);
            } else if (in->dst >= SI_SRC_VGPR0) {
                rec_v(r, w, in->dst, si_dst_dwords(in), exec0);
            }
        }
        if (nf != SI_FMT_VOPC && (fl & F_WR_VCC)) {
            if (in->fmt == SI_FMT_VOP3A || in->fmt == SI_FMT_VOP3B) rec_sn(r, w, in->sdst, 2);
            else rec_sn(r, w, SI_SRC_VCC_LO, 2);
        } else if (nf == SI_FMT_VOP3B && !(fl & F_WR_VCC)) {
            rec_sn(r, w, in->sdst, 2);
        }
        break;

    case SI_FMT_DS: case SI_FMT_MUBUF: case SI_FMT_MTBUF: {
        unsigned n = si_dst_dwords(in);
        int returns = n && in->dst >= SI_SRC_VGPR0;
        if (nf != SI_FMT_DS && (fl & F_ATOMIC) && !in->glc)
            returns = 0; /* buffer atomics return data only with GLC */
        if (nf != SI_FMT_DS && in->lds)
            returns = 0; /* loads into LDS */
        if (returns)
            rec_v(r, w, in->dst, n, exec0);
        break;
    }
    default:
        break;
    }
    if ((fl & (F_WR_EXEC | F_CMPX)) ||
        ((in->op == SI_OP_s_cbranch_join || in->op == SI_OP_s_cbranch_i_fork ||
          in->op == SI_OP_s_cbranch_g_fork) && si_exec(w) != exec0)) {
        rec_s(r, SI_SRC_EXEC_LO, w->s[SI_SRC_EXEC_LO]);
        rec_s(r, SI_SRC_EXEC_HI, w->s[SI_SRC_EXEC_HI]);
    }
    if (fl & F_WR_SCC) {
        r->scc_wr = 1;
        r->scc = w->scc;
    }
}

/* ------------------------------------------------------------------ */
/* execution                                                          */
/* ------------------------------------------------------------------ */

/* Lanes set in a mask (SSE2 has no POPCNT, and libgcc's is a call). */
static inline unsigned popcount64(uint64_t x)
{
    x = x - ((x >> 1) & 0x5555555555555555ull);
    x = (x & 0x3333333333333333ull) + ((x >> 2) & 0x3333333333333333ull);
    x = (x + (x >> 4)) & 0x0f0f0f0f0f0f0f0full;
    return (unsigned)((x * 0x0101010101010101ull) >> 56);
}

int si_emu_step(si_emu *e, si_wave *w, si_retire *rec)
{
    if (w->state != SI_WAVE_RUN)
        return si_emu_fail(e, w, "wave is not runnable (%s)",
                           w->state == SI_WAVE_DONE ? "it has ended" : "it waits at a barrier");
    uint64_t pc = w->pc;
    char why[320];
    const si_inst *in = fetch(e, pc, why, sizeof why);
    if (!in) {
        e->cur_inst = NULL;
        return si_emu_fail(e, w, "%s", why);
    }
    const si_opinfo *oi = &si_ops[in->op];
    uint64_t exec0 = si_exec(w);
    uint8_t scc0 = w->scc;
    uint32_t s_before[SI_SRC_SGPR_MAX + 1];
    if (rec) {
        si_retire_reset(rec);
        if (w->wg)
            memcpy(rec->wg, w->wg->id, sizeof rec->wg);
        else
            memset(rec->wg, 0, sizeof rec->wg);
        rec->wave = w->id;
        rec->gwave = w->gid;
        rec->pc = pc;
        rec->inst = *in;
        rec->exec = exec0;
        if (in->op == SI_OP_s_movreld_b32 || in->op == SI_OP_s_movreld_b64 ||
            in->op == SI_OP_s_cbranch_i_fork || in->op == SI_OP_s_cbranch_g_fork)
            memcpy(s_before, w->s, sizeof s_before);
    }
    e->cur_wave = w;
    e->cur_inst = in;
    e->cur_pc = pc;
    w->pc = pc + in->size; /* units see PC = next instruction */

    e->st.wave_insts++;
    e->st.by_fmt[in->fmt]++;
    e->st.by_op[in->op]++;
    e->total_insts++;
    w->ninst++;
    if (e->rfv.poison)
        rfv_emu_before(&e->rfv, w, pc - e->code_addr, &e->st);

    int rc;
    if (oi->flags & F_GRAPHICS) {
        rc = si_emu_fail(e, w, "graphics instruction not supported in compute");
    } else if (w->vskip && (oi->flags & (F_VALU | F_VMEM | F_LDS))) {
        rc = 0; /* s_setvskip: vector instructions are skipped */
    } else {
        switch (in->fmt) {
        case SI_FMT_SOP2: case SI_FMT_SOPK: case SI_FMT_SOP1: case SI_FMT_SOPC: case SI_FMT_SOPP:
            rc = si_exec_salu(e, w, in, rec);
            e->st.cycles_est += 1;
            break;
        case SI_FMT_SMRD:
            rc = si_exec_smrd(e, w, in, rec);
            e->st.cycles_est += 4;
            break;
        case SI_FMT_VOP2: case SI_FMT_VOP1: case SI_FMT_VOPC: case SI_FMT_VOP3A: case SI_FMT_VOP3B:
            e->st.lane_ops += popcount64(exec0);
            e->st.cycles_est += (oi->flags & (F_DP | F_TRANS)) ? 16 : 4;
            rc = si_exec_valu(e, w, in, rec);
            break;
        case SI_FMT_DS:
            e->st.lane_ops += popcount64(exec0);
            e->st.cycles_est += 4;
            rc = si_exec_ds(e, w, in, rec);
            break;
        case SI_FMT_MUBUF: case SI_FMT_MTBUF:
            e->st.lane_ops += popcount64(exec0);
            e->st.cycles_est += 4;
            rc = si_exec_vmem(e, w, in, rec);
            break;
        case SI_FMT_RFV:
            rc = 0; /* sicu's rfv metadata: no architectural effect, no time */
            break;
        default:
            rc = si_emu_fail(e, w, "%s-format instructions are not supported in compute", si_fmt_name(in->fmt));
        }
    }
    if (rc == 0 && e->rfv.poison)
        rfv_emu_after(&e->rfv, w, in, pc - e->code_addr, &e->st);
    if (rc == 0 && rec)
        rec_fill(rec, w, in, exec0, scc0, s_before);
    if (rc == 0 && w->state != SI_WAVE_RUN && w->wg)
        barrier_update(w->wg);
    e->cur_wave = NULL;
    e->cur_inst = NULL;
    if (e->code_dirty)
        code_invalidate(e);
    if (rc < 0)
        e->failed = 1;
    return rc < 0 ? -1 : 0;
}

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* Runaway guard message: every unfinished wave with its PC and instruction. */
static int runaway(si_emu *e, si_wg *wg)
{
    size_t l = (size_t)snprintf(e->err, sizeof e->err,
                                "instruction limit of %llu wave instructions reached; unfinished waves:",
                                (unsigned long long)e->o.max_instructions);
    for (uint32_t i = 0; i < wg->nwaves && l < sizeof e->err; i++) {
        si_wave *w = &wg->waves[i];
        if (w->state == SI_WAVE_DONE)
            continue;
        char d[300] = "?", why[8];
        const si_inst *in = fetch(e, w->pc, why, sizeof why);
        if (in)
            describe_inst(in, w->pc, d, sizeof d);
        l += (size_t)snprintf(e->err + l, sizeof e->err - l,
                              "\n  wave %u (work-group %u,%u,%u wave %u)%s PC 0x%llx (code +0x%llx): %s", w->gid,
                              wg->id[0], wg->id[1], wg->id[2], w->id,
                              w->state == SI_WAVE_BARRIER ? " at barrier" : "", (unsigned long long)w->pc,
                              (unsigned long long)(w->pc - e->code_addr), d);
    }
    e->failed = 1;
    return -1;
}

/* run_wave's way out: no current instruction; its counters into the
 * statistics. */
static void run_wave_done(si_emu *e, si_wave *w, uint64_t ninst, uint64_t cyc, uint64_t lanes)
{
    e->cur_wave = NULL;
    e->cur_inst = NULL;
    e->st.wave_insts += ninst;
    w->ninst += ninst;
    e->st.cycles_est += cyc;
    e->st.lane_ops += lanes;
}

/* Run up to WAVE_CHUNK instructions of wave w without a retirement record:
 * si_emu_step with its per-instruction work taken from the decode-cache
 * slot.  Slots not decoded yet, PCs outside the code and instructions the
 * slot leaves to si_emu_step go through si_emu_step (same results, same
 * errors).  Returns 1 when it ran an instruction, 0 when none, -1 on error,
 * -2 at the instruction limit. */
static int run_wave(si_emu *e, si_wave *w, uint64_t limit)
{
    int ran = 0, rc = 0;
    si_stats *st = &e->st;
    uint64_t lexec = 0, stop = limit ? limit : UINT64_MAX;
    uint64_t ninst = 0, cyc = 0, lanes = 0; /* added to the statistics on the way out */
    unsigned lcnt = 0;
    for (int n = 0; n < WAVE_CHUNK && w->state == SI_WAVE_RUN; n++) {
        if (e->total_insts >= stop) {
            rc = -2;
            break;
        }
        ran = 1;
        uint64_t pc = w->pc, off = pc - e->code_addr;
        unsigned cls = off < e->code_size && !(off & 3) ? e->dcls[off >> 2] : 0;
        if (!cls) {
            if (si_emu_step(e, w, NULL) < 0) {
                rc = -1;
                break;
            }
            continue;
        }
        const uclass *uc = &uclasses[cls];
        const si_inst *in = &e->dc[off >> 2];
        e->cur_wave = w;
        e->cur_inst = in;
        e->cur_pc = pc;
        w->pc = pc + in->size;
        st->by_fmt[in->fmt]++;
        st->by_op[in->op]++;
        e->total_insts++; /* s_memtime reads it */
        ninst++;
        cyc += uc->cyc;
        int r = 0;
        if (!(uc->vec && w->vskip)) {
            if (uc->lanes) {
                uint64_t x = si_exec(w);
                if (x != lexec)
                    lexec = x, lcnt = popcount64(x);
                lanes += lcnt;
            }
            r = uc->fn(e, w, in, NULL);
        }
        if (e->code_dirty)
            code_invalidate(e);
        if (r < 0) {
            e->failed = 1;
            rc = -1;
            break;
        }
        if (w->state != SI_WAVE_RUN && w->wg)
            barrier_update(w->wg);
    }
    run_wave_done(e, w, ninst, cyc, lanes);
    return rc ? rc : ran;
}

/* Run one work-group to completion. */
static int run_wg(si_emu *e, si_wg *wg, si_retire *rec)
{
    uint64_t limit = e->o.max_instructions;
    for (;;) {
        int ran = 0, alive = 0;
        for (uint32_t i = 0; i < wg->nwaves; i++) {
            si_wave *w = &wg->waves[i];
            if (!rec && !e->rfv.poison) {
                int r = run_wave(e, w, limit);
                if (r == -2)
                    return runaway(e, wg);
                if (r < 0)
                    return -1;
                ran |= r;
            }
            /* traced, or in rfv poison mode: instruction by instruction */
            for (int n = 0; (rec || e->rfv.poison) && n < WAVE_CHUNK && w->state == SI_WAVE_RUN; n++) {
                if (limit && e->total_insts >= limit)
                    return runaway(e, wg);
                if (si_emu_step(e, w, rec) < 0)
                    return -1;
                if (rec && e->o.trace && si_trace_write(e->o.trace, rec) < 0)
                    return emu_err(e, "cannot write the trace (disk full?)");
                ran = 1;
            }
            if (w->state != SI_WAVE_DONE)
                alive = 1;
        }
        if (!alive)
            return 0;
        if (!ran) {
            /* every live wave waits at a barrier that cannot release: cannot
             * happen with barrier_update; guard anyway */
            return emu_err(e, "work-group %u,%u,%u deadlocked at a barrier", wg->id[0], wg->id[1], wg->id[2]);
        }
    }
}

int si_emu_run(si_emu *e)
{
    if (!e)
        return -1;
    if (e->failed)
        return -1;
    if (kept_adopt(e) < 0)
        return -1;
    si_retire *rec = e->o.trace ? &e->rec : NULL;
    double t0 = e->o.progress ? now_s() : 0, tlast = t0;
    int shown = 0;
    for (uint64_t g = 0; g < e->ngroups_total; g++) {
        si_wg *wg;
        if (si_emu_wg_start(e, (uint32_t)g, &wg) < 0)
            return -1;
        int rc = run_wg(e, wg, rec);
        si_emu_wg_end(e, wg);
        if (rc < 0)
            return -1;
        if (e->o.progress) {
            double t = now_s();
            if (t - tlast >= 0.5) {
                fprintf(stderr, "\r[sicu] work-groups %llu/%llu, %llu wave instructions",
                        (unsigned long long)(g + 1), (unsigned long long)e->ngroups_total,
                        (unsigned long long)e->total_insts);
                tlast = t;
                shown = 1;
            }
        }
    }
    if (shown)
        fprintf(stderr, "\r[sicu] work-groups %llu/%llu, %llu wave instructions\n",
                (unsigned long long)e->ngroups_total, (unsigned long long)e->ngroups_total,
                (unsigned long long)e->total_insts);
    return 0;
}
