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
#include "sicu_units.h"   /* generated from rtl/units.manifest: the counters */

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
} sh_opts;

#define SH_MAX_SIMDS 16            /* configurations up to 16 SIMDs (checked at compile time) */
#define SH_NPERF_CU SICU_NPERF_CU  /* CU counters (perf_cu of rtl/sicu_cu.v): index SICU_PC_<name>, names SICU_PERF_CU */
#define SH_NPERF_SIMD SICU_NPERF_SIMD  /* per-SIMD counters: index SICU_PS_<name>, names SICU_PERF_SIMD */

typedef struct sh_result {
    uint64_t cycles, retired, mismatches;
    uint64_t by_class[4];      /* scalar, vector, memory, other (issue-internal) */
    uint32_t perf_cu[SH_NPERF_CU];
    uint32_t perf_simd[SH_MAX_SIMDS][SH_NPERF_SIMD];   /* the first SICU_SIMDS are used */
    uint64_t fu_lane_ops[128];  /* lane operations per simd_lane FP unit (FU_* index; 0: integer) */
    /* memory-system model (harness/memsys.h): line accesses */
    uint64_t l1_hits, l1_misses, l1_writes, sc_hits, sc_misses, l2_hits, l2_misses, mem_lines;
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

/* End: 0 when the dispatch completed (and, for cosim, the final memory of
 * every region equals the emulator's), <0 otherwise; res gets the counters. */
int sh_finish(sh_sim *s, sh_result *res);
void sh_close(sh_sim *s);

/* The whole run in one call: sh_open, sh_step until the end, sh_finish,
 * sh_close.  Returns 0 on success; <0 with a message in err. */
int sh_run(si_mem *mem, const si_dispatch *d, si_mem *emem, const si_dispatch *ed, const sh_opts *o,
           sh_result *res, char *err, size_t errlen);
#endif
