package org.rebalancesim.importer;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The comments of a YAML file, kept beside its tree (Jackson's trees hold none): lines at the top of the file,
 * a comment at the end of a key's line, whole lines above a key, and whole lines closing a map (a commented-out
 * key the reader may want). What the file says is in the tree; the comments only help its reader.
 */
final class YamlComments {

    private final List<String> header = new ArrayList<>();
    private final Map<TreePath, String> trailing = new HashMap<>();
    private final Map<TreePath, List<String>> above = new HashMap<>();
    private final Map<TreePath, List<String>> closing = new HashMap<>();

    void header(String line) {
        header.add(line);
    }

    /** A comment at the end of the line of the key at {@code path}; a second one is joined to the first. */
    void trailing(TreePath path, String text) {
        trailing.merge(path, text, (first, second) -> first + "; " + second);
    }

    void above(TreePath path, String line) {
        above.computeIfAbsent(path, p -> new ArrayList<>()).add(line);
    }

    /** A line after the last entry of the map at {@code path}, at its entries' indentation. */
    void closing(TreePath path, String line) {
        closing.computeIfAbsent(path, p -> new ArrayList<>()).add(line);
    }

    List<String> header() {
        return List.copyOf(header);
    }

    String trailing(TreePath path) {
        return trailing.get(path);
    }

    List<String> above(TreePath path) {
        return above.getOrDefault(path, List.of());
    }

    List<String> closing(TreePath path) {
        return closing.getOrDefault(path, List.of());
    }

    /** Whether any comment sits strictly inside the node at {@code path}: then it cannot be written on one line. */
    boolean anyInside(TreePath path) {
        return trailing.keySet().stream().anyMatch(p -> inside(path, p))
                || above.keySet().stream().anyMatch(p -> inside(path, p))
                || closing.keySet().stream().anyMatch(path::contains);
    }

    private static boolean inside(TreePath outer, TreePath inner) {
        return outer.contains(inner) && !outer.equals(inner);
    }
}
