/**
 * The decision logic of two Kubernetes autoscalers, as plain functions of plain values: KEDA's Kafka
 * scaler and ScaledObject loop (kedacore/keda v2.20) and the HorizontalPodAutoscaler controller
 * (kubernetes v1.34). docs/kubernetes.md §6 gives every rule with the function of the real source it
 * comes from.
 *
 * <p>Nothing here schedules anything: the caller passes the simulated time ({@code nowMs}) and the
 * observed state (offsets, replica counts, pod samples) at each KEDA poll and each HPA sync, and
 * applies the replica counts that come back. In a run the caller is
 * {@link org.rebalancesim.kubernetes.WorkloadAutoscaler} (docs/kubernetes.md §6.6). The only state
 * kept is the state the real controllers keep in memory (KEDA's previous committed offsets, its last
 * poll's readings and last active time, the HPA's past recommendations and scale events), in lists and
 * sorted maps, so a run is reproducible.
 *
 * <p>The specs these classes decide from are not here: they are the records of
 * {@link org.rebalancesim.scenario.autoscaling} ({@code ScaledObjectSpec}, {@code HpaSpec}, their
 * triggers, metrics and behavior), which the scenario parser builds. What the API server fills in
 * when an HPA is created (a behavior's defaults, {@code EffectiveScalingRules}) and the controller's
 * own flags ({@code HpaControllerConfig}) are here, because they belong to the cluster, not to the
 * object a scenario writes.
 *
 * <p>Depends on {@code scenario.autoscaling} alone.
 */
package org.rebalancesim.kubernetes.autoscaling;
