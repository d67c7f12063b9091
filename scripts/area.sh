#!/usr/bin/env bash
# area.sh - per-module area proxies of the RTL compute unit (docs/area.md).
#
#   scripts/area.sh [BUILD_DIR [CONFIG_FILE]]     (make area: $(AREA_BUILD) $(AREA_CONFIG),
#                                                 default build-small rtl/config/small.cfg)
#
# 1. runs scripts/rtl-synth.sh BUILD CONFIG when its netlists (BUILD/synth/M.il)
#    are missing or older than rtl/ or BUILD/gen/sicu_config.vh, or AREA_RESYNTH=1;
# 2. synthesizes the modules the RTL instantiates with parameter overrides
#    (sgpr_file #(.NR(7)) in sicu_cu) with those parameters, with rtl-synth's
#    own flow (its M.ys, plus a chparam) -> BUILD/area/var/M/;
# 3. per module, from M.il: `dffunmap` then `stat -json -tech cmos`
#    (M.gates.json) and, with AREA_ABC=1 (default), `abc -g NAND` (M.abc.json, a
#    cross-check; only modules of at most AREA_ABC_MAX_CELLS cells).
#    A coarse module (rtl-synth's SYNTH_COARSE, default the quarter-rate
#    datapath simd_qr: word-level netlist) is estimated by sicu-area from its
#    word-level cells, or with AREA_LANE_GATES=1 mapped to gates whole; the
#    lane (simd_lane) is at gate level unless SYNTH_COARSE names it, and then
#    AREA_LANE_GATES=1 synthesizes it to gates in pieces: one run per group of AREA_LANE_GROUP (10) FP units and one
#    without any, AREA_LANE_JOBS (nproc) at a time, summed by lane-combine.py
#    (AREA_LANE_METHOD=whole: the old single `techmap; opt_expr; opt_clean` of
#    the whole lane, which does not fit in 8 GB);
# 4. sicu-area writes BUILD/area/area.json, area.csv, groups.dat and a table;
#    gnuplot draws BUILD/area/breakdown.svg and .png.
#
# Environment: YOSYS (yosys), PYTHON (python3), GNUPLOT (gnuplot), AREA_TOOL (the
# sicu-area binary, default $BUILD/bin/sicu-area), AREA_RESYNTH (1: always run rtl-synth;
# never: use the netlists present even if older than the sources - area-test.sh), AREA_ABC (1),
# AREA_ABC_MAX_CELLS (60000: abc only on modules of at most that many cells),
# AREA_TIMEOUT (s per module step or lane run, 900), AREA_LANE_MEM_MB (7500: memory limit of
# each lane run; a failure is remembered in BUILD/area/M.gates.failed and not
# retried on the same netlist unless AREA_RETRY_LANE=1; tried at all only with AREA_LANE_GATES=1),
# AREA_LANE_GROUP, AREA_LANE_JOBS, AREA_LANE_METHOD (above), AREA_LANE_TIMEOUT (s per lane group
# run, 3600), SYNTH_* (passed to rtl-synth.sh).
set -u -o pipefail
cd "$(dirname "$0")/.."

BUILD=${1:-build-small}
CONFIG=${2:-rtl/config/small.cfg}
YOSYS=${YOSYS:-yosys}
PY=${PYTHON:-python3}
GNUPLOT=${GNUPLOT:-gnuplot}
TOOL=${AREA_TOOL:-${BUILD:-build}/bin/sicu-area}
ABC=${AREA_ABC:-1}
ABC_MAX=${AREA_ABC_MAX_CELLS:-60000}
TMO=${AREA_TIMEOUT:-900}
LANE_MB=${AREA_LANE_MEM_MB:-7500}
SYN=$BUILD/synth
OUT=$BUILD/area
GEN=$BUILD/gen
t_start=$(date +%s)

die() { echo "area: $*" >&2; exit 1; }
[ -x "$TOOL" ] || die "$TOOL not built (make $TOOL)"
[ -f "$GEN/sicu_config.vh" ] || die "missing $GEN/sicu_config.vh (make area makes it)"
command -v "$YOSYS" >/dev/null || die "$YOSYS not found"
mkdir -p "$OUT"

