#!/usr/bin/env bash
# dmr-test.sh [BUILD] - Warped-DMR's intra-warp checker (docs/dmr.md) with the
# model of BUILD (default build-dmr-fi: make -j2 all rtl VPI=1
# CONFIG=rtl/config/dmr.cfg BUILD=build-dmr-fi; never rebuilt here):
#   1. tests/dmr/covered (every VALU lane-op has an idle checker under the
#      cross mapping): cosim passes, which checks that the comparators never
#      fire without a fault and that the SIMDs' coverage counters equal the
#      harness's opportunity model (harness/dmr_cov.c); coverage is 100%;
#   2. a campaign of FU faults on it (flips, stuck-at 0/1 on lanes 0..15,
#      result bits 0..31, seeded): every flip that hits a result is
#      detected, and no fault ends as sdc, due or hang; each detected line
#      names its latency and what the run would have been unchecked;
#   3. vadd (all but its last, partial wave under a full EXEC: no idle
#      lane): coverage under 2%, and a stuck-at on a lane's result is an
#      undetected sdc (the case inter-warp DMR exists for);
#   4. a detected line's fields, and campaign merge's detected column.
# DMR_TEST_N (default 120) faults in step 2; DMR_TEST_SEED (default 7).
set -u
cd "$(dirname "$0")/.."
BUILD=${1:-build-dmr-fi}
SICU=$PWD/$BUILD/bin/sicu
N=${DMR_TEST_N:-120}
SEED=${DMR_TEST_SEED:-7}
[ -x "$SICU" ] && [ -f "$BUILD/lib/libsicu-rtl.so" ] ||
    { echo "dmr-test: no model in $BUILD (make -j2 all rtl VPI=1 CONFIG=rtl/config/dmr.cfg BUILD=$BUILD)" >&2; exit 2; }
"$SICU" version 2>/dev/null | grep -Eq '^ +DMR +intra ' ||
    { echo "dmr-test: $BUILD is not a DMR intra configuration ($SICU version)" >&2; exit 2; }
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
pass=0 fail=0
ok() { pass=$((pass + 1)); echo "  PASS  $1"; }
ko() { fail=$((fail + 1)); echo "  FAIL  $1"; [ -n "${2:-}" ] && [ -f "$2" ] && sed -n '1,8p' "$2" | sed 's/^/          /'; }
echo "dmr-test: $BUILD, $N faults, seed $SEED"

# ---- 1. the covered kernel in cosim
C=$T/covered
mkdir -p "$C"
llvm-mc -triple=amdgcn-amd-amdhsa -mcpu=tahiti -filetype=obj tests/dmr/covered.s -o "$C/covered.o" &&
    cp tests/dmr/covered.json "$C/launch.json" || { echo "dmr-test: cannot assemble tests/dmr/covered.s" >&2; exit 1; }
if "$SICU" run "$C/launch.json" --engine cosim --stats "$C/stats.json" > "$C/run.log" 2>&1 &&
   [ "$(jq '.dmr.errors == 0 and .dmr.lane_ops > 0 and .dmr.coverage == 1' "$C/stats.json")" = true ]; then
    ok "covered: cosim, no false error, counters = opportunity model, coverage 100% ($(jq .dmr.lane_ops "$C/stats.json") lane-ops)"
else ko "covered: cosim with 100% coverage" "$C/run.log"; fi

# ---- 2. a campaign of FU faults on it
cat > "$T/spec.json" <<EOF
{"programs": ["covered/launch.json"], "model": "fu", "injections": $N, "seed": $SEED, "shards": 2,
 "fu_kinds": ["flip", "stuck0", "stuck1"], "fu_bits": 32}
