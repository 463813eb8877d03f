package org.rebalancesim.workload;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;
import org.rebalancesim.partition.TopicPartition;
import org.rebalancesim.scenario.RateSchedule;
import org.rebalancesim.scenario.TopicSpec;

/**
 * What producers wrote: each topic's rate is spread evenly over its partitions (together, or in turn as a
 * round-robin producer writes: {@link TopicSpec#inTurn}) and a partition's log end offset is a closed-form
 * function of time, so no event is spent per record. When partitions are added, the rate is spread over
 * the new count from that moment on. A topic whose rate changes over the run ({@link TopicSpec#schedule}) spreads
 * its records produced so far ({@link RateSchedule#recordsBy}) the same way.
 */
public final class Production {

    private final Map<String, TopicLog> topics = new LinkedHashMap<>();
    /** The partitions of the topics deleted so far, in deletion order. */
    private final Set<TopicPartition> deletedPartitions = new LinkedHashSet<>();
    /** Built once per partition count: the lag is summed over it at every sample. */
    private List<TopicPartition> allPartitions;
    private String lastTopic;
    private TopicLog lastTopicLog;

    public Production(List<TopicSpec> specs) {
        for (TopicSpec spec : specs) {
            TopicLog log = new TopicLog(spec.recordsPerSecond() / 1000.0, spec.partitions(), spec.inTurn(),
                    spec.schedule());
            if (spec.createdAtStart()) {
                log.create(0);
            }
            topics.put(spec.name(), log);
        }
    }

    /** The log end offset of a partition at {@code nowMs} (records produced so far). */
    public long logEndOffset(TopicPartition tp, long nowMs) {
        TopicLog topic = topic(tp.topic());
        return topic == null || tp.partition() >= topic.partitions.size() ? 0
                : topic.partitions.get(tp.partition()).endOffset(nowMs);
    }

    /** The topic's log; every fetch asks, almost always for the topic asked for before. */
    private TopicLog topic(String name) {
        if (lastTopic == null || !lastTopic.equals(name)) {
            lastTopicLog = topics.get(name);
            lastTopic = name;
        }
        return lastTopicLog;
    }

    /**
     * The sum of the log end offsets of a topic's partitions at {@code nowMs}: exactly the sum of
     * {@link #logEndOffset} over them, computed once per run of equal partition logs (a topic's
     * partitions share one rate, so this is one term, or two after partitions were added; written in
     * turn they do not share a phase, and it is a term per partition).
     */
    public long logEndOffsetSum(String topicName, long nowMs) {
        TopicLog topic = topics.get(topicName);
        if (topic == null) {
            return 0;
        }
        long sum = 0;
        PartitionLog previous = null;
        long previousEnd = 0;
        for (PartitionLog log : topic.partitions) {
            if (!log.equals(previous)) {
                previous = log;
                previousEnd = log.endOffset(nowMs);
            }
            sum += previousEnd;
        }
        return sum;
    }

    /** Partition counts by topic, in scenario order, as the metadata shows them now: a topic not created is absent. */
    public Map<String, Integer> partitionCounts() {
        Map<String, Integer> counts = new LinkedHashMap<>();
        topics.forEach((name, topic) -> {
            if (topic.created) {
                counts.put(name, topic.partitions.size());
            }
        });
        return counts;
    }

    /**
     * Creates a topic declared with {@code created: false} at {@code nowMs}: its partitions start empty and its
     * rate runs from that moment (a topic's producers have nowhere to write before it exists).
     */
    public void createTopic(String topicName, long nowMs) {
        topics.get(topicName).create(nowMs);
        allPartitions = null;
    }

    /**
     * Deletes a topic now: the metadata no longer shows it, and its partitions have no records left to
     * fetch (a deleted partition's log is gone, and with it whatever was not processed).
     *
     * @return the partitions deleted
     */
    public List<TopicPartition> deleteTopic(String topicName) {
        List<TopicPartition> gone = allPartitions().stream().filter(tp -> tp.topic().equals(topicName)).toList();
        deletedPartitions.addAll(gone);
        topics.get(topicName).delete();
        allPartitions = null;
        return gone;
    }

    /** The partitions of the deleted topics, in deletion order (a read-only view). */
    public Set<TopicPartition> deletedPartitions() {
        return Collections.unmodifiableSet(deletedPartitions);
    }

    /** Whether the partition existed and its topic was deleted. */
    public boolean isDeleted(TopicPartition tp) {
        return deletedPartitions.contains(tp);
    }

