/* sicu disasm: disassemble a code object's kernels or a raw instruction
 * stream.  stdout holds only instruction lines (LLVM syntax, re-assemblable
 * by llvm-mc -mcpu=tahiti), each followed by a `//` comment with its PC and
 * encoding; undecodable words become `.long 0x...  // invalid ...`. */
#include "cli.h"

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sicu/emu.h"
#include "sicu/isa.h"
#include "sicu/rfv.h"

static void usage_disasm(FILE *f)
{
    fprintf(f,
            "usage: sicu disasm [--raw] [--kernel NAME] [--side-table FILE] FILE\n"
            "\n"
            "Disassemble every kernel of an amdhsa gfx600 code object (or, with --raw, a file of\n"
            "little-endian instruction dwords).  Output: one instruction per line in LLVM syntax\n"
            "with a `// pc ADDR: ENCODING` comment (the first line of each kernel also names it).\n"
            "Undecodable words are printed as `.long 0x...  // invalid ...`; the exit status is 1\n"
            "if there were any.\n"
            "  --raw          FILE is a raw instruction stream\n"
            "  --kernel NAME  only this kernel\n"
            "  --side-table FILE  note the VGPR releases of an rfv side table (sicu rfv)\n"
            "sicu's rfv metadata (docs/rfv.md) prints as `.long` words with its meaning in the\n"
            "comment, and each instruction an rfv_pir flags gets `; rfv: release ... after`.\n");
}

static uint32_t word_at(const uint8_t *p)
{
    return p[0] | p[1] << 8 | p[2] << 16 | (uint32_t)p[3] << 24;
}

/* 1 if every dword in [from, to) is zero or decodes as s_nop (padding). */
static int only_padding(const uint8_t *img, uint64_t from, uint64_t to)
{
    for (uint64_t p = from; p + 4 <= to; p += 4) {
        uint32_t w = word_at(img + p);
        si_inst in;
        if (w == 0)
            continue;
        if (si_decode(&w, 1, &in) != 4 || in.op != SI_OP_s_nop)
            return 0;
    }
    return 1;
}

/* What releases VGPRs around one instruction: the rfv_pir in force and a
 * side table's events (docs/rfv.md). */
typedef struct rfv_note {
    uint64_t flags;             /* the rfv_pir's payload           */
    unsigned idx;               /* instructions since it           */
    const si_rfv_event *ev;     /* side-table events of the kernel */
    size_t nev;
} rfv_note;

/* " ; rfv: release ... before/after" for instruction in at kernel offset off. */
static void rfv_annotate(rfv_note *r, const si_inst *in, uint64_t off, char *buf, size_t len)
{
    si_vset after = {{0, 0, 0, 0}}, before = {{0, 0, 0, 0}};
    char a[300], b[300];
    buf[0] = 0;
    if (in->op == SI_OP_rfv_pir) {
        r->flags = si_rfv_payload(in);
        r->idx = 0;
        return;
    }
    if (in->fmt == SI_FMT_RFV)
        return;
    si_vgpr_ops o;
    si_vgpr_ops_of(in, 256, &o);
    if (r->idx < SI_RFV_PIR_SLOTS) {
        unsigned g = (unsigned)(r->flags >> (3 * r->idx++)) & 7;
        for (unsigned j = 0; j < 3; j++)
            if (g >> j & 1)
                si_vset_add_range(&after, o.slot_first[j], o.slot_n[j]);
    }
    for (size_t i = 0; i < r->nev; i++)
        if (r->ev[i].pc == off)
            si_vset_or(r->ev[i].before ? &before : &after, &r->ev[i].regs);
    if (!si_vset_empty(&before) || !si_vset_empty(&after))
        snprintf(buf, len, " ; rfv: release%s%s%s%s%s%s", si_vset_empty(&before) ? "" : " ",
                 si_vset_str(&before, b, sizeof b), si_vset_empty(&before) ? "" : " before",
                 si_vset_empty(&after) ? "" : " ", si_vset_str(&after, a, sizeof a),
                 si_vset_empty(&after) ? "" : " after");
}

/* Disassemble [begin, end) of the image; returns the number of invalid words. */
static int dis_range(const si_codeobj *co, uint64_t begin, uint64_t end, const char *kname, int trim, rfv_note *rn)
{
    int bad = 0, first = 1;
    uint64_t pc = begin;
    while (pc + 4 <= end) {
        uint32_t w[3] = {0, 0, 0};
        size_t nw = (end - pc) / 4 < 3 ? (size_t)((end - pc) / 4) : 3;
        for (size_t i = 0; i < nw; i++)
            w[i] = word_at(co->image + pc + 4 * i);
        si_inst in;
        memset(&in, 0, sizeof in);
        int n = si_decode(w, nw, &in);
        char label[200] = "";
        if (first && kname)
            snprintf(label, sizeof label, " kernel %s", kname);
        first = 0;
        if (n <= 0 || n % 4 || (uint64_t)n > end - pc) {
            printf(".long 0x%08x // invalid: pc 0x%06llx:%s %s\n", w[0], (unsigned long long)pc, label,
                   n == SI_DEC_TRUNCATED ? "truncated instruction at the end of the code"
                                         : "not a valid SI instruction encoding");
            fprintf(stderr, "sicu disasm: %s: invalid instruction word 0x%08x at pc 0x%llx%s%s\n", co->path, w[0],
                    (unsigned long long)pc, kname ? " in kernel " : "", kname ? kname : "");
            bad++;
            pc += 4;
            continue;
        }
        char buf[256];
        si_disasm(&in, pc, buf, sizeof buf);
        char enc[40];
        if (n == 4)
            snprintf(enc, sizeof enc, "%08x", w[0]);
        else if (n == 8)
            snprintf(enc, sizeof enc, "%08x %08x", w[0], w[1]);
        else
            snprintf(enc, sizeof enc, "%08x %08x %08x", w[0], w[1], w[2]);
        char note[700];
        rfv_annotate(rn, &in, pc - begin, note, sizeof note);
        printf("%s %s pc 0x%06llx: %s%s%s\n", buf, strstr(buf, "//") ? ";" : "//", (unsigned long long)pc, enc, label,
               note);
        pc += (uint64_t)n;
        if (trim && in.op < SI_OP_COUNT && (si_ops[in.op].flags & F_ENDPGM) && only_padding(co->image, pc, end))
            break;
    }
    return bad;
}

