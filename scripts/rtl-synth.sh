#!/usr/bin/env bash
# rtl-synth.sh - Yosys synthesis checks of the RTL for one configuration, and
# per-module figures (the seed of the area report).
#
#   scripts/rtl-synth.sh [BUILD_DIR [CONFIG_FILE]]  (default: build; make rtl-synth passes
#                       $(CHECK_BUILD) $(CHECK_CONFIG); CONFIG_FILE: check BUILD_DIR/gen comes from it)
#
# BUILD_DIR/gen must hold sicu_config.vh and si_isa.vh.  Results in BUILD_DIR/synth/:
# M.ys / M.log (script and log of each run), M.key (what the netlist was made from:
# rtl-scan.py ppkey, and the level; area.sh's AREA_REUSE compares it), M.stat.json / M.stat.txt
# (`stat -width`), M.mem.txt (the memories left), M.il (the module's netlist),
# report.json (figures, see scripts/synth/synth-report.py) and a table.
#
# Steps (any failure makes the script exit 1):
#  1. source scan: no simulation-only constructs in rtl/*.v rtl/fp/*.vh outside
#     comments ($display/$finish/any system task but $clog2 $signed $unsigned
#     $bits, initial, real, DPI, ...): scripts/synth/rtl-scan.py.
#  2. every module rtl/M.v synthesized as its own top.  The modules it
#     instantiates are read with `read_verilog -lib` (black boxes), so each
#     run synthesizes and reports only the module's own logic:
#       hierarchy -check -top M; proc; opt; wreduce; memory -nomap; opt;
#       (memories below SYNTH_MEM_MIN_BITS -> memory_map; opt); techmap; opt; stat
#     - before the first `opt`: `opt_expr; opt_clean; opt_merge; opt_clean`.
#     - every `opt` is `opt -mux_undef -mux_bool` (as in Yosys' own `synth`,
#       whose `opt -full` includes both): a mux input that is undefined is a
#       don't-care.  The FP functions called under an `if` (evaluated only for
#       the ops that use them, for simulation speed) leave such a mux on every
#       intermediate variable; without the option they stayed in the netlist
#       (about 18% of simd_qr's estimate).
#       Merging the duplicated logic before opt_muxtree/opt_reduce run takes
#       26 s on simd_lane; inside `opt` the same merge takes 4-5 minutes.
#     - wreduce: the FP library widens operands (32x32 products in 64-bit
#       $mul cells); without it techmap builds the full-width arrays.
#     - memories of at least SYNTH_MEM_MIN_BITS (4096) bits stay $mem_v2 cells
#       (register files, LDS, instruction-buffer storage, ISA tables as ROMs);
#       smaller ones (per-wave state arrays) are mapped to flops / logic.
#     - modules in SYNTH_COARSE (default simd_qr) stop before techmap.  Their
#       figures are word-level cells, marked "coarse".  The quarter-rate
#       datapath (f64 FMA, division and square-root loops, transcendental
#       polynomials) takes over 15 minutes and 6 GB at gate level; the lane
#       (simd_lane) about 4 minutes and 1 GB.
#  3. the whole CU (sicu_cu), flattened (run "sicu_cu.flat").  Not synthesized
#     again from scratch (that doubles the run time): sicu_cu and the modules
#     instantiated with #(...) (sgpr_file) go through the flow above, then the
#     step-2 netlists of the other modules (instantiated without parameter
#     overrides, so identical) replace their black boxes, the design is
#     flattened and optimized across module boundaries (opt_expr; opt_merge;
#     opt_clean) and checked.  SYNTH_COARSE modules and the VALU datapaths
#     replicated per lane (SYNTH_CU_BLACKBOX, default simd_lane simd_qr:
#     tens of copies that flattening would only repeat) stay black boxes;
#     report.json's cu_total adds them back (instances x their step-2 figures).
#  In every run: no latches (select -assert-none t:$dlatch ... t:$_DLATCH*),
#  `check -assert` (multiple drivers, used-but-undriven wires, logic loops),
#  and no Yosys warnings other than "Replacing memory ... with list of
#  registers" (e.g. out-of-range selects; SYNTH_ALLOW_WARNINGS=1 to report only).
#
# Environment: YOSYS (yosys), PYTHON (python3), SYNTH_TIMEOUT (seconds per run,
# 2400: the LSU takes 11-16 min beside the other suites), SYNTH_NICE (niceness
# of the Yosys runs, default 0: in `make -j2 test` the LSU's run is the
# longest path, so it should not yield to the suites), SYNTH_JOBS
# (parallel runs in step 2, default nproc), SYNTH_MEM_MB (memory
# limit per run, 10000; a run over it fails), SYNTH_MODULES (subset of step 2, default all; "none" = skip step 2),
# SYNTH_REUSED (with SYNTH_MODULES: modules whose netlists in BUILD_DIR/synth/ the caller put
# there for this configuration - area.sh's AREA_REUSE - used by step 3 and the report like fresh ones),
# SYNTH_CU=0 (skip step 3), SYNTH_SELFTEST=0 (skip the self-test), SYNTH_COARSE (modules kept at word level,
# default simd_qr; empty = gate level everywhere), SYNTH_NOSAT (modules whose memory_share does not use SAT,
# default issue; scripts/synth/flow.sh), SYNTH_CU_BLACKBOX (black boxes of step 3, default simd_lane simd_qr), SYNTH_MEM_MIN_BITS (4096).
set -u -o pipefail
cd "$(dirname "$0")/.."

