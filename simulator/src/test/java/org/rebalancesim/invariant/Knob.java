package org.rebalancesim.invariant;

/**
 * The numbers of a {@link GeneratedScenario} outside its timeline, each with the range it is drawn from.
 * The shrinker moves a knob towards its minimum, the simplest value that still loads.
 */
enum Knob {
    DURATION_S(20, 600),
    BROKERS(1, 3),
    PARTITIONS(1, 24),
    RATE_PER_S(0, 600),
    /** 0: no second topic. */
    SECOND_PARTITIONS(0, 8),
    SECOND_RATE_PER_S(0, 200),
    CONSUMERS(1, 8),
    STAGGER_MS(0, 3000),
    JVM_START_MS(0, 5000),
    SESSION_TIMEOUT_MS(6_000, 45_000),
    /** heartbeat.interval.ms is session.timeout.ms divided by this, so it stays below the session timeout. */
    HEARTBEAT_DIVISOR(3, 10),
    MAX_POLL_INTERVAL_MS(5_000, 300_000),
    MAX_POLL_RECORDS(1, 500),
    /** num.stream.threads of a Kafka Streams application (unused by plain consumers). */
    STREAM_THREADS(1, 3),
    /**
     * The Kubernetes workload: 0 none (bare processes), 1 a Deployment with the pod spec's defaults, 2 a StatefulSet
     * with a 5 s grace period and a 1 s preStop sleep (the kubelet restarts and kills, docs/kubernetes.md).
     */
    WORKLOAD(0, 2);

    private final int min;
    private final int max;

    Knob(int min, int max) {
        this.min = min;
        this.max = max;
    }

    int min() {
        return min;
    }

    int max() {
        return max;
    }
}
