#!/usr/bin/env bash
# fi-study.sh [BUILD] - the MIAOW-style flop campaign (docs/faults.md): single
# bit flips in the CU's state, runs ended END_AFTER (5,000) cycles after the
# injection as in MIAOW, on the six MIAOW Table VII programs and the four
# Rodinia-like kernels (bfs, kmeans, nw, gaussian) at -O2, in two populations:
#   all   every state bit, the register files' arrays included (MIAOW-All,
#         its flip-flop RF); the LDS storage is left out (an SRAM in any design)
#   norf  the same without the VGPR and SGPR storage (MIAOW-noRF). The vector
#         FP units hold no state of their own here (the lanes' datapaths are
#         combinational; their pipeline registers are simd's), so this is also
#         MIAOW's noRF/VF population
# BUILD: a VPI=1 model (default build-fi: make -j2 all rtl VPI=1
# CONFIG=rtl/config/fi.cfg BUILD=build-fi); on a DMR model (build-dmr-fi) the
# same campaign shows the SDCs the checker turns into detections.
#   N (1000) injections per program for norf, N_ALL (200) for all;
#   SHARDS (20) shards per campaign; SEED (1); J (2) parallel jobs;
#   RUNNER=local (GNU parallel, resumable: re-running goes on where it stopped)
#   or RUNNER=slurm (a single-node Slurm cluster of this machine, scripts/slurm-local.sh).
#   On a DMR inter|enhanced model, norf also leaves out the ReplayQ's operand
#   and result arrays, and a third population, rq, flips the ReplayQ's state
#   alone (N_RQ, 100, injections per program).
#   ONLY=all|norf|rq runs one population; ONLY=summary only writes the summary.
# Output: BUILD/fi-study/{all,norf,rq}/ (shards, lines, results.md, results.csv),
# BUILD/fi-study/summary.md (the outcome distributions next to MIAOW's).
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
BUILD=${1:-build-fi}
N=${N:-1000} N_ALL=${N_ALL:-200} SHARDS=${SHARDS:-20} SEED=${SEED:-1} J=${J:-2}
END_AFTER=${END_AFTER:-5000} RUNNER=${RUNNER:-local} ONLY=${ONLY:-}
PROGS=(BinarySearch BitonicSort MatrixTranspose PrefixSum Reduction ScanLargeArrays bfs kmeans nw gaussian)
die() { echo "fi-study: $*" >&2; exit 2; }
[ -x "$BUILD/bin/sicu" ] && [ -f "$BUILD/lib/libsicu-rtl.so" ] ||
    die "no model in $BUILD (make -j2 all rtl VPI=1 CONFIG=rtl/config/fi.cfg BUILD=$BUILD)"
OUT=$ROOT/$BUILD/fi-study
mkdir -p "$OUT"

# the programs, prepared and checked on the emulator by the programs' own flow
[ "$ONLY" = summary ] ||
PROGRAMS_OUT=$OUT/programs BUILD=$BUILD OPTS=2 bash scripts/run-programs.sh "${PROGS[@]}" > "$OUT/prepare.log" 2>&1 ||
    { tail -n 20 "$OUT/prepare.log"; die "preparing the programs failed (see $OUT/prepare.log)"; }
launches=$(printf "\"$OUT/programs/%s-O2/launch.json\"," "${PROGS[@]}")
launches="[${launches%,}]"

# the storage arrays: VGPR banks, SGPR file, LDS (sicu inject --list-flops)
VGPR='g_simd[*].u_simd.g_bank[*].u_bank.vgpr_mem'
SGPR='u_sgpr.sgpr_mem'
LDS='u_lds.g_bank[*].lds_mem'
spec() {   # NAME INJECTIONS EXCLUDE-JSON
    cat > "$OUT/$1.json" <<EOF
{ "programs": $launches, "build": "$BUILD", "model": "flop", "arrays": true, "exclude": $3,
  "injections": $2, "shards": $SHARDS, "seed": $SEED, "end_after": $END_AFTER }
EOF
}
# On a Warped-DMR model with a ReplayQ (DMR inter|enhanced), its operand and
# result storage (m_ops, m_res: 1.3 M bits at 20 entries) is a storage array
# like the register files: norf leaves it out, so that norf is the baseline's
# population plus the checker's control state, and a third population, rq, is
# the ReplayQ's state alone (N_RQ injections per program).
DMR=$("$BUILD/bin/sicu" version | awk '$1 == "DMR" { print $2 }')
POPS=(all norf)
RQX=
if [ "$DMR" = inter ] || [ "$DMR" = enhanced ]; then
    RQX=', "g_simd[*].u_simd.u_rq.m_ops", "g_simd[*].u_simd.u_rq.m_res"'
    others=$("$BUILD/bin/sicu" inject --list-flops --build "$BUILD" |
             awk -F'\t' '!/^#/ && $3 != "simd_rq" { print $3 }' | sort -u |
             awk '{ printf "%s\"%s\"", (NR > 1 ? ", " : ""), $1 }')
    [ -n "$others" ] || die "could not list the flops of $BUILD"
    spec rq "${N_RQ:-100}" "[$others]"
    POPS+=(rq)
