package org.rebalancesim.report;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectWriter;

/**
 * Indented JSON with "\n" line ends on every machine (Jackson's default indenter uses the platform's
 * line separator, which would make results differ between operating systems), arrays on one line,
 * ending in a newline.
 */
public final class JsonText {

    public static final ObjectMapper MAPPER = new ObjectMapper();
    private static final ObjectWriter WRITER = MAPPER.writer(
            new DefaultPrettyPrinter().withObjectIndenter(new DefaultIndenter("  ", "\n")));

    private JsonText() {
    }

    public static String pretty(JsonNode node) {
        try {
            return WRITER.writeValueAsString(node) + "\n";
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("could not render JSON", e);
        }
    }
}
