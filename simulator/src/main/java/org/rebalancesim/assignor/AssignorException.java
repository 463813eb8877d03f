package org.rebalancesim.assignor;

/**
 * An assignor could not be created, or failed while a group ran it. The message names the assignor
 * and, for a user's class, the fix. {@link #isBadInput()} tells the CLI whose fault it is: a user's
 * class failing is bad input, and so is Kafka's own assignor reaching, on a leader's stale metadata, an
 * outcome the model stops at; Kafka's own assignors failing otherwise means the simulator fed them
 * something Kafka never would, which is a simulator bug.
 */
public final class AssignorException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final boolean usersAssignor;
    private final boolean staleLeaderMetadata;

    public AssignorException(String message, boolean usersAssignor, Throwable cause) {
        this(message, usersAssignor, false, cause);
    }

    private AssignorException(String message, boolean usersAssignor, boolean staleLeaderMetadata, Throwable cause) {
        super(message, cause);
        this.usersAssignor = usersAssignor;
        this.staleLeaderMetadata = staleLeaderMetadata;
    }

    /**
     * Kafka's own assignor gave a classic leader whose metadata is older than the partitions members own an
     * answer Kafka would hand out as it is (the classic coordinator does not check assignments), but which
     * the simulator does not follow: {@code why} says what would happen in Kafka.
     */
    public AssignorException onStaleLeaderMetadata(String why) {
        return new AssignorException(getMessage() + "; " + why, usersAssignor, true, getCause());
    }

    /** True for a class named in the scenario and loaded from --classpath (or the simulator's classpath). */
    public boolean isUsersAssignor() {
        return usersAssignor;
    }

    /**
     * Whether the scenario, not the simulator, has to change: a user's assignor failed, or Kafka's own
     * reached, on a leader's stale metadata, an outcome the simulator does not model.
     */
    public boolean isBadInput() {
        return usersAssignor || staleLeaderMetadata;
    }

    /** The same failure with where it happened in front ("variant b at 12345 ms: ..."). */
    public AssignorException in(String context) {
        return new AssignorException(context + ": " + getMessage(), usersAssignor, staleLeaderMetadata, getCause());
    }
}
