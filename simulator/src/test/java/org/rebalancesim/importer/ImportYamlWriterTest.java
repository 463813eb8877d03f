package org.rebalancesim.importer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The writer: whatever the tree holds comes back the same when the file is read, comments or not. */
class ImportYamlWriterTest {

    /** Texts a YAML 1.1 or 1.2 reader would take for something else, or that need quoting. */
    private static final List<String> TRICKY = List.of("50", "1.0.0", "0x1F", "1e3", "1_000", "2026-01-01", "yes", "No",
            "on", "OFF", "y", "null", "~", "true", "", " leading", "trailing ", "a: b", "a #b", "#x", "-x", "- x",
            "[x]", "{x}", "*x", "&x", "!x", "%x", "@x", "`x", "'quoted'", "\"double\"", "it's", "line\nbreak", "tab\t",
            "é ü 日本", "\u0085", "\u2028", "25%", "30m", "org.apache.kafka.clients.consumer.RangeAssignor",
            "kafka-0.kafka:9092", ".5", "+1", ">", "|", "?x", ":x", "a,b", ",");

    @Test
    void everyTextComesBackAsTheSameText() {
        ObjectNode root = JsonNodeFactory.instance.objectNode();
        ObjectNode flow = root.putObject("flow");
        for (int i = 0; i < TRICKY.size(); i++) {
            root.put("k" + i, TRICKY.get(i));
            flow.put("k" + i, TRICKY.get(i));
            root.put(TRICKY.get(i).isEmpty() ? "empty" : TRICKY.get(i), i);
        }
        root.putArray("list").add("yes").add("50").add("a: b");
        String yaml = CommentedYaml.write(root, new YamlComments());
        assertEquals(root, ImportTrees.parse(yaml), yaml);
    }

    @Test
    void plainTextsStayPlain() {
        for (String text : List.of("orders", "25%", "30m", "exactly_once_v2", "org.apache.kafka.clients.consumer.RangeAssignor",
                "RollingUpdate", "/bin/sh")) {
            assertEquals(text, YamlScalars.text(text));
        }
        assertEquals("'50'", YamlScalars.text("50"));
        assertEquals("'on'", YamlScalars.text("on"));
    }

    @Test
    void smallCollectionsGoOnOneLineUnlessTheyHoldACommentOrPassTheWidth() {
        ObjectNode root = JsonNodeFactory.instance.objectNode();
        root.putObject("small").putObject("sleep").put("seconds", 5);
        ObjectNode commented = root.putObject("commented");
        commented.put("a", 1);
        ObjectNode wide = root.putObject("wide");
        for (int i = 0; i < 12; i++) {
            wide.put("key" + i, "value" + i);
        }
        root.putArray("items").addObject().put("name", "orders").put("partitions", 12);
        root.putObject("empty");
        YamlComments comments = new YamlComments();
        comments.header("header");
        comments.trailing(TreePath.of("commented", "a"), "why");
        comments.above(TreePath.of("wide"), "above");
        comments.closing(TreePath.of("items").index(0), "rate: 100/s");
        String yaml = CommentedYaml.write(root, comments);
        assertTrue(yaml.startsWith("# header\nsmall: {sleep: {seconds: 5}}\ncommented:\n  a: 1  # why\n# above\nwide:\n"
                + "  key0: value0\n"), yaml);
        assertTrue(yaml.endsWith("items:\n  - name: orders\n    partitions: 12\n    # rate: 100/s\nempty: {}\n"), yaml);
        assertEquals(root, ImportTrees.parse(yaml));
        yaml.lines().forEach(line -> assertTrue(line.length() <= CommentedYaml.WIDTH, line));
    }

    @Test
    void commentsAtLineEndsLineUp() {
        ObjectNode root = JsonNodeFactory.instance.objectNode();
        root.put("a", 1);
        root.put("longer", 2);
        YamlComments comments = new YamlComments();
        comments.trailing(TreePath.of("a"), "one");
        comments.trailing(TreePath.of("longer"), "two");
        assertEquals("a: 1       # one\nlonger: 2  # two\n", CommentedYaml.write(root, comments));
    }
}
