#!/usr/bin/env bash
# run.sh MODE LF_BUILD SECONDS NAME... - run the libFuzzer targets (make fuzz,
# make fuzz-smoke; docs/fuzz.md "libFuzzer targets").
#
#   MODE fuzz   each NAME for SECONDS on LF_BUILD/corpus/NAME, a working copy
#               that keeps growing across runs (the seeds of
#               tests/fuzz/corpus/NAME are copied in; the repository's corpus
#               is never written).  Prints executions, exec/s, coverage and any
#               crash/leak/timeout file.  Exit status: non-zero on a finding.
#   MODE smoke  each NAME for SECONDS on a fresh copy of its seed corpus
#               (LF_BUILD/smoke/NAME).  Ends with "N passed, M failed";
#               non-zero exit when M > 0.
#
# Every run uses -rss_limit_mb=2048 and a per-input -timeout of
# LIBFUZZER_TIMEOUT seconds (default 10).  Findings go to
# LF_BUILD/artifacts/NAME/ (crash-*, leak-*, timeout-*, oom-*); reproduce one
# with LF_BUILD/bin/fuzz_NAME FILE.  Logs: LF_BUILD/logs/NAME.log.
# LIBFUZZER_ARGS adds options (e.g. -seed=1 -jobs=2).
set -u
cd "$(dirname "$0")/../../.."
MODE=$1 LFB=$2 SECS=$3
shift 3
TIMEOUT=${LIBFUZZER_TIMEOUT:-10}
# smoke runs (CI) use a fixed libFuzzer seed, SMOKE_SEED (default 1), so the
# same tree explores the same inputs; make fuzz draws one per run (printed in
# the log as "INFO: Seed:")
SEED=()
[ "$MODE" = smoke ] && SEED=(-seed="${SMOKE_SEED:-1}")
pass=0 fail=0

# corpus_dir NAME: the working corpus for this mode, seeded from the repository.
corpus_dir() {
    local dir
    if [ "$MODE" = smoke ]; then dir=$LFB/smoke/$1; rm -rf "$dir"; else dir=$LFB/corpus/$1; fi
    mkdir -p "$dir"
    [ -d "tests/fuzz/corpus/$1" ] && cp -n tests/fuzz/corpus/"$1"/* "$dir"/ 2>/dev/null
    echo "$dir"
}

# summary NAME LOG: one line of figures from libFuzzer's final statistics.
summary() {
    local execs rate cov ft
    execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$2" | tail -1)
    rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$2" | tail -1)
    cov=$(grep -oE 'cov: [0-9]+' "$2" | tail -1 | awk '{print $2}')
    ft=$(grep -oE 'ft: [0-9]+' "$2" | tail -1 | awk '{print $2}')
    printf '%s: %s executions, %s exec/s, coverage %s edges, %s features, corpus %s files\n' \
        "$1" "${execs:-?}" "${rate:-?}" "${cov:-?}" "${ft:-?}" "$(ls "$3" | wc -l)"
}

# run_one NAME: fuzz it; 0 when libFuzzer found nothing.
run_one() {
    local name=$1 bin=$LFB/bin/fuzz_$1 art=$LFB/artifacts/$1 log=$LFB/logs/$1.log dict=()
    if [ ! -x "$bin" ]; then echo "$name: no fuzzer $bin (make fuzz-build)"; return 1; fi
    mkdir -p "$art" "$LFB/logs"
    local dir; dir=$(corpus_dir "$name")
    [ -f "tests/fuzz/libfuzzer/$name.dict" ] && dict=(-dict="tests/fuzz/libfuzzer/$name.dict")
    local before; before=$(ls "$art" | sort)
    echo "== $name: $SECS s on $dir"
    "$bin" "$dir" -max_total_time="$SECS" -rss_limit_mb=2048 -timeout="$TIMEOUT" -print_final_stats=1 \
        -artifact_prefix="$art/" "${dict[@]}" "${SEED[@]}" ${LIBFUZZER_ARGS:-} >"$log" 2>&1
    local rc=$?
    summary "$name" "$log" "$dir"
    local new; new=$(comm -13 <(echo "$before") <(ls "$art" | sort) | sed '/^$/d')
    if [ $rc -ne 0 ] || [ -n "$new" ]; then
        echo "$name: FAILED (libFuzzer exit $rc); log $log"
        grep -m3 -E '^==[0-9]+==ERROR|runtime error|ALARM|out-of-memory|deadly signal' "$log" | sed 's/^/    /'
        for f in $new; do echo "    finding: $art/$f  (reproduce: $bin $art/$f)"; done
        return 1
    fi
    return 0
}

for name in "$@"; do
    if run_one "$name"; then pass=$((pass + 1)); else fail=$((fail + 1)); fi
done
if [ "$MODE" = smoke ]; then
    echo "$pass passed, $fail failed"
fi
[ $fail -eq 0 ]
