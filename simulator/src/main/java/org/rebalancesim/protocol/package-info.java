/**
 * The group protocols a pod can speak, one {@link org.rebalancesim.protocol.GroupProtocol} per file: each
 * brings its coordinator and its client to a run, names itself, says which liveness limits are in force and
 * how a real KafkaConsumer is configured for it. {@link org.rebalancesim.protocol.GroupProtocols} picks the
 * one a configuration runs. Depends on scenario, assignor, cluster, coordinator and consumer; run, explain
 * and calibration depend on it.
 */
package org.rebalancesim.protocol;
