/**
 * {@code import}: turns what users already run (Kubernetes Deployment or StatefulSet manifests, a KEDA
 * ScaledObject or a HorizontalPodAutoscaler, a consumer.properties or Kafka Streams properties file) into a
 * scenario file, keeping what the model reads, saying what it leaves out, and marking what it had to guess.
 * The scenario is built as a tree with comments beside it, then written as YAML by {@link
 * org.rebalancesim.importer.CommentedYaml}.
 *
 * <p>May depend on {@code scenario} (the configs it models, and its loader to check the result) and on Kafka's
 * jars (the names of Kafka's own configs). Nothing depends on it but {@code cli}.
 */
package org.rebalancesim.importer;
