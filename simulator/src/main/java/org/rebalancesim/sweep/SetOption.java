package org.rebalancesim.sweep;

import java.util.ArrayList;
import java.util.List;

/**
 * One {@code --set KEY=V1,V2,...} as typed: the key and its values. Values are split at commas
 * outside brackets and braces, so a value may itself be a YAML list or map
 * ({@code consumers.processing={constant: 1ms},{constant: 5ms}}).
 */
public record SetOption(String key, List<String> values) {

    public SetOption {
        values = List.copyOf(values);
    }

    /** @throws IllegalArgumentException with a message saying what the option should look like */
    public static SetOption parse(String option) {
        int equals = option.indexOf('=');
        if (equals < 0) {
            throw new IllegalArgumentException("--set " + option + ": expected KEY=V1,V2,... (for example "
                    + "--set session.timeout.ms=10000,45000)");
        }
        String key = option.substring(0, equals).strip();
        if (key.isEmpty()) {
            throw new IllegalArgumentException("--set " + option + ": the key before '=' is empty");
        }
        List<String> values = split(option.substring(equals + 1));
        for (String value : values) {
            if (value.isEmpty()) {
                throw new IllegalArgumentException("--set " + option + ": an empty value; separate values with "
                        + "single commas, e.g. " + key + "=10000,45000");
            }
        }
        return new SetOption(key, values);
    }

    private static List<String> split(String text) {
        List<String> values = new ArrayList<>();
        int depth = 0;
        int start = 0;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '[' || c == '{') {
                depth++;
            } else if ((c == ']' || c == '}') && depth > 0) {
                depth--;
            } else if (c == ',' && depth == 0) {
                values.add(text.substring(start, i).strip());
                start = i + 1;
            }
        }
        values.add(text.substring(start).strip());
        return values;
    }
}
