/* sicu harness library: runs a launch on the verilated compute unit, alone
 * (engine "rtl") or in lock step with the golden emulator (engine
 * "cosim").  The C dispatcher creates work-groups and waves (initial state
 * from the emulator library's wave initialisation) behind the CU's launch
 * port; instruction and global memory are modelled here behind the CU's
 * ports with the latencies of the CU configuration. */
#ifndef SICU_HARNESS_H
#define SICU_HARNESS_H
#include <stdint.h>
#include <stdio.h>
#include "sicu/emu.h"
#include "sicu/launch.h"
#include "sicu/rfv.h"
#include "sicu_units.h"   /* generated from rtl/units.manifest: the counters */
#include "dmr_cov.h"

typedef struct sh_opts {
    int cosim;                 /* compare every retirement with the emulator */
    uint64_t max_cycles;       /* 0: unlimited                               */
    uint64_t watchdog;         /* cycles without a retirement = hang         */
    int quiet;
    FILE *trace;               /* RTL retirement trace (docs/trace-format.md), or NULL */
    uint64_t mem_stall_after;  /* test hook: memory stops answering after N requests (0: never) */
    /* waveform window: FST of cycles [waves_from, waves_to] (waves_to 0: to
     * the end), limited to the hierarchy scopes (none: the whole CU) */
    const char *waves;
    uint64_t waves_from, waves_to;
    const char *const *scopes;
    const int *scope_levels;   /* per scope: hierarchy depth (0: all)  */
    int nscopes;
    /* counter time series: every series_interval cycles one line of the
     * counters' values (cumulative, as in --stats) and the dispatcher's static
     * rows and sub-arrays then (sh_series_header first), or NULL */
    FILE *series;
    uint64_t series_interval;
    /* register-file virtualization (RFV models): the kernel's exempt VGPRs
     * (the 1 KB renaming table's cap, docs/rfv.md sections 4 and 10), mapped
     * by the dispatcher at every wave's launch and held to its end; NULL: none */
    const si_vset *rfv_exempt;
} sh_opts;

/* Warped-DMR inter/enhanced (docs/dmr.md): the run controls of every later
 * simulation in this process (a DMR register, constant during a run).
 * mode: 0 the configuration's DMR value, 1 intra only (no replay), 2 inter,
 * 3 enhanced; rq: ReplayQ slots used per SIMD (0: all DMR_RQ); noshuf:
 * replays run on the lanes of the original (no lane shuffle).  -1 with a
 * message when the model has no ReplayQ or rq > DMR_RQ. */
int sh_dmr_control(int mode, unsigned rq, int noshuf, char *err, size_t errlen);
/* the run mode in effect (1..3; the configuration's when not set) */
int sh_dmr_mode(void);
/* register-file virtualization run controls by name ("rfc": release flag
 * cache entries used, "wake": sub-array wake-up cycles, "rows": GPU-Shrink's
 * physical VGPR rows per SIMD, 0 all; RFV_SHRINK models), for the later runs;
 * -1 with a message */
int sh_rfv_control(const char *name, long value, char *err, size_t errlen);
unsigned sh_rfv_rfc_entries(void);   /* the release flag cache entries the runs use */
unsigned sh_rfv_wake_cycles(void);   /* the sub-array wake-up latency the runs use */
unsigned sh_rfv_rows(void);          /* GPU-Shrink's physical rows per SIMD (0: all, no throttle) */
/* the header line of the counter time series (sh_opts.series) */
void sh_series_header(FILE *f);

#define SH_MAX_SIMDS 16            /* configurations up to 16 SIMDs (checked at compile time) */
#define SH_NPERF_CU SICU_NPERF_CU  /* CU counters (perf_cu of rtl/sicu_cu.v): index SICU_PC_<name>, names SICU_PERF_CU */
#define SH_NPERF_SIMD SICU_NPERF_SIMD  /* per-SIMD counters: index SICU_PS_<name>, names SICU_PERF_SIMD */

