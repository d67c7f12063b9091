#!/usr/bin/env bash
# campaign.sh - run a fault-injection campaign (docs/faults.md): split the
# spec into shards, run the shards with GNU parallel (locally, or on several
# machines over ssh) or as a Slurm job array, then merge the results.
#
#   scripts/campaign.sh SPEC.json DIR [options]
#     -j N             parallel jobs per machine (default: 1 per core)
#     --sshlogin S     GNU parallel's --sshlogin (e.g. "2/host1,2/host2,:"); every machine
#                      must see this tree and DIR at the same path (shared file system)
#     --resume         skip the shards the joblog (DIR/joblog) records as done, and the split
#                      when DIR already holds shards
#     --slurm          submit the shards as a Slurm job array (sbatch --array) instead;
#                      `scripts/campaign.sh SPEC DIR --merge` merges when it has finished
#     --slurm-dry-run  only write DIR/slurm.sh (and print the sbatch command)
#     --wait           with --slurm: wait for the array to finish (sbatch --wait), then merge
#                      (make slurm-campaign: on a single-node cluster of this machine)
#     --merge          only merge DIR/shard-*.jsonl
#   BUILD (environment, or the spec's "build"; default build-fi): the model's build directory.
#
# Output: DIR/shard-K.json (faults), DIR/shard-K.jsonl (results, written
# under a temporary name and renamed when the shard is complete),
# DIR/joblog, DIR/results.md (tables), DIR/results.{csv,dat,gp}.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
die() { echo "campaign: $*" >&2; exit 2; }
[ $# -ge 2 ] || die "usage: scripts/campaign.sh SPEC.json DIR [-j N] [--sshlogin S] [--resume] [--slurm [--wait]|--slurm-dry-run] [--merge]"
SPEC=$1 DIR=$2
shift 2
JOBS= SSH= RESUME=0 SLURM=0 DRY=0 WAIT=0 MERGE_ONLY=0
while [ $# -gt 0 ]; do
    case "$1" in
    -j) JOBS=$2; shift ;;
    --sshlogin) SSH=$2; shift ;;
    --resume) RESUME=1 ;;
    --slurm) SLURM=1 ;;
    --slurm-dry-run) SLURM=1 DRY=1 ;;
    --wait) WAIT=1 ;;
    --merge) MERGE_ONLY=1 ;;
    *) die "unknown option '$1'" ;;
    esac
    shift
done
[ -f "$SPEC" ] || die "no spec file $SPEC"
command -v jq >/dev/null || die "jq not found (make deps)"
BUILD=${BUILD:-$(jq -r '.build // "build-fi"' "$SPEC")}
SICU=$ROOT/$BUILD/bin/sicu
[ -x "$SICU" ] && [ -f "$ROOT/$BUILD/lib/libsicu-rtl.so" ] ||
    die "no model in $BUILD (make -j2 all rtl VPI=1 CONFIG=rtl/config/fi.cfg BUILD=$BUILD)"
mkdir -p "$DIR"
DIR=$(cd "$DIR" && pwd)

merge() {
    shopt -s nullglob
    local res=("$DIR"/shard-*.jsonl)
    [ ${#res[@]} -gt 0 ] || die "no results in $DIR (shard-*.jsonl)"
    "$SICU" campaign merge "${res[@]}" -o "$DIR/results" > "$DIR/results.md"
    cat "$DIR/results.md"
    echo "campaign: tables in $DIR/results.md, $DIR/results.csv; figure: (cd $DIR && gnuplot results.gp)"
}
if [ $MERGE_ONLY = 1 ]; then merge; exit 0; fi

if [ $RESUME = 1 ] && [ -f "$DIR/shard-0.json" ]; then
    echo "campaign: --resume: keeping the shards in $DIR"
else
    "$SICU" campaign split "$SPEC" -o "$DIR"
fi
NSHARDS=$(ls "$DIR"/shard-*.json | wc -l)

# one shard: results under a temporary name, renamed when complete
RUN="$SICU campaign run-shard {} > {.}.jsonl.tmp && mv {.}.jsonl.tmp {.}.jsonl"

if [ $SLURM = 1 ]; then
    cat > "$DIR/slurm.sh" <<EOF
#!/bin/bash
#SBATCH --job-name=sicu-fi
#SBATCH --array=0-$((NSHARDS - 1))
#SBATCH --output=$DIR/slurm-%a.log
#SBATCH --cpus-per-task=1
set -e
S=$DIR/shard-\$SLURM_ARRAY_TASK_ID
$SICU campaign run-shard \$S.json > \$S.jsonl.tmp && mv \$S.jsonl.tmp \$S.jsonl
EOF
    [ $WAIT = 1 ] && ! command -v sbatch >/dev/null && die "--wait: sbatch not found (make deps-cluster)"
    if [ $DRY = 1 ] || ! command -v sbatch >/dev/null; then
        [ $DRY = 1 ] || echo "campaign: sbatch not found: submit it on the cluster" >&2
        echo "campaign: wrote $DIR/slurm.sh; submit with: sbatch $DIR/slurm.sh;" \
             "then: scripts/campaign.sh $SPEC $DIR --merge"
        exit 0
    fi
    if [ $WAIT = 0 ]; then
        sbatch "$DIR/slurm.sh"
        echo "campaign: submitted $NSHARDS shards; when done: scripts/campaign.sh $SPEC $DIR --merge"
        exit 0
    fi
    t0=$SECONDS
    sbatch --wait "$DIR/slurm.sh" ||
        die "a shard's array task failed (logs: $DIR/slurm-K.log; sacct or the slurmctld log tell which)"
    echo "campaign: $NSHARDS shards through Slurm in $((SECONDS - t0)) s"
    merge
    exit 0
fi

command -v parallel >/dev/null || die "GNU parallel not found (make deps)"
PAR=(parallel --will-cite --joblog "$DIR/joblog" --halt now,fail=1)
[ -t 2 ] && PAR+=(--bar)
[ -n "$JOBS" ] && PAR+=(-j "$JOBS")
[ $RESUME = 1 ] && PAR+=(--resume)
[ -n "$SSH" ] && PAR+=(--sshlogin "$SSH" --workdir "$ROOT")
t0=$SECONDS
ls "$DIR"/shard-*.json | "${PAR[@]}" "$RUN" ||
    die "a shard failed (see $DIR/joblog; re-run with --resume to run the rest)"
echo "campaign: $NSHARDS shards with GNU parallel${SSH:+ (--sshlogin $SSH)} in $((SECONDS - t0)) s"
merge
