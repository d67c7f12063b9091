/* sicu harness, fault injection: fault spec strings and the CU's state
 * variables (harness.h, docs/faults.md). */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fi.h"
#include "harness.h"
#include "shm.h"
#include "sicu_config.h"

#define EXPECTED "expected flop:PATH[BIT]@CYCLE, fu:SIMD.LANE@CYCLE:flip|stuck0|stuck1[:BIT] or vgpr:SIMD.ROW.LANE.BIT@CYCLE"

/* a decimal number filling [p, e): 0 and *v, else -1 */
static int num(const char *p, const char *e, uint64_t *v)
{
    if (p >= e || e - p > 19)
        return -1;
    uint64_t x = 0;
    for (; p < e; p++) {
        if (!isdigit((unsigned char)*p))
            return -1;
        x = x * 10 + (uint64_t)(*p - '0');
    }
    *v = x;
    return 0;
}

static int bad(char *err, size_t n, const char *spec, const char *what)
{
    snprintf(err, n, "bad fault '%s': %s", spec, what);
    return -1;
}

/* "@CYCLE" ending at e (the text from '@'); *at: where it starts */
static int cycle_of(const char *s, const char *e, const char **at, uint64_t *c)
{
    const char *a = NULL;
    for (const char *p = s; p < e; p++)
        if (*p == '@')
            a = p;
    if (!a || num(a + 1, e, c) < 0)
        return -1;
    *at = a;
    return 0;
}

/* PATH[BIT] or PATH[WORD][BIT] in [p, e) */
static int parse_flop(const char *spec, const char *p, const char *e, sh_fault *f, char *err, size_t n)
{
    uint64_t v, w;
    if (e <= p || e[-1] != ']')
        return bad(err, n, spec, "flop: expected PATH[BIT]@CYCLE (e.g. flop:u_issue.rr[1]@500)");
    const char *lb = e - 1;
    while (lb > p && *lb != '[')
        lb--;
    if (*lb != '[' || num(lb + 1, e - 1, &v) < 0 || v > 1u << 20)
        return bad(err, n, spec, "flop: the bit in PATH[BIT] must be a number");
    f->bit = (unsigned)v;
    f->word = -1;
    const char *pe = lb;
    const char *dot = pe;
    while (dot > p && dot[-1] != '.')
        dot--;
    if (pe > p && pe[-1] == ']') {   /* an array element: NAME[WORD][BIT] */
        const char *wb = pe - 1;
        while (wb > dot && *wb != '[')
            wb--;
        if (*wb != '[' || num(wb + 1, pe - 1, &w) < 0 || w > 1u << 30)
            return bad(err, n, spec, "flop: expected PATH[WORD][BIT] for an array element");
        f->word = (long)w;
        pe = wb;
    }
    if (pe == p || (size_t)(pe - p) >= sizeof f->path)
        return bad(err, n, spec, "flop: the PATH is empty or too long");
    for (const char *q = p; q < pe; q++)
        if (!isalnum((unsigned char)*q) && !strchr("_.[]$", *q))
            return bad(err, n, spec, "flop: PATH has a character that is not in a hierarchical name");
    snprintf(f->path, sizeof f->path, "%.*s", (int)(pe - p), p);
    return 0;
}

