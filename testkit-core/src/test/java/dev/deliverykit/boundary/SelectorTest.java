package dev.deliverykit.boundary;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Selectors, boundaries, catalogues and plans as values: descriptions, specs, replay keys and input errors. */
class SelectorTest {

    @Test
    void everySelectorDescribesItselfAndSurvivesItsSpec() {
        List<Selector> selectors = List.of(
                Selector.beforeStatement("^INSERT INTO outbox"),
                Selector.afterStatement("UPDATE\\s+flow"),
                Selector.afterStatementExactly("  INSERT INTO outbox(id)\n VALUES (?)"),
                Selector.beforeCommit(),
                Selector.afterCommit(),
                Selector.beforeRollback(),
                Selector.afterRollback(),
                Selector.methodEntry(Courier.class, "send", String.class, int.class),
                Selector.methodExit("com.acme.Relay$Worker#relayOnce()"),
                Selector.methodExceptionalExit(Courier.class, "confirm"),
                Selector.afterCommit().occurrence(2),
                Selector.afterStatement("^INSERT INTO outbox").within("com.acme.Outbox#add"),
                Selector.afterCommit().within(Place.of(Courier.class, "send")).occurrence(2),
                Selector.methodExit("com.acme.Relay$Worker#relayOnce()").within("com.acme.Relay$Worker#run"),
                Selector.afterStatementExactly("select percentile_cont(0.5) within group (order by x) from t"));

        assertThat(selectors)
                .extracting(Selector::description)
                .containsExactly(
                        "before statement matching /^INSERT INTO outbox/",
                        "after statement matching /UPDATE\\s+flow/",
                        "after statement \"INSERT INTO outbox(id) VALUES (?)\"",
                        "before commit",
                        "after commit",
                        "before rollback",
                        "after rollback",
                        "entry of dev.deliverykit.boundary.Courier#send(java.lang.String,int)",
                        "normal exit of com.acme.Relay$Worker#relayOnce()",
                        "exceptional exit of dev.deliverykit.boundary.Courier#confirm",
                        "occurrence 2 of after commit",
                        "after statement matching /^INSERT INTO outbox/ within com.acme.Outbox#add",
                        "occurrence 2 of after commit within dev.deliverykit.boundary.Courier#send",
                        "normal exit of com.acme.Relay$Worker#relayOnce() within com.acme.Relay$Worker#run",
                        "after statement \"select percentile_cont(0.5) within group (order by x) from t\"");
        assertThat(selectors)
                .extracting(Selector::spec)
                .containsExactly(
                        "before-statement:^INSERT INTO outbox",
                        "after-statement:UPDATE\\s+flow",
                        "after-statement=INSERT INTO outbox(id) VALUES (?)",
                        "before-commit",
                        "after-commit",
                        "before-rollback",
                        "after-rollback",
                        "method-entry:dev.deliverykit.boundary.Courier#send(java.lang.String,int)",
                        "method-exit:com.acme.Relay$Worker#relayOnce()",
                        "method-exceptional-exit:dev.deliverykit.boundary.Courier#confirm",
                        "#2 after-commit",
                        "after-statement:^INSERT INTO outbox within com.acme.Outbox#add",
                        "#2 after-commit within dev.deliverykit.boundary.Courier#send",
                        "method-exit:com.acme.Relay$Worker#relayOnce() within com.acme.Relay$Worker#run",
                        "after-statement=select percentile_cont(0.5) within group (order by x) from t");
        for (Selector selector : selectors) {
            assertThat(Selector.parse(selector.spec())).isEqualTo(selector);
        }
    }