BUILD=${1:-build}
WANT_CFG=${2:-}     # optional: the configuration file BUILD/gen must come from
YOSYS=${YOSYS:-yosys}
SYNTH_TIMEOUT=${SYNTH_TIMEOUT:-2400}
SYNTH_NICE=${SYNTH_NICE:-0}
JOBS=${SYNTH_JOBS:-$(nproc 2>/dev/null || echo 2)}
MEM_MB=${SYNTH_MEM_MB:-10000}   # virtual memory limit per Yosys run
. scripts/synth/flow.sh
OPTX="-mux_undef -mux_bool"
SYNTH_CU_BLACKBOX=${SYNTH_CU_BLACKBOX-simd_lane simd_qr}
MIN_BITS=${SYNTH_MEM_MIN_BITS:-4096}
GEN=$BUILD/gen
OUT=$BUILD/synth
PY=${PYTHON:-python3}

for f in "$GEN/sicu_config.vh" "$GEN/si_isa.vh" "$GEN/sicu_bundle.vh" "$GEN/sicu_units.vh"; do
    [ -f "$f" ] || { echo "rtl-synth: missing $f (make BUILD=$BUILD $f)" >&2; exit 2; }
done
command -v "$YOSYS" >/dev/null || { echo "rtl-synth: $YOSYS not found" >&2; exit 2; }
command -v "$PY" >/dev/null || { echo "rtl-synth: $PY not found" >&2; exit 2; }
mkdir -p "$OUT"
if [ -n "${SYNTH_MODULES:-}" ]; then
    # a subset: only its outputs are replaced (the other netlists stay usable)
    for m in $SYNTH_MODULES; do rm -f "$OUT/$m".run "$OUT/$m".stat.json "$OUT/$m".mem.txt "$OUT/$m".il "$OUT/$m".key; done
    rm -f "$OUT/report.json"
