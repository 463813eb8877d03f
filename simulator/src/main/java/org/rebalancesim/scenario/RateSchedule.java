package org.rebalancesim.scenario;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * A topic's produce rate that changes over the run: constant between steps, so that an autoscaler has something to
 * react to (docs/scenario-format.md, "topics"). Before the first step nothing is produced. The records produced by a
 * time are a closed-form sum over the steps (kept as running totals, found by binary search), so a run spends no
 * event on a rate change and a fetch no more than a search.
 */
public final class RateSchedule {

    /** From {@code atMs} on, {@code recordsPerSecond}. */
    public record Step(long atMs, double recordsPerSecond) {
    }

    private final List<Step> steps;
    private final long[] startMs;
    /** Records produced before each step. */
    private final double[] before;
    private final String text;

    /**
     * @param steps in increasing time
     * @param text  how the scenario wrote it, for the report's configuration table
     */
    public RateSchedule(List<Step> steps, String text) {
        this.steps = List.copyOf(steps);
        this.text = text;
        this.startMs = new long[steps.size()];
        this.before = new double[steps.size()];
        double produced = 0;
        for (int i = 0; i < steps.size(); i++) {
            startMs[i] = steps.get(i).atMs();
            before[i] = produced;
            if (i + 1 < steps.size()) {
                produced += steps.get(i).recordsPerSecond() * (steps.get(i + 1).atMs() - startMs[i]) / 1000.0;
            }
        }
    }

    /**
     * A daily curve: a cosine between {@code minPerSecond} and {@code maxPerSecond} with its peak {@code peakMs} into
     * the {@code periodMs}, the run starting {@code startMs} into it, as steps of {@code stepMs}, each holding the
     * curve's value at its middle, up to {@code durationMs}.
     */
    public static RateSchedule curve(double minPerSecond, double maxPerSecond, long periodMs, long peakMs, long startMs,
                              long stepMs, long durationMs, String text) {
        List<Step> steps = new ArrayList<>();
        for (long at = 0; at < durationMs; at += stepMs) {
            double phase = 2 * Math.PI * ((startMs + at + stepMs / 2.0 - peakMs) % periodMs) / periodMs;
            steps.add(new Step(at, minPerSecond + (maxPerSecond - minPerSecond) * (1 + Math.cos(phase)) / 2));
        }
        return new RateSchedule(steps, text);
    }

    public List<Step> steps() {
        return steps;
    }

    public String text() {
        return text;
    }

    /** The rate in force at {@code nowMs}. */
    public double rateAt(long nowMs) {
        int step = stepAt(nowMs);
        return step < 0 ? 0 : steps.get(step).recordsPerSecond();
    }

    public double peakPerSecond() {
        return steps.stream().mapToDouble(Step::recordsPerSecond).max().orElse(0);
    }

    /** Records produced to the topic from time 0 to {@code nowMs} (a real number: the logs take the floors). */
    public double recordsBy(long nowMs) {
        int step = stepAt(nowMs);
        return step < 0 ? 0 : before[step] + steps.get(step).recordsPerSecond() * (nowMs - startMs[step]) / 1000.0;
    }

    /** The earliest time at or after {@code fromMs} by which {@code records} have been produced; MAX_VALUE if never. */
    public long timeOfRecords(double records, long fromMs) {
        int first = Math.max(0, stepAt(fromMs));
        for (int i = first; i < steps.size(); i++) {
            double rate = steps.get(i).recordsPerSecond() / 1000.0;
            double after = i + 1 < steps.size() ? before[i + 1] : Double.POSITIVE_INFINITY;
            if (rate > 0 && records <= after) {
                long at = (long) Math.ceil(startMs[i] + Math.max(0, records - before[i]) / rate);
                return Math.max(at, fromMs);
            }
        }
        return steps.isEmpty() || records > recordsBy(fromMs) ? Long.MAX_VALUE : fromMs;
    }

    /** The index of the step in force at {@code nowMs}, or -1 before the first. */
    private int stepAt(long nowMs) {
        int found = Arrays.binarySearch(startMs, nowMs);
        return found >= 0 ? found : -found - 2;
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof RateSchedule schedule && schedule.steps.equals(steps);
    }

    @Override
    public int hashCode() {
        return steps.hashCode();
    }

    @Override
    public String toString() {
        return text;
    }
}
