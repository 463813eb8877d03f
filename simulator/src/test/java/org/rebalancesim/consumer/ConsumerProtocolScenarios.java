package org.rebalancesim.consumer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.rebalancesim.consumer.CooperativeScenarios.ownershipOf;
import static org.rebalancesim.run.SimRuns.metric;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.rebalancesim.events.MemberState;
import org.rebalancesim.metrics.Series;
import org.rebalancesim.metrics.VariantResult;

/**
 * Shared scenario text and readers of the ConsumerProtocol* tests (docs/kafka-semantics.md §10, KIP-848).
 *
 * <p>The group: c1..c3 on {@code group.protocol: consumer}, 12 partitions of one topic at 120/s (10
 * records/s per partition); records take 1 ms, so a member is inside poll() nearly all the time and
 * reconciles at the next turns of its poll() loop ({@link #RECONCILIATION_MS}). Pods start 1.7 s apart (JVM start 2 s), so their
 * heartbeats are out of phase. Broker defaults (§10): group.consumer.heartbeat.interval.ms 5000,
 * group.consumer.session.timeout.ms 45000, assignment batching interval 1000 (Kafka 4.3+, KIP-1263).
 * Latency is the default 1–3 ms one way, so a round trip is ≤ 6 ms: {@link #SLACK_MS} covers the
 * handful of round trips (heartbeat, commit, ack) and 1 ms batches of any handoff chain.
 */
final class ConsumerProtocolScenarios {

    static final long HEARTBEAT_MS = 5_000;
    static final long SESSION_MS = 45_000;
    static final long ASSIGNMENT_INTERVAL_MS = 1_000;
    static final long SLACK_MS = 50;
    /**
     * A 4.4.0 client's reconciliation after the heartbeat answer that brings a target: with auto-commit it
     * starts at poll()'s next loop turn, and the revocation and the assignment callbacks each run at a later
     * one; a waiting loop turns every retry.backoff.ms (100), so at most three turns (docs/kafka-semantics.md §17).
     */
    static final long RECONCILIATION_MS = 3 * 100;
    static final List<String> OLD_MEMBERS = List.of("c1", "c2", "c3");

    /** "group epoch N: member ID ..." story lines of the group. */
    private static final Pattern EPOCH_EVENT = Pattern.compile("group epoch (\\d+): member (\\S+) (.*)");

    private ConsumerProtocolScenarios() {
    }

    /**
     * @param clusterConfig  broker config entries ("group.consumer.heartbeat.interval.ms: 10000"), or ""
     * @param consumerConfig more consumer config entries, each starting with ", "
     * @param timeline       the timeline entries, one YAML flow mapping each
     */
    static String scenario(String duration, String clusterConfig, String consumerConfig, String... timeline) {
        StringBuilder entries = new StringBuilder();
        for (String entry : timeline) {
            entries.append("  - ").append(entry).append('\n');
        }
        return """
                duration: %s
                measure: {from: 30s}
                cluster:
                  config: {%s}
                group: {id: kip848-demo}
                topics: [{name: t, partitions: 12, rate: 120/s}]
                consumers:
                  count: 3
                  config: {group.protocol: consumer%s}
                  processing: {constant: 1ms}
                  startup: {stagger: 1700ms, jvmStart: 2s}
                timeline:
                %s""".formatted(duration, clusterConfig, consumerConfig, entries);
    }

    /** A group story line: a group epoch bump or a state change. */
    static List<Series.StoryEvent> groupEvents(VariantResult result, String fragment) {
        return result.series().events().stream()
                .filter(e -> e.subject().equals("group") && e.what().contains(fragment)).toList();
    }

    /** Group epoch bumps at or after {@code fromMs}. */
    static List<Series.StoryEvent> epochBumpsFrom(VariantResult result, long fromMs) {
        return groupEvents(result, "group epoch ").stream().filter(e -> e.atMs() >= fromMs).toList();
    }

    /** The member id an epoch bump names ("group epoch 4: member ID removed (LEAVE)"). */
    static String memberIdOf(Series.StoryEvent bump) {
        Matcher matcher = EPOCH_EVENT.matcher(bump.what());
        assertTrue(matcher.matches(), "not an epoch bump naming a member: " + bump);
        return matcher.group(2);
    }

