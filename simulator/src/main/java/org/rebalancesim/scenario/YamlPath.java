package org.rebalancesim.scenario;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * A location in the scenario tree, kept as segments (map keys and list indexes) rather than text
 * because Kafka keys contain dots: "consumers.config.session.timeout.ms" could not be split back.
 * Rendered as {@code consumers.config.session.timeout.ms} or {@code timeline[2].crash.consumer}.
 */
final class YamlPath {

    static final YamlPath ROOT = new YamlPath(List.of());

    /** Each segment is a String (map key) or an Integer (list index). */
    private final List<Object> segments;

    private YamlPath(List<Object> segments) {
        this.segments = segments;
    }

    YamlPath key(String key) {
        return append(key);
    }

    YamlPath index(int index) {
        return append(index);
    }

    private YamlPath append(Object segment) {
        List<Object> longer = new ArrayList<>(segments);
        longer.add(segment);
        return new YamlPath(Collections.unmodifiableList(longer));
    }

    List<Object> segments() {
        return segments;
    }

    /** The last map key of the path (the key a problem is about), or "" at the root. */
    String lastKey() {
        for (int i = segments.size() - 1; i >= 0; i--) {
            if (segments.get(i) instanceof String key) {
                return key;
            }
        }
        return "";
    }

    @Override
    public String toString() {
        StringBuilder text = new StringBuilder();
        for (Object segment : segments) {
            if (segment instanceof Integer index) {
                text.append('[').append(index).append(']');
            } else {
                if (text.length() > 0) {
                    text.append('.');
                }
                text.append(segment);
            }
        }
        return text.toString();
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof YamlPath path && path.segments.equals(segments);
    }

    @Override
    public int hashCode() {
        return segments.hashCode();
    }
}
