package dev.deliverykit.junit5.internal.report;

import java.util.Optional;

/**
 * One {@link dev.deliverykit.junit5.Guarantee} test's row of the report.
 *
 * @param testClass the test class's simple name
 * @param className the test class's binary name
 * @param guarantee what the guarantee promises
 * @param seed where the promise comes from, or {@code ""}
 * @param cases how many cases ran (one for a plain test, one per invocation of a template)
 * @param failed how many of them failed
 * @param finding the first failed case's finding
 * @param reason why it did not run, or why its cases were aborted
 */
record GuaranteeResult(
        String testClass,
        String className,
        String method,
        String uniqueId,
        String role,
        String id,
        String name,
        String guarantee,
        String seed,
        GuaranteeRow.Verdict verdict,
        long cases,
        long failed,
        Optional<String> finding,
        Optional<String> reason) {}
