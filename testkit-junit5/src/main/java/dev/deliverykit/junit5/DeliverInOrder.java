package dev.deliverykit.junit5;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.deliverykit.order.DeliveryMode;
import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.apiguardian.api.API;
import org.junit.jupiter.api.TestTemplate;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Runs the annotated test once per delivery order: the calls the workload makes to a consumer entry point
 * are delivered in that order (duplicates and omissions included), in code the kit has never seen, and then
 * the test checks the consumer's committed state.
 *
 * <pre>{@code
 * @DeliverInOrder(entryPoint = "com.acme.Consumer#receive(com.acme.Event)", messageId = "eventId",
 *         permutationsOf = {"A1", "A2", "A3"}, orders = "A3,A1,A2,A3")
 * void everyArrivalOrderEndsReleased(DeliveryScenario scenario, @TempDir Path dir) throws Exception {
 *     try (Consumer consumer = new Consumer(db(dir))) {
 *         scenario.deliver(() -> {               // the sends are captured, then released in the order
 *             consumer.receive(A1);
 *             consumer.receive(A2);
 *             consumer.receive(A3);
 *         });
 *         consumer.drain("A", 10);
 *     }
 *     scenario.assertHolds(CONTIGUOUS_PREFIX_PER_FLOW);
 * }
 * }</pre>
 *
 * <p>Every order is its own invocation, named {@code deliver A3,A1,A2,A3}, with the replay key
 * {@code order=A3,A1,A2,A3}. The test takes a {@link DeliveryScenario} and calls
 * {@link DeliveryScenario#deliver} exactly once. How the order is forced (capturing the calls of one sending
 * thread and releasing them, or holding several senders) and its limits are described in
 * {@link dev.deliverykit.order}. A bad entry point, message id or order, more orders than {@link #maxCases()},
 * and, when {@link #messages()} declares what the workload sends, an order naming a message the workload never
 * sends, are configuration errors before anything runs. It cannot be combined with {@link CrashAt} or
 * {@link CrashSweep} on one method yet.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.ANNOTATION_TYPE, ElementType.METHOD})
@TestTemplate
@ExtendWith({DeliverInOrderExtension.class, ScenarioParameterExtension.class})
@API(status = EXPERIMENTAL, since = "0.1")
public @interface DeliverInOrder {

    /**
     * The consumer entry point: {@code com.acme.Consumer#receive(com.acme.Event)} (the class that declares the
     * method with a body; nested classes by binary name).
     */
    String entryPoint();

    /**
     * How to read a call's message id from its message argument: a public accessor {@code "eventId()"}, a public
     * field or record component {@code "eventId"}; empty: the message's {@code toString()}.
     */
    String messageId() default "";

    /** Which argument of the entry point is the message, from 0. */
    int messageArgument() default 0;

    /** Orders to deliver, each its own invocation: {@code "A3,A1,A2,A3"} (duplicates and omissions allowed). */
    String[] orders() default {};

    /**
     * Message ids to deliver in every permutation, each its own invocation (at most 8 ids, and at most
     * {@link #maxCases()} orders in all: 5 ids give 120 orders, 8 ids 40,320).
     */
    String[] permutationsOf() default {};

    /**
     * The ids of the messages the workload sends, for example {@code {"A1", "A2", "A3"}}: an order (or
     * {@link #permutationsOf()}) that names any other id is then a configuration error before anything runs.
     * Empty (default): not declared, and such an id fails its invocation, after the workload ran, as a message that
     * never arrived.
     */
    String[] messages() default {};

    /**
     * At most this many orders (invocations), counting {@link #orders()} and the permutations; more fail the test
     * with a configuration error before anything runs. Default {@value #DEFAULT_MAX_CASES}.
     */
    int maxCases() default DEFAULT_MAX_CASES;

    /** The default of {@link #maxCases()}: every permutation of 5 ids. */
    int DEFAULT_MAX_CASES = 120;

    /** Capture one sender's calls and release them in order (default), or hold several sending threads. */
    DeliveryMode mode() default DeliveryMode.CAPTURE_AND_RELEASE;
}
