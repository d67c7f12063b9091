#!/usr/bin/env bash
# The OpenCL host runtime's tests (docs/opencl.md): the unchanged host
# programs of programs/ocl/* built twice - linked directly with
# $BUILD/lib/libsicu-opencl.so and with -lOpenCL through the ocl-icd loader
# (OCL_ICD_VENDORS=$BUILD/etc/OpenCL/vendors) - and run on the emulator; a
# SICU_RECORD replay through `sicu run`; engine-selection errors; and, when
# $BUILD/lib/libsicu-rtl.so exists, the programs with SICU_ENGINE=cosim.
# Ends with "N passed, M failed"; exits non-zero on any failure.
set -uo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
BUILD=${BUILD:-build}
B=$ROOT/$BUILD
OUT=$B/ocl-test
LIB=$B/lib/libsicu-opencl.so
VENDORS=$B/etc/OpenCL/vendors
PROGS=(stencil2d matmul lavamd negative offset)
CC=${CC:-gcc}
pass=0
fail=0
mkdir -p "$OUT"

ok() { pass=$((pass + 1)); echo "PASS $*"; }
ko() { fail=$((fail + 1)); echo "FAIL $*"; }

# run NAME CMD...: in the program's directory, log in $OUT
run() {
    local name=$1 tag=$2
    shift 2
    if (cd "$ROOT/programs/ocl/$name" && env "$@") >"$OUT/$name.$tag.log" 2>&1; then
        ok "$name ($tag)"
    else
        ko "$name ($tag): see $OUT/$name.$tag.log"
        tail -5 "$OUT/$name.$tag.log" | sed 's/^/    /'
    fi
}

[ -f "$LIB" ] || { echo "ocl-test: $LIB not built (make)"; echo "0 passed, 1 failed"; exit 1; }

have_icd=1
for p in "${PROGS[@]}"; do
    src=programs/ocl/$p/host.c
    if $CC -O1 -Wall -DCL_TARGET_OPENCL_VERSION=120 -o "$OUT/$p" "$src" -L"$B/lib" -lsicu-opencl \
        -Wl,-rpath,"$B/lib" -lm 2>"$OUT/$p.cc.log"; then ok "$p: build (direct)"; else ko "$p: build (direct)"; cat "$OUT/$p.cc.log"; fi
    if $CC -O1 -Wall -DCL_TARGET_OPENCL_VERSION=120 -o "$OUT/$p-icd" "$src" -lOpenCL -lm 2>"$OUT/$p.icd-cc.log"; then
        ok "$p: build (ICD, -lOpenCL)"
    else
        ko "$p: build (ICD, -lOpenCL; install ocl-icd-opencl-dev: make deps)"
        have_icd=0
    fi
done

for p in "${PROGS[@]}"; do
    run "$p" emu "$OUT/$p"
    [ $have_icd = 1 ] && run "$p" icd-emu OCL_ICD_VENDORS="$VENDORS" "$OUT/$p-icd"
done
# the .icd file named directly, and SICU_ENGINE=emu spelled out
[ $have_icd = 1 ] && run stencil2d icd-file OCL_ICD_VENDORS="$VENDORS/sicu.icd" SICU_ENGINE=emu "$OUT/stencil2d-icd"

# SICU_RECORD: every dispatch replays with `sicu run` to the same buffers
rec=$OUT/record
rm -rf "$rec"
run matmul record SICU_RECORD="$rec" "$OUT/matmul"
run lavamd record SICU_RECORD="$rec" "$OUT/lavamd"
nrep=0
for d in "$rec"/dispatch-*; do
    [ -f "$d/launch.json" ] || continue
    if "$B/bin/sicu" run "$d/launch.json" --quiet 2>"$d/replay.log" &&
        for e in "$d"/b*.expected; do cmp -s "$e" "${e%.expected}.out" || exit 1; done; then
        nrep=$((nrep + 1))
    else
        ko "replay of $d"
    fi
done
[ $nrep -eq 2 ] && ok "SICU_RECORD replay: $nrep dispatches reproduce" || ko "SICU_RECORD replay: $nrep of 2 dispatches"

# engine selection errors: a clear message and a failing enqueue
if (cd programs/ocl/stencil2d && SICU_ENGINE=bogus "$OUT/stencil2d") >"$OUT/bogus.log" 2>&1; then
    ko "SICU_ENGINE=bogus must fail"
else
    grep -q "unknown SICU_ENGINE 'bogus'" "$OUT/bogus.log" && ok "SICU_ENGINE=bogus: error" || ko "SICU_ENGINE=bogus: message"
fi
if (cd programs/ocl/stencil2d && SICU_ENGINE=rtl SICU_RTL_LIB=/nonexistent/libsicu-rtl.so "$OUT/stencil2d") \
    >"$OUT/nortl.log" 2>&1; then
    ko "SICU_ENGINE=rtl without the library must fail"
else
    grep -q "needs the RTL engine /nonexistent/libsicu-rtl.so: not built" "$OUT/nortl.log" &&
        ok "SICU_ENGINE=rtl without libsicu-rtl.so: error" || ko "SICU_ENGINE=rtl without the library: message"
fi

# expect_fail TAG PATTERN VAR=VALUE...: stencil2d must fail, with PATTERN on stderr
expect_fail() {
    local tag=$1 pat=$2
    shift 2
    if (cd programs/ocl/stencil2d && env "$@" "$OUT/stencil2d") >"$OUT/$tag.log" 2>&1; then
        ko "$tag must fail"
    else
        grep -qE "$pat" "$OUT/$tag.log" && ok "$tag: error" || { ko "$tag: message"; tail -3 "$OUT/$tag.log"; }
    fi
}
# the engines' runaway guards from the environment: checked numbers, honoured
expect_fail max-instructions-bad 'SICU_MAX_INSTRUCTIONS=" -4": expected a decimal or 0x hex number' \
    SICU_MAX_INSTRUCTIONS=" -4"
expect_fail max-instructions-limit 'instruction limit of 100 ' SICU_MAX_INSTRUCTIONS=100

if [ -f "$B/lib/libsicu-rtl.so" ]; then
    expect_fail max-cycles-bad 'SICU_MAX_CYCLES="1e6": expected a decimal or 0x hex number' SICU_ENGINE=rtl \
        SICU_MAX_CYCLES=1e6
    expect_fail max-cycles-limit 'cycle limit of 200 reached' SICU_ENGINE=rtl SICU_MAX_CYCLES=0xc8
    grep -q "its cycle limit is SICU_MAX_CYCLES=200" "$OUT/max-cycles-limit.log" && ok "max-cycles-limit: the variable named" ||
        ko "max-cycles-limit: SICU_MAX_CYCLES not named"
    for p in stencil2d matmul lavamd; do
        run "$p" cosim SICU_ENGINE=cosim "$OUT/$p"
    done
    [ $have_icd = 1 ] && run lavamd icd-cosim SICU_ENGINE=cosim OCL_ICD_VENDORS="$VENDORS" "$OUT/lavamd-icd"
    run stencil2d rtl SICU_ENGINE=rtl "$OUT/stencil2d"
else
    echo "SKIP cosim: $B/lib/libsicu-rtl.so not built (make rtl)"
fi

echo "$pass passed, $fail failed"
[ $fail -eq 0 ]
