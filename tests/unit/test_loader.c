/* Unit tests: msgpack reader and amdhsa code object loader.
 *
 * The ELF fixtures are built in memory (a minimal relocatable gfx600 object
 * with .text, .rodata holding a kernel descriptor + R_AMDGPU_REL64 for its
 * entry offset, a symbol table and an NT_AMDGPU_METADATA note), so the tests
 * do not need llvm-mc.  Error cases mutate that object. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>
#include <elf.h>

#include "sicu/emu.h"
#include "../../sw/msgpack.h"

/* ------------------------------------------------------------ byte buffer */
typedef struct { uint8_t *p; size_t n, cap; } bb;
static void bb_put(bb *b, const void *d, size_t n)
{
    if (b->n + n > b->cap) {
        b->cap = (b->n + n) * 2 + 64;
        b->p = realloc(b->p, b->cap);
    }
    memcpy(b->p + b->n, d, n);
    b->n += n;
}
static void bb_u8(bb *b, uint8_t v) { bb_put(b, &v, 1); }
static void bb_align(bb *b, size_t a) { while (b->n % a) bb_u8(b, 0); }
/* msgpack writers (just what the metadata needs) */
static void mp_str(bb *b, const char *s)
{
    size_t l = strlen(s);
    if (l < 32) bb_u8(b, (uint8_t)(0xa0 | l));
    else { bb_u8(b, 0xd9); bb_u8(b, (uint8_t)l); }
    bb_put(b, s, l);
}
static void mp_uint(bb *b, unsigned v)
{
    if (v < 128) bb_u8(b, (uint8_t)v);
    else { bb_u8(b, 0xcd); bb_u8(b, (uint8_t)(v >> 8)); bb_u8(b, (uint8_t)v); }
}
static void mp_uint32(bb *b, uint32_t v)
{
    if (v < 65536) { mp_uint(b, v); return; }
    bb_u8(b, 0xce);
    for (int i = 3; i >= 0; i--) bb_u8(b, (uint8_t)(v >> (8 * i)));
}
static void mp_map(bb *b, unsigned n) { bb_u8(b, (uint8_t)(0x80 | n)); }
static void mp_arr(bb *b, unsigned n) { bb_u8(b, (uint8_t)(0x90 | n)); }

static void arg_meta(bb *b, const char *name, const char *type, const char *vk, unsigned off, unsigned size)
{
    mp_map(b, 5);
    mp_str(b, ".name"); mp_str(b, name);
    mp_str(b, ".type_name"); mp_str(b, type);
    mp_str(b, ".value_kind"); mp_str(b, vk);
    mp_str(b, ".offset"); mp_uint(b, off);
    mp_str(b, ".size"); mp_uint(b, size);
}

/* Variants of the metadata for the error cases. */
enum { META_PLAIN, META_LIMITS, META_TWICE, META_HUGE_KERNARG };
static int meta_variant = META_PLAIN;

static void kernel_meta(bb *b, unsigned kernarg_size)
{
    int limits = meta_variant == META_LIMITS;
    mp_map(b, limits ? 9 : 7);
    mp_str(b, ".name"); mp_str(b, "vadd");
    mp_str(b, ".symbol"); mp_str(b, "vadd.kd");
    mp_str(b, ".kernarg_segment_size"); mp_uint32(b, kernarg_size);
    mp_str(b, ".kernarg_segment_align"); mp_uint(b, 8);
    mp_str(b, ".sgpr_count"); mp_uint(b, 14);
    mp_str(b, ".vgpr_count"); mp_uint(b, 4);
    if (limits) {
        mp_str(b, ".max_flat_workgroup_size"); mp_uint(b, 64);
        mp_str(b, ".reqd_workgroup_size"); mp_arr(b, 3); mp_uint(b, 16); mp_uint(b, 4); mp_uint(b, 1);
    }
    mp_str(b, ".args"); mp_arr(b, 3);
    arg_meta(b, "a", "float*", "global_buffer", 0, 8);
    arg_meta(b, "n", "int", "by_value", 8, 4);
    arg_meta(b, "", "", "hidden_global_offset_x", 16, 8);
}

