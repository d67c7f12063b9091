#!/usr/bin/env bash
# micro.sh - microbenchmarks of the RTL compute unit (make bench; reported, never asserted).
#
# Each case is an SI assembly kernel whose body repeats one instruction (or a
# short group) R times, unrolled.  It is generated twice, with R = N and
# R = 2N, assembled with llvm-mc and run with `sicu run --engine rtl`; the
# marginal cost is (cycles(2N) - cycles(N)) / N CU cycles per repetition,
# which cancels dispatch, start-up and drain.  Cases (one wave unless said
# otherwise; at most 4 waves per work-group):
#   valu-dep        v_add_f32 v1, v1, v2 (each depends on the previous)
#   valu-indep      v_add_f32 v[3+k%8], v1, v2 (independent)
#   valu-mac        v_mac_f32 v1, v2, v3 (dependent, FMA-class)
#   q-rcp           v_rcp_f32 (transcendental: GCN quarter rate)
#   q-f64           v_fma_f64 (double precision: quarter rate on Tahiti)
#   q-mullo         v_mul_lo_u32 (32-bit integer multiply: quarter rate)
#   salu            s_add_u32 (scalar ALU)
#   valu-4w         valu-indep with 4 waves (one per SIMD): cycles per
#                   4 wave-instructions; compare with valu-indep (1 wave)
#   mix-2wg         two work-groups of 4 waves (two waves per SIMD): the first
#                   one's waves repeat v_add_f32, the second one's s_add_u32;
#                   in a SIMD's turn one wave issues its VALU and the other
#                   its SALU instruction (GCN's issue of one instruction per
#                   kind): 4 cycles per repetition, 8 if the CU issued only one
#                   instruction per cycle
#   lds-s1          ds_read_b32 + s_waitcnt, lanes at stride 1 dword
#   lds-s32         the same at stride 32 dwords (every lane on one bank)
#   lds-stream      8 ds_read_b32 (stride 1) then one s_waitcnt (throughput)
#   lds-s32-stream  the same at stride 32 dwords
#   lds-r2-stream   8 ds_read2_b32 (lane's two dwords 64 dwords apart, stride 1) then one
#                   s_waitcnt (128 dwords per wave instruction: 4 cycles on 32 banks)
#   lds-w2-stream   the same with ds_write2_b32 (two data operands)
#   buf-contig      buffer_load_dword + s_waitcnt, lanes contiguous
#   buf-scatter     the same, lanes 4 KiB apart (64 different lines)
#   buf-stream      8 buffer_load_dword then one s_waitcnt (overlap)
#   st-contig       buffer_store_dword + s_waitcnt, lanes contiguous
#   st-stream       8 buffer_store_dword then one s_waitcnt (overlap)
#   smrd            s_load_dword + s_waitcnt (scalar load latency, scalar cache hit)
#   smrd-stream     8 s_load_dwordx4 then one s_waitcnt (scalar loads in flight)
# Environment: BUILD (default build), MICRO_N (default 32), MICRO (case
# names to run, default all).  Prints a table; BUILD/bench/micro.json has the figures.
set -u
cd "$(dirname "$0")/.."
ROOT=$PWD
BUILD=${BUILD:-build}
SICU=$ROOT/$BUILD/bin/sicu
OUT=$ROOT/$BUILD/bench/micro
N=${MICRO_N:-32}
LLVM_MC=$(command -v llvm-mc-14 || command -v llvm-mc || true)
[ -x "$SICU" ] || { echo "micro: $SICU not built (make rtl)" >&2; exit 1; }
[ -n "$LLVM_MC" ] || { echo "micro: llvm-mc not found (make deps)" >&2; exit 1; }
mkdir -p "$OUT"

