/* sicu harness, fault injection: which variables of the verilated CU are
 * state (flip-flops and register arrays), from the RTL sources.
 *
 * Verilator's VPI does not tell a register from a wire, so the sources say
 * it: a variable is state when its module assigns it with a non-blocking
 * assignment (`x <= ...`, the RTL's convention for clocked blocks) outside
 * simulation-only code (`ifndef SYNTHESIS).  Each rtl/X.v (and rtl/tb/X.v)
 * holds one module X, so module names are the file names; instances
 * (MODULE [#(...)] NAME ( ... ) map a hierarchical scope to its module. */
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fi.h"

typedef struct { char mod[64], name[96]; } fr_nba;
typedef struct { char mod[64], inst[96], child[64]; } fr_inst;

struct fi_rtl {
    char (*mods)[64];
    int nmods;
    fr_nba *nba;
    int nnba, cap_nba;
    fr_inst *inst;
    int ninst, cap_inst;
};

static char *read_all(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *b = malloc((size_t)n + 1);
    if (b && fread(b, 1, (size_t)n, f) != (size_t)n) {
        free(b);
        b = NULL;
    }
    if (b)
        b[n] = 0;
    fclose(f);
    return b;
}

/* comments -> spaces (line structure kept) */
static void strip_comments(char *s)
{
    for (char *p = s; *p; p++) {
        if (p[0] == '/' && p[1] == '/')
            while (*p && *p != '\n')
                *p++ = ' ';
        else if (p[0] == '/' && p[1] == '*') {
            for (; *p && !(p[0] == '*' && p[1] == '/'); p++)
                if (*p != '\n')
                    *p = ' ';
            if (*p) {
                p[0] = p[1] = ' ';
                p++;
            }
        }
        if (!*p)
            break;
    }
}

/* blank the simulation-only regions: `ifndef SYNTHESIS .. `else/`endif */
static void strip_sim_only(char *s)
{
    int depth = 0, skip_at = 0;   /* skip_at: depth of the `ifndef SYNTHESIS being skipped (0: none) */
    for (char *p = s; *p; p++) {
        if (*p != '`') {
            if (skip_at && *p != '\n')
                *p = ' ';
            continue;
        }
        if (!strncmp(p, "`ifdef", 6) || !strncmp(p, "`ifndef", 7)) {
            depth++;
            if (!skip_at && !strncmp(p, "`ifndef SYNTHESIS", 17))
                skip_at = depth;
        } else if (!strncmp(p, "`else", 5) && skip_at == depth) {
            skip_at = 0;
        } else if (!strncmp(p, "`endif", 6)) {
            if (skip_at == depth)
                skip_at = 0;
            depth--;
        }
        if (skip_at)
            *p = ' ';
    }
}

static int is_id(int c) { return isalnum(c) || c == '_' || c == '$'; }

static int is_module(const fi_rtl *r, const char *name, size_t n)
{
    for (int i = 0; i < r->nmods; i++)
        if (strlen(r->mods[i]) == n && !strncmp(r->mods[i], name, n))
            return 1;
    return 0;
}

static int add_nba(fi_rtl *r, const char *mod, const char *name, size_t n)
{
    for (int i = 0; i < r->nnba; i++)
        if (!strcmp(r->nba[i].mod, mod) && strlen(r->nba[i].name) == n && !strncmp(r->nba[i].name, name, n))
            return 0;
    if (r->nnba == r->cap_nba) {
        r->cap_nba = r->cap_nba ? 2 * r->cap_nba : 256;
        fr_nba *t = realloc(r->nba, (size_t)r->cap_nba * sizeof *t);
        if (!t)
            return -1;
        r->nba = t;
    }
    snprintf(r->nba[r->nnba].mod, sizeof r->nba[0].mod, "%s", mod);
    snprintf(r->nba[r->nnba].name, sizeof r->nba[0].name, "%.*s", (int)n, name);
    r->nnba++;
    return 0;
}

/* the target of the `<=` at p, when it is a statement's (not a comparison):
 * IDENT [..]* <=, preceded by ; ) : begin else */
