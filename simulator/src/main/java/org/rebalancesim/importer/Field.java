package org.rebalancesim.importer;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * A node of an input manifest with the path that leads to it ({@code spec.template.spec.containers[0]}), so
 * what is read from it can be reported where the user will look. Absent keys give an absent field, never null.
 *
 * @param node the node, or null when the key is absent (a YAML null counts as absent, as Kubernetes reads it)
 * @param path its path from the manifest's top
 */
record Field(JsonNode node, String path) {

    static Field root(JsonNode node) {
        return new Field(node, "");
    }

    Field get(String key) {
        JsonNode child = node != null && node.isObject() ? node.get(key) : null;
        return new Field(child == null || child.isNull() ? null : child, path.isEmpty() ? key : path + "." + key);
    }

    Field item(int index) {
        JsonNode child = node != null && node.isArray() ? node.get(index) : null;
        return new Field(child == null || child.isNull() ? null : child, path + "[" + index + "]");
    }

    boolean present() {
        return node != null;
    }

    int size() {
        return node == null ? 0 : node.size();
    }
}
