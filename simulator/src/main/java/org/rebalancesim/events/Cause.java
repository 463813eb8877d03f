package org.rebalancesim.events;

/**
 * Why a group changed state or epoch: the trigger, the member whose request or timeout it was (null
 * when none), and the few words the run's story shows ("member c2-… joined").
 */
public record Cause(RebalanceTrigger trigger, String memberId, String text) {

    /** A change that is no rebalance trigger: the join completed, the assignment was stored, ... */
    public static Cause progress(String text) {
        return new Cause(RebalanceTrigger.NONE, null, text);
    }

    public static Cause of(RebalanceTrigger trigger, String memberId, String text) {
        return new Cause(trigger, memberId, text);
    }

    @Override
    public String toString() {
        return text;
    }
}
