package dev.deliverykit.boundary;

import dev.deliverykit.internal.instrument.JdbcCall;
import dev.deliverykit.internal.instrument.MethodCall;
import dev.deliverykit.internal.instrument.OutsideCall;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * What one run watches and what each kind of call matches: the boundaries given (named ones, transaction ends,
 * the armed one) in the order they were given, the boundaries of every statement, the hand-overs to I/O threads,
 * and per call shape the boundaries it matches, worked out once per run because selectors are fixed for the run
 * and a pipeline makes the same few calls over and over. Guarded by the run's lock.
 */
final class WatchTable {

    private static final WatchedBoundary[] NONE = new WatchedBoundary[0];
    /** How many SQL texts the every-statement boundaries are kept for across runs (runs repeat the same few). */
    private static final int REMEMBERED_SQL_TEXTS = 4096;

    private static final Map<String, Boundary> EVERY_STATEMENT_BEFORE = new ConcurrentHashMap<>();
    private static final Map<String, Boundary> EVERY_STATEMENT_AFTER = new ConcurrentHashMap<>();

    /** The commit and rollback boundaries a run watches, by before and after; made once, shared by runs. */
    private static final List<List<Boundary>> TRANSACTION_ENDS = List.of(
            transactionEndBoundaries(false, false),
            transactionEndBoundaries(false, true),
            transactionEndBoundaries(true, false),
            transactionEndBoundaries(true, true));

    private static final JdbcCall.TransactionEnd[] TRANSACTION_END_KINDS = JdbcCall.TransactionEnd.values();
    private static final JdbcCall.Timing[] JDBC_TIMINGS = JdbcCall.Timing.values();
    private static final OutsideCall.Kind[] OUTSIDE_KINDS = OutsideCall.Kind.values();
    private static final OutsideCall.Timing[] OUTSIDE_TIMINGS = OutsideCall.Timing.values();
    private static final CompiledSelector[] NO_SELECTORS = new CompiledSelector[0];

    private final WatchList watch;
    /** The boundaries given, in the order they were given. */
    private final List<WatchedBoundary> watched = new ArrayList<>();

    private final Map<String, WatchedBoundary> byName = new HashMap<>();

    /** The selectors of the boundaries given, compiled, in the order they were given; per family. */
    private final CompiledSelector[] jdbcSelectors;

    private final CompiledSelector[] methodSelectors;
    /** Whether statements before / after are watched (a selector or every statement): else only their ends count. */
    private final boolean statementsBefore;

    private final boolean statementsAfter;
    /**
     * What a JDBC call matches whose SQL does not matter (a commit, a rollback, a statement when no statement is
     * watched at its timing), per transaction end and timing: worked out once per run.
     */
    private final WatchedBoundary[][] matchedTransactionEnds;
    /** Per SQL text: what its statement matches before / after. */
    private final Map<String, WatchedBoundary[]> matchedBeforeStatement = new HashMap<>();

    private final Map<String, WatchedBoundary[]> matchedAfterStatement = new HashMap<>();
    /** Per kind and timing of a call that leaves the JVM: what it matches, worked out once per run. */
    private final WatchedBoundary[][] matchedOutside;

    /** The methods that start and end a hand-over to an I/O thread ({@link BrokerBoundaries}) a watched method ends. */
    private final CompiledSelector[] handOverStarts;

    private final CompiledSelector[] handOverEnds;

    /** Whether a watched boundary is a call that leaves the JVM. */
    private final boolean watchesOutside;

    private final WatchedBoundary armed;

