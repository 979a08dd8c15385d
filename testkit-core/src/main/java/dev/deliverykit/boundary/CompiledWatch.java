package dev.deliverykit.boundary;

import dev.deliverykit.internal.instrument.JdbcCall;
import dev.deliverykit.internal.instrument.OutsideCall;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.WeakHashMap;
import java.util.concurrent.ConcurrentHashMap;

/**
 * What a run's {@link WatchTable} works out from what it watches alone: the boundaries in the order they were given,
 * their selectors compiled, and what each kind of call matches, as indexes into those boundaries. It depends only on
 * the watch list and the armed boundary, so the runs that share them share it (a sweep's repeated cases, a loop of
 * runs): a run then makes only its own counters, and no run compiles a pattern or matches a SQL text that an earlier
 * run of the same watch has. Immutable but for its per-SQL-text verdicts, a concurrent cache.
 */
final class CompiledWatch {

    private static final int[] NONE = new int[0];
    private static final CompiledSelector[] NO_SELECTORS = new CompiledSelector[0];
    /** How many SQL texts the verdicts are kept for, per timing (past that they are worked out per run). */
    private static final int REMEMBERED_SQL_TEXTS = 4096;
    /** How many armed boundaries of one watch list are kept (a sweep arms one per case). */
    private static final int REMEMBERED_PLANS = 1024;

    private static final Object RECORDING = new Object();

    /**
     * Per watch list, by identity and held weakly (no compiled watch refers to its list), then per armed boundary.
     * Guarded by itself.
     */
    private static final Map<WatchList, Map<Object, CompiledWatch>> SHARED = new WeakHashMap<>();

    private static final Map<String, Boundary> EVERY_STATEMENT_BEFORE = new ConcurrentHashMap<>();
    private static final Map<String, Boundary> EVERY_STATEMENT_AFTER = new ConcurrentHashMap<>();

    /** The commit and rollback boundaries a run watches, by before and after; made once. */
    private static final List<List<Boundary>> TRANSACTION_ENDS = List.of(
            transactionEndBoundaries(false, false),
            transactionEndBoundaries(false, true),
            transactionEndBoundaries(true, false),
            transactionEndBoundaries(true, true));

    private static final JdbcCall.TransactionEnd[] TRANSACTION_END_KINDS = JdbcCall.TransactionEnd.values();
    private static final JdbcCall.Timing[] JDBC_TIMINGS = JdbcCall.Timing.values();
    private static final OutsideCall.Kind[] OUTSIDE_KINDS = OutsideCall.Kind.values();
    private static final OutsideCall.Timing[] OUTSIDE_TIMINGS = OutsideCall.Timing.values();

    /** What a statement matches: the given boundaries, and whether the one that watches every statement of its SQL. */
    record StatementMatch(int[] given, boolean everyStatement) {}

    /** The boundaries given (named ones, transaction ends, the armed one), in the order they were given. */
    private final List<Boundary> boundaries = new ArrayList<>();

    private final Map<String, Integer> byName = new HashMap<>();
    /** The index of the armed boundary, or -1 for a recording. */
    final int armed;

    /** The selectors of the boundaries given, compiled, in the order they were given; per family. */
    final CompiledSelector[] jdbcSelectors;

    final CompiledSelector[] methodSelectors;
    /** The methods that start and end a hand-over to an I/O thread ({@link BrokerBoundaries}) a watched method ends. */
    final CompiledSelector[] handOverStarts;

    final CompiledSelector[] handOverEnds;
    /** Whether statements before / after are watched (a selector or every statement): else only their ends count. */
    final boolean statementsBefore;

    final boolean statementsAfter;
    /** Whether every statement before / after is a boundary of its own. */
    private final boolean everyStatementBefore;

    private final boolean everyStatementAfter;
    /** What a JDBC call whose SQL does not matter matches, per transaction end and timing. */
    final int[][] matchedTransactionEnds;
    /** What a call that leaves the JVM matches, per kind and timing. */
    final int[][] matchedOutside;
    /** Whether a watched boundary is a call that leaves the JVM. */
    final boolean watchesOutside;

    private final Map<String, StatementMatch> matchedBeforeStatement = new ConcurrentHashMap<>();
    private final Map<String, StatementMatch> matchedAfterStatement = new ConcurrentHashMap<>();

