#!/usr/bin/env bash
# slurm-local.sh - a single-node Slurm cluster on this machine, from Debian's
# slurmctld, slurmd and munge packages, in a private directory (no system
# file is changed; its daemons listen on the loopback's ports 6917/6918 by
# default), for running campaigns through Slurm where no cluster is at hand:
#
#   scripts/slurm-local.sh start DIR   write DIR/slurm.conf and a munge key, start munged,
#                                      slurmctld and slurmd as this user; wait until the node is idle
#   scripts/slurm-local.sh stop DIR    stop them (scontrol shutdown, then munged)
#   scripts/slurm-local.sh run DIR CMD...   start, run CMD with SLURM_CONF set, stop (also on failure)
#
# The node is this host with all its CPUs (one campaign shard per CPU) and
# SlurmUser = this user, so jobs run as this user. Ports: SLURM_PORT (6917;
# slurmd uses the next one). The clients (sbatch, squeue, sinfo) find the
# cluster through SLURM_CONF=DIR/slurm.conf.
set -euo pipefail
die() { echo "slurm-local: $*" >&2; exit 2; }
[ $# -ge 2 ] || die "usage: scripts/slurm-local.sh start|stop DIR | run DIR CMD..."
ACT=$1 DIR=$2
shift 2
PORT=${SLURM_PORT:-6917}
for t in slurmctld slurmd munged sbatch scontrol sinfo; do
    command -v "$t" >/dev/null || PATH=$PATH:/usr/sbin
    command -v "$t" >/dev/null || die "$t not found (make deps-cluster installs slurmctld, slurmd, slurm-client, munge)"
done
mkdir -p "$DIR"
DIR=$(cd "$DIR" && pwd)
CONF=$DIR/slurm.conf
NODE=$(hostname -s)

write_conf() {
    local user mem
    user=$(id -un)
    mem=$(awk '/MemTotal/ { printf "%d", $2 / 1024 * 0.9 }' /proc/meminfo)
    mkdir -p "$DIR/state" "$DIR/spool" "$DIR/munge"
    cat > "$CONF" <<EOF
# written by scripts/slurm-local.sh: a single-node cluster for sicu campaigns
ClusterName=sicu
SlurmctldHost=$NODE(127.0.0.1)
SlurmctldPort=$PORT
SlurmdPort=$((PORT + 1))
SlurmUser=$user
SlurmdUser=$user
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$DIR/munge/munge.socket
StateSaveLocation=$DIR/state
SlurmdSpoolDir=$DIR/spool
SlurmctldPidFile=$DIR/slurmctld.pid
SlurmdPidFile=$DIR/slurmd.pid
SlurmctldLogFile=$DIR/slurmctld.log
SlurmdLogFile=$DIR/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SwitchType=switch/none
MpiDefault=none
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
SchedulerType=sched/backfill
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
ReturnToService=2
SlurmdTimeout=60
InactiveLimit=0
KillWait=5
NodeName=$NODE NodeAddr=127.0.0.1 CPUs=$(nproc) RealMemory=$mem State=UNKNOWN
PartitionName=sicu Nodes=$NODE Default=YES MaxTime=INFINITE State=UP
EOF
    # an empty plug-in stack: the system's /etc/slurm/plugstack.conf is not read
    : > "$DIR/plugstack.conf"
    echo "PlugStackConfig=$DIR/plugstack.conf" >> "$CONF"
}

start() {
    write_conf
    local key=$DIR/munge/munge.key
    if [ ! -s "$key" ]; then
        (umask 077 && dd if=/dev/urandom of="$key" bs=1024 count=1 status=none)
    fi
    chmod 700 "$DIR/munge"
    munged --force --key-file="$key" --socket="$DIR/munge/munge.socket" \
        --pid-file="$DIR/munge/munged.pid" --log-file="$DIR/munge/munged.log" \
        --seed-file="$DIR/munge/munged.seed" ||
        die "munged did not start (log: $DIR/munge/munged.log)"
    export SLURM_CONF=$CONF
    slurmctld -f "$CONF" || die "slurmctld did not start (log: $DIR/slurmctld.log)"
    slurmd -f "$CONF" -N "$NODE" || die "slurmd did not start (log: $DIR/slurmd.log)"
    local i state=
    for i in $(seq 1 60); do
        state=$(sinfo -h -N -n "$NODE" -o %t 2>/dev/null || true)
        case "$state" in idle*|mix*|alloc*) break ;; esac
        sleep 1
    done
    case "$state" in
    idle*|mix*|alloc*) echo "slurm-local: node $NODE is up ($state, $(nproc) CPUs); SLURM_CONF=$CONF" ;;
    *) stop; die "the node did not come up (state '${state:-none}'; logs: $DIR/slurmctld.log, $DIR/slurmd.log)" ;;
    esac
}

stop() {
    export SLURM_CONF=$CONF
    scontrol shutdown >/dev/null 2>&1 || true
    local f pid i
    for f in "$DIR/slurmd.pid" "$DIR/slurmctld.pid" "$DIR/munge/munged.pid"; do
        [ -s "$f" ] || continue
        pid=$(cat "$f")
        for i in $(seq 1 20); do kill -0 "$pid" 2>/dev/null || break; sleep 0.5; done
        kill "$pid" 2>/dev/null || true
        rm -f "$f"
    done
    echo "slurm-local: stopped"
}

case "$ACT" in
start) start ;;
stop) stop ;;
run)
    [ $# -gt 0 ] || die "run: no command"
    start
    trap stop EXIT
    SLURM_CONF=$CONF "$@"
    ;;
*) die "unknown action '$ACT' (start, stop, run)" ;;
esac
