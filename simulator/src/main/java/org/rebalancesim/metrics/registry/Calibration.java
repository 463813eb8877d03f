package org.rebalancesim.metrics.registry;

/**
 * How {@code calibrate} judges a metric: the median over the simulated seeds against the median of the
 * runs measured on real Kafka, and, when both sides have a spread, their ranges must overlap (the spread
 * rule); {@code calibration.Comparison} applies it.
 */
public enum Calibration {
    /** A time: within the tolerance of the measured median. */
    WITHIN_TOLERANCE("within tolerance", "the simulated median within max(tolerance % of the measured median, one"
            + " heartbeat interval of the variant) of it (a member learns of a rebalance at its next heartbeat, so"
            + " that much is the measurement's own grain), and the simulated p5..p95 overlapping the measured"
            + " min..max when both have a spread"),
    /** A count of protocol events: exactly the measured median. */
    EXACT("exact", "the simulated median equal to the measured median (within half a count once a side has a"
            + " spread: a median of an even number of runs may fall between two counts): a count of protocol"
            + " events"),
    /** Exactly with a sticky assignor, for information otherwise. */
    EXACT_IF_STICKY("exact if sticky", "exactly with a sticky assignor (sticky, cooperative-sticky, uniform), which"
            + " moves only what balance requires; for information with range and round-robin, which place"
            + " partitions by member id, and member ids are random in real Kafka"),
    /** Shown, not judged. */
    INFORMATION("information", "shown, not judged: it depends on the real producer's and the real processing's"
            + " timing, not on the group protocol"),
    /** Not seen by any client: shown as the replay infers it, not judged. */
    NOT_OBSERVABLE("not observable", "shown, not judged: no client sees it (the coordinator's state), so the"
            + " measured value is only the replay's inference from the callbacks"),
    /** A metric of runs calibrate refuses (a Kubernetes workload's): never measured. */
    NOT_CALIBRATED("not calibrated", "never measured: calibrate refuses a Kubernetes workload, whose pods it cannot"
            + " run as plain JVMs");

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
