package org.rebalancesim.metrics.registry;

import java.util.Arrays;
import java.util.List;

/**
 * Why a partition was down (without an owner that can work on it): the members of the
 * {@link Metric#DOWNTIME_BY_CAUSE} family, in the order reports show them.
 */
public enum DowntimeCause {
    REBALANCE("rebalance", "no member held it while some pod ran: unassigned, or revoked and not yet assigned again"),
    DEAD_OWNER("deadOwner", "its holder's process was dead, and the group had not yet taken it back (revoked, lost"
            + " or the member removed)"),
    PAUSED_OWNER("pausedOwner", "its holder was paused (a GC pause or SIGSTOP)"),
    UNREACHABLE_OWNER("unreachableOwner", "its holder was cut off from the brokers"),
    NO_MEMBERS("noMembers", "no pod of the group ran at all");

    private final String key;
    private final String meaning;

    DowntimeCause(String key, String meaning) {
        this.key = key;
        this.meaning = meaning;
    }

    /** The cause as metric names write it: {@code downtimeByCause.<key>}. */
    public String key() {
        return key;
    }

    public String meaning() {
        return meaning;
    }

    static List<String> keys() {
        return Arrays.stream(values()).map(DowntimeCause::key).toList();
    }
}
