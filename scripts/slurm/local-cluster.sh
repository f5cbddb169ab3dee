#!/usr/bin/env bash
# A private single-node Slurm cluster on this machine (munge, controller and node daemon on
# localhost), for the test of scripts/slurm/submit.sh. Everything it writes is under DIR: its
# slurm.conf, its own munge key, socket and PID files, the state, spool and log folders; it
# listens on two free ports. It reads nothing of the machine's Slurm or munge (/etc/slurm,
# /etc/munge, /run) and writes nothing there, so a Slurm already running here keeps running.
# `stop` stops only the daemons this script started, by the PIDs it recorded in DIR.
#
# Point the Slurm commands at it with SLURM_CONF=DIR/slurm.conf (`env` prints that line).
# Needs root (slurmd starts jobs as their user) and Debian's slurmctld, slurmd, slurm-client and
# munge packages (scripts/setup.sh installs them). No systemd is needed.
#
# Usage: bash scripts/slurm/local-cluster.sh start|stop|status|env DIR
set -euo pipefail
usage() { echo "usage: $0 start|stop|status|env DIR" >&2; exit 2; }
[ "$#" -eq 2 ] || usage
mkdir -p "$2"
DIR="$(cd "$2" && pwd)"
CONF="$DIR/slurm.conf"
SOCKET="$DIR/munge/munge.socket"

# A TCP port nobody listens on now.
free_port() {
    python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}

start() {
    mkdir -p "$DIR/munge" "$DIR/state" "$DIR/spool" "$DIR/log"
    chmod 700 "$DIR/munge"
    # A private key: this cluster's credentials mean nothing to the machine's munge.
    head -c 1024 /dev/urandom > "$DIR/munge/munge.key"
    chmod 600 "$DIR/munge/munge.key"
    # As root (--force), so that the private folders need not be opened to the munge user.
    /usr/sbin/munged --force --socket="$SOCKET" --key-file="$DIR/munge/munge.key" \
        --pid-file="$DIR/munge/munged.pid" --log-file="$DIR/log/munged.log" \
        --seed-file="$DIR/munge/munged.seed"
    for _ in $(seq 1 20); do
        [ -s "$DIR/munge/munged.pid" ] && munge -S "$SOCKET" -n | unmunge -S "$SOCKET" >/dev/null 2>&1 && break
        sleep 0.2
    done
    local host mem cpus ctld_port slurmd_port
    host="$(hostname -s)"
    cpus="$(nproc)"
    mem="$(slurmd -C | sed -n 's/.*RealMemory=\([0-9]*\).*/\1/p')"
    ctld_port="$(free_port)"
    slurmd_port="$(free_port)"
    while [ "$slurmd_port" = "$ctld_port" ]; do slurmd_port="$(free_port)"; done
    cat > "$CONF" <<CONF
# Written by senet-sim's scripts/slurm/local-cluster.sh: a private one-node cluster in $DIR.
ClusterName=senet-sim-test
SlurmctldHost=$host
SlurmctldPort=$ctld_port
SlurmdPort=$slurmd_port
AuthType=auth/munge
AuthInfo=socket=$SOCKET
CredType=cred/munge
SlurmUser=root
SlurmdUser=root
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
MpiDefault=none
AccountingStorageType=accounting_storage/none
JobAcctGatherType=jobacct_gather/none
JobCompType=jobcomp/none
ReturnToService=2
DependencyParameters=kill_invalid_depend
MinJobAge=600
StateSaveLocation=$DIR/state
SlurmdSpoolDir=$DIR/spool
SlurmctldPidFile=$DIR/slurmctld.pid
SlurmdPidFile=$DIR/slurmd.pid
SlurmctldLogFile=$DIR/log/slurmctld.log
SlurmdLogFile=$DIR/log/slurmd.log
NodeName=$host CPUs=$cpus RealMemory=$mem State=UNKNOWN
PartitionName=main Nodes=$host Default=YES MaxTime=INFINITE State=UP
CONF
    export SLURM_CONF="$CONF"
    slurmctld -f "$CONF"
    slurmd -f "$CONF"
    for _ in $(seq 1 30); do
        if sinfo -h -o %t 2>/dev/null | grep -q idle; then
            echo "local-cluster: $(sinfo -h -o '%P %D node(s) %t') (SLURM_CONF=$CONF)"
            return 0
        fi
        sleep 1
    done
    echo "local-cluster: the node did not come up; see $DIR/log/" >&2
    return 1
}

stop() {
    local pid pids=""
    for pidfile in "$DIR/slurmd.pid" "$DIR/slurmctld.pid" "$DIR/munge/munged.pid"; do
        if [ -s "$pidfile" ]; then
            pid="$(cat "$pidfile")"
            kill "$pid" 2>/dev/null || true
            pids="$pids $pid"
            rm -f "$pidfile"
        fi
    done
    # Wait (10 s at most) for them to exit, so that DIR can be removed after.
    for _ in $(seq 1 50); do
        local alive=""
        for pid in $pids; do [ -d "/proc/$pid" ] && alive=1; done
        [ -z "$alive" ] && break
        sleep 0.2
    done
    echo "local-cluster: stopped ($DIR)"
}

case "$1" in
    start) start ;;
    stop) stop ;;
    status) SLURM_CONF="$CONF" sinfo ;;
    env) echo "SLURM_CONF=$CONF" ;;
    *) usage ;;
esac
