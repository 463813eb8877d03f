package org.rebalancesim.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

/**
 * The help a user reads: one full sentence per command in the list, paragraphs that picocli wraps
 * (no line broken by hand in mid-sentence), and no warning from picocli about its own format strings.
 */
class HelpTextTest extends CommandLineTest {

    private static Map<String, CommandLine> subcommands() {
        return new CommandLine(new Main()).getSubcommands();
    }

    @Test
    void everyCommandOfTheListIsOneFullSentence() {
        assertEquals(0, cli("--help"));
        List<String> list = out.lines().dropWhile(line -> !line.equals("Commands:")).skip(1).toList();
        assertEquals(subcommands().size(), list.size(), "one line per command, none wrapped: " + out);
        for (String line : list) {
            assertTrue(line.matches("  [a-z]+ +[A-Z].*\\.$"), "a full sentence: " + line);
        }
    }

    /** Picocli's own help command is picocli's text. */
    @Test
    void eachParagraphIsOneStringThatEndsItsSentence() {
        for (Map.Entry<String, CommandLine> command : subcommands().entrySet()) {
            if (command.getValue().getCommand() instanceof CommandLine.HelpCommand) {
                continue;
            }
            CommandSpec spec = command.getValue().getCommandSpec();
            List<String> texts = new ArrayList<>(List.of(spec.usageMessage().header()));
            texts.addAll(List.of(spec.usageMessage().description()));
            for (OptionSpec option : spec.options()) {
                texts.addAll(List.of(option.description()));
            }
            spec.positionalParameters().forEach(parameter -> texts.addAll(List.of(parameter.description())));
            for (String text : texts) {
                assertTrue(text.endsWith("."), command.getKey() + ": a paragraph ends its sentence: " + text);
            }
        }
    }

    @Test
    void noHelpPrintsAWarning() {
        PrintStream systemErr = System.err;
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        System.setErr(new PrintStream(captured, true, StandardCharsets.UTF_8));
        try {
            assertEquals(0, cli("--help"));
            for (String name : subcommands().keySet()) {
                assertEquals(0, cli(name, "--help"));
                assertEquals("", err, name);
                assertFalse(out.contains("%%") || out.contains("%n"), name + ": a format string left as it is: " + out);
            }
        } finally {
            System.setErr(systemErr);
        }
        assertEquals("", captured.toString(StandardCharsets.UTF_8));
    }
}
