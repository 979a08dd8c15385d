package dev.deliverykit.spring;

import static dev.deliverykit.junit5.testkit.CrashTestKitAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThat;

import dev.deliverykit.junit5.testkit.CrashTestKit;
import dev.deliverykit.junit5.testkit.CrashTestResults;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The shops under the transactional outbox and idempotent receiver contracts, through {@link ModulithOutboxAdapter}
 * and {@link ModulithReceiverAdapter}: the retry-safe shop keeps every outbox check and the idempotent listener every
 * receiver check it promises; the shop whose order service fails a retry, and the naive listener, are caught by
 * exactly the checks and cases their bugs break.
 */
class ModulithContractTests {

    private static final String PROXY = " (via CglibAopProxy$DynamicAdvisedInterceptor.intercept)";
    private static final String UPDATE = " (via JdbcTemplate.update)";
    private static final String PROCESSING = "statement \"UPDATE EVENT_PUBLICATION SET STATUS = 'PROCESSIN…\" #1";
    private static final String COMPLETED = "statement \"UPDATE EVENT_PUBLICATION SET STATUS = 'COMPLETED…\" #1";
    private static final String SHIPMENT = "statement \"INSERT INTO shipment (order_id, amount_cents) VA…\" #1";
    private static final String PROCESSED = "statement \"INSERT INTO processed_order (order_id) SELECT ? …\" #1";

    @TempDir
    Path reports;

    @Test
    void theRetrySafeShopKeepsEveryOutboxCheck() {
        theRetrySafeShopKeptEveryOutboxCheck(
                CrashTestKit.reportingTo(reports).run(ModulithContractTestCases.RetrySafeShopOutboxTestCases.class));
    }

    @Test
    void anOrderServiceThatFailsTheCallersRetryIsCaught() {
        CrashTestResults results =
                CrashTestKit.reportingTo(reports).run(ModulithContractTestCases.PlainOrderServiceOutboxTestCases.class);

        theOrderServiceThatFailsTheCallersRetryWasCaught(results);
        assertThat(results.failureOf("aRetriedIntentIsRecordedOnce(Path)").orElseThrow())
                .hasMessageStartingWith("PreparedStatementCallback; SQL [INSERT INTO orders (order_id, amount_cents)"
                        + " VALUES (?, ?)]; Unique index or primary key violation");
    }

    @Test
    void theIdempotentListenerKeepsEveryReceiverCheckItPromises() {
        theIdempotentListenerKeptEveryReceiverCheckItPromises(CrashTestKit.reportingTo(reports)
                .run(ModulithContractTestCases.IdempotentListenerReceiverTestCases.class));
    }

    @Test
    void theNaiveListenerIsCaught() {
        theNaiveListenerWasCaught(
                CrashTestKit.reportingTo(reports).run(ModulithContractTestCases.NaiveListenerReceiverTestCases.class));
    }

    /** The verdicts of the retry-safe shop's outbox contract, on any database. */
    static void theRetrySafeShopKeptEveryOutboxCheck(CrashTestResults results) {
        // 3 tests, the real process exit, 21 cases of the recording sweep (the order, then its delivery, Modulith's
        // marks and the listener's statements and commits) and 3 of the relay sweep
        assertThat(results.startedCases())
                .contains(
                        "[7] crash after commit #1 in RetrySafeOrderService.placeOrder" + PROXY,
                        "[17] crash after commit #2 in IdempotentShipping.on" + PROXY);
        assertThat(results).hasNumberOfStartedCases(28).hasNumberOfSucceededCases(28);
        assertThat(results.failedCases()).isEmpty();
        // outbox.no-lost-intent: the recording process delivered already, so its relay sweep crashes only a
        // resubmission that finds nothing to resubmit (the registry's read of incomplete publications); it cannot fail
        // for a shop that delivers at all, which ModulithOutboxAdapter's Javadoc and spring-boot.md say
        assertThat(relaySweep(results))
                .containsExactly(
                        "[1] record boundaries (crash-free run)",
                        "[2] crash before commit #1 in ReflectionUtils.invokeMethod"
                                + " (via DefaultListableBeanFactory$1.ifAvailable)",
                        "[3] crash after commit #1 in ReflectionUtils.invokeMethod"
                                + " (via DefaultListableBeanFactory$1.ifAvailable)");
    }

