package org.rebalancesim.scenario;

/**
 * How pods start and stop (docs/kafka-semantics.md §22).
 *
 * @param staggerMs   time between the starts of consecutive pods (pod i starts at i * stagger)
 * @param jvmStart    time from a pod's start to its first request to the cluster, drawn anew for every
 *                    start; with {@code nodeCores} it is the CPU time of a start on a core of its own
 * @param jvmExit     time from the end of close() (LeaveGroup answered) to the process's exit, drawn anew
 *                    for every graceful close; a restart's downtime counts from the exit
 * @param nodeCores   the cores of each node the pods start on, or {@link #NO_CONTENTION}: every JVM starts
 *                    in its own {@code jvmStart}, however many start at once
 * @param podsPerNode how many pods share a node, in the order of {@code consumers.all()}, or
 *                    {@link #ONE_NODE}: all pods on one node (read only with {@code nodeCores})
 */
public record StartupSpec(long staggerMs, Distribution jvmStart, Distribution jvmExit, int nodeCores,
                          int podsPerNode) {

    public static final int NO_CONTENTION = 0;
    public static final int ONE_NODE = 0;

    /** Constant start and no exit time or contention: today's defaults with the given start time. */
    public static StartupSpec constant(long staggerMs, long jvmStartMs) {
        return new StartupSpec(staggerMs, new Distributions.Constant(jvmStartMs), new Distributions.Constant(0),
                NO_CONTENTION, ONE_NODE);
    }

    public boolean hasContention() {
        return nodeCores != NO_CONTENTION;
    }

    /** The node pod number {@code podIndex} (its place in {@code consumers.all()}) starts on. */
    public int nodeOf(int podIndex) {
        return podsPerNode == ONE_NODE ? 0 : podIndex / podsPerNode;
    }
}
