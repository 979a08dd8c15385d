package dev.deliverykit.junit5.internal.execution;

import static org.apiguardian.api.API.Status.INTERNAL;

import dev.deliverykit.boundary.KitModules;
import dev.deliverykit.invariant.Invariant;
import dev.deliverykit.invariant.InvariantResult;
import dev.deliverykit.invariant.Verdict;
import dev.deliverykit.junit5.internal.planning.KitCase;
import dev.deliverykit.junit5.internal.report.CaseEntry;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.apiguardian.api.API;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * One invocation's run of its case: the workload once, then the checks. What every kind of case shares (its
 * row of the report, the invariants it checks); {@link CrashRun} crashes or records, {@link DeliveryRun}
 * delivers in order. Lives in the invocation's store under {@link #NAMESPACE}.
 */
@API(status = INTERNAL, since = "0.1")
public abstract sealed class CaseRun permits CrashRun, DeliveryRun, ScheduleRun {

    static {
        KitModules.register(CaseRun.class); // before a workload runs, so that its frames are the kit's
    }

    /** Where an invocation's run is kept in its store. */
    static final ExtensionContext.Namespace NAMESPACE = ExtensionContext.Namespace.create(CaseRun.class);

    private final CaseEntry entry;
    private boolean ran;
    private Throwable verdict;
    private final CaseInvariants invariants;

    CaseRun(CaseEntry entry) {
        this.entry = Objects.requireNonNull(entry, "entry");
        this.invariants = new CaseInvariants(this);
    }

    /** The run of the invocation whose context this is, if it is a kit invocation. */
    public static Optional<CaseRun> of(ExtensionContext invocation) {
        return Optional.ofNullable(invocation.getStore(NAMESPACE).get(CaseRun.class, CaseRun.class));
    }

    /** Keeps {@code run} as the run of the invocation whose context this is. */
    static void keep(ExtensionContext invocation, CaseRun run) {
        invocation.getStore(NAMESPACE).put(CaseRun.class, run);
    }

    /** The case. */
    public abstract KitCase crashCase();

    /** The failure of a test that never started its workload. */
    abstract String neverRan();

    /**
     * {@code The test never called <call>, so <case> <didNothing> and the test asserted nothing about <about>.},
     * the fix, and the case's block.
     */
    final String neverCalled(String call, String didNothing, String about, String fix) {
        return ScenarioMessages.neverCalled(call, crashCase().displayName(), didNothing, about, fix)
                        .lines()
                + "\n\n" + FailureMessages.block(crashCase());
    }

    /** Where the whole output of the case's failed child JVM was written, if one failed and the report is on. */
    Optional<Path> childOutputFile() {
        return Optional.empty();
    }

    /**
     * What a failure's message shows just before the case's block, ending with a blank line: a schedule's timeline;
     * nothing for other cases.
     */
    String timeline() {
        return "";
    }

    /** The end of the invariants' failure header: {@code " and recovery:"} after a crash. */
    abstract String afterWhat();

    public final CaseEntry entry() {
        return entry;
    }

    /** Marks the workload as started; a second start is refused. */
    final synchronized void startOnce() {
        if (ran) {
            throw new IllegalStateException(
                    ScenarioMessages.startedTwice(crashCase().displayName()).sentences());
        }
        ran = true;
    }

    /** Whether the workload was started. */
    final synchronized boolean ran() {
        return ran;
    }

    /** Keeps the engine's verdict that failed this run, so that a test cannot hide it by catching it. */
    final synchronized void failedWith(Throwable failure) {
        verdict = failure;
    }

    /**
     * The engine's verdict that failed this run ({@code BoundaryNotReachedError}, a crashed process that
     * kept working, ...), kept so that a test cannot hide it by catching it.
     */
    final synchronized Optional<Throwable> verdict() {
        return Optional.ofNullable(verdict);
    }

    /**
     * Checks every invariant (all of them, so that every cell of the report's row is filled), records each
     * result in the report, and fails if any is violated, with the message of each violated one.
     */
    public final List<InvariantResult> assertHolds(Invariant... checks) {
        if (checks.length == 0) {
            throw new IllegalArgumentException(
                    "assertHolds needs at least one invariant, such as" + " Invariants.exactlyOncePerKey()...");
        }
        List<InvariantResult> results = new ArrayList<>();
        for (Invariant invariant : checks) {
            results.add(checkAndRecord(Objects.requireNonNull(invariant, "invariant")));
        }
        List<InvariantResult> violated = results.stream()
                .filter(result -> result.verdict() == Verdict.VIOLATED)
                .toList();
        if (!violated.isEmpty()) {
            StringBuilder message = new StringBuilder(
                    InvariantFailureMessages.violated(violated.size(), results.size(), false, false, afterWhat()));
            violated.forEach(result -> message.append('\n').append(result.message()));
            throw new AssertionError(message.toString());
        }
        return List.copyOf(results);
    }

    /** The {@code @CheckInvariant} invariants of this invocation, and their checking. */
    final CaseInvariants invariants() {
        return invariants;
    }

    /** Checks {@code invariant} and records its result in the case's row of the report. */
    final InvariantResult checkAndRecord(Invariant invariant) {
        InvariantResult result = invariant.check();
        entry.checked(result);
        return result;
    }

    /** Adds a named value to the case's row in the report. */
    public final void observe(String name, Object value) {
        entry.observe(name, value);
    }
}
