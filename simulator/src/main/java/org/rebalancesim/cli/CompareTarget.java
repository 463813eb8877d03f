package org.rebalancesim.cli;

import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;

/**
 * One argument of {@code compare}: {@code FILE} (every variant of the file) or {@code FILE@VARIANT}
 * (that variant only); FILE may be a folder, which stands for every scenario file in it. An argument
 * that names an existing file or folder is always whole, so a name may contain '@'; otherwise the text
 * after the last '@' is the variant's name.
 *
 * @param argument the argument as typed
 * @param file     the scenario file as typed (before the '@')
 * @param variant  the variant's name, or null for all of them
 */
record CompareTarget(String argument, String file, String variant) {

    static CompareTarget parse(String argument) {
        int at = argument.lastIndexOf('@');
        if (at < 0 || exists(argument)) {
            return new CompareTarget(argument, argument, null);
        }
        return new CompareTarget(argument, argument.substring(0, at), argument.substring(at + 1));
    }

    boolean wholeFile() {
        return variant == null;
    }

    /** True when the file part names a folder: the argument then stands for each scenario file in it. */
    boolean folder() {
        try {
            return Files.isDirectory(Path.of(file));
        } catch (InvalidPathException e) {
            return false;
        }
    }

    /**
     * The same choice of variant in {@code scenarioFile}, one of the files of this argument's folder; the
     * argument stays as typed, for the messages.
     */
    CompareTarget in(Path scenarioFile) {
        return new CompareTarget(argument, scenarioFile.toString(), variant);
    }

    private static boolean exists(String argument) {
        try {
            return Files.exists(Path.of(argument));
        } catch (InvalidPathException e) {
            return false;
        }
    }
}
