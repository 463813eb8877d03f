package org.rebalancesim.check;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.rebalancesim.metrics.ExpectationResult;

/**
 * JUnit XML as CI systems read it (Jenkins, GitHub Actions reporters, GitLab, Azure): a
 * {@code testsuite} per scenario, a {@code testcase} per variant × rule (each expect: rule and each
 * metric compared with the baseline), a {@code failure} element for what failed. No timestamps or
 * durations, so the same check writes the same bytes.
 */
public final class JUnitXml {

    private JUnitXml() {
    }

    public static String render(List<ScenarioCheck> checks) {
        List<String> suites = new ArrayList<>();
        int tests = 0;
        int failures = 0;
        for (ScenarioCheck check : checks) {
            List<String> cases = cases(check);
            int failed = (int) cases.stream().filter(c -> c.contains("<failure")).count();
            tests += cases.size();
            failures += failed;
            suites.add(String.format(Locale.ROOT,
                    "  <testsuite name=\"%s\" tests=\"%d\" failures=\"%d\" errors=\"0\" skipped=\"0\">%n%s  </testsuite>%n",
                    escape(check.scenario()), cases.size(), failed, String.join("", cases)));
        }
        return String.format(Locale.ROOT, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>%n"
                + "<testsuites name=\"rebalance-sim check\" tests=\"%d\" failures=\"%d\" errors=\"0\">%n%s</testsuites>%n",
                tests, failures, String.join("", suites)).replace("\r\n", "\n");
    }

    private static List<String> cases(ScenarioCheck check) {
        List<String> cases = new ArrayList<>();
        for (VariantCheck variant : check.variants()) {
            String className = check.scenario() + "." + variant.variant();
            for (ExpectationResult rule : variant.expectations()) {
                String failure = rule.passed() ? null : CheckText.expectationFailure(rule);
                cases.add(testCase(className, "expect " + rule.metric() + " " + rule.rule(), failure, "expectation"));
            }
            for (MetricCheck metric : variant.metrics()) {
                String failure = metric.outcome() == MetricCheck.Outcome.WORSE ? CheckText.regression(metric) : null;
                cases.add(testCase(className, "baseline " + metric.metric() + " (tolerance " + metric.tolerance() + ")",
                        failure, "regression"));
            }
            if (variant.status() == VariantCheck.Status.MISSING) {
                cases.add(testCase(className, "baseline", CheckText.MISSING_BASELINE, "missing-baseline"));
            } else if (variant.expectations().isEmpty() && variant.metrics().isEmpty()) {
                cases.add(testCase(className, "runs (no rules, no baseline yet)", null, null));
            }
        }
        return cases;
    }

    private static String testCase(String className, String name, String failure, String type) {
        String open = String.format(Locale.ROOT, "    <testcase classname=\"%s\" name=\"%s\"", escape(className), escape(name));
        if (failure == null) {
            return open + "/>\n";
        }
        return open + ">\n      <failure message=\"" + escape(failure) + "\" type=\"" + type + "\">"
                + escape(failure) + "</failure>\n    </testcase>\n";
    }

    /** XML 1.0 text and attribute escaping; characters XML cannot carry at all become U+FFFD. */
    static String escape(String text) {
        StringBuilder out = new StringBuilder(text.length());
        text.codePoints().forEach(c -> {
            switch (c) {
                case '&' -> out.append("&amp;");
                case '<' -> out.append("&lt;");
                case '>' -> out.append("&gt;");
                case '"' -> out.append("&quot;");
                case '\'' -> out.append("&apos;");
                default -> out.appendCodePoint(allowedInXml(c) ? c : 0xFFFD);
            }
        });
        return out.toString();
    }

    private static boolean allowedInXml(int c) {
        return c == 0x9 || c == 0xA || c == 0xD || (c >= 0x20 && c <= 0xD7FF) || (c >= 0xE000 && c <= 0xFFFD)
                || (c >= 0x10000 && c <= 0x10FFFF);
    }
}
