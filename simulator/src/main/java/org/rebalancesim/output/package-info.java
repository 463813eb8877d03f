/**
 * Writing output files whole or not at all: {@link org.rebalancesim.output.AtomicFiles} writes to a
 * temporary file beside the target and moves it into place, so an interrupted or failed command leaves
 * nothing half-written. Every command that writes files goes through it.
 *
 * <p>Depends on no other package of the project.
 */
package org.rebalancesim.output;
