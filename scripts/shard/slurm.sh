#!/usr/bin/env bash
# A SLURM job array that runs a sweep as 4 shards: task K of --array=0-3 runs sweep --shard K/4
# (SLURM_ARRAY_TASK_ID=K). SHARDS must be the number of array tasks. Submit from the project's root
# (on a shared file system), then merge:
#   sbatch scripts/shard/slurm.sh
#   scripts/rebalance-sim sweep merge reports/shards/random-faults-shard-*-of-4
#SBATCH --job-name=rebalance-sim-sweep
#SBATCH --array=0-3
#SBATCH --cpus-per-task=8
#SBATCH --mem=2G
#SBATCH --output=shard-%a.log
set -euo pipefail
SHARDS=4
SEEDS=${SEEDS:-300}
SCENARIO=${SCENARIO:-scenarios/random-faults.yaml}
JAR=${JAR:-simulator/target/rebalance-sim.jar}
OUT=${OUT:-reports/shards}
exec java -jar "$JAR" sweep "$SCENARIO" --seeds "$SEEDS" --quiet --threads "${SLURM_CPUS_PER_TASK:-1}" --shard "$SLURM_ARRAY_TASK_ID/$SHARDS" --out "$OUT"
