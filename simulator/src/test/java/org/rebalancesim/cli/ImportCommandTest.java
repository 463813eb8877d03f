package org.rebalancesim.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@code import} as a user meets it: the scenario on stdout or in --out, warnings on stderr, exit codes. */
class ImportCommandTest extends CommandLineTest {

    private static final String DEPLOYMENT = """
            apiVersion: apps/v1
            kind: Deployment
            metadata: {name: payments}
            spec: {replicas: 4}
            """;
    private static final String PROPERTIES = """
            group.id=payments
            bootstrap.servers=kafka:9092
            session.timeout.ms=15000
            """;

    @Test
    void withoutOutTheScenarioGoesToStdoutAndTheWarningsToStderr() throws IOException {
        Path deployment = write("deployment.yaml", DEPLOYMENT);
        Path properties = write("consumer.properties", PROPERTIES);
        assertEquals(0, cli("import", deployment.toString(), properties.toString()), err);
        assertTrue(out.startsWith("# A scenario imported by rebalance-sim import from:\n#   " + deployment
                + ": Deployment payments\n"), out);
        assertTrue(out.contains("  count: 4 "), out);
        assertTrue(err.contains("warning: " + properties + ": not modelled, left out: bootstrap.servers\n"), err);
        err.lines().forEach(line -> assertTrue(line.startsWith("warning: "), line));
    }

    @Test
    void withOutTheScenarioIsWrittenWholeReplacingTheFileAndItsPathPrinted() throws IOException {
        Path properties = write("consumer.properties", PROPERTIES);
        Path scenario = write("scenarios/payments.yaml", "old text\n");
        assertEquals(0, cli("import", properties.toString(), "--out", scenario.toString()), err);
        assertEquals("wrote " + scenario + "\n", out);
        String written = Files.readString(scenario);
        assertTrue(written.contains("session.timeout.ms: 15000"), written);
        assertEquals(0, cli("validate", scenario.toString()), err);
        try (var files = Files.list(scenario.getParent())) {
            assertEquals(List.of(scenario), files.toList(), "no temporary file left");
        }
    }

    @Test
    void anOutThatIsOneOfTheInputsIsRefused() throws IOException {
        Path properties = write("consumer.properties", PROPERTIES);
        assertEquals(2, cli("import", properties.toString(), "--out", dir.resolve(".").resolve("consumer.properties")
                .toString()));
        assertTrue(err.contains("is one of the inputs; choose another file for the scenario"), err);
        assertEquals(PROPERTIES, Files.readString(properties));
    }

    @Test
    void badInputExitsTwoWithEveryProblemAndWritesNothing() throws IOException {
        Path deployment = write("deployment.yaml", DEPLOYMENT.replace("replicas: 4", "replicas: -1"));
        Path missing = dir.resolve("missing.properties");
        Path scenario = dir.resolve("out.yaml");
        assertEquals(2, cli("import", deployment.toString(), missing.toString(), "--out", scenario.toString()));
        assertTrue(err.contains(deployment + ": spec.replicas: must be at least 0, got -1"), err);
        assertTrue(err.contains(missing + ": file not found"), err);
        assertFalse(err.contains("Exception") || err.contains("\tat "), err);
        assertEquals("", out);
        assertFalse(Files.exists(scenario));
    }

    @Test
    void anUnwritableOutExitsTwoAndSaysWhy() throws IOException {
        Path properties = write("consumer.properties", PROPERTIES);
        Path blocked = write("blocked", "a file where a folder should be");
        assertEquals(2, cli("import", properties.toString(), "--out", blocked.resolve("payments.yaml").toString()));
        assertTrue(err.contains("rebalance-sim: cannot write the scenario ("), err);
        assertTrue(err.contains("choose another file with --out"), err);
        assertFalse(err.contains("Exception"), err);
    }

    @Test
    void theCommandIsListedWithItsHelp() {
        assertEquals(0, cli("--help"));
        assertTrue(out.contains("  import "), out);
        assertEquals(0, cli("import", "--help"));
        assertTrue(out.contains("--out=SCENARIO"), out);
        assertEquals(2, cli("import"));
    }
}