typedef struct sh_result {
    uint64_t cycles, retired, mismatches;
    uint64_t by_class[4];      /* scalar, vector, memory, other (issue-internal) */
    uint32_t perf_cu[SH_NPERF_CU];
    uint32_t perf_simd[SH_MAX_SIMDS][SH_NPERF_SIMD];   /* the first SICU_SIMDS are used */
    uint64_t fu_lane_ops[128];  /* lane operations per simd_lane FP unit (FU_* index; 0: integer) */
    uint64_t valu_active[65];   /* VALU wave instructions retired, by the number of EXEC lanes they ran under */
    sh_dmr_cov dmr_cov;         /* Warped-DMR's checking opportunity per cluster size and mapping (dmr_cov.h) */
    /* memory-system model (harness/memsys.h): line accesses */
    uint64_t l1_hits, l1_misses, l1_writes, sc_hits, sc_misses, l2_hits, l2_misses, mem_lines;
    /* the dispatcher's static VGPR allocation: rows held by resident waves,
     * all SIMDs, summed over cycles; the most one SIMD held at once */
    uint64_t vgpr_static_sum;
    uint32_t vgpr_static_max;
    uint32_t rfv_exempt;           /* exempt VGPRs per wave the dispatcher mapped at launch (sh_opts.rfv_exempt) */
    uint32_t shrink_wg_rows;       /* GPU-Shrink: R, the most rows a work-group may hold on one SIMD (max over dispatches) */
    /* ... the RFV_SUBARRAY sub-arrays of the SIMDs' files that allocation
     * touches, summed over cycles (the baseline CU gated by sub-array) */
    uint64_t vgpr_static_sa_sum;
    /* wear levelling: accesses per physical VGPR row (all ten ports of each
     * SIMD's file), their coefficient of variation (std / mean) over all the
     * file's rows and over the rows accessed at all, averaged over the SIMDs;
     * the most / the least accessed of those rows; rows accessed (all SIMDs) */
    double vrow_cov_all, vrow_cov_touched, vrow_max_over_min;
    uint32_t vrow_touched;
    double wall_s;
    int sim_failed;            /* the run failed after simulation started ... */
    uint64_t fail_cycle;       /* ... at this cycle (mismatch, fault, hang)   */
} sh_result;

/* ---------------------------------------------------------------- experiments
 * A simulation of one dispatch, step by step:
 *
 *   sh_sim *s = sh_open(mem, d, emem, ed, &opts, err, sizeof err);
 *   while ((rc = sh_step(s, 1000)) == 0) { sh_counters(s, &r); sh_wave_state(s, 0, &ws); ... }
 *   rc = sh_finish(s, &res);      // cosim: final memory compared; counters
 *   sh_close(s);
 *
 * d is a dispatch set up in mem by si_launch_setup; for cosim, emem/ed is an
 * identical independent set-up for the emulator.  All state the harness
 * reports is architectural: it comes from the CU's ports and the
 * testbench-only monitor's events, never from the model's internals.
 * Error messages go to err (kept by the simulation until sh_close). */
typedef struct sh_sim sh_sim;
sh_sim *sh_open(si_mem *mem, const si_dispatch *d, si_mem *emem, const si_dispatch *ed, const sh_opts *o, char *err,
                size_t errlen);
/* Run up to ncycles cycles (0: until the dispatch ends).  Returns 0 while
 * it runs, 1 when the dispatch completed, <0 when the run failed (mismatch,
 * fault, assertion, watchdog, limit; sh_error says what).  After 1 or <0
 * further calls return the same. */
int sh_step(sh_sim *s, uint64_t ncycles);
uint64_t sh_cycle_count(const sh_sim *s);
/* Warped-DMR builds: the run's first comparator mismatch (cycle, SIMD,
 * intra-warp or replay, the instruction's wave and PC, the wave lanes whose
 * comparators fired): 1 and *e, or 0 when there was none. */
typedef struct sh_dmr_event {
    uint64_t cycle;
    int simd, inter;
    unsigned wave;
    uint64_t pc, lanes;
} sh_dmr_event;
int sh_dmr_first_error(const sh_sim *s, sh_dmr_event *e);
const char *sh_error(const sh_sim *s);
/* The counters so far (retirements, per-class counts, the RTL's performance
 * counters, FP-unit lane operations). */
void sh_counters(sh_sim *s, sh_result *res);

/* Architectural snapshot of a wave slot, from the monitor's write events
 * (initial writes included).  vgpr points into the harness's shadow (valid
 * until the next sh_step): rows 0..nvgpr-1 x 64 lanes. */
typedef struct sh_wave {
    int used, active;          /* slot holds a wave / the CU reports it active */
    uint32_t wg[3], wave;      /* work-group id and wave index in it           */
    uint64_t last_pc, exec;    /* last retired PC, current EXEC                */
    unsigned nsgpr, nvgpr;
    uint32_t sgpr[128];        /* codes 0-127 (VCC 106/107, M0 124, EXEC 126/127) */
    const uint32_t (*vgpr)[64];
} sh_wave;
int sh_wave_state(const sh_sim *s, unsigned slot, sh_wave *ws);

