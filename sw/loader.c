/* sicu: amdhsa code object loader (gfx600) and raw instruction streams.
 *
 * Accepts the ELF64 objects produced for `-target amdgcn-amd-amdhsa
 * -mcpu=tahiti`: relocatable objects (clang -c, llvm-mc -filetype=obj) and
 * linked shared objects (ld.lld -shared).  The loadable contents are laid
 * out as one flat image:
 *   - relocatable: every SHF_ALLOC section (except notes) in section order,
 *     each at its own alignment; relocations against them are applied;
 *   - linked: the PT_LOAD segments at their p_vaddr (image offset = vaddr).
 * Kernels are found through their `NAME.kd` symbols (64-byte kernel
 * descriptors); argument layouts come from the NT_AMDGPU_METADATA note
 * (MessagePack, code object v3/v4/v5).
 *
 * The whole file is read into memory and every offset/size taken from it is
 * range-checked before use, so truncated or garbage input produces an error
 * naming the file and the offending offset instead of a crash.
 */
#include "sicu/emu.h"
#include "msgpack.h"

#include <errno.h>
#include <gelf.h>
#include <libelf.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#define ELFOSABI_AMDGPU_HSA_ 64
#define EF_AMDGPU_MACH_MASK 0xffu
#define EF_AMDGPU_MACH_GFX600 0x20u
#define NT_AMDGPU_METADATA_ 32
#define SI_KD_SIZE 64
#define SI_MAX_IMAGE (256u << 20) /* refuse absurd images (garbage headers) */
/* The image may be larger than the file only by this much: zero-filled
 * (SHT_NOBITS) sections, p_memsz beyond p_filesz, alignment and segment gaps.
 * A small file claiming a huge .bss must not make the loader, the launcher
 * and the decode cache allocate gigabytes. */
#define SI_MAX_ZERO_FILL (16u << 20)
#define SI_MAX_KERNARG (1u << 20)   /* .kernarg_segment_size */

/* AMDGPU relocation types (AMDGPUUsage "AMDGPU ELF Relocation Records"). */
enum {
    R_AMDGPU_NONE_ = 0, R_AMDGPU_ABS32_LO_ = 1, R_AMDGPU_ABS32_HI_ = 2, R_AMDGPU_ABS64_ = 3,
    R_AMDGPU_REL32_ = 4, R_AMDGPU_REL64_ = 5, R_AMDGPU_ABS32_ = 6, R_AMDGPU_GOTPCREL_ = 7,
    R_AMDGPU_GOTPCREL32_LO_ = 8, R_AMDGPU_GOTPCREL32_HI_ = 9, R_AMDGPU_REL32_LO_ = 10,
    R_AMDGPU_REL32_HI_ = 11, R_AMDGPU_RELATIVE64_ = 13, R_AMDGPU_REL16_ = 14
};

static int co_fail(si_codeobj *co, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static int co_fail(si_codeobj *co, const char *fmt, ...)
{
    int n = snprintf(co->err, sizeof co->err, "%s: ", co->path[0] ? co->path : "<code object>");
    if (n < 0 || (size_t)n >= sizeof co->err)
        n = 0;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(co->err + n, sizeof co->err - n, fmt, ap);
    va_end(ap);
    return -1;
}

/* Names of the e_flags machine values seen in the wild (checked with llvm-mc). */
static const char *mach_name(unsigned m)
{
    static const struct { unsigned v; const char *n; } t[] = {
        {0x20, "gfx600"}, {0x21, "gfx601"}, {0x3a, "gfx602"}, {0x22, "gfx700"}, {0x23, "gfx701"},
        {0x24, "gfx702"}, {0x25, "gfx703"}, {0x26, "gfx704"}, {0x3b, "gfx705"}, {0x28, "gfx801"},
        {0x29, "gfx802"}, {0x2a, "gfx803"}, {0x3c, "gfx805"}, {0x2b, "gfx810"}, {0x2c, "gfx900"},
        {0x2d, "gfx902"}, {0x2e, "gfx904"}, {0x2f, "gfx906"}, {0x30, "gfx908"}, {0x31, "gfx909"},
        {0x3f, "gfx90a"}, {0x32, "gfx90c"}, {0x33, "gfx1010"}, {0x34, "gfx1011"}, {0x35, "gfx1012"},
        {0x42, "gfx1013"}, {0x36, "gfx1030"}, {0x37, "gfx1031"}, {0x38, "gfx1032"},
        {0x39, "gfx1033"}, {0x3e, "gfx1034"}, {0x3d, "gfx1035"},
    };
    for (size_t i = 0; i < sizeof t / sizeof t[0]; i++)
        if (t[i].v == m)
            return t[i].n;
    return NULL;
}

static int read_file(si_codeobj *co, const char *path, uint8_t **out, size_t *outlen)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return co_fail(co, "cannot open: %s", strerror(errno));
    uint8_t *buf = NULL;
    size_t len = 0, cap = 0;
    for (;;) {
        if (len == cap) {
            cap = cap ? cap * 2 : 65536;
            if (cap > SI_MAX_IMAGE * 2ull) {
                free(buf);
                fclose(f);
                return co_fail(co, "file is larger than %u MiB", (SI_MAX_IMAGE * 2u) >> 20);
            }
            uint8_t *nb = realloc(buf, cap);
            if (!nb) { free(buf); fclose(f); return co_fail(co, "out of memory"); }
            buf = nb;
        }
        size_t n = fread(buf + len, 1, cap - len, f);
        len += n;
        if (n == 0)
            break;
    }
    int bad = ferror(f);
    fclose(f);
    if (bad) {
        free(buf);
        return co_fail(co, "read error");
    }
    *out = buf;
    *outlen = len;
    return 0;
}

