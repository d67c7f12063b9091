#!/usr/bin/env bash
# rtl-lint.sh - Verilator lint (-Wall) of the whole compute unit and of every
# RTL module as its own top, for one configuration.  Fails on any warning.
#
#   scripts/rtl-lint.sh [BUILD_DIR [CONFIG_FILE]]   (default: build; make rtl-lint passes
#                       $(CHECK_BUILD) $(CHECK_CONFIG); CONFIG_FILE: check BUILD_DIR/gen comes from it)
#
# BUILD_DIR/gen must hold sicu_config.vh and si_isa.vh (make BUILD=... CONFIG=...
# BUILD_DIR/gen/sicu_config.vh BUILD_DIR/gen/si_isa.vh).  Logs go to BUILD_DIR/lint/.
# Each rtl/X.v holds one module X.  A module linted as top also lints the
# modules below it, so a warning can be reported by several runs: the summary
# lists each distinct warning once.
#
# A name M+dpath lints module M with SICU_DPATH_DPI defined, as the verilated
# CU builds it (rtl/simd.v: the datapaths evaluated through DPI calls); the
# default list ends with simd+dpath.
#
# Environment: VERILATOR (verilator), LINT_TIMEOUT (seconds per run, 900),
# LINT_MODULES (space-separated subset, default all but LINT_COVERED),
# LINT_COVERED (modules sicu_tb covers, skipped by default), LINT_FULL=1 to keep
# Verilator's gate/reorder optimisations (about 2x slower, same warnings on
# this design: they only matter for code generation; UNOPTFLAT is still found).
set -u -o pipefail
cd "$(dirname "$0")/.."

BUILD=${1:-build}
WANT_CFG=${2:-}     # optional: the configuration file BUILD/gen must come from
VERILATOR=${VERILATOR:-verilator}
LINT_TIMEOUT=${LINT_TIMEOUT:-900}
GEN=$BUILD/gen
OUT=$BUILD/lint

for f in "$GEN/sicu_config.vh" "$GEN/si_isa.vh" "$GEN/sicu_bundle.vh" "$GEN/sicu_units.vh"; do
    [ -f "$f" ] || { echo "rtl-lint: missing $f (make BUILD=$BUILD $f)" >&2; exit 2; }
done
command -v "$VERILATOR" >/dev/null || { echo "rtl-lint: $VERILATOR not found" >&2; exit 2; }
mkdir -p "$OUT"

# every module file, then the simulation wrapper with the testbench monitor
# (rtl/tb/sicu_tb.v), which lints the whole CU with the configuration's
# parameters.  The modules of LINT_COVERED (default sicu_cu simd) are not
# linted as their own top by default: sicu_tb instantiates each of them with
# the same parameters, so their runs (6 and 4 minutes) find nothing more.
LINT_COVERED=${LINT_COVERED-sicu_cu simd}
mods=${LINT_MODULES:-$(ls rtl/*.v | sed 's|rtl/||; s|\.v$||' | sort)}
if [ -z "${LINT_MODULES:-}" ]; then
    for c in $LINT_COVERED; do mods=$(echo "$mods" | grep -vx "$c"); done
    mods="$(echo $mods) tb/sicu_tb simd+dpath"
fi

fast=(-fno-gate -fno-reorder)
[ "${LINT_FULL:-0}" = 1 ] && fast=()

have_time=0
[ -x /usr/bin/time ] && have_time=1

cfg=$(sed -n 's|^// Generated from \([^ ]*\) .*|\1|p' "$GEN/sicu_config.vh")
if [ -n "$WANT_CFG" ] && [ "$(realpath -m "${cfg:-?}")" != "$(realpath -m "$WANT_CFG")" ]; then
    echo "rtl-lint: $GEN/sicu_config.vh was generated from ${cfg:-?}, not $WANT_CFG" >&2
    echo "rtl-lint: use a separate BUILD directory per configuration (or remove $GEN)" >&2
    exit 2
fi
echo "rtl-lint: $($VERILATOR --version) (config ${cfg:-?}, logs in $OUT/)"
fail=0
: > "$OUT/all-warnings.txt"
t_all=$(date +%s.%N)
for m in $mods; do
    mf=${m%+dpath}
    defs=()
    [ "$mf" != "$m" ] && defs=(+define+SICU_DPATH_DPI)
    [ -f "rtl/$mf.v" ] || { echo "rtl-lint: no rtl/$mf.v" >&2; fail=1; continue; }
    log=$OUT/${m##*/}.log
    t0=$(date +%s.%N)
    cmd=(timeout "$LINT_TIMEOUT" nice -n 10 "$VERILATOR" --lint-only -Wall "${fast[@]}" "${defs[@]}"
         -Irtl -Irtl/fp -I"$GEN" -y rtl -y rtl/tb --top-module "${mf##*/}"
         "$GEN/sicu_config.vh" rtl/cu_defs.vh "rtl/$mf.v")
    if [ $have_time = 1 ]; then
        /usr/bin/time -f '%M' -o "$OUT/${m##*/}.rss" "${cmd[@]}" >"$log" 2>&1
    else
        "${cmd[@]}" >"$log" 2>&1
    fi
    rc=$?
    t=$(awk -v a="$t0" -v b="$(date +%s.%N)" 'BEGIN{printf "%.1f", b-a}')
    rss=-
    [ -s "$OUT/${m##*/}.rss" ] && rss=$(tail -1 "$OUT/${m##*/}.rss" | awk '{printf "%d MB", $1/1024}')
    # one line per diagnostic: "%Warning-X: file:line:col: text" / "%Error..."
    nw=$(grep -c '^%Warning' "$log")
    ne=$(grep '^%Error' "$log" | grep -vc '^%Error: Exiting due to')
    grep -E '^%(Warning|Error)' "$log" | grep -v '^%Error: Exiting due to' >> "$OUT/all-warnings.txt"
    status=ok
    if [ $rc = 124 ]; then status="TIMEOUT (${LINT_TIMEOUT}s)"; fail=1
    elif [ $rc != 0 ] || [ "$nw" != 0 ] || [ "$ne" != 0 ]; then status=FAIL; fail=1
    fi
    printf '  %-10s %-6s %7s s %9s  %3d warnings %3d errors\n' "$m" "$status" "$t" "$rss" "$nw" "$ne"
    if [ $rc != 0 ] && [ "$nw" = 0 ] && [ "$ne" = 0 ]; then
        # crashed or died without a diagnostic line (internal error, timeout, OOM)
        tail -5 "$log" | sed 's/^/      /'
    fi
done
awk -v a="$t_all" -v b="$(date +%s.%N)" 'BEGIN{printf "rtl-lint: total %.1f s\n", b-a}'
if [ -s "$OUT/all-warnings.txt" ]; then
    echo "rtl-lint: distinct diagnostics (see $OUT/<module>.log for context):"
    sort -u "$OUT/all-warnings.txt" | sort -t: -k2,2 -k3,3n | sed 's/^/  /'
fi
if [ $fail != 0 ]; then
    echo "rtl-lint: FAILED" >&2
    exit 1
fi
echo "rtl-lint: clean ($(echo $mods | wc -w) tops, 0 warnings)"
