package org.rebalancesim.sweep;

import java.util.ArrayList;
import java.util.List;

/** The cross product of the swept values, in the order a person reads a nested loop. */
public final class SweepGrid {

    private SweepGrid() {
    }

    /**
     * Every combination of one index per parameter; the first parameter varies slowest, the last
     * fastest. No parameters give one empty combination (the file as it is).
     *
     * @param sizes how many values each parameter has, in --set order
     */
    public static List<List<Integer>> combinations(List<Integer> sizes) {
        List<List<Integer>> combinations = new ArrayList<>();
        combinations.add(List.of());
        for (int size : sizes) {
            List<List<Integer>> longer = new ArrayList<>();
            for (List<Integer> prefix : combinations) {
                for (int value = 0; value < size; value++) {
                    List<Integer> combination = new ArrayList<>(prefix);
                    combination.add(value);
                    longer.add(List.copyOf(combination));
                }
            }
            combinations = longer;
        }
        return combinations;
    }
}
