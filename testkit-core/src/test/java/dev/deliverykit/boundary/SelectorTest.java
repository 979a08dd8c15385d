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
                Selector.beforeCommit(), Selector.afterCommit(), Selector.beforeRollback(), Selector.afterRollback(),
                Selector.methodEntry(Courier.class, "send", String.class, int.class),
                Selector.methodExit("com.acme.Relay$Worker#relayOnce()"),
                Selector.methodExceptionalExit(Courier.class, "confirm"),
                Selector.afterCommit().occurrence(2));

        assertThat(selectors).extracting(Selector::description).containsExactly(
                "before statement matching /^INSERT INTO outbox/",
                "after statement matching /UPDATE\\s+flow/",
                "after statement \"INSERT INTO outbox(id) VALUES (?)\"",
                "before commit", "after commit", "before rollback", "after rollback",
                "entry of dev.deliverykit.boundary.Courier#send(java.lang.String,int)",
                "normal exit of com.acme.Relay$Worker#relayOnce()",
                "exceptional exit of dev.deliverykit.boundary.Courier#confirm",
                "occurrence 2 of after commit");
        assertThat(selectors).extracting(Selector::spec).containsExactly(
                "before-statement:^INSERT INTO outbox",
                "after-statement:UPDATE\\s+flow",
                "after-statement=INSERT INTO outbox(id) VALUES (?)",
                "before-commit", "after-commit", "before-rollback", "after-rollback",
                "method-entry:dev.deliverykit.boundary.Courier#send(java.lang.String,int)",
                "method-exit:com.acme.Relay$Worker#relayOnce()",
                "method-exceptional-exit:dev.deliverykit.boundary.Courier#confirm",
                "#2 after-commit");
        for (Selector selector : selectors) {
            assertThat(Selector.parse(selector.spec())).isEqualTo(selector);
        }
    }

    @Test
    void badInputIsRejectedWithAFix() {
        assertThatThrownBy(() -> Selector.parse("after-comit"))
                .hasMessage("\"after-comit\" is not a selector spec; expected one of before-statement:REGEX,"
                        + " after-statement:REGEX, before-statement=SQL, after-statement=SQL, before-commit, after-commit,"
                        + " before-rollback, after-rollback, method-entry:Type#method, method-exit:Type#method,"
                        + " method-exceptional-exit:Type#method, optionally prefixed by \"#N \"");
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
        assertThatThrownBy(() -> BoundaryCatalogue.builder("ledger").add("x", Selector.afterCommit())
                .add("x", Selector.beforeCommit()))
                .hasMessage("catalogue \"ledger\" already has a boundary named \"x\" (after commit); give each boundary"
                        + " its own name");
        assertThatThrownBy(() -> ChildLaunch.of(PrivateWorkload.class))
                .hasMessage(PrivateWorkload.class.getName() + " cannot be run in a child JVM: the child creates the"
                        + " workload itself, so it must be a public, non-abstract, top-level or static nested class with a"
                        + " public no-argument constructor. Fix: make it so, and pass data as arguments.");
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
    void aSelectorIsOneOfFourRecordsAndNoneCanBeBuiltInAStateTheEngineCannotMatch() {
        assertThat(Selector.afterStatementExactly("  UPDATE  flow ")).isEqualTo(
                new Selector.Statement(Selector.Timing.AFTER, Selector.SqlMatch.EXACT, "UPDATE flow"));
        assertThat(Selector.afterCommit().occurrence(2)).isEqualTo(
                new Selector.Occurrence(new Selector.TransactionEnd(Selector.Timing.AFTER, Selector.End.COMMIT), 2));
        assertThat(Selector.methodExit(Courier.class, "confirm")).isEqualTo(new Selector.Method(
                Selector.MethodPoint.NORMAL_EXIT, Courier.class.getName(), "confirm", Optional.empty()));

        assertThatThrownBy(() -> new Selector.Statement(Selector.Timing.BEFORE, Selector.SqlMatch.REGEX, "(")).hasMessage(
                "the SQL pattern \"(\" is not a valid regular expression: Unclosed group; quote literal text with"
                        + " java.util.regex.Pattern.quote, or use beforeStatementExactly / afterStatementExactly");
        assertThatThrownBy(() -> new Selector.Statement(Selector.Timing.BEFORE, Selector.SqlMatch.EXACT, " "))
                .hasMessage("a statement selector needs SQL to match, got blank SQL");
        assertThatThrownBy(() -> new Selector.Method(Selector.MethodPoint.ENTRY, "com.acme.Relay", "<init>",
                Optional.empty())).hasMessage("\"com.acme.Relay#<init>\" does not name a method; constructors and"
                        + " static initialisers cannot be selected, name a method instead");
        Selector second = Selector.afterCommit().occurrence(2);
        assertThatThrownBy(() -> new Selector.Occurrence(second, 3))
                .hasMessage("occurrence 2 of after commit already selects one occurrence; set it once");
        assertThatThrownBy(() -> second.occurrence(3)).isInstanceOf(IllegalStateException.class)
                .hasMessage("occurrence 2 of after commit already selects one occurrence; set it once");
        assertThatThrownBy(() -> new Selector.Occurrence(Selector.afterCommit(), 0))
                .hasMessage("occurrences are counted from 1, got 0");
    }

    /** Not public: a child JVM could not create it. */
    static final class PrivateWorkload implements ProcessWorkload {
        @Override
        public void run(List<String> arguments) {
        }
    }
}
