package dev.deliverykit.boundary;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.regex.Pattern;
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

    private static final Pattern PACKAGE_OR_CLASS = Pattern.compile(
            "\\p{javaJavaIdentifierStart}\\p{javaJavaIdentifierPart}*(\\.\\p{javaJavaIdentifierStart}\\p{javaJavaIdentifierPart}*)*");

    private final List<Boundary> boundaries;
    private final boolean statementsBefore;
    private final boolean statementsAfter;
    private final boolean transactionsBefore;
    private final boolean transactionsAfter;
    private final List<String> seeThrough;
    /** {@link #forCrashRun()}, made when first asked for. */
    private WatchList forCrashRun;

    WatchList(
            List<Boundary> boundaries,
            boolean statementsBefore,
            boolean statementsAfter,
            boolean transactionsBefore,
            boolean transactionsAfter,
            List<String> seeThrough) {
        this.boundaries = List.copyOf(boundaries);
        this.statementsBefore = statementsBefore;
        this.statementsAfter = statementsAfter;
        this.transactionsBefore = transactionsBefore;
        this.transactionsAfter = transactionsAfter;
        this.seeThrough = List.copyOf(seeThrough);
    }

    /** Every boundary of the catalogue. */
    public static WatchList of(BoundaryCatalogue catalogue) {
        return new WatchList(
                Objects.requireNonNull(catalogue, "catalogue").boundaries(), false, false, false, false, List.of());
    }

    /** These boundaries. */
    public static WatchList of(Boundary... boundaries) {
        return new WatchList(Arrays.asList(boundaries), false, false, false, false, List.of());
    }

    /** These boundaries too. */
    public WatchList and(Boundary... more) {
        List<Boundary> all = new ArrayList<>(boundaries);
        for (Boundary boundary : more) {
            if (!all.contains(boundary)) {
                all.add(Objects.requireNonNull(boundary, "boundary"));
            }
        }
        return new WatchList(all, statementsBefore, statementsAfter, transactionsBefore, transactionsAfter, seeThrough);
    }

    /** Before and after every statement, one boundary per distinct SQL text (for example {@code after statement "COMMIT"}). */
    public WatchList withEveryStatement() {
        return new WatchList(boundaries, true, true, transactionsBefore, transactionsAfter, seeThrough);
    }

    /** Before and after every commit and rollback ({@code before commit}, {@code after commit}, ...). */
    public WatchList withEveryTransactionEnd() {
        return new WatchList(boundaries, statementsBefore, statementsAfter, true, true, seeThrough);
    }

    /**
     * Before and after every call that leaves the JVM, one boundary per {@link OutsideEffect} and timing
     * ({@code before socket write}, {@code after file write}, ...). Without them such calls still count as changes
     * when crash points are pruned, and a dead process's are refused; with them each is a crash point of its own.
     */
    public WatchList withEveryOutsideEffect() {
        return and(SelectorMatching.outsideEffects().stream().map(Boundary::of).toArray(Boundary[]::new));
    }

    /**
     * These packages and classes seen through too when a hit names where it happened ({@link BoundaryHit#stack()}):
     * {@code "com.example.db"} covers its classes and subpackages, {@code "com.example.util.Tx"} one class and
     * its nested classes. Drivers, pools and known frameworks are always seen through (docs/boundaries.md).
     *
     * <pre>{@code
     * WatchList.of(catalogue).withEveryTransactionEnd().seeingThrough("com.example.db", "com.example.util.Tx")
     * }</pre>
     *
     * @throws IllegalArgumentException for an entry that is not a package or class name
     */
    public WatchList seeingThrough(String... packagesOrClasses) {
        List<String> all = new ArrayList<>(seeThrough);
        for (String entry : packagesOrClasses) {
            String name = Objects.requireNonNull(entry, "packagesOrClasses").trim();
            if (!PACKAGE_OR_CLASS.matcher(name).matches()) {
                throw new IllegalArgumentException(SelectorMessages.notSeenThrough(entry));
            }
            if (!all.contains(name)) {
                all.add(name);
            }
        }
        return new WatchList(boundaries, statementsBefore, statementsAfter, transactionsBefore, transactionsAfter, all);
    }

    /** The packages and classes seen through besides the built-in ones, as given to {@link #seeingThrough}. */
    public List<String> seeThrough() {
        return seeThrough;
    }

    /** The named boundaries. */
    public List<Boundary> boundaries() {
        return boundaries;
    }

    /**
     * What a crash run counts unless told otherwise: these boundaries, every statement's and transaction's "after".
     * The same list for every run of a plan, so that the runs share what is compiled from it ({@link CompiledWatch}).
     */
    WatchList forCrashRun() {
        if (statementsAfter && transactionsAfter) {
            return this;
        }
        WatchList known = forCrashRun;
        if (known == null) {
            known = new WatchList(boundaries, statementsBefore, true, transactionsBefore, true, seeThrough);
            forCrashRun = known; // immutable: a race makes two equal lists, one of them kept
        }
        return known;
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
