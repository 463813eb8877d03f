package org.rebalancesim.scenario;

/** @param latency one-way latency between a consumer and a broker, drawn per message. */
public record NetworkSpec(Distribution latency) {
}
