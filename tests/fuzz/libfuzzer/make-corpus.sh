#!/usr/bin/env bash
# make-corpus.sh - regenerate the libFuzzer seed corpora in tests/fuzz/corpus/
# from the bundled programs (needs a normal build: build/bin/sicu and
# build/bin/sicu-fuzz, and llvm-mc, llvm-objcopy, clang, jq).  The seeds are small real inputs:
#
#   loader/     code objects: asm tests (llvm-mc) and OpenCL kernels (sicu cc)
#   launch/     the launch files of programs/ and programs/asm/
#   decode/     the .text of those code objects (raw instruction words)
#   tracediff/  pairs of short traces from `sicu run --trace` (A NUL B)
#   exec/       the fuzz_exec header (tests/fuzz/libfuzzer/fuzz_exec.c) + the code
#               of every asm test and of three sicu-fuzz random programs
#
# Run from anywhere; it replaces the seeds it writes and keeps the regress-*
# reproducers of fixed bugs.  Keep the corpora small (< 1 MB).
set -euo pipefail
cd "$(dirname "$0")/../../.."
SICU=${SICU:-build/bin/sicu}
MC=$(command -v llvm-mc-14 || command -v llvm-mc)
OBJCOPY=$(command -v llvm-objcopy-14 || command -v llvm-objcopy)
C=tests/fuzz/corpus
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
ASMS="salu branches smrd ds valu-f32 mubuf"
CLS="vadd byvalue scratch lds"

# regress-* files are reproducers of fixed bugs: kept
for t in loader launch decode tracediff exec; do
    mkdir -p "$C/$t"
    find "$C/$t" -type f ! -name 'regress-*' -delete
done

# code objects -> loader/, their .text -> decode/
for a in $ASMS; do
    "$MC" -triple=amdgcn-amd-amdhsa -mcpu=tahiti -filetype=obj "programs/asm/$a.s" -o "$C/loader/asm-$a.o"
done
for p in $CLS; do
    "$SICU" cc "programs/$p/$p.cl" -o "$C/loader/$p-O2.o" -O2
done
"$SICU" cc programs/vadd/vadd.cl -o "$C/loader/vadd-O0.o" -O0
for o in "$C"/loader/*.o; do
    case $(basename "$o") in regress-*) continue ;; esac
    "$OBJCOPY" -O binary --only-section=.text "$o" "$C/decode/$(basename "$o" .o).bin"
done
# decode: every dword position is decoded, so long seeds slow it down; keep < 4 KiB
find "$C/decode" -size +4k ! -name 'regress-*' -delete

# launch files
for j in programs/*/launch.json; do cp "$j" "$C/launch/$(basename "$(dirname "$j")").json"; done
for j in programs/asm/*.json; do cp "$j" "$C/launch/asm-$(basename "$j")"; done

# exec: header (see fuzz_exec.c) + code.  hdr VGPR_GRANULE BYTE5 BYTE6 BYTE7 (hex):
# 96 SGPRs, f64 denormals, DX10 clamp + IEEE, kernarg pointer.
hdr() { printf "\\x$1\\x0b\\xc0\\x03\\x08\\x$2\\x$3\\x$4"; }
text() { "$OBJCOPY" -O binary --only-section=.text "$1" "$2"; }
for s in programs/asm/*.s; do      # every asm test: 32 VGPRs, 4 lanes
    a=$(basename "$s" .s)
    "$MC" -triple=amdgcn-amd-amdhsa -mcpu=tahiti -filetype=obj "$s" -o "$TMP/$a.o"
    text "$TMP/$a.o" "$TMP/$a.text"
    { hdr 07 00 03 00; cat "$TMP/$a.text"; } > "$C/exec/asm-$a.bin"
done
{ hdr 07 00 3f 01; cat "$TMP/salu.text"; } > "$C/exec/asm-salu-64lanes-trace.bin"
{ hdr 00 00 00 00; printf '\x00\x00\x81\xbf'; } > "$C/exec/endpgm.bin"
{ hdr 00 00 00 00; printf '\xff\xff\x82\xbf'; } > "$C/exec/branch-self.bin"   # s_branch -1: hits the limit
# random programs of sicu-fuzz (one wave, one group): VGPRs, lanes and LDS from
# what it generated; TGID_X enabled; their .text also seeds decode/
for seed in 1 2 3; do
    d=$TMP/sf$seed
    build/bin/sicu-fuzz --seed $seed --out "$d" --n-insts 120 --waves 1 --groups 1 >/dev/null
    "$MC" -triple=amdgcn-amd-amdhsa -mcpu=tahiti -filetype=obj "$d/prog.s" -o "$d/prog.o"
    text "$d/prog.o" "$d/prog.text"
    v=$(sed -n 's/.*amdhsa_next_free_vgpr \([0-9]*\).*/\1/p' "$d/prog.s")
    lds=$(sed -n 's/.*amdhsa_group_segment_fixed_size \([0-9]*\).*/\1/p' "$d/prog.s")
    lanes=$(jq '.workgroup[0]' "$d/launch.json")
    h0=$(printf %02x $(( (v + 3) / 4 - 1 )))
    h6=$(printf %02x $(( lanes - 1 )))
    h7=$(printf %02x $(( ((lds + 1023) / 1024) << 4 )))
    { hdr "$h0" 02 "$h6" "$h7"; cat "$d/prog.text"; } > "$C/exec/sicu-fuzz-$seed.bin"
    cp "$d/prog.text" "$C/decode/sicu-fuzz-$seed.bin"
done

# tracediff: the first 40 records of two asm tests' traces
for a in salu branches; do
    mkdir -p "$TMP/run-$a"
    cp "programs/asm/$a.json" "$TMP/run-$a/launch.json"
    cp "$C/loader/asm-$a.o" "$TMP/run-$a/$a.o"
    "$SICU" run "$TMP/run-$a/launch.json" --trace "$TMP/$a.jsonl" --quiet
    head -40 "$TMP/$a.jsonl" > "$TMP/$a.40"
done
{ cat "$TMP/salu.40"; printf '\0'; cat "$TMP/salu.40"; } > "$C/tracediff/salu-equal"
{ cat "$TMP/salu.40"; printf '\0'; sed '20s/"scc":1/"scc":0/; 25s/0x0000000/0x1000000/' "$TMP/salu.40"; } \
    > "$C/tracediff/salu-differs"
{ printf '\x03'; cat "$TMP/branches.40"; printf '\0'; head -30 "$TMP/branches.40"; } > "$C/tracediff/branches-short-opts"
{ cat "$TMP/salu.40"; printf '\0'; cat "$TMP/branches.40"; } > "$C/tracediff/salu-vs-branches"
du -sh "$C"
