/* sicu-area - per-module area proxies of the RTL compute unit from the Yosys
 * netlists of scripts/rtl-synth.sh, grouped like MIAOW's area breakdown.
 *
 *   sicu-area --synth DIR --area DIR [--config NAME] [--top M]
 *             [--variant M=DIR:PARAMS]... [--synth-report FILE] MODULE...
 *
 * Inputs per module M (docs/area.md):
 *   SYNTH/M.run         status/level of the rtl-synth run (key=value)
 *   SYNTH/M.stat.json   `stat -json -width` after rtl-synth's flow: the cells,
 *                       the flop bits and the black-box children (instances)
 *   SYNTH/M.mem.txt     `dump t:$mem_v2`: the memories kept as $mem_v2 cells
 *   AREA/M.gates.json   `stat -json -tech cmos` of M.il after `dffunmap`
 *                       (scripts/area.sh; for coarse modules after a techmap)
 *   AREA/M.abc.json     optional: `stat -json` after `abc -g NAND`
 * A --variant replaces the directory of all of M's files (the module as
 * instantiated with parameter overrides, synthesized by scripts/area.sh).
 *
 * Outputs in AREA/: area.json, area.csv, groups.dat (gnuplot), and a table on
 * stdout.  Every figure of a module is its own logic (children excluded); the
 * CU total is the sum over the instance tree of (own figures x instances).
 */
#include <errno.h>
#include <getopt.h>
#include "sicu_units.h"
#include <jansson.h>
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------------ tables */

/* Area weights in milli-NAND2 equivalents (integers, so every sum is exact).
 * Ratios of typical X1 standard-cell areas to a 2-input NAND (e.g. the open
 * 45 nm Nangate library: INV 0.532, NAND2/NOR2 0.798, AND2/OR2 1.064,
 * AOI21 1.064, AOI22 1.330, XOR2 1.596, MUX2 1.862, DFF 4.522 um^2).
 * ANDNOT/ORNOT have no X1 cell: counted like AND2 (NAND2 + input inverter
 * shared or folded).  NMUX: like MUX2. */
static const struct { const char *type; int64_t mnand; } gate_weights[] = {
    {"$_BUF_", 1000},   {"$_NOT_", 667},    {"$_NAND_", 1000},  {"$_NOR_", 1000},
    {"$_AND_", 1333},   {"$_OR_", 1333},    {"$_ANDNOT_", 1333}, {"$_ORNOT_", 1333},
    {"$_XOR_", 2000},   {"$_XNOR_", 2000},  {"$_AOI3_", 1333},  {"$_OAI3_", 1333},
    {"$_AOI4_", 1667},  {"$_OAI4_", 1667},  {"$_MUX_", 2333},   {"$_NMUX_", 2333},
};
#define FLOP_MNAND 5667      /* DFF_X1 / NAND2_X1 = 4.522 / 0.798 */
#define RAM_BIT_MNAND 1500   /* 6T SRAM bit cell = 6/4 of a NAND2's 4 transistors */
#define ROM_BIT_MNAND 250    /* 1-transistor (NOR-array) ROM bit cell */
#define RAM_BIT_T 6
#define ROM_BIT_T 1
#define MUX_MNAND 2333       /* what-if: a register file built from flops */

/* Yosys 0.23 `stat -tech cmos` transistor counts (kernel/cost.h); every
 * other cell type has no estimate there.  The sum computed with this table
 * must equal Yosys' own estimate (checked), so a Yosys with another table is
 * caught instead of silently mis-reported. */
static const struct { const char *type; int64_t t; } cmos_table[] = {
    {"$_BUF_", 1},   {"$_NOT_", 2},    {"$_AND_", 6},    {"$_NAND_", 4},  {"$_OR_", 6},
    {"$_NOR_", 4},   {"$_ANDNOT_", 6}, {"$_ORNOT_", 6},  {"$_XOR_", 12},  {"$_XNOR_", 12},
    {"$_AOI3_", 6},  {"$_OAI3_", 6},   {"$_AOI4_", 8},   {"$_OAI4_", 8},  {"$_MUX_", 12},
    {"$_NMUX_", 10}, {"$_DFF_P_", 16}, {"$_DFF_N_", 16},
};

/* The grouping, like MIAOW's area breakdown (docs/area.md): every module's
 * logic, flops and memories go to the area group the unit manifest
 * (rtl/units.manifest, generated into sicu_units.h) gives it. */
struct group_rule {
    const char *module;
    const char *group;
};
static const struct group_rule group_rules[] = {
#define X(m, g) {m, g},
    SICU_MODULE_GROUPS(X)
#undef X
};
static const char *group_order[] = {
#define X(g) g,
    SICU_AREA_GROUPS(X)
#undef X
};
#define NGROUPS (sizeof group_order / sizeof group_order[0])

/* MIAOW's published area breakdown (Balasubramanian et al., "Enabling GPGPU
 * low-level hardware explorations with MIAOW", TACO 2015, Table VII and
 * section 4; digest: notes/003-miaow.md section 7.2): 15 mm^2 CU at 32 nm
 * with flip-flop register files. */
#define MIAOW_TOTAL_MM2 15.0
#define MIAOW_FU_PCT 34.0
#define MIAOW_RF_PCT 54.0
#define MIAOW_REST_PCT 12.0

/* ------------------------------------------------------------------ helpers */

static const char *prog = "sicu-area";

static void die(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "%s: ", prog);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
    exit(1);
}

static void *xcalloc(size_t n, size_t s)
{
    void *p = calloc(n ? n : 1, s);
    if (!p)
        die("out of memory");
    return p;
}

static char *xstrdup(const char *s)
{
    char *p = strdup(s);
    if (!p)
        die("out of memory");
    return p;
}

static char *path_join(const char *dir, const char *name, const char *ext)
{
    size_t n = strlen(dir) + strlen(name) + strlen(ext) + 2;
    char *p = xcalloc(n, 1);
    snprintf(p, n, "%s/%s%s", dir, name, ext);
    return p;
}

static int file_exists(const char *p)
{
    FILE *f = fopen(p, "r");
    if (!f)
        return 0;
    fclose(f);
    return 1;
}

static const char *group_of(const char *module)
{
    for (size_t i = 0; i < sizeof group_rules / sizeof group_rules[0]; i++)
        if (!strcmp(group_rules[i].module, module))
            return group_rules[i].group;
    return NULL;
}

static int group_index(const char *g)
{
    for (size_t i = 0; i < NGROUPS; i++)
        if (!strcmp(group_order[i], g))
            return (int)i;
    return -1;
}

