/* sicu: turn the CU configuration file (rtl/config/NAME.cfg) into the Verilog
 * and C headers, so that the RTL, the harness and the dispatcher never
 * disagree on a parameter.
 *
 *   gen_config CONFIG.cfg OUT.vh OUT.h
 *   gen_config --list          the key table (name, kind, values, default, doc)
 *
 * Two kinds of keys, all declared once in the table below:
 *   sizes     integers in [lo, hi]; every size must be given exactly once;
 *   features  bool (off|on) or enum (one of the listed names); optional,
 *             default off / the first value.  A value whose implementation
 *             is missing (its bit clear in `impl`) is rejected.
 * Unknown keys, duplicates, bad values and inconsistent sizes are errors
 * with file:line.  Outputs:
 *   OUT.vh  `define SICU_<SIZE> n, `define SICU_FEAT_<FEATURE> index and,
 *           for enums, `define SICU_<FEATURE>_<VALUE> index;
 *   OUT.h   the same #defines plus sicu_cfg_table[][3] (name, value, kind)
 *           so C code can print the configuration.
 * The first line of both names the configuration file (scripts read it). */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum kind { K_SIZE, K_BOOL, K_ENUM };

static const char *const bool_values[] = {"off", "on", NULL};
static const char *const dmr_values[] = {"off", "intra", "inter", "enhanced", NULL};
static const char *const dmr_cluster_values[] = {"4", "8", "16", NULL};
static const char *const dmr_map_values[] = {"identity", "cross", NULL};
static const char *const rfv_policy_values[] = {"packed", "roundrobin", NULL};