    /**
     * What the deleted topics' partitions count as produced, for lag and conservation: the records processed of them,
     * since the deletion threw the rest away and no consumer will ever be behind on them (docs/metrics.md).
     *
     * @param tracked whether the group consumes a topic
     */
    public long producedOfDeleted(ProcessingLedger ledger, Predicate<String> tracked) {
        long produced = 0;
        for (TopicPartition tp : deletedPartitions) {
            if (tracked.test(tp.topic())) {
                produced += ledger.processedUpTo(tp);
            }
        }
        return produced;
    }

    /** Every partition, in scenario order (an unmodifiable list). */
    public List<TopicPartition> allPartitions() {
        if (allPartitions == null) {
            List<TopicPartition> all = new ArrayList<>();
            partitionCounts().forEach((topic, count) -> {
                for (int p = 0; p < count; p++) {
                    all.add(new TopicPartition(topic, p));
                }
            });
            allPartitions = List.copyOf(all);
        }
        return allPartitions;
    }

    /** The time the next record after {@code offset} appears in the partition, or Long.MAX_VALUE if never. */
    public long timeOfOffset(TopicPartition tp, long offset) {
        TopicLog topic = topic(tp.topic());
        return topic == null || tp.partition() >= topic.partitions.size() ? Long.MAX_VALUE
                : topic.partitions.get(tp.partition()).timeOf(offset + 1);
    }

    /** Grows a topic to {@code count} partitions at {@code nowMs}. */
    public void addPartitions(String topicName, int count, long nowMs) {
        topics.get(topicName).grow(count, nowMs);
        allPartitions = null;
    }

    private static final class TopicLog {
        private final double recordsPerMs;
        private final boolean inTurn;
        private final RateSchedule schedule;
        private final int declaredCount;
        private final List<PartitionLog> partitions = new ArrayList<>();
        private boolean created;

        TopicLog(double recordsPerMs, int count, boolean inTurn, RateSchedule schedule) {
            this.recordsPerMs = recordsPerMs;
            this.inTurn = inTurn;
            this.schedule = schedule;
            this.declaredCount = count;
        }

        /** The declared partitions, empty at {@code nowMs} (0 for a topic that exists from the start). */
        void create(long nowMs) {
            created = true;
            for (int p = 0; p < declaredCount; p++) {
                partitions.add(new PartitionLog(headStart(p, declaredCount), nowMs, recordsPerMs / declaredCount,
                        schedule, 1.0 / declaredCount));
            }
        }

        /** Gone: no partition, no records, and not in the metadata (a topic is deleted once, never created again). */
        void delete() {
            created = false;
            partitions.clear();
        }

        void grow(int count, long nowMs) {
            double perPartition = recordsPerMs / count;
            partitions.replaceAll(log -> log.rebased(nowMs, perPartition, 1.0 / count));
            while (partitions.size() < count) {
                partitions.add(new PartitionLog(headStart(partitions.size(), count), nowMs, perPartition, schedule,
                        1.0 / count));
            }
        }

        /**
         * In turn, a round-robin producer writes record k of the topic to partition k mod count at (k + 1) /
         * rate: partition p's j-th record comes (count - 1 - p) / count of a record earlier than when every
         * partition's rate begins at zero together.
         */
        private double headStart(int partition, int count) {
            return inTurn ? (double) (count - 1 - partition) / count : 0;
        }
    }

    /**
     * end offset = floor(base + rate * (t - since)), for t >= since; with a schedule, floor(base + share * (the
     * topic's records by t - its records by since)), the partition's share of what the topic got since.
     */
    private record PartitionLog(double base, long sinceMs, double recordsPerMs, RateSchedule schedule, double share) {
        long endOffset(long nowMs) {
            return (long) Math.floor(base + produced(Math.max(nowMs, sinceMs)));
        }

        /** The partition's records from sinceMs to {@code nowMs} (at or after it). */
        private double produced(long nowMs) {
            return schedule == null ? recordsPerMs * (nowMs - sinceMs)
                    : share * (schedule.recordsBy(nowMs) - schedule.recordsBy(sinceMs));
        }

        PartitionLog rebased(long nowMs, double newRate, double newShare) {
            return new PartitionLog(base + produced(nowMs), nowMs, newRate, schedule, newShare);
        }

        long timeOf(long offsetCount) {
            if (schedule != null) {
                double topicRecords = schedule.recordsBy(sinceMs) + Math.max(0, offsetCount - base) / share;
                return schedule.timeOfRecords(topicRecords, sinceMs);
            }
            if (recordsPerMs <= 0) {
                return Long.MAX_VALUE;
            }
            double t = sinceMs + (offsetCount - base) / recordsPerMs;
            return (long) Math.ceil(Math.max(t, sinceMs));
        }
    }
}
