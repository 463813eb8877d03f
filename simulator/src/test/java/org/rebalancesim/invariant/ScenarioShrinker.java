package org.rebalancesim.invariant;

import java.util.ArrayList;
import java.util.List;
import java.util.function.IntFunction;
import java.util.function.Predicate;

/**
 * Makes a failing generated scenario small while it keeps failing: drops timeline entries and recurring
 * faults, then moves every number (a {@link Knob}, the processing time, an entry's time and amount, a fault's
 * rate and length) towards its minimum, first all the way, then halfway, then by one. Greedy: the first
 * smaller scenario that still fails is kept and the search starts again from it. Every kept step lowers
 * {@link GeneratedScenario#complexity()}, so shrinking never grows the scenario and ends; the number of
 * runs of the predicate is bounded too, since each one is a simulation.
 */
final class ScenarioShrinker {

    /** What a shrink found: the smallest failing scenario, how many steps it kept and how many runs it took. */
    record Shrunk(GeneratedScenario scenario, int steps, int runs) {
    }

    private ScenarioShrinker() {
    }

    /**
     * @param failing a scenario for which {@code fails} holds
     * @param fails   whether a scenario still fails the same way
     * @param maxRuns the most calls of {@code fails}
     */
    static Shrunk shrink(GeneratedScenario failing, Predicate<GeneratedScenario> fails, int maxRuns) {
        GeneratedScenario current = failing;
        int steps = 0;
        int runs = 0;
        boolean improved = true;
        while (improved && runs < maxRuns) {
            improved = false;
            for (GeneratedScenario candidate : candidates(current)) {
                if (runs == maxRuns) {
                    break;
                }
                runs++;
                if (fails.test(candidate)) {
                    current = candidate;
                    steps++;
                    improved = true;
                    break;
                }
            }
        }
        return new Shrunk(current, steps, runs);
    }

    /** The smaller scenarios to try, biggest cuts first; each strictly less complex than {@code scenario}. */
    static List<GeneratedScenario> candidates(GeneratedScenario scenario) {
        List<GeneratedScenario> candidates = new ArrayList<>();
        candidates.add(scenario.withOperations(List.of()).withFaults(List.of()));
        candidates.add(scenario.withOperations(List.of()));
        candidates.add(scenario.withFaults(List.of()));
        for (int i = 0; i < scenario.operations().size(); i++) {
            candidates.add(scenario.withOperations(without(scenario.operations(), i)));
        }
        for (int i = 0; i < scenario.faults().size(); i++) {
            candidates.add(scenario.withFaults(without(scenario.faults(), i)));
        }
        for (Knob knob : Knob.values()) {
            addTowards(candidates, scenario.knob(knob), knob.min(), value -> scenario.with(knob, value));
        }
        addTowards(candidates, scenario.processing().ms(), scenario.processing().shape().minMs, scenario::withProcessingMs);
        addEntryCandidates(candidates, scenario);
        addFaultCandidates(candidates, scenario);
        long complexity = scenario.complexity();
        return candidates.stream().filter(candidate -> candidate.complexity() < complexity).distinct().toList();
    }

    private static void addEntryCandidates(List<GeneratedScenario> candidates, GeneratedScenario scenario) {
        List<TimelineEntry> operations = scenario.operations();
        for (int i = 0; i < operations.size(); i++) {
            TimelineEntry entry = operations.get(i);
            int index = i;
            addTowards(candidates, entry.atSeconds(), 1,
                    at -> scenario.withOperations(replaced(operations, index, entry.withAtSeconds(at))));
            addTowards(candidates, entry.amount(), entry.kind().minAmount(),
                    amount -> scenario.withOperations(replaced(operations, index, entry.withAmount(amount))));
        }
    }

    private static void addFaultCandidates(List<GeneratedScenario> candidates, GeneratedScenario scenario) {
        List<RecurringFault> faults = scenario.faults();
        for (int i = 0; i < faults.size(); i++) {
            RecurringFault fault = faults.get(i);
            int index = i;
            addTowards(candidates, fault.meanEverySeconds(), RecurringFault.MIN_EVERY_SECONDS,
                    every -> scenario.withFaults(replaced(faults, index, fault.withMeanEverySeconds(every))));
            addTowards(candidates, fault.maxLengthSeconds(), RecurringFault.MIN_LENGTH_SECONDS,
                    length -> scenario.withFaults(replaced(faults, index, fault.withMaxLengthSeconds(length))));
        }
    }

    /** The value at its minimum, halfway there, and one step down, when those differ from it. */
    private static void addTowards(List<GeneratedScenario> candidates, int value, int min,
                                   IntFunction<GeneratedScenario> withValue) {
        if (value <= min) {
            return;
        }
        candidates.add(withValue.apply(min));
        int halfway = min + (value - min) / 2;
        if (halfway > min) {
            candidates.add(withValue.apply(halfway));
        }
        if (value - 1 > halfway) {
            candidates.add(withValue.apply(value - 1));
        }
    }

    private static <T> List<T> without(List<T> list, int index) {
        List<T> shorter = new ArrayList<>(list);
        shorter.remove(index);
        return shorter;
    }

    private static <T> List<T> replaced(List<T> list, int index, T element) {
        List<T> changed = new ArrayList<>(list);
        changed.set(index, element);
        return changed;
    }
}
