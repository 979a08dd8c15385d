package dev.deliverykit.junit5.internal.report;

import static org.apiguardian.api.API.Status.INTERNAL;

import org.apiguardian.api.API;

/** How one invocation ended, as the report shows it. */
@API(status = INTERNAL, since = "0.1")
public enum CaseOutcome {
    /** The test passed: the crash happened where planned and every assertion held after recovery. */
    PASSED,
    /** The test failed: an assertion, a missed boundary, a swallowed crash or an error. */
    FAILED,
    /** An assumption did not hold; the case tells nothing. */
    ABORTED,
    /** JUnit never reported an end (the run was cut short). */
    NOT_FINISHED
}
