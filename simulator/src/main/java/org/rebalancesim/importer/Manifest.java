package org.rebalancesim.importer;

import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * One Kubernetes object of an input file (a file may hold several, separated by {@code ---}, or a {@code List}).
 *
 * @param file     the file as the command line named it
 * @param document its place in the file, from 1, or 0 when the file holds no other object
 * @param kind     its {@code kind}
 * @param root     the whole object
 */
record Manifest(String file, int document, String kind, ObjectNode root) {

    /** How warnings and problems name it: the file, and which object of the file when there are several. */
    String label() {
        return document == 0 ? file : file + " (object " + document + ")";
    }

    String apiVersion() {
        return root.path("apiVersion").asText("");
    }

    /** {@code metadata.name}, or "" when it has none. */
    String name() {
        return root.path("metadata").path("name").asText("");
    }

    /** "Deployment orders", as messages name it. */
    String title() {
        return name().isEmpty() ? kind : kind + " " + name();
    }

    Field field(String key) {
        return Field.root(root).get(key);
    }
}
