package org.rebalancesim.consumer;

import java.util.function.Function;
import org.rebalancesim.assignor.Assignors;
import org.rebalancesim.cluster.KafkaCluster;
import org.rebalancesim.engine.Simulation;
import org.rebalancesim.events.GroupEvents;
import org.rebalancesim.scenario.ConsumerConfig;
import org.rebalancesim.scenario.ConsumersSpec;
import org.rebalancesim.workload.ProcessingLedger;
import org.rebalancesim.workload.Production;

/**
 * What every pod of a run shares: the clock, the cluster, the topics, the ledger, the stream its events
 * go to, the assignors its consumers may use, each pod's configuration and the client of its protocol, and the JVM starts
 * (which share their nodes' cores); for a Kafka Streams application, what its instances share (else null); and when
 * each pod was busy processing, which a CPU autoscaler reads.
 */
public record PodContext(Simulation sim, KafkaCluster cluster, Production production, ProcessingLedger ledger,
                         GroupEvents events, ConsumersSpec consumers, long seed, Assignors assignors,
                         PodConfigs configs, Function<ConsumerConfig, ClientFactory> clients, JvmStarts jvmStarts,
                         StreamsRuntime streams, BusyTime busy) {

    /** The client factory that builds {@code pod}'s next process: the one of its configuration's protocol. */
    ClientFactory clientOf(String pod) {
        return clients.apply(configs.of(pod));
    }
}
