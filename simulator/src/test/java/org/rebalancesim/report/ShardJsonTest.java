package org.rebalancesim.report;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.rebalancesim.sweep.RunOutcome;
import org.rebalancesim.sweep.Shard;
import org.rebalancesim.sweep.ShardFile;
import org.rebalancesim.sweep.SweepKey;

/** shard.json gives back exactly what was written: a merged sweep's statistics use the very same doubles. */
class ShardJsonTest {

    /** Values whose bits a decimal rounding would change, and the ones JSON has no number for. */
    private static final double[] AWKWARD = {0.1 + 0.2, -0.0, Double.MIN_VALUE, 1e300 * 7, Double.NaN,
        Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, 123456789.123456789, 1.0 / 3};

    private static ShardFile file() {
        SweepKey key = new SweepKey("s", "ab12", List.of("consumers.count=2,3", "session.timeout.ms=10000"), "static",
                4, -7, List.of("stopTheWorldMs"), 5_000_000, null, 8, 2);
        List<String> names = List.of("a", "b", "c", "d", "e", "f", "g", "h", "i");
        return new ShardFile("0.1.0", key, new Shard(1, 2), "dir/s.yaml", "name: s\n# ü and \"quotes\"\n", names,
                List.of(1, 3), List.of(new RunOutcome(AWKWARD, "classic/eager (range)", true),
                        new RunOutcome(new double[9], "consumer (uniform)", false)));
    }

    @Test
    void everyFieldAndEveryValueReadsBackBitForBit() {
        ShardFile written = file();
        ShardFile read = ShardJson.parse(ShardJson.render(written));
        assertEquals(written.key(), read.key());
        assertEquals(written.shard(), read.shard());
        assertEquals(written.simulatorVersion(), read.simulatorVersion());
        assertEquals(written.scenarioFile(), read.scenarioFile());
        assertEquals(written.scenarioText(), read.scenarioText());
        assertEquals(written.metricNames(), read.metricNames());
        assertEquals(written.runNumbers(), read.runNumbers());
        for (int i = 0; i < written.outcomes().size(); i++) {
            RunOutcome before = written.outcomes().get(i);
            RunOutcome after = read.outcomes().get(i);
            assertEquals(before.protocol(), after.protocol());
            assertEquals(before.expectationsHeld(), after.expectationsHeld());
            assertArrayEquals(bits(before.values()), bits(after.values()), "run " + i);
        }
        assertEquals(ShardJson.render(written), ShardJson.render(read), "the same bytes when written again");
    }

    @Test
    void textThatIsNotAShardFileIsRefusedSayingWhy() {
        assertTrue(assertThrows(IllegalArgumentException.class, () -> ShardJson.parse("{"))
                .getMessage().startsWith("not JSON"));
        assertEquals("not a shard file of format 1", assertThrows(IllegalArgumentException.class,
                () -> ShardJson.parse("{\"shardFormat\": 2}")).getMessage());
        String noRuns = ShardJson.render(file()).replace("\"runs\" : [", "\"runz\" : [");
        assertEquals("no runs", assertThrows(IllegalArgumentException.class, () -> ShardJson.parse(noRuns)).getMessage());
    }

    private static long[] bits(double[] values) {
        long[] bits = new long[values.length];
        for (int i = 0; i < values.length; i++) {
            bits[i] = Double.doubleToRawLongBits(values[i]);
        }
        return bits;
    }
}
