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
 * Declares an {@link dev.deliverykit.invariant.Invariant} once per test class; the kit then checks it after
 * every invocation of every {@link CrashAt}, {@link CrashSweep} (its crash-free recording run included) and
 * {@link DeliverInOrder} test in the class, in its {@code @Nested} classes and in its subclasses.
 *
 * <pre>{@code
 * @BoundaryCatalogueSource(OrderBoundaries.class)
 * class OrderServiceCrashTest {
 *
 *     @TempDir
 *     Path dir;                                          // a new directory for every invocation
 *
 *     @CheckInvariant                                    // checked after each of the three invocations below
 *     Invariant exactlyOncePerOrder = Invariants.exactlyOncePerKey()
 *             .intentsFrom(JdbcSource.url(() -> "jdbc:sqlite:" + dir.resolve("orders.db")).named("orders.db"),
 *                     "SELECT order_id FROM outbox")
 *             .effectsIn(JdbcSource.url(() -> "jdbc:sqlite:" + dir.resolve("shipping.db")).named("shipping.db"),
 *                     "shipment", "order_id");
 *
 *     @CrashAt({"after-order-insert", "after-outbox-insert", "after-commit"})
 *     void placeOrder(CrashScenario scenario) throws Exception {
 *         scenario.run(() -> orders(dir).place("o-1"));           // dies at the boundary
 *         scenario.restart(() -> relay(dir).drainAll());          // recovery; then exactlyOncePerOrder is checked
 *     }
 * }
 * }</pre>
 *
 * <p><b>When.</b> After the test method has returned or failed (so after the recovery it runs), before
 * {@code @AfterEach} methods, once the invocation has started its workload ({@code scenario.run(...)} or
 * {@code scenario.deliver(...)}). An invocation whose test aborted (a failed assumption) is not checked.
 *
 * <p><b>What it does.</b> Every declared invariant is checked, each becomes a red or green cell of the
 * invocation's row in the report, and the invocation fails if any is violated. The failure names each
 * violated invariant's field, gives the invariant's own message (its violations) and ends with the case and
 * its replay key:
 *
 * <pre>
 * 1 of 1 invariant declared with &#64;CheckInvariant violated after crash at boundary-1 #1 and recovery:
 * [MarkFirstTest.exactlyOnce] exactly once per key: violated (checked 1 intent key, 0 effect rows)
 *   lost intent: 1 key
 *     reserve42:1:0: found 0 effects, expected exactly 1
 *
 * DeliveryKit case: crash at boundary-1 #1 (in process)
 * Replay only this case: -Ddeliverykit.replay='boundary=boundary-1;hit=1'
 * </pre>
 *
 * <p>If the test method itself failed (a failing {@code scenario.assertHolds(...)}, an assertion), the invariants
 * are still checked and reported, and the invocation's failure shows both: the test's own message first, then
 * the invariants' failures, then the case block. When the run itself failed ({@code scenario.run(...)} threw:
 * the boundary was not reached, the crash was swallowed, ...), no recovery ran, so the invariants' failures are
 * attached as suppressed exceptions instead of joining the message. Invariants are checked and listed in the
 * order their fields are declared (superclass fields first).
 *
 * <p><b>Fields.</b> Static or instance fields of type {@code Invariant} (or a subtype), of any visibility,
 * in the test class, its superclasses and, for {@code @Nested} tests, its enclosing classes. An invariant
 * built in a field initializer must resolve its databases lazily (as {@code JdbcSource.url(() -> ...)} and
 * {@code JdbcSource} lambdas do), because a {@code @TempDir} field is injected after the instance is
 * constructed; alternatively assign the field in a {@code @BeforeEach} method. Invariants are read after the
 * {@code @BeforeEach} methods ran, just before the test method.
 *
 * <p><b>Mistakes</b> are configuration errors that name the field and the fix, raised before any workload
 * runs: a field whose type is not {@code Invariant}, a field that is {@code null}, two fields whose invariants
 * have the same {@link dev.deliverykit.invariant.Invariant#name() name} (their report cells would be one),
 * and a class with {@code @CheckInvariant} fields but no {@code @CrashAt}, {@code @CrashSweep} or
 * {@code @DeliverInOrder} test in it or its {@code @Nested} classes (nothing would ever check them).
 *
 * <p>{@link CrashScenario#assertHolds} and {@link DeliveryScenario#assertHolds} remain for invariants that
 * belong to one test only. May be used as a meta-annotation on a field annotation of your own.
 *
 * <p><b>A test that cannot fail is refused.</b> After the crash-free run of a {@link CrashSweep} (before its
 * {@code scenario.restart(...)}), the kit reads the declared invariants once more: if the workload committed and
 * every invariant still read no row (or could not read its tables), nothing the workload did reached the
 * databases they read, so no crash case could ever fail, and the run fails saying so. Typical causes are commits
 * that do not survive a process exit (H2's default {@code WRITE_DELAY}, SQLite with {@code synchronous=OFF}), an
 * in-memory database, or invariants that read another file than the one written. An invariant that reads no row
 * by design (a table that stays empty unless something goes wrong) says so with {@link #emptyByDesign()};
 * {@code Invariants.noRows(...)} always does.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.ANNOTATION_TYPE, ElementType.FIELD})
@ExtendWith({CheckInvariantExtension.class, ScenarioParameterExtension.class})
@API(status = EXPERIMENTAL, since = "0.1")
public @interface CheckInvariant {

    /**
     * Whether this invariant reads no row after a crash-free run by design, so that its reading nothing is no sign of
     * a test that cannot fail (see "A test that cannot fail is refused" above). Default {@code false}.
     */
    boolean emptyByDesign() default false;
}
