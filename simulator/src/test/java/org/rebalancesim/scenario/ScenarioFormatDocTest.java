package org.rebalancesim.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * docs/scenario-format.md names every key the loader accepts. The keys are not copied here: each map
 * of the format is probed with a key nobody would write, and the loader's own "unknown key" message
 * lists the keys it knows there. So a key, an operation, a fault kind or a distribution added to a
 * parser fails this test until the reference documents it, in the section that describes its map.
 */
class ScenarioFormatDocTest {

    private static final Path DOC = Path.of(System.getProperty("docs.dir", "../docs")).resolve("scenario-format.md");
    /** Far (in edit distance) from every real key, so the message lists the known keys instead of a guess. */
    private static final String PROBE = "qqqqqqqqqqqqqqqqqqqqqqqq";
    private static final Pattern KNOWN = Pattern.compile("known (?:keys|faults|distributions): (.+)$");
    private static final String BASE = """
            duration: 10m
            group: {id: g}
            topics: [{name: t, partitions: 2}]
            """;
    private static final String PODS = "consumers: {count: 2}\n";

    private static List<String> doc;

    @BeforeAll
    static void readDoc() throws IOException {
        doc = Files.readAllLines(DOC, StandardCharsets.UTF_8);
    }

    @Test
    void documentsEveryTopLevelKey() {
        assertDocumented("## Top-level keys", knownKeys(PODS + PROBE + ": 1\n", ""));
    }

    @Test
    void documentsEveryKeyOfEachMap() {
        assertDocumented("### `measure`", knownKeys(PODS + "measure: {" + PROBE + ": 1}\n", "measure"));
        assertDocumented("### `cluster`", knownKeys(PODS + "cluster: {" + PROBE + ": 1}\n", "cluster"));
        assertDocumented("#### `cluster.config`",
                knownKeys(PODS + "cluster: {config: {" + PROBE + ": 1}}\n", "cluster.config"));
        assertDocumented("#### `cluster.network`",
                knownKeys(PODS + "cluster: {network: {" + PROBE + ": 1}}\n", "cluster.network"));
        assertDocumented("### `group`", knownKeys(
                PODS + "duration: 10m\ngroup: {id: g, " + PROBE + ": 1}\ntopics: [{name: t, partitions: 2}]\n",
                "group", false));
        assertDocumented("### `topics`", knownKeys(
                PODS + "duration: 10m\ngroup: {id: g}\ntopics: [{name: t, partitions: 2, " + PROBE + ": 1}]\n",
                "topics[0]", false));
        assertDocumented("### `consumers`", knownKeys("consumers: {count: 2, " + PROBE + ": 1}\n", "consumers"));
        assertDocumented("#### `consumers.config`",
                knownKeys("consumers: {count: 2, config: {" + PROBE + ": 1}}\n", "consumers.config"));
        assertDocumented("#### `consumers.startup`",
                knownKeys("consumers: {count: 2, startup: {" + PROBE + ": 1}}\n", "consumers.startup"));
        String streams = "consumers: {count: 2, app: streams, topology: ";
        assertDocumented("#### `consumers.topology`", knownKeys(streams + "{" + PROBE + ": 1}}\n",
                "consumers.topology"));
        assertDocumented("#### `consumers.topology`", knownKeys(streams + "{subtopologies: [{source: t, " + PROBE
                + ": 1}]}}\n", "consumers.topology.subtopologies[0]"));
        assertDocumented("#### `consumers.topology`", knownKeys(streams + "{subtopologies: [{source: t, stateful: "
                + "true, changelog: {" + PROBE + ": 1}}]}}\n", "consumers.topology.subtopologies[0].changelog"));
        assertDocumented("### Kafka Streams applications (`app: streams`)", StreamsParser.CONFIG_KEYS);
        assertDocumented("#### `consumers.closeOptions`", StreamsParser.CLOSE_KEYS);
        assertDocumented("## Variants", knownKeys(PODS + "variants: [{name: v, " + PROBE + ": 1}]\n",
                "variants[0]"));
    }

    @Test
    void documentsEveryTimelineOperationAndItsKeys() {
        String section = "## Timeline operations";
        List<String> entryKeys = knownKeys(PODS + "timeline: [{at: 1s, " + PROBE + ": 1}]\n", "timeline[0]");
        assertDocumented(section, entryKeys);
        List<String> operations = entryKeys.stream().filter(key -> !key.equals("at")).toList();
        assertFalse(operations.isEmpty(), "no timeline operation found");
        for (String operation : operations) {
            List<String> keys = knownKeys(PODS + "timeline: [{at: 1s, " + operation + ": {" + PROBE + ": 1}}]\n",
                    "timeline[0]." + operation);
            assertDocumentedInRow(section, operation, keys);
        }
    }