    private CompiledWatch(WatchList watch, Boundary armedBoundary) {
        for (Boundary boundary : watch.boundaries()) {
            watch(boundary);
        }
        for (Boundary transactionEnd :
                TRANSACTION_ENDS.get((watch.transactionsBefore() ? 2 : 0) + (watch.transactionsAfter() ? 1 : 0))) {
            watch(transactionEnd);
        }
        this.armed = armedBoundary == null ? -1 : watch(armedBoundary);
        List<CompiledSelector> jdbc = new ArrayList<>();
        List<CompiledSelector> methods = new ArrayList<>();
        List<CompiledSelector> outside = new ArrayList<>();
        List<CompiledSelector> starts = new ArrayList<>();
        List<CompiledSelector> ends = new ArrayList<>();
        boolean before = watch.statementsBefore();
        boolean after = watch.statementsAfter();
        for (int index = 0; index < boundaries.size(); index++) {
            Selector selector = boundaries.get(index).selector();
            CompiledSelector compiled = CompiledSelector.of(index, selector);
            switch (compiled.family) {
                case STATEMENT -> {
                    jdbc.add(compiled);
                    if (SelectorMatching.base(selector) instanceof Selector.Statement statement) {
                        before |= statement.timing() == Selector.Timing.BEFORE;
                        after |= statement.timing() == Selector.Timing.AFTER;
                    }
                }
                case TRANSACTION_END -> jdbc.add(compiled);
                case METHOD -> {
                    methods.add(compiled);
                    BrokerBoundaries.handOverStart(SelectorMatching.method(selector))
                            .ifPresent(start -> {
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
        this.everyStatementBefore = watch.statementsBefore();
        this.everyStatementAfter = watch.statementsAfter();
        this.watchesOutside = !outside.isEmpty();
        this.matchedTransactionEnds = new int[TRANSACTION_END_KINDS.length * 2][];
        for (JdbcCall.TransactionEnd end : TRANSACTION_END_KINDS) {
            for (JdbcCall.Timing timing : JDBC_TIMINGS) {
                JdbcCall call = new JdbcCall(JdbcCall.Kind.COMMIT, timing, null, end, null, "");
                matchedTransactionEnds[end.ordinal() * 2 + timing.ordinal()] = matching(jdbcSelectors, call);
            }
        }
        this.matchedOutside = new int[OUTSIDE_KINDS.length * 2][];
        CompiledSelector[] outsideSelectors = outside.toArray(NO_SELECTORS);
        for (OutsideCall.Kind kind : OUTSIDE_KINDS) {
            for (OutsideCall.Timing timing : OUTSIDE_TIMINGS) {
                OutsideCall call = new OutsideCall(kind, timing, "", false);
                int[] found = new int[outsideSelectors.length];
                int count = 0;
                for (CompiledSelector selector : outsideSelectors) {
                    if (selector.matches(call)) {
                        found[count++] = selector.index;
                    }
                }
                matchedOutside[kind.ordinal() * 2 + timing.ordinal()] = count == 0 ? NONE : trimmed(found, count);
            }
        }
    }

    /**
     * The compiled watch of a run that watches {@code watch} and, with a plan, is armed at the plan's boundary: the
     * one an earlier run of the same watch list and boundary made, else a new one.
     *
     * @throws IllegalArgumentException if two different boundaries have the same name
     */
    static CompiledWatch of(WatchList watch, CrashPlan plan) {
        Object key = plan == null ? RECORDING : plan.boundary();
        synchronized (SHARED) {
            Map<Object, CompiledWatch> byPlan = SHARED.get(watch);
            CompiledWatch known = byPlan == null ? null : byPlan.get(key);
            if (known != null) {
                return known;
            }
        }
        CompiledWatch fresh = new CompiledWatch(watch, plan == null ? null : plan.boundary());
        synchronized (SHARED) {
            Map<Object, CompiledWatch> byPlan = SHARED.computeIfAbsent(watch, list -> new HashMap<>());
            if (byPlan.size() < REMEMBERED_PLANS) {
                CompiledWatch earlier = byPlan.putIfAbsent(key, fresh);
                return earlier == null ? fresh : earlier;
            }
        }
        return fresh;
    }

    /** How many boundaries are given. */
    int size() {
        return boundaries.size();
    }

    /** The boundary at {@code index}, in the order they were given. */
    Boundary boundary(int index) {
        return boundaries.get(index);
    }

    /**
     * What a statement with SQL matches at its timing: the given boundaries in the order they were given, and whether
     * the boundary that watches every statement of its SQL text too; worked out once per SQL text and timing.
     */
    StatementMatch statementMatch(JdbcCall call, boolean before) {
        Map<String, StatementMatch> known = before ? matchedBeforeStatement : matchedAfterStatement;
        StatementMatch match = known.get(call.sql());
        if (match == null) {
            match = new StatementMatch(matching(jdbcSelectors, call), watchesEveryStatement(call.sql(), before));
            if (known.size() < REMEMBERED_SQL_TEXTS) {
                known.put(call.sql(), match);
            }
        }
        return match;
    }

    private boolean watchesEveryStatement(String sql, boolean before) {
        if (!(before ? everyStatementBefore : everyStatementAfter) || sql.isBlank()) {
            return false; // blank SQL, which drivers accept, is no statement to crash at
        }
        Boundary every = everyStatement(sql, before);
        Integer given = byName.get(every.name());
        if (given == null) {
            return true;
        }
        requireSameSelector(boundaries.get(given), every);
        return false; // the same boundary was given explicitly and is matched already
    }

    /** The boundary that watches every statement of {@code sql} before or after it; shared by runs. */
    static Boundary everyStatement(String sql, boolean before) {
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

    private int watch(Boundary boundary) {
        Integer existing = byName.get(boundary.name());
        if (existing != null) {
            requireSameSelector(boundaries.get(existing), boundary);
            return existing;
        }
        boundaries.add(boundary);
        byName.put(boundary.name(), boundaries.size() - 1);
        return boundaries.size() - 1;
    }

    private static void requireSameSelector(Boundary existing, Boundary boundary) {
        if (!existing.selector().equals(boundary.selector())) {
            throw new IllegalArgumentException(SetupMessages.nameTakenInWatch(
                    boundary.name(),
                    existing.selector().description(),
                    boundary.selector().description()));
        }
    }

    private static List<Boundary> transactionEndBoundaries(boolean before, boolean after) {
        return SelectorMatching.transactionEnds(before, after).stream()
                .map(Boundary::of)
                .toList();
    }

    private static int[] matching(CompiledSelector[] selectors, JdbcCall call) {
        int[] found = new int[selectors.length];
        int count = 0;
        for (CompiledSelector selector : selectors) {
            if (selector.matches(call)) {
                found[count++] = selector.index;
            }
        }
        return count == 0 ? NONE : trimmed(found, count);
    }

    private static int[] trimmed(int[] found, int count) {
        return count == found.length ? found : Arrays.copyOf(found, count);
    }
}
