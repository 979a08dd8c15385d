package dev.deliverykit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** The key of a crash followed by a crash of its recovery: the first key, then its recovery's, prefixed. */
class ReplayKeyPairTests {

    private static final ReplayKey.Pair PAIR =
            ReplayKey.pair(ReplayKey.selector("after-commit", 2), ReplayKey.selector("after-commit", 1));

    @Test
    void aPairIsTheFirstCrashsKeyThenTheRecoverysWithEachFieldPrefixed() {
        assertThat(PAIR.text()).isEqualTo("selector=after-commit;hit=2;recovery.selector=after-commit;recovery.hit=1");
        assertThat(ReplayKey.parse(PAIR.text())).isEqualTo(PAIR);
        assertThat(ReplayKey.parse("recovery.hit=1;hit=2;recovery.selector=after-commit;selector=after-commit"))
                .isEqualTo(PAIR);

        ReplayKey.Pair catalogue = ReplayKey.pair(
                ReplayKey.boundary("relay.after-send", 1),
                ReplayKey.selector("before-statement=DELETE FROM resend WHERE id = ?;", 3));
        assertThat(catalogue.text())
                .isEqualTo("boundary=relay.after-send;hit=1;recovery.selector=before-statement=DELETE FROM resend"
                        + " WHERE id = ?%3B;recovery.hit=3");
        assertThat(ReplayKey.parse(catalogue.text())).isEqualTo(catalogue);
    }

    @Test
    void aPairsModeIsItsFirstCrashsAndComesLast() {
        ReplayKey.Pair child = PAIR.withMode(CrashMode.CHILD_PROCESS);

        assertThat(child.text())
                .isEqualTo(
                        "selector=after-commit;hit=2;recovery.selector=after-commit;recovery.hit=1;mode=child-process");
        assertThat(ReplayKey.parse(child.text())).isEqualTo(child);
        assertThat(child.mode()).contains(CrashMode.CHILD_PROCESS);
        assertThat(child.first().mode()).contains(CrashMode.CHILD_PROCESS);
        assertThat(child.withoutMode()).isEqualTo(PAIR);
        assertThat(child.isSelectedBy(PAIR)).isTrue();
        assertThat(child.isSelectedBy(child)).isTrue();
        assertThat(PAIR.withMode(CrashMode.IN_PROCESS).isSelectedBy(child)).isFalse();
        assertThat(PAIR.isSelectedBy(ReplayKey.selector("after-commit", 2))).isFalse();
        assertThat(ReplayKey.selector("after-commit", 2).isSelectedBy(PAIR)).isFalse();
        assertThat(PAIR.isSelectedBy(
                        ReplayKey.pair(ReplayKey.selector("after-commit", 2), ReplayKey.selector("after-commit", 2))))
                .isFalse();
    }

    @Test
    void malformedPairsSayWhatIsExpected() {
        assertThatThrownBy(() -> ReplayKey.parse("recovery.selector=after-commit;recovery.hit=1"))
                .hasMessage(ReplayKeyMessages.pairWithoutFirstCrash());
        assertThatThrownBy(
                        () -> ReplayKey.parse(
                                "selector=after-commit;hit=2;recovery.selector=after-commit;recovery.hit=1;recovery.mode=in-process"))
                .hasMessage(ReplayKeyMessages.recoveryWithAMode("in-process"));
        assertThatThrownBy(() -> ReplayKey.parse("crash=none;recovery.selector=after-commit;recovery.hit=1"))
                .hasMessage(ReplayKeyMessages.pairOfNoCrashes());
        assertThatThrownBy(() -> ReplayKey.parse("selector=after-commit;hit=2;recovery.selector=after-commit"))
                .hasMessage(ReplayKeyMessages.unreadableRecovery(ReplayKeyMessages.badHit(null)));
        assertThatThrownBy(() -> ReplayKey.pair(
                        ReplayKey.selector("after-commit", 2),
                        ReplayKey.selector("after-commit", 1).withMode(CrashMode.IN_PROCESS)))
                .hasMessage(ReplayKeyMessages.pairRecoveryWithAMode());
    }
}