static void metadata(bb *b)
{
    mp_map(b, 2);
    mp_str(b, "amdhsa.version"); mp_arr(b, 2); mp_uint(b, 1); mp_uint(b, 1);
    mp_str(b, "amdhsa.kernels"); mp_arr(b, meta_variant == META_TWICE ? 2 : 1);
    kernel_meta(b, meta_variant == META_HUGE_KERNARG ? 0x7fffffffu : 32);
    if (meta_variant == META_TWICE)
        kernel_meta(b, 32);
}

/* Build the object.  Layout: ehdr | .text (256) | .rodata (64) | note |
 * .rela.rodata | .symtab | .strtab | .shstrtab | section headers. */
static bb build_elf(unsigned mach)
{
    bb f = {0};
    Elf64_Ehdr eh;
    memset(&eh, 0, sizeof eh);
    bb_put(&f, &eh, sizeof eh);
    /* .text: 0x40 words of zero, aligned 256 */
    bb_align(&f, 256);
    size_t text_off = f.n;
    for (int i = 0; i < 64; i++) { uint32_t w = 0x11110000u + i; bb_put(&f, &w, 4); }
    size_t text_size = f.n - text_off;
    /* .rodata: kernel descriptor */
    bb_align(&f, 64);
    size_t ro_off = f.n;
    uint8_t kd[64] = {0};
    kd[0] = 0x10;                /* group_segment_fixed_size = 16 */
    kd[4] = 0x20;                /* private_segment_fixed_size = 32 */
    kd[48] = 0x40; kd[50] = 0xac; /* rsrc1 = 0x00ac0040 */
    kd[52] = 0x8c;               /* rsrc2 */
    kd[56] = 0x09;
    bb_put(&f, kd, 64);
    /* note */
    bb_align(&f, 4);
    size_t note_off = f.n;
    bb desc = {0};
    metadata(&desc);
    uint32_t nh[3] = {7, (uint32_t)desc.n, 32};
    bb_put(&f, nh, 12);
    bb_put(&f, "AMDGPU\0\0", 8);
    bb_put(&f, desc.p, desc.n);
    bb_align(&f, 4);
    size_t note_size = f.n - note_off;
    free(desc.p);
    /* strtab */
    bb str = {0};
    bb_u8(&str, 0);
    size_t nm_vadd = str.n; bb_put(&str, "vadd", 5);
    size_t nm_kd = str.n; bb_put(&str, "vadd.kd", 8);
    /* symtab: null, vadd (FUNC in .text), vadd.kd (OBJECT in .rodata) */
    bb_align(&f, 8);
    size_t sym_off = f.n;
    Elf64_Sym s[3];
    memset(s, 0, sizeof s);
    s[1].st_name = (uint32_t)nm_vadd; s[1].st_info = ELF64_ST_INFO(STB_GLOBAL, STT_FUNC); s[1].st_shndx = 1; s[1].st_size = 16;
    s[2].st_name = (uint32_t)nm_kd; s[2].st_info = ELF64_ST_INFO(STB_GLOBAL, STT_OBJECT); s[2].st_shndx = 2; s[2].st_size = 64;
    bb_put(&f, s, sizeof s);
    /* .rela.rodata: kd+16 = vadd + 16 - P (R_AMDGPU_REL64 = 5) */
    size_t rela_off = f.n;
    Elf64_Rela r = {.r_offset = 16, .r_info = ELF64_R_INFO(1, 5), .r_addend = 16};
    bb_put(&f, &r, sizeof r);
    size_t str_off = f.n;
    bb_put(&f, str.p, str.n);
    free(str.p);
    const char shs[] = "\0.text\0.rodata\0.note\0.symtab\0.strtab\0.shstrtab\0.rela.rodata";
    size_t shs_off = f.n;
    bb_put(&f, shs, sizeof shs);
    bb_align(&f, 8);
    size_t sh_off = f.n;
    Elf64_Shdr sh[9];
    memset(sh, 0, sizeof sh);
    sh[1] = (Elf64_Shdr){.sh_name = 1, .sh_type = SHT_PROGBITS, .sh_flags = SHF_ALLOC | SHF_EXECINSTR,
                         .sh_offset = text_off, .sh_size = text_size, .sh_addralign = 256};
    sh[2] = (Elf64_Shdr){.sh_name = 7, .sh_type = SHT_PROGBITS, .sh_flags = SHF_ALLOC, .sh_offset = ro_off,
                         .sh_size = 64, .sh_addralign = 64};
    sh[3] = (Elf64_Shdr){.sh_name = 15, .sh_type = SHT_NOTE, .sh_flags = SHF_ALLOC, .sh_offset = note_off,
                         .sh_size = note_size, .sh_addralign = 4};
    sh[4] = (Elf64_Shdr){.sh_name = 21, .sh_type = SHT_SYMTAB, .sh_offset = sym_off, .sh_size = sizeof s,
                         .sh_link = 5, .sh_info = 1, .sh_addralign = 8, .sh_entsize = sizeof(Elf64_Sym)};
    sh[5] = (Elf64_Shdr){.sh_name = 29, .sh_type = SHT_STRTAB, .sh_offset = str_off, .sh_size = nm_kd + 8,
                         .sh_addralign = 1};
    sh[6] = (Elf64_Shdr){.sh_name = 37, .sh_type = SHT_STRTAB, .sh_offset = shs_off, .sh_size = sizeof shs,
                         .sh_addralign = 1};
    sh[7] = (Elf64_Shdr){.sh_name = 47, .sh_type = SHT_RELA, .sh_offset = rela_off, .sh_size = sizeof r,
                         .sh_link = 4, .sh_info = 2, .sh_addralign = 8, .sh_entsize = sizeof(Elf64_Rela)};
    bb_put(&f, sh, 8 * sizeof(Elf64_Shdr));
    /* header */
    Elf64_Ehdr *e = (Elf64_Ehdr *)f.p;
    memcpy(e->e_ident, ELFMAG, SELFMAG);
    e->e_ident[EI_CLASS] = ELFCLASS64;
    e->e_ident[EI_DATA] = ELFDATA2LSB;
    e->e_ident[EI_VERSION] = EV_CURRENT;
    e->e_ident[EI_OSABI] = 64;
    e->e_ident[EI_ABIVERSION] = 2;
    e->e_type = ET_REL;
    e->e_machine = 224;
    e->e_version = EV_CURRENT;
    e->e_flags = mach;
    e->e_shoff = sh_off;
    e->e_ehsize = sizeof(Elf64_Ehdr);
    e->e_shentsize = sizeof(Elf64_Shdr);
    e->e_shnum = 8;
    e->e_shstrndx = 6;
    return f;
}

