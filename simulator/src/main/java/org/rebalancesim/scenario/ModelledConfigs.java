package org.rebalancesim.scenario;

import java.util.List;

/**
 * The Kafka configs a scenario's {@code consumers.config} accepts, by their Kafka names, for code that reads
 * configs from elsewhere ({@code import} of a consumer.properties file). The parsers' own lists are the source,
 * so a config the loader learns is imported with no further edit.
 */
public final class ModelledConfigs {

    private ModelledConfigs() {
    }

    /** The consumer configs (ConsumerConfig names) the model reads. */
    public static List<String> consumerKeys() {
        return ConsumerConfigParser.KEYS;
    }

    /** The Kafka Streams configs (StreamsConfig names) the model reads, with {@code consumers.app: streams}. */
    public static List<String> streamsKeys() {
        return StreamsParser.CONFIG_KEYS;
    }

    /** Consumer configs Kafka Streams sets itself, which a Streams scenario refuses. */
    public static List<String> consumerKeysStreamsSets() {
        return StreamsApp.CONSUMER_CONFIGS_STREAMS_SETS;
    }
}
