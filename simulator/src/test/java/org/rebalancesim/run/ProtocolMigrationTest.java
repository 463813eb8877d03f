package org.rebalancesim.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.rebalancesim.events.StoryKind;
import org.rebalancesim.metrics.RunResult;
import org.rebalancesim.metrics.Series;
import org.rebalancesim.metrics.VariantResult;

/**
 * The conversions between a classic and a consumer group (docs/kafka-semantics.md §21), derived from Kafka 4.4.0's
 * GroupMetadataManager. Every run also passes the invariant monitor (no partition owned twice, epochs that do not
 * go back), which fails the run otherwise.
 */
class ProtocolMigrationTest {

    private static final String BASE = MigrationScenarios.BASE;

    /**
     * Four classic pods restarted one a minute into the consumer protocol (from 2m). Under bidirectional the first
     * consumer member finds three classic members: validateOnlineUpgrade passes, so convertToConsumerGroup runs
     * once, online; the classic members go on inside the consumer group and no downgrade follows, since a
     * consumer-protocol member stays. Under disabled validateOnlineUpgrade throws GROUP_ID_NOT_FOUND, fatal in the
     * client: c1, c2 and c3 each find classic members left and exit; when c4 restarts its classic process was the
     * last member, so its consumer process finds the group empty and the offline conversion runs (any policy).
     */
    @Test
    void rollingUpgradeConvertsOnlineOnceOrOnlyWhenEmpty() {
        RunResult result = SimRuns.runAll(BASE + """
                consumers:
                  count: 4
                  config: {partition.assignment.strategy: cooperative-sticky}
                  startup: {jvmStart: 5s}
                timeline:
                  - at: 2m
                    rollingRestart: {interval: 60s, downtime: 10s, config: {group.protocol: consumer}}
                variants:
                  - name: bidirectional
                  - name: disabled
                    cluster: {config: {group.consumer.migration.policy: disabled}}
                """, "rolling-upgrade");
        List<Series.StoryEvent> online = conversions(result, "bidirectional");
        assertEquals(1, online.size(), online.toString());
        assertTrue(online.get(0).what().contains("classic group converted to a consumer group"), online.toString());
        assertTrue(online.get(0).what().contains("policy bidirectional"), online.toString());

        List<Series.StoryEvent> refused = conversions(result, "disabled");
        assertEquals(1, refused.size(), refused.toString());
        assertTrue(refused.get(0).what().contains("offline"), refused.toString());
        long fatal = events(result, "disabled").stream()
                .filter(e -> e.kind() == StoryKind.FATAL && e.what().contains("GROUP_ID_NOT_FOUND")).count();
        assertEquals(3, fatal);
    }

    /**
     * A rolling upgrade faster than group.consumer.assignment.interval.ms (15 s here, its maximum), with auto-commit (the
     * default), so that bumped group epochs wait for their target while classic members are still in the group.
     * A classic member's commits carry its member epoch, which only its own JoinGroup changes, and it commits only
     * once joined: ConsumerCoordinator.poll returns before the auto-commit while a join is pending, and a SyncGroup
     * refused with REBALANCE_IN_PROGRESS is followed by a JoinGroup without another onJoinPrepare commit. Its
     * Heartbeat and SyncGroup say REBALANCE_IN_PROGRESS only while the target's epoch is ahead of its own (4.4.0
     * compares assignmentEpoch), not while a bumped group epoch waits for its target. So no commit fails, on
     * either side of the conversion: graceful restarts leave nothing for a commit to trip on.
     */
    @Test
    void classicMembersOfAConvertedGroupFailNoCommit() {
        RunResult result = SimRuns.runAll(BASE + """
                consumers:
                  count: 4
                  config: {partition.assignment.strategy: cooperative-sticky}
                  startup: {jvmStart: 5s}
                timeline:
                  - at: 2m
                    rollingRestart: {interval: 10s, downtime: 3s, config: {group.protocol: consumer}}
                variants: [{name: upgrade, cluster: {config: {group.consumer.assignment.interval.ms: 15000}}}]
                """, "upgrade-commits");
        assertEquals(1, conversions(result, "upgrade").size());
        VariantResult upgrade = SimRuns.variant(result, "upgrade");
        assertEquals(0, SimRuns.metric(upgrade, "commitFailures.commitFailed"));
        assertEquals(0, SimRuns.metric(upgrade, "commitFailures.rebalanceInProgress"));
    }

