package org.rebalancesim.explain;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.rebalancesim.explain.Explanations.explain;
import static org.rebalancesim.explain.Explanations.line;
import static org.rebalancesim.explain.Explanations.timeAfter;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.rebalancesim.run.ScenarioRunner;
import org.rebalancesim.run.SimRuns;
import org.rebalancesim.scenario.Scenario;

/**
 * The Kafka Streams story (docs/kafka-semantics.md §19): a close without LeaveGroup and its session, the
 * probing rebalances of warm-ups, and the tasks' downtime in the summary.
 */
class ExplainStreamsTest {

    @Test
    void aStreamsCloseSaysWhyItsTasksWaitForTheSession() {
        VariantExplanation story = explain("streams-rolling-restart.yaml", "default");
        List<String> pods = List.of("c1", "c2", "c3", "c4");
        for (int i = 0; i < pods.size(); i++) {
            long closedMs = 120_000 + i * 90_000L;
            String text = line(story, closedMs, pods.get(i) + " stopped").text();
            assertTrue(text.contains("Kafka Streams closes without a LeaveGroup (its default CloseOptions), so the "
                    + "coordinator keeps its tasks' partitions until session.timeout.ms 45 s runs out"), text);
            long evictedMs = timeAfter(text, "evicted at ");
            assertTrue(evictedMs - closedMs > 42_000 && evictedMs - closedMs <= 45_100, text);
        }
        String tasks = story.summary().get(1);
        assertTrue(tasks.startsWith("tasks: downtime "), story.summary().toString());
        assertTrue(tasks.endsWith("0 changelog records restored"), tasks);
    }

    /**
     * c2 is killed at 2m and back 55 s later, after its 45 s session: its 4 tasks go back to it at the
     * rebalance, and it restores what its stores lost in the kill before they run; the line says so.
     */
    @Test
    void aRebalanceTellsTheRestorationsItCaused() {
        VariantExplanation story = explain("streams-on-kubernetes.yaml", "dynamic");
        StoryLine crash = line(story, 120_000, "c2 crashed");
        assertTrue(crash.text().contains("; then c2 restored 4 tasks, the longest: task 0_"), crash.text());
        assertTrue(crash.text().endsWith(" ms") || crash.text().endsWith(" s"), crash.text());
    }

    @Test
    void aProbingRebalanceIsToldAsOne() {
        VariantExplanation story = explain("streams-scale-out.yaml", "warmups");
        List<StoryLine> probing = story.lines().stream()
                .filter(line -> line.text().contains("triggered a probing rebalance")).toList();
        assertTrue(!probing.isEmpty(), story.lines().toString());
        // The first one, probing.rebalance.interval.ms (1 min) after the newcomer's warm-ups were placed.
        long firstMs = probing.get(0).atMs();
        assertTrue(firstMs >= 245_000 + 60_000 && firstMs < 245_000 + 63_000, "first probing rebalance at " + firstMs);
        String tasks = story.summary().get(1);
        assertTrue(tasks.contains("probing rebalance"), tasks);
        assertEquals(probing.size(), Integer.parseInt(tasks.replaceAll(".*, (\\d+) probing rebalances?$", "$1")),
                tasks);
    }

    /**
     * A warm-up promoted at a probing rebalance is in its instance's state updater, which hands it back only when its
     * loop turns: the rebalance's line tells the wait. At 10,000 records/s a batch of 1,000 takes 100 ms, and a
     * following updater polls for poll.ms, 100 ms: no wait is longer.
     */
    @Test
    void aHandOverTellsTheWaitForTheStateUpdater() {
        VariantExplanation story = explain("streams-scale-out.yaml", "warmups");
        Pattern wait = Pattern.compile("(c\\d) waited (\\d+) ms for its state updater before taking the assignment");
        List<Long> waits = new ArrayList<>();
        for (StoryLine line : story.lines()) {
            Matcher found = wait.matcher(line.text());
            while (found.find()) {
                waits.add(Long.parseLong(found.group(2)));
            }
        }
        assertTrue(!waits.isEmpty(), story.lines().toString());
        assertTrue(waits.stream().allMatch(ms -> ms > 0 && ms <= 100), waits.toString());
    }

    /**
     * A static member of a streams group whose stateless process comes back with a new process id bumps the group
     * epoch, so its return is told as the rebalance it starts; its stop's line still says when it came back.
     */
    @Test
    void aStaticStreamsMemberBackWithANewProcessIdIsToldBack() {
        Scenario scenario = SimRuns.load("""
                duration: 40s
                group: {id: back}
                topics: [{name: clicks, partitions: 4, rate: 40/s}]
                consumers:
                  count: 2
                  app: streams
                  config: {group.protocol: streams, group.instance.id: pod-$(POD_NAME)}
                  processing: {constant: 1ms}
                  startup: {jvmStart: 1s}
                  topology: {subtopologies: [{source: clicks}]}
                timeline:
                  - {at: 15s, restart: {consumer: c2, downtime: 2s}}
                """, "streams-static-back");
        VariantExplanation story = Explainer.explain(ScenarioRunner.run(scenario, "base", SimRuns.MAX_EVENTS),
                scenario).get(0);
        String stop = line(story, 15_000, "c2 stopped").text();
        long backMs = timeAfter(stop, "→ back at ");
        // 2 s down from the process's exit, then the 1 s JVM start.
        assertTrue(backMs >= 18_000 && backMs < 18_500, stop);
        assertTrue(story.lines().stream().anyMatch(l -> l.atMs() == backMs && l.text().startsWith("c2 restarted")
                && l.text().contains("→ group epoch ")), story.lines().toString());
    }
}
