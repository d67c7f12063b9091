/* sicu harness library (see harness.h). */
#include "harness.h"
#include "memsys.h"
#include "fi.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>
#include <time.h>

#include "shm.h"
#include "memop.h"

#define NW SICU_WAVES
#define NS SICU_SIMDS
/* the sub-arrays of a SIMD's VGPR file (RFV_SUBARRAY rows each; 0: the whole file) */
#define SA_ROWS (SICU_RFV_SUBARRAY ? SICU_RFV_SUBARRAY : SICU_VGPR_ROWS)
#define SA_N (SICU_VGPR_ROWS / SA_ROWS)
_Static_assert(NS <= SH_MAX_SIMDS, "more SIMDs than sh_result.perf_simd holds");
_Static_assert(SHM_NPERF_CU == SH_NPERF_CU && SHM_NPERF_SIMD == SH_NPERF_SIMD, "shm.h and harness.h disagree on the counters");
#define L SICU_LANES
#define NP (64 / SICU_LANES)
#define RING0 64            /* records per wave to start with (doubles on demand) */
#define RING_MAX 16384      /* tags are 16 bits: live ones must stay within half of that */
#define MQ 4096             /* memory-model queue                  */

typedef struct mreq { uint64_t ready, data; unsigned wave; } mreq;
typedef struct ireq { uint64_t ready; uint32_t data[8]; unsigned ok, wave; } ireq;   /* a 32-byte code block */
typedef struct lreq { uint64_t ready; uint32_t data[16]; } lreq;   /* a line response (vmem.v's port) */

/* the RTL's fault codes (sw/isa/faults.def; Verilog `FLT_*) */
enum sh_flt {
#define FAULT(n, c, m) SH_FLT_##n = c,
#include "../sw/isa/faults.def"
#undef FAULT
};

/* One instruction of a wave in flight in the harness. */
typedef struct hrec {
    si_retire rec;         /* cosim: the emulator's record of tag etag      */
    /* the RTL's record assembled from the monitor's events, compared at
     * retirement (cosim) and written to the trace in program order */
    si_retire trec;
    uint16_t etag, ttag;
    uint8_t elive;         /* rec stepped, not yet compared               */
    uint8_t tstate;        /* trec: 0 free, 1 collecting, 2 retired       */
    /* cosim: retired, its stores not all seen yet (a store instruction
     * retires once its requests are queued; they reach memory later):
     * compared when the RTL has stored as many bytes as the emulator, at
     * the latest when the wave ends (its memory operations have drained) */
    uint8_t st_pend;
    /* cosim: retired, its comparison waits until the emulator may run up to
     * it (an older global memory instruction has made no request yet) */
    uint8_t cmp_pend;
    uint64_t swr_same[2];  /* scalar codes whose writes left the value as it was */
} hrec;

typedef struct hw {       /* per wave slot */
    int used;
    unsigned init_lds;     /* LDS dwords to initialise with this wave (the first of its work-group) */
    si_wave *ew;           /* emulator wave (cosim or initial state) */
    si_wg *wg;
    unsigned wgslot;
    unsigned sbase, nsgpr, vbase, nvgpr, simd;
    uint8_t vrow[256];     /* the VGPR rows the initial writes write ... */
    unsigned nvrows;       /* ... (init_vrows)                          */
    int scr;               /* scratch slot, -1 none                   */
    uint16_t esteps;       /* emulator steps done (mod 2^16)          */
    uint16_t *defer;       /* cosim: retired tags whose comparison waits (cmp_pend) */
    unsigned ndefer, defer_cap;
    uint64_t last_pc;
    unsigned wave_in_wg;
    /* the instructions in flight, by tag (the wave's instruction number):
     * ring entries, tag mod ring; the ring doubles when a new tag meets a
     * live older one (a load outstanding while many instructions retire) */
    hrec *rs;
    unsigned ring;         /* entries of rs, a power of two            */
    uint16_t tnext;        /* next tag to write to the trace           */
    /* architectural shadow of the wave's registers, kept from the monitor's
     * write events alone (init writes included): EXEC for issue-internal
     * retirements, the state snapshot of reports */
    uint32_t sh_s[128];
    uint32_t (*sh_v)[64];  /* SICU_VGPR_ROWS rows                        */
    unsigned hist_n;
    uint64_t hist[8];
} hw;

struct sh_sim {            /* hctx: one simulation (sh_open .. sh_close) */
    shm *m;
    si_mem *mem, *emem;
    const si_dispatch *d;
    si_emu *emu;           /* cosim: the golden model; rtl: wave initialisation only */
    const sh_opts *o;
    hw w[NW];
    uint8_t sgpr_used[SICU_SGPR_ROWS];
    uint8_t vgpr_used[NS][SICU_VGPR_ROWS];
    unsigned vgpr_nused[NS];   /* rows of vgpr_used set (vgpr_mark) */
    /* ... per RFV_SUBARRAY sub-array; the sub-arrays with a row set */
    unsigned vgpr_sa_used[NS][SA_N];
    unsigned vgpr_sa_on[NS];
    uint8_t lds_used[SICU_LDS_BYTES / 256];
    int wg_used[NW];
    /* the dispatcher: waves launched in order, each followed by its initial writes */
    unsigned init_slot, init_beat, init_nbeats, init_first_of_wg;
    int init_active;
    int scr_sgpr;          /* SGPR of the scratch wave offset, -1 none */
    uint8_t scr_used[64];
    si_wg *wgs[NW];
    unsigned wg_live[NW];
    unsigned wg_lds_base[NW], wg_lds_gran[NW];
    ireq iq[MQ];
    mreq mq[MQ];
    unsigned iqh, iqt, mqh, mqt;
    lreq *gq;              /* line responses (MQ entries), in request order */
    unsigned gqh, gqt;
    uint64_t mq_last, gq_last; /* ready cycle of the last response queued (in order) */
    memsys *ms;            /* timing of the memory system (memsys.h) */
    uint64_t cycle;
    uint64_t nmem;         /* memory requests served */
    char *err;
    size_t errlen;
    /* the run */
    sh_result res;         /* counts kept while running                       */
    shm_out out;           /* the last cycle's outputs                        */
    uint32_t nwg, next_wg;
    unsigned pending[NW], npending, pend_i, live;
    uint64_t last_ret;
    double t0;
    int waves_open;
    int state;             /* 0 running, 1 completed, -1 failed               */
    int host_err;          /* the failure is the host's (a write, memory), not the design's */
    int fail_kind;         /* SH_FAIL_* */
    sh_fu_hook fu;         /* the fault-injection hook's setting (FAULT_INJECT on) */
    uint64_t fu_hit;       /* first cycle + 1 the hooked lane wrote under it */
    uint32_t fu_dmr_err;   /* DMR builds: the hooked SIMD's dmr_errors when last looked at */
    int dmr_ev_have;       /* DMR builds: the run's first comparator mismatch (sh_dmr_first_error) */
    sh_dmr_event dmr_ev;
};
typedef struct sh_sim hctx;

