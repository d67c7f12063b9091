/* libFuzzer target: the code-object loader (sw/loader.c).
 *
 * The input is the byte image of an amdhsa ELF code object.  It goes through
 * si_codeobj_load (ELF checks, sections, symbols, relocations, segments,
 * kernel descriptors, msgpack metadata) and si_codeobj_load_raw.  A loaded
 * object is then walked the way `sicu run` / `sicu disasm` use it: every
 * kernel looked up by name, its argument table read, its code range decoded.
 * The loader must return an error for anything malformed, never crash.
 */
#include "fuzz_common.h"
#include "sicu/emu.h"

/* Results of the walks are summed here so nothing is optimised away. */
volatile unsigned fz_sink;

static fz_file g_file;

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    fz_file_open(&g_file, "fuzz-codeobj");
    return 0;
}

/* Read every field the loader filled for one kernel (ASan checks bounds). */
static unsigned touch_kernel(const si_codeobj *co, const si_kernel *k)
{
    unsigned acc = k->rsrc1 ^ k->rsrc2 ^ k->code_props ^ k->kernarg_size;
    for (int i = 0; i < k->nargs; i++)
        acc += k->args[i].offset + k->args[i].size + (unsigned)strlen(k->args[i].name) +
               (unsigned)strlen(k->args[i].type_name) + (unsigned)strlen(k->args[i].value_kind);
    if (si_codeobj_find(co, k->name) == NULL)
        abort(); /* a kernel the loader listed must be found by its name */
    return acc;
}

/* Decode the text range as the disassembler does. */
static unsigned decode_text(const si_codeobj *co)
{
    if (co->text_begin > co->text_end || co->text_end > co->image_size)
        abort(); /* the loader promises text lies inside the image */
    unsigned acc = 0;
    for (uint64_t off = co->text_begin & ~3ull; off + 4 <= co->text_end;) {
        uint32_t w[3] = {0, 0, 0};
        size_t nw = (size_t)((co->text_end - off) / 4);
        nw = nw > 3 ? 3 : nw;
        memcpy(w, co->image + off, nw * 4);
        si_inst in;
        int n = si_decode(w, nw, &in);
        acc += in.op;
        off += n > 0 ? (uint64_t)n : 4;
    }
    return acc;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    si_codeobj co;
    fz_file_set(&g_file, data, size);
    if (si_codeobj_load(&co, g_file.path) == 0) {
        for (int i = 0; i < co.nkernels; i++)
            fz_sink += touch_kernel(&co, &co.kernels[i]);
        fz_sink += decode_text(&co);
    }
    si_codeobj_free(&co);
    if (si_codeobj_load_raw(&co, g_file.path) == 0)
        fz_sink += decode_text(&co);
    si_codeobj_free(&co);
    return 0;
}
