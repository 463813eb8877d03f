package org.rebalancesim.cli;

import java.util.List;
import java.util.regex.Pattern;

/**
 * The command lines reports and errors print so that anyone can type them again, quoted for a POSIX
 * shell. The one quoting rule for every line the simulator prints: {@link RunLine} for runs, the
 * comparison's own line for {@code compare}.
 */
final class ReproduceCommand {

    static final String SCRIPT = "scripts/rebalance-sim";
    /** Words a POSIX shell takes literally anywhere but as the first word; anything else is single-quoted. */
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

    /**
     * The word as a shell reads it back: as it is when plain, else in single quotes, inside which
     * nothing is special but the quote itself, written as {@code '\''} (close, an escaped quote, reopen).
     */
    static String quoted(String word) {
        if (PLAIN.matcher(word).matches()) {
            return word;
        }
        return "'" + word.replace("'", "'\\''") + "'";
    }
}