/* ------------------------------------------------------------------ */

typedef struct {
    si_codeobj *co;
    const uint8_t *file;
    size_t flen;
    Elf *elf;
    GElf_Ehdr eh;
    size_t shnum, shstrndx;
    int relocatable;
    uint64_t *sec_base;     /* image offset of each section (UINT64_MAX: not loaded) */
    /* symbol table */
    Elf_Data *symdata;
    size_t nsyms, symstr;
    size_t symtab_idx;
    /* metadata */
    const uint8_t *meta;
    size_t meta_len, meta_off;
} ld_ctx;

static const char *sec_name(ld_ctx *c, size_t idx)
{
    Elf_Scn *s = elf_getscn(c->elf, idx);
    GElf_Shdr sh;
    if (!s || !gelf_getshdr(s, &sh))
        return "?";
    const char *n = elf_strptr(c->elf, c->shstrndx, sh.sh_name);
    return n ? n : "?";
}

/* Validate that every section's file range lies within the file. */
static int check_sections(ld_ctx *c)
{
    for (size_t i = 1; i < c->shnum; i++) {
        Elf_Scn *s = elf_getscn(c->elf, i);
        GElf_Shdr sh;
        if (!s || !gelf_getshdr(s, &sh))
            return co_fail(c->co, "bad section header %zu (at file offset 0x%llx): %s", i,
                           (unsigned long long)(c->eh.e_shoff + i * c->eh.e_shentsize), elf_errmsg(-1));
        if (sh.sh_type == SHT_NOBITS || sh.sh_type == SHT_NULL)
            continue;
        if (sh.sh_offset > c->flen || sh.sh_size > c->flen - sh.sh_offset)
            return co_fail(c->co,
                           "section %zu (%s) at file offset 0x%llx size 0x%llx extends past the end "
                           "of the file (0x%zx bytes): truncated?",
                           i, sec_name(c, i), (unsigned long long)sh.sh_offset,
                           (unsigned long long)sh.sh_size, c->flen);
    }
    return 0;
}

static int get_sym(ld_ctx *c, size_t idx, GElf_Sym *sym)
{
    if (!c->symdata || idx >= c->nsyms || !gelf_getsym(c->symdata, (int)idx, sym))
        return co_fail(c->co, "bad symbol index %zu", idx);
    return 0;
}

static const char *sym_name(ld_ctx *c, const GElf_Sym *sym)
{
    const char *n = elf_strptr(c->elf, c->symstr, sym->st_name);
    return n ? n : "";
}

/* Image offset of a defined symbol; <0 on error (undefined, bad section). */
static int sym_addr(ld_ctx *c, const GElf_Sym *sym, uint64_t *addr)
{
    if (!c->relocatable) {
        *addr = sym->st_value;
        return 0;
    }
    if (sym->st_shndx == SHN_ABS) {
        *addr = sym->st_value;
        return 0;
    }
    if (sym->st_shndx == SHN_UNDEF || sym->st_shndx >= c->shnum || c->sec_base[sym->st_shndx] == UINT64_MAX)
        return -1;
    *addr = c->sec_base[sym->st_shndx] + sym->st_value;
    return 0;
}

static int load_symtab(ld_ctx *c)
{
    for (size_t i = 1; i < c->shnum; i++) {
        Elf_Scn *s = elf_getscn(c->elf, i);
        GElf_Shdr sh;
        gelf_getshdr(s, &sh);
        if (sh.sh_type != SHT_SYMTAB)
            continue;
        if (sh.sh_entsize != sizeof(Elf64_Sym))
            return co_fail(c->co, "symbol table (section %zu) has entry size %llu", i,
                           (unsigned long long)sh.sh_entsize);
        if (sh.sh_link == 0 || sh.sh_link >= c->shnum)
            return co_fail(c->co, "symbol table (section %zu) has a bad string table link %u", i, sh.sh_link);
        c->symdata = elf_getdata(s, NULL);
        if (!c->symdata)
            return co_fail(c->co, "cannot read the symbol table at file offset 0x%llx: %s",
                           (unsigned long long)sh.sh_offset, elf_errmsg(-1));
        c->nsyms = sh.sh_size / sh.sh_entsize;
        c->symstr = sh.sh_link;
        c->symtab_idx = i;
        return 0;
    }
    return co_fail(c->co, "no symbol table: cannot find the kernels (NAME.kd symbols)");
}

