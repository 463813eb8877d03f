package org.rebalancesim.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.File;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A user's own assignor through the command line: loaded from --classpath, run by the group's
 * leader, visible in result.json; and every way naming one can go wrong, as a message with the
 * file, the YAML path, the class and the fix, exit code 2 and no stack trace.
 */
class CustomAssignorCliTest {

    @TempDir
    static Path shared;
    private static Path jar;

    @TempDir
    Path dir;

    private String out;
    private String err;

    /** Two pods, four partitions, nothing going wrong: the assignor alone decides who owns what. */
    static String scenario(String strategy) {
        return """
                name: custom
                seed: 5
                duration: 1m
                group: {id: custom-assignor}
                topics: [{name: t, partitions: 4, rate: 40/s}]
                consumers:
                  count: 2
                  config: {partition.assignment.strategy: STRATEGY}
                  startup: {jvmStart: 1s}
                variants:
                  - name: mine
                  - name: range
                    consumers: {config: {partition.assignment.strategy: range}}
                """.replace("STRATEGY", strategy);
    }

    @BeforeAll
    static void buildJar() throws IOException {
        jar = AssignorJars.build(shared);
    }

    private int cli(String... args) {
        StringWriter outText = new StringWriter();
        StringWriter errText = new StringWriter();
        int code = Main.execute(new PrintWriter(outText, true), new PrintWriter(errText, true), args);
        out = outText.toString();
        err = errText.toString();
        return code;
    }

    private Path write(String strategy) throws IOException {
        Path file = dir.resolve("custom.yaml");
        Files.writeString(file, scenario(strategy));
        return file;
    }

    @Test
    void theUsersAssignorDecidesTheAssignment() throws IOException {
        Path file = write(AssignorJars.SMALLEST_ID);
        Path reports = dir.resolve("reports");
        assertEquals(0, cli("run", file.toString(), "--classpath", jar.toString(), "--out", reports.toString()), err);
        JsonNode variants = new ObjectMapper().readTree(reports.resolve("custom").resolve("result.json").toFile())
                .get("variants");
        assertEquals("classic/eager (" + AssignorJars.SMALLEST_ID + ")", variants.get(0).get("protocol").asText());

        Map<String, String> mine = ownersAtTheEnd(variants.get(0));
        assertEquals(Set.of("t-0", "t-1", "t-2", "t-3"), mine.keySet(), mine.toString());
        assertEquals(1, Set.copyOf(mine.values()).size(), "one member owns every partition: " + mine);
        // The same group under range: two owners, so the single owner above is the assignor's doing.
        assertEquals(2, Set.copyOf(ownersAtTheEnd(variants.get(1)).values()).size());
    }

    /** partition → the pod holding it when the run ended (result.json's ownership intervals). */
    private static Map<String, String> ownersAtTheEnd(JsonNode variant) {
        long endMs = 0;
        for (JsonNode interval : variant.get("series").get("ownership")) {
            endMs = Math.max(endMs, interval.get("toMs").asLong());
        }
        Map<String, String> owners = new TreeMap<>();
        for (JsonNode interval : variant.get("series").get("ownership")) {
            if (interval.get("toMs").asLong() == endMs) {
                owners.put(interval.get("partition").asText(), interval.get("member").asText());
            }
        }
        return owners;
    }

    @Test
    void aMissingClassIsNamedWithTheFileThePathAndTheFix() throws IOException {
        Path file = write("com.acme.Missing");
        Path reports = dir.resolve("reports");
        assertEquals(2, cli("run", file.toString(), "--classpath", jar.toString(), "--out", reports.toString()));
        assertEquals(file + ": consumers.config.partition.assignment.strategy: class com.acme.Missing not found: "
                + "it is not in " + jar + "; check the class name, or pass the jar that contains it with --classpath "
                + "(variant mine)" + System.lineSeparator(), err);
        assertFalse(Files.exists(reports), "nothing runs");
        assertEquals("", out);
    }

    @Test
    void withoutClasspathTheFixIsToPassTheJar() throws IOException {
        Path file = write(AssignorJars.SMALLEST_ID);
        assertEquals(2, cli("run", file.toString(), "--out", dir.resolve("r").toString()));
        assertTrue(err.startsWith(file + ": consumers.config.partition.assignment.strategy: class "
                + AssignorJars.SMALLEST_ID + " not found: no --classpath was given; pass its jar with --classpath"), err);
        assertNoStackTrace();
        assertEquals(2, cli("validate", file.toString()));
        assertTrue(err.contains("pass its jar with --classpath"), err);
        assertEquals(0, cli("validate", file.toString(), "--classpath", jar.toString()), err);
        assertEquals("ok: " + file + " (2 variants)" + System.lineSeparator(), out);
    }

