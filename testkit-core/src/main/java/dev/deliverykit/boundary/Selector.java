package dev.deliverykit.boundary;

import dev.deliverykit.internal.instrument.JdbcCall;
import dev.deliverykit.internal.instrument.MethodCall;
import dev.deliverykit.internal.instrument.MethodTarget;
import dev.deliverykit.internal.instrument.SqlText;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

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
 */
public final class Selector {

    enum Kind {
        STATEMENT,
        TRANSACTION,
        METHOD
    }

    enum Point {
        BEFORE("before"),
        AFTER("after"),
        ENTRY("entry of"),
        EXIT("normal exit of"),
        EXCEPTIONAL_EXIT("exceptional exit of");

        final String words;

        Point(String words) {
            this.words = words;
        }
    }

    /** How many SQL texts a regular-expression selector remembers its answer for (runs repeat the same few). */
    private static final int REMEMBERED_SQL_TEXTS = 1024;

    private static final String STATEMENT_REGEX = "-statement:";
    private static final String STATEMENT_EXACT = "-statement=";

    private final Kind kind;
    private final Point point;
    private final String sqlRegex;
    private final Pattern sqlPattern;
    private final String exactSql;
    private final JdbcCall.TransactionEnd transactionEnd;
    private final String typeName;
    private final String methodName;
    private final List<String> parameterTypes;
    private final int nth;
    private final Map<String, Boolean> patternFoundIn = new ConcurrentHashMap<>();
    /** {@link #spec()}, built once: it is this selector's identity (equals, hashCode, validated methods). */
    private volatile String spec;

    private Selector(Kind kind, Point point, String sqlRegex, String exactSql, JdbcCall.TransactionEnd transactionEnd,
            String typeName, String methodName, List<String> parameterTypes, int nth) {
        this.kind = kind;
        this.point = point;
        this.sqlRegex = sqlRegex;
        this.sqlPattern = sqlRegex == null ? null : compile(sqlRegex);
        this.exactSql = exactSql;
        this.transactionEnd = transactionEnd;
        this.typeName = typeName;
        this.methodName = methodName;
        this.parameterTypes = parameterTypes;
        this.nth = nth;
    }

    // ---- statements --------------------------------------------------------------------------------

    /** Before executing a statement whose normalised SQL contains a match of {@code sqlRegex} (case-insensitive). */
    public static Selector beforeStatement(String sqlRegex) {
        return statement(Point.BEFORE, sqlRegex);
    }

    /** After a statement whose normalised SQL contains a match of {@code sqlRegex} returned normally. */
    public static Selector afterStatement(String sqlRegex) {
        return statement(Point.AFTER, sqlRegex);
    }

    /** Before executing a statement whose normalised SQL equals {@code sql} (normalised too). */
    public static Selector beforeStatementExactly(String sql) {
        return exact(Point.BEFORE, sql);
    }

    /** After a statement whose normalised SQL equals {@code sql} (normalised too) returned normally. */
    public static Selector afterStatementExactly(String sql) {
        return exact(Point.AFTER, sql);
    }

    private static Selector statement(Point point, String sqlRegex) {
        Objects.requireNonNull(sqlRegex, "sqlRegex");
        if (sqlRegex.isBlank()) {
            throw new IllegalArgumentException("a statement selector needs SQL to match, got a blank pattern;"
                    + " give a regular expression such as \"INSERT INTO outbox\"");
        }
        return new Selector(Kind.STATEMENT, point, sqlRegex, null, null, null, null, null, 0);
    }

    private static Selector exact(Point point, String sql) {
        Objects.requireNonNull(sql, "sql");
        if (sql.isBlank()) {
            throw new IllegalArgumentException("a statement selector needs SQL to match, got blank SQL");
        }
        return new Selector(Kind.STATEMENT, point, null, SqlText.normalise(sql), null, null, null, null, 0);
    }

