#!/usr/bin/env bash
# rfv-test.sh [NAME...] - register-file virtualization (docs/rfv.md) over the
# bundled programs and the SI assembly tests, on the emulator.
#
# For every programs/NAME/ at -O0 and -O2 (BUILD/rfv/NAME-O<n>/):
#   inband   sicu rfv NAME.o -o NAME.rfv.o; run it; host check (the code is
#            still correct code)
#   poison   the same object with --poison-released (every released VGPR is
#            overwritten): host check
#   side     sicu rfv --side-table side.json: the original code with the side
#            table's releases, --poison-released: host check
#   early    sicu rfv --release-early (a VGPR released one instruction before
#            its last read, a deliberate bug): --poison-released must FAIL
#            (run error or host check failure); passing is a test failure
# For every programs/asm/NAME.s and tests/rfv/NAME.s (cases made for the
# pass: metadata between s_getpc_b64 and its relocated adds, ...): inband +
# poison against NAME.expected, or, for code rfv must reject (asm/branches:
# s_setpc_b64), a clear error.
# Code growth and poison-mode VGPR figures go to BUILD/rfv/summary.txt.
# RFV_ENGINE=cosim: the inband runs (programs and asm tests) run with
# --engine cosim, the RTL checked against the emulator (after make rtl):
# the default RTL decodes the metadata as no-ops that retire, so the
# rewritten code runs there too; poison, side-table and early runs stay on
# the emulator.  On a model built with RFV on (BUILD=build-rfv) the metadata
# drive its renaming, and each program's in-band run also checks its
# counters ("rtl rows": every metadata instruction decoded, skipped on a
# release flag cache hit or issued, every row released by the end, the
# exempt VGPRs of the object's table mapped at launch); at -O2
# the in-band code runs in cosim once more with the run controls at their
# other ends ("rtl controls": --rfv-rfc 0 --rfv-wake 10: no cache hit, every
# rfv_pir decoded; every wake-up holds issue 1 to 10 cycles).  On a model
# with GPU-Shrink (RFV_SHRINK on) each -O2 program runs in cosim twice more:
# on the smallest file that can run it ("rtl shrink": --rfv-rows R, R the
# most rows one work-group holds on a SIMD: the exempt work-group alone
# holds rows, every other one waits) and half-way from R to the demand (the
# most rows its static allocation holds on a SIMD: the others claim what R
# leaves, issue throttles); each must finish, bit-exact, with every row
# released and never more live rows than the file has; and vadd
# checks the corner cases: a dispatch of one work-group at --rfv-rows R
# runs ("shrink one work-group"), and at R - 1 is refused with a clear error
# ("shrink does not fit").
# Prints one line per case and "N passed, M failed"; non-zero exit on failure.
set -u
cd "$(dirname "$0")/.."
ROOT=$PWD
BUILD=${BUILD:-build}
SICU=${SICU:-$ROOT/$BUILD/bin/sicu}
OUT=$ROOT/$BUILD/rfv
OPTS=${OPTS:-"0 2"}
# (the RTL engines: MAX_CYCLES, default 40 M as in run-programs.sh: -O0 programs run millions)
INBAND_ARGS=(); [ -n "${RFV_ENGINE:-}" ] && INBAND_ARGS=(--engine "$RFV_ENGINE" --max-cycles "${MAX_CYCLES:-40000000}")
# a model built with RFV on (docs/rfv.md, section 10): its renaming counters are checked too
RTL_RFV=0 RTL_SHRINK=0
[ -n "${RFV_ENGINE:-}" ] && "$SICU" version 2>/dev/null | grep -Eq '^ +RFV +on ' && RTL_RFV=1
[ $RTL_RFV = 1 ] && "$SICU" version 2>/dev/null | grep -Eq '^ +RFV_SHRINK +on ' && RTL_SHRINK=1
LLVM_MC=$(command -v llvm-mc-14 || command -v llvm-mc || true)
# asm tests the pass must refuse, with the words of the expected error
declare -A REJECT=([branches]="computed control flow")

if [ ! -x "$SICU" ]; then echo "rfv-test: $SICU not found (run make first)" >&2; exit 2; fi
mkdir -p "$OUT"
SUMMARY=$OUT/summary.txt
: > "$SUMMARY"
pass=0; fail=0; failed=()
ok()  { pass=$((pass + 1)); printf '  PASS  %s\n' "$1"; }
bad() {
    fail=$((fail + 1)); failed+=("$1"); printf '  FAIL  %s: %s\n' "$1" "$2"
    if [ -n "${3:-}" ] && [ -f "$3" ]; then sed -n '1,8p' "$3" | sed 's/^/          /'; fi
}

