/**
 * The {@code rebalance-sim} command line (picocli): {@code run}, {@code compare}, {@code explain},
 * {@code sweep}, {@code check}, {@code validate}, {@code calibrate}, {@code import}. Commands are thin: parse the
 * options, call the package that does the work, print the paths written, map failures to the exit
 * codes 0, 1, 2 and 3.
 *
 * <p>May depend on every other package. No other package depends on it.
 */
package org.rebalancesim.cli;
