package org.rebalancesim.scenario;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * A timeline {@code subscribe} with {@code regex:} (subscribe(SubscriptionPattern)) needs every pod it selects on
 * the consumer protocol at that time: the classic consumer throws UnsupportedOperationException. A pod's protocol is
 * its {@code consumers.config} and {@code overrides} one, or the one a restart with {@code config:} written earlier
 * in the timeline gave it.
 */
final class TimelineRegexCheck {

    private final YamlNodes nodes;

    TimelineRegexCheck(YamlNodes nodes) {
        this.nodes = nodes;
    }

    /** Records a problem for each {@code regex:} subscribe that selects a classic pod. */
    void check(List<TimelineEvent> events, ConsumersSpec consumers, List<String> allPods) {
        Map<String, ConsumerConfig> changed = new TreeMap<>();
        for (int i = 0; i < events.size(); i++) {
            Operation operation = events.get(i).operation();
            PodConfigChange change = PodConfigChange.madeBy(operation);
            if (!change.isNone()) {
                // Only a change is worth a look at every pod: a timeline may have thousands of entries.
                allPods.stream().filter(pod -> change.of(pod) != null).forEach(pod -> changed.put(pod, change.of(pod)));
            }
            if (operation instanceof Operation.Subscribe subscribe && subscribe.pattern() != null
                    && subscribe.pattern().serverSide()) {
                List<String> selected = subscribe.consumers().among(allPods);
                String classic = selected.stream()
                        .filter(pod -> changed.getOrDefault(pod, consumers.configOf(pod)).groupProtocol()
                                != GroupProtocolName.CONSUMER)
                        .findFirst().orElse(null);
                if (classic != null) {
                    nodes.problem(YamlPath.ROOT.key("timeline").index(i).key("subscribe").key("regex"), "pod "
                            + classic + " is on the classic protocol at that time: " + PatternParser
                            .regexNeedsConsumerProtocol("move it to group.protocol: consumer first (consumers.config, or a "
                                    + "restart with config: {group.protocol: consumer} before this entry)"));
                }
            }
        }
    }
}
