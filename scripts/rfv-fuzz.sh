#!/usr/bin/env bash
# rfv-fuzz.sh [N] [START] - register-file virtualization on random programs
# (docs/rfv.md, docs/fuzz.md): for seeds START..START+N-1 (default 50 from
# 1), sicu-fuzz writes a program (divergent branches, loops with per-lane
# trip counts, partial EXEC writes, wide operands, movrel, LDS, buffers;
# s_setvskip and s_getpc_b64 excluded: the pass refuses or cannot move
# them).  The output buffer (random area and final register dump) must be
# byte-identical between the original code run as is and under poison
# with its side table, and between the in-band rewrite run as is and
# under poison.  A difference is a release before a last read.  Launches
# are rounded up to whole waves (see below).  (Original
# and in-band outputs are not compared with each other: the programs
# compute with buffer addresses, which move with the code's size.)
# RFV_ENGINE=cosim: the in-band rewrite's plain run is a cosim run (the RTL
# checked against the emulator instruction by instruction; on a model built
# with RFV on, its renaming driven by the metadata); EXCLUDE adds ops the
# generator leaves out (make passes RTL_FUZZ_EXCLUDE: what the RTL does not
# implement).
# Prints one line per failure and "N passed, M failed"; failing cases stay
# in BUILD/rfv-fuzz/seed-S/.
set -u
cd "$(dirname "$0")/.."
BUILD=${BUILD:-build}
SICU=$PWD/$BUILD/bin/sicu
FUZZ=$PWD/$BUILD/bin/sicu-fuzz
N=${1:-50}
START=${2:-1}
OUT=$PWD/$BUILD/rfv-fuzz
LLVM_MC=$(command -v llvm-mc-14 || command -v llvm-mc)
for b in "$SICU" "$FUZZ"; do
    [ -x "$b" ] || { echo "rfv-fuzz: $b not found (make all $BUILD/bin/sicu-fuzz)" >&2; exit 2; }
done
mkdir -p "$OUT"
pass=0; fail=0; failed=()
INBAND_ARGS=(); [ -n "${RFV_ENGINE:-}" ] && INBAND_ARGS=(--engine "$RFV_ENGINE")

# one SEED: 0 pass, 1 fail (message on stdout)
one() {
    local s=$1 d=$OUT/seed-$1
    rm -rf "$d" && mkdir -p "$d"
    "$FUZZ" --seed "$s" --out "$d" --exclude "s_setvskip,s_getpc_b64${EXCLUDE:+,$EXCLUDE}" > "$d/gen.log" 2>&1 ||
        { echo "generator failed"; return 1; }
    "$LLVM_MC" -triple=amdgcn-amd-amdhsa -mcpu=tahiti -filetype=obj "$d/prog.s" -o "$d/prog.o" > "$d/mc.log" 2>&1 ||
        { echo "llvm-mc failed"; return 1; }
    # whole waves only: the generator's programs may set EXEC bits of lanes a
    # partial wave does not have, whose VGPRs no launch defines; the pass
    # takes "every launched lane" for a full EXEC (docs/rfv.md, section 2)
    python3 - "$d/launch.json" <<'PY' || { echo "cannot round the launch up to whole waves"; return 1; }
import json, sys
p = sys.argv[1]; l = json.load(open(p))
g, w = l["grid"][0], l["workgroup"][0]
w2 = (w + 63) // 64 * 64
l["grid"], l["workgroup"] = [g // w * w2], [w2]
json.dump(l, open(p, "w"), indent=1)
PY
    # side table: the original code, as is and poisoned
    (cd "$d" && "$SICU" run --quiet launch.json > run.log 2>&1) || { echo "the original program fails"; return 1; }
    mv "$d/out.bin" "$d/want.bin"
    "$SICU" rfv "$d/prog.o" --side-table "$d/side.json" > "$d/side.log" 2>&1 ||
        { echo "sicu rfv --side-table: $(head -c 300 "$d/side.log")"; return 1; }
    (cd "$d" && "$SICU" run --quiet --poison-released --side-table side.json launch.json > side.run.log 2>&1) ||
        { echo "side-table run failed: $(head -c 300 "$d/side.run.log")"; return 1; }
    cmp -s "$d/want.bin" "$d/out.bin" || { echo "side table: output differs ($(cmp "$d/want.bin" "$d/out.bin" | head -1))"; return 1; }
    # in-band: the rewritten code, as is and poisoned (the programs dump
    # buffer addresses, which move with the code size: compare like with like)
    "$SICU" rfv "$d/prog.o" -o "$d/prog.rfv.o" > "$d/rfv.log" 2>&1 || { echo "sicu rfv: $(head -c 300 "$d/rfv.log")"; return 1; }
    sed 's/"prog\.o"/"prog.rfv.o"/' "$d/launch.json" > "$d/rfv.json"
    (cd "$d" && "$SICU" run --quiet "${INBAND_ARGS[@]}" rfv.json > inband.log 2>&1 && mv out.bin want-inband.bin) ||
        { echo "in-band run failed: $(head -c 300 "$d/inband.log")"; return 1; }
    (cd "$d" && "$SICU" run --quiet --poison-released rfv.json > poison.log 2>&1) ||
        { echo "in-band poison run failed: $(head -c 300 "$d/poison.log")"; return 1; }
    cmp -s "$d/want-inband.bin" "$d/out.bin" ||
        { echo "in-band poison: output differs ($(cmp "$d/want-inband.bin" "$d/out.bin" | head -1))"; return 1; }
    return 0
}

for ((s = START; s < START + N; s++)); do
    if msg=$(one "$s"); then
        pass=$((pass + 1)); rm -rf "$OUT/seed-$s"
    else
        fail=$((fail + 1)); failed+=("$s"); echo "  FAIL  seed $s: $msg"
    fi
done
echo "rfv-fuzz: $pass passed, $fail failed (seeds $START..$((START + N - 1)))"
[ "$fail" -eq 0 ] || { echo "failing seeds: ${failed[*]} (kept in $OUT/seed-S/)"; exit 1; }
