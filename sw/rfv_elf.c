/* sicu: register-file virtualization, rewriting a code object
 * (si_rfv_rewrite, sicu/rfv.h; docs/rfv.md "Rewriting").
 *
 * Input: a relocatable amdhsa gfx600 object (what `sicu cc` and llvm-mc
 * write).  The loader (si_codeobj_load) validates it and finds the kernels;
 * this file reads its sections with libelf and writes a new object by hand:
 *   - in-band: every kernel's code gets the metadata words inserted, its
 *     SOPP branches re-targeted, and the kernels are laid out again at
 *     256-byte entries; symbols in .text (values and sizes) and the
 *     relocations against .text follow; the PC-relative address idiom
 *     (s_getpc_b64 + s_add_u32/s_addc_u32 with REL32_LO/HI literals) gets
 *     its addends corrected for metadata inserted between the two;
 *   - side table: the code and every other section stay byte-identical.
 * Both append a section ".sicu.rfv" (not loaded) with the JSON metadata.
 * Anything that cannot be relocated soundly is an error.
 */
#include "sicu/rfv.h"
#include "rfv_err.h"
#include "sicu/emu.h"

#include <gelf.h>
#include <jansson.h>
#include <libelf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#if __BYTE_ORDER__ != __ORDER_LITTLE_ENDIAN__
#error "rfv_elf.c writes ELF structures in host order: little-endian hosts only"
#endif

#define RFV_SECTION ".sicu.rfv"
#define KERNEL_ALIGN 256
#define S_NOP 0xbf800000u
enum { R_REL32_LO = 10, R_REL32_HI = 11 };


/* One kernel of the object. */
typedef struct rk {
    const si_kernel *sk;
    uint32_t off, size;      /* its code in .text (original)            */
    uint32_t new_off, new_size;
    si_rfv_kernel a;         /* the analysis                            */
    uint32_t *newpos;        /* per instruction: new offset in .text    */
    uint32_t *target;        /* per instruction: new offset of its metadata (branch targets) */
    uint8_t *paired;         /* per instruction: s_getpc_b64 used by a relocation */
} rk;

typedef struct ctx {
    const char *path;
    const si_rfv_opts *o;
    int side;
    uint8_t *file;
    size_t flen;
    Elf *elf;
    size_t shnum, shstrndx, text, symtab;
    GElf_Shdr *sh;
    si_codeobj co;
    int nk;
    rk *k;
    uint8_t **newdata;       /* per section: replacement contents or NULL */
    uint64_t *newsize;
    uint8_t *text_out;
    uint32_t text_out_size;
    char *err;
    size_t errlen;
} ctx;

static const uint8_t *sec_bytes(ctx *c, size_t i) { return c->file + c->sh[i].sh_offset; }

static const char *sec_name(ctx *c, size_t i)
{
    const char *n = elf_strptr(c->elf, c->shstrndx, c->sh[i].sh_name);
    return n ? n : "?";
}

/* ------------------------------------------------------------------ input */

static int read_input(ctx *c)
{
    FILE *f = fopen(c->path, "rb");
    if (!f)
        return rfv_err(c->err, c->errlen, "%s: cannot open", c->path);
    size_t cap = 1 << 16;
    c->file = malloc(cap);
    for (size_t n; c->file && (n = fread(c->file + c->flen, 1, cap - c->flen, f)) > 0;) {
        c->flen += n;
        if (c->flen == cap) {
            uint8_t *p = cap < (512u << 20) ? realloc(c->file, cap *= 2) : NULL;
            if (!p)
                free(c->file);
            c->file = p;
        }
    }
    fclose(f);
    if (!c->file)
        return rfv_err(c->err, c->errlen, "%s: out of memory (or larger than 512 MiB)", c->path);
    return 0;
}

/* Section i's contents lie inside the file and its alignment is a power of
 * two the output can honour (the rewrite copies every section). */
static int check_section(ctx *c, size_t i)
{
    const GElf_Shdr *h = &c->sh[i];
    if (h->sh_type != SHT_NOBITS && (h->sh_offset > c->flen || h->sh_size > c->flen - h->sh_offset))
        return rfv_err(c->err, c->errlen, "%s: section %zu (offset 0x%llx, size 0x%llx) runs past the end of the file "
                       "(0x%zx bytes)", c->path, i, (unsigned long long)h->sh_offset,
                       (unsigned long long)h->sh_size, c->flen);
    if (h->sh_addralign > (1u << 16) || (h->sh_addralign & (h->sh_addralign - 1)))
        return rfv_err(c->err, c->errlen, "%s: section %zu: alignment %llu is not a power of two up to 65536", c->path,
                       i, (unsigned long long)h->sh_addralign);
    return 0;
}