static int64_t gate_weight(const char *type)
{
    for (size_t i = 0; i < sizeof gate_weights / sizeof gate_weights[0]; i++)
        if (!strcmp(gate_weights[i].type, type))
            return gate_weights[i].mnand;
    return -1;
}

static int64_t cmos_cost(const char *type)
{
    for (size_t i = 0; i < sizeof cmos_table / sizeof cmos_table[0]; i++)
        if (!strcmp(cmos_table[i].type, type))
            return cmos_table[i].t;
    return -1;
}

/* a gate-level flip-flop cell ($_DFF_P_, $_DFFE_PP_, $_SDFF_PP0_, $_DFFSR_PPP_ ...) */
static int is_gate_flop(const char *t)
{
    static const char *pfx[] = {"$_DFF_", "$_DFFE_", "$_SDFF_", "$_SDFFE_", "$_SDFFCE_",
                                "$_DFFSR_", "$_DFFSRE_", "$_ALDFF_", "$_ALDFFE_"};
    for (size_t i = 0; i < sizeof pfx / sizeof pfx[0]; i++)
        if (!strncmp(t, pfx[i], strlen(pfx[i])))
            return 1;
    return 0;
}

/* a word-level flip-flop of `stat -width` ($dff_32, $sdffe_8 ...): its width, else 0 */
static long word_flop_width(const char *t)
{
    static const char *pfx[] = {"$dff_", "$dffe_", "$sdff_", "$sdffe_", "$sdffce_", "$adff_", "$adffe_",
                                "$aldff_", "$aldffe_", "$dffsr_", "$dffsre_"};
    for (size_t i = 0; i < sizeof pfx / sizeof pfx[0]; i++) {
        size_t n = strlen(pfx[i]);
        if (!strncmp(t, pfx[i], n)) {
            char *end;
            long w = strtol(t + n, &end, 10);
            if (end != t + n && *end == 0)
                return w;
        }
    }
    return 0;
}

/* ------------------------------------------------------------------ inputs */

struct mem {
    char *name;
    long size, width, rd_ports, wr_ports;
    int64_t bits;
    int rom;
    int grp;   /* group index */
};

struct typecount {
    char *type;
    int64_t n;
};

struct module {
    char *name;
    char *dir_synth, *dir_area, *params;   /* where its files are; parameter overrides */
    char *status, *level;
    int grp;
    int estimated;        /* figures from word-level formulas, not gates */
    /* own figures (one instance) */
    int64_t synth_cells;  /* rtl-synth cells (no memories, no children) */
    int64_t synth_flops;  /* rtl-synth flop bits */
    int64_t logic_cells, flop_bits;
    int64_t logic_mnand, flop_mnand;
    int64_t unweighted_cells;
    struct typecount *unweighted; int n_unweighted;
    int64_t cmos_t;          /* transistors of the cells with an estimate */
    int64_t cmos_unknown;    /* cells without an estimate (memories, children excluded) */
    struct typecount *unknown; int n_unknown;
    char *yosys_cmos;        /* Yosys' own estimate string */
    int64_t abc_nand, abc_not, abc_other;  /* -1: not run */
    int64_t abc_mnand;
    struct mem *mems; int n_mems;
    struct typecount *children; int n_children;
    int64_t instances;
    int visiting;
};

static json_t *load_json(const char *path)
{
    json_error_t err;
    json_t *j = json_load_file(path, 0, &err);
    if (!j)
        die("%s:%d: %s", path, err.line, err.text);
    return j;
}

/* the module entry of a `stat -json` file: \NAME, or the single module */
static json_t *stat_module(json_t *root, const char *name, const char *path)
{
    json_t *mods = json_object_get(root, "modules");
    if (!json_is_object(mods) || json_object_size(mods) == 0)
        die("%s: no \"modules\"", path);
    char key[512];
    snprintf(key, sizeof key, "\\%s", name);
    json_t *m = json_object_get(mods, key);
    if (m)
        return m;
    const char *k;
    json_t *v;
    json_object_foreach(mods, k, v) if (strstr(k, name)) return v;
    die("%s: module %s not found", path, name);
    return NULL;
}

static void add_count(struct typecount **arr, int *n, const char *type, int64_t c)
{
    for (int i = 0; i < *n; i++)
        if (!strcmp((*arr)[i].type, type)) {
            (*arr)[i].n += c;
            return;
        }
    *arr = realloc(*arr, (size_t)(*n + 1) * sizeof **arr);
    if (!*arr)
        die("out of memory");
    (*arr)[*n].type = xstrdup(type);
    (*arr)[*n].n = c;
    (*n)++;
}

static char *read_kv(const char *path, const char *key)
{
    FILE *f = fopen(path, "r");
    if (!f)
        return NULL;
    char line[1024];
    size_t kl = strlen(key);
    char *val = NULL;
    while (fgets(line, sizeof line, f))
        if (!strncmp(line, key, kl) && line[kl] == '=') {
            line[strcspn(line, "\n")] = 0;
            val = xstrdup(line + kl + 1);
        }
    fclose(f);
    return val;
}

/* `dump t:$mem_v2`: "cell $mem_v2 NAME", "parameter \SIZE 128", ..., "end" */
static void parse_mems(struct module *m, const char *path)
{
    FILE *f = fopen(path, "r");
    if (!f)
        die("%s: %s", path, strerror(errno));
    char line[4096];
    struct mem *cur = NULL;
    while (fgets(line, sizeof line, f)) {
        char *s = line;
        while (*s == ' ' || *s == '\t')
            s++;
        s[strcspn(s, "\r\n")] = 0;
        char name[2048];
        long v;
        if (sscanf(s, "cell $mem_v2 %2047s", name) == 1) {
            m->mems = realloc(m->mems, (size_t)(m->n_mems + 1) * sizeof *m->mems);
            if (!m->mems)
                die("out of memory");
            cur = &m->mems[m->n_mems++];
            memset(cur, 0, sizeof *cur);
            cur->name = xstrdup(name[0] == '\\' ? name + 1 : name);
            cur->size = cur->width = cur->rd_ports = cur->wr_ports = -1;
        } else if (cur && sscanf(s, "parameter \\SIZE %ld", &v) == 1 && !strchr(s, '\'')) {
            cur->size = v;
        } else if (cur && sscanf(s, "parameter \\WIDTH %ld", &v) == 1 && !strchr(s, '\'')) {
            cur->width = v;
        } else if (cur && sscanf(s, "parameter \\RD_PORTS %ld", &v) == 1 && !strchr(s, '\'')) {
            cur->rd_ports = v;
        } else if (cur && sscanf(s, "parameter \\WR_PORTS %ld", &v) == 1 && !strchr(s, '\'')) {
            cur->wr_ports = v;
        } else if (cur && !strcmp(s, "end")) {
            cur = NULL;
        }
    }
    fclose(f);
    for (int i = 0; i < m->n_mems; i++) {
        struct mem *x = &m->mems[i];
        if (x->size < 0 || x->width < 0 || x->rd_ports < 0 || x->wr_ports < 0)
            die("%s: memory %s: SIZE/WIDTH/RD_PORTS/WR_PORTS missing", path, x->name);
        x->bits = (int64_t)x->size * x->width;
        x->rom = x->wr_ports == 0;
        x->grp = m->grp;
    }
}

