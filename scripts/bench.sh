#!/usr/bin/env bash
# make bench: performance figures of the golden emulator (reported, never asserted).
#   - emulator throughput per bundled program (-O2 build): wave-instructions/s and lane-operations/s,
#     each program repeated until it has retired about BENCH_INSTS wave-instructions;
#   - peak resident memory of the largest run;
#   - full and incremental rebuild time of the library + CLI.
set -u
cd "$(dirname "$0")/.."
ROOT=$PWD
BUILD=${BUILD:-build}
SICU=$ROOT/$BUILD/bin/sicu
TARGET=${BENCH_INSTS:-20000000}
OUT=$ROOT/$BUILD/bench
mkdir -p "$OUT"

num() { sed -n "s/^ *\"$2\": \([-0-9.e+]*\).*/\1/p" "$1" | head -1; }

echo "== sicu bench: $(date -u +%Y-%m-%dT%H:%MZ), $(nproc) cores, $(uname -m), gcc $(gcc -dumpversion)"
# Build the -O2 program directories if the programs suite has not run yet.
missing=0
for d in programs/*/; do
  n=$(basename "$d"); [ -f "programs/$n/launch.json" ] || continue
  [ -f "$BUILD/programs/$n-O2/$n.o" ] || missing=1
done
if [ $missing = 1 ]; then
  OPTS=2 bash scripts/run-programs.sh >"$OUT/programs.log" 2>&1 || { echo "bench: programs failed, see $OUT/programs.log" >&2; exit 1; }
fi

printf '\n%-18s %12s %8s %14s %14s %10s\n' program "wave-insts" repeat "wave-instr/s" "lane-ops/s" "peak KiB"
tot_i=0; tot_t=0; tot_l=0; peak=0
for d in "$BUILD"/programs/*-O2; do
  n=$(basename "$d" -O2)
  [ -f "$d/launch.json" ] || continue
  ( cd "$d" && "$SICU" run launch.json --quiet --stats "$OUT/$n.once.json" ) >/dev/null 2>&1 || { printf '%-18s failed\n' "$n"; continue; }
  insts=$(num "$OUT/$n.once.json" instructions)
  [ -n "$insts" ] && [ "$insts" -gt 0 ] || continue
  reps=$(( (TARGET + insts - 1) / insts )); [ $reps -gt 100000 ] && reps=100000
  ( cd "$d" && "$SICU" run launch.json --quiet --repeat $reps --stats "$OUT/$n.json" ) >/dev/null 2>&1 || { printf '%-18s failed\n' "$n"; continue; }
  f=$OUT/$n.json
  wall=$(num "$f" wall_time_s); lops=$(num "$f" lane_ops); rss=$(num "$f" peak_rss_kib)
  wis=$(num "$f" wave_instr_per_s); lps=$(num "$f" lane_ops_per_s)
  printf '%-18s %12d %8d %14.3e %14.3e %10d\n' "$n" "$insts" "$reps" "$wis" "$lps" "$rss"
  tot_i=$(awk -v a=$tot_i -v b=$insts -v r=$reps 'BEGIN{print a+b*r}')
  tot_l=$(awk -v a=$tot_l -v b=$lops -v r=$reps 'BEGIN{print a+b*r}')
  tot_t=$(awk -v a=$tot_t -v b=$wall 'BEGIN{print a+b}')
  [ "$rss" -gt "$peak" ] && peak=$rss
done
awk -v i=$tot_i -v l=$tot_l -v t=$tot_t -v p=$peak 'BEGIN{
  printf "\nall programs: %.0f wave-instructions in %.3f s: %.2f M wave-instr/s, %.1f M lane-ops/s (one core); peak RSS %d KiB\n",
         i, t, (t>0?i/t/1e6:0), (t>0?l/t/1e6:0), p }'

# Rebuild times (separate build directory so the working build is untouched).
RB=$ROOT/$BUILD-bench-rebuild
rm -rf "$RB"
t0=$(date +%s.%N); make -s -j"$(nproc)" BUILD="$RB" >/dev/null 2>&1; t1=$(date +%s.%N)
touch sw/valu.c
t2=$(date +%s.%N); make -s -j"$(nproc)" BUILD="$RB" >/dev/null 2>&1; t3=$(date +%s.%N)
awk -v a=$t0 -v b=$t1 -v c=$t2 -v d=$t3 -v j=$(nproc) 'BEGIN{printf "rebuild: full %.1f s, incremental after touching sw/valu.c %.1f s (make -j%d)\n", b-a, d-c, j}'
rm -rf "$RB"

# RTL figures when the verilated model is built (make rtl)
if [ -f "$ROOT/$BUILD/lib/libsicu-rtl.so" ]; then
  echo
  echo "== RTL compute unit"
  bash scripts/bench-rtl.sh
  echo
  echo "== RTL microbenchmarks (marginal CU cycles per wave instruction; GCN: full-rate VALU 4, quarter-rate 16)"
  bash scripts/micro.sh
else
  echo "(RTL figures skipped: run make rtl first, or make bench after it)"
fi