# body CASE: the repeated instruction(s) for repetition $2
body() {
    local k=$2
    case $1 in
        valu-dep)     echo "v_add_f32 v1, v1, v2" ;;
        valu-indep|valu-4w) echo "v_add_f32 v$((3 + k % 8)), v1, v2" ;;
        valu-mac)     echo "v_mac_f32 v1, v2, v3" ;;
        q-rcp)        echo "v_rcp_f32 v$((3 + k % 8)), v1" ;;
        q-f64)        echo "v_fma_f64 v[$((4 + 2 * (k % 4))):$((5 + 2 * (k % 4)))], v[12:13], v[14:15], v[12:13]" ;;
        q-mullo)      echo "v_mul_lo_u32 v$((3 + k % 8)), v1, v2" ;;
        salu)         echo "s_add_u32 s$((8 + k % 8)), s16, s17" ;;
        lds-s1|lds-s32) printf 'ds_read_b32 v%d, v20\ns_waitcnt lgkmcnt(0)\n' $((3 + k % 8)) ;;
        lds-stream|lds-s32-stream) printf 'ds_read_b32 v%d, v20 offset:%d\n' $((3 + k % 8)) $((4 * (k % 8)))
                      [ $((k % 8)) = 7 ] && printf 's_waitcnt lgkmcnt(0)\n' ;;
        lds-r2-stream) printf 'ds_read2_b32 v[%d:%d], v20 offset0:%d offset1:%d\n' $((3 + 2 * (k % 4))) $((4 + 2 * (k % 4))) \
                          $((k % 8)) $((64 + k % 8))
                      [ $((k % 8)) = 7 ] && printf 's_waitcnt lgkmcnt(0)\n' ;;
        lds-w2-stream) printf 'ds_write2_b32 v20, v1, v2 offset0:%d offset1:%d\n' $((k % 8)) $((64 + k % 8))
                      [ $((k % 8)) = 7 ] && printf 's_waitcnt lgkmcnt(0)\n' ;;
        buf-contig|buf-scatter) printf 'buffer_load_dword v%d, v20, s[4:7], 0 offen\ns_waitcnt vmcnt(0)\n' $((3 + k % 8)) ;;
        buf-stream)   if [ $((k % 8)) = 7 ]; then
                          printf 'buffer_load_dword v%d, v20, s[4:7], 0 offen offset:%d\ns_waitcnt vmcnt(0)\n' $((3 + k % 8)) $((4 * (k % 8)))
                      else
                          printf 'buffer_load_dword v%d, v20, s[4:7], 0 offen offset:%d\n' $((3 + k % 8)) $((4 * (k % 8)))
                      fi ;;
        st-contig)    printf 'buffer_store_dword v1, v20, s[4:7], 0 offen\ns_waitcnt vmcnt(0)\n' ;;
        st-stream)    printf 'buffer_store_dword v1, v20, s[4:7], 0 offen offset:%d\n' $((256 * (k % 8)))
                      [ $((k % 8)) = 7 ] && printf 's_waitcnt vmcnt(0)\n' ;;
        smrd)         printf 's_load_dword s%d, s[2:3], 0x%x\ns_waitcnt lgkmcnt(0)\n' $((8 + k % 8)) $((k % 8)) ;;
        smrd-stream)  printf 's_load_dwordx4 s[%d:%d], s[2:3], 0x%x\n' $((8 + 4 * (k % 4))) $((11 + 4 * (k % 4))) $((4 * (k % 8)))
                      [ $((k % 8)) = 7 ] && printf 's_waitcnt lgkmcnt(0)\n' ;;
    esac
}

