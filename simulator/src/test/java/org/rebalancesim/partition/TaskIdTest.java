package org.rebalancesim.partition;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

class TaskIdTest {

    @Test
    void printsParsesAndSortsAsKafka() {
        assertEquals("0_3", new TaskId(0, 3).toString());
        assertEquals(new TaskId(12, 40), TaskId.parse("12_40"));
        assertEquals(List.of(TaskId.parse("0_2"), TaskId.parse("0_10"), TaskId.parse("1_0")),
                List.copyOf(new TreeSet<>(List.of(TaskId.parse("1_0"), TaskId.parse("0_10"), TaskId.parse("0_2")))));
        for (String bad : List.of("", "3", "_3", "3_", "0_1_2", "a_1", "-1_2")) {
            assertThrows(IllegalArgumentException.class, () -> TaskId.parse(bad), bad);
        }
    }
}
