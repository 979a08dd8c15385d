package dev.deliverykit.invariant;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import org.apiguardian.api.API;

/**
 * A promise about the committed state of your own databases, checked through JDBC after your code ran
 * (and crashed, and recovered). Build them with {@link Invariants}, declare them once, and check them as
 * often as you like: an invariant is immutable and keeps no state between checks.
 *
 * <pre>{@code
 * static final Invariant EXACTLY_ONCE = Invariants.exactlyOncePerKey()
 *         .intentsFrom(ORCHESTRATOR, "SELECT command_id FROM outbox")
 *         .effectsIn(WAREHOUSE, "effect", "intent_id");
 *
 * InvariantResult result = EXACTLY_ONCE.check();
 * result.verdict();    // HOLDS or VIOLATED
 * result.message();    // exactly once per key: violated (checked 1 intent key, 2 effect rows) ...
 * }</pre>
 *
 * <p>Implement it yourself for checks the factory does not cover; keep {@link #name()} stable, since reports
 * and test output are keyed by it, and return violations in a deterministic order
 * ({@link InvariantResult} sorts them for you).
 */
@API(status = EXPERIMENTAL, since = "0.1")
public interface Invariant {

    /** A short stable name used in reports, for example {@code exactly once per key}. */
    String name();

    /** What exactly is promised, over which tables of which databases, in one sentence. */
    String description();

    /**
     * Reads the committed state and judges it. Opens its own connections, reads in transactions it rolls
     * back, never writes.
     *
     * @throws InvariantDefinitionException if a query of the invariant fails or returns the wrong columns
     * @throws InvariantSourceException if a database cannot be opened
     */
    InvariantResult check();
}
