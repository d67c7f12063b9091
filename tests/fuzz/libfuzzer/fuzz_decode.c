/* libFuzzer target: the decoder and the disassembler (sw/decode.c,
 * sw/disasm.c, the table look-ups of sw/isa.c).
 *
 * The input is a little-endian stream of instruction dwords (a trailing
 * partial dword is zero-padded).  At every dword position the target
 * decodes with only the words that remain (so truncation is exercised at
 * the end), checks the decoder's contract, and disassembles every
 * instruction that decodes, into a roomy buffer and into a tiny one
 * (snprintf-like truncation).
 */
#include "fuzz_common.h"
#include "sicu/isa.h"

/* Results of the walks are summed here so nothing is optimised away. */
volatile unsigned fz_sink;

/* The decoder's promises (sicu/isa.h): abort when one is broken. */
static void check_decoded(const si_inst *in, int n, size_t nwords)
{
    if (n < 0) {
        if (n != SI_DEC_TRUNCATED && n != SI_DEC_UNKNOWN)
            abort();
        if (in->op != SI_OP_INVALID || in->fmt > SI_FMT_COUNT)
            abort();
        return;
    }
    if ((n != 4 && n != 8 && n != 12) || (size_t)n > nwords * 4)
        abort();
    if (in->op >= SI_OP_COUNT || in->size != n || in->fmt >= SI_FMT_COUNT)
        abort();
}

/* Disassemble in; the result must be a terminated string of the length
 * returned (or truncated to the buffer). */
static void check_disasm(const si_inst *in, uint64_t pc)
{
    char big[512], tiny[8];
    int n = si_disasm(in, pc, big, sizeof big);
    if (n < 0 || (size_t)n >= sizeof big || strlen(big) != (size_t)n)
        abort();
    int m = si_disasm(in, pc, tiny, sizeof tiny);
    if (m != n || strlen(tiny) != (n < (int)sizeof tiny ? (size_t)n : sizeof tiny - 1))
        abort();
}

/* Query the per-op tables the emulator and the RTL generator use. */
static unsigned query_tables(const si_inst *in)
{
    unsigned acc = si_dst_dwords(in) + si_op_rate(in->op);
    const si_memattr *ma = si_op_mem(in->op);
    if (ma)
        acc += (unsigned)strlen(si_memkind_name(ma->kind)) + (unsigned)strlen(si_aop_name(ma->aop));
    acc += (unsigned)strlen(si_fmt_name(in->fmt));
    if (si_lookup(si_ops[in->op].fmt, si_ops[in->op].opcode) == SI_OP_INVALID)
        abort(); /* every decoded op must be in the look-up table */
    return acc;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    size_t nw = (size + 3) / 4;
    uint32_t *words = calloc(nw ? nw : 1, 4);
    if (!words)
        return 0;
    memcpy(words, data, size);
    for (size_t i = 0; i < nw; i++) {
        si_inst in;
        int n = si_decode(words + i, nw - i, &in);
        check_decoded(&in, n, nw - i);
        if (n > 0) {
            check_disasm(&in, 0x1000 + 4 * (uint64_t)i);
            fz_sink += query_tables(&in);
        }
    }
    free(words);
    return 0;
}