/* Fault injection: invert bit `bit` of the state signal `path` (hierarchical
 * name in the verilated wrapper, e.g. "TOP.sicu_tb.u_cu.g_opread[1].u_opread.or_wave")
 * now, i.e. between cycle sh_cycle_count()-1 and the next one: step to the
 * cycle first.  Needs a model built with VPI=1 (Verilator --vpi
 * --public-flat-rw, slower); <0 with the reason in the error buffer
 * otherwise.  The harness's view stays architectural: a flip shows up only
 * through what the CU then does. */
int sh_flip(sh_sim *s, const char *path, unsigned bit);

/* The same on an element of an unpacked array (a register file row, e.g.
 * "TOP.sicu_tb.u_cu.g_simd[0].u_simd.g_bank[1].u_bank.vgpr_mem", word 5);
 * word -1: sh_flip. */
int sh_flip_word(sh_sim *s, const char *path, long word, unsigned bit);

/* The fault-injection hook of a FAULT_INJECT on model (rtl/simd.v): while
 * en, lane `lane` of SIMD `simd` writes ((result & and_m) | or_m) ^ xor_m
 * (64-bit result {hi, lo}).  once: the hook turns itself off after the
 * first cycle in which that lane writes a VGPR result under it (a transient
 * that hits one computed value).  Takes effect from the next cycle; <0 with
 * the reason in the error buffer for a model without the hook. */
typedef struct sh_fu_hook {
    int en, once;
    unsigned simd, lane;
    uint64_t and_m, or_m, xor_m;
} sh_fu_hook;
int sh_fu_set(sh_sim *s, const sh_fu_hook *k);
/* The first cycle in which the hook's lane wrote a result under it, plus 1
 * (0: none yet). */
uint64_t sh_fu_hit(const sh_sim *s);

/* Why a run failed (after sh_step returned <0). */
enum { SH_FAIL_NONE, SH_FAIL_HANG, SH_FAIL_LIMIT, SH_FAIL_FAULT, SH_FAIL_ASSERT, SH_FAIL_OTHER };
int sh_fail_kind(const sh_sim *s);

/* End: 0 when the dispatch completed (and, for cosim, the final memory of
 * every region equals the emulator's), <0 otherwise; res gets the counters. */
int sh_finish(sh_sim *s, sh_result *res);
void sh_close(sh_sim *s);

/* The whole run in one call: sh_open, sh_step until the end, sh_finish,
 * sh_close.  Returns 0 on success; <0 with a message in err. */
int sh_run(si_mem *mem, const si_dispatch *d, si_mem *emem, const si_dispatch *ed, const sh_opts *o,
           sh_result *res, char *err, size_t errlen);

/* ---------------------------------------------------------------- fault injection (docs/faults.md)
 * Fault models, as spec strings (sh_fault_parse; CYCLE: the CU cycle):
 *   flop:PATH[BIT]@CYCLE          transient flip of bit BIT of state variable PATH
 *                                 (below the CU, e.g. "u_issue.rr[1]"; an array element:
 *                                 PATH[WORD][BIT]); needs a VPI=1 model
 *   fu:SIMD.LANE@CYCLE:flip[:BIT] transient: the first result lane LANE (physical, 0..LANES-1)
 *                                 of SIMD SIMD writes at or after CYCLE has bit BIT (0..63
 *                                 of the 64-bit {hi, lo} result; default 0) inverted
 *   fu:SIMD.LANE@CYCLE:stuck0|stuck1[:BIT]   bit BIT of that lane's result stuck from CYCLE on;
 *                                 fu needs a FAULT_INJECT on model
 *   vgpr:SIMD.ROW.LANE.BIT@CYCLE  flip of bit BIT of physical VGPR row ROW, lane LANE (0..63)
 *                                 of SIMD SIMD; needs a VPI=1 model */
enum { SH_FM_FLOP, SH_FM_FU, SH_FM_VGPR };
enum { SH_FU_FLIP, SH_FU_STUCK0, SH_FU_STUCK1 };
typedef struct sh_fault {
    int model;                 /* SH_FM_*                                     */
    uint64_t cycle;
    char path[200];            /* flop: the variable, relative to the CU      */
    long word;                 /* flop: array element, or -1                  */
    unsigned bit;              /* flop, vgpr: bit; fu: result bit 0..63       */
    unsigned simd, lane, row;  /* fu, vgpr                                    */
    int fu;                    /* SH_FU_*                                     */
} sh_fault;
/* 0, or -1 with a message naming what was expected in err */
int sh_fault_parse(const char *spec, sh_fault *f, char *err, size_t errlen);
void sh_fault_format(const sh_fault *f, char *buf, size_t n);

