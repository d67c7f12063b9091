/* libFuzzer target: the launch-file parser and dispatch set-up (sw/launch.c).
 *
 * The input is launch JSON text.  Stage 1 parses it from memory with
 * si_launch_parse_string (relative paths resolve in an empty temporary
 * directory).  Stage 2, for launches whose buffers are small and not read
 * from files, runs si_launch_setup against fixed code objects built with
 * the fuzzers (FUZZ_CODE_DIR, see tests/fuzz/libfuzzer.mk): the launch's
 * "kernel" picks the object (pick_codeobj), its "code" path is ignored.
 * Set-up validates the arguments against the kernel metadata and lays out
 * device memory.  si_launch_dump is never called: nothing is written.
 */
#include "fuzz_common.h"
#include "sicu/launch.h"

#include <limits.h>

#ifndef FUZZ_CODE_DIR
#define FUZZ_CODE_DIR "."
#endif

/* Stage 2 only for launches whose buffers total at most this. */
#define FZ_SETUP_MAX_BYTES (1u << 20)

/* Code objects tried by kernel name: an asm test without metadata and a
 * compiled OpenCL kernel with by-value struct/vector arguments. */
static const char *const g_co_names[] = {"salu.o", "byvalue.o", "vadd.o"};
#define FZ_NCO (sizeof g_co_names / sizeof g_co_names[0])
static si_codeobj g_co[FZ_NCO];
static int g_co_ok[FZ_NCO];
static char g_dir[PATH_MAX];

/* The temporary directory stays empty: remove it at exit. */
static void remove_dir(void)
{
    rmdir(g_dir);
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    fz_fix_json_seed();
    snprintf(g_dir, sizeof g_dir, "/tmp/sicu-fuzz-launch-XXXXXX");
    if (!mkdtemp(g_dir))
        abort();
    atexit(remove_dir);
    for (size_t i = 0; i < FZ_NCO; i++) {
        char path[PATH_MAX];
        snprintf(path, sizeof path, "%s/%s", FUZZ_CODE_DIR, g_co_names[i]);
        g_co_ok[i] = si_codeobj_load(&g_co[i], path) == 0;
        if (!g_co_ok[i])
            fprintf(stderr, "fuzz_launch: %s not loaded (%s): set-up stage limited\n", path, g_co[i].err);
    }
    return 0;
}

/* Small enough, and no file reads: worth a set-up. */
static int setup_allowed(const si_launch *l)
{
    uint64_t total = 0;
    for (int i = 0; i < l->nbufs; i++) {
        if (l->bufs[i].init == SI_INIT_FILE || l->bufs[i].size == 0)
            return 0;
        total += l->bufs[i].size;
    }
    return total <= FZ_SETUP_MAX_BYTES;
}

/* The code object holding the launch's kernel.  Most seeds name kernels
 * the fixed objects do not have: the name's length then picks an object
 * and the launch is retargeted to its first kernel, or (one time in
 * FZ_NCO + 1) left as is to exercise "kernel not found".  NULL: none loaded. */
static const si_codeobj *pick_codeobj(si_launch *l)
{
    for (size_t i = 0; i < FZ_NCO; i++)
        if (g_co_ok[i] && si_codeobj_find(&g_co[i], l->kernel))
            return &g_co[i];
    size_t pick = strlen(l->kernel) % (FZ_NCO + 1);
    if (pick < FZ_NCO && g_co_ok[pick] && g_co[pick].nkernels > 0) {
        snprintf(l->kernel, sizeof l->kernel, "%s", g_co[pick].kernels[0].name);
        return &g_co[pick];
    }
    return g_co_ok[0] ? &g_co[0] : NULL; /* "kernel not found" */
}

static void run_setup(si_launch *l)
{
    const si_codeobj *co = pick_codeobj(l);
    if (!co)
        return;
    si_mem mem;
    si_dispatch d;
    si_mem_init(&mem);
    si_launch_setup(l, co, &mem, &d);
    si_mem_free(&mem);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text = fz_strndup(data, size);
    si_launch l;
    if (si_launch_parse_string(&l, text, "fuzz.json", g_dir) == 0 && setup_allowed(&l))
        run_setup(&l);
    si_launch_free(&l);
    free(text);
    return 0;
}
