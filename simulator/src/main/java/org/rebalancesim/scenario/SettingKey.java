package org.rebalancesim.scenario;

/**
 * Where a setting given on the command line ({@code sweep --set KEY=...}) goes in a scenario file:
 * the key as the user typed it and the YAML path it resolved to. A consumer config
 * ({@code session.timeout.ms}, or {@code consumers.config.session.timeout.ms}) is the group's
 * config for every pod, so it also replaces that key in {@code consumers.overrides}.
 */
public final class SettingKey {

    private final String typed;
    private final YamlPath path;
    private final boolean consumerConfig;

    SettingKey(String typed, YamlPath path, boolean consumerConfig) {
        this.typed = typed;
        this.path = path;
        this.consumerConfig = consumerConfig;
    }

    /** The key as the user typed it, e.g. {@code session.timeout.ms}. */
    public String key() {
        return typed;
    }

    /** The YAML path it stands for, e.g. {@code consumers.config.session.timeout.ms}. */
    public String path() {
        return path.toString();
    }

    /** True for a consumer config, which is also written over the per-pod {@code consumers.overrides}. */
    public boolean isConsumerConfig() {
        return consumerConfig;
    }

    YamlPath yamlPath() {
        return path;
    }

    /** Two keys are the same setting when they resolve to the same place, however they were typed. */
    @Override
    public boolean equals(Object other) {
        return other instanceof SettingKey key && key.path.equals(path);
    }

    @Override
    public int hashCode() {
        return path.hashCode();
    }

    @Override
    public String toString() {
        return typed;
    }
}
