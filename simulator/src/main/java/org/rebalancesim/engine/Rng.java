package org.rebalancesim.engine;

import java.nio.charset.StandardCharsets;
import java.util.SplittableRandom;
import org.apache.commons.math3.random.RandomGenerator;
import org.apache.commons.math3.random.Well19937c;

/**
 * Random streams. Every entity (a consumer, its network link, a recurring fault) draws from its own
 * stream, derived from the scenario seed and the entity's name only, so adding a consumer does not
 * change what the others draw.
 */
public final class Rng {

    private Rng() {
    }

    /** A commons-math3 generator for {@code entity}, fully determined by (seed, entity). */
    public static RandomGenerator stream(long seed, String entity) {
        return new Well19937c(new SplittableRandom(derivedSeed(seed, entity)).nextLong());
    }

    /** A 64-bit seed mixed from the scenario seed and the entity's UTF-8 name (FNV-1a then SplitMix64). */
    static long derivedSeed(long seed, String entity) {
        long hash = 0xcbf29ce484222325L;
        for (byte b : entity.getBytes(StandardCharsets.UTF_8)) {
            hash ^= b & 0xff;
            hash *= 0x100000001b3L;
        }
        return mix64(seed ^ mix64(hash));
    }

    private static long mix64(long z) {
        z = (z ^ (z >>> 30)) * 0xbf58476d1ce4e5b9L;
        z = (z ^ (z >>> 27)) * 0x94d049bb133111ebL;
        return z ^ (z >>> 31);
    }
}
