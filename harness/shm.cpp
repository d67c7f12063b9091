// sicu harness: the C++ shim around the verilated simulation wrapper (see shm.h).
#include <stdlib.h>
#include <stdio.h>
#include <string.h>
#include <map>
#include <string>
#include "Vsicu_tb.h"
#include "Vsicu_tb__Dpi.h"
#include "Vsimd_lane.h"
#include "Vsimd_qr.h"
#include "verilated.h"
#include "verilated_fst_c.h"
#ifdef SICU_VPI
#include "verilated_vpi.h"
#include "verilated_syms.h"
#endif
#include "shm.h"

struct shm {
    VerilatedContext *ctx;
    Vsicu_tb *top;
    VerilatedFstC *fst;    // open waveform window, or NULL
    uint64_t cycle;        // shm_cycle calls since the reset
};

#define NR SHM_NR
#define NV SHM_NV
#if SICU_WAVES > 1
#define WW_BITS (32 - __builtin_clz(SICU_WAVES - 1))
#else
#define WW_BITS 1
#endif

// Bits [lo, lo+n) of a wide Verilator output (n <= 64), word by word.
template <typename T> static uint64_t bits(const T &w, unsigned lo, unsigned n)
{
    unsigned wi = lo / 32, sh = lo % 32;
    uint64_t v = (uint64_t)w[wi] >> sh;
    unsigned got = 32 - sh;
    for (unsigned k = 1; got < n; k++, got += 32)
        v |= (uint64_t)w[wi + k] << got;
    return n >= 64 ? v : v & ((1ull << n) - 1);
}
// bits of an LDS byte address (rtl/lds.v LAW): log2(LDS_BYTES) + 1
static constexpr unsigned clog2(unsigned long v) { return v <= 1 ? 0 : 1 + clog2((v + 1) / 2); }
static constexpr unsigned LDS_AW = clog2(SICU_LDS_BYTES) + 1;
static uint64_t bits(uint64_t w, unsigned lo, unsigned n) { return (w >> lo) & (n >= 64 ? ~0ull : ((1ull << n) - 1)); }
static uint64_t bits(uint32_t w, unsigned lo, unsigned n) { return bits((uint64_t)w, lo, n); }
static uint64_t bits(uint16_t w, unsigned lo, unsigned n) { return bits((uint64_t)w, lo, n); }
static uint64_t bits(uint8_t w, unsigned lo, unsigned n) { return bits((uint64_t)w, lo, n); }

// The first failed RTL assertion (DPI import of rtl/sicu_assert.vh).  One
// model per process at a time: the message is process-wide.
static char assert_msg[512];
static int assert_hit;

// The lanes and quarter-rate datapaths of the verilated CU (rtl/simd.v with
// SICU_DPATH_DPI, rtl/tb/simd_dp.v): one verilated model of simd_lane.v /
// simd_qr.v per instance, evaluated only when the SIMD calls it, i.e. in the
// cycles whose results it uses.  Purely combinational models, so an
// evaluation is: set the ports, eval(), read the outputs.  One model per
// instance (a model verilated with --threads N may evaluate two at once),
// numbered by sicu_dp_unit from the instance's hierarchical name at start-up
// and created then (single-threaded).  Process-wide, like the assertion
// message: a model re-created by shm_new finds its numbers again; the
// datapath models hold no state between calls.
#define DP_LANES (SICU_SIMDS * SICU_LANES)
#define DP_QRS (SICU_SIMDS * (SICU_LANES / 4))
static Vsimd_lane *dp_lane[DP_LANES];
static Vsimd_qr *dp_qr[DP_QRS];
static std::map<std::string, unsigned> dp_units;
static unsigned dp_nlane, dp_nqr;

