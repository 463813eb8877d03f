package org.rebalancesim.scenario;

import com.fasterxml.jackson.databind.JsonNode;
import java.math.BigDecimal;
import java.util.Optional;

/**
 * Reads numbers, durations and rates, with range checks; like {@link YamlNodes}, every getter
 * records a problem and returns null for an invalid value.
 */
final class YamlNumbers {

    private static final BigDecimal MAX_DURATION = BigDecimal.valueOf(Limits.MAX_DURATION_MS);
    private static final String MAX_DURATION_TEXT = Durations.format(Limits.MAX_DURATION_MS);

    private final YamlNodes nodes;

    YamlNumbers(YamlNodes nodes) {
        this.nodes = nodes;
    }

    /** A whole number in [min, max]; 1.5 or "6" are refused, so a typo does not become a number. */
    Integer integer(JsonNode node, YamlPath path, int min, int max) {
        Long value = whole(node, path, min, max);
        return value == null ? null : value.intValue();
    }

    Integer integer(JsonNode map, YamlPath parent, String key, int fallback, int min, int max) {
        JsonNode node = YamlNodes.optional(map, key);
        return node == null ? Integer.valueOf(fallback) : integer(node, parent.key(key), min, max);
    }

    /** A whole number in [min, max]. */
    Long whole(JsonNode node, YamlPath path, long min, long max) {
        if (!node.isIntegralNumber()) {
            nodes.problem(path, "expected a whole number, got " + NodeText.kind(node));
            return null;
        }
        if (!node.canConvertToLong() || node.longValue() < min || node.longValue() > max) {
            nodes.problem(path, rangeMessage(min, max, NodeText.describe(node)));
            return null;
        }
        return node.longValue();
    }

    private static String rangeMessage(long min, long max, String got) {
        if (min == Long.MIN_VALUE && max == Long.MAX_VALUE) {
            return "must fit in a signed 64-bit integer (" + min + " to " + max + "), got " + got;
        }
        if (max == Long.MAX_VALUE) {
            return "must be at least " + min + ", got " + got;
        }
        return "must be between " + min + " and " + max + ", got " + got;
    }

    /**
     * A duration in whole milliseconds in [minMs, 30 days]: an integer of ms or a text with a unit.
     * Kafka's {@code *.ms} keys use this too, so values can be pasted from .properties files.
     */
    Long durationMs(JsonNode node, YamlPath path, long minMs) {
        BigDecimal ms = exactMs(node, path);
        if (ms == null) {
            return null;
        }
        String got = NodeText.describe(node);
        if (ms.signum() < 0) {
            nodes.problem(path, "must not be negative, got " + got);
        } else if (ms.stripTrailingZeros().scale() > 0) {
            nodes.problem(path, "must be a whole number of milliseconds, got " + got);
        } else if (ms.compareTo(MAX_DURATION) > 0) {
            nodes.problem(path, "must be at most " + MAX_DURATION_TEXT
                    + " (the longest duration the simulator accepts), got " + got);
        } else if (ms.longValueExact() < minMs) {
            nodes.problem(path, "must be at least " + Durations.format(minMs) + ", got " + got);
        } else {
            return ms.longValueExact();
        }
        return null;
    }

    Long durationMs(JsonNode map, YamlPath parent, String key, long fallbackMs, long minMs) {
        JsonNode node = YamlNodes.optional(map, key);
        return node == null ? Long.valueOf(fallbackMs) : durationMs(node, parent.key(key), minMs);
    }

    /** A duration of a key Kafka reads as an int config (an {@code Integer} of ms): at most 2147483647. */
    Long intDurationMs(JsonNode map, YamlPath parent, String key, long fallbackMs, long minMs) {
        Long ms = durationMs(map, parent, key, fallbackMs, minMs);
        if (ms != null && ms > Integer.MAX_VALUE) {
            nodes.problem(parent.key(key), "must be at most " + Integer.MAX_VALUE + " (Kafka reads " + key
                    + " as an int), got " + ms);
            return null;
        }
        return ms;
    }

    Long requiredDurationMs(JsonNode map, YamlPath parent, String key, long minMs, String whatItIs) {
        JsonNode node = nodes.required(map, parent, key, whatItIs);
        return node == null ? null : durationMs(node, parent.key(key), minMs);
    }

    /** A duration that may be fractional (distribution parameters): 0.5ms is fine there. */
    Double fractionalMs(JsonNode node, YamlPath path, boolean mustBePositive) {
        BigDecimal ms = exactMs(node, path);
        if (ms == null) {
            return null;
        }
        String got = NodeText.describe(node);
        if (ms.signum() < 0 || (mustBePositive && ms.signum() == 0)) {
            nodes.problem(path, (mustBePositive ? "must be positive" : "must not be negative") + ", got " + got);
        } else if (ms.compareTo(MAX_DURATION) > 0) {
            nodes.problem(path, "must be at most " + MAX_DURATION_TEXT
                    + " (the longest duration the simulator accepts), got " + got);
        } else {
            return ms.doubleValue();
        }
        return null;
    }

    private BigDecimal exactMs(JsonNode node, YamlPath path) {
        Optional<BigDecimal> ms = Optional.empty();
        if (node.isNumber()) {
            ms = Optional.of(node.decimalValue());
        } else if (node.isTextual()) {
            ms = Durations.parseMs(node.textValue());
        }
        if (ms.isEmpty()) {
            nodes.problem(path, "expected " + Durations.EXAMPLE + ", got " + NodeText.kind(node));
            return null;
        }
        return ms.get();
    }

    /** A finite number (a distribution's shape, for instance) greater than {@code exclusiveMin}. */
    Double number(JsonNode node, YamlPath path, double exclusiveMin) {
        if (!node.isNumber() || !Double.isFinite(node.doubleValue())) {
            nodes.problem(path, "expected a number, got " + NodeText.kind(node));
            return null;
        }
        if (node.doubleValue() <= exclusiveMin) {
            String bound = exclusiveMin == Math.rint(exclusiveMin)
                    ? Long.toString((long) exclusiveMin) : Double.toString(exclusiveMin);
            nodes.problem(path, "must be greater than " + bound + ", got " + NodeText.describe(node));
            return null;
        }
        return node.doubleValue();
    }

    /** Records per second, in [0, 1e9]. */
    Double ratePerSecond(JsonNode node, YamlPath path) {
        Optional<Double> rate = Optional.empty();
        if (node.isNumber()) {
            rate = Optional.of(node.doubleValue());
        } else if (node.isTextual()) {
            rate = Rates.parsePerSecond(node.textValue());
        }
        if (rate.isEmpty() || !Double.isFinite(rate.get())) {
            nodes.problem(path, "expected " + Rates.EXAMPLE + ", got " + NodeText.kind(node));
            return null;
        }
        if (rate.get() < 0 || rate.get() > Limits.MAX_RATE_PER_SECOND) {
            nodes.problem(path, "must be between 0/s and 1000000000/s, got " + NodeText.describe(node));
            return null;
        }
        return rate.get();
    }
}