/* Word-level estimate of a coarse module (when scripts/area.sh could not map
 * it to gates): a formula per word-level cell of M.il, in milli-NAND2, from
 * its A/B/S/Y widths, for the generic techmap structures (docs/area.md).
 * FA = full adder = 2 XOR + 2 AND + OR = 6.67 NAND2-eq. */
#define W_FA 6667
#define W_AND 1333
#define W_XOR 2000
#define W_MUX 2333
#define W_NOT 667
static int64_t ilog2c(int64_t x)
{
    int64_t l = 0;
    while (((int64_t)1 << l) < x)
        l++;
    return l;
}
static int64_t word_cell_mnand(const char *t, int64_t a, int64_t b, int64_t s, int64_t y, int64_t w)
{
    int64_t n = y > 0 ? y : w, mx = a > b ? a : b;
    if (!strcmp(t, "$mul")) {
        /* partial products in the y low columns, each an AND + a full adder */
        int64_t pp = 0;
        for (int64_t i = 0; i < a; i++)
            for (int64_t j = 0; j < b && i + j < y; j++)
                pp++;
        return pp * (W_AND + W_FA);
    }
    if (!strcmp(t, "$div") || !strcmp(t, "$mod") || !strcmp(t, "$divfloor") || !strcmp(t, "$modfloor"))
        return a * b * (W_FA + W_MUX);  /* restoring array: subtract + select per cell */
    if (!strcmp(t, "$add") || !strcmp(t, "$sub") || !strcmp(t, "$alu"))
        return n * W_FA + n * ilog2c(n) * W_AND;  /* sum bits + carry-lookahead tree */
    if (!strcmp(t, "$neg"))
        return n * (W_XOR + W_AND);
    if (!strcmp(t, "$lt") || !strcmp(t, "$le") || !strcmp(t, "$gt") || !strcmp(t, "$ge"))
        return mx * (W_XOR + W_AND) + mx * ilog2c(mx) * W_AND;
    if (!strcmp(t, "$eq") || !strcmp(t, "$ne") || !strcmp(t, "$eqx") || !strcmp(t, "$nex"))
        return mx * (W_XOR + W_AND);
    if (!strcmp(t, "$and") || !strcmp(t, "$or"))
        return n * W_AND;
    if (!strcmp(t, "$xor") || !strcmp(t, "$xnor"))
        return n * W_XOR;
    if (!strcmp(t, "$not"))
        return n * W_NOT;
    if (!strcmp(t, "$mux"))
        return n * W_MUX;
    if (!strcmp(t, "$pmux"))
        return n * s * 2 * W_AND;   /* AND-OR per case and bit */
    if (!strcmp(t, "$bmux"))
        return n * (((int64_t)1 << (s < 20 ? s : 20)) - 1) * W_MUX;
    if (!strcmp(t, "$shl") || !strcmp(t, "$shr") || !strcmp(t, "$sshl") || !strcmp(t, "$sshr") ||
        !strcmp(t, "$shift") || !strcmp(t, "$shiftx")) {
        int64_t st = b < ilog2c(a + n) ? b : ilog2c(a + n);
        return n * st * W_MUX;   /* barrel shifter */
    }
    if (!strcmp(t, "$reduce_and") || !strcmp(t, "$reduce_or") || !strcmp(t, "$reduce_bool") ||
        !strcmp(t, "$logic_not"))
        return a * W_AND;
    if (!strcmp(t, "$reduce_xor") || !strcmp(t, "$reduce_xnor"))
        return a * W_XOR;
    if (!strcmp(t, "$logic_and") || !strcmp(t, "$logic_or"))
        return (a + b) * W_AND;
    return -1;
}

/* parse M.il: the word-level cells and their widths; sum of the estimates */
static void word_estimate(struct module *m, const char *il)
{
    FILE *f = fopen(il, "r");
    if (!f)
        die("%s: %s", il, strerror(errno));
    char line[8192], type[256] = "";
    int64_t a = 0, b = 0, sw = 0, y = 0, w = 0;
    int in = 0;
    while (fgets(line, sizeof line, f)) {
        char *p = line;
        while (*p == ' ')
            p++;
        long long v;
        if (!in && sscanf(p, "cell %255s", type) == 1) {
            in = 1;
            a = b = sw = y = w = 0;
        } else if (in && sscanf(p, "parameter \\A_WIDTH %lld", &v) == 1) a = v;
        else if (in && sscanf(p, "parameter \\B_WIDTH %lld", &v) == 1) b = v;
        else if (in && sscanf(p, "parameter \\S_WIDTH %lld", &v) == 1) sw = v;
        else if (in && sscanf(p, "parameter \\Y_WIDTH %lld", &v) == 1) y = v;
        else if (in && sscanf(p, "parameter \\WIDTH %lld", &v) == 1) w = v;
        else if (in && !strncmp(p, "end", 3) && (p[3] == '\n' || p[3] == 0)) {
            in = 0;
            if (type[0] != '$' || !strcmp(type, "$mem_v2") || is_gate_flop(type))
                continue;
            if (!strncmp(type, "$dff", 4) || !strncmp(type, "$sdff", 5) || !strncmp(type, "$adff", 5) ||
                !strncmp(type, "$aldff", 6)) {
                m->flop_bits += w;
                continue;
            }
            m->logic_cells++;
            int64_t c = word_cell_mnand(type, a, b, sw, y, w);
            if (c >= 0)
                m->logic_mnand += c;
            else {
                m->unweighted_cells++;
                add_count(&m->unweighted, &m->n_unweighted, type, 1);
            }
        }
    }
    fclose(f);
}

