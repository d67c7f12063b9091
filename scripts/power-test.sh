#!/usr/bin/env bash
# power-test.sh - consistency of the power proxies (make power-test, part of
# rtl-test; needs the area report of `make area` / area-test): two programs,
# every module of the area report present per program, module figures adding
# up to the program totals and group figures, percentages adding up to 100,
# the chart written; the per-FP-unit lane operations add up to the lane-op
# counter.  No thresholds on absolute numbers.
set -u -o pipefail
cd "$(dirname "$0")/.."
BUILD=${BUILD:-build}
OUT=$BUILD/power-test
AREA=${POWER_AREA:-${AREA_BUILD:-build-small}/area/area.json}
[ -f "$AREA" ] || { echo "power-test: no area report $AREA (make area-test first)" >&2; exit 2; }
rm -rf "$OUT"
if ! POWER_OUT=$OUT POWER_AREA=$AREA bash scripts/power.sh asm/valu-f32 asm/ds > "$OUT.log" 2>&1; then
    sed -n '1,30p' "$OUT.log"
    echo "power-test: make power failed" >&2
    exit 1
fi
fail=0
check() {   # NAME JQ-EXPRESSION (true = pass) over power.json, with $area = the area report
    if jq -e --slurpfile area "$AREA" "$2" "$OUT/power.json" > /dev/null; then
        echo "  PASS  $1"
    else
        echo "  FAIL  $1"; fail=1
    fi
}
close='def close(a; b): ((a - b) | fabs) <= 1e-6 * ([1, (a | fabs), (b | fabs)] | max);'
check "both programs reported" '.programs | keys == ["asm-ds", "asm-valu-f32"]'
check "every module of the area report, per program" \
    '[.programs[] | (.modules | keys) == ($area[0].modules | keys)] | all'
check "module dynamic/static add up to the program totals" "$close"'
    [.programs[] | close([.modules[].dynamic] | add; .dynamic_total) and close([.modules[].static] | add; .static_total)] | all'
check "group figures add up to the totals" "$close"'
    [.programs[] | close([.groups[].dynamic] | add; .dynamic_total) and close([.groups[].static] | add; .static_total)] | all'
check "percentages add up to 100" "$close"'
    [.programs[] | close([.modules[].dynamic_pct] | add; 100) and close([.groups[].static_pct] | add; 100)] | all'
check "dynamic = logic + memory parts, non-negative" "$close"'
    [.programs[].modules[] | close(.dynamic_logic + .dynamic_memory; .dynamic) and .dynamic_logic >= 0 and .dynamic_memory >= 0] | all'
check "static proxy = area (NAND2 of all instances)" "$close"'
    [.programs[] | .modules | to_entries[] | close(.value.static; $area[0].modules[.key].all_instances.nand2_total)] | all'
check "the VGPR banks switch in both programs (memory accesses counted)" \
    '[.programs[].modules.vgpr_bank.dynamic_memory > 0] | all'
# per-unit accounting of the lane: the monitor's per-FP-unit lane operations add up to the RTL's
# lane-op counter, and the FP program uses FP units
for a in "$OUT"/*.activity.json; do
    n=$(basename "$a" .activity.json)
    if jq -e '(([.fu_lane_ops[]] | add) // 0) == .counters.valu_lane_ops and .counters.valu_lane_ops > 0' "$a" > /dev/null; then
        echo "  PASS  $n: lane operations per FP unit add up to valu_lane_ops"
    else
        echo "  FAIL  $n: fu_lane_ops do not add up to valu_lane_ops"; fail=1
    fi
done
if jq -e '[.fu_lane_ops | keys[] | select(. != "0")] | length > 0' "$OUT/asm-valu-f32.activity.json" > /dev/null; then
    echo "  PASS  asm/valu-f32 uses FP units (fu_lane_ops beyond 0 = integer)"
else
    echo "  FAIL  asm/valu-f32: no FP unit operations counted"; fail=1
fi
for f in power.csv power.svg power.png; do
    if [ -s "$OUT/$f" ]; then echo "  PASS  $f written"; else echo "  FAIL  $f missing"; fail=1; fi
done
[ $fail = 0 ] && echo "power-test: ok" || { echo "power-test: FAILED (log: $OUT.log)"; exit 1; }