else
    rm -f "$OUT"/*.run "$OUT"/*.stat.json "$OUT"/*.mem.txt "$OUT/report.json"
    rm -f "$OUT"/*.il "$OUT"/*.key
fi
fresh=()   # modules whose netlist (OUT/M.il) this invocation produced

cfg=$(sed -n 's|^// Generated from \([^ ]*\) .*|\1|p' "$GEN/sicu_config.vh")
if [ -n "$WANT_CFG" ] && [ "$(realpath -m "${cfg:-?}")" != "$(realpath -m "$WANT_CFG")" ]; then
    echo "rtl-synth: $GEN/sicu_config.vh was generated from ${cfg:-?}, not $WANT_CFG" >&2
    echo "rtl-synth: use a separate BUILD directory per configuration (or remove $GEN)" >&2
    exit 2
fi
echo "rtl-synth: $($YOSYS -V) (config ${cfg:-?}, results in $OUT/)"
fail=0

# ---- 1. source scan
if ! "$PY" scripts/synth/rtl-scan.py forbidden rtl/*.v rtl/*.vh rtl/fp/*.vh; then
    echo "rtl-synth: simulation-only constructs in rtl/ (above)" >&2
    fail=1
else
    echo "  source scan: ok (no \$display/\$finish/initial/real/DPI in rtl/)"
fi

all_mods=$(ls rtl/*.v | sed 's|rtl/||; s|\.v$||' | sort)
is_coarse() { [ "$(synth_level "$1")" = coarse ]; }
cu_blackbox() { is_coarse "$1" && return 0; case " $SYNTH_CU_BLACKBOX " in *" $1 "*) return 0 ;; esac; return 1; }
RD="read_verilog -sv -DSYNTHESIS -Irtl -Irtl/fp -I$GEN"

# run NAME TOP FLATTEN(0/1) LEVEL(gate/coarse) SOURCES... -- LIBSOURCES... -- REUSED...
# SOURCES are synthesized, LIBSOURCES are black boxes.  REUSED (whole-CU run
# only): modules whose step-2 netlist OUT/M.il replaces their black box after
# the sources are synthesized; then the design is flattened and optimized
# once more across the module boundaries (opt_expr; opt_merge; opt_clean).
run() {
    local name=$1 top=$2 flat=$3 level=$4; shift 4
    local files=() libs=() reuse=() f
    while [ $# -gt 0 ] && [ "$1" != -- ]; do files+=("$1"); shift; done
    [ $# -gt 0 ] && shift
    while [ $# -gt 0 ] && [ "$1" != -- ]; do libs+=("$1"); shift; done
    [ $# -gt 0 ] && shift
    reuse=("$@")
    local ys=$OUT/$name.ys log=$OUT/$name.log
    local lsel='t:$dlatch t:$adlatch t:$dlatchsr t:$_DLATCH_* t:$_DLATCHSR_*'
    rm -f "$OUT/$name.il" "$OUT/$name.latches.txt"
    {
        echo "# generated by scripts/rtl-synth.sh"
        echo "$RD $GEN/sicu_config.vh rtl/cu_defs.vh ${files[*]}"
        for f in "${libs[@]}" "${reuse[@]}"; do echo "$RD -lib rtl/$f.v"; done
        echo "hierarchy -check -top $top"
        echo "proc"
        [ "$flat" = 1 ] && [ ${#reuse[@]} = 0 ] && echo "flatten"
        echo "opt_expr; opt_clean; opt_merge; opt_clean"
        echo "opt $OPTX"
        echo "wreduce"
        if synth_nosat "$top"; then echo "memory -nomap -nosat"; else echo "memory -nomap"; fi
        echo "opt $OPTX"
        # memories below SYNTH_MEM_MIN_BITS (per-wave state arrays, small
        # tables) become flops / logic; the larger ones stay \$mem_v2 cells
        echo "dump -o $OUT/$name.memall.txt t:\$mem_v2"
        echo "exec -expect-return 0 -- $PY scripts/synth/synth-report.py small-mems $OUT/$name.memall.txt $MIN_BITS > $OUT/$name.map.ys"
        echo "script $OUT/$name.map.ys"
        # a per-wave array with a non-power-of-two wave count (40 slots, 6-bit index):
        # memory_map (Yosys 0.23) leaves the read-mux leaves past the last entry
        # undriven; those reads are out of range, i.e. undefined in Verilog: tie them to 0
        echo "setundef -undriven -zero w:*rdmux*"
        if [ "$level" = gate ]; then
            echo "techmap"
            echo "opt $OPTX"
        fi
        if [ ${#reuse[@]} != 0 ]; then
            # read_rtlil replaces the black boxes ("Replacing existing blackbox module")
            for f in "${reuse[@]}"; do echo "read_rtlil $OUT/$f.il"; done
            echo "hierarchy -check -top $top"
            [ "$flat" = 1 ] && echo "flatten"
            echo "opt_expr; opt_merge; opt_clean"
        fi
        echo "tee -q -o $OUT/$name.stat.json stat -json -width"
        echo "tee -q -o $OUT/$name.stat.txt stat -width"
        echo "dump -o $OUT/$name.mem.txt t:\$mem_v2"
        echo "tee -q -o $OUT/$name.latches.txt select -list $lsel"
        echo "select -assert-none $lsel"
        echo "check -assert"
        # the module's own netlist, reused by the whole-CU run
        echo "select $top"
        echo "write_rtlil -selected $OUT/$name.il"
    } > "$ys"
    local t0 t rc status mem
    t0=$(date +%s.%N)
    ( ulimit -v $((MEM_MB * 1024)); timeout "$SYNTH_TIMEOUT" nice -n "$SYNTH_NICE" "$YOSYS" -q -l "$log" "$ys" ) >/dev/null 2>&1
    rc=$?
    t=$(awk -v a="$t0" -v b="$(date +%s.%N)" 'BEGIN{printf "%.1f", b-a}')
    mem=$(sed -n 's/.*MEM: \([0-9.]*\) MB peak.*/\1/p' "$log" | tail -1)
    status=ok
    if [ $rc = 124 ]; then status=timeout
    elif [ $rc != 0 ]; then status=FAIL
    fi
    # Yosys warnings other than the benign "Replacing memory ... with list of registers"
    grep '[Ww]arning' "$log" | grep -v 'Replacing memory .* with list of registers' \
        | grep -v '^Warnings: [0-9]* unique messages' | sort -u > "$OUT/$name.warnings.txt"
    if [ -s "$OUT/$name.warnings.txt" ] && [ "${SYNTH_ALLOW_WARNINGS:-0}" != 1 ] && [ $status = ok ]; then
        status=WARN
    fi
    printf 'top=%s\nstatus=%s\nlevel=%s\nwall_s=%s\npeak_mem_mb=%s\n' "$top" "$status" "$level" "$t" "${mem:-nan}" \
        > "$OUT/$name.run"
    printf '  %-14s %-7s %-6s %7s s %8s MB\n' "$name" "$status" "$level" "$t" "${mem:--}"
    [ -s "$OUT/$name.warnings.txt" ] && sed 's/^/      yosys: /' "$OUT/$name.warnings.txt"
    if [ $status != ok ]; then
        grep -E '^ERROR|found logic loop|multiple conflicting drivers|is used but has no driver|Found and reported [1-9]' \
            "$log" | head -20 | sed 's/^/      /'
        [ $rc = 124 ] && echo "      (timed out after ${SYNTH_TIMEOUT}s; log: $log)"
        [ -s "$OUT/$name.latches.txt" ] && grep -v '^$' "$OUT/$name.latches.txt" | head -20 | sed 's/^/      latch: /'
    fi
    return 0
}