static const struct key {
    const char *name;
    enum kind kind;
    long lo, hi;                 /* K_SIZE: allowed range                              */
    const char *const *values;   /* K_BOOL/K_ENUM: value names; the index is the value */
    unsigned impl;               /* K_BOOL/K_ENUM: bit v set = value v is implemented  */
    const char *doc;
} keys[] = {
    {"WAVES", K_SIZE, 1, 64, NULL, 0, "wave slots in the CU"},
    {"SIMDS", K_SIZE, 1, 4, NULL, 0, "SIMD units; wave slot k is bound to SIMD k % SIMDS"},
    {"LANES", K_SIZE, 4, 64, NULL, 0, "lanes per SIMD (a power of two dividing 64)"},
    {"VGPR_ROWS", K_SIZE, 8, 1024, NULL, 0, "VGPR rows per SIMD (x 64 lanes x 32 bits; a power of two)"},
    {"SGPR_ROWS", K_SIZE, 16, 8192, NULL, 0, "physical SGPRs in the CU, shared by all waves (a power of two)"},
    {"LDS_BYTES", K_SIZE, 256, 65536, NULL, 0, "LDS bytes per CU (a power of two)"},
    {"IB_DEPTH", K_SIZE, 1, 8, NULL, 0, "decoded-instruction buffer entries per wave"},
    {"LSU_QDEPTH", K_SIZE, 1, 16, NULL, 0, "LSU instruction queue entries"},
    {"LSU_ATOMQ", K_SIZE, 1, 16, NULL, 0, "LSU atomic return queue entries (32-bit buffer atomics waiting for their responses)"},
    {"VALU_LATENCY", K_SIZE, 0, 16, NULL, 0, "extra pipeline cycles after the last SIMD pass"},
    {"IMEM_LATENCY", K_SIZE, 1, 1000, NULL, 0, "instruction-memory latency (cycles, harness model)"},
    {"VMEM_INFLIGHT", K_SIZE, 1, 64, NULL, 0, "vector memory instructions in flight in vmem.v (a power of two)"},
    {"VMEM_REQS", K_SIZE, 4, 1024, NULL, 0, "line requests outstanding in vmem.v (a power of two)"},
    {"SMEM_QUEUE", K_SIZE, 1, 16, NULL, 0, "scalar loads queued in smem.v (a power of two)"},
    {"L1_BYTES", K_SIZE, 0, 1048576, NULL, 0, "vector L1 cache bytes, 64-byte lines (0: none; harness model)"},
    {"L1_WAYS", K_SIZE, 1, 256, NULL, 0, "vector L1 associativity (harness model)"},
    {"L1_LATENCY", K_SIZE, 1, 10000, NULL, 0, "vector L1 hit latency (cycles, harness model)"},
    {"SCACHE_BYTES", K_SIZE, 0, 1048576, NULL, 0, "scalar cache bytes, 64-byte lines, 4 ways (0: none; harness model)"},
    {"SCACHE_LATENCY", K_SIZE, 1, 10000, NULL, 0, "scalar cache hit latency (cycles, harness model)"},
    {"L2_BYTES", K_SIZE, 0, 67108864, NULL, 0, "L2 bytes, 64-byte lines, 16 ways (0: none; harness model)"},
    {"L2_LATENCY", K_SIZE, 0, 10000, NULL, 0, "L2 latency added to an L1 miss (cycles, harness model)"},
    {"L2_LINE_CYCLES", K_SIZE, 1, 1000, NULL, 0, "cycles per 64-byte line through the L2 (bandwidth, harness model)"},
    {"MEM_LATENCY", K_SIZE, 1, 10000, NULL, 0, "memory latency beyond the caches (cycles, harness model)"},
    {"MEM_LINE_CYCLES", K_SIZE, 1, 1000, NULL, 0, "cycles per 64-byte line to or from memory (bandwidth, harness model)"},
    {"WATCHDOG_CYCLES", K_SIZE, 100, 1000000000, NULL, 0, "cycles without a retirement before a hang is reported"},
    /* features: value 0 (off / the first value) is the baseline CU */
    {"RFV", K_BOOL, 0, 0, bool_values, 1u << 0 | 1u << 1,
     "register-file virtualization (docs/rfv.md): each SIMD's VGPR rows mapped on demand to {wave, VGPR} "
     "(rtl/rfv_map.v) and released by the metadata of sicu rfv"},
    {"DMR", K_ENUM, 0, 0, dmr_values, 15u,
     "Warped-DMR redundant execution: intra (idle lanes check active ones, rtl/simd_dmr.v); "
     "inter (intra, and a full-EXEC instruction replayed in idle cycles from a ReplayQ, rtl/simd_rq.v); "
     "enhanced (inter for every pass with a lane intra leaves unchecked: full coverage)"},
    {"DMR_RQ", K_SIZE, 1, 32, NULL, 0,
     "Warped-DMR inter/enhanced: ReplayQ entries (wave instructions) per SIMD; sicu run --dmr-rq N uses fewer"},
    {"DMR_CLUSTER", K_ENUM, 0, 0, dmr_cluster_values, 7u,
     "Warped-DMR: lanes per forwarding cluster (an idle lane checks an active lane of its cluster; <= LANES)"},
    {"DMR_MAP", K_ENUM, 0, 0, dmr_map_values, 3u,
     "Warped-DMR: work-item to cluster mapping: identity (cluster c = lanes c*N..c*N+N-1) or cross "
     "(round robin: lane l is in cluster l mod (LANES/N))"},
    {"RFV_RFC", K_SIZE, 0, 16, NULL, 0,
     "RFV: release flag cache entries (direct-mapped on the rfv_pir's PC, shared by the CU's waves; "
     "0: every rfv_pir is decoded; sicu run --rfv-rfc N uses fewer)"},
    {"RFV_SUBARRAY", K_SIZE, 0, 1024, NULL, 0,
     "RFV: VGPR rows per power-gated sub-array of a SIMD's file (a power of two dividing VGPR_ROWS; 0: no "
     "gating): a sub-array holding no live row sleeps, an allocation into it waits RFV_WAKE cycles"},
    {"RFV_WAKE", K_SIZE, 0, 31, NULL, 0,
     "RFV: wake-up latency of a gated sub-array (cycles the SIMD's issue waits; sicu run --rfv-wake N)"},
    {"RFV_POLICY", K_ENUM, 0, 0, rfv_policy_values, 3u,
     "RFV: the row a new VGPR gets: packed (the lowest free row of the awake sub-arrays, else the lowest: "
     "for power gating) or roundrobin (the next free row after the last allocated: wear levelling)"},
    {"RFV_SHRINK", K_BOOL, 0, 0, bool_values, 1u << 0 | 1u << 1,
     "GPU-Shrink (needs RFV on; rtl/rfv_shrink.v): a SIMD's file may have fewer physical rows than the "
     "waves' allocations (sicu run --rfv-rows N) and issue throttles the work-groups (thesis Algorithm 1) "
     "so that one always finishes"},
    {"FAULT_INJECT", K_BOOL, 0, 0, bool_values, 1u << 0 | 1u << 1,
     "fault-injection hooks: an AND/OR/XOR mask on one SIMD lane's result, set by the harness (docs/faults.md)"},
};
#define NKEYS (sizeof keys / sizeof keys[0])

