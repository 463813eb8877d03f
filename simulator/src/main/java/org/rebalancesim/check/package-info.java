/**
 * {@code check}: judges a run against its {@code expect:} rules and against committed baselines with
 * tolerances, and writes baselines and JUnit XML. The judging is pure; files are read and written at
 * the edges.
 *
 * <p>May depend on {@code scenario}, {@code metrics} and {@code report} (JSON text, atomic writes).
 * Must not depend on {@code run}, {@code sweep} or {@code cli}: it is handed results, it does not make
 * them.
 */
package org.rebalancesim.check;