# ---- self-test: the checks of run() must catch a latch and a multiply
# driven net (a check that cannot fail is no check)
if [ "${SYNTH_SELFTEST:-1}" != 0 ]; then
    cat > "$OUT/selftest_latch.v" <<'EOV'
// rtl-synth self-test: a latch
module selftest_latch (input wire en, input wire d, output reg q);
    always @* if (en) q = d;
endmodule
EOV
    cat > "$OUT/selftest_drv.v" <<'EOV'
// rtl-synth self-test: two drivers of one wire
module selftest_drv (input wire a, input wire b, output wire w);
    assign w = a;
    assign w = b;
endmodule
EOV
    run selftest_latch selftest_latch 0 gate "$OUT/selftest_latch.v" -- -- >/dev/null
    run selftest_drv selftest_drv 0 gate "$OUT/selftest_drv.v" -- -- >/dev/null
    if grep -qx 'status=ok' "$OUT/selftest_latch.run" || ! grep -q 'selftest_latch' "$OUT/selftest_latch.latches.txt"; then
        echo "rtl-synth: self-test FAILED: a module with a latch passed the checks" >&2
        fail=1
    elif grep -qx 'status=ok' "$OUT/selftest_drv.run" || ! grep -qi 'multiple conflicting drivers' "$OUT/selftest_drv.log"; then
        echo "rtl-synth: self-test FAILED: a wire with two drivers passed the checks" >&2
        fail=1
    else
        echo "  self-test: ok (a latch and a wire with two drivers are caught)"
    fi
    rm -f "$OUT"/selftest_latch.* "$OUT"/selftest_drv.*
