package org.rebalancesim.explain;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.rebalancesim.explain.Explanations.explain;
import static org.rebalancesim.explain.Explanations.line;
import static org.rebalancesim.explain.Explanations.rebalancesFrom;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Static against dynamic membership in scenarios/rolling-restart.yaml: a rolling restart from 2m, one
 * pod every 60 s, each down 10 s plus a 5 s JVM start, under a 45 s session. Dynamic members cost two
 * rebalances per pod (LeaveGroup, then a new member's join; docs/kafka-semantics.md known problem 2); static
 * ones send no LeaveGroup and are back within the session, so none (§8).
 */
class ExplainMembershipTest {

    static final String FILE = "rolling-restart.yaml";
    static final long ROLLOUT_MS = 120_000;
    static final long INTERVAL_MS = 60_000;
    static final List<String> PODS = List.of("c1", "c2", "c3", "c4");

    @Test
    void aStaticRollingRestartHasNoRebalanceLineAndSaysWhy() {
        VariantExplanation story = explain(FILE, "static");
        assertEquals(List.of(), rebalancesFrom(story, ROLLOUT_MS));
        for (int i = 0; i < PODS.size(); i++) {
            String pod = PODS.get(i);
            String text = line(story, ROLLOUT_MS + i * INTERVAL_MS, pod + " stopped").text();
            assertTrue(text.contains("a static member sends no LeaveGroup"), text);
            assertTrue(text.contains("after 15 s < session.timeout.ms 45 s"), text);
            assertTrue(text.endsWith("rejoins with its group.instance.id, no rebalance"), text);
        }
        assertTrue(story.summary().get(0).startsWith("summary (metrics from 01:00.000 to 08:00.000): 0 rebalances"),
                story.summary().toString());
    }

    @Test
    void aDynamicRollingRestartHasALeaveAndAJoinPerPod() {
        VariantExplanation story = explain(FILE, "dynamic");
        List<StoryLine> rebalances = rebalancesFrom(story, ROLLOUT_MS);
        assertEquals(2 * PODS.size(), rebalances.size(), rebalances.toString());
        for (int i = 0; i < PODS.size(); i++) {
            String pod = PODS.get(i);
            assertTrue(rebalances.get(2 * i).text().startsWith(pod + " stopped (close()) → LeaveGroup at "),
                    rebalances.get(2 * i).text());
            assertTrue(rebalances.get(2 * i + 1).text().startsWith(pod + " restarted (15 s down) → joined as a new member"),
                    rebalances.get(2 * i + 1).text());
        }
    }

    @Test
    void aMixedGroupRebalancesOnlyForItsDynamicPod() {
        VariantExplanation story = explain(FILE, "mixed");
        List<StoryLine> rebalances = rebalancesFrom(story, ROLLOUT_MS);
        assertEquals(2, rebalances.size(), rebalances.toString());
        rebalances.forEach(l -> assertTrue(l.text().startsWith("c4 "), l.text()));
    }
}
