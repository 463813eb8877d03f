package org.rebalancesim.check;

/** A baseline file that exists but cannot be used: bad input (exit 2), with the file and the fix. */
public final class BaselineException extends Exception {

    private static final long serialVersionUID = 1L;

    public BaselineException(String message) {
        super(message);
    }
}
