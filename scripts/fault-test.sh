#!/usr/bin/env bash
# fault-test.sh [BUILD] - fault injection (docs/faults.md) on programs/vadd
# with the model of BUILD (default build-fi: make -j2 all rtl VPI=1
# CONFIG=rtl/config/fi.cfg BUILD=build-fi; never rebuilt here):
#   known outcomes: a VGPR flip the dispatcher's initial write overwrites
#   (masked), a flip of an unused VGPR row (latent, also in a run ended early),
#   a stuck-at-0 on bit 30 of a lane's result (vadd's sums: sdc; also in a run
#   cut early, whose run on to completion gives end_outcome sdc), a flip of a
#   flop reloaded every cycle (masked), a flip of an issue flop (classified);
#   the flop list; bad fault specs (exit 2, what was expected);
#   a small campaign: split, the same shard twice (identical lines), merge,
#   and scripts/campaign.sh with GNU parallel (--joblog, --resume).
set -u
cd "$(dirname "$0")/.."
BUILD=${1:-build-fi}
SICU=$PWD/$BUILD/bin/sicu
[ -x "$SICU" ] && [ -f "$BUILD/lib/libsicu-rtl.so" ] ||
    { echo "fault-test: no model in $BUILD (make -j2 all rtl VPI=1 CONFIG=rtl/config/fi.cfg BUILD=$BUILD)" >&2; exit 2; }
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
pass=0 fail=0
ok() { pass=$((pass + 1)); echo "  PASS  $1"; }
ko() { fail=$((fail + 1)); echo "  FAIL  $1"; [ -n "${2:-}" ] && [ -f "$2" ] && sed -n '1,8p' "$2" | sed 's/^/          /'; }

# vadd at -O2 (its host program writes the inputs)
P=$T/vadd
mkdir -p "$P"
gcc -O2 -std=gnu11 -I programs/include -o "$T/vadd-host" programs/vadd/host.c -lm &&
    "$T/vadd-host" gen "$P" > /dev/null && "$SICU" cc -O2 programs/vadd/vadd.cl -o "$P/vadd.o" &&
    cp programs/vadd/launch.json "$P/" || { echo "fault-test: cannot prepare vadd" >&2; exit 1; }
L=$P/launch.json

# inject NAME SPEC OUTCOME [ARGS]: the outcome and a well-formed line
inject() {
    local name=$1 spec=$2 want=$3
    shift 3
    "$SICU" inject "$L" --fault "$spec" "$@" > "$T/$name.json" 2> "$T/$name.err"
    local rc=$? got
    got=$(jq -r .outcome "$T/$name.json" 2>/dev/null)
    if [ $rc = 0 ] && [ "$got" = "$want" ] && [ "$(wc -l < "$T/$name.json")" = 1 ] &&
       [ "$(jq '.fault != null and .inject_cycle != null and .cycles > 0 and .where != null' "$T/$name.json")" = true ]; then
        ok "$name: $spec -> $got ($(jq -c '{cycles, where, detail}' "$T/$name.json"))"
    else
        ko "$name: $spec: expected $want, got '${got}' (exit $rc)" "$T/$name.err"
        cat "$T/$name.json"
    fi
}

# ---- 1. known outcomes
inject masked-vgpr "vgpr:0.0.5.3@0" masked          # v0 of slot 0: written by the dispatcher before any use
inject latent-vgpr "vgpr:3.255.7.9@100" latent      # the last VGPR row of SIMD 3: never written, never read
# lane 0 of SIMD 0 (the first wave's SIMD) computes work-items 16k: ids and byte
# offsets (< 2^30) have bit 30 clear, the sums c = 2.25 * 16k (k >= 1) have it set
inject sdc-fu "fu:0.0@0:stuck0:30" sdc
# ended 50 cycles after the flip (the fault-free run is still running then)
inject latent-cut "vgpr:3.255.7.9@100" latent --end-after 50
[ "$(jq '.end == "cut" and .cycles == 150' "$T/latent-cut.json" 2>/dev/null)" = true ] && ok "latent-cut: ended at cycle 150" ||
    ko "latent-cut: not ended at cycle 150 ($(cat "$T/latent-cut.json"))"
# the stuck lane cut 800 cycles after cycle 0 (vadd runs about 1,070): its output
# differs at the cut already, and the run on to completion says it stays wrong
inject sdc-cut "fu:0.0@0:stuck0:30" sdc --end-after 800
[ "$(jq '.end == "cut" and .cycles == 800 and .end_outcome == "sdc"' "$T/sdc-cut.json" 2>/dev/null)" = true ] &&
    ok "sdc-cut: cut at cycle 800, run on to completion: end_outcome sdc" ||
    ko "sdc-cut: no end_outcome sdc after the cut ($(cat "$T/sdc-cut.json"))"
