#!/usr/bin/env bash
# dmr-coverage.sh [NAME...] - Warped-DMR's intra-warp checking coverage per
# program (docs/dmr.md): every program (or NAMEs) run on the RTL of BUILD
# (default build; any configuration: the opportunity model in the harness,
# harness/dmr_cov.c, counts every cluster size and mapping from the retired
# instructions' EXEC; a DMR build's own counters must agree, which its cosim
# runs check).  Writes a markdown table to stdout and OUT (default
# BUILD/dmr-coverage/coverage.md), the per-program figures to coverage.dat and
# a gnuplot script coverage.gp (cluster 4 and 8, both mappings).
#   OPTS (default "2") optimisation levels; ENGINE (default rtl).
# Coverage = lane-ops verified by an idle lane / checked lane-ops (VALU
# computations with a result).  "+inter" adds the lane-ops of full-EXEC
# instructions, which plain Warped-DMR sends to inter-warp replay (the
# paper's coverage metric with both halves; inter-warp is not built yet).
set -u -o pipefail
cd "$(dirname "$0")/.."
BUILD=${BUILD:-build}
OPTS=${OPTS:-2}
ENGINE=${ENGINE:-rtl}
D=${OUT:-$BUILD/dmr-coverage}
mkdir -p "$D"
command -v jq > /dev/null || { echo "dmr-coverage: jq not found (make deps)" >&2; exit 2; }
PROGRAMS_OUT=$PWD/$D/runs BUILD=$BUILD ENGINE=$ENGINE OPTS=$OPTS STATS=1 \
    bash scripts/run-programs.sh "$@" > "$D/runs.log" 2>&1
rc=$?
tail -1 "$D/runs.log" >&2
[ $rc = 0 ] || { echo "dmr-coverage: some runs failed (see $D/runs.log)" >&2; grep FAIL "$D/runs.log" >&2; }
pct='def p: (. * 1000 | round) / 10;'
{
    echo "| program | lane-ops | full EXEC | c4 identity | c4 cross | c8 identity | c8 cross | c16 identity | c16 cross | c4 cross +inter |"
    echo "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"
    for s in "$D"/runs/*/stats.json; do
        n=$(basename "$(dirname "$s")")
        jq -r --arg n "$n" "$pct"'.dmr_opportunity as $o | select($o.lane_ops > 0) |
            "| \($n) | \($o.lane_ops) | \($o.full_exec | p)% | \($o.cluster4_identity | p)% | \($o.cluster4_cross | p)% | \($o.cluster8_identity | p)% | \($o.cluster8_cross | p)% | \($o.cluster16_identity | p)% | \($o.cluster16_cross | p)% | \(($o.cluster4_cross + $o.full_exec) | p)% |"' "$s"
    done
    # all programs: lane-op weighted
    jq -rs "$pct"'map(.dmr_opportunity | select(.lane_ops > 0)) as $a | ($a | map(.lane_ops) | add) as $t |
        def w(k): ($a | map(.[k] * .lane_ops) | add) / $t;
        "| all (lane-op weighted) | \($t) | \(w("full_exec") | p)% | \(w("cluster4_identity") | p)% | \(w("cluster4_cross") | p)% | \(w("cluster8_identity") | p)% | \(w("cluster8_cross") | p)% | \(w("cluster16_identity") | p)% | \(w("cluster16_cross") | p)% | \((w("cluster4_cross") + w("full_exec")) | p)% |"' \
        "$D"/runs/*/stats.json
} | tee "$D/coverage.md"
{
    echo "program c4_identity c4_cross c8_identity c8_cross"
    for s in "$D"/runs/*/stats.json; do
        jq -r --arg n "$(basename "$(dirname "$s")")" '.dmr_opportunity as $o | select($o.lane_ops > 0) |
            "\($n) \($o.cluster4_identity * 100) \($o.cluster4_cross * 100) \($o.cluster8_identity * 100) \($o.cluster8_cross * 100)"' "$s"
    done
} > "$D/coverage.dat"
cat > "$D/coverage.gp" <<'EOF'
# gnuplot coverage.gp (in its directory): intra-warp coverage per program
set terminal pngcairo size 1000,480
set output 'coverage.png'
set style data histograms
set style histogram clustered gap 1
set style fill solid border -1
set ylabel 'lane-ops verified intra-warp (%)'
set yrange [0:100]
set xtics rotate by -45
set key outside right
plot for [k=2:5] 'coverage.dat' using k:xtic(1) title columnhead(k)
EOF
echo "dmr-coverage: $D/coverage.md, coverage.dat, coverage.gp (cd $D && gnuplot coverage.gp)" >&2
exit $rc
