package org.rebalancesim.sweep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.rebalancesim.scenario.ScenarioException;
import org.rebalancesim.scenario.Setting;

/** Building the grid: cells in order, seeds, variants, and every problem named by its --set. */
class SweepPlannerTest {

    @Test
    void cellsFollowTheGridOrderAndCarryTheirScenario() throws ScenarioException {
        SweepPlan plan = SweepScenarios.plan(List.of("session.timeout.ms=10000,20000,30000", "consumers.count=2,4"),
                null, 3);
        assertEquals(6, plan.cells().size());
        assertEquals(List.of("session.timeout.ms=10000, consumers.count=2", "session.timeout.ms=10000, consumers.count=4",
                "session.timeout.ms=20000, consumers.count=2"),
                plan.cells().subList(0, 3).stream().map(SweepCell::label).toList());
        SweepCell last = plan.cells().get(5);
        assertEquals(List.of("30000", "4"), last.settings().stream().map(Setting::text).toList());
        last.scenario().variants().forEach(v -> {
            assertEquals(30_000, v.consumers().config().sessionTimeoutMs(), v.name());
            assertEquals(4, v.consumers().initial().size(), v.name());
        });
        assertEquals(List.of("short", "long"), plan.variants());
        assertEquals(6 * 2 * 3, plan.runCount());
    }

    @Test
    void runsAreNumberedCellThenVariantThenSeedFromTheFilesSeed() throws ScenarioException {
        SweepPlan plan = SweepScenarios.plan(List.of("session.timeout.ms=10000,20000"), null, 3);
        assertEquals(40, plan.firstSeed());
        assertEquals(42, plan.lastSeed());
        SweepPlan.RunId run = plan.run(7); // cell 1, variant 0, seed index 1
        assertEquals(1, run.cell().index());
        assertEquals("short", run.variant());
        assertEquals(41, run.seed());
        assertEquals(9, plan.firstRun(1, 1));
        assertEquals("long", plan.run(9).variant());
        assertEquals(40, plan.run(9).seed());
    }

    @Test
    void withoutSetTheGridIsTheFileAsItIs() throws ScenarioException {
        SweepPlan plan = SweepScenarios.plan(List.of(), "long", 5);
        assertEquals(1, plan.cells().size());
        assertEquals("the file as it is", plan.cells().get(0).label());
        assertEquals(List.of("long"), plan.variants());
        assertEquals(5, plan.runCount());
    }

    /** "long" writes the session itself, so the value lands there too; the base's copy reaches "short". */
    @Test
    void aRejectedValueIsNamedOnceForTheWholeFile() {
        ScenarioException e = assertThrows(ScenarioException.class,
                () -> SweepScenarios.plan(List.of("session.timeout.ms=20000,3000"), null, 2));
        List<String> lines = e.problems().stream().map(Object::toString).toList();
        assertTrue(lines.get(0).startsWith("small-sweep.yaml: --set session.timeout.ms=3000: "
                + "consumers.config.session.timeout.ms: session.timeout.ms (3000) is below"), lines.toString());
        assertEquals(1, lines.stream().filter(line -> line.contains("is below")).count(), lines.toString());
        assertTrue(lines.get(0).endsWith("(the file is valid without this value: change or drop it)"), lines.get(0));
        assertTrue(lines.stream().noneMatch(line -> line.contains("=20000")), lines.toString());
    }

    @Test
    void aProblemOfOneVariantNamesIt() {
        // a 20 s heartbeat is fine under long's 45 s session, not under short's 10 s one
        ScenarioException e = assertThrows(ScenarioException.class,
                () -> SweepScenarios.plan(List.of("heartbeat.interval.ms=20000"), null, 1));
        assertTrue(e.getMessage().contains("consumers.config.heartbeat.interval.ms (variant short): "
                + "heartbeat.interval.ms (20000) must be lower"), e.getMessage());
    }

    @Test
    void aCombinationThatOnlyFailsTogetherNamesBothValues() {
        ScenarioException e = assertThrows(ScenarioException.class, () -> SweepScenarios.plan(
                List.of("session.timeout.ms=7000,20000", "heartbeat.interval.ms=1000,8000"), null, 1));
        assertEquals(1, e.problems().size(), e.getMessage());
        String line = e.problems().get(0).toString();
        assertTrue(line.contains("--set session.timeout.ms=7000 with heartbeat.interval.ms=8000: "
                + "consumers.config.heartbeat.interval.ms: heartbeat.interval.ms (8000) must be lower"), line);
        assertTrue(line.endsWith("(each value is valid alone but not with the other: change one)"), line);
    }

    /**
     * Each cell is judged whole, as run --set judges a file: a 15 s heartbeat is refused under the file's 10 s
     * session alone, but every cell pairs it with a longer session, so the sweep is valid.
     */
    @Test
    void aValueTheFileRefusesAloneIsValidWhereAnotherSetMakesRoomForIt() throws ScenarioException {
        SweepPlan plan = SweepScenarios.plan(List.of("session.timeout.ms=60000,90000", "heartbeat.interval.ms=3000,15000"),
                null, 1);
        assertEquals(4, plan.cells().size());
        ScenarioException e = assertThrows(ScenarioException.class, () -> SweepScenarios.plan(
                List.of("session.timeout.ms=10000,60000", "heartbeat.interval.ms=15000"), null, 1));
        assertEquals(1, e.problems().size(), e.getMessage());
        String line = e.problems().get(0).toString();
        assertTrue(line.contains("--set session.timeout.ms=10000 with heartbeat.interval.ms=15000: "), line);
        assertTrue(line.endsWith("(each value is valid in another cell of the sweep, not in this one: change one)"),
                line);
    }

    /** "long" writes session.timeout.ms itself: a sweep of it replaces long's own value, and legends say so. */
    @Test
    void aVariantWhoseOwnValueTheSweepReplacesIsNamed() throws ScenarioException {
        SweepPlan plan = SweepScenarios.plan(List.of("session.timeout.ms=20000,30000", "consumers.count=3,4"), null, 1);
        assertEquals(List.of("long"), plan.parameters().get(0).overriddenIn());
        assertEquals(List.of(), plan.parameters().get(1).overriddenIn());
        assertEquals("long (its own session.timeout.ms replaced by --set)",
                SweepParameter.label(plan.parameters(), "long"));
        assertEquals("short", SweepParameter.label(plan.parameters(), "short"));
    }

    @Test
    void badOptionsAreBadInput() {
        assertMessage("--variant nope: no such variant; the file has short, long",
                () -> SweepScenarios.plan(List.of(), "nope", 1));
        assertMessage("--seeds 0: give 1 to 100000", () -> SweepScenarios.plan(List.of(), null, 0));
        assertMessage("is already swept by another --set",
                () -> SweepScenarios.plan(List.of("session.timeout.ms=10000", "consumers.config.session.timeout.ms=20000"),
                        null, 1));
        assertMessage("a value is given twice", () -> SweepScenarios.plan(List.of("consumers.count=2,2"), null, 1));
        assertMessage("more than 200000 runs", () -> SweepScenarios.plan(List.of("consumers.count=2,3,4"), null, 50_000));
    }

    private static void assertMessage(String expected, org.junit.jupiter.api.function.Executable planning) {
        ScenarioException e = assertThrows(ScenarioException.class, planning);
        assertTrue(e.getMessage().contains(expected), e.getMessage());
    }
}
