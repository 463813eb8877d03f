package org.rebalancesim.metrics;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.function.Predicate;
import org.rebalancesim.partition.PartitionMap;
import org.rebalancesim.partition.TopicPartition;
import org.rebalancesim.workload.ProcessingLedger;
import org.rebalancesim.workload.Production;

/**
 * The lag of each partition the group consumes, at the lag samples: the group's time behind (the age of the oldest
 * record not yet processed, as kafka-lag-exporter and Burrow read it: now minus the append time of the next record
 * to process, 0 when caught up) and the hot partitions (the few whose lag peaked highest) for their chart.
 *
 * <p>Exact, not estimated from the rate: a partition's log end offset and each record's append time are closed-form
 * functions of time ({@link Production}), and the next record to process is the ledger's high-water mark. Its
 * memory is bounded whatever the run's size: every partition's peak counts every sample, but a partition's series
 * keeps only every {@code keepEvery}-th sample, so that the run's first partitions × kept samples stay under
 * {@link #KEPT_VALUES} (partitions added later are few: a scenario adds them by hand).
 */
public final class PartitionLagSamples {

    /** How many partitions the hot partitions chart shows. */
    public static final int SHOWN = 5;
    /** The most per-partition values kept for the chart (8 bytes each). */
    static final long KEPT_VALUES = 1_000_000;

    private final Production production;
    private final ProcessingLedger ledger;
    private final Predicate<String> consumedTopic;
    private final int keepEvery;
    /** Per partition (arrays by partition number: looked up for every partition at every sample). */
    private final PartitionMap<Track> tracks = new PartitionMap<>();
    private final List<Long> keptTimes = new ArrayList<>();
    private int samples;

    /**
     * @param consumedTopic whether the group consumes a topic (another topic's partitions are no one's lag)
     * @param expectedSamples how many samples the run will take, to bound what is kept
     */
    public PartitionLagSamples(Production production, ProcessingLedger ledger, Predicate<String> consumedTopic,
                               int expectedSamples) {
        this.production = production;
        this.ledger = ledger;
        this.consumedTopic = consumedTopic;
        long partitions = Math.max(1, production.allPartitions().size());
        this.keepEvery = (int) Math.max(1, (partitions * Math.max(1, expectedSamples) + KEPT_VALUES - 1) / KEPT_VALUES);
    }

    /** Samples every consumed partition at {@code nowMs}; returns the group's time behind, in ms. */
    public long sample(long nowMs) {
        boolean keep = samples++ % keepEvery == 0;
        if (keep) {
            keptTimes.add(nowMs);
        }
        long timeBehindMs = 0;
        for (TopicPartition tp : production.allPartitions()) {
            if (!consumedTopic.test(tp.topic())) {
                continue;
            }
            long next = ledger.processedUpTo(tp);
            long lag = Math.max(0, production.logEndOffset(tp, nowMs) - next);
            if (lag > 0) {
                timeBehindMs = Math.max(timeBehindMs, nowMs - production.timeOfOffset(tp, next));
            }
            Track track = tracks.computeIfAbsent(tp, k -> new Track(k, keptTimes.size() - (keep ? 1 : 0)));
            track.peak = Math.max(track.peak, lag);
            if (keep) {
                track.add(lag);
            }
        }
        return timeBehindMs;
    }

    /**
     * The {@link #SHOWN} partitions whose lag peaked highest (ties: the lower topic, then the lower partition
     * number), highest first. None when no partition ever lagged, or when the group consumes no more partitions
     * than that: the chart would show every partition, which the total lag and the partition chart already tell.
     */
    public List<Series.PartitionLag> hottest() {
        if (tracks.size() <= SHOWN) {
            return List.of();
        }
        List<Track> lagging = new ArrayList<>();
        tracks.forEach((tp, track) -> {
            if (track.peak > 0) {
                lagging.add(track);
            }
        });
        lagging.sort(Comparator.comparingLong((Track track) -> -track.peak).thenComparing(track -> track.partition));
        List<Series.PartitionLag> hottest = new ArrayList<>();
        for (Track track : lagging.subList(0, Math.min(SHOWN, lagging.size()))) {
            hottest.add(new Series.PartitionLag(track.partition.toString(), track.peak, track.samples(keptTimes)));
        }
        return hottest;
    }

    /** One partition's kept samples, from the kept sample it first appeared at (partitions may be added). */
    private static final class Track {
        private final TopicPartition partition;
        private final int firstKept;
        private long[] values = new long[16];
        private int size;
        private long peak;

        Track(TopicPartition partition, int firstKept) {
            this.partition = partition;
            this.firstKept = firstKept;
        }

        void add(long lag) {
            if (size == values.length) {
                values = Arrays.copyOf(values, size * 2);
            }
            values[size++] = lag;
        }

        List<Series.LagSample> samples(List<Long> keptTimes) {
            List<Series.LagSample> samples = new ArrayList<>(size);
            for (int i = 0; i < size; i++) {
                samples.add(new Series.LagSample(keptTimes.get(firstKept + i), values[i]));
            }
            return samples;
        }
    }
}
