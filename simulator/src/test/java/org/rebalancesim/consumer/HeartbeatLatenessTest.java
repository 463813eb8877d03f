package org.rebalancesim.consumer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.rebalancesim.run.SimRuns.spans;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.rebalancesim.metrics.Series;
import org.rebalancesim.run.SimRuns;

/**
 * A classic member waiting inside poll() sends each heartbeat late by {@code consumers.heartbeatLateness}
 * (docs/kafka-semantics.md §15), and Heartbeat#sentHeartbeat restarts the interval at the send, so its beats
 * fall every heartbeat.interval.ms + lateness after its JoinGroup answer, not on a fixed grid. Whether a
 * member hears of a rebalance at once or a whole interval later depends on that phase: c3 joins about
 * 22,100 ms after c1 and c2 got their JoinGroup answers (at about the first rebalance's end, S). On time
 * they beat at S + 22,000 and S + 23,000: they hear of the rebalance at the second, ~900 ms after it began.
 * With 10 ms a beat, the 22nd beat comes at S + 22 × 1010 = S + 22,220, after c3's JoinGroup: ~120 ms.
 */
class HeartbeatLatenessTest {

    static final long INTERVAL_MS = 1000;
    static final long JOIN_AT_MS = 22_100;

    static String scenario(String lateness) {
        return scenario(lateness, "rate: 0/s", "1ms");
    }

    static String scenario(String lateness, String records, String processing) {
        return """
                duration: 30s
                cluster:
                  network: {latency: 1ms}
                  config: {group.initial.rebalance.delay.ms: 0}
                group: {id: lateness}
                topics: [{name: t, partitions: 4, %s}]
                consumers:
                  names: [c1, c2]
                  config: {session.timeout.ms: 10000, heartbeat.interval.ms: %d}
                  heartbeatLateness: %s
                  processing: {constant: %s}
                timeline:
                  - {at: %dms, start: {consumer: c3}}
                """.formatted(records, INTERVAL_MS, lateness, processing, JOIN_AT_MS);
    }

    /** The rebalance c3's join starts ends one heartbeat, one round trip and a SyncGroup after that beat. */
    private static void assertHeardAtBeat(String scenario, String lateness, long latenessMs) {
        List<Series.RebalanceSpan> spans = spans(SimRuns.run(scenario, "lateness"));
        assertEquals(2, spans.size(), "the start-up rebalance, then c3's: " + spans);
        Series.RebalanceSpan first = spans.get(0);
        Series.RebalanceSpan joined = spans.get(1);
        long phaseMs = first.stableMs();
        long beat = phaseMs;
        while (beat < joined.startMs()) {
            beat += INTERVAL_MS + latenessMs;
        }
        assertTrue(joined.stableMs() >= beat && joined.stableMs() <= beat + 10,
                "with " + lateness + " a beat the others hear of the rebalance at about " + beat + ": " + joined);
    }

    @Test
    void onTimeHeartbeatsHearOfTheJoinAWholeIntervalLater() {
        assertHeardAtBeat(scenario("0"), "0", 0);
    }

    @Test
    void lateHeartbeatsDriftPastTheJoinAndHearOfItSooner() {
        assertHeardAtBeat(scenario("10ms"), "10ms", 10);
    }

    /**
     * A poll() that returns records just as a heartbeat falls due only notifies the heartbeat thread
     * (AbstractCoordinator#pollHeartbeat), whose wake ends late like any other: the beat still goes out the
     * lateness after its due time. With a record every millisecond or two a poll() comes at nearly every due
     * time; were the beat sent at that poll, the beats would fall back onto the interval's grid.
     */
    @Test
    void aPollJustAsTheBeatFallsDueDoesNotPutItBackOnTime() {
        assertHeardAtBeat(scenario("10ms", "rate: 1000/s, arrivals: inTurn", "0ms"), "10ms", 10);
    }
}
