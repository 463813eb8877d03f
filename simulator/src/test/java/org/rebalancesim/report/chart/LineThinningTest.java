package org.rebalancesim.report.chart;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;
import org.junit.jupiter.api.Test;

class LineThinningTest {

    private static final int WIDTH_PX = 1200;
    private static final int HEIGHT_PX = 400;

    @Test
    void aLagThatRisesAndFallsInStraightLinesKeepsOnlyItsCorners() {
        // 1,000 records/s for 60 s of a stop, then caught up at 4,000 records/s net: 2,001 samples, 3 corners.
        XYSeries lag = new XYSeries("lag", false, true);
        for (int ms = 0; ms <= 200_000; ms += 100) {
            double value = ms <= 60_000 ? ms : Math.max(0, 60_000 - 4 * (ms - 60_000));
            lag.add(ms, value, false);
        }
        XYSeries kept = LineThinning.thinned(new XYSeriesCollection(lag), WIDTH_PX, HEIGHT_PX).getSeries(0);
        assertEquals(4, kept.getItemCount(), "start, peak, back at zero, end");
        assertEquals(60_000.0, kept.getY(1).doubleValue());
        assertEquals(75_000.0, kept.getX(2).doubleValue());
    }

    @Test
    void aOneSampleSpikeIsKept() {
        XYSeries lag = new XYSeries("lag", false, true);
        for (int ms = 0; ms <= 100_000; ms += 100) {
            lag.add(ms, ms == 50_000 ? 5_000 : 10, false);
        }
        XYSeries kept = LineThinning.thinned(new XYSeriesCollection(lag), WIDTH_PX, HEIGHT_PX).getSeries(0);
        assertTrue(kept.indexOf(50_000.0) >= 0, "the spike's sample stays");
        assertEquals(5_000.0, kept.getY(kept.indexOf(50_000.0)).doubleValue());
    }

    @Test
    void everyDroppedSampleLiesWithinAQuarterPixelOfTheLineDrawn() {
        // A noisy line: sin plus a deterministic wobble, at the chart's pixel scale.
        int n = 2_001;
        double[] x = new double[n];
        double[] y = new double[n];
        for (int i = 0; i < n; i++) {
            x[i] = i * WIDTH_PX / (double) (n - 1);
            y[i] = 150 * Math.sin(i / 100.0) + ((i * 7919) % 13) / 10.0;
        }
        boolean[] keep = LineThinning.kept(x, y);
        int previous = 0;
        int keptCount = 1;
        for (int i = 1; i < n; i++) {
            if (keep[i]) {
                for (int j = previous + 1; j < i; j++) {
                    double t = (x[j] - x[previous]) / (x[i] - x[previous]);
                    double onLine = y[previous] + t * (y[i] - y[previous]);
                    // Vertical distance bounds the perpendicular one from above only for gentle slopes; allow the
                    // slope's factor.
                    double slope = Math.abs((y[i] - y[previous]) / (x[i] - x[previous]));
                    assertTrue(Math.abs(y[j] - onLine) <= LineThinning.TOLERANCE_PX * Math.hypot(1, slope) + 1e-9,
                            "sample " + j + " drawn " + Math.abs(y[j] - onLine) + " px off");
                }
                previous = i;
                keptCount++;
            }
        }
        assertTrue(keep[0] && keep[n - 1], "the ends stay");
        assertTrue(keptCount < n, "the wobble under a quarter pixel is dropped: kept " + keptCount);
    }
}
