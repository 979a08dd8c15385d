package dev.deliverykit.junit5;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.deliverykit.CrashMode;
import dev.deliverykit.Fault;
import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Repeatable;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.apiguardian.api.API;
import org.junit.jupiter.api.TestTemplate;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Runs the annotated test once per named boundary, each time crashing the workload exactly there and
 * then letting the test recover in a fresh "process" and check what survived. Like
 * {@code @ParameterizedTest}, the method is a test template: every boundary (and every repeated
 * {@code @CrashAt}) is its own invocation, with its own {@code @TempDir}, its own result and its own
 * replay key.
 *
 * <pre>{@code
 * @BoundaryCatalogueSource(OrderBoundaries.class)   // public static final BoundaryCatalogue ORDERS = ...
 * class OrderServiceCrashTest {
 *
 *     @CrashAt({"after-order-insert", "after-outbox-insert"})
 *     @CrashAt(value = "after-commit", occurrence = 2)
 *     @CrashAt(selector = "after-statement:^UPDATE outbox SET sent")
 *     void noOrderWithoutItsOutboxRow(CrashScenario scenario, @TempDir Path dir) {
 *         scenario.run(() -> orders(dir).place("o-1"));        // dies at the boundary
 *         scenario.restart(() -> relay(dir).drainAll());       // a fresh process: new objects, same files
 *         assertThat(sentMessages(dir)).containsOnlyOnce("o-1");
 *     }
 * }
 * }</pre>
 *
 * <p>The method takes a {@link CrashScenario} parameter and calls {@link CrashScenario#run} exactly once.
 * A boundary the workload never reaches fails the invocation (a crash test that crashes nowhere asserts
 * nothing), and so does a workload that swallows the crash. Every failure message ends with the case's
 * replay key, such as {@code boundary=after-outbox-insert;hit=1}; run the test with
 * {@code -Ddeliverykit.replay=<key>} to rerun only that case.
 *
 * <p>Misconfiguration fails the test before anything is instrumented, with an
 * {@link org.junit.jupiter.api.extension.ExtensionConfigurationException} naming the element and the fix:
 * an unknown boundary name (the message lists the catalogue's names), a name without a
 * {@link BoundaryCatalogueSource}, an unparseable selector spec, an occurrence below 1, no
 * {@code CrashScenario} parameter, or {@code @CrashAt} together with {@link CrashSweep}.
 *
 * <p>{@code @CrashAt} may be used as a meta-annotation; repeated, it is collected in {@link CrashAts}.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.ANNOTATION_TYPE, ElementType.METHOD})
@Repeatable(CrashAts.class)
@TestTemplate
@ExtendWith({CrashAtExtension.class, ScenarioParameterExtension.class})
@API(status = EXPERIMENTAL, since = "0.1")
public @interface CrashAt {

    /**
     * Names of boundaries in the test's {@link BoundaryCatalogueSource} catalogue(s); each is its own
     * invocation. Example: {@code @CrashAt({"after-order-insert", "after-outbox-insert"})}.
     */
    String[] value() default {};

    /**
     * Selector specs, each its own invocation, for boundaries no catalogue names, in the syntax of
     * {@link dev.deliverykit.boundary.Selector#parse(String)}: {@code after-commit},
     * {@code before-statement:^INSERT INTO outbox}, {@code after-statement=COMMIT},
     * {@code method-exit:com.acme.Relay#send(java.lang.String)}, and any of them within a place, a method that must be
     * on the stack: {@code after-commit within com.acme.Relay#relayOnce}. A place's class that is on the test class
     * path must declare the method (a configuration error lists its methods otherwise).
     */
    String[] selector() default {};

    /**
     * Which hit of the boundary crashes, counted from 1 at run time: {@code 2} is the second commit; of a selector
     * within a place, the second commit made while the place was on the stack.
     */
    int occurrence() default 1;

    /**
     * What happens at the boundary: the process dies ({@link Fault#CRASH}, the default), or the call there fails and the
     * process lives on ({@link Fault#FAILURE}; see {@link Fault} for what fails where). The case is then named
     * {@code fail after commit #1} and its replay key ends with {@code ;fault=failure}.
     *
     * <pre>{@code
     * @CrashAt(selector = "after-commit", fault = Fault.FAILURE) // the commit applied, its answer lost
     * void chargedOnce(CrashScenario scenario) { ... }
     * }</pre>
     */
    Fault fault() default Fault.CRASH;

    /**
     * In this JVM, as a real process exit, or both (each case once per mode, side by side in the report); left out
     * ({@code {}}), the configuration parameter {@value DeliveryKitConfiguration#MODE} decides (default
     * {@link CrashMode#IN_PROCESS}). The test's source is the same in both modes.
     *
     * <ul>
     *   <li>{@link CrashMode#IN_PROCESS}: in this JVM, every JDBC connection the workload opened or used is
     *       rolled back and closed, and a {@link dev.deliverykit.boundary.SimulatedCrash} unwinds the workload;
     *       {@code catch} and {@code finally} blocks of the code under test still run.</li>
     *   <li>{@link CrashMode#CHILD_PROCESS}: a child JVM, this test JVM reborn (its class path, agent, options and
     *       system properties), reruns the test method up to {@code scenario.run(...)} with the same
     *       {@code @TempDir} directories, runs the workload and halts with exit code
     *       {@value dev.deliverykit.boundary.BoundaryEngine#CRASH_EXIT_CODE} at the boundary: nothing runs after it,
     *       not even {@code finally} blocks. Recovery and assertions run in this JVM. See
     *       {@code docs/crash-modes.md}, "Which JVM runs what".</li>
     * </ul>
     *
     * <p>Example: {@code @CrashAt(value = "after-outbox-insert", mode = {CrashMode.IN_PROCESS,
     * CrashMode.CHILD_PROCESS})}; replay keys then name the mode ({@code ;mode=child-process}).
     */
    CrashMode[] mode() default {};

    /**
     * JVM options added to the child JVM of a {@link CrashMode#CHILD_PROCESS} case, after those it inherits and
     * those of {@value DeliveryKitConfiguration#CHILD_JVM_OPTIONS}: for example {@code "-Dshop.db=h2"}.
     */
    String[] childJvmOptions() default {};

    /**
     * Prefixes of the test JVM's options that the child JVM does not inherit, besides those of
     * {@value DeliveryKitConfiguration#CHILD_JVM_OPTIONS_DROPPED}: for example {@code "-Xmx"} or
     * {@code "-Dshop.db"}.
     */
    String[] childJvmOptionsDropped() default {};

    /**
     * Packages or classes of the code under test to see through when the crash site is named (the report's crash
     * site, the messages): the site is the first frame outside them, the JDK, JDBC drivers, pools, known
     * frameworks and transaction helpers (methods taking a lambda). Adds to
     * {@value DeliveryKitConfiguration#SITE_SEE_THROUGH}. Example: {@code seeThrough = "com.example.db"}; see
     * {@link CrashSweep#seeThrough()}.
     */
    String[] seeThrough() default {};
}
