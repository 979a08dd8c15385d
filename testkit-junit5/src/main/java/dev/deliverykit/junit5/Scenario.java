package dev.deliverykit.junit5;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.deliverykit.invariant.Invariant;
import dev.deliverykit.invariant.InvariantResult;
import dev.deliverykit.junit5.internal.execution.CaseRun;
import java.util.List;
import org.apiguardian.api.API;

/**
 * What every case of the kit offers its test, a {@link CrashScenario}, a {@link DeliveryScenario} or a
 * {@link ScheduleScenario}:
 * checking invariants, adding values to the case's row of the report, and the case's name and replay key.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public abstract sealed class Scenario permits CrashScenario, DeliveryScenario, ScheduleScenario {

    private final CaseRun run;

    Scenario(CaseRun run) {
        this.run = run;
    }

    /**
     * Checks the invariants against the committed state (after recovery, for a crash case): every one of them is
     * checked and becomes a red or green cell of this case's row in the report; then the test fails if any is
     * violated, with each violated invariant's message (which keys, what was found, what was expected).
     *
     * <pre>{@code
     * scenario.restart(() -> recover(dir));
     * scenario.assertHolds(Invariants.exactlyOncePerKey()
     *         .intentsFrom(orchestratorDb, "SELECT command_id FROM outbox")
     *         .effectsIn(warehouseDb, "effect", "intent_id"));
     * }</pre>
     *
     * @return the results, all holding
     * @throws AssertionError if any invariant is violated
     */
    public final List<InvariantResult> assertHolds(Invariant... invariants) {
        return run.assertHolds(invariants);
    }

    /**
     * Adds a named number to this case's row of the report (report.json, a column of report.html), for
     * example {@code scenario.observe("effects", 2)}.
     */
    public final void observe(String name, long value) {
        run.observe(name, value);
    }

    /** Adds a named text to this case's row of the report, for example a final state. */
    public final void observe(String name, String value) {
        run.observe(name, value);
    }

    /**
     * The case's replay key: {@code boundary=boundary-1;hit=1}, {@code crash=none} for a sweep's crash-free run,
     * {@code order=A3,A1,A2,A3} for a delivery order, {@code schedule=relay-a:1,relay-b:1,relay-a:1} for a schedule.
     */
    public final String replayKey() {
        return run.crashCase().replayKey().toString();
    }

    /** The case's name, such as {@code crash after commit #3 in TransactionalOutbox.markDone} or {@code deliver A3,A1,A2}. */
    public final String caseName() {
        return run.crashCase().displayName();
    }

    /** The scenario's class, the case's name and its replay key, for example in a failure message. */
    @Override
    public final String toString() {
        return getClass().getSimpleName() + "[" + caseName() + ", " + replayKey() + "]";
    }
}
