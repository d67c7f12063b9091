/* libFuzzer target: register-file virtualization's parsers (sw/rfv*.c).
 *
 * The first input byte picks what the rest is:
 *   bit 0 = 0: a relocatable code object for `sicu rfv`: si_rfv_rewrite
 *              analyses every kernel and rewrites it in-band (bit 1 = 0) or
 *              into a side table (bit 1 = 1).  A rewrite that succeeds must
 *              give an object the loader accepts and a JSON table that
 *              si_rfv_side_load reads back (side mode) or refuses as in-band;
 *   bit 0 = 1: a side-table JSON file for `sicu run --side-table`:
 *              si_rfv_side_load, then every kernel's events walked, and
 *              si_rfv_exempt_load (the RTL engine's reader of exempt VGPRs).
 * Bad input must give an error, never a crash.
 */
#include "fuzz_common.h"
#include "sicu/emu.h"
#include "sicu/rfv.h"

volatile unsigned fz_sink;
static fz_file g_in, g_out;

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    fz_file_open(&g_in, "fuzz-rfv-in");
    fz_file_open(&g_out, "fuzz-rfv-out");
    fz_fix_json_seed();
    return 0;
}

/* Walk a loaded side table's events for the kernels named in out. */
static void walk_side(const si_rfv_side *s, const si_rfv_output *out)
{
    for (int i = 0; out && i < out->nkernels; i++) {
        const si_rfv_event *ev;
        size_t n;
        uint32_t bytes, hash;
        if (si_rfv_side_kernel(s, out->kernels[i].name, &ev, &n, &bytes, &hash) < 0)
            abort(); /* a table the pass wrote names every kernel it analysed */
        for (size_t j = 0; j < n; j++)
            fz_sink += ev[j].pc + ev[j].before + si_vset_count(&ev[j].regs);
    }
}

static void rewrite(int side)
{
    si_rfv_opts o;
    si_rfv_output out;
    char err[512];
    si_rfv_opts_default(&o);
    memset(&out, 0, sizeof out);
    if (si_rfv_rewrite(g_in.path, &o, side, &out, err, sizeof err) == 0) {
        si_codeobj co;
        fz_file_set(&g_out, out.elf, out.elf_len);
        if (si_codeobj_load(&co, g_out.path) == 0)
            fz_sink += (unsigned)co.nkernels;
        si_codeobj_free(&co);
        fz_file_set(&g_out, (const uint8_t *)out.json, strlen(out.json));
        si_rfv_side *s = si_rfv_side_load(g_out.path, err, sizeof err);
        if (side && !s)
            abort(); /* the pass's own side table must load */
        if (s)
            walk_side(s, &out);
        si_rfv_side_free(s);
        /* the exempt lists the RTL engine reads back from the table */
        for (int i = 0; i < out.nkernels; i++) {
            si_vset ex;
            int first = 1;   /* (the first kernel of a name is the one found) */
            for (int j = 0; j < i; j++)
                first &= strcmp(out.kernels[j].name, out.kernels[i].name) != 0;
            if (first && (si_rfv_exempt_load(g_out.path, out.kernels[i].name, &ex, err, sizeof err) != 1 ||
                memcmp(&ex, &out.kernels[i].exempt, sizeof ex)))
                abort(); /* the pass's own table lists every kernel's exempt VGPRs */
        }
        fz_sink += (unsigned)(out.text_out - out.text_in);
    }
    si_rfv_output_free(&out);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1)
        return 0;
    fz_file_set(&g_in, data + 1, size - 1);
    if (!(data[0] & 1)) {
        rewrite((data[0] >> 1) & 1);
        return 0;
    }
    char err[512];
    si_rfv_side *s = si_rfv_side_load(g_in.path, err, sizeof err);
    si_rfv_side_free(s);
    si_vset ex;
    if (si_rfv_exempt_load(g_in.path, "k", &ex, err, sizeof err) >= 0)
        fz_sink += (unsigned)si_vset_count(&ex);
    return 0;
}
