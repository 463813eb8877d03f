package org.rebalancesim.report.chart;

import org.jfree.chart.JFreeChart;

/**
 * A chart ready to be written: {@code name} is the file stem ({@code timeline-dynamic} becomes
 * {@code timeline-dynamic.png} and {@code .svg}), {@code title} the caption reports show above it.
 */
public record Chart(String name, String title, int widthPx, int heightPx, JFreeChart chart) {
}
