package dev.deliverykit.boundary;

/**
 * The messages of a selector, a place, a selector spec or a watch list written wrong, thrown where it is built: each
 * says what was given and what was expected, in one sentence about the value the user wrote.
 */
final class SelectorMessages {

    /** What a place looks like. */
    private static final String PLACE_EXPECTED = "expected Type#method with the fully qualified name of the class"
            + " that declares the method (nested classes with $) and no parameter types, for example"
            + " com.example.orders.OutboxRelay#publishPending";

    /** What a method reference looks like. */
    private static final String METHOD_REFERENCE_EXPECTED = "expected Type#method or Type#method(paramType,...),"
            + " for example com.acme.Relay#send(java.lang.String)";

    private SelectorMessages() {}

    /** A statement selector by regular expression with a blank pattern. */
    static String blankPattern() {
        return "a statement selector needs SQL to match, got a blank pattern; give a regular expression such as"
                + " \"INSERT INTO outbox\"";
    }

    /** A statement selector by exact SQL with blank SQL. */
    static String blankSql() {
        return "a statement selector needs SQL to match, got blank SQL";
    }

    /** {@code regex} does not compile, as {@code description} says. */
    static String invalidPattern(String regex, String description) {
        return "the SQL pattern \"" + regex + "\" is not a valid regular expression: " + description
                + "; quote literal text with java.util.regex.Pattern.quote, or use beforeStatementExactly /"
                + " afterStatementExactly";
    }

    /** {@code reference} is no {@code Type#method} reference. */
    static String notAMethodReference(String reference) {
        return "\"" + reference + "\" is not a method reference; " + METHOD_REFERENCE_EXPECTED;
    }

    /** {@code reference} names a constructor or a static initialiser. */
    static String notAMethod(String reference) {
        return "\"" + reference + "\" does not name a method; constructors and static initialisers cannot be"
                + " selected, name a method instead";
    }

    /** {@code selector}, scoped or an occurrence already, was scoped to {@code place}. */
    static String notScopable(String selector, Place place) {
        return selector + " cannot be scoped to " + place + ": scope the selector itself, and take the occurrence"
                + " last, Selector.afterCommit().within(place).occurrence(2)";
    }

    /** {@code selector}, scoped already, was scoped again. */
    static String scopedAlready(String selector) {
        return selector + " is scoped to a place already; scope it to one place";
    }

    /** {@code selector}, an occurrence already, was given an occurrence again. */
    static String occurrenceAlready(String selector) {
        return selector + " already selects one occurrence; set it once";
    }

    /** An occurrence numbered {@code number}, below 1. */
    static String occurrenceBelowOne(int number) {
        return "occurrences are counted from 1, got " + number;
    }

    /** {@code reference} is not a place, as {@code why} says. */
    static String notAPlace(String reference, String why) {
        return "\"" + reference + "\" is not a place: " + why;
    }

    /** {@code typeName#methodName} does not have the names of a place. */
    static String notAPlaceName(String typeName, String methodName) {
        return notAPlace(typeName + "#" + methodName, PLACE_EXPECTED);
    }

    /** {@code typeName#methodName} names a method of the JDK. */
    static String jdkPlace(String typeName, String methodName) {
        return notAPlace(
                typeName + "#" + methodName,
                typeName + " is a JDK class, and a place is a method of the code under test; name the method of your"
                        + " code that calls it");
    }

    /** {@code reference} has no {@code #}. */
    static String placeWithoutHash(String reference) {
        return notAPlace(reference, "it has no #; " + PLACE_EXPECTED);
    }

    /** {@code reference} gives parameter types. */
    static String placeWithParameters(String reference) {
        return notAPlace(
                reference,
                "a place names a method without parameter types (every overload is the same place); " + PLACE_EXPECTED);
    }

    /** The place after "within" of {@code spec} is wrong, as {@code notAPlace} says. */
    static String specWithinNotAPlace(String spec, String notAPlace) {
        return "\"" + spec + "\" is not a selector spec: after \"within\", " + notAPlace;
    }

    /** {@code spec} is no selector spec. */
    static String notASpec(String spec) {
        return "\"" + spec + "\" is not a selector spec; expected one of before-statement:REGEX, after-statement:REGEX,"
                + " before-statement=SQL, after-statement=SQL, before-commit, after-commit, before-rollback,"
                + " after-rollback, before-connect, after-connect, before-socket-write, after-socket-write,"
                + " before-file-write, after-file-write, before-http-request, after-http-request,"
                + " method-entry:Type#method, method-exit:Type#method, method-exceptional-exit:Type#method,"
                + " optionally followed by \" within Type#method\" and prefixed by \"#N \"";
    }

    /** {@code entry} of a watch list is no dotted Java name. */
    static String notSeenThrough(String entry) {
        return "\"" + entry + "\" is not a package or class name to see through; expected a dotted Java name such as"
                + " com.example.db or com.example.util.Tx";
    }

    /** A selector that the engine cannot compile into a matcher. */
    static String matchesNoCall(String selector) {
        return "no calls match " + selector;
    }
}
