package org.rebalancesim.report.chart;

import java.util.ArrayDeque;
import java.util.Deque;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;

/**
 * Drops the points of a line chart that no pixel would show. Lag is sampled about 2,000 times a run and
 * mostly rises or falls in straight lines; every sample kept costs the SVG a path segment (a run's lag
 * and hot-partition charts were 650 KB of SVG, most of report.html). Ramer–Douglas–Peucker with a
 * quarter-pixel tolerance, measured in the chart's pixels over the whole dataset's range: every dropped
 * sample lies within a quarter pixel of the line drawn, so the picture is the same and a one-sample
 * spike, far off its neighbours' line, is kept.
 */
final class LineThinning {

    static final double TOLERANCE_PX = 0.25;

    private LineThinning() {
    }

    /** The dataset with each series thinned for a plot of at most {@code widthPx} × {@code heightPx}. */
    static XYSeriesCollection thinned(XYSeriesCollection dataset, int widthPx, int heightPx) {
        double minX = Double.POSITIVE_INFINITY;
        double maxX = Double.NEGATIVE_INFINITY;
        double minY = 0; // the value axes start at zero
        double maxY = 0;
        for (int s = 0; s < dataset.getSeriesCount(); s++) {
            XYSeries series = dataset.getSeries(s);
            for (int i = 0; i < series.getItemCount(); i++) {
                minX = Math.min(minX, series.getX(i).doubleValue());
                maxX = Math.max(maxX, series.getX(i).doubleValue());
                minY = Math.min(minY, series.getY(i).doubleValue());
                maxY = Math.max(maxY, series.getY(i).doubleValue());
            }
        }
        double pxPerX = maxX > minX ? widthPx / (maxX - minX) : 0;
        double pxPerY = maxY > minY ? heightPx / (maxY - minY) : 0;
        XYSeriesCollection thinned = new XYSeriesCollection();
        for (int s = 0; s < dataset.getSeriesCount(); s++) {
            thinned.addSeries(thinned(dataset.getSeries(s), pxPerX, pxPerY));
        }
        return thinned;
    }

    private static XYSeries thinned(XYSeries series, double pxPerX, double pxPerY) {
        int n = series.getItemCount();
        double[] x = new double[n];
        double[] y = new double[n];
        for (int i = 0; i < n; i++) {
            x[i] = series.getX(i).doubleValue() * pxPerX;
            y[i] = series.getY(i).doubleValue() * pxPerY;
        }
        boolean[] keep = kept(x, y);
        XYSeries result = new XYSeries(series.getKey(), false, true);
        for (int i = 0; i < n; i++) {
            if (keep[i]) {
                result.add(series.getX(i), series.getY(i), false);
            }
        }
        return result;
    }

    /** Ramer–Douglas–Peucker on pixel coordinates, with a stack rather than recursion (2,000 samples deep at worst). */
    static boolean[] kept(double[] x, double[] y) {
        int n = x.length;
        boolean[] keep = new boolean[n];
        if (n == 0) {
            return keep;
        }
        keep[0] = true;
        keep[n - 1] = true;
        Deque<int[]> spans = new ArrayDeque<>();
        spans.push(new int[] {0, n - 1});
        while (!spans.isEmpty()) {
            int[] span = spans.pop();
            int farthest = -1;
            double farthestPx = TOLERANCE_PX;
            for (int i = span[0] + 1; i < span[1]; i++) {
                double distance = distancePx(x, y, span[0], span[1], i);
                if (distance > farthestPx) {
                    farthest = i;
                    farthestPx = distance;
                }
            }
            if (farthest >= 0) {
                keep[farthest] = true;
                spans.push(new int[] {span[0], farthest});
                spans.push(new int[] {farthest, span[1]});
            }
        }
        return keep;
    }

    /** How far point {@code i} lies from the segment between {@code a} and {@code b}. */
    private static double distancePx(double[] x, double[] y, int a, int b, int i) {
        double dx = x[b] - x[a];
        double dy = y[b] - y[a];
        double lengthSquared = dx * dx + dy * dy;
        double t = lengthSquared == 0 ? 0 : Math.max(0, Math.min(1, ((x[i] - x[a]) * dx + (y[i] - y[a]) * dy) / lengthSquared));
        return Math.hypot(x[i] - (x[a] + t * dx), y[i] - (y[a] + t * dy));
    }
}