static void load_module(struct module *m)
{
    char *p;
    const char *g = group_of(m->name);
    if (!g)
        die("module %s has no area group: add it to its unit in rtl/units.manifest", m->name);
    m->grp = group_index(g);

    p = path_join(m->dir_synth, m->name, ".run");
    m->status = read_kv(p, "status");
    m->level = read_kv(p, "level");
    if (!m->status)
        die("%s: missing (run scripts/rtl-synth.sh first)", p);
    free(p);

    /* rtl-synth figures: cells, flop bits, children */
    p = path_join(m->dir_synth, m->name, ".stat.json");
    json_t *root = load_json(p);
    json_t *sm = stat_module(root, m->name, p);
    json_t *bt = json_object_get(sm, "num_cells_by_type");
    const char *k;
    json_t *v;
    json_object_foreach(bt, k, v) {
        int64_t n = json_integer_value(v);
        if (!strncmp(k, "$mem_v2", 7))
            continue;
        if (k[0] != '$') {
            add_count(&m->children, &m->n_children, k[0] == '\\' ? k + 1 : k, n);
            continue;
        }
        m->synth_cells += n;
        long fw = word_flop_width(k);
        if (is_gate_flop(k))
            m->synth_flops += n;
        else if (fw)
            m->synth_flops += n * fw;
    }
    json_decref(root);
    free(p);

    p = path_join(m->dir_synth, m->name, ".mem.txt");
    parse_mems(m, p);
    free(p);

    m->abc_nand = m->abc_not = m->abc_other = -1;
    p = path_join(m->dir_area, m->name, ".gates.json");
    if (!file_exists(p)) {
        if (strcmp(m->level, "coarse"))
            die("%s: missing (scripts/area.sh makes it)", p);
        /* no gate netlist of a coarse module: word-level estimate */
        m->estimated = 1;
        char *il = path_join(m->dir_synth, m->name, ".il");
        word_estimate(m, il);
        free(il);
        m->flop_mnand = m->flop_bits * FLOP_MNAND;
        /* transistors: 4 per NAND2-eq of logic, 16 per flop (Yosys' $_DFF_P_) */
        m->cmos_t = (m->logic_mnand * 4 + 500) / 1000 + m->flop_bits * cmos_cost("$_DFF_P_");
        m->yosys_cmos = xstrdup("estimated from NAND2-eq x 4");
        free(p);
        return;
    }
    root = load_json(p);
    sm = stat_module(root, m->name, p);
    bt = json_object_get(sm, "num_cells_by_type");
    json_object_foreach(bt, k, v) {
        int64_t n = json_integer_value(v);
        if (!strncmp(k, "$mem_v2", 7) || k[0] != '$')
            continue;   /* memories and child instances are counted elsewhere */
        int64_t t = cmos_cost(k);
        if (t >= 0)
            m->cmos_t += n * t;
        else {
            m->cmos_unknown += n;
            add_count(&m->unknown, &m->n_unknown, k, n);
        }
        if (is_gate_flop(k)) {
            m->flop_bits += n;
            m->flop_mnand += n * FLOP_MNAND;
            continue;
        }
        m->logic_cells += n;
        int64_t w = gate_weight(k);
        if (w >= 0)
            m->logic_mnand += n * w;
        else {
            m->unweighted_cells += n;
            add_count(&m->unweighted, &m->n_unweighted, k, n);
        }
    }
    json_t *est = json_object_get(sm, "estimated_num_transistors");
    int est_ok = json_is_string(est);
    m->yosys_cmos = xstrdup(est_ok ? json_string_value(est) : "");
    json_decref(root);
    /* cross-check with Yosys' own estimate.  Yosys also gives no estimate for
     * the $mem_v2 cells and the child instances, which we count separately. */
    long long yn = strtoll(m->yosys_cmos, NULL, 10);
    if (!est_ok || yn != m->cmos_t)
        die("%s: Yosys estimates %s transistors, the table of sicu-area gives %lld: "
            "update cmos_table[] for this Yosys version", p, m->yosys_cmos, (long long)m->cmos_t);
    if (m->flop_bits != m->synth_flops)
        die("%s: %lld flops after dffunmap, but rtl-synth counted %lld", p, (long long)m->flop_bits,
            (long long)m->synth_flops);
    int has_other = m->n_children > 0 || m->n_mems > 0 || m->cmos_unknown > 0;
    if ((strchr(m->yosys_cmos, '+') != NULL) != has_other)
        die("%s: Yosys' estimate \"%s\" disagrees with the cells without estimate found here (%lld)",
            p, m->yosys_cmos, (long long)m->cmos_unknown);
    free(p);

    p = path_join(m->dir_area, m->name, ".abc.json");
    if (file_exists(p)) {
        root = load_json(p);
        sm = stat_module(root, m->name, p);
        bt = json_object_get(sm, "num_cells_by_type");
        m->abc_nand = m->abc_not = m->abc_other = 0;
        json_object_foreach(bt, k, v) {
            int64_t n = json_integer_value(v);
            if (!strcmp(k, "$_NAND_"))
                m->abc_nand += n;
            else if (!strcmp(k, "$_NOT_"))
                m->abc_not += n;
            else if (!strncmp(k, "$mem_v2", 7) || k[0] != '$' || is_gate_flop(k))
                continue;
            else
                m->abc_other += n;
        }
        /* ABC's NOT cells at the inverter weight; constants/buffers ignored */
        m->abc_mnand = m->abc_nand * 1000 + m->abc_not * gate_weight("$_NOT_");
        json_decref(root);
    }
    free(p);
}

/* ------------------------------------------------------------------ figures */

struct fig {   /* additive figures (instances x own) */
    int64_t logic_cells, flop_bits, ram_bits, rom_bits;
    int64_t logic_mnand, flop_mnand, ram_mnand, rom_mnand;
    int64_t transistors, cmos_unknown, unweighted_cells;
    int64_t ffrf_mnand;   /* what-if: RAMs as flop arrays */
};

static void fig_add(struct fig *a, const struct fig *b, int64_t k)
{
    a->logic_cells += k * b->logic_cells;
    a->flop_bits += k * b->flop_bits;
    a->ram_bits += k * b->ram_bits;
    a->rom_bits += k * b->rom_bits;
    a->logic_mnand += k * b->logic_mnand;
    a->flop_mnand += k * b->flop_mnand;
    a->ram_mnand += k * b->ram_mnand;
    a->rom_mnand += k * b->rom_mnand;
    a->transistors += k * b->transistors;
    a->cmos_unknown += k * b->cmos_unknown;
    a->unweighted_cells += k * b->unweighted_cells;
    a->ffrf_mnand += k * b->ffrf_mnand;
}

static int fig_eq(const struct fig *a, const struct fig *b)
{
    return !memcmp(a, b, sizeof *a);
}

static int64_t fig_total_mnand(const struct fig *f)
{
    return f->logic_mnand + f->flop_mnand + f->ram_mnand + f->rom_mnand;
}

