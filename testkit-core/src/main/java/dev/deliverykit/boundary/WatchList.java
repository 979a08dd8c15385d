package dev.deliverykit.boundary;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import org.apiguardian.api.API;

/**
 * What a run counts and records: named boundaries, and optionally every statement (before and after, each
 * distinct SQL text its own boundary) and every commit and rollback. A crash sweep records a crash-free
 * run with a wide watch list, then crashes at each recorded hit.
 *
 * <pre>{@code
 * Recording recording = BoundaryEngine.get().record(
 *         WatchList.of(catalogue).withEveryStatement().withEveryTransactionEnd(), workload);
 * for (BoundaryHit hit : recording.hits()) {
 *     BoundaryEngine.get().crashInProcess(hit.crashPlan(), workload);   // then recover and check
 * }
 * }</pre>
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class WatchList {

    private final List<Boundary> boundaries;
    private final boolean statementsBefore;
    private final boolean statementsAfter;
    private final boolean transactionsBefore;
    private final boolean transactionsAfter;

    WatchList(List<Boundary> boundaries, boolean statementsBefore, boolean statementsAfter,
            boolean transactionsBefore, boolean transactionsAfter) {
        this.boundaries = List.copyOf(boundaries);
        this.statementsBefore = statementsBefore;
        this.statementsAfter = statementsAfter;
        this.transactionsBefore = transactionsBefore;
        this.transactionsAfter = transactionsAfter;
    }

    /** Every boundary of the catalogue. */
    public static WatchList of(BoundaryCatalogue catalogue) {
        return new WatchList(Objects.requireNonNull(catalogue, "catalogue").boundaries(), false, false, false, false);
    }

    /** These boundaries. */
    public static WatchList of(Boundary... boundaries) {
        return new WatchList(Arrays.asList(boundaries), false, false, false, false);
    }

    /** These boundaries too. */
    public WatchList and(Boundary... more) {
        List<Boundary> all = new ArrayList<>(boundaries);
        for (Boundary boundary : more) {
            if (!all.contains(boundary)) {
                all.add(Objects.requireNonNull(boundary, "boundary"));
            }
        }
        return new WatchList(all, statementsBefore, statementsAfter, transactionsBefore, transactionsAfter);
    }

    /** Before and after every statement, one boundary per distinct SQL text (for example {@code after statement "COMMIT"}). */
    public WatchList withEveryStatement() {
        return new WatchList(boundaries, true, true, transactionsBefore, transactionsAfter);
    }

    /** Before and after every commit and rollback ({@code before commit}, {@code after commit}, ...). */
    public WatchList withEveryTransactionEnd() {
        return new WatchList(boundaries, statementsBefore, statementsAfter, true, true);
    }

    /** The named boundaries. */
    public List<Boundary> boundaries() {
        return boundaries;
    }

    /** What a crash run counts unless told otherwise: these boundaries, every statement's and transaction's "after". */
    WatchList forCrashRun() {
        return new WatchList(boundaries, statementsBefore, true, transactionsBefore, true);
    }

    boolean statementsBefore() {
        return statementsBefore;
    }

    boolean statementsAfter() {
        return statementsAfter;
    }

    boolean transactionsBefore() {
        return transactionsBefore;
    }

    boolean transactionsAfter() {
        return transactionsAfter;
    }
}
