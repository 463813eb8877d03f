package org.rebalancesim.report.chart;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.rebalancesim.events.MemberState;

/** The small parts under the charts: row order, row caps, bounded bars per row, labels and file stems. */
class RowOrderAndSpansTest {

    @Test
    void podsSortNumericallyAndPartitionsByTopicThenNumber() {
        assertEquals(List.of("c1", "c2", "c9", "c10", "c11", "c100"),
                List.of("c10", "c100", "c2", "c1", "c11", "c9").stream().sorted(RowOrder.PODS).toList());
        assertEquals(List.of("a-1", "a-2", "a-10", "a-b-0", "orders-9", "orders-10"),
                List.of("orders-10", "a-b-0", "a-10", "orders-9", "a-2", "a-1").stream()
                        .sorted(RowOrder.PARTITIONS).toList());
    }

    @Test
    void rowsAreCappedWithANote() {
        List<String> pods = new ArrayList<>();
        for (int i = 1000; i >= 1; i--) {
            pods.add("c" + i);
        }
        Rows rows = Rows.of(pods, RowOrder.PODS, 40);
        assertEquals("c1", rows.shown().get(0));
        assertEquals("c40", rows.shown().get(39));
        assertEquals(Optional.of("first 40 of 1000 consumers"), rows.capNote("consumers"));
        assertEquals(Optional.empty(), Rows.of(List.of("c1"), RowOrder.PODS, 40).capNote("consumers"));
    }

    @Test
    void aRowWithFewIntervalsIsDrawnExactly() {
        List<RowSpans.Span<MemberState>> spans = List.of(
                new RowSpans.Span<>(MemberState.CONSUMING, 100, 200), new RowSpans.Span<>(MemberState.DOWN, 0, 100));
        assertEquals(List.of(spans.get(1), spans.get(0)), RowSpans.bounded(spans, 1_000));
    }

    /** A row of 10,000 flips is cut to at most one bar per bin, each showing what covered most of it. */
    @Test
    void aBusyRowIsResampledToABoundedNumberOfBars() {
        long endMs = 3_600_000;
        List<RowSpans.Span<MemberState>> spans = new ArrayList<>();
        for (long t = 0; t < endMs; t += 360) {
            spans.add(new RowSpans.Span<>(MemberState.CONSUMING, t, t + 300));
            spans.add(new RowSpans.Span<>(MemberState.PAUSED, t + 300, t + 360));
        }
        List<RowSpans.Span<MemberState>> drawn = RowSpans.bounded(spans, endMs);
        assertTrue(drawn.size() <= RowSpans.BINS, "bars: " + drawn.size());
        assertEquals(List.of(new RowSpans.Span<>(MemberState.CONSUMING, 0, endMs)), drawn);
    }

    @Test
    void faultLabelsUseShortDurations() {
        assertEquals("GC pause of 12 s", Durations.humanize("GC pause of 12000 ms"));
        assertEquals("next record takes 15 min", Durations.humanize("next record takes 900000 ms"));
        assertEquals("network partition for 1.5 s", Durations.humanize("network partition for 1500 ms"));
        assertEquals("fails for 250 ms", Durations.humanize("fails for 250 ms"));
    }

    @Test
    void fileStemsKeepOnlySafeCharacters() {
        assertEquals("cooperative-sticky", FileStems.safe("cooperative-sticky"));
        assertEquals("session_10s", FileStems.safe("session 10s"));
        assertEquals("etc_passwd", FileStems.safe("../etc/passwd"));
        assertEquals("variant", FileStems.safe("///"));
    }
}
