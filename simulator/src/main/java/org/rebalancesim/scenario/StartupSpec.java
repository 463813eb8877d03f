package org.rebalancesim.scenario;

/**
 * How pods start and stop (docs/kafka-semantics.md §22).
 *
 * @param staggerMs   time between the starts of consecutive pods (pod i starts at i * stagger)
 * @param jvmStart    time from a pod's start to the started process (the application subscribed), drawn
 *                    anew for every start; with {@code nodeCores} it is the CPU time of a start on a core
 *                    of its own
 * @param clientWarmup time from a started process (the application has subscribed) to its consumer's
 *                    first request, drawn anew for every start: the cold client's own work in its first
 *                    poll() (class loading, JIT) before the start-up round trips
 * @param closeWork   close()'s own work after its commit, revocation and LeaveGroup until it returns
 *                    (closing the heartbeat thread, the network client and, in Kafka Streams, the tasks,
 *                    restore consumer and producer), drawn anew for every graceful close; the member sends
 *                    no heartbeat meanwhile, so a member that does not leave is fenced a session after its
 *                    close's last commit
 * @param jvmExit     time from the end of close() (LeaveGroup answered) to the process's exit, drawn anew
 *                    for every graceful close; a restart's downtime counts from the exit
 * @param nodeCores   the cores of each node the pods start on, or {@link #NO_CONTENTION}: every JVM starts
 *                    in its own {@code jvmStart}, however many start at once
 * @param podsPerNode how many pods share a node, in the order of {@code consumers.all()}, or
 *                    {@link #ONE_NODE}: all pods on one node (read only with {@code nodeCores})
 * @param firstAssignment the classic leader's own work the first time its process assigns (cold code: class
 *                    loading and JIT of the assignor and of the SyncGroup path, however long the process has
 *                    run), drawn anew for every process, charged before that SyncGroup on top of the
 *                    assignor's compute time; a process that has assigned before pays none
 * @param firstSync   a classic member's own work between its SyncGroup answer and its onPartitionsAssigned in
 *                    its process's first rebalance (the cold onJoinComplete path: the assignment's
 *                    deserialization, the listener's first call), leader or follower, drawn anew for every
 *                    process and charged before that callback
 * @param firstActiveTask a Kafka Streams thread's own work before the first active tasks its process runs go on, a
 *                    stateful one to its restoration, a stateless one to the state updater (cold code: creating the
 *                    tasks, initializing their processors, opening their stores, however long the process has
 *                    run), drawn anew for every process; its later tasks pay none
 * @param coresPerStart how many cores one starting JVM keeps busy (its main thread, JIT compiler and GC
 *                    threads), {@link #ONE_CORE} unless the scenario says (read only with {@code nodeCores})
 * @param coreShareSpread how unequally the starts under way on a node share its cores: the sigma of the
 *                    lognormal weight (median 1) each process draws at its JVM's start and keeps for its client's
 *                    warm-up, {@link #EQUAL_SHARES} unless the scenario says (read only with {@code nodeCores})
 * @param replayed    starts taken from a measured run instead of drawn ({@code calibrate --replay-startups}),
 *                    or {@link ReplayedStarts#NONE}: a scenario file cannot set them
 */
public record StartupSpec(long staggerMs, Distribution jvmStart, Distribution clientWarmup, Distribution closeWork,
                          Distribution jvmExit,
                          Distribution firstAssignment, Distribution firstSync, Distribution firstActiveTask,
                          int nodeCores, int podsPerNode, double coresPerStart, double coreShareSpread,
                          ReplayedStarts replayed) {

    public static final int NO_CONTENTION = 0;
    public static final int ONE_NODE = 0;
    public static final double ONE_CORE = 1.0;
    public static final double EQUAL_SHARES = 0.0;

    /** Constant start and no warm-up, exit time or contention: the defaults with the given start time. */
    public static StartupSpec constant(long staggerMs, long jvmStartMs) {
        Distribution none = Distributions.NO_TIME;
        return new StartupSpec(staggerMs, new Distributions.Constant(jvmStartMs), none, none, none, none, none,
                none, NO_CONTENTION, ONE_NODE, ONE_CORE, EQUAL_SHARES, ReplayedStarts.NONE);
    }

    /**
     * The same, with {@code starts} replayed and no sharing of cores: a replayed start took its measured time
     * with the cores it had, and a start not replayed takes its drawn one.
     */
    public StartupSpec replaying(ReplayedStarts starts) {
        return new StartupSpec(staggerMs, jvmStart, clientWarmup, closeWork, jvmExit, firstAssignment, firstSync,
                firstActiveTask, NO_CONTENTION, ONE_NODE, ONE_CORE, EQUAL_SHARES, starts);
    }

    public boolean hasContention() {
        return nodeCores != NO_CONTENTION;
    }

    /** The node pod number {@code podIndex} (its place in {@code consumers.all()}) starts on. */
    public int nodeOf(int podIndex) {
        return podsPerNode == ONE_NODE ? 0 : podIndex / podsPerNode;
    }
}
