package dev.deliverykit.boundary;

import dev.deliverykit.internal.instrument.JdbcCall;
import dev.deliverykit.internal.instrument.MethodCall;
import dev.deliverykit.internal.instrument.MethodTarget;
import dev.deliverykit.internal.instrument.OutsideCall;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * The engine's side of a {@link Selector}: whether a call matches it (occurrences are counted by the run, places
 * are checked on the stack by the run), which occurrence and place it is limited to, and the method it names.
 */
final class SelectorMatching {

    /** How many SQL texts a regular-expression selector remembers its answer for (runs repeat the same few). */
    private static final int REMEMBERED_SQL_TEXTS = 1024;
    /** How many regular expressions are kept compiled with their answers (selectors repeat across runs). */
    private static final int REMEMBERED_PATTERNS = 1024;

    private static final Map<String, SqlPattern> PATTERNS = new ConcurrentHashMap<>();

    private SelectorMatching() {}

    /** A compiled SQL pattern and the answers it gave. */
    private static final class SqlPattern {
        final Pattern pattern;
        final Map<String, Boolean> foundIn = new ConcurrentHashMap<>();

        SqlPattern(Pattern pattern) {
            this.pattern = pattern;
        }

        boolean foundIn(String sql) {
            Boolean found = foundIn.get(sql);
            if (found == null) {
                found = pattern.matcher(sql).find();
                if (foundIn.size() < REMEMBERED_SQL_TEXTS) {
                    foundIn.put(sql, found);
                }
            }
            return found;
        }
    }

    /**
     * The compiled pattern of a statement selector's regular expression.
     *
     * @throws IllegalArgumentException if it does not compile
     */
    static void sqlPattern(String regex) {
        compiled(regex);
    }

    private static SqlPattern compiled(String regex) {
        SqlPattern known = PATTERNS.get(regex);
        if (known != null) {
            return known;
        }
        SqlPattern fresh;
        try {
            fresh = new SqlPattern(Pattern.compile(regex, Pattern.CASE_INSENSITIVE));
        } catch (PatternSyntaxException e) {
            throw new IllegalArgumentException(
                    "the SQL pattern \"" + regex + "\" is not a valid regular expression: "
                            + e.getDescription() + "; quote literal text with java.util.regex.Pattern.quote, or use"
                            + " beforeStatementExactly / afterStatementExactly",
                    e);
        }
        if (PATTERNS.size() < REMEMBERED_PATTERNS) {
            SqlPattern raced = PATTERNS.putIfAbsent(regex, fresh);
            return raced == null ? fresh : raced;
        }
        return fresh;
    }

    /** The occurrence the selector is limited to, or 0 for every occurrence. */
    static int occurrence(Selector selector) {
        return selector instanceof Selector.Occurrence occurrence ? occurrence.number() : 0;
    }

    /** The place the selector is scoped to, or {@code null} for one that matches anywhere. */
    static Place place(Selector selector) {
        return unlimited(selector) instanceof Selector.Within within ? within.place() : null;
    }

    /** The selector without its occurrence. */
    private static Selector unlimited(Selector selector) {
        return selector instanceof Selector.Occurrence occurrence ? occurrence.selector() : selector;
    }

    /** The selector without its occurrence and its place: what a call is compared with. */
    static Selector base(Selector selector) {
        Selector unlimited = unlimited(selector);
        return unlimited instanceof Selector.Within within ? within.selector() : unlimited;
    }

    /**
     * The selector without its place, keeping its occurrence, and the place: the two parts of a replay key,
     * {@code selector=#2 after-commit;within=com.acme.Relay#send}.
     */
    static Selector unscoped(Selector selector) {
        if (selector instanceof Selector.Occurrence occurrence
                && occurrence.selector() instanceof Selector.Within within) {
            return within.selector().occurrence(occurrence.number());
        }
        return selector instanceof Selector.Within within ? within.selector() : selector;
    }

    /** The method selector it is, or the one whose occurrence it is; {@code null} for any other. */
    static Selector.Method method(Selector selector) {
        return base(selector) instanceof Selector.Method method ? method : null;
    }

    static MethodTarget methodTarget(Selector.Method method) {
        return new MethodTarget(
                method.typeName(), method.methodName(), method.parameterTypes().orElse(null));
    }

    /** Whether the call matches, ignoring the selector's occurrence and place (the run counts and checks them). */
    static boolean matches(Selector selector, JdbcCall call) {
        Selector base = base(selector);
        Selector.Timing timing =
                call.timing() == JdbcCall.Timing.BEFORE ? Selector.Timing.BEFORE : Selector.Timing.AFTER;
        if (base instanceof Selector.TransactionEnd end) {
            return end.timing() == timing
                    && call.transactionEnd()
                            == (end.end() == Selector.End.COMMIT
                                    ? JdbcCall.TransactionEnd.COMMIT
                                    : JdbcCall.TransactionEnd.ROLLBACK);
        }
        if (!(base instanceof Selector.Statement statement)
                || statement.timing() != timing
                || call.kind() != JdbcCall.Kind.STATEMENT
                || call.sql() == null) {
            return false;
        }
        return statement.match() == Selector.SqlMatch.EXACT
                ? statement.sql().equals(call.sql())
                : compiled(statement.sql()).foundIn(call.sql());
    }

    /** Whether the method call matches, ignoring the selector's occurrence and place. */
    static boolean matches(Selector selector, MethodCall call) {
        if (!(base(selector) instanceof Selector.Method method)) {
            return false;
        }
        Selector.MethodPoint at = switch (call.point()) {
            case ENTRY -> Selector.MethodPoint.ENTRY;
            case NORMAL_EXIT -> Selector.MethodPoint.NORMAL_EXIT;
            case EXCEPTIONAL_EXIT -> Selector.MethodPoint.EXCEPTIONAL_EXIT;
        };
        return at == method.point()
                && method.typeName().equals(call.typeName())
                && method.methodName().equals(call.methodName())
                && method.parameterTypes()
                        .map(types -> types.equals(call.parameterTypes()))
                        .orElse(true);
    }

    /** Whether the call that leaves the JVM matches, ignoring the selector's occurrence and place. */
    static boolean matches(Selector selector, OutsideCall call) {
        return base(selector) instanceof Selector.Outside outside
                && outside.effect().name().equals(call.kind().name())
                && outside.timing().name().equals(call.timing().name());
    }

    /** The selectors before and after every kind of call that leaves the JVM. */
    static List<Selector> outsideEffects() {
        List<Selector> selectors = new ArrayList<>();
        for (OutsideEffect effect : OutsideEffect.values()) {
            selectors.add(Selector.beforeOutsideEffect(effect));
            selectors.add(Selector.afterOutsideEffect(effect));
        }
        return selectors;
    }

    /** The commit and rollback selectors before and / or after. */
    static List<Selector> transactionEnds(boolean before, boolean after) {
        List<Selector> selectors = new ArrayList<>();
        if (before) {
            selectors.add(Selector.beforeCommit());
            selectors.add(Selector.beforeRollback());
        }
        if (after) {
            selectors.add(Selector.afterCommit());
            selectors.add(Selector.afterRollback());
        }
        return selectors;
    }
}