/* Relocatable object: lay out the SHF_ALLOC sections. */
static int layout_sections(ld_ctx *c)
{
    si_codeobj *co = c->co;
    uint64_t size = 0;
    c->sec_base = malloc(c->shnum * sizeof(uint64_t));
    if (!c->sec_base)
        return co_fail(co, "out of memory");
    for (size_t i = 0; i < c->shnum; i++)
        c->sec_base[i] = UINT64_MAX;
    /* pass 1: assign offsets */
    for (size_t i = 1; i < c->shnum; i++) {
        GElf_Shdr sh;
        gelf_getshdr(elf_getscn(c->elf, i), &sh);
        if (!(sh.sh_flags & SHF_ALLOC) || sh.sh_type == SHT_NOTE ||
            (sh.sh_type != SHT_PROGBITS && sh.sh_type != SHT_NOBITS))
            continue;
        uint64_t al = sh.sh_addralign ? sh.sh_addralign : 1;
        if (al & (al - 1) || al > 65536)
            return co_fail(co, "section %zu (%s) has a bad alignment %llu", i, sec_name(c, i),
                           (unsigned long long)al);
        if (al < 4)
            al = 4;
        size = (size + al - 1) & ~(al - 1);
        if (sh.sh_size > SI_MAX_IMAGE || size + sh.sh_size > SI_MAX_IMAGE)
            return co_fail(co, "section %zu (%s) makes the image larger than %u MiB", i, sec_name(c, i),
                           SI_MAX_IMAGE >> 20);
        c->sec_base[i] = size;
        size += sh.sh_size;
    }
    if (size == 0)
        return co_fail(co, "no loadable sections (.text) in the object");
    if (size > c->flen + SI_MAX_ZERO_FILL)
        return co_fail(co, "the loadable sections need a %llu-byte image, more than the file's %zu bytes + %u MiB of "
                           "zero fill (a huge SHT_NOBITS section?)",
                       (unsigned long long)size, c->flen, SI_MAX_ZERO_FILL >> 20);
    co->image_size = (size + 3) & ~3ull;
    co->image = calloc(1, co->image_size);
    if (!co->image)
        return co_fail(co, "out of memory");
    /* pass 2: copy contents, find the instruction range */
    co->text_begin = UINT64_MAX;
    co->text_end = 0;
    for (size_t i = 1; i < c->shnum; i++) {
        if (c->sec_base[i] == UINT64_MAX)
            continue;
        GElf_Shdr sh;
        gelf_getshdr(elf_getscn(c->elf, i), &sh);
        if (sh.sh_type == SHT_PROGBITS)
            memcpy(co->image + c->sec_base[i], c->file + sh.sh_offset, sh.sh_size);
        if (sh.sh_flags & SHF_EXECINSTR) {
            if (c->sec_base[i] < co->text_begin) co->text_begin = c->sec_base[i];
            if (c->sec_base[i] + sh.sh_size > co->text_end) co->text_end = c->sec_base[i] + sh.sh_size;
        }
    }
    return 0;
}

static const char *rel_name(unsigned t)
{
    static const char *n[] = {"R_AMDGPU_NONE", "R_AMDGPU_ABS32_LO", "R_AMDGPU_ABS32_HI", "R_AMDGPU_ABS64",
                              "R_AMDGPU_REL32", "R_AMDGPU_REL64", "R_AMDGPU_ABS32", "R_AMDGPU_GOTPCREL",
                              "R_AMDGPU_GOTPCREL32_LO", "R_AMDGPU_GOTPCREL32_HI", "R_AMDGPU_REL32_LO",
                              "R_AMDGPU_REL32_HI", "reserved-12", "R_AMDGPU_RELATIVE64", "R_AMDGPU_REL16"};
    return t < sizeof n / sizeof n[0] ? n[t] : "unknown";
}

static void put32(uint8_t *p, uint32_t v) { for (int i = 0; i < 4; i++) p[i] = (uint8_t)(v >> (8 * i)); }
static void put64(uint8_t *p, uint64_t v) { for (int i = 0; i < 8; i++) p[i] = (uint8_t)(v >> (8 * i)); }
static uint32_t get32(const uint8_t *p) { return p[0] | p[1] << 8 | p[2] << 16 | (uint32_t)p[3] << 24; }
static uint64_t get64(const uint8_t *p) { return get32(p) | (uint64_t)get32(p + 4) << 32; }

/* Apply the relocations of a relocatable object.  Only position-independent
 * ones can be resolved here (the image's device address is chosen later by
 * the launcher); absolute relocations are reported as unsupported. */
