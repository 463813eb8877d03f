package org.rebalancesim.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;

/** What every test of the command line needs: a folder of its own, and the CLI run as a user runs it. */
abstract class CommandLineTest {

    @TempDir
    Path dir;

    /** What the last {@link #cli} call printed on stdout and stderr. */
    String out;
    String err;

    /** Runs the command line and returns its exit code. */
    int cli(String... args) {
        StringWriter outText = new StringWriter();
        StringWriter errText = new StringWriter();
        int code = Main.execute(new PrintWriter(outText, true), new PrintWriter(errText, true), args);
        out = outText.toString();
        err = errText.toString();
        return code;
    }

    /** Writes {@code yaml} to {@code name} under the test's folder (creating folders) and returns its path. */
    Path write(String name, String yaml) throws IOException {
        Path file = dir.resolve(name);
        Files.createDirectories(file.getParent());
        return Files.writeString(file, yaml);
    }
}
