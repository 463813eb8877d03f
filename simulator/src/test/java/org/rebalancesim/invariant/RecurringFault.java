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
        GC_PAUSE("gcPause", Scope.ALL_PODS, "duration"),
        NETWORK_PARTITION("networkPartition", Scope.ALL_PODS, "duration"),
        SLOW_RECORD("slowRecord", Scope.ALL_PODS, "duration"),
        CRASH("crash", Scope.ONE_POD, "restartAfter"),
        BROKER_FAILURE("brokerFailure", Scope.BROKERS, "duration");

        private final String yamlName;
        private final Scope scope;
        private final String lengthKey;

        Kind(String yamlName, Scope scope, String lengthKey) {
            this.yamlName = yamlName;
            this.scope = scope;
            this.lengthKey = lengthKey;
        }

        String yamlName() {
            return yamlName;
        }

        boolean hitsOnePod() {
            return scope == Scope.ONE_POD;
        }
    }

    /** What a fault hits: every pod, the one pod it names, or the brokers (no key). */
    enum Scope { ALL_PODS, ONE_POD, BROKERS }

    /** The YAML flow line, without its "- ". */
    String yaml() {
        String scope = switch (kind.scope) {
            case ALL_PODS -> "consumer: all, ";
            case ONE_POD -> "consumer: c" + pod + ", ";
            case BROKERS -> "";
        };
        return "{" + kind.yamlName + ": {" + scope + "every: {exponential: {mean: " + meanEverySeconds + "s}}, "
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
