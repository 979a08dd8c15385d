package dev.deliverykit.junit5.places;

import static dev.deliverykit.junit5.testkit.CrashTestKitAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.deliverykit.junit5.DeliveryKitConfiguration;
import dev.deliverykit.junit5.testkit.CrashTestKit;
import dev.deliverykit.junit5.testkit.CrashTestResults;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;
import org.junit.jupiter.api.io.TempDir;

/**
 * Crash points named by a place in the user's code: sweep cases keyed by the method they are in and their
 * occurrence there, so that a commit added elsewhere does not move a key; {@code @CrashAt} specs within a place;
 * {@code @CrashSweep(within = ...)}; old keys; and the messages of places that are wrong. Real runs of {@link Shop}
 * on SQLite files through the JUnit Platform, the state each crash left read back with plain JDBC.
 */
class PlacesTests {

    private static final String SHOP = "dev.deliverykit.junit5.places.Shop";
    private static final String PLACED_ONE = "order o-1 placed, outbox o-1 placed unsent";
    private static final String PLACED_BOTH =
            "order o-1 placed, order o-2 placed, outbox o-1 placed unsent, outbox o-2 placed unsent";

    /** What the first workload's sweep leaves at each case, by key. */
    private static final Map<String, String> TWO_ORDERS = sweep(
            "crash=none",
            "[order o-1 placed, order o-2 placed, outbox o-1 placed sent, outbox o-2 placed sent]",
            key("before", "placeOrder", 1),
            "[]",
            key("after", "placeOrder", 1),
            "[" + PLACED_ONE + "]",
            key("before", "placeOrder", 2),
            "[" + PLACED_ONE + "]",
            key("after", "placeOrder", 2),
            "[" + PLACED_BOTH + "]",
            key("before", "relay", 1),
            "[" + PLACED_BOTH + "]",
            key("after", "relay", 1),
            "[order o-1 placed, order o-2 placed, outbox o-1 placed sent, outbox o-2 placed unsent]",
            key("before", "relay", 2),
            "[order o-1 placed, order o-2 placed, outbox o-1 placed sent, outbox o-2 placed unsent]",
            key("after", "relay", 2),
            "[order o-1 placed, order o-2 placed, outbox o-1 placed sent, outbox o-2 placed sent]");

    @TempDir
    Path reports;

    @BeforeEach
    void clear() {
        PlacesTestCases.SEEN.clear();
    }

    private static String key(String timing, String method, int hit) {
        return "selector=" + timing + "-commit;within=" + SHOP + "#" + method + ";hit=" + hit;
    }

    private static Map<String, String> sweep(String... keysAndStates) {
        Map<String, String> cases = new LinkedHashMap<>();
        for (int i = 0; i < keysAndStates.length; i += 2) {
            cases.put(keysAndStates[i], keysAndStates[i + 1]);
        }
        return cases;
    }

    /** Every point: these tests are about the keys of each of them. */
    private CrashTestResults run(Class<?>... testCases) {
        return CrashTestKit.reportingTo(reports)
                .with(DeliveryKitConfiguration.SWEEP_EXHAUSTIVE, "true")
                .run(testCases);
    }

    private CrashTestResults replay(String key, Class<?>... testCases) {
        return CrashTestKit.reportingTo(reports)
                .with(DeliveryKitConfiguration.REPLAY, key)
                .run(testCases);
    }

    /** {@link PlacesTestCases#SEEN} as key to state, in the order the cases ran. */
    private static Map<String, String> seen() {
        Map<String, String> seen = new LinkedHashMap<>();
        for (String line : PlacesTestCases.SEEN) {
            int left = line.indexOf(" left ");
            seen.put(line.substring(0, left), line.substring(left + " left ".length()));
        }
        return seen;
    }