    @Test
    void documentsEveryRecurringFaultAndItsKeys() {
        String section = "## Recurring faults";
        List<String> kinds = knownKeys(PODS + "faults: [{" + PROBE + ": {}}]\n", "faults[0]." + PROBE);
        assertFalse(kinds.isEmpty(), "no fault kind found");
        for (String kind : kinds) {
            List<String> keys = knownKeys(PODS + "faults: [{" + kind + ": {" + PROBE + ": 1}}]\n",
                    "faults[0]." + kind);
            assertDocumentedInRow(section, kind, keys);
        }
    }

    @Test
    void documentsEveryDistributionAndItsParameters() {
        String section = "### Distributions";
        List<String> kinds = knownKeys("consumers: {count: 2, processing: {" + PROBE + ": 1}}\n",
                "consumers.processing." + PROBE);
        assertFalse(kinds.isEmpty(), "no distribution found");
        for (String kind : kinds) {
            if (kind.equals("constant")) {
                assertDocumentedInRow(section, kind, List.of()); // its value is the duration itself: no keys
                continue;
            }
            List<String> parameters = knownKeys("consumers: {count: 2, processing: {" + kind + ": {" + PROBE
                    + ": 1}}}\n", "consumers.processing." + kind);
            assertDocumentedInRow(section, kind, parameters);
        }
    }

    @Test
    void theDocumentedExampleIsTheOneTheLoaderTestReads() throws Exception {
        String example = yamlBlockAfter("## Example");
        assertEquals(ScenarioLoaderTest.EXAMPLE, example);
        assertEquals(2, ScenarioLoader.fromText(example, "example.yaml").variants().size());
    }

    /** The keys the loader lists for an unknown key at {@code path}, read from its message. */
    private static List<String> knownKeys(String yaml, String path) {
        return knownKeys(yaml, path, true);
    }

    private static List<String> knownKeys(String yaml, String path, boolean withBase) {
        String text = withBase ? BASE + yaml : yaml;
        List<String> found = new ArrayList<>();
        try {
            ScenarioLoader.fromText(text, "probe.yaml");
            fail("the probe at " + path + " was accepted:\n" + text);
        } catch (ScenarioException e) {
            for (Problem problem : e.problems()) {
                Matcher matcher = KNOWN.matcher(problem.message());
                if (problem.message().contains("'" + PROBE + "'") && matcher.find()) {
                    String list = matcher.group(1);
                    assertFalse(list.contains("more)"), "the list of known keys at " + path + " is cut: " + list);
                    found.addAll(Arrays.asList(list.split(", ")));
                }
            }
            assertFalse(found.isEmpty(), "no list of known keys at " + path + " in:\n" + e.getMessage());
        }
        return found;
    }

    private static void assertDocumented(String heading, List<String> keys) {
        String section = String.join("\n", section(heading));
        List<String> missing = keys.stream().filter(key -> !section.contains("`" + key + "`")).toList();
        assertTrue(missing.isEmpty(), "docs/scenario-format.md, section " + heading + ", does not name " + missing);
    }

    /** The table row of {@code name} in the section names every one of its keys. */
    private static void assertDocumentedInRow(String heading, String name, List<String> keys) {
        String row = section(heading).stream().filter(line -> line.startsWith("| `" + name + "` |")).findFirst()
                .orElseThrow(() -> new AssertionError("docs/scenario-format.md, section " + heading
                        + ", has no table row for `" + name + "`"));
        List<String> missing = keys.stream().filter(key -> !row.contains("`" + key + "`")).toList();
        assertTrue(missing.isEmpty(), "docs/scenario-format.md, row `" + name + "`, does not name " + missing);
    }

    /** The lines from the heading that starts with {@code heading} to the next heading of its level or above. */
    private static List<String> section(String heading) {
        int level = heading.indexOf(' ');
        for (int i = 0; i < doc.size(); i++) {
            if (doc.get(i).startsWith(heading)) {
                int end = i + 1;
                while (end < doc.size() && !isHeadingAtOrAbove(doc.get(end), level)) {
                    end++;
                }
                return doc.subList(i, end);
            }
        }
        throw new AssertionError("docs/scenario-format.md has no section " + heading);
    }

    private static boolean isHeadingAtOrAbove(String line, int level) {
        int hashes = 0;
        while (hashes < line.length() && line.charAt(hashes) == '#') {
            hashes++;
        }
        return hashes > 0 && hashes <= level && line.length() > hashes && line.charAt(hashes) == ' ';
    }

    private static String yamlBlockAfter(String heading) {
        List<String> lines = section(heading);
        int start = lines.indexOf("```yaml");
        int end = lines.subList(start + 1, lines.size()).indexOf("```") + start + 1;
        assertTrue(start >= 0 && end > start, "no yaml block under " + heading);
        return String.join("\n", lines.subList(start + 1, end)) + "\n";
    }
}
