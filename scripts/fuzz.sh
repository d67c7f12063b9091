#!/usr/bin/env bash
# fuzz.sh N [ENGINE] [START_SEED] - constrained-random SI programs (docs/fuzz.md).
#
# For seeds START_SEED .. START_SEED+N-1 (default START_SEED = 1):
#   BUILD/bin/sicu-fuzz --seed S --out BUILD/fuzz/seed-S   (prog.s, launch.json, in.bin)
#   llvm-mc -mcpu=tahiti -> prog.o
#   BUILD/bin/sicu run launch.json --engine ENGINE          (default ENGINE: cosim;
#                                                            emu = the golden emulator alone)
# and stop at the first failure, printing the seed, the stage, the first lines
# of its log and the command that reproduces it; the failing case stays in
# BUILD/fuzz/seed-S/.  Passing cases are deleted (KEEP=1 keeps them).
# With ENGINE=emu the run also writes a retirement trace, and
# `sicu-fuzz --check-trace` replays it to check the inserted s_waitcnt and
# wait states on the executed paths (the emulator itself ignores s_waitcnt);
# a self-test first checks that the checker flags a program generated with
# --unsafe (no inserted waits).  CHECK=0 skips both.
# At the end: pass count, time per program and the instruction mix of all
# generated programs (static counts of the random bodies from stats.txt).
#
# Environment: FUZZ_ARGS (extra sicu-fuzz options, e.g. "--waves 4" or
# "--exclude ds_,tbuffer_"), FUZZ_TIMEOUT (seconds per run, default 600),
# FUZZ_OUT (default BUILD/fuzz), JOBS (seeds run at a time, default 1; with more,
# every seed runs and the lowest failing one is reported), BUILD (default build; e.g. BUILD=build-small runs
# that build's sicu and RTL engine), KEEP=1, RAND_RESET=1 (each RTL run gets random
# initial values with the program's seed as SICU_RAND_RESET: for a model built
# with --x-initial unique, make fuzz-cosim-x).
set -u
cd "$(dirname "$0")/.."
ROOT=$PWD
BUILD=${BUILD:-build}
SICU=$ROOT/$BUILD/bin/sicu
GEN=$ROOT/$BUILD/bin/sicu-fuzz
OUT=${FUZZ_OUT:-$ROOT/$BUILD/fuzz}
TMO=${FUZZ_TIMEOUT:-600}
LLVM_MC=$(command -v llvm-mc-14 || command -v llvm-mc || true)
read -r -a GENARGS <<< "${FUZZ_ARGS:-}"

usage() { echo "usage: scripts/fuzz.sh N [emu|rtl|cosim] [START_SEED]" >&2; exit 2; }
[ $# -ge 1 ] && [ $# -le 3 ] || usage
N=$1
ENGINE=${2:-cosim}
START=${3:-1}
[[ "$N" =~ ^[0-9]+$ ]] && [[ "$START" =~ ^[0-9]+$ ]] || usage
case "$ENGINE" in emu|rtl|cosim) ;; *) usage ;; esac
for f in "$SICU" "$GEN"; do
    [ -x "$f" ] || { echo "fuzz: $f not found (make $BUILD/bin/sicu-fuzz)" >&2; exit 2; }
done
[ -n "$LLVM_MC" ] || { echo "fuzz: llvm-mc not found" >&2; exit 2; }
if [ "$ENGINE" != emu ] && [ ! -f "$ROOT/$BUILD/lib/libsicu-rtl.so" ]; then
    echo "fuzz: $BUILD/lib/libsicu-rtl.so not found (make rtl [BUILD=$BUILD])" >&2; exit 2
fi
RUNPFX=(timeout "$TMO")
[ "$ENGINE" != emu ] && RUNPFX=(nice -n 10 timeout "$TMO")
mkdir -p "$OUT"
ALL=$OUT/stats-all.txt
: > "$ALL"

now() { echo "${EPOCHREALTIME/,/.}"; }
t_gen=0 t_mc=0 t_run=0 t_chk=0
CHECK=${CHECK:-1}
[ "$ENGINE" = emu ] || CHECK=0
mc() { "$LLVM_MC" -triple=amdgcn-amd-amdhsa -mcpu=tahiti -filetype=obj -o "$1/prog.o" "$1/prog.s"; }