static int open_sections(ctx *c)
{
    elf_version(EV_CURRENT);
    c->elf = elf_memory((char *)c->file, c->flen);
    GElf_Ehdr eh;
    if (!c->elf || !gelf_getehdr(c->elf, &eh))
        return rfv_err(c->err, c->errlen, "%s: malformed ELF: %s", c->path, elf_errmsg(-1));
    if (eh.e_type != ET_REL)
        return rfv_err(c->err, c->errlen, "%s: not a relocatable object (ELF type %u): rfv rewrites the objects `sicu cc` "
                    "and llvm-mc write, before any link step", c->path, eh.e_type);
    if (elf_getshdrnum(c->elf, &c->shnum) || elf_getshdrstrndx(c->elf, &c->shstrndx) || eh.e_shnum == 0 ||
        c->shnum >= SHN_LORESERVE)
        return rfv_err(c->err, c->errlen, "%s: unsupported section header table (extended numbering)", c->path);
    c->sh = calloc(c->shnum, sizeof *c->sh);
    c->newdata = calloc(c->shnum, sizeof *c->newdata);
    c->newsize = calloc(c->shnum, sizeof *c->newsize);
    if (!c->sh || !c->newdata || !c->newsize)
        return rfv_err(c->err, c->errlen, "out of memory");
    c->text = c->symtab = 0;
    for (size_t i = 1; i < c->shnum; i++) {
        if (!gelf_getshdr(elf_getscn(c->elf, i), &c->sh[i]))
            return rfv_err(c->err, c->errlen, "%s: bad section header %zu", c->path, i);
        if (check_section(c, i) < 0)
            return -1;
        if ((c->sh[i].sh_flags & SHF_EXECINSTR) && (c->sh[i].sh_flags & SHF_ALLOC)) {
            if (c->text)
                return rfv_err(c->err, c->errlen, "%s: more than one code section (%s, %s): not supported", c->path,
                            sec_name(c, c->text), sec_name(c, i));
            c->text = i;
        }
        if (c->sh[i].sh_type == SHT_SYMTAB)
            c->symtab = i;
        if (!strcmp(sec_name(c, i), RFV_SECTION))
            return rfv_err(c->err, c->errlen, "%s: already has a %s section: run rfv on the original object", c->path,
                        RFV_SECTION);
    }
    if (!c->text || !c->symtab || c->sh[c->text].sh_type != SHT_PROGBITS)
        return rfv_err(c->err, c->errlen, "%s: no code section or no symbol table", c->path);
    /* the rewrite replaces the code, symbol and section-name sections
     * separately: they must be three distinct sections of their types */
    if (c->shstrndx == 0 || c->shstrndx >= c->shnum || c->sh[c->shstrndx].sh_type != SHT_STRTAB)
        return rfv_err(c->err, c->errlen, "%s: ELF header's section-name table index %zu is not a string table",
                       c->path, c->shstrndx);
    return 0;
}

static int sym_at(ctx *c, size_t i, GElf_Sym *s)
{
    Elf_Data *d = elf_getdata(elf_getscn(c->elf, c->symtab), NULL);
    if (!d || !gelf_getsym(d, (int)i, s))
        return rfv_err(c->err, c->errlen, "%s: bad symbol %zu", c->path, i);
    return 0;
}

static size_t nsyms(ctx *c) { return c->sh[c->symtab].sh_size / sizeof(Elf64_Sym); }

static int cmp_rk(const void *x, const void *y)
{
    const rk *a = x, *b = y;
    return a->off < b->off ? -1 : a->off > b->off;
}

/* Where each kernel's code is in .text: from its entry to the end its
 * FUNC symbol gives, else to the next kernel or the end of .text. */
