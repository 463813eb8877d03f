package org.rebalancesim.scenario;

/**
 * What a slow record's slowness belongs to (the {@code slowness} key of {@code slowRecord}).
 */
public enum Slowness {
    /** The record itself (a heavy or poison record): whoever processes it again is slowed too. */
    RECORD("record"),
    /** That one processing attempt (a slow downstream): once it ends or is abandoned, the record is normal. */
    ATTEMPT("attempt");

    private final String key;

    Slowness(String key) {
        this.key = key;
    }

    /** The value as a scenario writes it. */
    public String key() {
        return key;
    }
}