/* the part of module m's own figures that belongs to group g */
static struct fig module_part(const struct module *m, int g)
{
    struct fig f;
    memset(&f, 0, sizeof f);
    if (m->grp == g) {
        f.logic_cells = m->logic_cells;
        f.flop_bits = m->flop_bits;
        f.logic_mnand = m->logic_mnand;
        f.flop_mnand = m->flop_mnand;
        f.transistors = m->cmos_t;
        f.cmos_unknown = m->cmos_unknown;
        f.unweighted_cells = m->unweighted_cells;
    }
    for (int i = 0; i < m->n_mems; i++) {
        const struct mem *x = &m->mems[i];
        if (x->grp != g)
            continue;
        if (x->rom) {
            f.rom_bits += x->bits;
            f.rom_mnand += x->bits * ROM_BIT_MNAND;
            f.transistors += x->bits * ROM_BIT_T;
        } else {
            f.ram_bits += x->bits;
            f.ram_mnand += x->bits * RAM_BIT_MNAND;
            f.transistors += x->bits * RAM_BIT_T;
            /* what-if: flops + one MUX2 per bit and port (write enable mux,
             * read-out mux tree), like MIAOW's flip-flop register files */
            f.ffrf_mnand += x->bits * (FLOP_MNAND + MUX_MNAND * (x->rd_ports + x->wr_ports)) -
                            x->bits * RAM_BIT_MNAND;
        }
    }
    return f;
}

static struct fig module_own(const struct module *m)
{
    struct fig f;
    memset(&f, 0, sizeof f);
    for (size_t g = 0; g < NGROUPS; g++) {
        struct fig p = module_part(m, (int)g);
        fig_add(&f, &p, 1);
    }
    return f;
}

/* ------------------------------------------------------------------ output */

static json_t *jmnand(int64_t mn)
{
    return json_real((double)mn / 1000.0);
}

static json_t *fig_json(const struct fig *f)
{
    json_t *o = json_object();
    json_object_set_new(o, "logic_cells", json_integer(f->logic_cells));
    json_object_set_new(o, "flop_bits", json_integer(f->flop_bits));
    json_object_set_new(o, "ram_bits", json_integer(f->ram_bits));
    json_object_set_new(o, "rom_bits", json_integer(f->rom_bits));
    json_object_set_new(o, "nand2_logic", jmnand(f->logic_mnand));
    json_object_set_new(o, "nand2_flops", jmnand(f->flop_mnand));
    json_object_set_new(o, "nand2_ram", jmnand(f->ram_mnand));
    json_object_set_new(o, "nand2_rom", jmnand(f->rom_mnand));
    json_object_set_new(o, "nand2_total", jmnand(fig_total_mnand(f)));
    json_object_set_new(o, "transistors", json_integer(f->transistors));
    json_object_set_new(o, "cells_without_transistor_estimate", json_integer(f->cmos_unknown));
    json_object_set_new(o, "cells_without_nand2_weight", json_integer(f->unweighted_cells));
    json_object_set_new(o, "nand2_total_ff_regfiles", jmnand(fig_total_mnand(f) + f->ffrf_mnand));
    return o;
}

static json_t *counts_json(const struct typecount *c, int n)
{
    json_t *o = json_object();
    for (int i = 0; i < n; i++)
        json_object_set_new(o, c[i].type, json_integer(c[i].n));
    return o;
}

static struct module *find_module(struct module *mods, int n, const char *name)
{
    for (int i = 0; i < n; i++)
        if (!strcmp(mods[i].name, name))
            return &mods[i];
    return NULL;
}

static void count_instances(struct module *mods, int n, struct module *m, int64_t k, int depth)
{
    if (m->visiting || depth > 64)
        die("module %s instantiates itself", m->name);
    m->instances += k;
    m->visiting = 1;
    for (int i = 0; i < m->n_children; i++) {
        struct module *c = find_module(mods, n, m->children[i].type);
        if (!c)
            die("%s instantiates %s, which is not among the modules given", m->name, m->children[i].type);
        count_instances(mods, n, c, k * m->children[i].n, depth + 1);
    }
    m->visiting = 0;
}

static double pct(int64_t a, int64_t b)
{
    return b ? 100.0 * (double)a / (double)b : 0.0;
}

static void usage(FILE *f)
{
    fprintf(f,
            "usage: %s --synth DIR --area DIR [--config NAME] [--top MODULE] [--variant M=DIR:PARAMS]...\n"
            "                 [--synth-report FILE] [--quiet] MODULE...\n"
            "Per-module area proxies (flop/RAM/ROM bits, NAND2-eq, transistors) from the netlists of\n"
            "scripts/rtl-synth.sh (SYNTH DIR) and scripts/area.sh (AREA DIR); writes AREA/area.json,\n"
            "AREA/area.csv and AREA/groups.dat and prints a table.  See docs/area.md.\n",
            prog);
}

/* the CU's totals: by module (instances x own) and by group */
struct totals {
    struct fig by_mod_total, by_grp_total, grp[NGROUPS];
    int status_ok, estimated;
    int64_t tot, tot_ff;   /* milli-NAND2, and with flip-flop register files */
};

/* totals: by module (instances x own) and by group (sum of the parts), which must agree */
static void sum_totals(struct module *mods, int n, struct totals *T)
{
    memset(T, 0, sizeof *T);
    T->status_ok = 1;
    for (int i = 0; i < n; i++) {
        struct module *m = &mods[i];
        struct fig own = module_own(m);
        fig_add(&T->by_mod_total, &own, m->instances);
        for (size_t g = 0; g < NGROUPS; g++) {
            struct fig p = module_part(m, (int)g);
            fig_add(&T->grp[g], &p, m->instances);
        }
        if (m->instances > 0 && strcmp(m->status, "ok"))
            T->status_ok = 0;
        if (m->instances > 0 && m->estimated)
            T->estimated = 1;
    }
    for (size_t g = 0; g < NGROUPS; g++)
        fig_add(&T->by_grp_total, &T->grp[g], 1);
    if (!fig_eq(&T->by_mod_total, &T->by_grp_total))
        die("internal error: the sum over groups differs from the sum over modules");
    T->tot = fig_total_mnand(&T->by_mod_total);
    T->tot_ff = T->tot + T->by_mod_total.ffrf_mnand;
}

/* cross-check with rtl-synth's flattened CU (optimized across boundaries) */
static void json_crosscheck(json_t *root, const char *report, const struct totals *T)
{
    if (report && file_exists(report)) {
        json_t *r = load_json(report);
        json_t *ct = json_object_get(r, "cu_total");
        if (ct) {
            json_t *x = json_object();
            json_object_set_new(x, "status", json_incref(json_object_get(ct, "status")));
            json_object_set_new(x, "flop_bits_flat", json_incref(json_object_get(ct, "flop_bits")));
            json_object_set_new(x, "ram_bits_flat", json_incref(json_object_get(ct, "mem_bits")));
            json_object_set_new(x, "rom_bits_flat", json_incref(json_object_get(ct, "rom_bits")));
            json_object_set_new(x, "flop_bits_hier", json_integer(T->by_mod_total.flop_bits));
            json_object_set_new(x, "ram_bits_hier", json_integer(T->by_mod_total.ram_bits));
            json_object_set_new(x, "rom_bits_hier", json_integer(T->by_mod_total.rom_bits));
            json_object_set_new(root, "flat_cu_crosscheck", x);
        }
        json_decref(r);
    }

}

