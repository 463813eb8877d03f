package org.rebalancesim.calibration;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.rebalancesim.scenario.Variant;

/**
 * The group coordinator's own log lines (Kafka 4.4.0 GroupMetadataManager, as the embedded broker's
 * slf4j-simple logger writes them) and the measured rebalance time they give: from the coordinator's
 * PreparingRebalance to the leader's SyncGroup, as the simulator counts it, instead of from the new
 * member's `started` (which comes before its cold client's first JoinGroup).
 */
class CoordinatorLogTest {

    static final long EPOCH_MS = Instant.parse("2026-12-01T15:20:10.000Z").toEpochMilli();
    static final RunClock CLOCK = new RunClock(EPOCH_MS, TimeScale.REAL_TIME);
    static final String PREFIX = " [group-coordinator-event-processor-3] INFO " + CoordinatorLog.LOGGER
            + " - [GroupCoordinator id=1 topic=__consumer_offsets partition=28] ";

    static final List<String> LINES = List.of(
            "2026-12-01T15:20:11.764Z" + PREFIX + "Dynamic member with unknown member id joins group g in Empty state."
                    + " Created a new member id c1-d07b and requesting the member to rejoin with this id.",
            "2026-12-01T15:20:11.839Z" + PREFIX + "Preparing to rebalance group g in state PreparingRebalance with old"
                    + " generation 0 (reason: Adding new member c1-d07b with group instance id null).",
            "2026-12-01T15:20:11.840Z" + PREFIX + "Preparing to rebalance group other in state PreparingRebalance with"
                    + " old generation 4 (reason: not ours).",
            "2026-12-01T15:20:11.872Z" + PREFIX + "Stabilized group g generation 1 with 1 members.",
            "2026-12-01T15:20:11.939Z" + PREFIX + "Assignment received from leader c1-d07b for group g for generation 1."
                    + " The group has 1 members, 0 of which are static.",
            "2026-12-01T15:20:11.950Z [main] INFO kafka.server.KafkaRaftServer - not the group coordinator's",
            "2026-12-01T15:20:12.000Z" + PREFIX + "[GroupId g] Bumped group epoch to 7 with metadata hash 123.",
            "2026-12-01T15:20:30.500Z" + PREFIX + "Group g with generation 1 is now empty.");

    @Test
    void readsTheGroupsLinesOnTheRunsClock() {
        List<MeasuredEvent> events = CoordinatorLog.parse(LINES, "g", Map.of(), CLOCK);

        assertEquals(List.of(CoordinatorLog.PREPARING, CoordinatorLog.JOIN_COMPLETE, CoordinatorLog.STABLE,
                CoordinatorLog.EPOCH_BUMPED, CoordinatorLog.EMPTY), events.stream().map(MeasuredEvent::type).toList());
        assertEquals(List.of(1839L, 1872L, 1939L, 2000L, 20_500L), events.stream().map(MeasuredEvent::atMs).toList());
        // The generation the rebalance makes (old + 1), the one whose join completed, the one made Stable, the
        // epoch bumped to.
        assertEquals(List.of(1, 1, 1, 7, 1), events.stream().map(MeasuredEvent::generation).toList());
        assertEquals("c1-d07b", events.get(2).memberId(), "the leader whose SyncGroup made the group Stable");
    }

    /** A new dynamic member's first JoinGroup names its client: the member id is the client id, "-", a UUID. */
    @Test
    void aNewMembersFirstJoinNamesItsPod() {
        List<MeasuredEvent> events = CoordinatorLog.parse(List.of(
                "2026-12-01T15:20:11.764Z" + PREFIX + "Dynamic member with unknown member id joins group g in Stable"
                        + " state. Created a new member id payments-1-37b5ae78-6bcb-4013-a869-93f3b0080eaf and"
                        + " requesting the member to rejoin with this id.",
                "2026-12-01T15:20:11.790Z" + PREFIX + "Pending dynamic member with id"
                        + " payments-1-37b5ae78-6bcb-4013-a869-93f3b0080eaf joins group g in Stable state. Adding to the"
                        + " group now."), "g", Map.of(), CLOCK);
        assertEquals(1, events.size());
        assertEquals(CoordinatorLog.NEW_MEMBER, events.get(0).type());
        assertEquals("payments-1", events.get(0).pod());
        assertEquals(1764, events.get(0).atMs());
    }

