package org.rebalancesim.scenario;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Pod naming: c1..cN for counted pods, and the rules explicit names must follow. */
final class PodNames {

    private static final Pattern NUMBERED = Pattern.compile("c([1-9][0-9]{0,8})");

    private PodNames() {
    }

    /** c(after+1) .. c(after+count). */
    static List<String> numbered(int after, int count) {
        List<String> names = new ArrayList<>(count);
        for (int i = 1; i <= count; i++) {
            names.add("c" + (after + i));
        }
        return names;
    }

    /** The highest K among names of the form cK, 0 if none: new counted pods continue after it. */
    static int highestNumber(Collection<String> names) {
        int highest = 0;
        for (String name : names) {
            Matcher matcher = NUMBERED.matcher(name);
            if (matcher.matches()) {
                highest = Math.max(highest, Integer.parseInt(matcher.group(1)));
            }
        }
        return highest;
    }

    /** Null if the name is a legal pod name, else why not. */
    static String whyIllegal(String name) {
        if (name.equals(References.ALL)) {
            return "is reserved: consumer: all means every pod";
        }
        return KafkaNames.whyIllegal(name);
    }
}
