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
#    datapath simd_qr: word-level netlist) is mapped to gates here with the
#    steps rtl-synth's gate flow would have run next (`techmap; opt -mux_undef
#    -mux_bool`: about 7 minutes and 1.1 GB for simd_qr), or with
#    AREA_COARSE_GATES=0 (area-test.sh) estimated by sicu-area from its
#    word-level cells; every other module, the lane included, is at gate level
#    from rtl-synth;
# 4. sicu-area writes BUILD/area/area.json, area.csv, groups.dat and a table;
#    gnuplot draws BUILD/area/breakdown.svg and .png.
#
# Environment: YOSYS (yosys), PYTHON (python3), GNUPLOT (gnuplot), AREA_TOOL (the
# sicu-area binary, default $BUILD/bin/sicu-area), AREA_RESYNTH (1: always run rtl-synth;
# never: use the netlists present even if older than the sources - area-test.sh), AREA_ABC (1),
# AREA_ABC_MAX_CELLS (60000: abc only on modules of at most that many cells),
# AREA_TIMEOUT (s per module step, 900; a coarse module's mapping gets twice that),
# AREA_REUSE (another area build directory, e.g. the baseline's: a module whose
# preprocessed source, its submodules' included, is the same under both
# configurations, and whose netlist there is newer than the sources, is copied
# from it with its gate figures instead of being synthesized again; see step 0),
# AREA_COARSE_GATES (1), AREA_COARSE_MEM_MB (7500: memory limit of a coarse module's
# gate mapping; a failure is remembered in BUILD/area/M.gates.failed and not retried
# on the same netlist unless AREA_RETRY_COARSE=1), SYNTH_* (passed to rtl-synth.sh).
set -u -o pipefail
cd "$(dirname "$0")/.."

BUILD=${1:-build-small}
CONFIG=${2:-rtl/config/small.cfg}
YOSYS=${YOSYS:-yosys}
PY=${PYTHON:-python3}
. scripts/synth/flow.sh
GNUPLOT=${GNUPLOT:-gnuplot}
TOOL=${AREA_TOOL:-${BUILD:-build}/bin/sicu-area}
ABC=${AREA_ABC:-1}
ABC_MAX=${AREA_ABC_MAX_CELLS:-60000}
TMO=${AREA_TIMEOUT:-900}
COARSE_MB=${AREA_COARSE_MEM_MB:-7500}
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

