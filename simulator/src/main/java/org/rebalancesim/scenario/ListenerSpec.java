package org.rebalancesim.scenario;

/**
 * How long the application's ConsumerRebalanceListener takes (consumers.listener): its callbacks run on the
 * application thread inside poll(), where Kafka runs them (docs/kafka-semantics.md §6, §17), and take their
 * drawn time there. A scenario holds them per pod ({@link PerPod}: consumers.listener.overrides).
 */
public final class ListenerSpec {

    /** Callbacks that take no time, for every pod: a scenario without {@code consumers.listener}. */
    public static final PerPod<Callbacks> NONE = PerPod.all(new Callbacks(new Distributions.Constant(0),
            new Distributions.Constant(0), new Distributions.Constant(0)));

    private ListenerSpec() {
    }

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

}