static char tmpdir[256];

static const char *write_tmp(const char *name, const void *d, size_t n)
{
    static char path[512];
    snprintf(path, sizeof path, "%s/%s", tmpdir, name);
    FILE *f = fopen(path, "wb");
    assert_non_null(f);
    if (n)
        assert_int_equal(fwrite(d, 1, n, f), n);
    fclose(f);
    return path;
}

static int setup(void **state)
{
    snprintf(tmpdir, sizeof tmpdir, "/tmp/sicu_test_loader_XXXXXX");
    assert_non_null(mkdtemp(tmpdir));
    return 0;
}
static int teardown(void **state)
{
    char cmd[300];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", tmpdir);
    return system(cmd) == 0 ? 0 : -1;
}

/* ------------------------------------------------------------ msgpack */

static void test_msgpack_basic(void **state)
{
    bb b = {0};
    mp_map(&b, 3);
    mp_str(&b, "a"); mp_uint(&b, 300);
    mp_str(&b, "neg"); bb_u8(&b, 0xd0); bb_u8(&b, 0xfe); /* int8 -2 */
    mp_str(&b, "s"); mp_arr(&b, 2); mp_str(&b, "xy"); bb_u8(&b, 0xc3);
    mp_node *root;
    char err[200];
    assert_int_equal(mp_parse(b.p, b.n, &root, err, sizeof err), 0);
    int64_t v;
    assert_int_equal(mp_get_i64(mp_map_get(root, "a"), &v), 0);
    assert_int_equal(v, 300);
    assert_int_equal(mp_get_i64(mp_map_get(root, "neg"), &v), 0);
    assert_int_equal(v, -2);
    const mp_node *s = mp_map_get(root, "s");
    assert_non_null(s);
    assert_int_equal(s->type, MP_ARRAY);
    assert_true(mp_str_eq(&s->v.items[0], "xy"));
    assert_int_equal(s->v.items[1].type, MP_BOOL);
    assert_null(mp_map_get(root, "missing"));
    mp_free(root);
    /* every truncation is an error with an offset, never a crash */
    for (size_t n = 0; n < b.n; n++) {
        assert_int_equal(mp_parse(b.p, n, &root, err, sizeof err), -1);
        assert_non_null(strstr(err, "offset"));
    }
    free(b.p);
}