    /**
     * A static member's first request names its group.instance.id (the scenario's, a dash and the pod):
     * classic, its JoinGroup with no member id, new or replacing its old self; consumer protocol, its first
     * heartbeat, joining or re-joining after a restart. An instance id of no pod of the run is not ours.
     */
    @Test
    void aStaticMembersFirstRequestNamesItsPodByItsInstanceId() {
        List<MeasuredEvent> events = CoordinatorLog.parse(List.of(
                "2026-12-01T15:20:11.100Z" + PREFIX + "Static member with groupInstanceId=pod-c1 and unknown member id"
                        + " joins group g in Empty state. Created a new member id pod-c1-37b5 for this member and added"
                        + " to the group.",
                "2026-12-01T15:20:12.200Z" + PREFIX + "Static member with groupInstanceId=pod-c2 and unknown member id"
                        + " joins group g in Stable state. Replacing previously mapped member pod-c2-1a2b with this"
                        + " groupInstanceId.",
                "2026-12-01T15:20:13.300Z" + PREFIX + "[GroupId g] Static member GZp3edOWTYOYW7X8Bs9AvA with instance id"
                        + " pod-c3 joins the consumer group using the consumer protocol.",
                "2026-12-01T15:20:14.400Z" + PREFIX + "[GroupId g] Static member with instance id pod-c3 re-joins the"
                        + " consumer group using the consumer protocol. Created a new member DIhhLsmBSJiPgkeVMNn6tg to"
                        + " replace the existing member GZp3edOWTYOYW7X8Bs9AvA.",
                "2026-12-01T15:20:14.500Z" + PREFIX + "[GroupId g] Static member GZp3edOWTYOYW7X8Bs9AvA with instance id"
                        + " pod-c3 temporarily left the consumer group.",
                "2026-12-01T15:20:15.500Z" + PREFIX + "[GroupId g] Static member X with instance id someone-else joins"
                        + " the consumer group using the consumer protocol."),
                "g", Map.of("pod-c1", "c1", "pod-c2", "c2", "pod-c3", "c3"), CLOCK);
        assertEquals(List.of("c1", "c2", "c3", "c3"), events.stream().map(MeasuredEvent::pod).toList());
        assertEquals(List.of(1100L, 2200L, 3300L, 4400L), events.stream().map(MeasuredEvent::atMs).toList());
        assertEquals(List.of(CoordinatorLog.NEW_MEMBER), events.stream().map(MeasuredEvent::type).distinct().toList());
    }

    /**
     * A dynamic consumer-protocol member names itself with the id its client made (KIP-1082), which its
     * worker reported with its first epoch: the coordinator's line for its first heartbeat is that pod's,
     * a restart's new id the restarted pod's, and an id no worker reported (another group's client) is not
     * ours.
     */
    @Test
    void aDynamicConsumerMembersFirstHeartbeatNamesItsPodByTheIdItsWorkerReported() {
        List<MeasuredEvent> events = CoordinatorLog.parse(List.of(
                "2026-12-01T15:20:11.100Z" + PREFIX + "[GroupId g] Member GZp3edOWTYOYW7X8Bs9AvA joins the consumer"
                        + " group using the consumer protocol.",
                "2026-12-01T15:20:11.150Z" + PREFIX + "[GroupId g] Bumped group epoch to 1 with metadata hash 123.",
                "2026-12-01T15:20:16.700Z" + PREFIX + "[GroupId g] Member DIhhLsmBSJiPgkeVMNn6tg joins the consumer"
                        + " group using the consumer protocol.",
                "2026-12-01T15:20:17.000Z" + PREFIX + "[GroupId g] Member q5rT0kP2QyOmtA1xFq3v4w joins the consumer"
                        + " group using the consumer protocol.",
                "2026-12-01T15:20:17.200Z" + PREFIX + "[GroupId other] Member GZp3edOWTYOYW7X8Bs9AvA joins the"
                        + " consumer group using the consumer protocol."),
                "g", Map.of("GZp3edOWTYOYW7X8Bs9AvA", "c1", "DIhhLsmBSJiPgkeVMNn6tg", "c1"), CLOCK);
        assertEquals(List.of(CoordinatorLog.NEW_MEMBER, CoordinatorLog.EPOCH_BUMPED, CoordinatorLog.NEW_MEMBER),
                events.stream().map(MeasuredEvent::type).toList());
        assertEquals(List.of("c1", EventLog.CLUSTER, "c1"), events.stream().map(MeasuredEvent::pod).toList());
        assertEquals(List.of(1100L, 1150L, 6700L), events.stream().map(MeasuredEvent::atMs).toList());
    }

