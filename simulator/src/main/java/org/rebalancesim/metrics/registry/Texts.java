package org.rebalancesim.metrics.registry;

/** Texts several metric definitions share (an enum's constants cannot name its own static fields). */
final class Texts {

    /** How calibrate measures a metric it never meets: its runs have no Kubernetes workload. */
    static final String NOT_MEASURED = "not measured: calibrate refuses a Kubernetes workload";

    private Texts() {
    }
}