/* SIMD.LANE@CYCLE:KIND[:BIT] */
static int parse_fu(const char *spec, const char *p, sh_fault *f, char *err, size_t n)
{
    char kind[16] = "";
    unsigned long long c = 0;
    unsigned s = 0, l = 0, b = 0;
    int used = 0, k;
    k = sscanf(p, "%u.%u@%llu:%15[a-z0-9]%n", &s, &l, &c, kind, &used);
    if (k != 4 || !isdigit((unsigned char)p[0]))
        return bad(err, n, spec, "fu: expected fu:SIMD.LANE@CYCLE:flip|stuck0|stuck1[:BIT] (e.g. fu:0.3@800:stuck1:4)");
    const char *rest = p + used;
    if (*rest == ':') {
        uint64_t v;
        if (num(rest + 1, rest + strlen(rest), &v) < 0 || v > 63)
            return bad(err, n, spec, "fu: BIT must be 0..63 (bits of the lane's 64-bit result {hi, lo})");
        b = (unsigned)v;
    } else if (*rest)
        return bad(err, n, spec, "fu: unexpected text after the fault kind");
    if (!strcmp(kind, "flip"))
        f->fu = SH_FU_FLIP;
    else if (!strcmp(kind, "stuck0"))
        f->fu = SH_FU_STUCK0;
    else if (!strcmp(kind, "stuck1"))
        f->fu = SH_FU_STUCK1;
    else
        return bad(err, n, spec, "fu: the kind must be flip, stuck0 or stuck1");
    if (s >= SICU_SIMDS || l >= SICU_LANES) {
        char m[160];
        snprintf(m, sizeof m, "fu: this CU has SIMDs 0..%d and lanes 0..%d", SICU_SIMDS - 1, SICU_LANES - 1);
        return bad(err, n, spec, m);
    }
    f->simd = s;
    f->lane = l;
    f->bit = b;
    f->cycle = c;
    return 0;
}

/* SIMD.ROW.LANE.BIT@CYCLE */
static int parse_vgpr(const char *spec, const char *p, sh_fault *f, char *err, size_t n)
{
    unsigned long long c = 0;
    unsigned s, r, l, b;
    int used = 0;
    if (sscanf(p, "%u.%u.%u.%u@%llu%n", &s, &r, &l, &b, &c, &used) != 5 || p[used] || !isdigit((unsigned char)p[0]))
        return bad(err, n, spec, "vgpr: expected vgpr:SIMD.ROW.LANE.BIT@CYCLE (e.g. vgpr:0.12.5.31@900)");
    if (s >= SICU_SIMDS || r >= SICU_VGPR_ROWS || l >= 64 || b >= 32) {
        char m[200];
        snprintf(m, sizeof m, "vgpr: this CU has SIMDs 0..%d, rows 0..%d, lanes 0..63 and bits 0..31", SICU_SIMDS - 1,
                 SICU_VGPR_ROWS - 1);
        return bad(err, n, spec, m);
    }
    f->simd = s;
    f->row = r;
    f->lane = l;
    f->bit = b;
    f->cycle = c;
    return 0;
}

int sh_fault_parse(const char *spec, sh_fault *f, char *err, size_t n)
{
    memset(f, 0, sizeof *f);
    f->word = -1;
    if (!spec || !*spec)
        return bad(err, n, "", EXPECTED);
    if (!strncmp(spec, "flop:", 5)) {
        f->model = SH_FM_FLOP;
        const char *at, *e = spec + strlen(spec);
        if (cycle_of(spec, e, &at, &f->cycle) < 0)
            return bad(err, n, spec, "flop: expected PATH[BIT]@CYCLE, CYCLE a number");
        return parse_flop(spec, spec + 5, at, f, err, n);
    }
    if (!strncmp(spec, "fu:", 3)) {
        f->model = SH_FM_FU;
        return parse_fu(spec, spec + 3, f, err, n);
    }
    if (!strncmp(spec, "vgpr:", 5)) {
        f->model = SH_FM_VGPR;
        return parse_vgpr(spec, spec + 5, f, err, n);
    }
    return bad(err, n, spec, EXPECTED);
}

void sh_fault_format(const sh_fault *f, char *buf, size_t n)
{
    static const char *const kinds[] = {"flip", "stuck0", "stuck1"};
    switch (f->model) {
    case SH_FM_FLOP:
        if (f->word >= 0)
            snprintf(buf, n, "flop:%s[%ld][%u]@%llu", f->path, f->word, f->bit, (unsigned long long)f->cycle);
        else
            snprintf(buf, n, "flop:%s[%u]@%llu", f->path, f->bit, (unsigned long long)f->cycle);
        break;
    case SH_FM_FU:
        snprintf(buf, n, "fu:%u.%u@%llu:%s:%u", f->simd, f->lane, (unsigned long long)f->cycle, kinds[f->fu], f->bit);
        break;
    default:
        snprintf(buf, n, "vgpr:%u.%u.%u.%u@%llu", f->simd, f->row, f->lane, f->bit, (unsigned long long)f->cycle);
        break;
    }
}

