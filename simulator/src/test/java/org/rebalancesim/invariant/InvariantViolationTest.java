package org.rebalancesim.invariant;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** What a broken invariant tells the user: what, when, which event, and the command that reproduces it. */
class InvariantViolationTest {

    @Test
    void theReportEndsWithTheCommandThatReproducesTheRun() {
        InvariantViolation violation = new InvariantViolation(Invariant.SINGLE_OWNER, 62_449, 12_528,
                "c4 completed generation 8", "t2-1 is owned by c3 and c4, both in generation 8")
                .during("scenarios/my group.yaml", "cooperative", 7);
        assertEquals("invariant single-owner violated at 62449 ms (event 12528: c4 completed generation 8): t2-1 is "
                + "owned by c3 and c4, both in generation 8", violation.getMessage());
        assertEquals("scripts/rebalance-sim run 'scenarios/my group.yaml' --seed 7 --variant cooperative",
                violation.reproduceCommand());
        assertEquals(violation.getMessage() + System.lineSeparator()
                + "  scenario scenarios/my group.yaml, variant cooperative, seed 7" + System.lineSeparator()
                + "  reproduce: scripts/rebalance-sim run 'scenarios/my group.yaml' --seed 7 --variant cooperative",
                violation.report());
        assertEquals(0, violation.getStackTrace().length, "no stack trace is ever shown or even kept");
    }
}