static const char *kind_name(enum kind k) { return k == K_SIZE ? "size" : k == K_BOOL ? "bool" : "enum"; }

static int is_pow2(long v) { return v > 0 && (v & (v - 1)) == 0; }

static int find_key(const char *name)
{
    for (unsigned k = 0; k < NKEYS; k++)
        if (!strcmp(keys[k].name, name))
            return (int)k;
    return -1;
}

static void list_values(const struct key *k, char *buf, size_t n)
{
    buf[0] = 0;
    for (int v = 0; k->values[v]; v++)
        snprintf(buf + strlen(buf), n - strlen(buf), "%s%s", v ? "|" : "", k->values[v]);
}

static void list_keys(void)
{
    for (unsigned i = 0; i < NKEYS; i++) {
        const struct key *k = &keys[i];
        char vals[256], impl[256] = "";
        if (k->kind == K_SIZE) {
            snprintf(vals, sizeof vals, "%ld..%ld", k->lo, k->hi);
            printf("%s\t%s\t%s\t(required)\t-\t%s\n", k->name, kind_name(k->kind), vals, k->doc);
            continue;
        }
        list_values(k, vals, sizeof vals);
        for (int v = 0; k->values[v]; v++)
            if (k->impl & (1u << v))
                snprintf(impl + strlen(impl), sizeof impl - strlen(impl), "%s%s", impl[0] ? "|" : "", k->values[v]);
        printf("%s\t%s\t%s\t%s\t%s\t%s\n", k->name, kind_name(k->kind), vals, k->values[0], impl, k->doc);
    }
}

/* upper-case copy of a value name for the SICU_<KEY>_<VALUE> constants */
static const char *upper(const char *s)
{
    static char buf[64];
    size_t i;
    for (i = 0; s[i] && i < sizeof buf - 1; i++)
        buf[i] = (char)toupper((unsigned char)s[i]);
    buf[i] = 0;
    return buf;
}

/* Key `name` = `rest` (line ln of cfg) into val[k]; -1 on an error (reported). */
static int set_key(const char *cfg, int ln, int k, const char *rest, long *val)
{
    const struct key *K = &keys[k];
    if (K->kind == K_SIZE) {
        char *end;
        errno = 0;
        long v = strtol(rest, &end, 0);
        if (*end || errno) {
            fprintf(stderr, "%s:%d: %s: expected an integer, got '%s'\n", cfg, ln, K->name, rest);
            return -1;
        }
        if (v < K->lo || v > K->hi) {
            fprintf(stderr, "%s:%d: %s = %ld is outside [%ld, %ld]\n", cfg, ln, K->name, v, K->lo, K->hi);
            return -1;
        }
        val[k] = v;
        return 0;
    }
    int v;
    for (v = 0; K->values[v] && strcmp(K->values[v], rest); v++)
        ;
    if (!K->values[v]) {
        char vals[256];
        list_values(K, vals, sizeof vals);
        fprintf(stderr, "%s:%d: %s: bad value '%s' (expected %s)\n", cfg, ln, K->name, rest, vals);
        return -1;
    }
    if (!(K->impl & (1u << v))) {
        fprintf(stderr, "%s:%d: feature %s = %s is not implemented yet (see the key table in sw/gen/gen_config.c)\n",
                cfg, ln, K->name, rest);
        return -1;
    }
    val[k] = v;
    return 0;
}

static int read_cfg(const char *cfg, long *val, int *seen, int depth);

/* `include FILE` on line ln of cfg: FILE relative to cfg's directory */
static int include_cfg(const char *cfg, int ln, const char *file, long *val, int *seen, int depth)
{
    char inc[1024];
    const char *sl = strrchr(cfg, '/');
    if (file[0] == '/' || !sl)
        snprintf(inc, sizeof inc, "%s", file);
    else
        snprintf(inc, sizeof inc, "%.*s/%s", (int)(sl - cfg), cfg, file);
    if (depth >= 8) {
        fprintf(stderr, "%s:%d: includes nested more than 8 deep\n", cfg, ln);
        return -1;
    }
    if (read_cfg(inc, val, seen, depth + 1) < 0) {
        fprintf(stderr, "%s:%d: (included from here)\n", cfg, ln);
        return -1;
    }
    return 0;
}

