package org.rebalancesim.scenario;

import java.util.Locale;
import org.apache.commons.math3.random.RandomGenerator;

/**
 * The distributions a scenario can name. Sampling uses inversion or the generator's Gaussian so that
 * a draw consumes a fixed number of values from the stream (commons-math3 generators are specified
 * bit for bit, so draws are identical on every machine).
 */
public final class Distributions {

    /** z such that P(N(0,1) <= z) = 0.99: turns a lognormal's median and p99 into its sigma. */
    public static final double Z_99 = 2.3263478740408408;
    /** No time at all: what every duration a scenario may leave out defaults to, and what reports leave unlisted. */
    public static final Distribution NO_TIME = new Constant(0);

    private Distributions() {
    }

    static String ms(double value) {
        return value == Math.rint(value) ? String.format(Locale.ROOT, "%dms", (long) value)
                : String.format(Locale.ROOT, "%sms", value);
    }

    public record Constant(double valueMs) implements Distribution {
        public double sample(RandomGenerator random) {
            return valueMs;
        }

        public double mean() {
            return valueMs;
        }

        public double variance() {
            return 0;
        }

        public double skewness() {
            return 0;
        }

        public String describe() {
            return "constant(" + ms(valueMs) + ")";
        }
    }

    public record Exponential(double meanMs) implements Distribution {
        public double sample(RandomGenerator random) {
            return -meanMs * Math.log1p(-random.nextDouble());
        }

        public double mean() {
            return meanMs;
        }

        public double variance() {
            return meanMs * meanMs;
        }

        public double skewness() {
            return 2;
        }

        public String describe() {
            return "exponential(mean " + ms(meanMs) + ")";
        }
    }

    public record LogNormal(double medianMs, double p99Ms) implements Distribution {
        double mu() {
            return Math.log(medianMs);
        }

        double sigma() {
            return Math.log(p99Ms / medianMs) / Z_99;
        }

        public double sample(RandomGenerator random) {
            return draw(mu(), sigma(), random);
        }

        @Override
        public Sampler sampler() {
            double mu = mu();
            double sigma = sigma();
            return random -> draw(mu, sigma, random);
        }

        private static double draw(double mu, double sigma, RandomGenerator random) {
            return Math.exp(mu + sigma * random.nextGaussian());
        }

        public double mean() {
            return Math.exp(mu() + sigma() * sigma() / 2);
        }

        public double variance() {
            double s2 = sigma() * sigma();
            return (Math.exp(s2) - 1) * Math.exp(2 * mu() + s2);
        }

        public double skewness() {
            double s2 = sigma() * sigma();
            return (Math.exp(s2) + 2) * Math.sqrt(Math.exp(s2) - 1);
        }

        public String describe() {
            return "lognormal(median " + ms(medianMs) + ", p99 " + ms(p99Ms) + ")";
        }
    }

    public record Uniform(double minMs, double maxMs) implements Distribution {
        public double sample(RandomGenerator random) {
            return minMs + (maxMs - minMs) * random.nextDouble();
        }

        public double mean() {
            return (minMs + maxMs) / 2;
        }

        public double variance() {
            double width = maxMs - minMs;
            return width * width / 12;
        }

        public double skewness() {
            return 0;
        }

        public String describe() {
            return "uniform(" + ms(minMs) + ".." + ms(maxMs) + ")";
        }
    }

    public record Pareto(double scaleMs, double shape) implements Distribution {
        public double sample(RandomGenerator random) {
            return scaleMs / Math.pow(1 - random.nextDouble(), 1 / shape);
        }

        public double mean() {
            return shape <= 1 ? Double.POSITIVE_INFINITY : shape * scaleMs / (shape - 1);
        }

        public double variance() {
            return shape <= 2 ? Double.POSITIVE_INFINITY
                    : scaleMs * scaleMs * shape / ((shape - 1) * (shape - 1) * (shape - 2));
        }

        public double skewness() {
            return shape <= 3 ? Double.POSITIVE_INFINITY : 2 * (1 + shape) / (shape - 3) * Math.sqrt((shape - 2) / shape);
        }

        public String describe() {
            return String.format(Locale.ROOT, "pareto(scale %s, shape %s)", ms(scaleMs), shape);
        }
    }
}
