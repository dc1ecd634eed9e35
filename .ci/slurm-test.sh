#!/usr/bin/env bash
# The Slurm recipe of docs/cluster.md, tested for real: installs Slurm from
# Debian (slurmctld, slurmd, munge) when it is missing, starts a one-node
# cluster on this machine (loopback only, its own ports, config, munge key
# and state in a temporary directory), submits examples/cluster/eval.sbatch
# as a job array over ../shared/erebus/worlds, waits for it, merges the
# shards' records and compares the merged table and JSON with those of the
# same eval unsharded, byte for byte. It stops what it started and removes
# its directory, whatever happens.
#
#   bash .ci/slurm-test.sh                 # 2 shards, 1 run per world
#   SHARDS=4 RUNS=2 bash .ci/slurm-test.sh # and measures games per minute
#
# Bounded: each wait has a deadline and the whole test gives up after
# SLURM_TEST_BUDGET_S seconds (default 900) with the logs of what hung.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$(pwd)

SHARDS=${SHARDS:-2}
RUNS=${RUNS:-1}
BUDGET=${SLURM_TEST_BUDGET_S:-900}
WORLDS=${WORLDS:-$ROOT/../shared/erebus/worlds}
START=$SECONDS

fail() { echo "slurm-test: FAIL: $*" >&2; exit 1; }
left() { echo $((BUDGET - (SECONDS - START))); }
[ -d "$WORLDS" ] || fail "no worlds at $WORLDS (../shared/erebus/worlds from the repository root)"

if [ "$(id -u)" = 0 ]; then SUDO=; else SUDO=sudo; fi
if ! command -v slurmctld >/dev/null || ! command -v slurmd >/dev/null || ! command -v munged >/dev/null || ! command -v sbatch >/dev/null; then
  echo "== installing Slurm and munge from Debian"
  timeout 600 $SUDO apt-get update -qq || fail "apt-get update failed or took over 600 s"
  DEBIAN_FRONTEND=noninteractive timeout 900 $SUDO apt-get install -y -qq --no-install-recommends \
    slurmctld slurmd slurm-client munge >/dev/null || fail "apt-get install slurmctld slurmd slurm-client munge failed"
fi

