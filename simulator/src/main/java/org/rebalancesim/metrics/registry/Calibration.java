package org.rebalancesim.metrics.registry;

/**
 * How {@code calibrate} judges a metric simulated against the median of the runs measured on real
 * Kafka; {@code calibration.Comparison} applies it.
 */
public enum Calibration {
    /** A time: within the tolerance of the measured median. */
    WITHIN_TOLERANCE("within tolerance", "within max(tolerance % of the measured median, one heartbeat interval of"
            + " the variant): a member learns of a rebalance at its next heartbeat, so that much is the"
            + " measurement's own grain"),
    /** A count of protocol events: exactly the measured median. */
    EXACT("exact", "exactly the measured median: a count of protocol events"),
    /** Exactly with a sticky assignor, for information otherwise. */
    EXACT_IF_STICKY("exact if sticky", "exactly with a sticky assignor (sticky, cooperative-sticky, uniform), which"
            + " moves only what balance requires; for information with range and round-robin, which place"
            + " partitions by member id, and member ids are random in real Kafka"),
    /** Shown, not judged. */
    INFORMATION("information", "shown, not judged: it depends on the real producer's and the real processing's"
            + " timing, not on the group protocol"),
    /** Not seen by any client: shown as the replay infers it, not judged. */
    NOT_OBSERVABLE("not observable", "shown, not judged: no client sees it (the coordinator's state), so the"
            + " measured value is only the replay's inference from the callbacks");

    private final String label;
    private final String rule;

    Calibration(String label, String rule) {
        this.label = label;
        this.rule = rule;
    }

    /** The rule in two words, for tables. */
    public String label() {
        return label;
    }

    /** The rule in a sentence, for the metric reference. */
    public String rule() {
        return rule;
    }
}
