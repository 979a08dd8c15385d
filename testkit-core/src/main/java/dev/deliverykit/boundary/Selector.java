package dev.deliverykit.boundary;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * Where in a run a boundary is: before or after a JDBC statement whose SQL matches, before or after a
 * commit or rollback, or the entry, normal exit or exceptional exit of a method. Selectors work on any
 * JDBC driver and on code the kit has never seen; nothing in that code has to change.
 *
 * <pre>{@code
 * Selector.afterStatement("INSERT INTO outbox")        // after the outbox insert returned
 * Selector.beforeCommit()                              // before Connection.commit() or a COMMIT statement
 * Selector.afterCommit().occurrence(2)                 // only the second commit of a run
 * Selector.methodExit(Relay.class, "relayOnce")        // when relayOnce returns normally
 * Selector.methodEntry("com.acme.Relay#send(java.lang.String,int)")
 * Selector.afterCommit().within("com.acme.Relay#relayOnce")   // only the commits made while relayOnce runs
 * }</pre>
 *
 * <p><b>Statements.</b> SQL is compared after trimming and collapsing every run of whitespace to one
 * space (so text blocks match), case-insensitively. A {@code PreparedStatement}'s SQL is the text given
 * to {@code prepareStatement}, remembered whether or not a run was active (a statement cached across runs
 * matches); only a statement prepared before the engine first instrumented the driver has no known SQL
 * and matches no statement selector (the run's report says how many there were). "After" means
 * after a normal return: a statement that throws never reaches its after-boundary.
 *
 * <p><b>Commits and rollbacks.</b> {@code Connection.commit()} / {@code rollback()} and statements
 * executed as text: {@code COMMIT}, {@code END}, {@code ROLLBACK} (optionally with {@code TRANSACTION}
 * or {@code WORK}). {@code ROLLBACK TO SAVEPOINT} is not a rollback of the transaction.
 *
 * <p><b>Methods.</b> The named type must itself declare the method with a body (name the class, not an
 * interface it implements). Without parameter types every overload matches.
 *
 * <p>Every selector has a {@linkplain #spec() spec}, a one-line text that {@link #parse(String)} turns
 * back into an equal selector; this is how a plan reaches a child JVM.
 *
 * <p><b>Places.</b> Any of the three can be scoped to a {@link Place}, a method of the code under test: it then
 * matches only while that method is on the stack of the thread that reaches the boundary, and an
 * {@linkplain #occurrence(int) occurrence} counts only those matches. A key that names a place keeps meaning the
 * same point when work is added elsewhere in the run. Only a scoped selector's hits look at the stack.
 *
 * <p>A selector is one of six records: a {@link Statement}, a {@link TransactionEnd}, a {@link Method}, an
 * {@link Outside} effect, one of those four {@link Within} a place, or the {@link Occurrence} of one of those five. Each record's constructor
 * checks what the factory methods check, so that no selector can be built that the engine could not match.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public sealed interface Selector
        permits Selector.Statement,
                Selector.TransactionEnd,
                Selector.Method,
                Selector.Outside,
                Selector.Within,
                Selector.Occurrence {

    /** Before the call, or after it returned normally: for statements and transaction ends. */
    enum Timing {
        /** Before the call runs. */
        BEFORE,
        /** After the call returned normally. */
        AFTER
    }

    /** How a {@link Statement} compares its SQL with a statement's normalised SQL. */
    enum SqlMatch {
        /** The statement's SQL contains a match of a regular expression, case-insensitively. */
        REGEX,
        /** The statement's SQL equals the normalised SQL. */
        EXACT
    }

    /** The end of a transaction. */
    enum End {
        /** {@code Connection.commit()} or a {@code COMMIT}/{@code END} statement. */
        COMMIT,
        /** {@code Connection.rollback()} or a {@code ROLLBACK} statement. */
        ROLLBACK
    }

    /** Where in a method a {@link Method} selector is. */
    enum MethodPoint {
        /** On entry. */
        ENTRY,
        /** On normal return. */
        NORMAL_EXIT,
        /** When the method ends by throwing. */
        EXCEPTIONAL_EXIT
    }

    // ---- statements --------------------------------------------------------------------------------

    /** Before executing a statement whose normalised SQL contains a match of {@code sqlRegex} (case-insensitive). */
    static Selector beforeStatement(String sqlRegex) {
        return new Statement(Timing.BEFORE, SqlMatch.REGEX, sqlRegex);
    }

    /** After a statement whose normalised SQL contains a match of {@code sqlRegex} returned normally. */
    static Selector afterStatement(String sqlRegex) {
        return new Statement(Timing.AFTER, SqlMatch.REGEX, sqlRegex);
    }

    /** Before executing a statement whose normalised SQL equals {@code sql} (normalised too). */
    static Selector beforeStatementExactly(String sql) {
        return new Statement(Timing.BEFORE, SqlMatch.EXACT, sql);
    }

    /** After a statement whose normalised SQL equals {@code sql} (normalised too) returned normally. */
    static Selector afterStatementExactly(String sql) {
        return new Statement(Timing.AFTER, SqlMatch.EXACT, sql);
    }

    // ---- transactions ------------------------------------------------------------------------------

    /** Before {@code Connection.commit()} or a {@code COMMIT}/{@code END} statement. */
    static Selector beforeCommit() {
        return new TransactionEnd(Timing.BEFORE, End.COMMIT);
    }

    /** After {@code Connection.commit()} or a {@code COMMIT}/{@code END} statement returned normally. */
    static Selector afterCommit() {
        return new TransactionEnd(Timing.AFTER, End.COMMIT);
    }

    /** Before {@code Connection.rollback()} or a {@code ROLLBACK} statement. */
    static Selector beforeRollback() {
        return new TransactionEnd(Timing.BEFORE, End.ROLLBACK);
    }

    /** After {@code Connection.rollback()} or a {@code ROLLBACK} statement returned normally. */
    static Selector afterRollback() {
        return new TransactionEnd(Timing.AFTER, End.ROLLBACK);
    }

    // ---- methods -----------------------------------------------------------------------------------

    /**
     * On entry to {@code method} of {@code type}; with {@code parameterTypes} only that overload, without
     * them every overload (for exactly the no-argument overload use {@code methodEntry("Type#method()")}).
     */
    static Selector methodEntry(Class<?> type, String method, Class<?>... parameterTypes) {
        return SelectorChecks.method(MethodPoint.ENTRY, type, method, parameterTypes);
    }

    /** On normal return from the method; parameter types as for {@link #methodEntry(Class, String, Class...)}. */
    static Selector methodExit(Class<?> type, String method, Class<?>... parameterTypes) {
        return SelectorChecks.method(MethodPoint.NORMAL_EXIT, type, method, parameterTypes);
    }

    /** When the method ends by throwing; parameter types as for {@link #methodEntry(Class, String, Class...)}. */
    static Selector methodExceptionalExit(Class<?> type, String method, Class<?>... parameterTypes) {
        return SelectorChecks.method(MethodPoint.EXCEPTIONAL_EXIT, type, method, parameterTypes);
    }

    /**
     * On entry to a method named by reference: {@code com.acme.Relay#send} (every overload),
     * {@code com.acme.Relay#send()} or {@code com.acme.Relay#send(java.lang.String,int[])}. Nested types use
     * their binary name ({@code com.acme.Outer$Inner}). The type need not be loaded yet.
     */
    static Selector methodEntry(String methodReference) {
        return SelectorChecks.method(MethodPoint.ENTRY, methodReference);
    }

    /** On normal return from a method named by reference, as in {@link #methodEntry(String)}. */
    static Selector methodExit(String methodReference) {
        return SelectorChecks.method(MethodPoint.NORMAL_EXIT, methodReference);
    }

    /** When a method named by reference ends by throwing, as in {@link #methodEntry(String)}. */
    static Selector methodExceptionalExit(String methodReference) {
        return SelectorChecks.method(MethodPoint.EXCEPTIONAL_EXIT, methodReference);
    }

    // ---- calls that leave the JVM --------------------------------------------------------------------

    /** Before a call of this kind leaves the JVM (a socket connect or write, a file write, an HTTP request). */
    static Selector beforeOutsideEffect(OutsideEffect effect) {
        return new Outside(Timing.BEFORE, effect);
    }

    /** After a call of this kind left the JVM and returned normally. */
    static Selector afterOutsideEffect(OutsideEffect effect) {
        return new Outside(Timing.AFTER, effect);
    }

    // ---- place -------------------------------------------------------------------------------------

    /**
     * Only while {@code place} is on the stack of the thread that reaches the boundary, for example
     * {@code afterCommit().within(Place.of(OutboxRelay.class, "publishPending"))}: the commits made in
     * {@code publishPending} or in what it calls. An occurrence counts only these matches, whichever is called
     * first: {@code afterCommit().occurrence(2).within(place)} is {@code afterCommit().within(place).occurrence(2)}.
     *
     * @throws IllegalStateException if this selector is scoped to a place already
     */
    default Selector within(Place place) {
        Objects.requireNonNull(place, "place");
        if (this instanceof Occurrence occurrence) {
            return new Occurrence(occurrence.selector().within(place), occurrence.number());
        }
        if (this instanceof Within) {
            throw new IllegalStateException(SelectorMessages.scopedAlready(description()));
        }
        return new Within(this, place);
    }

    /**
     * Only while the method named by {@code place}, {@code com.acme.Relay#relayOnce}, is on the stack; as in
     * {@link #within(Place)}.
     *
     * @throws IllegalArgumentException if {@code place} is not of the form {@code Type#method}
     */
    default Selector within(String place) {
        return within(Place.of(place));
    }

    // ---- occurrence --------------------------------------------------------------------------------

    /**
     * Only the {@code n}th time (counted from 1, at run time) that this selector matches in a run, for
     * example {@code afterCommit().occurrence(2)} for a run's second commit.
     *
     * @throws IllegalStateException if this selector already selects one occurrence
     */
    default Selector occurrence(int n) {
        SelectorChecks.requireCountedFromOne(n);
        if (this instanceof Occurrence) {
            throw new IllegalStateException(SelectorMessages.occurrenceAlready(description()));
        }
        return new Occurrence(this, n);
    }

    // ---- text forms --------------------------------------------------------------------------------

    /**
     * What a person reads: {@code after statement matching /INSERT INTO outbox/}, {@code occurrence 2 of after commit},
     * {@code after commit within com.acme.Relay#relayOnce}.
     */
    default String description() {
        return SelectorSpecs.description(this);
    }

    /**
     * One line that {@link #parse(String)} reads back: {@code after-statement:INSERT INTO outbox}, {@code #2 after-commit},
     * {@code after-commit within com.acme.Relay#relayOnce}.
     */
    default String spec() {
        return SelectorSpecs.spec(this);
    }

    /**
     * Reads a {@linkplain #spec() spec}: {@code before-statement:REGEX}, {@code after-statement=EXACT SQL},
     * {@code before-commit}, {@code after-commit}, {@code before-rollback}, {@code after-rollback},
     * {@code method-entry:Type#m}, {@code method-exit:Type#m(int)}, {@code method-exceptional-exit:Type#m},
     * each optionally followed by {@code " within Type#method"} for a {@linkplain #within(Place) place} and
     * prefixed by {@code #N } for the Nth occurrence: {@code #2 after-statement:^INSERT within com.acme.Outbox#add}.
     * The place is the text after the last {@code " within "}, when that text has no white space: a statement's
     * SQL that ends in {@code " within "} and one word (no SQL does) must write it in capitals.
     *
     * @throws IllegalArgumentException naming what is wrong and the expected form
     */
    static Selector parse(String spec) {
        return SelectorSpecs.parse(spec);
    }

    // ---- the five kinds ----------------------------------------------------------------------------

    /**
     * Before or after a statement whose normalised SQL contains a match of a regular expression
     * ({@link SqlMatch#REGEX}, case-insensitive) or equals a normalised SQL text ({@link SqlMatch#EXACT}).
     *
     * @param timing before the statement or after it returned normally
     * @param match how {@code sql} is compared
     * @param sql the regular expression, or the SQL (normalised by the constructor)
     */
    record Statement(Timing timing, SqlMatch match, String sql) implements Selector {

        /**
         * Checks and normalises.
         *
         * @throws IllegalArgumentException for blank SQL or a regular expression that does not compile
         */
        public Statement {
            sql = SelectorChecks.statementSql(timing, match, sql);
        }

        @Override
        public String toString() {
            return description();
        }
    }

    /**
     * Before or after a commit or a rollback: {@code Connection.commit()} / {@code rollback()} and statements
     * executed as text ({@code COMMIT}, {@code END}, {@code ROLLBACK}, optionally with {@code TRANSACTION} or
     * {@code WORK}).
     *
     * @param timing before the call or after it returned normally
     * @param end commit or rollback
     */
    record TransactionEnd(Timing timing, End end) implements Selector {

        /** Checks that both are given. */
        public TransactionEnd {
            SelectorChecks.timed(timing, end, "end");
        }

        @Override
        public String toString() {
            return description();
        }
    }

    /**
     * The entry, normal exit or exceptional exit of a method that the named type declares with a body.
     *
     * @param point entry, normal exit or exceptional exit
     * @param typeName the binary name of the declaring type, such as {@code com.acme.Outer$Inner}
     * @param methodName the method's name (not a constructor's or static initialiser's)
     * @param parameterTypes the overload's parameter types as {@link Class#getTypeName()} writes them, or empty
     *     for every overload
     */
    record Method(MethodPoint point, String typeName, String methodName, Optional<List<String>> parameterTypes)
            implements Selector {

        /**
         * Checks and copies.
         *
         * @throws IllegalArgumentException if the names do not name a method
         */
        public Method {
            parameterTypes = SelectorChecks.methodParameters(point, typeName, methodName, parameterTypes);
        }

        /** {@code com.acme.Relay#send(java.lang.String)}, or {@code com.acme.Relay#send} for every overload. */
        public String methodReference() {
            return typeName + "#" + methodName
                    + parameterTypes
                            .map(types -> "(" + String.join(",", types) + ")")
                            .orElse("");
        }

        @Override
        public String toString() {
            return description();
        }
    }

    /**
     * Before or after a call that leaves the JVM: see {@link OutsideEffect}.
     *
     * @param timing before the call or after it returned normally
     * @param effect the kind of call
     */
    record Outside(Timing timing, OutsideEffect effect) implements Selector {

        /** Checks that both are given. */
        public Outside {
            SelectorChecks.timed(timing, effect, "effect");
        }

        @Override
        public String toString() {
            return description();
        }
    }

    /**
     * A statement, transaction end, method or outside selector that matches only while {@code place} is on the stack
     * of the thread that reaches the boundary (see {@link Selector#within(Place)}).
     *
     * @param selector a statement, transaction end, method or outside selector
     * @param place the method that must be on the stack
     */
    record Within(Selector selector, Place place) implements Selector {

        /**
         * Checks that the selector is neither scoped nor an occurrence itself.
         *
         * @throws IllegalArgumentException for a scoped selector or an occurrence
         */
        public Within {
            SelectorChecks.scopable(selector, place);
        }

        @Override
        public String toString() {
            return description();
        }
    }

    /**
     * Only the {@code number}th time (counted from 1, at run time) that {@code selector} matches in a run.
     *
     * @param selector a statement, transaction end or method selector, or one of them within a place
     * @param number which match, counted from 1
     */
    record Occurrence(Selector selector, int number) implements Selector {

        /**
         * Checks the number and that the selector does not select an occurrence itself.
         *
         * @throws IllegalArgumentException for a number below 1 or an occurrence of an occurrence
         */
        public Occurrence {
            SelectorChecks.countable(selector, number);
        }

        @Override
        public String toString() {
            return description();
        }
    }
}
