package dev.deliverykit.junit5.internal.report;

import static org.apiguardian.api.API.Status.INTERNAL;

import dev.deliverykit.junit5.Guarantee;
import dev.deliverykit.junit5.NotPromised;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * One {@link Guarantee} test's line of the report: which guarantee of which role, and how its cases went (one case
 * for a plain test, one per invocation for a template). Thread-safe.
 */
@API(status = INTERNAL, since = "0.1")
public final class GuaranteeRow {

    /** The verdict of a guarantee, as report.json writes it. */
    public enum Verdict {
        /** Every case passed. */
        HOLDS,
        /** A case failed. */
        VIOLATED,
        /** Declared {@link NotPromised}: not run. */
        NOT_PROMISED,
        /** Skipped for another reason (a replay of another case, a disabled test). */
        SKIPPED,
        /** Its cases were aborted (a failed assumption). */
        ABORTED,
        /** No case ended. */
        NOT_FINISHED
    }

    private final Class<?> testClass;
    private final String method;
    private final String uniqueId;
    private final Guarantee guarantee;
    private int cases;
    private int failed;
    private int aborted;
    private String finding;
    private String reason;
    private Verdict skipped;

    public GuaranteeRow(Class<?> testClass, String method, String uniqueId, Guarantee guarantee) {
        this.testClass = testClass;
        this.method = method;
        this.uniqueId = uniqueId;
        this.guarantee = guarantee;
    }

    /** A case passed. */
    public synchronized void passed() {
        cases++;
    }

    /** A case failed; its {@code finding} is kept if it is the first. */
    public synchronized void failed(String caseFinding) {
        cases++;
        failed++;
        if (finding == null) {
            finding = caseFinding;
        }
    }

    /** A case was aborted, for {@code why}. */
    public synchronized void aborted(String why) {
        cases++;
        aborted++;
        if (reason == null) {
            reason = why;
        }
    }

    /** The whole test was skipped, as {@code verdict} ({@link Verdict#NOT_PROMISED} or {@link Verdict#SKIPPED}). */
    public synchronized void skipped(Verdict verdict, String why) {
        skipped = verdict;
        reason = why;
    }

    synchronized Verdict verdict() {
        if (skipped != null) {
            return skipped;
        }
        if (failed > 0) {
            return Verdict.VIOLATED;
        }
        if (cases == 0) {
            return Verdict.NOT_FINISHED;
        }
        return aborted == cases ? Verdict.ABORTED : Verdict.HOLDS;
    }

    /** The row as the report has it. */
    synchronized GuaranteeResult result() {
        return new GuaranteeResult(
                testClass.getSimpleName(),
                testClass.getName(),
                method,
                uniqueId,
                guarantee.role(),
                guarantee.id(),
                guarantee.name(),
                guarantee.value(),
                guarantee.seed(),
                verdict(),
                cases,
                failed,
                Optional.ofNullable(finding),
                Optional.ofNullable(reason));
    }
}
