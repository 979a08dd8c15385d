package com.example.orders.before;

import static dev.deliverykit.junit5.testkit.CrashTestKitAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThat;

import com.example.orders.Days;
import com.example.orders.contract.OrdersOutboxAdapter;
import com.example.orders.db.Database;
import dev.deliverykit.junit5.contract.TransactionalOutboxAdapter;
import dev.deliverykit.junit5.contract.TransactionalOutboxContract;
import dev.deliverykit.junit5.testkit.CrashTestKit;
import dev.deliverykit.junit5.testkit.CrashTestKitOnly;
import dev.deliverykit.junit5.testkit.CrashTestResults;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * The outbox's contract catches the relay as it was first written: the contract test
 * {@code com.example.orders.contract.OrdersOutboxContractTest} with {@link MarkFirstOutboxRelay} in place of the relay,
 * run through the JUnit Platform, breaks exactly one guarantee, no intent lost to a crash of the relay, in exactly the
 * cases between the relay's "published" commit and the broker's commit, and keeps the five others.
 */
class MarkFirstRelayBreaksTheOutboxContractTest {

    /** Where the fixture's report goes, next to the report of the real run. */
    static final Path REPORT_DIR = Path.of("target", "deliverykit", "mark-first-outbox");

    /** The outbox's contract with the "before" relay. Fails on purpose: run only by the test below. */
    @CrashTestKitOnly
    static class MarkFirstOutboxTestCases implements TransactionalOutboxContract {
        @Override
        public TransactionalOutboxAdapter adapter() {
            return new OrdersOutboxAdapter((orderDb, handler) -> new MarkFirstOutboxRelay(
                    Database.sqlite(orderDb), handler, Days.clockOn(Days.DAY_ONE))::publishPending);
        }
    }

    @Test
    void onlyARelayCrashBetweenThePublishedMarkAndTheBrokersCommitLosesTheOrder() throws IOException {
        CrashTestResults results = CrashTestKit.reportingTo(REPORT_DIR).run(MarkFirstOutboxTestCases.class);

        assertThat(results)
                .hasNumberOfFailedContainers(0)
                .hasNumberOfStartedCases(16)
                .hasNumberOfSucceededCases(13)
                .hasNumberOfAbortedCases(0)
                .hasNumberOfSkippedCases(0)
                .hasFailedCases(
                        "[4] crash after commit #1 in MarkFirstOutboxRelay.publishPending (via Database.inTransaction)",
                        "[5] crash before statement \"INSERT INTO sent_message(message_id, order_id) V…\" #1 in"
                                + " BrokerStub.handle",
                        "[6] crash before commit #1 in BrokerStub.handle (via Database.inTransaction)");
        // the sweep crashes once per class of equivalent points: the broker's insert, before and after, is one
        assertThat(results.equivalentsOf(
                        "[5] crash before statement \"INSERT INTO sent_message(message_id, order_id) V…\" #1 in"
                                + " BrokerStub.handle"))
                .containsExactly("after statement \"INSERT INTO sent_message(message_id, order_id) V…\" #1 in"
                        + " BrokerStub.handle");
        assertThat(results)
                .hasFailedCase(
                        "[4] crash after commit #1 in MarkFirstOutboxRelay.publishPending (via Database.inTransaction)")
                .withMessage("1 of 2 invariants violated after crash after commit #1 in"
                        + " MarkFirstOutboxRelay.publishPending (via Database.inTransaction) and recovery:\n"
                        + "every intent relayed: violated (checked 1 intent key, 0 effect rows)\n"
                        + "  lost intent: 1 key\n"
                        + "    o-1: found 0 effects, expected at least 1\n"
                        + "\n"
                        + "DeliveryKit case: crash after commit #1 in MarkFirstOutboxRelay.publishPending (via"
                        + " Database.inTransaction) (in process)\n"
                        + "Replay only this case: -Ddeliverykit.replay='selector=after-commit;within="
                        + "com.example.orders.before.MarkFirstOutboxRelay#publishPending;hit=1'");
        // the report groups it by guarantee: one broken, the five others kept
        assertThat(Files.readString(REPORT_DIR.resolve("report.md")))
                .contains("| MarkFirstOutboxTestCases | transactional outbox | 6 | 5 | 1 | 0 | 0 |\n")
                .contains("- MarkFirstOutboxTestCases, transactional outbox: 5 of 6 guarantees hold; no intent lost"
                        + " to a crash of the relay: 3 of 7 cases fail, first at crash after commit #1 in"
                        + " MarkFirstOutboxRelay.publishPending (via Database.inTransaction): lost intent o-1: found 0"
                        + " effects, expected at least 1\n");
    }
}
