package org.rebalancesim.invariant;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** What a broken invariant tells the user: what, when, which event, the run, and the command that reproduces it. */
class InvariantViolationTest {

    @Test
    void theReportEndsWithTheCommandThatReproducesTheRun() {
        InvariantViolation violation = new InvariantViolation(Invariant.SINGLE_OWNER, 62_449, 12_528,
                "c4 completed generation 8", "t2-1 is owned by c3 and c4, both in generation 8")
                .during("scenarios/my group.yaml", "cooperative", 7);
        assertEquals("invariant single-owner violated at 62449 ms (event 12528: c4 completed generation 8): t2-1 is "
                + "owned by c3 and c4, both in generation 8", violation.getMessage());
        assertEquals("scenarios/my group.yaml", violation.scenarioFile());
        assertEquals("cooperative", violation.variant());
        assertEquals(7L, violation.seed());
        String command = "scripts/rebalance-sim run 'scenarios/my group.yaml' --seed 7 --variant cooperative";
        assertEquals(violation.getMessage() + System.lineSeparator()
                + "  scenario scenarios/my group.yaml, variant cooperative, seed 7" + System.lineSeparator()
                + "  reproduce: " + command, violation.report(command));
        assertEquals(0, violation.getStackTrace().length, "no stack trace is ever shown or even kept");
    }

    @Test
    void outsideARunTheReportIsTheMessageAlone() {
        InvariantViolation violation = new InvariantViolation(Invariant.SINGLE_OWNER, 10, 3, "e", "d");
        assertEquals(violation.getMessage(), violation.report(null));
    }
}
