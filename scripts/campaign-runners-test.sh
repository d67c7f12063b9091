#!/usr/bin/env bash
# campaign-runners-test.sh [BUILD] - the campaign runners other than the
# local one (docs/faults.md), end to end with the model of BUILD (default
# build-fi, a FAULT_INJECT on model: make -j2 all rtl VPI=1
# CONFIG=rtl/config/fi.cfg BUILD=build-fi; never rebuilt here):
#   1. GNU parallel --sshlogin against an sshd started on the loopback (a
#      private host key, user key and config; port SSHD_PORT, default 2922);
#   2. a Slurm job array (sbatch --array, --wait) on a single-node slurmctld +
#      slurmd + munge started by scripts/slurm-local.sh;
# each runs the same 8-shard fu campaign on programs/vadd -O2 as a local
# GNU parallel run, and must give the same result lines and tables; the
# joblog must show the shards ran over ssh. Needs openssh-server, slurmctld,
# slurmd and munge (make deps-cluster).
set -u
cd "$(dirname "$0")/.."
ROOT=$PWD
BUILD=${1:-build-fi}
SICU=$ROOT/$BUILD/bin/sicu
[ -x "$SICU" ] && [ -f "$BUILD/lib/libsicu-rtl.so" ] ||
    { echo "campaign-runners-test: no model in $BUILD (make -j2 all rtl VPI=1 CONFIG=rtl/config/fi.cfg BUILD=$BUILD)" >&2; exit 2; }
PATH=$PATH:/usr/sbin
for t in sshd ssh ssh-keygen parallel slurmctld slurmd munged sbatch; do
    command -v "$t" >/dev/null || { echo "campaign-runners-test: $t not found (make deps-cluster)" >&2; exit 2; }
done
T=$(mktemp -d "$ROOT/$BUILD/runners-test.XXXXXX")   # under the tree: the "remote" side sees it
SSHD_PID=
cleanup() {
    [ -n "$SSHD_PID" ] && kill "$SSHD_PID" 2>/dev/null
    [ -f "$T/slurm/slurm.conf" ] && scripts/slurm-local.sh stop "$T/slurm" > /dev/null 2>&1
    rm -rf "$T"
}
trap cleanup EXIT
pass=0 fail=0
ok() { pass=$((pass + 1)); echo "  PASS  $1"; }
ko() { fail=$((fail + 1)); echo "  FAIL  $1"; [ -n "${2:-}" ] && [ -f "$2" ] && tail -n 12 "$2" | sed 's/^/          /'; }

# vadd -O2, prepared and checked by the programs' own flow
PROGRAMS_OUT=$T/programs BUILD=$BUILD OPTS=2 bash scripts/run-programs.sh vadd > "$T/prep.log" 2>&1 ||
    { echo "campaign-runners-test: cannot prepare vadd" >&2; cat "$T/prep.log"; exit 1; }
cat > "$T/spec.json" <<EOF
{ "programs": ["$T/programs/vadd-O2/launch.json"], "build": "$BUILD", "model": "fu",
  "fu_kinds": ["flip", "stuck0", "stuck1"], "injections": 16, "shards": 8, "seed": 7 }
EOF
# the canonical lines of a campaign directory (sorted by shard, index)
lines() { cat "$1"/shard-*.jsonl | jq -cS . | sort; }

# ---- the reference: local GNU parallel
if scripts/campaign.sh "$T/spec.json" "$T/local" -j 2 > "$T/local.log" 2>&1 &&
   [ "$(lines "$T/local" | wc -l)" = 16 ]; then
    ok "local: 8 shards, 16 lines"
else ko "local campaign" "$T/local.log"; fi

# ---- 1. sshd on the loopback
PORT=${SSHD_PORT:-2922}
mkdir -p "$T/ssh" /run/sshd 2>/dev/null
ssh-keygen -q -t ed25519 -N '' -f "$T/ssh/host_key" &&
    ssh-keygen -q -t ed25519 -N '' -f "$T/ssh/id" && cp "$T/ssh/id.pub" "$T/ssh/authorized_keys" &&
    chmod 600 "$T/ssh/authorized_keys"
