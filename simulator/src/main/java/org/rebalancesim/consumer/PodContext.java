package org.rebalancesim.consumer;

import org.rebalancesim.cluster.KafkaCluster;
import org.rebalancesim.engine.Simulation;
import org.rebalancesim.scenario.ConsumersSpec;
import org.rebalancesim.workload.ProcessingLedger;
import org.rebalancesim.workload.Production;

/** What every pod of a run shares: the clock, the cluster, the topics, the ledger and the observer. */
public record PodContext(Simulation sim, KafkaCluster cluster, Production production, ProcessingLedger ledger,
                         PodObserver observer, ConsumersSpec consumers, long seed) {
}
