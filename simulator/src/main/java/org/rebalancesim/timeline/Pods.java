package org.rebalancesim.timeline;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.rebalancesim.consumer.ConsumerPod;
import org.rebalancesim.kubernetes.WorkloadController;
import org.rebalancesim.scenario.ConsumerSelector;

/**
 * Every pod of a run by name: the scenario's, in scenario order, then those a workload's controller creates while
 * the run goes on, named cK after the highest cK so far (so a new name never meets one of the scenario's).
 */
public final class Pods implements WorkloadController.PodSource {

    private static final Pattern NUMBERED = Pattern.compile("c([1-9][0-9]{0,8})");

    private final Map<String, ConsumerPod> byName = new LinkedHashMap<>();
    private final Function<String, ConsumerPod> factory;
    private int highestNumber;

    /** @param factory makes the pod of a name, ready to run (its rows registered with the run's recorder) */
    public Pods(List<String> scenarioPods, Function<String, ConsumerPod> factory) {
        this.factory = factory;
        scenarioPods.forEach(this::add);
    }

    private ConsumerPod add(String name) {
        ConsumerPod pod = factory.apply(name);
        byName.put(name, pod);
        Matcher matcher = NUMBERED.matcher(name);
        if (matcher.matches()) {
            highestNumber = Math.max(highestNumber, Integer.parseInt(matcher.group(1)));
        }
        return pod;
    }

    public ConsumerPod get(String name) {
        return byName.get(name);
    }

    @Override
    public ConsumerPod existing(String name) {
        return byName.get(name);
    }

    @Override
    public ConsumerPod createNext() {
        return add("c" + (highestNumber + 1));
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
