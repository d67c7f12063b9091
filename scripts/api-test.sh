#!/usr/bin/env bash
# api-test.sh TEST_BINARY - the harness library API (tests/harness/test_api.c)
# on programs/asm/salu.s in cosim: assembles it into a scratch directory and
# runs the cmocka test with its launch file.
set -u
cd "$(dirname "$0")/.."
T=${1:?usage: scripts/api-test.sh BUILD/tests/test_api}
LLVM_MC=$(command -v llvm-mc-14 || command -v llvm-mc || true)
[ -n "$LLVM_MC" ] || { echo "api-test: llvm-mc not found (make deps)" >&2; exit 2; }
D=$(mktemp -d)
trap 'rm -rf "$D"' EXIT
cp programs/asm/salu.json "$D/"
"$LLVM_MC" -triple=amdgcn-amd-amdhsa -mcpu=tahiti -filetype=obj -o "$D/salu.o" programs/asm/salu.s ||
    { echo "api-test: llvm-mc failed" >&2; exit 1; }
"$T" "$D/salu.json"
