/* sicu: turn the CU configuration file (rtl/config/NAME.cfg) into the Verilog
 * and C headers, so that the RTL, the harness and the dispatcher never
 * disagree on a parameter.
 *
 *   gen_config CONFIG.cfg OUT.vh OUT.h
 *
 * Every known key must be present exactly once; unknown keys, missing
 * keys, non-integers and inconsistent values are errors (file:line). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const struct key { const char *name; long lo, hi; } keys[] = {
    { "WAVES", 1, 64 },        { "SIMDS", 1, 4 },          { "LANES", 4, 64 },
    { "VGPR_ROWS", 8, 1024 },  { "SGPR_ROWS", 16, 8192 },  { "LDS_BYTES", 256, 65536 },
    { "IB_DEPTH", 1, 8 },      { "LSU_QDEPTH", 1, 16 },    { "VALU_LATENCY", 0, 16 },
    { "IMEM_LATENCY", 1, 1000 }, { "MEM_LATENCY", 1, 10000 },
    { "WATCHDOG_CYCLES", 100, 1000000000 },
};
#define NKEYS (sizeof keys / sizeof keys[0])

static int is_pow2(long v) { return v > 0 && (v & (v - 1)) == 0; }

int main(int argc, char **argv)
{
    long val[NKEYS];
    int seen[NKEYS] = { 0 };
    if (argc != 4) {
        fprintf(stderr, "usage: gen_config CONFIG.cfg OUT.vh OUT.h\n");
        return 2;
    }
    FILE *f = fopen(argv[1], "r");
    if (!f) {
        fprintf(stderr, "%s: %s\n", argv[1], strerror(errno));
        return 1;
    }
    char line[512];
    int ln = 0;
    while (fgets(line, sizeof line, f)) {
        ln++;
        char *h = strchr(line, '#');
        if (h)
            *h = 0;
        char name[64], rest[128];
        long v;
        int n = sscanf(line, "%63s %127s", name, rest);
        if (n <= 0)
            continue;
        char *end;
        if (n != 2 || (v = strtol(rest, &end, 0), *end)) {
            fprintf(stderr, "%s:%d: expected 'NAME INTEGER'\n", argv[1], ln);
            return 1;
        }
        unsigned k;
        for (k = 0; k < NKEYS && strcmp(keys[k].name, name); k++)
            ;
        if (k == NKEYS) {
            fprintf(stderr, "%s:%d: unknown parameter '%s'\n", argv[1], ln, name);
            return 1;
        }
        if (seen[k]++) {
            fprintf(stderr, "%s:%d: '%s' given twice\n", argv[1], ln, name);
            return 1;
        }
        if (v < keys[k].lo || v > keys[k].hi) {
            fprintf(stderr, "%s:%d: %s = %ld is outside [%ld, %ld]\n", argv[1], ln, name, v, keys[k].lo,
                    keys[k].hi);
            return 1;
        }
        val[k] = v;
    }
    fclose(f);
    for (unsigned k = 0; k < NKEYS; k++)
        if (!seen[k]) {
            fprintf(stderr, "%s: parameter '%s' is missing\n", argv[1], keys[k].name);
            return 1;
        }
#define V(i) val[i]
    if (64 % V(2) || !is_pow2(V(2))) {
        fprintf(stderr, "%s: LANES must be a power of two dividing 64\n", argv[1]);
        return 1;
    }
    if (!is_pow2(V(3)) || !is_pow2(V(4)) || !is_pow2(V(5))) {
        fprintf(stderr, "%s: VGPR_ROWS, SGPR_ROWS and LDS_BYTES must be powers of two\n", argv[1]);
        return 1;
    }
    FILE *vh = fopen(argv[2], "w"), *ch = fopen(argv[3], "w");
    if (!vh || !ch) {
        fprintf(stderr, "cannot write the generated headers\n");
        return 1;
    }
    fprintf(vh, "// Generated from %s by sw/gen/gen_config.c - do not edit.\n`ifndef SICU_CONFIG_VH\n`define SICU_CONFIG_VH\n", argv[1]);
    fprintf(ch, "/* Generated from %s by sw/gen/gen_config.c - do not edit. */\n#ifndef SICU_CONFIG_H\n#define SICU_CONFIG_H\n#define SICU_CFG_FILE \"%s\"\n", argv[1], argv[1]);
    for (unsigned k = 0; k < NKEYS; k++) {
        fprintf(vh, "`define SICU_%s %ld\n", keys[k].name, val[k]);
        fprintf(ch, "#define SICU_%s %ld\n", keys[k].name, val[k]);
    }
    fprintf(vh, "`endif\n");
    fprintf(ch, "#endif\n");
    fclose(vh);
    fclose(ch);
    return 0;
}
