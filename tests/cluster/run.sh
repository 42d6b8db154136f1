#!/usr/bin/env bash
# Sharded searches for real (docs/solver.md, "Threads, stops and shards"):
# a single-node Slurm cluster (slurmctld, slurmd and munged, started and
# stopped here) runs README's `sbatch` script as a job array over a level;
# the shards are merged and the answer compared with the unsharded search.
# Then the same with README's GNU parallel line. Where Slurm cannot start
# on this machine, this says so and fails: it never passes without running.
#
# tests/cluster/run.sh EUC_BINARY [LEVEL]   (root; .ci/run installs
# slurm-wlm and parallel from Debian when missing)
set -euo pipefail
# Only the cluster started here is ever shut down.
unset SLURM_CONF
ours=
jobid=
root=$(cd "$(dirname "$0")/../.." && pwd)
euc=$(realpath "$1")
level=$(realpath "${2:-$root/examples/solve-napoleon.euc}")
work=$(mktemp -d /tmp/euc-cluster.XXXXXX)
chmod 755 "$work"
bin="$work/bin"
mkdir -p "$bin" "$work/state" "$work/spool" "$work/munge" "$work/slurm" "$work/parallel"
ln -s "$euc" "$bin/euc"
export PATH="$bin:$PATH"

cleanup() {
  if [ -n "$ours" ]; then
    # Jobs outlive the daemons: cancel the array and wait for it first.
    if [ -n "$jobid" ]; then
      scancel --full "$jobid" 2> /dev/null || true
      for _ in $(seq 20); do
        [ -z "$(squeue -h -j "$jobid" 2> /dev/null)" ] && break
        sleep 0.5
      done
    fi
    scontrol shutdown > /dev/null 2>&1 || true
  fi
  # munged, and the daemons if the shutdown did not reach them: only
  # processes of these names started from this directory's pid files.
  for pidfile in "$work"/*.pid; do
    [ -f "$pidfile" ] || continue
    pid=$(cat "$pidfile")
    case "$(cat "/proc/$pid/comm" 2> /dev/null)" in
      munged | slurmctld | slurmd) kill "$pid" 2> /dev/null || true ;;
    esac
  done
  sleep 1
  rm -rf "$work" || true
}
trap cleanup EXIT

cannot_start() {
  echo "tests/cluster: Slurm could not start on this machine: $1" >&2
  for log in "$work"/*.log; do
    [ -f "$log" ] && { echo "--- $log" >&2; tail -n 20 "$log" >&2; }
  done
  exit 1
}

# README's code, not a copy of it: the sbatch script and the parallel line.
script=$(awk '/^Slurm \(`sbatch solve.sh`\):/ { found = 1; next }
  found && /^```sh/ { inside = 1; next }
  inside && /^```/ { exit }
  inside { print }' "$root/README.md")
parallel_line=$(tr '\n' ' ' < "$root/README.md" |
  grep -o "parallel 'euc solve level.euc --shard {}/8 *--format json > shard-{}.json' ::: \$(seq 0 7)")
[ -n "$script" ] || { echo "tests/cluster: README has no sbatch script" >&2; exit 1; }
[ -n "$parallel_line" ] || { echo "tests/cluster: README has no parallel line" >&2; exit 1; }

# The answer to compare with: the ordinary search.
unsharded=$(euc solve "$level" --max-moves 10 -j 1)

# The shards in $work/DIR merged must be that answer (WHO: for messages).
merges_to_unsharded() {
  local merged
  merged=$(cd "$work/$1" && euc solve level.euc --merge shard-*.json) ||
    { echo "tests/cluster: the $2 shards do not merge" >&2; exit 1; }
  [ "$merged" = "$unsharded" ] || {
    echo "tests/cluster: the merged $2 shards differ from the unsharded answer" >&2
    diff <(echo "$unsharded") <(echo "$merged") >&2 || true
    exit 1
  }
}

for command in munged slurmctld slurmd sbatch scontrol sinfo parallel; do
  command -v "$command" > /dev/null || cannot_start "$command is not installed (Debian: slurm-wlm, parallel)"
done

# Munge: a key of its own and its socket here.
dd if=/dev/urandom of="$work/munge/munge.key" bs=1024 count=1 status=none
chmod 400 "$work/munge/munge.key"
chmod 700 "$work/munge"
munged --force --key-file="$work/munge/munge.key" --socket="$work/munge/munge.socket" \
  --pid-file="$work/munged.pid" --log-file="$work/munged.log" \
  --seed-file="$work/munge/munge.seed" 2>> "$work/munged.log" ||
  cannot_start "munged did not start"

port=$((20000 + RANDOM % 20000))
export SLURM_CONF="$work/slurm.conf"
# Sixty-four CPUs whatever this machine has: room for all 16 tasks of
# README's script (4 CPUs each) at once.
cat > "$SLURM_CONF" <<EOF
ClusterName=euc-test
SlurmctldHost=localhost(127.0.0.1)
SlurmUser=root
SlurmdUser=root
SlurmctldPort=$port
SlurmdPort=$((port + 1))
AuthType=auth/munge
AuthInfo=socket=$work/munge/munge.socket
CredType=cred/munge
StateSaveLocation=$work/state
SlurmdSpoolDir=$work/spool
SlurmctldPidFile=$work/slurmctld.pid
SlurmdPidFile=$work/slurmd.pid
SlurmctldLogFile=$work/slurmctld.log
SlurmdLogFile=$work/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
ReturnToService=2
SlurmdParameters=config_overrides
MpiDefault=none
NodeName=euc-node NodeAddr=127.0.0.1 CPUs=64 State=UNKNOWN
PartitionName=debug Nodes=ALL Default=YES MaxTime=INFINITE State=UP
EOF
started=$SECONDS
slurmctld -i 2>> "$work/slurmctld.log" || cannot_start "slurmctld did not start"
ours=1
slurmd -N euc-node 2>> "$work/slurmd.log" || cannot_start "slurmd did not start"
for _ in $(seq 60); do
  state=$(sinfo -h -N -o %t 2> /dev/null || true)
  [ "$state" = idle ] && break
  sleep 0.5
done
[ "${state:-}" = idle ] || cannot_start "the node is '${state:-unknown}', not idle, after 30 s"

up=$((SECONDS - started))
# The job array, as README writes it, over the level as `level.euc`.
cp "$level" "$work/slurm/level.euc"
printf '%s\n' "$script" > "$work/slurm/solve.sh"
jobid=$(cd "$work/slurm" && sbatch --parsable solve.sh) ||
  { echo "tests/cluster: sbatch refused the script" >&2; exit 1; }
jobid=${jobid%%;*}
# The array is done when no task is left in the queue.
for _ in $(seq 240); do
  [ -z "$(squeue -h -r -j "$jobid" 2> /dev/null)" ] && break
  sleep 0.5
done
[ -z "$(squeue -h -r -j "$jobid" 2> /dev/null)" ] ||
  { echo "tests/cluster: the job array did not finish within 120 s" >&2; exit 1; }
jobid=
shopt -s nullglob
shards=("$work"/slurm/shard-*.json)
[ "${#shards[@]}" -eq 16 ] || {
  cat "$work"/slurm/slurm-*.out >&2 || true
  echo "tests/cluster: ${#shards[@]} of 16 shards written" >&2
  exit 1
}
merges_to_unsharded slurm Slurm
echo "tests/cluster: Slurm: 16 shards as a job array, merged = unsharded (cluster up in ${up} s, array done $((SECONDS - started - up)) s later)"

# GNU parallel, as README writes it.
cp "$level" "$work/parallel/level.euc"
(cd "$work/parallel" && PARALLEL=--will-cite bash -c "$parallel_line") ||
  { echo "tests/cluster: README's parallel line failed" >&2; exit 1; }
merges_to_unsharded parallel parallel
echo "tests/cluster: GNU parallel: 8 shards, merged = unsharded"
