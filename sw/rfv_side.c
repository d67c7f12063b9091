/* sicu: register-file virtualization side tables for the emulator
 * (sicu/rfv.h; the format is in docs/rfv.md, "Formats").
 *
 * A side table is the JSON `sicu rfv --side-table FILE` writes; the same
 * text is the .sicu.rfv section of the object it writes.  Either can be
 * loaded.  Every field is checked: a malformed table is an error naming the
 * file and the kernel, never a silently different run.
 */
#include "sicu/rfv.h"
#include "rfv_err.h"

#include <gelf.h>
#include <jansson.h>
#include <libelf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct side_kernel {
    char name[128];
    uint32_t code_bytes, code_hash;
    size_t n;
    si_rfv_event *ev;
} side_kernel;

struct si_rfv_side {
    int nk;
    side_kernel *k;
};


uint32_t si_rfv_hash(const uint8_t *p, size_t n)
{
    uint32_t h = 2166136261u;
    for (size_t i = 0; i < n; i++)
        h = (h ^ p[i]) * 16777619u;
    return h;
}

void si_rfv_side_free(si_rfv_side *s)
{
    if (!s)
        return;
    for (int i = 0; i < s->nk; i++)
        free(s->k[i].ev);
    free(s->k);
    free(s);
}

/* The .sicu.rfv section of an ELF file in memory, or NULL. */
static char *elf_section_text(const uint8_t *file, size_t len)
{
    elf_version(EV_CURRENT);
    Elf *e = elf_memory((char *)file, len);
    size_t shstr, n;
    char *txt = NULL;
    if (!e || elf_getshdrstrndx(e, &shstr) || elf_getshdrnum(e, &n)) {
        if (e)
            elf_end(e);
        return NULL;
    }
    for (size_t i = 1; i < n && !txt; i++) {
        GElf_Shdr sh;
        const char *nm;
        if (!gelf_getshdr(elf_getscn(e, i), &sh) || !(nm = elf_strptr(e, shstr, sh.sh_name)) ||
            strcmp(nm, ".sicu.rfv") || sh.sh_offset > len || sh.sh_size > len - sh.sh_offset)
            continue;
        txt = malloc(sh.sh_size + 1);
        if (txt) {
            memcpy(txt, file + sh.sh_offset, sh.sh_size);
            txt[sh.sh_size] = 0;
        }
    }
    elf_end(e);
    return txt;
}

/* The text of the table in path: the file itself, or its .sicu.rfv section
 * (*no_section set, when not NULL, if path is an ELF object without one). */
static char *read_table_in(const char *path, int *no_section, char *err, size_t len)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return rfv_err(err, len, "%s: cannot open the side table", path), NULL;
    size_t cap = 4096, n = 0;
    uint8_t *b = malloc(cap + 1);
    for (size_t r; b && (r = fread(b + n, 1, cap - n, f)) > 0;) {
        n += r;
        if (n == cap) {
            uint8_t *nb = cap < (256u << 20) ? realloc(b, (cap *= 2) + 1) : NULL;
            if (!nb)
                free(b);
            b = nb;
        }
    }
    fclose(f);
    if (!b)
        return rfv_err(err, len, "%s: out of memory (or larger than 256 MiB)", path), NULL;
    b[n] = 0;
    if (n >= 4 && !memcmp(b, "\177ELF", 4)) {
        char *t = elf_section_text(b, n);
        free(b);
        if (!t && no_section)
            *no_section = 1;
        if (!t)
            rfv_err(err, len, "%s: the object has no .sicu.rfv section (write one with `sicu rfv --side-table`)", path);
        return t;
    }
    return (char *)b;
}

static char *read_table(const char *path, char *err, size_t len) { return read_table_in(path, NULL, err, len); }

static int get_regs(json_t *a, si_vset *s)
{
    size_t i;
    json_t *v;
    memset(s, 0, sizeof *s);
    if (!json_is_array(a))
        return -1;
    json_array_foreach(a, i, v) {
        if (!json_is_integer(v) || json_integer_value(v) < 0 || json_integer_value(v) > 255)
            return -1;
        si_vset_add(s, (unsigned)json_integer_value(v));
    }
    return 0;
}

static int cmp_ev(const void *x, const void *y)
{
    const si_rfv_event *a = x, *b = y;
    if (a->pc != b->pc)
        return a->pc < b->pc ? -1 : 1;
    return (b->before > a->before) - (b->before < a->before); /* before first */
}

