package org.rebalancesim.coordinator.streams;

import java.util.Collections;
import java.util.SortedSet;
import java.util.TreeSet;
import org.rebalancesim.partition.TaskId;

/**
 * The active, standby and warm-up tasks of one member (Kafka's streams TasksTuple): immutable, sorted.
 */
public record TaskSets(SortedSet<TaskId> active, SortedSet<TaskId> standby, SortedSet<TaskId> warmup) {

    public static final TaskSets EMPTY = new TaskSets(new TreeSet<>(), new TreeSet<>(), new TreeSet<>());

    public TaskSets {
        active = frozen(active);
        standby = frozen(standby);
        warmup = frozen(warmup);
    }

    public boolean isEmpty() {
        return active.isEmpty() && standby.isEmpty() && warmup.isEmpty();
    }

    /** TasksTuple.containsAny: whether any task of {@code other} is here in the same role. */
    public boolean containsAny(TaskSets other) {
        return !Collections.disjoint(active, other.active) || !Collections.disjoint(standby, other.standby)
                || !Collections.disjoint(warmup, other.warmup);
    }

    /** TasksTuple.merge: both members' tasks, role by role. */
    public TaskSets merge(TaskSets other) {
        return new TaskSets(union(active, other.active), union(standby, other.standby), union(warmup, other.warmup));
    }

    private static SortedSet<TaskId> union(SortedSet<TaskId> a, SortedSet<TaskId> b) {
        SortedSet<TaskId> all = new TreeSet<>(a);
        all.addAll(b);
        return all;
    }

    private static SortedSet<TaskId> frozen(SortedSet<TaskId> set) {
        return Collections.unmodifiableSortedSet(new TreeSet<>(set));
    }

    @Override
    public String toString() {
        return "active " + active + ", standby " + standby + (warmup.isEmpty() ? "" : ", warm-up " + warmup);
    }
}
