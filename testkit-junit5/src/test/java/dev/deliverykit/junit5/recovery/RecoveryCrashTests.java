package dev.deliverykit.junit5.recovery;

import static dev.deliverykit.junit5.internal.execution.InvariantFailures.declared;
import static dev.deliverykit.junit5.testkit.CrashTestKitAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.deliverykit.junit5.DeliveryKitConfiguration;
import dev.deliverykit.junit5.fixtures.PrunedAndExhaustive;
import dev.deliverykit.junit5.testkit.CrashTestKit;
import dev.deliverykit.junit5.testkit.CrashTestResults;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code @CrashSweep(crashRecovery = true)}: after every crash case, one case per boundary its recovery reached,
 * crashing the recovery there in this JVM, then recovering again. A recovery that is not idempotent passes a plain
 * sweep and fails exactly the cases whose recovery died after its delivery; the reference outbox passes them all.
 */
class RecoveryCrashTests {

    private static final String PAIR_21 =
            "crash after commit #2 in Relay.publish, then after commit #1 in Relay.recover";
    private static final String PAIR_21_KEY =
            "selector=after-commit;within=dev.deliverykit.junit5.recovery.Relay#publish;hit=2;recovery.selector=after-commit;recovery.within=dev.deliverykit.junit5.recovery.Relay#recover;recovery.hit=1";

    @TempDir
    Path reports;

    @BeforeEach
    void clear() {
        RecoveryCrashTestCases.SEEN.clear();
    }

    private CrashTestResults run(Class<?> testCases) {
        return CrashTestKit.reportingTo(reports)
                .with(DeliveryKitConfiguration.SWEEP_EXHAUSTIVE, "true")
                .run(testCases);
    }

    /** The six crash cases of the relay's three commits, as both sweeps name them. */
    private static List<String> firstCrashes() {
        List<String> names = new ArrayList<>(List.of("[1] record boundaries (crash-free run)"));
        for (int commit = 1; commit <= 3; commit++) {
            names.add("[" + (2 * commit) + "] crash before commit #" + commit + " in Relay.publish");
            names.add("[" + (2 * commit + 1) + "] crash after commit #" + commit + " in Relay.publish");
        }
        return names;
    }

    @Test
    void aPlainSweepOfTheRelayPassesEveryCrashCase() {
        CrashTestResults results = run(RecoveryCrashTestCases.PlainSweep.class);

        assertThat(results).hasNumberOfStartedCases(7).hasNumberOfSucceededCases(7);
        assertThat(results.startedCases()).containsExactlyElementsOf(firstCrashes());
        assertThat(RecoveryCrashTestCases.SEEN)
                .containsExactly(
                        "crash=none [m-1:1]",
                        "selector=before-commit;within=dev.deliverykit.junit5.recovery.Relay#publish;hit=1 []",
                        "selector=after-commit;within=dev.deliverykit.junit5.recovery.Relay#publish;hit=1 [m-1:1]",
                        "selector=before-commit;within=dev.deliverykit.junit5.recovery.Relay#publish;hit=2 [m-1:1]",
                        "selector=after-commit;within=dev.deliverykit.junit5.recovery.Relay#publish;hit=2 [m-1:1]",
                        "selector=before-commit;within=dev.deliverykit.junit5.recovery.Relay#publish;hit=3 [m-1:1]",
                        "selector=after-commit;within=dev.deliverykit.junit5.recovery.Relay#publish;hit=3 [m-1:1]");
    }