static int nba_target(const char *s, const char *p, const char **id, size_t *idn)
{
    const char *q = p - 1;
    while (q >= s && isspace((unsigned char)*q))
        q--;
    while (q >= s && *q == ']') {          /* [..] selects */
        int d = 0;
        for (; q >= s; q--) {
            if (*q == ']')
                d++;
            else if (*q == '[' && --d == 0)
                break;
        }
        q--;
        while (q >= s && isspace((unsigned char)*q))
            q--;
    }
    const char *e = q + 1;
    while (q >= s && is_id((unsigned char)*q))
        q--;
    if (q + 1 == e || isdigit((unsigned char)q[1]))
        return 0;
    *id = q + 1;
    *idn = (size_t)(e - (q + 1));
    while (q >= s && isspace((unsigned char)*q))
        q--;
    if (q < s || *q == ';' || *q == ')' || *q == ':')
        return 1;
    const char *w = q;
    while (w >= s && is_id((unsigned char)*w))
        w--;
    size_t wn = (size_t)(q - w);
    return (wn == 5 && !strncmp(w + 1, "begin", 5)) || (wn == 4 && !strncmp(w + 1, "else", 4));
}

static int add_inst(fi_rtl *r, const char *mod, const char *child, size_t cn, const char *inst, size_t in)
{
    if (r->ninst == r->cap_inst) {
        r->cap_inst = r->cap_inst ? 2 * r->cap_inst : 128;
        fr_inst *t = realloc(r->inst, (size_t)r->cap_inst * sizeof *t);
        if (!t)
            return -1;
        r->inst = t;
    }
    fr_inst *x = &r->inst[r->ninst++];
    snprintf(x->mod, sizeof x->mod, "%s", mod);
    snprintf(x->child, sizeof x->child, "%.*s", (int)cn, child);
    snprintf(x->inst, sizeof x->inst, "%.*s", (int)in, inst);
    return 0;
}

/* after a module name at p (n chars): [#( ... )] INSTANCE ( -> the instance */
static int instance_at(const char *p, size_t n, const char **inst, size_t *in)
{
    const char *q = p + n;
    while (isspace((unsigned char)*q))
        q++;
    if (*q == '#') {
        q++;
        while (isspace((unsigned char)*q))
            q++;
        if (*q != '(')
            return 0;
        for (int d = 0; *q; q++) {
            if (*q == '(')
                d++;
            else if (*q == ')' && --d == 0) {
                q++;
                break;
            }
        }
        while (isspace((unsigned char)*q))
            q++;
    }
    const char *b = q;
    while (is_id((unsigned char)*q))
        q++;
    if (q == b)
        return 0;
    *inst = b;
    *in = (size_t)(q - b);
    while (isspace((unsigned char)*q))
        q++;
    return *q == '(';
}

static int scan_file(fi_rtl *r, char *s)
{
    char mod[64] = "";
    strip_comments(s);
    strip_sim_only(s);
    for (char *p = s; *p; p++) {
        if (!is_id((unsigned char)*p) || (p > s && (is_id((unsigned char)p[-1]) || p[-1] == '`' || p[-1] == '.')))  {
            if (p[0] == '<' && p[1] == '=' && p[2] != '=' && mod[0] && (p == s || (p[-1] != '<' && p[-1] != '>'))) {
                const char *id;
                size_t idn;
                if (nba_target(s, p, &id, &idn) && add_nba(r, mod, id, idn) < 0)
                    return -1;
            }
            continue;
        }
        char *e = p;
        while (is_id((unsigned char)*e))
            e++;
        size_t n = (size_t)(e - p);
        if (n == 6 && !strncmp(p, "module", 6)) {
            char *q = e;
            while (isspace((unsigned char)*q))
                q++;
            char *b = q;
            while (is_id((unsigned char)*q))
                q++;
            snprintf(mod, sizeof mod, "%.*s", (int)(q - b), b);
        } else if (mod[0] && is_module(r, p, n)) {
            const char *inst;
            size_t in;
            if (instance_at(p, n, &inst, &in) && add_inst(r, mod, p, n, inst, in) < 0)
                return -1;
        }
        p = e - 1;
    }
    return 0;
}

