package org.rebalancesim.scenario;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.LongSupplier;

/**
 * Start-ups taken from one measured run instead of drawn: per pod, each of its starts in order, how long its
 * JVM took to come up and its client to warm up. Only {@code calibrate --replay-startups} makes them (a
 * scenario file cannot): the times are what that run's JVMs took on their machine, sharing its cores, so the
 * simulated group settles, and heartbeats, at the phase the measured one did (README, "How close is the
 * simulator to Kafka"). A start the run did not have is drawn from {@link StartupSpec}'s distributions.
 *
 * @param byPod each pod's starts in the order it made them
 */
public record ReplayedStarts(Map<String, List<Start>> byPod) {

    /** No start replayed: every start is drawn. */
    public static final ReplayedStarts NONE = new ReplayedStarts(Map.of());

    /**
     * One measured start.
     *
     * @param jvmStartMs     from the simulated launch to the started process: the measured launch to
     *                       {@code started}, plus how late the harness launched a pod the scenario starts at a
     *                       fixed time; {@link #DRAWN} for a start that never came up
     * @param clientWarmupMs from the started process to its first request, or {@link #DRAWN} where the run
     *                       names no first join
     */
    public record Start(long jvmStartMs, long clientWarmupMs) {
        public static final long DRAWN = -1;
        /** A start the run did not have: both times drawn. */
        static final Start NOT_REPLAYED = new Start(DRAWN, DRAWN);

        /** The replayed JVM start, or {@code draw}'s where there is none (drawing only then). */
        public long jvmStartMs(LongSupplier draw) {
            return jvmStartMs == DRAWN ? draw.getAsLong() : jvmStartMs;
        }

        /** The replayed warm-up, or {@code draw}'s where there is none (drawing only then). */
        public long clientWarmupMs(LongSupplier draw) {
            return clientWarmupMs == DRAWN ? draw.getAsLong() : clientWarmupMs;
        }
    }

    public ReplayedStarts {
        Map<String, List<Start>> copy = new LinkedHashMap<>();
        byPod.forEach((pod, starts) -> copy.put(pod, List.copyOf(starts)));
        byPod = Map.copyOf(copy);
    }

    /** The pod's start number {@code index} (from 0); one with both times drawn when the run had no such start. */
    public Start start(String pod, int index) {
        List<Start> starts = byPod.getOrDefault(pod, List.of());
        return index < starts.size() ? starts.get(index) : Start.NOT_REPLAYED;
    }
}