    @Test
    void crashingTheRecoveryCatchesTheRecoveryThatIsNotIdempotentAndNamesThePair() throws IOException {
        CrashTestResults results = run(RecoveryCrashTestCases.RecoveryCrashed.class);

        assertThat(results)
                .hasNumberOfStartedCases(31)
                .hasNumberOfSucceededCases(19)
                .hasNumberOfFailedCases(12)
                .hasNumberOfFailedContainers(0);
        // The crash cases first, all passing as in the plain sweep; then, from what their recoveries reached, one case
        // per recovery commit after each of the four crash cases that left a message to resend.
        List<String> expected = new ArrayList<>(firstCrashes());
        List<String> recoveryPoints = List.of(
                "before commit #1",
                "after commit #1",
                "before commit #2",
                "after commit #2",
                "before commit #3",
                "after commit #3");
        List<String> firsts = List.of("after commit #1", "before commit #2", "after commit #2", "before commit #3");
        int index = 8;
        for (String first : firsts) {
            for (String point : recoveryPoints) {
                expected.add(
                        "[" + index++ + "] crash " + first + " in Relay.publish, then " + point + " in Relay.recover");
            }
        }
        assertThat(results.startedCases()).containsExactlyElementsOf(expected);
        assertThat(results.failedCases())
                .containsExactly(
                        "[11] crash after commit #1 in Relay.publish, then after commit #2 in Relay.recover",
                        "[12] crash after commit #1 in Relay.publish, then before commit #3 in Relay.recover",
                        "[17] crash before commit #2 in Relay.publish, then after commit #2 in Relay.recover",
                        "[18] crash before commit #2 in Relay.publish, then before commit #3 in Relay.recover",
                        "[21] " + PAIR_21,
                        "[22] crash after commit #2 in Relay.publish, then before commit #2 in Relay.recover",
                        "[23] crash after commit #2 in Relay.publish, then after commit #2 in Relay.recover",
                        "[24] crash after commit #2 in Relay.publish, then before commit #3 in Relay.recover",
                        "[27] crash before commit #3 in Relay.publish, then after commit #1 in Relay.recover",
                        "[28] crash before commit #3 in Relay.publish, then before commit #2 in Relay.recover",
                        "[29] crash before commit #3 in Relay.publish, then after commit #2 in Relay.recover",
                        "[30] crash before commit #3 in Relay.publish, then before commit #3 in Relay.recover");
        assertThat(results).hasFailedCase("[21] " + PAIR_21).withMessage(duplicateAfter(PAIR_21, PAIR_21_KEY));
        // What the receiver holds after the second recovery: a claim left by the dead recovery made a second key.
        assertThat(RecoveryCrashTestCases.SEEN.subList(7, 31))
                .containsExactly(
                        "selector=after-commit;within=dev.deliverykit.junit5.recovery.Relay#publish;hit=1;recovery.selector=before-commit;recovery.within=dev.deliverykit.junit5.recovery.Relay#recover;recovery.hit=1 [m-1:1]",
                        "selector=after-commit;within=dev.deliverykit.junit5.recovery.Relay#publish;hit=1;recovery.selector=after-commit;recovery.within=dev.deliverykit.junit5.recovery.Relay#recover;recovery.hit=1 [m-1:2]",
                        "selector=after-commit;within=dev.deliverykit.junit5.recovery.Relay#publish;hit=1;recovery.selector=before-commit;recovery.within=dev.deliverykit.junit5.recovery.Relay#recover;recovery.hit=2 [m-1:2]",
                        "selector=after-commit;within=dev.deliverykit.junit5.recovery.Relay#publish;hit=1;recovery.selector=after-commit;recovery.within=dev.deliverykit.junit5.recovery.Relay#recover;recovery.hit=2 [m-1:1, m-1:2]",
                        "selector=after-commit;within=dev.deliverykit.junit5.recovery.Relay#publish;hit=1;recovery.selector=before-commit;recovery.within=dev.deliverykit.junit5.recovery.Relay#recover;recovery.hit=3 [m-1:1, m-1:2]",
                        "selector=after-commit;within=dev.deliverykit.junit5.recovery.Relay#publish;hit=1;recovery.selector=after-commit;recovery.within=dev.deliverykit.junit5.recovery.Relay#recover;recovery.hit=3 [m-1:1]",
                        "selector=before-commit;within=dev.deliverykit.junit5.recovery.Relay#publish;hit=2;recovery.selector=before-commit;recovery.within=dev.deliverykit.junit5.recovery.Relay#recover;recovery.hit=1 [m-1:1]",
                        "selector=before-commit;within=dev.deliverykit.junit5.recovery.Relay#publish;hit=2;recovery.selector=after-commit;recovery.within=dev.deliverykit.junit5.recovery.Relay#recover;recovery.hit=1 [m-1:2]",
                        "selector=before-commit;within=dev.deliverykit.junit5.recovery.Relay#publish;hit=2;recovery.selector=before-commit;recovery.within=dev.deliverykit.junit5.recovery.Relay#recover;recovery.hit=2 [m-1:2]",
                        "selector=before-commit;within=dev.deliverykit.junit5.recovery.Relay#publish;hit=2;recovery.selector=after-commit;recovery.within=dev.deliverykit.junit5.recovery.Relay#recover;recovery.hit=2 [m-1:1, m-1:2]",
                        "selector=before-commit;within=dev.deliverykit.junit5.recovery.Relay#publish;hit=2;recovery.selector=before-commit;recovery.within=dev.deliverykit.junit5.recovery.Relay#recover;recovery.hit=3 [m-1:1, m-1:2]",
                        "selector=before-commit;within=dev.deliverykit.junit5.recovery.Relay#publish;hit=2;recovery.selector=after-commit;recovery.within=dev.deliverykit.junit5.recovery.Relay#recover;recovery.hit=3 [m-1:1]",
                        "selector=after-commit;within=dev.deliverykit.junit5.recovery.Relay#publish;hit=2;recovery.selector=before-commit;recovery.within=dev.deliverykit.junit5.recovery.Relay#recover;recovery.hit=1 [m-1:1]",
                        "selector=after-commit;within=dev.deliverykit.junit5.recovery.Relay#publish;hit=2;recovery.selector=after-commit;recovery.within=dev.deliverykit.junit5.recovery.Relay#recover;recovery.hit=1 [m-1:1, m-1:2]",
                        "selector=after-commit;within=dev.deliverykit.junit5.recovery.Relay#publish;hit=2;recovery.selector=before-commit;recovery.within=dev.deliverykit.junit5.recovery.Relay#recover;recovery.hit=2 [m-1:1, m-1:2]",
                        "selector=after-commit;within=dev.deliverykit.junit5.recovery.Relay#publish;hit=2;recovery.selector=after-commit;recovery.within=dev.deliverykit.junit5.recovery.Relay#recover;recovery.hit=2 [m-1:1, m-1:2]",
                        "selector=after-commit;within=dev.deliverykit.junit5.recovery.Relay#publish;hit=2;recovery.selector=before-commit;recovery.within=dev.deliverykit.junit5.recovery.Relay#recover;recovery.hit=3 [m-1:1, m-1:2]",
                        "selector=after-commit;within=dev.deliverykit.junit5.recovery.Relay#publish;hit=2;recovery.selector=after-commit;recovery.within=dev.deliverykit.junit5.recovery.Relay#recover;recovery.hit=3 [m-1:1]",
                        "selector=before-commit;within=dev.deliverykit.junit5.recovery.Relay#publish;hit=3;recovery.selector=before-commit;recovery.within=dev.deliverykit.junit5.recovery.Relay#recover;recovery.hit=1 [m-1:1]",
                        "selector=before-commit;within=dev.deliverykit.junit5.recovery.Relay#publish;hit=3;recovery.selector=after-commit;recovery.within=dev.deliverykit.junit5.recovery.Relay#recover;recovery.hit=1 [m-1:1, m-1:2]",
                        "selector=before-commit;within=dev.deliverykit.junit5.recovery.Relay#publish;hit=3;recovery.selector=before-commit;recovery.within=dev.deliverykit.junit5.recovery.Relay#recover;recovery.hit=2 [m-1:1, m-1:2]",
                        "selector=before-commit;within=dev.deliverykit.junit5.recovery.Relay#publish;hit=3;recovery.selector=after-commit;recovery.within=dev.deliverykit.junit5.recovery.Relay#recover;recovery.hit=2 [m-1:1, m-1:2]",
                        "selector=before-commit;within=dev.deliverykit.junit5.recovery.Relay#publish;hit=3;recovery.selector=before-commit;recovery.within=dev.deliverykit.junit5.recovery.Relay#recover;recovery.hit=3 [m-1:1, m-1:2]",
                        "selector=before-commit;within=dev.deliverykit.junit5.recovery.Relay#publish;hit=3;recovery.selector=after-commit;recovery.within=dev.deliverykit.junit5.recovery.Relay#recover;recovery.hit=3 [m-1:1]");

        JsonNode pair = pairRow(PAIR_21, "IN_PROCESS");
        assertThat(pair.get("selector").asText() + " #" + pair.get("hit").asInt())
                .isEqualTo("after-commit #2");
        assertThat(pair.get("crashSite").asText())
                .matches("dev\\.deliverykit\\.junit5\\.recovery\\.Relay\\.publish\\(Relay\\.java:\\d+\\)");
        JsonNode recovery = pair.get("recovery");
        assertThat(recovery.get("selector").asText() + " #"
                        + recovery.get("hit").asInt())
                .isEqualTo("after-commit #1");
        assertThat(recovery.get("crashSite").asText())
                .matches("dev\\.deliverykit\\.junit5\\.recovery\\.Relay\\.recover\\(Relay\\.java:\\d+\\)");
        assertThat(pair.get("replayKey").asText()).isEqualTo(PAIR_21_KEY);
        assertThat(row("crash after commit #2 in Relay.publish").get("recovery").isNull())
                .isTrue();
        assertThat(reports.resolve("report.md"))
                .content()
                .contains("| RecoveryCrashed.publishedOnce | " + PAIR_21 + " | exactly once per key | `" + PAIR_21_KEY
                        + "` | m-1: found 2 effects, expected exactly 1 |\n");
        assertThat(reports.resolve("report.html"))
                .content()
                .containsPattern(
                        "<code title=\"dev\\.deliverykit\\.junit5\\.recovery\\.Relay\\.publish\\(Relay\\.java:\\d+\\)\">"
                                + "Relay\\.publish:\\d+</code>, then in the recovery <code title=\"dev\\.deliverykit\\.junit5\\.recovery"
                                + "\\.Relay\\.recover\\(Relay\\.java:\\d+\\)\">Relay\\.recover:\\d+</code>");
    }

