package org.rebalancesim.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import org.rebalancesim.scenario.Problem;
import org.rebalancesim.scenario.Scenario;
import org.rebalancesim.scenario.ScenarioException;
import org.rebalancesim.scenario.ScenarioLoader;

/** Loads every file first and reports every problem of every file, so nothing runs on bad input. */
final class ScenarioFiles {

    /** A file with thousands of mistakes (a generated one, say) prints the first ones and a count. */
    static final int MAX_PROBLEMS_SHOWN = 50;

    private ScenarioFiles() {
    }

    /** The loaded scenarios, or null when any file had a problem (all printed to {@code err}). */
    static List<Scenario> loadAll(List<Path> files, PrintWriter err) {
        List<Scenario> scenarios = new ArrayList<>();
        boolean ok = true;
        for (Path file : files) {
            try {
                scenarios.add(ScenarioLoader.load(file));
            } catch (ScenarioException e) {
                ok = false;
                List<Problem> problems = e.problems();
                problems.stream().limit(MAX_PROBLEMS_SHOWN).forEach(err::println);
                if (problems.size() > MAX_PROBLEMS_SHOWN) {
                    err.println(file + ": and " + (problems.size() - MAX_PROBLEMS_SHOWN) + " more problems");
                }
            }
        }
        err.flush();
        return ok ? scenarios : null;
    }

    /**
     * Reports and baselines go to a folder or file named after the scenario, so two files with one name: (a
     * copy in another folder, say) would overwrite each other's; false after naming every such file.
     */
    static boolean uniqueNames(List<Scenario> scenarios, PrintWriter err) {
        Map<String, String> seen = new HashMap<>();
        boolean ok = true;
        for (Scenario scenario : scenarios) {
            String other = seen.putIfAbsent(scenario.name(), scenario.sourceFile());
            if (other != null) {
                err.println(scenario.sourceFile() + ": name: " + scenario.name() + " is also the name of " + other
                        + "; give each scenario its own name: (baselines and reports are named after it)");
                ok = false;
            }
        }
        err.flush();
        return ok;
    }

    /**
     * The text of each scenario's file, for the reports' source section; read right after loading and
     * checked against the loaded file's SHA-256, so the text shown is the text that ran. Null when a
     * file cannot be read again or has changed (printed to {@code err}).
     */
    static List<String> sourceTexts(List<Scenario> scenarios, PrintWriter err) {
        List<String> texts = new ArrayList<>();
        for (Scenario scenario : scenarios) {
            try {
                byte[] bytes = Files.readAllBytes(Path.of(scenario.sourceFile()));
                if (!HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes))
                        .equals(scenario.sha256())) {
                    err.println(scenario.sourceFile() + ": the file changed while it was being read; run again");
                    return null;
                }
                String text = new String(bytes, StandardCharsets.UTF_8);
                texts.add(text.startsWith("\uFEFF") ? text.substring(1) : text);
            } catch (IOException e) {
                err.println(scenario.sourceFile() + ": cannot read the file again for the report: " + e.getMessage());
                return null;
            } catch (NoSuchAlgorithmException e) {
                throw new IllegalStateException("every Java runtime has SHA-256", e);
            }
        }
        return texts;
    }
}