if [ "$CHECK" = 1 ]; then
    # the checker must be able to fail: a program without the inserted waits
    st=$OUT/selftest
    rm -rf "$st"
    if ! { "$GEN" --seed "$START" --out "$st" --unsafe "${GENARGS[@]}" && mc "$st" &&
           "$SICU" run "$st/launch.json" --trace "$st/trace.jsonl" --quiet; } > "$OUT/selftest.log" 2>&1; then
        echo "fuzz: checker self-test could not run (see $OUT/selftest.log)"; exit 1
    fi
    if "$GEN" --seed "$START" --unsafe "${GENARGS[@]}" --check-trace "$st/trace.jsonl" >> "$OUT/selftest.log" 2>&1; then
        echo "fuzz: checker self-test FAILED: no violation found in a program without waits ($st)"; exit 1
    fi
    echo "checker self-test: $(grep '^check:' "$OUT/selftest.log" | tail -1 | sed 's/^check: //') in an --unsafe program (expected)"
    rm -rf "$st"
fi
add_t() { awk -v a="$1" -v b="$2" -v c="$3" 'BEGIN { printf "%.6f", a + (c - b) }'; }

# one seed: generate, assemble, run (and check); on success append its
# timings to $dir.t and keep its stats; on failure write $dir.fail:
# the stage on its first line, then the log to show
one_seed() {
    local s=$1 dir=$OUT/seed-$1 a b c d e rc
    rm -rf "$dir" "$dir.fail" "$dir.t"
    mkdir -p "$dir"
    a=$(now)
    if ! "$GEN" --seed "$s" --out "$dir" "${GENARGS[@]}" > "$dir.gen.log" 2>&1; then
        mv "$dir.gen.log" "$dir/gen.log"; seed_fail "$s" "sicu-fuzz failed" "$dir/gen.log"; return
    fi
    mv "$dir.gen.log" "$dir/gen.log"
    b=$(now)
    if ! mc "$dir" > "$dir/mc.log" 2>&1; then
        seed_fail "$s" "llvm-mc rejected the program (a generator bug)" "$dir/mc.log"; return
    fi
    c=$(now)
    local TRACE=() LIMIT=(--max-instructions 50000000) XENV=()   # runaway guard (the RTL engines have their watchdog)
    [ "$CHECK" = 1 ] && TRACE=(--trace "$dir/trace.jsonl")
    [ "$ENGINE" = emu ] || LIMIT=()
    [ "${RAND_RESET:-0}" = 1 ] && XENV=(env SICU_RAND_RESET="$s")
    "${RUNPFX[@]}" "${XENV[@]}" "$SICU" run "$dir/launch.json" --engine "$ENGINE" "${LIMIT[@]}" \
        "${TRACE[@]}" > "$dir/run.log" 2>&1
    rc=$?
    d=$(now); e=$d
    if [ $rc -ne 0 ]; then
        [ $rc -eq 124 ] && echo "timeout after ${TMO}s" >> "$dir/run.log"
        if [ "$ENGINE" = emu ]; then
            seed_fail "$s" "the emulator rejected the program (a generator bug) [exit $rc]" "$dir/run.log"
        else
            seed_fail "$s" "sicu run --engine $ENGINE failed [exit $rc]" "$dir/run.log"
        fi
        return
    fi
    [ -f "$dir/out.bin" ] || { seed_fail "$s" "no out.bin dumped" "$dir/run.log"; return; }
    if [ "$CHECK" = 1 ]; then
        if ! "$GEN" --seed "$s" "${GENARGS[@]}" --check-trace "$dir/trace.jsonl" > "$dir/check.log" 2>&1; then
            seed_fail "$s" "s_waitcnt / wait-state check of the trace failed (a generator bug)" "$dir/check.log"; return
        fi
        e=$(now)
    fi
    cp "$dir/stats.txt" "$dir.stats"
    echo "$a $b $c $d $e" > "$dir.t"
    [ "${KEEP:-0}" = 1 ] || rm -rf "$dir"
}
seed_fail() { # seed stage log
    { echo "$2"; [ -f "$3" ] && sed -n '1,15p' "$3"; } > "$OUT/seed-$1.fail"
}
report_fail() { # seed
    local s=$1 dir=$OUT/seed-$1
    echo "FAIL seed $s: $(head -1 "$dir.fail")"
    tail -n +2 "$dir.fail" | sed 's/^/    /'
    echo "case kept in $dir"
    echo "reproduce: $GEN --seed $s --out $dir ${FUZZ_ARGS:-} && $LLVM_MC -triple=amdgcn-amd-amdhsa" \
         "-mcpu=tahiti -filetype=obj -o $dir/prog.o $dir/prog.s && ${RAND_RESET:+SICU_RAND_RESET=$s }$SICU run $dir/launch.json --engine $ENGINE"
    echo "   (or: scripts/fuzz.sh 1 $ENGINE $s)"
}

