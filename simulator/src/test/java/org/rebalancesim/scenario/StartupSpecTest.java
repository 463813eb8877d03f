package org.rebalancesim.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code consumers.startup}, and the broker side of a start, {@code cluster.coordinatorWarmup}: what they read and
 * what they refuse (docs/scenario-format.md).
 */
class StartupSpecTest {

    @TempDir
    Path directory;
    private ScenarioFiles files;

    @BeforeEach
    void setUp() {
        files = new ScenarioFiles(directory);
    }

    private static String withStartup(String startup) {
        return """
                duration: 10m
                group: {id: demo}
                topics: [{name: orders, partitions: 6}]
                consumers:
                  count: 3
                  startup: %s
                """.formatted(startup);
    }

    private StartupSpec startup(String startup) throws ScenarioException {
        return files.load(withStartup(startup)).variants().get(0).consumers().startup();
    }

    @Test
    void aBareDurationIsAConstantAndNothingElseIsOn() throws ScenarioException {
        assertEquals(StartupSpec.constant(0, 2_000), startup("{jvmStart: 2s}"));
    }

    @Test
    void readsDistributionsAndTheNodes() throws ScenarioException {
        StartupSpec spec = startup("{stagger: 1s, jvmStart: {lognormal: {median: 1500ms, p99: 4s}}, "
                + "clientWarmup: 800ms, jvmExit: {uniform: {min: 200ms, max: 1s}}, nodeCores: 2, podsPerNode: 4}");

        assertEquals(new StartupSpec(1_000, new Distributions.LogNormal(1_500, 4_000), new Distributions.Constant(800),
                new Distributions.Constant(0), new Distributions.Uniform(200, 1_000), new Distributions.Constant(0), new Distributions.Constant(0),
                new Distributions.Constant(0), 2, 4, StartupSpec.ONE_CORE, StartupSpec.EQUAL_SHARES, ReplayedStarts.NONE),
                spec);
        assertEquals(List.of(0, 0, 0, 0, 1), List.of(spec.nodeOf(0), spec.nodeOf(1), spec.nodeOf(2), spec.nodeOf(3),
                spec.nodeOf(4)));
    }

    @Test
    void readsCloseWork() throws ScenarioException {
        assertEquals(new Distributions.LogNormal(45, 90),
                startup("{jvmStart: 2s, closeWork: {lognormal: {median: 45ms, p99: 90ms}}}").closeWork());
        assertEquals(new Distributions.Constant(0), startup("{jvmStart: 2s}").closeWork(), "by default close() returns"
                + " as soon as its LeaveGroup is answered, as before");
    }

    @Test
    void readsTheFirstAssignmentsColdCode() throws ScenarioException {
        assertEquals(new Distributions.Uniform(20, 30),
                startup("{jvmStart: 2s, firstAssignment: {uniform: {min: 20ms, max: 30ms}}}").firstAssignment());
        assertEquals(new Distributions.Constant(0), startup("{jvmStart: 2s}").firstAssignment());
    }

    @Test
    void readsTheFirstSyncsColdCode() throws ScenarioException {
        assertEquals(new Distributions.Uniform(10, 25),
                startup("{jvmStart: 2s, firstSync: {uniform: {min: 10ms, max: 25ms}}}").firstSync());
        assertEquals(new Distributions.Constant(0), startup("{jvmStart: 2s}").firstSync());
    }

    @Test
    void readsTheCoresAStartKeepsBusy() throws ScenarioException {
        assertEquals(1.5, startup("{jvmStart: 2s, nodeCores: 2, coresPerStart: 1.5}").coresPerStart());
        assertEquals(StartupSpec.ONE_CORE, startup("{jvmStart: 2s, nodeCores: 2}").coresPerStart());
    }

