package org.rebalancesim.sweep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The grid's order (first --set slowest) and how --set values are split. */
class SweepGridTest {

    @Test
    void theFirstParameterVariesSlowest() {
        assertEquals(List.of(List.of(0, 0), List.of(0, 1), List.of(0, 2), List.of(1, 0), List.of(1, 1), List.of(1, 2)),
                SweepGrid.combinations(List.of(2, 3)));
    }

    @Test
    void threeParametersNestLikeLoops() {
        List<List<Integer>> cells = SweepGrid.combinations(List.of(2, 1, 2));
        assertEquals(List.of(List.of(0, 0, 0), List.of(0, 0, 1), List.of(1, 0, 0), List.of(1, 0, 1)), cells);
    }

    @Test
    void noParameterIsOneCell() {
        assertEquals(List.of(List.of()), SweepGrid.combinations(List.of()));
    }

    @Test
    void valuesSplitAtTopLevelCommasOnly() {
        SetOption option = SetOption.parse("consumers.processing={constant: 1ms},{uniform: {min: 1ms, max: 5ms}}");
        assertEquals("consumers.processing", option.key());
        assertEquals(List.of("{constant: 1ms}", "{uniform: {min: 1ms, max: 5ms}}"), option.values());
        assertEquals(List.of("10000", "45000"), SetOption.parse(" session.timeout.ms = 10000, 45000").values());
        assertEquals(List.of("[range, cooperative-sticky]", "range"),
                SetOption.parse("partition.assignment.strategy=[range, cooperative-sticky],range").values());
    }

    @Test
    void malformedOptionsSayWhatToType() {
        IllegalArgumentException noEquals = assertThrows(IllegalArgumentException.class,
                () -> SetOption.parse("session.timeout.ms"));
        assertTrue(noEquals.getMessage().contains("expected KEY=V1,V2"), noEquals.getMessage());
        assertThrows(IllegalArgumentException.class, () -> SetOption.parse("=1,2"));
        IllegalArgumentException empty = assertThrows(IllegalArgumentException.class,
                () -> SetOption.parse("session.timeout.ms=10000,,45000"));
        assertTrue(empty.getMessage().contains("empty value"), empty.getMessage());
    }
}
