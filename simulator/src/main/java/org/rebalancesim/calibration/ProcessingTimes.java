package org.rebalancesim.calibration;

import java.util.Locale;
import org.rebalancesim.scenario.Distribution;
import org.rebalancesim.scenario.Distributions;

/**
 * A processing-time distribution as one line of text, to hand it to a consumer worker process:
 * {@code constant 5.0}, {@code exponential 2.0}, {@code lognormal 2.0 20.0}, {@code uniform 1.0 3.0},
 * {@code pareto 1.0 1.5} (parameters in ms, as the scenario's records hold them; doubles round-trip
 * exactly through Double.toString).
 */
final class ProcessingTimes {

    private ProcessingTimes() {
    }

    static String encode(Distribution distribution) {
        if (distribution instanceof Distributions.Constant c) {
            return "constant " + c.valueMs();
        } else if (distribution instanceof Distributions.Exponential e) {
            return "exponential " + e.meanMs();
        } else if (distribution instanceof Distributions.LogNormal l) {
            return "lognormal " + l.medianMs() + " " + l.p99Ms();
        } else if (distribution instanceof Distributions.Uniform u) {
            return "uniform " + u.minMs() + " " + u.maxMs();
        } else if (distribution instanceof Distributions.Pareto p) {
            return "pareto " + p.scaleMs() + " " + p.shape();
        }
        throw new IllegalArgumentException("unknown distribution " + distribution);
    }

    static Distribution decode(String text) {
        String[] parts = text.trim().split("\\s+");
        try {
            return switch (parts[0].toLowerCase(Locale.ROOT)) {
                case "constant" -> new Distributions.Constant(number(parts, 1));
                case "exponential" -> new Distributions.Exponential(number(parts, 1));
                case "lognormal" -> new Distributions.LogNormal(number(parts, 1), number(parts, 2));
                case "uniform" -> new Distributions.Uniform(number(parts, 1), number(parts, 2));
                case "pareto" -> new Distributions.Pareto(number(parts, 1), number(parts, 2));
                default -> throw new IllegalArgumentException("unknown distribution '" + parts[0] + "'");
            };
        } catch (RuntimeException e) {
            throw new IllegalArgumentException("bad processing distribution '" + text + "': " + e.getMessage(), e);
        }
    }

    private static double number(String[] parts, int index) {
        return Double.parseDouble(parts[index]);
    }
}
