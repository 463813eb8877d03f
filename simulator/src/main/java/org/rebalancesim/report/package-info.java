/**
 * Renders results: {@code result.json}, {@code metrics.csv}, {@code summary.md}, {@code report.html},
 * the terminal tables, and the sweep's files. Everything is rendered in memory and written whole or
 * not at all ({@code output}); numbers are formatted with {@code Locale.ROOT} (docs/ARCHITECTURE.md,
 * habit 10).
 *
 * <p>May depend on {@code scenario}, {@code metrics}, {@code sweep} (its results), {@code explain} (the
 * stories report.html tells, and the words for durations), {@code run} (the version), {@code output} and
 * {@code report.chart}. Must not depend on the model's packages or on {@code cli}.
 */
package org.rebalancesim.report;
