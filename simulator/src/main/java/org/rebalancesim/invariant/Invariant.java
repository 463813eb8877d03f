package org.rebalancesim.invariant;

/**
 * The properties every run keeps, checked while it runs (docs/ARCHITECTURE.md, habit 11). Each one, broken, is a bug
 * of the simulator, never of the scenario: the run stops with an {@link InvariantViolation}.
 */
public enum Invariant {

    SINGLE_OWNER("single-owner",
            "no partition is owned by two members of the same generation (classic) or member epoch (consumer "
                    + "protocol); a fenced member of an older one still processing is a zombie, measured as "
                    + "zombieOverlapMs, not a violation"),
    MONOTONIC_EPOCHS("monotonic-epochs",
            "generations and epochs never go back: a group's generation within one coordinator, Stable "
                    + "generations across failovers, a consumer group's group, target and reached epochs, and "
                    + "each member process's completed generation"),
    STABLE_ASSIGNMENT("stable-assignment",
            "when the group is Stable, every partition of a subscribed topic is assigned to exactly one member "
                    + "that subscribes to it (cooperative: or still owned by the member that must hand it "
                    + "over in the follow-up round), and no partition that does not exist is assigned"),
    OWNED_PROCESSING("owned-processing",
            "a member process only fetches and processes records of partitions it was assigned and still owns"),
    RECORD_CONSERVATION("record-conservation",
            "records are conserved: produced = unique processed + lag with lag >= 0 per partition, no record "
                    + "is skipped, and no offset is committed before it was processed"),
    TIMER_OWNER("timer-owner",
            "every timer belongs to a live owner: a timer of a dead process or of a member the coordinator "
                    + "removed is cancelled, never fired");

    private final String id;
    private final String statement;

    Invariant(String id, String statement) {
        this.id = id;
        this.statement = statement;
    }

    /** The short name in messages ("single-owner"). */
    public String id() {
        return id;
    }

    /** What the invariant says, in one sentence. */
    public String statement() {
        return statement;
    }
}