# reuse_from DIR: step 0.  A module's netlist in DIR/synth/ is reused when it
# is ok, written by this Yosys, at the level this run gives it, and made from
# what this configuration's would be: DIR/synth/M.key (rtl-synth.sh: the
# preprocessed source of M and of its submodules under DIR's headers, see
# rtl-scan.py ppkey) equals M's key under GEN.  A netlist without a key (an
# older rtl-synth.sh) counts only when it is newer than every source and
# header here, i.e. made from this checkout, and its key is then computed
# under DIR/gen.  Its synth/ and area/ files (and area/var/M/) are copied; the
# modules go to reused[].
key_of() {   # key_of GEN_DIR MODULE -> key lines (empty on a preprocessor error)
    # shellcheck disable=SC2086
    synth_key "$1" "$2" $all_mods 2>/dev/null
}
reuse_from() {
    local rd=$1 rsyn=$1/synth rout=$1/area m f s src ka kb ver now level
    [ -f "$rd/gen/sicu_config.vh" ] && [ -d "$rsyn" ] || die "AREA_REUSE=$rd: no $rd/gen/sicu_config.vh or $rsyn/"
    [ "$(realpath "$rd")" != "$(realpath "$BUILD")" ] || die "AREA_REUSE=$rd is this build directory"
    command -v verilator >/dev/null || die "AREA_REUSE needs verilator (its preprocessor)"
    ver=$("$YOSYS" -V)
    # the synth directory DIR's scripts name (relative or absolute), to rewrite their paths
    local rsyn_w rgen_w
    rsyn_w=$(sed -n 's|^write_rtlil -selected \(.*\)/decode\.il$|\1|p' "$rsyn/decode.ys" 2>/dev/null)
    [ -n "$rsyn_w" ] || die "AREA_REUSE=$rd: $rsyn/decode.ys missing or not rtl-synth's"
    rgen_w=${rsyn_w%/synth}/gen
    now=$(date +%s)
    for m in $all_mods; do
        f=$rsyn/$m
        [ -s "$f.il" ] && [ -s "$f.stat.json" ] && [ -f "$f.mem.txt" ] && grep -qx 'status=ok' "$f.run" 2>/dev/null || continue
        grep -qF "\"creator\": \"$ver\"" "$f.stat.json" || continue
        level=$(synth_level "$m")
        grep -qx "level=$level" "$f.run" || continue
        if [ -s "$f.key" ]; then
            ka=$(cat "$f.key")
        else
            for src in rtl/*.v rtl/*.vh rtl/fp/*.vh "$rd"/gen/*.vh; do
                [ "$src" -nt "$f.il" ] && continue 2
            done
            ka=$(key_of "$rd/gen" "$m")
        fi
        kb=$(key_of "$GEN" "$m")
        [ -n "$kb" ] && [ "$ka" = "$kb" ] || continue
        mkdir -p "$SYN" "$OUT"
        for s in il stat.json stat.txt mem.txt memall.txt map.ys run ys log warnings.txt latches.txt; do
            [ -f "$f.$s" ] || continue
            sed -e "s|$rsyn_w/|$SYN/|g" -e "s|$rgen_w|$GEN|g" "$f.$s" > "$SYN/$m.$s"
            touch -d "@$now" "$SYN/$m.$s"
        done
        echo "$kb" > "$SYN/$m.key"
        echo "reused_from=$rd" >> "$SYN/$m.run"
        if [ -d "$rout/var/$m" ]; then
            rm -rf "$OUT/var/$m"; mkdir -p "$OUT/var"
            cp -r "$rout/var/$m" "$OUT/var/$m"
            touch -d "@$((now + 1))" "$OUT/var/$m"/*
        fi
        for s in gates.json abc.json area.ys area.log; do
            [ -f "$rout/$m.$s" ] && [ "$rout/$m.$s" -nt "$f.il" ] || continue
            cp "$rout/$m.$s" "$OUT/$m.$s"
            touch -d "@$((now + 2))" "$OUT/$m.$s"
        done
        [ -d "$OUT/var/$m" ] && for s in gates.json abc.json; do
            [ -f "$OUT/var/$m/$m.$s" ] && touch -d "@$((now + 2))" "$OUT/var/$m/$m.$s"
        done
        reused+=("$m")
    done
    echo "area: AREA_REUSE=$rd: ${#reused[@]} modules unchanged by this configuration, reused: ${reused[*]}"
}

# ---- 0. AREA_REUSE=DIR: the netlists of modules this configuration does not change
reused=()
[ -n "${AREA_REUSE:-}" ] && reuse_from "${AREA_REUSE%/}"

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
    for src in rtl/*.v rtl/*.vh rtl/fp/*.vh "$GEN/sicu_config.vh" "$GEN/si_isa.vh" "$GEN/sicu_bundle.vh" "$GEN/sicu_units.vh"; do
        [ "$src" -nt "$SYN/$m.il" ] && { stale="$src is newer than $SYN/$m.il"; break; }
    done
done
if [ -n "$stale" ] && [ "${AREA_RESYNTH:-0}" = never ]; then
    die "AREA_RESYNTH=never but $stale"
elif [ -n "$stale" ] && [ ${#reused[@]} -gt 0 ]; then
    rest=$(for m in $all_mods; do [[ " ${reused[*]} " == *" $m "* ]] || echo "$m"; done | tr '\n' ' ')
    echo "area: running scripts/rtl-synth.sh $BUILD $CONFIG on ${rest:-no module} (the other ${#reused[@]} reused) and the whole CU"
    if ! SYNTH_MODULES="${rest:-none}" SYNTH_REUSED="${reused[*]}" bash scripts/rtl-synth.sh "$BUILD" "$CONFIG"; then
        echo "area: rtl-synth.sh reported a failure; continuing with the netlists it wrote" >&2
    fi
    for m in $all_mods; do
        [ -s "$SYN/$m.il" ] || die "rtl-synth left no netlist for $m ($SYN/$m.log)"
    done
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
    # a coarse module is estimated instead with AREA_COARSE_GATES=0 (its mapping takes minutes)
    if [ "$level" = coarse ] && [ "${AREA_COARSE_GATES:-1}" != 1 ]; then
        echo "  $m: word-level netlist, figures estimated (AREA_COARSE_GATES=0)"
        return 0
    fi
    # a coarse module whose mapping failed on this netlist: not tried again
    # (minutes, GBs) unless AREA_RETRY_COARSE=1
    if [ "$level" = coarse ] && [ -f "$dst/$m.gates.failed" ] && [ "$dst/$m.gates.failed" -nt "$src" ] &&
       [ "${AREA_RETRY_COARSE:-0}" != 1 ]; then
        echo "  $m: gate mapping failed before on this netlist ($dst/$m.gates.failed); figures estimated"
        return 0
    fi
    rm -f "$g" "$a" "$dst/$m.gates.failed"
    {
        echo "read_rtlil $src"
        if [ "$level" = coarse ]; then
            # word-level -> gates: the rest of rtl-synth's gate flow (its M.ys)
            echo "techmap"
            echo "opt -mux_undef -mux_bool"
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
        ( ulimit -v $((COARSE_MB * 1024)); timeout $((2 * TMO)) nice -n 10 "$YOSYS" -q -l "$dst/$m.area.log" "$dst/$m.area.ys" ) \
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
        echo "rc=$rc limit_mb=$COARSE_MB timeout_s=$TMO wall_s=$(($(date +%s) - t0))" > "$dst/$m.gates.failed"
        echo "  $m: gate mapping failed (rc $rc: timeout or over ${COARSE_MB} MB); its figures will be estimated"
    fi
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
