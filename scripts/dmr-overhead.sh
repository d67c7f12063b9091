#!/usr/bin/env bash
# dmr-overhead.sh [NAME...] - Warped-DMR's cycle overhead (docs/dmr.md): every
# program (or NAMEs; -O2 by default) on the baseline model of BASE (default
# build: DMR off) and on the DMR model of DMR_BUILD (default build-dmr: DMR
# enhanced) in inter and enhanced mode with RQ_SIZES ReplayQ entries per
# SIMD (default "1 5 10 20": the paper's sweep; at most DMR_RQ), and in
# intra mode (no replay: its cycles must equal the baseline's, since the
# intra-warp checker takes no cycles).  ENGINE (default rtl; cosim checks
# every run, slower).  Writes to OUT (default DMR_BUILD/dmr-overhead/):
#   overhead.md   per program: baseline cycles; per mode and size: overhead (%)
#                 over the baseline, and coverage both ways (of VALU lane-ops / of
#                 all instructions, the unreplicated ones counted unverified:
#                 --stats dmr.coverage_all_instructions); the cycle-weighted mean
#   overhead.dat  the same figures for gnuplot, overhead.gp its script
# Overhead = cycles / baseline cycles - 1.  REUSE=1 keeps the passes of an
# earlier run of the same OUT that completed without a failure.
set -u -o pipefail
cd "$(dirname "$0")/.."
BASE=${BASE:-build}
DMR_BUILD=${DMR_BUILD:-build-dmr}
OPTS=${OPTS:-2}
ENGINE=${ENGINE:-rtl}
RQ_SIZES=${RQ_SIZES:-"1 5 10 20"}
D=${OUT:-$DMR_BUILD/dmr-overhead}
command -v jq > /dev/null || { echo "dmr-overhead: jq not found (make deps)" >&2; exit 2; }
"$DMR_BUILD/bin/sicu" version 2>/dev/null | grep -Eq '^ +DMR +(inter|enhanced) ' ||
    { echo "dmr-overhead: $DMR_BUILD is not a DMR inter/enhanced model (make -j2 all rtl CONFIG=rtl/config/dmr.cfg BUILD=$DMR_BUILD)" >&2; exit 2; }
"$BASE/bin/sicu" version 2>/dev/null | grep -Eq '^ +DMR +off ' ||
    { echo "dmr-overhead: $BASE is not a DMR off model (make -j2 all rtl BUILD=$BASE)" >&2; exit 2; }
mkdir -p "$D"
runs() {   # NAME BUILD EXTRA... : one pass over the programs
    local name=$1 b=$2; shift 2
    if [ -n "${REUSE:-}" ] && tail -1 "$D/$name.log" 2>/dev/null | grep -q ' 0 failed$'; then
        echo "dmr-overhead: $name: reused ($(tail -1 "$D/$name.log"))" >&2
        return
    fi
    PROGRAMS_OUT=$PWD/$D/$name BUILD=$b ENGINE=$ENGINE OPTS=$OPTS STATS=1 RUN_EXTRA="$*" \
        bash scripts/run-programs.sh $NAMES > "$D/$name.log" 2>&1 ||
        { echo "dmr-overhead: $name: some runs failed (see $D/$name.log)" >&2; grep FAIL "$D/$name.log" >&2; }
    echo "dmr-overhead: $name: $(tail -1 "$D/$name.log")" >&2
}
NAMES="$*"
cols="intra"
runs base "$BASE"
runs intra "$DMR_BUILD" --dmr-mode intra
for m in inter enhanced; do
    for q in $RQ_SIZES; do
        runs "$m-$q" "$DMR_BUILD" --dmr-mode $m --dmr-rq $q
        cols="$cols $m-$q"
    done
done
# per program: baseline cycles, then per column overhead% (coverage%)
{
    printf '| program | cycles |'; for c in $cols; do printf ' %s |' "$c"; done; echo
    printf '| --- | ---: |'; for c in $cols; do printf ' ---: |'; done; echo
    for s in "$D"/base/*/stats.json; do
        n=$(basename "$(dirname "$s")")
        b=$(jq .cycles "$s")
        printf '| %s | %s |' "$n" "$b"
        for c in $cols; do
            f=$D/$c/$n/stats.json
            if [ -f "$f" ]; then
                printf ' %s |' "$(jq -r --argjson b "$b" '"\((.cycles / $b - 1) * 1000 | round / 10)% (\(.dmr.coverage * 1000 | round / 10)% / \(.dmr.coverage_all_instructions * 1000 | round / 10)%)"' "$f")"
            else printf ' - |'; fi
        done
        echo
    done
    # all programs: cycle-weighted overhead, lane-op weighted coverage
    printf '| all | %s |' "$(jq -s 'map(.cycles) | add' "$D"/base/*/stats.json)"
    for c in $cols; do
        printf ' %s |' "$(jq -rs --slurpfile b <(jq -s 'map(.cycles) | add' "$D"/base/*/stats.json) \
            'def nall: .counters.issued_valu + .counters.issued_scalar + .counters.issued_vmem_lds + .counters.issued_branch_msg;
             "\(((map(.cycles) | add) / $b[0] - 1) * 1000 | round / 10)% (\((map(.dmr.intra_lane_ops + .dmr.inter_lane_ops) | add) / (map(.dmr.lane_ops) | add) * 1000 | round / 10)% / \((map(.dmr.coverage_all_instructions * nall) | add) / (map(nall) | add) * 1000 | round / 10)%)"' \
            "$D"/$c/*/stats.json)"
    done
    echo
} | tee "$D/overhead.md"
{
    echo "program base_cycles $cols"   # (overhead %; the header names the columns)
    for s in "$D"/base/*/stats.json; do
        n=$(basename "$(dirname "$s")"); b=$(jq .cycles "$s")
        printf '%s %s' "$n" "$b"
        for c in $cols; do
            f=$D/$c/$n/stats.json
            [ -f "$f" ] && printf ' %s' "$(jq --argjson b "$b" '(.cycles / $b - 1) * 100' "$f")" || printf ' NaN'
        done
        echo
    done
} > "$D/overhead.dat"
cat > "$D/overhead.gp" <<'EOF2'
# gnuplot overhead.gp (in its directory): cycle overhead per program and ReplayQ size (enhanced)
set terminal pngcairo size 1000,480
set output 'overhead.png'
set style data histograms
set style histogram clustered gap 1
set style fill solid border -1
set ylabel 'cycles over the baseline (%)'
set xtics rotate by -45
set key outside right
plot for [i=8:11] 'overhead.dat' using i:xtic(1) title columnhead(i)
EOF2
echo "dmr-overhead: $D/overhead.md, overhead.dat, overhead.gp" >&2
