#!/usr/bin/env bash
# dmr-test.sh [BUILD] - Warped-DMR (docs/dmr.md) on the model of BUILD
# (default build-dmr-fi: make -j2 all rtl VPI=1 CONFIG=rtl/config/dmr.cfg
# BUILD=build-dmr-fi, DMR enhanced with FAULT_INJECT on; VPI for fault
# injection's state comparison; never rebuilt here):
#   1. tests/dmr/covered (every VALU lane-op has an idle checker under the
#      cross mapping) and the same loop under a full EXEC (--defsym FULL=1:
#      no idle lane, every instruction replayed), in each run mode: cosim
#      passes, which checks that no comparator fires without a fault and
#      that the SIMDs' intra, inter and unverified counters equal the
#      harness's model of the retired EXECs (harness/dmr_cov.c); coverage is
#      100% where the mode promises it;
#   2. a campaign of FU faults on each (flips, stuck-at 0/1 on lanes 0..15,
#      result bits 0..31, seeded): every flip that hits a result is
#      detected, no fault ends as sdc, due or hang; a detected line's fields,
#      and campaign merge's detected column;
#   3. vadd (all but its last wave under a full EXEC): intra-warp coverage
#      under 2%, enhanced 100%; the hidden error: a stuck-at on lane 0's
#      result escapes intra-warp checking and a replay on the same lane
#      (--dmr-no-shuffle: sdc) and is caught by the shuffled replay;
#   4. a 1-entry ReplayQ: cosim passes, the queue fills and issue holds
#      waves; the run takes longer than with 20 entries; bad controls are
#      refused.
# DMR_TEST_N (default 60) faults per kernel in step 2; DMR_TEST_SEED (default 7).
set -u
cd "$(dirname "$0")/.."
BUILD=${1:-build-dmr-fi}
SICU=$PWD/$BUILD/bin/sicu
N=${DMR_TEST_N:-60}
SEED=${DMR_TEST_SEED:-7}
[ -x "$SICU" ] && [ -f "$BUILD/lib/libsicu-rtl.so" ] ||
    { echo "dmr-test: no model in $BUILD (make -j2 all rtl VPI=1 CONFIG=rtl/config/dmr.cfg BUILD=$BUILD)" >&2; exit 2; }
"$SICU" version 2>/dev/null | grep -Eq '^ +DMR +enhanced ' &&
    "$SICU" version 2>/dev/null | grep -Eq '^ +FAULT_INJECT +on ' ||
    { echo "dmr-test: $BUILD is not a DMR enhanced, FAULT_INJECT on configuration ($SICU version)" >&2; exit 2; }
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
pass=0 fail=0
ok() { pass=$((pass + 1)); echo "  PASS  $1"; }
ko() { fail=$((fail + 1)); echo "  FAIL  $1"; [ -n "${2:-}" ] && [ -f "$2" ] && sed -n '1,8p' "$2" | sed 's/^/          /'; }
echo "dmr-test: $BUILD, $N faults per kernel, seed $SEED"

# ---- 1. the two kernels in cosim, each mode
for k in covered full; do
    mkdir -p "$T/$k"
    defs=(); [ $k = full ] && defs=(--defsym FULL=1)
    llvm-mc -triple=amdgcn-amd-amdhsa -mcpu=tahiti -filetype=obj "${defs[@]}" tests/dmr/covered.s -o "$T/$k/covered.o" &&
        cp tests/dmr/covered.json "$T/$k/launch.json" || { echo "dmr-test: cannot assemble tests/dmr/covered.s" >&2; exit 1; }
done
# kernel mode: the coverage (intra, total) expected
for km in "covered intra 1 1" "covered enhanced 1 1" "full intra 0 0" "full inter 0 1" "full enhanced 0 1"; do
    set -- $km
    k=$1 m=$2 wi=$3 wt=$4
    if "$SICU" run "$T/$k/launch.json" --engine cosim --dmr-mode $m --stats "$T/$k/$m.json" > "$T/$k/$m.log" 2>&1 &&
       [ "$(jq ".dmr.errors == 0 and .dmr.lane_ops > 0 and .dmr.intra_coverage == $wi and .dmr.coverage == $wt" "$T/$k/$m.json")" = true ]; then
        ok "$k, --dmr-mode $m: cosim, no false error, counters = model, coverage $(jq '.dmr.coverage * 100' "$T/$k/$m.json")% ($(jq '.dmr.inter_lane_ops' "$T/$k/$m.json") lane-ops by replay, $(jq .cycles "$T/$k/$m.json") cycles)"
    else ko "$k, --dmr-mode $m: cosim with intra $wi, total $wt" "$T/$k/$m.log"; jq -c .dmr "$T/$k/$m.json" 2>/dev/null; fi
