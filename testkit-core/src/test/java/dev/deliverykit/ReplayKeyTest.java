package dev.deliverykit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.deliverykit.boundary.BoundaryCatalogue;
import dev.deliverykit.boundary.CrashPlan;
import dev.deliverykit.boundary.Selector;
import dev.deliverykit.order.DeliveryOrder;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Replay keys print, parse back, and survive SQL and shell quoting; crash plans and delivery orders use them. */
class ReplayKeyTest {

    @Test
    void catalogueKeysNameTheBoundaryAndTheHit() {
        ReplayKey.Crash key = ReplayKey.boundary("relay.after-accepted-commit", 1);

        assertThat(key.text()).isEqualTo("boundary=relay.after-accepted-commit;hit=1");
        assertThat(ReplayKey.parse(key.text())).isEqualTo(key);
        assertThat(key.target()).isEqualTo(ReplayKey.Target.BOUNDARY);
        assertThat(key.point()).isEqualTo("relay.after-accepted-commit");
        assertThat(key.occurrence()).isEqualTo(1);
    }

    @Test
    void selectorKeysCarryTheSpecAndEscapeWhatShellsAndPropertiesFilesWouldEat() {
        ReplayKey.Crash key = ReplayKey.selector("after-statement=UPDATE t SET s = 'done'; -- \"x\" $y `z` 5%", 2);

        assertThat(key.text())
                .isEqualTo(
                        "selector=after-statement=UPDATE t SET s = %27done%27%3B -- %22x%22 %24y %60z%60 5%25;hit=2");
        assertThat(ReplayKey.parse(key.text())).isEqualTo(key);
        assertThat(((ReplayKey.Crash) ReplayKey.parse(key.text())).point())
                .isEqualTo("after-statement=UPDATE t SET s = 'done'; -- \"x\" $y `z` 5%");
    }

    @Test
    void aKeyWithinAPlaceNamesThePlaceInItsOwnFieldAndKeysWithoutOneStillRead() {
        ReplayKey.Crash key = ReplayKey.selectorWithin("after-commit", "com.acme.Relay$Worker#send", 2);

        assertThat(key.text()).isEqualTo("selector=after-commit;within=com.acme.Relay%24Worker#send;hit=2");
        assertThat(ReplayKey.parse(key.text())).isEqualTo(key);
        assertThat(key.within()).contains("com.acme.Relay$Worker#send");
        assertThat(key.withMode(CrashMode.CHILD_PROCESS).text())
                .isEqualTo("selector=after-commit;within=com.acme.Relay%24Worker#send;hit=2;mode=child-process");
        assertThat(ReplayKey.parse("selector=after-commit;hit=2")).isEqualTo(ReplayKey.selector("after-commit", 2));
        assertThat(ReplayKey.selector("after-commit", 2)).isNotEqualTo(key);

        CrashPlan plan = CrashPlan.at(Selector.afterStatement("^INSERT").within("com.acme.Outbox#add"))
                .occurrence(3);
        assertThat(plan.replayKey()).isEqualTo("selector=after-statement:^INSERT;within=com.acme.Outbox#add;hit=3");
        BoundaryCatalogue none = BoundaryCatalogue.builder("none").build();
        assertThat(CrashPlan.fromReplayKey(none, plan.replayKey()).boundary()).isEqualTo(plan.boundary());
        assertThat(CrashPlan.selectorOf(ReplayKey.selectorWithin("#2 after-commit", "com.acme.Relay#send", 1)))
                .isEqualTo(Selector.afterCommit().within("com.acme.Relay#send").occurrence(2));
        assertThat(CrashPlan.at(Selector.afterCommit()
                                .within("com.acme.Relay#send")
                                .occurrence(2))
                        .replayKey())
                .isEqualTo("selector=#2 after-commit;within=com.acme.Relay#send;hit=1");

        assertThatThrownBy(() -> CrashPlan.selectorOf(
                        ReplayKey.selectorWithin("after-commit within com.acme.Relay#send", "com.acme.Relay#run", 1)))
                .hasMessageStartingWith(
                        "\"selector=after-commit within com.acme.Relay#send;within=com.acme.Relay#run;hit=1\"")
                .hasMessageContaining("names a place twice");
        assertThatThrownBy(() -> CrashPlan.selectorOf(ReplayKey.selectorWithin("after-commit", "Relay.send", 1)))
                .hasMessageStartingWith("\"Relay.send\" is not a place: it has no #;");
        assertThatThrownBy(() -> ReplayKey.parse("boundary=a;within=com.acme.Relay#send;hit=1"))
                .hasMessage(ReplayKeyMessages.withinWithoutSelector("com.acme.Relay#send"));
        assertThatThrownBy(() -> ReplayKey.parse("selector=after-commit;within=;hit=1"))
                .hasMessage(ReplayKeyMessages.emptyWithin());
        assertThatThrownBy(() -> new ReplayKey.Crash(
                        ReplayKey.Target.BOUNDARY, "a", Optional.of("com.acme.Relay#send"), 1, Optional.empty()))
                .hasMessage(ReplayKeyMessages.placeOfABoundary());
    }

