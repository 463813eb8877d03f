package org.rebalancesim.importer;

import java.util.ArrayList;
import java.util.List;

/**
 * A place in a YAML tree, kept as segments because Kafka's keys contain dots. Rendered as the scenario loader
 * renders its paths ({@code consumers.config.session.timeout.ms}, {@code topics[0].name}), so a problem the
 * loader finds in the imported scenario can be traced back to the input that set it.
 *
 * @param segments map keys, and list indexes written {@code [i]}
 */
record TreePath(List<String> segments) {

    static final TreePath ROOT = new TreePath(List.of());

    TreePath {
        segments = List.copyOf(segments);
    }

    /** A path written as the loader writes it, when none of its keys has a dot (in tests and fixed paths). */
    static TreePath of(String... keys) {
        TreePath path = ROOT;
        for (String key : keys) {
            path = path.key(key);
        }
        return path;
    }

    TreePath key(String key) {
        return append(key);
    }

    TreePath index(int index) {
        return append("[" + index + "]");
    }

    private TreePath append(String segment) {
        List<String> longer = new ArrayList<>(segments);
        longer.add(segment);
        return new TreePath(longer);
    }

    /** Whether {@code other} is this path or lies below it. */
    boolean contains(TreePath other) {
        return other.segments.size() >= segments.size() && other.segments.subList(0, segments.size()).equals(segments);
    }

    @Override
    public String toString() {
        StringBuilder text = new StringBuilder();
        for (String segment : segments) {
            if (!segment.startsWith("[") && text.length() > 0) {
                text.append('.');
            }
            text.append(segment);
        }
        return text.toString();
    }
}