static void test_msgpack_bad(void **state)
{
    mp_node *root;
    char err[200];
    const uint8_t invalid[] = {0xc1};
    assert_int_equal(mp_parse(invalid, 1, &root, err, sizeof err), -1);
    assert_non_null(strstr(err, "0xc1"));
    /* array claiming 2^32-1 elements in 5 bytes */
    const uint8_t huge[] = {0xdd, 0xff, 0xff, 0xff, 0xff};
    assert_int_equal(mp_parse(huge, sizeof huge, &root, err, sizeof err), -1);
    /* deep nesting */
    uint8_t deep[200];
    memset(deep, 0x91, sizeof deep);
    assert_int_equal(mp_parse(deep, sizeof deep, &root, err, sizeof err), -1);
    assert_non_null(strstr(err, "nesting"));
}

/* ------------------------------------------------------------ loader */

static void test_load_valid(void **state)
{
    bb f = build_elf(0x20);
    const char *p = write_tmp("ok.o", f.p, f.n);
    si_codeobj co;
    int rc = si_codeobj_load(&co, p);
    if (rc)
        fprintf(stderr, "%s\n", co.err);
    assert_int_equal(rc, 0);
    assert_int_equal(co.nkernels, 1);
    const si_kernel *k = si_codeobj_find(&co, "vadd");
    assert_non_null(k);
    assert_null(si_codeobj_find(&co, "nope"));
    assert_int_equal(co.text_begin, 0);
    assert_int_equal(co.text_end, 256);
    assert_int_equal(k->kd_offset, 256);      /* .rodata follows .text */
    assert_int_equal(k->entry_offset, -256);  /* relocated: vadd - kd */
    assert_int_equal(k->code_offset, 0);
    assert_int_equal(k->group_segment_fixed_size, 16);
    assert_int_equal(k->private_segment_fixed_size, 32);
    assert_int_equal(k->rsrc1, 0x00ac0040);
    assert_int_equal(k->rsrc2, 0x8c);
    assert_int_equal(k->code_props, 9);
    assert_true(k->has_metadata);
    assert_int_equal(k->kernarg_size, 32);
    assert_int_equal(k->kernarg_align, 8);
    assert_int_equal(k->sgpr_count, 14);
    assert_int_equal(k->vgpr_count, 4);
    assert_int_equal(k->nargs, 3);
    assert_string_equal(k->args[0].name, "a");
    assert_string_equal(k->args[0].type_name, "float*");
    assert_int_equal(k->args[0].kind, SI_ARG_GLOBAL_BUFFER);
    assert_int_equal(k->args[1].kind, SI_ARG_BY_VALUE);
    assert_int_equal(k->args[1].offset, 8);
    assert_int_equal(k->args[1].size, 4);
    assert_int_equal(k->args[2].kind, SI_ARG_HIDDEN);
    /* the image holds .text contents */
    uint32_t w;
    memcpy(&w, co.image + 4, 4);
    assert_int_equal(w, 0x11110001u);
    si_codeobj_free(&co);
    free(f.p);
}

