package dev.deliverykit.boundary;

import dev.deliverykit.internal.instrument.JdbcCall;
import dev.deliverykit.internal.instrument.MethodCall;
import dev.deliverykit.internal.instrument.OutsideCall;
import java.util.List;
import java.util.regex.Pattern;

/**
 * A watched boundary's selector compiled, once per watch ({@link CompiledWatch}), into what a call is compared with: its family, its timing
 * and point as the calls' own enums, a statement's compiled pattern, a method's names. Comparing a call with it
 * allocates nothing and looks nothing up, which matters because every JDBC call, watched method and outside call
 * of an armed run is compared with the selectors of its family. Immutable.
 */
final class CompiledSelector {

    /** Which kind of call a selector can match. */
    enum Family {
        STATEMENT,
        TRANSACTION_END,
        METHOD,
        OUTSIDE
    }

    /**
     * The index of its boundary in the order the boundaries were given ({@link CompiledWatch}), or -1 for a selector
     * compiled only to compare calls with.
     */
    final int index;

    final Family family;

    private final JdbcCall.Timing jdbcTiming;
    private final JdbcCall.TransactionEnd end;
    /** A statement's exact SQL, or {@code null} for a regular expression ({@link #pattern}). */
    private final String exactSql;

    private final Pattern pattern;
    private final MethodCall.Point point;
    private final String typeName;
    private final String methodName;
    /** The method's parameter types, or {@code null} for every overload. */
    private final List<String> parameterTypes;

    private final OutsideCall.Kind outsideKind;
    private final OutsideCall.Timing outsideTiming;

    private CompiledSelector(int index, Selector base) {
        this.index = index;
        JdbcCall.Timing timing = null;
        JdbcCall.TransactionEnd transactionEnd = null;
        String exact = null;
        Pattern regex = null;
        MethodCall.Point methodPoint = null;
        String type = null;
        String name = null;
        List<String> parameters = null;
        OutsideCall.Kind kind = null;
        OutsideCall.Timing outside = null;
        if (base instanceof Selector.Statement statement) {
            family = Family.STATEMENT;
            timing = jdbcTiming(statement.timing());
            if (statement.match() == Selector.SqlMatch.EXACT) {
                exact = statement.sql();
            } else {
                regex = SelectorMatching.sqlPattern(statement.sql());
            }
        } else if (base instanceof Selector.TransactionEnd transaction) {
            family = Family.TRANSACTION_END;
            timing = jdbcTiming(transaction.timing());
            transactionEnd = transaction.end() == Selector.End.COMMIT
                    ? JdbcCall.TransactionEnd.COMMIT
                    : JdbcCall.TransactionEnd.ROLLBACK;
        } else if (base instanceof Selector.Method method) {
            family = Family.METHOD;
            methodPoint = MethodCall.Point.valueOf(method.point().name());
            type = method.typeName();
            name = method.methodName();
            parameters = method.parameterTypes().orElse(null);
        } else if (base instanceof Selector.Outside effect) {
            family = Family.OUTSIDE;
            kind = OutsideCall.Kind.valueOf(effect.effect().name());
            outside = OutsideCall.Timing.valueOf(effect.timing().name());
        } else {
            throw new IllegalArgumentException(SelectorMessages.matchesNoCall(base.description()));
        }
        this.jdbcTiming = timing;
        this.end = transactionEnd;
        this.exactSql = exact;
        this.pattern = regex;
        this.point = methodPoint;
        this.typeName = type;
        this.methodName = name;
        this.parameterTypes = parameters;
        this.outsideKind = kind;
        this.outsideTiming = outside;
    }

    /** The selector of the boundary at {@code index}, compiled. */
    static CompiledSelector of(int index, Selector selector) {
        return new CompiledSelector(index, SelectorMatching.base(selector));
    }

    /** A selector compiled without a boundary (where a hand-over starts), only to compare calls with. */
    static CompiledSelector of(Selector selector) {
        return new CompiledSelector(-1, SelectorMatching.base(selector));
    }

    private static JdbcCall.Timing jdbcTiming(Selector.Timing timing) {
        return timing == Selector.Timing.BEFORE ? JdbcCall.Timing.BEFORE : JdbcCall.Timing.AFTER;
    }

    /** Whether the JDBC call matches, ignoring occurrence and place (the run counts and checks them). */
    boolean matches(JdbcCall call) {
        if (family == Family.TRANSACTION_END) {
            return jdbcTiming == call.timing() && end == call.transactionEnd();
        }
        if (family != Family.STATEMENT
                || jdbcTiming != call.timing()
                || call.kind() != JdbcCall.Kind.STATEMENT
                || call.sql() == null) {
            return false;
        }
        return exactSql != null
                ? exactSql.equals(call.sql())
                : pattern.matcher(call.sql()).find();
    }

    /** Whether the method call matches, ignoring occurrence and place. */
    boolean matches(MethodCall call) {
        return family == Family.METHOD
                && point == call.point()
                && typeName.equals(call.typeName())
                && methodName.equals(call.methodName())
                && (parameterTypes == null || parameterTypes.equals(call.parameterTypes()));
    }

    /** Whether the method call is of this selector's method, at any point and of any overload. */
    boolean sameMethod(MethodCall call) {
        return family == Family.METHOD && typeName.equals(call.typeName()) && methodName.equals(call.methodName());
    }

    /** Whether the call that leaves the JVM matches, ignoring occurrence and place. */
    boolean matches(OutsideCall call) {
        return family == Family.OUTSIDE && outsideKind == call.kind() && outsideTiming == call.timing();
    }
}
