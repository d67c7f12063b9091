/* sicu harness: C view of the verilated simulation wrapper (harness/shm.cpp).
 *
 * The only C++ in the harness: it owns the Verilator model of rtl/tb/sicu_tb.v
 * (the compute unit plus the testbench-only retirement monitor) and copies
 * its ports into/out of plain C structs once per cycle.  Everything the
 * harness knows of the CU comes from these ports: the CU's functional ports
 * (launch, initial register writes, instruction and global memory) and the
 * monitor's events, which name architectural registers only.  There is no
 * access to the model's internals. */
#ifndef SICU_SHM_H
#define SICU_SHM_H
#include <stdint.h>
#include "sicu_config.h"
#include "sicu_units.h"

#define SHM_NR (SICU_SIMDS + 3)       /* retirement sources: SALU, SIMDs, LSU, issue */
#define SHM_NV (2 * SICU_SIMDS + 1)   /* VGPR write events: per SIMD low/high, row port */
#define SHM_NLDS 32                   /* LDS write events per cycle (up to one per bank) */

enum { SHM_INIT_SGPR4 = 0, SHM_INIT_VGPR = 1, SHM_INIT_LDS = 2 };   /* rtl/cu_defs.vh INIT_* */

/* CU and per-SIMD counters (perf_cu, perf_simd): rtl/units.manifest's, indices SICU_PC_* / SICU_PS_* */
#define SHM_NPERF_CU SICU_NPERF_CU
#define SHM_NPERF_SIMD SICU_NPERF_SIMD

typedef struct shm_in {
    int launch_valid;
    unsigned launch_wave, launch_nsgpr, launch_nvgpr, launch_wg, launch_wg_nwaves, launch_wg_wave;
    unsigned launch_wg_vrows;     /* GPU-Shrink: R, the most VGPR rows a work-group holds on one SIMD */
    uint64_t launch_pc;
    unsigned launch_sgpr_base, launch_vgpr_base, launch_lds_base, launch_lds_size, launch_scc;
    uint32_t launch_mode;
    /* initial writes (after the wave's launch); init_last: the wave may start */
    int init_valid, init_last;
    unsigned init_wave, init_kind, init_addr, init_be;
    uint32_t init_data[64];
    int imem_rsp_valid;
    unsigned imem_rsp_wave;
    uint32_t imem_rsp_data[8];   /* an aligned 32-byte block: dword i at addr + 4 i */
    unsigned imem_rsp_ok;        /* bit i: dword i readable */
    int mem_rsp_valid;
    uint64_t mem_rsp_data;
    /* line port (vmem.v): a response (the line's 16 dwords) is taken when the
     * cycle's gm_rsp_ready is set */
    int gm_rsp_valid;
    uint32_t gm_rsp_data[16];
    /* the fault-injection hook (a FAULT_INJECT on model; ignored otherwise):
     * lane fi_lane of SIMD fi_simd computes ((r & fi_and) | fi_or) ^ fi_xor */
    int fi_en;
    unsigned fi_simd, fi_lane;
    uint64_t fi_and, fi_or, fi_xor;
    /* Warped-DMR inter/enhanced run controls (rtl/sicu_cu.v dmr_ctl: {mode,
     * noshuf, cap}; a model without the ReplayQ ignores them) */
    unsigned dmr_ctl;
    /* register-file virtualization run controls (rtl/sicu_cu.v rfv_ctl:
     * [18:10] GPU-Shrink's physical rows per SIMD (0: all), [9:5] sub-array
     * wake-up cycles, [4:0] release flag cache entries used; a model without
     * RFV ignores them) */
    unsigned rfv_ctl;
} shm_in;

typedef struct shm_dmr_ev {       /* a Warped-DMR comparator mismatch of one SIMD in this cycle (DMR builds) */
    int valid, inter;             /* inter: a replay's comparators (else intra-warp) */
    unsigned wave;
    uint64_t pc, lanes;           /* the instruction; the wave lanes whose comparators fired */
} shm_dmr_ev;

typedef struct shm_vwr {          /* one VGPR write event of the monitor */
    int valid, init;              /* init: the dispatcher's initial write (no instruction) */
    unsigned wave, tag, areg;     /* areg: 256 + n */
    uint64_t mask;
    uint32_t data[64];            /* valid lanes only */
} shm_vwr;

