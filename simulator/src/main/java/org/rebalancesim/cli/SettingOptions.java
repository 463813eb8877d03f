package org.rebalancesim.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.rebalancesim.scenario.Problem;
import org.rebalancesim.scenario.Scenario;
import org.rebalancesim.scenario.ScenarioException;
import org.rebalancesim.scenario.ScenarioTemplate;
import org.rebalancesim.scenario.Setting;
import org.rebalancesim.sweep.SetOption;

/**
 * {@code run --set KEY=VALUE}: one setting written into the file before it is validated, as one cell
 * of a sweep, so that any run of a sweep can be run alone. Keys and values as for {@code sweep}.
 */
final class SettingOptions {

    private SettingOptions() {
    }

    /** The scenarios with the settings applied, or null after printing every problem. */
    static List<Scenario> loadAll(List<Path> files, List<String> sets, PrintWriter err) {
        List<Scenario> scenarios = new ArrayList<>();
        boolean ok = true;
        for (Path file : files) {
            try {
                ScenarioTemplate template = ScenarioTemplate.read(file);
                List<Setting> settings = new ArrayList<>();
                for (String set : sets) {
                    SetOption option = SetOption.parse(set);
                    if (option.values().size() != 1) {
                        throw new IllegalArgumentException("--set " + set + ": run takes one value per key; "
                                + "sweep takes several");
                    }
                    settings.add(template.setting(template.resolve(option.key()), option.values().get(0)));
                }
                scenarios.add(template.with(settings));
            } catch (IllegalArgumentException e) {
                err.println(file + ": " + e.getMessage());
                ok = false;
            } catch (ScenarioException e) {
                e.problems().stream().map(Problem::toString).forEach(err::println);
                ok = false;
            }
        }
        err.flush();
        return ok ? scenarios : null;
    }
}