# relaunch DIR NAME CODE: DIR/NAME.json = DIR/launch.json running CODE
relaunch() { sed "s|\"code\": *\"[^\"]*\"|\"code\": \"$3\"|" "$1/launch.json" > "$1/$2.json"; }

# stats_line FILE: the rfv figures of a --stats file, one line
stats_line() {
    python3 -c 'import json,sys; r=json.load(open(sys.argv[1])).get("rfv",{}); print("mapped max %d/%d avg %.2f released %d/%d" % (r.get("max_mapped_per_wave",0), r.get("vgprs_allocated",0), r.get("avg_mapped_per_wave",0), r.get("vgprs_released",0), r.get("vgprs_mapped",0)))' "$1" 2>/dev/null
}

# rtl_rows NAME DIR LABEL: the RFV model's renaming counters of the in-band run:
# every metadata instruction the emulator executed was decoded, skipped on a
# release flag cache hit or issued once, every row
# allocated was released by the waves' ends
rtl_rows() {
    local name=$1 dir=$2 r=$2/inband.stats.json e=$2/poison.stats.json nex
    if [ ! -f "$r" ] || [ ! -f "$e" ]; then bad "$name" "no stats of the in-band and poison runs"; return; fi
    # (the kernel's exempt VGPRs in the rewritten object's table: the RTL maps them at launch)
    llvm-objcopy-14 --dump-section .sicu.rfv="$dir/table.json" "$dir/$(jq -r .code "$dir/rfv.json")" "$dir/table.tmp.o" 2> /dev/null
    nex=$(jq --arg k "$(jq -r .kernel "$dir/rfv.json")" '[.kernels[] | select(.name == $k) | .renaming.n_exempt][0]' "$dir/table.json" 2> /dev/null)
    rm -f "$dir/table.tmp.o"
    if [ "$(jq --slurpfile e "$e" --argjson nex "${nex:-null}" '.rfv.pir_decoded + .rfv.rfc_hits + .rfv.pbr_issued == $e[0].rfv.metadata_executed and
            .rfv.rows_allocated == .rfv.rows_released and .rfv.rows_allocated > 0 and .rfv.exempt_vgprs == $nex' "$r")" = true ]; then
        ok "$name"
        echo "$3: RTL rows allocated $(jq .rfv.rows_allocated "$r"), live rows per SIMD mean $(jq '.rfv.mean_live_rows_per_simd * 10 | round / 10' "$r") max $(jq .rfv.max_live_rows_per_simd "$r"), rfc hits $(jq .rfv.rfc_hits "$r")/$(jq '.rfv.rfc_hits + .rfv.pir_decoded' "$r") dynamic code +$(jq '.rfv.dynamic_code_increase * 1000 | round / 10' "$r")%" >> "$SUMMARY"
    else
        bad "$name" "renaming counters $(jq -c .rfv "$r"), the emulator's metadata_executed $(jq .rfv.metadata_executed "$e"), the table's exempt VGPRs ${nex:-(none read)}"
    fi
}

# rtl_controls NAME DIR HOST: the in-band code in cosim without the release
# flag cache and with a 10-cycle wake-up: host check, no hit, every rfv_pir
# decoded, each wake-up holding issue for 1..10 cycles
rtl_controls() {
    local name=$1 dir=$2 r=$2/controls.stats.json e=$2/poison.stats.json
    run_check "$name" "$dir" rfv.json "$3" "${INBAND_ARGS[@]}" --rfv-rfc 0 --rfv-wake 10 --stats "$r" || return
    name="$name counters"
    if [ "$(jq --slurpfile e "$e" '.rfv.rfc_hits == 0 and .rfv.rfc_entries == 0 and .rfv.wake_cycles == 10 and
            .rfv.pir_decoded + .rfv.pbr_issued == $e[0].rfv.metadata_executed and
            (.rfv.wakeups == 0 or (.rfv.wake_stall_cycles_per_simd * (.simd | length) >= 1 and
             .rfv.wake_stall_cycles_per_simd * (.simd | length) <= 10 * .rfv.wakeups))' "$r")" = true ]; then
        ok "$name"
    else
        bad "$name" "controls counters $(jq -c .rfv "$r"), the emulator's metadata_executed $(jq .rfv.metadata_executed "$e")"
    fi
}

# rtl_shrink NAME DIR HOST: the in-band code in cosim on R physical rows per
# SIMD (the fewest that run it): host check; every row released, never more
# than R live on a SIMD.  For vadd also the corner cases (see the header).
rtl_shrink() {
    local name=$1 dir=$2 host=$3 r rr dm n sizes mid
    rr=$(jq .rfv.wg_rows_per_simd "$dir/inband.stats.json" 2>/dev/null)
    dm=$(jq .rfv.static_max_rows_per_simd "$dir/inband.stats.json" 2>/dev/null)
    if ! [ "${rr:-0}" -gt 0 ] 2>/dev/null; then bad "$name" "no wg_rows_per_simd in the in-band run's stats"; return; fi
    # R (only the exempt work-group holds rows), then half-way to the demand
    # (the others claim what R leaves: issue's throttle and priority at work)
    sizes=$rr mid=$(( (rr + dm + 1) / 2 ))
    [ "$mid" -gt "$rr" ] && sizes="$rr $mid"
    for n in $sizes; do
        r=$dir/shrink-$n.stats.json
        run_check "$name (--rfv-rows $n)" "$dir" rfv.json "$host" "${INBAND_ARGS[@]}" --rfv-rows "$n" --stats "$r" || return
        if [ "$(jq --argjson n "$n" '.rfv.rows_allocated == .rfv.rows_released and .rfv.physical_rows_per_simd == $n and
                .rfv.max_live_rows_per_simd <= $n' "$r")" = true ]; then
            ok "$name (--rfv-rows $n) counters"
            echo "$p-O2: shrink to $n rows per SIMD (demand $dm rows, R $rr): cycles $(jq .cycles "$r") vs $(jq .cycles "$dir/inband.stats.json"), throttled $(jq .rfv.throttle_cycles "$r") + init $(jq .rfv.throttle_init_cycles "$r")" >> "$SUMMARY"
        else
            bad "$name (--rfv-rows $n) counters" "$(jq -c .rfv "$r")"
        fi
    done
    [ "$p" = vadd ] || return 0
    # a dispatch of one work-group (4 waves, one per SIMD): always the exempt
    # one; cosim checks every write and the final memory (the host check
    # wants the whole grid)
    jq '.grid = [256] | .workgroup = [256]' "$dir/rfv.json" > "$dir/onewg.json"
    if ! "$SICU" run --quiet "$dir/onewg.json" "${INBAND_ARGS[@]}" --stats "$dir/onewg.stats.json" > "$dir/onewg.log" 2>&1; then
        bad "$name one work-group" "sicu run failed" "$dir/onewg.log"; return; fi
    rr=$(jq .rfv.wg_rows_per_simd "$dir/onewg.stats.json")
    if "$SICU" run --quiet "$dir/onewg.json" "${INBAND_ARGS[@]}" --rfv-rows "$rr" > "$dir/onewg-rr.log" 2>&1; then
        ok "$name one work-group (--rfv-rows $rr)"
    else bad "$name one work-group (--rfv-rows $rr)" "sicu run failed" "$dir/onewg-rr.log"; fi
    if "$SICU" run --quiet "$dir/onewg.json" "${INBAND_ARGS[@]}" --rfv-rows $((rr - 1)) > "$dir/nofit.log" 2>&1; then
        bad "$name does not fit" "a work-group of $rr rows ran on $((rr - 1))"
    elif grep -q "one work-group alone does not fit" "$dir/nofit.log"; then ok "$name does not fit (refused)"
    else bad "$name does not fit" "unexpected error" "$dir/nofit.log"; fi
}

# run_check NAME DIR LAUNCH HOST [ARGS...]: run LAUNCH, then the host check
run_check() {
    local name=$1 dir=$2 launch=$3 host=$4; shift 4
    if ! "$SICU" run --quiet "$dir/$launch" "$@" > "$dir/$launch.log" 2>&1; then
        bad "$name" "sicu run failed" "$dir/$launch.log"; return 1; fi
    if ! "$host" check "$dir" > "$dir/$launch.check.log" 2>&1; then
        bad "$name" "host check failed" "$dir/$launch.check.log"; return 1; fi
    ok "$name"
}

# early NAME DIR HOST: the release-early object must fail under poison
early() {
    local name=$1 dir=$2 host=$3
    if ! "$SICU" rfv "$dir/$p.o" -o "$dir/$p.early.o" --release-early > "$dir/early.log" 2>&1; then
        bad "$name" "sicu rfv --release-early failed" "$dir/early.log"; return; fi
    relaunch "$dir" early "$p.early.o"
    rm -f "$dir"/*.out
    if "$SICU" run --quiet "$dir/early.json" --poison-released > "$dir/early.run.log" 2>&1 &&
       "$host" check "$dir" > "$dir/early.check.log" 2>&1; then
        bad "$name" "a register released one instruction early went unnoticed in poison mode"
    else
        ok "$name (fails as it must)"
    fi
}

# The metadata encoding is no real instruction: llvm-mc 14 (which has no
# gfx6/gfx7 disassembler) rejects it for gfx8, gfx9 and gfx10, and no word
# of the llvm-mc round-trip corpus (every SI row) starts with its prefix.
if [ $# -eq 0 ] && [ -n "$LLVM_MC" ]; then
    enc_ok=1
    for cpu in fiji gfx900 gfx1010; do
        for w in "0x51 0x00 0x00 0xec 0x00 0x00 0x00 0x00" "0x03 0x61 0x00 0xed 0x00 0x00 0x00 0x00"; do
            r=$(echo "$w" | "$LLVM_MC" -arch=amdgcn -mcpu=$cpu -disassemble 2>&1)
            grep -q "invalid instruction encoding" <<< "$r" || { enc_ok=0; echo "    llvm-mc -mcpu=$cpu decodes $w: $r"; }
        done
    done
    if [ -f "$BUILD/roundtrip/corpus.hex" ] && grep -Eq '^e[c-f]' "$BUILD/roundtrip/corpus.hex"; then
        enc_ok=0; echo "    an SI encoding of the round-trip corpus starts with the rfv prefix"
    fi
    [ $enc_ok = 1 ] && ok "encoding (rejected by llvm-mc for gfx8/9/10)" || bad encoding "the rfv encoding is a real instruction"
fi

progs=(); asms=()
if [ $# -eq 0 ]; then
    for d in programs/*/; do n=$(basename "$d"); [ -f "programs/$n/launch.json" ] && progs+=("$n"); done
    for s in programs/asm/*.s tests/rfv/*.s; do asms+=("${s%.s}"); done
else
    for a in "$@"; do
        a=${a%/}
        if [ -f "programs/$a/launch.json" ]; then progs+=("$a")
        elif [ -f "programs/asm/${a#asm/}.s" ]; then asms+=("programs/asm/${a#asm/}")
        elif [ -f "tests/rfv/${a#rfv/}.s" ]; then asms+=("tests/rfv/${a#rfv/}")
        else echo "rfv-test: no program or asm test named '$a'" >&2; exit 2; fi
    done
fi

for p in "${progs[@]}"; do
    host=$OUT/$p-host
    if ! gcc -O2 -ffp-contract=off -fwrapv -std=gnu11 -I programs/include -o "$host" "programs/$p/host.c" -lm \
            > "$OUT/$p-host.log" 2>&1; then
        bad "$p" "host build failed" "$OUT/$p-host.log"; continue; fi
    for o in $OPTS; do
        name="$p -O$o"; dir=$OUT/$p-O$o
        rm -rf "$dir" && mkdir -p "$dir"
        cp "programs/$p/launch.json" "$dir/"
        if ! "$host" gen "$dir" > "$dir/gen.log" 2>&1; then bad "$name" "host gen failed" "$dir/gen.log"; continue; fi
        if ! "$SICU" cc -O"$o" "programs/$p/$p.cl" -o "$dir/$p.o" > "$dir/cc.log" 2>&1; then
            bad "$name" "sicu cc failed" "$dir/cc.log"; continue; fi
        if ! "$SICU" rfv "$dir/$p.o" -o "$dir/$p.rfv.o" --report > "$dir/report.txt" 2> "$dir/rfv.log"; then
            bad "$name" "sicu rfv failed" "$dir/rfv.log"; continue; fi
        relaunch "$dir" rfv "$p.rfv.o"
        run_check "$name inband${RFV_ENGINE:+ ($RFV_ENGINE)}" "$dir" rfv.json "$host" "${INBAND_ARGS[@]}" \
            ${RFV_ENGINE:+--stats "$dir/inband.stats.json"}
        run_check "$name poison" "$dir" rfv.json "$host" --poison-released --stats "$dir/poison.stats.json" &&
            { grep -v '^kernel\|^total' "$dir/report.txt" | sed "s/^/$p-O$o: /"
              echo "$p-O$o: $(grep '^total' "$dir/report.txt"); poison: $(stats_line "$dir/poison.stats.json")"; } >> "$SUMMARY"
        [ $RTL_RFV = 1 ] && rtl_rows "$name rtl rows" "$dir" "$p-O$o"
        [ $RTL_RFV = 1 ] && [ "$o" = 2 ] && rtl_controls "$name rtl controls" "$dir" "$host"
        [ $RTL_SHRINK = 1 ] && [ "$o" = 2 ] && rtl_shrink "$name rtl shrink" "$dir" "$host"
        if "$SICU" rfv "$dir/$p.o" --side-table "$dir/side.json" -o "$dir/$p.side.o" > "$dir/side.log" 2>&1; then
            if cmp -s <(llvm-objcopy-14 -O binary -j .text "$dir/$p.o" /dev/stdout 2>/dev/null) \
                      <(llvm-objcopy-14 -O binary -j .text "$dir/$p.side.o" /dev/stdout 2>/dev/null); then
                run_check "$name side" "$dir" launch.json "$host" --poison-released --side-table "$dir/side.json"
            else
                bad "$name side" "the side-table object's .text differs from the original"
            fi
        else
            bad "$name side" "sicu rfv --side-table failed" "$dir/side.log"
        fi
        early "$name early" "$dir" "$host"
    done
done

for src in "${asms[@]}"; do
    t=$(basename "$src"); sd=$(dirname "$src")
    name="$([ "$sd" = tests/rfv ] && echo rfv || echo asm)/$t"; dir=$OUT/${name/\//-}
    rm -rf "$dir" && mkdir -p "$dir"
    if [ -z "$LLVM_MC" ]; then bad "$name" "llvm-mc not found"; continue; fi
    if ! "$LLVM_MC" -triple=amdgcn-amd-amdhsa -mcpu=tahiti -filetype=obj "$src.s" -o "$dir/$t.o" \
            > "$dir/mc.log" 2>&1; then bad "$name" "llvm-mc failed" "$dir/mc.log"; continue; fi
    if [ -n "${REJECT[$t]:-}" ]; then
        if "$SICU" rfv "$dir/$t.o" -o "$dir/$t.rfv.o" > "$dir/rfv.log" 2>&1; then
            bad "$name" "sicu rfv accepted code it must refuse (${REJECT[$t]})"
        elif grep -q "${REJECT[$t]}" "$dir/rfv.log" && [ ! -e "$dir/$t.rfv.o" ]; then ok "$name (refused: ${REJECT[$t]})"
        else bad "$name" "unexpected error" "$dir/rfv.log"; fi
        continue
    fi
    if ! "$SICU" rfv "$dir/$t.o" -o "$dir/$t.rfv.o" --report > "$dir/report.txt" 2> "$dir/rfv.log"; then
        bad "$name" "sicu rfv failed" "$dir/rfv.log"; continue; fi
    sed 's/"code": *"[^"]*"/"code": "'"$t"'.rfv.o"/' "$src.json" > "$dir/launch.json"
    sed -e 's/#.*//' -e 's/[[:space:]]//g' -e '/^$/d' "$src.expected" | tr 'A-F' 'a-f' | sed 's/^0x//' \
        > "$dir/want.txt"
    cp "$src.json" "$dir/orig.json"
    modes=(inband poison); [ "$sd" = tests/rfv ] && modes=(orig inband poison)   # orig: the test itself
    for mode in "${modes[@]}"; do
        rm -f "$dir/out.bin"
        args=(); [ $mode = poison ] && args=(--poison-released)
        [ $mode = inband ] && args=("${INBAND_ARGS[@]}")
        launch=launch.json; [ $mode = orig ] && launch=orig.json
        if ! "$SICU" run --quiet "$dir/$launch" "${args[@]}" > "$dir/$mode.log" 2>&1; then
            bad "$name $mode" "sicu run failed" "$dir/$mode.log"; continue; fi
        od -An -v -tx4 -w4 "$dir/out.bin" | tr -d ' ' > "$dir/got.txt"
        if diff -q "$dir/want.txt" "$dir/got.txt" > /dev/null; then ok "$name $mode"
        else bad "$name $mode" "out.bin differs from $src.expected"; fi
    done
    grep -v '^kernel\|^total' "$dir/report.txt" | sed "s|^|$name: |" >> "$SUMMARY"
done

echo "$pass passed, $fail failed (summary: $SUMMARY)"
if [ "$fail" -ne 0 ]; then echo "failed: ${failed[*]}"; exit 1; fi
exit 0
