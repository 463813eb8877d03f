package org.rebalancesim.importer;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Writes a tree and its comments as a YAML file in the scenario library's style: block maps and lists indented
 * by two, a small map or list on one line in flow style ({@code preStop: {sleep: {seconds: 5}}}) when it holds
 * no comment and fits the width, keys in the tree's order. Jackson's own writer cannot write comments, and an
 * imported scenario is mostly read by a person who must check its guesses. Same tree, same bytes.
 */
final class CommentedYaml {

    /** The widest line a flow collection may make, its key and indentation included. */
    static final int WIDTH = 100;
    /** Comments at the end of lines line up in one column, unless a line is longer than this. */
    static final int MAX_COMMENT_COLUMN = 40;

    /** A line of the file: its YAML, and the comment at its end (null for none). */
    private record Line(String text, String comment) {
    }

    private final YamlComments comments;
    private final List<Line> lines = new ArrayList<>();

    private CommentedYaml(YamlComments comments) {
        this.comments = comments;
    }

    static String write(ObjectNode root, YamlComments comments) {
        CommentedYaml writer = new CommentedYaml(comments);
        comments.header().forEach(line -> writer.commentLine(0, line));
        writer.mapEntries(root, TreePath.ROOT, 0, null);
        return writer.render();
    }

    private String render() {
        int column = lines.stream().filter(line -> line.comment() != null).mapToInt(line -> line.text().length())
                .filter(length -> length <= MAX_COMMENT_COLUMN).max().orElse(0) + 2;
        StringBuilder out = new StringBuilder();
        for (Line line : lines) {
            out.append(line.text());
            if (line.comment() != null) {
                out.append(" ".repeat(Math.max(2, column - line.text().length()))).append("# ").append(line.comment());
            }
            out.append('\n');
        }
        return out.toString();
    }

    /**
     * The entries of a block map, each at {@code indent}; {@code firstLinePrefix} replaces the first entry's
     * indentation when the map is a list item ({@code "  - "}).
     */
    private void mapEntries(ObjectNode map, TreePath path, int indent, String firstLinePrefix) {
        boolean first = true;
        for (Map.Entry<String, JsonNode> field : map.properties()) {
            TreePath child = path.key(field.getKey());
            comments.above(child).forEach(line -> commentLine(indent, line));
            String start = first && firstLinePrefix != null ? firstLinePrefix : " ".repeat(indent);
            first = false;
            entry(start + YamlScalars.text(field.getKey()) + ":", field.getValue(), child, indent);
        }
        comments.closing(path).forEach(line -> commentLine(indent, line));
    }

    /** A key (or a list's dash) and its value: on the same line when it is a scalar or fits in flow style. */
    private void entry(String lead, JsonNode value, TreePath path, int indent) {
        String flow = value.isContainerNode() ? flowOrNull(value, path, lead.length() + 1) : YamlScalars.scalar(value);
        if (flow != null) {
            line(lead + " " + flow, comments.trailing(path));
            return;
        }
        line(lead, comments.trailing(path));
        if (value.isObject()) {
            mapEntries((ObjectNode) value, path, indent + 2, null);
        } else {
            listItems((ArrayNode) value, path, indent + 2);
        }
    }

    private void listItems(ArrayNode list, TreePath path, int indent) {
        for (int i = 0; i < list.size(); i++) {
            TreePath item = path.index(i);
            JsonNode value = list.get(i);
            comments.above(item).forEach(line -> commentLine(indent, line));
            String dash = " ".repeat(indent) + "-";
            String flow = value.isContainerNode() ? flowOrNull(value, item, dash.length() + 1) : YamlScalars.scalar(value);
            if (flow != null) {
                line(dash + " " + flow, comments.trailing(item));
            } else if (value.isObject()) {
                mapEntries((ObjectNode) value, item, indent + 2, dash + " ");
            } else {
                entry(dash, value, item, indent);
            }
        }
    }

    /** The container on one line, or null when it holds a comment or would pass the width. */
    private String flowOrNull(JsonNode value, TreePath path, int column) {
        if (value.isEmpty()) {
            return value.isObject() ? "{}" : "[]";
        }
        if (comments.anyInside(path)) {
            return null;
        }
        String flow = flow(value);
        return column + flow.length() <= WIDTH ? flow : null;
    }

    private static String flow(JsonNode value) {
        if (!value.isContainerNode()) {
            return YamlScalars.scalar(value);
        }
        StringBuilder text = new StringBuilder(value.isObject() ? "{" : "[");
        String separator = "";
        if (value.isObject()) {
            for (Map.Entry<String, JsonNode> field : value.properties()) {
                text.append(separator).append(YamlScalars.text(field.getKey())).append(": ").append(flow(field.getValue()));
                separator = ", ";
            }
        } else {
            for (JsonNode item : value) {
                text.append(separator).append(flow(item));
                separator = ", ";
            }
        }
        return text.append(value.isObject() ? "}" : "]").toString();
    }

    private void line(String text, String trailingComment) {
        lines.add(new Line(text, trailingComment));
    }

    private void commentLine(int indent, String text) {
        lines.add(new Line(" ".repeat(indent) + (text.isEmpty() ? "#" : "# " + text), null));
    }
}