    private static Pattern compile(String regex) {
        try {
            return Pattern.compile(regex, Pattern.CASE_INSENSITIVE);
        } catch (PatternSyntaxException e) {
            throw new IllegalArgumentException("the SQL pattern \"" + regex + "\" is not a valid regular expression: "
                    + e.getDescription() + "; quote literal text with java.util.regex.Pattern.quote, or use"
                    + " beforeStatementExactly / afterStatementExactly", e);
        }
    }

    // ---- transactions ------------------------------------------------------------------------------

    /** Before {@code Connection.commit()} or a {@code COMMIT}/{@code END} statement. */
    public static Selector beforeCommit() {
        return transaction(Point.BEFORE, JdbcCall.TransactionEnd.COMMIT);
    }

    /** After {@code Connection.commit()} or a {@code COMMIT}/{@code END} statement returned normally. */
    public static Selector afterCommit() {
        return transaction(Point.AFTER, JdbcCall.TransactionEnd.COMMIT);
    }

    /** Before {@code Connection.rollback()} or a {@code ROLLBACK} statement. */
    public static Selector beforeRollback() {
        return transaction(Point.BEFORE, JdbcCall.TransactionEnd.ROLLBACK);
    }

    /** After {@code Connection.rollback()} or a {@code ROLLBACK} statement returned normally. */
    public static Selector afterRollback() {
        return transaction(Point.AFTER, JdbcCall.TransactionEnd.ROLLBACK);
    }

    private static Selector transaction(Point point, JdbcCall.TransactionEnd end) {
        return new Selector(Kind.TRANSACTION, point, null, null, end, null, null, null, 0);
    }

    // ---- methods -----------------------------------------------------------------------------------

    /**
     * On entry to {@code method} of {@code type}; with {@code parameterTypes} only that overload, without
     * them every overload (for exactly the no-argument overload use {@code methodEntry("Type#method()")}).
     */
    public static Selector methodEntry(Class<?> type, String method, Class<?>... parameterTypes) {
        return method(Point.ENTRY, type, method, parameterTypes);
    }

    /** On normal return from the method; parameter types as for {@link #methodEntry(Class, String, Class...)}. */
    public static Selector methodExit(Class<?> type, String method, Class<?>... parameterTypes) {
        return method(Point.EXIT, type, method, parameterTypes);
    }

    /** When the method ends by throwing; parameter types as for {@link #methodEntry(Class, String, Class...)}. */
    public static Selector methodExceptionalExit(Class<?> type, String method, Class<?>... parameterTypes) {
        return method(Point.EXCEPTIONAL_EXIT, type, method, parameterTypes);
    }

    /**
     * On entry to a method named by reference: {@code com.acme.Relay#send} (every overload),
     * {@code com.acme.Relay#send()} or {@code com.acme.Relay#send(java.lang.String,int[])}. Nested types use
     * their binary name ({@code com.acme.Outer$Inner}). The type need not be loaded yet.
     */
    public static Selector methodEntry(String methodReference) {
        return method(Point.ENTRY, methodReference);
    }

    /** On normal return from a method named by reference, as in {@link #methodEntry(String)}. */
    public static Selector methodExit(String methodReference) {
        return method(Point.EXIT, methodReference);
    }

    /** When a method named by reference ends by throwing, as in {@link #methodEntry(String)}. */
    public static Selector methodExceptionalExit(String methodReference) {
        return method(Point.EXCEPTIONAL_EXIT, methodReference);
    }

    private static Selector method(Point point, Class<?> type, String method, Class<?>... parameterTypes) {
        Objects.requireNonNull(type, "type");
        Objects.requireNonNull(method, "method");
        return method(point, MethodTarget.of(type, method, parameterTypes), type.getName() + "#" + method);
    }

    private static Selector method(Point point, String reference) {
        Objects.requireNonNull(reference, "methodReference");
        MethodTarget target = MethodTarget.parse(reference).orElseThrow(() -> new IllegalArgumentException("\""
                + reference + "\" is not a method reference; expected Type#method or Type#method(paramType,...),"
                + " for example com.acme.Relay#send(java.lang.String)"));
        return method(point, target, reference);
    }