    /** The verdicts of the outbox contract of the order service that fails a retry, on any database. */
    static void theOrderServiceThatFailsTheCallersRetryWasCaught(CrashTestResults results) {
        // the retry of an order already saved throws on its primary key: every case where the order committed
        List<String> failed = new ArrayList<>(List.of(
                "aRetriedIntentIsRecordedOnce(Path)",
                "[1] crash after commit #1 (child JVM)",
                "[1] record boundaries (crash-free run)",
                "[7] crash after commit #1 in OrderService.placeOrder" + PROXY));
        failed.addAll(delivery(8, "IdempotentShipping", true));
        assertThat(results.failedCases()).containsExactlyInAnyOrderElementsOf(failed);
        assertThat(results).hasNumberOfStartedCases(28).hasNumberOfSucceededCases(10);
    }

    /** The verdicts of the idempotent listener's receiver contract, on any database. */
    static void theIdempotentListenerKeptEveryReceiverCheckItPromises(CrashTestResults results) {
        // 2 tests, the real process exit and 19 cases of the sweep: the event's publication, then its delivery
        assertThat(results).hasNumberOfStartedCases(22).hasNumberOfSucceededCases(22);
        assertThat(results.startedCases())
                .contains("[15] crash after commit #2 in IdempotentShipping.on" + PROXY)
                .containsAll(delivery(6, "IdempotentShipping", true));
        assertThat(results.testEvents().skipped().count())
                .as("the 3 checks declared @NotPromised")
                .isEqualTo(3);
    }

    /** The verdicts of the naive listener's receiver contract, on any database. */
    static void theNaiveListenerWasCaught(CrashTestResults results) {
        // once the event's publication committed, the first process's delivery (or the restart's resubmission of it)
        // and the sender's retry, a second event of the same key, each ship
        List<String> failed = new ArrayList<>(List.of(
                "aDuplicateWithTheSameParametersMakesNoNewEffect(Path)",
                "[1] crash after commit #1 (child JVM)",
                "[1] record boundaries (crash-free run)",
                "[5] crash after commit #1 in ReflectionUtils.invokeMethod"
                        + " (via TransactionOperations.executeWithoutResult)"));
        failed.addAll(delivery(6, "NaiveShipping", false));
        assertThat(results.failedCases()).containsExactlyInAnyOrderElementsOf(failed);
        assertThat(results).hasNumberOfStartedCases(20).hasNumberOfSucceededCases(4);
        assertThat(results.failureOf("aDuplicateWithTheSameParametersMakesNoNewEffect(Path)")
                        .orElseThrow())
                .hasMessageStartingWith("""
                        a duplicate with the same parameters: 3 effects for (tenantA, reserve-1), expected exactly 1""")
                .hasMessageContaining(
                        "answered: [EXECUTED, EXECUTED, EXECUTED], expected [EXECUTED, REPLAYED," + " REPLAYED]");
        assertThat(results.failureOf("[1] crash after commit #1 (child JVM)").orElseThrow())
                .hasMessageContaining("""
                        exactly once per request: violated (checked 1 intent key, 2 effect rows)
                          duplicate effect: 1 key
                            (tenantA, reserve-1): found 2 effects, expected exactly 1""");
    }

    /**
     * The sweep's cases of one delivery from case {@code first} on: Modulith's "processing" mark, the listener's
     * transaction (with its dedup insert if {@code idempotent}) and Modulith's completion.
     */
    private static List<String> delivery(int first, String listener, boolean idempotent) {
        String on = " in " + listener + ".on";
        List<String> sites = new ArrayList<>();
        sites.add(PROCESSING + on + PROXY);
        sites.add("commit #1" + on + PROXY);
        if (idempotent) {
            sites.add(PROCESSED + on + UPDATE);
        }
        sites.add(SHIPMENT + on + UPDATE);
        sites.add("commit #2" + on + PROXY);
        sites.add(COMPLETED + on + PROXY);
        sites.add("commit #3" + on + PROXY);
        List<String> cases = new ArrayList<>();
        for (String site : sites) {
            cases.add("crash before " + site);
            cases.add("crash after " + site);
        }
        return IntStream.range(0, cases.size())
                .mapToObj(i -> "[" + (first + i) + "] " + cases.get(i))
                .toList();
    }

    /** The cases of the relay sweep: the second sweep of the class, whose numbering starts again. */
    private static List<String> relaySweep(CrashTestResults results) {
        List<String> started = results.startedCases();
        int second = started.lastIndexOf("[1] record boundaries (crash-free run)");
        return started.subList(second, started.size()).stream()
                .filter(name -> name.startsWith("["))
                .filter(name -> !name.endsWith("(child JVM)"))
                .toList();
    }
}