typedef struct shm_out {
    int end_valid, init_ready;
    unsigned end_wave;
    int imem_req_valid;
    uint64_t imem_req_addr;
    unsigned imem_req_wave;
    int mem_req_valid, mem_req_we, mem_req_atomic;
    uint64_t mem_req_addr, mem_req_wdata, mem_req_cmp;
    uint32_t mem_req_mode;
    uint64_t mem_req_pc;
    unsigned mem_req_size, mem_req_op, mem_req_wave, mem_req_tag, mem_req_lane;
    /* line port: a 64-byte line read or written (dmask: its dwords) */
    int gm_req_valid, gm_rsp_ready, gm_req_we;
    uint64_t gm_req_addr, gm_req_pc;
    unsigned gm_req_dmask, gm_req_wave, gm_req_tag;
    uint32_t gm_req_data[16];      /* a write's dwords */
    /* monitor, with a line write: the elements it serves (bit d*64 + lane),
     * each lane's dword offset in its line (4 bits), the data rows (dword d
     * of lane l at st_data[d*64 + l]) */
    uint32_t st_srv[8], st_woff[8], st_data[256];
    /* monitor: retirements (exec: the EXEC it ran under; issue-internal: 0) */
    int ret_valid[SHM_NR];
    unsigned ret_wave[SHM_NR], ret_tag[SHM_NR];
    uint64_t ret_pc[SHM_NR], ret_exec[SHM_NR];
    int scc_wr, scc;               /* of the SALU retirement (source 0) */
    /* scalar register write: two ports of up to two dwords, by architectural code */
    int swr_valid, swr_init;
    unsigned swr_wave, swr_tag, swr_code_a, swr_en_a, swr_code_b, swr_en_b;
    uint64_t swr_data_a, swr_data_b;
    shm_vwr vwr[SHM_NV];
    /* LDS writes of the LSU's instruction this cycle, in the emulator's order
     * (distinct dwords) */
    uint32_t lds_valid;            /* bit b: slot b holds a write */
    int lds_acc;                   /* the instruction lds_wave/lds_tag accesses the LDS (reads too) */
    unsigned lds_wave, lds_tag;
    unsigned lds_lane[SHM_NLDS], lds_addr[SHM_NLDS], lds_be[SHM_NLDS];
    uint32_t lds_data[SHM_NLDS];
    int fault_valid;
    unsigned fault_wave, fault_code, fault_info;
    uint64_t fault_pc;
    uint64_t wave_active, wave_busy, wave_barrier;
    unsigned wave_vm[SICU_WAVES], wave_lgkm[SICU_WAVES];
    uint32_t perf_cu[SHM_NPERF_CU];
    uint32_t perf_simd[SICU_SIMDS][SHM_NPERF_SIMD];
    /* per SIMD, this cycle: the lanes compute with FP unit fu (simd_lane FU_*
     * index, 0 = integer) on fu_lanes active lanes (fu_valid bit s) */
    uint32_t fu_valid;
    unsigned fu[SICU_SIMDS], fu_lanes[SICU_SIMDS];
    shm_dmr_ev dmr_ev[SICU_SIMDS];
} shm_out;

typedef struct shm shm;
#ifdef __cplusplus
extern "C" {
#endif
shm *shm_new(int threads);
void shm_free(shm *m);
void shm_reset(shm *m);
/* One clock cycle: apply `in`, evaluate with the clock low and sample the
 * outputs into `out` (requests and monitor events of this cycle), then the
 * rising edge. */
void shm_cycle(shm *m, const shm_in *in, shm_out *out);
/* A simulation-only assertion of the RTL failed (since the reset): its
 * message (name, instance, cycle), else NULL. */
const char *shm_assert_failed(const shm *m);
/* Waveforms: start writing an FST of the model at the current cycle (time
 * unit half a cycle: cycle C is 2C with clk low, 2C+1 after the rising
 * edge), limited to the hierarchy scopes given (e.g. "TOP.sicu_tb.u_cu.u_lsu"),
 * each with the depth of hierarchy below it (1: the scope's own signals;
 * 0: all levels); none: everything.  Returns -1 if the file cannot be
 * created or a window is already open.  shm_waves_close ends the window. */
int shm_waves_open(shm *m, const char *path, const char *const *scopes, const int *levels, int nscopes);
void shm_waves_close(shm *m);
uint64_t shm_cycles(const shm *m);
/* Invert bit `bit` of the state signal named by its hierarchical path (e.g.
 * "TOP.sicu_tb.u_cu.u_issue.rr") now, between two cycles.  Needs a model
 * built with VPI=1; -1 with a message otherwise or for an unknown name/bit. */
int shm_flip(shm *m, const char *path, unsigned bit, char *err, size_t errlen);
/* Fault injection on the model's state (VPI=1 models; -1 with a message
 * otherwise).  Variables are named SCOPE.NAME as Verilator's scopes name them
 * (e.g. "TOP.sicu_tb.u_cu.g_simd[0].u_simd.r_valid").
 * shm_vars calls fn for every variable (not parameters) of every scope whose
 * name starts with `prefix`, in a fixed order (scopes, then variables, by
 * name), with its index in that order, its width in bits and, for an
 * unpacked array, its index range (arr_lo <= arr_hi; else both -1).
 * shm_state_hash writes one 64-bit hash of each such variable's current
 * value (arrays: all elements) into out[index], up to n of them, and
 * returns the number of variables. */
typedef void (*shm_var_fn)(void *ctx, unsigned index, const char *scope, const char *name, unsigned width,
                           int arr_lo, int arr_hi);
int shm_vars(shm *m, const char *prefix, shm_var_fn fn, void *ctx, char *err, size_t errlen);
int shm_state_hash(shm *m, const char *prefix, uint64_t *out, unsigned n, char *err, size_t errlen);
/* Invert bit `bit` of element `word` of the array variable `path` (word -1:
 * a variable that is not an array: shm_flip). */
int shm_flip_word(shm *m, const char *path, long word, unsigned bit, char *err, size_t errlen);
/* The performance counters (perf_cu, perf_simd of `out`); not part of the
 * per-cycle copy. */
void shm_read_perf(shm *m, shm_out *out);
/* the accesses of each row of SIMD simd's VGPR file since the reset
 * (SICU_VGPR_ROWS counts; physical rows) */
const uint64_t *shm_vrow_access(const shm *m, int simd);
#ifdef __cplusplus
}
#endif
#endif
