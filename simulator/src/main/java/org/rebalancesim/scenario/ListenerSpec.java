package org.rebalancesim.scenario;

import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;

/**
 * How long the application's ConsumerRebalanceListener takes (consumers.listener): its callbacks run on the
 * application thread inside poll(), where Kafka runs them (docs/kafka-semantics.md §6, §17), and take their
 * drawn time there.
 *
 * @param shared    the callbacks of every pod
 * @param overrides pods whose callbacks differ (consumers.listener.overrides), fully resolved
 */
public record ListenerSpec(Callbacks shared, Map<String, Callbacks> overrides) {

    /**
     * The three callbacks' durations, each drawn anew for every call.
     *
     * @param onPartitionsRevoked  giving partitions up with the group's consent (eager: all of them before the
     *                             JoinGroup; cooperative and consumer protocol: those that move; close())
     * @param onPartitionsAssigned taking the new assignment, called even with nothing new
     * @param onPartitionsLost     giving partitions up after the member was fenced or its generation reset
     */
    public record Callbacks(Distribution onPartitionsRevoked, Distribution onPartitionsAssigned,
                            Distribution onPartitionsLost) {

        /** Whether every callback takes no time: the model's behaviour without a listener section. */
        public boolean takesNoTime() {
            return isZero(onPartitionsRevoked) && isZero(onPartitionsAssigned) && isZero(onPartitionsLost);
        }

        private static boolean isZero(Distribution distribution) {
            return distribution instanceof Distributions.Constant constant && constant.valueMs() == 0;
        }
    }

    /** Callbacks that take no time, for every pod: a scenario without {@code consumers.listener}. */
    public static final ListenerSpec NONE = new ListenerSpec(new Callbacks(new Distributions.Constant(0),
            new Distributions.Constant(0), new Distributions.Constant(0)), Map.of());

    public ListenerSpec {
        overrides = Collections.unmodifiableMap(new TreeMap<>(overrides));
    }

    /** The callbacks of one pod: its override, or the shared ones. */
    public Callbacks of(String pod) {
        return overrides.getOrDefault(pod, shared);
    }
}
