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
import java.util.function.Predicate;

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

    private final WatchList watch;
    /** The boundaries given, in the order they were given. */
    private final List<WatchedBoundary> watched = new ArrayList<>();

    private final Map<String, WatchedBoundary> byName = new HashMap<>();
    /** Per SQL text: what its statement matches before / after. */
    private final Map<String, WatchedBoundary[]> matchedBeforeStatement = new HashMap<>();

    private final Map<String, WatchedBoundary[]> matchedAfterStatement = new HashMap<>();
    /** Per method and point: what the call matches. */
    private final Map<MethodPoint, WatchedBoundary[]> matchedMethods = new HashMap<>();
    /** Per kind and timing of a call that leaves the JVM: what it matches. */
    private final WatchedBoundary[][] matchedOutside = new WatchedBoundary[OutsideCall.Kind.values().length * 2][];

    /** Per method selector that ends a hand-over to an I/O thread ({@link BrokerBoundaries}), where it starts. */
    private final Map<Selector.Method, Selector.Method> handOvers = new HashMap<>();

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
        boolean outside = false;
        for (WatchedBoundary candidate : watched) {
            Selector.Method method = SelectorMatching.method(candidate.boundary.selector());
            if (method != null) {
                BrokerBoundaries.handOverStart(method).ifPresent(start -> handOvers.put(method, start));
            }
            outside |= SelectorMatching.base(candidate.boundary.selector()) instanceof Selector.Outside;
        }
        this.watchesOutside = outside;
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
        return !handOvers.isEmpty();
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
     * watches every statement of its SQL text; worked out once per SQL text and timing.
     */
    WatchedBoundary[] matching(JdbcCall call) {
        if (call.kind() != JdbcCall.Kind.STATEMENT || call.sql() == null) {
            return matching(w -> SelectorMatching.matches(w.boundary.selector(), call));
        }
        boolean before = call.timing() == JdbcCall.Timing.BEFORE;
        return (before ? matchedBeforeStatement : matchedAfterStatement)
                .computeIfAbsent(call.sql(), sql -> statementMatches(call, before));
    }

    private WatchedBoundary[] statementMatches(JdbcCall call, boolean before) {
        WatchedBoundary[] given = matching(w -> SelectorMatching.matches(w.boundary.selector(), call));
        if (!(before ? watch.statementsBefore() : watch.statementsAfter())
                || call.sql().isBlank()) {
            return given; // blank SQL, which drivers accept, is no statement to crash at
        }
        WatchedBoundary every = watch(everyStatement(call.sql(), before), true);
        if (!every.everyStatement || !SelectorMatching.matches(every.boundary.selector(), call)) {
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

    /** The watched boundaries a method call matches, worked out once per method and point. */
    WatchedBoundary[] matching(MethodCall call) {
        return matchedMethods.computeIfAbsent(
                new MethodPoint(call.typeName(), call.methodName(), call.parameterTypes(), call.point()),
                point -> matching(w -> SelectorMatching.matches(w.boundary.selector(), call)));
    }

    /** The watched boundaries a call that leaves the JVM matches, worked out once per kind and timing. */
    WatchedBoundary[] matching(OutsideCall call) {
        int index = call.kind().ordinal() * 2 + call.timing().ordinal();
        WatchedBoundary[] known = matchedOutside[index];
        if (known == null) {
            known = matching(w -> SelectorMatching.matches(w.boundary.selector(), call));
            matchedOutside[index] = known;
        }
        return known;
    }

    private record MethodPoint(
            String typeName, String methodName, List<String> parameterTypes, MethodCall.Point point) {}

    private WatchedBoundary[] matching(Predicate<WatchedBoundary> matches) {
        List<WatchedBoundary> found = new ArrayList<>();
        for (WatchedBoundary candidate : watched) {
            if (matches.test(candidate)) {
                found.add(candidate);
            }
        }
        return found.isEmpty() ? NONE : found.toArray(NONE);
    }

    /** Whether the method call starts a hand-over that a watched method ends. */
    boolean startsAHandOver(MethodCall call) {
        for (Selector.Method start : handOvers.values()) {
            if (SelectorMatching.matches(start, call)) {
                return true;
            }
        }
        return false;
    }

    /** Whether the method call is of a watched method that ends a hand-over. */
    boolean endsAHandOver(MethodCall call) {
        for (Selector.Method end : handOvers.keySet()) {
            if (end.typeName().equals(call.typeName()) && end.methodName().equals(call.methodName())) {
                return true;
            }
        }
        return false;
    }
}