    @Test
    void aPairsReplayKeyRunsExactlyThatPairWithoutTheRecordings() {
        CrashTestResults results = CrashTestKit.reportingTo(reports)
                .with(DeliveryKitConfiguration.SWEEP_EXHAUSTIVE, "true")
                .with("deliverykit.replay", PAIR_21_KEY)
                .run(RecoveryCrashTestCases.RecoveryCrashed.class);

        // Without a recording the kit knows no crash site: the name says the places the key names.
        String replayed = "crash after commit #2 in Relay.publish, then after commit #1 in Relay.recover";
        assertThat(results).hasNumberOfStartedCases(1).hasNumberOfFailedCases(1);
        assertThat(results).hasSingleFailedCase("[1] " + replayed).withMessage(duplicateAfter(replayed, PAIR_21_KEY));
        assertThat(RecoveryCrashTestCases.SEEN).containsExactly(PAIR_21_KEY + " [m-1:1, m-1:2]");
    }

    @Test
    void aRecoveryThatDoesNotReachItsCrashPointFailsTheCaseSayingItIsTheRecovery() {
        String key =
                "selector=after-commit;within=dev.deliverykit.junit5.recovery.Relay#publish;hit=2;recovery.selector=after-commit;recovery.within=dev.deliverykit.junit5.recovery.Relay#recover;recovery.hit=4";
        CrashTestResults results = CrashTestKit.reportingTo(reports)
                .with(DeliveryKitConfiguration.SWEEP_EXHAUSTIVE, "true")
                .with("deliverykit.replay", key)
                .run(RecoveryCrashTestCases.RecoveryCrashed.class);

        assertThat(results)
                .hasSingleFailedCase(
                        "[1] crash after commit #2 in Relay.publish, then after commit #4 in Relay.recover")
                .withMessageStartingWith(
                        "The first recovery (scenario.restart) after crash after commit #2 in Relay.publish did not"
                                + " reach after commit #4 in Relay.recover, where this case crashes it. A recovery must do the same after the same crash"
                                + " every time (the same files, the same order of calls): a sweep makes this case from a"
                                + " recording of the recovery after the same crash, which reached that hit.\n"
                                + "Boundary not reached: the crash was armed at hit 4 of after commit within"
                                + " dev.deliverykit.junit5.recovery.Relay#recover, but the workload returned normally after"
                                + " reaching it 3 times.\n"
                                + "Reached boundaries (hits):\n"
                                + "  after statement \"CREATE TABLE IF NOT EXISTS outbox (message_id TEXT PRIMARY KEY, published"
                                + " INTEGER NOT NULL DEFAULT 0)\": 1\n"
                                + "  after statement \"CREATE TABLE IF NOT EXISTS resend (message_id TEXT PRIMARY KEY, attempt"
                                + " INTEGER NOT NULL)\": 1\n"
                                + "  after statement \"CREATE TABLE IF NOT EXISTS effect (delivery_key TEXT PRIMARY KEY,"
                                + " message_id TEXT NOT NULL)\": 1\n"
                                + "  after statement \"SELECT message_id FROM outbox WHERE published = 0 ORDER BY message_id\": 1\n"
                                + "  after statement \"INSERT INTO resend (message_id, attempt) VALUES (?, 1) ON CONFLICT"
                                + " (message_id) DO UPDATE SET attempt = attempt + 1\": 1\n"
                                + "  after commit within dev.deliverykit.junit5.recovery.Relay#recover: 3\n"
                                + "  after commit: 3\n"
                                + "  after statement \"SELECT attempt FROM resend WHERE message_id = ?\": 1\n"
                                + "  after statement \"INSERT INTO effect (delivery_key, message_id) VALUES (?, ?) ON CONFLICT"
                                + " (delivery_key) DO NOTHING\": 1\n"
                                + "  after statement \"UPDATE outbox SET published = 1 WHERE message_id = ?\": 1\n"
                                + "  after statement \"DELETE FROM resend WHERE message_id = ?\": 1\n"
                                + "Expected: ")
                .withMessageContaining("reaches the boundary.\n\n"
                        + "DeliveryKit case: crash after commit #2 in Relay.publish, then after commit #4 in Relay.recover"
                        + " (in process)\n"
                        + "Replay only this case: -Ddeliverykit.replay='" + key + "'");
        assertThat(RecoveryCrashTestCases.SEEN).isEmpty();
    }