# a flop of the list, anywhere in it: the run is classified (whatever the outcome)
"$SICU" inject --list-flops > "$T/flops.tsv" 2> "$T/flops.err"
nflops=$(grep -vc '^#' "$T/flops.tsv")
if [ "$nflops" -gt 100 ] && grep -q $'^u_issue\.' "$T/flops.tsv" && grep -q $'vgpr_mem\t' "$T/flops.tsv" &&
   ! grep -q $'\tsimd_dp\t\|^pc_\|\.pc_\|u_mon' "$T/flops.tsv"; then
    ok "--list-flops: $nflops state variables ($(head -1 "$T/flops.tsv" | sed 's/^# //'))"
else ko "--list-flops ($nflops)" "$T/flops.err"; fi
f=$(awk -F'\t' '!/^#/ && $4 == "-" && $1 ~ /^u_issue\./ { print $1; exit }' "$T/flops.tsv")
"$SICU" inject "$L" --fault "flop:$f[0]@300" > "$T/flop.json" 2> "$T/flop.err"
if [ $? = 0 ] &&
   [ "$(jq '.where == "issue" and (.outcome | IN("masked","latent","sdc","due","hang"))' "$T/flop.json" 2>/dev/null)" = true ]
then ok "flop:$f[0]@300 -> $(jq -r .outcome "$T/flop.json") in $(jq -r .where "$T/flop.json")"
else ko "flop:$f[0]@300" "$T/flop.err"; cat "$T/flop.json"; fi

# a flop reloaded every cycle (opread's start_wave <= init_wave), flipped after
# the last wave has started: masked
sw=$(awk -F'\t' '!/^#/ && $1 ~ /\.start_wave$/ { print $1; exit }' "$T/flops.tsv")
refc=$(jq .ref_cycles "$T/sdc-fu.json")
if [ -n "$sw" ] && [ -n "$refc" ]; then inject masked-flop "flop:$sw[0]@$((refc - 20))" masked
else ko "masked flop: no start_wave in the list or no fault-free length"; fi

# ---- 2. bad fault specs: exit 2 and what was expected
bad() {
    local spec=$1 pat=$2
    "$SICU" inject "$L" --fault "$spec" > "$T/bad.out" 2> "$T/bad.err"
    local rc=$?
    if [ $rc = 2 ] && [ ! -s "$T/bad.out" ] && grep -q -- "$pat" "$T/bad.err"; then ok "bad spec '$spec': $(head -1 "$T/bad.err")"
    else ko "bad spec '$spec' (exit $rc, want 2 and /$pat/)" "$T/bad.err"; fi
}
bad "bogus" "expected flop:PATH\[BIT\]@CYCLE, fu:"
bad "fu:0.0@12:flop" "the kind must be flip, stuck0 or stuck1"
bad "fu:9.0@12:flip" "this CU has SIMDs 0..3 and lanes 0..15"
bad "fu:0.1@x:flip" "expected fu:SIMD.LANE@CYCLE"
bad "vgpr:0.1.2.40@5" "bits 0..31"
bad "flop:u_issue.no_such_reg[0]@5" "not a state variable of this CU"
bad "flop:u_issue@5" "expected PATH\[BIT\]@CYCLE"
bad "flop:$f[4096]@5" "bits: BIT must be"
"$SICU" inject "$L" --fault "fu:0.0@1:flip" --engine cosim > /dev/null 2> "$T/eng.err"
[ $? = 2 ] && grep -q "RTL model only" "$T/eng.err" && ok "--engine cosim refused" || ko "--engine cosim refused" "$T/eng.err"

# ---- 3. a campaign: split, a shard twice, merge
cat > "$T/spec.json" <<EOF
{"programs": ["$L"], "model": "fu", "fu_kinds": ["flip", "stuck1"], "injections": 6, "seed": 7, "shards": 2}
EOF
if "$SICU" campaign split "$T/spec.json" -o "$T/c" 2> "$T/split.err" && [ -f "$T/c/shard-1.json" ] &&
   [ "$(jq '.programs[0].faults | length' "$T/c/shard-0.json")" = 3 ]; then ok "campaign split: 2 shards of 3 faults"
else ko "campaign split" "$T/split.err"; fi
"$SICU" campaign run-shard "$T/c/shard-0.json" > "$T/r1.jsonl" 2> "$T/r1.err"
rc1=$?
"$SICU" campaign run-shard "$T/c/shard-0.json" > "$T/r2.jsonl" 2>> "$T/r1.err"
if [ $rc1 = 0 ] && [ "$(wc -l < "$T/r1.jsonl")" = 3 ] && cmp -s "$T/r1.jsonl" "$T/r2.jsonl"; then
    ok "run-shard twice: 3 identical lines"
else ko "run-shard determinism (exit $rc1)" "$T/r1.err"; diff "$T/r1.jsonl" "$T/r2.jsonl" | head -5; fi
SICU_FI_FORK=0 "$SICU" campaign run-shard "$T/c/shard-0.json" > "$T/r0.jsonl" 2>> "$T/r1.err"
cmp -s "$T/r1.jsonl" "$T/r0.jsonl" && ok "run-shard: the forked prefix gives the lines of runs from cycle 0" ||
    { ko "run-shard: forked vs SICU_FI_FORK=0" "$T/r1.err"; diff "$T/r1.jsonl" "$T/r0.jsonl" | head -5; }
