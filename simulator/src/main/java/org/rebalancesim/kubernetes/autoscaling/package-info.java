/**
 * The decision logic of two Kubernetes autoscalers, as plain functions of plain values: KEDA's Kafka
 * scaler and ScaledObject loop (kedacore/keda v2.20) and the HorizontalPodAutoscaler controller
 * (kubernetes v1.34). docs/kubernetes.md, "Autoscalers: KEDA's Kafka scaler and the HPA", gives every
 * rule with the function of the real source it comes from.
 *
 * <p>Nothing here schedules anything: the caller passes the simulated time ({@code nowMs}) and the
 * observed state (offsets, replica counts, pod samples) at each KEDA poll and each HPA sync, and
 * applies the replica counts that come back. The only state kept is the state the real controllers
 * keep in memory (KEDA's previous committed offsets and last active time, the HPA's past
 * recommendations and scale events), in lists and sorted maps, so a run is reproducible.
 *
 * <p>Depends on nothing of the project: the scenario parser builds the spec records
 * ({@link org.rebalancesim.kubernetes.autoscaling.ScaledObjectSpec},
 * {@link org.rebalancesim.kubernetes.autoscaling.HpaSpec}) and the run wires them to the clock.
 */
package org.rebalancesim.kubernetes.autoscaling;