static int apply_relocs(ld_ctx *c)
{
    si_codeobj *co = c->co;
    for (size_t i = 1; i < c->shnum; i++) {
        Elf_Scn *s = elf_getscn(c->elf, i);
        GElf_Shdr sh;
        gelf_getshdr(s, &sh);
        if (sh.sh_type == SHT_REL)
            return co_fail(co, "section %zu (%s): REL relocations are not used by AMDGPU (expected RELA)", i,
                           sec_name(c, i));
        if (sh.sh_type != SHT_RELA)
            continue;
        size_t tgt = sh.sh_info;
        if (tgt == 0 || tgt >= c->shnum)
            return co_fail(co, "relocation section %zu (%s) targets bad section %zu", i, sec_name(c, i), tgt);
        if (c->sec_base[tgt] == UINT64_MAX)
            continue; /* relocations for debug info etc. */
        if (sh.sh_link != c->symtab_idx)
            return co_fail(co, "relocation section %zu (%s) does not use the symbol table", i, sec_name(c, i));
        if (sh.sh_entsize != sizeof(Elf64_Rela))
            return co_fail(co, "relocation section %zu (%s) has entry size %llu", i, sec_name(c, i),
                           (unsigned long long)sh.sh_entsize);
        GElf_Shdr tsh;
        gelf_getshdr(elf_getscn(c->elf, tgt), &tsh);
        Elf_Data *d = elf_getdata(s, NULL);
        if (!d)
            return co_fail(co, "cannot read relocation section %zu: %s", i, elf_errmsg(-1));
        size_t n = sh.sh_size / sh.sh_entsize;
        for (size_t k = 0; k < n; k++) {
            GElf_Rela r;
            if (!gelf_getrela(d, (int)k, &r))
                return co_fail(co, "bad relocation %zu in section %zu", k, i);
            unsigned type = GELF_R_TYPE(r.r_info);
            size_t symi = GELF_R_SYM(r.r_info);
            uint64_t where = r.r_offset;
            unsigned width = (type == R_AMDGPU_ABS64_ || type == R_AMDGPU_REL64_) ? 8 : type == R_AMDGPU_REL16_ ? 2 : 4;
            if (type == R_AMDGPU_NONE_)
                continue;
            if (where > tsh.sh_size || width > tsh.sh_size - where)
                return co_fail(co, "relocation %zu of %s: offset 0x%llx outside the section", k, sec_name(c, i),
                               (unsigned long long)where);
            GElf_Sym sym;
            if (get_sym(c, symi, &sym) < 0)
                return -1;
            uint64_t S;
            if (sym_addr(c, &sym, &S) < 0) {
                const char *nm = sym_name(c, &sym);
                return co_fail(co,
                               "undefined symbol '%s' referenced at %s+0x%llx (%s): the code object needs a "
                               "function it does not contain; compile OpenCL with `sicu cc`, which links "
                               "libclc's built-ins",
                               nm, sec_name(c, tgt), (unsigned long long)where, rel_name(type));
            }
            uint64_t P = c->sec_base[tgt] + where;
            uint64_t v = S + (uint64_t)r.r_addend - P;
            uint8_t *p = co->image + P;
            if (tsh.sh_type == SHT_NOBITS)
                return co_fail(co, "relocation against .bss-like section %s", sec_name(c, tgt));
            switch (type) {
            case R_AMDGPU_REL32_:
            case R_AMDGPU_REL32_LO_: put32(p, (uint32_t)v); break;
            case R_AMDGPU_REL32_HI_: put32(p, (uint32_t)(v >> 32)); break;
            case R_AMDGPU_REL64_: put64(p, v); break;
            case R_AMDGPU_REL16_: {
                /* branch offset in dwords relative to the end of the instruction */
                int64_t dw = ((int64_t)v - 4) / 4;
                p[0] = (uint8_t)dw;
                p[1] = (uint8_t)(dw >> 8);
                break;
            }
            default:
                return co_fail(co,
                               "relocation %s against '%s' at %s+0x%llx needs the load address: not supported "
                               "(link with ld.lld -shared or avoid absolute addresses)",
                               rel_name(type), sym_name(c, &sym), sec_name(c, tgt), (unsigned long long)where);
            }
        }
    }
    return 0;
}

/* Linked object: image = PT_LOAD segments at their virtual addresses. */
static int layout_segments(ld_ctx *c)
{
    si_codeobj *co = c->co;
    size_t phnum;
    if (elf_getphdrnum(c->elf, &phnum) != 0 || phnum == 0)
        return co_fail(co, "linked object without program headers");
    uint64_t size = 0;
    for (size_t i = 0; i < phnum; i++) {
        GElf_Phdr ph;
        if (!gelf_getphdr(c->elf, (int)i, &ph))
            return co_fail(co, "bad program header %zu: %s", i, elf_errmsg(-1));
        if (ph.p_type != PT_LOAD)
            continue;
        if (ph.p_filesz > ph.p_memsz || ph.p_offset > c->flen || ph.p_filesz > c->flen - ph.p_offset)
            return co_fail(co, "PT_LOAD segment %zu (file offset 0x%llx, size 0x%llx) extends past the end of "
                               "the file (0x%zx bytes): truncated?",
                           i, (unsigned long long)ph.p_offset, (unsigned long long)ph.p_filesz, c->flen);
        if (ph.p_vaddr > SI_MAX_IMAGE || ph.p_memsz > SI_MAX_IMAGE - ph.p_vaddr)
            return co_fail(co, "PT_LOAD segment %zu at vaddr 0x%llx size 0x%llx is too large", i,
                           (unsigned long long)ph.p_vaddr, (unsigned long long)ph.p_memsz);
        if (ph.p_vaddr + ph.p_memsz > size)
            size = ph.p_vaddr + ph.p_memsz;
    }
    if (size == 0)
        return co_fail(co, "no PT_LOAD segments");
    if (size > c->flen + SI_MAX_ZERO_FILL)
        return co_fail(co, "the PT_LOAD segments need a %llu-byte image, more than the file's %zu bytes + %u MiB of "
                           "zero fill (a huge p_memsz or vaddr gap?)",
                       (unsigned long long)size, c->flen, SI_MAX_ZERO_FILL >> 20);
    co->image_size = (size + 3) & ~3ull;
    co->image = calloc(1, co->image_size);
    if (!co->image)
        return co_fail(co, "out of memory");
    for (size_t i = 0; i < phnum; i++) {
        GElf_Phdr ph;
        gelf_getphdr(c->elf, (int)i, &ph);
        if (ph.p_type == PT_LOAD)
            memcpy(co->image + ph.p_vaddr, c->file + ph.p_offset, ph.p_filesz);
    }
    /* instruction range: executable sections (or executable segments) */
    co->text_begin = UINT64_MAX;
    co->text_end = 0;
    for (size_t i = 1; i < c->shnum; i++) {
        GElf_Shdr sh;
        gelf_getshdr(elf_getscn(c->elf, i), &sh);
        if ((sh.sh_flags & SHF_ALLOC) && (sh.sh_flags & SHF_EXECINSTR) && sh.sh_addr + sh.sh_size <= size) {
            if (sh.sh_addr < co->text_begin) co->text_begin = sh.sh_addr;
            if (sh.sh_addr + sh.sh_size > co->text_end) co->text_end = sh.sh_addr + sh.sh_size;
        }
    }
    if (co->text_begin == UINT64_MAX) {
        for (size_t i = 0; i < phnum; i++) {
            GElf_Phdr ph;
            gelf_getphdr(c->elf, (int)i, &ph);
            if (ph.p_type == PT_LOAD && (ph.p_flags & PF_X)) {
                if (ph.p_vaddr < co->text_begin) co->text_begin = ph.p_vaddr;
                if (ph.p_vaddr + ph.p_memsz > co->text_end) co->text_end = ph.p_vaddr + ph.p_memsz;
            }
        }
    }
    /* dynamic relocations would need the device load address */
    for (size_t i = 1; i < c->shnum; i++) {
        GElf_Shdr sh;
        gelf_getshdr(elf_getscn(c->elf, i), &sh);
        if ((sh.sh_type == SHT_RELA || sh.sh_type == SHT_REL) && sh.sh_size > 0 && (sh.sh_flags & SHF_ALLOC))
            return co_fail(co, "section %s holds dynamic relocations (need the load address): not supported",
                           sec_name(c, i));
    }
    return 0;
}

