package dev.deliverykit.boundary;

import dev.deliverykit.internal.instrument.EngineControls;
import dev.deliverykit.internal.instrument.JdbcCall;
import dev.deliverykit.internal.instrument.MethodCall;
import dev.deliverykit.internal.instrument.OutsideCall;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * What a recording run changed outside its own memory, counted as it goes, so that crash points can be told
 * equivalent ({@link EquivalentCrashPoints}): two points with the same count have the same committed state in
 * every database and the same watched calls behind them. Deliberately conservative, because a pruned point is a
 * case nobody runs: a change is
 * <ul>
 *   <li>a commit: {@link Connection#commit()}, or a {@code COMMIT}/{@code END} statement;</li>
 *   <li>any statement but a plain {@code SELECT}, unless its connection is known to be inside a transaction:
 *       {@link Connection#getAutoCommit()} said {@code false}, or a {@code BEGIN}/{@code START TRANSACTION}
 *       statement opened one that no commit or rollback has ended (a statement of unknown SQL counts the same);</li>
 *   <li>a statement that may commit on its own inside a transaction: data definition ({@code CREATE},
 *       {@code ALTER}, {@code DROP}, {@code TRUNCATE}, which commit implicitly on several databases) and anything
 *       else that is not {@code SELECT}, {@code INSERT}, {@code UPDATE}, {@code DELETE}, {@code MERGE},
 *       {@code REPLACE}, {@code UPSERT} or {@code WITH};</li>
 *   <li>a watched method (a catalogue or method boundary): counted on entry and on exit, as the code under test
 *       may talk to the world outside the databases anywhere in it;</li>
 *   <li>a call that left the JVM ({@link OutsideEffect}: a socket connect or write, a file write, an HTTP request),
 *       watched or not, unless a broker client made it for its own traffic (its boundaries are the changes).</li>
 * </ul>
 * A rollback changes nothing. Writes left pending in a transaction that no commit or rollback ended (a
 * connection later seen in autocommit mode: {@code setAutoCommit(true)} committed them; one closed or never used
 * again: committed or rolled back, as its driver does) end at a moment the engine does not see: every hit since
 * that connection's last call is uncertain, a class of its own. The JDBC calls' threads are kept too: with more
 * than one, the order of the changes is not fixed, and no points are equivalent.
 */
final class DurableChanges implements RunLedger {

    private static final Set<String> WRITES_INSIDE_A_TRANSACTION =
            Set.of("INSERT", "UPDATE", "DELETE", "MERGE", "REPLACE", "UPSERT", "WITH", "SELECT");

    private final Set<Object> openedByStatement = Collections.newSetFromMap(new IdentityHashMap<>());
    /** Connections with writes that no commit or rollback has ended yet. */
    private final Set<Object> pending = Collections.newSetFromMap(new IdentityHashMap<>());
    /** Per connection: how many hits there were at its last call. */
    private final Map<Object, Integer> lastCallAt = new IdentityHashMap<>();

    private final Set<Integer> uncertain = new TreeSet<>();
    private final Set<String> threads = new LinkedHashSet<>();
    /** What left the JVM, with how often, in the order first seen: for the report. */
    private final Map<String, Integer> outsideEffects = new LinkedHashMap<>();

    private final List<Integer> beforeHits = new ArrayList<>();
    private int count;

    /** What the calls so far changed: for each hit, the changes before it; and the threads of the JDBC calls. */
    record Counts(
            List<Integer> beforeHits, Set<Integer> uncertainHits, List<String> threads, List<String> outsideEffects) {

        static final Counts UNKNOWN = new Counts(List.of(), Set.of(), List.of(), List.of());

        Counts {
            beforeHits = List.copyOf(beforeHits);
            uncertainHits = Set.copyOf(uncertainHits);
            threads = List.copyOf(threads);
            outsideEffects = List.copyOf(outsideEffects);
        }

        /** Whether there is a count for every one of {@code hits} hits. */
        boolean covers(int hits) {
            return beforeHits.size() == hits && hits > 0;
        }
    }

    @Override
    public boolean showsEveryStack() {
        return true;
    }

    @Override
    public boolean countsOutsideCalls() {
        return true;
    }

    /**
     * Whether a JDBC statement's connection is outside a transaction, asked of the driver before the lock of the
     * run is taken: a read of the connection's state, which nothing the code under test does can tell apart, made
     * without producing events.
     * Unknown (closed, a driver that throws): outside, so that the statement counts as a change.
     */
    @Override
    public boolean autoCommit(JdbcCall call) {
        if (call.kind() != JdbcCall.Kind.STATEMENT || !(call.connection() instanceof Connection connection)) {
            return true;
        }
        boolean[] autoCommit = {true};
        // Unobserved: a driver that asks its server makes no hit of the recording that a crash run would not make.
        EngineControls.unobserved(() -> {
            try {
                autoCommit[0] = connection.getAutoCommit();
            } catch (SQLException | RuntimeException unknown) {
                autoCommit[0] = true;
            }
        });
        return autoCommit[0];
    }

    /**
     * A JDBC call of the process started. Only statements and transaction ends name their thread: a pool that opens
     * or prepares connections on a helper thread of its own (HikariCP's connection adder) changes nothing there, and
     * counting it would make whether a sweep is pruned depend on when that thread ran.
     */
    @Override
    public void before(JdbcCall call) {
        switch (call.kind()) {
            case STATEMENT, COMMIT, ROLLBACK ->
                threads.add(Thread.currentThread().getName());
            default -> {}
        }
    }

    /**
     * A JDBC call of the process returned normally; {@code autoCommit} is what
     * {@link #autoCommit(JdbcCall)} said of it. Counted before the call's after-hits are recorded.
     */
    @Override
    public void after(JdbcCall call, boolean autoCommit) {
        Object connection = call.connection();
        switch (call.kind()) {
            case COMMIT -> {
                count++;
                ended(connection);
            }
            case ROLLBACK -> ended(connection);
            case STATEMENT -> {
                if (autoCommit
                        && connection != null
                        && pending.contains(connection)
                        && !openedByStatement.contains(connection)) {
                    endedUnseen(connection); // setAutoCommit(true) committed what was pending
                }
                statement(call, autoCommit);
            }
            default -> {}
        }
    }

    /** The hits after a JDBC call of the process are recorded: what follows is after that call. */
    @Override
    public void afterHitsOf(JdbcCall call) {
        if (call.connection() != null) {
            lastCallAt.put(call.connection(), beforeHits.size());
        }
    }

    private void ended(Object connection) {
        openedByStatement.remove(connection);
        pending.remove(connection);
    }

    /** The pending writes of {@code connection} ended at some moment since its last call. */
    private void endedUnseen(Object connection) {
        for (int hit = lastCallAt.getOrDefault(connection, 0); hit < beforeHits.size(); hit++) {
            uncertain.add(hit);
        }
        count++;
        pending.remove(connection);
    }

    private void statement(JdbcCall call, boolean autoCommit) {
        String sql = call.sql();
        switch (call.transactionEnd()) {
            case COMMIT -> {
                count++;
                ended(call.connection());
                return;
            }
            case ROLLBACK -> {
                ended(call.connection());
                return;
            }
            default -> {}
        }
        String verb = sql == null ? "" : firstWord(sql);
        if (verb.equals("BEGIN") || verb.equals("START")) {
            if (call.connection() != null) {
                openedByStatement.add(call.connection());
            } else {
                count++; // a transaction on a connection that cannot be told: nothing after it is known to be inside
            }
            return;
        }
        boolean inside = !autoCommit || (call.connection() != null && openedByStatement.contains(call.connection()));
        boolean plainRead =
                verb.equals("SELECT") && !sql.toUpperCase(Locale.ROOT).contains(" INTO ");
        if (plainRead) {
            return;
        }
        if (inside && WRITES_INSIDE_A_TRANSACTION.contains(verb)) {
            pending.add(call.connection());
            return;
        }
        count++;
    }

    /**
     * A call of the process left the JVM (a socket or file write, a connect, an HTTP request): counted once it
     * returned, before its after-hits, so that a crash before it and one after it are never equivalent; its thread
     * counts as one of the run's, as a JDBC call's does. A broker client's own traffic is no change (a Kafka
     * producer's sender, a consumer's fetches and heartbeats): it follows the client's timers, and the calls that
     * hand it the work are boundaries of their own (a send, an acknowledgement, an offset commit).
     */
    @Override
    public void outside(OutsideCall call) {
        if (call.brokerClient()) {
            return;
        }
        String thread = Thread.currentThread().getName();
        if (call.timing() == OutsideCall.Timing.BEFORE) {
            threads.add(thread);
        } else {
            count++;
            outsideEffects.merge(call.describe() + " on thread " + thread, 1, Integer::sum);
        }
    }

    /** A watched method was entered or left: its body may change the world outside the databases. */
    @Override
    public void method(MethodCall call, boolean beforeItsHits) {
        if (beforeItsHits == (call.point() != MethodCall.Point.ENTRY)) {
            count++;
        }
    }

    /** A hit is recorded now. */
    @Override
    public void hit() {
        beforeHits.add(count);
    }

    /** The counts so far; writes still pending make the hits since their connection's last call uncertain. */
    @Override
    public Counts counts() {
        Set<Integer> uncertainHits = new TreeSet<>(uncertain);
        for (Object connection : pending) {
            for (int hit = lastCallAt.getOrDefault(connection, 0); hit < beforeHits.size(); hit++) {
                uncertainHits.add(hit);
            }
        }
        List<String> outside = new ArrayList<>();
        outsideEffects.forEach((what, times) -> outside.add(what + (times == 1 ? "" : " (" + times + " times)")));
        return new Counts(beforeHits, uncertainHits, new ArrayList<>(threads), outside);
    }

    private static String firstWord(String sql) {
        int end = 0;
        while (end < sql.length() && Character.isLetter(sql.charAt(end))) {
            end++;
        }
        return sql.substring(0, end).toUpperCase(Locale.ROOT);
    }
}
