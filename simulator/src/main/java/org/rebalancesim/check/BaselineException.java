package org.rebalancesim.check;

/** A baseline file that exists but cannot be used: bad input (exit 2), with the file and the fix. */
public final class BaselineException extends Exception {

    public BaselineException(String message) {
        super(message);
    }
}
