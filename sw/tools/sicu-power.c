/* sicu-power: per-module power proxies of RTL runs (docs/power.md).
 *
 *   sicu-power AREA.json OUTDIR NAME=ACTIVITY.json...
 *
 * AREA.json: `make area` (per module: group, instances, NAND2-equivalents of
 * logic, flops and memories for all instances).  ACTIVITY.json: `sicu run
 * --engine rtl --activity` of one program each.  Per program and module:
 *
 *   dynamic  = alpha(m) x (NAND2 logic + NAND2 flops of all instances of m)
 *              + memory bits accessed per cycle x 0.5 x NAND2 per RAM bit
 *   static   = NAND2 total of all instances of m (logic, flops, memories)
 *
 * alpha(m) is the module's activity factor (bit changes per traced bit per
 * cycle); memory accesses come from the RTL counters: VGPR row reads and
 * writes (LANES x 32 bits each) -> vgpr_bank, LDS accesses (32 bits) -> the
 * LDS part of lsu, SGPR writes (64 bits) -> sgpr_file; 0.5 = the assumed
 * fraction of accessed bits that switch.  Both are in NAND2-equivalent gate
 * toggles per cycle: relative figures, normalized per program.
 * Writes OUTDIR/power.json, power.csv, groups.dat (for gnuplot) and a table. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#define MAXG 8
#define MAXP 32
static const char *miaow_groups[] = {"fetch/queue/decode/schedule", "functional units", "register files"};
static const double miaow_power_pct[] = {12, 56, 20};   /* MIAOW paper, CU power breakdown (approx.) */

static double num(json_t *o, const char *k)
{
    json_t *v = json_object_get(o, k);
    return json_is_number(v) ? json_number_value(v) : 0.0;
}

static int die(const char *fmt, const char *a)
{
    fprintf(stderr, "sicu-power: ");
    fprintf(stderr, fmt, a);
    fputc('\n', stderr);
    return 1;
}

