package org.rebalancesim.report;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.zip.GZIPOutputStream;
import org.rebalancesim.explain.ExplanationText;
import org.rebalancesim.explain.VariantExplanation;
import org.rebalancesim.report.ReportPage.Column;

/**
 * story.txt.gz: the page's whole story, every line {@code explain} prints for the same scenario and seed
 * (every variant's, each told in full), gzip-compressed. result.json and report.html keep a bounded part of
 * it, so their size does not grow with the run; this file is where the rest is. Its text is deterministic;
 * its compressed bytes are too on one JVM, but they come from the JVM's zlib, so compare the text.
 */
public final class StoryFile {

    public static final String NAME = "story.txt.gz";

    private StoryFile() {
    }

    /**
     * The story as text: as {@code explain} prints it, with the page's title and seed at its head; for a
     * multi-seed run the typical runs' stories, headed by their seeds ("small (typical runs: a: seed 2, b: seed 1)").
     */
    static String text(ReportPage page) {
        List<VariantExplanation> stories = page.columns().stream().map(Column::story).toList();
        if (page.seedRuns() != null) {
            return ExplanationText.render(page.title() + " (typical runs: " + SeedNotes.typicalSeeds(page.seedRuns())
                    + ")", stories);
        }
        return ExplanationText.render(page.title(), page.sources().get(0).seed(), stories);
    }

    /** The story compressed; GZIPOutputStream writes no time or name in its header, so the bytes do not vary. */
    static byte[] gzip(String text) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (GZIPOutputStream gzip = new GZIPOutputStream(bytes)) {
            gzip.write(text.getBytes(StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException("could not compress " + NAME, e);
        }
        return bytes.toByteArray();
    }
}
