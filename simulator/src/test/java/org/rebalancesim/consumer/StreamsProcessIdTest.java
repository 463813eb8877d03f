package org.rebalancesim.consumer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.rebalancesim.consumer.StreamsScenarios.STATEFUL;
import static org.rebalancesim.consumer.StreamsScenarios.STATELESS;
import static org.rebalancesim.consumer.StreamsScenarios.streams;
import static org.rebalancesim.run.SimRuns.metric;
import static org.rebalancesim.run.SimRuns.run;

import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * Kafka Streams keeps an instance's process id in its state directory only for a topology with persistent stores
 * (StateDirectory#initializeProcessId); any other instance draws a new random UUID at each start. The classic task
 * assignor breaks ties between clients by process id, so where a restarted instance's new id sorts among the others
 * decides whether it gets its own tasks back (one rebalance, when its old member's session expires) or another
 * instance's (that instance revokes them, and a follow-up rebalance hands them over): it varies from run to run, as
 * it does on a real cluster (docs/kafka-semantics.md §26). With persistent stores the id stays, and the placement.
 */
class StreamsProcessIdTest {

    private static final int SEEDS = 12;

    @Test
    void aRestartedStatelessInstanceDrawsANewIdSoSomeRunsSwapItsTasks() {
        assertEquals(Set.of(1L, 2L), rebalancesOverSeeds(STATELESS, "ephemeral"),
                "one rebalance where the new id sorts as the old did, a second (the follow-up) where it swaps");
    }

    @Test
    void aRestartedStatefulInstanceOnItsVolumeKeepsItsIdAndItsTasks() {
        assertEquals(Set.of(1L), rebalancesOverSeeds(STATEFUL, "persistent"), "its own tasks back, every run");
    }

    /** c2 of three instances restarted at 30 s (2 s down, Streams' default close: no LeaveGroup), seeds 1 to 12. */
    private static Set<Long> rebalancesOverSeeds(String subtopology, String stateDirectory) {
        Set<Long> rebalances = new TreeSet<>();
        for (int seed = 1; seed <= SEEDS; seed++) {
            String yaml = "seed: " + seed + "\n" + streams("120s", "20s", "", subtopology, stateDirectory, "",
                    "- {at: 30s, restart: {consumer: c2, downtime: 2s}}");
            rebalances.add(metric(run(yaml, "streams-process-id-" + seed), "rebalances"));
        }
        return rebalances;
    }
}