# gen CASE R FILE: the kernel with R repetitions
gen() {
    local c=$1 r=$2 f=$3 stride=4
    case $c in lds-s32|lds-s32-stream) stride=128 ;; buf-scatter) stride=4096 ;; esac
    {
        printf '\t.text\n\t.globl micro\n\t.p2align 8\n\t.type micro,@function\nmicro:\n'
        printf '\ts_mov_b32 s18, s2\n'      # the work-group id (after the kernarg pointer)
        printf '\ts_load_dwordx2 s[2:3], s[0:1], 0x0\n\ts_waitcnt lgkmcnt(0)\n'
        printf '\ts_mov_b32 s4, s2\n\ts_and_b32 s5, s3, 0xffff\n\ts_mov_b32 s6, -1\n\ts_mov_b32 s7, 0x27000\n'
        printf '\tv_and_b32 v20, 63, v0\n\tv_mul_u32_u24 v20, %d, v20\n' "$stride"
        printf '\tv_mov_b32 v1, 1.0\n\tv_mov_b32 v2, 0.5\n\tv_mov_b32 v3, 0.25\n'
        printf '\tv_mov_b32 v12, 0\n\tv_mov_b32 v13, 1.0\n\tv_mov_b32 v14, 0\n\tv_mov_b32 v15, 2.0\n'
        printf '\ts_mov_b32 s16, 3\n\ts_mov_b32 s17, 5\n\ts_mov_b32 m0, -1\n'
        if [ "$c" = mix-2wg ]; then
            printf '\ts_cmp_eq_u32 s18, 0\n\ts_cbranch_scc0 .Lsalu\n'
            for ((k = 0; k < r; k++)); do body valu-indep "$k" | sed 's/^/\t/'; done
            printf '\ts_endpgm\n.Lsalu:\n'
            for ((k = 0; k < r; k++)); do body salu "$k" | sed 's/^/\t/'; done
        else
            for ((k = 0; k < r; k++)); do body "$c" "$k" | sed 's/^/\t/'; done
        fi
        printf '\ts_endpgm\n.Lmicro_end:\n\t.size micro, .Lmicro_end-micro\n'
        printf '\t.rodata\n\t.p2align 6\n\t.amdhsa_kernel micro\n\t\t.amdhsa_user_sgpr_kernarg_segment_ptr 1\n'
        printf '\t\t.amdhsa_group_segment_fixed_size 16384\n\t\t.amdhsa_next_free_vgpr 24\n\t\t.amdhsa_next_free_sgpr 24\n'
        printf '\t.end_amdhsa_kernel\n\t.amdgpu_metadata\n---\namdhsa.kernels:\n'
        printf '  - .args:\n      - .address_space: global\n        .name: buf\n        .offset: 0\n        .size: 8\n'
        printf '        .value_kind: global_buffer\n    .group_segment_fixed_size: 16384\n    .kernarg_segment_align: 8\n'
        printf '    .kernarg_segment_size: 8\n    .max_flat_workgroup_size: 256\n    .name: micro\n'
        printf '    .private_segment_fixed_size: 0\n    .sgpr_count: 24\n    .symbol: micro.kd\n    .vgpr_count: 24\n'
        printf '    .wavefront_size: 64\namdhsa.target: amdgcn-amd-amdhsa--gfx600\namdhsa.version:\n  - 1\n  - 1\n...\n'
        printf '\t.end_amdgpu_metadata\n'
    } > "$f"
}

# cycles CASE R: CU cycles of a run (empty on failure)
cycles() {
    local c=$1 r=$2 d=$OUT/$1-$2 waves=1
    [ "$c" = valu-4w ] && waves=4
    [ "$c" = mix-2wg ] && waves=8
    mkdir -p "$d"
    gen "$c" "$r" "$d/micro.s"
    "$LLVM_MC" -triple=amdgcn-amd-amdhsa -mcpu=tahiti -filetype=obj "$d/micro.s" -o "$d/micro.o" 2>"$d/mc.log" || return 1
    printf '{"code": "micro.o", "kernel": "micro", "grid": [%d], "workgroup": [%d],\n "buffers": [{"name": "buf", "size": 262144, "init": "zero"}],\n "args": [{"buffer": "buf"}]}\n' \
        $((64 * waves)) $((64 * (waves < 4 ? waves : 4))) > "$d/launch.json"
    ( cd "$d" && "$SICU" run launch.json --engine rtl --quiet --stats stats.json ) >"$d/run.log" 2>&1 || return 1
    sed -n 's/^ *"cycles": \([0-9]*\).*/\1/p' "$d/stats.json" | head -1
}

ALL="valu-dep valu-indep valu-mac q-rcp q-f64 q-mullo salu valu-4w mix-2wg lds-s1 lds-s32 lds-stream lds-s32-stream lds-r2-stream
     lds-w2-stream buf-contig buf-scatter buf-stream st-contig st-stream smrd smrd-stream"
CASES=${MICRO:-$ALL}
printf '%-14s %10s %10s %12s   (marginal CU cycles per repetition, N=%d)\n' case "cyc(N)" "cyc(2N)" "cyc/rep" "$N"
json="{"
sep=""
for c in $CASES; do
    a=$(cycles "$c" "$N") && b=$(cycles "$c" $((2 * N))) && [ -n "$a" ] && [ -n "$b" ] || {
        printf '%-14s failed (see %s)\n' "$c" "$OUT/$c-$N"; continue; }
    m=$(awk -v a="$a" -v b="$b" -v n="$N" 'BEGIN{printf "%.2f", (b-a)/n}')
    printf '%-14s %10d %10d %12s\n' "$c" "$a" "$b" "$m"
    json="$json$sep\"$c\": $m"; sep=", "
done
echo "$json}" > "$ROOT/$BUILD/bench/micro.json"