static int find_kernel_code(ctx *c)
{
    uint64_t tsize = c->sh[c->text].sh_size;
    c->nk = c->co.nkernels;
    c->k = calloc((size_t)c->nk, sizeof *c->k);
    if (!c->k)
        return rfv_err(c->err, c->errlen, "out of memory");
    for (int i = 0; i < c->nk; i++) {
        c->k[i].sk = &c->co.kernels[i];
        c->k[i].off = (uint32_t)(c->co.kernels[i].code_offset - c->co.text_begin);
    }
    qsort(c->k, (size_t)c->nk, sizeof *c->k, cmp_rk);
    for (int i = 0; i < c->nk; i++) {
        rk *k = &c->k[i];
        uint64_t end = i + 1 < c->nk ? c->k[i + 1].off : tsize;
        if (i + 1 < c->nk && k->off == c->k[i + 1].off)
            return rfv_err(c->err, c->errlen, "%s: kernels %s and %s share their code: not supported", c->path,
                        k->sk->name, c->k[i + 1].sk->name);
        for (size_t s = 1; s < nsyms(c); s++) {
            GElf_Sym sym;
            if (sym_at(c, s, &sym) < 0)
                return -1;
            if (sym.st_shndx == c->text && GELF_ST_TYPE(sym.st_info) == STT_FUNC && sym.st_value == k->off &&
                sym.st_size && k->off + sym.st_size <= end)
                end = k->off + sym.st_size;
        }
        k->size = (uint32_t)(end - k->off);
    }
    return 0;
}

/* Everything in .text outside the kernels must be padding. */
static int check_padding(ctx *c)
{
    const uint8_t *t = sec_bytes(c, c->text);
    uint64_t tsize = c->sh[c->text].sh_size, pos = 0;
    for (int i = 0; i <= c->nk; i++) {
        uint64_t to = i < c->nk ? c->k[i].off : tsize;
        for (; pos + 4 <= to; pos += 4) {
            uint32_t w;
            memcpy(&w, t + pos, 4);
            if (w != 0 && (w & 0xffff0000u) != S_NOP)
                return rfv_err(c->err, c->errlen, "%s: .text+0x%llx (word 0x%08x) belongs to no kernel: code the kernels "
                            "could call (calls are computed control flow) is not supported", c->path,
                            (unsigned long long)pos, w);
        }
        if (i < c->nk)
            pos = c->k[i].off + c->k[i].size;
    }
    return 0;
}

static unsigned wg_waves_of(const si_kernel *k)
{
    uint64_t n = k->reqd_wg[0] ? (uint64_t)k->reqd_wg[0] * k->reqd_wg[1] * k->reqd_wg[2]
                               : k->max_flat_wg ? k->max_flat_wg : 256;
    return (unsigned)((n + 63) / 64);
}

static int analyze_kernels(ctx *c)
{
    const uint8_t *t = sec_bytes(c, c->text);
    for (int i = 0; i < c->nk; i++) {
        rk *k = &c->k[i];
        unsigned nvgpr = ((k->sk->rsrc1 & 0x3f) + 1) * 4, tid = (k->sk->rsrc2 >> 11) & 3;
        si_rfv_code code = {.name = k->sk->name, .code = t + k->off, .size = k->size, .nvgpr = nvgpr,
                            .init_vgprs = tid + 1 < nvgpr ? tid + 1 : nvgpr, .wg_waves = wg_waves_of(k->sk)};
        si_rfv_opts o = *c->o;
        if (!o.wg_waves)
            o.wg_waves = code.wg_waves;
        else
            code.wg_waves = o.wg_waves;
        char e[700];
        if (si_rfv_analyze(&code, &o, &k->a, e, sizeof e) < 0)
            return rfv_err(c->err, c->errlen, "%s: %s", c->path, e);
    }
    return 0;
}

/* ------------------------------------------------------------------ new code */

/* Lay out kernel k's instructions with their metadata from new_off. */
static int layout_kernel(ctx *c, rk *k)
{
    si_rfv_kernel *a = &k->a;
    k->newpos = calloc((size_t)a->ninsn, sizeof *k->newpos);
    k->target = calloc((size_t)a->ninsn, sizeof *k->target);
    k->paired = calloc((size_t)a->ninsn, 1);
    if (!k->newpos || !k->target || !k->paired)
        return rfv_err(c->err, c->errlen, "out of memory");
    uint32_t pos = k->new_off;
    for (int i = 0; i < a->ninsn; i++) {
        uint32_t w[64];
        k->target[i] = pos;
        pos += 4 * si_rfv_meta_before(a, i, w, 64);
        k->newpos[i] = pos;
        pos += a->insn[i].in.size;
    }
    k->new_size = pos - k->new_off;
    return 0;
}

