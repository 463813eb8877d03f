package org.rebalancesim.invariant;

/**
 * One generated recurring fault: on average every {@code meanEverySeconds} (exponential), lasting a uniform
 * 1 s to {@code maxLengthSeconds}.
 *
 * @param pod the crashing pod for {@link Kind#CRASH}, unused otherwise (the others hit every pod or broker)
 */
record RecurringFault(Kind kind, int pod, int meanEverySeconds, int maxLengthSeconds) {

    static final int MIN_EVERY_SECONDS = 30;
    static final int MAX_EVERY_SECONDS = 180;
    static final int MIN_LENGTH_SECONDS = 2;
    static final int MAX_LENGTH_SECONDS = 31;

    /** Every recurring fault kind of the scenario format. */
    enum Kind {
        GC_PAUSE("gcPause: {consumer: all, ", "duration"),
        NETWORK_PARTITION("networkPartition: {consumer: all, ", "duration"),
        SLOW_RECORD("slowRecord: {consumer: all, ", "duration"),
        CRASH("crash: {consumer: %s, ", "restartAfter"),
        BROKER_FAILURE("brokerFailure: {", "duration");

        private final String head;
        private final String lengthKey;

        Kind(String head, String lengthKey) {
            this.head = head;
            this.lengthKey = lengthKey;
        }
    }

    /** The YAML flow line, without its "- ". */
    String yaml() {
        return "{" + kind.head.replace("%s", "c" + pod) + "every: {exponential: {mean: " + meanEverySeconds + "s}}, "
                + kind.lengthKey + ": {uniform: {min: 1s, max: " + maxLengthSeconds + "s}}}}";
    }

    RecurringFault fittedTo(int consumers) {
        return new RecurringFault(kind, Math.min(pod, consumers), meanEverySeconds, maxLengthSeconds);
    }

    RecurringFault withMeanEverySeconds(int seconds) {
        return new RecurringFault(kind, pod, seconds, maxLengthSeconds);
    }

    RecurringFault withMaxLengthSeconds(int seconds) {
        return new RecurringFault(kind, pod, meanEverySeconds, seconds);
    }

    long distanceFromSimplest() {
        return (meanEverySeconds - (long) MIN_EVERY_SECONDS) + (maxLengthSeconds - (long) MIN_LENGTH_SECONDS)
                + Math.max(0, pod - 1L);
    }
}
