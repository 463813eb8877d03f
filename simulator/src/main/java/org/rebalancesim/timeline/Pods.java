package org.rebalancesim.timeline;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.rebalancesim.consumer.ConsumerPod;
import org.rebalancesim.scenario.ConsumerSelector;

/** Every pod of a run by name, in scenario order. */
public final class Pods {

    private final Map<String, ConsumerPod> byName = new LinkedHashMap<>();

    public void add(ConsumerPod pod) {
        byName.put(pod.name(), pod);
    }

    public ConsumerPod get(String name) {
        return byName.get(name);
    }

    public List<ConsumerPod> all() {
        return new ArrayList<>(byName.values());
    }

    /** The pods a selector names; {@code all} means the pods running at this moment. */
    public List<ConsumerPod> select(ConsumerSelector selector) {
        if (selector.all()) {
            return all().stream().filter(ConsumerPod::isRunning).toList();
        }
        return selector.names().stream().map(byName::get).toList();
    }
}
