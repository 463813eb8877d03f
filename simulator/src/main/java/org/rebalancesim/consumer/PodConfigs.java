package org.rebalancesim.consumer;

import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;
import org.rebalancesim.scenario.ConsumerConfig;
import org.rebalancesim.scenario.ConsumersSpec;

/**
 * The consumer configuration each pod's next process starts with, and the client that speaks its
 * group.protocol: the scenario's ({@code consumers.config} and {@code overrides}) until a restart with
 * {@code config:} changes it (docs/kafka-semantics.md §21). A running process keeps the configuration it was
 * built with; each process is built by the client factory of its own protocol.
 */
public final class PodConfigs {

    private final ConsumersSpec consumers;
    private final Function<ConsumerConfig, ClientFactory> clients;
    private final Map<String, ConsumerConfig> changed = new TreeMap<>();

    /** @param clients the client of the protocol a configuration speaks (the run's choice of protocol) */
    public PodConfigs(ConsumersSpec consumers, Function<ConsumerConfig, ClientFactory> clients) {
        this.consumers = consumers;
        this.clients = clients;
    }

    /** The configuration {@code pod}'s next process uses (a Kafka Streams thread's is its pod's). */
    public ConsumerConfig of(String pod) {
        ConsumerConfig config = changed.get(pod);
        return config != null ? config : consumers.configOf(pod);
    }

    /** The client factory that builds {@code pod}'s next process. */
    ClientFactory clientOf(String pod) {
        return clients.apply(of(pod));
    }

    /** From now on {@code pod}'s processes start with {@code config}. */
    public void use(String pod, ConsumerConfig config) {
        changed.put(pod, config);
    }
}