/* One kernel entry of the table. */
static int parse_kernel(json_t *jk, side_kernel *k, const char *path, char *err, size_t len)
{
    json_t *nm = json_object_get(jk, "name"), *cb = json_object_get(jk, "code_bytes"),
           *ch = json_object_get(jk, "code_hash"), *rel = json_object_get(jk, "releases");
    if (!json_is_string(nm) || !json_is_integer(cb) || !json_is_integer(ch) || !json_is_array(rel))
        return rfv_err(err, len, "%s: a kernel entry lacks name, code_bytes, code_hash or releases (not a side table? "
                    "write one with `sicu rfv --side-table`)", path);
    snprintf(k->name, sizeof k->name, "%s", json_string_value(nm));
    k->code_bytes = (uint32_t)json_integer_value(cb);
    k->code_hash = (uint32_t)json_integer_value(ch);
    k->n = json_array_size(rel);
    k->ev = calloc(k->n + 1, sizeof *k->ev);
    if (!k->ev)
        return rfv_err(err, len, "out of memory");
    for (size_t i = 0; i < k->n; i++) {
        json_t *e = json_array_get(rel, i), *pc = json_object_get(e, "pc");
        json_t *b = json_object_get(e, "before"), *a = json_object_get(e, "after");
        if (!json_is_integer(pc) || json_integer_value(pc) < 0 || json_integer_value(pc) >= k->code_bytes ||
            (json_integer_value(pc) & 3) || !!b == !!a || get_regs(b ? b : a, &k->ev[i].regs) < 0)
            return rfv_err(err, len, "%s: kernel %s: releases[%zu] is not {\"pc\": offset in the code, \"before\" or "
                        "\"after\": [VGPR numbers 0-255]}", path, k->name, i);
        k->ev[i].pc = (uint32_t)json_integer_value(pc);
        k->ev[i].before = b != NULL;
    }
    qsort(k->ev, k->n, sizeof *k->ev, cmp_ev);
    return 0;
}

si_rfv_side *si_rfv_side_load(const char *path, char *err, size_t len)
{
    char *txt = read_table(path, err, len);
    if (!txt)
        return NULL;
    json_error_t je;
    json_t *root = json_loads(txt, 0, &je);
    free(txt);
    if (!root)
        return rfv_err(err, len, "%s:%d:%d: %s", path, je.line, je.column, je.text), NULL;
    si_rfv_side *s = calloc(1, sizeof *s);
    json_t *fmt = json_object_get(root, "format"), *mode = json_object_get(root, "mode"),
           *ks = json_object_get(root, "kernels");
    int rc = -1;
    if (!s) {
        rfv_err(err, len, "out of memory");
    } else if (!json_is_string(fmt) || strcmp(json_string_value(fmt), "sicu-rfv-1") || !json_is_array(ks)) {
        rfv_err(err, len, "%s: not a sicu rfv table (\"format\": \"sicu-rfv-1\" with \"kernels\")", path);
    } else if (!json_is_string(mode) || strcmp(json_string_value(mode), "side-table")) {
        rfv_err(err, len, "%s: an in-band rfv table (its releases are in the code); a side table has \"mode\": "
             "\"side-table\"", path);
    } else if (!(s->k = calloc(json_array_size(ks) + 1, sizeof *s->k))) {
        rfv_err(err, len, "out of memory");
    } else {
        rc = 0;
        for (size_t i = 0; rc == 0 && i < json_array_size(ks); i++, s->nk++)
            rc = parse_kernel(json_array_get(ks, i), &s->k[i], path, err, len);
    }
    json_decref(root);
    if (rc < 0) {
        si_rfv_side_free(s);
        return NULL;
    }
    return s;
}

int si_rfv_side_kernel(const si_rfv_side *s, const char *name, const si_rfv_event **ev, size_t *n,
                       uint32_t *code_bytes, uint32_t *code_hash)
{
    for (int i = 0; s && i < s->nk; i++)
        if (!strcmp(s->k[i].name, name)) {
            *ev = s->k[i].ev;
            *n = s->k[i].n;
            *code_bytes = s->k[i].code_bytes;
            *code_hash = s->k[i].code_hash;
            return 0;
        }
    return -1;
}

int si_rfv_exempt_load(const char *path, const char *name, si_vset *ex, char *err, size_t len)
{
    int none = 0, rc = 0;
    memset(ex, 0, sizeof *ex);
    char *txt = read_table_in(path, &none, err, len);
    if (!txt)
        return none ? 0 : -1;
    json_error_t je;
    json_t *root = json_loads(txt, 0, &je), *ks = root ? json_object_get(root, "kernels") : NULL;
    free(txt);
    if (!root)
        return rfv_err(err, len, "%s: .sicu.rfv:%d:%d: %s", path, je.line, je.column, je.text);
    if (!json_is_array(ks))
        rc = rfv_err(err, len, "%s: .sicu.rfv is not a sicu rfv table (no \"kernels\")", path);
    for (size_t i = 0; rc == 0 && i < json_array_size(ks); i++) {
        json_t *k = json_array_get(ks, i), *nm = json_object_get(k, "name");
        if (!json_is_string(nm) || strcmp(json_string_value(nm), name))
            continue;
        json_t *rn = json_object_get(k, "renaming"), *e = rn ? json_object_get(rn, "exempt") : NULL;
        if (get_regs(e, ex) < 0)
            rc = rfv_err(err, len, "%s: .sicu.rfv: kernel %s: renaming.exempt is not a list of VGPR numbers 0-255",
                         path, name);
        else
            rc = 1;
    }
    json_decref(root);
    return rc;
}
