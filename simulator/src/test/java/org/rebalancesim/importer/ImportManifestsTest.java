package org.rebalancesim.importer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Kubernetes manifests: what each kind gives the scenario, what is left out with a warning, what is refused. */
class ImportManifestsTest {

    private static final String DEPLOYMENT = """
            apiVersion: apps/v1
            kind: Deployment
            metadata: {name: billing}
            spec:
              template:
                spec:
                  containers:
                    - name: billing
                      image: billing:1
            """;

    @TempDir
    Path dir;

    /** The Deployment above with more lines under its spec and under its container, each written from column 0. */
    private static String deployment(String spec, String container) {
        return DEPLOYMENT.replace("  template:\n", spec.indent(2) + "  template:\n")
                .replace("      image: billing:1\n", "      image: billing:1\n" + container.indent(10));
    }

    private JsonNode imported(String name, String manifest) {
        return ImportTrees.parse(ImportTrees.importFiles(ImportTrees.write(dir, name, manifest)).yaml());
    }

    @Test
    void aDeploymentThatSetsNothingGivesItsKindAndNameAndKubernetesDefaultReplicas() {
        JsonNode consumers = imported("billing.yaml", DEPLOYMENT).path("consumers");
        assertEquals(1, consumers.path("count").intValue());
        assertEquals(ImportTrees.parse("{kind: Deployment, name: billing}"), consumers.path("workload"));
    }

    @Test
    void rolloutSettingsKeepTheirIntOrPercentForm() {
        JsonNode workload = imported("billing.yaml", deployment("""
                replicas: 0
                strategy:
                  type: RollingUpdate
                  rollingUpdate: {maxSurge: 25%, maxUnavailable: 2}
                """, "")).path("consumers");
        assertEquals(0, workload.path("count").intValue());
        assertEquals(ImportTrees.parse("{type: RollingUpdate, rollingUpdate: {maxSurge: 25%, maxUnavailable: 2}}"),
                workload.path("workload").path("strategy"));
        assertTrue(workload.path("workload").path("strategy").path("rollingUpdate").path("maxSurge").isTextual());
        JsonNode recreate = imported("recreate.yaml", deployment("strategy: {type: Recreate}", ""))
                .path("consumers").path("workload");
        assertEquals(ImportTrees.parse("{type: Recreate}"), recreate.path("strategy"));
    }

    @Test
    void aStatefulSetGivesItsUpdateStrategyAndNoDeploymentStrategy() {
        JsonNode workload = imported("sts.yaml", """
                apiVersion: apps/v1
                kind: StatefulSet
                metadata: {name: ledger}
                spec:
                  replicas: 4
                  minReadySeconds: 3
                  updateStrategy: {type: OnDelete}
                  template: {spec: {terminationGracePeriodSeconds: 120, containers: [{name: ledger}]}}
                """).path("consumers").path("workload");
        assertEquals(ImportTrees.parse("""
                {kind: StatefulSet, name: ledger, terminationGracePeriodSeconds: 120, minReadySeconds: 3,
                 updateStrategy: {type: OnDelete}}"""), workload);
    }

    @Test
    void aPreStopSleepCommandIsReadAsTheSleepActionAndOtherHooksAreLeftOut() {
        assertEquals(7, PodTemplateImport.sleepCommandSeconds(ImportTrees.parse("[sleep, '7']")));
        assertEquals(7, PodTemplateImport.sleepCommandSeconds(ImportTrees.parse("[/bin/sh, -c, sleep 7]")));
        assertEquals(7, PodTemplateImport.sleepCommandSeconds(ImportTrees.parse("[/usr/bin/sleep, 7s]")));
        assertEquals(null, PodTemplateImport.sleepCommandSeconds(ImportTrees.parse("[sh, -c, sleep 7 && kill 1]")));
        assertEquals(null, PodTemplateImport.sleepCommandSeconds(ImportTrees.parse("[/app/drain]")));

        ScenarioImporter.Result result = ImportTrees.importFiles(ImportTrees.write(dir, "hook.yaml",
                deployment("", "lifecycle: {preStop: {httpGet: {path: /drain, port: 8080}}}")));
        assertTrue(ImportTrees.parse(result.yaml()).path("consumers").path("workload").path("preStop").isMissingNode());
        assertTrue(ImportTrees.warnings(result).contains("hook.yaml: spec.template.spec.containers[0].lifecycle.preStop: "
                + "only a sleep is modelled"), ImportTrees.warnings(result));
    }

