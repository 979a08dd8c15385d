package dev.deliverykit.junit5;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.deliverykit.CrashMode;
import dev.deliverykit.Workload;
import dev.deliverykit.boundary.CrashResult;
import dev.deliverykit.boundary.ProcessWorkload;
import dev.deliverykit.boundary.Recording;
import dev.deliverykit.junit5.internal.execution.CrashRun;
import dev.deliverykit.junit5.internal.planning.KitCase;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * The crash case of one invocation of a {@link CrashAt} or {@link CrashSweep} test, injected as a
 * parameter: run the workload once (it dies at the case's boundary), recover as a fresh process, then assert.
 *
 * <pre>{@code
 * @CrashAt({"boundary-1", "boundary-2"})
 * void exactlyOneReservation(CrashScenario scenario, @TempDir Path dir) throws Exception {
 *     scenario.run(() -> {
 *         try (Orchestrator orchestrator = orchestrator(dir)) {
 *             orchestrator.submit(INTENT);                     // dies at the boundary
 *         }
 *     });
 *     scenario.restart(() -> {                                 // a fresh process: new objects, the same files
 *         try (Orchestrator recovered = orchestrator(dir)) {
 *             recovered.submit(INTENT);
 *             recovered.recover();
 *         }
 *     });
 *     long effects = effects(dir);
 *     scenario.observe("effects", effects);                    // a column of the crash report
 *     assertThat(effects).as("effects for reserve42").isEqualTo(1);
 * }
 * }</pre>
 *
 * <p><b>In process</b> ({@link CrashMode#IN_PROCESS}): {@link #run(Workload)} runs the lambda in this JVM;
 * at the boundary every JDBC connection the workload opened or used is rolled back and closed and a
 * {@link dev.deliverykit.boundary.SimulatedCrash} unwinds it (do not catch {@code Throwable} or
 * {@code Error} around the code under test). <b>Real process</b> ({@link CrashMode#CHILD_PROCESS}), with the same
 * source: {@link #run(Workload)} starts a child JVM, this test JVM reborn, which reruns the test method up to
 * {@code scenario.run(...)} with the same {@code @TempDir} directories, runs the lambda there and halts with exit
 * code 73 at the boundary; this JVM never runs the lambda. {@link #run(Class, String...)} runs a
 * {@link ProcessWorkload} class instead, in whichever JVM runs the workload.
 *
 * <p><b>Which JVM runs what</b> in a {@code CHILD_PROCESS} case: the child runs the test class's set-up
 * ({@code @BeforeAll}, field initialisers, {@code @BeforeEach}, parameters) and the test method up to
 * {@code scenario.run(...)}, then the workload, and dies; this JVM runs all of it too, except the workload, and
 * everything after: {@link #restart}, assertions, {@code @CheckInvariant}, {@code @AfterEach}. Code before
 * {@code scenario.run(...)} therefore runs twice; what it writes in the invocation's own {@code @TempDir}
 * directories is written once all the same (the child's rerun finds them empty, as at the invocation's start, and
 * its workload starts from this JVM's files), while state elsewhere that the workload starts from (a server's
 * rows, a static {@code @TempDir}) belongs in {@link #prepare(Workload)}, which runs once. See {@code docs/crash-modes.md}, "Which JVM runs what".
 *
 * <p>{@link #restart(Workload)} runs the recovery in this JVM, which after the crash plays the fresh
 * process: it must build new objects on the same files (nothing of the dead workload survives but what it
 * committed). In a sweep's first invocation ({@link #isCrashFree()}) {@code run} does not crash but records
 * the boundaries; the recovery and assertions run all the same.
 *
 * <p>A run that never reaches its boundary fails with
 * {@link dev.deliverykit.boundary.BoundaryNotReachedError} listing the boundaries it did reach. What the dead
 * process still tries after an in-process crash is refused and reported, never a failure: the case is judged
 * by the recovery, the assertions and the invariants, as after a real exit. One scenario per invocation; not for
 * use from several threads at once.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class CrashScenario extends Scenario {

    private final CrashRun run;

    CrashScenario(CrashRun run) {
        super(run);
        this.run = run;
    }

    /**
     * Writes the state the workload starts from (a seed row, an order already placed), once: in this JVM, before the
     * workload's process starts. A child JVM rerunning a {@link CrashMode#CHILD_PROCESS} case skips it, so the
     * fixture is not written twice; in process it simply runs. Call it before {@link #run}, from the test method or
     * a {@code @BeforeEach} method that takes the scenario as a parameter.
     *
     * <pre>{@code
     * scenario.prepare(() -> orders(dir).placeOrder("o-1", "alice", 1250));
     * scenario.run(() -> relay(dir).publishPending());
     * }</pre>
     *
     * @throws IllegalStateException if the workload ran already
     * @throws Exception whatever the fixture throws
     */
    public void prepare(Workload fixture) throws Exception {
        run.prepare(fixture);
    }

    /**
     * Runs the workload and crashes it at the case's boundary (a sweep's crash-free run: records instead): in this
     * JVM, or for a {@link CrashMode#CHILD_PROCESS} case in a child JVM that reruns the test method up to here and
     * halts at the boundary. Call it once per invocation, from the test method.
     */
    public void run(Workload workload) {
        run.run(workload);
    }

    /**
     * Runs a {@link ProcessWorkload} class with {@code args}: in a child JVM that halts with exit code 73 at the
     * boundary for a {@link CrashMode#CHILD_PROCESS} case, otherwise in this JVM. Call it once per invocation.
     *
     * @throws IllegalArgumentException if the class is not public, concrete, top-level or static nested with a
     *     public no-argument constructor
     */
    public void run(Class<? extends ProcessWorkload> workload, String... args) {
        run.run(workload, args);
    }

    /**
     * Names databases that belong to another process (the remote receiver, a second service), by the start
     * of their JDBC URL: an in-process crash leaves their connections open instead of rolling back and
     * closing every connection of the JVM; the dying process still does nothing more on them. Call it before
     * {@link #run}. See {@code docs/crash-modes.md}, "The process in the test's JVM".
     *
     * <pre>{@code
     * scenario.otherProcessDatabases("jdbc:sqlite:" + dir.resolve("shipping.db"));
     * scenario.run(() -> relay.publishPending());
     * }</pre>
     *
     * @throws IllegalStateException if the workload ran already
     */
    public void otherProcessDatabases(String... jdbcUrlPrefixes) {
        run.otherProcessDatabases(jdbcUrlPrefixes);
    }

    /**
     * Recovers after the crash, in this JVM: new connections and new objects on the same files, as a fresh
     * process would. May be called more than once (several restarts in a row).
     *
     * <p>In a {@link CrashSweep#crashRecovery()} sweep the first call does more, still in this JVM, in either mode:
     * in a crash case it records the boundaries the recovery reaches (as a crash-free run, so the recovery is a
     * process: threads outside it must not use JDBC meanwhile); in a recovery crash case it crashes the recovery at
     * the case's hit, as the in-process crash of a fresh process, and then runs {@code recovery} again, the next
     * fresh process, with no crash. Later calls run plainly.
     *
     * @throws IllegalStateException if {@link #run} was not called first
     * @throws Exception whatever the recovery throws
     */
    public void restart(Workload recovery) throws Exception {
        run.restart(recovery);
    }

    /** Whether this is a sweep's crash-free recording run, in which {@link #run} crashes nowhere. */
    public boolean isCrashFree() {
        return run.crashCase() instanceof KitCase.RecordBoundaries;
    }

    /** {@link CrashMode#IN_PROCESS} or {@link CrashMode#CHILD_PROCESS}: the annotation's mode, else the configured default. */
    public CrashMode mode() {
        return run.crashCase().mode();
    }

    /** Where and how the workload died, once {@link #run} has crashed it; empty before, and in a crash-free run. */
    public Optional<CrashResult> crash() {
        return run.crash();
    }

    /** The boundaries a crash-free run reached, once {@link #run} has recorded them; empty in a crash case. */
    public Optional<Recording> recording() {
        return run.recording();
    }
}