    @Test
    void onlyTheFirstRestartIsCrashedAndThenRunAgainLaterRestartsRunPlainly() {
        CrashTestResults results = CrashTestKit.reportingTo(reports)
                .with(DeliveryKitConfiguration.SWEEP_EXHAUSTIVE, "true")
                .with("deliverykit.replay", PAIR_21_KEY)
                .run(RecoveryCrashTestCases.TwoRestarts.class);

        assertThat(results).hasNumberOfStartedCases(1).hasNumberOfSucceededCases(1);
        assertThat(RecoveryCrashTestCases.SEEN)
                .containsExactly(
                        "first restart started", // dies after its claim's commit
                        "first restart started",
                        "first restart returned",
                        "second restart started",
                        "second restart returned",
                        PAIR_21_KEY + " [m-1:1, m-1:2]");
    }

    @Test
    void moreRecoveryCrashCasesThanTheCapFailTheSweepBeforeAnyOfThemRuns() {
        CrashTestResults results = run(RecoveryCrashTestCases.OverTheCap.class);

        assertThat(results).hasNumberOfStartedCases(7).hasNumberOfSucceededCases(7);
        assertThat(results.startedCases()).containsExactlyElementsOf(firstCrashes());
        assertThat(results)
                .hasSingleFailedContainer()
                .withExceptionInstanceOf(ExtensionConfigurationException.class)
                .withMessageStartingWith(
                        "@CrashSweep on OverTheCap.publishedOnce(CrashScenario): the recoveries of its 6 crash cases"
                                + " reached 24 boundary hits to crash at, more than the cap of 10 (@CrashSweep(maxRecoveryCases ="
                                + " 10)); no recovery crash case was run.\n"
                                + "Recovery hits per crash case (most first):\n"
                                + "  6 x crash after commit #1 in Relay.publish\n"
                                + "  6 x crash before commit #2 in Relay.publish\n"
                                + "  6 x crash after commit #2 in Relay.publish\n"
                                + "  6 x crash before commit #3 in Relay.publish\n"
                                + "Fix: narrow the sweep")
                .withMessageContaining("@CrashSweep(maxRecoveryCases = ...)");
    }