    @Test
    void aSweepKeysEachCommitByTheMethodItIsInAndItsOccurrenceThere() {
        CrashTestResults results = run(PlacesTestCases.TwoOrders.class);

        assertThat(results).hasNumberOfStartedCases(9).hasNumberOfSucceededCases(9);
        assertThat(results.startedCases())
                .containsExactly(
                        "[1] record boundaries (crash-free run)",
                        "[2] crash before commit #1 in Shop.placeOrder (via Shop.inTransaction)",
                        "[3] crash after commit #1 in Shop.placeOrder (via Shop.inTransaction)",
                        "[4] crash before commit #2 in Shop.placeOrder (via Shop.inTransaction)",
                        "[5] crash after commit #2 in Shop.placeOrder (via Shop.inTransaction)",
                        "[6] crash before commit #1 in Shop.relay (via Shop.inTransaction)",
                        "[7] crash after commit #1 in Shop.relay (via Shop.inTransaction)",
                        "[8] crash before commit #2 in Shop.relay (via Shop.inTransaction)",
                        "[9] crash after commit #2 in Shop.relay (via Shop.inTransaction)");
        assertThat(seen()).containsExactlyEntriesOf(TWO_ORDERS);
    }

    @Test
    void anUnrelatedCommitAddedEarlierLeavesEveryKeySelectingTheSamePoint() {
        run(PlacesTestCases.TwoOrders.class);
        Map<String, String> before = seen();
        PlacesTestCases.SEEN.clear();
        run(PlacesTestCases.TwoOrdersAfterAnAuditNote.class);
        Map<String, String> after = seen();

        // Every case of the first version has its key in the second, crashing at the same point: the same
        // orders and outbox rows survive, and the audit note committed before them.
        Map<String, String> expected = new LinkedHashMap<>();
        expected.put("crash=none", withAuditNote(before.get("crash=none")));
        expected.put(key("before", "audit", 1), "[]");
        expected.put(key("after", "audit", 1), "[audit start]");
        before.forEach((key, state) -> expected.putIfAbsent(key, withAuditNote(state)));
        assertThat(before).containsExactlyEntriesOf(TWO_ORDERS);
        assertThat(after).containsExactlyEntriesOf(expected);
    }

    private static String withAuditNote(String state) {
        return state.equals("[]") ? "[audit start]" : state.replace("]", ", audit start]");
    }

    @Test
    void aPlaceKeyReplaysTheSamePointInBothVersionsAndAnOldKeyTheRunsNthCommit() {
        CrashTestResults byPlace = replay(
                key("after", "placeOrder", 2),
                PlacesTestCases.TwoOrders.class,
                PlacesTestCases.TwoOrdersAfterAnAuditNote.class);

        assertThat(byPlace).hasNumberOfStartedCases(2).hasNumberOfSucceededCases(2);
        assertThat(byPlace.startedCases())
                .containsExactly(
                        "[1] crash after commit #2 in Shop.placeOrder", "[1] crash after commit #2 in Shop.placeOrder");
        assertThat(PlacesTestCases.SEEN)
                .containsExactly(
                        key("after", "placeOrder", 2) + " left [" + PLACED_BOTH + "]",
                        key("after", "placeOrder", 2) + " left [" + PLACED_BOTH + ", audit start]");

        PlacesTestCases.SEEN.clear();
        CrashTestResults byNumber = replay(
                "selector=after-commit;hit=2",
                PlacesTestCases.TwoOrders.class,
                PlacesTestCases.TwoOrdersAfterAnAuditNote.class);

        // A key of the old form still replays: the run's second commit, which the audit note moved.
        assertThat(byNumber).hasNumberOfStartedCases(2).hasNumberOfSucceededCases(2);
        assertThat(byNumber.startedCases()).containsExactly("[1] crash after commit #2", "[1] crash after commit #2");
        assertThat(PlacesTestCases.SEEN)
                .containsExactly(
                        "selector=after-commit;hit=2 left [" + PLACED_BOTH + "]",
                        "selector=after-commit;hit=2 left [" + PLACED_ONE + ", audit start]");
    }