JOBS=${JOBS:-1}
[[ "$JOBS" =~ ^[1-9][0-9]*$ ]] || { echo "fuzz: JOBS must be a positive integer" >&2; exit 2; }
pass=0
t0=$(now)
if [ "$JOBS" = 1 ]; then   # in order, stop at the first failure
    for ((s = START; s < START + N; s++)); do
        one_seed "$s"
        if [ -f "$OUT/seed-$s.fail" ]; then report_fail "$s"; echo "$pass passed before seed $s"; exit 1; fi
        pass=$((pass + 1))
        if [ $((pass % 50)) -eq 0 ]; then echo "  $pass/$N passed (seed $s)"; fi
    done
else
    export -f one_seed seed_fail mc now
    export OUT GEN SICU ENGINE CHECK TMO LLVM_MC RAND_RESET KEEP FUZZ_ARGS
    # (arrays do not cross into the xargs shells: rebuilt there from FUZZ_ARGS)
    seq "$START" $((START + N - 1)) | xargs -P "$JOBS" -I{} bash -c \
        'read -r -a GENARGS <<< "${FUZZ_ARGS:-}"; RUNPFX=(timeout "$TMO"); [ "$ENGINE" != emu ] && RUNPFX=(nice -n 10 timeout "$TMO"); one_seed {}'
    first=""
    for ((s = START; s < START + N; s++)); do
        if [ -f "$OUT/seed-$s.fail" ]; then [ -n "$first" ] || first=$s; else pass=$((pass + 1)); fi
    done
    if [ -n "$first" ]; then
        report_fail "$first"
        echo "$pass of $N seeds passed; failing: $(cd "$OUT" && ls seed-*.fail | sed 's/seed-//;s/\.fail//' | sort -n | tr '\n' ' ')"
        exit 1
    fi
fi
t1=$(now)
for ((s = START; s < START + N; s++)); do
    [ -f "$OUT/seed-$s.t" ] || continue
    read -r a b c d e < "$OUT/seed-$s.t"
    t_gen=$(add_t "$t_gen" "$a" "$b"); t_mc=$(add_t "$t_mc" "$b" "$c")
    t_run=$(add_t "$t_run" "$c" "$d"); t_chk=$(add_t "$t_chk" "$d" "$e")
    cat "$OUT/seed-$s.stats" >> "$ALL"
    rm -f "$OUT/seed-$s.t" "$OUT/seed-$s.stats"
done

echo "fuzz ($ENGINE): $pass of $N seeds passed (seeds $START..$((START + N - 1)))"
awk -v n="$pass" -v tg="$t_gen" -v tm="$t_mc" -v tr="$t_run" -v tc="$t_chk" -v t0="$t0" -v t1="$t1" 'BEGIN {
    if (n > 0)
        printf "time per program: %.1f ms wall (CPU: generate %.1f, llvm-mc %.1f, run %.1f, trace check %.1f); total %.1f s\n",
               1000 * (t1 - t0) / n, 1000 * tg / n, 1000 * tm / n, 1000 * tr / n, 1000 * tc / n, t1 - t0 }'
"$GEN" "${GENARGS[@]}" --list-ops | awk '!/^excluded|ops generated|commutative/ { for (i = 3; i <= NF; i++) print $i }' \
    | sort -u > "$OUT/pickable.txt"
awk -v pf="$OUT/pickable.txt" '
    BEGIN { while ((getline l < pf) > 0) { pick[l] = 1; npick++ } }
    $1 == "total" { tot += $2 } $1 == "body" { body += $2 }
    $1 == "fmt" { fmt[$2] += $3 } $1 == "feature" { feat[$2] += $3 } $1 == "op" { op[$2] += $3 }
    END {
        if (!body) exit
        printf "instructions: %d emitted, %d in the random bodies (incl. inserted waits/nops and structure)\n", tot, body
        printf "body mix by format:"
        for (f in fmt) printf " %s=%d (%.1f%%)", f, fmt[f], 100 * fmt[f] / body
        printf "\nfeatures:"
        for (f in feat) printf " %s=%d", f, feat[f]
        n = 0; miss = ""
        for (o in pick) if (o in op) n++; else if (length(miss) < 400) miss = miss " " o
        printf "\nops covered: %d of the %d the generator can pick%s\n", n, npick, miss == "" ? "" : "; never:" miss
    }' "$ALL"
[ "$pass" -eq "$N" ]
