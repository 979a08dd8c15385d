package dev.deliverykit.boundary;

import dev.deliverykit.internal.instrument.JdbcCall;
import dev.deliverykit.schedule.Access;
import dev.deliverykit.schedule.Step;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What one instance's calls touched since its last point, for the step that ends at the next one: the tables a
 * statement reads or writes, as its SQL names them, and at a commit the tables its transaction wrote. Conservative,
 * because two steps taken for independent are run in one order only: a statement whose SQL is unknown or not a plain
 * read or write, and a watched method or a call that leaves the JVM, touch everything. Guarded by the run's lock.
 */
final class StepAccesses {

    private static final Pattern READ_TABLES =
            Pattern.compile("\\b(?:FROM|JOIN)\\s+([A-Za-z_\"`\\[][\\w.\"`\\]]*)", Pattern.CASE_INSENSITIVE);
    private static final Pattern WRITTEN_TABLE = Pattern.compile(
            "^(?:INSERT(?:\\s+OR\\s+\\w+)?\\s+INTO|REPLACE\\s+INTO|UPDATE(?:\\s+OR\\s+\\w+)?|DELETE\\s+FROM)\\s+"
                    + "([A-Za-z_\"`\\[][\\w.\"`\\]]*)",
            Pattern.CASE_INSENSITIVE);
    private static final Pattern LOCKING_READ =
            Pattern.compile("\\bFOR\\s+(?:NO\\s+KEY\\s+)?(?:UPDATE|SHARE)\\b", Pattern.CASE_INSENSITIVE);

    private final Map<Object, Set<String>> writtenInTransaction = new IdentityHashMap<>();
    private final Set<Access> since = new LinkedHashSet<>();
    private final List<Access> pending = new ArrayList<>();
    private boolean everything;

    /** A JDBC call of the instance goes to the driver; what it touches counts once it has run. */
    void calling(JdbcCall call) {
        pending.clear();
        switch (call.kind()) {
            case STATEMENT -> statement(call);
            case COMMIT, ROLLBACK -> transactionEnd(call.connection(), call.kind() == JdbcCall.Kind.COMMIT);
            default -> {}
        }
    }

    /** The call {@link #calling} saw has run, normally or not. */
    void called() {
        since.addAll(pending);
        pending.clear();
    }

    /** A watched method or a call that leaves the JVM: its step touches everything. */
    void effect() {
        everything = true;
    }

    /** The step that ends at {@code stopsAt}; the next one starts empty. */
    Step step(String stopsAt) {
        Step step = new Step(stopsAt, List.copyOf(since), everything);
        since.clear();
        everything = false;
        return step;
    }

    private void statement(JdbcCall call) {
        String sql = call.sql();
        if (sql == null) {
            everything = true;
            return;
        }
        if (call.transactionEnd() != JdbcCall.TransactionEnd.NONE) {
            transactionEnd(call.connection(), call.transactionEnd() == JdbcCall.TransactionEnd.COMMIT);
            return;
        }
        String first = sql.strip().split("\\s+", 2)[0].toUpperCase(Locale.ROOT);
        Matcher written = WRITTEN_TABLE.matcher(sql.strip());
        if (written.find()) {
            String table = name(written.group(1));
            pending.add(Access.write(table));
            writtenInTransaction
                    .computeIfAbsent(call.connection(), connection -> new LinkedHashSet<>())
                    .add(table);
            reads(sql.substring(written.end()));
        } else if (first.equals("SELECT") || first.equals("WITH")) {
            if (LOCKING_READ.matcher(sql).find()) {
                Matcher tables = READ_TABLES.matcher(sql);
                while (tables.find()) {
                    pending.add(Access.write(name(tables.group(1))));
                }
            } else {
                reads(sql);
            }
        } else {
            everything = true; // BEGIN IMMEDIATE, DDL, PRAGMA, a call: what it locks or changes is not told
        }
    }

    private void reads(String sql) {
        Matcher tables = READ_TABLES.matcher(sql);
        while (tables.find()) {
            pending.add(Access.read(name(tables.group(1))));
        }
    }

    /** A commit publishes what its transaction wrote; a rollback takes back what nobody else saw. */
    private void transactionEnd(Object connection, boolean commit) {
        Set<String> written = writtenInTransaction.remove(connection);
        if (commit && written != null) {
            written.forEach(table -> pending.add(Access.write(table)));
        }
    }

    private static String name(String table) {
        return table.replaceAll("[\"`\\[\\]]", "").toLowerCase(Locale.ROOT);
    }
}
