#!/usr/bin/env bash
# A real single-node Slurm cluster on this machine (controller, node daemon and munge on
# localhost), for the test of scripts/slurm/submit.sh: `start` writes a slurm.conf for this
# machine and starts munged, slurmctld and slurmd; `stop` stops the daemons it started (by their
# PIDs) and removes their PID files. Needs root and Debian's slurmctld, slurmd, slurm-client and
# munge (scripts/setup.sh installs them). No systemd is needed.
#
# Usage: bash scripts/slurm/local-cluster.sh start|stop|status
set -euo pipefail
STATE=/run/senet-sim-slurm
CONF=/etc/slurm/slurm.conf

start() {
    mkdir -p "$STATE" /run/munge /var/spool/slurmctld /var/spool/slurmd /var/log/slurm
    chown munge:munge /run/munge
    chown slurm:slurm /var/spool/slurmctld /var/log/slurm
    if ! munge -n 2>/dev/null | unmunge >/dev/null 2>&1; then
        runuser -u munge -- /usr/sbin/munged
        sleep 1
    fi
    pgrep -o -u munge munged > "$STATE/munged.pid"
    local host mem cpus
    host="$(hostname -s)"
    cpus="$(nproc)"
    mem="$(slurmd -C | sed -n 's/.*RealMemory=\([0-9]*\).*/\1/p')"
    mkdir -p /etc/slurm
    cat > "$CONF" <<CONF
# Written by senet-sim's scripts/slurm/local-cluster.sh: a one-node cluster on this machine.
ClusterName=senet-sim
SlurmctldHost=$host
AuthType=auth/munge
SlurmUser=slurm
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
StateSaveLocation=/var/spool/slurmctld
SlurmdSpoolDir=/var/spool/slurmd
SlurmctldPidFile=/run/slurmctld.pid
SlurmdPidFile=/run/slurmd.pid
SlurmctldLogFile=/var/log/slurm/slurmctld.log
SlurmdLogFile=/var/log/slurm/slurmd.log
NodeName=$host CPUs=$cpus RealMemory=$mem State=UNKNOWN
PartitionName=main Nodes=$host Default=YES MaxTime=INFINITE State=UP
CONF
    slurmctld
    slurmd
    for _ in $(seq 1 30); do
        if sinfo -h -o %t 2>/dev/null | grep -q idle; then
            cp /run/slurmctld.pid "$STATE/slurmctld.pid"
            cp /run/slurmd.pid "$STATE/slurmd.pid"
            echo "local-cluster: $(sinfo -h -o '%P %D node(s) %t')"
            return 0
        fi
        sleep 1
    done
    echo "local-cluster: the node did not come up; see /var/log/slurm/" >&2
    return 1
}

stop() {
    for d in slurmd slurmctld munged; do
        if [ -f "$STATE/$d.pid" ]; then
            kill "$(cat "$STATE/$d.pid")" 2>/dev/null || true
            rm -f "$STATE/$d.pid"
        fi
    done
    sleep 1
    rm -f /run/slurmctld.pid /run/slurmd.pid
    echo "local-cluster: stopped"
}

case "${1:-}" in
    start) start ;;
    stop) stop ;;
    status) sinfo ;;
    *) echo "usage: $0 start|stop|status" >&2; exit 2 ;;
esac
