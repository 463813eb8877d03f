package org.rebalancesim.scenario;

import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;

/**
 * A setting of every pod with the pods whose own differs: a section of {@code consumers} with an {@code overrides}
 * key ({@code consumers.listener}, {@code consumers.application}), each override already merged over the shared
 * setting ({@link PodOverrides}).
 *
 * @param shared    the setting of every pod without an override
 * @param overrides pods whose setting differs, fully resolved
 * @param <T>       the setting
 */
public record PerPod<T>(T shared, Map<String, T> overrides) {

    public PerPod {
        overrides = Collections.unmodifiableMap(new TreeMap<>(overrides));
    }

    /** The same setting for every pod. */
    public static <T> PerPod<T> all(T shared) {
        return new PerPod<>(shared, Map.of());
    }

    /** The setting of one pod: its override, or the shared one. */
    public T of(String pod) {
        return overrides.getOrDefault(pod, shared);
    }
}
