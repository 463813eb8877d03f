package org.rebalancesim.cli;

import java.util.List;
import org.rebalancesim.run.ScenarioRunner;
import picocli.CommandLine.Option;

/** {@code --max-events N}, shared by the commands that run scenarios: the event budget of each variant's run. */
final class MaxEventsOption {

    @Option(names = "--max-events", paramLabel = "N",
            description = "Event budget per variant run (default ${DEFAULT-VALUE}): a scenario estimated to need "
                    + "more is refused before it runs, and a run stops there.")
    long maxEvents = ScenarioRunner.DEFAULT_MAX_EVENTS;

    /** The option as a command line writes it: nothing when it is the default, which needs no saying. */
    static List<String> words(long maxEvents) {
        return maxEvents == ScenarioRunner.DEFAULT_MAX_EVENTS ? List.of()
                : List.of("--max-events", Long.toString(maxEvents));
    }
}