all_mods=$(ls rtl/*.v | sed 's|rtl/||; s|\.v$||' | sort)

# ---- 1. rtl-synth outputs present and fresh?
stale=""
[ "${AREA_RESYNTH:-0}" = 1 ] && stale="AREA_RESYNTH=1"
for m in $all_mods; do
    [ -n "$stale" ] && break
    for f in "$SYN/$m.il" "$SYN/$m.stat.json" "$SYN/$m.run"; do
        [ -s "$f" ] || { stale="$f missing"; break; }
    done
    [ -n "$stale" ] || [ -f "$SYN/$m.mem.txt" ] || stale="$SYN/$m.mem.txt missing"
    [ -n "$stale" ] && break
    [ "${AREA_RESYNTH:-0}" = never ] && continue
    for src in rtl/*.v rtl/*.vh rtl/fp/*.vh "$GEN/sicu_config.vh" "$GEN/si_isa.vh" "$GEN/sicu_bundle.vh"; do
        [ "$src" -nt "$SYN/$m.il" ] && { stale="$src is newer than $SYN/$m.il"; break; }
    done
done
if [ -n "$stale" ] && [ "${AREA_RESYNTH:-0}" = never ]; then
    die "AREA_RESYNTH=never but $stale"
elif [ -n "$stale" ]; then
    echo "area: running scripts/rtl-synth.sh $BUILD $CONFIG ($stale)"
    if ! bash scripts/rtl-synth.sh "$BUILD" "$CONFIG"; then
        echo "area: rtl-synth.sh reported a failure; continuing with the netlists it wrote" >&2
    fi
    for m in $all_mods; do
        [ -s "$SYN/$m.il" ] || die "rtl-synth left no netlist for $m ($SYN/$m.log)"
    done
else
    echo "area: reusing the netlists in $SYN/ (AREA_RESYNTH=1 to redo them)"
fi
cfg=$(sed -n 's|^// Generated from \([^ ]*\) .*|\1|p' "$GEN/sicu_config.vh")
[ "$(realpath -m "${cfg:-?}")" = "$(realpath -m "$CONFIG")" ] ||
    die "$GEN/sicu_config.vh was generated from ${cfg:-?}, not $CONFIG"

# ---- 2. modules instantiated with parameter overrides: one variant per module
# (every instantiation of it must use the same integer overrides: paraminst.py)
variants=()
# shellcheck disable=SC2086
pinst=$("$PY" scripts/area/paraminst.py rtl/*.v -- $all_mods) || die "unsupported parameter overrides (above)"
while read -r m params; do
    [ -n "$m" ] || continue
    chp=""
    for kv in ${params//,/ }; do chp+="chparam -set ${kv%%=*} ${kv#*=} $m; "; done
    vd=$OUT/var/$m
    mkdir -p "$vd"
    [ -s "$SYN/$m.ys" ] || die "no $SYN/$m.ys to derive the $m variant from"
    if [ -s "$vd/$m.il" ] && [ "$vd/$m.il" -nt "$SYN/$m.il" ] && [ "$(cat "$vd/params" 2>/dev/null)" = "$params" ]; then
        :
    else
        # rtl-synth's own script for m, writing into vd, with the overrides
        sed -e "s|$SYN/$m\.|$vd/$m.|g" -e "s|^hierarchy -check -top $m\$|${chp}hierarchy -check -top $m|" \
            "$SYN/$m.ys" > "$vd/$m.ys"
        grep -q '^chparam' "$vd/$m.ys" || die "could not insert the chparam into $vd/$m.ys"
        t0=$(date +%s)
        if timeout "$TMO" nice -n 10 "$YOSYS" -q -l "$vd/$m.log" "$vd/$m.ys" >/dev/null 2>&1; then st=ok; else st=FAIL; fi
        level=$(sed -n 's/^level=//p' "$SYN/$m.run")
        printf 'top=%s\nstatus=%s\nlevel=%s\nwall_s=%s\n' "$m" "$st" "$level" "$(($(date +%s) - t0))" > "$vd/$m.run"
        echo "$params" > "$vd/params"
        [ $st = ok ] || die "synthesis of $m with $params failed ($vd/$m.log)"
        echo "area: $m synthesized with $params as instantiated ($(($(date +%s) - t0)) s)"
    fi
    variants+=("--variant" "$m=$vd:$params")
done <<< "$pinst"

# ---- 3. gate figures per module (and variant)
# abc -g NAND (a cross-check, not used in the totals) on the gate-level modules
# of at most AREA_ABC_MAX_CELLS cells: it takes minutes on the LSU (120k cells)
abc_for() {   # abc_for NAME LEVEL SYNTH_DIR -> 1/0
    local n
    n=$(grep -m1 '"num_cells":' "$3/$1.stat.json" 2>/dev/null | tr -dc 0-9)
    if [ "$ABC" = 1 ] && [ "$2" = gate ] && [ "${n:-0}" -le "$ABC_MAX" ]; then echo 1; else echo 0; fi
}
gates() {   # gates NAME IL_DIR OUT_DIR LEVEL
    local m=$1 src=$2/$1.il dst=$3 level=$4 t0 rc
    local g=$dst/$m.gates.json a=$dst/$m.abc.json
    if [ -s "$g" ] && [ "$g" -nt "$src" ] && { [ "$(abc_for "$m" "$level" "$2")" = 0 ] || [ -s "$a" ]; }; then
        return 0
    fi
    # a coarse module is mapped to gates only on request (minutes, GBs)
    if [ "$level" = coarse ] && [ "${AREA_LANE_GATES:-0}" != 1 ]; then
        echo "  $m: word-level netlist, figures estimated (AREA_LANE_GATES=1: gate level)"
        return 0
    fi
    # a coarse module whose mapping failed on this netlist: not tried again
    # (minutes, GBs) unless AREA_RETRY_LANE=1
    if [ "$level" = coarse ] && [ -f "$dst/$m.gates.failed" ] && [ "$dst/$m.gates.failed" -nt "$src" ] &&
       [ "${AREA_RETRY_LANE:-0}" != 1 ]; then
        echo "  $m: gate mapping failed before on this netlist ($dst/$m.gates.failed); figures estimated"
        return 0
    fi
    rm -f "$g" "$a" "$dst/$m.gates.failed"
    if [ "$level" = coarse ] && [ "$m" = simd_lane ] && [ "${AREA_LANE_METHOD:-groups}" = groups ]; then
        lane_groups "$m" "$dst"
        return 0
    fi
    {
        echo "read_rtlil $src"
        if [ "$level" = coarse ]; then
            # word-level -> gates without the full `opt` (which needs > 10 GB here)
            echo "techmap"
            echo "opt_expr"
            echo "opt_clean"
        fi
        echo "dffunmap"
        echo "tee -q -o $g.tmp stat -json -tech cmos"
        if [ "$(abc_for "$m" "$level" "$2")" = 1 ]; then
            echo "abc -g NAND"
            echo "tee -q -o $a.tmp stat -json"
        fi
    } > "$dst/$m.area.ys"
    t0=$(date +%s)
    if [ "$level" = coarse ]; then
        ( ulimit -v $((LANE_MB * 1024)); timeout "$TMO" nice -n 10 "$YOSYS" -q -l "$dst/$m.area.log" "$dst/$m.area.ys" ) \
            >/dev/null 2>&1
    else
        timeout "$TMO" nice -n 10 "$YOSYS" -q -l "$dst/$m.area.log" "$dst/$m.area.ys" >/dev/null 2>&1
    fi
    rc=$?
    local mem
    mem=$(sed -n 's/.*MEM: \([0-9.]*\) MB peak.*/\1/p' "$dst/$m.area.log" 2>/dev/null | tail -1)
    if [ $rc = 0 ]; then
        mv "$g.tmp" "$g"
        [ -f "$a.tmp" ] && mv "$a.tmp" "$a"
        printf '  %-14s %-6s %5d s %8s MB\n' "$m" "$level" "$(($(date +%s) - t0))" "${mem:--}"
    else
        rm -f "$g.tmp" "$a.tmp"
        [ "$level" = coarse ] || die "gate figures of $m failed (rc $rc, $dst/$m.area.log)"
        echo "rc=$rc limit_mb=$LANE_MB timeout_s=$TMO wall_s=$(($(date +%s) - t0))" > "$dst/$m.gates.failed"
        echo "  $m: gate mapping failed (rc $rc: timeout or over ${LANE_MB} MB); its figures will be estimated"
    fi
}
# The lane at gate level in pieces: one Yosys run per group of AREA_LANE_GROUP
# FP units (rtl/simd_lane.v, SIMD_LANE_FU_SET) plus one with none (the base),
# AREA_LANE_JOBS at a time; lane-combine.py adds them up (base + sum(group - base)).
# Each run takes one to a few minutes and < 3 GB; the whole lane in one run does
# not fit in 8 GB.  The per-group figures stay in OUT/lane/ (lane-groups.txt).
lane_groups() {   # lane_groups NAME OUT_DIR
    local m=$1 dst=$2 nfu gsz jobs rd t0 lo hi i mask
    local ld=$dst/lane ltmo=${AREA_LANE_TIMEOUT:-3600}
    nfu=$(sed -n 's/^ *localparam integer NFU = \([0-9]*\);.*/\1/p' "rtl/$m.v")
    [ -n "$nfu" ] || die "rtl/$m.v: no 'localparam integer NFU'"
    gsz=${AREA_LANE_GROUP:-10}
    jobs=${AREA_LANE_JOBS:-$(nproc 2>/dev/null || echo 2)}
    rd=$(grep -m1 '^read_verilog' "$SYN/$m.ys") || die "$SYN/$m.ys: no read_verilog line"
    rm -rf "$ld"; mkdir -p "$ld"
    # runs: "index first last" (unit 0, FU_NONE, has no logic; run 0 = no unit = the base)
    echo "0 1 0" > "$ld/runs"
    i=1
    for ((lo = 1; lo < nfu; lo += gsz)); do
        hi=$((lo + gsz - 1)); [ $hi -ge "$nfu" ] && hi=$((nfu - 1))
        echo "$i $lo $hi" >> "$ld/runs"; i=$((i + 1))
    done
    while read -r i lo hi; do
        mask=$("$PY" -c 'import sys; lo, hi = int(sys.argv[1]), int(sys.argv[2]); print("%x" % sum(1 << b for b in range(lo, hi + 1)))' "$lo" "$hi")
        {
            echo "${rd/-DSYNTHESIS/-DSYNTHESIS -DSIMD_LANE_FU_SET=${nfu}\'h$mask}"
            printf '%s\n' "hierarchy -check -top $m" proc "opt_expr; opt_clean; opt_merge; opt_clean" opt wreduce \
                "memory -nomap" opt techmap opt dffunmap "tee -q -o $ld/g$i.json.tmp stat -json -tech cmos"
        } > "$ld/g$i.ys"
    done < "$ld/runs"
    echo "  $m: gate level in $(($(wc -l < "$ld/runs") - 1)) groups of up to $gsz FP units + the base, $jobs runs at a time ($ld/)"
    t0=$(date +%s)
    # shellcheck disable=SC2016
    cut -d' ' -f1 "$ld/runs" | xargs -P "$jobs" -I{} sh -c \
        '( ulimit -v $(($3 * 1024)); timeout "$4" nice -n 10 "$1" -q -l "$2/g$0.log" "$2/g$0.ys" ) >/dev/null 2>&1 &&
         mv "$2/g$0.json.tmp" "$2/g$0.json"' {} "$YOSYS" "$ld" "$LANE_MB" "$ltmo"
    if ! "$PY" scripts/area/lane-combine.py "$m" rtl/simd_fu.vh "$ld" > "$dst/$m.gates.json.tmp"; then
        rm -f "$dst/$m.gates.json.tmp"
        echo "rc=1 method=groups limit_mb=$LANE_MB timeout_s=$ltmo wall_s=$(($(date +%s) - t0))" > "$dst/$m.gates.failed"
        echo "  $m: a group run failed (over ${LANE_MB} MB or ${ltmo} s? $ld/g*.log); its figures will be estimated"
        return 0
    fi
    mv "$dst/$m.gates.json.tmp" "$dst/$m.gates.json"
    printf '  %-14s %-6s %5d s  (per group: %s)\n' "$m" groups "$(($(date +%s) - t0))" "$ld/lane-groups.txt"
}

