package org.rebalancesim.explain;

import java.util.List;
import java.util.Map;

/** Small pieces of English shared by the explanation's sentences. */
final class Words {

    /** Above this many pods a sentence gives their number instead of their names. */
    static final int MAX_NAMED_PODS = 6;

    private Words() {
    }

    /** A pod's name, or "a member" when the run could not tell which pod a member id belonged to. */
    static String who(String pod) {
        return pod == null ? "a member" : pod;
    }

    static String pods(List<String> pods) {
        return pods.size() > MAX_NAMED_PODS ? pods.size() + " members" : String.join(", ", pods);
    }

    /** "12 s > session.timeout.ms 10 s (by 2 s)", "5 s < session.timeout.ms 10 s", "10 s = ...". */
    static String compared(long ms, long limitMs, String limit) {
        if (ms > limitMs) {
            return TimeText.duration(ms) + " > " + limit + " (by " + TimeText.duration(ms - limitMs) + ")";
        }
        return TimeText.duration(ms) + (ms == limitMs ? " = " : " < ") + limit;
    }

    static String partitions(long n) {
        return TimeText.count(n, "partition", "partitions");
    }

    /**
     * "c1, c2 revoked 6 partitions (3 each)", "c3 lost 2 partitions", "c1, c2 were assigned 5 partitions
     * (c1 3, c2 2)"; empty when nobody did.
     */
    static String partitionCounts(Map<String, Integer> counts, String singularVerb, String pluralVerb) {
        if (counts.isEmpty()) {
            return "";
        }
        List<String> pods = List.copyOf(counts.keySet());
        int total = counts.values().stream().mapToInt(Integer::intValue).sum();
        String sentence = pods(pods) + " " + (pods.size() == 1 ? singularVerb : pluralVerb) + " " + partitions(total);
        if (pods.size() == 1) {
            return sentence;
        }
        int min = counts.values().stream().mapToInt(Integer::intValue).min().orElse(0);
        int max = counts.values().stream().mapToInt(Integer::intValue).max().orElse(0);
        if (min == max) {
            return sentence + " (" + min + " each)";
        }
        if (pods.size() > MAX_NAMED_PODS) {
            return sentence + " (" + min + " to " + max + " each)";
        }
        StringBuilder each = new StringBuilder();
        counts.forEach((pod, n) -> each.append(each.length() == 0 ? "" : ", ").append(pod).append(' ').append(n));
        return sentence + " (" + each + ")";
    }
}
