package dev.deliverykit.boundary;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class SelectorMessagesTests {

    @Test
    void blankPattern() {
        assertThat(SelectorMessages.blankPattern())
                .isEqualTo("a statement selector needs SQL to match, got a blank pattern; give a regular expression"
                        + " such as \"INSERT INTO outbox\"");
    }

    @Test
    void blankSql() {
        assertThat(SelectorMessages.blankSql()).isEqualTo("a statement selector needs SQL to match, got blank SQL");
    }

    @Test
    void invalidPattern() {
        assertThat(SelectorMessages.invalidPattern("INSERT (", "Unclosed group"))
                .isEqualTo("the SQL pattern \"INSERT (\" is not a valid regular expression: Unclosed group; quote"
                        + " literal text with java.util.regex.Pattern.quote, or use beforeStatementExactly /"
                        + " afterStatementExactly");
    }

    @Test
    void notAMethodReference() {
        assertThat(SelectorMessages.notAMethodReference("com.acme.Relay"))
                .isEqualTo("\"com.acme.Relay\" is not a method reference; expected Type#method or"
                        + " Type#method(paramType,...), for example com.acme.Relay#send(java.lang.String)");
    }

    @Test
    void notAMethod() {
        assertThat(SelectorMessages.notAMethod("com.acme.Relay#<init>"))
                .isEqualTo("\"com.acme.Relay#<init>\" does not name a method; constructors and static initialisers"
                        + " cannot be selected, name a method instead");
    }

    @Test
    void notScopable() {
        assertThat(SelectorMessages.notScopable(
                        "after commit within com.acme.Relay#send", Place.of("com.acme.Relay#relayOnce")))
                .isEqualTo("after commit within com.acme.Relay#send cannot be scoped to com.acme.Relay#relayOnce:"
                        + " scope the selector itself, and take the occurrence last,"
                        + " Selector.afterCommit().within(place).occurrence(2)");
    }

    @Test
    void scopedAlready() {
        assertThat(SelectorMessages.scopedAlready("after commit within com.acme.Relay#send"))
                .isEqualTo("after commit within com.acme.Relay#send is scoped to a place already; scope it to one"
                        + " place");
    }

    @Test
    void occurrenceAlready() {
        assertThat(SelectorMessages.occurrenceAlready("occurrence 2 of after commit"))
                .isEqualTo("occurrence 2 of after commit already selects one occurrence; set it once");
    }

    @Test
    void occurrenceBelowOne() {
        assertThat(SelectorMessages.occurrenceBelowOne(0)).isEqualTo("occurrences are counted from 1, got 0");
    }

    @Test
    void notAPlaceName() {
        assertThat(SelectorMessages.notAPlaceName("com.acme.Relay", "1send"))
                .isEqualTo("\"com.acme.Relay#1send\" is not a place: expected Type#method with the fully qualified"
                        + " name of the class that declares the method (nested classes with $) and no parameter"
                        + " types, for example com.example.orders.OutboxRelay#publishPending");
    }

    @Test
    void jdkPlace() {
        assertThat(SelectorMessages.jdkPlace("java.lang.String", "trim"))
                .isEqualTo("\"java.lang.String#trim\" is not a place: java.lang.String is a JDK class, and a place"
                        + " is a method of the code under test; name the method of your code that calls it");
    }

    @Test
    void placeWithoutHash() {
        assertThat(SelectorMessages.placeWithoutHash("com.acme.Relay"))
                .isEqualTo("\"com.acme.Relay\" is not a place: it has no #; expected Type#method with the fully"
                        + " qualified name of the class that declares the method (nested classes with $) and no"
                        + " parameter types, for example com.example.orders.OutboxRelay#publishPending");
    }

    @Test
    void placeWithParameters() {
        assertThat(SelectorMessages.placeWithParameters("com.acme.Relay#send(int)"))
                .isEqualTo("\"com.acme.Relay#send(int)\" is not a place: a place names a method without parameter"
                        + " types (every overload is the same place); expected Type#method with the fully qualified"
                        + " name of the class that declares the method (nested classes with $) and no parameter"
                        + " types, for example com.example.orders.OutboxRelay#publishPending");
    }

    @Test
    void specWithinNotAPlace() {
        assertThat(SelectorMessages.specWithinNotAPlace(
                        "after-commit within Relay", "\"Relay\" is not a place: it has no #"))
                .isEqualTo("\"after-commit within Relay\" is not a selector spec: after \"within\", \"Relay\" is not"
                        + " a place: it has no #");
    }

    @Test
    void notASpec() {
        assertThat(SelectorMessages.notASpec("after-lunch"))
                .isEqualTo("\"after-lunch\" is not a selector spec; expected one of before-statement:REGEX,"
                        + " after-statement:REGEX, before-statement=SQL, after-statement=SQL, before-commit,"
                        + " after-commit, before-rollback, after-rollback, before-connect, after-connect,"
                        + " before-socket-write, after-socket-write, before-file-write, after-file-write,"
                        + " before-http-request, after-http-request, method-entry:Type#method,"
                        + " method-exit:Type#method, method-exceptional-exit:Type#method, optionally followed by \""
                        + " within Type#method\" and prefixed by \"#N \"");
    }

    @Test
    void notSeenThrough() {
        assertThat(SelectorMessages.notSeenThrough("com..db"))
                .isEqualTo("\"com..db\" is not a package or class name to see through; expected a dotted Java name"
                        + " such as com.example.db or com.example.util.Tx");
    }

    @Test
    void matchesNoCall() {
        assertThat(SelectorMessages.matchesNoCall("after commit")).isEqualTo("no calls match after commit");
    }
}
