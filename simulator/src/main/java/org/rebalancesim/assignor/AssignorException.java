package org.rebalancesim.assignor;

/**
 * An assignor could not be created, or failed while a group ran it. The message names the assignor
 * and, for a user's class, the fix. {@link #isUsersAssignor()} tells the CLI whose fault it is: a
 * user's class failing is bad input, while Kafka's own assignors failing means the simulator fed
 * them something Kafka never would, which is a simulator bug.
 */
public final class AssignorException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final boolean usersAssignor;

    public AssignorException(String message, boolean usersAssignor, Throwable cause) {
        super(message, cause);
        this.usersAssignor = usersAssignor;
    }

    /** True for a class named in the scenario and loaded from --classpath (or the simulator's classpath). */
    public boolean isUsersAssignor() {
        return usersAssignor;
    }

    /** The same failure with where it happened in front ("variant b at 12345 ms: ..."). */
    public AssignorException in(String context) {
        return new AssignorException(context + ": " + getMessage(), usersAssignor, getCause());
    }
}
