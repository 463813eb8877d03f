package org.rebalancesim.metrics.registry;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The registry of the metrics every run reports: each metric is defined here once, with its name,
 * unit, better direction, calibration rule against real Kafka, meaning, and how {@code calibrate}
 * obtains it from a run on real Kafka. {@code expect:} rules, {@code check}, {@code sweep},
 * {@code calibrate}, the reports, the explanation and docs/metrics.md all read it.
 *
 * <p>Constants are declared in the order their names were introduced, which is the order messages
 * list the known names in; a new metric goes at the end. Reports show metrics by {@link Section},
 * and within a section in declaration order ({@link #inReportOrder()}).
 *
 * <p>A run supplies each value to {@link MetricValues}: the recorder at the end of a run
 * ({@code RunRecorder.finish}), which a run measured on real Kafka replays its events into, so both
 * sides compute a metric with the same code.
 */
public enum Metric {
    REBALANCES("rebalances", Section.REBALANCES, Unit.COUNT, Direction.LOWER_IS_BETTER, Calibration.EXACT,
            "rebalances completed in the window, the count the comparison table ranks by: classic, each generation"
                    + " that reached Stable (both rounds of a cooperative rebalance count); consumer protocol, each"
                    + " target assignment epoch that every member reconciled to (group epoch bumps close together"
                    + " make one target: the coordinator's own count is groupEpochBumps)",
            "generations (member epochs) the members' callbacks show completed, each counted once"),
    REBALANCE_TIME_MS("rebalanceTimeMs", Section.TIME, Unit.MS, Direction.LOWER_IS_BETTER, Calibration.WITHIN_TOLERANCE,
            "time the group had members and was not stable: classic, PreparingRebalance + CompletingRebalance;"
                    + " consumer protocol, assigning + reconciling",
            "from the first sign of each rebalance (a join, a revocation, a departure) to its completion; on the"
                    + " embedded broker from the coordinator's own log line (a classic PreparingRebalance, a consumer"
                    + " group's epoch bump) to, classic, the leader's SyncGroup line and, consumer protocol, the first"
                    + " sample of the group's state (Admin.describeConsumerGroups, every 25 ms) that shows it STABLE"
                    + " again in that epoch"),
    STOP_THE_WORLD_MS("stopTheWorldMs", Section.TIME, Unit.MS, Direction.LOWER_IS_BETTER, Calibration.WITHIN_TOLERANCE,
            "existing members blocked: summed over live members that have held partitions since their process"
                    + " started, the time one could process none of its partitions because of a rebalance: eager,"
                    + " from revoking everything before JoinGroup until the SyncGroup answer; cooperative, only"
                    + " while it holds nothing it may process; consumer protocol, the same, so a member that keeps"
                    + " partitions is never stopped. A process still waiting for its first partitions counts in"
                    + " newMemberWaitMs instead; a member shutting down (its `close()` revokes everything, then leaves)"
                    + " is not stopped by the rebalance its leave starts",
            "the same rule applied to each worker's lives and callbacks, while a rebalance is under way; a"
                    + " worker's revocations after its stop was requested are its close()'s"),
    MAX_STOP_THE_WORLD_MS("maxStopTheWorldMs", Section.TIME, Unit.MS, Direction.LOWER_IS_BETTER,
            Calibration.WITHIN_TOLERANCE,
            "the longest single stop-the-world interval of one existing member (as stopTheWorldMs)",
            "as stopTheWorldMs"),
    PARTITION_DOWNTIME_MS("partitionDowntimeMs", Section.TIME, Unit.MS, Direction.LOWER_IS_BETTER,
            Calibration.WITHIN_TOLERANCE,
            "summed over partitions, the time without an owner that can work on it: unassigned or revoked, or"
                    + " held by a dead, paused (GC) or cut-off member. A slow record is not downtime (its owner"
                    + " works): it shows as lag",
            "from the workers' assignment callbacks and each pod's lives and pauses; under the streams protocol,"
                    + " whose rebalance listener Kafka Streams keeps to itself, from its tasks' starts, which come"
                    + " after the state updater's hand-over: a measured hand-over ends up to two poll.ms later than"
                    + " its assignment (the simulation counts that time as the task's, in taskDowntimeMs)"),
    MAX_PARTITION_DOWNTIME_MS("maxPartitionDowntimeMs", Section.TIME, Unit.MS, Direction.LOWER_IS_BETTER,
            Calibration.WITHIN_TOLERANCE,
            "the longest single downtime of one partition",
            "as partitionDowntimeMs"),
    EVICTIONS("evictions", Section.MEMBERS, Unit.COUNT, Direction.LOWER_IS_BETTER, Calibration.EXACT,
            "members the coordinator removed: session timeout, or not rejoining or syncing within the rebalance"
                    + " timeout",
            "inferred from lost callbacks and from lives that ended without leaving the group; on the embedded"
                    + " broker a session expiry is at the coordinator's own line for it, a leave at its line for the"
                    + " LeaveGroup"),
    POLL_TIMEOUTS("pollTimeouts", Section.MEMBERS, Unit.COUNT, Direction.LOWER_IS_BETTER, Calibration.EXACT,
            "members that left because max.poll.interval.ms passed between two polls",
            "two polls of one life more than max.poll.interval.ms apart, with no pause between them"),
    DUPLICATES("duplicates", Section.RECORDS, Unit.RECORDS, Direction.LOWER_IS_BETTER, Calibration.INFORMATION,
            "records processed more than once in the window (processed but not committed before their partition"
                    + " moved or their member died), whose results readers see twice: none for a Kafka Streams"
                    + " application under exactly_once_v2, whose first attempt's transaction is never committed (the"
                    + " work done twice still counts in recordsProcessed)",
            "the workers' processed offset ranges"),
    MAX_LAG("maxLag", Section.RECORDS, Unit.RECORDS, Direction.LOWER_IS_BETTER, Calibration.INFORMATION,
            "the largest total lag (records produced, not yet processed), sampled at 2,000 points of the window",
            "the last produced log end offsets minus the records processed at least once, sampled alike"),
    RECORDS_PRODUCED("recordsProduced", Section.RECORDS, Unit.RECORDS, Direction.NEUTRAL, Calibration.INFORMATION,
            "records produced to the consumed topics over the whole run",
            "the load producer's log end offsets"),
    RECORDS_PROCESSED("recordsProcessed", Section.RECORDS, Unit.RECORDS, Direction.NEUTRAL, Calibration.INFORMATION,
            "records processed over the whole run, duplicates included",
            "the workers' processed offset ranges"),
    RECORDS_PROCESSED_UNIQUE("recordsProcessedUnique", Section.RECORDS, Unit.RECORDS, Direction.HIGHER_IS_BETTER,
            Calibration.INFORMATION,
            "distinct records processed over the whole run; recordsProduced = recordsProcessedUnique + finalLag",
            "the workers' processed offset ranges"),
    FINAL_LAG("finalLag", Section.RECORDS, Unit.RECORDS, Direction.LOWER_IS_BETTER, Calibration.INFORMATION,
            "records produced and not yet processed at the end of the run",
            "recordsProduced - recordsProcessedUnique"),
    PARTITIONS_MOVED("partitionsMoved", Section.REBALANCES, Unit.COUNT, Direction.LOWER_IS_BETTER,
            Calibration.EXACT_IF_STICKY,
            "partitions whose owning pod changed from one generation (epoch) to the next",
            "the owners each member reported after its callbacks in each completed generation"),
    ZOMBIE_OVERLAP_MS("zombieOverlapMs", Section.OWNERSHIP, Unit.MS, Direction.LOWER_IS_BETTER,
            Calibration.WITHIN_TOLERANCE,
            "summed over partitions, the time a member of an older generation still processed a partition that a"
                    + " newer owner had (an evicted or timed-out member that has not polled yet: Kafka lets it, and"
                    + " fences its commits)",
            "the workers' ownership after each callback"),
    OWNERSHIP_VIOLATIONS("ownershipViolations", Section.OWNERSHIP, Unit.COUNT, Direction.LOWER_IS_BETTER,
            Calibration.EXACT,
            "times two members of the same generation owned one partition: a bug of the simulator if ever above 0",
            "the workers' ownership after each callback"),
    DOWNTIME_BY_CAUSE("downtimeByCause", DowntimeCause.keys(), Section.TIME, Unit.MS, Direction.LOWER_IS_BETTER,
            Calibration.WITHIN_TOLERANCE,
            "partitionDowntimeMs split by the cause of the downtime (they add up to it), one metric per cause",
            "as partitionDowntimeMs"),
    // Metrics that mean one thing across protocols (docs/kafka-semantics.md §23).
    GROUP_EPOCH_BUMPS("groupEpochBumps", Section.REBALANCES, Unit.COUNT, Direction.LOWER_IS_BETTER, Calibration.EXACT,
            "the coordinator's count, as operators see it (the generation or epoch of kafka-consumer-groups"
                    + " --describe --state): classic, each new generation (ClassicGroup.initNextGeneration, at the"
                    + " end of every join phase, also one that never reaches Stable or ends Empty); consumer"
                    + " protocol, each group epoch bump (a member joined, left, was fenced or changed its"
                    + " subscription; the metadata changed). A generation lost with a rebalance in flight at a"
                    + " coordinator failover and reached again counts once",
            "the rise of the highest generation (member epoch) the members' callbacks show; under the consumer"
                    + " protocol also one bump at the start of each rebalance still open at the end"),
    RECONCILING_TIME_MS("reconcilingTimeMs", Section.TIME, Unit.MS, Direction.NEUTRAL, Calibration.NOT_OBSERVABLE,
            "consumer protocol: the time the group was RECONCILING, from a new target assignment until every member"
                    + " reached it (member epoch = assignment epoch, nothing left to revoke or to receive); the"
                    + " part of rebalanceTimeMs after ASSIGNING. Classic: 0, as there is no target to reconcile to"
                    + " (each member gets its part whole with its SyncGroup answer). Not ranked: rank by"
                    + " rebalanceTimeMs",
            "as rebalanceTimeMs: the sampled state does not tell assigning from reconciling apart reliably (the"
                    + " assignment interval is shorter than most samples' reach) and a client sees neither, so the"
                    + " replay counts each consumer-protocol rebalance as reconciling throughout"),
    NEW_MEMBER_WAIT_MS("newMemberWaitMs", Section.TIME, Unit.MS, Direction.LOWER_IS_BETTER,
            Calibration.WITHIN_TOLERANCE,
            "new members waiting: summed over live members that have held no partition since their process"
                    + " started, the time one holds nothing while the group rebalances: a new or restarted dynamic"
                    + " pod's first join under every protocol, and under the consumer protocol its wait for"
                    + " partitions the others have yet to revoke. (A member a group with more members than"
                    + " partitions leaves without any counts here too.) stopTheWorldMs + newMemberWaitMs is the"
                    + " blocked time of all members",
            "as stopTheWorldMs; under the streams protocol a new member waits, as measured, until its first"
                    + " task starts (see partitionDowntimeMs)"),
    // The members are events.CommitFailure's keys, and listenerTimeByCallback's events.ListenerCallback's methods
    // (MetricTest holds them equal): the registry depends on nothing of the project.
    COMMIT_FAILURES("commitFailures", List.of("commitFailed", "rebalanceInProgress", "retriableCommitFailed"),
            Section.RECORDS, Unit.COUNT,
            Direction.LOWER_IS_BETTER, Calibration.INFORMATION,
            "offset commits that failed in the window, by the exception commitSync throws (commitAsync's callback"
                    + " gets it, auto-commit logs it):"
                    + " commitFailed, the member was no longer in the group's generation (it resets its generation and"
                    + " rejoins; what it processed since its last commit is processed again by the next owner);"
                    + " rebalanceInProgress, the group was rebalancing (the member completes the rebalance at its next"
                    + " poll(); Kafka Streams sends no commit while its own rebalance is in progress);"
                    + " retriableCommitFailed, a commitAsync met a retriable error (the coordinator unknown"
                    + " or moved, or no answer in time) and is not retried (a later commit carries its offsets)",
            "the workers' failed commitSync calls, by exception (Kafka Streams commits by itself: its workers see"
                    + " no failure)"),
    // Kafka Streams applications only (docs/kafka-semantics.md §19).
    TASK_DOWNTIME_MS("taskDowntimeMs", Section.STREAMS, Unit.MS, Direction.LOWER_IS_BETTER,
            Calibration.WITHIN_TOLERANCE,
            "Kafka Streams: summed over tasks, the time a task did not run: one of its partitions down (as in"
                    + " partitionDowntimeMs: unassigned, or held by a dead, paused or cut-off instance, such as one"
                    + " closed without a LeaveGroup until its session expires) or its state restoring on the instance"
                    + " that holds it: from the assignment until the stream thread runs the task, which takes its"
                    + " state updater's hand-over even for a stateless task",
            "each Kafka Streams worker's partitions (its stream thread's rebalance callbacks) and restorations"
                    + " (its restore listener: a stateful task restores from its partitions' assignment to its"
                    + " restoreEnd) and, where the worker logs them, its tasks' starts (their processors'"
                    + " initialization: from the assignment to it, stateless tasks too); under the streams protocol"
                    + " the worker sees a task only from its start (see partitionDowntimeMs)"),
    MAX_TASK_DOWNTIME_MS("maxTaskDowntimeMs", Section.STREAMS, Unit.MS, Direction.LOWER_IS_BETTER,
            Calibration.WITHIN_TOLERANCE,
            "Kafka Streams: the longest single downtime of one task",
            "as taskDowntimeMs"),
    RECORDS_RESTORED("recordsRestored", Section.STREAMS, Unit.RECORDS, Direction.LOWER_IS_BETTER,
            Calibration.INFORMATION,
            "Kafka Streams: changelog records active tasks replayed into their stores before running (from the"
                    + " local checkpoint to the changelog's end; a standby that followed the changelog leaves"
                    + " little)",
            "as taskDowntimeMs"),
    MAX_STANDBY_LAG_RECORDS("maxStandbyLagRecords", Section.STREAMS, Unit.RECORDS, Direction.LOWER_IS_BETTER,
            Calibration.INFORMATION,
            "Kafka Streams: the most changelog records a standby or warm-up replica was behind its changelog's end"
                    + " when it began to catch up (assigned to an instance without that state, or resuming after its"
                    + " instance's active tasks restored, while which standbys wait): what a failover to it then"
                    + " would restore",
            "each Kafka Streams worker's standby update listener: per batch loaded, the changelog's current end"
                    + " less the batch's first offset"),
    PROBING_REBALANCES("probingRebalances", Section.STREAMS, Unit.COUNT, Direction.NEUTRAL, Calibration.EXACT,
            "Kafka Streams: probing rebalances an instance triggered (probing.rebalance.interval.ms after an"
                    + " assignment with warm-up replicas, to move a task once its warm-up caught up)",
            "the stream threads' enforceRebalance calls for a follow-up scheduled for a time (a follow-up scheduled"
                    + " for 0 is the withheld tasks', not a probing one)"),
    MAX_TASK_RECOVERY_MS("maxTaskRecoveryMs", Section.STREAMS, Unit.MS, Direction.LOWER_IS_BETTER,
            Calibration.WITHIN_TOLERANCE,
            "Kafka Streams: the longest time from a task going down (a fault, a rebalance) until every task ran again",
            "as taskDowntimeMs"),
    TASK_DOWNTIME_BY_CAUSE("taskDowntimeByCause", taskDowntimeCauses(), Section.STREAMS, Unit.MS,
            Direction.LOWER_IS_BETTER, Calibration.WITHIN_TOLERANCE,
            "Kafka Streams: taskDowntimeMs split by cause (they add up to it): a down partition's, as in"
                    + " downtimeByCause (an instance closed without LeaveGroup: `deadOwner` until its old member's"
                    + " session expires, also once its pod runs a new process, then `rebalance` until the tasks are"
                    + " given out again), or `restoring`, an active task replaying its changelog before it can run,"
                    + " or waiting for the stream thread to take it from its state updater (a stateless one too)",
            "as taskDowntimeMs"),
    // Pods of a Kubernetes workload only (docs/kubernetes.md).
    SCALE_OUTS("scaleOuts", Section.SCALING, Unit.COUNT, Direction.NEUTRAL, Calibration.NOT_CALIBRATED,
            "times the workload's replicas (spec.replicas) were raised in the window: an autoscaler's scale-outs;"
                    + " with rebalances, how many rebalances each scale event cost",
            Texts.NOT_MEASURED),
    SCALE_INS("scaleIns", Section.SCALING, Unit.COUNT, Direction.NEUTRAL, Calibration.NOT_CALIBRATED,
            "times the workload's replicas were lowered in the window",
            Texts.NOT_MEASURED),
    MAX_REPLICAS("maxReplicas", Section.SCALING, Unit.COUNT, Direction.LOWER_IS_BETTER, Calibration.NOT_CALIBRATED,
            "the most replicas the workload had in the window",
            Texts.NOT_MEASURED),
    MISSING_POD_TIME_MS("missingPodTimeMs", Section.SCALING, Unit.MS, Direction.LOWER_IS_BETTER,
            Calibration.NOT_CALIBRATED,
            "summed over time, the replicas wanted but not ready: pods being created, starting (JVM start, readiness"
                    + " probe), crashed or backing off, not replaced yet; a rollout's surge pods above the replicas do"
                    + " not make up for them",
            Texts.NOT_MEASURED),
    LAG_OVERSHOOT("lagOvershoot", Section.SCALING, Unit.RECORDS, Direction.LOWER_IS_BETTER, Calibration.NOT_CALIBRATED,
            "the most the total lag rose after a scale-out in the window, before the next scale event: the lag its"
                    + " new pods' start and their rebalance added while they were meant to bring it down",
            Texts.NOT_MEASURED),
    DRAIN_TIME_MS("drainTimeMs", Section.SCALING, Unit.MS, Direction.LOWER_IS_BETTER, Calibration.NOT_CALIBRATED,
            "from the window's highest sampled lag to the first later sample at or below a tenth of it: how long a"
                    + " backlog took to drain; to the end of the window if it never fell that far",
            Texts.NOT_MEASURED),
    SLOWER_SCALE_OUTS("slowerScaleOuts", Section.SCALING, Unit.COUNT, Direction.LOWER_IS_BETTER,
            Calibration.NOT_CALIBRATED,
            "scale-outs in the window after which the group processed fewer records in the next minute than in the"
                    + " minute before: a scale-out whose rebalance cost more than its pods brought",
            Texts.NOT_MEASURED),
    // Lag as an operator's postmortem reads it (docs/metrics.md "Lag in time and recovery").
    MAX_TIME_BEHIND_MS("maxTimeBehindMs", Section.RECORDS, Unit.MS, Direction.LOWER_IS_BETTER, Calibration.INFORMATION,
            "the group's worst time behind in the window: at each lag sample, the age of the oldest record not yet"
                    + " processed in any partition (now minus the append time of its next record to process, 0 when it"
                    + " is caught up), as kafka-lag-exporter and Burrow read lag in time; exact at the samples, which are"
                    + " those of maxLag",
            "each partition's next record to process (the workers' processed offset ranges) and its append time,"
                    + " interpolated between the load producer's log end offset reports (every 100 ms) as"
                    + " kafka-lag-exporter interpolates its offset table"),
    RECOVERY_TIME_MS("recoveryTimeMs", Section.RECORDS, Unit.MS, Direction.LOWER_IS_BETTER, Calibration.INFORMATION,
            "the longest time to recover of an incident that began in the window: from the start of a rebalance"
                    + " or fault (a GC pause, network partition, broker failure, slow record or crash; overlapping ones"
                    + " are one incident) until the first lag sample after its end at most the total lag just before it"
                    + " plus a tolerance (the larger of a tenth of that lag and one second of production at the run's"
                    + " average rate); an incident not recovered counts to the end of the window, and in"
                    + " incidentsNotRecovered",
            "the same rule applied to the replayed rebalances, faults and lag samples"),
    INCIDENTS_NOT_RECOVERED("incidentsNotRecovered", Section.RECORDS, Unit.COUNT, Direction.LOWER_IS_BETTER,
            Calibration.INFORMATION,
            "incidents that began in the window (as recoveryTimeMs) whose lag was not back to its level before them"
                    + " by the end of the window: recoveryTimeMs counts them until then, a floor of their real time",
            "as recoveryTimeMs"),
    LISTENER_TIME_MS("listenerTimeMs", Section.TIME, Unit.MS, Direction.LOWER_IS_BETTER, Calibration.INFORMATION,
            "the application's own share of its rebalances: summed over pods, the time its rebalance listener's"
                    + " callbacks (onPartitionsRevoked, onPartitionsAssigned, onPartitionsLost; consumers.listener)"
                    + " held the application thread, each counted whole in the window it began in (one cut short by"
                    + " its process's death too); 0 without a listener",
            "not measured: calibrate's workers run no listener of their own (consumers.listener is not replayed), so"
                    + " the replay's is 0"),
    LISTENER_TIME_BY_CALLBACK("listenerTimeByCallback",
            List.of("onPartitionsRevoked", "onPartitionsAssigned", "onPartitionsLost"), Section.TIME, Unit.MS,
            Direction.LOWER_IS_BETTER, Calibration.INFORMATION,
            "listenerTimeMs split by callback (they add up to it), one metric per callback",
            "as listenerTimeMs");

    /** The causes of a task's downtime: a partition's, then restoring its state. */
    private static List<String> taskDowntimeCauses() {
        List<String> causes = new ArrayList<>(DowntimeCause.keys());
        causes.add(RESTORING_CAUSE);
        return causes;
    }

    /** The cause of a task's downtime that no partition has: its instance replays its changelog. */
    public static final String RESTORING_CAUSE = "restoring";

    private final String metricName;
    /** A family's member names (each a metric of its own, {@code name.member}); empty for a single metric. */
    private final List<String> members;
    private final Section section;
    private final Unit unit;
    private final Direction direction;
    private final Calibration calibration;
    private final String meaning;
    private final String measured;

    Metric(String metricName, Section section, Unit unit, Direction direction, Calibration calibration,
           String meaning, String measured) {
        this(metricName, List.of(), section, unit, direction, calibration, meaning, measured);
    }

    Metric(String metricName, List<String> members, Section section, Unit unit, Direction direction,
           Calibration calibration, String meaning, String measured) {
        this.metricName = metricName;
        this.members = List.copyOf(members);
        this.section = section;
        this.unit = unit;
        this.direction = direction;
        this.calibration = calibration;
        this.meaning = meaning;
        this.measured = measured;
    }

    private static final List<Metric> REPORT_ORDER = Arrays.stream(values())
            .sorted(Comparator.comparing(Metric::section)).toList();
    private static final Map<String, Metric> BY_NAME = byName();

    /**
     * What the comparison tables say about the two rebalance counts (docs/metrics.md "Rebalance counts"):
     * which one {@code rebalances} is.
     */
    public static String rebalanceCountsNote() {
        return REBALANCES.metricName + " counts completed rebalances (classic: generations that reached Stable;"
                + " consumer protocol: target assignments every member reached); " + GROUP_EPOCH_BUMPS.metricName
                + " counts the coordinator's generation or group epoch bumps, as kafka-consumer-groups shows them.";
    }

    /**
     * Whether a run reports this metric: the Kafka Streams section only for a Streams application (a plain
     * consumer group has no tasks, and a column of zeros would read as a result), the scaling section only for
     * pods of a Kubernetes workload.
     */
    public boolean appliesTo(RunKind run) {
        return switch (section) {
            case STREAMS -> run.streamsApplication();
            case SCALING -> run.kubernetesWorkload();
            default -> true;
        };
    }

    /**
     * For a metric some runs do not report, whom it is reported for and what a run it does not apply to is:
     * "Kafka Streams applications only (consumers.app: streams)" and "runs plain consumers".
     */
    public String[] reportedOnlyFor() {
        return switch (section) {
            case STREAMS -> new String[] {"Kafka Streams applications only (consumers.app: streams)",
                "runs plain consumers"};
            case SCALING -> new String[] {"pods of a Kubernetes workload only (consumers.workload)",
                "runs bare processes"};
            default -> new String[] {"every run", ""};
        };
    }

    /** The name, or a family's common prefix ("downtimeByCause"). */
    public String metricName() {
        return metricName;
    }

    /** The names this definition reports: its own, or one per member of a family. */
    public List<String> names() {
        if (members.isEmpty()) {
            return List.of(metricName);
        }
        return members.stream().map(this::memberName).toList();
    }

    public boolean isFamily() {
        return !members.isEmpty();
    }

    public List<String> members() {
        return members;
    }

    /** "downtimeByCause.deadOwner": a family member's metric name. */
    public String memberName(String member) {
        return metricName + "." + member;
    }

    /** How docs and tables name the definition: the name, or "downtimeByCause.*" for a family. */
    public String displayName() {
        return isFamily() ? memberName("*") : metricName;
    }

    public Section section() {
        return section;
    }

    public Unit unit() {
        return unit;
    }

    public Direction direction() {
        return direction;
    }

    public Calibration calibration() {
        return calibration;
    }

    /** What the value means, in one line. */
    public String meaning() {
        return meaning;
    }

    /** Where {@code calibrate}'s replay of a run on real Kafka gets the events this metric is computed from. */
    public String measured() {
        return measured;
    }

    /** Every metric name a run reports, in declaration order: the known names that messages list. */
    public static List<String> allNames() {
        List<String> names = new ArrayList<>();
        for (Metric metric : values()) {
            names.addAll(metric.names());
        }
        return List.copyOf(names);
    }

    /** The definitions in the order every report, JSON file, CSV file and baseline shows them. */
    public static List<Metric> inReportOrder() {
        return REPORT_ORDER;
    }

    /** The definition of a metric name (a family member's name gives the family), if it is one. */
    public static Optional<Metric> find(String name) {
        return Optional.ofNullable(BY_NAME.get(name));
    }

    /** The definition of a metric name that a run reported; fails on a name no run reports. */
    public static Metric of(String name) {
        return find(name).orElseThrow(() -> new IllegalArgumentException("unknown metric '" + name + "'"));
    }

    /** "ms", "records" or "count": the unit of a metric name that a run reported. */
    public static String unitOf(String name) {
        return of(name).unit().text();
    }

    private static Map<String, Metric> byName() {
        Map<String, Metric> byName = new LinkedHashMap<>();
        for (Metric metric : values()) {
            metric.names().forEach(name -> byName.put(name, metric));
        }
        return Map.copyOf(byName);
    }
}
