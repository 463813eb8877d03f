package org.rebalancesim.scenario;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * What a timeline entry may be timed after, {@code at: {after: stable, plus: 10s}}, instead of the
 * run's start. "Settled" is decided from the group event stream alone, the same way for every protocol
 * (docs/scenario-format.md, "Timeline anchors"): the coordinator reported the rebalance complete, no
 * rebalance has started since, and every running pod is a member of that assignment and, for a
 * classic generation, has received its part.
 */
public enum TimelineAnchor {
    /** The first time the group settled with every pod of {@code consumers:} started. */
    STABLE("stable", false, "the group settled"),
    /** The entry written just before this one ran. */
    PREVIOUS("previous", true, "the previous entry ran"),
    /** The first time the group became settled again after the entry written just before this one ran. */
    STABLE_AGAIN("stableAgain", true, "the group settled again after the previous entry");

    private final String yamlName;
    private final boolean needsPrevious;
    private final String event;

    TimelineAnchor(String yamlName, boolean needsPrevious, String event) {
        this.yamlName = yamlName;
        this.needsPrevious = needsPrevious;
        this.event = event;
    }

    /** The value of {@code after:}. */
    public String yamlName() {
        return yamlName;
    }

    /** Whether it refers to the entry written before it (so the first entry cannot use it). */
    public boolean needsPrevious() {
        return needsPrevious;
    }

    /** The event in words, for the story: "the group settled". */
    public String event() {
        return event;
    }

    static Optional<TimelineAnchor> named(String name) {
        return Arrays.stream(values()).filter(anchor -> anchor.yamlName.equals(name)).findFirst();
    }

    /** The accepted values of {@code after:}, in this order. */
    static List<String> names() {
        return Arrays.stream(values()).map(TimelineAnchor::yamlName).toList();
    }
}
