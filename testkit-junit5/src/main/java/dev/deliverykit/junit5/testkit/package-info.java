/**
 * Proving your own crash tests: run a test class through the JUnit Platform (EngineTestKit) and assert on its
 * cases in the style of junit-pioneer's test kit. Use it to show that a crash test catches a broken variant of
 * your code: exactly which cases fail, and with which message.
 *
 * <pre>{@code
 * import static dev.deliverykit.junit5.testkit.CrashTestKitAssertions.assertThat;
 *
 * CrashTestResults results = CrashTestKit.reportingTo(reportDir).run(MarkFirstPipeline.class);
 *
 * assertThat(results).hasNumberOfSucceededCases(11).hasNumberOfFailedCases(10);
 * assertThat(results).hasFailedCase("[5] crash after commit #2 in OutboxRelay.publishPending (via Database.inTransaction)")
 *         .withMessageStartingWith("2 of 3 invariants declared with @CheckInvariant violated");
 * }</pre>
 *
 * <p>Needs {@code org.junit.platform:junit-platform-testkit} and {@code org.assertj:assertj-core} on the test
 * class path; {@code testkit-junit5} declares both optional, so add them to your test dependencies. Mark the
 * classes that fail on purpose with {@link dev.deliverykit.junit5.testkit.CrashTestKitOnly}, so that only the
 * test kit runs them.
 */
package dev.deliverykit.junit5.testkit;
