package org.rebalancesim.importer;

import java.io.IOException;
import java.io.StringReader;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Properties;

/**
 * Reads a .properties file as Kafka reads its config files (java.util.Properties: {@code key=value} or
 * {@code key: value}, {@code #} and {@code !} comments, {@code \} line continuations and escapes), keeping the
 * file's order so the imported configs are listed as the user wrote them. A key written twice keeps its last
 * value, as in Kafka.
 */
final class PropertiesText {

    private PropertiesText() {
    }

    /** The entries in the file's order, values trimmed as Kafka's ConfigDef trims them; null if malformed. */
    static Map<String, String> parse(String text, String file, ImportLog log) {
        InOrder properties = new InOrder();
        try {
            properties.load(new StringReader(text));
        } catch (IllegalArgumentException e) {
            // Properties refuses a malformed \\uXXXX escape and says only that.
            log.problem(file, "", "not a valid .properties file: " + e.getMessage());
            return null;
        } catch (IOException e) {
            throw new IllegalStateException("a StringReader does not fail", e);
        }
        Map<String, String> trimmed = new LinkedHashMap<>();
        properties.entries.forEach((key, value) -> trimmed.put(key.strip(), value.strip()));
        return trimmed;
    }

    /** java.util.Properties keeps its entries in a hash table; this keeps the order they were read in too. */
    private static final class InOrder extends Properties {
        private static final long serialVersionUID = 1L;
        private final transient Map<String, String> entries = new LinkedHashMap<>();

        @Override
        public synchronized Object put(Object key, Object value) {
            entries.put((String) key, (String) value);
            return super.put(key, value);
        }
    }
}
