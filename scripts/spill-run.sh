#!/usr/bin/env bash
# spill-run.sh DIR NAME OPT PCT STATS SICU OUT [RUN ARGS...] - the
# compiler-spill baseline of GPU-Shrink (thesis Fig 3.5, docs/rfv.md section
# 12): NAME's kernel recompiled so that its waves fit a file of PCT% of the
# demand, then run on the baseline CU.
#
# DIR holds NAME's launch.json and inputs (rfv-test's BUILD/rfv/NAME-O<OPT>);
# STATS is a --stats of the code on an RFV model (its rfv.static_max_rows_per_simd:
# the dispatcher's static allocation, the same as the baseline's).  The demand D is
# the most rows its static allocation held on one SIMD, at W = D / v waves of
# v VGPRs (the kernel descriptor's, rounded to 4); a file of N = ceil(PCT% of
# D) rows holds those W waves at v' = 4 * floor(N / W / 4) VGPRs (at least 4),
# the same occupancy.  The kernel is compiled again with
# __attribute__((amdgpu_num_vgpr(v'))) (clang spills the rest to scratch),
# and SICU runs DIR/spill-PCT.json with RUN ARGS and --stats OUT.stats.json
# (log OUT.log).  The occupancy needs no file limit: W waves of v' VGPRs fit N
# rows, and the baseline's occupancy is not limited by its rows here.
# Prints "v v' N W spilled" (spilled: the VGPRs clang reports spilling;
# "clang-fails" when clang runs out of registers at v': exit 0, a result).
set -u -o pipefail
[ $# -ge 7 ] || { echo "usage: spill-run.sh DIR NAME OPT PCT STATS SICU OUT [RUN ARGS...]" >&2; exit 2; }
dir=$1 name=$2 opt=$3 pct=$4 bstats=$5 sicu=$6 out=$7
shift 7
cd "$(dirname "$0")/.."
readelf=$(command -v llvm-readelf-14 || command -v llvm-readelf) || { echo "spill-run: llvm-readelf not found" >&2; exit 2; }
vc=$("$readelf" --notes "$dir/$name.o" | awk '/\.vgpr_count:/ { print $2; exit }')
d=$(jq -r .rfv.static_max_rows_per_simd "$bstats" 2>/dev/null)
if ! [ "${vc:-0}" -gt 0 ] 2>/dev/null || ! [ "${d:-0}" -gt 0 ] 2>/dev/null; then
    echo "spill-run: no VGPR count in $dir/$name.o or no static_max_rows_per_simd in $bstats" >&2; exit 2
fi
v=$(( (vc + 3) / 4 * 4 ))
w=$(( (d + v - 1) / v ))
n=$(( (d * pct + 99) / 100 ))
vp=$(( n / w / 4 * 4 ))
[ $vp -ge 4 ] || vp=4
attr="__attribute__((amdgpu_num_vgpr($vp)))"
echo "$v $vp $n $w -" > "$out.spill.txt"
if ! "$sicu" cc -O"$opt" -D"__kernel=$attr __kernel" -D"kernel=$attr kernel" "programs/$name/$name.cl" \
        -o "$dir/spill-$pct.o" > "$out.cc.log" 2>&1; then
    # (a result, not an error: clang cannot fit the kernel in v' VGPRs)
    grep -q "ran out of registers" "$out.cc.log" && { echo "$v $vp $n $w clang-fails"; exit 0; }
    echo "spill-run: sicu cc with amdgpu_num_vgpr($vp) failed (see $out.cc.log)" >&2; exit 1
fi
sed "s|\"code\": *\"[^\"]*\"|\"code\": \"spill-$pct.o\"|" "$dir/launch.json" > "$dir/spill-$pct.json"
sp=$("$readelf" --notes "$dir/spill-$pct.o" | awk '/\.vgpr_spill_count:/ { print $2; exit }')
echo "$v $vp $n $w ${sp:-0}" > "$out.spill.txt"
"$sicu" run "$dir/spill-$pct.json" "$@" --stats "$out.stats.json" > "$out.log" 2>&1
rc=$?
cat "$out.spill.txt"
exit $rc
