package dev.deliverykit.junit5;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.deliverykit.CrashMode;
import dev.deliverykit.Fault;
import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.apiguardian.api.API;
import org.junit.jupiter.api.TestTemplate;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Crashes the workload at every boundary occurrence it reaches, one invocation per occurrence, without the
 * test naming a single boundary.
 *
 * <pre>{@code
 * @CrashSweep(kinds = SweepKind.COMMITS)
 * void exactlyOneReservation(CrashScenario scenario, @TempDir Path dir) {
 *     scenario.run(() -> orchestrator(dir).submit(INTENT));
 *     scenario.restart(() -> { orchestrator(dir).submit(INTENT); orchestrator(dir).recover(); });
 *     assertThat(effects(dir)).isEqualTo(1);
 * }
 * }</pre>
 *
 * <p><b>How the sweep runs.</b> The test method contains the workload, so the sweep learns the boundaries
 * by running the test itself:
 * <ol>
 *   <li>Invocation 1, {@code record boundaries (crash-free run)}: {@link CrashScenario#run} runs the
 *       workload without a crash and records every hit of the swept kinds; the recovery and the assertions
 *       then run too, so the crash-free run is checked like every other case.</li>
 *   <li>Invocations 2..n, one per recorded hit, named for example
 *       {@code crash after commit #3 in OutboxRelay.publishPending (via Database.inTransaction)}: the same test,
 *       crashing at that hit, then recovery and assertions.</li>
 * </ol>
 * The provider's stream of invocations is lazy: JUnit asks for invocation 2 only after invocation 1 has
 * run, and that is when the recording is turned into cases. So the workload must do the same thing on
 * every run (same files, same order); a hit that a crash run does not reach fails that invocation with
 * the list of boundaries it did reach. If the crash-free workload itself fails, or the test never calls
 * {@link CrashScenario#run}, no crash case is generated; a failure after a completed recording (an assertion,
 * a {@link CheckInvariant} invariant) fails the recording invocation, and the crash cases still run. Rerunning one crash invocation alone by its
 * unique id (an IDE's "rerun failed") cannot work, because the recording did not run; use the replay key
 * instead: {@code -Ddeliverykit.replay=<key>} runs exactly that case, without the recording.
 *
 * <p><b>Equivalent points are crashed once.</b> Between two statements of one transaction nothing is committed,
 * so a crash there leaves the same rows as a crash before its commit, and the same recovery runs on them. The
 * sweep puts the recorded points in classes of points that leave the same world behind
 * ({@link dev.deliverykit.boundary.EquivalentCrashPoints}: no commit, no change a statement makes by itself, no
 * watched method between them) and crashes at the first point of each class; its case stands for the others,
 * which the report lists under it with the sweep's counts (points, classes, cases run, pruned). Code that
 * changes the world outside its databases where the engine does not see it (a file, a message sent by a method
 * that is no boundary) must name those calls as catalogue boundaries or sweep with {@link #exhaustive()}.
 *
 * <p><b>Keys.</b> A case at a commit or statement is keyed by the method it is in and its occurrence there:
 * {@code selector=after-commit;within=com.example.orders.OutboxRelay#publishPending;hit=1}, the first commit made
 * while {@code publishPending} was on the stack. A commit added elsewhere in the workload leaves the key naming the
 * same point. Keys of the form {@code selector=after-commit;hit=3} (the third commit of the run) replay too.
 *
 * <p>Cases beyond {@link #maxCases()} fail the test with a configuration error that lists the hits per
 * boundary and how to narrow the sweep; nothing beyond the recording has run then.
 *
 * <p>With {@link #crashRecovery()} the sweep crashes the recovery too: after every crash case, one more case per
 * boundary hit of its recovery ({@code crash after commit #2 in Relay.publish, then after commit #1 in
 * Relay.recover}).
 *
 * <p>Runs must not overlap in this JVM: with JUnit's parallel execution enabled the test class must be
 * {@code @Isolated} (see {@link DeliveryKitConfiguration}).
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.ANNOTATION_TYPE, ElementType.METHOD})
@TestTemplate
@ExtendWith({CrashSweepExtension.class, ScenarioParameterExtension.class})
@API(status = EXPERIMENTAL, since = "0.1")
public @interface CrashSweep {

    /** The boundaries to record and crash at; by default every commit, every statement and every catalogue boundary. */
    SweepKind[] kinds() default {SweepKind.COMMITS, SweepKind.STATEMENTS, SweepKind.CATALOGUE};

    /**
     * Only these catalogue boundaries (names from the {@link BoundaryCatalogueSource}); empty: all of them.
     * Applies to {@link SweepKind#CATALOGUE}.
     */
    String[] boundaries() default {};

    /**
     * Only statements whose SQL contains a match of one of these regular expressions (case-insensitive,
     * whitespace collapsed, as in {@link dev.deliverykit.boundary.Selector#beforeStatement(String)}); empty:
     * every statement. Applies to {@link SweepKind#STATEMENTS}. Example: {@code sql = "^(INSERT|UPDATE)"}.
     */
    String[] sql() default {};

    /**
     * Only hits reached while one of these methods was on the stack, as {@code Type#method} with the class's fully
     * qualified name (nested classes with {@code $}); empty: every hit. Example:
     * {@code within = "com.example.orders.shipping.ShippingConsumer#apply"} sweeps the statements and commits made
     * in {@code apply} and in what it calls. The cases are named and keyed as without it (by the method of each
     * case's site, see {@link #seeThrough()}), so their keys are the same in a narrow and in a full sweep.
     */
    String[] within() default {};

    /**
     * At most this many crash cases; more fail the test with a message saying how to narrow the sweep.
     * {@code -1}: the configuration parameter {@value DeliveryKitConfiguration#SWEEP_MAX_CASES} (default
     * {@value DeliveryKitConfiguration#DEFAULT_SWEEP_MAX_CASES}).
     */
    int maxCases() default -1;

    /**
     * {@code true}: crash at every recorded point, also at points equivalent to one crashed already; left
     * {@code false}, the configuration parameter {@value DeliveryKitConfiguration#SWEEP_EXHAUSTIVE} decides
     * (default: one crash per class of equivalent points).
     */
    boolean exhaustive() default false;

    /**
     * Crashes the recovery too: a recovery that crashes half-way and is run again must still be right. Each crash
     * case records the boundaries its first {@link CrashScenario#restart} reaches (in this JVM, with the sweep's
     * kinds and filters); once every crash case has run, the sweep adds one case per recorded recovery hit: the
     * same crash (in its mode), then the first restart crashing at that hit in this JVM, as the in-process crash of
     * a fresh process (its connections rolled back and closed, nothing more it does reaches a database), then the
     * same restart lambda again, a fresh process with no crash, then the assertions and {@link CheckInvariant}s.
     * Later restart calls of the test run plainly. It costs a case per first crash and recovery hit; the cap is
     * {@link #maxRecoveryCases()}. {@code false}: the configuration parameter
     * {@value DeliveryKitConfiguration#SWEEP_CRASH_RECOVERY} (default {@code false}) decides.
     *
     * <pre>{@code
     * @CrashSweep(kinds = SweepKind.COMMITS, crashRecovery = true)
     * void publishedOnce(CrashScenario scenario, @TempDir Path dir) throws Exception {
     *     scenario.run(() -> new Relay(dir).publish("m-1"));
     *     scenario.restart(() -> new Relay(dir).recover()); // recorded, then crashed at each of its commits
     * }
     * // [9] crash after commit #2 in Relay.publish, then after commit #1 in Relay.recover
     * //     -Ddeliverykit.replay='selector=after-commit;hit=2;recovery.selector=after-commit;recovery.hit=1'
     * }</pre>
     */
    boolean crashRecovery() default false;

    /**
     * At most this many recovery crash cases ({@link #crashRecovery()}) for the whole sweep, per mode; more fail the
     * test, once every first crash case has run and before any recovery crash case runs, with a message listing the
     * recovery hits per first crash. {@code -1}: the configuration parameter
     * {@value DeliveryKitConfiguration#SWEEP_MAX_RECOVERY_CASES} (default
     * {@value DeliveryKitConfiguration#DEFAULT_SWEEP_MAX_RECOVERY_CASES}).
     */
    int maxRecoveryCases() default -1;

    /**
     * What happens at each recorded point; by default a crash. {@link Fault#FAILURE} adds, at every point (not pruned),
     * a case whose call there fails while the process lives on: a lost connection before a statement or commit, a commit
     * applied whose answer is lost, a watched method that fails before it runs or after its effect (see {@link Fault}).
     * The code under test handles it as in production, then recovery, assertions and invariants judge, as after a
     * crash. Failure cases are named {@code fail after commit #1 in OrderService.place} and keyed with
     * {@code ;fault=failure}.
     *
     * <pre>{@code
     * @CrashSweep(faults = {Fault.CRASH, Fault.FAILURE})
     * void publishedOnce(CrashScenario scenario, @TempDir Path dir) { ... }
     * // [12] fail after commit #1 in Relay.publish  -Ddeliverykit.replay='selector=after-commit;within=...;hit=1;fault=failure'
     * }</pre>
     */
    Fault[] faults() default {Fault.CRASH};

    /**
     * In this JVM, as a real process exit, or both; left out, the configured default; as in {@link CrashAt#mode()}.
     * The recording runs in the mode of the crashes it numbers: with both modes, each mode has its own recording
     * and its own crash cases, so that a hit number means the same point in the recording and in the crash.
     */
    CrashMode[] mode() default {};

    /** JVM options added to the child JVMs of {@link CrashMode#CHILD_PROCESS} runs; as in {@link CrashAt#childJvmOptions()}. */
    String[] childJvmOptions() default {};

    /** Prefixes of inherited options the child JVMs leave out; as in {@link CrashAt#childJvmOptionsDropped()}. */
    String[] childJvmOptionsDropped() default {};

    /**
     * Packages or classes of the code under test to see through when a case is named. A case is named after the
     * first frame, from the boundary outward, that is not the JDK, a JDBC driver, a pool, a known framework, a
     * transaction helper (a method taking a lambda, such as {@code Database.inTransaction(String, Work)}) or in
     * one of these, with the helpers it went through:
     * {@code crash after commit #3 in OutboxRelay.publishPending (via Database.inTransaction)}. A package covers
     * its subpackages; a class, its nested classes. Adds to {@value DeliveryKitConfiguration#SITE_SEE_THROUGH}.
     * The site's method is also the place a commit or statement case is keyed by, so seeing through a class changes
     * the keys of the cases sited in it. Example: {@code @CrashSweep(seeThrough = "com.example.orders.db")}
     * names a crash in {@code Database.createTables} after its caller, {@code OrderSchema.createIfMissing}.
     */
    String[] seeThrough() default {};
}
