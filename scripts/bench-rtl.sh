#!/usr/bin/env bash
# bench-rtl.sh - RTL figures for `make bench` (reported, never asserted):
#   - simulation speed per bundled -O2 program: CU cycles/s and wave-instructions/s with the
#     default (single-threaded) model, and with a model verilated with --threads 2
#     (BENCH_MT=0 skips building that one);
#   - cosim overhead: wall time of --engine cosim over --engine rtl;
#   - the modelled CU: IPC and CPI per instruction class (scalar, vector, memory, overall),
#     comparable to MIAOW's Table VII;
#   - peak resident memory of the RTL runs;
#   - full and incremental (one module touched) rebuild times of the verilated model.
set -u
cd "$(dirname "$0")/.."
ROOT=$PWD
BUILD=${BUILD:-build}
SICU=$ROOT/$BUILD/bin/sicu
RTL_LIB=$ROOT/$BUILD/lib/libsicu-rtl.so
OUT=$ROOT/$BUILD/bench
mkdir -p "$OUT"
[ -f "$RTL_LIB" ] || { echo "bench-rtl: $RTL_LIB not built (make rtl)"; exit 1; }
cfg=$(cat "$ROOT/$BUILD/config.path" 2>/dev/null || echo rtl/config/default.cfg)   # the scratch builds use it too
num() { sed -n "s/^ *\"$2\": \([-0-9.e+]*\).*/\1/p" "$1" | head -1; }

run_stats() {  # dir engine sicu-binary stats-file -> prints peak KiB
    local d=$1 eng=$2 bin=$3 st=$4
    ( cd "$d" && /usr/bin/time -f %M -o "$st.rss" "$bin" run launch.json --engine "$eng" --quiet --stats "$st" ) >/dev/null 2>&1 \
        || return 1
    cat "$st.rss"
}

MT=$ROOT/$BUILD-bench-mt
if [ "${BENCH_MT:-1}" = 1 ]; then
    echo "== building a --threads 2 model in $MT (once)"
    make -s -j2 BUILD="$MT" CONFIG="$cfg" VL_THREADS=2 rtl \
        >"$OUT/mt-build.log" 2>&1 || { echo "bench-rtl: --threads 2 build failed, see $OUT/mt-build.log"; MT=; }
else
    MT=
fi

printf '\n%-16s %9s %7s | %11s %11s %9s | %11s | %8s | %6s %6s %6s %6s | %5s %5s %5s %5s\n' \
    program cycles w-insts "cycles/s" "w-inst/s" "peak KiB" "mt cyc/s" "cosim x" \
    "IPC s" "IPC v" "IPC m" "IPC" "CPI s" "CPI v" "CPI m" "CPI"
