package org.rebalancesim.coordinator;

/**
 * A freshly started broker's cold group coordinator ({@code cluster.coordinatorWarmup}): the group's first
 * coordinator sends its first MEMBER_ID_REQUIRED answer this much later than the model's own timing. A
 * coordinator that loads the group after a failover, on a broker that has run all along, is warm. Measured on
 * an embedded broker started for each run, the first member's rejoin reached the coordinator 13 to 89 ms after
 * its MEMBER_ID_REQUIRED answer, every later member's 2 to 8 ms (docs/kafka-semantics.md §22).
 */
public final class CoordinatorWarmup {

    private long remainingMs;

    /** @param delayMs the run's draw, in ms (0: a broker that has run for a while) */
    public CoordinatorWarmup(long delayMs) {
        this.remainingMs = delayMs;
    }

    /** A coordinator with nothing left to warm up. */
    public static CoordinatorWarmup none() {
        return new CoordinatorWarmup(0);
    }

    /** The delay of this answer: the whole warm-up for the first, 0 after it. */
    long takeMs() {
        long delayMs = remainingMs;
        remainingMs = 0;
        return delayMs;
    }
}
