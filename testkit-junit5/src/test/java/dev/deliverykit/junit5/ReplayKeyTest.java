package dev.deliverykit.junit5;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.deliverykit.CrashMode;
import org.junit.jupiter.api.Test;

/** Replay keys print, parse back, and survive SQL and shell quoting. */
class ReplayKeyTest {

    @Test
    void catalogueKeysAreTheEnginesOwnReplayKeys() {
        ReplayKey key = ReplayKey.ofBoundary("relay.after-accepted-commit", 1);

        assertThat(key).hasToString("boundary=relay.after-accepted-commit;hit=1");
        assertThat(ReplayKey.parse(key.toString())).isEqualTo(key);
        assertThat(key.boundaryName()).contains("relay.after-accepted-commit");
        assertThat(key.hit()).isEqualTo(1);
    }

    @Test
    void selectorKeysCarryTheSpecAndEscapeWhatShellsAndPropertiesFilesWouldEat() {
        ReplayKey key = ReplayKey.ofSelector("after-statement=UPDATE t SET s = 'done'; -- \"x\" $y `z` 5%", 2);

        assertThat(key).hasToString("selector=after-statement=UPDATE t SET s = %27done%27%3B -- %22x%22 %24y %60z%60 5%25;hit=2");
        assertThat(ReplayKey.parse(key.toString())).isEqualTo(key);
        assertThat(ReplayKey.parse(key.toString()).selectorSpec())
                .contains("after-statement=UPDATE t SET s = 'done'; -- \"x\" $y `z` 5%");
    }

    @Test
    void orderKeysAreTheOrderCoresOwnReplayKeys() {
        assertThat(ReplayKey.ofOrder("A3,A1,A2,A3")).hasToString("order=A3,A1,A2,A3");
        assertThat(ReplayKey.parse("order=A3,A1,A2,A3").order()).contains("A3,A1,A2,A3");
    }

    @Test
    void fieldsMayComeInAnyOrderAndAroundSpaces() {
        assertThat(ReplayKey.parse(" hit=3;selector=after-commit ")).isEqualTo(ReplayKey.ofSelector("after-commit", 3));
        assertThat(ReplayKey.parse("crash=none")).isEqualTo(ReplayKey.crashFree());
        assertThat(ReplayKey.crashFree().isCrashFree()).isTrue();
    }

    @Test
    void aKeyWithAModeSelectsThatModeOnlyAndAKeyWithoutSelectsEveryMode() {
        ReplayKey child = ReplayKey.ofBoundary("relay", 2).withMode(CrashMode.CHILD_PROCESS);
        ReplayKey inProcess = ReplayKey.ofBoundary("relay", 2).withMode(CrashMode.IN_PROCESS);

        assertThat(child).hasToString("boundary=relay;hit=2;mode=child-process");
        assertThat(ReplayKey.parse("mode=child-process;hit=2;boundary=relay")).isEqualTo(child);
        assertThat(child.mode()).contains(CrashMode.CHILD_PROCESS);
        assertThat(child.isSelectedBy(ReplayKey.parse("boundary=relay;hit=2;mode=child-process"))).isTrue();
        assertThat(child.isSelectedBy(ReplayKey.parse("boundary=relay;hit=2"))).isTrue();
        assertThat(inProcess.isSelectedBy(ReplayKey.parse("boundary=relay;hit=2;mode=child-process"))).isFalse();
        assertThat(child.isSelectedBy(ReplayKey.parse("boundary=relay;hit=1"))).isFalse();
        assertThat(ReplayKey.ofBoundary("relay", 2).isSelectedBy(child)).isFalse();
        assertThat(ReplayKey.ofBoundary("relay", 2).mode()).isEmpty();
    }

    @Test
    void malformedKeysSayWhatIsExpected() {
        String expected = "expected boundary=NAME;hit=N, selector=SPEC;hit=N (either with ;mode=in-process or"
                + " ;mode=child-process), crash=none or order=IDS, for example boundary=after-outbox-insert;hit=1,"
                + " selector=after-commit;hit=3 or order=A3,A1,A2,A3";
        assertThatThrownBy(() -> ReplayKey.parse("boundary=a")).hasMessage(
                "hit must be a whole number from 1, got no hit field; " + expected);
        assertThatThrownBy(() -> ReplayKey.parse("boundary=a;hit=0")).hasMessage(
                "hit must be a whole number from 1, got \"0\"; " + expected);
        assertThatThrownBy(() -> ReplayKey.parse("boundary=a;selector=after-commit;hit=1")).hasMessage(
                "a key names exactly one of boundary=NAME or selector=SPEC; " + expected);
        assertThatThrownBy(() -> ReplayKey.parse("boundry=a;hit=1")).hasMessage(
                "unknown field \"boundry\"; known fields: boundary, selector, crash, hit, mode, order, seed; " + expected);
        assertThatThrownBy(() -> ReplayKey.parse("hit=1;hit=2")).hasMessage("field \"hit\" appears twice; " + expected);
        assertThatThrownBy(() -> ReplayKey.parse("after-commit")).hasMessage(
                "\"after-commit\" is not a field=value pair; " + expected);
        assertThatThrownBy(() -> ReplayKey.parse("boundary=a;hit=1;mode=child")).hasMessage(
                "mode must be in-process or child-process, got \"child\"; " + expected);
        assertThatThrownBy(() -> ReplayKey.parse("order=A1;mode=in-process")).hasMessage(
                "mode=in-process only goes with boundary=NAME;hit=N or selector=SPEC;hit=N; " + expected);
        assertThatThrownBy(() -> ReplayKey.parse("crash=none;hit=1")).hasMessage(
                "crash=none stands alone as crash=none (a sweep's crash-free run); " + expected);
        assertThatThrownBy(() -> ReplayKey.parse("order=A1;hit=1")).hasMessage(
                "order=A1 stands alone (a delivery-order case); " + expected);
        assertThatThrownBy(() -> ReplayKey.parse("seed=7")).hasMessage(
                "seed is reserved for seeded cases, which no test produces yet; " + expected);
        assertThatThrownBy(() -> ReplayKey.parse("selector=after%2;hit=1")).hasMessage(
                "\"after%2\" has an invalid %-escape at position 5; expected %XX with two hex digits");
    }
}