/* Instruction index of kernel k that holds text offset t, or -1. */
static int insn_at(const rk *k, uint64_t t)
{
    int lo = 0, hi = k->a.ninsn - 1;
    if (t < k->off || t >= (uint64_t)k->off + k->size)
        return -1;
    while (lo < hi) {
        int m = (lo + hi + 1) / 2;
        if (k->off + k->a.insn[m].off <= t)
            lo = m;
        else
            hi = m - 1;
    }
    return lo;
}

/* Write kernel k's new code into c->text_out. */
static int emit_kernel(ctx *c, rk *k)
{
    const uint8_t *t = sec_bytes(c, c->text) + k->off;
    si_rfv_kernel *a = &k->a;
    for (int i = 0; i < a->ninsn; i++) {
        const si_rfv_insn *x = &a->insn[i];
        uint32_t w[64];
        unsigned n = si_rfv_meta_before(a, i, w, 64);
        memcpy(c->text_out + k->target[i], w, 4 * n);
        memcpy(c->text_out + k->newpos[i], t + x->off, x->in.size);
        if (si_ops[x->in.op].fmt != SI_FMT_SOPP || !(si_ops[x->in.op].flags & F_BRANCH))
            continue;
        int j = insn_at(k, k->off + x->off + 4 + (int64_t)x->in.simm16 * 4);
        int64_t d = j < 0 ? INT64_MAX : ((int64_t)k->target[j] - (int64_t)k->newpos[i] - 4) / 4;
        if (d < INT16_MIN || d > INT16_MAX)
            return rfv_err(c->err, c->errlen, "%s: kernel %s: +0x%x: the branch cannot reach its target after the "
                        "metadata is inserted (%lld dwords)", c->path, k->sk->name, x->off, (long long)d);
        uint32_t w0 = (x->in.w0 & 0xffff0000u) | ((uint32_t)d & 0xffffu);
        memcpy(c->text_out + k->newpos[i], &w0, 4);
    }
    return 0;
}

static int build_text(ctx *c)
{
    uint32_t pos = c->nk ? c->k[0].off : 0;
    for (int i = 0; i < c->nk; i++) {
        rk *k = &c->k[i];
        k->new_off = i ? (pos + KERNEL_ALIGN - 1) & ~(uint32_t)(KERNEL_ALIGN - 1) : pos;
        if (layout_kernel(c, k) < 0)
            return -1;
        pos = k->new_off + k->new_size;
    }
    c->text_out_size = pos;
    c->text_out = malloc(pos + 4);
    if (!c->text_out)
        return rfv_err(c->err, c->errlen, "out of memory");
    memcpy(c->text_out, sec_bytes(c, c->text), c->nk ? c->k[0].off : 0); /* leading padding */
    for (uint32_t p = c->nk ? c->k[0].off : 0; p + 4 <= pos; p += 4) {
        uint32_t nop = S_NOP;
        memcpy(c->text_out + p, &nop, 4);
    }
    for (int i = 0; i < c->nk; i++)
        if (emit_kernel(c, &c->k[i]) < 0)
            return -1;
    c->newdata[c->text] = c->text_out;
    c->newsize[c->text] = pos;
    return 0;
}

/* New .text offset of old offset t: an instruction start maps to its
 * metadata, a kernel's end to its new end; anything else fails (-1). */
static int64_t map_text(const ctx *c, uint64_t t)
{
    for (int i = 0; i < c->nk; i++) {
        const rk *k = &c->k[i];
        if (t == (uint64_t)k->off + k->size)
            return k->new_off + k->new_size;
        int j = insn_at(k, t);
        if (j >= 0)
            return k->off + k->a.insn[j].off == t ? (int64_t)k->target[j] : -1;
    }
    return t == 0 ? 0 : -1;
}

/* ------------------------------------------------------------------ symbols, relocations */

