/**
 * {@code calibrate}: replays a scenario on a real Kafka broker with real {@code KafkaConsumer}s in
 * child JVMs ({@link org.rebalancesim.calibration.ConsumerWorker}), or real Kafka Streams instances
 * ({@link org.rebalancesim.calibration.StreamsWorker}) for a scenario of {@code app: streams}, logs
 * what they do, computes the same metrics from that log through the simulator's own recorder, and
 * compares simulated against measured (README, "How close is the simulator to Kafka").
 * Real processes and the wall clock are allowed here, never in the model.
 *
 * <p>May depend on the model's packages (to replay the measured events), {@code run}, {@code metrics},
 * {@code report} and {@code report.chart}. Nothing in the model, {@code run} or the other commands
 * depends on it.
 */
package org.rebalancesim.calibration;
