package org.rebalancesim.calibration;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.rebalancesim.metrics.Spread;

/**
 * Whether two groups' medians differ by more than chance explains: the two-sided permutation test of
 * the difference of medians. If the simulated seeds and the measured runs were draws from one
 * distribution, every way of dealing the pooled values into a group of the seeds' size and one of the
 * runs' size would be as likely as the observed one; the p-value is the share of those deals whose
 * medians are at least as far apart as the observed medians. It needs no assumption about the shape of
 * the distribution, which matters here: a rebalance's time is often a heartbeat phase (about uniform
 * over an interval) plus a tail.
 *
 * <p>Exact (every deal counted) up to {@link #EXACT_UP_TO} deals, e.g. 20 seeds with 5 runs (53,130);
 * beyond that a fixed number of deals drawn from a fixed seed, so the same values give the same p-value
 * everywhere.
 */
final class MedianPermutation {

    static final long EXACT_UP_TO = 200_000;
    static final int SAMPLED_DEALS = 100_000;
    private static final long SAMPLING_SEED = 20_261_202L;
    /** Medians computed from the same values in another order may differ in the last bits. */
    private static final double SAME = 1e-9;

    private MedianPermutation() {
    }

    /** The p-value of |median(first) - median(second)|, both groups non-empty. */
    static double pValue(double[] first, double[] second) {
        if (first.length == 0 || second.length == 0) {
            throw new IllegalArgumentException("both groups need a value");
        }
        double[] pooled = new double[first.length + second.length];
        System.arraycopy(first, 0, pooled, 0, first.length);
        System.arraycopy(second, 0, pooled, first.length, second.length);
        Arrays.sort(pooled);
        double observed = Math.abs(median(first) - median(second)) - SAME;
        int dealt = Math.min(first.length, second.length);
        return deals(pooled.length, dealt) <= EXACT_UP_TO
                ? exact(pooled, dealt, observed)
                : sampled(pooled, dealt, observed);
    }

    private static double exact(double[] pooled, int dealt, double observed) {
        int[] chosen = new int[dealt];
        for (int i = 0; i < dealt; i++) {
            chosen[i] = i;
        }
        long atLeast = 0;
        long all = 0;
        boolean[] in = new boolean[pooled.length];
        Deal deal = new Deal(pooled, dealt);
        do {
            Arrays.fill(in, false);
            for (int index : chosen) {
                in[index] = true;
            }
            all++;
            if (deal.distance(in) >= observed) {
                atLeast++;
            }
        } while (nextCombination(chosen, pooled.length));
        return (double) atLeast / all;
    }

    /** Monte Carlo over random deals; the observed deal counts as one of them (p is never 0). */
    private static double sampled(double[] pooled, int dealt, double observed) {
        SplittableRandom random = new SplittableRandom(SAMPLING_SEED);
        int[] order = new int[pooled.length];
        boolean[] in = new boolean[pooled.length];
        Deal deal = new Deal(pooled, dealt);
        long atLeast = 0;
        for (int draw = 0; draw < SAMPLED_DEALS; draw++) {
            for (int i = 0; i < order.length; i++) {
                order[i] = i;
            }
            Arrays.fill(in, false);
            for (int i = 0; i < dealt; i++) {
                int pick = i + random.nextInt(order.length - i);
                int swap = order[i];
                order[i] = order[pick];
                order[pick] = swap;
                in[order[i]] = true;
            }
            if (deal.distance(in) >= observed) {
                atLeast++;
            }
        }
        return (atLeast + 1.0) / (SAMPLED_DEALS + 1.0);
    }

    /** The pooled values, sorted, and room to split them: a deal is counted without allocating. */
    private static final class Deal {
        private final double[] pooled;
        private final double[] inside;
        private final double[] outside;

        Deal(double[] pooled, int dealt) {
            this.pooled = pooled;
            this.inside = new double[dealt];
            this.outside = new double[pooled.length - dealt];
        }

        /** |median of the values marked in - median of the others|; both stay sorted as pooled is. */
        double distance(boolean[] in) {
            int i = 0;
            int o = 0;
            for (int index = 0; index < pooled.length; index++) {
                if (in[index]) {
                    inside[i++] = pooled[index];
                } else {
                    outside[o++] = pooled[index];
                }
            }
            return Math.abs(sortedMedian(inside) - sortedMedian(outside));
        }
    }

    /** The median as {@link Spread} computes it (the middle value, or the mean of the two middle ones). */
    private static double median(double[] values) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        return sortedMedian(sorted);
    }

    private static double sortedMedian(double[] sorted) {
        int middle = sorted.length / 2;
        return sorted.length % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
    }

    /** The next k-subset of 0..n-1 in lexicographic order; false after the last. */
    private static boolean nextCombination(int[] chosen, int n) {
        int k = chosen.length;
        int i = k - 1;
        while (i >= 0 && chosen[i] == n - k + i) {
            i--;
        }
        if (i < 0) {
            return false;
        }
        chosen[i]++;
        for (int j = i + 1; j < k; j++) {
            chosen[j] = chosen[j - 1] + 1;
        }
        return true;
    }

    /** n choose k, saturating above {@link #EXACT_UP_TO} (only whether it is small matters). */
    static long deals(int n, int k) {
        long result = 1;
        for (int i = 1; i <= k; i++) {
            result = result * (n - k + i) / i;
            if (result > EXACT_UP_TO) {
                return Long.MAX_VALUE;
            }
        }
        return result;
    }
}
