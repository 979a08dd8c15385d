package dev.deliverykit;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class ReplayKeyMessagesTests {

    private static final String EXPECTED = "expected boundary=NAME;hit=N, selector=SPEC;hit=N,"
            + " selector=SPEC;within=Type#method;hit=N (each with ;fault=failure for an injected failure, and with"
            + " ;mode=in-process or ;mode=child-process), crash=none, order=IDS or schedule=TURNS, for example"
            + " boundary=after-outbox-insert;hit=1, selector=after-commit;hit=3 or order=A3,A1,A2,A3";

    private static final String PAIR_EXPECTED = "expected a pair such as"
            + " selector=after-commit;hit=2;recovery.selector=after-commit;recovery.hit=1 (optionally with"
            + " ;mode=in-process or ;mode=child-process)";

    @Test
    void pairWithoutFirstCrash() {
        assertThat(ReplayKeyMessages.pairWithoutFirstCrash())
                .isEqualTo("a pair names its first crash before the recovery.* fields; " + PAIR_EXPECTED);
    }

    @Test
    void unreadableRecovery() {
        assertThat(ReplayKeyMessages.unreadableRecovery("why")).isEqualTo("the recovery's fields (recovery.*): why");
    }

    @Test
    void pairOfNoCrashes() {
        assertThat(ReplayKeyMessages.pairOfNoCrashes())
                .isEqualTo("a pair is a crash key followed by the recovery's crash key with each field prefixed"
                        + " recovery.; " + PAIR_EXPECTED);
    }

    @Test
    void pairWithAFailure() {
        assertThat(ReplayKeyMessages.pairWithAFailure())
                .isEqualTo(
                        "a pair crashes the workload, then its recovery: it names no fault=failure; " + PAIR_EXPECTED);
    }

    @Test
    void recoveryWithAMode() {
        assertThat(ReplayKeyMessages.recoveryWithAMode("in-process"))
                .isEqualTo("recovery.mode=in-process: a recovery always crashes in the test's JVM; a pair's mode=..."
                        + " is its first crash's; " + PAIR_EXPECTED);
    }

    @Test
    void notAFieldValuePair() {
        assertThat(ReplayKeyMessages.notAFieldValuePair("after-commit"))
                .isEqualTo("\"after-commit\" is not a field=value pair; " + EXPECTED);
    }

    @Test
    void unknownField() {
        assertThat(ReplayKeyMessages.unknownField("boundry", List.of("boundary", "hit")))
                .isEqualTo("unknown field \"boundry\"; known fields: boundary, hit; " + EXPECTED);
    }

    @Test
    void fieldTwice() {
        assertThat(ReplayKeyMessages.fieldTwice("hit")).isEqualTo("field \"hit\" appears twice; " + EXPECTED);
    }

    @Test
    void seedReserved() {
        assertThat(ReplayKeyMessages.seedReserved())
                .isEqualTo("seed is reserved for seeded cases, which no test produces yet; " + EXPECTED);
    }

    @Test
    void unknownMode() {
        assertThat(ReplayKeyMessages.unknownMode("child"))
                .isEqualTo("mode must be in-process or child-process, got \"child\"; " + EXPECTED);
    }

    @Test
    void modeWithoutHit() {
        assertThat(ReplayKeyMessages.modeWithoutHit("in-process"))
                .isEqualTo("mode=in-process only goes with boundary=NAME;hit=N or selector=SPEC;hit=N; " + EXPECTED);
    }

    @Test
    void unknownFault() {
        assertThat(ReplayKeyMessages.unknownFault("crash"))
                .isEqualTo("fault must be failure (a crash key names no fault), got \"crash\"; " + EXPECTED);
    }

    @Test
    void faultWithoutHit() {
        assertThat(ReplayKeyMessages.faultWithoutHit())
                .isEqualTo("fault=failure only goes with boundary=NAME;hit=N or selector=SPEC;hit=N; " + EXPECTED);
    }

    @Test
    void orderNotAlone() {
        assertThat(ReplayKeyMessages.orderNotAlone("A1"))
                .isEqualTo("order=A1 stands alone (a delivery-order case); " + EXPECTED);
    }

    @Test
    void scheduleNotAlone() {
        assertThat(ReplayKeyMessages.scheduleNotAlone("relay-a:1,relay-b:1"))
                .isEqualTo("schedule=relay-a:1,relay-b:1 stands alone (a case of several instances); " + EXPECTED);
    }

    @Test
    void emptySchedule() {
        assertThat(ReplayKeyMessages.emptySchedule()).isEqualTo("a replay key names its schedule's turns, got none");
    }

    @Test
    void withinWithoutSelector() {
        assertThat(ReplayKeyMessages.withinWithoutSelector("com.acme.Relay#send"))
                .isEqualTo("within=com.acme.Relay#send only goes with selector=SPEC, the place whose hits hit=N"
                        + " counts; " + EXPECTED);
    }

    @Test
    void crashNotAlone() {
        assertThat(ReplayKeyMessages.crashNotAlone("none"))
                .isEqualTo("crash=none stands alone as crash=none (a sweep's crash-free run); " + EXPECTED);
    }

    @Test
    void notOneTarget() {
        assertThat(ReplayKeyMessages.notOneTarget())
                .isEqualTo("a key names exactly one of boundary=NAME or selector=SPEC; " + EXPECTED);
    }

    @Test
    void badHit() {
        assertThat(ReplayKeyMessages.badHit(null))
                .isEqualTo("hit must be a whole number from 1, got no hit field; " + EXPECTED);
        assertThat(ReplayKeyMessages.badHit("0"))
                .isEqualTo("hit must be a whole number from 1, got \"0\"; " + EXPECTED);
    }

    @Test
    void emptyTarget() {
        assertThat(ReplayKeyMessages.emptyTarget("boundary")).isEqualTo("boundary names nothing; " + EXPECTED);
    }

    @Test
    void emptyWithin() {
        assertThat(ReplayKeyMessages.emptyWithin()).isEqualTo("within names no place; " + EXPECTED);
    }

    @Test
    void badEscape() {
        assertThat(ReplayKeyMessages.badEscape("after%2", 5))
                .isEqualTo("\"after%2\" has an invalid %-escape at position 5; expected %XX with two hex digits");
    }

    @Test
    void emptyPoint() {
        assertThat(ReplayKeyMessages.emptyPoint("selector"))
                .isEqualTo("a replay key names its selector, got an empty one");
    }

    @Test
    void placeOfABoundary() {
        assertThat(ReplayKeyMessages.placeOfABoundary())
                .isEqualTo("a place (within=) only goes with selector=SPEC: a catalogue boundary is a place already");
    }

    @Test
    void emptyPlace() {
        assertThat(ReplayKeyMessages.emptyPlace())
                .isEqualTo("a replay key names its place (within=), got an empty one");
    }

    @Test
    void hitBelowOne() {
        assertThat(ReplayKeyMessages.hitBelowOne(0)).isEqualTo("hit must be a whole number from 1, got \"0\"");
    }

    @Test
    void pairRecoveryWithAMode() {
        assertThat(ReplayKeyMessages.pairRecoveryWithAMode())
                .isEqualTo("a recovery always crashes in the test's JVM, so its key names no mode; a pair's mode is"
                        + " its first crash's");
    }

    @Test
    void emptyOrder() {
        assertThat(ReplayKeyMessages.emptyOrder()).isEqualTo("a replay key names its order, got an empty one");
    }
}
