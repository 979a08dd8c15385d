package dev.deliverykit.junit5;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.apiguardian.api.API;

/**
 * Declares guarantees (by {@link Guarantee#id()}) that the code under this test class does not promise: their tests
 * are skipped, saying why, in JUnit and in the crash report ("not promised: ..."), never silently. Use it for a
 * design decision, not to hide a failure.
 *
 * <pre>{@code
 * @NotPromised(value = OrderedInboxContract.UNSUPPORTED_VERSION_BLOCKS,
 *         because = "the consumer has one message version; a new one ships with a new topic")
 * class ShippingInboxContractTest implements OrderedInboxContract { ... }
 * }</pre>
 *
 * <p>An id that no {@code @Guarantee} test of the class has is a configuration error (a typo would otherwise
 * leave the guarantee checked, or a renamed one unchecked without notice), and so is a blank reason.
 */
@Documented
@Inherited
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.ANNOTATION_TYPE, ElementType.TYPE})
@API(status = EXPERIMENTAL, since = "0.1")
public @interface NotPromised {

    /** The ids of the guarantees not promised, such as {@code receiver.concurrent-workers-one-key}. */
    String[] value();

    /** Why not, in the words of the design: it is the skip reason in JUnit and in the report. */
    String because();
}
