package org.rebalancesim.scenario;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * One value for one key, to be written into a scenario before it is validated.
 *
 * @param value the YAML value, parsed as a file would be ({@code 10000} a number, {@code 10s} text)
 * @param text  the value as the user typed it, for messages and reports
 */
public record Setting(SettingKey key, JsonNode value, String text) {

    @Override
    public String toString() {
        return key.key() + "=" + text;
    }
}