    @Test
    void aSweepWithNoRecoveryToCrashFailsSayingSoAfterItsCrashCases() {
        CrashTestResults neverRestarts = run(RecoveryCrashTestCases.NeverRestarts.class);

        assertThat(neverRestarts).hasNumberOfStartedCases(7).hasNumberOfSucceededCases(7);
        assertThat(neverRestarts)
                .hasSingleFailedContainer()
                .withExceptionInstanceOf(AssertionError.class)
                .withMessageStartingWith(
                        "@CrashSweep on NeverRestarts.publishedOnce(CrashScenario) crashes recoveries, but none of"
                                + " its 6 crash cases called scenario.restart(...)")
                .withMessageContaining("\nFix: recover with scenario.restart(() -> ...)");

        CrashTestResults withoutCommits = run(RecoveryCrashTestCases.RecoveryWithoutCommits.class);

        assertThat(withoutCommits).hasNumberOfStartedCases(7).hasNumberOfSucceededCases(7);
        assertThat(withoutCommits)
                .hasSingleFailedContainer()
                .withExceptionInstanceOf(AssertionError.class)
                .withMessageStartingWith(
                        "@CrashSweep on RecoveryWithoutCommits.publishedOnce(CrashScenario): the recoveries of its 6"
                                + " crash cases reached no boundary of the swept kinds (COMMITS)")
                .withMessageContaining(
                        "They recorded 0 hit(s) in all.\nFix: make the recovery inside scenario.restart");
    }

