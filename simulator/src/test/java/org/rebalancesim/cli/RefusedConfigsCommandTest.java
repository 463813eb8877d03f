package org.rebalancesim.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * Consumer configs Kafka refuses under a variant's group.protocol, as a user meets them
 * (docs/kafka-semantics.md §24): validate and run warn and still run every variant; the report and
 * compare show them as not applicable; a variant that writes one itself is refused (exit 2).
 */
class RefusedConfigsCommandTest extends CommandLineTest {

    private static final String PROTOCOLS = """
            name: protocols
            duration: 30s
            group: {id: refused}
            topics: [{name: t, partitions: 4, rate: 40/s}]
            consumers:
              count: 2
              config: {session.timeout.ms: 10000}
            variants:
              - name: classic
              - name: consumer
                consumers: {config: {group.protocol: consumer}}
            """;
    private static final String NOT_APPLICABLE = "not applicable (Kafka refuses it under group.protocol consumer)";
    private static final String WARNING = "warning: %s: consumers.config.session.timeout.ms: variant consumer "
            + "inherits it; Kafka's consumer refuses session.timeout.ms under group.protocol consumer";

    @Test
    void validateWarnsAndAccepts() throws IOException {
        Path file = write("protocols.yaml", PROTOCOLS);
        assertEquals(0, cli("validate", file.toString()), err);
        assertTrue(err.contains(WARNING.formatted(file)), err);
        assertTrue(err.contains("this run ignores it: the broker's group.consumer.session.timeout.ms is in force"), err);
        assertTrue(out.contains("ok: " + file + " (2 variants)"), out);
    }

    @Test
    void runWarnsRunsBothProtocolsAndTheReportShowsTheSettingNotApplicable() throws IOException {
        Path file = write("protocols.yaml", PROTOCOLS);
        Path reports = dir.resolve("reports");
        assertEquals(0, cli("run", file.toString(), "--out", reports.toString()), err);
        assertTrue(err.contains(WARNING.formatted(file)), err);
        String md = Files.readString(reports.resolve("protocols").resolve("summary.md"));
        assertTrue(md.contains("session.timeout.ms: 10000 → " + NOT_APPLICABLE), md);
        assertTrue(md.contains("heartbeat.interval.ms: 3000 → " + NOT_APPLICABLE), md);
        assertTrue(md.contains("group.remote.assignor: not applicable (Kafka refuses it under group.protocol "
                + "classic) → (not set)"), md);
        String html = Files.readString(reports.resolve("protocols").resolve("report.html"));
        assertTrue(html.contains(NOT_APPLICABLE), "the configuration table shows it");
    }

    @Test
    void compareShowsTheDifferenceAsNotApplicable() throws IOException {
        Path file = write("protocols.yaml", PROTOCOLS);
        assertEquals(0, cli("compare", file + "@classic", file + "@consumer", "--out",
                dir.resolve("reports").toString()), err);
        assertTrue(out.contains("    session.timeout.ms: 10000 → " + NOT_APPLICABLE + "\n"), out);
        assertTrue(out.contains("    partition.assignment.strategy: range, cooperative-sticky → " + NOT_APPLICABLE),
                out);
    }

    @Test
    void aVariantThatWritesARefusedConfigItselfIsRefused() throws IOException {
        Path file = write("own.yaml", PROTOCOLS.replace("{group.protocol: consumer}",
                "{group.protocol: consumer, heartbeat.interval.ms: 1000}"));
        assertEquals(2, cli("validate", file.toString()), err);
        assertTrue(err.contains(file + ": variants[1](consumer).consumers.config.heartbeat.interval.ms: Kafka's "
                + "consumer refuses heartbeat.interval.ms under group.protocol consumer"), err);
    }
}