// The ports every datapath has; flags as rtl/tb/simd_dp.v lists them.
template <typename M> static void dp_ports(M *m, unsigned op, unsigned kinds, unsigned flags, unsigned mode,
                                           uint64_t src0, uint64_t src1, uint64_t src2)
{
    m->op = op & 0x3ff;
    m->kind0 = kinds >> 24; m->kind1 = (kinds >> 16) & 0xff;
    m->kind2 = (kinds >> 8) & 0xff; m->kindd = kinds & 0xff;
    m->mask_in = flags & 1;
    m->clamp = (flags >> 7) & 1;
    m->omod = (flags >> 8) & 3;
    m->neg = (flags >> 10) & 7;
    m->abs = (flags >> 13) & 7;
    m->vop3 = (flags >> 16) & 1;
    m->cond = (flags >> 17) & 15;
    m->vopc = (flags >> 21) & 1;
    m->mode = mode;
    m->src0 = src0; m->src1 = src1; m->src2 = src2;
}

// The number of the datapath instance PATH (...u_lane: a lane, ...u_qr: a
// quarter-rate datapath), its model created on first sight.
unsigned sicu_dp_unit(const char *path)
{
    auto it = dp_units.find(path);
    if (it != dp_units.end())
        return it->second;
    size_t n = strlen(path);
    bool qr = n >= 4 && !strcmp(path + n - 4, "u_qr");
    if (qr ? dp_nqr >= DP_QRS : dp_nlane >= DP_LANES) {
        fprintf(stderr, "sicu: more datapath instances than the configuration has (%s)\n", path);
        abort();
    }
    unsigned unit = qr ? DP_LANES + dp_nqr++ : dp_nlane++;
    if (qr)
        dp_qr[unit - DP_LANES] = new Vsimd_qr{"qr"};
    else
        dp_lane[unit] = new Vsimd_lane{"lane"};
    dp_units[path] = unit;
    return unit;
}

void sicu_dp_eval(unsigned unit, unsigned op, unsigned kinds, unsigned flags, unsigned mode,
                  unsigned long long src0, unsigned long long src1, unsigned long long src2,
                  unsigned long long *res, unsigned *mo_fu)
{
    if (unit < DP_LANES) {
        Vsimd_lane *m = dp_lane[unit];
        dp_ports(m, op, kinds, flags, mode, src0, src1, src2);
        m->lane = (flags >> 1) & 63;
        m->eval();
        *res = m->res;
        *mo_fu = (unsigned)m->mask_out << 7 | m->fu_sel;
    } else {
        Vsimd_qr *m = dp_qr[unit - DP_LANES];
        dp_ports(m, op, kinds, flags, mode, src0, src1, src2);
        m->qrate = (flags >> 22) & 1;
        m->eval();
        *res = m->res;
        *mo_fu = (unsigned)m->mask_out << 7 | m->fu_sel;
    }
}