cp "$T/c/shard-0.json" "$T/c2.json"
"$SICU" campaign split "$T/spec.json" -o "$T/c2" 2> /dev/null
cmp -s "$T/c/shard-0.json" "$T/c2/shard-0.json" && ok "split twice: the same shards (seed 7)" ||
    ko "split twice: the same shards"
if "$SICU" campaign merge "$T/r1.jsonl" -o "$T/m" > "$T/m.md" 2> "$T/m.err" && grep -q '^| all | 3 |' "$T/m.md" &&
   grep -q '^| simd_lane | 3 |' "$T/m.md" && [ -f "$T/m.gp" ] && [ "$(grep -c . "$T/m.dat")" = 3 ]; then
    ok "merge: tables per program and module, csv/dat/gp"
else ko "merge" "$T/m.err"; cat "$T/m.md"; fi
echo '{"broken": ' > "$T/broken.jsonl"
"$SICU" campaign merge "$T/broken.jsonl" > /dev/null 2> "$T/mb.err"
[ $? = 1 ] && grep -q "broken.jsonl:1: not a result line" "$T/mb.err" && ok "merge: a broken line is named" ||
    ko "merge: broken line" "$T/mb.err"

# ---- 3b. the flop population: arrays, exclusions; flop runs ended early, forked or not
cat > "$T/pop.json" <<EOF
{"programs": ["$L"], "model": "flop", "arrays": true, "injections": 12, "seed": 3, "end_after": 200,
 "exclude": ["g_simd[*].u_simd.g_bank[*].u_bank.vgpr_mem", "lds"]}
EOF
if "$SICU" campaign split "$T/pop.json" -o "$T/p" 2> "$T/p.err" &&
   [ "$(jq '.arrays and (.exclude | length) == 2 and .population_bits > 0' "$T/p/shard-0.json")" = true ] &&
   [ "$(jq '[.programs[0].faults[] | select(test("vgpr_mem|u_lds[.]"))] | length' "$T/p/shard-0.json")" = 0 ]; then
    ok "split: arrays in, VGPR storage and lds out ($(jq .population_bits "$T/p/shard-0.json") bits)"
else ko "split with arrays/exclude" "$T/p.err"; fi
if "$SICU" campaign run-shard "$T/p/shard-0.json" > "$T/p1.jsonl" 2> "$T/p1.err" &&
   SICU_FI_FORK=0 "$SICU" campaign run-shard "$T/p/shard-0.json" > "$T/p0.jsonl" 2>> "$T/p1.err" &&
   [ "$(wc -l < "$T/p1.jsonl")" = 12 ] && cmp -s "$T/p1.jsonl" "$T/p0.jsonl"; then
    ok "flop shard (end_after 200): 12 lines, forked = from cycle 0 ($(jq -r .outcome "$T/p1.jsonl" | sort | uniq -c | xargs))"
else ko "flop shard forked vs not" "$T/p1.err"; diff "$T/p1.jsonl" "$T/p0.jsonl" | head -4; fi
echo '{"programs": ["'"$L"'"], "model": "flop", "injections": 2, "exclude": ["no_such_module"]}' > "$T/pbad.json"
"$SICU" campaign split "$T/pbad.json" -o "$T/pb" > /dev/null 2> "$T/pb.err"
[ $? != 0 ] && grep -q "'no_such_module' is neither a module nor a path pattern" "$T/pb.err" &&
    ok "split: an exclusion that names nothing is an error" || ko "split: bad exclusion" "$T/pb.err"

# ---- 4. scripts/campaign.sh with GNU parallel, then --resume (nothing left to run)
if command -v parallel > /dev/null; then
    if BUILD=$BUILD bash scripts/campaign.sh "$T/spec.json" "$T/cs" -j 2 > "$T/cs.log" 2>&1 &&
       [ "$(cat "$T"/cs/shard-*.jsonl | wc -l)" = 6 ] && [ "$(tail -n +2 "$T/cs/joblog" | wc -l)" = 2 ] &&
       grep -q '^| all | 6 |' "$T/cs/results.md"; then
        ok "campaign.sh: 2 shards with parallel, joblog, merged"
    else ko "campaign.sh" "$T/cs.log"; fi
    BUILD=$BUILD bash scripts/campaign.sh "$T/spec.json" "$T/cs" --resume > "$T/cs2.log" 2>&1
    [ $? = 0 ] && [ "$(tail -n +2 "$T/cs/joblog" | wc -l)" = 2 ] && ok "campaign.sh --resume: no shard re-run" ||
        ko "campaign.sh --resume" "$T/cs2.log"
    BUILD=$BUILD bash scripts/campaign.sh "$T/spec.json" "$T/cs" --resume --slurm-dry-run > "$T/sl.log" 2>&1
    grep -q '^#SBATCH --array=0-1$' "$T/cs/slurm.sh" && ok "campaign.sh --slurm-dry-run: array job script" ||
        ko "campaign.sh --slurm-dry-run" "$T/sl.log"
else
    echo "  SKIP  campaign.sh: GNU parallel not installed (make deps)"
fi

echo "fault-test: $pass passed, $fail failed"
[ $fail = 0 ]
