package dev.deliverykit.boundary;

import dev.deliverykit.internal.instrument.JdbcCall;
import dev.deliverykit.internal.instrument.MethodCall;
import dev.deliverykit.internal.instrument.OutsideCall;
import java.util.HashMap;
import java.util.Map;

/**
 * What one run watches and what each kind of call matches: the boundaries given (named ones, transaction ends,
 * the armed one) with this run's counts of them, the boundaries of every statement, the hand-overs to I/O threads,
 * and per call shape the boundaries it matches. What does not depend on the run (the selectors compiled, which
 * boundaries each call shape matches) is its {@link CompiledWatch}, shared with the runs of the same watch; this
 * table adds the run's own {@link WatchedBoundary} counters. Guarded by the run's lock.
 */
final class WatchTable {

    private static final WatchedBoundary[] NONE = new WatchedBoundary[0];

    private final CompiledWatch compiled;
    /** The run's counters of the boundaries given, in the order they were given. */
    private final WatchedBoundary[] watched;
    /** Per boundary given, it alone: what a call that matches only it matches; made when first needed. */
    private final WatchedBoundary[][] alone;

    private final WatchedBoundary[][] matchedTransactionEnds;
    /** Per SQL text: what its statement matches before / after, this run's counters. */
    private final Map<String, WatchedBoundary[]> matchedBeforeStatement = new HashMap<>();

    private final Map<String, WatchedBoundary[]> matchedAfterStatement = new HashMap<>();
    /** Per kind and timing of a call that leaves the JVM: what it matches; made when first needed. */
    private final WatchedBoundary[][] matchedOutside;

    private final WatchedBoundary armed;

    /** The table of a recording: it watches {@code watch} and is armed nowhere. */
    static WatchTable recording(WatchList watch) {
        return new WatchTable(watch, null);
    }

    /** The table of a run that watches {@code watch} and, with a plan, is armed at the plan's boundary. */
    WatchTable(WatchList watch, CrashPlan plan) {
        this.compiled = CompiledWatch.of(watch, plan);
        this.watched = new WatchedBoundary[compiled.size()];
        for (int index = 0; index < watched.length; index++) {
            watched[index] = new WatchedBoundary(compiled.boundary(index), false);
        }
        this.alone = new WatchedBoundary[watched.length][];
        this.matchedTransactionEnds = new WatchedBoundary[compiled.matchedTransactionEnds.length][];
        this.matchedOutside = new WatchedBoundary[compiled.matchedOutside.length][];
        this.armed = compiled.armed < 0 ? null : watched[compiled.armed];
    }

    /** The boundary of the plan, or {@code null} for a recording. */
    WatchedBoundary armed() {
        return armed;
    }

    /** Whether a watched boundary is a call that leaves the JVM. */
    boolean watchesOutside() {
        return compiled.watchesOutside;
    }

    /** Whether a watched method ends a hand-over to an I/O thread. */
    boolean watchesHandOvers() {
        return compiled.handOverEnds.length > 0;
    }

    /**
     * The watched boundaries that a JDBC call matches, in the order they were given, then the one that
     * watches every statement of its SQL text; worked out once per run, or once per SQL text and timing.
     */
    WatchedBoundary[] matching(JdbcCall call) {
        boolean before = call.timing() == JdbcCall.Timing.BEFORE;
        if (call.kind() != JdbcCall.Kind.STATEMENT
                || call.sql() == null
                || !(before ? compiled.statementsBefore : compiled.statementsAfter)) {
            return byShape(
                    matchedTransactionEnds,
                    compiled.matchedTransactionEnds,
                    call.transactionEnd().ordinal() * 2 + call.timing().ordinal());
        }
        Map<String, WatchedBoundary[]> known = before ? matchedBeforeStatement : matchedAfterStatement;
        WatchedBoundary[] matched = known.get(call.sql());
        if (matched == null) {
            CompiledWatch.StatementMatch match = compiled.statementMatch(call, before);
            matched = boundaries(
                    match.given(),
                    match.everyStatement()
                            ? new WatchedBoundary(CompiledWatch.everyStatement(call.sql(), before), true)
                            : null);
            known.put(call.sql(), matched);
        }
        return matched;
    }

    /**
     * The watched boundaries a method call matches: the run's few method selectors compared in turn, allocating
     * only when a call matches more than one.
     */
    WatchedBoundary[] matching(MethodCall call) {
        CompiledSelector first = null;
        int count = 0;
        for (CompiledSelector selector : compiled.methodSelectors) {
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
            WatchedBoundary[] only = alone[first.index];
            if (only == null) {
                only = new WatchedBoundary[] {watched[first.index]};
                alone[first.index] = only;
            }
            return only;
        }
        WatchedBoundary[] all = new WatchedBoundary[count];
        int next = 0;
        for (CompiledSelector selector : compiled.methodSelectors) {
            if (selector.matches(call)) {
                all[next++] = watched[selector.index];
            }
        }
        return all;
    }

    /** The watched boundaries a call that leaves the JVM matches, worked out once per watch. */
    WatchedBoundary[] matching(OutsideCall call) {
        return byShape(
                matchedOutside,
                compiled.matchedOutside,
                call.kind().ordinal() * 2 + call.timing().ordinal());
    }

    /** The run's counters of what a call of {@code shape} matches, made from the compiled indexes when first asked. */
    private WatchedBoundary[] byShape(WatchedBoundary[][] made, int[][] indexes, int shape) {
        WatchedBoundary[] matched = made[shape];
        if (matched == null) {
            matched = boundaries(indexes[shape], null);
            made[shape] = matched;
        }
        return matched;
    }

    /** The run's counters of the boundaries at {@code indexes}, then {@code last} if there is one. */
    private WatchedBoundary[] boundaries(int[] indexes, WatchedBoundary last) {
        int length = indexes.length + (last == null ? 0 : 1);
        if (length == 0) {
            return NONE;
        }
        WatchedBoundary[] all = new WatchedBoundary[length];
        for (int i = 0; i < indexes.length; i++) {
            all[i] = watched[indexes[i]];
        }
        if (last != null) {
            all[indexes.length] = last;
        }
        return all;
    }

    /** Whether the method call starts a hand-over that a watched method ends. */
    boolean startsAHandOver(MethodCall call) {
        for (CompiledSelector start : compiled.handOverStarts) {
            if (start.matches(call)) {
                return true;
            }
        }
        return false;
    }

    /** Whether the method call is of a watched method that ends a hand-over. */
    boolean endsAHandOver(MethodCall call) {
        for (CompiledSelector end : compiled.handOverEnds) {
            if (end.sameMethod(call)) {
                return true;
            }
        }
        return false;
    }
}
