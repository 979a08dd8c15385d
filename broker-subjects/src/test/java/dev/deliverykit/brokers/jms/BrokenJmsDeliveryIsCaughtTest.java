package dev.deliverykit.brokers.jms;

import static dev.deliverykit.brokers.SweepCases.NAIVE_CONSUMER_POINTS;
import static dev.deliverykit.brokers.SweepCases.RELAY_POINTS;
import static dev.deliverykit.brokers.SweepCases.bothModes;
import static dev.deliverykit.brokers.SweepCases.numbered;
import static dev.deliverykit.junit5.internal.execution.InvariantFailures.declared;
import static dev.deliverykit.junit5.testkit.CrashTestKitAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThat;

import dev.deliverykit.CrashMode;
import dev.deliverykit.junit5.CrashScenario;
import dev.deliverykit.junit5.CrashSweep;
import dev.deliverykit.junit5.SweepKind;
import dev.deliverykit.junit5.testkit.CrashTestKit;
import dev.deliverykit.junit5.testkit.CrashTestKitOnly;
import dev.deliverykit.junit5.testkit.CrashTestResults;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The broken ways to relay to a JMS queue and to consume from it, caught by the kit's sweeps over the real ActiveMQ
 * Artemis with exactly the cases in their window, in the test's JVM and as real process exits: the relay that marks
 * first loses the message, which the queue itself shows; the consumer that acknowledges after its commit without
 * remembering ships twice. Exhaustive and narrowed to the broken part, for the reason the Kafka tests give.
 */
class BrokenJmsDeliveryIsCaughtTest {

    static final String SWEEP_SQL = "^(INSERT|UPDATE|DELETE)";

    @TempDir
    Path reports;

    @CrashTestKitOnly
    static class MarkFirstRelayTestCases extends JmsRelay {
        @CrashSweep(
                kinds = {SweepKind.COMMITS, SweepKind.STATEMENTS},
                sql = SWEEP_SQL,
                within = JmsShop.MARK_FIRST_RELAY,
                exhaustive = true,
                mode = {CrashMode.IN_PROCESS, CrashMode.CHILD_PROCESS})
        void everyOutboxMessageReachesTheQueue(CrashScenario scenario) throws Exception {
            placeRelayAndRecover(scenario, JmsShop.Relay.MARK_FIRST);
        }
    }

    @Test
    void theMarkFirstRelayLosesTheMessageAndTheQueueShowsIt() {
        CrashTestResults results = CrashTestKit.reportingTo(reports).run(MarkFirstRelayTestCases.class);

        List<String> cases = numbered(bothModes(RELAY_POINTS));
        assertThat(results.startedCases()).containsExactlyElementsOf(cases);
        assertThat(results.failedCases()).containsExactly(cases.get(4), cases.get(9));
        assertThat(results)
                .hasFailedCase(cases.get(9))
                .withMessage(declared(1, 1, "crash after commit #1 in Outbox.markPublished (child JVM) and recovery:")
                        + "\n" + """
                [JmsRelay.onTheQueue] every outbox message on the queue: violated (checked 1 intent key, \
                0 effect rows)
                  lost intent: 1 key
                    o-1:placed: found 0 effects, expected at least 1

                DeliveryKit case: crash after commit #1 in Outbox.markPublished (child JVM)
                Replay only this case: -Ddeliverykit.replay='selector=after-commit;within=\
                dev.deliverykit.brokers.shop.Outbox#markPublished;hit=1;mode=child-process'""");
    }

    @CrashTestKitOnly
    static class NaiveConsumerTestCases extends JmsPipeline {
        @CrashSweep(
                kinds = {SweepKind.COMMITS, SweepKind.STATEMENTS},
                sql = SWEEP_SQL,
                within = JmsShop.NAIVE_CONSUMER,
                exhaustive = true,
                mode = {CrashMode.IN_PROCESS, CrashMode.CHILD_PROCESS})
        void aPlacedOrderShipsExactlyOnce(CrashScenario scenario) throws Exception {
            placeRelayShipAndRecover(scenario, JmsShop.Relay.CORRECT, JmsShop.Shipping.NAIVE);
        }
    }

    @Test
    void theNaiveConsumerShipsTwiceWhenItDiesBetweenItsCommitAndTheAcknowledgement() {
        CrashTestResults results = CrashTestKit.reportingTo(reports).run(NaiveConsumerTestCases.class);

        List<String> cases = numbered(bothModes(NAIVE_CONSUMER_POINTS));
        assertThat(results.startedCases()).containsExactlyElementsOf(cases);
        assertThat(results.failedCases()).containsExactly(cases.get(4), cases.get(9));
        assertThat(results)
                .hasFailedCase(cases.get(4))
                .withMessage(declared(
                                1,
                                1,
                                "crash after commit #1 in Shipments.ship (via Shipments.inTransaction) and recovery:")
                        + "\n" + """
                [JmsPipeline.shippedOnce] every order shipped once: violated (checked 1 intent key, 2 effect rows)
                  duplicate effect: 1 key
                    o-1:placed: found 2 effects, expected exactly 1

                DeliveryKit case: crash after commit #1 in Shipments.ship (via Shipments.inTransaction) (in process)
                Replay only this case: -Ddeliverykit.replay='selector=after-commit;within=\
                dev.deliverykit.brokers.shop.Shipments#ship;hit=1;mode=in-process'""");
    }
}
