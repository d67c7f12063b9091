#!/usr/bin/env bash
# pgo-train.sh BUILD PGO_DIR PROG... - the training runs of a PGO=1 build (Makefile, PGO):
# PGO_DIR holds the engine built with clang's -fprofile-instr-generate (lib/libsicu-rtl.so);
# each PROG (a bundled program, -O2) runs on it in rtl mode, checked against its host
# reference as in make programs-test, and the raw profiles are merged into
# PGO_DIR/model.profdata, which the models of BUILD are then compiled with.
# A failed run stops the build: a profile of a broken model is no profile.
set -euo pipefail
cd "$(dirname "$0")/.."
# absolute paths: make bench and compare pass absolute build directories
BUILD=$(realpath -m "$1") PGO=$(realpath -m "$2")
shift 2
[ $# -gt 0 ] || { echo "pgo-train: no training programs (PGO_PROGS)" >&2; exit 2; }
PROFDATA=$(command -v llvm-profdata || command -v llvm-profdata-14) \
    || { echo "pgo-train: llvm-profdata not found (make deps, or build with PGO=0)" >&2; exit 2; }
mkdir -p "$PGO/bin"
cp "$BUILD/bin/sicu" "$PGO/bin/sicu"    # finds the instrumented engine in ../lib
rm -rf "$PGO/prof" "$PGO/train"
mkdir -p "$PGO/prof" "$PGO/train"
t0=$SECONDS
if ! LLVM_PROFILE_FILE="$PGO/prof/%p.profraw" ENGINE=rtl OPTS=2 SICU="$PGO/bin/sicu" \
        PROGRAMS_OUT="$PGO/train" bash scripts/run-programs.sh "$@" > "$PGO/train.log" 2>&1; then
    cat "$PGO/train.log" >&2
    echo "pgo-train: a training run failed on the instrumented model (log: $PGO/train.log)" >&2
    exit 1
fi
ls "$PGO"/prof/*.profraw > /dev/null 2>&1 || { echo "pgo-train: the runs wrote no profile" >&2; exit 1; }
"$PROFDATA" merge -o "$PGO/model.profdata.tmp" "$PGO"/prof/*.profraw
mv "$PGO/model.profdata.tmp" "$PGO/model.profdata"
echo "PGO: $# training programs in $((SECONDS - t0)) s -> $PGO/model.profdata"
