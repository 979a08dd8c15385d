package dev.deliverykit.junit5.internal.planning;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class SweepMessagesTests {

    private static final String SWEEP = "T.m(CrashScenario)";

    @Test
    void nothingToCrash() {
        assertThat(SweepMessages.nothingToCrash(SWEEP, "COMMITS", 2).lines())
                .isEqualTo("@CrashSweep on T.m(CrashScenario): the crash-free run reached no boundary of the swept"
                        + " kinds (COMMITS), so there is nothing to crash at and the sweep would test nothing. It"
                        + " recorded 2 hit(s) in all.\n"
                        + "Fix: make the workload inside scenario.run(...) reach a commit or statement, or widen kinds,"
                        + " sql or boundaries.");
    }

    @Test
    void tooManyCases() {
        assertThat(SweepMessages.tooManyCases(
                                SWEEP,
                                10,
                                false,
                                10,
                                0,
                                3,
                                "@CrashSweep(maxCases = 3)",
                                "  5 x before commit\n  5 x after commit")
                        .lines())
                .isEqualTo("@CrashSweep on T.m(CrashScenario): the crash-free run reached 10 boundary hits to crash at,"
                        + " more than the cap of 3 (@CrashSweep(maxCases = 3)); no crash case was run.\n"
                        + "Hits per boundary (most first):\n"
                        + "  5 x before commit\n"
                        + "  5 x after commit\n"
                        + "Fix: narrow the sweep (kinds = SweepKind.COMMITS, sql = \"^(INSERT|UPDATE)\", boundaries ="
                        + " ...), shorten the workload, or raise @CrashSweep(maxCases = ...) or"
                        + " deliverykit.sweep.max-cases.");
    }

    @Test
    void tooManyPrunedCasesAndFailures() {
        assertThat(SweepMessages.tooManyCases(SWEEP, 10, true, 4, 10, 3, "cap", "  4 x after commit")
                        .what())
                .isEqualTo("the crash-free run reached 10 boundary hits to crash at, in 4 classes of equivalent"
                        + " points: 4 crash cases, and 10 failure cases (one per hit, faults = FAILURE), more than the"
                        + " cap of 3 (cap); no crash case was run.\n"
                        + "Crash cases per boundary (most first):\n"
                        + "  4 x after commit");
    }

    @Test
    void noRecoveryToCrash() {
        assertThat(SweepMessages.noRecoveryToCrash(SWEEP, 6).lines())
                .isEqualTo("@CrashSweep on T.m(CrashScenario) crashes recoveries, but none of its 6 crash cases called"
                        + " scenario.restart(...), so there is no recovery to crash and crashRecovery would test"
                        + " nothing.\n"
                        + "Fix: recover with scenario.restart(() -> ...) after scenario.run(...), or drop"
                        + " crashRecovery.");
    }

    @Test
    void recoveriesReachedNothing() {
        assertThat(SweepMessages.recoveriesReachedNothing(SWEEP, 6, "COMMITS", 0)
                        .lines())
                .isEqualTo("@CrashSweep on T.m(CrashScenario): the recoveries of its 6 crash cases reached no boundary"
                        + " of the swept kinds (COMMITS), so there is nothing to crash at in them and crashRecovery"
                        + " would test nothing. They recorded 0 hit(s) in all.\n"
                        + "Fix: make the recovery inside scenario.restart(...) reach a commit or statement, widen kinds,"
                        + " sql or boundaries, or drop crashRecovery.");
    }

    @Test
    void tooManyRecoveryCases() {
        assertThat(SweepMessages.tooManyRecoveryCases(
                                SWEEP,
                                6,
                                24,
                                10,
                                "@CrashSweep(maxRecoveryCases = 10)",
                                "  6 x crash after commit #1 in Relay.publish")
                        .lines())
                .isEqualTo("@CrashSweep on T.m(CrashScenario): the recoveries of its 6 crash cases reached 24 boundary"
                        + " hits to crash at, more than the cap of 10 (@CrashSweep(maxRecoveryCases = 10)); no"
                        + " recovery crash case was run.\n"
                        + "Recovery hits per crash case (most first):\n"
                        + "  6 x crash after commit #1 in Relay.publish\n"
                        + "Fix: narrow the sweep (kinds = SweepKind.COMMITS, sql = \"^(INSERT|UPDATE)\", boundaries ="
                        + " ...), which narrows the recovery crashes too, shorten the recovery, or raise"
                        + " @CrashSweep(maxRecoveryCases = ...) or deliverykit.sweep.max-recovery-cases.");
    }

    @Test
    void noneWithin() {
        assertThat(SweepMessages.noneWithin(
                                "@CrashSweep on Relays.relay(CrashScenario)",
                                "COMMITS",
                                "com.acme.Relay#send",
                                2,
                                List.of("com.acme.Outbox#write"),
                                8)
                        .lines())
                .isEqualTo("@CrashSweep on Relays.relay(CrashScenario): the crash-free run reached no boundary of"
                        + " the swept kinds (COMMITS) while com.acme.Relay#send was on the stack, so there is"
                        + " nothing to crash at and the sweep would test nothing. It reached 2 of them elsewhere, in"
                        + " com.acme.Outbox#write.\n"
                        + "Fix: name in within a method the workload runs (Type#method, the class's fully qualified"
                        + " name, nested classes with $), or drop within.");
    }

    @Test
    void noneWithinElsewhereMoreThanShown() {
        assertThat(SweepMessages.noneWithin(
                                "@CrashSweep on Relays.relay(CrashScenario)",
                                "COMMITS, STATEMENTS",
                                "a.B#c or a.B#d",
                                3,
                                List.of("a.X#x", "a.Y#y", "a.Z#z"),
                                2)
                        .what())
                .isEqualTo("the crash-free run reached no boundary of the swept kinds (COMMITS, STATEMENTS) while"
                        + " a.B#c or a.B#d was on the stack, so there is nothing to crash at and the sweep would"
                        + " test nothing. It reached 3 of them elsewhere, in a.X#x, a.Y#y and 1 more.");
    }

    @Test
    void noneWithinNowhere() {
        assertThat(SweepMessages.noneWithin(
                                "@CrashSweep on Relays.relay(CrashScenario)", "COMMITS", "a.B#c", 0, List.of(), 8)
                        .what())
                .isEqualTo("the crash-free run reached no boundary of the swept kinds (COMMITS) while a.B#c was on"
                        + " the stack, so there is nothing to crash at and the sweep would test nothing. It reached"
                        + " 0 of them elsewhere.");
    }

    @Test
    void hitBelowOne() {
        assertThat(SweepMessages.hitBelowOne(0)).isEqualTo("hits are counted from 1, got 0");
    }

    @Test
    void recoveryOutsideThisJvm() {
        assertThat(SweepMessages.recoveryOutsideThisJvm("CHILD_PROCESS"))
                .isEqualTo("a recovery crashes in this JVM, got CHILD_PROCESS");
    }
}