    private static Selector method(Point point, MethodTarget target, String reference) {
        if (!target.namesAMethod()) {
            throw new IllegalArgumentException("\"" + reference + "\" does not name a method; constructors and"
                    + " static initialisers cannot be selected, name a method instead");
        }
        return new Selector(Kind.METHOD, point, null, null, null, target.typeName(), target.methodName(),
                target.parameterTypes(), 0);
    }

    // ---- occurrence --------------------------------------------------------------------------------

    /**
     * Only the {@code n}th time (counted from 1, at run time) that this selector matches in a run, for
     * example {@code afterCommit().occurrence(2)} for a run's second commit.
     */
    public Selector occurrence(int n) {
        if (n < 1) {
            throw new IllegalArgumentException("occurrences are counted from 1, got " + n);
        }
        if (nth != 0) {
            throw new IllegalStateException(description() + " already selects one occurrence; set it once");
        }
        return new Selector(kind, point, sqlRegex, exactSql, transactionEnd, typeName, methodName, parameterTypes, n);
    }

    // ---- text forms --------------------------------------------------------------------------------

    /** What a person reads: {@code after statement matching /INSERT INTO outbox/}, {@code occurrence 2 of after commit}. */
    public String description() {
        String base;
        switch (kind) {
            case STATEMENT:
                base = point.words + " statement "
                        + (exactSql != null ? "\"" + exactSql + "\"" : "matching /" + sqlRegex + "/");
                break;
            case TRANSACTION:
                base = point.words + " " + (transactionEnd == JdbcCall.TransactionEnd.COMMIT ? "commit" : "rollback");
                break;
            default:
                base = point.words + " " + methodReference();
        }
        return nth == 0 ? base : "occurrence " + nth + " of " + base;
    }

    /** One line that {@link #parse(String)} reads back: {@code after-statement:INSERT INTO outbox}, {@code #2 after-commit}. */
    public String spec() {
        String known = spec;
        if (known == null) {
            known = buildSpec();
            spec = known;
        }
        return known;
    }

    private String buildSpec() {
        String base;
        String when = point == Point.BEFORE ? "before" : "after";
        switch (kind) {
            case STATEMENT:
                base = when + (exactSql != null ? STATEMENT_EXACT + exactSql : STATEMENT_REGEX + sqlRegex);
                break;
            case TRANSACTION:
                base = when + "-" + (transactionEnd == JdbcCall.TransactionEnd.COMMIT ? "commit" : "rollback");
                break;
            default:
                String prefix = point == Point.ENTRY ? "method-entry:" : point == Point.EXIT ? "method-exit:"
                        : "method-exceptional-exit:";
                base = prefix + methodReference();
        }
        return nth == 0 ? base : "#" + nth + " " + base;
    }

    /**
     * Reads a {@linkplain #spec() spec}: {@code before-statement:REGEX}, {@code after-statement=EXACT SQL},
     * {@code before-commit}, {@code after-commit}, {@code before-rollback}, {@code after-rollback},
     * {@code method-entry:Type#m}, {@code method-exit:Type#m(int)}, {@code method-exceptional-exit:Type#m},
     * each optionally prefixed by {@code #N } for the Nth occurrence.
     */
    public static Selector parse(String spec) {
        Objects.requireNonNull(spec, "spec");
        String text = spec;
        int nth = 0;
        if (text.startsWith("#")) {
            int space = text.indexOf(' ');
            try {
                nth = space < 0 ? -1 : Integer.parseInt(text.substring(1, space));
            } catch (NumberFormatException e) {
                nth = -1;
            }
            if (nth < 1) {
                throw badSpec(spec);
            }
            text = text.substring(space + 1);
        }
        Selector base = parseBase(text, spec);
        return nth == 0 ? base : base.occurrence(nth);
    }

