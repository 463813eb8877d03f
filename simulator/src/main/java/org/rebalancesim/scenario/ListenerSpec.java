package org.rebalancesim.scenario;

/**
 * How long the application's ConsumerRebalanceListener takes (consumers.listener): its callbacks run on the
 * application thread inside poll(), where Kafka runs them (docs/kafka-semantics.md §6, §17), and take their
 * drawn time there. A scenario holds them per pod ({@link PerPod}: consumers.listener.overrides).
 */
public final class ListenerSpec {

    /** Callbacks that take no time, for every pod: a scenario without {@code consumers.listener}. */
    public static final PerPod<Callbacks> NONE = PerPod.all(new Callbacks(CallbackTime.NONE, CallbackTime.NONE,
            CallbackTime.NONE));

    private ListenerSpec() {
    }

    /**
     * How long one callback takes: {@code base} plus {@code perPartition} for each partition it is given, as a
     * callback that flushes or loads state partition by partition does. Each drawn anew for every call (the
     * per-partition time once per partition).
     *
     * @param base         the call's own time
     * @param perPartition the time each partition given to the call adds
     */
    public record CallbackTime(Distribution base, Distribution perPartition) {

        /** No time at all. */
        public static final CallbackTime NONE = new CallbackTime(Distributions.NO_TIME, Distributions.NO_TIME);

        /** A time that does not depend on the partitions. */
        public static CallbackTime of(Distribution base) {
            return new CallbackTime(base, NONE.perPartition);
        }

        /** Whether the callback never takes time. */
        public boolean isZero() {
            return isZero(base) && isZero(perPartition);
        }

        private static boolean isZero(Distribution distribution) {
            return distribution instanceof Distributions.Constant constant && constant.valueMs() == 0;
        }
    }

    /**
     * The three callbacks' durations.
     *
     * @param onPartitionsRevoked  giving partitions up with the group's consent (eager: all of them before the
     *                             JoinGroup; cooperative and consumer protocol: those that move; close())
     * @param onPartitionsAssigned taking the new assignment, called even with nothing new
     * @param onPartitionsLost     giving partitions up after the member was fenced or its generation reset
     */
    public record Callbacks(CallbackTime onPartitionsRevoked, CallbackTime onPartitionsAssigned,
                            CallbackTime onPartitionsLost) {

        /** Whether every callback takes no time: the model's behaviour without a listener section. */
        public boolean takesNoTime() {
            return onPartitionsRevoked.isZero() && onPartitionsAssigned.isZero() && onPartitionsLost.isZero();
        }
    }
}
