package org.rebalancesim.cli;

import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;

/**
 * One argument of {@code compare}: {@code FILE} (every variant of the file) or {@code FILE@VARIANT}
 * (that variant only). An argument that names an existing file is always a whole file, so a file
 * name may contain '@'; otherwise the text after the last '@' is the variant's name.
 *
 * @param argument the argument as typed
 * @param file     the scenario file as typed (before the '@')
 * @param variant  the variant's name, or null for all of them
 */
record CompareTarget(String argument, String file, String variant) {

    static CompareTarget parse(String argument) {
        int at = argument.lastIndexOf('@');
        if (at < 0 || isFile(argument)) {
            return new CompareTarget(argument, argument, null);
        }
        return new CompareTarget(argument, argument.substring(0, at), argument.substring(at + 1));
    }

    boolean wholeFile() {
        return variant == null;
    }

    private static boolean isFile(String argument) {
        try {
            return Files.isRegularFile(Path.of(argument));
        } catch (InvalidPathException e) {
            return false;
        }
    }
}
