package org.rebalancesim.scenario;

import java.util.Collection;
import java.util.Locale;
import java.util.Optional;

/** Turns a typo into a hint: the closest known name by edit distance, if it is close enough. */
public final class KeySuggester {

    private KeySuggester() {
    }

    /** "unknown key 'x'; did you mean 'y'?", or the list of known keys when nothing is close. */
    static String unknownKey(String key, Collection<String> known) {
        return "unknown key '" + key + "'; " + hint(key, known, "known keys");
    }

    /** "did you mean 'y'?" or "{listName}: a, b, c". */
    public static String hint(String word, Collection<String> known, String listName) {
        return closest(word, known)
                .map(match -> "did you mean '" + match + "'?")
                .orElse(listName + ": " + listOf(known));
    }

    /**
     * The known word at the smallest edit distance (ignoring case), if that distance is small for
     * the word's length: a third of it, at least 2, but less than the length itself (so "c" does
     * not "resemble" "a"). Ties go to the earlier candidate, so the suggestion is stable.
     */
    public static Optional<String> closest(String word, Collection<String> candidates) {
        String lower = word.toLowerCase(Locale.ROOT);
        int allowed = Math.min(Math.max(2, word.length() / 3), word.length() - 1);
        String best = null;
        int bestDistance = Integer.MAX_VALUE;
        for (String candidate : candidates) {
            int distance = distance(lower, candidate.toLowerCase(Locale.ROOT));
            if (distance < bestDistance) {
                best = candidate;
                bestDistance = distance;
            }
        }
        return bestDistance <= allowed ? Optional.ofNullable(best) : Optional.empty();
    }

    /** Names listed before the rest is cut: every map's keys fit, a 100,000-pod scenario's pods do not. */
    static final int MAX_LISTED = 30;

    /** Comma-separated, cut after {@link #MAX_LISTED} names. */
    static String listOf(Collection<String> names) {
        int shown = 0;
        StringBuilder text = new StringBuilder();
        for (String name : names) {
            if (shown == MAX_LISTED) {
                text.append(", ... (").append(names.size() - shown).append(" more)");
                break;
            }
            text.append(shown == 0 ? "" : ", ").append(name);
            shown++;
        }
        return names.isEmpty() ? "(none)" : text.toString();
    }

    /** Levenshtein distance, two rows. Words here are short (config keys), so this is cheap. */
    static int distance(String a, String b) {
        int[] previous = new int[b.length() + 1];
        int[] current = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) {
            previous[j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            current[0] = i;
            for (int j = 1; j <= b.length(); j++) {
                int substitution = previous[j - 1] + (a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1);
                current[j] = Math.min(substitution, Math.min(previous[j] + 1, current[j - 1] + 1));
            }
            int[] swap = previous;
            previous = current;
            current = swap;
        }
        return previous[b.length()];
    }
}