/* Find the NT_AMDGPU_METADATA note in the SHT_NOTE sections. */
static int find_metadata(ld_ctx *c)
{
    for (size_t i = 1; i < c->shnum; i++) {
        GElf_Shdr sh;
        gelf_getshdr(elf_getscn(c->elf, i), &sh);
        if (sh.sh_type != SHT_NOTE)
            continue;
        const uint8_t *p = c->file + sh.sh_offset;
        uint64_t off = 0, end = sh.sh_size;
        while (end - off >= 12) {
            uint32_t namesz = get32(p + off), descsz = get32(p + off + 4), type = get32(p + off + 8);
            uint64_t name_al = ((uint64_t)namesz + 3) & ~3ull, desc_al = ((uint64_t)descsz + 3) & ~3ull;
            uint64_t noff = off + 12;
            if (name_al > end - noff || descsz > end - noff - name_al)
                return co_fail(c->co, "malformed note at file offset 0x%llx (name %u bytes, desc %u bytes) "
                                      "overruns section %s",
                               (unsigned long long)(sh.sh_offset + off), namesz, descsz, sec_name(c, i));
            if (type == NT_AMDGPU_METADATA_ && namesz == 7 && memcmp(p + noff, "AMDGPU", 7) == 0) {
                c->meta = p + noff + name_al;
                c->meta_len = descsz;
                c->meta_off = sh.sh_offset + noff + name_al;
                return 0;
            }
            if (type == 10 && namesz == 4 && memcmp(p + noff, "AMD", 4) == 0)
                return co_fail(c->co, "code object v2 (YAML metadata) is not supported; use code object v4/v5");
            off = noff + name_al + (desc_al < end - noff - name_al ? desc_al : end - noff - name_al);
        }
    }
    return 0;
}

static int arg_kind(const char *vk)
{
    if (!strcmp(vk, "global_buffer")) return SI_ARG_GLOBAL_BUFFER;
    if (!strcmp(vk, "by_value")) return SI_ARG_BY_VALUE;
    if (!strcmp(vk, "dynamic_shared_pointer")) return SI_ARG_DYN_LOCAL;
    if (!strncmp(vk, "hidden_", 7)) return SI_ARG_HIDDEN;
    return SI_ARG_OTHER;
}

static int meta_u32(ld_ctx *c, const mp_node *m, const char *key, uint32_t *out, const char *kname, int required)
{
    const mp_node *n = mp_map_get(m, key);
    int64_t v;
    if (!n) {
        if (required)
            return co_fail(c->co, "metadata (note at file offset 0x%zx): kernel '%s' lacks %s", c->meta_off, kname, key);
        return 0;
    }
    if (mp_get_i64(n, &v) < 0 || v < 0 || v > UINT32_MAX)
        return co_fail(c->co, "metadata (note at file offset 0x%zx): kernel '%s': %s is not a 32-bit unsigned integer",
                       c->meta_off, kname, key);
    *out = (uint32_t)v;
    return 0;
}

/* .reqd_workgroup_size: an array of three positive 32-bit integers. */
static int parse_reqd_wg(ld_ctx *c, const mp_node *km, si_kernel *k)
{
    const mp_node *r = mp_map_get(km, ".reqd_workgroup_size");
    if (!r)
        return 0;
    if (r->type != MP_ARRAY || r->len != 3)
        return co_fail(c->co, "metadata (note at file offset 0x%zx): kernel '%s': .reqd_workgroup_size is not an "
                              "array of 3 integers", c->meta_off, k->name);
    for (int i = 0; i < 3; i++) {
        int64_t v;
        if (mp_get_i64(&r->v.items[i], &v) < 0 || v < 1 || v > UINT32_MAX)
            return co_fail(c->co, "metadata (note at file offset 0x%zx): kernel '%s': .reqd_workgroup_size[%d] is not "
                                  "a positive 32-bit integer", c->meta_off, k->name, i);
        k->reqd_wg[i] = (uint32_t)v;
    }
    return 0;
}