    @Test
    void onlyTheFirstContainerIsReadAndTheOthersAreNamedInAWarning() {
        ScenarioImporter.Result result = ImportTrees.importFiles(ImportTrees.write(dir, "sidecar.yaml",
                deployment("", "readinessProbe: {tcpSocket: {port: 9000}, timeoutSeconds: 2, failureThreshold: 5}")
                        + "        - name: envoy\n          image: envoy:1\n"));
        JsonNode workload = ImportTrees.parse(result.yaml()).path("consumers").path("workload");
        assertEquals(ImportTrees.parse("{failureThreshold: 5}"), workload.path("readinessProbe"));
        String warnings = ImportTrees.warnings(result);
        assertTrue(warnings.contains("only the first container, billing, is read"), warnings);
        assertTrue(warnings.contains("its tcpSocket check is not modelled: the probe is assumed to pass once the "
                + "process is up; left out: timeoutSeconds"), warnings);
    }

    @Test
    void oneFileMayHoldSeveralObjectsAndOtherKindsAreIgnoredWithAWarning() {
        ScenarioImporter.Result result = ImportTrees.importFiles(ImportTrees.write(dir, "all.yaml", "---\n# rendered\n"
                + DEPLOYMENT + """
                ---
                apiVersion: v1
                kind: Service
                metadata: {name: billing}
                ---
                apiVersion: autoscaling/v2
                kind: HorizontalPodAutoscaler
                metadata: {name: billing}
                spec:
                  scaleTargetRef: {apiVersion: apps/v1, kind: Deployment, name: billing}
                  minReplicas: 2
                  maxReplicas: 10
                  metrics:
                    - type: Resource
                      resource: {name: cpu, target: {type: Utilization, averageUtilization: 70}}
                    - type: Resource
                      resource: {name: memory, target: {type: AverageValue, averageValue: 1Gi}}
                    - type: External
                      external: {metric: {name: lag}, target: {type: Value, value: '100'}}
                  behavior:
                    scaleUp:
                      policies: [{type: Percent, value: 100, periodSeconds: 15}]
                ---
                """));
        JsonNode hpa = ImportTrees.parse(result.yaml()).path("consumers").path("autoscaler");
        assertEquals(ImportTrees.parse("""
                horizontalPodAutoscaler:
                  minReplicas: 2
                  maxReplicas: 10
                  metrics:
                    - type: Resource
                      resource: {name: cpu, target: {type: Utilization, averageUtilization: 70}}
                  behavior:
                    scaleUp:
                      policies: [{type: Percent, value: 100, periodSeconds: 15}]
                """), hpa);
        String warnings = ImportTrees.warnings(result);
        assertTrue(warnings.contains("all.yaml (object 2): Service billing ignored"), warnings);
        assertTrue(warnings.contains("all.yaml (object 3): spec.metrics[1]: the Resource metric memory AverageValue is "
                + "not modelled (only Resource cpu Utilization), left out"), warnings);
        assertTrue(warnings.contains("all.yaml (object 3): spec.metrics[2]: the External metric is not modelled"),
                warnings);
    }

    @Test
    void aKubectlListIsReadAsItsItems() {
        String list = "apiVersion: v1\nkind: List\nitems:\n" + DEPLOYMENT.indent(2).replaceFirst("  apiVersion", "- apiVersion");
        assertEquals("billing", imported("list.yaml", list).path("consumers").path("workload").path("name").textValue());
    }

