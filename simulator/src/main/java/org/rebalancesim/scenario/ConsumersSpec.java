package org.rebalancesim.scenario;

import java.util.List;

/**
 * The group's pods.
 *
 * @param initial     pods started at the beginning (names in start order)
 * @param all         every pod name the scenario ever uses: the initial ones, then those added by
 *                    {@code start} operations, in order of appearance
 * @param config      the consumer configuration shared by all pods
 * @param subscribe   topics the pods subscribe to at start (default: every topic of the scenario)
 * @param processing  per-record processing time in ms
 * @param startup     pod start-up spread and JVM start time
 */
public record ConsumersSpec(List<String> initial, List<String> all, ConsumerConfig config,
                            List<String> subscribe, Distribution processing, StartupSpec startup) {

    public ConsumersSpec {
        initial = List.copyOf(initial);
        all = List.copyOf(all);
        subscribe = List.copyOf(subscribe);
    }
}