    @Test
    void aSweepWithinAPlaceRunsTheFullSweepsCasesUnderItWithTheirKeys() {
        CrashTestResults results = run(PlacesTestCases.TwoOrdersSweptWithinTheRelay.class);

        assertThat(results).hasNumberOfStartedCases(5).hasNumberOfSucceededCases(5);
        assertThat(results.startedCases())
                .containsExactly(
                        "[1] record boundaries (crash-free run)",
                        "[2] crash before commit #1 in Shop.relay (via Shop.inTransaction)",
                        "[3] crash after commit #1 in Shop.relay (via Shop.inTransaction)",
                        "[4] crash before commit #2 in Shop.relay (via Shop.inTransaction)",
                        "[5] crash after commit #2 in Shop.relay (via Shop.inTransaction)");
        Map<String, String> underTheRelay = new LinkedHashMap<>();
        TWO_ORDERS.forEach((key, state) -> {
            if (key.equals("crash=none") || key.contains("#relay;")) {
                underTheRelay.put(key, state);
            }
        });
        assertThat(seen()).containsExactlyEntriesOf(underTheRelay);
    }

    @Test
    void crashAtTakesAStatementPatternACommitAndAMethodBoundaryWithinAPlaceEachCountedThere() {
        CrashTestResults results = run(PlacesTestCases.ScopedCrashAts.class);

        assertThat(results).hasNumberOfStartedCases(3).hasNumberOfSucceededCases(3);
        assertThat(results.startedCases())
                .containsExactly(
                        "[1] crash after statement matching /^INSERT INTO outbox/ #1 in Shop.cancelOrder",
                        "[2] crash after commit #2 in Shop.relay",
                        "[3] crash at normal exit of dev.deliverykit.junit5.places.Outbox#add #2 in Shop.placeOrder");
        assertThat(PlacesTestCases.SEEN)
                .containsExactly(
                        // the cancellation's outbox insert, the run's third, before its commit
                        "selector=after-statement:^INSERT INTO outbox;within=" + SHOP + "#cancelOrder;hit=1 left ["
                                + PLACED_BOTH + "]",
                        // the relay's second mark, the run's fifth commit
                        "selector=after-commit;within=" + SHOP + "#relay;hit=2 left [order o-1 cancelled, order o-2"
                                + " placed, outbox o-1 placed sent, outbox o-2 placed sent, outbox o-1 cancelled unsent]",
                        // o-2's outbox row written, its order's transaction not committed
                        "selector=method-exit:dev.deliverykit.junit5.places.Outbox#add;within=" + SHOP
                                + "#placeOrder;hit=2 left [" + PLACED_ONE + "]");
    }

    @Test
    void aPlaceByItsSimpleNameIsNeverOnTheStackAndTheFailureSaysWhatWasThere() {
        CrashTestResults results = run(PlacesTestCases.SimpleNamePlace.class);

        assertThat(results)
                .hasSingleFailedCase("[1] crash after commit #1 in Shop.relay")
                .withMessageStartingWith(
                        "Boundary not reached: the crash was armed at hit 1 of after commit within Shop#relay,"
                                + " but the workload returned normally after reaching it 0 times.\n"
                                + "Reached boundaries (hits):\n"
                                + "  after statement \"INSERT INTO orders(id, status) VALUES (?, 'placed')\": 1\n"
                                + "  after statement \"INSERT INTO outbox(order_id, event) VALUES (?, ?)\": 1\n"
                                + "  after commit: 2\n"
                                + "  after statement \"SELECT seq FROM outbox WHERE sent = 0 ORDER BY seq\": 1\n"
                                + "  after statement \"UPDATE outbox SET sent = 1 WHERE seq = ?\": 1\n"
                                + "Note: the place Shop#relay was never on the stack: after commit was reached 2 times, none of"
                                + " them inside it (a place names the class that declares the method by its fully qualified"
                                + " name, nested classes with $; " + SHOP + "#relay was on the stack).\n"
                                + "Expected: ")
                .withMessageContaining(
                        "reaches the boundary.\n\n"
                                + "DeliveryKit case: crash after commit #1 in Shop.relay (in process)\n"
                                + "Replay only this case: -Ddeliverykit.replay='selector=after-commit;within=Shop#relay;hit=1'");
    }

