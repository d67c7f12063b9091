#!/usr/bin/env bash
# power.sh - per-module power proxies of RTL runs (docs/power.md).
#
#   scripts/power.sh PROG...        (make power PROG="BitonicSort asm/ds ...")
#
# For each PROG (a bundled program, run at -O2, or an asm test asm/NAME):
#   scripts/run-programs.sh prepares and checks it on the RTL (ENGINE=rtl),
#   sicu run --engine rtl --activity  -> OUT/NAME.activity.json (switching activity)
# then sicu-power combines the activities with the area report (POWER_AREA,
# default $AREA_BUILD/area/area.json from `make area`) -> OUT/power.json,
# power.csv and a stacked bar chart per program (OUT/power.svg, .png).
# The area report should come from the same configuration as the RTL model
# (build/: rtl/config/default.cfg; `make area AREA_BUILD=build-area-default
# AREA_CONFIG=rtl/config/default.cfg`); a different one is reported.
#
# Environment: BUILD (build), POWER_OUT (BUILD/power), POWER_AREA,
# AREA_BUILD (build-small), POWER_TOOL (BUILD/bin/sicu-power), GNUPLOT.
set -u -o pipefail
cd "$(dirname "$0")/.."
BUILD=${BUILD:-build}
OUT=${POWER_OUT:-$BUILD/power}
AREA=${POWER_AREA:-${AREA_BUILD:-build-small}/area/area.json}
TOOL=${POWER_TOOL:-$BUILD/bin/sicu-power}
GNUPLOT=${GNUPLOT:-gnuplot}
SICU=$BUILD/bin/sicu
die() { echo "power: $*" >&2; exit 1; }
[ $# -ge 1 ] || { echo "usage: scripts/power.sh PROG... (e.g. BitonicSort asm/ds)" >&2; exit 2; }
[ -x "$TOOL" ] || die "$TOOL not built"
[ -f "$BUILD/lib/libsicu-rtl.so" ] || die "$BUILD/lib/libsicu-rtl.so not built (make rtl [BUILD=$BUILD])"
[ -f "$AREA" ] || die "no area report $AREA (make area, or POWER_AREA=...)"
mkdir -p "$OUT"

run_cfg=$(sed -n 's|^// Generated from \([^ ]*\) .*|\1|p' "$BUILD/gen/sicu_config.vh")
area_cfg=$(jq -r '.config // "?"' "$AREA")
[ "$(basename "$run_cfg")" = "$(basename "$area_cfg")" ] ||
    echo "power: note: the RTL model is $run_cfg but the area report is of $area_cfg (figures mix configurations)"

args=()
for p in "$@"; do
    case "$p" in
    asm/*) case_dir=$BUILD/programs-rtl/asm-${p#asm/}; name=asm-${p#asm/} ;;
    *)     case_dir=$BUILD/programs-rtl/$p-O2; name=$p ;;
    esac
    if ! ENGINE=rtl OPTS=2 bash scripts/run-programs.sh "$p" > "$OUT/$name.prepare.log" 2>&1; then
        sed -n '1,20p' "$OUT/$name.prepare.log" >&2
        die "$p: the RTL run failed (log: $OUT/$name.prepare.log)"
    fi
    [ -f "$case_dir/launch.json" ] || die "$p: no $case_dir/launch.json"
    "$SICU" run "$case_dir/launch.json" --engine rtl --quiet --activity "$OUT/$name.activity.json" ||
        die "$p: the activity run failed"
    args+=("$name=$OUT/$name.activity.json")
done

"$TOOL" "$AREA" "$OUT" "${args[@]}" || die "sicu-power failed"

if command -v "$GNUPLOT" >/dev/null; then
    ng=$(head -1 "$OUT/groups.dat" | awk -F'\t' '{ print NF }')
    for term in svg png; do
        "$GNUPLOT" <<EOF || die "gnuplot failed"
set terminal $term size 900,560 noenhanced
set output "$OUT/power.$term"
set title "sicu: dynamic power proxy by unit group (activity x area, % per program)"
set style data histograms
set style histogram rowstacked
set style fill solid 0.85 border -1
set boxwidth 0.6
set yrange [0:100]
set ylabel "% of the program's dynamic power proxy"
set key outside right
set datafile separator "\t"
set xtics rotate by -30
plot for [i=2:$ng] "$OUT/groups.dat" using i:xtic(1) title columnheader(i)
EOF
    done
    echo "power: $OUT/power.json, power.csv, power.svg, power.png"
else
    echo "power: $OUT/power.json, power.csv ($GNUPLOT not found: no chart)"
fi