    /**
     * Session expiry, as the coordinator decides it: a classic member's id begins with its client id (a
     * dynamic member) or its group.instance.id (a static one); a consumer-protocol member's id is the one
     * its worker reported. Another group's line is not ours.
     */
    @Test
    void aSessionExpiryNamesTheRemovedMembersPod() {
        List<MeasuredEvent> events = CoordinatorLog.parse(List.of(
                "2026-12-01T15:20:21.100Z" + PREFIX + "Member c2-5304981d-af95-4fa4-9548-a624e582deee in group g has"
                        + " failed, removing it from the group.",
                "2026-12-01T15:20:22.200Z" + PREFIX + "Member pod-c3-37b5ae78-6bcb-4013-a869-93f3b0080eaf in group g"
                        + " has failed, removing it from the group.",
                "2026-12-01T15:20:23.300Z" + PREFIX + "[GroupId g] Member GZp3edOWTYOYW7X8Bs9AvA fenced from the group"
                        + " because the member session expired.",
                "2026-12-01T15:20:24.400Z" + PREFIX + "Member c2-5304981d-af95-4fa4-9548-a624e582deee in group other"
                        + " has failed, removing it from the group."),
                "g", Map.of("pod-c3", "c3", "GZp3edOWTYOYW7X8Bs9AvA", "c1"), CLOCK);
        assertEquals(List.of(CoordinatorLog.REMOVED), events.stream().map(MeasuredEvent::type).distinct().toList());
        assertEquals(List.of("c2", "c3", "c1"), events.stream().map(MeasuredEvent::pod).toList());
        assertEquals(List.of(11_100L, 12_200L, 13_300L), events.stream().map(MeasuredEvent::atMs).toList());
    }

    /**
     * A LeaveGroup as the coordinator takes it: classic, a consumer-protocol member (dynamic or static). A
     * static consumer-protocol member's close only "temporarily left": it keeps its place, not a departure.
     */
    @Test
    void aLeaveGroupNamesTheLeavingMembersPod() {
        List<MeasuredEvent> events = CoordinatorLog.parse(List.of(
                "2026-12-01T15:20:21.100Z" + PREFIX + "[Group g] Member c1-a5fb74c3-5949-462c-8e3d-5ff74a03fc31 has"
                        + " left group through explicit `LeaveGroup` request; client reason: the consumer is being"
                        + " closed",
                "2026-12-01T15:20:22.200Z" + PREFIX + "[GroupId g] Member oiUBmUsXRsiJab2qYXMBLQ left the consumer"
                        + " group.",
                "2026-12-01T15:20:23.300Z" + PREFIX + "[GroupId g] Static member GZp3edOWTYOYW7X8Bs9AvA with instance"
                        + " id pod-c3 temporarily left the consumer group.",
                "2026-12-01T15:20:24.400Z" + PREFIX + "[GroupId g] Static member GZp3edOWTYOYW7X8Bs9AvA with instance"
                        + " id pod-c3 left the consumer group."),
                "g", Map.of("oiUBmUsXRsiJab2qYXMBLQ", "c2", "GZp3edOWTYOYW7X8Bs9AvA", "c3"), CLOCK);
        assertEquals(List.of(CoordinatorLog.LEFT), events.stream().map(MeasuredEvent::type).distinct().toList());
        assertEquals(List.of("c1", "c2", "c3"), events.stream().map(MeasuredEvent::pod).toList());
        assertEquals(List.of(11_100L, 12_200L, 14_400L), events.stream().map(MeasuredEvent::atMs).toList());
    }