    @Test
    void aPlaceThatIsNoMethodIsAConfigurationErrorBeforeAnythingRuns() {
        String expected = "expected Type#method with the fully qualified name of the class that declares the method"
                + " (nested classes with $) and no parameter types, for example"
                + " com.example.orders.OutboxRelay#publishPending";

        assertThat(run(PlacesTestCases.MalformedPlace.class))
                .hasNumberOfStartedCases(0)
                .hasSingleFailedContainer()
                .withExceptionInstanceOf(ExtensionConfigurationException.class)
                .withMessage(
                        "@CrashAt(selector = \"after-commit within Shop.relay\") on MalformedPlace.relay(CrashScenario):"
                                + " \"after-commit within Shop.relay\" is not a selector spec: after \"within\", \"Shop.relay\" is"
                                + " not a place: it has no #; " + expected
                                + ". Fix: write the spec as Selector.spec() prints it");
        assertThat(run(PlacesTestCases.MissingMethodPlace.class))
                .hasNumberOfStartedCases(0)
                .hasSingleFailedContainer()
                .withExceptionInstanceOf(ExtensionConfigurationException.class)
                .withMessage("@CrashAt(selector = \"after-commit within " + SHOP + "#relayAll\") on"
                        + " MissingMethodPlace.relay(CrashScenario): the place " + SHOP + "#relayAll is no method: "
                        + SHOP + " declares no method relayAll (its methods: audit(java.lang.String),"
                        + " cancelOrder(java.lang.String), durable(java.nio.file.Path),"
                        + " inTransaction(dev.deliverykit.junit5.places.Shop$Work), open(java.nio.file.Path),"
                        + " placeOrder(java.lang.String), relay()); a place is a method of the class that declares it,"
                        + " not of an interface or a subclass. Fix: correct the place's class or method name");
        assertThat(run(PlacesTestCases.MalformedSweepPlace.class))
                .hasNumberOfStartedCases(0)
                .hasSingleFailedContainer()
                .withExceptionInstanceOf(ExtensionConfigurationException.class)
                .withMessage("@CrashSweep(within = \"Shop.relay\") on MalformedSweepPlace.relay(CrashScenario):"
                        + " \"Shop.relay\" is not a place: it has no #; " + expected
                        + ". Fix: write the place as Type#method");
    }

    @Test
    void aSweepWithinAPlaceTheWorkloadNeverRunsThroughFailsNamingWhereItsHitsWere() {
        CrashTestResults results = run(PlacesTestCases.SweepWithinAPlaceNeverRun.class);

        assertThat(results).hasNumberOfStartedCases(1).hasNumberOfSucceededCases(1);
        assertThat(results)
                .hasSingleFailure()
                .withExceptionInstanceOf(AssertionError.class)
                .withMessageStartingWith("@CrashSweep on SweepWithinAPlaceNeverRun.relay(CrashScenario): ")
                .withMessageContaining(
                        "(COMMITS) while " + SHOP + "#cancelOrder was on the stack",
                        "It reached 4 of them elsewhere, in " + SHOP + "#placeOrder, " + SHOP + "#relay.\n",
                        "Fix: ");
    }

    @Test
    void theReportNamesTheSelectorAndThePlaceAsTheKeyDoes() throws Exception {
        run(PlacesTestCases.TwoOrdersSweptWithinTheRelay.class);

        JsonNode last = new ObjectMapper()
                .readTree(reports.resolve("report.json").toFile())
                .get("tests")
                .get(0)
                .get("cases")
                .get(4);
        assertThat(last.get("displayName").asText())
                .isEqualTo("crash after commit #2 in Shop.relay (via Shop.inTransaction)");
        assertThat(last.get("boundary").asText()).isEqualTo("after commit within " + SHOP + "#relay");
        assertThat(last.get("selector").asText()).isEqualTo("after-commit");
        assertThat(last.get("within").asText()).isEqualTo(SHOP + "#relay");
        assertThat(last.get("hit").asInt()).isEqualTo(2);
        assertThat(last.get("replayKey").asText()).isEqualTo(key("after", "relay", 2));
    }
}
