package org.rebalancesim.consumer;

/**
 * Shared scenario text of the Streams* tests (docs/kafka-semantics.md §19): a Kafka Streams application of
 * 3 instances over one topic of 6 partitions at 60 records/s (10/s per partition, 1 ms each), one
 * sub-topology, so 6 tasks 0_0..0_5, 2 per instance; JVM start 2 s; Kafka Streams' defaults otherwise
 * (session.timeout.ms 45 s, heartbeat.interval.ms 3 s, no standbys, cooperative rebalancing).
 */
final class StreamsScenarios {

    static final long SESSION_MS = 45_000;
    static final long HEARTBEAT_MS = 3_000;
    /** Each stateful task's changelog at the start, and how fast one instance restores. */
    static final long CHANGELOG_RECORDS = 100_000;
    static final long RESTORE_PER_SECOND = 10_000;
    /** A stateless sub-topology, and a stateful one whose tasks start with {@link #CHANGELOG_RECORDS}. */
    static final String STATELESS = "";
    static final String STATEFUL = ", stateful: true, changelog: {records: " + CHANGELOG_RECORDS + "}";

    private StreamsScenarios() {
    }

    /**
     * @param measureFrom    where the metrics window starts ("0s" for the whole run)
     * @param config         StreamsConfig entries, "" or starting with ", "
     * @param subtopology    {@link #STATELESS} or {@link #STATEFUL}
     * @param stateDirectory persistent or ephemeral
     * @param more           more consumers keys, each a YAML line ("  closeOptions: {...}\n"), or ""
     * @param timeline       the timeline entries, one YAML line each
     */
    static String streams(String duration, String measureFrom, String config, String subtopology,
                          String stateDirectory, String more, String... timeline) {
        StringBuilder entries = new StringBuilder();
        for (String entry : timeline) {
            entries.append("  ").append(entry).append('\n');
        }
        return """
                duration: %s
                measure: {from: %s}
                group: {id: streams-demo}
                topics: [{name: orders, partitions: 6, rate: 60/s}]
                consumers:
                  count: 3
                  app: streams
                  config: {probing.rebalance.interval.ms: 60s%s}
                  processing: {constant: 1ms}
                  startup: {jvmStart: 2s}
                  topology:
                    subtopologies: [{source: [orders]%s}]
                    restoreRate: %d/s
                    stateDirectory: %s
                %stimeline:%s
                %s""".formatted(duration, measureFrom, config, subtopology, RESTORE_PER_SECOND, stateDirectory,
                more, entries.isEmpty() ? " []" : "", entries);
    }
}
