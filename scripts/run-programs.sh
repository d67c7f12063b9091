#!/usr/bin/env bash
# run-programs.sh [NAME...] - run the bundled programs and assembly tests on
# the emulator and check them.
#
#   For every programs/NAME/ (with a launch.json) and each of -O0 and -O2:
#     BUILD/programs/NAME-O<n>/  <- launch.json, inputs (host gen), NAME.o (sicu cc)
#     sicu run launch.json, then host check (host reference, exact or ULP).
#   For every programs/asm/NAME.s:
#     llvm-mc -> BUILD/programs/asm-NAME/NAME.o, sicu run NAME.json,
#     compare the dumped out.bin (hex dwords) with programs/asm/NAME.expected.
#
# ENGINE=rtl|cosim runs `sicu run --engine ENGINE` (the RTL compute unit;
# cosim checks every retirement against the emulator) into
# BUILD/programs-ENGINE/ instead.  BUILD (default build) selects the build
# directory, i.e. its sicu and, for the RTL engines, its configuration:
#   BUILD=build-small ENGINE=cosim OPTS=2 bash scripts/run-programs.sh vadd asm/salu
# MAX_CYCLES (default 40 M) is the RTL engines' --max-cycles.
# STATS=1 writes each case's `sicu run --stats` to its directory's stats.json
# (scripts/dmr-coverage.sh reads them).  RUN_EXTRA: more sicu run options.
#
# NAMEs select a subset (program names, or asm test names such as "asm/salu"
# or just "salu").  Prints one line per case and "N passed, M failed";
# exits non-zero on any failure.  Logs stay in each case's directory.
set -u
cd "$(dirname "$0")/.."
ROOT=$PWD
BUILD=${BUILD:-build}
SICU=${SICU:-$ROOT/$BUILD/bin/sicu}
ENGINE=${ENGINE:-}
RUNARGS=()
# the RTL engines' runaway guard: MatrixTranspose -O0 takes 16.5 M cycles (its
# scratch accesses are lane-serial), above sicu run's default of 10 M
[ -n "$ENGINE" ] && RUNARGS=(--engine "$ENGINE")
[ -n "$ENGINE" ] && [ "$ENGINE" != emu ] && RUNARGS+=(--max-cycles "${MAX_CYCLES:-40000000}")
# RUN_EXTRA: more `sicu run` options for every case (word-split), e.g. the
# Warped-DMR controls "--dmr-mode inter --dmr-rq 5" (scripts/dmr-overhead.sh)
[ -n "${RUN_EXTRA:-}" ] && RUNARGS+=($RUN_EXTRA)
OUT=${PROGRAMS_OUT:-$ROOT/$BUILD/programs${ENGINE:+-$ENGINE}}   # where the case directories go
OPTS=${OPTS:-"0 2"}
LLVM_MC=$(command -v llvm-mc-14 || command -v llvm-mc || true)
mkdir -p "$OUT"

pass=0
fail=0
failed=()

ok()   { pass=$((pass + 1)); printf '  PASS  %s\n' "$1"; }
bad()  {
    fail=$((fail + 1)); failed+=("$1")
    printf '  FAIL  %s: %s\n' "$1" "$2"
    if [ -n "${3:-}" ] && [ -f "$3" ]; then sed -n '1,12p' "$3" | sed 's/^/          /'; fi
}