/* Read configuration file cfg into val/seen (seen[k]: some file set key k).
 * `include FILE` reads FILE at that point; keys after it override the
 * included values.  -1 on an error (reported). */
static int read_cfg(const char *cfg, long *val, int *seen, int depth)
{
    int here[NKEYS] = {0}, rc = 0, ln = 0;
    FILE *f = fopen(cfg, "r");
    if (!f) {
        fprintf(stderr, "%s: %s\n", cfg, strerror(errno));
        return -1;
    }
    char line[512];
    while (rc == 0 && fgets(line, sizeof line, f)) {
        ln++;
        char *h = strchr(line, '#');
        if (h)
            *h = 0;
        char name[64], rest[128], extra[8];
        int n = sscanf(line, "%63s %127s %7s", name, rest, extra);
        if (n <= 0)
            continue;
        int k = n == 2 ? find_key(name) : -1;
        if (n != 2) {
            fprintf(stderr, "%s:%d: expected 'NAME VALUE'\n", cfg, ln);
            rc = -1;
        } else if (!strcmp(name, "include"))
            rc = include_cfg(cfg, ln, rest, val, seen, depth);
        else if (k < 0) {
            fprintf(stderr, "%s:%d: unknown key '%s' (gen_config --list shows the keys)\n", cfg, ln, name);
            rc = -1;
        } else if (here[k]++) {
            fprintf(stderr, "%s:%d: '%s' given twice\n", cfg, ln, name);
            rc = -1;
        } else {
            seen[k] = 1;
            rc = set_key(cfg, ln, k, rest, val);
        }
    }
    fclose(f);
    return rc;
}

