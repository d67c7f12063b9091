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

typedef struct sh_result {
    uint64_t cycles, retired, mismatches;
    uint64_t by_class[4];      /* scalar, vector, memory, other (issue-internal) */
    uint32_t perf_cu[12];
    uint32_t perf_simd[SH_MAX_SIMDS][5];   /* the first SICU_SIMDS are used */
    uint64_t fu_lane_ops[128];  /* lane operations per simd_lane FP unit (FU_* index; 0: integer) */
    double wall_s;
    int sim_failed;            /* the run failed after simulation started ... */
    uint64_t fail_cycle;       /* ... at this cycle (mismatch, fault, hang)   */
} sh_result;

/* Run the dispatch d (set up in mem by si_launch_setup) on the RTL.  For
 * cosim, emem/ed is an identical independent set-up for the emulator.
 * Returns 0 on success; <0 with a message in err. */
int sh_run(si_mem *mem, const si_dispatch *d, si_mem *emem, const si_dispatch *ed, const sh_opts *o,
           sh_result *res, char *err, size_t errlen);
#endif
