#!/usr/bin/env bash
# A Slurm batch job for a big `balance` experiment (data/docs/cluster.md).
#   sbatch scripts/slurm-balance.sh                       # the sweep below
#   sbatch scripts/slurm-balance.sh ladder data/rulesets/card-dice/card-dice.yaml \
#          --agents random,greedy,planner --games 2000    # any command: its words as arguments
#   BALANCE_COMMAND=specialties BALANCE_ARGS="data/rulesets/elem-master --games 4000 \
#          --matrix-games 1000" sbatch scripts/slurm-balance.sh   # or through the environment
# The command is any of run, sweep, impact, tune, assumptions, ladder, specialties,
# compare and report; its ranks share the games and the result equals one process's.
# One rank per node, each with every core of its node (--threads); or set
# --ntasks-per-node to the cores and --threads 1 for one rank per core.
# Rank 0 prints to the job's output file and writes the result (RESULT.json, or
# RESULT.html for a report); the checkpoint RESULT.ckpt lets a preempted or
# timed-out job resume: resubmit the same command (the same RESULT name).
#SBATCH --job-name=balance
#SBATCH --nodes=4
#SBATCH --ntasks-per-node=1
#SBATCH --cpus-per-task=32
#SBATCH --time=04:00:00
#SBATCH --output=balance-%j.out
#SBATCH --requeue
set -euo pipefail

BALANCE=${BALANCE:-build/bin/balance}
if [ $# -gt 0 ]; then
  BALANCE_COMMAND=$1
  shift
  args=("$@")
else
  BALANCE_COMMAND=${BALANCE_COMMAND:-sweep}
  BALANCE_ARGS=${BALANCE_ARGS:-"data/rulesets/card-dice/card-dice.yaml --param cards.meteor_strike.cost \
--range 10:20:1 --games 2000 --agents mcts,greedy"}
  read -r -a args <<< "$BALANCE_ARGS"  # words split at spaces: quote nothing here
fi
case "$BALANCE_COMMAND" in
  run|sweep|impact|tune|assumptions|ladder|specialties|compare|report) ;;
  *) echo "slurm-balance.sh: '$BALANCE_COMMAND' does not share its games across ranks" >&2; exit 2 ;;
esac
RESULT=${RESULT:-results/$BALANCE_COMMAND}
mkdir -p "$(dirname "$RESULT")"
output=(--json "$RESULT.json")
if [ "$BALANCE_COMMAND" = report ]; then output=(--out "$RESULT.${REPORT_FORMAT:-html}"); fi
launch=(srun --mpi=pmix)
if [ -n "${SRUN:-}" ]; then read -r -a launch <<< "$SRUN"; fi  # e.g. SRUN="mpirun -np 2" off Slurm
"${launch[@]}" "$BALANCE" "$BALANCE_COMMAND" "${args[@]}" \
  --threads "${SLURM_CPUS_PER_TASK:-1}" "${output[@]}" --checkpoint "$RESULT.ckpt"
