package org.rebalancesim.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * consumers.config.metadata.max.age.ms (Kafka's LONG config, default 300000, at least 0) and
 * cluster.metadataPropagation (default 0): read, defaulted and checked (docs/kafka-semantics.md §16).
 */
class MetadataSettingsTest {

    @TempDir
    Path directory;
    private ScenarioFiles files;

    private static final String BASE = ScenarioFiles.MINIMAL.replace("consumers: {count: 3}\n", "");

    @BeforeEach
    void setUp() {
        files = new ScenarioFiles(directory);
    }

    @Test
    void defaultsAreKafkasAndPublicationAtOnce() throws Exception {
        Variant variant = files.load(ScenarioFiles.MINIMAL).variants().get(0);
        assertEquals(300_000, variant.consumers().config().metadataMaxAgeMs());
        assertEquals(0, variant.cluster().metadataPropagationMs());
    }

    @Test
    void readsBothAsDurationsPerPodToo() throws Exception {
        Variant variant = files.load(BASE + """
                cluster: {metadataPropagation: 2s}
                consumers:
                  count: 2
                  config: {metadata.max.age.ms: 60s}
                  overrides: {c2: {metadata.max.age.ms: 0}}
                """).variants().get(0);
        assertEquals(2_000, variant.cluster().metadataPropagationMs());
        assertEquals(60_000, variant.consumers().configOf("c1").metadataMaxAgeMs());
        assertEquals(0, variant.consumers().configOf("c2").metadataMaxAgeMs());
    }

    @Test
    void refusesNegativeValuesWithTheirPath() {
        assertEquals(List.of("consumers.config.metadata.max.age.ms: must not be negative, got -1"),
                files.problems(BASE + "consumers: {count: 1, config: {metadata.max.age.ms: -1}}\n"));
        assertEquals(List.of("cluster.metadataPropagation: expected a duration like 250ms, 10s, 15m or 2h "
                        + "(a plain number means ms), got 'soon'"),
                files.problems(ScenarioFiles.MINIMAL + "cluster: {metadataPropagation: soon}\n"));
        assertEquals(List.of("cluster.metadataPropagation: must not be negative, got -5"),
                files.problems(ScenarioFiles.MINIMAL + "cluster: {metadataPropagation: -5}\n"));
    }
}
