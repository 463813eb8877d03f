package org.rebalancesim.metrics.registry;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * docs/metrics.md and the README's metric table are what the registry says: the text between their
 * markers is regenerated and compared. When this fails, regenerate both with {@link #REGENERATE}
 * and commit the result.
 */
class MetricReferenceTest {

    static final String REGENERATE =
            "mvn -B -o -q -pl simulator test -Dtest=MetricReferenceTest -Dmetrics.reference.write=true";
    private static final Path DOCS = Path.of("../docs/metrics.md");
    private static final Path README = Path.of("../README.md");
    private static final String DOCS_BEGIN =
            "<!-- BEGIN generated from Metric.java by MetricReferenceTest; do not edit by hand -->\n";
    private static final String DOCS_END = "<!-- END generated -->\n";
    private static final String README_BEGIN =
            "<!-- BEGIN metric table, generated from Metric.java by MetricReferenceTest -->\n";
    private static final String README_END = "<!-- END metric table -->\n";

    @Test
    void theMetricReferenceIsCurrent() throws IOException {
        assertCurrent(DOCS, DOCS_BEGIN, DOCS_END, MetricReference.docsTables());
    }

    @Test
    void theReadmeTableIsCurrent() throws IOException {
        assertCurrent(README, README_BEGIN, README_END, MetricReference.readmeTable());
    }

    private static void assertCurrent(Path file, String begin, String end, String generated) throws IOException {
        String text = Files.readString(file, StandardCharsets.UTF_8);
        int from = text.indexOf(begin);
        int to = text.indexOf(end);
        assertTrue(from >= 0 && to > from, file + " lacks the markers " + begin.strip() + " ... " + end.strip());
        String current = text.substring(from + begin.length(), to);
        if (Boolean.getBoolean("metrics.reference.write") && !current.equals(generated)) {
            Files.writeString(file, text.substring(0, from + begin.length()) + generated + text.substring(to),
                    StandardCharsets.UTF_8);
            return;
        }
        assertEquals(generated, current, file + " is out of date with the metric registry (Metric.java);"
                + " regenerate it with: " + REGENERATE);
    }
}
