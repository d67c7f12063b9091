/* The RTL engine of `sicu run --engine rtl|cosim`: the interface between the
 * sicu CLI and $(BUILD)/lib/libsicu-rtl.so (the verilated compute unit and
 * its harness, built by `make rtl` for one CU configuration).
 *
 * sicu dlopen()s the library from <dir of the sicu binary>/../lib/, looks up
 * SICU_RTL_ENTRY and calls it for the engine table.  The library does not
 * link libsicu: it uses the si_* functions of the sicu binary that loads it
 * (exported by its link), so both see one emulator, one launch set-up. */
#ifndef SICU_RTL_ENGINE_H
#define SICU_RTL_ENGINE_H
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "sicu/emu.h"
#include "sicu/launch.h"

#define SICU_RTL_ABI 4                      /* bump on any change of this file */
#define SICU_RTL_ENTRY "sicu_rtl_engine_get"
#define SICU_RTL_FAIL_WAVES_DEFAULT 2000
#define SICU_RTL_DEFAULT_MAX_CYCLES 5000000ull    /* sicu run's runaway guard (about a minute) */

/* The options of sicu run for the RTL engines (docs/cli.md). */
typedef struct sicu_rtl_opts {
    int cosim;                 /* compare every retirement with the emulator      */
    int quiet;                 /* no summary line                                 */
    const char *launch_path;   /* for messages; the failure waveform goes next to it */
    FILE *trace;               /* RTL retirement trace, or NULL                   */
    const char *stats;         /* statistics JSON file ("-": stdout), or NULL     */
    uint64_t max_cycles;       /* 0: unlimited                                    */
    uint64_t watchdog;         /* with have_watchdog (0: off); else the           */
    int have_watchdog;         /* configuration's WATCHDOG_CYCLES                 */
    uint64_t mem_stall_after;  /* test hook: memory stops answering after N requests */
    const char *waves;         /* waveform window: FST of cycles from..to         */
    uint64_t from, to;
    int have_from, have_to;
    const char *const *scopes; /* --scope: unit names or TOP.sicu_cu... paths     */
    int nscopes;
    uint64_t fail_waves;       /* cycles of the failure waveform (0: off)         */
    const char *fail_waves_file;   /* NULL: sicu-fail.fst next to the launch file */
    const char *activity;      /* per-module switching activity JSON, or NULL     */
    const char *series;        /* counter time series (docs/cli.md), or NULL      */
    uint64_t series_interval;  /* its sampling interval in cycles (0: 1000)       */
} sicu_rtl_opts;

typedef struct sicu_rtl_engine {
    unsigned abi;                          /* SICU_RTL_ABI the library was built with */
    const char *config_file;               /* the configuration it was built from     */
    unsigned nkeys;
    const char *const (*keys)[3];          /* name, value, kind (size, bool, enum)    */
    const char *scope_units;               /* the --scope unit names, comma-separated */
    /* Check the options before anything runs: -1 with a message in err. */
    int (*check)(const sicu_rtl_opts *o, char *err, size_t errlen);
    /* Run the dispatch d set up in mem by si_launch_setup(l, co, ...) (for
     * cosim, emem/ed: an identical independent set-up for the emulator);
     * then write the dump files, the activity and statistics files and the
     * summary line.  On a mismatch, fault or hang: the failure waveform.
     * Messages go to stderr.  Returns 0 on success, 1 on failure. */
    int (*run)(si_launch *l, si_codeobj *co, si_mem *mem, const si_dispatch *d, si_mem *emem,
               const si_dispatch *ed, const sicu_rtl_opts *o);
    /* Fault injection (docs/faults.md; the harness library's sh_fi_* and
     * sh_campaign_*).  Messages go to stderr; results to out.  Return 0 on
     * success, 1 on failure, 2 for a bad fault spec. */
    int (*inject)(const char *launch, const char *spec, uint64_t end_after, FILE *out);
    int (*list_flops)(FILE *out);
    int (*campaign_split)(const char *spec, const char *dir);
    int (*campaign_run_shard)(const char *shard, FILE *out);
    int (*campaign_merge)(char *const *files, int n, const char *prefix, FILE *out);
    /* Warped-DMR inter/enhanced run controls for every later run of this
     * process (harness.h sh_dmr_control): mode 0 the configuration's, 1
     * intra, 2 inter, 3 enhanced; rq ReplayQ entries used (0: all); noshuf.
     * -1 with a message when the model has no ReplayQ or rq is too large. */
    int (*dmr_control)(int mode, unsigned rq, int noshuf, char *err, size_t errlen);
    /* Register-file virtualization run controls for every later run of this
     * process (harness.h sh_rfv_control), by name: "rfc" the release flag
     * cache entries used (0..RFV_RFC).  -1 with a message for a model
     * without RFV, an unknown name or a value out of range. */
    int (*rfv_control)(const char *name, long value, char *err, size_t errlen);
} sicu_rtl_engine;

typedef const sicu_rtl_engine *(*sicu_rtl_entry_fn)(void);
#endif
