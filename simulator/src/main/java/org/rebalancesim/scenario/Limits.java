package org.rebalancesim.scenario;

/**
 * Bounds that protect the simulator (TigerStyle: put a limit on everything). They are far beyond
 * any realistic deployment, so a value past them is a typo or a unit mistake, and accepting it
 * would make a run take forever or overflow simulated time.
 */
final class Limits {

    /** Longest accepted duration anywhere: the run, a timeout, a fault. 30 days in ms. */
    static final long MAX_DURATION_MS = 30L * 24 * 60 * 60 * 1000;
    static final int MAX_CONSUMERS = 100_000;
    static final int MAX_PARTITIONS_PER_TOPIC = 1_000_000;
    static final int MAX_TOPICS = 10_000;
    static final int MAX_BROKERS = 10_000;
    /** Produced records per second per topic; records are counted, not simulated one by one. */
    static final double MAX_RATE_PER_SECOND = 1e9;
    static final long MAX_FILE_BYTES = 10L * 1024 * 1024;
    /** Characters in one line: the YAML scanner slows down on megabyte lines; no scenario needs one. */
    static final int MAX_LINE_CHARS = 64 * 1024;
    /** Timeline entries and recurring faults. */
    static final int MAX_EVENTS = 1_000_000;

    private Limits() {
    }
}