static int fix_symbols(ctx *c)
{
    size_t n = nsyms(c);
    Elf64_Sym *out = malloc(n * sizeof *out);
    if (!out)
        return rfv_err(c->err, c->errlen, "out of memory");
    c->newdata[c->symtab] = (uint8_t *)out;
    c->newsize[c->symtab] = n * sizeof *out;
    memcpy(out, sec_bytes(c, c->symtab), n * sizeof *out);
    for (size_t i = 1; i < n; i++) {
        Elf64_Sym *s = &out[i];
        if (s->st_shndx != c->text)
            continue;
        int64_t v = map_text(c, s->st_value), e = map_text(c, s->st_value + s->st_size);
        const char *nm = elf_strptr(c->elf, c->sh[c->symtab].sh_link, s->st_name);
        if (v < 0 || e < 0)
            return rfv_err(c->err, c->errlen, "%s: symbol '%s' (.text+0x%llx, size %llu) does not start and end at "
                        "instruction boundaries of a kernel: cannot relocate it", c->path, nm ? nm : "?",
                        (unsigned long long)s->st_value, (unsigned long long)s->st_size);
        if (s->st_size)
            s->st_size = (uint64_t)(e - v);
        s->st_value = (uint64_t)v;
    }
    return 0;
}

/* The s_getpc_b64 a REL32_LO/HI literal at text offset r (instruction j of
 * kernel k) adds to: the nearest earlier one in the same block, and the
 * instruction must be s_add_u32 (LO) / s_addc_u32 (HI) of its result.
 * Returns its index or -1. */
static int getpc_of(const rk *k, int j, uint64_t r, unsigned type)
{
    const si_inst *in = &k->a.insn[j].in;
    unsigned want = type == R_REL32_LO ? SI_OP_s_add_u32 : SI_OP_s_addc_u32;
    if (in->op != want || !in->has_lit || r != (uint64_t)k->off + k->a.insn[j].off + 4)
        return -1;
    for (int g = j - 1; g >= k->a.block[k->a.insn[j].block].first; g--) {
        const si_inst *p = &k->a.insn[g].in;
        if (p->op != SI_OP_s_getpc_b64)
            continue;
        unsigned reg = p->dst + (type == R_REL32_HI);
        int uses = (in->src[0] == reg && in->src[1] == SI_SRC_LITERAL) ||
                   (in->src[1] == reg && in->src[0] == SI_SRC_LITERAL);
        return uses && in->dst == reg ? g : -1;
    }
    return -1;
}

static int fix_text_reloc(ctx *c, Elf64_Rela *r, const char *rsec)
{
    unsigned type = (unsigned)ELF64_R_TYPE(r->r_info);
    for (int i = 0; i < c->nk; i++) {
        rk *k = &c->k[i];
        int j = insn_at(k, r->r_offset);
        if (j < 0)
            continue;
        int g = type == R_REL32_LO || type == R_REL32_HI ? getpc_of(k, j, r->r_offset, type) : -1;
        if (g < 0)
            return rfv_err(c->err, c->errlen, "%s: relocation type %u at .text+0x%llx (%s, kernel %s +0x%x) is not the "
                        "literal of an s_getpc_b64 + s_add_u32/s_addc_u32 address computation: cannot relocate it",
                        c->path, type, (unsigned long long)r->r_offset, rsec, k->sk->name, k->a.insn[j].off);
        uint64_t P = r->r_offset, P2 = k->newpos[j] + (P - k->off - k->a.insn[j].off);
        uint64_t G = k->off + k->a.insn[g].off, G2 = k->newpos[g];
        r->r_addend += (int64_t)(P2 - P) - (int64_t)(G2 - G);
        r->r_offset = P2;
        k->paired[g] = 1;
        return 0;
    }
    return rfv_err(c->err, c->errlen, "%s: relocation at .text+0x%llx (%s) is outside every kernel", c->path,
                (unsigned long long)r->r_offset, rsec);
}

/* A relocation elsewhere whose symbol lives in .text: only a kernel's own
 * symbol (the kernel descriptor's entry) is safe to keep. */
static int check_other_reloc(ctx *c, const Elf64_Rela *r, const char *rsec)
{
    GElf_Sym s;
    if (sym_at(c, ELF64_R_SYM(r->r_info), &s) < 0)
        return -1;
    if (s.st_shndx != c->text)
        return 0;
    for (int i = 0; i < c->nk; i++)
        if (s.st_value == c->k[i].off && GELF_ST_TYPE(s.st_info) != STT_SECTION)
            return 0;
    return rfv_err(c->err, c->errlen, "%s: relocation at %s+0x%llx refers to .text+0x%llx, not to a kernel's symbol: "
                "cannot relocate it (debug information? compile without -g)", c->path, rsec,
                (unsigned long long)r->r_offset, (unsigned long long)s.st_value);
}