extern "C" {

void sicu_assert_fail(const char *name, const char *where, long long cycle)
{
    if (assert_hit++)
        return;
    snprintf(assert_msg, sizeof assert_msg, "RTL assertion %s failed in %s at cycle %lld", name, where, cycle);
}

// Accesses per row of each SIMD's VGPR file (DPI import of rtl/tb/sicu_tb.v):
// en = the ports used, rows = their physical rows, 16 bits each.
static uint64_t vrow_acc[SICU_SIMDS][SICU_VGPR_ROWS];

void sicu_vrow_access(int simd, int en, const svBitVecVal *rows)
{
    for (int p = 0; p < 10; p++)
        if (en >> p & 1) {
            unsigned r = rows[p / 2] >> (16 * (p % 2)) & 0xffffu;
            if (simd >= 0 && simd < SICU_SIMDS && r < SICU_VGPR_ROWS)
                vrow_acc[simd][r]++;
        }
}

const uint64_t *shm_vrow_access(const shm *m, int simd)
{
    (void)m;
    return vrow_acc[simd];
}

const char *shm_assert_failed(const shm *m)
{
    (void)m;
    return assert_hit ? assert_msg : NULL;
}

shm *shm_new(int threads)
{
    shm *m = (shm *)calloc(1, sizeof *m);
    if (!m)
        return NULL;
    m->ctx = new VerilatedContext;
    (void)threads;
    m->ctx->traceEverOn(true);     // allows shm_waves_open() later; no cost until then
    // SICU_RAND_RESET=SEED: random initial values for everything the reset does
    // not set (effective in a model built with --x-initial unique: make
    // fuzz-cosim-x); the seed is printed so a failure can be reproduced
    const char *rr = getenv("SICU_RAND_RESET");
    if (rr && *rr) {
        char *end;
        unsigned long seed = strtoul(rr, &end, 10);
        if (*end || seed == 0 || seed > 0x7fffffffUL) {
            fprintf(stderr, "sicu: SICU_RAND_RESET must be a seed 1..2147483647, not '%s'\n", rr);
            delete m->ctx;
            free(m);
            return NULL;
        }
        m->ctx->randReset(2);
        m->ctx->randSeed((int)seed);
        fprintf(stderr, "sicu: random reset values, seed %lu (SICU_RAND_RESET)\n", seed);
    }
    m->top = new Vsicu_tb{m->ctx, "TOP"};
    assert_hit = 0;
    shm_reset(m);
    return m;
}

int shm_waves_open(shm *m, const char *path, const char *const *scopes, const int *levels, int nscopes)
{
    if (m->fst)
        return -1;
    VerilatedFstC *f = new VerilatedFstC;
    for (int i = 0; i < nscopes; i++)
        f->dumpvars(levels[i] > 0 ? levels[i] : 99, scopes[i]);
    m->top->trace(f, 99);
    f->open(path);
    if (!f->isOpen()) {
        delete f;
        return -1;
    }
    m->fst = f;
    return 0;
}

void shm_waves_close(shm *m)
{
    if (!m->fst)
        return;
    m->fst->close();
    delete m->fst;
    m->fst = NULL;
}

uint64_t shm_cycles(const shm *m) { return m->cycle; }

// State bits by hierarchical name (fault injection).  Needs a model built with
// VPI access to every signal (SICU_VPI: make rtl VPI=1, which verilates with
// --vpi --public-flat-rw); flips act between two cycles.
int shm_flip(shm *m, const char *path, unsigned bit, char *err, size_t errlen)
{
    (void)m;
#ifdef SICU_VPI
    vpiHandle h = vpi_handle_by_name((PLI_BYTE8 *)path, NULL);
    if (!h) {
        snprintf(err, errlen, "no signal named %s in the model (hierarchical name, e.g. TOP.sicu_tb.u_cu.u_issue.rr)", path);
        return -1;
    }
    int size = vpi_get(vpiSize, h);
    if ((int)bit >= size) {
        snprintf(err, errlen, "%s has %d bits; bit %u does not exist", path, size, bit);
        return -1;
    }
    s_vpi_value v;
    v.format = vpiVectorVal;
    vpi_get_value(h, &v);
    if (!v.value.vector) {
        snprintf(err, errlen, "%s cannot be read through VPI", path);
        return -1;
    }
    v.value.vector[bit / 32].aval ^= 1u << (bit % 32);
    vpi_put_value(h, &v, NULL, vpiNoDelay);
    return 0;
#else
    (void)bit;
    snprintf(err, errlen, "cannot flip %s: this model was built without VPI access (make rtl VPI=1 BUILD=...)", path);
    return -1;
#endif
}

#ifdef SICU_VPI
// every variable of the scopes under prefix, in the order of the scope and
// variable name maps (sorted by name: deterministic)
extern "C++" {
template <typename F> static unsigned each_var(shm *m, const char *prefix, F f)
{
    unsigned idx = 0;
    size_t pl = strlen(prefix);
    const VerilatedScopeNameMap *sm = m->ctx->scopeNameMap();
    for (const auto &it : *sm) {
        const VerilatedScope *sc = it.second;
        const char *sn = sc->name();
        if (strncmp(sn, prefix, pl) || (sn[pl] && sn[pl] != '.') || !sc->varsp())
            continue;
        for (const auto &vit : *sc->varsp()) {
            const VerilatedVar &v = vit.second;
            if (v.isParam())
                continue;
            f(idx++, sn, v);
        }
    }
    return idx;
}
}
#endif

int shm_vars(shm *m, const char *prefix, shm_var_fn fn, void *ctx, char *err, size_t errlen)
{
#ifdef SICU_VPI
    each_var(m, prefix, [&](unsigned idx, const char *sn, const VerilatedVar &v) {
        unsigned width = v.packed().elements();
        int lo = -1, hi = -1;
        if (v.udims() > 0) {
            lo = v.unpacked().low();
            hi = v.unpacked().high();
        }
        fn(ctx, idx, sn, v.name(), width ? width : 1, lo, hi);
    });
    return 0;
#else
    (void)m; (void)prefix; (void)fn; (void)ctx;
    snprintf(err, errlen, "this model was built without VPI access (make rtl VPI=1 BUILD=...)");
    return -1;
#endif
}

int shm_state_hash(shm *m, const char *prefix, uint64_t *out, unsigned n, char *err, size_t errlen)
{
#ifdef SICU_VPI
    return (int)each_var(m, prefix, [&](unsigned idx, const char *, const VerilatedVar &v) {
        if (idx >= n)
            return;
        size_t bytes = v.entSize();
        for (int d = 1; d <= v.udims(); d++)
            bytes *= (size_t)(v.high(d) - v.low(d) + 1);
        const unsigned char *p = (const unsigned char *)v.datap();
        uint64_t h = 1469598103934665603ull;   // FNV-1a
        for (size_t i = 0; i < bytes; i++)
            h = (h ^ p[i]) * 1099511628211ull;
        out[idx] = h;
    });
#else
    (void)m; (void)prefix; (void)out; (void)n;
    snprintf(err, errlen, "this model was built without VPI access (make rtl VPI=1 BUILD=...)");
    return -1;
#endif
}

// Directly in the variable's storage (VPI's vpi_get_value cannot read
// variables wider than VL_VALUE_STRING_MAX_WORDS words): Verilator keeps every
// packed value as little-endian bytes (CData .. QData, VlWide's 32-bit words)
// and an unpacked array's element i at (i - low) * entSize.
int shm_flip_word(shm *m, const char *path, long word, unsigned bit, char *err, size_t errlen)
{
#ifdef SICU_VPI
    const char *dot = strrchr(path, '.');
    std::string scope = dot ? std::string(path, (size_t)(dot - path)) : std::string("TOP");
    const VerilatedScope *sc = m->ctx->scopeFind(scope.c_str());
    const VerilatedVarNameMap *vars = sc ? sc->varsp() : NULL;
    const VerilatedVar *v = NULL;
    if (vars) {
        auto it = vars->find(dot ? dot + 1 : path);
        if (it != vars->end())
            v = &it->second;
    }
    if (!v || v->isParam()) {
        snprintf(err, errlen, "no variable named %s in the model", path);
        return -1;
    }
    unsigned width = v->packed().elements();
    if (bit >= width) {
        snprintf(err, errlen, "%s has %u bits; bit %u does not exist", path, width, bit);
        return -1;
    }
    size_t off = 0;
    if (v->udims() > 0) {
        if (word < v->low(1) || word > v->high(1)) {
            snprintf(err, errlen, "%s has elements %d..%d, not %ld", path, v->low(1), v->high(1), word);
            return -1;
        }
        size_t inner = v->entSize();
        for (int d = 2; d <= v->udims(); d++)
            inner *= (size_t)(v->high(d) - v->low(d) + 1);
        off = (size_t)(word - v->low(1)) * inner;
    } else if (word >= 0) {
        snprintf(err, errlen, "%s is not an array", path);
        return -1;
    }
    unsigned char *p = (unsigned char *)v->datap() + off;
    p[bit / 8] ^= (unsigned char)(1u << (bit % 8));
    return 0;
#else
    (void)m; (void)word; (void)bit;
    snprintf(err, errlen, "cannot flip %s: this model was built without VPI access (make rtl VPI=1 BUILD=...)", path);
    return -1;
#endif
}

void shm_free(shm *m)
{
    if (!m)
        return;
    shm_waves_close(m);
    m->top->final();
    delete m->top;
    delete m->ctx;
    free(m);
}

void shm_reset(shm *m)
{
    Vsicu_tb *t = m->top;
    memset(vrow_acc, 0, sizeof vrow_acc);
    t->rst = 1;
    t->launch_valid = 0;
    t->init_valid = 0;
    t->imem_rsp_valid = 0;
    t->mem_rsp_valid = 0;
    t->gm_rsp_valid = 0;
    for (int i = 0; i < 5; i++) {
        if (i == 4)
            t->rst = 0;    /* the testbench registers rst: one more cycle */
        t->clk = 0;
        t->eval();
        t->clk = 1;
        t->eval();
    }
}

static void put_inputs(Vsicu_tb *t, const shm_in *in)
{
    t->launch_valid = in->launch_valid;
    t->launch_wave = in->launch_wave;
    t->launch_pc = in->launch_pc;
    t->launch_sgpr_base = in->launch_sgpr_base;
    t->launch_nsgpr = in->launch_nsgpr;
    t->launch_vgpr_base = in->launch_vgpr_base;
    t->launch_nvgpr = in->launch_nvgpr;
    t->launch_wg = in->launch_wg;
    t->launch_wg_nwaves = in->launch_wg_nwaves;
    t->launch_wg_wave = in->launch_wg_wave;
    t->launch_lds_base = in->launch_lds_base;
    t->launch_lds_size = in->launch_lds_size;
    t->launch_scc = in->launch_scc;
    t->launch_mode = in->launch_mode;
#if SICU_FEAT_RFV_SHRINK
    t->launch_wg_vrows = in->launch_wg_vrows;
#endif
    t->init_valid = in->init_valid;
    t->init_last = in->init_last;
    t->init_wave = in->init_wave;
    t->init_kind = in->init_kind;
    t->init_addr = in->init_addr;
    t->init_be = in->init_be;
    if (in->init_valid)
        for (int i = 0; i < 64; i++)
            t->init_data[i] = in->init_data[i];
    t->imem_rsp_valid = in->imem_rsp_valid;
    t->imem_rsp_wave = in->imem_rsp_wave;
    if (in->imem_rsp_valid)
        for (int i = 0; i < 8; i++)
            t->imem_rsp_data[i] = in->imem_rsp_data[i];
    t->imem_rsp_ok = in->imem_rsp_ok;
    t->mem_rsp_valid = in->mem_rsp_valid;
    t->mem_rsp_data = in->mem_rsp_data;
    t->gm_rsp_valid = in->gm_rsp_valid;
    if (in->gm_rsp_valid)
        for (int i = 0; i < 16; i++)
            t->gm_rsp_data[i] = in->gm_rsp_data[i];
#ifdef SICU_FEAT_DMR_REPLAY
    t->dmr_ctl = in->dmr_ctl;
#endif
#if SICU_FEAT_RFV
    t->rfv_ctl = in->rfv_ctl;
#endif
#if SICU_FEAT_FAULT_INJECT
    t->fi_en = in->fi_en;
    t->fi_simd = in->fi_simd;
    t->fi_lane = in->fi_lane;
    t->fi_and = in->fi_and;
    t->fi_or = in->fi_or;
    t->fi_xor = in->fi_xor;
#endif
}

static void get_ports(Vsicu_tb *t, shm_out *o)
{
    o->end_valid = t->end_valid;
    o->end_wave = t->end_wave;
    o->init_ready = t->init_ready;
    o->imem_req_valid = t->imem_req_valid;
    o->imem_req_addr = t->imem_req_addr;
    o->imem_req_wave = t->imem_req_wave;
    o->mem_req_valid = t->mem_req_valid;
    o->mem_req_we = t->mem_req_we;
    o->mem_req_atomic = t->mem_req_atomic;
    o->mem_req_addr = t->mem_req_addr;
    o->mem_req_wdata = t->mem_req_wdata;
    o->mem_req_cmp = t->mem_req_cmp;
    o->mem_req_size = t->mem_req_size;
    o->mem_req_mode = t->mem_req_mode;
    o->mem_req_pc = t->mem_req_pc;
    o->mem_req_op = t->mem_req_op;
    o->mem_req_wave = t->mem_req_wave;
    o->mem_req_tag = t->mem_req_tag;
    o->mem_req_lane = t->mem_req_lane;
    o->gm_rsp_ready = t->gm_rsp_ready;
    o->gm_req_valid = t->gm_req_valid;
    if (o->gm_req_valid) {
        o->gm_req_addr = t->gm_req_addr;
        o->gm_req_pc = t->gm_req_pc;
        o->gm_req_dmask = t->gm_req_dmask;
        o->gm_req_wave = t->gm_req_wave;
        o->gm_req_tag = t->gm_req_tag;
        o->gm_req_we = t->gm_req_we;
        if (o->gm_req_we) {
            for (int i = 0; i < 16; i++)
                o->gm_req_data[i] = t->gm_req_data[i];
            for (int i = 0; i < 8; i++) {
                o->st_srv[i] = t->mon_st_srv[i];
                o->st_woff[i] = t->mon_st_woff[i];
            }
            for (int i = 0; i < 256; i++)
                o->st_data[i] = t->mon_st_data[i];
        }
    }
}

static void get_events(Vsicu_tb *t, shm_out *o)
{
    for (int r = 0; r < NR; r++) {
        o->ret_valid[r] = (int)bits(t->mon_ret_valid, r, 1);
        if (!o->ret_valid[r])
            continue;
        o->ret_wave[r] = (unsigned)bits(t->mon_ret_wave, r * WW_BITS, WW_BITS);
        o->ret_tag[r] = (unsigned)bits(t->mon_ret_tag, r * 16, 16);
        o->ret_pc[r] = bits(t->mon_ret_pc, r * 48, 48);
        o->ret_exec[r] = bits(t->mon_ret_exec, r * 64, 64);
    }
    o->scc_wr = t->mon_scc_wr;
    o->scc = t->mon_scc;
    o->swr_valid = t->mon_swr_valid;
    if (o->swr_valid) {
        o->swr_init = t->mon_swr_init;
        o->swr_wave = t->mon_swr_wave;
        o->swr_tag = t->mon_swr_tag;
        o->swr_code_a = t->mon_swr_code_a;
        o->swr_en_a = t->mon_swr_en_a;
        o->swr_data_a = t->mon_swr_data_a;
        o->swr_code_b = t->mon_swr_code_b;
        o->swr_en_b = t->mon_swr_en_b;
        o->swr_data_b = t->mon_swr_data_b;
    }
    for (int e = 0; e < NV; e++) {
        shm_vwr *v = &o->vwr[e];
        v->valid = (int)bits(t->mon_vwr_valid, e, 1);
        if (!v->valid)
            continue;
        v->init = (int)bits(t->mon_vwr_init, e, 1);
        v->wave = (unsigned)bits(t->mon_vwr_wave, e * WW_BITS, WW_BITS);
        v->tag = (unsigned)bits(t->mon_vwr_tag, e * 16, 16);
        v->areg = (unsigned)bits(t->mon_vwr_areg, e * 9, 9);
        v->mask = bits(t->mon_vwr_mask, e * 64, 64);
        for (int l = 0; l < 64; l++)
            v->data[l] = t->mon_vwr_data[e * 64 + l];
    }
    o->lds_valid = t->mon_lds_valid;
    o->lds_acc = t->mon_lds_acc;
    if (o->lds_valid || o->lds_acc) {
        o->lds_wave = t->mon_lds_wave;
        o->lds_tag = t->mon_lds_tag;
        for (unsigned b = 0; b < SHM_NLDS; b++) {
            if (!((o->lds_valid >> b) & 1))
                continue;
            o->lds_lane[b] = (unsigned)bits(t->mon_lds_lane, b * 6, 6);
            o->lds_addr[b] = (unsigned)bits(t->mon_lds_addr, b * LDS_AW, LDS_AW);
            o->lds_be[b] = (unsigned)bits(t->mon_lds_be, b * 4, 4);
            o->lds_data[b] = (uint32_t)bits(t->mon_lds_data, b * 32, 32);
        }
    }
    o->fault_valid = t->mon_fault_valid;
    o->fault_wave = t->mon_fault_wave;
    o->fault_pc = t->mon_fault_pc;
    o->fault_code = t->mon_fault_code;
    o->fault_info = t->mon_fault_info;
    o->wave_active = bits(t->mon_wave_active, 0, SICU_WAVES);
    o->wave_busy = bits(t->mon_wave_busy, 0, SICU_WAVES);
    o->wave_barrier = bits(t->mon_wave_barrier, 0, SICU_WAVES);
    for (int w = 0; w < SICU_WAVES; w++) {
        o->wave_lgkm[w] = (unsigned)bits(t->mon_wave_cnt, w * 12, 6);
        o->wave_vm[w] = (unsigned)bits(t->mon_wave_cnt, w * 12 + 6, 6);
    }
#if SICU_FEAT_DMR
    for (int s = 0; s < SICU_SIMDS; s++) {
        shm_dmr_ev *e = &o->dmr_ev[s];
        e->valid = (int)bits(t->mon_dmr_err, s, 1);
        if (!e->valid)
            continue;
        e->inter = (int)bits(t->mon_dmr_inter, s, 1);
        e->wave = (unsigned)bits(t->mon_dmr_wave, s * WW_BITS, WW_BITS);
        e->pc = bits(t->mon_dmr_pc, s * 48, 48);
        e->lanes = bits(t->mon_dmr_lanes, s * 64, 64);
    }
#endif
    o->fu_valid = (uint32_t)bits(t->mon_fu_valid, 0, SICU_SIMDS);
    for (int s = 0; s < SICU_SIMDS; s++) {
        o->fu[s] = (unsigned)bits(t->mon_fu, s * 7, 7);
        o->fu_lanes[s] = (unsigned)bits(t->mon_fu_lanes, s * 7, 7);
    }
}

void shm_cycle(shm *m, const shm_in *in, shm_out *o)
{
    Vsicu_tb *t = m->top;
    put_inputs(t, in);
    t->clk = 0;
    m->ctx->time(2 * m->cycle);
    t->eval();
    if (m->fst)
        m->fst->dump(2 * m->cycle);    // time unit: half a cycle (cycle C: 2C low, 2C+1 high)
    get_ports(t, o);
    get_events(t, o);
    t->clk = 1;
    m->ctx->time(2 * m->cycle + 1);
    t->eval();
    if (m->fst)
        m->fst->dump(2 * m->cycle + 1);
    m->cycle++;
}

void shm_read_perf(shm *m, shm_out *o)
{
    Vsicu_tb *t = m->top;
    for (int i = 0; i < SHM_NPERF_CU; i++)
        o->perf_cu[i] = (uint32_t)bits(t->perf_cu, i * 32, 32);
    for (int s = 0; s < SICU_SIMDS; s++)
        for (int i = 0; i < SHM_NPERF_SIMD; i++)
            o->perf_simd[s][i] = (uint32_t)bits(t->perf_simd, (s * SHM_NPERF_SIMD + i) * 32, 32);
}

}