WORK=$(mktemp -d "${TMPDIR:-/tmp}/rescuekit-slurm.XXXXXX")
PIDS=()
cleanup() {
  rc=$?
  if [ -n "${JOB:-}" ]; then SLURM_CONF=$WORK/slurm.conf timeout 10 scancel "$JOB" 2>/dev/null || true; fi
  for pid in "${PIDS[@]}"; do kill "$pid" 2>/dev/null || true; done
  for pid in "${PIDS[@]}"; do
    for _ in $(seq 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
    kill -9 "$pid" 2>/dev/null || true
  done
  if [ "$rc" != 0 ]; then
    for log in munged.log slurmctld.log slurmd.log; do
      [ -f "$WORK/$log" ] && { echo "--- last lines of $log"; tail -n 20 "$WORK/$log"; }
    done
    for log in "$WORK"/results/*.log; do
      [ -f "$log" ] && { echo "--- $log"; tail -n 20 "$log"; }
    done
  fi
  rm -rf "$WORK"
  exit "$rc"
}
trap cleanup EXIT
trap 'fail "interrupted"' INT TERM

echo "== building the runner"
go build -o "$WORK/runner" ./cmd/runner

# A free TCP port on the loopback for each daemon.
free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])' 2>/dev/null || echo $((20000 + RANDOM % 20000)); }
CTLD_PORT=$(free_port); SLURMD_PORT=$(free_port)
CPUS=$(nproc)
# slurmctld runs only where SlurmctldHost names this host; the address is the loopback.
HOST=$(hostname -s)

echo "== munge (key and socket in $WORK)"
mkdir -p "$WORK/munge"; chmod 0711 "$WORK" "$WORK/munge"
dd if=/dev/urandom of="$WORK/munge/munge.key" bs=1024 count=1 status=none
chmod 0400 "$WORK/munge/munge.key"
SOCK=$WORK/munge/munge.socket
munged -F --force --key-file="$WORK/munge/munge.key" --socket="$SOCK" --pid-file="$WORK/munge/munged.pid" \
  --log-file="$WORK/munged.log" --seed-file="$WORK/munge/munged.seed" --num-threads=2 >>"$WORK/munged.log" 2>&1 &
PIDS+=($!)
for _ in $(seq 100); do [ -S "$SOCK" ] && break; sleep 0.1; done
[ -S "$SOCK" ] || fail "munged did not open its socket within 10 s"

echo "== one-node Slurm cluster on 127.0.0.1 (ports $CTLD_PORT, $SLURMD_PORT; $CPUS CPUs)"
mkdir -p "$WORK/state" "$WORK/spool" "$WORK/results"
cat >"$WORK/slurm.conf" <<CONF
ClusterName=rescuekit-ci
SlurmctldHost=$HOST(127.0.0.1)
MailProg=/bin/true
SlurmctldPort=$CTLD_PORT
SlurmdPort=$SLURMD_PORT
SlurmUser=$(id -un)
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$SOCK
StateSaveLocation=$WORK/state
SlurmdSpoolDir=$WORK/spool/%n
SlurmctldPidFile=$WORK/slurmctld.pid
SlurmdPidFile=$WORK/slurmd.pid
SlurmctldLogFile=$WORK/slurmctld.log
SlurmdLogFile=$WORK/slurmd.log
SlurmctldDebug=info
SlurmdDebug=info
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
SchedulerType=sched/backfill
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
MpiDefault=none
ReturnToService=2
SlurmctldTimeout=30
SlurmdTimeout=30
InactiveLimit=0
KillWait=10
NodeName=rknode NodeAddr=127.0.0.1 NodeHostname=127.0.0.1 CPUs=$CPUS State=UNKNOWN
PartitionName=rk Nodes=rknode Default=YES MaxTime=INFINITE State=UP
CONF
export SLURM_CONF=$WORK/slurm.conf
slurmctld -D -i -f "$SLURM_CONF" >>"$WORK/slurmctld.log" 2>&1 &
PIDS+=($!)
slurmd -D -N rknode -f "$SLURM_CONF" >>"$WORK/slurmd.log" 2>&1 &
PIDS+=($!)
ready= up=$((SECONDS + 60))
while [ "$SECONDS" -lt "$up" ]; do
  for pid in "${PIDS[@]}"; do kill -0 "$pid" 2>/dev/null || fail "a Slurm daemon (pid $pid) exited at start"; done
  state=$(timeout 3 sinfo -h -n rknode -o %T 2>/dev/null || true)
  case "$state" in idle*|mixed*|allocated*) ready=1; break ;; esac
  sleep 0.5
done
[ -n "$ready" ] || fail "the node did not come up within 60 s (sinfo: ${state:-no answer})"

ARGS=(--worlds "$WORLDS" --runs "$RUNS" --seed 1 --in-process --log-level error)

echo "== sbatch --array=0-$((SHARDS - 1)) examples/cluster/eval.sbatch ($RUNS runs per world)"
t0=$(date +%s.%N)
JOB=$(cd "$WORK/results" && RUNNER=$WORK/runner WORLDS=$WORLDS RESULTS=$WORK/results RUNS=$RUNS SEED=1 \
  timeout 10 sbatch --parsable --export=ALL --array=0-$((SHARDS - 1)) --output="$WORK/results/%A_%a.log" \
  "$ROOT/examples/cluster/eval.sbatch") || fail "sbatch refused the job"
JOB=${JOB%%;*}
while :; do
  [ "$(left)" -gt 0 ] || { timeout 10 squeue -j "$JOB" || true; fail "the array job $JOB did not end within the budget of $BUDGET s"; }
  for pid in "${PIDS[@]}"; do kill -0 "$pid" 2>/dev/null || fail "a Slurm daemon (pid $pid) died while the job ran"; done
  # Every job of this private cluster (no -j: an ended job's id is an error there).
  # squeue once listed none of the array's tasks while one still ran (CI,
  # 2026-12-02: the merge then found its shard half-written), so an empty
  # listing counts only when scontrol, which keeps an ended task's record for
  # MinJobAge, shows every task of the array in a final state too.
  if q=$(timeout 10 squeue -h -o %i 2>/dev/null) && ! printf '%s\n' "$q" | grep -q "^${JOB}_"; then
    if c=$(timeout 10 scontrol -o show job "$JOB" 2>/dev/null) && printf '%s\n' "$c" | grep -q 'JobState=' &&
      ! printf '%s\n' "$c" | grep -Eq 'JobState=(PENDING|CONFIGURING|RUNNING|COMPLETING|SUSPENDED|REQUEUED|RESIZING|SIGNALING|STAGE_OUT)'; then
      break
    fi
  fi
  sleep 1
done
t1=$(date +%s.%N)
for i in $(seq 0 $((SHARDS - 1))); do
  [ -s "$WORK/results/shard-$i.jsonl" ] || fail "array task $i wrote no record (its log follows)"
done

echo "== runner eval merge, and the same eval unsharded"
"$WORK/runner" eval merge --timings=false "$WORK"/results/shard-*.jsonl >"$WORK/merged.txt" || fail "merge failed"
"$WORK/runner" eval merge --timings=false --json "$WORK"/results/shard-*.jsonl >"$WORK/merged.json" || fail "merge --json failed"
t2=$(date +%s.%N)
"$WORK/runner" eval "${ARGS[@]}" --parallel "$CPUS" --timings=false --out "$WORK/whole.jsonl" >"$WORK/whole.txt" || fail "the unsharded eval failed"
t3=$(date +%s.%N)
"$WORK/runner" eval merge --timings=false --json "$WORK/whole.jsonl" >"$WORK/whole.json"
cat "$WORK/merged.txt"
cmp "$WORK/whole.txt" "$WORK/merged.txt" || { diff "$WORK/whole.txt" "$WORK/merged.txt" || true; fail "the merged table differs from the unsharded one"; }
cmp "$WORK/whole.json" "$WORK/merged.json" || fail "the merged JSON differs from the unsharded one"

games=$(cat "$WORK"/results/shard-*.jsonl | grep -c '"kind":"game"')
awk -v n="$CPUS" -v g="$games" -v s="$SHARDS" -v a="$t0" -v b="$t1" -v c="$t2" -v d="$t3" 'BEGIN {
  printf "slurm-test: %d games: %d shards on Slurm %.1f s (%.1f games/min), merge %.2f s; unsharded on %d CPUs %.1f s (%.1f games/min)\n",
    g, s, b-a, 60*g/(b-a), c-b, n, d-c, 60*g/(d-c) }'
echo "slurm-test: PASS: the merged table and JSON of $SHARDS Slurm array tasks are the unsharded ones, byte for byte ($((SECONDS - START)) s)"
