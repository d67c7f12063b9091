#!/usr/bin/env bash
# Disassembler round trip through llvm-mc (see docs/isa-table.md).
#
#   scripts/roundtrip.sh            # fixed default seed
#   SEED=123 PER=8 scripts/roundtrip.sh
#
# Generates random valid encodings of every non-graphics row of the ISA
# table, disassembles them with si_disasm(), re-assembles the text with
# llvm-mc for tahiti and compares the bytes.  Exits non-zero on any
# mismatch.
set -euo pipefail
cd "$(dirname "$0")/.."

BUILD=${BUILD:-build}
SEED=${SEED:-20240601}
PER=${PER:-8}
OUT=$BUILD/roundtrip
CC=${CC:-gcc}
MC=${LLVM_MC:-}
if [[ -z "$MC" ]]; then
    for c in llvm-mc-14 llvm-mc; do
        if command -v "$c" >/dev/null 2>&1; then MC=$c; break; fi
    done
fi
if [[ -z "$MC" ]]; then
    echo "roundtrip: llvm-mc not found (set LLVM_MC)" >&2
    exit 2
fi
mkdir -p "$OUT"

CFLAGS="-std=gnu11 -O2 -Wall -Wextra -Wno-unused-parameter -D_GNU_SOURCE -Isw/include"
# The generator only needs the ISA objects; build them directly so that the
# round trip does not depend on the rest of the library compiling.
for f in isa decode disasm; do
    $CC $CFLAGS -c sw/$f.c -o "$OUT/$f.o"
done
$CC $CFLAGS -o "$OUT/gencorpus" tests/roundtrip/gencorpus.c "$OUT/isa.o" "$OUT/decode.o" "$OUT/disasm.o"

echo "roundtrip: seed $SEED ($PER encodings per row and form; override with SEED=/PER=)"
"$OUT/gencorpus" gen "$SEED" "$PER" "$OUT/corpus.s" "$OUT/corpus.hex"
"$MC" -arch=amdgcn -mcpu=tahiti -show-encoding "$OUT/corpus.s" >"$OUT/mc.out" 2>"$OUT/mc.err" || true
"$OUT/gencorpus" check "$OUT/corpus.s" "$OUT/corpus.hex" "$OUT/mc.out" "$OUT/mc.err"
