package org.rebalancesim.scenario;

import java.util.ArrayList;
import java.util.List;

/** The fields of an operation or fault written back as the scenario file writes them. */
final class FieldText {

    private FieldText() {
    }

    static String pods(ConsumerSelector selector) {
        if (selector.all()) {
            return "consumer: all";
        }
        List<String> names = selector.names();
        return "consumer: " + (names.size() == 1 ? names.get(0) : "[" + String.join(", ", names) + "]");
    }

    static String length(String key, long ms) {
        return key + ": " + Durations.format(ms);
    }

    static String broker(int broker) {
        return "broker: " + (broker < 0 ? "coordinator" : Integer.toString(broker));
    }

    static String list(String key, List<String> names) {
        return key + ": [" + String.join(", ", names) + "]";
    }

    /** {@code {a, b}} of the fields that are present (null ones are left out). */
    static String fields(String... fields) {
        List<String> present = new ArrayList<>();
        for (String field : fields) {
            if (field != null) {
                present.add(field);
            }
        }
        return "{" + String.join(", ", present) + "}";
    }
}