    @Test
    void aClassThatIsNoAssignorIsRefused() throws IOException {
        Path file = write(AssignorJars.NOT_AN_ASSIGNOR);
        assertEquals(2, cli("validate", file.toString(), "--classpath", jar.toString()));
        assertTrue(err.contains(file + ": consumers.config.partition.assignment.strategy: " + AssignorJars.NOT_AN_ASSIGNOR
                + " does not implement org.apache.kafka.clients.consumer.ConsumerPartitionAssignor"), err);
        assertNoStackTrace();
    }

    @Test
    void assignorsWithoutACommonProtocolAreRefusedAsKafkaDoes() throws IOException {
        Path file = write("[range, " + AssignorJars.COOPERATIVE_ONLY + "]");
        assertEquals(2, cli("validate", file.toString(), "--classpath", jar.toString()));
        assertTrue(err.contains("share no rebalance protocol"), err);
    }

    @Test
    void aMissingClasspathEntryIsBadInput() throws IOException {
        Path file = write(AssignorJars.SMALLEST_ID);
        String missing = dir.resolve("nope.jar").toString();
        assertEquals(2, cli("validate", file.toString(), "--classpath", jar + File.pathSeparator + missing));
        assertEquals("rebalance-sim: --classpath: no such file or directory: " + missing + System.lineSeparator(), err);
    }

    @Test
    void anAssignorThatThrowsStopsTheRunWithItsNameAndExitTwo() throws IOException {
        Path file = write(AssignorJars.THROWING);
        assertEquals(2, cli("run", file.toString(), "--classpath", jar.toString(), "--out", dir.resolve("r").toString()));
        assertTrue(err.startsWith(file + ": variant mine at "), err);
        assertTrue(err.contains("assignor " + AssignorJars.THROWING + " threw java.lang.IllegalStateException: "
                + "boom: no assignment today in assign(); the run stopped there"), err);
        assertNoStackTrace();
    }

    private void assertNoStackTrace() {
        assertFalse(err.contains("\tat "), err);
        assertFalse(err.contains("internal error"), err);
    }

    /**
     * An online upgrade meets Kafka's refusal (docs/kafka-semantics.md §21): 4.4.0's ConsumerGroup.fromClassicGroup
     * will not convert a classic group whose assignment carries a custom assignor's user data ("userData from a
     * custom assignor would be lost"), and the heartbeat's UNSUPPORTED_VERSION is fatal to the consumer-protocol
     * client. c1 is restarted into group.protocol consumer at 30 s: with an assignor that adds user data its new
     * process exits and the group stays classic; with one that adds none the group converts.
     */
    @Test
    void anUpgradeIsRefusedWhenTheAssignmentCarriesUserData() throws IOException {
        Path file = dir.resolve("custom.yaml");
        Files.writeString(file, scenario(AssignorJars.WITH_USER_DATA)
                .replace("variants:", """
                        timeline:
                          - at: 30s
                            restart:
                              consumer: c1
                              downtime: 1s
                              config: {group.protocol: consumer, partition.assignment.strategy: ~}
                        variants:""")
                .replace("partition.assignment.strategy: range", "partition.assignment.strategy: "
                        + AssignorJars.SMALLEST_ID));
        Path reports = dir.resolve("reports");
        assertEquals(0, cli("run", file.toString(), "--classpath", jar.toString(), "--out", reports.toString()), err);
        JsonNode variants = new ObjectMapper().readTree(reports.resolve("custom").resolve("result.json").toFile())
                .get("variants");
        assertEquals(List.of("c1 fatal UNSUPPORTED_VERSION"), stories(variants.get(0), "FATAL"));
        assertEquals(List.of(), stories(variants.get(0), "GROUP_CONVERTED"));
        assertEquals(List.of(), stories(variants.get(1), "FATAL"));
        assertEquals(1, stories(variants.get(1), "GROUP_CONVERTED").size());
    }

    /** "subject first-words" of the variant's story events of {@code kind}. */
    private static List<String> stories(JsonNode variant, String kind) {
        List<String> found = new ArrayList<>();
        for (JsonNode event : variant.get("series").get("events")) {
            if (event.get("kind").asText().equals(kind)) {
                String what = event.get("what").asText();
                found.add(event.get("subject").asText() + " " + what.substring(0, Math.min(what.length(),
                        "fatal UNSUPPORTED_VERSION".length())));
            }
        }
        return found;
    }
}