static int cmp_kernel(const void *a, const void *b)
{
    const si_kernel *x = *(const si_kernel *const *)a, *y = *(const si_kernel *const *)b;
    return x->code_offset < y->code_offset ? -1 : x->code_offset > y->code_offset;
}

/* Every kernel (or only `only`) in address order, each from its entry up to
 * the next kernel's entry or the end of .text; the number of invalid words,
 * or -1 after an error message. */
static int dis_kernels(const si_codeobj *co, const char *only, const si_rfv_side *side)
{
    if (only && !si_codeobj_find(co, only)) {
        cli_err("disasm", "%s: no kernel named '%s'", co->path, only);
        return -1;
    }
    const si_kernel **ks = calloc((size_t)co->nkernels, sizeof *ks);
    if (!ks) {
        cli_err("disasm", "out of memory");
        return -1;
    }
    for (int i = 0; i < co->nkernels; i++)
        ks[i] = &co->kernels[i];
    qsort(ks, (size_t)co->nkernels, sizeof *ks, cmp_kernel);
    int bad = 0;
    for (int i = 0; i < co->nkernels; i++) {
        uint64_t end = co->text_end;
        for (int j = i + 1; j < co->nkernels; j++)
            if (ks[j]->code_offset > ks[i]->code_offset) {
                end = ks[j]->code_offset;
                break;
            }
        if (only && strcmp(only, ks[i]->name) != 0)
            continue;
        rfv_note rn = {.idx = SI_RFV_PIR_SLOTS};
        uint32_t cb, ch;
        if (side && si_rfv_side_kernel(side, ks[i]->name, &rn.ev, &rn.nev, &cb, &ch) < 0)
            fprintf(stderr, "sicu disasm: note: the side table has no kernel %s\n", ks[i]->name);
        bad += dis_range(co, ks[i]->code_offset, end, ks[i]->name, 1, &rn);
    }
    free(ks);
    return bad;
}

int cmd_disasm(int argc, char **argv)
{
    static const struct option lo[] = {{"help", no_argument, 0, 'h'},
                                       {"raw", no_argument, 0, 'r'},
                                       {"kernel", required_argument, 0, 'k'},
                                       {"side-table", required_argument, 0, 's'},
                                       {0, 0, 0, 0}};
    int raw = 0, c;
    const char *only = NULL, *side_path = NULL;
    optind = 1;
    opterr = 0;
    while ((c = getopt_long(argc, argv, ":hrk:", lo, NULL)) != -1) {
        switch (c) {
        case 'h': usage_disasm(stdout); return CLI_OK;
        case 'r': raw = 1; break;
        case 'k': only = optarg; break;
        case 's': side_path = optarg; break;
        case ':': cli_err("disasm", "option %s needs a value", argv[optind - 1]); return CLI_USAGE;
        default: cli_err("disasm", "unknown option '%s'", argv[optind - 1]); usage_disasm(stderr); return CLI_USAGE;
        }
    }
    if (argc - optind != 1) {
        cli_err("disasm", argc - optind ? "expected exactly one input file" : "no input file");
        usage_disasm(stderr);
        return CLI_USAGE;
    }
    si_rfv_side *side = NULL;
    char serr[1024];
    if (side_path && !(side = si_rfv_side_load(side_path, serr, sizeof serr))) {
        cli_err("disasm", "%s", serr);
        return CLI_FAIL;
    }
    si_codeobj co;
    int rc = raw ? si_codeobj_load_raw(&co, argv[optind]) : si_codeobj_load(&co, argv[optind]);
    if (rc < 0) {
        cli_err("disasm", "%s", co.err);
        si_rfv_side_free(side);
        return CLI_FAIL;
    }
    int bad;
    if (raw) {
        rfv_note rn = {.idx = SI_RFV_PIR_SLOTS};
        bad = dis_range(&co, 0, co.image_size, NULL, 0, &rn);
    } else {
        bad = dis_kernels(&co, only, side);
    }
    si_rfv_side_free(side);
    si_codeobj_free(&co);
    if (bad < 0)
        return CLI_FAIL;
    if (bad) {
        fprintf(stderr, "sicu disasm: %d invalid instruction word(s)\n", bad);
        return CLI_FAIL;
    }
    return CLI_OK;
}
