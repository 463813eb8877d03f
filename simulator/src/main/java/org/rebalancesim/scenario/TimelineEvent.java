package org.rebalancesim.scenario;

import java.util.Optional;

/**
 * One operation of the timeline, at a simulated time or after an event of the run.
 *
 * @param atMs      when it happens, from the start of the run; for an anchored entry the earliest it can
 *                  happen (its anchor at the earliest, plus its delay), which is what it is validated
 *                  and ordered by
 * @param operation what happens
 * @param anchor    {@code at: {after: ..., plus: ...}}, or null for {@code at: 2m}
 */
public record TimelineEvent(long atMs, Operation operation, Anchor anchor) {

    /**
     * {@code at: {after: stable, plus: 10s}}.
     *
     * @param after    the event it waits for
     * @param plusMs   how long after it
     * @param previous for an anchor that {@link TimelineAnchor#needsPrevious()}, the index in the variant's
     *                 timeline of the entry written just before this one; -1 otherwise
     */
    public record Anchor(TimelineAnchor after, long plusMs, int previous) {

        /** {@code {after: stable, plus: 10s}}, as the scenario file writes it. */
        public String text() {
            return "{after: " + after.yamlName() + ", plus: " + Durations.format(plusMs) + "}";
        }
    }

    /** An entry at a fixed time. */
    public TimelineEvent(long atMs, Operation operation) {
        this(atMs, operation, null);
    }

    /**
     * {@code timeline[2]}: how the report's configuration table and the story name the entry at
     * {@code index} of a variant's timeline (in time order, anchored entries at their earliest time).
     */
    public static String label(int index) {
        return "timeline[" + index + "]";
    }

    public boolean isAnchored() {
        return anchor != null;
    }

    /** {@code at 2m} or {@code at {after: stable, plus: 10s}}, as the scenario file writes it. */
    public String whenText() {
        return "at " + (anchor == null ? Durations.format(atMs) : anchor.text());
    }

    /** The operation if it is a {@code type}, e.g. to find the subscription changes among the events. */
    public <T extends Operation> Optional<T> operationAs(Class<T> type) {
        return type.isInstance(operation) ? Optional.of(type.cast(operation)) : Optional.empty();
    }
}
