package org.rebalancesim.calibration;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.rebalancesim.metrics.ExpectationResult;
import org.rebalancesim.metrics.RunRecorder;
import org.rebalancesim.metrics.Series;
import org.rebalancesim.metrics.VariantResult;
import org.rebalancesim.scenario.Expectation;
import org.rebalancesim.scenario.Variant;

/**
 * The metrics of docs/metrics.md computed from a measured run's events, with the same names, the same
 * measure window and the same recorder code as a simulation ({@link org.rebalancesim.metrics.RunRecorder},
 * {@link org.rebalancesim.workload.ProcessingLedger}). What the clients cannot see (the coordinator's
 * rebalances, evictions, poll timeouts) is inferred: see {@link Completions}, {@link RebalanceSpans}
 * and {@link Departures}. Lag is the last {@code produced} log end offsets of the consumed topics minus
 * the records processed at least once, sampled as the simulator samples it.
 */
public final class MeasuredMetrics {

    private MeasuredMetrics() {
    }

    /**
     * @param variant the variant that was measured (unscaled: the events' times are scenario milliseconds)
     * @param events  the run's events, in any order; events after the variant's duration are ignored
     * @return the measured run as a variant result: metrics in the simulator's order, per-member Kafka
     *         metrics, the variant's expectations checked against the measured values, and the series
     *         for charts (member states, ownership, lag, rebalances, story)
     */
    public static VariantResult compute(Variant variant, List<MeasuredEvent> events) {
        MeasuredLog log = new MeasuredLog(variant, events);
        List<Completions.Completion> completions = Completions.of(log);
        List<Departures.Departure> departures = Departures.of(log, variant, completions);
        List<RebalanceSpans.Span> spans = RebalanceSpans.of(log, completions, departures);
        EventReplay replay = new EventReplay(variant, log);
        RunRecorder.Recorded recorded = replay.run(completions, departures, spans);
        Map<String, Number> metrics = recorded.metrics();
        List<ExpectationResult> expectations = new ArrayList<>();
        for (Expectation expectation : variant.expectations()) {
            Number actual = metrics.get(expectation.metric());
            expectations.add(new ExpectationResult(expectation.metric(), expectation.rule(), actual,
                    actual != null && expectation.holdsFor(actual.doubleValue())));
        }
        Series series = recorded.series(replay.lag);
        return new VariantResult(variant.name(), VariantProtocol.of(variant).label(variant), metrics, recorded.members(),
                expectations, series, log.size());
    }

    /** Just the metrics, by name, in the simulator's order. */
    public static Map<String, Number> of(Variant variant, List<MeasuredEvent> events) {
        return compute(variant, events).metrics();
    }
}