static int fix_relocs(ctx *c)
{
    for (size_t i = 1; i < c->shnum; i++) {
        if (c->sh[i].sh_type == SHT_REL)
            return rfv_err(c->err, c->errlen, "%s: REL section %s: not supported", c->path, sec_name(c, i));
        if (c->sh[i].sh_type != SHT_RELA || c->sh[i].sh_entsize != sizeof(Elf64_Rela))
            continue;
        size_t n = c->sh[i].sh_size / sizeof(Elf64_Rela);
        Elf64_Rela *r = malloc(n * sizeof *r + 1);
        if (!r)
            return rfv_err(c->err, c->errlen, "out of memory");
        memcpy(r, sec_bytes(c, i), n * sizeof *r);
        c->newdata[i] = (uint8_t *)r;
        c->newsize[i] = n * sizeof *r;
        for (size_t j = 0; j < n; j++) {
            int rc = c->sh[i].sh_info == c->text ? fix_text_reloc(c, &r[j], sec_name(c, i))
                                                 : check_other_reloc(c, &r[j], sec_name(c, i));
            if (rc < 0)
                return -1;
        }
    }
    for (int i = 0; i < c->nk; i++)
        for (int j = 0; j < c->k[i].a.ninsn; j++)
            if (c->k[i].a.insn[j].in.op == SI_OP_s_getpc_b64 && !c->k[i].paired[j])
                return rfv_err(c->err, c->errlen, "%s: kernel %s: +0x%x: s_getpc_b64 is not part of a relocated address "
                            "computation: the inserted metadata would change the value it reads", c->path,
                            c->k[i].sk->name, c->k[i].a.insn[j].off);
    return 0;
}

/* ------------------------------------------------------------------ JSON */

static json_t *vset_json(const si_vset *s)
{
    json_t *a = json_array();
    for (unsigned r = 0; r < 256; r++)
        if (si_vset_has(s, r))
            json_array_append_new(a, json_integer(r));
    return a;
}

static json_t *side_releases(const si_rfv_kernel *a)
{
    json_t *rel = json_array();
    for (int i = 0; i < a->ninsn; i++) {
        const si_rfv_insn *x = &a->insn[i];
        if (!si_vset_empty(&x->rel_before))
            json_array_append_new(rel, json_pack("{s:I, s:o}", "pc", (json_int_t)x->off, "before",
                                                 vset_json(&x->rel_before)));
        if (!si_vset_empty(&x->rel_after))
            json_array_append_new(rel, json_pack("{s:I, s:o}", "pc", (json_int_t)x->off, "after",
                                                 vset_json(&x->rel_after)));
    }
    return rel;
}

static json_t *kernel_json(const ctx *c, const rk *k)
{
    const si_rfv_kernel *a = &k->a;
    uint32_t grown = c->side ? 0 : k->new_size - k->size;
    json_t *o = json_object();
    json_object_set_new(o, "name", json_string(k->sk->name));
    json_object_set_new(o, "code_bytes", json_integer(k->size));
    /* of the code as loaded (relocations applied), which is what the emulator sees */
    json_object_set_new(o, "code_hash", json_integer(si_rfv_hash(c->co.image + k->sk->code_offset, k->size)));
    json_object_set_new(o, "rfv_code_bytes", json_integer(k->size + grown));
    json_object_set_new(o, "growth", json_real(k->size ? (double)grown / k->size : 0));
    json_object_set_new(o, "pir", json_integer(a->npir));
    json_object_set_new(o, "pbr", json_integer(a->npbr));
    json_object_set_new(o, "released_by_pir", json_integer(a->nrel_pir));
    json_object_set_new(o, "released_by_pbr", json_integer(a->nrel_pbr));
    json_object_set_new(o, "vgprs_allocated", json_integer(a->nvgpr));
    json_object_set_new(o, "vgprs_used", json_integer(si_vset_count(&a->used)));
    json_object_set_new(o, "max_live", json_integer(a->max_live));
    json_object_set_new(o, "renaming", json_pack("{s:I, s:I, s:I, s:I, s:o, s:o, s:I}", "table_bytes",
                                                  (json_int_t)c->o->table_bytes, "entry_bits",
                                                  (json_int_t)c->o->entry_bits, "waves", (json_int_t)a->waves,
                                                  "budget", (json_int_t)a->budget, "renamed", vset_json(&a->renamed),
                                                  "exempt", vset_json(&a->exempt), "n_exempt",
                                                  (json_int_t)si_vset_count(&a->exempt)));
    json_object_set_new(o, "worst_case", json_pack("{s:I, s:I, s:I, s:I}", "vgprs_per_wave", (json_int_t)a->max_held,
                                                    "waves_per_workgroup", (json_int_t)a->wg_waves,
                                                    "vgprs_per_workgroup", (json_int_t)a->max_held * a->wg_waves,
                                                    "allocated_per_workgroup", (json_int_t)a->nvgpr * a->wg_waves));
    if (c->side)
        json_object_set_new(o, "releases", side_releases(a));
    return o;
}

