#!/usr/bin/env bash
# A Slurm batch job for a big `balance` run (README: running on a cluster).
#   sbatch scripts/slurm-balance.sh        # from the project folder, after building
# One rank per node, each with every core of its node (--threads); or set
# --ntasks-per-node to the cores and --threads 1 for one rank per core.
# Rank 0 prints to the job's output file and writes the --json result; the
# checkpoint lets a preempted or timed-out job resume: resubmit the same script.
#SBATCH --job-name=balance-sweep
#SBATCH --nodes=4
#SBATCH --ntasks-per-node=1
#SBATCH --cpus-per-task=32
#SBATCH --time=04:00:00
#SBATCH --output=balance-%j.out
#SBATCH --requeue
set -euo pipefail
mkdir -p results
srun --mpi=pmix build/bin/balance sweep data/rulesets/card-dice/card-dice.yaml \
  --param cards.meteor_strike.cost --range 10:20:1 --games 2000 --agents mcts,greedy \
  --threads "${SLURM_CPUS_PER_TASK}" \
  --json results/meteor-sweep.json --checkpoint results/meteor-sweep.ckpt