static void expect_fail(const char *name, const void *d, size_t n, const char *want)
{
    const char *p = write_tmp(name, d, n);
    si_codeobj co;
    assert_int_equal(si_codeobj_load(&co, p), -1);
    if (want && !strstr(co.err, want)) {
        fprintf(stderr, "expected '%s' in: %s\n", want, co.err);
        fail();
    }
    assert_non_null(strstr(co.err, name)); /* names the file */
    si_codeobj_free(&co);
}

static void test_wrong_arch(void **state)
{
    bb f = build_elf(0x12c); /* gfx900, xnack any */
    expect_fail("gfx900.o", f.p, f.n, "wrong architecture: gfx900");
    free(f.p);
}

static void test_not_elf(void **state)
{
    expect_fail("text.o", "hello world\n", 12, "not an ELF file");
    expect_fail("empty.o", "", 0, "empty");
    si_codeobj co;
    assert_int_equal(si_codeobj_load(&co, "/nonexistent/file.o"), -1);
    assert_non_null(strstr(co.err, "cannot open"));
}

static void test_header_checks(void **state)
{
    bb f = build_elf(0x20);
    uint8_t *c = malloc(f.n);
    memcpy(c, f.p, f.n);
    ((Elf64_Ehdr *)c)->e_machine = 62;
    expect_fail("x86.o", c, f.n, "EM_AMDGPU");
    memcpy(c, f.p, f.n);
    c[EI_OSABI] = 0;
    expect_fail("osabi.o", c, f.n, "amdhsa");
    memcpy(c, f.p, f.n);
    c[EI_CLASS] = ELFCLASS32;
    expect_fail("elf32.o", c, f.n, "64-bit");
    free(c);
    free(f.p);
}

static void test_truncated(void **state)
{
    bb f = build_elf(0x20);
    /* every prefix fails cleanly (run under ASan for the memory-safety part) */
    for (size_t n = 0; n < f.n; n++) {
        char name[32];
        snprintf(name, sizeof name, "trunc%zu.o", n);
        expect_fail(name, f.p, n, NULL);
    }
    expect_fail("trunc100.o", f.p, 100, "truncated");
    free(f.p);
}

static void test_garbage(void **state)
{
    bb f = build_elf(0x20);
    uint8_t *c = malloc(f.n);
    srand(12345);
    int ok = 0;
    for (int it = 0; it < 2000; it++) {
        memcpy(c, f.p, f.n);
        int nflip = 1 + rand() % 6;
        for (int k = 0; k < nflip; k++)
            c[64 + rand() % (f.n - 64)] = (uint8_t)rand(); /* keep the header valid: exercise deeper checks */
        const char *p = write_tmp("garbage.o", c, f.n);
        si_codeobj co;
        if (si_codeobj_load(&co, p) == 0)
            ok++;
        else
            assert_true(co.err[0] != 0);
        si_codeobj_free(&co);
    }
    (void)ok;
    free(c);
    free(f.p);
}

static void test_no_kernels(void **state)
{
    bb f = build_elf(0x20);
    /* rename "vadd.kd" so no descriptor symbol remains */
    uint8_t *s = memmem(f.p, f.n, "vadd.kd", 8);
    assert_non_null(s);
    s[5] = 'x';
    expect_fail("nokd.o", f.p, f.n, "no kernels");
    free(f.p);
}