fi

# ---- 2. every module as its own top, its submodules as black boxes;
# SYNTH_JOBS runs at a time (the longest ones first)
mods=$(echo ${SYNTH_MODULES:-$all_mods})   # one line, space separated
[ "$mods" = none ] && mods=
long="$SYNTH_COARSE lsu simd_qr vmem issue simd_lane"
ordered=$(for m in $long; do case " $mods " in *" $m "*) echo "$m" ;; esac; done | awk '!seen[$0]++'
          for m in $mods; do case " $long " in *" $m "*) ;; *) echo "$m" ;; esac; done)
report_mods=()
for m in ${SYNTH_REUSED:-}; do
    [ -s "$OUT/$m.il" ] && grep -qx 'status=ok' "$OUT/$m.run" 2>/dev/null ||
        { echo "rtl-synth: SYNTH_REUSED names $m but $OUT/$m.il is missing or not ok" >&2; fail=1; continue; }
    fresh+=("$m")
    report_mods+=("$m")
    echo "  $(printf '%-14s' "$m") reused (SYNTH_REUSED)"
done
for m in $ordered; do
    [ -f "rtl/$m.v" ] || { echo "rtl-synth: no rtl/$m.v" >&2; fail=1; continue; }
    # shellcheck disable=SC2086
    kids=$("$PY" scripts/synth/rtl-scan.py children "rtl/$m.v" $all_mods)
    libs=()
    for k in $kids; do libs+=("$k"); done
    level=$(synth_level "$m")
    # the key of the netlist (area.sh's AREA_REUSE; scripts/synth/flow.sh)
    # shellcheck disable=SC2086
    synth_key "$GEN" "$m" $all_mods > "$OUT/$m.key" || rm -f "$OUT/$m.key"
    while [ "$(jobs -rp | wc -l)" -ge "$JOBS" ]; do wait -n; done
    run "$m" "$m" 0 "$level" "rtl/$m.v" -- "${libs[@]}" -- &
    report_mods+=("$m")
done
wait
for m in "${report_mods[@]}"; do
    case " ${SYNTH_REUSED:-} " in *" $m "*) continue ;; esac
    [ -s "$OUT/$m.il" ] && fresh+=("$m")     # the run completed (perhaps with warnings)
done

# ---- 3. the whole CU, flattened.  SYNTH_COARSE and SYNTH_CU_BLACKBOX modules stay black boxes;
# the other modules' netlists of step 2 are reused when the CU instantiates
# them without parameter overrides (their step-2 netlist is then exactly the
# one of the CU); the others (sicu_cu itself, sgpr_file #(.NR(8))) are
# synthesized from source here.
if [ "${SYNTH_CU:-1}" != 0 ]; then
    # shellcheck disable=SC2086
    withparams=$(for f in rtl/*.v; do "$PY" scripts/synth/rtl-scan.py paraminst "$f" $all_mods; done | tr ' ' '\n' | sort -u)
    files=() libs=() reuse=()
    for m in $all_mods; do
        if cu_blackbox "$m"; then libs+=("$m")
        elif [ "$m" != sicu_cu ] && ! grep -qx "$m" <<<"$withparams" && [ -s "$OUT/$m.il" ] &&
             [[ " ${fresh[*]} " == *" $m "* ]]; then reuse+=("$m")
        else files+=("rtl/$m.v")
        fi
    done
    run sicu_cu.flat sicu_cu 1 gate "${files[@]}" -- "${libs[@]}" -- "${reuse[@]}"
    report_mods+=(sicu_cu.flat)
fi
for m in "${report_mods[@]}"; do
    grep -qx 'status=ok' "$OUT/$m.run" 2>/dev/null || fail=1
done

echo
"$PY" scripts/synth/synth-report.py "$OUT" "${cfg:-?}" "${report_mods[@]}" || fail=1
echo "rtl-synth: figures in $OUT/report.json"
if [ $fail != 0 ]; then
    echo "rtl-synth: FAILED" >&2
    exit 1
fi
echo "rtl-synth: ok"
