package dev.deliverykit.brokers.kafka;

import static dev.deliverykit.junit5.internal.execution.InvariantFailures.declared;
import static dev.deliverykit.junit5.testkit.CrashTestKitAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThat;

import dev.deliverykit.CrashMode;
import dev.deliverykit.brokers.kafka.KafkaShop.Relay;
import dev.deliverykit.brokers.kafka.KafkaShop.Shipping;
import dev.deliverykit.junit5.CrashScenario;
import dev.deliverykit.junit5.CrashSweep;
import dev.deliverykit.junit5.testkit.CrashTestKit;
import dev.deliverykit.junit5.testkit.CrashTestKitOnly;
import dev.deliverykit.junit5.testkit.CrashTestResults;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The default sweep, nothing named and nothing exhaustive, over the real broker: it crashes between the relay's send
 * and its mark (the Kafka client's boundaries and the sends are changes), so a consumer that does not deduplicate is
 * caught in both modes, and its twin with an inbox is green.
 */
class KafkaDefaultSweepTest {

    @TempDir
    Path reports;

    @CrashTestKitOnly
    static class NaiveConsumerTestCases extends KafkaPipeline {
        @CrashSweep(mode = {CrashMode.IN_PROCESS, CrashMode.CHILD_PROCESS})
        void aPlacedOrderShipsExactlyOnce(CrashScenario scenario) throws Exception {
            placeRelayShipAndRecover(scenario, Relay.CORRECT, Shipping.NAIVE);
        }
    }

    @Test
    void theDefaultSweepCatchesANaiveConsumerOfACorrectRelayInBothModes() {
        CrashTestResults results = CrashTestKit.reportingTo(reports).run(NaiveConsumerTestCases.class);

        assertThat(results).hasNumberOfStartedCases(43).hasNumberOfFailedCases(6);
        assertThat(results.failedCases())
                .containsExactly(
                        "[12] crash after the Kafka broker acknowledged #1 in KafkaOutboxRelay.publishPending"
                                + " (via FutureRecordMetadata.get)",
                        "[13] crash before statement \"UPDATE outbox_message SET published_at = ? WHERE\u2026\" #1 in"
                                + " Outbox.markPublished",
                        "[24] crash after commit #1 in Shipments.ship (via Shipments.inTransaction)",
                        "[25] crash before Kafka offset commit #1 in NaiveShippingConsumer.handle"
                                + " (via KafkaConsumer.commitSync)",
                        "[35] crash after the Kafka broker acknowledged #1 in KafkaOutboxRelay.publishPending"
                                + " (via FutureRecordMetadata.get) (child JVM)",
                        "[42] crash after commit #1 in Shipments.ship (via Shipments.inTransaction) (child JVM)");
        // The record has not left the process when send returns: the relay's restart sends it once, no duplicate.
        assertThat(results.succeededCases())
                .contains(
                        "[11] crash after Kafka send #1 in KafkaOutboxRelay.publishPending (via KafkaProducer.send)",
                        "[34] crash after Kafka send #1 in KafkaOutboxRelay.publishPending (via KafkaProducer.send)"
                                + " (child JVM)");
        assertThat(results)
                .hasFailedCase("[35] crash after the Kafka broker acknowledged #1 in KafkaOutboxRelay.publishPending"
                        + " (via FutureRecordMetadata.get) (child JVM)")
                .withMessage(declared(
                                1,
                                2,
                                "crash after the Kafka broker acknowledged #1 in KafkaOutboxRelay.publishPending (via"
                                        + " FutureRecordMetadata.get) (child JVM) and recovery:")
                        + "\n" + """
                        [KafkaPipeline.shippedOnce] every order shipped once: violated (checked 1 intent key, 2 effect \
                        rows)
                          duplicate effect: 1 key
                            o-1:placed: found 2 effects, expected exactly 1

                        DeliveryKit case: crash after the Kafka broker acknowledged #1 in \
                        KafkaOutboxRelay.publishPending (via FutureRecordMetadata.get) (child JVM)
                        Replay only this case: \
                        -Ddeliverykit.replay='boundary=after-kafka-broker-acknowledged;hit=1;mode=child-process'""");
    }
}