done
c_intra=$(jq .cycles "$T/full/intra.json" 2>/dev/null) c_enh=$(jq .cycles "$T/full/enhanced.json" 2>/dev/null)
if [ -n "$c_intra" ] && [ -n "$c_enh" ] && [ "$c_enh" -gt "$c_intra" ]; then
    ok "full: replays cost cycles ($c_intra intra -> $c_enh enhanced, $(jq -n "($c_enh - $c_intra) * 1000 / $c_intra | round / 10")%)"
else ko "full: enhanced slower than intra ($c_intra, $c_enh)"; fi

# ---- 2. FU campaigns
campaign() {   # KERNEL
    local k=$1 d=$T/$1/camp
    cat > "$T/$k/spec.json" <<EOF
{"programs": ["launch.json"], "model": "fu", "injections": $N, "seed": $SEED, "shards": 2,
 "fu_kinds": ["flip", "stuck0", "stuck1"], "fu_bits": 32}
EOF
    if ! (cd "$T/$k" && "$SICU" campaign split spec.json -o camp > split.log 2>&1 &&
          "$SICU" campaign run-shard camp/shard-0.json > camp/shard-0.jsonl 2> shard0.log &&
          "$SICU" campaign run-shard camp/shard-1.json > camp/shard-1.jsonl 2> shard1.log); then
        ko "$k: campaign split / run-shard" "$T/$k/shard0.log"; return
    fi
    cat "$d"/shard-*.jsonl > "$T/$k/all.jsonl"
    local all=$T/$k/all.jsonl n flips fdet bad det
    n=$(wc -l < "$all")
    flips=$(jq -s '[.[] | select(.injected and (.fault | test(":flip")))] | length' "$all")
    fdet=$(jq -s '[.[] | select(.injected and (.fault | test(":flip")) and .outcome == "detected")] | length' "$all")
    bad=$(jq -s '[.[] | select(.outcome == "sdc" or .outcome == "due" or .outcome == "hang")] | length' "$all")
    det=$(jq -s '[.[] | select(.outcome == "detected")] | length' "$all")
    [ "$n" = "$N" ] && ok "$k: campaign of $N FU faults ($det detected)" || ko "$k: campaign $n lines, expected $N" "$T/$k/shard0.log"
    if [ "$flips" -gt 0 ] && [ "$flips" = "$fdet" ]; then ok "$k: every flip that hit a result is detected ($fdet of $flips)"
    else ko "$k: flips detected: $fdet of $flips"
        jq -c 'select(.injected and (.fault | test(":flip")) and .outcome != "detected")' "$all" | head -3; fi
    if [ "$bad" = 0 ]; then ok "$k: no fault ends as sdc, due or hang"
    else ko "$k: $bad faults end as sdc, due or hang"; jq -c 'select(.outcome == "sdc" or .outcome == "due" or .outcome == "hang")' "$all" | head -3; fi
}
campaign covered
campaign full
line=$(jq -c 'select(.outcome == "detected")' "$T/full/all.jsonl" 2>/dev/null | head -1)
if [ -n "$line" ] && [ "$(jq '.detected_cycle >= .inject_cycle and .latency >= 0 and (.silent_outcome | test("^(masked|latent|sdc|due|hang)$")) and .detected_by == "replay" and (.detected_pc | test("^0x[0-9a-f]+$")) and (.detected_lanes | test("^0x[0-9a-f]{16}$")) and .detected_lanes != "0x0000000000000000"' <<<"$line")" = true ]; then
    ok "a detected line (full EXEC: by a replay) names latency, silent outcome, SIMD, wave, PC, lanes ($(jq -r '"latency \(.latency), silent \(.silent_outcome), SIMD \(.detected_simd) wave \(.detected_wave) PC \(.detected_pc) lanes \(.detected_lanes)"' <<<"$line"))"