/* ---------------------------------------------------------------- the state variables */
typedef struct {
    sh_flops *fl;
    const fi_rtl *rtl;
    int oom;
} flop_ctx;

static int excluded(const char *mod, const char *name)
{
    return !strcmp(mod, "simd_dp") || !strncmp(name, "pc_", 3) || !strncmp(name, "perf_", 5) ||
           !strncmp(name, "fi_", 3) || !strncmp(name, "__V", 3);
}

/* Verilator names some generate-block scopes g_x__BRA__0__KET__: g_x[0] */
static void demangle(const char *in, char *out, size_t n)
{
    size_t o = 0;
    while (*in && o + 1 < n) {
        if (!strncmp(in, "__BRA__", 7)) {
            out[o++] = '[';
            in += 7;
        } else if (!strncmp(in, "__KET__", 7)) {
            out[o++] = ']';
            in += 7;
        } else
            out[o++] = *in++;
    }
    out[o] = 0;
}

static void flop_cb(void *vctx, unsigned index, const char *scope, const char *name, unsigned width, int lo, int hi)
{
    flop_ctx *c = vctx;
    sh_flops *fl = c->fl;
    size_t pl = strlen(FI_CU_SCOPE);
    const char *rel = scope[pl] == '.' ? scope + pl + 1 : "";
    const char *mod = fi_rtl_scope_module(c->rtl, rel);
    fl->nvars = index + 1;
    if (excluded(mod, name) || !fi_rtl_is_state(c->rtl, mod, name))
        return;
    if (fl->n % 1024 == 0) {
        sh_flop *t = realloc(fl->v, (fl->n + 1024) * sizeof *t);
        if (!t) {
            c->oom = 1;
            return;
        }
        fl->v = t;
    }
    sh_flop *x = &fl->v[fl->n++];
    snprintf(x->vname, sizeof x->vname, "%s%s%s", rel, *rel ? "." : "", name);
    demangle(x->vname, x->path, sizeof x->path);
    snprintf(x->module, sizeof x->module, "%s", mod);
    x->width = width;
    x->arr_lo = lo;
    x->arr_hi = hi;
    x->index = index;
    if (lo < 0)
        fl->flop_bits += width;
    else
        fl->array_bits += (uint64_t)width * (uint64_t)(hi - lo + 1);
}

int sh_flops_list(sh_flops *fl, char *err, size_t errlen)
{
    memset(fl, 0, sizeof *fl);
    const char *root = getenv("SICU_ROOT");   /* the source tree, as for sicu cc */
    fi_rtl *rtl = fi_rtl_scan(root && *root ? root : SICU_ROOT, err, errlen);
    if (!rtl)
        return -1;
    shm *m = shm_new(1);
    if (!m) {
        fi_rtl_free(rtl);
        snprintf(err, errlen, "cannot create the RTL model");
        return -1;
    }
    flop_ctx c = {fl, rtl, 0};
    int rc = shm_vars(m, FI_CU_SCOPE, flop_cb, &c, err, errlen);
    shm_free(m);
    fi_rtl_free(rtl);
    if (rc == 0 && c.oom) {
        snprintf(err, errlen, "out of host memory for the flop list");
        rc = -1;
    }
    if (rc == 0 && fl->n == 0) {
        snprintf(err, errlen, "no state variables found below %s (RTL sources in %s/rtl)", FI_CU_SCOPE, SICU_ROOT);
        rc = -1;
    }
    if (rc < 0)
        sh_flops_free(fl);
    return rc;
}

void sh_flops_free(sh_flops *fl)
{
    free(fl->v);
    memset(fl, 0, sizeof *fl);
}