    /**
     * Eager, two members: c1 starts (subscribes) at 1 s, but its cold client's JoinGroup reaches the
     * coordinator only at 2.4 s; generation 1 is Stable at 2.5 s and c1 hears of it at 2.6 s. c2 starts
     * at 5 s, joins at 5.8 s; c1 rejoins, Stable in generation 2 at 6.4 s, reported at 6.45 s. With the
     * coordinator's lines the rebalances are [2400, 2500) and [5800, 6400); from the clients' signs alone
     * they would be [1000, 2600) and [5000, 6450).
     */
    @Test
    void aClassicRebalanceSpansFromTheCoordinatorsPreparingToItsStable() {
        SyntheticEvents clients = new SyntheticEvents()
                .started(1000, "c1").assigned(2600, "c1", 1, "t-0", "t-1", "t-2", "t-3")
                .started(5000, "c2")
                .joining(6300, "c1", 1).revoked(6300, "c1", 1, "t-0", "t-1", "t-2", "t-3")
                .assigned(6450, "c1", 2, "t-0", "t-1").assigned(6450, "c2", 2, "t-2", "t-3");
        Map<String, Number> signsOnly = MeasuredMetrics.of(SyntheticEvents.variant(MeasuredMetricsTest.EAGER),
                clients.list());
        assertEquals(1600 + 1450, signsOnly.get("rebalanceTimeMs").longValue());

        SyntheticEvents withCoordinator = clients
                .add(2400, EventLog.CLUSTER, CoordinatorLog.PREPARING, 1)
                .add(2500, EventLog.CLUSTER, CoordinatorLog.STABLE, 1)
                .add(5800, EventLog.CLUSTER, CoordinatorLog.PREPARING, 2)
                .add(6400, EventLog.CLUSTER, CoordinatorLog.STABLE, 2);
        Map<String, Number> m = MeasuredMetrics.of(SyntheticEvents.variant(MeasuredMetricsTest.EAGER),
                withCoordinator.list());
        assertEquals(100 + 600, m.get("rebalanceTimeMs").longValue());
        assertEquals(2, m.get("rebalances").longValue());
    }

    /**
     * An online upgrade (docs/kafka-semantics.md §21): the coordinator's "Converted ..." lines are read, and the
     * measured rebalances are read per stretch as the type the group had then. c1, c2 form a classic group
     * (PreparingRebalance at 2.4 s, Stable at 2.5 s); at 5 s c2's consumer-protocol heartbeat converts it and
     * bumps the epoch to 2 (5.01 s); the sampled group state is RECONCILING from 5.02 s and STABLE at 6 s,
     * after both clients took epoch 2 (5.9 s, 5.95 s). Rebalances: [2400, 2500) and [5010, 6000).
     */
    @Test
    void anOnlineUpgradeIsReadAsAClassicGroupAndThenAConsumerGroup() {
        List<MeasuredEvent> lines = CoordinatorLog.parse(List.of(
                "2026-12-01T15:20:15.000Z" + PREFIX + "[GroupId g] Converted the classic group to a consumer group.",
                "2026-12-01T15:20:16.000Z" + PREFIX + "[GroupId other] Converted the classic group to a consumer group.",
                "2026-12-01T15:20:40.000Z" + PREFIX + "[GroupId g] Converted the empty consumer group to a classic group."),
                "g", Map.of(), CLOCK);
        assertEquals(List.of(CoordinatorLog.TO_CONSUMER_GROUP, CoordinatorLog.TO_CLASSIC_GROUP),
                lines.stream().map(MeasuredEvent::type).toList());
        assertEquals(List.of(5000L, 30_000L), lines.stream().map(MeasuredEvent::atMs).toList());

        SyntheticEvents run = new SyntheticEvents()
                .started(1000, "c1").started(1000, "c2")
                .assigned(2600, "c1", 1, "t-0", "t-1").assigned(2600, "c2", 1, "t-2", "t-3")
                .add(2400, EventLog.CLUSTER, CoordinatorLog.PREPARING, 1)
                .add(2500, EventLog.CLUSTER, CoordinatorLog.STABLE, 1)
                .add(5000, EventLog.CLUSTER, CoordinatorLog.TO_CONSUMER_GROUP, -1)
                .add(5010, EventLog.CLUSTER, CoordinatorLog.EPOCH_BUMPED, 2)
                .add(5020, EventLog.CLUSTER, GroupStatePoller.REBALANCING, 2)
                .assigned(5900, "c1", 2, "t-0", "t-1").assigned(5950, "c2", 2, "t-2", "t-3")
                .add(6000, EventLog.CLUSTER, GroupStatePoller.SETTLED, 2);
        Map<String, Number> m = MeasuredMetrics.of(SyntheticEvents.variant(MeasuredMetricsTest.COOPERATIVE), run.list());
        assertEquals(100 + 990, m.get("rebalanceTimeMs").longValue());
        assertEquals(2, m.get("rebalances").longValue());
    }

