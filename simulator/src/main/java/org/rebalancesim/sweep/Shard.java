package org.rebalancesim.sweep;

import java.util.Locale;
import java.util.stream.IntStream;

/**
 * One of {@code count} slices of a sweep's runs, numbered from 0 (as Kubernetes' JOB_COMPLETION_INDEX is).
 * Run {@code i} belongs to shard {@code i % count}: the slices are interleaved, so each holds every cell, variant
 * and seed position in the same proportion and costs about the same, and the assignment depends only on the run
 * numbers of the plan, never on a machine or a thread count.
 */
public record Shard(int index, int count) {

    public Shard {
        if (count < 1 || index < 0 || index >= count) {
            throw new IllegalArgumentException(index + "/" + count + ": " + RULE);
        }
    }

    /** How K/N is read, for every message that refuses one. */
    private static final String RULE = "give K/N with N >= 1 and K from 0 to N - 1 (shards count from 0: "
            + "--shard 0/3, 1/3 and 2/3 make a sweep of 3 shards)";

    /** @throws IllegalArgumentException naming the text and the rule, for anything but K/N with 0 <= K < N */
    public static Shard parse(String text) {
        String[] parts = text.strip().split("/", -1);
        if (parts.length != 2 || !parts[0].matches("[0-9]{1,9}") || !parts[1].matches("[0-9]{1,9}")) {
            throw new IllegalArgumentException(text + ": " + RULE);
        }
        int index = Integer.parseInt(parts[0]);
        int count = Integer.parseInt(parts[1]);
        if (count < 1 || index >= count) {
            throw new IllegalArgumentException(text + ": " + RULE);
        }
        return new Shard(index, count);
    }

    /** Whether run number {@code run} of the plan is this shard's. */
    public boolean owns(int run) {
        return run % count == index;
    }

    /** This shard's run numbers among {@code runCount}, in increasing order. */
    public int[] runs(int runCount) {
        return IntStream.range(0, runCount).filter(this::owns).toArray();
    }

    /** The folder name of this shard of a scenario's sweep, e.g. {@code random-faults-shard-0-of-3}. */
    public String folderName(String scenario) {
        return String.format(Locale.ROOT, "%s-shard-%d-of-%d", scenario, index, count);
    }

    @Override
    public String toString() {
        return index + "/" + count;
    }
}
