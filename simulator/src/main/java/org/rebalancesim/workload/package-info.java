/**
 * Records as counts, never as objects: production as a closed-form log end offset per partition,
 * the processing ledger (a high-water mark per partition, duplicates, slow records) and the time a
 * batch takes, drawn in one go (the cost model of docs/ARCHITECTURE.md).
 *
 * <p>May depend on {@code scenario} and {@code cluster}'s partition types. Must not depend on the
 * clients, the coordinators, observers or anything that runs or reports.
 */
package org.rebalancesim.workload;
