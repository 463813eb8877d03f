package org.rebalancesim.invariant;

import java.util.stream.IntStream;

/**
 * Which generated scenarios a run of {@link GeneratedScenariosTest} makes: case {@code i} is the scenario of
 * {@link ScenarioGenerator#caseSeed}(root seed, i), so one number reproduces a whole run and two numbers one
 * case. Read from {@code -Dfuzz.seed} (the root seed, {@value #DEFAULT_ROOT_SEED} unless given, so the
 * default build is the same every time and is the start of the long run), {@code -Dfuzz.cases} (how many,
 * {@value #DEFAULT_CASES} unless given; {@code -Pfuzz} asks for 10,000) and {@code -Dfuzz.case} (only that
 * case, to reproduce it).
 *
 * @param onlyCase the one case to run, or -1 for cases 0 to {@code cases - 1}
 */
record FuzzRun(long rootSeed, int cases, int onlyCase) {

    static final long DEFAULT_ROOT_SEED = 13;
    static final int DEFAULT_CASES = 120;

    static FuzzRun fromSystemProperties() {
        return new FuzzRun(Long.getLong("fuzz.seed", DEFAULT_ROOT_SEED), Integer.getInteger("fuzz.cases", DEFAULT_CASES),
                Integer.getInteger("fuzz.case", -1));
    }

    IntStream caseIndexes() {
        return onlyCase >= 0 ? IntStream.of(onlyCase) : IntStream.range(0, cases);
    }

    String banner() {
        String which = onlyCase >= 0 ? "case " + onlyCase : cases + " cases";
        return "generated scenarios: root seed " + rootSeed + ", " + which + " (-Dfuzz.seed=" + rootSeed
                + " runs them again)";
    }

    /** The command that runs case {@code index} alone, as it ran here. */
    String reproduceCommand(int index) {
        return "mvn -B -pl simulator test -Dtest=GeneratedScenariosTest -Dfuzz.seed=" + rootSeed + " -Dfuzz.case=" + index;
    }
}