    /**
     * Static members (group.instance.id) rolled to the consumer protocol, each back within its session. A static
     * member's close sends no LeaveGroup, so its classic member is still in the group when its consumer-protocol
     * process joins with the same instance id. 4.4.0 getOrMaybeSubscribeStaticConsumerGroupMember raises
     * UNRELEASED_INSTANCE_ID only when neither side speaks the classic protocol; here the new member replaces the
     * classic one and keeps its partitions (ConsumerGroupMember.Builder(existing, newMemberId), epoch 0), as a
     * static classic restart keeps them. So: one conversion, no fatal error, and no partition moves.
     */
    @Test
    void staticMembersUpgradeInPlace() {
        RunResult result = SimRuns.runAll(BASE + """
                consumers:
                  count: 4
                  config:
                    partition.assignment.strategy: cooperative-sticky
                    session.timeout.ms: 45000
                    group.instance.id: pod-$(POD_NAME)
                  startup: {jvmStart: 5s}
                measure: {from: 1m}
                timeline:
                  - at: 2m
                    rollingRestart: {interval: 30s, downtime: 5s, config: {group.protocol: consumer}}
                variants: [{name: upgrade}]
                """, "static-upgrade");
        assertEquals(1, conversions(result, "upgrade").size());
        assertEquals(0, events(result, "upgrade").stream().filter(e -> e.kind() == StoryKind.FATAL).count());
        assertEquals(0, SimRuns.metric(SimRuns.variant(result, "upgrade"), "partitionsMoved"));
    }

    /**
     * The rollback of that upgrade: four static consumer-protocol pods rolled back to classic, each within its
     * session. A static consumer-protocol member's close leaves with epoch -2 and stays in the group, so each classic
     * process joins in its place (classicGroupJoinToConsumerGroup). 4.4.0 asks validateOnlineDowngradeWithReplacedMember
     * before that replacement: for the first three pods another member still speaks consumer, for the last every
     * other member is classic and the group converts to a classic group (convertToClassicGroup) at its join. With the
     * policy at upgrade, isDowngradeEnabled is false and it stays a consumer group of classic members.
     */
    @Test
    void aStaticRollbackDowngradesAtTheLastConsumerMembersReplacement() {
        RunResult result = SimRuns.runAll(MigrationScenarios.STATIC_ROLLBACK, "static-rollback");
        List<Series.StoryEvent> converted = conversions(result, "bidirectional");
        assertEquals(1, converted.size(), converted.toString());
        // Named by its pod, though the consumer group gives it a bare Uuid as its member id only in the JoinGroup
        // answer that follows the conversion (classicGroupJoinToConsumerGroup).
        assertTrue(converted.get(0).what().startsWith("c4 replaced the last consumer-protocol member as a classic "
                + "static member"), converted.get(0).what());
        // c4, the last pod restarted, stops at 2m + 3 × 30 s and is launched 5 s later; its JVM takes 5 s
        // (jvmStart), then its first JoinGroup converts the group, within a second for its round trips.
        long c4JoinsMs = 120_000 + 3 * 30_000 + 5_000 + 5_000;
        assertTrue(converted.get(0).atMs() >= c4JoinsMs && converted.get(0).atMs() < c4JoinsMs + 1_000,
                "converted at " + converted.get(0).atMs());
        assertEquals(List.of(), conversions(result, "upgrade"));
        assertEquals(0, events(result, "bidirectional").stream().filter(e -> e.kind() == StoryKind.FATAL).count());
    }

    /**
     * c4 alone speaks consumer; at 3m it is restarted with the classic protocol. Its leave removes the last
     * consumer-protocol member with classic members left: under bidirectional
     * validateOnlineDowngradeWithFencedMembers passes and the group converts to a classic group; under upgrade
     * isDowngradeEnabled is false and the group stays a consumer group of classic members.
     */
    @Test
    void lastConsumerMemberLeavingDowngradesOnlyWhenThePolicyAllows() {
        RunResult result = SimRuns.runAll(BASE + """
                consumers:
                  count: 4
                  config: {partition.assignment.strategy: cooperative-sticky}
                  overrides: {c4: {group.protocol: consumer}}
                  startup: {jvmStart: 5s}
                timeline:
                  - at: 3m
                    restart: {consumer: c4, downtime: 10s, config: {group.protocol: classic}}
                variants:
                  - name: bidirectional
                  - name: upgrade
                    cluster: {config: {group.consumer.migration.policy: upgrade}}
                """, "downgrade");
        assertEquals(1, downgrades(result, "bidirectional"));
        assertEquals(0, downgrades(result, "upgrade"));
    }

    private static long downgrades(RunResult result, String variant) {
        return conversions(result, variant).stream()
                .filter(e -> e.what().contains("consumer group converted to a classic group")).count();
    }

    private static List<Series.StoryEvent> conversions(RunResult result, String variant) {
        return events(result, variant).stream().filter(e -> e.kind() == StoryKind.GROUP_CONVERTED).toList();
    }

    private static List<Series.StoryEvent> events(RunResult result, String variant) {
        return SimRuns.variant(result, variant).series().events();
    }
}
