package org.rebalancesim.scenario;

import org.apache.commons.math3.random.RandomGenerator;

/**
 * A distribution of durations in milliseconds (doubles; callers round). Written in a scenario as
 * {@code {constant: 5ms}}, {@code {exponential: {mean: 2ms}}}, {@code {lognormal: {median: 2ms, p99: 40ms}}},
 * {@code {uniform: {min: 1s, max: 3s}}}, {@code {pareto: {scale: 1ms, shape: 1.5}}} or a bare duration.
 */
public sealed interface Distribution
        permits Distributions.Constant, Distributions.Exponential, Distributions.LogNormal,
        Distributions.Uniform, Distributions.Pareto {

    /** One draw, in ms, never negative. */
    double sample(RandomGenerator random);

    /** One draw rounded to whole ms, for a duration the simulation waits: {@link #sample} rounded, at least 0. */
    default long sampleMs(RandomGenerator random) {
        return Math.max(0, Math.round(sample(random)));
    }

    /**
     * Draws of this distribution with its parameters worked out once, for a loop that draws per record;
     * each draw is the same as {@link #sample}'s.
     */
    default Sampler sampler() {
        return this::sample;
    }

    /** One draw at a time, in ms. */
    @FunctionalInterface
    interface Sampler {
        double sample(RandomGenerator random);
    }

    /** The mean in ms (infinite for a Pareto with shape <= 1). */
    double mean();

    /** The variance in ms squared (infinite where the distribution has none). */
    double variance();

    /** The skewness (third standardised moment; infinite where the distribution has none). */
    double skewness();

    /** How the distribution was written, for reports, e.g. "lognormal(median 2ms, p99 20ms)". */
    String describe();
}
