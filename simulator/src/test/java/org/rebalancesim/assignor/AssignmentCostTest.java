package org.rebalancesim.assignor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** AssignmentCost: measured coefficients, used as a pure, monotone function of the group's size. */
class AssignmentCostTest {

    private static final List<Integer> MEMBERS = List.of(1, 2, 3, 10, 25, 100, 500, 1000, 5000, 20_000);
    private static final List<Integer> PARTITIONS = List.of(0, 1, 6, 100, 650, 1000, 10_000, 100_000, 1_000_000);

    @Test
    void neverFallsWhenTheGroupGrowsForEveryAssignor() {
        for (String name : Assignors.NAMES) {
            assertMonotone(AssignmentCost.CLIENT, name);
        }
        assertMonotone(AssignmentCost.CLIENT, "com.example.MyAssignor");
        for (String name : ServerAssignors.NAMES) {
            assertMonotone(AssignmentCost.SERVER, name);
        }
    }

    private static void assertMonotone(AssignmentCost cost, String name) {
        for (int m = 0; m < MEMBERS.size(); m++) {
            for (int p = 0; p < PARTITIONS.size(); p++) {
                long here = cost.computeMs(name, MEMBERS.get(m), PARTITIONS.get(p));
                assertTrue(here >= 0, name + " negative at " + MEMBERS.get(m) + " x " + PARTITIONS.get(p));
                if (m > 0) {
                    long fewerMembers = cost.computeMs(name, MEMBERS.get(m - 1), PARTITIONS.get(p));
                    assertTrue(here >= fewerMembers, name + ": " + MEMBERS.get(m) + " members cost " + here
                            + " ms, fewer cost " + fewerMembers + " ms (" + PARTITIONS.get(p) + " partitions)");
                }
                if (p > 0) {
                    long fewerPartitions = cost.computeMs(name, MEMBERS.get(m), PARTITIONS.get(p - 1));
                    assertTrue(here >= fewerPartitions, name + ": " + PARTITIONS.get(p) + " partitions cost " + here
                            + " ms, fewer cost " + fewerPartitions + " ms (" + MEMBERS.get(m) + " members)");
                }
            }
        }
    }

    /** The fit grows: a large group takes whole milliseconds with every assignor. */
    @Test
    void largeGroupsTakeMilliseconds() {
        for (String name : Assignors.NAMES) {
            assertTrue(AssignmentCost.CLIENT.computeMs(name, 1000, 10_000) >= 1, name);
        }
        for (String name : ServerAssignors.NAMES) {
            assertTrue(AssignmentCost.SERVER.computeMs(name, 1000, 10_000) >= 1, name);
        }
    }

    /**
     * Small groups cost 0 ms, so the model behaves exactly as before this cost existed: every library
     * scenario (at most 25 members, 650 partitions) and every behaviour test.
     */
    @Test
    void smallGroupsCostNothing() {
        for (String name : Assignors.NAMES) {
            assertEquals(0, AssignmentCost.CLIENT.computeMs(name, 25, 650), name);
            assertEquals(0, AssignmentCost.CLIENT.computeMs(name, 0, 10_000), name + ", empty group");
        }
        for (String name : ServerAssignors.NAMES) {
            assertEquals(0, AssignmentCost.SERVER.computeMs(name, 25, 650), name);
        }
    }

    @Test
    void pureWholeMillisecondsOfTheFittedModel() {
        AssignmentCost.Coefficients sticky = AssignmentCost.CLIENT.coefficients("sticky");
        for (int members : MEMBERS) {
            for (int partitions : PARTITIONS) {
                long ms = AssignmentCost.CLIENT.computeMs("sticky", members, partitions);
                assertEquals(ms, AssignmentCost.CLIENT.computeMs("sticky", members, partitions));
                assertEquals(Math.round(sticky.timeMs(members, partitions)), ms);
            }
        }
    }

    @Test
    void usersAssignorsGetTheStickyCoefficientsAndUnknownServerNamesUniforms() {
        assertEquals(AssignmentCost.CLIENT.coefficients("sticky"), AssignmentCost.CLIENT.coefficients("com.example.Mine"));
        assertEquals(AssignmentCost.SERVER.coefficients(ServerAssignors.UNIFORM), AssignmentCost.SERVER.coefficients("other"));
    }

    @Test
    void refusesNegativeSizesAndCoefficients() {
        assertThrows(IllegalArgumentException.class, () -> AssignmentCost.CLIENT.computeMs("range", -1, 10));
        assertThrows(IllegalArgumentException.class, () -> AssignmentCost.CLIENT.computeMs("range", 10, -1));
        assertThrows(IllegalArgumentException.class, () -> new AssignmentCost.Coefficients(-0.1, 0, 0));
        assertThrows(IllegalArgumentException.class, () -> new AssignmentCost.Coefficients(0, Double.NaN, 0));
    }
}
