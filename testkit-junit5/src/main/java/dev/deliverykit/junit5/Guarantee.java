package dev.deliverykit.junit5;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.apiguardian.api.API;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Says which guarantee of which role a test checks, so that the crash report groups it with the role's other
 * guarantees ("idempotent receiver: 6 of 7 guarantees hold; concurrent workers on one key: 4 effects"), and so that
 * a test class can declare it {@link NotPromised}. Every check of the contracts in
 * {@code dev.deliverykit.junit5.contract} carries one; a test of your own may carry one too. On a plain
 * {@code @Test} as on a {@link CrashSweep}, {@link CrashAt} or {@link DeliverInOrder} test.
 *
 * <pre>{@code
 * @Guarantee(id = "shipping.label-once", role = "shipping", name = "one label per shipment",
 *         value = "a shipment retried after a timeout gets the label it got the first time",
 *         seed = "protocols.md section 1: same key + same digest returns the stored result")
 * @Test
 * void aRetriedShipmentKeepsItsLabel(@TempDir Path dir) { ... }
 * }</pre>
 *
 * <p>The report (report.json {@code guarantees}, a section of report.html and report.md) lists, per test class and
 * role, every guarantee with its verdict: holds, violated (with the first finding: a plain test's first failure
 * line, a template's first violated invariant), not promised (with the reason) or skipped.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.ANNOTATION_TYPE, ElementType.METHOD})
@ExtendWith(GuaranteeExtension.class)
@API(status = EXPERIMENTAL, since = "0.1")
public @interface Guarantee {

    /**
     * The stable id, {@code <role>.<guarantee>} in lower case with dashes, such as
     * {@code receiver.duplicate-same-parameters}: what {@link NotPromised} names and the report keys by.
     */
    String id();

    /** The role whose guarantee this is, as the report groups it: {@code idempotent receiver}. */
    String role();

    /** A few words the report line starts with: {@code concurrent workers on one key}. */
    String name();

    /** The guarantee in one sentence: {@code four workers handling one key at the same time make one effect}. */
    String value();

    /** The seed table or rule of {@code docs/protocols.md} it generalises, for example {@code protocols.md §1, 3 x 5 crash matrix}. */
    String seed() default "";
}