    @Test
    void aScaledObjectKeepsTheKafkaScalersSettingsAsTextsAndLeavesTheRestOut() {
        ScenarioImporter.Result result = ImportTrees.importFiles(ImportTrees.write(dir, "billing.yaml", DEPLOYMENT),
                ImportTrees.write(dir, "so.yaml", """
                        apiVersion: keda.sh/v1alpha1
                        kind: ScaledObject
                        metadata: {name: billing-scaler}
                        spec:
                          scaleTargetRef: {name: payments}
                          idleReplicaCount: 0
                          minReplicaCount: 1
                          maxReplicaCount: 30
                          fallback: {failureThreshold: 3, replicas: 6}
                          triggers:
                            - type: cpu
                              metadata: {value: '60'}
                            - type: kafka
                              metadata:
                                bootstrapServers: kafka:9092
                                consumerGroup: billing-v2
                                topic: invoices
                                lagThreshold: 100
                                allowIdleConsumers: false
                                limitToPartitionsWithLag: 'true'
                                version: 1.0.0
                        """));
        JsonNode scenario = ImportTrees.parse(result.yaml());
        assertEquals(ImportTrees.parse("""
                idleReplicaCount: 0
                minReplicaCount: 1
                maxReplicaCount: 30
                triggers:
                  - type: kafka
                    metadata: {consumerGroup: billing-v2, topic: invoices, lagThreshold: '100',
                               allowIdleConsumers: 'false', limitToPartitionsWithLag: 'true'}
                """), scenario.path("consumers").path("autoscaler").path("scaledObject"));
        assertEquals("billing-v2", scenario.path("group").path("id").textValue(), "the trigger's group, no other");
        assertEquals("invoices", scenario.path("topics").path(0).path("name").textValue());
        String warnings = ImportTrees.warnings(result);
        assertTrue(warnings.contains("so.yaml: spec: not modelled, left out: fallback"), warnings);
        assertTrue(warnings.contains("so.yaml: spec.triggers[0]: trigger type cpu is not modelled (only kafka), left out"),
                warnings);
        assertTrue(warnings.contains("so.yaml: spec.triggers[1].metadata: not modelled (connection and authentication "
                + "included), left out: bootstrapServers, version"), warnings);
        assertTrue(warnings.contains("so.yaml: spec.scaleTargetRef: name 'payments' is not the imported Deployment "
                + "billing"), warnings);
    }

    @Test
    void aTriggerWatchingAnotherGroupIsWarnedAbout() {
        ScenarioImporter.Result result = ImportTrees.importFiles(
                ImportTrees.write(dir, "consumer.properties", "group.id=billing\n"),
                ImportTrees.write(dir, "so.yaml", """
                        apiVersion: keda.sh/v1alpha1
                        kind: ScaledObject
                        metadata: {name: billing}
                        spec:
                          scaleTargetRef: {name: billing}
                          triggers: [{type: kafka, metadata: {consumerGroup: billing-old, topic: invoices}}]
                        """));
        JsonNode scenario = ImportTrees.parse(result.yaml());
        assertEquals("billing", scenario.path("group").path("id").textValue());
        assertEquals(ImportTrees.parse("{kind: Deployment, name: billing}"), scenario.path("consumers").path("workload"),
                "KEDA's scaleTargetRef kind defaults to Deployment");
        assertTrue(ImportTrees.warnings(result).contains("so.yaml: spec.scaleTargetRef: the Deployment billing is not "
                + "among the inputs"), ImportTrees.warnings(result));
        assertTrue(ImportTrees.warnings(result).contains("so.yaml: spec.triggers[0].metadata.consumerGroup: "
                + "'billing-old' is not the imported group, 'billing'"), ImportTrees.warnings(result));
    }

    @Test
    void wrongTypesAreProblemsNamingTheFileAndThePath() {
        String problems = ImportTrees.problems(ImportTrees.write(dir, "bad.yaml", deployment("""
                replicas: three
                strategy: {type: Rolling, rollingUpdate: {maxSurge: '1'}}
                """, "")));
        assertTrue(problems.contains("bad.yaml: spec.replicas: expected a whole number, got 'three'"), problems);
        assertTrue(problems.contains("bad.yaml: spec.strategy.type: expected RollingUpdate or Recreate, got 'Rolling'"),
                problems);
        assertTrue(problems.contains("bad.yaml: spec.strategy.rollingUpdate.maxSurge: expected a whole number or a "
                + "percentage such as 25%, got '1'"), problems);
    }

