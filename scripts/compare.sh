#!/usr/bin/env bash
# compare.sh - compare two versions of the RTL: cycles and IPC per program,
# area per module, power proxy per module/group, side by side with deltas.
#
#   scripts/compare.sh A B [PROG...]          (make compare A=... B=... [PROG="..."])
#
# A and B are each either a build directory holding a built model
# (BUILD/lib/libsicu-rtl.so, run by BUILD/bin/sicu; e.g. build, or build-small
# of another configuration), or a git revision (HEAD~3, a branch, a tag): the
# revision is checked out into a worktree under $BUILD/compare/REV and its
# model built there (`make rtl`, minutes; ccache makes unchanged parts fast).
# Revisions from before libsicu-rtl.so (bin/sicu-rtl) are run the old way.
# PROG: bundled programs (run at -O2) or asm tests (asm/NAME); default
# "BinarySearch BitonicSort MatrixTranspose Reduction asm/valu-f32".
# Area: AREA=1 runs `make area` for each side (its configuration: the
# config file the side's model was generated from; B's run reuses A's
# netlists of the modules whose preprocessed sources B's configuration leaves
# unchanged: area.sh's AREA_REUSE); otherwise the side's area report is used
# when present (BUILD/area/area.json or AREA_A/AREA_B files), else area and
# power are left out of the comparison.
# Results: $BUILD/compare/A-vs-B/{A,B}/ (BUILD default build) (stats, activity, power) and
# compare.json, plus the tables on stdout.
set -u -o pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
BUILD=${BUILD:-build}
die() { echo "compare: $*" >&2; exit 1; }
[ $# -ge 2 ] || { sed -n '2,20p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2; }
A=$1 B=$2
shift 2
PROGS=("$@")
[ ${#PROGS[@]} -gt 0 ] || PROGS=(BinarySearch BitonicSort MatrixTranspose Reduction asm/valu-f32)
command -v jq >/dev/null || die "jq not found (make deps)"
tag() { printf '%s' "$1" | tr -c 'A-Za-z0-9._-' '_'; }
# the case name of a program: NAME (a bundled program, at -O2) or asm-NAME (asm/NAME)
case_name() { case "$1" in asm/*) echo "asm-${1#asm/}" ;; *) echo "$1" ;; esac; }
OUT=$ROOT/$BUILD/compare/$(tag "$A")-vs-$(tag "$B")
mkdir -p "$OUT"

# resolve a side to "SRC_ROOT BUILD_DIR" (absolute)
resolve() {
    local s=$1
    if [ -f "$s/lib/libsicu-rtl.so" ] || [ -x "$s/bin/sicu-rtl" ]; then
        echo "$ROOT $(realpath "$s")"
        return
    fi
    local rev
    rev=$(git rev-parse --verify -q "$s^{commit}") ||
        die "'$s' is neither a build directory with lib/libsicu-rtl.so nor a git revision"
    local wt=$ROOT/$BUILD/compare/wt-$(tag "$s")
    if [ ! -d "$wt" ]; then
        git worktree add -f --detach "$wt" "$rev" > "$OUT/worktree-$(tag "$s").log" 2>&1 ||
            die "git worktree add $s failed (log: $OUT/worktree-$(tag "$s").log)"
    else
        git -C "$wt" checkout -q --detach "$rev" || die "cannot check out $s in $wt"
    fi
    echo "compare: building the model of $s ($rev) in $wt (log: $OUT/build-$(tag "$s").log) ..." >&2
    make -C "$wt" -j2 BUILD=build all rtl > "$OUT/build-$(tag "$s").log" 2>&1 || die "building $s failed (see the log)"
    echo "$wt $wt/build"
}

# run the programs of one side: stats + activity per program
run_side() {
    local label=$1 src=$2 bld=$3
    local dir=$OUT/$label
    mkdir -p "$dir"
    for p in "${PROGS[@]}"; do
        local name case_dir
        name=$(case_name "$p")
        case "$p" in asm/*) case_dir=$dir/progs/$name ;; *) case_dir=$dir/progs/$p-O2 ;; esac
        # prepared and checked by the side's own run-programs.sh (its compiler flow and host checks)
        if ! (cd "$src" && BUILD=$(realpath --relative-to="$src" "$bld") SICU=$bld/bin/sicu PROGRAMS_OUT=$dir/progs \
                 ENGINE=rtl OPTS=2 bash scripts/run-programs.sh "$p") > "$dir/$name.prepare.log" 2>&1; then
            die "$label: $p failed on the RTL (log: $dir/$name.prepare.log)"
        fi
        local run=("$bld/bin/sicu" run)   # a revision from before libsicu-rtl.so: its sicu-rtl
        [ ! -f "$bld/lib/libsicu-rtl.so" ] && [ -x "$bld/bin/sicu-rtl" ] && run=("$bld/bin/sicu-rtl")
        "${run[@]}" "$case_dir/launch.json" --engine rtl --quiet --stats "$dir/$name.stats.json" \
            --activity "$dir/$name.activity.json" > "$dir/$name.run.log" 2>&1 ||
            die "$label: $p: activity run failed (log: $dir/$name.run.log)"
    done
}

area_of() {   # SIDE_LABEL SRC BUILD -> path of an area report or ""
    local label=$1 src=$2 bld=$3
    local var=AREA_$1
    if [ -n "${!var:-}" ]; then realpath "${!var}"; return; fi
    if [ "${AREA:-0}" = 1 ]; then
        local cfg abld
        cfg=$(sed -n 's|^// Generated from \([^ ]*\) .*|\1|p' "$bld/gen/sicu_config.vh")
        abld=$bld-area
        echo "compare: make area for $label (config $cfg) ..." >&2
        # B reuses the netlists of A's modules that its configuration leaves unchanged
        local reuse=""
        [ "$label" = B ] && [ -f "$BLD_A-area/area/area.json" ] && reuse=$BLD_A-area
        AREA_REUSE=$reuse make -C "$src" area AREA_BUILD="$abld" AREA_CONFIG="$cfg" > "$OUT/area-$label.log" 2>&1 ||
            die "make area failed for $label (log: $OUT/area-$label.log)"
        echo "$abld/area/area.json"
        return
    fi
    [ -f "$bld/area/area.json" ] && { echo "$bld/area/area.json"; return; }
    echo ""
}

read -r SRC_A BLD_A < <(resolve "$A") || exit 1
read -r SRC_B BLD_B < <(resolve "$B") || exit 1
[ -n "${SRC_A:-}" ] && [ -n "${SRC_B:-}" ] || die "cannot resolve the sides"
run_side A "$SRC_A" "$BLD_A"
run_side B "$SRC_B" "$BLD_B"
AREA_FILE_A=$(area_of A "$SRC_A" "$BLD_A")
AREA_FILE_B=$(area_of B "$SRC_B" "$BLD_B")

pct() { awk -v a="$1" -v b="$2" 'BEGIN { if (a == 0) print (b == 0 ? "0.0%" : "n/a"); else printf "%+.1f%%", 100 * (b - a) / a }'; }

echo "compare: A = $A ($BLD_A), B = $B ($BLD_B)"
echo
printf '%-22s %12s %12s %9s   %7s %7s %9s\n' program "cycles A" "cycles B" delta "IPC A" "IPC B" delta
jprog='[]'
for p in "${PROGS[@]}"; do
    name=$(case_name "$p")
    ca=$(jq .cycles "$OUT/A/$name.stats.json") cb=$(jq .cycles "$OUT/B/$name.stats.json")
    ia=$(jq .ipc.overall "$OUT/A/$name.stats.json") ib=$(jq .ipc.overall "$OUT/B/$name.stats.json")
    printf '%-22s %12s %12s %9s   %7.3f %7.3f %9s\n' "$name" "$ca" "$cb" "$(pct "$ca" "$cb")" "$ia" "$ib" "$(pct "$ia" "$ib")"
    jprog=$(jq -c --arg n "$name" --argjson ca "$ca" --argjson cb "$cb" --argjson ia "$ia" --argjson ib "$ib" \
        '. + [{program: $n, cycles_a: $ca, cycles_b: $cb, ipc_a: $ia, ipc_b: $ib}]' <<<"$jprog")
done

jarea=null jpower=null
if [ -n "$AREA_FILE_A" ] && [ -n "$AREA_FILE_B" ]; then
    echo
    printf '%-14s %14s %14s %9s\n' module "NAND2-eq A" "NAND2-eq B" delta
    for m in $(jq -r '.modules | keys[]' "$AREA_FILE_A" "$AREA_FILE_B" | sort -u); do
        na=$(jq ".modules[\"$m\"].all_instances.nand2_total // 0" "$AREA_FILE_A")
        nb=$(jq ".modules[\"$m\"].all_instances.nand2_total // 0" "$AREA_FILE_B")
        printf '%-14s %14.0f %14.0f %9s\n' "$m" "$na" "$nb" "$(pct "$na" "$nb")"
    done
    ta=$(jq '.total.nand2_total' "$AREA_FILE_A") tb=$(jq '.total.nand2_total' "$AREA_FILE_B")
    printf '%-14s %14.0f %14.0f %9s\n' TOTAL "$ta" "$tb" "$(pct "$ta" "$tb")"
    jarea=$(jq -n --slurpfile a "$AREA_FILE_A" --slurpfile b "$AREA_FILE_B" \
        '{a: ($a[0].modules | map_values(.all_instances.nand2_total)), b: ($b[0].modules | map_values(.all_instances.nand2_total))}')
    # power proxies per side (same programs), then per module
    tool=$ROOT/$BUILD/bin/sicu-power
    [ -x "$tool" ] || make -s -C "$ROOT" BUILD="$BUILD" "$BUILD/bin/sicu-power" > /dev/null || die "cannot build sicu-power"
    for s in A B; do
        af=AREA_FILE_$s
        pargs=()
        for p in "${PROGS[@]}"; do
            name=$(case_name "$p")
            pargs+=("$name=$OUT/$s/$name.activity.json")
        done
        "$tool" "${!af}" "$OUT/$s" "${pargs[@]}" > "$OUT/$s/power.txt" || die "sicu-power failed for $s"
    done
    echo
    printf '%-22s %-14s %12s %12s %9s\n' program module "dyn A" "dyn B" delta
    for p in "${PROGS[@]}"; do
        name=$(case_name "$p")
        for m in $(jq -r ".programs[\"$name\"].modules | keys[]" "$OUT/A/power.json" | sort -u); do
            da=$(jq ".programs[\"$name\"].modules[\"$m\"].dynamic // 0" "$OUT/A/power.json")
            db=$(jq ".programs[\"$name\"].modules[\"$m\"].dynamic // 0" "$OUT/B/power.json")
            printf '%-22s %-14s %12.1f %12.1f %9s\n' "$name" "$m" "$da" "$db" "$(pct "$da" "$db")"
        done
    done
    jpower=$(jq -n --slurpfile a "$OUT/A/power.json" --slurpfile b "$OUT/B/power.json" \
        '{a: ($a[0].programs | map_values(.modules | map_values(.dynamic))), b: ($b[0].programs | map_values(.modules | map_values(.dynamic)))}')
else
    echo
    echo "compare: no area report for both sides (AREA=1 or AREA_A=/AREA_B=): area and power left out"
fi
jq -n --arg a "$A" --arg b "$B" --argjson progs "$jprog" --argjson area "$jarea" --argjson power "$jpower" \
    '{a: $a, b: $b, programs: $progs, area_nand2: $area, power_dynamic: $power}' > "$OUT/compare.json"
echo
echo "compare: $OUT/compare.json"
