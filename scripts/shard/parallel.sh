#!/usr/bin/env bash
# Runs a sweep as SHARDS shards with GNU parallel: on this machine (the ":" host) and on every host
# of HOSTS (a comma-separated list of ssh logins, e.g. "8/:,8/alice@big1,8/alice@big2"), one shard
# at a time per host (each shard already uses all of its host's cores). parallel copies the jar
# and the scenario to each remote host and brings each shard.json back. Then:
#   scripts/rebalance-sim sweep merge "$OUT"/random-faults-shard-*-of-"$SHARDS"
set -euo pipefail
SHARDS=${SHARDS:-4}
SEEDS=${SEEDS:-300}
SCENARIO=${SCENARIO:-scenarios/random-faults.yaml}
JAR=${JAR:-simulator/target/rebalance-sim.jar}
OUT=${OUT:-reports/shards}
HOSTS=${HOSTS:-:}
parallel --jobs 1 --sshlogin "$HOSTS" --workdir ... --basefile "$JAR" --basefile "$SCENARIO" --return "$OUT" --cleanup \
  java -jar "$JAR" sweep "$SCENARIO" --seeds "$SEEDS" --quiet --shard {}/"$SHARDS" --out "$OUT" ::: $(seq 0 $((SHARDS - 1)))