/* MIAOW comparison: its categories FU / RF / remainder */
static void json_miaow(json_t *root, const struct totals *T)
{
    int gF = group_index("functional units"), gR = group_index("register files");
    int64_t fu = fig_total_mnand(&T->grp[gF]), rf = fig_total_mnand(&T->grp[gR]);
    int64_t fu_ff = fu + T->grp[gF].ffrf_mnand, rf_ff = rf + T->grp[gR].ffrf_mnand;
    json_t *mi = json_object();
    json_object_set_new(mi, "source", json_string("MIAOW (Balasubramanian et al., TACO 2015), Table VII and section 4: "
                                                  "15 mm2 CU at 32 nm, flip-flop register files"));
    json_t *mp = json_object();
    json_object_set_new(mp, "functional units", json_real(MIAOW_FU_PCT));
    json_object_set_new(mp, "register files", json_real(MIAOW_RF_PCT));
    json_object_set_new(mp, "remainder (fetch/queue/decode/schedule + others)", json_real(MIAOW_REST_PCT));
    json_object_set_new(mi, "miaow_pct", mp);
    json_object_set_new(mi, "miaow_total_mm2", json_real(MIAOW_TOTAL_MM2));
    json_t *op = json_object();
    json_object_set_new(op, "functional units", json_real(pct(fu, T->tot)));
    json_object_set_new(op, "register files", json_real(pct(rf, T->tot)));
    json_object_set_new(op, "remainder", json_real(pct(T->tot - fu - rf, T->tot)));
    json_object_set_new(mi, "sicu_pct", op);
    json_t *of = json_object();
    json_object_set_new(of, "functional units", json_real(pct(fu_ff, T->tot_ff)));
    json_object_set_new(of, "register files", json_real(pct(rf_ff, T->tot_ff)));
    json_object_set_new(of, "remainder", json_real(pct(T->tot_ff - fu_ff - rf_ff, T->tot_ff)));
    json_object_set_new(mi, "sicu_pct_ff_regfiles", of);
    json_object_set_new(root, "miaow_comparison", mi);

}

/* area.json: weights, modules, groups, total, cross-check, MIAOW comparison */
static void write_json(const char *area, const char *config, const char *top, const char *report,
                       struct module *mods, int n, const struct totals *T)
{
    json_t *root = json_object();
    json_object_set_new(root, "config", json_string(config));
    json_object_set_new(root, "top", json_string(top));
    json_object_set_new(root, "status", json_string(T->status_ok ? "ok" : "synthesis-not-ok"));
    json_object_set_new(root, "T->estimated", json_boolean(T->estimated));
    json_t *wt = json_object();
    json_t *gw = json_object();
    for (size_t i = 0; i < sizeof gate_weights / sizeof gate_weights[0]; i++)
        json_object_set_new(gw, gate_weights[i].type, jmnand(gate_weights[i].mnand));
    json_object_set_new(wt, "nand2_per_gate", gw);
    json_object_set_new(wt, "nand2_per_flop_bit", jmnand(FLOP_MNAND));
    json_object_set_new(wt, "nand2_per_ram_bit", jmnand(RAM_BIT_MNAND));
    json_object_set_new(wt, "nand2_per_rom_bit", jmnand(ROM_BIT_MNAND));
    json_object_set_new(wt, "transistors_per_ram_bit", json_integer(RAM_BIT_T));
    json_object_set_new(wt, "transistors_per_rom_bit", json_integer(ROM_BIT_T));
    json_object_set_new(wt, "ff_regfile_nand2_per_bit", json_string("flop + MUX2 x (read ports + write ports)"));
    json_object_set_new(root, "weights", wt);

    json_t *jm = json_object();
    for (int i = 0; i < n; i++) {
        struct module *m = &mods[i];
        json_t *o = json_object();
        struct fig own = module_own(m);
        json_object_set_new(o, "group", json_string(group_order[m->grp]));
        json_object_set_new(o, "status", json_string(m->status));
        json_object_set_new(o, "level", json_string(m->level ? m->level : ""));
        json_object_set_new(o, "T->estimated", json_boolean(m->estimated));
        if (m->params)
            json_object_set_new(o, "params", json_string(m->params));
        json_object_set_new(o, "instances", json_integer(m->instances));
        json_object_set_new(o, "own", fig_json(&own));
        struct fig all;
        memset(&all, 0, sizeof all);
        fig_add(&all, &own, m->instances);
        json_object_set_new(o, "all_instances", fig_json(&all));
        json_t *parts = json_object();
        for (size_t g = 0; g < NGROUPS; g++) {
            struct fig p = module_part(m, (int)g);
            struct fig z;
            memset(&z, 0, sizeof z);
            if (!fig_eq(&p, &z))
                json_object_set_new(parts, group_order[g], fig_json(&p));
        }
        json_object_set_new(o, "own_by_group", parts);
        json_object_set_new(o, "synth_cells", json_integer(m->synth_cells));
        json_object_set_new(o, "synth_flop_bits", json_integer(m->synth_flops));
        json_object_set_new(o, "yosys_cmos_estimate", json_string(m->yosys_cmos));
        json_object_set_new(o, "cells_without_transistor_estimate_by_type", counts_json(m->unknown, m->n_unknown));
        json_object_set_new(o, "cells_without_nand2_weight_by_type", counts_json(m->unweighted, m->n_unweighted));
        if (m->abc_nand >= 0) {
            json_t *a = json_object();
            json_object_set_new(a, "nand", json_integer(m->abc_nand));
            json_object_set_new(a, "not", json_integer(m->abc_not));
            json_object_set_new(a, "other", json_integer(m->abc_other));
            json_object_set_new(a, "nand2_logic", jmnand(m->abc_mnand));
            json_object_set_new(o, "abc_nand", a);
        }
        json_t *ml = json_array();
        for (int j = 0; j < m->n_mems; j++) {
            struct mem *x = &m->mems[j];
            json_t *mo = json_object();
            json_object_set_new(mo, "name", json_string(x->name));
            json_object_set_new(mo, "kind", json_string(x->rom ? "rom" : "ram"));
            json_object_set_new(mo, "rows", json_integer(x->size));
            json_object_set_new(mo, "width", json_integer(x->width));
            json_object_set_new(mo, "bits", json_integer(x->bits));
            json_object_set_new(mo, "rd_ports", json_integer(x->rd_ports));
            json_object_set_new(mo, "wr_ports", json_integer(x->wr_ports));
            json_object_set_new(mo, "group", json_string(group_order[x->grp]));
            json_array_append_new(ml, mo);
        }
        json_object_set_new(o, "memories", ml);
        json_object_set_new(o, "children", counts_json(m->children, m->n_children));
        json_object_set_new(jm, m->name, o);
    }
    json_object_set_new(root, "modules", jm);
    json_t *jg = json_object();
    for (size_t g = 0; g < NGROUPS; g++) {
        json_t *o = fig_json(&T->grp[g]);
        json_object_set_new(o, "share_pct", json_real(pct(fig_total_mnand(&T->grp[g]), T->tot)));
        json_object_set_new(o, "share_pct_ff_regfiles",
                            json_real(pct(fig_total_mnand(&T->grp[g]) + T->grp[g].ffrf_mnand, T->tot_ff)));
        json_t *mem = json_array();
        for (int i = 0; i < n; i++) {
            struct fig p = module_part(&mods[i], (int)g);
            struct fig z;
            memset(&z, 0, sizeof z);
            if (!fig_eq(&p, &z) && mods[i].instances)
                json_array_append_new(mem, json_string(mods[i].name));
        }
        json_object_set_new(o, "modules", mem);
        json_object_set_new(jg, group_order[g], o);
    }
    json_object_set_new(root, "groups", jg);
    json_object_set_new(root, "total", fig_json(&T->by_mod_total));

