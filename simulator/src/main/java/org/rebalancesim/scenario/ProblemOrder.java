package org.rebalancesim.scenario;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Iterator;
import java.util.List;

/**
 * Puts problems in file order, so a report reads top to bottom whatever order the checks ran in
 * (the timeline, for instance, reads its start operations first). The tree keeps the file's key
 * order, so a path's position is the list of its keys' and indexes' positions; a path to a missing
 * key sorts after its existing parent. The sort is stable: problems at one path keep their order.
 */
final class ProblemOrder {

    private ProblemOrder() {
    }

    static List<Problems.Issue> inFileOrder(List<Problems.Issue> issues, JsonNode tree) {
        List<Problems.Issue> sorted = new ArrayList<>(issues);
        sorted.sort(Comparator.comparing(issue -> position(issue.path(), tree), ProblemOrder::compare));
        return sorted;
    }

    private static List<Integer> position(YamlPath path, JsonNode tree) {
        List<Integer> position = new ArrayList<>();
        JsonNode node = tree;
        for (Object segment : path.segments()) {
            int index = node == null ? -1 : indexOf(node, segment);
            if (index < 0) {
                position.add(Integer.MAX_VALUE);
                return position;
            }
            position.add(index);
            node = segment instanceof Integer item ? node.get(item) : node.get((String) segment);
        }
        return position;
    }

    private static int indexOf(JsonNode node, Object segment) {
        if (segment instanceof Integer item) {
            return node.isArray() && item < node.size() ? item : -1;
        }
        int index = 0;
        for (Iterator<String> names = node.fieldNames(); names.hasNext(); index++) {
            if (names.next().equals(segment)) {
                return index;
            }
        }
        return -1;
    }

    /** Lexicographic; a parent (a prefix) comes before its children. */
    private static int compare(List<Integer> a, List<Integer> b) {
        for (int i = 0; i < Math.min(a.size(), b.size()); i++) {
            int order = Integer.compare(a.get(i), b.get(i));
            if (order != 0) {
                return order;
            }
        }
        return Integer.compare(a.size(), b.size());
    }
}