    @Test
    void orderAndCrashFreeKeysStandAlone() {
        assertThat(ReplayKey.order("A3,A1,A2,A3").text()).isEqualTo("order=A3,A1,A2,A3");
        assertThat(ReplayKey.parse("order=A3,A1,A2,A3")).isEqualTo(ReplayKey.order("A3,A1,A2,A3"));
        assertThat(ReplayKey.parse(" hit=3;selector=after-commit ")).isEqualTo(ReplayKey.selector("after-commit", 3));
        assertThat(ReplayKey.parse("crash=none")).isEqualTo(ReplayKey.crashFree());
        assertThat(ReplayKey.crashFree().text()).isEqualTo("crash=none");
        assertThat(ReplayKey.schedule("relay-a:1,relay-b:2").text()).isEqualTo("schedule=relay-a:1,relay-b:2");
        assertThat(ReplayKey.parse("schedule=relay-a:1,relay-b:2"))
                .isEqualTo(ReplayKey.schedule("relay-a:1,relay-b:2"));
        assertThatThrownBy(() -> ReplayKey.parse("schedule=a:1;hit=1"))
                .hasMessage(ReplayKeyMessages.scheduleNotAlone("a:1"));
        assertThatThrownBy(() -> ReplayKey.parse("schedule=")).hasMessage(ReplayKeyMessages.emptySchedule());
    }

    @Test
    void aKeyWithAModeSelectsThatModeOnlyAndAKeyWithoutSelectsEveryMode() {
        ReplayKey.Crash child = ReplayKey.boundary("relay", 2).withMode(CrashMode.CHILD_PROCESS);
        ReplayKey.Crash inProcess = ReplayKey.boundary("relay", 2).withMode(CrashMode.IN_PROCESS);

        assertThat(child.text()).isEqualTo("boundary=relay;hit=2;mode=child-process");
        assertThat(ReplayKey.parse("mode=child-process;hit=2;boundary=relay")).isEqualTo(child);
        assertThat(child.mode()).contains(CrashMode.CHILD_PROCESS);
        assertThat(child.isSelectedBy(ReplayKey.parse("boundary=relay;hit=2;mode=child-process")))
                .isTrue();
        assertThat(child.isSelectedBy(ReplayKey.parse("boundary=relay;hit=2"))).isTrue();
        assertThat(inProcess.isSelectedBy(ReplayKey.parse("boundary=relay;hit=2;mode=child-process")))
                .isFalse();
        assertThat(child.isSelectedBy(ReplayKey.parse("boundary=relay;hit=1"))).isFalse();
        assertThat(ReplayKey.boundary("relay", 2).isSelectedBy(child)).isFalse();
        assertThat(ReplayKey.boundary("relay", 2).mode()).isEmpty();
        assertThat(child.withoutMode()).isEqualTo(ReplayKey.boundary("relay", 2));
    }