    /** The group epoch an epoch bump reaches. */
    static int epochOf(Series.StoryEvent bump) {
        Matcher matcher = EPOCH_EVENT.matcher(bump.what());
        assertTrue(matcher.matches(), "not an epoch bump naming a member: " + bump);
        return Integer.parseInt(matcher.group(1));
    }

    /** The first story line of {@code subject} containing {@code fragment} at or after {@code fromMs}. */
    static Series.StoryEvent first(VariantResult result, String subject, String fragment, long fromMs) {
        return result.series().events().stream()
                .filter(e -> e.subject().equals(subject) && e.what().contains(fragment) && e.atMs() >= fromMs)
                .findFirst().orElseThrow(() -> new AssertionError("no story line '" + fragment + "' of " + subject
                        + " after " + fromMs + ": " + result.series().events()));
    }

    /** One change of owner of a partition: the old owner's interval ends, the new one's starts. */
    record Handoff(String partition, String from, long releasedMs, String to, long acquiredMs) {
        long gapMs() {
            return acquiredMs - releasedMs;
        }
    }

    /** Every change of owner (between two different pods) whose new interval starts in [fromMs, toMs). */
    static List<Handoff> handoffs(VariantResult result, long fromMs, long toMs) {
        List<Handoff> handoffs = new ArrayList<>();
        for (String partition : CooperativeScenarios.partitions(result)) {
            List<Series.OwnershipInterval> intervals = ownershipOf(result, partition);
            for (int i = 1; i < intervals.size(); i++) {
                Series.OwnershipInterval before = intervals.get(i - 1);
                Series.OwnershipInterval after = intervals.get(i);
                if (after.fromMs() >= fromMs && after.fromMs() < toMs && !before.member().equals(after.member())) {
                    handoffs.add(new Handoff(partition, before.member(), before.toMs(), after.member(), after.fromMs()));
                }
            }
        }
        return handoffs;
    }

    /**
     * {@code partition} has one unbroken ownership interval by {@code pod} covering [fromMs, toMs]: it
     * was never revoked, lost or handed over in between.
     */
    static void assertUnbroken(VariantResult result, String partition, String pod, long fromMs, long toMs) {
        List<Series.OwnershipInterval> covering = ownershipOf(result, partition).stream()
                .filter(o -> o.fromMs() < toMs && o.toMs() > fromMs).toList();
        assertEquals(1, covering.size(), partition + " should have one interval in [" + fromMs + ", " + toMs + "]: "
                + covering);
        Series.OwnershipInterval only = covering.get(0);
        assertTrue(only.member().equals(pod) && only.fromMs() <= fromMs && only.toMs() >= toMs,
                partition + " should stay with " + pod + " throughout: " + only);
    }

    /** The pod was never blocked by the protocol (REBALANCING) in [fromMs, toMs]. */
    static void assertNeverBlocked(VariantResult result, String pod, long fromMs, long toMs) {
        List<Series.StateInterval> blocked =
                CooperativeScenarios.statesOverlapping(result, pod, MemberState.REBALANCING, fromMs, toMs);
        assertTrue(blocked.isEmpty(), pod + " was blocked: " + blocked);
    }

    /**
     * §10 "Consequences": a partition goes to its new owner only after the old owner acknowledged the
     * revocation or was fenced, so two members of the same epoch never own one partition
     * (ownershipViolations, docs/metrics.md); and, with no member left behind as a zombie (a poll timeout or
     * a fenced member that still runs), no two live members own it at all.
     */
    static void assertNoTwoOwners(VariantResult result, boolean zombiesPossible) {
        assertEquals(0, metric(result, "ownershipViolations"), "two owners of one partition in the same epoch");
        if (!zombiesPossible) {
            assertEquals(0, metric(result, "zombieOverlapMs"), "two live owners of one partition");
        }
    }

    static Set<String> ownedBy(VariantResult result, String pod, long atMs) {
        return CooperativeScenarios.ownedBy(result, pod, atMs);
    }
}