    private static Selector parseBase(String text, String spec) {
        switch (text) {
            case "before-commit": return beforeCommit();
            case "after-commit": return afterCommit();
            case "before-rollback": return beforeRollback();
            case "after-rollback": return afterRollback();
            default: break;
        }
        for (String when : List.of("before", "after")) {
            if (text.startsWith(when + STATEMENT_REGEX)) {
                String regex = text.substring((when + STATEMENT_REGEX).length());
                return when.equals("before") ? beforeStatement(regex) : afterStatement(regex);
            }
            if (text.startsWith(when + STATEMENT_EXACT)) {
                String sql = text.substring((when + STATEMENT_EXACT).length());
                return when.equals("before") ? beforeStatementExactly(sql) : afterStatementExactly(sql);
            }
        }
        if (text.startsWith("method-entry:")) {
            return methodEntry(text.substring("method-entry:".length()));
        }
        if (text.startsWith("method-exit:")) {
            return methodExit(text.substring("method-exit:".length()));
        }
        if (text.startsWith("method-exceptional-exit:")) {
            return methodExceptionalExit(text.substring("method-exceptional-exit:".length()));
        }
        throw badSpec(spec);
    }

    private static IllegalArgumentException badSpec(String spec) {
        return new IllegalArgumentException("\"" + spec + "\" is not a selector spec; expected one of"
                + " before-statement:REGEX, after-statement:REGEX, before-statement=SQL, after-statement=SQL,"
                + " before-commit, after-commit, before-rollback, after-rollback, method-entry:Type#method,"
                + " method-exit:Type#method, method-exceptional-exit:Type#method, optionally prefixed by \"#N \"");
    }

    private String methodReference() {
        return typeName + "#" + methodName + (parameterTypes == null ? "" : "(" + String.join(",", parameterTypes) + ")");
    }

    // ---- matching (engine side) --------------------------------------------------------------------

    /** The occurrence this selector is limited to, or 0 for every occurrence. */
    int nth() {
        return nth;
    }

    boolean isMethod() {
        return kind == Kind.METHOD;
    }

    MethodTarget methodTarget() {
        return new MethodTarget(typeName, methodName, parameterTypes);
    }

    String typeName() {
        return typeName;
    }

    String methodName() {
        return methodName;
    }

    List<String> parameterTypes() {
        return parameterTypes;
    }

    /** Whether the call matches, ignoring {@link #occurrence(int)} (the run counts occurrences). */
    boolean matches(JdbcCall call) {
        Point timing = call.timing() == JdbcCall.Timing.BEFORE ? Point.BEFORE : Point.AFTER;
        if (timing != point) {
            return false;
        }
        if (kind == Kind.TRANSACTION) {
            return call.transactionEnd() == transactionEnd;
        }
        if (kind != Kind.STATEMENT || call.kind() != JdbcCall.Kind.STATEMENT || call.sql() == null) {
            return false;
        }
        return exactSql != null ? exactSql.equals(call.sql()) : patternFoundIn(call.sql());
    }

    private boolean patternFoundIn(String sql) {
        Boolean found = patternFoundIn.get(sql);
        if (found == null) {
            found = sqlPattern.matcher(sql).find();
            if (patternFoundIn.size() < REMEMBERED_SQL_TEXTS) {
                patternFoundIn.put(sql, found);
            }
        }
        return found;
    }

    /** Whether the method call matches, ignoring {@link #occurrence(int)}. */
    boolean matches(MethodCall call) {
        if (kind != Kind.METHOD) {
            return false;
        }
        Point at = call.point() == MethodCall.Point.ENTRY ? Point.ENTRY
                : call.point() == MethodCall.Point.NORMAL_EXIT ? Point.EXIT : Point.EXCEPTIONAL_EXIT;
        return at == point && typeName.equals(call.typeName()) && methodName.equals(call.methodName())
                && (parameterTypes == null || parameterTypes.equals(call.parameterTypes()));
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof Selector && ((Selector) other).spec().equals(spec());
    }

    @Override
    public int hashCode() {
        return spec().hashCode();
    }

    @Override
    public String toString() {
        return description();
    }

    static List<Selector> transactionEnds(boolean before, boolean after) {
        List<Selector> selectors = new ArrayList<>();
        if (before) {
            selectors.add(beforeCommit());
            selectors.add(beforeRollback());
        }
        if (after) {
            selectors.add(afterCommit());
            selectors.add(afterRollback());
        }
        return selectors;
    }
}