    @Test
    void readsHowUnequallyStartsShareTheCores() throws ScenarioException {
        assertEquals(0.2, startup("{jvmStart: 2s, nodeCores: 2, coreShareSpread: 0.2}").coreShareSpread());
        assertEquals(StartupSpec.EQUAL_SHARES, startup("{jvmStart: 2s, nodeCores: 2}").coreShareSpread());
        assertEquals(StartupSpec.EQUAL_SHARES, startup("{jvmStart: 2s, nodeCores: 2, coreShareSpread: 0}")
                .coreShareSpread());
        assertEquals(List.of("consumers.startup.coreShareSpread: is read only while JVMs share a node's cores as they "
                        + "start: add nodeCores: N (the cores of each node), or remove coreShareSpread"),
                files.problems(withStartup("{coreShareSpread: 0.2}")));
        assertEquals(List.of("consumers.startup.coreShareSpread: must be between 0 (equal shares) and 2 (the sigma of"
                        + " a lognormal share weight), got -0.1"),
                files.problems(withStartup("{nodeCores: 2, coreShareSpread: -0.1}")));
        assertEquals(List.of("consumers.startup.coreShareSpread: must be between 0 (equal shares) and 2 (the sigma of"
                        + " a lognormal share weight), got 3"),
                files.problems(withStartup("{nodeCores: 2, coreShareSpread: 3}")));
        assertEquals(List.of("consumers.startup.coreShareSpread: expected a number, got 'wide'"),
                files.problems(withStartup("{nodeCores: 2, coreShareSpread: wide}")));
    }

    @Test
    void withoutPodsPerNodeAllPodsShareOneNode() throws ScenarioException {
        StartupSpec spec = startup("{jvmStart: 2s, nodeCores: 4}");

        assertEquals(StartupSpec.ONE_NODE, spec.podsPerNode());
        assertEquals(0, spec.nodeOf(999));
    }

    @Test
    void refusesPodsPerNodeWithoutCoresAndBadValues() {
        assertEquals(List.of("consumers.startup.podsPerNode: is read only while JVMs share a node's cores as they "
                        + "start: add nodeCores: N (the cores of each node), or remove podsPerNode"),
                files.problems(withStartup("{podsPerNode: 2}")));
        assertEquals(List.of("consumers.startup.coresPerStart: is read only while JVMs share a node's cores as they "
                        + "start: add nodeCores: N (the cores of each node), or remove coresPerStart"),
                files.problems(withStartup("{coresPerStart: 2}")));
        assertEquals(List.of("consumers.startup.coresPerStart: must be greater than 0, got 0"),
                files.problems(withStartup("{nodeCores: 2, coresPerStart: 0}")));
        assertEquals(List.of("consumers.startup.coresPerStart: must be at most 1024 (a node's most cores), got 2000"),
                files.problems(withStartup("{nodeCores: 2, coresPerStart: 2000}")));
        assertEquals(List.of("consumers.startup.coresPerStart: expected a number, got 'two'"),
                files.problems(withStartup("{nodeCores: 2, coresPerStart: two}")));
        assertEquals(List.of("consumers.startup.nodeCores: must be between 1 and 1024, got 0"),
                files.problems(withStartup("{nodeCores: 0}")));
        assertEquals(List.of("consumers.startup.jvmExit: must not be negative, got '-1s'"),
                files.problems(withStartup("{jvmExit: -1s}")));
    }

    @Test
    void aBrokerHasRunForAWhileUnlessTheScenarioSaysItsCoordinatorIsCold() throws ScenarioException {
        assertSame(ClusterSpec.WARM_COORDINATOR,
                files.load(ScenarioFiles.MINIMAL).variants().get(0).cluster().coordinatorWarmup());
        assertEquals(new Distributions.Constant(40), files.load(ScenarioFiles.MINIMAL
                + "cluster: {coordinatorWarmup: 40ms}\n").variants().get(0).cluster().coordinatorWarmup());
        assertEquals(new Distributions.LogNormal(40, 90), files.load(ScenarioFiles.MINIMAL
                + "cluster: {coordinatorWarmup: {lognormal: {median: 40ms, p99: 90ms}}}\n").variants().get(0)
                .cluster().coordinatorWarmup());
        assertEquals(List.of("cluster.coordinatorWarmup: expected a duration like 250ms, 10s, 15m or 2h (a plain"
                        + " number means ms), got 'soon'"),
                files.problems(ScenarioFiles.MINIMAL + "cluster: {coordinatorWarmup: soon}\n"));
        assertEquals(List.of("cluster.coordinatorWarmup: must not be negative, got '-5ms'"),
                files.problems(ScenarioFiles.MINIMAL + "cluster: {coordinatorWarmup: -5ms}\n"));
    }
}