    json_crosscheck(root, report, T);
    json_miaow(root, T);
    char *jp = path_join(area, "area", ".json");
    if (json_dump_file(root, jp, JSON_INDENT(1) | JSON_SORT_KEYS | JSON_REAL_PRECISION(10)))
        die("%s: cannot write", jp);

}

/* area.csv (modules, groups, total) and groups.dat (gnuplot) */
static void write_csv_dat(const char *area, const char *config, const char *top, struct module *mods, int n,
                          const struct totals *T)
{
    char *cp = path_join(area, "area", ".csv");
    FILE *f = fopen(cp, "w");
    if (!f)
        die("%s: %s", cp, strerror(errno));
    fprintf(f, "kind,name,group,instances,logic_cells,flop_bits,ram_bits,rom_bits,nand2_logic,nand2_flops,"
               "nand2_ram,nand2_rom,nand2_total,transistors,cells_without_transistor_estimate,share_pct,T->estimated\n");
#define CSV_FIG(fp)                                                                                         \
    (long long)(fp)->logic_cells, (long long)(fp)->flop_bits, (long long)(fp)->ram_bits,                   \
        (long long)(fp)->rom_bits, (fp)->logic_mnand / 1000.0, (fp)->flop_mnand / 1000.0,                  \
        (fp)->ram_mnand / 1000.0, (fp)->rom_mnand / 1000.0, fig_total_mnand(fp) / 1000.0,                  \
        (long long)(fp)->transistors, (long long)(fp)->cmos_unknown
    for (int i = 0; i < n; i++) {
        struct module *m = &mods[i];
        struct fig all, own = module_own(m);
        memset(&all, 0, sizeof all);
        fig_add(&all, &own, m->instances);
        fprintf(f, "module,%s,%s,%lld,%lld,%lld,%lld,%lld,%.3f,%.3f,%.3f,%.3f,%.3f,%lld,%lld,%.3f,%d\n", m->name,
                group_order[m->grp], (long long)m->instances, CSV_FIG(&all), pct(fig_total_mnand(&all), T->tot),
                m->estimated);
    }
    for (size_t g = 0; g < NGROUPS; g++)
        fprintf(f, "group,%s,%s,,%lld,%lld,%lld,%lld,%.3f,%.3f,%.3f,%.3f,%.3f,%lld,%lld,%.3f,\n", group_order[g],
                group_order[g], CSV_FIG(&T->grp[g]), pct(fig_total_mnand(&T->grp[g]), T->tot));
    fprintf(f, "total,%s,,1,%lld,%lld,%lld,%lld,%.3f,%.3f,%.3f,%.3f,%.3f,%lld,%lld,100.000,%d\n", top,
            CSV_FIG(&T->by_mod_total), T->estimated);
    fclose(f);

    /* ---- groups.dat for gnuplot: group, logic+flops, RAM+ROM (kNAND2-eq), share */
    char *dp = path_join(area, "groups", ".dat");
    f = fopen(dp, "w");
    if (!f)
        die("%s: %s", dp, strerror(errno));
    fprintf(f, "# group logic_flops_knand2 memory_knand2 share_pct (config %s)\n", config);
    for (size_t g = 0; g < NGROUPS; g++)
        fprintf(f, "\"%s\" %.3f %.3f %.1f\n", group_order[g], (T->grp[g].logic_mnand + T->grp[g].flop_mnand) / 1e6,
                (T->grp[g].ram_mnand + T->grp[g].rom_mnand) / 1e6, pct(fig_total_mnand(&T->grp[g]), T->tot));
    fclose(f);

}