static int fail(hctx *h, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static int fail(hctx *h, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(h->err, h->errlen, fmt, ap);
    va_end(ap);
    return -1;
}

/* a failure of the host side (an output write, host memory): the design
 * did nothing wrong, so no failure waveform is re-simulated for it */
static int fail_host(hctx *h, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static int fail_host(hctx *h, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(h->err, h->errlen, fmt, ap);
    va_end(ap);
    h->host_err = 1;
    return -1;
}

static void disasm_at(hctx *h, uint64_t pc, char *buf, size_t n)
{
    uint32_t words[3] = {0, 0, 0};
    for (int i = 0; i < 3; i++) {
        uint8_t *p = si_mem_ptr(h->mem, pc + 4 * i, 4);
        if (p)
            memcpy(&words[i], p, 4);
        else if (i == 0) {
            snprintf(buf, n, "(no instruction: the address is outside memory)");
            return;
        }
    }
    si_inst in;
    if (si_decode(words, 3, &in) < 0)
        snprintf(buf, n, ".long 0x%08x", words[0]);
    else
        si_disasm(&in, pc, buf, n);
}

/* ---------------------------------------------------------------- counter time series */
/* the columns of a series line (gnuplot: whitespace-separated, '#' header) */
void sh_series_header(FILE *f)
{
#define COUNTER_NAME(n) #n,
    static const char *cu[SH_NPERF_CU] = {SICU_PERF_CU(COUNTER_NAME)};
    static const char *simd[SH_NPERF_SIMD] = {SICU_PERF_SIMD(COUNTER_NAME)};
#undef COUNTER_NAME
    fprintf(f, "# cycle retired static_rows static_subarrays");
    for (int i = 0; i < SH_NPERF_CU; i++)
        fprintf(f, " %s", cu[i]);
    for (int s = 0; s < NS; s++)
        for (int i = 0; i < SH_NPERF_SIMD; i++)
            fprintf(f, " s%d.%s", s, simd[i]);
    fputc('\n', f);
}

/* ---------------------------------------------------------------- allocation */
/* one series line: the cycle, the instructions retired, the dispatcher's
 * static VGPR rows and sub-arrays held now (all SIMDs), the counters */
static void series_line(hctx *h)
{
    shm_out o;
    unsigned rows = 0, sa = 0;
    shm_read_perf(h->m, &o);
    for (int s = 0; s < NS; s++) {
        rows += h->vgpr_nused[s];
        sa += h->vgpr_sa_on[s];
    }
    fprintf(h->o->series, "%llu %llu %u %u", (unsigned long long)h->cycle, (unsigned long long)h->res.retired,
            rows, sa);
    for (int i = 0; i < SH_NPERF_CU; i++)
        fprintf(h->o->series, " %u", (unsigned)o.perf_cu[i]);
    for (int s = 0; s < NS; s++)
        for (int i = 0; i < SH_NPERF_SIMD; i++)
            fprintf(h->o->series, " %u", (unsigned)o.perf_simd[s][i]);
    fputc('\n', h->o->series);
}

/* the dispatcher's VGPR rows base..base+n-1 of SIMD simd taken (1) or freed (0) */
static void vgpr_mark(hctx *h, unsigned simd, unsigned base, unsigned n, int take)
{
    for (unsigned r = base; r < base + n; r++) {
        unsigned *u = &h->vgpr_sa_used[simd][r / SA_ROWS];
        if (take && (*u)++ == 0)
            h->vgpr_sa_on[simd]++;
        if (!take && --(*u) == 0)
            h->vgpr_sa_on[simd]--;
    }
    memset(h->vgpr_used[simd] + base, take, n);
    h->vgpr_nused[simd] = take ? h->vgpr_nused[simd] + n : h->vgpr_nused[simd] - n;
    if (h->vgpr_nused[simd] > h->res.vgpr_static_max)
        h->res.vgpr_static_max = h->vgpr_nused[simd];
}

static int alloc_run(uint8_t *used, unsigned n, unsigned need, unsigned align)
{
    for (unsigned b = 0; b + need <= n; b += align) {
        unsigned k;
        for (k = 0; k < need && !used[b + k]; k++)
            ;
        if (k == need)
            return (int)b;
    }
    return -1;
}

/* ---------------------------------------------------------------- records in flight */
static hrec *rec_at(hw *x, unsigned tag) { return &x->rs[tag & (x->ring - 1)]; }
static int rec_live(const hrec *e) { return e->tstate || e->elive || e->st_pend; }
static unsigned rec_tag(const hrec *e) { return e->tstate ? e->ttag : e->etag; }

/* the ring holds tags [low .. high] of live entries without collisions at
 * size n */
static int ring_fits(const hw *x, unsigned n)
{
    uint8_t *seen = calloc(n, 1);
    int ok = seen != NULL;
    for (unsigned i = 0; ok && i < x->ring; i++)
        if (rec_live(&x->rs[i])) {
            unsigned k = rec_tag(&x->rs[i]) & (n - 1);
            ok = !seen[k];
            seen[k] = 1;
        }
    free(seen);
    return ok;
}

/* double wave slot s's ring until its live entries and tag fit */
static int ring_grow(hctx *h, unsigned s, unsigned tag)
{
    hw *x = &h->w[s];
    unsigned n = x->ring * 2;
    while (n <= RING_MAX && !ring_fits(x, n))
        n *= 2;
    hrec *rs = n <= RING_MAX ? calloc(n, sizeof *rs) : NULL;
    if (!rs) {
        const hrec *old = rec_at(x, tag);
        return (n <= RING_MAX ? fail_host : fail)(h, "harness: wave slot %u: instruction %u is still in flight (PC 0x%llx) %u instructions later%s",
                    s, rec_tag(old), (unsigned long long)(old->tstate ? old->trec.pc : old->rec.pc),
                    (uint16_t)(tag - rec_tag(old)), n <= RING_MAX ? " (out of host memory)" : "");
    }
    for (unsigned i = 0; i < x->ring; i++) {
        hrec *e = &x->rs[i];
        if (rec_live(e))
            rs[rec_tag(e) & (n - 1)] = *e;      /* moves the store arrays too */
        else {
            si_retire_free(&e->rec);
            si_retire_free(&e->trec);
        }
    }
    free(x->rs);
    x->rs = rs;
    x->ring = n;
    return 0;
}

/* the entry of tag, after making room: NULL (failed) if it cannot have one */
static hrec *rec_room(hctx *h, unsigned s, unsigned tag)
{
    hw *x = &h->w[s];
    hrec *e = rec_at(x, tag);
    while (rec_live(e) && rec_tag(e) != (uint16_t)tag) {
        if (ring_grow(h, s, tag) < 0)
            return NULL;
        e = rec_at(x, tag);
    }
    return e;
}

/* ---------------------------------------------------------------- RTL trace */
static si_retire *trec_get(hctx *h, unsigned slot, unsigned tag)
{
    hrec *e = rec_room(h, slot, tag);
    if (!e)
        return NULL;
    if (e->tstate == 0 || e->ttag != (uint16_t)tag) {
        si_retire_reset(&e->trec);
        memset(e->swr_same, 0, sizeof e->swr_same);
        e->ttag = (uint16_t)tag;
        e->tstate = 1;
    }
    return &e->trec;
}

static uint64_t shadow_exec(const hw *x) { return ((uint64_t)x->sh_s[127] << 32) | x->sh_s[126]; }

/* a scalar write event: up to two dwords per port, by architectural code */
static int ev_swr(hctx *h, const shm_out *o)
{
    hw *x = &h->w[o->swr_wave];
    si_retire *r = o->swr_init ? NULL : trec_get(h, o->swr_wave, o->swr_tag);
    if (!o->swr_init && !r)
        return -1;
    for (int port = 0; port < 2; port++) {
        unsigned en = port ? o->swr_en_b : o->swr_en_a, c = port ? o->swr_code_b : o->swr_code_a;
        uint64_t dv = port ? o->swr_data_b : o->swr_data_a;
        for (unsigned k = 0; k < 2; k++)
            if ((en >> k) & 1) {
                unsigned code = (c + k) & 127;
                uint32_t val = (uint32_t)(dv >> (32 * k));
                if (r) {
                    uint64_t *same = &rec_at(x, o->swr_tag)->swr_same[code / 64];
                    *same = x->sh_s[code] == val ? *same | 1ull << (code % 64) : *same & ~(1ull << (code % 64));
                }
                x->sh_s[code] = val;
                if (r && r->nswr < SI_REC_MAX_SWR) {
                    r->swr[r->nswr].reg = (uint16_t)code;
                    r->swr[r->nswr].val = (uint32_t)(dv >> (32 * k));
                    r->nswr++;
                }
            }
    }
    return 0;
}

/* a VGPR write event: lanes of v[areg-256]; merged into the record's entry */
static int ev_vwr(hctx *h, const shm_vwr *v)
{
    if (v->wave >= NW || v->areg < 256 || v->areg - 256 >= SICU_VGPR_ROWS)
        return fail(h, "monitor: VGPR write event for wave slot %u register %u out of range at cycle %llu", v->wave,
                    v->areg, (unsigned long long)h->cycle);
    hw *x = &h->w[v->wave];
    unsigned n = v->areg - 256;
    for (unsigned l = 0; l < 64; l++)
        if ((v->mask >> l) & 1)
            x->sh_v[n][l] = v->data[l];
    if (v->init || !v->mask)
        return 0;
    si_retire *r = trec_get(h, v->wave, v->tag);
    if (!r)
        return -1;
    int i;
    for (i = 0; i < r->nvwr && r->vwr[i].reg != n; i++)
        ;
    if (i == r->nvwr) {
        if (r->nvwr == SI_REC_MAX_VWR)
            return fail(h, "monitor: more than %d VGPRs written by one instruction (wave slot %u)", SI_REC_MAX_VWR,
                        v->wave);
        r->nvwr++;
        r->vwr[i].reg = (uint16_t)n;
        r->vwr[i].mask = 0;
        memset(r->vwr[i].val, 0, sizeof r->vwr[i].val);
    }
    r->vwr[i].mask |= v->mask;
    for (unsigned l = 0; l < 64; l++)
        if ((v->mask >> l) & 1)
            r->vwr[i].val[l] = v->data[l];
    return 0;
}

static int check_stores(hctx *h, unsigned s, unsigned tag, int final);

static unsigned store_space(const hctx *h, uint64_t addr)
{
    return (h->d->scratch_per_wave && addr >= h->d->scratch_addr &&
            addr < h->d->scratch_addr + h->d->scratch_per_wave * h->d->scratch_slots)
               ? SI_SPACE_SCRATCH : SI_SPACE_GLOBAL;
}

/* a global (or scratch) store the RTL made, into its record (trace, cosim) */
static int record_store(hctx *h, unsigned slot, unsigned tag, unsigned lane, uint64_t addr, uint64_t val,
                        unsigned size)
{
    if (!h->o->trace && !h->o->cosim)
        return 0;
    si_retire *r = trec_get(h, slot, tag);
    if (!r)
        return -1;
    unsigned space = store_space(h, addr);
    for (unsigned off = 0; off < size; off += 4) {
        unsigned n = size - off < 4 ? size - off : 4;
        uint32_t v = (uint32_t)(val >> (8 * off));
        if (n < 4)
            v &= (1u << (8 * n)) - 1;
        si_retire_add_store(r, addr + off, v, n, lane, space);
    }
    return check_stores(h, slot, tag, 0);
}

static int ev_lds(hctx *h, const shm_out *o, unsigned b)
{
    unsigned be = o->lds_be[b], f = 0, n = 0;
    while (f < 4 && !((be >> f) & 1))
        f++;
    for (unsigned k = f; k < 4 && ((be >> k) & 1); k++)
        n++;
    if (!n)
        return 0;
    uint32_t v = o->lds_data[b] >> (8 * f);
    if (n < 4)
        v &= (1u << (8 * n)) - 1;
    si_retire *r = trec_get(h, o->lds_wave, o->lds_tag);
    if (!r)
        return -1;
    si_retire_add_store(r, (o->lds_addr[b] & ~3u) + f, v, n, o->lds_lane[b], SI_SPACE_LDS);
    return check_stores(h, o->lds_wave, o->lds_tag, 0);
}

/* retirement from source src: complete the record (the events of the
 * instruction have all been seen: they precede or accompany its retirement) */
static si_retire *retire_record(hctx *h, int src, unsigned slot, unsigned tag, uint64_t pc, const shm_out *o)
{
    hw *x = &h->w[slot];
    si_retire *r = trec_get(h, slot, tag);
    if (!r)
        return NULL;
    const si_dispatch *d = h->d;
    unsigned per_wg = (d->wg[0] * d->wg[1] * d->wg[2] + 63) / 64;
    for (int i = 0; i < 3; i++)
        r->wg[i] = x->wg->id[i];
    r->wave = x->wave_in_wg;
    r->gwave = x->wg->linear * per_wg + x->wave_in_wg;
    r->pc = pc;
    uint32_t words[3] = {0, 0, 0};
    for (int i = 0; i < 3; i++) {
        uint8_t *p = si_mem_ptr(h->mem, pc + 4 * i, 4);
        if (p)
            memcpy(&words[i], p, 4);
    }
    if (si_decode(words, 3, &r->inst) < 0)
        memset(&r->inst, 0, sizeof r->inst);
    r->exec = src == SHM_NR - 1 ? shadow_exec(x) : o->ret_exec[src];   /* issue-internal: EXEC unchanged */
    if (src == 0 && o->scc_wr) {
        r->scc_wr = 1;
        r->scc = (uint8_t)o->scc;
    }
    rec_at(x, tag)->tstate = 2;
    return r;
}

/* The LSU serves a DS write's dwords per LDS bank, so lanes may write in a
 * different cycle order than the emulator's (lane, then dword); each lane's
 * own dwords stay in order (lsu.v).  A stable sort by lane restores the
 * emulator's order for the trace (stores of one instruction are all LDS or
 * all memory; insertion sort: the input is nearly sorted). */
static void lds_store_order(si_retire *r)
{
    for (int i = 0; i < r->nst; i++)
        if (r->st[i].space != SI_SPACE_LDS)
            return;
    for (int i = 1; i < r->nst; i++) {
        si_store t = r->st[i];
        int j = i - 1;
        for (; j >= 0 && r->st[j].lane > t.lane; j--)
            r->st[j + 1] = r->st[j];
        r->st[j + 1] = t;
    }
}

/* write the wave's retired records in program order (trace), free them */
static int flush_records(hctx *h, unsigned slot)
{
    hw *x = &h->w[slot];
    for (hrec *e = rec_at(x, x->tnext);
         e->tstate == 2 && e->ttag == x->tnext && !e->st_pend && !e->elive && !e->cmp_pend;
         e = rec_at(x, x->tnext)) {
        lds_store_order(&e->trec);
        if (h->o->trace && si_trace_write(h->o->trace, &e->trec) < 0)
            return fail_host(h, "cannot write the trace: %s", strerror(errno));
        e->tstate = 0;
        x->tnext++;
    }
    return 0;
}

static int try_launch_(hctx *h, uint32_t lin, shm_in *in, unsigned *pending, unsigned *npending);
static int compare_deferred(hctx *h, unsigned s, int final);

/* no wave and no work-group holds anything of the CU */
static int cu_empty(const hctx *h)
{
    for (unsigned i = 0; i < NW; i++)
        if (h->w[i].used || h->wg_used[i])
            return 0;
    return 1;
}

/* GPU-Shrink (--rfv-rows N): no SIMD holds more than ceil(waves / SIMDS) of a
 * work-group's waves, so R, the rows one work-group holds on one SIMD, is
 * that times its VGPRs (rtl/rfv_shrink.v) */
static unsigned shrink_cap(unsigned nwv) { return (nwv + SICU_SIMDS - 1) / SICU_SIMDS; }

/* Try to launch work-group `lin`; 1 launched, 0 no room (yet), <0 error:
 * also when it does not fit even in the empty CU (it never would). */
static int try_launch(hctx *h, uint32_t lin, shm_in *in, unsigned *pending, unsigned *npending)
{
    int t = try_launch_(h, lin, in, pending, npending);
    if (t != 0 || !cu_empty(h))
        return t;
    const si_dispatch *d = h->d;
    const si_kernel *k = d->kernel;
    unsigned nwv = (d->wg[0] * d->wg[1] * d->wg[2] + 63) / 64;
    unsigned nv = ((k->rsrc1 & 0x3f) + 1) * 4, ns = (((k->rsrc1 >> 6) & 0xf) + 1) * 8;
    return fail(h, "work-group %u does not fit in the CU even when it is empty: %u waves of %u VGPRs and %u SGPRs, "
                   "%u bytes of LDS; the CU (%s) has %d wave slots, %d SIMDs of %d VGPR rows (waves share their "
                   "slot's SIMD), %d SGPRs, %d bytes of LDS",
                lin, nwv, nv, ns > 104 ? 104 : ns, d->lds_size, SICU_CFG_FILE, SICU_WAVES, SICU_SIMDS,
                SICU_VGPR_ROWS, SICU_SGPR_ROWS, SICU_LDS_BYTES);
}

static int try_launch_(hctx *h, uint32_t lin, shm_in *in, unsigned *pending, unsigned *npending)
{
    const si_dispatch *d = h->d;
    uint32_t wgsz = d->wg[0] * d->wg[1] * d->wg[2];
    unsigned nwv = (wgsz + 63) / 64;
    const si_kernel *k = d->kernel;
    unsigned nv = ((k->rsrc1 & 0x3f) + 1) * 4;
    unsigned ns = (((k->rsrc1 >> 6) & 0xf) + 1) * 8;
    if (ns > 104)
        ns = 104;
    unsigned lds = d->lds_size;
    unsigned lgran = (lds + 255) / 256;
    /* free slots, one per wave, and registers on each slot's SIMD */
    int slots[SI_MAX_WAVES_PER_WG];
    unsigned sb[SI_MAX_WAVES_PER_WG], vb[SI_MAX_WAVES_PER_WG];
    int wgslot = -1;
    for (unsigned i = 0; i < NW && wgslot < 0; i++)
        if (!h->wg_used[i])
            wgslot = (int)i;
    if (wgslot < 0 || nwv > SI_MAX_WAVES_PER_WG)
        return 0;
    /* scratch: each wave needs its own slot of the scratch ring */
    int scr[SI_MAX_WAVES_PER_WG];
    if (h->scr_sgpr >= 0) {
        /* the slot of a wave is its global wave number modulo the ring size
         * (as in the emulator: traces do not depend on the CU's timing) */
        unsigned nslots = d->scratch_slots < 64 ? d->scratch_slots : 64;
        if (nslots < nwv)
            return fail(h, "kernel needs %u scratch slots per work-group; the scratch ring has %u", nwv, nslots);
        for (unsigned i = 0; i < nwv; i++) {
            scr[i] = (int)(((uint64_t)lin * nwv + i) % nslots);
            if (h->scr_used[scr[i]])
                return 0;
        }
    }
    int lb = 0;
    if (lgran) {
        lb = alloc_run(h->lds_used, SICU_LDS_BYTES / 256, lgran, 1);
        if (lb < 0) {
            if (lgran > SICU_LDS_BYTES / 256)
                return fail(h, "kernel needs %u bytes of LDS; the CU has %u", lds, SICU_LDS_BYTES);
            return 0;
        }
    }
    unsigned got = 0, per_simd[SH_MAX_SIMDS] = {0};
    unsigned cap = sh_rfv_rows() ? shrink_cap(nwv) : nwv;
    if (sh_rfv_rows() && cap * nv > sh_rfv_rows())
        return fail(h, "GPU-Shrink: a work-group of %u waves of %u VGPRs holds up to %u rows on one SIMD; the file has "
                       "%u (--rfv-rows): one work-group alone does not fit (the thesis's spill fallback is not "
                       "modelled; docs/rfv.md section 12)",
                    nwv, nv, cap * nv, sh_rfv_rows());
    for (unsigned s = 0; s < NW && got < nwv; s++) {
        if (h->w[s].used || per_simd[s % NS] == cap)
            continue;
        int a = alloc_run(h->sgpr_used, SICU_SGPR_ROWS, ns, 8);
        int v = alloc_run(h->vgpr_used[s % NS], SICU_VGPR_ROWS, nv, 4);
        if (a < 0 || v < 0)
            break;
        memset(h->sgpr_used + a, 1, ns);
        vgpr_mark(h, s % NS, (unsigned)v, nv, 1);
        h->w[s].used = 1; /* reserve while we look for the others */
        per_simd[s % NS]++;
        slots[got] = (int)s;
        sb[got] = (unsigned)a;
        vb[got] = (unsigned)v;
        got++;
    }
    if (got < nwv) { /* roll back */
        for (unsigned i = 0; i < got; i++) {
            memset(h->sgpr_used + sb[i], 0, ns);
            vgpr_mark(h, slots[i] % NS, vb[i], nv, 0);
            h->w[slots[i]].used = 0;
        }
        if (got == 0 && nv > SICU_VGPR_ROWS)
            return fail(h, "kernel needs %u VGPRs per wave; a SIMD has %u rows", nv, SICU_VGPR_ROWS);
        return 0;
    }
    si_wg *wg;
    if (si_emu_wg_start(h->emu, lin, &wg) < 0)
        return fail(h, "%s", si_emu_error(h->emu));
    /* a partial work-group at the grid edge has fewer waves: release the rest */
    for (unsigned i = wg->nwaves; i < nwv; i++) {
        memset(h->sgpr_used + sb[i], 0, ns);
        vgpr_mark(h, slots[i] % NS, vb[i], nv, 0);
        h->w[slots[i]].used = 0;
    }
    if (wg->nwaves < nwv)
        nwv = wg->nwaves;
    if (lgran)
        memset(h->lds_used + lb, 1, lgran);
    h->wg_used[wgslot] = 1;
    h->wgs[wgslot] = wg;
    h->wg_live[wgslot] = nwv;
    h->wg_lds_base[wgslot] = (unsigned)lb * 256;
    h->wg_lds_gran[wgslot] = lgran;
    for (unsigned i = 0; i < nwv; i++) {
        hw *x = &h->w[slots[i]];
        si_wave *ew = &wg->waves[i];
        x->ew = ew;
        x->wg = wg;
        x->wgslot = (unsigned)wgslot;
        x->sbase = sb[i];
        x->nsgpr = ns;
        x->vbase = vb[i];
        x->nvgpr = nv;
        x->simd = (unsigned)slots[i] % NS;
        x->scr = -1;
        if (h->scr_sgpr >= 0) {
            x->scr = scr[i];
            h->scr_used[scr[i]] = 1;
            ew->s[h->scr_sgpr] = (uint32_t)((uint64_t)scr[i] * d->scratch_per_wave);
        }
        x->esteps = 0;
        x->hist_n = 0;
        x->wave_in_wg = i;
        x->tnext = 0;
        for (unsigned k = 0; k < x->ring; k++)
            x->rs[k].tstate = x->rs[k].elive = x->rs[k].st_pend = x->rs[k].cmp_pend = 0;
        x->ndefer = 0;
        memset(x->sh_s, 0, sizeof x->sh_s);
        x->init_lds = (i == 0 && lgran) ? (wg->lds_size + 3) / 4 : 0;
        /* the initial registers (and the work-group's LDS, with its first
         * wave) are written through the CU's init port after the launch */
        pending[(*npending)++] = (unsigned)slots[i];
    }
    (void)in;
    return 1;
}

static int free_wave(hctx *h, unsigned s)
{
    hw *x = &h->w[s];
    if (h->o->cosim && compare_deferred(h, s, 1) < 0)
        return -1;
    /* the wave's memory operations have drained: every store is in */
    for (unsigned i = 0; i < x->ring; i++)
        if (x->rs[i].st_pend && check_stores(h, s, x->rs[i].ttag, 1) < 0)
            return -1;
    memset(h->sgpr_used + x->sbase, 0, x->nsgpr);
    vgpr_mark(h, x->simd, x->vbase, x->nvgpr, 0);
    x->used = 0;
    if (x->scr >= 0)
        h->scr_used[x->scr] = 0;
    unsigned g = x->wgslot;
    if (--h->wg_live[g] == 0) {
        if (h->wg_lds_gran[g])
            memset(h->lds_used + h->wg_lds_base[g] / 256, 0, h->wg_lds_gran[g]);
        si_emu_wg_end(h->emu, h->wgs[g]);
        h->wg_used[g] = 0;
    }
    return 0;
}

/* ---------------------------------------------------------------- initial writes */
/* A launched wave's initial state goes through the CU's init port, one beat
 * per cycle: its SGPRs 0..nsgpr-1 and the special registers 104..127 four at
 * a time, every VGPR row of its allocation (the emulator's initial values,
 * zero beyond them), then, with the first wave of a work-group, the
 * work-group's LDS as the emulator starts it.  The last beat starts it. */
static unsigned init_nbeats(const hw *x) { return (x->nsgpr + 3) / 4 + 6 + x->nvrows + x->init_lds; }

/* The VGPR rows a wave's initial writes write: every row of its allocation;
 * with register-file virtualization (RFV on) only the rows the emulator
 * starts with a non-zero lane (the work-item ids), since every other row
 * reads as 0 until it is written (rtl/rfv_map.v), and a row written here is
 * mapped for the wave until the code releases it; and the kernel's exempt
 * VGPRs (sh_opts.rfv_exempt: statically mapped, never released). */
static void init_vrows(hw *x, const si_vset *exempt)
{
    const si_wave *ew = x->ew;
    x->nvrows = 0;
    for (unsigned r = 0; r < x->nvgpr && r < 256; r++) {
        int keep = !SICU_FEAT_RFV || (exempt && si_vset_has(exempt, r));
        for (unsigned l = 0; !keep && r < ew->nvgpr && l < 64; l++)
            keep = ew->v[r][l] != 0;
        if (keep)
            x->vrow[x->nvrows++] = (uint8_t)r;
    }
}

static void init_beat(hctx *h, shm_in *in)
{
    const hw *x = &h->w[h->init_slot];
    const si_wave *ew = x->ew;
    unsigned b = h->init_beat, ns4 = (x->nsgpr + 3) / 4;
    in->init_valid = 1;
    in->init_wave = h->init_slot;
    in->init_last = b + 1 == h->init_nbeats;
    memset(in->init_data, 0, sizeof in->init_data);
    if (b < ns4 + 6) {
        unsigned c = b < ns4 ? 4 * b : 104 + 4 * (b - ns4);
        in->init_kind = SHM_INIT_SGPR4;
        in->init_addr = c;
        in->init_be = 0;
        for (unsigned k = 0; k < 4; k++)
            if (c + k >= 104 || c + k < x->nsgpr) {
                in->init_be |= 1u << k;
                in->init_data[k] = ew->s[c + k];
            }
    } else if (b < ns4 + 6 + x->nvrows) {
        unsigned r = x->vrow[b - ns4 - 6];
        in->init_kind = SHM_INIT_VGPR;
        in->init_addr = r;
        if (r < ew->nvgpr)
            memcpy(in->init_data, ew->v[r], sizeof in->init_data);
    } else {
        unsigned i = b - ns4 - 6 - x->nvrows;
        in->init_kind = SHM_INIT_LDS;
        in->init_addr = i;
        for (unsigned k = 0; k < 4 && x->wg->lds && 4 * i + k < x->wg->lds_size; k++)
            in->init_data[0] |= (uint32_t)x->wg->lds[4 * i + k] << (8 * k);
    }
}

/* ---------------------------------------------------------------- cosim */
/* With RFV on, fetch consumes every rfv_pir (rtl/rfv_rfc.v): it gets no tag
 * and never retires.  The emulator runs the wave's rfv_pirs ahead of its next
 * tagged instruction, as the no-ops they are. */
static int skip_rfv_pirs(hctx *h, hw *x)
{
#if SICU_FEAT_RFV
    while (x->ew->state == SI_WAVE_RUN) {
        const si_inst *in = si_emu_fetch(h->emu, x->ew->pc);
        if (!in || in->op != SI_OP_rfv_pir)
            break;
        if (si_emu_step(h->emu, x->ew, NULL) < 0)
            return fail(h, "golden emulator: %s", si_emu_error(h->emu));
    }
#else
    (void)h, (void)x;
#endif
    return 0;
}

static int ensure_stepped(hctx *h, unsigned s, unsigned tag)
{
    hw *x = &h->w[s];
    int guard = 0;
    while ((uint16_t)(tag - x->esteps) < 0x8000u) { /* esteps <= tag */
        if (++guard > RING_MAX)
            return fail(h, "cosim: wave slot %u is more than %d instructions ahead of the emulator", s, RING_MAX);
        if (skip_rfv_pirs(h, x) < 0)
            return -1;
        hrec *e = rec_room(h, s, x->esteps);
        if (!e)
            return -1;
        e->etag = x->esteps;
        e->elive = 1;
        if (si_emu_step(h->emu, x->ew, &e->rec) < 0)
            return fail(h, "golden emulator: %s", si_emu_error(h->emu));
        x->esteps++;
    }
    return 0;
}

/* The emulator performs an instruction's memory accesses when it runs it, and
 * runs a wave's instruction at the RTL's first request of it (serve_memory,
 * serve_line) or, for a DS instruction, at its first LDS access (lds_acc,
 * take_events): so it follows the RTL's memory order across waves, in
 * global memory and in the LDS.  (The RTL keeps each wave's LDS accesses and
 * memory requests in program order, rtl/lsu.v.)  A younger instruction's
 * retirement must not run it earlier: is the wave's next instruction in the
 * emulator one that accesses global memory or the LDS? */
static int next_is_ordered_mem(hctx *h, hw *x)
{
    if (skip_rfv_pirs(h, x) < 0)
        return -1;
    const si_inst *in = si_emu_fetch(h->emu, x->ew->pc);
    const si_memattr *ma = in ? si_op_mem(in->op) : NULL;
    if (!ma)
        return 0;
    switch (ma->kind) {
    case SI_MK_BUF_LOAD: case SI_MK_BUF_STORE: case SI_MK_BUF_LOAD_FMT: case SI_MK_BUF_STORE_FMT:
    case SI_MK_BUF_ATOMIC: case SI_MK_SMRD_LOAD: case SI_MK_SMRD_BUF_LOAD:
    case SI_MK_DS_READ: case SI_MK_DS_WRITE: case SI_MK_DS_READ2: case SI_MK_DS_WRITE2: case SI_MK_DS_WRXCHG2:
    case SI_MK_DS_ATOMIC: case SI_MK_DS_SRC2: case SI_MK_DS_APPEND: case SI_MK_DS_CONSUME:
        return 1;
    default:
        return 0;
    }
}

/* Run the emulator's wave s up to and including tag, but not past an older
 * instruction that accesses global memory or the LDS: 1 done, 0 stopped
 * before one, <0 error. */
static int step_until(hctx *h, unsigned s, unsigned tag)
{
    hw *x = &h->w[s];
    while ((uint16_t)(tag - x->esteps) < 0x8000u) {
        int m = x->esteps != (uint16_t)tag ? next_is_ordered_mem(h, x) : 0;
        if (m < 0)
            return -1;
        if (m)
            return 0;
        if (ensure_stepped(h, s, x->esteps) < 0)
            return -1;
    }
    return 1;
}

static int compare_retire(hctx *h, unsigned s, unsigned tag);

/* Compare the wave's deferred retirements the emulator may now reach (all of
 * them when final: the wave ended, its memory instructions have drained). */
static int compare_deferred(hctx *h, unsigned s, int final)
{
    hw *x = &h->w[s];
    for (unsigned i = 0; i < x->ndefer;) {
        unsigned tag = x->defer[i];
        int t = final ? 1 : step_until(h, s, tag);
        if (t < 0)
            return -1;
        if (t == 0) {
            i++;
            continue;
        }
        x->defer[i] = x->defer[--x->ndefer];
        rec_at(x, tag)->cmp_pend = 0;
        if (compare_retire(h, s, tag) < 0) {
            h->res.mismatches++;
            return -1;
        }
        if (flush_records(h, s) < 0)
            return -1;
    }
    return 0;
}

/* cosim: compare retirement tag of wave s now, or once the emulator may run
 * up to it */
static int compare_or_defer(hctx *h, unsigned s, unsigned tag)
{
    hw *x = &h->w[s];
    /* an s_barrier is run at once, with everything before it: the RTL releases
     * the work-group's waves when all retired theirs, and the emulator runs a
     * wave past its barrier only when all of them ran theirs */
    const si_inst *in = si_emu_fetch(h->emu, rec_at(x, tag)->trec.pc);
    int barrier = in && in->op == SI_OP_s_barrier;
    if (barrier && compare_deferred(h, s, 1) < 0)
        return -1;
    int t = barrier ? 1 : step_until(h, s, tag);
    if (t < 0)
        return -1;
    if (t == 0) {
        if (x->ndefer == x->defer_cap) {
            unsigned n = x->defer_cap ? 2 * x->defer_cap : 64;
            uint16_t *d = n <= RING_MAX ? realloc(x->defer, n * sizeof *d) : NULL;
            if (!d)
                return fail_host(h, "harness: wave slot %u: more than %u retirements wait for a memory request",
                                 s, x->defer_cap);
            x->defer = d;
            x->defer_cap = n;
        }
        x->defer[x->ndefer++] = (uint16_t)tag;
        rec_at(x, tag)->cmp_pend = 1;
        return 0;
    }
    if (compare_retire(h, s, tag) < 0) {
        h->res.mismatches++;
        return -1;
    }
    return compare_deferred(h, s, 0);
}

static void history(hctx *h, unsigned s, char *buf, size_t n)
{
    hw *x = &h->w[s];
    size_t l = 0;
    unsigned k = x->hist_n < 8 ? x->hist_n : 8;
    for (unsigned i = 0; i < k && l < n; i++) {
        char d[256];
        uint64_t pc = x->hist[(x->hist_n - k + i) % 8];
        disasm_at(h, pc, d, sizeof d);
        l += (size_t)snprintf(buf + l, n - l, "\n    0x%llx (+0x%llx): %s", (unsigned long long)pc,
                              (unsigned long long)(pc - h->d->code_addr), d);
    }
}

static int mismatch(hctx *h, unsigned s, const si_retire *r, const char *what)
{
    char d[256], hist[2400];
    disasm_at(h, r->pc, d, sizeof d);
    history(h, s, hist, sizeof hist);
    uint64_t rexec = shadow_exec(&h->w[s]);
    return fail(h,
                "cosim mismatch at cycle %llu: wave slot %u (work-group %u,%u,%u wave %u), PC 0x%llx (code +0x%llx): %s\n"
                "  %s\n  EXEC of the instruction: emulator 0x%016llx; RTL EXEC now 0x%016llx\n"
                "  last instructions of the wave:%s",
                (unsigned long long)h->cycle, s, r->wg[0], r->wg[1], r->wg[2], r->wave, (unsigned long long)r->pc,
                (unsigned long long)(r->pc - h->d->code_addr), d, what, (unsigned long long)r->exec,
                (unsigned long long)rexec, hist);
}

/* the RTL record g (from the monitor's events) against the emulator's record r.
 * The emulator records only the registers an s_movreld / fork changed: an RTL
 * write it does not list must leave the register's value as it was (same). */
static int compare_scalar(const si_retire *r, const si_retire *g, const uint64_t same[2], char *what, size_t n)
{
    for (int i = 0; i < r->nswr; i++) {
        int k = -1;
        for (int j = 0; j < g->nswr; j++)
            if (g->swr[j].reg == r->swr[i].reg)
                k = j;   /* the last write counts */
        if (k < 0) {
            snprintf(what, n, "scalar register %u: expected 0x%08x, the RTL did not write it", r->swr[i].reg, r->swr[i].val);
            return -1;
        }
        if (g->swr[k].val != r->swr[i].val) {
            snprintf(what, n, "scalar register %u: expected 0x%08x, RTL 0x%08x", r->swr[i].reg, r->swr[i].val, g->swr[k].val);
            return -1;
        }
    }
    for (int j = 0; j < g->nswr; j++) {
        int k = -1;
        for (int i = 0; i < r->nswr && k < 0; i++)
            if (r->swr[i].reg == g->swr[j].reg)
                k = i;
        if (k < 0 && !((same[g->swr[j].reg / 64] >> (g->swr[j].reg % 64)) & 1)) {
            snprintf(what, n, "scalar register %u: the RTL wrote 0x%08x, the emulator did not write it", g->swr[j].reg,
                     g->swr[j].val);
            return -1;
        }
    }
    if (r->scc_wr != g->scc_wr || (r->scc_wr && r->scc != g->scc)) {
        snprintf(what, n, "SCC: expected %s, RTL %s", r->scc_wr ? (r->scc ? "1" : "0") : "not written",
                 g->scc_wr ? (g->scc ? "1" : "0") : "not written");
        return -1;
    }
    return 0;
}

static int compare_vector(const si_retire *r, const si_retire *g, char *what, size_t n)
{
    for (int i = 0; i < r->nvwr; i++) {
        if (!r->vwr[i].mask)
            continue;
        int k;
        for (k = 0; k < g->nvwr && g->vwr[k].reg != r->vwr[i].reg; k++)
            ;
        if (k == g->nvwr) {
            snprintf(what, n, "v%u: lanes 0x%016llx expected, the RTL wrote none", r->vwr[i].reg,
                     (unsigned long long)r->vwr[i].mask);
            return -1;
        }
        size_t l = (size_t)snprintf(what, n, "v%u:", r->vwr[i].reg);
        int bad = 0;
        if (g->vwr[k].mask != r->vwr[i].mask) {
            l += (size_t)snprintf(what + l, n - l, " lanes written: expected 0x%016llx, RTL 0x%016llx;",
                                  (unsigned long long)r->vwr[i].mask, (unsigned long long)g->vwr[k].mask);
            bad++;
        }
        for (unsigned lane = 0; lane < 64; lane++) {
            if (!((r->vwr[i].mask >> lane) & 1) || g->vwr[k].val[lane] == r->vwr[i].val[lane])
                continue;
            if (bad < 8 && l < n)
                l += (size_t)snprintf(what + l, n - l, " lane %u expected 0x%08x RTL 0x%08x;", lane, r->vwr[i].val[lane],
                                      g->vwr[k].val[lane]);
            bad++;
        }
        if (bad) {
            if (l < n)
                snprintf(what + l, n - l, " (%d differences)", bad);
            return -1;
        }
    }
    for (int k = 0; k < g->nvwr; k++) {
        int i;
        for (i = 0; i < r->nvwr && !(r->vwr[i].reg == g->vwr[k].reg && r->vwr[i].mask); i++)
            ;
        if (i == r->nvwr) {
            snprintf(what, n, "v%u: the RTL wrote lanes 0x%016llx, the emulator wrote none", g->vwr[k].reg,
                     (unsigned long long)g->vwr[k].mask);
            return -1;
        }
    }
    return 0;
}

/* the bytes an instruction stored, one entry per (space, lane, byte address),
 * the last write of a byte winning (records list stores in the order made) */
typedef struct sbyte {
    uint64_t key;   /* space << 62 | lane << 54 | byte address */
    uint32_t seq;
    uint8_t val;
} sbyte;

static int sbyte_cmp(const void *a, const void *b)
{
    const sbyte *x = a, *y = b;
    if (x->key != y->key)
        return x->key < y->key ? -1 : 1;
    return x->seq < y->seq ? -1 : x->seq > y->seq;
}

static size_t store_nbytes(const si_retire *r)
{
    size_t n = 0;
    for (int i = 0; i < r->nst; i++)
        n += r->st[i].size;
    return n;
}

static size_t store_bytes(const si_retire *r, sbyte **out)
{
    size_t n = store_nbytes(r);
    sbyte *b = malloc((n ? n : 1) * sizeof *b);
    if (!b) {
        *out = NULL;
        return 0;
    }
    n = 0;
    for (int i = 0; i < r->nst; i++) {
        const si_store *t = &r->st[i];
        for (unsigned k = 0; k < t->size; k++)
            b[n++] = (sbyte){((uint64_t)t->space << 62) | ((uint64_t)t->lane << 54) | ((t->addr + k) & ((1ull << 54) - 1)),
                             (uint32_t)n, (uint8_t)(t->val >> (8 * k))};
    }
    qsort(b, n, sizeof *b, sbyte_cmp);
    size_t m = 0;
    for (size_t i = 0; i < n; i++) {
        if (m && b[m - 1].key == b[i].key)
            m--;   /* a later write of the same byte */
        b[m++] = b[i];
    }
    *out = b;
    return m;
}

static const char *space_name(unsigned sp) { return sp == SI_SPACE_LDS ? "LDS" : sp == SI_SPACE_SCRATCH ? "scratch" : "global"; }

static void describe_byte(const sbyte *b, char *s, size_t n, const char *who)
{
    snprintf(s, n, "%s %s byte 0x%llx (lane %u) = 0x%02x", who, space_name((unsigned)(b->key >> 62)),
             (unsigned long long)(b->key & ((1ull << 54) - 1)), (unsigned)((b->key >> 54) & 63), b->val);
}

/* the stores of the instruction: the same bytes with the same values */
static int compare_stores(const si_retire *r, const si_retire *g, char *what, size_t n)
{
    if (!r->nst && !g->nst)
        return 0;
    sbyte *a, *b;
    size_t na = store_bytes(r, &a), nb = store_bytes(g, &b);
    int bad = 0;
    if (!a || !b) {
        snprintf(what, n, "stores: out of memory");
        bad = 1;
    }
    for (size_t i = 0, j = 0; !bad && (i < na || j < nb);) {
        char e[96], t[96];
        if (j == nb || (i < na && a[i].key < b[j].key)) {
            describe_byte(&a[i], e, sizeof e, "emulator stored");
            snprintf(what, n, "stores: %s, the RTL did not store it", e);
            bad = 1;
        } else if (i == na || b[j].key < a[i].key) {
            describe_byte(&b[j], t, sizeof t, "RTL stored");
            snprintf(what, n, "stores: %s, the emulator did not store it", t);
            bad = 1;
        } else if (a[i].val != b[j].val) {
            describe_byte(&a[i], e, sizeof e, "emulator stored");
            snprintf(what, n, "stores: %s, RTL 0x%02x", e, b[j].val);
            bad = 1;
        } else {
            i++;
            j++;
        }
    }
    free(a);
    free(b);
    return bad ? -1 : 0;
}

/* the RTL's record of tag (retired) against the emulator's */
static int compare_retire(hctx *h, unsigned s, unsigned tag)
{
    hw *x = &h->w[s];
    if (ensure_stepped(h, s, tag) < 0)      /* (may move the records) */
        return -1;
    hrec *e = rec_at(x, tag);
    const si_retire *r = &e->rec, *g = &e->trec;
    e->elive = 0;
    char what[2048];
    if (r->pc != g->pc) {
        snprintf(what, sizeof what, "control flow: the RTL retired PC 0x%llx, the emulator executed PC 0x%llx",
                 (unsigned long long)g->pc, (unsigned long long)r->pc);
        return mismatch(h, s, r, what);
    }
    if (compare_scalar(r, g, e->swr_same, what, sizeof what) < 0 || compare_vector(r, g, what, sizeof what) < 0)
        return mismatch(h, s, r, what);
    e->st_pend = 1;
    return check_stores(h, s, tag, 0);
}

/* the stores of retired instruction tag of wave slot s, once complete (or
 * final: the wave has ended, whatever is missing is missing) */
static int check_stores(hctx *h, unsigned s, unsigned tag, int final)
{
    hw *x = &h->w[s];
    hrec *e = rec_at(x, tag);
    if (!h->o->cosim || !e->st_pend || e->tstate != 2 || e->ttag != (uint16_t)tag)
        return 0;
    const si_retire *r = &e->rec, *g = &e->trec;
    if (!final && store_nbytes(g) < store_nbytes(r))
        return 0;
    e->st_pend = 0;
    char what[512];
    if (compare_stores(r, g, what, sizeof what) < 0) {
        h->res.mismatches++;
        return mismatch(h, s, r, what);
    }
    return flush_records(h, s);
}

/* ---------------------------------------------------------------- memory model */
static uint64_t mem_read(hctx *h, uint64_t a, unsigned n, int *ok)
{
    uint8_t *p = si_mem_ptr(h->mem, a, n);
    uint64_t v = 0;
    *ok = p != NULL;
    if (p)
        for (unsigned i = 0; i < n; i++)
            v |= (uint64_t)p[i] << (8 * i);
    return v;
}

static int memlog = -1;   /* SICU_MEMLOG=1: print every global memory request (debugging) */
static int memlog_on(void)
{
    if (memlog < 0)
        memlog = getenv("SICU_MEMLOG") != NULL;
    return memlog;
}

static int mem_access(hctx *h, const shm_out *o, uint64_t *rdata)
{
    int ok;
    if (memlog_on())
        fprintf(stderr, "mem cycle %llu slot %u lane %u %s size %u addr 0x%llx wdata 0x%llx\n",
                (unsigned long long)h->cycle, o->mem_req_wave, o->mem_req_lane,
                o->mem_req_atomic ? "atomic" : o->mem_req_we ? "store" : "load", o->mem_req_size,
                (unsigned long long)o->mem_req_addr, (unsigned long long)o->mem_req_wdata);
    unsigned n = o->mem_req_size;
    char d[256];
    if (o->mem_req_atomic) {
        /* the atomic ALU sits at the memory */
        si_inst in;
        memset(&in, 0, sizeof in);
        const si_memattr *ma = si_op_mem(o->mem_req_op);
        int is64 = n == 8;
        if (!ma || ma->kind != SI_MK_BUF_ATOMIC)
            return fail(h, "memory model: atomic request for %s, which is not a buffer atomic",
                        o->mem_req_op < SI_OP_COUNT ? si_ops[o->mem_req_op].name : "an unknown op");
        unsigned aop = ma->aop;
        uint64_t old = mem_read(h, o->mem_req_addr, n, &ok);
        if (!ok)
            goto bad;
        si_fpm m = si_fpm_from_mode(o->mem_req_mode); /* the issuing wave's MODE, as the emulator */
        uint64_t nv = si_aop_apply(aop, is64, old, o->mem_req_wdata, o->mem_req_cmp, &m);
        uint8_t *p = si_mem_ptr(h->mem, o->mem_req_addr, n);
        for (unsigned i = 0; i < n; i++)
            p[i] = (uint8_t)(nv >> (8 * i));
        *rdata = old;
        if (record_store(h, o->mem_req_wave, o->mem_req_tag, o->mem_req_lane, o->mem_req_addr, nv, n) < 0)
            return -1;
        return 1;
    }
    if (o->mem_req_we) {
        uint8_t *p = si_mem_ptr(h->mem, o->mem_req_addr, n);
        if (!p)
            goto bad;
        for (unsigned i = 0; i < n; i++)
            p[i] = (uint8_t)(o->mem_req_wdata >> (8 * i));
        return record_store(h, o->mem_req_wave, o->mem_req_tag, o->mem_req_lane, o->mem_req_addr, o->mem_req_wdata, n);
    }
    *rdata = mem_read(h, o->mem_req_addr, n, &ok);
    if (!ok)
        goto bad;
    return 1;
bad:
    disasm_at(h, o->mem_req_pc, d, sizeof d);
    return fail(h, "memory access out of range at cycle %llu: wave slot %u, PC 0x%llx (code +0x%llx): %s: lane %u, %s "
                   "of %u bytes at 0x%llx is not mapped device memory",
                (unsigned long long)h->cycle, o->mem_req_wave, (unsigned long long)o->mem_req_pc,
                (unsigned long long)(o->mem_req_pc - h->d->code_addr), d, o->mem_req_lane,
                o->mem_req_atomic ? "atomic" : o->mem_req_we ? "store" : "load", n, (unsigned long long)o->mem_req_addr);
}

/* ---------------------------------------------------------------- main loop */
static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* the active waves, their last retired instruction and what they wait for */
static int stuck(hctx *h, const shm_out *o, size_t l)
{
    for (unsigned s = 0; s < NW && l < h->errlen; s++) {
        if (!((o->wave_active >> s) & 1))
            continue;
        char d[256];
        uint64_t pc = h->w[s].last_pc;
        disasm_at(h, pc, d, sizeof d);
        l += (size_t)snprintf(h->err + l, h->errlen - l, "\n  slot %u: last retired 0x%llx (%s); %s%s vmcnt %u lgkmcnt %u",
                              s, (unsigned long long)pc, d, (o->wave_busy >> s) & 1 ? "busy (instruction in flight)" : "not busy",
                              (o->wave_barrier >> s) & 1 ? ", waiting at s_barrier" : "", o->wave_vm[s], o->wave_lgkm[s]);
    }
    return -1;
}

static int watchdog(hctx *h, const shm_out *o)
{
    h->fail_kind = SH_FAIL_HANG;
    size_t l = (size_t)snprintf(h->err, h->errlen, "watchdog: no instruction retired for %llu cycles (cycle %llu); stuck waves:",
                                (unsigned long long)h->o->watchdog, (unsigned long long)h->cycle);
    return stuck(h, o, l);
}

/* ---------------------------------------------------------------- one cycle */
/* the dispatcher's inputs of this cycle: a launch, else the current wave's
 * next initial write; memory responses that are due */
/* Warped-DMR inter/enhanced run controls (sh_dmr_control): dmr_ctl's bits */
static unsigned g_dmr_ctl;

int sh_dmr_control(int mode, unsigned rq, int noshuf, char *err, size_t errlen)
{
#ifdef SICU_FEAT_DMR_REPLAY
    if (mode < 0 || mode > 3 || rq > SICU_DMR_RQ) {
        snprintf(err, errlen, "Warped-DMR controls: mode %d (0..3), ReplayQ entries %u (0..%d, DMR_RQ of %s)", mode,
                 rq, SICU_DMR_RQ, SICU_CFG_FILE);
        return -1;
    }
    g_dmr_ctl = (unsigned)mode << 7 | (noshuf ? 1u : 0u) << 6 | rq;
    return 0;
#else
    if (mode == 0 && rq == 0 && !noshuf)
        return 0;
    snprintf(err, errlen, "the Warped-DMR replay controls need a model with DMR inter or enhanced (this one: %s)",
             SICU_CFG_FILE);
    return -1;
#endif
}

int sh_dmr_mode(void)
{
    unsigned m = g_dmr_ctl >> 7 & 3;
    if (m)
        return (int)m;
    return SICU_FEAT_DMR;   /* off 0, intra 1, inter 2, enhanced 3: the same numbers */
}

/* register-file virtualization run controls (sh_rfv_control): rfv_ctl's bits */
static unsigned g_rfv_ctl = SICU_RFV_WAKE << 5 | SICU_RFV_RFC;

int sh_rfv_control(const char *name, long value, char *err, size_t errlen)
{
#if SICU_FEAT_RFV
    if (!strcmp(name, "rfc")) {
        if (value < 0 || value > SICU_RFV_RFC) {
            snprintf(err, errlen, "release flag cache entries %ld: the model has %d (RFV_RFC of %s)", value,
                     SICU_RFV_RFC, SICU_CFG_FILE);
            return -1;
        }
        g_rfv_ctl = (g_rfv_ctl & ~31u) | (unsigned)value;
        return 0;
    }
    if (!strcmp(name, "wake")) {
        if (value < 0 || value > 31) {
            snprintf(err, errlen, "sub-array wake-up latency %ld: expected 0..31 cycles", value);
            return -1;
        }
        g_rfv_ctl = (g_rfv_ctl & ~(31u << 5)) | (unsigned)value << 5;
        return 0;
    }
    if (!strcmp(name, "rows")) {
#if SICU_FEAT_RFV_SHRINK
        if (value < 0 || value > SICU_VGPR_ROWS) {
            snprintf(err, errlen, "GPU-Shrink physical rows %ld: expected 1..%d per SIMD (0: all)", value,
                     SICU_VGPR_ROWS);
            return -1;
        }
        g_rfv_ctl = (g_rfv_ctl & ~(511u << 10)) | (unsigned)value << 10;
        return 0;
#else
        snprintf(err, errlen, "GPU-Shrink's physical rows need a model with RFV_SHRINK on (this one: %s)",
                 SICU_CFG_FILE);
        return -1;
#endif
    }
    snprintf(err, errlen, "unknown register-file virtualization control '%s'", name);
    return -1;
#else
    (void)value;
    snprintf(err, errlen, "the register-file virtualization control '%s' needs a model with RFV on (this one: %s)",
             name, SICU_CFG_FILE);
    return -1;
#endif
}

unsigned sh_rfv_rfc_entries(void) { return g_rfv_ctl & 31u; }
unsigned sh_rfv_wake_cycles(void) { return g_rfv_ctl >> 5 & 31u; }
unsigned sh_rfv_rows(void) { return g_rfv_ctl >> 10 & 511u; }

static int drive_inputs(hctx *h, shm_in *in)
{
    memset(in, 0, sizeof *in);
    in->dmr_ctl = g_dmr_ctl;
    in->rfv_ctl = g_rfv_ctl;
    if (h->init_active)
        init_beat(h, in);
    else if (h->pend_i == h->npending) {
        h->pend_i = h->npending = 0;
        if (h->next_wg < h->nwg) {
            int t = try_launch(h, h->next_wg, in, h->pending, &h->npending);
            if (t < 0)
                return -1;
            if (t > 0)
                h->next_wg++;
        }
    }
    if (!h->init_active && h->pend_i < h->npending) {
        unsigned s = h->pending[h->pend_i++];
        hw *x = &h->w[s];
        in->launch_valid = 1;
        in->launch_wave = s;
        in->launch_pc = x->ew->pc;
        in->launch_sgpr_base = x->sbase;
        in->launch_nsgpr = x->nsgpr;
        in->launch_vgpr_base = x->vbase;
        in->launch_nvgpr = x->nvgpr;
        in->launch_wg = x->wgslot;
        in->launch_wg_nwaves = x->wg->nwaves;
        in->launch_wg_wave = x->wave_in_wg & 15;
        in->launch_wg_vrows = shrink_cap((h->d->wg[0] * h->d->wg[1] * h->d->wg[2] + 63) / 64) * x->nvgpr;
        if (in->launch_wg_vrows > h->res.shrink_wg_rows)
            h->res.shrink_wg_rows = in->launch_wg_vrows;
        in->launch_lds_base = h->wg_lds_base[x->wgslot];
        in->launch_lds_size = x->wg->lds_size;
        in->launch_scc = x->ew->scc;
        in->launch_mode = x->ew->mode;
        x->last_pc = x->ew->pc;
        h->live++;
        h->init_active = 1;
        h->init_slot = s;
        h->init_beat = 0;
        init_vrows(x, h->o->rfv_exempt);
        h->init_nbeats = init_nbeats(x);
    }
    /* memory responses (in order, after the configured latency) */
    if (h->iqh != h->iqt && h->iq[h->iqh % MQ].ready <= h->cycle) {
        in->imem_rsp_valid = 1;
        in->imem_rsp_wave = h->iq[h->iqh % MQ].wave;
        memcpy(in->imem_rsp_data, h->iq[h->iqh % MQ].data, sizeof in->imem_rsp_data);
        in->imem_rsp_ok = h->iq[h->iqh % MQ].ok;
        h->iqh++;
    }
    if (h->mqh != h->mqt && h->mq[h->mqh % MQ].ready <= h->cycle) {
        in->mem_rsp_valid = 1;
        in->mem_rsp_data = h->mq[h->mqh % MQ].data;
        h->mqh++;
    }
    /* line responses stay until the cycle's gm_rsp_ready takes them (sim_cycle) */
    if (h->gqh != h->gqt && h->gq[h->gqh % MQ].ready <= h->cycle) {
        in->gm_rsp_valid = 1;
        memcpy(in->gm_rsp_data, h->gq[h->gqh % MQ].data, sizeof in->gm_rsp_data);
    }
    return 0;
}

/* the monitor's write events (before this cycle's retirements: an
 * instruction's writes precede or accompany its retirement) */
static int take_events(hctx *h, const shm_out *out)
{
    if (out->fu_valid)
        for (int s = 0; s < NS; s++)
            if ((out->fu_valid >> s) & 1)
                h->res.fu_lane_ops[out->fu[s] & 127] += out->fu_lanes[s];
    if (out->swr_valid && ev_swr(h, out) < 0)
        return -1;
    for (int e = 0; e < SHM_NV; e++)
        if (out->vwr[e].valid && ev_vwr(h, &out->vwr[e]) < 0)
            return -1;
    /* a DS instruction's LDS accesses: the emulator runs it now (see
     * next_is_ordered_mem), before its writes are recorded */
    if (out->lds_acc && h->o->cosim &&
        (ensure_stepped(h, out->lds_wave, out->lds_tag) < 0 || compare_deferred(h, out->lds_wave, 0) < 0))
        return -1;
    for (unsigned b = 0; b < SHM_NLDS; b++)
        if (((out->lds_valid >> b) & 1) && ev_lds(h, out, b) < 0)
            return -1;
    return 0;
}

/* the stores of a line write of vmem.v, one per lane-dword it serves, into
 * the instruction's record; kept in the emulator's order (lane, then its
 * dwords, at increasing addresses) across the instruction's line writes.
 * The line's data must be that of the last of them on each dword. */
static int record_line_store(hctx *h, const shm_out *o)
{
    uint32_t last[16];
    unsigned cover = 0;
    si_retire *r = (h->o->trace || h->o->cosim) ? trec_get(h, o->gm_req_wave, o->gm_req_tag) : NULL;
    if ((h->o->trace || h->o->cosim) && !r)
        return -1;
    for (unsigned l = 0; l < 64; l++)
        for (unsigned d = 0; d < 4; d++) {
            unsigned e = d * 64 + l;
            if (!((o->st_srv[e / 32] >> (e % 32)) & 1))
                continue;
            unsigned j = (((o->st_woff[l / 8] >> (4 * (l % 8))) & 15) + d) & 15;
            uint64_t a = o->gm_req_addr + 4 * j;
            last[j] = o->st_data[e];
            cover |= 1u << j;
            if (r)
                si_retire_add_store(r, a, o->st_data[e], 4, l, store_space(h, a));
        }
    if (cover != o->gm_req_dmask)
        return fail(h, "vmem line write at cycle %llu (line 0x%llx): dword mask 0x%04x, but its lanes' stores cover 0x%04x",
                    (unsigned long long)h->cycle, (unsigned long long)o->gm_req_addr, o->gm_req_dmask, cover);
    for (unsigned j = 0; j < 16; j++)
        if (((cover >> j) & 1) && o->gm_req_data[j] != last[j])
            return fail(h, "vmem line write at cycle %llu (line 0x%llx): dword %u = 0x%08x, the last lane's store to it "
                           "is 0x%08x", (unsigned long long)h->cycle, (unsigned long long)o->gm_req_addr, j,
                        o->gm_req_data[j], last[j]);
    if (!r)
        return 0;
    for (int i = 1; i < r->nst; i++) { /* insertion: the new ones are mostly in order already */
        si_store t = r->st[i];
        int k = i - 1;
        while (k >= 0 && (r->st[k].lane > t.lane || (r->st[k].lane == t.lane && r->st[k].addr > t.addr))) {
            r->st[k + 1] = r->st[k];
            k--;
        }
        r->st[k + 1] = t;
    }
    return check_stores(h, o->gm_req_wave, o->gm_req_tag, 0);
}

/* a 64-byte line request of vmem.v: a read's dwords read now, a write's
 * written now (memory order is request order); the response (a write's:
 * its acknowledgement) queued at the model's time */
static int serve_line(hctx *h, const shm_out *o)
{
    if (h->gqt - h->gqh >= MQ)
        return fail(h, "memory model: more than %d line responses outstanding", MQ);
    if (h->o->cosim && (ensure_stepped(h, o->gm_req_wave, o->gm_req_tag) < 0 ||
                        compare_deferred(h, o->gm_req_wave, 0) < 0))
        return -1;
    if (o->gm_req_we && record_line_store(h, o) < 0)
        return -1;
    lreq *q = &h->gq[h->gqt % MQ];
    memset(q->data, 0, sizeof q->data);
    for (unsigned j = 0; j < 16; j++) {
        if (!((o->gm_req_dmask >> j) & 1))
            continue;
        uint64_t a = o->gm_req_addr + 4 * j;
        uint8_t *p = si_mem_ptr(h->mem, a, 4);
        if (!p) {
            char d[256];
            disasm_at(h, o->gm_req_pc, d, sizeof d);
            return fail(h, "memory access out of range at cycle %llu: wave slot %u, PC 0x%llx (code +0x%llx): %s: %s of "
                           "4 bytes at 0x%llx (line 0x%llx, dword %u) is not mapped device memory",
                        (unsigned long long)h->cycle, o->gm_req_wave, (unsigned long long)o->gm_req_pc,
                        (unsigned long long)(o->gm_req_pc - h->d->code_addr), d, o->gm_req_we ? "store" : "load",
                        (unsigned long long)a, (unsigned long long)o->gm_req_addr, j);
        }
        if (o->gm_req_we)
            memcpy(p, &o->gm_req_data[j], 4);
        else
            memcpy(&q->data[j], p, 4);
    }
    if (memlog_on())
        fprintf(stderr, "mem cycle %llu slot %u line %s 0x%llx dwords 0x%04x\n", (unsigned long long)h->cycle,
                o->gm_req_wave, o->gm_req_we ? "store" : "load", (unsigned long long)o->gm_req_addr, o->gm_req_dmask);
    uint64_t r = memsys_access(h->ms, h->cycle, o->gm_req_addr, o->gm_req_we, MEMSYS_VECTOR);
    h->gq_last = q->ready = r > h->gq_last ? r : h->gq_last;
    h->gqt++;
    h->nmem++;
    return 0;
}

/* instruction fetches and global memory requests of this cycle */
static int serve_memory(hctx *h, shm_out *out)
{
    if (out->imem_req_valid) {
        /* an aligned 32-byte block (fetch.v's instruction buffer); dwords outside
         * memory read 0 and are flagged: fetch prefetches past the end of the
         * code, and decode faults only if an instruction starts in one */
        ireq *q = &h->iq[h->iqt % MQ];
        q->ready = h->cycle + SICU_IMEM_LATENCY;
        q->wave = out->imem_req_wave;
        q->ok = 0;
        for (int i = 0; i < 8; i++) {
            int ok;
            q->data[i] = (uint32_t)mem_read(h, out->imem_req_addr + 4u * (unsigned)i, 4, &ok);
            if (ok)
                q->ok |= 1u << i;
            else
                q->data[i] = 0;
        }
        h->iqt++;
    }
    if (out->mem_req_valid && h->o->mem_stall_after && h->nmem >= h->o->mem_stall_after)
        out->mem_req_valid = 0; /* test hook: the memory stops answering (no response is queued) */
    if (out->mem_req_valid) {
        h->nmem++;
        if (h->o->cosim && (ensure_stepped(h, out->mem_req_wave, out->mem_req_tag) < 0 ||
                            compare_deferred(h, out->mem_req_wave, 0) < 0))
            return -1;
        uint64_t rd = 0;
        int t = mem_access(h, out, &rd);
        if (t < 0)
            return -1;
        if (t > 0) {
            if (h->mqt - h->mqh >= MQ)
                return fail(h, "memory model: more than %d responses outstanding on the LSU port", MQ);
            const si_memattr *ma = si_op_mem(out->mem_req_op);
            int scalar = ma && (ma->kind == SI_MK_SMRD_LOAD || ma->kind == SI_MK_SMRD_BUF_LOAD);
            uint64_t r = memsys_access(h->ms, h->cycle, out->mem_req_addr, out->mem_req_we || out->mem_req_atomic,
                                       scalar ? MEMSYS_SCALAR : MEMSYS_VECTOR);
            h->mq_last = r = r > h->mq_last ? r : h->mq_last;
            h->mq[h->mqt % MQ] = (mreq){r, rd, out->mem_req_wave};
            h->mqt++;
        }
    }
    if (out->gm_req_valid && h->o->mem_stall_after && h->nmem >= h->o->mem_stall_after)
        out->gm_req_valid = 0; /* the test hook above, on the line port */
    if (out->gm_req_valid && serve_line(h, out) < 0)
        return -1;
    return 0;
}

static int report_fault(hctx *h, const shm_out *out)
{
    char dd[256];
    disasm_at(h, out->fault_pc, dd, sizeof dd);
    const char *why = "unknown fault code";
    switch (out->fault_code) {
#define FAULT(n, c, m) case SH_FLT_##n: why = m; break;
#include "../sw/isa/faults.def"
#undef FAULT
    }
    char info[64] = "";
    if (out->fault_code == SH_FLT_SGPR_RANGE)
        snprintf(info, sizeof info, " (s%u)", out->fault_info);
    else if (out->fault_code == SH_FLT_VGPR_RANGE)
        snprintf(info, sizeof info, " (v%u)", out->fault_info >= 256 ? out->fault_info - 256 : out->fault_info);
    return fail(h, "RTL fault at cycle %llu: wave slot %u, PC 0x%llx (code +0x%llx): %s%s: %s",
                (unsigned long long)h->cycle, out->fault_wave, (unsigned long long)out->fault_pc,
                (unsigned long long)(out->fault_pc - h->d->code_addr), why, info, dd);
}

/* this cycle's retirements: complete their records, compare (cosim), trace */
static int retire_all(hctx *h, const shm_out *out)
{
    for (int r = 0; r < SHM_NR; r++) {
        if (!out->ret_valid[r])
            continue;
        unsigned s = out->ret_wave[r];
        hw *x = &h->w[s];
        x->last_pc = out->ret_pc[r];
        x->hist[x->hist_n++ % 8] = out->ret_pc[r];
        h->res.retired++;
        h->res.by_class[r == 0 ? 0 : r <= NS ? 1 : r == NS + 1 ? 2 : 3]++;
        h->last_ret = h->cycle;
        si_retire *rec = retire_record(h, r, s, out->ret_tag[r], out->ret_pc[r], out);
        if (!rec)
            return -1;
        if (r >= 1 && r <= NS) {   /* a SIMD's retirement */
            h->res.valu_active[__builtin_popcountll(out->ret_exec[r])]++;
            dmr_cov_add(&h->res.dmr_cov, &rec->inst, out->ret_exec[r]);
        }
        if (h->o->cosim && compare_or_defer(h, s, out->ret_tag[r]) < 0)
            return -1;
        if (flush_records(h, s) < 0)
            return -1;
    }
    return 0;
}

static void fu_hit_now(hctx *h)
{
    if (!h->fu_hit)
        h->fu_hit = h->cycle + 1;
    if (h->fu.once)
        h->fu.en = 0;
}

/* the hooked lane's result was used this cycle: it wrote a VGPR result (its
 * SIMD's low-dword event names the wave lanes pass*LANES + lane written) or,
 * in a DMR build, its SIMD's comparators saw a mismatch (the lane was idle,
 * checking an active lane: a flip of a compared bit shows there first) */
static void fu_watch(hctx *h, const shm_out *out)
{
#if SICU_FEAT_DMR != SICU_DMR_OFF
    shm_out po;
    shm_read_perf(h->m, &po);
    uint32_t e = po.perf_simd[h->fu.simd][SICU_PS_dmr_errors];
    if (e != h->fu_dmr_err) {
        h->fu_dmr_err = e;
        fu_hit_now(h);
        return;
    }
#endif
    const shm_vwr *v = &out->vwr[2 * h->fu.simd];
    if (!v->valid || v->init)
        return;
    for (unsigned b = h->fu.lane; b < 64; b += SICU_LANES)
        if ((v->mask >> b) & 1) {
            fu_hit_now(h);
            return;
        }
}

/* One cycle of the whole system: 1 the dispatch completed, 0 go on, <0 failed. */
static int sim_cycle(hctx *h)
{
    const sh_opts *o = h->o;
    shm_in in;
    shm_out *out = &h->out;
    if (o->waves && !h->waves_open && h->cycle == o->waves_from) {
        if (shm_waves_open(h->m, o->waves, o->scopes, o->scope_levels, o->nscopes) < 0)
            return fail(h, "cannot create the waveform file %s", o->waves);
        h->waves_open = 1;
    }
    if (drive_inputs(h, &in) < 0)
        return -1;
    if (h->fu.en) {
        in.fi_en = 1;
        in.fi_simd = h->fu.simd;
        in.fi_lane = h->fu.lane;
        in.fi_and = h->fu.and_m;
        in.fi_or = h->fu.or_m;
        in.fi_xor = h->fu.xor_m;
    }
    shm_cycle(h->m, &in, out);
#if SICU_FEAT_DMR != SICU_DMR_OFF
    for (int s = 0; s < NS && !h->dmr_ev_have; s++)
        if (out->dmr_ev[s].valid) {
            const shm_dmr_ev *e = &out->dmr_ev[s];
            h->dmr_ev = (sh_dmr_event){h->cycle, s, e->inter, e->wave, e->pc, e->lanes};
            h->dmr_ev_have = 1;
        }
#endif
    if (in.gm_rsp_valid && out->gm_rsp_ready)
        h->gqh++;
    if (in.init_valid && out->init_ready && ++h->init_beat == h->init_nbeats)
        h->init_active = 0;
    if (h->fu.en)
        fu_watch(h, out);
    const char *am = shm_assert_failed(h->m);
    if (am && (h->fail_kind = SH_FAIL_ASSERT))
        return stuck(h, out, (size_t)snprintf(h->err, h->errlen, "%s; active waves:", am));
    if (take_events(h, out) < 0 || serve_memory(h, out) < 0)
        return -1;
    if (out->fault_valid) {
        h->fail_kind = SH_FAIL_FAULT;
        return report_fault(h, out);
    }
    if (retire_all(h, out) < 0)
        return -1;
    if (out->end_valid) {
        if (free_wave(h, out->end_wave) < 0)
            return -1;
        h->live--;
        if (h->live == 0 && h->next_wg == h->nwg && h->pend_i == h->npending)
            return 1;
    }
    if (o->watchdog && h->cycle - h->last_ret > o->watchdog)
        return watchdog(h, out);
    if (o->max_cycles && h->cycle >= o->max_cycles && (h->fail_kind = SH_FAIL_LIMIT))
        return stuck(h, out, (size_t)snprintf(h->err, h->errlen,
                                              "cycle limit of %llu reached (sicu run --max-cycles N raises it, 0 = no limit); active waves:",
                                              (unsigned long long)o->max_cycles));
    if (h->waves_open && o->waves_to && h->cycle >= o->waves_to) {
        shm_waves_close(h->m);
        h->waves_open = 0;
    }
    return 0;
}

/* ---------------------------------------------------------------- the library API (harness.h) */
static void free_records(hctx *h)
{
    for (unsigned s = 0; s < NW; s++) {
        for (unsigned r = 0; h->w[s].rs && r < h->w[s].ring; r++) {
            si_retire_free(&h->w[s].rs[r].rec);
            si_retire_free(&h->w[s].rs[r].trec);
        }
        free(h->w[s].rs);
        h->w[s].rs = NULL;
        free(h->w[s].sh_v);
        h->w[s].sh_v = NULL;
        free(h->w[s].defer);
        h->w[s].defer = NULL;
        h->w[s].ndefer = h->w[s].defer_cap = 0;
    }
}

sh_sim *sh_open(si_mem *mem, const si_dispatch *d, si_mem *emem, const si_dispatch *ed, const sh_opts *o, char *err,
                size_t errlen)
{
    hctx *h = calloc(1, sizeof *h);
    if (!h) {
        snprintf(err, errlen, "out of host memory for the harness");
        return NULL;
    }
    h->mem = mem;
    h->emem = emem;
    h->d = d;
    h->o = o;
    h->res.rfv_exempt = o->rfv_exempt ? si_vset_count(o->rfv_exempt) : 0;
    h->err = err;
    h->errlen = errlen;
    si_emu_opts eo = {0};
    h->emu = si_emu_create(o->cosim ? emem : mem, o->cosim ? ed : d, &eo);
    if (!h->emu) {
        fail(h, "cannot create the emulator for the dispatch");
        free(h);
        return NULL;
    }
    h->scr_sgpr = d->scratch_per_wave ? si_emu_scratch_sgpr(h->emu) : -1;
    for (unsigned s = 0; s < NW; s++)
        if (!(h->w[s].rs = calloc(h->w[s].ring = RING0, sizeof(hrec))) ||
            !(h->w[s].sh_v = calloc(SICU_VGPR_ROWS, sizeof h->w[s].sh_v[0]))) {
            fail(h, "out of host memory for the monitor's records");
            free_records(h);
            si_emu_destroy(h->emu);
            free(h);
            return NULL;
        }
    if (!(h->gq = calloc(MQ, sizeof *h->gq)) || !(h->ms = memsys_new())) {
        fail(h, "out of host memory for the memory model");
        free(h->gq);
        memsys_free(h->ms);
        free_records(h);
        si_emu_destroy(h->emu);
        free(h);
        return NULL;
    }
    if (!(h->m = shm_new(1))) {
        fail(h, "cannot create the RTL model");
        free(h->gq);
        memsys_free(h->ms);
        free_records(h);
        si_emu_destroy(h->emu);
        free(h);
        return NULL;
    }
    uint64_t nwg = (uint64_t)d->ngroups[0] * d->ngroups[1] * d->ngroups[2];
    if (nwg > UINT32_MAX) {
        fail(h, "the grid has %llu work-groups (%u x %u x %u); the RTL dispatcher numbers them in 32 bits",
             (unsigned long long)nwg, d->ngroups[0], d->ngroups[1], d->ngroups[2]);
        sh_close(h);
        return NULL;
    }
    h->nwg = (uint32_t)nwg;
    h->t0 = now_s();
    h->cycle = 0;
    return h;
}

int sh_step(sh_sim *h, uint64_t ncycles)
{
    if (h->state)
        return h->state;
    for (uint64_t n = 0; ncycles == 0 || n < ncycles; n++) {
        int rc = sim_cycle(h);
        if (rc < 0) {
            h->state = -1;
            h->res.sim_failed = h->cycle > 0 && !h->host_err;
            h->res.fail_cycle = h->cycle;
            return -1;
        }
        if (rc > 0)
            return h->state = 1;
        for (unsigned v = 0; v < NS; v++) {
            h->res.vgpr_static_sum += h->vgpr_nused[v];
            h->res.vgpr_static_sa_sum += h->vgpr_sa_on[v];
        }
        if (h->o->series && h->cycle % h->o->series_interval == 0)
            series_line(h);
        h->cycle++;
    }
    return 0;
}

uint64_t sh_cycle_count(const sh_sim *h) { return h->cycle; }

int sh_dmr_first_error(const sh_sim *h, sh_dmr_event *e)
{
    if (h->dmr_ev_have)
        *e = h->dmr_ev;
    return h->dmr_ev_have;
}

/* wear levelling: the spread of the accesses per physical VGPR row */
static void vrow_wear(hctx *h, sh_result *res)
{
    double cov_all = 0, cov_t = 0, mx = 0, mn = 0;
    unsigned touched = 0;
    for (int s = 0; s < NS; s++) {
        const uint64_t *a = shm_vrow_access(h->m, s);
        double sum = 0, sq = 0, tsum = 0, tsq = 0;
        unsigned nt = 0;
        for (unsigned r = 0; r < SICU_VGPR_ROWS; r++) {
            double x = (double)a[r];
            sum += x;
            sq += x * x;
            if (a[r]) {
                nt++;
                tsum += x;
                tsq += x * x;
                if (x > mx)
                    mx = x;
                if (mn == 0 || x < mn)
                    mn = x;
            }
        }
        double m = sum / SICU_VGPR_ROWS, tm = nt ? tsum / nt : 0;
        if (m > 0)
            cov_all += sqrt(fmax(0, sq / SICU_VGPR_ROWS - m * m)) / m;
        if (tm > 0)
            cov_t += sqrt(fmax(0, tsq / nt - tm * tm)) / tm;
        touched += nt;
    }
    res->vrow_cov_all = cov_all / NS;
    res->vrow_cov_touched = cov_t / NS;
    res->vrow_max_over_min = mn > 0 ? mx / mn : 0;
    res->vrow_touched = touched;
}

const char *sh_error(const sh_sim *h) { return h->state < 0 ? h->err : NULL; }

void sh_counters(sh_sim *h, sh_result *res)
{
    shm_out o;
    *res = h->res;
    res->wall_s = now_s() - h->t0;
    res->cycles = h->cycle + 1;
    shm_read_perf(h->m, &o);
    memcpy(res->perf_cu, o.perf_cu, sizeof res->perf_cu);
    const memsys_stats *ms = memsys_get_stats(h->ms);
    res->l1_hits = ms->l1_hits;
    res->l1_misses = ms->l1_misses;
    res->l1_writes = ms->l1_writes;
    res->sc_hits = ms->sc_hits;
    res->sc_misses = ms->sc_misses;
    res->l2_hits = ms->l2_hits;
    res->l2_misses = ms->l2_misses;
    res->mem_lines = ms->mem_lines;
    for (int s = 0; s < NS; s++)
        memcpy(res->perf_simd[s], o.perf_simd[s], sizeof res->perf_simd[s]);
    vrow_wear(h, res);
}

int sh_wave_state(const sh_sim *h, unsigned slot, sh_wave *ws)
{
    memset(ws, 0, sizeof *ws);
    if (slot >= NW)
        return -1;
    const hw *x = &h->w[slot];
    ws->active = (int)((h->out.wave_active >> slot) & 1);
    if (!x->used)
        return 0;
    ws->used = 1;
    for (int i = 0; i < 3; i++)
        ws->wg[i] = x->wg->id[i];
    ws->wave = x->wave_in_wg;
    ws->last_pc = x->last_pc;
    ws->nsgpr = x->nsgpr;
    ws->nvgpr = x->nvgpr;
    ws->exec = shadow_exec(x);
    memcpy(ws->sgpr, x->sh_s, sizeof ws->sgpr);
    ws->vgpr = (const uint32_t (*)[64])x->sh_v;
    return 0;
}

int sh_flip(sh_sim *h, const char *path, unsigned bit)
{
    return shm_flip(h->m, path, bit, h->err, h->errlen);
}

int sh_flip_word(sh_sim *h, const char *path, long word, unsigned bit)
{
    return shm_flip_word(h->m, path, word, bit, h->err, h->errlen);
}

int sh_fu_set(sh_sim *h, const sh_fu_hook *k)
{
#if SICU_FEAT_FAULT_INJECT
    if (k->en && (k->simd >= NS || k->lane >= SICU_LANES)) {
        snprintf(h->err, h->errlen, "the fault-injection hook has SIMDs 0..%d and lanes 0..%d, not SIMD %u lane %u",
                 NS - 1, SICU_LANES - 1, k->simd, k->lane);
        return -1;
    }
    h->fu = *k;
#if SICU_FEAT_DMR != SICU_DMR_OFF
    shm_out po;
    shm_read_perf(h->m, &po);
    h->fu_dmr_err = po.perf_simd[k->simd][SICU_PS_dmr_errors];
#endif
    return 0;
#else
    (void)k;
    snprintf(h->err, h->errlen, "this model has no fault-injection hook: build a configuration with FAULT_INJECT on "
                                "(rtl/config/fi.cfg) in its own BUILD directory");
    return -1;
#endif
}

uint64_t sh_fu_hit(const sh_sim *h) { return h->fu_hit; }

int sh_state_hash(sh_sim *h, uint64_t *out, unsigned n)
{
    return shm_state_hash(h->m, SICU_CU_SCOPE, out, n, h->err, h->errlen);
}

int sh_fail_kind(const sh_sim *h) { return h->state < 0 ? (h->fail_kind ? h->fail_kind : SH_FAIL_OTHER) : SH_FAIL_NONE; }

/* final memory: RTL vs emulator, region by region */
static int compare_memory(hctx *h)
{
    for (int i = 0; i < h->mem->nr; i++) {
        const si_region *a = &h->mem->r[i], *b = si_mem_region(h->emem, a->name);
        if (!b || b->size != a->size)
            continue;
        for (uint64_t k = 0; k < a->size; k++)
            if (a->host[k] != b->host[k]) {
                h->res.sim_failed = 1;
                h->res.fail_cycle = h->cycle;
                return fail(h, "cosim: final memory differs in region '%s' at byte 0x%llx (address 0x%llx): "
                               "expected 0x%02x, RTL 0x%02x",
                            a->name, (unsigned long long)k, (unsigned long long)(a->base + k), b->host[k], a->host[k]);
            }
    }
    return 0;
}

/* cosim runs no fault: a Warped-DMR comparator mismatch is a false error,
 * and the coverage counters must agree with the opportunity model */
static int dmr_check(hctx *h, const sh_result *res)
{
#if SICU_FEAT_DMR != SICU_DMR_OFF
    uint32_t ops = 0, intra = 0, inter = 0, unv = 0;
    for (int s = 0; s < NS; s++) {
        if (res->perf_simd[s][SICU_PS_dmr_errors])
            return fail(h, "Warped-DMR: SIMD %d's comparators counted %u mismatches in a fault-free run "
                           "(a false error: the checker's copy computed something else; the first: cycle %llu, "
                           "SIMD %d, %s, wave %u, PC 0x%llx, lanes 0x%016llx)",
                        s, (unsigned)res->perf_simd[s][SICU_PS_dmr_errors], (unsigned long long)h->dmr_ev.cycle,
                        h->dmr_ev.simd, h->dmr_ev.inter ? "replay" : "intra-warp", h->dmr_ev.wave,
                        (unsigned long long)h->dmr_ev.pc, (unsigned long long)h->dmr_ev.lanes);
        ops += res->perf_simd[s][SICU_PS_dmr_lane_ops];
        intra += res->perf_simd[s][SICU_PS_dmr_intra_lane_ops];
        inter += res->perf_simd[s][SICU_PS_dmr_inter_lane_ops];
        unv += res->perf_simd[s][SICU_PS_dmr_unverified_lane_ops];
    }
    /* the RTL's coverage counters against the opportunity model (dmr_cov.c) */
    uint64_t want = res->dmr_cov.covered[SICU_FEAT_DMR_CLUSTER][SICU_FEAT_DMR_MAP];
    /* the RTL's counters are 32 bits wide: compare modulo 2^32 */
    if ((uint32_t)ops != (uint32_t)res->dmr_cov.lane_ops || (uint32_t)intra != (uint32_t)want)
        return fail(h, "Warped-DMR: the SIMDs counted %llu checked lane-ops, %llu verified by idle lanes; the "
                       "retired instructions' EXEC gives %llu and %llu (harness/dmr_cov.c)",
                    (unsigned long long)ops, (unsigned long long)intra,
                    (unsigned long long)(uint32_t)res->dmr_cov.lane_ops, (unsigned long long)(uint32_t)want);
    /* inter-warp: every lane-op the run's mode sends to the ReplayQ was
     * verified before its wave ended (dmr_cov_inter) */
    uint64_t winter = dmr_cov_inter(&res->dmr_cov, sh_dmr_mode());
    if (inter != (uint32_t)winter || unv != (uint32_t)(res->dmr_cov.lane_ops - want - winter))
        return fail(h, "Warped-DMR: the replays verified %llu lane-ops and %llu stayed unverified; the retired "
                       "instructions' EXEC gives %llu and %llu (mode %d, harness/dmr_cov.c)",
                    (unsigned long long)inter, (unsigned long long)unv, (unsigned long long)(uint32_t)winter,
                    (unsigned long long)(uint32_t)(res->dmr_cov.lane_ops - want - winter), sh_dmr_mode());
#else
    (void)h;
    (void)res;
#endif
    return 0;
}

int sh_finish(sh_sim *h, sh_result *res)
{
    shm_waves_close(h->m);
    h->waves_open = 0;
    int rc = h->state == 1 ? 0 : -1;
    if (h->state == 0)
        fail(h, "sh_finish: the dispatch has not completed (cycle %llu)", (unsigned long long)h->cycle);
    if (rc == 0 && h->o->cosim && compare_memory(h) < 0) {
        h->state = -1;
        rc = -1;
    }
    sh_counters(h, res);
    if (rc == 0 && h->o->cosim && dmr_check(h, res) < 0) {
        h->state = -1;
        rc = -1;
    }
    return rc;
}

void sh_close(sh_sim *h)
{
    if (!h)
        return;
    free_records(h);
    shm_free(h->m);
    free(h->gq);
    memsys_free(h->ms);
    si_emu_destroy(h->emu);
    free(h);
}

int sh_run(si_mem *mem, const si_dispatch *d, si_mem *emem, const si_dispatch *ed, const sh_opts *o,
           sh_result *res, char *err, size_t errlen)
{
    memset(res, 0, sizeof *res);
    sh_sim *h = sh_open(mem, d, emem, ed, o, err, errlen);
    if (!h)
        return -1;
    sh_step(h, 0);
    int rc = sh_finish(h, res);
    sh_close(h);
    return rc;
}