tc=0; tt=0
for d in "$BUILD"/programs/*-O2; do
    n=$(basename "$d" -O2)
    [ -f "$d/launch.json" ] || continue
    f=$OUT/$n.rtl.json
    rss=$(run_stats "$d" rtl "$SICU" "$f") || { printf '%-16s RTL run failed\n' "$n"; continue; }
    cyc=$(num "$f" cycles); wi=$(num "$f" wave_insts); wall=$(num "$f" wall_s)
    ipc_s=$(num "$f" scalar); ipc_v=$(num "$f" vector); ipc_m=$(num "$f" memory); ipc=$(num "$f" overall)
    mt=-
    if [ -n "$MT" ]; then
        fm=$OUT/$n.mt.json
        run_stats "$d" rtl "$MT/bin/sicu" "$fm" >/dev/null && mt=$(awk -v c=$(num "$fm" cycles) -v w=$(num "$fm" wall_s) 'BEGIN{printf "%.0f", c/w}')
    fi
    fc=$OUT/$n.cosim.json
    cx=-
    run_stats "$d" cosim "$SICU" "$fc" >/dev/null && cx=$(awk -v a=$(num "$fc" wall_s) -v b=$wall 'BEGIN{printf "%.2f", a/b}')
    awk -v n="$n" -v c="$cyc" -v w="$wi" -v t="$wall" -v r="$rss" -v mt="$mt" -v cx="$cx" \
        -v s="$ipc_s" -v v="$ipc_v" -v m="$ipc_m" -v o="$ipc" 'function inv(x){return x>0?sprintf("%.1f",1/x):"-"}
        BEGIN{printf "%-16s %9d %7d | %11.0f %11.0f %9d | %11s | %8s | %6.3f %6.3f %6.3f %6.3f | %5s %5s %5s %5s\n",
              n, c, w, c/t, w/t, r, mt, cx, s, v, m, o, inv(s), inv(v), inv(m), inv(o)}'
    tc=$(awk -v a=$tc -v b=$cyc 'BEGIN{print a+b}'); tt=$(awk -v a=$tt -v b=$wall 'BEGIN{print a+b}')
done
awk -v c=$tc -v t=$tt -v cfg="$cfg" 'BEGIN{printf "\nall programs: %.0f CU cycles in %.1f s: %.0f cycles/s (config: %s)\n", c, t, c/t, cfg}'
echo "IPC per class = wave-instructions of that class retired per CU cycle (scalar: SALU; vector: SIMDs;"
echo "memory: LSU); CPI = 1/IPC.  Internal instructions (s_waitcnt, s_barrier, s_endpgm, ...) count in IPC only."

# MIAOW's Table VII (its paper, section 7.4; CPI per class: scalar, vector, memory, overall) next to
# this CU's CPI of the same programs from the runs above.  "<=" marks an overall CPI at most MIAOW's.
echo
echo "== CPI next to MIAOW's Table VII (MIAOW / sicu; default memory config is MIAOW-like)"
printf '%-16s %13s %13s %13s %13s\n' program scalar vector memory overall
while read -r n ms mv mm mo; do
    f=$OUT/$n.rtl.json
    if [ ! -f "$f" ]; then printf '%-16s not run\n' "$n"; continue; fi
    awk -v n="$n" -v ms="$ms" -v mv="$mv" -v mm="$mm" -v mo="$mo" -v s="$(num "$f" scalar)" \
        -v v="$(num "$f" vector)" -v m="$(num "$f" memory)" -v o="$(num "$f" overall)" '
        function inv(x) { return x > 0 ? sprintf("%.2f", 1 / x) : "-" }
        BEGIN { printf "%-16s %5s / %5s %5s / %5s %5s / %5s %5s / %5s %s\n", n, ms, inv(s), mv, inv(v), mm, inv(m),
                       mo, inv(o), (o > 0 && 1 / o <= mo) ? "<=" : "MORE" }'
done <<'TABLE7'
BinarySearch     3 5.4 14.1 5.1
BitonicSort      3 2.1 3.8  1.2
MatrixTranspose  3 3.1 4.6  1.7
PrefixSum        3 5.5 6.0  3.6
Reduction        3 5.4 6.8  4.4
ScanLargeArrays  3 5.5 5.5  3.0
TABLE7

# Rebuild times of the verilated model, in a scratch build directory, without the compiler cache
# (VL_OPT without OBJCACHE), the default way (PGO: instrumented compile, training runs, final
# compile) and with PGO=0 (one compile), each full and after touching one module.
RB=$ROOT/$BUILD-bench-rtl-rebuild
NOCACHE='OPT_FAST=-O2 OPT_SLOW=-O1 OPT_GLOBAL=-O2'
rb() { local t0; t0=$(date +%s.%N)   # prints the seconds, or "failed" (a failed build's time is no figure)
       if ! make -s -j2 BUILD="$RB" CONFIG="$cfg" VL_OPT="$NOCACHE" "$@" rtl > "$OUT/rebuild.log" 2>&1; then
           echo "bench-rtl: rebuild $* failed (log: $OUT/rebuild.log)" >&2; printf failed; return; fi
       awk -v a="$t0" -v b="$(date +%s.%N)" 'BEGIN{printf "%.0f", b-a}'; }
rm -rf "$RB"
full=$(rb); touch rtl/lsu.v; inc=$(rb)
rm -rf "$RB"; full0=$(rb PGO=0); touch rtl/lsu.v; inc0=$(rb PGO=0)
echo "RTL rebuild (make -j2, no ccache): full ${full} s, after touching rtl/lsu.v ${inc} s; PGO=0: full ${full0} s, after touching rtl/lsu.v ${inc0} s"
rm -rf "$RB"
