package org.rebalancesim.cli;

import java.util.List;
import java.util.regex.Pattern;

/** The command line a report prints so that anyone can write it again, quoted for a POSIX shell. */
final class ReproduceCommand {

    static final String SCRIPT = "scripts/rebalance-sim";
    /** Words a shell takes literally; anything else is single-quoted. */
    private static final Pattern PLAIN = Pattern.compile("[A-Za-z0-9._/@=:,+%-]+");

    private ReproduceCommand() {
    }

    /** {@code scripts/rebalance-sim <words...>}, each word quoted when the shell would read it otherwise. */
    static String of(List<String> words) {
        StringBuilder command = new StringBuilder(SCRIPT);
        for (String word : words) {
            command.append(' ').append(quoted(word));
        }
        return command.toString();
    }

    static String quoted(String word) {
        if (PLAIN.matcher(word).matches()) {
            return word;
        }
        return "'" + word.replace("'", "'\\''") + "'";
    }
}
