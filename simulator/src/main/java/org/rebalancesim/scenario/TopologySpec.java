package org.rebalancesim.scenario;

import java.util.List;

/**
 * A Kafka Streams application's topology as the model needs it (consumers.topology): its sub-topologies
 * and where their state lives. Kafka numbers the sub-topologies 0, 1, ... in the order they are listed,
 * and makes one task per partition of a sub-topology's source topics: task {@code s_p} reads partition p
 * of each of them (DefaultPartitionGrouper; docs/kafka-semantics.md §19).
 *
 * @param subtopologies        in Kafka's numbering order
 * @param restoreRecordsPerSec how fast one instance replays changelog records into its stores, shared by
 *                             the tasks it restores at once (one restore consumer per instance)
 * @param persistentState      whether the state directory survives a restart of the pod (a StatefulSet's
 *                             persistent volume) or starts empty (a Deployment's emptyDir)
 * @param assignWork           the classic leader's StreamsPartitionAssignor#assign beyond computing the tasks'
 *                             placement: checking the internal topics and reading the changelogs' end offsets
 *                             (Admin calls), drawn anew for every assignment; its SyncGroup and the probing
 *                             rebalance's deadline come after it (docs/kafka-semantics.md §15)
 * @param restoreStartWork     what the state updater does before it restores the active tasks a check handed it:
 *                             looking up their changelogs' end offsets (an Admin ListOffsets), drawn per hand-over
 *                             (docs/kafka-semantics.md §19)
 * @param pollLateness         how much longer than poll.ms a stream thread's poll() that returns nothing waits,
 *                             drawn anew for every such poll: the turns of an idle thread, whose ends carry its
 *                             follow-up rebalances, commits and task hand-overs (docs/kafka-semantics.md §19)
 */
public record TopologySpec(List<Subtopology> subtopologies, double restoreRecordsPerSec, boolean persistentState,
                           Distribution assignWork, Distribution restoreStartWork, Distribution pollLateness) {

    /**
     * @param sourceTopics       the topics it reads
     * @param stateful           whether its tasks have a state store (with a changelog)
     * @param changelogRecords   records in each task's changelog when the scenario starts
     * @param changelogPerRecord changelog records written per input record processed (1 for an aggregation
     *                           that writes every update; less with record caches or compaction)
     * @param changelogRecordBytes what one changelog record takes in its store's RocksDB memtable (key and
     *                           value): how often RocksDB flushes the store on its own, which is what of
     *                           it survives a crash
     */
    public record Subtopology(List<String> sourceTopics, boolean stateful, long changelogRecords,
                              double changelogPerRecord, long changelogRecordBytes) {
        public Subtopology {
            sourceTopics = List.copyOf(sourceTopics);
        }

        /** Changelog records in one chunk the restore consumer fetches (at least 1). */
        public long recordsPerFetch() {
            return Math.max(1, FETCH_CHUNK_BYTES / changelogRecordBytes);
        }

        /** Changelog records written to a store between two flushes RocksDB makes on its own (at least 1). */
        public long recordsPerFlush() {
            return Math.max(1, ROCKSDB_WRITE_BUFFER_BYTES / changelogRecordBytes);
        }
    }

    /** changelog.recordBytes when the scenario does not say: a small aggregate's key and value. */
    public static final long DEFAULT_CHANGELOG_RECORD_BYTES = 100;
    /**
     * Kafka Streams' write buffer (memtable) per RocksDB store, RocksDBStore's default in 4.4.0: RocksDB
     * flushes the store, and with atomic flush its committed offsets, each time this much has been written.
     */
    public static final long ROCKSDB_WRITE_BUFFER_BYTES = 16L * 1024 * 1024;
    /**
     * max.partition.fetch.bytes, the consumer's default, which Kafka Streams keeps for its restore consumer:
     * the most of one changelog a fetch brings, drained before the next changelog's chunk.
     */
    public static final long FETCH_CHUNK_BYTES = 1024L * 1024;

    public TopologySpec {
        subtopologies = List.copyOf(subtopologies);
    }

    /** Every topic some sub-topology reads, in order of first mention: the instances' subscription. */
    public List<String> sourceTopics() {
        return subtopologies.stream().flatMap(s -> s.sourceTopics().stream()).distinct().toList();
    }
}
