package dev.deliverykit.boundary;

import dev.deliverykit.internal.instrument.MethodTarget;
import dev.deliverykit.internal.instrument.SqlText;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * What the records of {@link Selector} check when they are built, so that no selector can be built that the engine
 * could not match, and the method selectors built from a class or a method reference.
 */
final class SelectorChecks {

    private SelectorChecks() {}

    /**
     * A statement selector's SQL: a regular expression that compiles, or SQL normalised.
     *
     * @throws IllegalArgumentException for blank SQL or a regular expression that does not compile
     */
    static String statementSql(Selector.Timing timing, Selector.SqlMatch match, String sql) {
        Objects.requireNonNull(timing, "timing");
        Objects.requireNonNull(match, "match");
        if (match == Selector.SqlMatch.REGEX) {
            Objects.requireNonNull(sql, "sqlRegex");
            if (sql.isBlank()) {
                throw new IllegalArgumentException(SelectorMessages.blankPattern());
            }
            SelectorMatching.sqlPattern(sql);
            return sql;
        }
        Objects.requireNonNull(sql, "sql");
        if (sql.isBlank()) {
            throw new IllegalArgumentException(SelectorMessages.blankSql());
        }
        return SqlText.normalise(sql);
    }

    /** Checks that a timing and what it is the timing of are both given. */
    static void timed(Selector.Timing timing, Object what, String whatName) {
        Objects.requireNonNull(timing, "timing");
        Objects.requireNonNull(what, whatName);
    }

    /**
     * A method selector's parameter types, copied, after checking that the names name a method.
     *
     * @throws IllegalArgumentException if the names do not name a method
     */
    static Optional<List<String>> methodParameters(
            Selector.MethodPoint point, String typeName, String methodName, Optional<List<String>> parameterTypes) {
        Objects.requireNonNull(point, "point");
        Objects.requireNonNull(typeName, "typeName");
        Objects.requireNonNull(methodName, "methodName");
        Optional<List<String>> copied =
                Objects.requireNonNull(parameterTypes, "parameterTypes").map(List::copyOf);
        requireMethod(new MethodTarget(typeName, methodName, copied.orElse(null)), typeName + "#" + methodName);
        if (typeName.isBlank()) {
            throw new IllegalArgumentException(SelectorMessages.notAMethodReference(typeName + "#" + methodName));
        }
        return copied;
    }

    /** The method selector at {@code point} of a method of {@code type}; every overload without parameter types. */
    static Selector.Method method(
            Selector.MethodPoint point, Class<?> type, String method, Class<?>... parameterTypes) {
        Objects.requireNonNull(type, "type");
        Objects.requireNonNull(method, "method");
        return method(point, MethodTarget.of(type, method, parameterTypes), type.getName() + "#" + method);
    }

    /** The method selector at {@code point} of the method a reference names, {@code com.acme.Relay#send(int)}. */
    static Selector.Method method(Selector.MethodPoint point, String reference) {
        Objects.requireNonNull(reference, "methodReference");
        MethodTarget target = MethodTarget.parse(reference)
                .orElseThrow(() -> new IllegalArgumentException(SelectorMessages.notAMethodReference(reference)));
        return method(point, target, reference);
    }

    private static Selector.Method method(Selector.MethodPoint point, MethodTarget target, String reference) {
        requireMethod(target, reference);
        return new Selector.Method(
                point, target.typeName(), target.methodName(), Optional.ofNullable(target.parameterTypes()));
    }

    private static void requireMethod(MethodTarget target, String reference) {
        if (!target.namesAMethod()) {
            throw new IllegalArgumentException(SelectorMessages.notAMethod(reference));
        }
    }

    /**
     * Checks that a selector scoped to {@code place} is neither scoped nor an occurrence itself.
     *
     * @throws IllegalArgumentException for a scoped selector or an occurrence
     */
    static void scopable(Selector selector, Place place) {
        Objects.requireNonNull(selector, "selector");
        Objects.requireNonNull(place, "place");
        if (selector instanceof Selector.Within || selector instanceof Selector.Occurrence) {
            throw new IllegalArgumentException(SelectorMessages.notScopable(selector.description(), place));
        }
    }

    /**
     * Checks the number of an occurrence and that its selector does not select an occurrence itself.
     *
     * @throws IllegalArgumentException for a number below 1 or an occurrence of an occurrence
     */
    static void countable(Selector selector, int number) {
        Objects.requireNonNull(selector, "selector");
        requireCountedFromOne(number);
        if (selector instanceof Selector.Occurrence) {
            throw new IllegalArgumentException(SelectorMessages.occurrenceAlready(selector.description()));
        }
    }

    /** @throws IllegalArgumentException for a number below 1 */
    static void requireCountedFromOne(int number) {
        if (number < 1) {
            throw new IllegalArgumentException(SelectorMessages.occurrenceBelowOne(number));
        }
    }
}
