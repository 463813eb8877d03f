package org.rebalancesim.invariant;

/**
 * One generated timeline entry.
 *
 * @param atSeconds when, strictly inside the run
 * @param target    what it hits, as {@link TimelineKind.Target} numbers it
 * @param amount    its duration, downtime or count, in the kind's range
 */
record TimelineEntry(int atSeconds, TimelineKind kind, int target, int amount) {

    /** The YAML flow line, without its "- ". */
    String yaml(int partitions) {
        return "{at: " + atSeconds + "s, " + kind.body(kind.target().text(target), amount, partitions) + "}";
    }

    /** The same entry inside a scenario of this shape: a smaller group or a shorter run never leaves it dangling. */
    TimelineEntry fittedTo(int durationSeconds, int consumers, int partitions, int brokers) {
        int latestTarget = kind.target().max(consumers, partitions, brokers);
        return new TimelineEntry(Math.min(atSeconds, durationSeconds - 1), kind, Math.min(target, latestTarget), amount);
    }

    TimelineEntry withAtSeconds(int seconds) {
        return new TimelineEntry(seconds, kind, target, amount);
    }

    TimelineEntry withAmount(int newAmount) {
        return new TimelineEntry(atSeconds, kind, target, newAmount);
    }

    /** How far from the simplest entry of its kind: what shrinking makes smaller. */
    long distanceFromSimplest() {
        return (atSeconds - 1L) + (amount - (long) kind.minAmount()) + (target - (long) kind.target().min());
    }
}