/* The CU's state variables (flip-flops and register arrays), from the
 * model's VPI view (a VPI=1 model) filtered by the RTL sources: variables a
 * module assigns with `<=` outside simulation-only code; not the testbench
 * monitor, the datapath wrappers, the fault-injection ports or the
 * performance counters (pc_*, perf_*). */
typedef struct sh_flop {
    char path[200];            /* relative to the CU, g_x[0].u_y.name         */
    char vname[240];           /* the model's name for it (generate blocks may be g_x__BRA__0__KET__) */
    char module[64];           /* the RTL module that holds it                */
    unsigned width;            /* bits (an array: of one element)             */
    int arr_lo, arr_hi;        /* an unpacked array's range, else -1, -1      */
    unsigned index;            /* shm_vars' index (state hashes)              */
} sh_flop;
typedef struct sh_flops {
    sh_flop *v;
    unsigned n, nvars;         /* state variables; all variables of the CU    */
    uint64_t flop_bits;        /* bits of the non-array state variables       */
    uint64_t array_bits;       /* bits of the arrays                          */
} sh_flops;
int sh_flops_list(sh_flops *fl, char *err, size_t errlen);
void sh_flops_free(sh_flops *fl);

/* Outcome classes (docs/faults.md) */
enum { SH_OUT_MASKED, SH_OUT_LATENT, SH_OUT_DETECTED, SH_OUT_SDC, SH_OUT_DUE, SH_OUT_HANG, SH_NOUT };
const char *sh_outcome_name(int o);

typedef struct sh_fi_result {
    int outcome;               /* SH_OUT_*                                    */
    int injected;              /* the fault was applied (the run reached its cycle / the FU wrote) */
    uint64_t inject_cycle;     /* fu flip: the cycle the lane's result was hit */
    uint64_t cycles, ref_cycles;
    int stopped;               /* ended end_after cycles after the injection   */
    uint64_t detected_cycle;   /* SH_OUT_DETECTED                              */
    sh_dmr_event detected;     /* ... the first mismatch (sh_dmr_first_error)  */
    int silent_outcome;        /* SH_OUT_DETECTED: what the run was without the
                                  checker's word (masked, latent, sdc, due, hang) */
    int end_outcome;           /* a run ended early (stopped) as sdc: it was run on to
                                  completion and classified there against the golden
                                  emulator (masked/latent: the cut caught a delay, not a
                                  corruption; sdc, due, hang); -1 otherwise */
    unsigned state_diff;       /* state variables that differ from the reference */
    char where[200];           /* the fault site's module                      */
    char detail[512];          /* first memory difference, differing state, error */
} sh_fi_result;

/* Injections into runs of one launch: the golden emulator's final memory and
 * a fault-free run of the same model (once, with the state snapshots the
 * planned injections need) are the references.  end_after: end each run N
 * cycles after its injection (0: at completion). */
typedef struct sh_fi sh_fi;
sh_fi *sh_fi_open(const char *launch_path, uint64_t end_after, char *err, size_t errlen);
/* The fault-free run's cycles (it is run now if it has not been). */
int sh_fi_ref_cycles(sh_fi *fi, uint64_t *cycles);
/* Declare the faults about to be run (the reference then snapshots every
 * cycle they need in one run); optional. */
int sh_fi_plan(sh_fi *fi, const sh_fault *f, unsigned n);
int sh_fi_run(sh_fi *fi, const sh_fault *f, sh_fi_result *r);
/* n faults, results r[i] of f[i], the same as sh_fi_run's: one fault-free run
 * is stepped to the faults' cycles in order and fork()ed at each (copy on
 * write); the child injects and runs on, so a run costs the cycles after its
 * injection. SICU_FI_FORK=0: each run from cycle 0. Single-threaded models only. */
int sh_fi_run_many(sh_fi *fi, const sh_fault *f, unsigned n, sh_fi_result *r);
/* One JSON object (no newline) for a result; free() it. */
char *sh_fi_json(const sh_fault *f, const sh_fi_result *r, const char *program);
const char *sh_fi_error(const sh_fi *fi);
void sh_fi_close(sh_fi *fi);
#endif
