package org.rebalancesim.invariant;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.rebalancesim.consumer.PodObserver;
import org.rebalancesim.coordinator.GroupListener;
import org.rebalancesim.coordinator.consumer.ConsumerGroupListener;

/** The fanout forwards every listener method, defaults included, so the checks hear what the metrics hear. */
class ListenerFanoutTest {

    @Test
    void everyMethodOfTheThreeListenersIsForwarded() {
        List<String> missing = new ArrayList<>();
        for (Class<?> listener : List.of(PodObserver.class, GroupListener.class, ConsumerGroupListener.class)) {
            for (Method method : listener.getMethods()) {
                if (Modifier.isStatic(method.getModifiers())) {
                    continue;
                }
                try {
                    ListenerFanout.class.getDeclaredMethod(method.getName(), method.getParameterTypes());
                } catch (NoSuchMethodException e) {
                    missing.add(listener.getSimpleName() + "." + method.getName());
                }
            }
        }
        assertEquals(List.of(), missing, "add these to ListenerFanout (and to InvariantMonitor if they matter)");
    }

    @Test
    void theMonitorHearsEveryMethodToo() {
        for (Class<?> listener : List.of(PodObserver.class, GroupListener.class, ConsumerGroupListener.class)) {
            assertTrue(listener.isAssignableFrom(InvariantMonitor.class), listener.getSimpleName());
        }
    }
}