int main(int argc, char **argv)
{
    if (argc < 4) {
        fprintf(stderr, "usage: sicu-power AREA.json OUTDIR NAME=ACTIVITY.json...\n");
        return 2;
    }
    json_error_t je;
    json_t *area = json_load_file(argv[1], 0, &je);
    if (!area)
        return die("cannot read the area report %s (make area)", argv[1]);
    json_t *amods = json_object_get(area, "modules");
    json_t *weights = json_object_get(area, "weights");
    double ram_w = num(weights, "nand2_per_ram_bit");
    if (!json_is_object(amods) || ram_w <= 0)
        return die("%s: no modules/weights (not a make area report?)", argv[1]);
    const char *outdir = argv[2];
    int np = argc - 3;
    if (np > MAXP)
        return die("at most %s programs", "32");

    /* groups in first-seen order */
    const char *groups[MAXG];
    int ng = 0;
    const char *mk;
    json_t *mv;
    json_object_foreach(amods, mk, mv) {
        const char *g = json_string_value(json_object_get(mv, "group"));
        if (!g)
            continue;
        int k;
        for (k = 0; k < ng && strcmp(groups[k], g); k++)
            ;
        if (k == ng && ng < MAXG)
            groups[ng++] = g;
    }

    json_t *root = json_object(), *progs = json_object();
    json_object_set_new(root, "area_report", json_string(argv[1]));
    json_t *acfg = json_object_get(area, "config");
    json_object_set_new(root, "area_config", acfg ? json_incref(acfg) : json_null());
    json_object_set_new(root, "formula",
                        json_string("dynamic(m) = activity_factor(m) x NAND2(logic+flops, all instances) + memory bits "
                                    "accessed per cycle x 0.5 x NAND2 per RAM bit; static(m) = NAND2 "
                                    "total (all instances); "
                                    "NAND2-equivalent toggles per cycle, normalized per program"));
    char path[4096];
    snprintf(path, sizeof path, "%s/power.csv", outdir);
    FILE *csv = fopen(path, "w");
    snprintf(path, sizeof path, "%s/groups.dat", outdir);
    FILE *dat = fopen(path, "w");
    if (!csv || !dat)
        return die("cannot write into %s", outdir);
    fprintf(csv, "program,module,group,instances,activity_factor,dynamic_logic,dynamic_memory,dynamic,static,"
                 "dynamic_pct,static_pct\n");
    fprintf(dat, "program");
    for (int g = 0; g < ng; g++)
        fprintf(dat, "\t\"%s\"", groups[g]);
    fprintf(dat, "\n");
    int rc = 0;
    for (int p = 0; p < np; p++) {
        char name[256];
        const char *eq = strchr(argv[3 + p], '=');
        if (!eq)
            return die("expected NAME=ACTIVITY.json, got %s", argv[3 + p]);
        snprintf(name, sizeof name, "%.*s", (int)(eq - argv[3 + p]), argv[3 + p]);
        json_t *act = json_load_file(eq + 1, 0, &je);
        if (!act)
            return die("cannot read the activity report %s", eq + 1);
        json_t *acts = json_object_get(act, "modules"), *cnt = json_object_get(act, "counters");
        double cyc = num(act, "cycles"), lanes = num(act, "lanes");
        if (cyc <= 0 || lanes <= 0 || !json_is_object(acts))
            return die("%s: not an activity report (sicu run --activity)", eq + 1);
        /* memory bits accessed per cycle, by owning module */
        double vgpr_b = (num(cnt, "vgpr_row_reads") + num(cnt, "vgpr_row_writes")) * lanes * 32 / cyc;
        double lds_b = num(cnt, "lds_accesses") * 32 / cyc;
        double sgpr_b = num(cnt, "sgpr_writes") * 64 / cyc;
        double dyn_tot = 0, st_tot = 0, gd[MAXG] = {0}, gs[MAXG] = {0};
        json_t *pm = json_object();
        json_object_foreach(amods, mk, mv) {
            json_t *all = json_object_get(mv, "all_instances");
            const char *g = json_string_value(json_object_get(mv, "group"));
            json_t *am = json_object_get(acts, mk);
            if (!am) {
                fprintf(stderr, "sicu-power: %s: module %s has no activity (not in the run's model?)\n", name, mk);
                rc = 1;
            }
            double alpha = num(am, "activity_factor");
            double lf = num(all, "nand2_logic") + num(all, "nand2_flops");
            double mem_b = !strcmp(mk, "vgpr_bank") ? vgpr_b : !strcmp(mk, "lds") ? lds_b :
                           !strcmp(mk, "sgpr_file") ? sgpr_b : 0;
            double dl = alpha * lf, dm = mem_b * 0.5 * ram_w, st = num(all, "nand2_total");
            json_t *o = json_pack("{s:s?,s:I,s:f,s:f,s:f,s:f,s:f,s:f}", "group", g, "instances",
                                  (json_int_t)num(mv, "instances"), "activity_factor", alpha, "nand2_logic_flops", lf,
                                  "dynamic_logic", dl, "dynamic_memory", dm, "dynamic", dl + dm, "static", st);
            json_object_set_new(pm, mk, o);
            dyn_tot += dl + dm;
            st_tot += st;
            for (int k = 0; k < ng; k++)
                if (g && !strcmp(g, groups[k])) {
                    gd[k] += dl + dm;
                    gs[k] += st;
                }
        }
        json_object_foreach(pm, mk, mv) {
            double d = num(mv, "dynamic"), s = num(mv, "static");
            json_object_set_new(mv, "dynamic_pct", json_real(dyn_tot > 0 ? 100 * d / dyn_tot : 0));
            json_object_set_new(mv, "static_pct", json_real(st_tot > 0 ? 100 * s / st_tot : 0));
            fprintf(csv, "%s,%s,%s,%lld,%.6g,%.6g,%.6g,%.6g,%.6g,%.3f,%.3f\n", name, mk,
                    json_string_value(json_object_get(mv, "group")), (long long)num(mv, "instances"),
                    num(mv, "activity_factor"), num(mv, "dynamic_logic"), num(mv, "dynamic_memory"), d, s,
                    num(mv, "dynamic_pct"), num(mv, "static_pct"));
        }
        json_t *pg = json_object();
        printf("%s (%.0f cycles): dynamic power proxy %.4g NAND2-toggles/cycle, static proxy %.4g NAND2\n", name, cyc,
               dyn_tot, st_tot);
        printf("  %-30s %9s %9s %9s\n", "group", "dynamic%", "static%", "MIAOW%");
        fprintf(dat, "\"%s\"", name);
        for (int k = 0; k < ng; k++) {
            double dp = dyn_tot > 0 ? 100 * gd[k] / dyn_tot : 0, sp = st_tot > 0 ? 100 * gs[k] / st_tot : 0;
            json_object_set_new(pg, groups[k], json_pack("{s:f,s:f,s:f,s:f}", "dynamic", gd[k], "static", gs[k],
                                                          "dynamic_pct", dp, "static_pct", sp));
            char mi[16] = "-";
            for (size_t j = 0; j < sizeof miaow_groups / sizeof miaow_groups[0]; j++)
                if (!strcmp(groups[k], miaow_groups[j]))
                    snprintf(mi, sizeof mi, "~%.0f", miaow_power_pct[j]);
            printf("  %-30s %9.1f %9.1f %9s\n", groups[k], dp, sp, mi);
            fprintf(dat, "\t%.4f", dp);
        }
        fprintf(dat, "\n");
        json_object_set_new(progs, name, json_pack("{s:s,s:f,s:f,s:f,s:o,s:o}", "activity", eq + 1, "cycles", cyc,
                                                   "dynamic_total", dyn_tot, "static_total", st_tot, "groups", pg,
                                                   "modules", pm));
        json_decref(act);
    }
    json_t *mg = json_object();
    for (size_t j = 0; j < sizeof miaow_groups / sizeof miaow_groups[0]; j++)
        json_object_set_new(mg, miaow_groups[j], json_real(miaow_power_pct[j]));
    json_object_set_new(root, "miaow_power_pct", mg);
    json_object_set_new(root, "programs", progs);
    snprintf(path, sizeof path, "%s/power.json", outdir);
    if (json_dump_file(root, path, JSON_INDENT(1) | JSON_SORT_KEYS) != 0)
        return die("cannot write %s", path);
    if (fclose(csv) || fclose(dat))
        return die("write error in %s", outdir);
    json_decref(root);
    json_decref(area);
    return rc;
}
