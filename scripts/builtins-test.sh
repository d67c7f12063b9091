#!/usr/bin/env bash
# builtins-test.sh - the OpenCL C built-ins test (docs/builtins.md).
#
# Generates kernels calling every OpenCL 1.2 built-in of every family on
# every element type and vector width (sicu-builtins list/gen), compiles
# each with `sicu cc` at every level of OPTS, runs it with `sicu run` and
# compares the results with the host reference (sicu-builtins check).
# Cases run JOBS (default 2) at a time.  Every failure names the case, the
# level, the function with its types, the input and both results; the
# script ends with "builtins: N passed, M failed" and exits non-zero on
# any failure.
#
#   BUILD=build        the build directory (its sicu and sicu-builtins)
#   ENGINE=emu|cosim   the engine (cosim: the RTL checked against the
#                      emulator; needs make rtl)
#   OPTS="0 2"         optimisation levels
#   WIDTHS="1 2 3 4 8 16"   vector widths of the per-width families
#   FAMILIES="math int ..." families (default all: math halfnative common
#                      geometric relational int conv vdata async sync atomic)
#   BUILTINS_SUBSET=quick   widths 1 and 3, -O2 only (make asan-test uses it)
#   JOBS=2             cases in parallel
#   CASES="a b"        run exactly these cases
set -uo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
BUILD=${BUILD:-build}
SICU=$ROOT/$BUILD/bin/sicu
GEN=$ROOT/$BUILD/bin/sicu-builtins
ENGINE=${ENGINE:-emu}
OPTS=${OPTS:-"0 2"}
WIDTHS=${WIDTHS:-"1 2 3 4 8 16"}
if [ "${BUILTINS_SUBSET:-}" = quick ]; then OPTS=${QUICK_OPTS:-2}; WIDTHS="1 3"; fi
JOBS=${JOBS:-2}
OUT=${BUILTINS_OUT:-$ROOT/$BUILD/builtins${ENGINE:+-$ENGINE}}
for x in "$SICU" "$GEN"; do
    [ -x "$x" ] || { echo "builtins-test: $x not found (make $BUILD/bin/$(basename "$x"))" >&2; exit 2; }
done
if [ "$ENGINE" != emu ] && [ ! -f "$ROOT/$BUILD/lib/libsicu-rtl.so" ]; then
    echo "builtins-test: ENGINE=$ENGINE needs $BUILD/lib/libsicu-rtl.so (make rtl)" >&2; exit 2
fi
rm -rf "$OUT" && mkdir -p "$OUT"
if [ -n "${CASES:-}" ]; then
    printf '%s\n' $CASES > "$OUT/cases"
else
    "$GEN" list --widths "$WIDTHS" ${FAMILIES:+--families "$FAMILIES"} > "$OUT/cases" || exit 2
fi

# one case: generate, then per level compile, run, check; a line per level
one() {
    local c=$1 o log
    "$GEN" gen "$OUT" "$c" > "$OUT/$c.gen.log" 2>&1 || { echo "FAIL $c: sicu-builtins gen (see $OUT/$c.gen.log)"; return; }
    for o in $OPTS; do
        log=$OUT/$c-O$o.log
        if ! "$SICU" cc -O"$o" "$OUT/$c.cl" -o "$OUT/$c-O$o.o" > "$log" 2>&1; then
            echo "FAIL $c -O$o: sicu cc (see $log)"; sed -n '1,5p' "$log" | sed 's/^/    /'; continue
        fi
        # one launch per kernel of the case (CASE-O<n>-<k>.json, see sicu-builtins)
        local j=0 ok=1
        while [ -f "$OUT/$c-O$o-$j.json" ]; do
            if ! "$SICU" run --quiet --engine "$ENGINE" "$OUT/$c-O$o-$j.json" >> "$log" 2>&1; then
                echo "FAIL $c -O$o: sicu run --engine $ENGINE of kernel t$j (see $log)"
                sed -n '1,5p' "$log" | sed 's/^/    /'; ok=0; break
            fi
            j=$((j + 1))
        done
        [ $ok = 1 ] && "$GEN" check "$OUT" "$c" "$o" 2>&1 | head -12
    done
}
export -f one
export OUT GEN SICU OPTS ENGINE

start=$(date +%s)
xargs -P "$JOBS" -I{} bash -c 'one {}' < "$OUT/cases" > "$OUT/results.txt"
grep -v '^ok ' "$OUT/results.txt"
pass=$(grep -c '^ok ' "$OUT/results.txt")
fail=$(grep -E '^FAIL ' "$OUT/results.txt" | awk '{print $2, $3}' | sed 's/:$//' | sort -u | wc -l)
# The checker must be able to fail: an element-wise case that passed, with
# its first result's exponent byte changed, has to be reported.
first=$(awk '/^ok .* calls, 0 failed/{print $2; exit}' "$OUT/results.txt")
if [ -n "$first" ]; then
    lvl=$(awk -v c="$first" '$1 == "ok" && $2 == c {sub(/^-O/, "", $3); sub(/:$/, "", $3); print $3; exit}' "$OUT/results.txt")
    f=$OUT/$first-O$lvl-0.out
    cp "$f" "$f.good"
    b=$(od -An -tu1 -j3 -N1 "$f")
    printf "\\x$(printf %02x $(( b ^ 0x40 )))" | dd of="$f" bs=1 seek=3 conv=notrunc status=none
    if "$GEN" check "$OUT" "$first" "$lvl" > "$OUT/selfcheck.log" 2>&1; then
        echo "FAIL checker self-test: $first -O$lvl with a corrupted result was not reported (see $OUT/selfcheck.log)"
        fail=$((fail + 1))
    fi
    mv "$f.good" "$f"
fi
ncases=$(wc -l < "$OUT/cases")
echo "builtins: $pass passed, $fail failed ($ncases cases x levels $OPTS, engine $ENGINE, $(( $(date +%s) - start )) s)"
[ "$fail" -eq 0 ] && [ "$pass" -gt 0 ]
