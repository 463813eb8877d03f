package org.rebalancesim.scenario;

/**
 * A recurring random fault under {@code faults:}. Every targeted pod (or the broker) gets its own
 * independent arrival process: the gaps between faults are drawn from {@code every}.
 *
 * @param kind      gcPause, slowRecord, networkPartition, crash or brokerFailure
 * @param consumers the targeted pods (ignored for brokerFailure)
 * @param broker    for brokerFailure: the broker id, -1 for the coordinator
 * @param every     time between two faults of one target
 * @param duration  the fault's length (pause, slow record, partition, broker downtime, or for a crash
 *                  the time until the restart; null for a crash without restart)
 */
public record FaultSpec(String kind, ConsumerSelector consumers, int broker, Distribution every,
                        Distribution duration) {
}