static int parse_kernel_meta(ld_ctx *c, const mp_node *km)
{
    si_codeobj *co = c->co;
    char name[128] = "", sym[160] = "";
    if (km->type != MP_MAP)
        return co_fail(co, "metadata (note at file offset 0x%zx): amdhsa.kernels entry is not a map", c->meta_off);
    mp_get_str(mp_map_get(km, ".name"), name, sizeof name);
    mp_get_str(mp_map_get(km, ".symbol"), sym, sizeof sym);
    si_kernel *k = NULL;
    for (int i = 0; i < co->nkernels; i++) {
        char kd[160];
        snprintf(kd, sizeof kd, "%s.kd", co->kernels[i].name);
        if ((sym[0] && !strcmp(sym, kd)) || (!sym[0] && !strcmp(name, co->kernels[i].name)))
            k = &co->kernels[i];
    }
    if (!k)
        return 0; /* metadata for a kernel without a descriptor: ignore */
    if (k->has_metadata)
        return co_fail(co, "metadata (note at file offset 0x%zx): kernel '%s' is described twice in amdhsa.kernels",
                       c->meta_off, k->name);
    uint32_t v;
    if (meta_u32(c, km, ".kernarg_segment_size", &k->kernarg_size, k->name, 1) < 0) return -1;
    if (k->kernarg_size > SI_MAX_KERNARG)
        return co_fail(co, "metadata (note at file offset 0x%zx): kernel '%s': .kernarg_segment_size %u exceeds %u bytes",
                       c->meta_off, k->name, k->kernarg_size, SI_MAX_KERNARG);
    v = 4;
    if (meta_u32(c, km, ".kernarg_segment_align", &v, k->name, 0) < 0) return -1;
    k->kernarg_align = v;
    v = 0;
    if (meta_u32(c, km, ".sgpr_count", &v, k->name, 0) < 0) return -1;
    k->sgpr_count = (int)v;
    v = 0;
    if (meta_u32(c, km, ".vgpr_count", &v, k->name, 0) < 0) return -1;
    k->vgpr_count = (int)v;
    if (meta_u32(c, km, ".max_flat_workgroup_size", &k->max_flat_wg, k->name, 0) < 0) return -1;
    if (parse_reqd_wg(c, km, k) < 0) return -1;

    const mp_node *args = mp_map_get(km, ".args");
    if (args && args->type != MP_ARRAY)
        return co_fail(co, "metadata (note at file offset 0x%zx): kernel '%s': .args is not an array", c->meta_off, k->name);
    int n = args ? (int)args->len : 0;
    k->args = n ? calloc(n, sizeof(si_kernarg_desc)) : NULL;
    if (n && !k->args)
        return co_fail(co, "out of memory");
    k->nargs = n;
    for (int i = 0; i < n; i++) {
        const mp_node *a = &args->v.items[i];
        si_kernarg_desc *d = &k->args[i];
        if (a->type != MP_MAP)
            return co_fail(co, "metadata: kernel '%s': .args[%d] is not a map", k->name, i);
        char where[200];
        snprintf(where, sizeof where, "%s .args[%d]", k->name, i);
        if (meta_u32(c, a, ".offset", &d->offset, where, 1) < 0) return -1;
        if (meta_u32(c, a, ".size", &d->size, where, 1) < 0) return -1;
        if (mp_get_str(mp_map_get(a, ".value_kind"), d->value_kind, sizeof d->value_kind) < 0)
            return co_fail(co, "metadata (note at file offset 0x%zx): kernel '%s': .args[%d] lacks .value_kind",
                           c->meta_off, k->name, i);
        mp_get_str(mp_map_get(a, ".name"), d->name, sizeof d->name);
        mp_get_str(mp_map_get(a, ".type_name"), d->type_name, sizeof d->type_name);
        mp_get_str(mp_map_get(a, ".address_space"), d->address_space, sizeof d->address_space);
        const mp_node *ic = mp_map_get(a, ".is_const");
        d->is_const = ic && ic->type == MP_BOOL && ic->v.b;
        d->kind = arg_kind(d->value_kind);
        if ((uint64_t)d->offset + d->size > k->kernarg_size)
            return co_fail(co, "metadata: kernel '%s': argument %d (offset %u, size %u) lies outside the "
                               "kernarg segment (%u bytes)",
                           k->name, i, d->offset, d->size, k->kernarg_size);
    }
    k->has_metadata = 1;
    return 0;
}

static int parse_metadata(ld_ctx *c)
{
    if (!c->meta)
        return 0; /* e.g. hand-written assembly without .amdgpu_metadata */
    mp_node *root;
    char err[256];
    if (mp_parse(c->meta, c->meta_len, &root, err, sizeof err) < 0)
        return co_fail(c->co, "NT_AMDGPU_METADATA note at file offset 0x%zx: %s", c->meta_off, err);
    int rc = 0;
    const mp_node *ks = mp_map_get(root, "amdhsa.kernels");
    if (root->type != MP_MAP)
        rc = co_fail(c->co, "NT_AMDGPU_METADATA note at file offset 0x%zx is not a map", c->meta_off);
    else if (ks && ks->type != MP_ARRAY)
        rc = co_fail(c->co, "NT_AMDGPU_METADATA: amdhsa.kernels is not an array");
    for (uint32_t i = 0; rc == 0 && ks && i < ks->len; i++)
        rc = parse_kernel_meta(c, &ks->v.items[i]);
    mp_free(root);
    return rc;
}

static int cmp_kernel_name(const void *x, const void *y, void *arg)
{
    const si_codeobj *co = arg;
    int a = *(const int *)x, b = *(const int *)y;
    int r = strcmp(co->kernels[a].name, co->kernels[b].name);
    return r ? r : (a > b) - (a < b);
}

