package org.rebalancesim.invariant;

/**
 * A run broke one of its {@link Invariant}s: a bug of the simulator. It names the invariant, the
 * simulated time, the event that broke it and what was wrong; once the run knows them, the scenario
 * file, the variant and the seed. The command line that found it adds the command that reproduces it:
 * only the command line knows every option that shaped the run.
 */
public final class InvariantViolation extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final Invariant invariant;
    private final long timeMs;
    private final long eventNumber;
    private final String event;
    private final String detail;
    private final String scenarioFile;
    private final String variant;
    private final Long seed;

    /**
     * @param eventNumber the engine's count of events run, the breaking one included
     * @param event       the event that broke it, in a few words ("c2 assigned [orders-3]")
     * @param detail      what is wrong ("orders-3 is owned by c1 and c2, both in generation 4")
     */
    public InvariantViolation(Invariant invariant, long timeMs, long eventNumber, String event, String detail) {
        this(invariant, timeMs, eventNumber, event, detail, null, null, null);
    }

    private InvariantViolation(Invariant invariant, long timeMs, long eventNumber, String event, String detail,
                               String scenarioFile, String variant, Long seed) {
        super("invariant " + invariant.id() + " violated at " + timeMs + " ms (event " + eventNumber + ": "
                + event + "): " + detail, null, false, false);
        this.invariant = invariant;
        this.timeMs = timeMs;
        this.eventNumber = eventNumber;
        this.event = event;
        this.detail = detail;
        this.scenarioFile = scenarioFile;
        this.variant = variant;
        this.seed = seed;
    }

    /** The same violation, placed in its run. */
    public InvariantViolation during(String file, String variantName, long runSeed) {
        return new InvariantViolation(invariant, timeMs, eventNumber, event, detail, file, variantName, runSeed);
    }

    public Invariant invariant() {
        return invariant;
    }

    public long timeMs() {
        return timeMs;
    }

    public String event() {
        return event;
    }

    public String detail() {
        return detail;
    }

    public Long seed() {
        return seed;
    }

    public String variant() {
        return variant;
    }

    /** The scenario file as the user named it, or null before the run is known. */
    public String scenarioFile() {
        return scenarioFile;
    }

    /**
     * The full report: the violation, the run, and how to reproduce it (several lines).
     *
     * @param reproduceCommand the command line that runs exactly this run again; unused before the run is known
     */
    public String report(String reproduceCommand) {
        if (scenarioFile == null) {
            return getMessage();
        }
        return getMessage() + System.lineSeparator()
                + "  scenario " + scenarioFile + ", variant " + variant + ", seed " + seed + System.lineSeparator()
                + "  reproduce: " + reproduceCommand;
    }
}