static int list_modules(fi_rtl *r, const char *dir)
{
    DIR *d = opendir(dir);
    if (!d)
        return -1;
    struct dirent *de;
    while ((de = readdir(d))) {
        size_t n = strlen(de->d_name);
        if (n < 3 || strcmp(de->d_name + n - 2, ".v"))
            continue;
        char (*t)[64] = realloc(r->mods, (size_t)(r->nmods + 1) * sizeof *t);
        if (!t) {
            closedir(d);
            return -1;
        }
        r->mods = t;
        snprintf(r->mods[r->nmods++], 64, "%.*s", (int)(n - 2), de->d_name);
    }
    closedir(d);
    return 0;
}

static int scan_dir(fi_rtl *r, const char *dir, char *err, size_t errlen)
{
    DIR *d = opendir(dir);
    if (!d) {
        snprintf(err, errlen, "cannot read the RTL sources in %s: %s", dir, strerror(errno));
        return -1;
    }
    struct dirent *de;
    int rc = 0;
    while (rc == 0 && (de = readdir(d))) {
        size_t n = strlen(de->d_name);
        if (n < 3 || strcmp(de->d_name + n - 2, ".v"))
            continue;
        char path[4096];
        snprintf(path, sizeof path, "%s/%s", dir, de->d_name);
        char *s = read_all(path);
        if (!s) {
            snprintf(err, errlen, "cannot read %s: %s", path, strerror(errno));
            rc = -1;
        } else if (scan_file(r, s) < 0) {
            snprintf(err, errlen, "out of memory scanning %s", path);
            rc = -1;
        }
        free(s);
    }
    closedir(d);
    return rc;
}

fi_rtl *fi_rtl_scan(const char *root, char *err, size_t errlen)
{
    fi_rtl *r = calloc(1, sizeof *r);
    char dir[4096], tb[4096];
    snprintf(dir, sizeof dir, "%s/rtl", root);
    snprintf(tb, sizeof tb, "%s/rtl/tb", root);
    if (!r || list_modules(r, dir) < 0 || list_modules(r, tb) < 0) {
        snprintf(err, errlen, "cannot list the RTL modules in %s: %s", dir, strerror(errno));
        fi_rtl_free(r);
        return NULL;
    }
    if (scan_dir(r, dir, err, errlen) < 0 || scan_dir(r, tb, err, errlen) < 0) {
        fi_rtl_free(r);
        return NULL;
    }
    return r;
}

void fi_rtl_free(fi_rtl *r)
{
    if (!r)
        return;
    free(r->mods);
    free(r->nba);
    free(r->inst);
    free(r);
}

/* the module of a scope below the CU ("g_simd[0].u_simd.g_bank[1].u_bank"):
 * follow the instances from sicu_cu; generate blocks keep their module */
const char *fi_rtl_scope_module(const fi_rtl *r, const char *rel)
{
    const char *mod = "sicu_cu";
    const char *p = rel;
    while (*p) {
        const char *e = p;
        while (*e && *e != '.' && *e != '[' && strncmp(e, "__BRA__", 7))
            e++;
        size_t n = (size_t)(e - p);
        for (int i = 0; i < r->ninst; i++)
            if (!strcmp(r->inst[i].mod, mod) && strlen(r->inst[i].inst) == n && !strncmp(r->inst[i].inst, p, n)) {
                mod = r->inst[i].child;
                break;
            }
        while (*e && *e != '.')
            e++;
        p = *e ? e + 1 : e;
    }
    return mod;
}

int fi_rtl_is_state(const fi_rtl *r, const char *mod, const char *name)
{
    for (int i = 0; i < r->nnba; i++)
        if (!strcmp(r->nba[i].mod, mod) && !strcmp(r->nba[i].name, name))
            return 1;
    return 0;
}
