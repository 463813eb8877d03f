package org.rebalancesim.explain;

/**
 * The words around the "What would have helped" lists, one place for explain's text, report.html and
 * summary.md. The items themselves come from the story ({@link VariantExplanation#helped()}), derived from
 * the run's own limits.
 */
public final class HelpedText {

    public static final String HEADING = "What would have helped";

    public static final String NOTE = "Per variant, the settings that would have kept its members in the group, each "
            + "derived from a cause chain of its story and the limits it ran with: the longest GC pause or network "
            + "partition that evicted a member against the session, the longest slow record that timed out a poll "
            + "against max.poll.interval.ms, a restart against the session or dynamic membership "
            + "(docs/metrics.md gives the rules behind each figure).";

    /** A variant none of whose departures a setting could have prevented. */
    public static final String NOTHING = "Nothing in this run's limits would have prevented its rebalances: no member "
            + "outgrew its session or max.poll.interval.ms, and no restart could have been bridged by one.";

    private HelpedText() {
    }
}
