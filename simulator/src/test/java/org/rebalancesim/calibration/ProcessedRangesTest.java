package org.rebalancesim.calibration;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.StringWriter;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A Streams worker processes records one at a time; the log gets one range per run of offsets. */
class ProcessedRangesTest {

    @Test
    void followingOffsetsMakeOneRangeAndAGapStartsAnother() {
        StringWriter out = new StringWriter();
        WorkerEvents events = new WorkerEvents("c1", new RunClock(0, TimeScale.REAL_TIME), Map.of(), out);
        ProcessedRanges ranges = new ProcessedRanges(events);
        for (long offset : new long[] {5, 6, 7}) {
            ranges.record("t-0", offset);
        }
        ranges.record("t-1", 0);
        ranges.record("t-0", 9);   // a gap (a record processed again after a rewind would be one too)
        ranges.flush();
        EventLog log = new EventLog(new RunClock(0, TimeScale.REAL_TIME));
        List<String> logged = out.toString().lines().map(log::parse)
                .map(e -> e.partition() + " [" + e.from() + ", " + e.to() + ")").toList();
        assertEquals(List.of("t-0 [5, 8)", "t-0 [9, 10)", "t-1 [0, 1)"), logged);
    }
}