    @Test
    void malformedKeysSayWhatIsExpected() {
        assertThatThrownBy(() -> ReplayKey.parse("boundary=a")).hasMessage(ReplayKeyMessages.badHit(null));
        assertThatThrownBy(() -> ReplayKey.parse("boundary=a;hit=0")).hasMessage(ReplayKeyMessages.badHit("0"));
        assertThatThrownBy(() -> ReplayKey.parse("boundary=a;selector=after-commit;hit=1"))
                .hasMessage(ReplayKeyMessages.notOneTarget());
        assertThatThrownBy(() -> ReplayKey.parse("boundry=a;hit=1"))
                .hasMessage(ReplayKeyMessages.unknownField(
                        "boundry",
                        List.of(
                                "boundary",
                                "selector",
                                "within",
                                "crash",
                                "hit",
                                "fault",
                                "mode",
                                "order",
                                "schedule",
                                "seed")));
        assertThatThrownBy(() -> ReplayKey.parse("hit=1;hit=2")).hasMessage(ReplayKeyMessages.fieldTwice("hit"));
        assertThatThrownBy(() -> ReplayKey.parse("after-commit"))
                .hasMessage(ReplayKeyMessages.notAFieldValuePair("after-commit"));
        assertThatThrownBy(() -> ReplayKey.parse("boundary=a;hit=1;mode=child"))
                .hasMessage(ReplayKeyMessages.unknownMode("child"));
        assertThatThrownBy(() -> ReplayKey.parse("order=A1;mode=in-process"))
                .hasMessage(ReplayKeyMessages.modeWithoutHit("in-process"));
        assertThatThrownBy(() -> ReplayKey.parse("crash=none;hit=1"))
                .hasMessage(ReplayKeyMessages.crashNotAlone("none"));
        assertThatThrownBy(() -> ReplayKey.parse("order=A1;hit=1")).hasMessage(ReplayKeyMessages.orderNotAlone("A1"));
        assertThatThrownBy(() -> ReplayKey.parse("seed=7")).hasMessage(ReplayKeyMessages.seedReserved());
        assertThatThrownBy(() -> ReplayKey.parse("selector=after%2;hit=1"))
                .hasMessage(ReplayKeyMessages.badEscape("after%2", 5));
        assertThatThrownBy(() -> ReplayKey.parse("boundary=;hit=1"))
                .hasMessage(ReplayKeyMessages.emptyTarget("boundary"));
        assertThatThrownBy(() -> new ReplayKey.Crash(ReplayKey.Target.SELECTOR, "after-commit", 0, Optional.empty()))
                .hasMessage(ReplayKeyMessages.hitBelowOne(0));
    }

    @Test
    void aPlanWritesTheSameKeyForAnUnnamedBoundaryAsTheJUnitFaceAndReadsItBack() {
        BoundaryCatalogue catalogue = BoundaryCatalogue.builder("outbox")
                .add("after-outbox-insert", Selector.afterStatement("^INSERT INTO outbox"))
                .build();
        CrashPlan unnamed = CrashPlan.at(Selector.afterStatementExactly("UPDATE t SET s = 'done'"))
                .occurrence(3);

        assertThat(unnamed.replayKey()).isEqualTo("selector=after-statement=UPDATE t SET s = %27done%27;hit=3");
        assertThat(unnamed.key()).isEqualTo(ReplayKey.selector("after-statement=UPDATE t SET s = 'done'", 3));
        CrashPlan replayed = CrashPlan.fromReplayKey(catalogue, unnamed.replayKey());
        assertThat(replayed.boundary()).isEqualTo(unnamed.boundary());
        assertThat(replayed.occurrence()).isEqualTo(3);
        assertThat(CrashPlan.fromReplayKey(catalogue, "boundary=after-outbox-insert;hit=2;mode=child-process")
                        .replayKey())
                .isEqualTo("boundary=after-outbox-insert;hit=2");
        assertThatThrownBy(() -> CrashPlan.fromReplayKey(catalogue, "order=A1"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("\"order=A1\" is not a replay key; expected boundary=NAME;hit=N");
    }

    @Test
    void anOrderWritesItsKeyWithTheCodec() {
        DeliveryOrder order = DeliveryOrder.parse("A3, A1, A2, A3");

        assertThat(order.key()).isEqualTo(ReplayKey.order("A3,A1,A2,A3"));
        assertThat(ReplayKey.parse(order.replayKey())).isEqualTo(order.key());
        assertThat(DeliveryOrder.fromReplayKey(ReplayKey.order("it's").text())).isEqualTo(DeliveryOrder.of("it's"));
    }
}
