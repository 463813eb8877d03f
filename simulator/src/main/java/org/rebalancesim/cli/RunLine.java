package org.rebalancesim.cli;

import java.util.ArrayList;
import java.util.List;
import org.rebalancesim.run.ScenarioRunner;

/**
 * The {@code run} command that runs a scenario again exactly as it ran, with every option that shaped
 * the run: reports print it, and so does a broken invariant, whichever command found it (a sweep's
 * cell comes back as its {@code --set} values). Options that only choose where output goes or what
 * it looks like are left out.
 *
 * @param file      the scenario file as the user named it
 * @param seed      the seed in force
 * @param variant   the one variant to run, or null for all of them
 * @param sets      each {@code --set KEY=VALUE}, in the order given (later ones win)
 * @param classpath the {@code --classpath} as given, or null
 * @param maxEvents the event budget per variant; only printed when it is not the default
 * @param noChecks  {@code --no-checks}: record conservation is checked once at the end instead of
 *                  at every lag sample, which changes where a broken invariant is caught
 */
record RunLine(String file, long seed, String variant, List<String> sets, String classpath, long maxEvents,
               boolean noChecks) {

    RunLine {
        sets = List.copyOf(sets);
    }

    /** A run with nothing but the file, the seed and perhaps the variant: every other option at its default. */
    static RunLine plain(String file, long seed, String variant) {
        return new RunLine(file, seed, variant, List.of(), null, ScenarioRunner.DEFAULT_MAX_EVENTS, false);
    }

    /** The arguments after the program's name, in a fixed order: the file, the seed, then the options given. */
    List<String> words() {
        List<String> words = new ArrayList<>(List.of("run", file, "--seed", Long.toString(seed)));
        if (variant != null) {
            words.addAll(List.of("--variant", variant));
        }
        for (String set : sets) {
            words.addAll(List.of("--set", set));
        }
        words.addAll(ClasspathOption.words(classpath));
        words.addAll(MaxEventsOption.words(maxEvents));
        if (noChecks) {
            words.add("--no-checks");
        }
        return words;
    }

    /** The command line, quoted for a POSIX shell. */
    String text() {
        return ReproduceCommand.of(words());
    }
}