    @Test
    void badInputIsRejectedWithAFix() {
        assertThatThrownBy(() -> Selector.parse("after-comit"))
                .hasMessage("\"after-comit\" is not a selector spec; expected one of before-statement:REGEX,"
                        + " after-statement:REGEX, before-statement=SQL, after-statement=SQL, before-commit, after-commit,"
                        + " before-rollback, after-rollback, before-connect, after-connect, before-socket-write,"
                        + " after-socket-write, before-file-write, after-file-write, before-http-request,"
                        + " after-http-request, method-entry:Type#method, method-exit:Type#method,"
                        + " method-exceptional-exit:Type#method, optionally followed by \" within Type#method\" and"
                        + " prefixed by \"#N \"");
        assertThatThrownBy(() -> Selector.afterStatement("INSERT INTO outbox("))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("the SQL pattern \"INSERT INTO outbox(\" is not a valid regular expression: Unclosed group;"
                        + " quote literal text with java.util.regex.Pattern.quote, or use beforeStatementExactly /"
                        + " afterStatementExactly");
        assertThatThrownBy(() -> Selector.methodEntry("Relay.send"))
                .hasMessage("\"Relay.send\" is not a method reference; expected Type#method or"
                        + " Type#method(paramType,...), for example com.acme.Relay#send(java.lang.String)");
        assertThatThrownBy(() -> Selector.afterCommit().occurrence(0))
                .hasMessage("occurrences are counted from 1, got 0");
        assertThatThrownBy(() -> Boundary.named("after outbox insert", Selector.afterCommit()))
                .hasMessage("\"after outbox insert\" is not a boundary name: use letters, digits and . _ : - only,"
                        + " starting with a letter or digit (for example after-outbox-insert), so that replay keys like"
                        + " boundary=after-outbox-insert;hit=1 stay unambiguous");
        assertThatThrownBy(() -> BoundaryCatalogue.builder("ledger")
                        .add("x", Selector.afterCommit())
                        .add("x", Selector.beforeCommit()))
                .hasMessage("catalogue \"ledger\" already has a boundary named \"x\" (after commit); give each boundary"
                        + " its own name");
        assertThatThrownBy(() -> ChildLaunch.of(PrivateWorkload.class))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith(PrivateWorkload.class.getName() + " cannot be run in a child JVM")
                .hasMessageContaining("Fix: ");
    }

