package org.rebalancesim.scenario;

/**
 * @param recordsPerSecond produced records per second, spread evenly over the partitions
 * @param inTurn           whether the partitions take their records in turn, record k of the topic going to
 *                         partition k mod n as a round-robin producer writes them ({@code arrivals: inTurn}),
 *                         rather than every partition its k-th record at the same moment ({@code together},
 *                         the default: one wake of a consumer per period however many partitions it owns)
 */
public record TopicSpec(String name, int partitions, double recordsPerSecond, boolean inTurn) {

    public TopicSpec(String name, int partitions, double recordsPerSecond) {
        this(name, partitions, recordsPerSecond, false);
    }
}