/* Two kernel descriptors with the same name (NAME.kd defined twice, e.g. a
 * local and a global symbol) make the kernel ambiguous: an error naming both
 * descriptors.  Sorted, so a file with many symbols costs n log n. */
static int check_unique_kernels(si_codeobj *co)
{
    int n = co->nkernels;
    int *ix = malloc((size_t)n * sizeof *ix);
    if (!ix)
        return co_fail(co, "out of memory");
    for (int i = 0; i < n; i++)
        ix[i] = i;
    qsort_r(ix, (size_t)n, sizeof *ix, cmp_kernel_name, co);
    for (int i = 1; i < n; i++) {
        const si_kernel *a = &co->kernels[ix[i - 1]], *b = &co->kernels[ix[i]];
        if (strcmp(a->name, b->name) == 0) {
            free(ix);
            return co_fail(co, "kernel '%s' has two kernel descriptors (symbol '%s.kd' defined twice, at image "
                           "offsets 0x%llx and 0x%llx): the kernel to run is ambiguous", a->name, a->name,
                           (unsigned long long)a->kd_offset, (unsigned long long)b->kd_offset);
        }
    }
    free(ix);
    return 0;
}

static int find_kernels(ld_ctx *c)
{
    si_codeobj *co = c->co;
    int cap = 0;
    for (size_t i = 1; i < c->nsyms; i++) {
        GElf_Sym sym;
        if (get_sym(c, i, &sym) < 0)
            return -1;
        const char *nm = sym_name(c, &sym);
        size_t l = strlen(nm);
        if (l < 4 || strcmp(nm + l - 3, ".kd") != 0 || sym.st_shndx == SHN_UNDEF)
            continue;
        if (l - 3 >= sizeof co->kernels[0].name)
            return co_fail(co, "kernel name '%s' is too long", nm);
        uint64_t kd;
        if (sym_addr(c, &sym, &kd) < 0 || kd > co->image_size || co->image_size - kd < SI_KD_SIZE)
            return co_fail(co, "kernel descriptor '%s' (value 0x%llx) is not inside the loaded image", nm,
                           (unsigned long long)sym.st_value);
        if (co->nkernels == cap) {
            cap = cap ? cap * 2 : 8;
            si_kernel *nk = realloc(co->kernels, cap * sizeof(si_kernel));
            if (!nk)
                return co_fail(co, "out of memory");
            co->kernels = nk;
        }
        si_kernel *k = &co->kernels[co->nkernels++];
        memset(k, 0, sizeof *k);
        memcpy(k->name, nm, l - 3);
        const uint8_t *p = co->image + kd;
        k->group_segment_fixed_size = get32(p + 0);
        k->private_segment_fixed_size = get32(p + 4);
        k->entry_offset = (int64_t)get64(p + 16);
        k->rsrc1 = get32(p + 48);
        k->rsrc2 = get32(p + 52);
        k->code_props = (uint16_t)(p[56] | p[57] << 8);
        k->kd_offset = kd;
        k->kernarg_align = 4;
        /* modulo 2^64 (no signed overflow): a sum outside the image fails the range check */
        uint64_t entry = kd + (uint64_t)k->entry_offset;
        if (entry < co->text_begin || entry >= co->text_end || (entry & 3))
            return co_fail(co,
                           "kernel '%s': entry point (descriptor at image offset 0x%llx + "
                           "kernel_code_entry_byte_offset %lld) is not in the code section [0x%llx, 0x%llx)",
                           k->name, (unsigned long long)kd, (long long)k->entry_offset,
                           (unsigned long long)co->text_begin, (unsigned long long)co->text_end);
        k->code_offset = (uint64_t)entry;
    }
    if (co->nkernels == 0)
        return co_fail(co, "no kernels found (no NAME.kd kernel descriptor symbols)");
    return check_unique_kernels(co);
}