/* the table on stdout */
static void print_table(const char *config, struct module *mods, int n, const struct totals *T)
{
    int gF = group_index("functional units"), gR = group_index("register files");
    int64_t fu = fig_total_mnand(&T->grp[gF]), rf = fig_total_mnand(&T->grp[gR]);
    int64_t fu_ff = fu + T->grp[gF].ffrf_mnand, rf_ff = rf + T->grp[gR].ffrf_mnand;
    printf("sicu area proxies, config %s (NAND2-eq: gates by weight table, flops x%.3f, RAM bits x%.2f, "
           "ROM bits x%.2f)\n\n",
           config, FLOP_MNAND / 1000.0, RAM_BIT_MNAND / 1000.0, ROM_BIT_MNAND / 1000.0);
    printf("%-12s %-28s %4s %10s %9s %10s %9s %12s %12s %12s %7s\n", "module", "group", "inst", "logic cells",
           "flop bits", "RAM bits", "ROM bits", "NAND2 own", "NAND2 all", "transistors", "share");
    for (int i = 0; i < n; i++) {
        struct module *m = &mods[i];
        struct fig all, own = module_own(m);
        memset(&all, 0, sizeof all);
        fig_add(&all, &own, m->instances);
        printf("%-12s %-28s %4lld %10lld %9lld %10lld %9lld %12.0f %12.0f %12lld %6.1f%%%s%s\n", m->name,
               group_order[m->grp], (long long)m->instances, (long long)own.logic_cells, (long long)own.flop_bits,
               (long long)own.ram_bits, (long long)own.rom_bits, fig_total_mnand(&own) / 1000.0,
               fig_total_mnand(&all) / 1000.0, (long long)all.transistors, pct(fig_total_mnand(&all), T->tot),
               m->estimated ? " (T->estimated)" : "", strcmp(m->status, "ok") ? " (synthesis not ok)" : "");
    }
    printf("\n%-28s %12s %12s %12s %12s %12s %7s %9s\n", "group (all instances)", "NAND2 logic", "NAND2 flops",
           "NAND2 RAM", "NAND2 ROM", "NAND2 total", "share", "share-FF");
    for (size_t g = 0; g < NGROUPS; g++)
        printf("%-28s %12.0f %12.0f %12.0f %12.0f %12.0f %6.1f%% %8.1f%%\n", group_order[g],
               T->grp[g].logic_mnand / 1000.0, T->grp[g].flop_mnand / 1000.0, T->grp[g].ram_mnand / 1000.0,
               T->grp[g].rom_mnand / 1000.0, fig_total_mnand(&T->grp[g]) / 1000.0, pct(fig_total_mnand(&T->grp[g]), T->tot),
               pct(fig_total_mnand(&T->grp[g]) + T->grp[g].ffrf_mnand, T->tot_ff));
    printf("%-28s %12.0f %12.0f %12.0f %12.0f %12.0f %6.1f%% %8.1f%%\n", "CU total", T->by_mod_total.logic_mnand / 1000.0,
           T->by_mod_total.flop_mnand / 1000.0, T->by_mod_total.ram_mnand / 1000.0, T->by_mod_total.rom_mnand / 1000.0,
           T->tot / 1000.0, 100.0, 100.0);
    printf("\nCU total: %lld logic cells, %lld flop bits, %lld RAM bits, %lld ROM bits, %.0f NAND2-eq, "
           "%lld transistors (%lld cells without estimate)%s\n",
           (long long)T->by_mod_total.logic_cells, (long long)T->by_mod_total.flop_bits, (long long)T->by_mod_total.ram_bits,
           (long long)T->by_mod_total.rom_bits, T->tot / 1000.0, (long long)T->by_mod_total.transistors,
           (long long)T->by_mod_total.cmos_unknown, T->estimated ? " [includes T->estimated figures]" : "");
    printf("share-FF: the shares if every RAM were a flip-flop array (flop + MUX2 per bit and port), as in MIAOW\n");
    printf("\nMIAOW (15 mm2, 32 nm, flip-flop RFs): functional units %.0f%%, register files %.0f%%, rest %.0f%%\n",
           MIAOW_FU_PCT, MIAOW_RF_PCT, MIAOW_REST_PCT);
    printf("sicu  (SRAM bit cells)            : functional units %.1f%%, register files %.1f%%, rest %.1f%%\n",
           pct(fu, T->tot), pct(rf, T->tot), pct(T->tot - fu - rf, T->tot));
    printf("sicu  (flip-flop RFs, what-if)    : functional units %.1f%%, register files %.1f%%, rest %.1f%%\n",
           pct(fu_ff, T->tot_ff), pct(rf_ff, T->tot_ff), pct(T->tot_ff - fu_ff - rf_ff, T->tot_ff));
    for (int i = 0; i < n; i++)
        if (mods[i].cmos_unknown && mods[i].instances) {
            printf("cells without a transistor estimate in %s:", mods[i].name);
            for (int j = 0; j < mods[i].n_unknown; j++)
                printf(" %s x%lld", mods[i].unknown[j].type, (long long)mods[i].unknown[j].n);
            printf("\n");
        }
    for (int i = 0; i < n; i++)
        if (mods[i].unweighted_cells && mods[i].instances)
            printf("cells without a NAND2 weight in %s: %lld\n", mods[i].name, (long long)mods[i].unweighted_cells);
}

int main(int argc, char **argv)
{
    const char *synth = NULL, *area = NULL, *config = "?", *top = "sicu_cu", *report = NULL;
    int quiet = 0;
    char **variants = NULL;
    int n_variants = 0;
    static const struct option opts[] = {
        {"synth", required_argument, 0, 's'}, {"area", required_argument, 0, 'a'},
        {"config", required_argument, 0, 'c'}, {"top", required_argument, 0, 't'},
        {"variant", required_argument, 0, 'V'}, {"synth-report", required_argument, 0, 'r'},
        {"quiet", no_argument, 0, 'q'}, {"help", no_argument, 0, 'h'}, {0, 0, 0, 0},
    };
    int c;
    while ((c = getopt_long(argc, argv, "s:a:c:t:V:r:qh", opts, NULL)) != -1) {
        switch (c) {
        case 's': synth = optarg; break;
        case 'a': area = optarg; break;
        case 'c': config = optarg; break;
        case 't': top = optarg; break;
        case 'r': report = optarg; break;
        case 'q': quiet = 1; break;
        case 'V':
            variants = realloc(variants, (size_t)(n_variants + 1) * sizeof *variants);
            if (!variants)
                die("out of memory");
            variants[n_variants++] = optarg;
            break;
        case 'h': usage(stdout); return 0;
        default: usage(stderr); return 2;
        }
    }
    if (!synth || !area || optind >= argc) {
        usage(stderr);
        return 2;
    }
    int n = argc - optind;
    struct module *mods = xcalloc((size_t)n, sizeof *mods);
    for (int i = 0; i < n; i++) {
        struct module *m = &mods[i];
        m->name = xstrdup(argv[optind + i]);
        m->dir_synth = xstrdup(synth);
        m->dir_area = xstrdup(area);
        for (int j = 0; j < n_variants; j++) {
            size_t l = strlen(m->name);
            if (!strncmp(variants[j], m->name, l) && variants[j][l] == '=') {
                char *d = xstrdup(variants[j] + l + 1);
                char *colon = strchr(d, ':');
                if (!colon)
                    die("--variant %s: expected M=DIR:PARAMS", variants[j]);
                *colon = 0;
                m->dir_synth = d;
                m->dir_area = d;
                m->params = xstrdup(colon + 1);
            }
        }
        load_module(m);
    }
    struct module *topm = find_module(mods, n, top);
    if (!topm)
        die("top module %s not among the modules given", top);
    count_instances(mods, n, topm, 1, 0);

    struct totals T;
    sum_totals(mods, n, &T);
    write_json(area, config, top, report, mods, n, &T);
    write_csv_dat(area, config, top, mods, n, &T);
    if (!quiet)
        print_table(config, mods, n, &T);
    return 0;
}
