package org.rebalancesim.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.InvalidPathException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.rebalancesim.report.ReportFiles;

/** Writes a rendered report directory for run and compare, and says what went wrong when it cannot. */
final class ReportOutput {

    private ReportOutput() {
    }

    /** The paths written in order, or null when writing failed (the reason printed to {@code err}). */
    static List<Path> write(Path dir, Map<String, byte[]> files, Path out, PrintWriter err) {
        try {
            return ReportFiles.write(dir, files);
        } catch (IOException | InvalidPathException e) {
            err.println("rebalance-sim: cannot write the results under " + out + " (" + reason(e)
                    + "); choose another directory with --out");
            err.flush();
            return null;
        }
    }

    /** What went wrong in words: Java's file exceptions often carry only the path in their message. */
    private static String reason(Exception e) {
        if (e instanceof AccessDeniedException denied) {
            return denied.getFile() + ": permission denied";
        }
        if (e instanceof NoSuchFileException missing) {
            return missing.getFile() + ": no such file or directory";
        }
        if (e instanceof FileAlreadyExistsException exists) {
            return exists.getFile() + ": already exists and is not a directory";
        }
        return e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
    }

    static void printPaths(List<Path> written, PrintWriter stdout) {
        written.forEach(path -> stdout.println("wrote " + path));
    }
}