# ---------------------------------------------------------------- selection
progs=()
asms=()
if [ $# -eq 0 ]; then
    for d in programs/*/; do
        n=$(basename "$d")
        [ -f "programs/$n/launch.json" ] && progs+=("$n")
    done
    for s in programs/asm/*.s; do
        [ -f "$s" ] && asms+=("$(basename "$s" .s)")
    done
else
    for a in "$@"; do
        a=${a%/}
        if [ -f "programs/$a/launch.json" ]; then progs+=("$a")
        elif [ -f "programs/asm/${a#asm/}.s" ]; then asms+=("${a#asm/}")
        else echo "run-programs: no program or asm test named '$a'" >&2; exit 2
        fi
    done
fi

if [ ! -x "$SICU" ]; then
    echo "run-programs: $SICU not found (run make first)" >&2
    exit 2
fi
if [ -n "$ENGINE" ] && [ "$ENGINE" != emu ] && [ ! -f "$(dirname "$(dirname "$SICU")")/lib/libsicu-rtl.so" ]; then
    echo "run-programs: ENGINE=$ENGINE needs the RTL engine next to $SICU (make rtl [BUILD=$BUILD])" >&2
    exit 2
fi

# ---------------------------------------------------------------- programs
for p in "${progs[@]}"; do
    host=$OUT/$p-host
    if ! gcc -O2 -ffp-contract=off -fwrapv -std=gnu11 -Wall -Wextra -I programs/include \
            -o "$host" "programs/$p/host.c" -lm > "$OUT/$p-host.log" 2>&1; then
        for o in $OPTS; do bad "$p -O$o" "host build failed" "$OUT/$p-host.log"; done
        continue
    fi
    for o in $OPTS; do
        name="$p -O$o"
        dir=$OUT/$p-O$o
        rm -rf "$dir" && mkdir -p "$dir"
        cp "programs/$p/launch.json" "$dir/"
        if ! "$host" gen "$dir" > "$dir/gen.log" 2>&1; then
            bad "$name" "host gen failed" "$dir/gen.log"; continue
        fi
        if ! "$SICU" cc -O"$o" "programs/$p/$p.cl" -o "$dir/$p.o" > "$dir/cc.log" 2>&1; then
            bad "$name" "sicu cc failed" "$dir/cc.log"; continue
        fi
        if ! "$SICU" run "$dir/launch.json" "${RUNARGS[@]}" ${STATS:+--stats "$dir/stats.json"} > "$dir/run.log" 2>&1; then
            bad "$name" "sicu run failed" "$dir/run.log"; continue
        fi
        if ! "$host" check "$dir" > "$dir/check.log" 2>&1; then
            bad "$name" "host check failed" "$dir/check.log"; continue
        fi
        ok "$name"
    done
done

# ---------------------------------------------------------------- asm tests
for t in "${asms[@]}"; do
    name="asm/$t"
    dir=$OUT/asm-$t
    rm -rf "$dir" && mkdir -p "$dir"
    if [ -z "$LLVM_MC" ]; then bad "$name" "llvm-mc not found"; continue; fi
    if ! "$LLVM_MC" -triple=amdgcn-amd-amdhsa -mcpu=tahiti -filetype=obj \
            "programs/asm/$t.s" -o "$dir/$t.o" > "$dir/mc.log" 2>&1; then
        bad "$name" "llvm-mc failed" "$dir/mc.log"; continue
    fi
    cp "programs/asm/$t.json" "$dir/launch.json"
    if ! "$SICU" run "$dir/launch.json" "${RUNARGS[@]}" ${STATS:+--stats "$dir/stats.json"} > "$dir/run.log" 2>&1; then
        bad "$name" "sicu run failed" "$dir/run.log"; continue
    fi
    if [ ! -f "$dir/out.bin" ]; then bad "$name" "no out.bin dumped"; continue; fi
    od -An -v -tx4 -w4 "$dir/out.bin" | tr -d ' ' > "$dir/got.txt"
    sed -e 's/#.*//' -e 's/[[:space:]]//g' -e '/^$/d' "programs/asm/$t.expected" \
        | tr 'A-F' 'a-f' | sed 's/^0x//' > "$dir/want.txt"
    if ! diff "$dir/want.txt" "$dir/got.txt" > "$dir/diff.log"; then
        # name the first differing dword
        first=$(paste -d' ' "$dir/want.txt" "$dir/got.txt" | awk '$1 != $2 { printf "dword %d: expected %s, got %s", NR-1, $1, $2; exit }')
        bad "$name" "${first:-output length differs}" "$dir/diff.log"; continue
    fi
    ok "$name"
done

echo "$pass passed, $fail failed"
if [ "$fail" -ne 0 ]; then
    echo "failed: ${failed[*]}"
    exit 1
fi
exit 0
