package org.rebalancesim.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A topic's {@code rate:} that changes over the run (docs/scenario-format.md, "topics"). */
class RateScheduleParserTest {

    @TempDir
    Path directory;
    private ScenarioFiles files;

    @BeforeEach
    void setUp() {
        files = new ScenarioFiles(directory);
    }

    private static String withRate(String rate) {
        return ScenarioFiles.MINIMAL.replace("rate: 10/s", "rate: " + rate);
    }

    @Test
    void readsStepsAndADailyCurve() throws ScenarioException {
        TopicSpec steps = files.onlyVariant(withRate("{steps: [{at: 0s, rate: 100/s}, {at: 5m, rate: 2000/s},"
                + " {at: 7m, rate: 100/s}]}")).topics().get(0);
        assertEquals(100, steps.recordsPerSecond(), "the rate at time 0");
        assertEquals(2000, steps.peakRecordsPerSecond());
        assertEquals(List.of(new RateSchedule.Step(0, 100), new RateSchedule.Step(300_000, 2000),
                new RateSchedule.Step(420_000, 100)), steps.schedule().steps());
        TopicSpec daily = files.onlyVariant(withRate("{daily: {min: 50/s, max: 400/s, peakAt: 14h, startsAt: 830m,"
                + " period: 24h, step: 1m}}")).topics().get(0);
        assertEquals(10, daily.schedule().steps().size(), "a step a minute over the 10 minutes of the run");
        assertEquals(400, daily.peakRecordsPerSecond(), 1, "the run ends at 14:00, the peak");
    }

    @Test
    void refusesStepsOutOfOrderOrAfterTheRunAndAnUpsideDownCurve() {
        assertEquals(List.of("topics[0].rate.steps[1].at: must be later than the step before it (5m): steps are"
                + " listed in time order"), files.problems(withRate("{steps: [{at: 5m, rate: 1/s}, {at: 1m, rate: 2/s}]}")));
        assertEquals(List.of("topics[0].rate.steps[0].at: is at or after the end of the run (duration: 10m), so the"
                + " rate would never be in force"), files.problems(withRate("{steps: [{at: 10m, rate: 1/s}]}")));
        assertEquals(List.of("topics[0].rate.daily.max: must be at least min (50/s), got 40/s"),
                files.problems(withRate("{daily: {min: 50/s, max: 40/s}}")));
        assertEquals(List.of("topics[0].rate: needs exactly one of steps: [{at: 0s, rate: 100/s}, {at: 10m, rate:"
                + " 800/s}] or daily: {min: 50/s, max: 400/s, peakAt: 14h}"), files.problems(withRate("{}")));
    }
}
