#!/usr/bin/env bash
# waves-test.sh - headless checks of the waveform workflow (make waves-test,
# part of rtl-test): windows, scopes, the unit views, the failure waveform
# and bad options.  Uses the stored code object of the asm/ds regression case.
set -u -o pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
BUILD=${BUILD:-build}
SICU=$ROOT/$BUILD/bin/sicu
RTL_LIB=$ROOT/$BUILD/lib/libsicu-rtl.so
W=$ROOT/$BUILD/waves-test
WAVES=$ROOT/scripts/waves.sh
[ -f "$RTL_LIB" ] || { echo "waves-test: $RTL_LIB not built (make rtl)" >&2; exit 2; }
command -v fst2vcd >/dev/null || { echo "waves-test: fst2vcd not found (make deps: gtkwave)" >&2; exit 2; }
rm -rf "$W" && mkdir -p "$W"
cp programs/asm/ds.json "$W/launch.json"
cp tests/golden/asm-ds.o "$W/ds.o"
export WAVES_OUT=$W/gtkw
pass=0 fail=0
ok() { pass=$((pass + 1)); echo "  PASS  $1"; }
ko() { fail=$((fail + 1)); echo "  FAIL  $1"; [ -f "${2:-}" ] && sed -n '1,12p' "$2" | sed 's/^/          /'; }

# 1. a window of two units: only that window, only those scopes, their views complete
if "$SICU" run "$W/launch.json" --engine rtl --quiet --waves "$W/win.fst" --from 60 --to 140 \
       --scope lsu --scope issue > "$W/win.log" 2>&1 &&
   bash "$WAVES" check "$W/win.fst" 60 140 TOP.sicu_tb.u_cu.u_lsu TOP.sicu_tb.u_cu.u_issue >> "$W/win.log" 2>&1 &&
   grep -q "view 'lsu'" "$W/win.log" && grep -q "view 'issue'" "$W/win.log" && ! grep -q "view 'fetch'" "$W/win.log"; then
    ok "window cycles 60..140 of lsu + issue"
else ko "window cycles 60..140 of lsu + issue" "$W/win.log"; fi

# 1b. a unit inside a generate loop (simd): every SIMD's instance is traced
nsimd=$(awk '/SICU_SIMDS/{print $3}' "$ROOT/$BUILD/gen/sicu_config.h" 2>/dev/null || echo 1)
if "$SICU" run "$W/launch.json" --engine rtl --quiet --waves "$W/simd.fst" --from 10 --to 40 --scope simd \
       > "$W/simd.log" 2>&1 &&
   [ "$(bash "$WAVES" list "$W/simd.fst" | grep -o '^TOP\.sicu_tb\.u_cu\.g_simd\[[0-9]*\]\.u_simd\.' | sort -u | wc -l)" = "$nsimd" ]; then
    ok "--scope simd traces all $nsimd SIMDs"
else ko "--scope simd traces all $nsimd SIMDs" "$W/simd.log"; fi

