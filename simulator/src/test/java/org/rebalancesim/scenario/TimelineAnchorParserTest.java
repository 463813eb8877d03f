package org.rebalancesim.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code at: {after: ..., plus: ...}} (docs/scenario-format.md, "Timeline anchors"). */
class TimelineAnchorParserTest {

    @TempDir
    Path directory;
    private ScenarioFiles files;

    @BeforeEach
    void setUp() {
        files = new ScenarioFiles(directory);
    }

    private static String timeline(String entries) {
        return ScenarioFiles.MINIMAL + "timeline:\n" + entries.indent(2);
    }

    @Test
    void readsAnchorsAndOrdersThemByTheirEarliestTime() throws Exception {
        Variant variant = files.onlyVariant(timeline("""
                - {at: {after: stable, plus: 10s}, crash: {consumer: c1}}
                - {at: 5s, gcPause: {consumer: c2, duration: 1s}}
                - {at: {after: previous, plus: 1m}, stop: {consumer: c3}}
                - {at: {after: stableAgain}, stop: {consumer: c2}}
                """));
        List<TimelineEvent> events = variant.timeline();
        // Earliest times: stable + 10 s = 10 s, 5 s, 5 s + 1 m, 65 s + 0.
        assertEquals(List.of(5_000L, 10_000L, 65_000L, 65_000L), events.stream().map(TimelineEvent::atMs).toList());
        assertNull(events.get(0).anchor());
        assertEquals(new TimelineEvent.Anchor(TimelineAnchor.STABLE, 10_000, -1), events.get(1).anchor());
        // previous is the entry written before: the gcPause, now at index 0.
        assertEquals(new TimelineEvent.Anchor(TimelineAnchor.PREVIOUS, 60_000, 0), events.get(2).anchor());
        assertEquals(new TimelineEvent.Anchor(TimelineAnchor.STABLE_AGAIN, 0, 2), events.get(3).anchor());
        assertEquals("at {after: stable, plus: 10s}", events.get(1).whenText());
        assertEquals("at 5s", events.get(0).whenText());
    }

    @Test
    void aFixedTimeStaysAsItWas() throws Exception {
        TimelineEvent event = files.onlyVariant(timeline("- {at: 1m, crash: {consumer: c1}}")).timeline().get(0);
        assertEquals(new TimelineEvent(60_000, new Operation.Crash(ConsumerSelector.of(List.of("c1")), -1)), event);
        assertFalse(event.isAnchored());
    }

    @Test
    void anUnknownAnchorNamesThePathAndTheAcceptedNames() {
        assertEquals(List.of("timeline[0].at.after: unknown anchor 'settled'; the accepted anchors are stable, "
                        + "previous, stableAgain (or write a time from the start: at: 2m)"),
                files.problems(timeline("- {at: {after: settled, plus: 10s}, crash: {consumer: c1}}")));
    }

    @Test
    void aNegativeDelayIsRefused() {
        assertEquals(List.of("timeline[0].at.plus: must not be negative, got '-5s'"),
                files.problems(timeline("- {at: {after: stable, plus: -5s}, crash: {consumer: c1}}")));
    }

    @Test
    void anUnknownKeyAndAMissingAnchorAreRefused() {
        List<String> problems = files.problems(timeline("- {at: {plus: 5s, delay: 1s}, crash: {consumer: c1}}"));
        assertEquals(2, problems.size(), problems.toString());
        assertEquals("timeline[0].at.delay", problems.get(0).substring(0, problems.get(0).indexOf(':')));
        assertEquals("timeline[0].at.after: missing; the event to wait for: stable, previous, stableAgain",
                problems.get(1).replaceFirst(": [^:]*missing[^;]*;", ": missing;"));
    }

    @Test
    void theFirstEntryHasNoPreviousEntry() {
        assertEquals(List.of("timeline[0].at.after: 'previous' refers to the entry written before this one, and "
                        + "this is the first entry of timeline:; anchor it to stable, or give a time: at: 2m"),
                files.problems(timeline("- {at: {after: previous, plus: 5s}, crash: {consumer: c1}}")));
    }

    @Test
    void anAnchorThatCannotHappenBeforeTheEndIsRefused() {
        assertEquals(List.of("timeline[1].at: at {after: previous, plus: 6m} can happen at 11m at the earliest, "
                        + "which is at or after the end of the run (duration: 10m), so the operation would never "
                        + "run; move it earlier or lengthen duration"),
                files.problems(timeline("""
                        - {at: 5m, gcPause: {consumer: c2, duration: 1s}}
                        - {at: {after: previous, plus: 6m}, crash: {consumer: c1}}
                        """)));
    }
}
