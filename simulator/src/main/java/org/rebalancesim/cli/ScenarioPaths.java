package org.rebalancesim.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * Expands command-line paths into scenario files: files as given, folders searched for *.yaml and *.yml.
 * The one way every command that takes scenario files (run, compare, explain, validate, check) reads a folder.
 */
final class ScenarioPaths {

    private ScenarioPaths() {
    }

    /** The files in a stable order (each folder's files sorted), or null after printing what was wrong. */
    static List<Path> expand(List<Path> paths, PrintWriter err) {
        List<Path> files = new ArrayList<>();
        boolean ok = true;
        for (Path path : paths) {
            if (Files.isDirectory(path)) {
                List<Path> found = scenariosUnder(path, err);
                if (found == null) {
                    ok = false;
                } else if (found.isEmpty()) {
                    err.println(path + ": no scenario files (*.yaml, *.yml) in this folder or below; name a folder "
                            + "that holds some, or the files themselves");
                    ok = false;
                }
                files.addAll(found == null ? List.of() : found);
            } else {
                files.add(path); // the loader reports a missing or unreadable file with its name
            }
        }
        err.flush();
        return ok ? files : null;
    }

    /**
     * Every *.yaml and *.yml below {@code dir}, sorted, except hidden ones and those in hidden folders
     * (.github/workflows/*.yml, an editor's .#backup.yaml): those are never scenarios.
     */
    private static List<Path> scenariosUnder(Path dir, PrintWriter err) {
        try (Stream<Path> walk = Files.walk(dir)) {
            return walk.filter(Files::isRegularFile)
                    .filter(p -> p.getFileName().toString().matches(".*\\.(yaml|yml)"))
                    .filter(p -> !hidden(dir.relativize(p)))
                    .sorted()
                    .toList();
        } catch (IOException | RuntimeException e) {
            err.println(dir + ": cannot read this folder (" + e.getMessage() + ")");
            return null;
        }
    }

    private static boolean hidden(Path relative) {
        for (Path name : relative) {
            if (name.toString().startsWith(".")) {
                return true;
            }
        }
        return false;
    }
}
