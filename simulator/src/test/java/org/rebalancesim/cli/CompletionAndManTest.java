package org.rebalancesim.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Shell completion and the manual page, both written from the commands' own definitions: every command and
 * option is in them, the completion script is valid bash that completes a command, and the page uses only
 * man(7) requests, with no text line that roff would read as one.
 */
class CompletionAndManTest extends CommandLineTest {

    private static final List<String> COMMANDS = List.of("run", "compare", "explain", "sweep", "validate", "check",
            "calibrate", "import", "completion", "man");
    private static final Set<String> REQUESTS = Set.of(".TH", ".SH", ".SS", ".nf", ".fi");

    @Test
    void theCompletionScriptIsBashThatCompletesCommandsAndOptions() throws IOException, InterruptedException {
        assertEquals(0, cli("completion"));
        String script = out;
        for (String command : COMMANDS) {
            assertTrue(script.contains(command), command);
        }
        assertTrue(script.contains("--require-baseline") && script.contains("--max-events"), "options");
        assertTrue(script.contains("_rebalance-sim_sweep_merge") && script.contains("--shard"), "sweep merge and --shard");
        Path file = write("completion.bash", script);
        String completed = bash("source " + file + "; COMP_WORDS=(rebalance-sim ch); COMP_CWORD=1; "
                + "_complete_rebalance-sim; echo \"${COMPREPLY[@]}\"");
        assertEquals("check", completed.strip());
    }

    @Test
    void theManualPageHasEveryCommandAndOnlyManRequests() {
        assertEquals(0, cli("man"));
        String page = out;
        assertTrue(page.startsWith(".TH REBALANCE-SIM 1 "), page);
        for (String command : COMMANDS) {
            assertTrue(page.contains("\n.SS " + command + "\n"), command);
        }
        assertTrue(page.contains("--require-baseline"), page);
        assertTrue(page.contains("\n.SS sweep merge\n") && page.contains("--shard=K/N"), "a subcommand and its options");
        for (String line : page.split("\n")) {
            if (line.startsWith(".") || line.startsWith("'")) {
                assertTrue(REQUESTS.contains(line.split(" ")[0]), "not a request roff knows here: " + line);
            }
        }
        assertEquals(0, cli("man"));
        assertEquals(page, out, "the same bytes every time: no date");
    }

    @Test
    void textThatLooksLikeARequestIsEscaped() {
        assertEquals("\\&.not a request\nC:\\epath", ManPage.text(".not a request\nC:\\path"));
    }

    private static String bash(String command) throws IOException, InterruptedException {
        Process process = new ProcessBuilder("bash", "-c", command).redirectErrorStream(true).start();
        String output = new String(process.getInputStream().readAllBytes());
        assertEquals(0, process.waitFor(), output);
        return output;
    }
}