    /** The table of a run that watches {@code watch} and, with a plan, is armed at the plan's boundary. */
    WatchTable(WatchList watch, CrashPlan plan) {
        this.watch = watch;
        for (Boundary boundary : watch.boundaries()) {
            watch(boundary, false);
        }
        for (Boundary transactionEnd : transactionEnds(watch.transactionsBefore(), watch.transactionsAfter())) {
            watch(transactionEnd, false);
        }
        this.armed = plan == null ? null : watch(plan.boundary(), false);
        List<CompiledSelector> jdbc = new ArrayList<>();
        List<CompiledSelector> methods = new ArrayList<>();
        List<CompiledSelector> outside = new ArrayList<>();
        List<CompiledSelector> starts = new ArrayList<>();
        List<CompiledSelector> ends = new ArrayList<>();
        boolean before = watch.statementsBefore();
        boolean after = watch.statementsAfter();
        for (WatchedBoundary candidate : watched) {
            CompiledSelector compiled = CompiledSelector.of(candidate);
            switch (compiled.family) {
                case STATEMENT -> {
                    jdbc.add(compiled);
                    if (SelectorMatching.base(candidate.boundary.selector()) instanceof Selector.Statement statement) {
                        before |= statement.timing() == Selector.Timing.BEFORE;
                        after |= statement.timing() == Selector.Timing.AFTER;
                    }
                }
                case TRANSACTION_END -> jdbc.add(compiled);
                case METHOD -> {
                    methods.add(compiled);
                    Selector.Method method = SelectorMatching.method(candidate.boundary.selector());
                    BrokerBoundaries.handOverStart(method).ifPresent(start -> {
                        starts.add(CompiledSelector.of(start));
                        ends.add(compiled);
                    });
                }
                case OUTSIDE -> outside.add(compiled);
            }
        }
        this.jdbcSelectors = jdbc.toArray(NO_SELECTORS);
        this.methodSelectors = methods.toArray(NO_SELECTORS);
        this.handOverStarts = starts.toArray(NO_SELECTORS);
        this.handOverEnds = ends.toArray(NO_SELECTORS);
        this.statementsBefore = before;
        this.statementsAfter = after;
        this.watchesOutside = !outside.isEmpty();
        this.matchedTransactionEnds = new WatchedBoundary[TRANSACTION_END_KINDS.length * 2][];
        for (JdbcCall.TransactionEnd end : TRANSACTION_END_KINDS) {
            for (JdbcCall.Timing timing : JDBC_TIMINGS) {
                JdbcCall call = new JdbcCall(JdbcCall.Kind.COMMIT, timing, null, end, null, "");
                matchedTransactionEnds[end.ordinal() * 2 + timing.ordinal()] = matching(jdbcSelectors, call);
            }
        }
        this.matchedOutside = new WatchedBoundary[OUTSIDE_KINDS.length * 2][];
        CompiledSelector[] outsideSelectors = outside.toArray(NO_SELECTORS);
        for (OutsideCall.Kind kind : OUTSIDE_KINDS) {
            for (OutsideCall.Timing timing : OUTSIDE_TIMINGS) {
                OutsideCall call = new OutsideCall(kind, timing, "", false);
                matchedOutside[kind.ordinal() * 2 + timing.ordinal()] = matching(outsideSelectors, call);
            }
        }
    }

    /** The boundary of the plan, or {@code null} for a recording. */
    WatchedBoundary armed() {
        return armed;
    }

    /** Whether a watched boundary is a call that leaves the JVM. */
    boolean watchesOutside() {
        return watchesOutside;
    }

    /** Whether a watched method ends a hand-over to an I/O thread. */
    boolean watchesHandOvers() {
        return handOverEnds.length > 0;
    }

    private static List<Boundary> transactionEnds(boolean before, boolean after) {
        return TRANSACTION_ENDS.get((before ? 2 : 0) + (after ? 1 : 0));
    }

    private static List<Boundary> transactionEndBoundaries(boolean before, boolean after) {
        return SelectorMatching.transactionEnds(before, after).stream()
                .map(Boundary::of)
                .toList();
    }

    private WatchedBoundary watch(Boundary boundary, boolean everyStatement) {
        WatchedBoundary existing = byName.get(boundary.name());
        if (existing != null) {
            if (!existing.boundary.selector().equals(boundary.selector())) {
                throw new IllegalArgumentException("two different boundaries are both named \"" + boundary.name()
                        + "\": " + existing.boundary.selector().description() + " and "
                        + boundary.selector().description() + "; give them different names");
            }
            return existing;
        }
        WatchedBoundary fresh = new WatchedBoundary(boundary, everyStatement);
        if (!everyStatement) {
            watched.add(fresh);
        }
        byName.put(boundary.name(), fresh);
        return fresh;
    }

