package org.rebalancesim.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.rebalancesim.scenario.ApplicationCommits.Mode;

/** consumers.application: the shared commits, per-pod overrides merged over them as the listener's, and refusals. */
class ApplicationSpecTest {

    private static String scenario(String application) {
        return """
                duration: 1m
                group: {id: g}
                topics: [{name: t, partitions: 2, rate: 1/s}]
                consumers:
                  count: 3
                  config: {enable.auto.commit: false}
                  application: %s
                """.formatted(application);
    }

    private static PerPod<ApplicationCommits> commits(String application) throws ScenarioException {
        return ScenarioLoader.fromText(scenario(application), "s.yaml").variants().get(0).consumers().commits();
    }

    private static List<String> problems(String application) {
        ScenarioException error = assertThrows(ScenarioException.class,
                () -> ScenarioLoader.fromText(scenario(application), "s.yaml"));
        return error.problems().stream().map(Problem::toString).toList();
    }

    @Test
    void anOverrideIsMergedOverTheSharedCommitsKeyByKey() throws ScenarioException {
        PerPod<ApplicationCommits> spec = commits("{commit: async, overrides: {c2: {commitOnRevoke: false}, c3: {commit: none}}}");
        assertEquals(new ApplicationCommits(Mode.ASYNC, true), spec.of("c1"));
        assertEquals(new ApplicationCommits(Mode.ASYNC, false), spec.of("c2"));
        assertEquals(new ApplicationCommits(Mode.NONE, true), spec.of("c3"));
    }

    /** A key set to ~ takes its default, what the pod would do without the section (commitSync). */
    @Test
    void aClearedKeyTakesItsDefault() throws ScenarioException {
        PerPod<ApplicationCommits> spec = commits("{commit: none, commitOnRevoke: false, overrides: {c2: {commit: ~}}}");
        assertEquals(new ApplicationCommits(Mode.SYNC, false), spec.of("c2"));
        assertEquals(new ApplicationCommits(Mode.NONE, false), spec.of("c1"));
    }

    /** The one problem {@code application} has names {@code path} and says {@code fix}. */
    private static void assertRefused(String application, String path, String fix) {
        List<String> problems = problems(application);
        assertEquals(1, problems.size(), problems.toString());
        assertTrue(problems.get(0).contains(path) && problems.get(0).contains(fix), problems.get(0));
    }

    @Test
    void anOverrideOfAnUnknownPodIsRefused() {
        assertRefused("{overrides: {c9: {commit: none}}}", "consumers.application.overrides.c9", "unknown consumer");
    }

    @Test
    void aBadOverrideIsNamedWithItsPathAndTheFix() {
        assertRefused("{overrides: {c2: {commit: never}}}", "consumers.application.overrides.c2.commit",
                "expected one of sync, async, none");
        assertRefused("{overrides: {c2: {comit: none}}}", "consumers.application.overrides.c2.comit",
                "did you mean 'commit'");
        assertRefused("{overrides: {c2: ~}}", "consumers.application.overrides.c2", "e.g. {commit: none}");
    }
}