EOF
if "$SICU" campaign split "$T/spec.json" -o "$T/camp" > "$T/split.log" 2>&1 &&
   "$SICU" campaign run-shard "$T/camp/shard-0.json" > "$T/camp/shard-0.jsonl" 2> "$T/shard0.log" &&
   "$SICU" campaign run-shard "$T/camp/shard-1.json" > "$T/camp/shard-1.jsonl" 2> "$T/shard1.log"; then
    cat "$T"/camp/shard-*.jsonl > "$T/all.jsonl"
    n=$(wc -l < "$T/all.jsonl")
    flips=$(jq -s '[.[] | select(.injected and (.fault | test(":flip")))] | length' "$T/all.jsonl")
    fdet=$(jq -s '[.[] | select(.injected and (.fault | test(":flip")) and .outcome == "detected")] | length' "$T/all.jsonl")
    bad=$(jq -s '[.[] | select(.outcome == "sdc" or .outcome == "due" or .outcome == "hang")] | length' "$T/all.jsonl")
    det=$(jq -s '[.[] | select(.outcome == "detected")] | length' "$T/all.jsonl")
    [ "$n" = "$N" ] && ok "campaign: $N lines ($det detected)" || ko "campaign: $n lines, expected $N" "$T/shard0.log"
    if [ "$flips" -gt 0 ] && [ "$flips" = "$fdet" ]; then ok "every flip that hit a result is detected ($fdet of $flips)"
    else ko "flips detected: $fdet of $flips"
        jq -c 'select(.injected and (.fault | test(":flip")) and .outcome != "detected")' "$T/all.jsonl" | head -3; fi
    if [ "$bad" = 0 ]; then ok "no fault ends as sdc, due or hang"
    else ko "$bad faults end as sdc, due or hang"; jq -c 'select(.outcome == "sdc" or .outcome == "due" or .outcome == "hang")' "$T/all.jsonl" | head -3; fi
    # ---- 4. a detected line, and merge
    line=$(jq -c 'select(.outcome == "detected")' "$T/all.jsonl" | head -1)
    if [ -n "$line" ] && [ "$(jq '.detected_cycle >= .inject_cycle and .latency >= 0 and (.silent_outcome | test("^(masked|latent|sdc|due|hang)$"))' <<<"$line")" = true ]; then
        ok "a detected line has detected_cycle, latency and silent_outcome ($(jq -r '"latency \(.latency), silent \(.silent_outcome)"' <<<"$line"))"
    else ko "detected line fields: $line"; fi
    if "$SICU" campaign merge "$T"/camp/shard-*.jsonl -o "$T/res" > "$T/merge.txt" 2>&1 &&
       awk -F'|' '/\| all / { gsub(/ /, "", $0); found = 1 } END { exit !found }' "$T/merge.txt" &&
       grep -q "detected, else sdc" "$T/merge.txt"; then ok "merge tables with the detected and detected-else-sdc columns"
    else ko "merge" "$T/merge.txt"; fi
else ko "campaign split / run-shard" "$T/split.log"; sed -n 1,5p "$T/shard0.log" "$T/shard1.log" 2>/dev/null; fi

# ---- 3. vadd: nothing to check intra-warp
V=$T/vadd
mkdir -p "$V"
if gcc -O2 -std=gnu11 -I programs/include -o "$T/vadd-host" programs/vadd/host.c -lm &&
   "$T/vadd-host" gen "$V" > /dev/null && "$SICU" cc -O2 programs/vadd/vadd.cl -o "$V/vadd.o" &&
   cp programs/vadd/launch.json "$V/"; then
    if "$SICU" run "$V/launch.json" --engine cosim --stats "$V/stats.json" > "$V/run.log" 2>&1 &&
       [ "$(jq '.dmr.coverage < 0.02 and .dmr.lane_ops > 0 and .dmr_opportunity.full_exec > 0.9' "$V/stats.json")" = true ]; then
        ok "vadd: $(jq '.dmr_opportunity.full_exec * 100 | round' "$V/stats.json")% of lane-ops under a full EXEC, intra-warp coverage $(jq '.dmr.coverage * 1000 | round / 10' "$V/stats.json")%"
    else ko "vadd: coverage 0" "$V/run.log"; fi
    "$SICU" inject "$V/launch.json" --fault fu:0.0@0:stuck0:30 > "$V/inj.json" 2> "$V/inj.err"
    if [ "$(jq -r .outcome "$V/inj.json" 2>/dev/null)" = sdc ]; then ok "vadd: fu:0.0@0:stuck0:30 escapes the intra-warp check (sdc)"
    else ko "vadd: stuck-at is sdc: $(cat "$V/inj.json")" "$V/inj.err"; fi
else ko "vadd: cannot prepare"; fi

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