    @Test
    void aFirstCrashInAChildJvmIsFollowedByItsRecoveryCrashedInThisJvm() throws IOException {
        CrashTestResults results = run(RecoveryCrashTestCases.FirstCrashInAChild.class);

        assertThat(results).hasNumberOfStartedCases(3).hasNumberOfSucceededCases(3);
        String pairName = "crash at effect-inserted #1 in Relay.publish (child JVM), then at effect-inserted #1 in"
                + " Relay.recover";
        assertThat(results.startedCases())
                .containsExactly(
                        "[1] record boundaries (crash-free run) (child JVM)",
                        "[2] crash at effect-inserted #1 in Relay.publish (child JVM)",
                        "[3] " + pairName);
        // The child died before the receiver's commit; the recovery here died at the same point of its own delivery,
        // after its claim's commit, so the second recovery delivered under a second attempt's key.
        assertThat(RecoveryCrashTestCases.SEEN)
                .containsExactly(
                        "crash=none [m-1:1]",
                        "boundary=effect-inserted;hit=1 [m-1:1]",
                        "boundary=effect-inserted;hit=1;recovery.boundary=effect-inserted;recovery.hit=1 [m-1:2]");
        JsonNode pair = pairRow(pairName, "CHILD_PROCESS");
        assertThat(pair.get("attachments").get(0).get("label").asText()).isEqualTo("child JVM output");
        assertThat(pair.get("recovery").get("boundary").asText()).isEqualTo("effect-inserted");
    }

