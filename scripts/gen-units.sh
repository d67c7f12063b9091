#!/usr/bin/env bash
# gen-units.sh MANIFEST OUT.h - the C and Verilog views of the unit manifest (rtl/units.manifest).
#
# OUT.h (C):
#   SICU_CU_SCOPE                 the CU instance in the simulation wrapper
#   SICU_UNITS(X)                 X(name, instance path under the CU, description)
#   SICU_UNIT_INSTANCES(X)        X(instance name, module)  every named instance
#   SICU_MODULE_GROUPS(X)         X(module, area group label)
#   SICU_AREA_GROUPS(X)           X(area group label)  in report order
#   SICU_PERF_CU(X)               X(counter)  the CU's --stats counters, in perf_cu order:
#                                 the counters of every unit that is not one of a
#                                 generate loop's instances, in manifest order
#   SICU_NPERF_CU, SICU_PC_<name> how many; each one's index in perf_cu
#   SICU_PERF_SIMD(X), SICU_NPERF_SIMD, SICU_PS_<name>
#                                 the same for the per-SIMD counters (the unit
#                                 whose instance is g_simd[0]...: perf_simd)
# OUT.vh (Verilog, next to OUT.h): `SICU_NPERF_CU, `SICU_PC_<NAME>,
#   `SICU_NPERF_SIMD, `SICU_PS_<NAME> for the RTL's counter buses.
# Errors (unknown group, duplicate unit, module or counter, malformed line) name the line.
set -euo pipefail
in=$1 out=$2
awk -v out="$out.tmp" -v vout="${out%.h}.vh.tmp" '
function die(msg) { printf "%s:%d: %s\n", FILENAME, FNR, msg > "/dev/stderr"; bad = 1; exit 1 }
/^[ \t]*(#|$)/ { next }
$1 == "cu" { if (NF != 2) die("expected: cu SCOPE"); cu = $2; next }
$1 == "group" {
    if (NF < 3) die("expected: group ID LABEL")
    lab = $3; for (i = 4; i <= NF; i++) lab = lab " " $i
    if ($2 in glab) die("duplicate group " $2)
    glab[$2] = lab; gorder[++ng] = lab; next
}
$1 == "unit" {
    if (NF < 6 || $6 != "--" && $7 != "--") {
        for (i = 6; i <= NF && $i != "--"; i++) ;
        if (i > NF) die("expected: unit NAME INSTANCE MODULES COUNTERS -- DESCRIPTION")
    }
    if ($2 in useen) die("duplicate unit " $2)
    useen[$2] = 1
    if ($5 != "-") {
        nc = split($5, cs, ",")
        for (k = 1; k <= nc; k++) {
            if (cs[k] !~ /^[a-z][a-z0-9_]*$/) die("counter " cs[k] ": expected a lower-case identifier")
            if (cs[k] in cseen) die("counter " cs[k] " listed twice")
            cseen[cs[k]] = 1
            if (index($3, "[")) simdc[nsc++] = cs[k]
            else cuc[ncc++] = cs[k]
        }
    }
    d = ""; for (i = 1; i <= NF && $i != "--"; i++) ; for (i++; i <= NF; i++) d = d (d == "" ? "" : " ") $i
    gsub(/"/, "\\\"", d)
    inst = $3
    units[++nu] = sprintf("X(\"%s\", \"%s\", \"%s\")", $2, inst == "." ? "" : inst, d)
    n = split($4, mods, ",")
    for (k = 1; k <= n; k++) {
        if (split(mods[k], mg, ":") != 2) die("module entry " mods[k] ": expected module[@instance]:group")
        if (!(mg[2] in glab)) die("unknown group " mg[2] " (declare it with a group line)")
        m = mg[1]; mi = ""
        if (index(m, "@")) { mi = substr(m, index(m, "@") + 1); m = substr(m, 1, index(m, "@") - 1) }
        else if (k == 1 && inst != ".") { mi = inst; sub(/^.*\./, "", mi) }
        if (m in mseen) die("module " m " listed twice")
        mseen[m] = 1
        mods_out[++nm] = sprintf("X(\"%s\", \"%s\")", m, glab[mg[2]])
        if (mi != "") insts[++ni] = sprintf("X(\"%s\", \"%s\")", mi, m)
    }
    next
}
{ die("unknown line (expected cu, group or unit)") }
END {
    if (bad) exit 1
    if (cu == "") { print FILENAME ": no cu line" > "/dev/stderr"; exit 1 }
    print "/* Generated from rtl/units.manifest by scripts/gen-units.sh - do not edit. */" > out
    print "#ifndef SICU_UNITS_H\n#define SICU_UNITS_H" > out
    printf "#define SICU_CU_SCOPE \"%s\"\n", cu > out
    printf "#define SICU_UNITS(X) \\\n" > out
    for (i = 1; i <= nu; i++) printf "    %s%s\n", units[i], i < nu ? " \\" : "" > out
    printf "#define SICU_UNIT_INSTANCES(X) \\\n" > out
    for (i = 1; i <= ni; i++) printf "    %s%s\n", insts[i], i < ni ? " \\" : "" > out
    printf "#define SICU_MODULE_GROUPS(X) \\\n" > out
    for (i = 1; i <= nm; i++) printf "    %s%s\n", mods_out[i], i < nm ? " \\" : "" > out
    printf "#define SICU_AREA_GROUPS(X) \\\n" > out
    for (i = 1; i <= ng; i++) printf "    X(\"%s\")%s\n", gorder[i], i < ng ? " \\" : "" > out
    counters(out, "CU", "PC", cuc, ncc)
    counters(out, "SIMD", "PS", simdc, nsc)
    print "#endif" > out
    print "// Generated from rtl/units.manifest by scripts/gen-units.sh - do not edit." > vout
    print "// The counter buses of the CU (perf_cu) and of each SIMD (perf_simd): sizes and indices." > vout
    print "`ifndef SICU_UNITS_VH\n`define SICU_UNITS_VH" > vout
    vcounters(vout, "CU", "PC", cuc, ncc)
    vcounters(vout, "SIMD", "PS", simdc, nsc)
    print "`endif" > vout
}
function counters(f, what, p, c, n,   i) {
    printf "#define SICU_NPERF_%s %d\n", what, n > f
    printf "#define SICU_PERF_%s(X)%s\n", what, n ? " \\" : "" > f
    for (i = 0; i < n; i++) printf "    X(%s)%s\n", c[i], i < n - 1 ? " \\" : "" > f
    for (i = 0; i < n; i++) printf "#define SICU_%s_%s %d\n", p, c[i], i > f
}
function vcounters(f, what, p, c, n,   i) {
    printf "`define SICU_NPERF_%s %d\n", what, n > f
    for (i = 0; i < n; i++) printf "`define SICU_%s_%s %d\n", p, toupper(c[i]), i > f
}' "$in"
mv "$out.tmp" "$out"
mv "${out%.h}.vh.tmp" "${out%.h}.vh"
