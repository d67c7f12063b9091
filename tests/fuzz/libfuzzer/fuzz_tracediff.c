/* libFuzzer target: trace comparison (sw/tracediff.c, `sicu trace-diff`).
 *
 * The input holds two JSONL traces separated by the first NUL byte (no NUL:
 * the input is split in the middle).  A first byte below 0x08 is an option
 * byte rather than trace text: bit 0 ignores "exec", bit 1 limits the
 * reports to one wave, bit 2 asks for no context.  Each trace goes to its
 * own in-memory file and si_trace_diff compares them, writing its report to
 * /dev/null.  Any result is fine; a crash, leak or hang is not.
 */
#include "fuzz_common.h"
#include "sicu/tracediff.h"

static fz_file g_a, g_b;
static FILE *g_null;

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    fz_fix_json_seed();
    fz_file_open(&g_a, "fuzz-trace-a");
    fz_file_open(&g_b, "fuzz-trace-b");
    g_null = fz_devnull();
    return 0;
}

/* Options from the leading byte (consumed only when it is < 0x08). */
static size_t read_options(const uint8_t *data, size_t size, si_tdiff_opts *o)
{
    static const char *const ignore[] = {"exec"};
    memset(o, 0, sizeof *o);
    o->context = 3;
    o->out = g_null;
    if (size == 0 || data[0] >= 0x08)
        return 0;
    if (data[0] & 1) {
        o->ignore = ignore;
        o->nignore = 1;
    }
    o->max_reports = data[0] & 2 ? 1 : 0;
    o->context = data[0] & 4 ? 0 : 3;
    return 1;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    si_tdiff_opts o;
    size_t skip = read_options(data, size, &o);
    data += skip;
    size -= skip;
    const uint8_t *nul = memchr(data, 0, size);
    size_t na = nul ? (size_t)(nul - data) : size / 2;
    size_t nb_off = nul ? na + 1 : na;
    fz_file_set(&g_a, data, na);
    fz_file_set(&g_b, data + nb_off, size - nb_off);
    char err[512] = "";
    int rc = si_trace_diff(g_a.path, g_b.path, &o, err, sizeof err);
    if (rc != SI_TDIFF_EQUAL && rc != SI_TDIFF_DIFFERENT && rc != SI_TDIFF_ERROR)
        abort();
    if (rc == SI_TDIFF_ERROR && !err[0])
        abort(); /* an error must say why */
    return 0;
}