    /**
     * The watched boundaries that a JDBC call matches, in the order they were given, then the one that
     * watches every statement of its SQL text; worked out once per run, or once per SQL text and timing.
     */
    WatchedBoundary[] matching(JdbcCall call) {
        boolean before = call.timing() == JdbcCall.Timing.BEFORE;
        if (call.kind() != JdbcCall.Kind.STATEMENT
                || call.sql() == null
                || !(before ? statementsBefore : statementsAfter)) {
            return matchedTransactionEnds[
                    call.transactionEnd().ordinal() * 2 + call.timing().ordinal()];
        }
        Map<String, WatchedBoundary[]> known = before ? matchedBeforeStatement : matchedAfterStatement;
        WatchedBoundary[] matched = known.get(call.sql());
        if (matched == null) {
            matched = statementMatches(call, before);
            known.put(call.sql(), matched);
        }
        return matched;
    }

    private WatchedBoundary[] statementMatches(JdbcCall call, boolean before) {
        WatchedBoundary[] given = matching(jdbcSelectors, call);
        if (!(before ? watch.statementsBefore() : watch.statementsAfter())
                || call.sql().isBlank()) {
            return given; // blank SQL, which drivers accept, is no statement to crash at
        }
        WatchedBoundary every = watch(everyStatement(call.sql(), before), true);
        if (!every.everyStatement || !CompiledSelector.of(every).matches(call)) {
            return given; // the same boundary was given explicitly and is matched already
        }
        WatchedBoundary[] all = Arrays.copyOf(given, given.length + 1);
        all[given.length] = every;
        return all;
    }

    /** The boundary that watches every statement of {@code sql} before or after it; shared by runs. */
    private static Boundary everyStatement(String sql, boolean before) {
        Map<String, Boundary> known = before ? EVERY_STATEMENT_BEFORE : EVERY_STATEMENT_AFTER;
        Boundary boundary = known.get(sql);
        if (boundary == null) {
            boundary = Boundary.of(before ? Selector.beforeStatementExactly(sql) : Selector.afterStatementExactly(sql));
            if (known.size() < REMEMBERED_SQL_TEXTS) {
                known.put(sql, boundary);
            }
        }
        return boundary;
    }

    /**
     * The watched boundaries a method call matches: the run's few method selectors compared in turn, allocating
     * only when a call matches more than one.
     */
    WatchedBoundary[] matching(MethodCall call) {
        CompiledSelector first = null;
        int count = 0;
        for (CompiledSelector selector : methodSelectors) {
            if (selector.matches(call)) {
                if (first == null) {
                    first = selector;
                }
                count++;
            }
        }
        if (count == 0) {
            return NONE;
        }
        if (count == 1) {
            return first.alone;
        }
        WatchedBoundary[] all = new WatchedBoundary[count];
        int next = 0;
        for (CompiledSelector selector : methodSelectors) {
            if (selector.matches(call)) {
                all[next++] = selector.watched;
            }
        }
        return all;
    }

    /** The watched boundaries a call that leaves the JVM matches, worked out once per run. */
    WatchedBoundary[] matching(OutsideCall call) {
        return matchedOutside[call.kind().ordinal() * 2 + call.timing().ordinal()];
    }

    private static WatchedBoundary[] matching(CompiledSelector[] selectors, JdbcCall call) {
        List<WatchedBoundary> found = new ArrayList<>();
        for (CompiledSelector selector : selectors) {
            if (selector.matches(call)) {
                found.add(selector.watched);
            }
        }
        return found.isEmpty() ? NONE : found.toArray(NONE);
    }

    private static WatchedBoundary[] matching(CompiledSelector[] selectors, OutsideCall call) {
        List<WatchedBoundary> found = new ArrayList<>();
        for (CompiledSelector selector : selectors) {
            if (selector.matches(call)) {
                found.add(selector.watched);
            }
        }
        return found.isEmpty() ? NONE : found.toArray(NONE);
    }

    /** Whether the method call starts a hand-over that a watched method ends. */
    boolean startsAHandOver(MethodCall call) {
        for (CompiledSelector start : handOverStarts) {
            if (start.matches(call)) {
                return true;
            }
        }
        return false;
    }

    /** Whether the method call is of a watched method that ends a hand-over. */
    boolean endsAHandOver(MethodCall call) {
        for (CompiledSelector end : handOverEnds) {
            if (end.sameMethod(call)) {
                return true;
            }
        }
        return false;
    }
}