static char *build_json(ctx *c)
{
    const char *base = strrchr(c->path, '/');
    json_t *root = json_object(), *ks = json_array();
    json_object_set_new(root, "format", json_string("sicu-rfv-1"));
    json_object_set_new(root, "mode", json_string(c->side ? "side-table" : "in-band"));
    json_t *src = json_string(base ? base + 1 : c->path);   /* NULL: not UTF-8 */
    json_object_set_new(root, "source", src ? src : json_string("(file name not UTF-8)"));
    json_object_set_new(root, "poison", json_integer(SI_RFV_POISON));
    for (int i = 0; i < c->nk; i++)
        json_array_append_new(ks, kernel_json(c, &c->k[i]));
    json_object_set_new(root, "kernels", ks);
    char *s = json_dumps(root, JSON_INDENT(1) | JSON_PRESERVE_ORDER | JSON_COMPACT);
    json_decref(root);
    return s;
}

/* ------------------------------------------------------------------ output */

/* The section name table with RFV_SECTION appended; *name_off = its offset. */
static int extend_shstrtab(ctx *c, uint32_t *name_off)
{
    size_t i = c->shstrndx, n = c->newdata[i] ? c->newsize[i] : c->sh[i].sh_size;
    const uint8_t *old = c->newdata[i] ? c->newdata[i] : sec_bytes(c, i);
    uint8_t *p = malloc(n + sizeof RFV_SECTION);
    if (!p)
        return rfv_err(c->err, c->errlen, "out of memory");
    memcpy(p, old, n);
    memcpy(p + n, RFV_SECTION, sizeof RFV_SECTION);
    free(c->newdata[i]);
    c->newdata[i] = p;
    c->newsize[i] = n + sizeof RFV_SECTION;
    *name_off = (uint32_t)n;
    return 0;
}

static uint64_t align_up(uint64_t v, uint64_t a) { return a > 1 ? (v + a - 1) / a * a : v; }

/* The contents of output section i (the last one is RFV_SECTION). */
static const uint8_t *out_bytes(ctx *c, size_t i, const char *json, uint64_t *size)
{
    if (i == c->shnum) {
        *size = strlen(json);
        return (const uint8_t *)json;
    }
    *size = c->newdata[i] ? c->newsize[i] : c->sh[i].sh_size;
    return c->newdata[i] ? c->newdata[i] : sec_bytes(c, i);
}

/* Write the ELF: header, the sections in index order (each at its
 * alignment), the new section, the section header table. */
static int write_elf(ctx *c, const char *json, uint8_t **out, size_t *outlen)
{
    uint32_t name_off = 0;
    if (extend_shstrtab(c, &name_off) < 0)
        return -1;
    size_t n = c->shnum + 1;
    Elf64_Shdr *sh = calloc(n, sizeof *sh);
    if (!sh)
        return rfv_err(c->err, c->errlen, "out of memory");
    uint64_t pos = sizeof(Elf64_Ehdr), size;
    for (size_t i = 1; i < n; i++) { /* pass 1: the headers and offsets */
        if (i == c->shnum)
            sh[i] = (Elf64_Shdr){.sh_name = name_off, .sh_type = SHT_PROGBITS, .sh_addralign = 1};
        else
            sh[i] = (Elf64_Shdr){.sh_name = c->sh[i].sh_name, .sh_type = c->sh[i].sh_type,
                                 .sh_flags = c->sh[i].sh_flags, .sh_addr = c->sh[i].sh_addr,
                                 .sh_link = c->sh[i].sh_link, .sh_info = c->sh[i].sh_info,
                                 .sh_addralign = c->sh[i].sh_addralign, .sh_entsize = c->sh[i].sh_entsize};
        out_bytes(c, i, json, &size);
        pos = align_up(pos, sh[i].sh_addralign);
        sh[i].sh_offset = pos;
        sh[i].sh_size = size;
        if (sh[i].sh_type != SHT_NOBITS)
            pos += size;
    }
    pos = align_up(pos, 8);
    uint8_t *b = calloc(1, pos + n * sizeof *sh);
    if (!b) {
        free(sh);
        return rfv_err(c->err, c->errlen, "out of memory");
    }
    for (size_t i = 1; i < n; i++) /* pass 2: the contents */
        if (sh[i].sh_type != SHT_NOBITS)
            memcpy(b + sh[i].sh_offset, out_bytes(c, i, json, &size), sh[i].sh_size);
    Elf64_Ehdr eh;
    memcpy(&eh, c->file, sizeof eh);
    eh.e_shoff = pos;
    eh.e_shnum = (uint16_t)n;
    memcpy(b, &eh, sizeof eh);
    memcpy(b + pos, sh, n * sizeof *sh);
    *out = b;
    *outlen = pos + n * sizeof *sh;
    free(sh);
    return 0;
}