/* .max_flat_workgroup_size and .reqd_workgroup_size reach the kernel */
static void test_workgroup_metadata(void **state)
{
    meta_variant = META_LIMITS;
    bb f = build_elf(0x20);
    meta_variant = META_PLAIN;
    const char *p = write_tmp("limits.o", f.p, f.n);
    si_codeobj co;
    int rc = si_codeobj_load(&co, p);
    if (rc)
        fprintf(stderr, "%s\n", co.err);
    assert_int_equal(rc, 0);
    const si_kernel *k = si_codeobj_find(&co, "vadd");
    assert_int_equal(k->max_flat_wg, 64);
    assert_int_equal(k->reqd_wg[0], 16);
    assert_int_equal(k->reqd_wg[1], 4);
    assert_int_equal(k->reqd_wg[2], 1);
    si_codeobj_free(&co);
    free(f.p);
    /* without them: 0 (no limit from the metadata) */
    f = build_elf(0x20);
    p = write_tmp("nolimits.o", f.p, f.n);
    assert_int_equal(si_codeobj_load(&co, p), 0);
    assert_int_equal(co.kernels[0].max_flat_wg, 0);
    assert_int_equal(co.kernels[0].reqd_wg[0], 0);
    si_codeobj_free(&co);
    free(f.p);
}

/* A kernel described twice in the metadata is an error (it used to leak the
 * first argument list) */
static void test_duplicate_metadata(void **state)
{
    meta_variant = META_TWICE;
    bb f = build_elf(0x20);
    meta_variant = META_PLAIN;
    expect_fail("twice.o", f.p, f.n, "kernel 'vadd' is described twice in amdhsa.kernels");
    free(f.p);
    meta_variant = META_HUGE_KERNARG;
    f = build_elf(0x20);
    meta_variant = META_PLAIN;
    expect_fail("hugekernarg.o", f.p, f.n, ".kernarg_segment_size 2147483647 exceeds 1048576 bytes");
    free(f.p);
}

/* A small file claiming a huge zero-filled section must not allocate it */
static void test_huge_nobits(void **state)
{
    bb f = build_elf(0x20);
    Elf64_Ehdr *e = (Elf64_Ehdr *)f.p;
    Elf64_Shdr *note = (Elf64_Shdr *)(f.p + e->e_shoff) + 3; /* the note: make it an allocated .bss */
    note->sh_type = SHT_NOBITS;
    note->sh_flags = SHF_ALLOC | SHF_WRITE;
    note->sh_size = 200u << 20;
    expect_fail("bss.o", f.p, f.n, "more than the file's");
    expect_fail("bss.o", f.p, f.n, "MiB of zero fill");
    /* a small one is fine: zero-filled in the image */
    note->sh_size = 4096;
    const char *p = write_tmp("smallbss.o", f.p, f.n);
    si_codeobj co;
    int rc = si_codeobj_load(&co, p);
    if (rc)
        fprintf(stderr, "%s\n", co.err);
    assert_int_equal(rc, 0);
    assert_true(co.image_size >= 256 + 64 + 4096);
    assert_int_equal(co.kernels[0].has_metadata, 0); /* the note is gone */
    si_codeobj_free(&co);
    free(f.p);
}

static void test_raw(void **state)
{
    uint32_t w[3] = {1, 2, 3};
    const char *p = write_tmp("raw.bin", w, sizeof w);
    si_codeobj co;
    assert_int_equal(si_codeobj_load_raw(&co, p), 0);
    assert_int_equal(co.image_size, 12);
    assert_int_equal(co.text_end, 12);
    assert_int_equal(memcmp(co.image, w, 12), 0);
    si_codeobj_free(&co);
    p = write_tmp("raw5.bin", w, 5);
    assert_int_equal(si_codeobj_load_raw(&co, p), -1);
    assert_non_null(strstr(co.err, "multiple of 4"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_msgpack_basic),
        cmocka_unit_test(test_msgpack_bad),
        cmocka_unit_test(test_load_valid),
        cmocka_unit_test(test_wrong_arch),
        cmocka_unit_test(test_not_elf),
        cmocka_unit_test(test_header_checks),
        cmocka_unit_test(test_truncated),
        cmocka_unit_test(test_garbage),
        cmocka_unit_test(test_no_kernels),
        cmocka_unit_test(test_workgroup_metadata),
        cmocka_unit_test(test_duplicate_metadata),
        cmocka_unit_test(test_huge_nobits),
        cmocka_unit_test(test_raw),
    };
    return cmocka_run_group_tests_name("loader", tests, setup, teardown);
}