# 2. the whole CU from cycle 0: every unit view finds all its groups
if "$SICU" run "$W/launch.json" --engine cosim --quiet --waves "$W/all.fst" --to 50 > "$W/all.log" 2>&1 &&
   bash "$WAVES" check "$W/all.fst" 0 50 >> "$W/all.log" 2>&1 &&
   [ "$(grep -c "^waves: view '" "$W/all.log")" -ge 9 ]; then
    ok "whole CU, cycles 0..50, all unit views"
else ko "whole CU, cycles 0..50, all unit views" "$W/all.log"; fi

# 3. the check itself fails on a wrong window or a wrong scope (it can fail)
if ! bash "$WAVES" check "$W/win.fst" 60 141 > "$W/neg.log" 2>&1 && grep -q "expected 120..283" "$W/neg.log" &&
   ! bash "$WAVES" check "$W/all.fst" 0 50 TOP.sicu_tb.u_cu.u_lsu >> "$W/neg.log" 2>&1; then
    ok "check rejects a wrong window and signals outside the scopes"
else ko "check rejects a wrong window and signals outside the scopes" "$W/neg.log"; fi

# 4. a save file for every unit; it names the waveform and only signals that exist in it
bash "$WAVES" list "$W/all.fst" | awk '{ print $1 }' | sort > "$W/names.txt"
good=1
units=$(awk '$1 == "unit" { print $2 }' rtl/units.manifest)     # every unit of the manifest has a view
nunits=$(echo $units | wc -w)
for u in $units; do
    if ! bash "$WAVES" gtkw "$W/all.fst" "$u" "$W/gtkw/$u.gtkw" > "$W/gtkw-$u.log" 2>&1; then good=0; break; fi
    grep -q "^\[dumpfile\] \"$W/all.fst\"" "$W/gtkw/$u.gtkw" || { good=0; break; }
    if grep '^TOP\.' "$W/gtkw/$u.gtkw" | sort | comm -23 - "$W/names.txt" | grep -q .; then good=0; break; fi
done
if [ $good = 1 ]; then ok "gtkw save files of the $nunits units of rtl/units.manifest"; else ko "gtkw save file of unit $u" "$W/gtkw-$u.log"; fi

# 5. a hang writes the waveform of the cycles before it and says how to open it
"$SICU" run "$W/launch.json" --engine rtl --watchdog 1500 --mem-stall-after 1 --fail-waves 300 > "$W/hang.log" 2>&1
rc=$?
range=$(sed -n 's/.*failure waveform (cycles \([0-9]*\)\.\.\([0-9]*\),.*/\1 \2/p' "$W/hang.log")
if [ $rc != 0 ] && grep -q 'watchdog: no instruction retired' "$W/hang.log" && [ -f "$W/sicu-fail.fst" ] &&
   grep -q 'make view WAVES=' "$W/hang.log" && ! grep -q 'did not fail' "$W/hang.log" && [ -n "$range" ] &&
   [ $(( ${range#* } - ${range% *} )) = 300 ] &&
   bash "$WAVES" check "$W/sicu-fail.fst" ${range% *} ${range#* } >> "$W/hang.log" 2>&1; then
    ok "hang -> waveform of the last 300 cycles (cycles $range)"
else ko "hang -> waveform of the last 300 cycles" "$W/hang.log"; fi

# 6. switching activity: every module of rtl/ counted, cycles as in --stats, no temporary FST left
if "$SICU" run "$W/launch.json" --engine rtl --quiet --activity "$W/act.json" --stats "$W/stats.json" > "$W/act.log" 2>&1 &&
   [ ! -e "$W/act.json.tmp.fst" ] &&
   jq -e --slurpfile st "$W/stats.json" --argjson mods "$(ls rtl/*.v | sed 's|rtl/||; s|\.v$||' | jq -R . | jq -s .)" '
        (.modules | keys) == ($mods | sort) and .cycles == $st[0].cycles and
        .modules.issue.toggles > 0 and .modules.lsu.toggles > 0 and .modules.simd.instances >= 1 and
        .total.toggles == ([.modules[].toggles] | add) and .counters.vgpr_row_writes > 0' "$W/act.json" > /dev/null; then
    ok "activity: all modules, cycles, totals"
else ko "activity: all modules, cycles, totals" "$W/act.log"; fi

# 7. bad options: clear errors, exit 2, no file
bad_opt() {
    local name=$1 pat=$2; shift 2
    "$@" > "$W/bad.log" 2>&1
    local rc=$?
    if [ $rc = 2 ] && grep -Eq -e "$pat" "$W/bad.log"; then ok "bad option: $name"; else ko "bad option: $name (exit $rc)" "$W/bad.log"; fi
}
bad_opt "unknown scope" "unknown --scope 'alu'" "$SICU" run "$W/launch.json" --engine rtl --waves "$W/x.fst" --scope alu
bad_opt "empty window" "empty waveform window" "$SICU" run "$W/launch.json" --engine rtl --waves "$W/x.fst" --from 10 --to 5
bad_opt "window without --waves" "need --waves" "$SICU" run "$W/launch.json" --engine rtl --from 10
bad_opt "bad cycle number" "--from expects a number" "$SICU" run "$W/launch.json" --engine rtl --waves "$W/x.fst" --from 1e3
bad_opt "activity with waves" "cannot be combined with --waves" "$SICU" run "$W/launch.json" --engine rtl --waves "$W/x.fst" --activity "$W/y.json"
bad_opt "emulator engine" "needs --engine rtl or cosim" "$SICU" run "$W/launch.json" --waves "$W/x.fst"
[ -e "$W/x.fst" ] && ko "a rejected command wrote $W/x.fst"
"$SICU" run "$W/launch.json" --engine rtl --waves /nonexistent/dir/w.fst > "$W/bad.log" 2>&1
if [ $? = 1 ] && grep -q 'cannot create the waveform file /nonexistent/dir/w.fst' "$W/bad.log"; then
    ok "unwritable waveform file"
else ko "unwritable waveform file" "$W/bad.log"; fi

echo "waves-test: $pass passed, $fail failed"
[ $fail = 0 ]