static int load_elf(si_codeobj *co, const uint8_t *file, size_t flen)
{
    ld_ctx c = { .co = co, .file = file, .flen = flen };
    int rc = -1;

    if (flen == 0)
        return co_fail(co, "empty file (expected an amdhsa ELF code object)");
    if (flen < 4 || memcmp(file, ELFMAG, SELFMAG) != 0)
        return co_fail(co, "not an ELF file (bad magic at offset 0: expected 7f 45 4c 46)");
    if (flen < sizeof(Elf64_Ehdr))
        return co_fail(co, "truncated ELF header: file has %zu bytes, the header needs %zu (offset %zu)", flen,
                       sizeof(Elf64_Ehdr), flen);
    if (file[EI_CLASS] != ELFCLASS64)
        return co_fail(co, "not a 64-bit ELF (EI_CLASS %u at offset 4): amdhsa code objects are ELF64", file[EI_CLASS]);
    if (file[EI_DATA] != ELFDATA2LSB)
        return co_fail(co, "not a little-endian ELF (EI_DATA %u at offset 5)", file[EI_DATA]);

    elf_version(EV_CURRENT);
    c.elf = elf_memory((char *)file, flen);
    if (!c.elf || elf_kind(c.elf) != ELF_K_ELF || !gelf_getehdr(c.elf, &c.eh)) {
        co_fail(co, "malformed ELF: %s", elf_errmsg(-1));
        goto out;
    }
    if (c.eh.e_machine != EM_AMDGPU) {
        co_fail(co, "not an AMDGPU code object: e_machine %u at offset 18 (expected EM_AMDGPU 224)", c.eh.e_machine);
        goto out;
    }
    if (file[EI_OSABI] != ELFOSABI_AMDGPU_HSA_) {
        co_fail(co, "not an amdhsa code object: EI_OSABI %u at offset 7 (expected ELFOSABI_AMDGPU_HSA 64; "
                    "compile with -target amdgcn-amd-amdhsa)", file[EI_OSABI]);
        goto out;
    }
    unsigned mach = c.eh.e_flags & EF_AMDGPU_MACH_MASK;
    if (mach != EF_AMDGPU_MACH_GFX600) {
        const char *mn = mach_name(mach);
        char buf[32];
        if (!mn) { snprintf(buf, sizeof buf, "unknown-0x%x", mach); mn = buf; }
        co_fail(co, "wrong architecture: %s (e_flags 0x%x at offset 48); sicu runs gfx600 (tahiti) code only - "
                    "compile with -mcpu=tahiti", mn, c.eh.e_flags);
        goto out;
    }
    if (c.eh.e_type != ET_REL && c.eh.e_type != ET_DYN && c.eh.e_type != ET_EXEC) {
        co_fail(co, "unsupported ELF type %u (expected relocatable or shared object)", c.eh.e_type);
        goto out;
    }
    c.relocatable = c.eh.e_type == ET_REL;
    if (c.eh.e_shoff > flen || (c.eh.e_shnum && (uint64_t)c.eh.e_shnum * c.eh.e_shentsize > flen - c.eh.e_shoff)) {
        co_fail(co, "section header table at offset 0x%llx (%u entries) extends past the end of the file (0x%zx bytes): "
                    "truncated?", (unsigned long long)c.eh.e_shoff, c.eh.e_shnum, flen);
        goto out;
    }
    if (elf_getshdrnum(c.elf, &c.shnum) != 0 || elf_getshdrstrndx(c.elf, &c.shstrndx) != 0) {
        co_fail(co, "malformed section headers (table at offset 0x%llx): %s", (unsigned long long)c.eh.e_shoff,
                elf_errmsg(-1));
        goto out;
    }
    if (c.shnum == 0 || c.shstrndx >= c.shnum) {
        co_fail(co, "no usable section header table (e_shoff 0x%llx, %zu sections)", (unsigned long long)c.eh.e_shoff,
                c.shnum);
        goto out;
    }
    if (check_sections(&c) < 0 || load_symtab(&c) < 0)
        goto out;
    if (c.relocatable) {
        if (layout_sections(&c) < 0 || apply_relocs(&c) < 0)
            goto out;
    } else if (layout_segments(&c) < 0) {
        goto out;
    }
    if (co->text_begin >= co->text_end) {
        co_fail(co, "no executable code section (.text)");
        goto out;
    }
    if (find_kernels(&c) < 0 || find_metadata(&c) < 0 || parse_metadata(&c) < 0)
        goto out;
    rc = 0;
out:
    if (c.elf)
        elf_end(c.elf);
    free(c.sec_base);
    return rc;
}

static void co_reset(si_codeobj *co, const char *path)
{
    memset(co, 0, sizeof *co);
    snprintf(co->path, sizeof co->path, "%s", path ? path : "");
}

int si_codeobj_load(si_codeobj *co, const char *path)
{
    uint8_t *file;
    size_t flen;
    co_reset(co, path);
    if (read_file(co, path, &file, &flen) < 0)
        return -1;
    int rc = load_elf(co, file, flen);
    free(file);
    if (rc < 0) {
        char err[SI_ERRLEN];
        memcpy(err, co->err, sizeof err);
        si_codeobj_free(co);
        memcpy(co->err, err, sizeof err);
    }
    return rc;
}

int si_codeobj_load_raw(si_codeobj *co, const char *path)
{
    uint8_t *file;
    size_t flen;
    co_reset(co, path);
    if (read_file(co, path, &file, &flen) < 0)
        return -1;
    if (flen == 0 || flen % 4) {
        free(file);
        return co_fail(co, "raw instruction stream must be a non-empty multiple of 4 bytes (file has %zu; "
                           "trailing bytes at offset %zu)", flen, flen & ~(size_t)3);
    }
    co->image = file;
    co->image_size = flen;
    co->text_begin = 0;
    co->text_end = flen;
    co->kernels = calloc(1, sizeof(si_kernel));
    if (!co->kernels) {
        si_codeobj_free(co);
        return co_fail(co, "out of memory");
    }
    co->nkernels = 1;
    snprintf(co->kernels[0].name, sizeof co->kernels[0].name, "raw");
    co->kernels[0].kd_offset = UINT64_MAX; /* no descriptor */
    co->kernels[0].kernarg_align = 4;
    return 0;
}

void si_codeobj_free(si_codeobj *co)
{
    if (!co)
        return;
    for (int i = 0; i < co->nkernels; i++)
        free(co->kernels[i].args);
    free(co->kernels);
    free(co->image);
    char path[sizeof co->path];
    memcpy(path, co->path, sizeof path);
    memset(co, 0, sizeof *co);
    memcpy(co->path, path, sizeof path);
}

const si_kernel *si_codeobj_find(const si_codeobj *co, const char *name)
{
    for (int i = 0; co && name && i < co->nkernels; i++)
        if (!strcmp(co->kernels[i].name, name))
            return &co->kernels[i];
    return NULL;
}