else ko "detected line fields: $line"; fi
if "$SICU" campaign merge "$T"/full/camp/shard-*.jsonl -o "$T/res" > "$T/merge.txt" 2>&1 &&
   grep -q "detected, else sdc" "$T/merge.txt"; then ok "merge tables with the detected and detected-else-sdc columns"
else ko "merge" "$T/merge.txt"; fi

# ---- 3. vadd: full EXEC, and the hidden error
V=$T/vadd
mkdir -p "$V"
if gcc -O2 -std=gnu11 -I programs/include -o "$T/vadd-host" programs/vadd/host.c -lm &&
   "$T/vadd-host" gen "$V" > /dev/null && "$SICU" cc -O2 programs/vadd/vadd.cl -o "$V/vadd.o" &&
   cp programs/vadd/launch.json "$V/"; then
    if "$SICU" run "$V/launch.json" --engine cosim --dmr-mode intra --stats "$V/intra.json" > "$V/intra.log" 2>&1 &&
       [ "$(jq '.dmr.coverage < 0.02 and .dmr.lane_ops > 0 and .dmr_opportunity.full_exec > 0.9' "$V/intra.json")" = true ]; then
        ok "vadd, intra: $(jq '.dmr_opportunity.full_exec * 100 | round' "$V/intra.json")% of lane-ops under a full EXEC, coverage $(jq '.dmr.coverage * 1000 | round / 10' "$V/intra.json")%"
    else ko "vadd, intra: coverage under 2%" "$V/intra.log"; fi
    if "$SICU" run "$V/launch.json" --engine cosim --stats "$V/enh.json" > "$V/enh.log" 2>&1 &&
       [ "$(jq '.dmr.coverage == 1 and .dmr.unverified_lane_ops == 0' "$V/enh.json")" = true ]; then
        ok "vadd, enhanced: coverage 100% ($(jq .cycles "$V/intra.json") -> $(jq .cycles "$V/enh.json") cycles)"
    else ko "vadd, enhanced: coverage 100%" "$V/enh.log"; fi
    f=fu:0.0@0:stuck0:30
    for mo in "intra:sdc:--dmr-mode intra" "same-lane replay:sdc:--dmr-no-shuffle" "shuffled replay:detected:"; do
        IFS=: read -r what want opt <<<"$mo"
        "$SICU" inject "$V/launch.json" --fault $f $opt > "$V/inj.json" 2> "$V/inj.err"
        if [ "$(jq -r .outcome "$V/inj.json" 2>/dev/null)" = "$want" ]; then ok "vadd: $f with $what: $want"
        else ko "vadd: $f with $what: $want, got $(cat "$V/inj.json")" "$V/inj.err"; fi
    done
else ko "vadd: cannot prepare"; fi

# ---- 4. a 1-entry ReplayQ; bad controls
if "$SICU" run "$T/full/launch.json" --engine cosim --dmr-rq 1 --stats "$T/full/rq1.json" > "$T/full/rq1.log" 2>&1 &&
   [ "$(jq '.dmr.coverage == 1 and .dmr.replayq.max_occupancy == 1 and .dmr.replayq.full_cycles > 0 and .dmr.replayq.hold_cycles > 0' "$T/full/rq1.json")" = true ] &&
   [ "$(jq .cycles "$T/full/rq1.json")" -gt "$c_enh" ]; then
    ok "full, --dmr-rq 1: cosim, the queue full $(jq .dmr.replayq.full_cycles "$T/full/rq1.json") cycles, $(jq .cycles "$T/full/rq1.json") cycles (20 entries: $c_enh)"
else ko "full, --dmr-rq 1" "$T/full/rq1.log"; jq -c .dmr "$T/full/rq1.json" 2>/dev/null; fi
for bad in "--dmr-rq 99" "--dmr-rq 0" "--dmr-mode both"; do
    "$SICU" run "$T/full/launch.json" --engine rtl $bad > "$T/bad.log" 2>&1
    rc=$?
    if [ $rc = 2 ] && grep -q "error" "$T/bad.log"; then ok "refuses $bad: $(head -1 "$T/bad.log" | cut -c1-90)"
    else ko "refuses $bad (exit $rc)" "$T/bad.log"; fi
done

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