/* ------------------------------------------------------------------ entry */

static void ctx_free(ctx *c)
{
    for (int i = 0; i < c->nk; i++) {
        free(c->k[i].newpos);
        free(c->k[i].target);
        free(c->k[i].paired);
    }
    free(c->k);
    for (size_t i = 0; c->newdata && i < c->shnum; i++)
        if (c->newdata[i] != c->text_out)
            free(c->newdata[i]);
    free(c->text_out);
    free(c->newdata);
    free(c->newsize);
    free(c->sh);
    if (c->elf)
        elf_end(c->elf);
    free(c->file);
    si_codeobj_free(&c->co);
}

static int rewrite(ctx *c, si_rfv_output *out)
{
    if (si_codeobj_load(&c->co, c->path) < 0)
        return rfv_err(c->err, c->errlen, "%s", c->co.err);
    if (read_input(c) < 0 || open_sections(c) < 0 || find_kernel_code(c) < 0 || check_padding(c) < 0 ||
        analyze_kernels(c) < 0)
        return -1;
    if (!c->side && (build_text(c) < 0 || fix_symbols(c) < 0 || fix_relocs(c) < 0))
        return -1;
    for (int i = 0; i < c->nk; i++) { /* the tables name kernels in JSON strings */
        json_t *t = json_string(c->k[i].sk->name);
        if (!t)
            return rfv_err(c->err, c->errlen, "%s: kernel %d's name is not valid UTF-8", c->path, i);
        json_decref(t);
    }
    char *json = build_json(c);
    if (!json)
        return rfv_err(c->err, c->errlen, "out of memory");
    int rc = write_elf(c, json, &out->elf, &out->elf_len);
    out->json = json;
    if (rc < 0)
        return -1;
    out->nkernels = c->nk;
    out->kernels = calloc((size_t)c->nk, sizeof *out->kernels);
    if (!out->kernels)
        return rfv_err(c->err, c->errlen, "out of memory");
    for (int i = 0; i < c->nk; i++) {
        out->kernels[i] = c->k[i].a; /* ownership moves to out */
        memset(&c->k[i].a, 0, sizeof c->k[i].a);
        out->text_in += c->k[i].size;
        out->text_out += c->side ? c->k[i].size : c->k[i].new_size;
    }
    return 0;
}

int si_rfv_rewrite(const char *path, const si_rfv_opts *o, int side, si_rfv_output *out, char *err, size_t errlen)
{
    si_rfv_opts dflt;
    if (!o) {
        si_rfv_opts_default(&dflt);
        o = &dflt;
    }
    memset(out, 0, sizeof *out);
    ctx c = {.path = path, .o = o, .side = side, .err = err, .errlen = errlen};
    int rc = rewrite(&c, out);
    for (int i = 0; i < c.nk; i++)
        si_rfv_kernel_free(&c.k[i].a);
    ctx_free(&c);
    if (rc < 0)
        si_rfv_output_free(out);
    return rc;
}

void si_rfv_output_free(si_rfv_output *out)
{
    if (!out)
        return;
    free(out->elf);
    free(out->json);
    for (int i = 0; i < out->nkernels; i++)
        si_rfv_kernel_free(&out->kernels[i]);
    free(out->kernels);
    memset(out, 0, sizeof *out);
}