fi
spec all "$N_ALL" "[\"$LDS\"]"
spec norf "$N" "[\"$VGPR\", \"$SGPR\", \"$LDS\"$RQX]"

run() {   # NAME
    local t0=$SECONDS
    if [ "$RUNNER" = slurm ]; then
        scripts/slurm-local.sh run "$OUT/slurm" scripts/campaign.sh "$OUT/$1.json" "$OUT/$1" --slurm --wait --resume
    else
        scripts/campaign.sh "$OUT/$1.json" "$OUT/$1" -j "$J" --resume
    fi > "$OUT/$1.log" 2>&1 || { tail -n 20 "$OUT/$1.log"; die "the $1 campaign failed (see $OUT/$1.log)"; }
    echo "$1 $RUNNER $((SECONDS - t0))" >> "$OUT/times"
    echo "fi-study: $1: $(cat "$OUT/$1"/shard-*.jsonl | wc -l) runs ($RUNNER) in $((SECONDS - t0)) s"
}
for v in "${POPS[@]}"; do
    [ -z "$ONLY" ] || [ "$ONLY" = $v ] || continue
    run $v
done

# ---- the summary: outcome distributions (of the lines in a directory, filtered by a jq test)
dist() {   # DIR FILTER LABEL
    local f=("$1"/shard-*.jsonl)
    [ -f "${f[0]}" ] || return 0
    cat "${f[@]}" | jq -rs --arg title "$3" '
        [.[] | select('"$2"')] as $l | ($l | length) as $n
        | def pct(o): if $n == 0 then "-" else (100 * ([$l[] | select(.outcome == o)] | length) / $n
                                                | . * 10 | round / 10 | tostring) + "%" end;
          def cnt(o): [$l[] | select(.outcome == o)] | length;
          def sdc_caught: [$l[] | select(.outcome == "detected" and .silent_outcome == "sdc")] | length;
          def sdc_delay: [$l[] | select(.outcome == "sdc" and (.end_outcome == "masked" or .end_outcome == "latent"))] | length;
        "| \($title) | \($n) | \(pct("masked")) | \(pct("latent")) | \(pct("detected")) | \(pct("sdc")) | \(pct("due")) | \(pct("hang")) | \(sdc_caught) of \(cnt("sdc") + sdc_caught) | \(sdc_delay) |"'
}
{
    echo "# Flop campaign on $BUILD ($(sed -n 's/.*"config": *"\([^"]*\)".*/\1/p' "$OUT"/norf/shard-0.json 2>/dev/null | head -n 1))"
    echo
    echo "Single bit flips, uniform over the population's bits and the program's fault-free cycles, runs ended"
    echo "$END_AFTER cycles after the injection (or at completion); seed $SEED, $SHARDS shards per campaign."
    echo "latent = MIAOW's gray area (architecture equal, some state differs at the end)."
    echo "An sdc run that was cut is run on to completion: \"a delay at the cut\" counts those that end masked or"
    echo "latent there (their stores only came later); the others are corruptions."
    echo
    echo "| population | runs | masked | latent (gray) | detected | sdc | due | hang | SDCs turned into detections | sdc, a delay at the cut |"
    echo "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"
    dist "$OUT/all" true "all state (flip-flop RF; MIAOW-All: >90% gray)"
    dist "$OUT/norf" true "no RF, no vector FU state (MIAOW-noRF/VF: 20-35% gray)"
    dist "$OUT/rq" true "the ReplayQ's state alone (Warped-DMR models)"
    echo
    echo "Per program, no RF:"
    echo
    echo "| program | runs | masked | latent (gray) | detected | sdc | due | hang | SDCs turned into detections | sdc, a delay at the cut |"
    echo "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"
    for p in "${PROGS[@]}"; do dist "$OUT/norf" "(.program | test(\"/$p-O2/\"))" "$p"; done
    echo
    echo "Per module, no RF (the module that holds the flipped bit):"
    echo
    echo "| module | runs | masked | latent (gray) | detected | sdc | due | hang | SDCs turned into detections | sdc, a delay at the cut |"
    echo "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"
    if [ -f "$OUT/norf/shard-0.jsonl" ]; then
        for m in $(cat "$OUT"/norf/shard-*.jsonl | jq -r .where | sort | uniq -c | sort -rn | awk '{ print $2 }'); do
            dist "$OUT/norf" "(.where == \"$m\")" "$m"
        done
    fi
    echo
    echo "Wall time (2-core machine unless noted): $(awk '{ printf "%s%s %s %s s", (NR > 1 ? "; " : ""), $1, $2, $3 }' "$OUT/times" 2>/dev/null)"
} > "$OUT/summary.md"
cat "$OUT/summary.md"