echo "area: gate figures (dffunmap; stat -tech cmos$([ "$ABC" = 1 ] && echo '; abc -g NAND')) in $OUT/"
for m in $all_mods; do
    level=$(sed -n 's/^level=//p' "$SYN/$m.run")
    gates "$m" "$SYN" "$OUT" "$level"
done
for ((i = 1; i < ${#variants[@]}; i += 2)); do
    v=${variants[$i]}
    m=${v%%=*}
    d=${v#*=}; d=${d%%:*}
    gates "$m" "$d" "$d" "$(sed -n 's/^level=//p' "$d/$m.run")"
done

# ---- 4. the report
echo
# shellcheck disable=SC2086
"$TOOL" --synth "$SYN" --area "$OUT" --config "$CONFIG" --synth-report "$SYN/report.json" \
    "${variants[@]}" $all_mods | tee "$OUT/area.txt" || die "sicu-area failed"
if command -v "$GNUPLOT" >/dev/null; then
    for term in svg png; do
        "$GNUPLOT" -e "datafile='$OUT/groups.dat'; outfile='$OUT/breakdown.$term'; term='$term'; cfgname='$CONFIG'" \
            scripts/area/breakdown.gp || die "gnuplot failed ($term)"
    done
    echo "area: chart $OUT/breakdown.svg, $OUT/breakdown.png"
else
    echo "area: $GNUPLOT not found (Debian package gnuplot-nox): no chart" >&2
fi
echo "area: $OUT/area.json, $OUT/area.csv ($(($(date +%s) - t_start)) s)"
