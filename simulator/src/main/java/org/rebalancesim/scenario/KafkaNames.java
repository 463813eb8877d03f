package org.rebalancesim.scenario;

import java.util.regex.Pattern;

/**
 * Kafka's rule for topic names and group instance ids (Topic.validate, JoinGroupRequest
 * .validateGroupInstanceId): ASCII letters, digits, '.', '_' and '-', at most 249 characters.
 * Pod names follow it too because each pod's instance id is "&lt;group.instance.id&gt;-&lt;pod&gt;".
 */
final class KafkaNames {

    static final int MAX_LENGTH = 249;
    private static final Pattern LEGAL = Pattern.compile("[a-zA-Z0-9._-]+");

    private KafkaNames() {
    }

    /** Null if the name is legal, else why not. */
    static String whyIllegal(String name) {
        if (name.length() > MAX_LENGTH) {
            return "is " + name.length() + " characters long; Kafka allows at most " + MAX_LENGTH;
        }
        if (!LEGAL.matcher(name).matches()) {
            return "contains characters Kafka does not allow; use only letters, digits, '.', '_' and '-'";
        }
        if (name.equals(".") || name.equals("..")) {
            return "cannot be '.' or '..' in Kafka";
        }
        return null;
    }
}
