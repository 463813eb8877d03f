package org.rebalancesim.explain;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A rebalance stretched by the application's listener names the callback it waited for: under eager every
 * member runs onPartitionsRevoked before its JoinGroup, so the join phase waits for the longest flush
 * (application-callbacks.yaml; docs/kafka-semantics.md §6). Without a listener no callback is named.
 */
class ListenerExplainTest {

    @Test
    void anEagerRebalanceNamesTheFlushItWaitedFor() {
        List<StoryLine> rebalances = Explanations.rebalancesFrom(Explanations.explain("application-callbacks.yaml", "eager"),
                120_000);
        assertFalse(rebalances.isEmpty());
        assertTrue(rebalances.stream().allMatch(l -> !l.text().contains("stable at") || l.text().contains("onPartitions")),
                "every completed eager rebalance waited for a callback: " + rebalances);
        assertTrue(Explanations.explain("application-callbacks.yaml", "cooperative-no-listener").lines().stream()
                .noneMatch(l -> l.text().contains("application thread")));
    }
}
