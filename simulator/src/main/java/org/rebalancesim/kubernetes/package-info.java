/**
 * The Kubernetes control plane of a run's workload (docs/kubernetes.md): the Deployment and StatefulSet
 * controllers that roll out and scale its pods, the readiness the kubelet's probes report, and the ReplicaSet's
 * choice of the pods to delete. The pods themselves, their kubelet's restarts and terminations, are the consumer
 * package's.
 *
 * <p>May depend on {@code consumer} (the pods it creates, deletes and watches), {@code engine}, {@code events},
 * {@code kubernetes.autoscaling} (KEDA's and the HPA's decisions, which {@code WorkloadAutoscaler} runs on the
 * simulated clock) and {@code scenario}.
 */
package org.rebalancesim.kubernetes;
