package org.rebalancesim.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * Every command that runs simulations takes {@code --quiet}, and none writes a progress line when stderr
 * is not a terminal (here a string, as in a pipe or a log): what a script reads stays clean either way.
 */
class QuietOptionTest extends CommandLineTest {

    private Path scenario(String name) throws IOException {
        return write(name + ".yaml", """
                name: %s
                duration: 30s
                group: {id: small}
                topics: [{name: t, partitions: 4, rate: 100/s}]
                consumers: {count: 2}
                """.formatted(name));
    }

    @Test
    void theCommandsThatRunSimulationsWriteNoProgressWithoutATerminal() throws IOException {
        String file = scenario("small").toString();
        String other = scenario("other").toString();
        String out = dir.resolve("out").toString();
        String[][] commands = {
            {"run", file, "--out", out},
            {"run", file, "--seeds", "2", "--out", out, "--quiet"},
            {"compare", file, other, "--out", out, "--quiet"},
            {"explain", file, "--quiet"},
            {"check", file, "--quiet"},
        };
        for (String[] command : commands) {
            assertEquals(0, cli(command), String.join(" ", command) + ": " + err);
            assertEquals("", err, String.join(" ", command));
        }
    }
}
