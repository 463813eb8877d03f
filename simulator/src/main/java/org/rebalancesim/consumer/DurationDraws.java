package org.rebalancesim.consumer;

import org.apache.commons.math3.random.RandomGenerator;
import org.rebalancesim.engine.Rng;
import org.rebalancesim.scenario.Distribution;
import org.rebalancesim.scenario.Distributions;

/**
 * Successive draws of one duration of one pod (its JVM starts, its exits), each from the pod's own
 * stream {@code "<purpose>:<pod>"}, so another pod's draws never shift its own. A constant needs no
 * stream and gets none.
 */
final class DurationDraws {

    private final Distribution distribution;
    private final long seed;
    private final String stream;
    private RandomGenerator random;

    DurationDraws(Distribution distribution, long seed, String purpose, String pod) {
        this.distribution = distribution;
        this.seed = seed;
        this.stream = purpose + ":" + pod;
    }

    /** Whether every draw is the same (a constant draws nothing from a stream). */
    boolean isConstant() {
        return distribution instanceof Distributions.Constant;
    }

    /** The next draw, in whole milliseconds. */
    long nextMs() {
        if (distribution instanceof Distributions.Constant constant) {
            return Math.round(constant.valueMs());
        }
        if (random == null) {
            random = Rng.stream(seed, stream);
        }
        return distribution.sampleMs(random);
    }
}