    @Test
    void theReferenceOutboxSurvivesACrashOfEveryRecoveryAtEachOfItsCommits() {
        CrashTestResults results = run(RecoveryCrashTestCases.ReferenceOutbox.class);

        // 10 crash cases (5 commits), each recovery reaching 6 commit points (nothing to resend) or 10.
        assertThat(results)
                .hasNumberOfStartedCases(107)
                .hasNumberOfSucceededCases(107)
                .hasNumberOfFailedCases(0)
                .hasNumberOfFailedContainers(0);
        assertThat(results.startedCases())
                .contains(
                        "[9] crash after commit #1 in IdempotentReceiver.execute (via Sql.inWriteTransaction)",
                        "[89] crash after commit #1 in IdempotentReceiver.execute (via Sql.inWriteTransaction), then after"
                                + " commit #1 in IdempotentReceiver.execute (via Sql.inWriteTransaction)",
                        "[107] crash after commit #1 in TransactionalOutbox.markDone (via Sql.inWriteTransaction), then"
                                + " after commit #1 in TransactionalOutbox.append (via Sql.inWriteTransaction)");
    }

    /** The failure of a pair whose second recovery delivered the message a second time. */
    private static String duplicateAfter(String pair, String replayKey) {
        return declared(1, 1, pair + " and the second recovery:") + "\n"
                + "[RecoveryCrashed.exactlyOnce] exactly once per key: violated (checked 1 intent key, 2 effect rows)\n"
                + "  duplicate effect: 1 key\n"
                + "    m-1: found 2 effects, expected exactly 1\n\n"
                + "DeliveryKit case: " + pair + " (in process)\n"
                + "Replay only this case: -Ddeliverykit.replay='" + replayKey + "'";
    }

    /** The crash pair named {@code displayName} in report.json, checked to be one, in {@code mode}. */
    private JsonNode pairRow(String displayName, String mode) throws IOException {
        JsonNode pair = row(displayName);
        assertThat(pair.get("kind").asText()).isEqualTo("CRASH_PAIR");
        assertThat(pair.get("mode").asText()).isEqualTo(mode);
        return pair;
    }

    /** The case named {@code displayName} in report.json. */
    private JsonNode row(String displayName) throws IOException {
        JsonNode report =
                new ObjectMapper().readTree(reports.resolve("report.json").toFile());
        return StreamSupport.stream(report.get("tests").spliterator(), false)
                .flatMap(test -> StreamSupport.stream(test.get("cases").spliterator(), false))
                .filter(row -> row.get("displayName").asText().equals(displayName))
                .findFirst()
                .orElseThrow();
    }

    @Test
    void prunedPairsCatchTheRecoveryThatIsNotIdempotentWhereEveryPairDoes() {
        PrunedAndExhaustive runs = PrunedAndExhaustive.run(RecoveryCrashTestCases.RecoveryCrashed.class, reports);

        runs.assertPruningHidesNothing();
        assertThat(PrunedAndExhaustive.failed(runs.pruned())).isNotEmpty();
        assertThat(runs.pruned().size()).isLessThan(runs.exhaustive().size());
    }

    @Test
    void prunedPairsOfTheReferenceOutboxPassAsEveryPairDoes() {
        PrunedAndExhaustive runs = PrunedAndExhaustive.run(RecoveryCrashTestCases.ReferenceOutbox.class, reports);

        runs.assertPruningHidesNothing();
        assertThat(PrunedAndExhaustive.failed(runs.exhaustive())).isEmpty();
        // Its commits sit on different call paths with a connection's set-up between them: in process nothing prunes.
        assertThat(runs.pruned().size()).isEqualTo(runs.exhaustive().size());
    }
}