cat > "$T/ssh/sshd_config" <<EOF
ListenAddress 127.0.0.1
Port $PORT
HostKey $T/ssh/host_key
AuthorizedKeysFile $T/ssh/authorized_keys
PidFile $T/ssh/sshd.pid
PasswordAuthentication no
KbdInteractiveAuthentication no
PermitRootLogin prohibit-password
StrictModes no
UsePAM no
EOF
cat > "$T/ssh/config" <<EOF
Host sicu-loopback
    HostName 127.0.0.1
    Port $PORT
    User $(id -un)
    IdentityFile $T/ssh/id
    IdentitiesOnly yes
    StrictHostKeyChecking no
    UserKnownHostsFile /dev/null
    LogLevel ERROR
    BatchMode yes
EOF
"$(command -v sshd)" -D -e -f "$T/ssh/sshd_config" 2> "$T/ssh/sshd.log" &
SSHD_PID=$!
up=0
for i in $(seq 1 50); do
    ssh -F "$T/ssh/config" sicu-loopback true 2>/dev/null && { up=1; break; }
    sleep 0.2
done
if [ $up = 1 ]; then
    ok "sshd on 127.0.0.1:$PORT accepts the test key"
    if PARALLEL_SSH="ssh -F $T/ssh/config" scripts/campaign.sh "$T/spec.json" "$T/ssh-run" \
           --sshlogin 2/sicu-loopback > "$T/ssh-run.log" 2>&1 &&
       [ "$(lines "$T/ssh-run")" = "$(lines "$T/local")" ] &&
       cmp -s "$T/local/results.md" "$T/ssh-run/results.md"; then
        ok "--sshlogin 2/sicu-loopback: the same 16 lines and tables as the local run"
    else ko "--sshlogin campaign differs from the local one or failed" "$T/ssh-run.log"; fi
    hosts=$(awk -F'\t' 'NR > 1 { print $2 }' "$T/ssh-run/joblog" 2>/dev/null | sort -u)
    [ "$hosts" = sicu-loopback ] && [ "$(awk 'NR > 1' "$T/ssh-run/joblog" | wc -l)" = 8 ] &&
        ok "joblog: 8 shards, all on host sicu-loopback" ||
        ko "joblog hosts '$hosts' (expected sicu-loopback for 8 shards)"
else
    ko "sshd on 127.0.0.1:$PORT did not come up" "$T/ssh/sshd.log"
fi

# ---- 2. a single-node Slurm cluster
if scripts/slurm-local.sh start "$T/slurm" > "$T/slurm-start.log" 2>&1; then
    ok "slurm-local: slurmctld + slurmd + munged up ($(tail -n 1 "$T/slurm-start.log" | cut -c1-60))"
    if SLURM_CONF=$T/slurm/slurm.conf scripts/campaign.sh "$T/spec.json" "$T/slurm-run" --slurm --wait \
           > "$T/slurm-run.log" 2>&1 &&
       [ "$(lines "$T/slurm-run")" = "$(lines "$T/local")" ] &&
       cmp -s "$T/local/results.md" "$T/slurm-run/results.md"; then
        ok "sbatch --array=0-7 --wait: the same 16 lines and tables as the local run"
    else ko "Slurm campaign differs from the local one or failed" "$T/slurm-run.log"; fi
    n=$(ls "$T"/slurm-run/slurm-*.log 2>/dev/null | wc -l)
    [ "$n" = 8 ] && ok "8 array-task logs" || ko "$n array-task logs (expected 8)"
    # a failing array task fails the campaign (non-zero exit, no merge)
    mkdir -p "$T/slurm-bad" && cp "$T"/slurm-run/shard-*.json "$T/slurm-bad/" &&
        echo '{"shard": 3, "programs": []}' > "$T/slurm-bad/shard-3.json"
    SLURM_CONF=$T/slurm/slurm.conf scripts/campaign.sh "$T/spec.json" "$T/slurm-bad" --slurm --wait --resume \
        > "$T/slurm-bad.log" 2>&1
    rc=$?
    [ $rc != 0 ] && grep -q "array task failed" "$T/slurm-bad.log" && [ ! -f "$T/slurm-bad/results.md" ] &&
        ok "a broken shard fails the Slurm campaign (exit $rc, nothing merged)" ||
        ko "a broken shard: exit $rc" "$T/slurm-bad.log"
    scripts/slurm-local.sh stop "$T/slurm" > /dev/null 2>&1
else
    ko "slurm-local start" "$T/slurm-start.log"
fi

echo "campaign-runners-test: $pass passed, $fail failed"
[ $fail = 0 ]