    /**
     * Inside the consumer group an epoch's partitions arrive after the epoch itself (docs/kafka-semantics.md §10,
     * §21): c1 and c2 own t-0, t-1 and t-2, t-3 in classic generation 1; c3 starts at 4 s with the consumer
     * protocol, converts the group and takes epoch 2 with nothing (4.1 s); c1 and c2, classic, rejoin and revoke
     * t-1 and t-3 (4.5 s, 4.6 s); c3's next heartbeat brings them (5 s, still epoch 2). Epoch 2 moved 2 partitions
     * and ended at 5 s, though every member had reported epoch 2 by 4.6 s.
     */
    @Test
    void aMigratingGroupsEpochEndsWithItsLatePartitions() {
        Variant migrating = SyntheticEvents.variant(MeasuredMetricsTest.COOPERATIVE.replace("consumers:", """
                timeline:
                  - at: 3s
                    restart: {consumer: c3, config: {group.protocol: consumer}}
                consumers:""").replace("count: 2", "count: 3"));
        SyntheticEvents run = new SyntheticEvents()
                .started(1000, "c1").started(1000, "c2")
                .add(1200, EventLog.CLUSTER, CoordinatorLog.PREPARING, 1)
                .add(2400, EventLog.CLUSTER, CoordinatorLog.STABLE, 1)
                .assigned(2500, "c1", 1, "t-0", "t-1").assigned(2500, "c2", 1, "t-2", "t-3")
                .started(4000, "c3")
                .add(4050, EventLog.CLUSTER, CoordinatorLog.TO_CONSUMER_GROUP, -1)
                .add(4060, EventLog.CLUSTER, CoordinatorLog.EPOCH_BUMPED, 2)
                .add(4100, "c3", "epoch", 2).assigned(4100, "c3", 2)
                .joining(4500, "c1", 1).revoked(4500, "c1", 1, "t-1").assigned(4510, "c1", 2)
                .joining(4600, "c2", 1).revoked(4600, "c2", 1, "t-3").assigned(4610, "c2", 2)
                .assigned(5000, "c3", 2, "t-1", "t-3");
        Map<String, Number> m = MeasuredMetrics.of(migrating, run.list());
        assertEquals(2, m.get("rebalances").longValue());
        assertEquals(2, m.get("partitionsMoved").longValue());
        assertEquals(1200 + 940, m.get("rebalanceTimeMs").longValue());
    }

    /**
     * A KIP-1071 streams group's lines: its own epoch bumps, joins, leaves and session fencing, each member
     * named by the id the coordinator reported with its epoch, or by its instance id plus the thread's index;
     * a static member's temporary leave (epoch -2) keeps it.
     */
    @Test
    void aStreamsGroupsLinesNameTheirPods() {
        String group = PREFIX + "[GroupId g][MemberId ";
        List<MeasuredEvent> events = CoordinatorLog.parse(List.of(
                "2026-12-01T15:20:11.100Z" + group + "WoTw] Member joins the streams group.",
                "2026-12-01T15:20:11.101Z" + group + "WoTw] Bumped streams group epoch to 2 with metadata hash 7 and"
                        + " validated topic epoch 0.",
                "2026-12-01T15:20:12.000Z" + group + "31_v] Static member 31_v with instance id c2-1 joins the"
                        + " streams group.",
                "2026-12-01T15:20:15.000Z" + group + "31_v] Static member 31_v with instance id c2-1 temporarily left"
                        + " the streams group.",
                "2026-12-01T15:20:17.000Z" + group + "V94i] Static member with instance id c2-1 re-joins the streams"
                        + " group using the streams protocol. Created a new member V94i to replace the existing member"
                        + " 31_v.",
                "2026-12-01T15:20:20.000Z" + group + "WoTw] Member WoTw left the streams group.",
                "2026-12-01T15:20:21.000Z" + group + "V94i] Static member V94i with instance id c2-1 left the streams"
                        + " group.",
                "2026-12-01T15:20:30.000Z" + PREFIX + "[GroupId g] Streams member AbCd fenced from the group because"
                        + " the member session expired."),
                "g", Map.of("WoTw", "c1", "c2-1", "c2", "AbCd", "c3"), CLOCK);
        assertEquals(List.of(CoordinatorLog.NEW_MEMBER + " c1", CoordinatorLog.EPOCH_BUMPED + " cluster",
                CoordinatorLog.NEW_MEMBER + " c2", CoordinatorLog.NEW_MEMBER + " c2", CoordinatorLog.LEFT + " c1",
                CoordinatorLog.LEFT + " V94i", CoordinatorLog.REMOVED + " c3"),
                events.stream().map(e -> e.type() + " " + e.pod()).toList());
        assertEquals(2, events.get(1).generation());
    }
}
