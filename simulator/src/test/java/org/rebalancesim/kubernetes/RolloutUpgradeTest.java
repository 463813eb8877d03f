package org.rebalancesim.kubernetes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.rebalancesim.events.CoordinatorEvents.GroupConverted;
import org.rebalancesim.events.GroupListener;
import org.rebalancesim.events.MemberState;
import org.rebalancesim.events.PodEvents.MemberIdAssigned;
import org.rebalancesim.events.PodEvents.PodStateChanged;
import org.rebalancesim.run.SimRuns;

/**
 * A rollout whose template sets group.protocol: consumer moves a classic cooperative group to the consumer protocol
 * pod by pod, online (docs/kafka-semantics.md §21; docs/kubernetes.md §3, §4). Under the default policy,
 * bidirectional, the first consumer-protocol member to join the classic group, whose other members are all classic,
 * converts it online (validateOnlineUpgrade); after that the consumer-protocol members never leave while classic ones
 * remain (the rollout only deletes old pods), so no downgrade follows: exactly one conversion, classic to consumer.
 * When the rollout is over, every pod that runs is a consumer-protocol member: it names itself with a bare UUID,
 * where the classic coordinator names a member clientId-UUID (here the pod's name, then the UUID).
 */
class RolloutUpgradeTest {

    private static final String SCENARIO = """
            duration: 6m
            group: {id: orders}
            topics: [{name: orders, partitions: 12, rate: 60/s}]
            consumers:
              count: 4
              config: {partition.assignment.strategy: cooperative-sticky}
              startup: {jvmStart: 3s}
              workload: {kind: %s, name: orders, readinessProbe: {initialDelaySeconds: 5, periodSeconds: 5}}
            timeline:
              - {at: 1m, rollout: {workload: orders, config: {group.protocol: consumer}}}
            """;

    @Test
    void aDeploymentRolloutConvertsTheGroupOnlineOnce() {
        Observed run = observe("Deployment");
        assertEquals(List.of("classic→consumer"), run.conversions);
        assertEquals(List.of("c5", "c6", "c7", "c8"), run.runningAtEnd(), "the new ReplicaSet's pods");
        run.runningAtEnd().forEach(pod -> assertFalse(run.lastMemberId.get(pod).startsWith(pod + "-"),
                pod + " is a classic member: " + run.lastMemberId.get(pod)));
    }

    @Test
    void aStatefulSetRolloutConvertsTheGroupOnlineOnceAndKeepsThePodNames() {
        Observed run = observe("StatefulSet");
        assertEquals(List.of("classic→consumer"), run.conversions);
        assertEquals(List.of("c1", "c2", "c3", "c4"), run.runningAtEnd());
        run.runningAtEnd().forEach(pod -> assertFalse(run.lastMemberId.get(pod).startsWith(pod + "-"),
                pod + " is a classic member: " + run.lastMemberId.get(pod)));
        // Before the rollout every pod was a classic member.
        assertTrue(run.firstMemberId.values().stream().allMatch(id -> id.startsWith("c")), run.firstMemberId.toString());
    }

    private static Observed observe(String kind) {
        Observed observed = new Observed();
        SimRuns.observe(SCENARIO.formatted(kind), "rollout-upgrade", sim -> observed);
        return observed;
    }

    /** What the run's events say about conversions and each pod's members. */
    private static final class Observed implements GroupListener {
        final List<String> conversions = new ArrayList<>();
        final Map<String, String> firstMemberId = new TreeMap<>();
        final Map<String, String> lastMemberId = new TreeMap<>();
        final Map<String, MemberState> lastState = new TreeMap<>();

        @Override
        public void groupConverted(GroupConverted event) {
            conversions.add(event.from() + "→" + event.to());
        }

        @Override
        public void memberIdAssigned(MemberIdAssigned event) {
            firstMemberId.putIfAbsent(event.pod(), event.memberId());
            lastMemberId.put(event.pod(), event.memberId());
        }

        @Override
        public void podStateChanged(PodStateChanged event) {
            lastState.put(event.pod(), event.state());
        }

        List<String> runningAtEnd() {
            return lastState.entrySet().stream().filter(e -> e.getValue() != MemberState.DOWN).map(Map.Entry::getKey)
                    .toList();
        }
    }
}
