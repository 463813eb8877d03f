package org.rebalancesim.explain;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.rebalancesim.explain.Explanations.explain;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.rebalancesim.metrics.RunResult;
import org.rebalancesim.run.ScenarioRunner;
import org.rebalancesim.run.SimRuns;
import org.rebalancesim.scenario.Scenario;

/**
 * "What would have helped", with the needed values derived from Kafka's rules (docs/kafka-semantics.md §4,
 * §5, §8), not from what the code printed: a silence of S survives a session longer than S plus the
 * heartbeat interval (the most the last heartbeat can precede it); a batch survives a max.poll.interval.ms
 * longer than the time from its poll() to its record's end; a static member back within its session keeps
 * its partitions. Needed values are the next whole second above the figure.
 */
class WhatWouldHaveHelpedTest {

    @Test
    void aPauseThatEvictedNamesTheSessionTheExcessAndTheSessionThatWouldHaveKeptIt() {
        // c1 paused 12 s at 2m; session 10 s, heartbeat 3 s: 12 + 3 = 15 s, so at least 16 s.
        List<String> helped = explain(ExplainCausesTest.GC, "session-10s").helped();
        assertEquals(1, helped.size(), helped.toString());
        String item = helped.get(0);
        assertTrue(item.startsWith("c1's 12 s GC pause at 02:00.000 outlived session.timeout.ms 10 s by 2 s: "), item);
        assertTrue(item.contains("a session.timeout.ms of at least 16 s (12 s + heartbeat.interval.ms 3 s, the most its"
                + " last heartbeat can precede the pause) would have kept it in the group"), item);
    }

    @Test
    void noPauseEvictedWithKafkasDefaultSessionSoNothingWouldHaveHelped() {
        assertEquals(List.of(), explain(ExplainCausesTest.GC, "kafka-default").helped());
    }

    @Test
    void aRecordThatTimedOutThePollNamesTheMaxPollIntervalFromTheLastPollToTheRecordsEnd() {
        // c1 polls at 2m and starts a 7 min record at once: 7 min from that poll() to its end, so 7 min 1 s.
        List<String> helped = explain("poll-interval-outgrown.yaml", "poll-5m").helped();
        assertEquals(1, helped.size(), helped.toString());
        String item = helped.get(0);
        // The poll timer, from that poll() at 2m, runs out 5 min later.
        assertTrue(item.startsWith("c1's 7 min record outran max.poll.interval.ms 5 min by 2 min (poll timeout at"
                + " 07:00.000, out of the group)"), item);
        assertTrue(item.contains("from its last poll() at 02:00.000 to the record's end at 09:00.000 took 7 min"), item);
        assertTrue(item.contains("a max.poll.interval.ms of at least 7 min 1 s"), item);
        assertEquals(List.of(), explain("poll-interval-outgrown.yaml", "poll-8m").helped(), "8 min > 7 min");
    }

    @Test
    void aDynamicMemberBackAfterACrashNamesTheStaticSessionThatWouldHaveBridgedIt() {
        // c2 crashes at 2m, restarts 30 s later with a 2 s JVM start: back at 2m32s; 32 + 3 = 35 s, so 36 s.
        List<String> helped = explain(ExplainCausesTest.CRASH, "dynamic").helped();
        assertEquals(List.of("c2, a dynamic member, crashed at 02:00.000 and was back at 02:32.000 as a new member"
                + " (32 s): as a static member (group.instance.id) with a session.timeout.ms of at least 36 s (32 s +"
                + " heartbeat.interval.ms 3 s, the most its last heartbeat can precede the crash) it would have kept"
                + " its partitions and rejoined without a rebalance"), helped);
        // The static variant is that advice taken (2 min > 36 s): it has no rebalance, and nothing to add.
        assertEquals(List.of(), explain(ExplainCausesTest.CRASH, "static").helped());
    }

    @Test
    void aDynamicMemberStoppedAndRestartedKeepsItsOwnSessionWhenThatIsLongEnough() {
        // rolling-restart: each pod stopped 15 s; 15 s + 3 s < the configured 45 s, so static alone would do.
        List<String> helped = explain("rolling-restart.yaml", "dynamic").helped();
        assertEquals(1, helped.size(), helped.toString());
        assertTrue(helped.get(0).contains("a dynamic member, stopped at ")
                && helped.get(0).contains("with its session.timeout.ms 45 s (at least 19 s needed: 15 s + "), helped.get(0));
    }

    @Test
    void aStaticMemberBackAfterItsSessionNamesTheSessionThatWouldHaveWaitedForIt() {
        List<String> helped = explainStaticCrash(10_000).helped();
        // Crashed at 1m, started 20 s + a 2 s JVM start later, its JoinGroup a few round trips after that:
        // 22 s + 3 s = 25 s, so at least 26 s against 10 s.
        assertEquals(1, helped.size(), helped.toString());
        String item = helped.get(0);
        assertTrue(item.startsWith("c1, a static member, crashed at 01:00.000 and was back at "), item);
        long backMs = Explanations.timeAfter(item, "was back at ");
        assertTrue(backMs >= 82_000 && backMs < 82_000 + ExplainCausesTest.LATENCY_MS * 5, item);
        assertTrue(item.contains("(22 s), after its session.timeout.ms 10 s had run out: a session.timeout.ms of at "
                + "least 26 s"), item);
    }

    @Test
    void theSessionItNamesKeepsTheStaticMemberInTheGroupWhenTheRunIsRepeatedWithIt() {
        VariantExplanation story = explainStaticCrash(26_000);
        assertEquals(List.of(), story.helped());
        assertTrue(story.summary().get(0).contains("0 evictions"), story.summary().toString());
    }

    private static VariantExplanation explainStaticCrash(long sessionMs) {
        Scenario scenario = SimRuns.load(STATIC_CRASH.replace("SESSION", Long.toString(sessionMs)), "static-crash");
        RunResult run = ScenarioRunner.run(scenario, "static", SimRuns.MAX_EVENTS);
        return Explainer.explain(run, scenario).get(0);
    }

    private static final String STATIC_CRASH = """
            name: static-crash
            seed: 1
            duration: 3m
            group:
              id: app
            topics:
              - name: input
                partitions: 4
                rate: 10/s
            consumers:
              count: 2
              config:
                group.instance.id: app-$(POD_NAME)
                session.timeout.ms: SESSION
                heartbeat.interval.ms: 3000
              startup: {stagger: 0s, jvmStart: 2s}
            timeline:
              - at: 1m
                crash: {consumer: c1, restartAfter: 20s}
            variants:
              - name: static
            """;
}