int main(int argc, char **argv)
{
    long val[NKEYS];
    int seen[NKEYS] = {0};
    if (argc == 2 && !strcmp(argv[1], "--list")) {
        list_keys();
        return 0;
    }
    if (argc != 4) {
        fprintf(stderr, "usage: gen_config CONFIG.cfg OUT.vh OUT.h | gen_config --list\n");
        return 2;
    }
    const char *cfg = argv[1];
    if (read_cfg(cfg, val, seen, 0) < 0)
        return 1;
    for (unsigned k = 0; k < NKEYS; k++) {
        if (seen[k])
            continue;
        if (keys[k].kind == K_SIZE) {
            fprintf(stderr, "%s: size '%s' is missing\n", cfg, keys[k].name);
            return 1;
        }
        val[k] = 0;   /* features default to off / the first value */
    }
#define SIZE(name) val[find_key(name)]
    long lanes = SIZE("LANES");
    if (64 % lanes || !is_pow2(lanes)) {
        fprintf(stderr, "%s: LANES must be a power of two dividing 64\n", cfg);
        return 1;
    }
    if (!is_pow2(SIZE("VMEM_INFLIGHT")) || !is_pow2(SIZE("VMEM_REQS")) || !is_pow2(SIZE("SMEM_QUEUE"))) {
        fprintf(stderr, "%s: VMEM_INFLIGHT, VMEM_REQS and SMEM_QUEUE must be powers of two\n", cfg);
        return 1;
    }
    if (!is_pow2(SIZE("VGPR_ROWS")) || !is_pow2(SIZE("SGPR_ROWS")) || !is_pow2(SIZE("LDS_BYTES"))) {
        fprintf(stderr, "%s: VGPR_ROWS, SGPR_ROWS and LDS_BYTES must be powers of two\n", cfg);
        return 1;
    }
    if (val[find_key("DMR")] && (4L << val[find_key("DMR_CLUSTER")]) > lanes) {
        fprintf(stderr, "%s: DMR_CLUSTER %s is larger than LANES %ld\n", cfg,
                dmr_cluster_values[val[find_key("DMR_CLUSTER")]], lanes);
        return 1;
    }
    long sa = SIZE("RFV_SUBARRAY");
    if (sa && (!is_pow2(sa) || sa > SIZE("VGPR_ROWS"))) {
        fprintf(stderr, "%s: RFV_SUBARRAY must be 0 or a power of two no larger than VGPR_ROWS\n", cfg);
        return 1;
    }
    if (val[find_key("RFV_SHRINK")] && !val[find_key("RFV")]) {
        fprintf(stderr, "%s: RFV_SHRINK on needs RFV on\n", cfg);
        return 1;
    }
    if (val[find_key("RFV")] && (val[find_key("DMR")] || val[find_key("FAULT_INJECT")])) {
        fprintf(stderr, "%s: RFV on together with DMR or FAULT_INJECT is not implemented\n", cfg);
        return 1;
    }
    FILE *vh = fopen(argv[2], "w"), *ch = fopen(argv[3], "w");
    if (!vh || !ch) {
        fprintf(stderr, "cannot write the generated headers\n");
        return 1;
    }
    fprintf(vh, "// Generated from %s by sw/gen/gen_config.c - do not edit.\n`ifndef SICU_CONFIG_VH\n`define SICU_CONFIG_VH\n", cfg);
    fprintf(ch, "/* Generated from %s by sw/gen/gen_config.c - do not edit. */\n#ifndef SICU_CONFIG_H\n#define SICU_CONFIG_H\n"
                "#define SICU_CFG_FILE \"%s\"\n", cfg, cfg);
    for (unsigned k = 0; k < NKEYS; k++) {
        const struct key *K = &keys[k];
        if (K->kind == K_SIZE) {
            fprintf(vh, "`define SICU_%s %ld\n", K->name, val[k]);
            fprintf(ch, "#define SICU_%s %ld\n", K->name, val[k]);
            continue;
        }
        fprintf(vh, "// %s (%s): %s\n`define SICU_FEAT_%s %ld\n", K->name, K->values[val[k]], K->doc, K->name, val[k]);
        /* a feature that is not off (a bool that is on, an enum off|...
         * that is not off): a macro of its own, so that ports and logic
         * can be left out entirely (`ifdef) when it is off */
        if (val[k] && !strcmp(K->values[0], "off"))
            fprintf(vh, "`define SICU_FEAT_%s_ON\n", K->name);
        /* DMR inter and enhanced: the ReplayQ and its ports */
        if (!strcmp(K->name, "DMR") && val[k] >= 2) {
            fprintf(vh, "`define SICU_FEAT_DMR_REPLAY\n");
            fprintf(ch, "#define SICU_FEAT_DMR_REPLAY 1\n");
        }
        fprintf(ch, "/* %s (%s): %s */\n#define SICU_FEAT_%s %ld\n", K->name, K->values[val[k]], K->doc, K->name, val[k]);
        if (K->kind == K_ENUM)
            for (int v = 0; K->values[v]; v++) {
                fprintf(vh, "`define SICU_%s_%s %d\n", K->name, upper(K->values[v]), v);
                fprintf(ch, "#define SICU_%s_%s %d\n", K->name, upper(K->values[v]), v);
            }
    }
    /* derived: the VGPR row address the units compute.  Without RFV a
     * physical row of the SIMD's file; with RFV a virtual row {wave slot of
     * the SIMD, VGPR} that rtl/rfv_map.v translates at the file's ports */
    long slots = (SIZE("WAVES") + SIZE("SIMDS") - 1) / SIZE("SIMDS"), vrow = 0, sb = 1;
    while ((1L << sb) < slots)
        sb++;
    if (val[find_key("RFV")])
        vrow = sb + 8;
    else
        while ((1L << vrow) < SIZE("VGPR_ROWS"))
            vrow++;
    fprintf(vh, "// derived: wave slots per SIMD; bits of the VGPR row the units compute (RFV: {slot, VGPR})\n"
                "`define SICU_SIMD_SLOTS %ld\n`define SICU_VROW_BITS %ld\n", slots, vrow);
    fprintf(ch, "#define SICU_SIMD_SLOTS %ld\n#define SICU_VROW_BITS %ld\n", slots, vrow);
    fprintf(ch, "/* every key in key-table order: name, value, kind (size, bool, enum) */\n"
                "#define SICU_CFG_NKEYS %u\n"
                "static const char *const sicu_cfg_table[SICU_CFG_NKEYS][3] __attribute__((unused)) = {\n",
            (unsigned)NKEYS);
    for (unsigned k = 0; k < NKEYS; k++) {
        if (keys[k].kind == K_SIZE)
            fprintf(ch, "    {\"%s\", \"%ld\", \"size\"},\n", keys[k].name, val[k]);
        else
            fprintf(ch, "    {\"%s\", \"%s\", \"%s\"},\n", keys[k].name, keys[k].values[val[k]], kind_name(keys[k].kind));
    }
    fprintf(ch, "};\n");
    fprintf(vh, "`endif\n");
    fprintf(ch, "#endif\n");
    if (fclose(vh) != 0 || fclose(ch) != 0) {
        fprintf(stderr, "write error on the generated headers\n");
        return 1;
    }
    return 0;
}
