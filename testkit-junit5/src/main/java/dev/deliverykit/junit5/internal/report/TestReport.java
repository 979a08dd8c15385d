package dev.deliverykit.junit5.internal.report;

import java.util.List;

/**
 * One test of the report (a template, or a plain test) and its cases, in the order they ran.
 *
 * @param testClass the test class's simple name
 * @param className the test class's binary name
 * @param uniqueId the test's unique id, by which a later part's test replaces an earlier one's
 */
record TestReport(String testClass, String className, String method, String uniqueId, List<CaseRow> cases) {

    TestReport {
        cases = List.copyOf(cases);
    }

    /** {@code Class.method}, the name a test goes by in the report. */
    String name() {
        return testClass + "." + method;
    }

    Totals totals() {
        return Totals.of(cases);
    }

    /** The same test with other cases. */
    TestReport withCases(List<CaseRow> others) {
        return new TestReport(testClass, className, method, uniqueId, others);
    }
}
