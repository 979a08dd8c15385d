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
        assertThatThrownBy(() -> Selector.parse("after-comit")).hasMessage(SelectorMessages.notASpec("after-comit"));
        assertThatThrownBy(() -> Selector.afterStatement("INSERT INTO outbox("))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage(SelectorMessages.invalidPattern("INSERT INTO outbox(", "Unclosed group"));
        assertThatThrownBy(() -> Selector.methodEntry("Relay.send"))
                .hasMessage(SelectorMessages.notAMethodReference("Relay.send"));
        assertThatThrownBy(() -> Selector.afterCommit().occurrence(0))
                .hasMessage(SelectorMessages.occurrenceBelowOne(0));
        assertThatThrownBy(() -> Boundary.named("after outbox insert", Selector.afterCommit()))
                .hasMessage(SetupMessages.badBoundaryName("after outbox insert"));
        assertThatThrownBy(() -> BoundaryCatalogue.builder("ledger")
                        .add("x", Selector.afterCommit())
                        .add("x", Selector.beforeCommit()))
                .hasMessage(SetupMessages.nameTakenInCatalogue("ledger", "x", "after commit"));
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

        assertThatThrownBy(() -> Selector.parse("after-commit within OutboxRelay.publishPending"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage(SelectorMessages.specWithinNotAPlace(
                        "after-commit within OutboxRelay.publishPending",
                        SelectorMessages.placeWithoutHash("OutboxRelay.publishPending")));
        assertThatThrownBy(() -> Selector.parse("#2 before-statement:^INSERT within com.acme.Relay#send(int)"))
                .hasMessage(SelectorMessages.specWithinNotAPlace(
                        "#2 before-statement:^INSERT within com.acme.Relay#send(int)",
                        SelectorMessages.placeWithParameters("com.acme.Relay#send(int)")));
        assertThatThrownBy(() -> Place.of("com.acme.Relay#"))
                .hasMessage(SelectorMessages.notAPlaceName("com.acme.Relay", ""));
        assertThatThrownBy(() -> Place.of("java.lang.Thread#run"))
                .hasMessage(SelectorMessages.jdkPlace("java.lang.Thread", "run"));
        assertThatThrownBy(() -> Selector.afterCommit().within(relay).within("com.acme.Relay#run"))
                .isInstanceOf(IllegalStateException.class)
                .hasMessage(SelectorMessages.scopedAlready("after commit within com.acme.Relay#send"));
        assertThatThrownBy(() -> new Selector.Within(Selector.afterCommit().occurrence(2), relay))
                .hasMessage(SelectorMessages.notScopable("occurrence 2 of after commit", relay));
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
                .hasMessage(SetupMessages.notACrashKey("after-outbox-insert#2"));
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
                .hasMessage(SelectorMessages.invalidPattern("(", "Unclosed group"));
        assertThatThrownBy(() -> new Selector.Statement(Selector.Timing.BEFORE, Selector.SqlMatch.EXACT, " "))
                .hasMessage(SelectorMessages.blankSql());
        assertThatThrownBy(() ->
                        new Selector.Method(Selector.MethodPoint.ENTRY, "com.acme.Relay", "<init>", Optional.empty()))
                .hasMessage(SelectorMessages.notAMethod("com.acme.Relay#<init>"));
        Selector second = Selector.afterCommit().occurrence(2);
        assertThatThrownBy(() -> new Selector.Occurrence(second, 3))
                .hasMessage(SelectorMessages.occurrenceAlready("occurrence 2 of after commit"));
        assertThatThrownBy(() -> second.occurrence(3))
                .isInstanceOf(IllegalStateException.class)
                .hasMessage(SelectorMessages.occurrenceAlready("occurrence 2 of after commit"));
        assertThatThrownBy(() -> new Selector.Occurrence(Selector.afterCommit(), 0))
                .hasMessage(SelectorMessages.occurrenceBelowOne(0));
    }

    /** Not public: a child JVM could not create it. */
    static final class PrivateWorkload implements ProcessWorkload {
        @Override
        public void run(List<String> arguments) {}
    }
}