    @Test
    void aPlaceIsAMethodNamedByItsClassesBinaryNameAndAScopedSelectorCountsItsOccurrenceThere() {
        Place relay = Place.of("com.acme.Relay#send");

        assertThat(Selector.afterCommit().occurrence(2).within(relay))
                .isEqualTo(Selector.afterCommit().within(relay).occurrence(2))
                .isEqualTo(new Selector.Occurrence(new Selector.Within(Selector.afterCommit(), relay), 2));
        assertThat(Place.of(Courier.class, "send")).isEqualTo(new Place("dev.deliverykit.boundary.Courier", "send"));
        assertThat(Place.ofFrame("com.acme.Relay$Worker.lambda$send$0(Relay.java:42)"))
                .contains(Place.of("com.acme.Relay$Worker#send"));
        assertThat(Place.ofFrame("com.acme.Relay.send(Unknown Source)")).contains(relay);
        assertThat(Place.ofFrame("com.acme.Relay.<init>(Relay.java:7)")).isEmpty();
        assertThat(Place.ofFrame("com.acme.Relay.lambda$new$0(Relay.java:7)")).isEmpty();
        assertThat(Place.ofFrame("java.lang.Thread.run(Thread.java:1583)")).isEmpty();

        String expected = "expected Type#method with the fully qualified name of the class that declares the method"
                + " (nested classes with $) and no parameter types, for example"
                + " com.example.orders.OutboxRelay#publishPending";
        assertThatThrownBy(() -> Selector.parse("after-commit within OutboxRelay.publishPending"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("\"after-commit within OutboxRelay.publishPending\" is not a selector spec: after"
                        + " \"within\", \"OutboxRelay.publishPending\" is not a place: it has no #; " + expected);
        assertThatThrownBy(() -> Selector.parse("#2 before-statement:^INSERT within com.acme.Relay#send(int)"))
                .hasMessage("\"#2 before-statement:^INSERT within com.acme.Relay#send(int)\" is not a selector spec:"
                        + " after \"within\", \"com.acme.Relay#send(int)\" is not a place: a place names a method"
                        + " without parameter types (every overload is the same place); " + expected);
        assertThatThrownBy(() -> Place.of("com.acme.Relay#"))
                .hasMessage("\"com.acme.Relay#\" is not a place: " + expected);
        assertThatThrownBy(() -> Place.of("java.lang.Thread#run"))
                .hasMessage("\"java.lang.Thread#run\" is not a place: java.lang.Thread is a JDK class, and a place is"
                        + " a method of the code under test; name the method of your code that calls it");
        assertThatThrownBy(() -> Selector.afterCommit().within(relay).within("com.acme.Relay#run"))
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("after commit within com.acme.Relay#send is scoped to a place already; scope it to one"
                        + " place");
        assertThatThrownBy(() -> new Selector.Within(Selector.afterCommit().occurrence(2), relay))
                .hasMessage("occurrence 2 of after commit cannot be scoped to com.acme.Relay#send: scope the selector"
                        + " itself, and take the occurrence last, Selector.afterCommit().within(place).occurrence(2)");
    }

    @Test
    void replayKeysNameTheBoundaryAndTheHitAndLeadBackToThePlan() {
        BoundaryCatalogue catalogue = BoundaryCatalogue.builder("ledger")
                .add("after-outbox-insert", Selector.afterStatement("^INSERT INTO outbox"))
                .build();

        CrashPlan plan = CrashPlan.at(catalogue, "after-outbox-insert").occurrence(2);
        CrashPlan replayed = CrashPlan.fromReplayKey(catalogue, plan.replayKey());

        assertThat(plan.replayKey()).isEqualTo("boundary=after-outbox-insert;hit=2");
        assertThat(replayed.boundary()).isEqualTo(plan.boundary());
        assertThat(replayed.occurrence()).isEqualTo(2);
        assertThatThrownBy(() -> CrashPlan.fromReplayKey(catalogue, "after-outbox-insert#2"))
                .hasMessage("\"after-outbox-insert#2\" is not a replay key; expected boundary=NAME;hit=N as printed by"
                        + " CrashResult.replayKey(), for example boundary=after-outbox-insert;hit=1");
    }

    @Test
    void aSelectorIsOneOfFiveRecordsAndNoneCanBeBuiltInAStateTheEngineCannotMatch() {
        assertThat(Selector.afterStatementExactly("  UPDATE  flow "))
                .isEqualTo(new Selector.Statement(Selector.Timing.AFTER, Selector.SqlMatch.EXACT, "UPDATE flow"));
        assertThat(Selector.afterCommit().occurrence(2))
                .isEqualTo(new Selector.Occurrence(
                        new Selector.TransactionEnd(Selector.Timing.AFTER, Selector.End.COMMIT), 2));
        assertThat(Selector.methodExit(Courier.class, "confirm"))
                .isEqualTo(new Selector.Method(
                        Selector.MethodPoint.NORMAL_EXIT, Courier.class.getName(), "confirm", Optional.empty()));

        assertThatThrownBy(() -> new Selector.Statement(Selector.Timing.BEFORE, Selector.SqlMatch.REGEX, "("))
                .hasMessage(
                        "the SQL pattern \"(\" is not a valid regular expression: Unclosed group; quote literal text with"
                                + " java.util.regex.Pattern.quote, or use beforeStatementExactly / afterStatementExactly");
        assertThatThrownBy(() -> new Selector.Statement(Selector.Timing.BEFORE, Selector.SqlMatch.EXACT, " "))
                .hasMessage("a statement selector needs SQL to match, got blank SQL");
        assertThatThrownBy(() ->
                        new Selector.Method(Selector.MethodPoint.ENTRY, "com.acme.Relay", "<init>", Optional.empty()))
                .hasMessage("\"com.acme.Relay#<init>\" does not name a method; constructors and"
                        + " static initialisers cannot be selected, name a method instead");
        Selector second = Selector.afterCommit().occurrence(2);
        assertThatThrownBy(() -> new Selector.Occurrence(second, 3))
                .hasMessage("occurrence 2 of after commit already selects one occurrence; set it once");
        assertThatThrownBy(() -> second.occurrence(3))
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("occurrence 2 of after commit already selects one occurrence; set it once");
        assertThatThrownBy(() -> new Selector.Occurrence(Selector.afterCommit(), 0))
                .hasMessage("occurrences are counted from 1, got 0");
    }

    /** Not public: a child JVM could not create it. */
    static final class PrivateWorkload implements ProcessWorkload {
        @Override
        public void run(List<String> arguments) {}
    }
}
