package org.rebalancesim.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A folder where a scenario file is expected: run, compare, explain and validate read it as check does,
 * every *.yaml and *.yml in it and below in name order, hidden files and folders left out, and each command
 * then does what it does with those files named one by one.
 */
class FolderArgumentsTest extends CommandLineTest {

    /** CliTest's scenario under another name: c2 crashes at 90 s; variant a has a 10 s session, b 45 s. */
    private static String scenario(String name) {
        return CliTest.SMALL.replace("name: small", "name: " + name);
    }

    /** Three scenarios, one a level down and one .yml, written out of name order; a CI file in a hidden folder. */
    private Path library() throws IOException {
        write("lib/b-second.yaml", scenario("second"));
        write("lib/deeper/c-third.yml", scenario("third"));
        write("lib/a-first.yaml", scenario("first"));
        write("lib/.github/workflows/ci.yml", "on: push\njobs: {}\n");
        write("lib/notes.txt", "not a scenario, not YAML");
        return dir.resolve("lib");
    }

    private Path first() {
        return dir.resolve("lib/a-first.yaml");
    }

    private Path second() {
        return dir.resolve("lib/b-second.yaml");
    }

    private Path third() {
        return dir.resolve("lib/deeper/c-third.yml");
    }

    @Test
    void validateTakesEveryScenarioFileOfTheFolderInNameOrder() throws IOException {
        Path lib = library();
        assertEquals(0, cli("validate", lib.toString()), err);
        assertEquals(List.of("ok: " + first() + " (2 variants)", "ok: " + second() + " (2 variants)",
                "ok: " + third() + " (2 variants)"), out.lines().toList());
    }

    @Test
    void runWritesEachScenarioOfTheFolderAsIfItWereNamed() throws IOException {
        Path lib = library();
        Path reports = dir.resolve("reports");
        assertEquals(0, cli("run", lib.toString(), "--variant", "a", "--out", reports.toString(), "--format", "json"),
                err);
        String fromFolder = out;
        for (String name : List.of("first", "second", "third")) {
            assertTrue(Files.isRegularFile(reports.resolve(name).resolve("result.json")), name);
        }
        assertEquals(0, cli("run", first().toString(), second().toString(), third().toString(), "--variant", "a",
                "--out", dir.resolve("named").toString(), "--format", "json"), err);
        assertEquals(out, fromFolder, "the folder is its files in name order");
    }

    @Test
    void explainTellsEachScenarioUnderItsFileAndWritesEachAsAlone() throws IOException {
        Path lib = library();
        Path reports = dir.resolve("reports");
        List<String> alone = List.of(explainedAlone(first()), explainedAlone(second()), explainedAlone(third()));
        assertTrue(alone.get(0).startsWith("first (seed 3)\n"), alone.get(0));

        assertEquals(0, cli("explain", lib.toString(), "--variant", "a", "--out", reports.toString()), err);
        String expected = "==> " + first() + " <==\n" + alone.get(0) + "wrote " + explainTxt(reports, "first") + "\n"
                + "\n==> " + second() + " <==\n" + alone.get(1) + "wrote " + explainTxt(reports, "second") + "\n"
                + "\n==> " + third() + " <==\n" + alone.get(2) + "wrote " + explainTxt(reports, "third") + "\n";
        assertEquals(expected, out);
        assertEquals(alone.get(1), Files.readString(explainTxt(reports, "second")), "the file a single run writes");
    }

    private String explainedAlone(Path file) {
        assertEquals(0, cli("explain", file.toString(), "--variant", "a"), err);
        return out;
    }

    private static Path explainTxt(Path reports, String scenario) {
        return reports.resolve(scenario).resolve("explain.txt");
    }

    @Test
    void compareMakesAColumnOfEachFileOfTheFolder() throws IOException {
        Path lib = library();
        Path reports = dir.resolve("reports");
        assertEquals(0, cli("compare", lib + "@a", "--out", reports.toString()), err);
        assertTrue(out.contains("compare: first/a vs second/a vs third/a"), out);
        assertTrue(Files.isDirectory(reports.resolve("compare-first@a-vs-second@a-vs-third@a")), out);

        assertEquals(2, cli("compare", lib + "@c", "--out", reports.toString()));
        assertTrue(err.contains(first() + ": " + lib + "@c: no variant named 'c'; the file has a, b"), err);
    }

    @Test
    void aFolderWithoutScenariosIsBadInputForEveryCommand() throws IOException {
        Path empty = Files.createDirectories(dir.resolve("empty"));
        write("empty/.hidden.yaml", scenario("hidden"));
        for (String command : List.of("run", "compare", "explain", "validate", "check")) {
            assertEquals(2, cli(command, empty.toString()), command);
            assertEquals(empty + ": no scenario files (*.yaml, *.yml) in this folder or below; name a folder that "
                    + "holds some, or the files themselves\n", err, command);
        }
    }

    /** A YAML file in the folder that is no scenario (a Kubernetes manifest) is reported like any bad file. */
    @Test
    void aFileOfTheFolderThatIsNoScenarioStopsEveryCommandBeforeAnythingRuns() throws IOException {
        Path lib = library();
        Path manifest = write("lib/deployment.yaml", "apiVersion: apps/v1\nkind: Deployment\n");
        Path reports = dir.resolve("reports");
        String[][] commands = {{"run", lib.toString(), "--out", reports.toString()},
            {"compare", lib.toString(), "--out", reports.toString()},
            {"explain", lib.toString(), "--out", reports.toString()}, {"validate", lib.toString()}};
        for (String[] command : commands) {
            assertEquals(2, cli(command), command[0]);
            assertTrue(err.contains(manifest + ": apiVersion: unknown key 'apiVersion'"), command[0] + ": " + err);
            assertFalse(err.contains("Exception") || err.contains("\tat "), err);
            assertFalse(Files.exists(reports), command[0] + " ran: " + out);
        }
    }

    /** Reports are written to DIR/<scenario name>/, so a copy of a file in the folder would overwrite them. */
    @Test
    void twoFilesWithOneScenarioNameAreRefusedWhereTheirReportsWouldCollide() throws IOException {
        Path lib = library();
        Path copy = write("lib/deeper/copy.yaml", scenario("first"));
        Path reports = dir.resolve("reports");
        assertEquals(2, cli("run", lib.toString(), "--out", reports.toString()));
        assertTrue(err.contains(copy + ": name: first is also the name of " + first()), err);
        assertEquals(2, cli("explain", lib.toString(), "--out", reports.toString()));
        assertTrue(err.contains(copy + ": name: first is also the name of " + first()), err);
        assertFalse(Files.exists(reports));
    }
}