    @Test
    void oneConsumerGroupPerImport() {
        Path first = ImportTrees.write(dir, "a.yaml", DEPLOYMENT);
        Path second = ImportTrees.write(dir, "b.yaml", DEPLOYMENT.replace("name: billing}", "name: shipping}"));
        assertTrue(ImportTrees.problems(first, second).contains("b.yaml: a second Deployment or StatefulSet (Deployment "
                + "billing of "), "two workloads");
        Path hpa = ImportTrees.write(dir, "hpa.yaml", """
                apiVersion: autoscaling/v2
                kind: HorizontalPodAutoscaler
                metadata: {name: billing}
                spec: {scaleTargetRef: {kind: Deployment, name: billing}, maxReplicas: 3}
                """);
        Path so = ImportTrees.write(dir, "so.yaml", """
                apiVersion: keda.sh/v1alpha1
                kind: ScaledObject
                metadata: {name: billing}
                spec: {scaleTargetRef: {name: billing}}
                """);
        assertTrue(ImportTrees.problems(first, hpa, so).contains("so.yaml: a second autoscaler"), "HPA and ScaledObject");
    }

    @Test
    void aHorizontalPodAutoscalerOfAnOlderApiIsRefusedWithTheWayToGetV2() {
        String problems = ImportTrees.problems(ImportTrees.write(dir, "hpa.yaml", """
                apiVersion: autoscaling/v1
                kind: HorizontalPodAutoscaler
                metadata: {name: billing}
                spec: {scaleTargetRef: {kind: Deployment, name: billing}, maxReplicas: 3}
                """));
        assertTrue(problems.contains("hpa.yaml: apiVersion: HorizontalPodAutoscaler is read as autoscaling/v2 or "
                + "autoscaling/v2beta2, got 'autoscaling/v1': kubectl get hpa billing -o yaml prints it as "
                + "autoscaling/v2"), problems);
    }

    @Test
    void whatIsNotAManifestIsRefusedWithTheFix() {
        String notYaml = ImportTrees.problems(ImportTrees.write(dir, "broken.yaml", "kind: Deployment\n  name: [x\n"));
        assertTrue(notYaml.contains("broken.yaml: invalid YAML at line 2, column 7: mapping values are not allowed"),
                notYaml);
        String helm = ImportTrees.problems(ImportTrees.write(dir, "chart.yaml",
                "kind: Deployment\nmetadata:\n  name: {{ .Release.Name }}\n"));
        assertTrue(helm.contains("render it first: helm template"), helm);
        String properties = ImportTrees.problems(ImportTrees.write(dir, "consumer.conf", "group.id=x\n"));
        assertTrue(properties.contains("consumer.conf: not a Kubernetes object (no kind:)"), properties);
        assertTrue(properties.contains("a file named *.properties"), properties);
        String aliases = ImportTrees.problems(ImportTrees.write(dir, "alias.yaml",
                DEPLOYMENT + "  replicas: &r 3\n  minReadySeconds: *r\n"));
        assertTrue(aliases.contains("alias.yaml: YAML aliases are not supported (*r at line"), aliases);
        String duplicate = ImportTrees.problems(ImportTrees.write(dir, "twice.yaml", DEPLOYMENT + "kind: StatefulSet\n"));
        assertTrue(duplicate.contains("twice.yaml: invalid YAML at line") && duplicate.contains("duplicate key"),
                duplicate);
        String missing = ImportTrees.problems(dir.resolve("absent.yaml"));
        assertTrue(missing.endsWith("absent.yaml: file not found"), missing);
        String directory = ImportTrees.problems(dir);
        assertTrue(directory.contains("is a directory"), directory);
        assertFalse(directory.contains("Exception"), directory);
    }
}
