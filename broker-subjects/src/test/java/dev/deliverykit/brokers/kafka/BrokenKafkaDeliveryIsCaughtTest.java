package dev.deliverykit.brokers.kafka;

import static dev.deliverykit.brokers.SweepCases.NAIVE_CONSUMER_POINTS;
import static dev.deliverykit.brokers.SweepCases.RELAY_POINTS;
import static dev.deliverykit.brokers.SweepCases.bothModes;
import static dev.deliverykit.brokers.SweepCases.concat;
import static dev.deliverykit.brokers.SweepCases.inChildJvms;
import static dev.deliverykit.brokers.SweepCases.inboxConsumerPoints;
import static dev.deliverykit.brokers.SweepCases.numbered;
import static dev.deliverykit.brokers.SweepCases.withRecording;
import static dev.deliverykit.junit5.internal.execution.InvariantFailures.declared;
import static dev.deliverykit.junit5.testkit.CrashTestKitAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThat;

import dev.deliverykit.CrashMode;
import dev.deliverykit.Fault;
import dev.deliverykit.brokers.kafka.KafkaShop.Relay;
import dev.deliverykit.brokers.kafka.KafkaShop.Shipping;
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
 * The broken ways to relay to Kafka and to consume from it, written as users write them, each caught by the kit's
 * sweeps over the real broker with exactly the cases in its window, in the test's JVM and as real process exits:
 * the relay that marks first (a lost message), the consumer that ships without remembering (a duplicate), the relay
 * that marks before its batch left the process (lost as a real process exit), and the consumer that commits its
 * offsets in a {@code finally} block (a message skipped when a shipment fails).
 *
 * <p>Each sweep here is exhaustive and narrowed to the broken part ({@code within}), so that its cases are exactly
 * the points of that part; {@code KafkaDefaultSweepTest} shows the default sweep catching the same windows.
 */
class BrokenKafkaDeliveryIsCaughtTest {

    static final String SWEEP_SQL = "^(INSERT|UPDATE|DELETE)";

    @TempDir
    Path reports;

    @CrashTestKitOnly
    static class MarkFirstRelayTestCases extends KafkaPipeline {
        @CrashSweep(
                kinds = {SweepKind.COMMITS, SweepKind.STATEMENTS},
                sql = SWEEP_SQL,
                within = KafkaShop.MARK_FIRST_RELAY,
                exhaustive = true,
                mode = {CrashMode.IN_PROCESS, CrashMode.CHILD_PROCESS})
        void aPlacedOrderShipsExactlyOnce(CrashScenario scenario) throws Exception {
            placeRelayShipAndRecover(scenario, Relay.MARK_FIRST, Shipping.INBOX);
        }
    }

    @Test
    void theMarkFirstRelayLosesTheMessageWhenItDiesBetweenTheMarkAndTheSend() {
        CrashTestResults results = CrashTestKit.reportingTo(reports).run(MarkFirstRelayTestCases.class);

        List<String> cases = numbered(bothModes(RELAY_POINTS));
        assertThat(results.startedCases()).containsExactlyElementsOf(cases);
        assertThat(results.failedCases()).containsExactly(cases.get(4), cases.get(9));
        assertThat(results)
                .hasFailedCase(cases.get(4))
                .withMessage(
                        declared(2, 2, "crash after commit #1 in Outbox.markPublished and recovery:") + "\n" + """
                [KafkaPipeline.onTheTopic] every outbox message on the topic: violated (checked 1 intent key, \
                0 effect rows)
                  lost intent: 1 key
                    o-1:placed: found 0 effects, expected at least 1
                [KafkaPipeline.shippedOnce] every order shipped once: violated (checked 1 intent key, 0 effect rows)
                  lost intent: 1 key
                    o-1:placed: found 0 effects, expected exactly 1

                DeliveryKit case: crash after commit #1 in Outbox.markPublished (in process)
                Replay only this case: -Ddeliverykit.replay='selector=after-commit;within=\
                dev.deliverykit.brokers.shop.Outbox#markPublished;hit=1;mode=in-process'""");
    }

    @CrashTestKitOnly
    static class NaiveConsumerTestCases extends KafkaPipeline {
        @CrashSweep(
                kinds = {SweepKind.COMMITS, SweepKind.STATEMENTS},
                sql = SWEEP_SQL,
                within = KafkaShop.CONSUMING,
                exhaustive = true,
                mode = {CrashMode.IN_PROCESS, CrashMode.CHILD_PROCESS})
        void aPlacedOrderShipsExactlyOnce(CrashScenario scenario) throws Exception {
            placeRelayShipAndRecover(scenario, Relay.CORRECT, Shipping.NAIVE);
        }
    }

    @Test
    void theNaiveConsumerShipsTwiceWhenItDiesBetweenItsCommitAndTheOffsets() {
        CrashTestResults results = CrashTestKit.reportingTo(reports).run(NaiveConsumerTestCases.class);

        List<String> cases = numbered(bothModes(NAIVE_CONSUMER_POINTS));
        assertThat(results.startedCases()).containsExactlyElementsOf(cases);
        assertThat(results.failedCases()).containsExactly(cases.get(4), cases.get(9));
        assertThat(results)
                .hasFailedCase(cases.get(9))
                .withMessage(declared(
                                1,
                                2,
                                "crash after commit #1 in Shipments.ship (via Shipments.inTransaction) (child JVM) and"
                                        + " recovery:")
                        + "\n" + """
                [KafkaPipeline.shippedOnce] every order shipped once: violated (checked 1 intent key, 2 effect rows)
                  duplicate effect: 1 key
                    o-1:placed: found 2 effects, expected exactly 1

                DeliveryKit case: crash after commit #1 in Shipments.ship (via Shipments.inTransaction) (child JVM)
                Replay only this case: -Ddeliverykit.replay='selector=after-commit;within=\
                dev.deliverykit.brokers.shop.Shipments#ship;hit=1;mode=child-process'""");
    }

    @CrashTestKitOnly
    static class FireAndForgetRelayAsRealExitsTestCases extends KafkaPipeline {
        @CrashSweep(
                kinds = {SweepKind.COMMITS, SweepKind.STATEMENTS},
                sql = SWEEP_SQL,
                within = KafkaShop.FIRE_AND_FORGET_RELAY,
                exhaustive = true,
                mode = CrashMode.CHILD_PROCESS)
        void aPlacedOrderShipsExactlyOnce(CrashScenario scenario) throws Exception {
            placeRelayShipAndRecover(scenario, Relay.FIRE_AND_FORGET, Shipping.INBOX);
        }
    }

    @Test
    void theFireAndForgetRelayLosesTheBatchWhenTheProcessExitsBeforeTheFlush() {
        CrashTestResults results = CrashTestKit.reportingTo(reports).run(FireAndForgetRelayAsRealExitsTestCases.class);

        List<String> cases = numbered(inChildJvms(withRecording(RELAY_POINTS)));
        assertThat(results.startedCases()).containsExactlyElementsOf(cases);
        assertThat(results.failedCases()).containsExactly(cases.get(4));
        assertThat(results)
                .hasFailedCase(cases.get(4))
                .withMessage(declared(2, 2, "crash after commit #1 in Outbox.markPublished (child JVM) and recovery:")
                        + "\n" + """
                [KafkaPipeline.onTheTopic] every outbox message on the topic: violated (checked 1 intent key, \
                0 effect rows)
                  lost intent: 1 key
                    o-1:placed: found 0 effects, expected at least 1
                [KafkaPipeline.shippedOnce] every order shipped once: violated (checked 1 intent key, 0 effect rows)
                  lost intent: 1 key
                    o-1:placed: found 0 effects, expected exactly 1

                DeliveryKit case: crash after commit #1 in Outbox.markPublished (child JVM)
                Replay only this case: -Ddeliverykit.replay='selector=after-commit;within=\
                dev.deliverykit.brokers.shop.Outbox#markPublished;hit=1'""");
    }

    @CrashTestKitOnly
    static class FireAndForgetRelayInThisJvmTestCases extends KafkaPipeline {
        @CrashSweep(
                kinds = {SweepKind.COMMITS, SweepKind.STATEMENTS},
                sql = SWEEP_SQL,
                within = KafkaShop.FIRE_AND_FORGET_RELAY,
                exhaustive = true,
                mode = CrashMode.IN_PROCESS)
        void aPlacedOrderShipsExactlyOnce(CrashScenario scenario) throws Exception {
            placeRelayShipAndRecover(scenario, Relay.FIRE_AND_FORGET, Shipping.INBOX);
        }
    }

    /** The dead process's {@code close()} would flush the batch: its sends are refused, as a real death sends nothing. */
    @Test
    void theFireAndForgetRelayLosesTheBatchWhenItDiesInThisJvmBeforeTheFlush() {
        CrashTestResults results = CrashTestKit.reportingTo(reports).run(FireAndForgetRelayInThisJvmTestCases.class);

        List<String> cases = numbered(withRecording(RELAY_POINTS));
        assertThat(results.startedCases()).containsExactlyElementsOf(cases);
        assertThat(results.failedCases()).containsExactly(cases.get(4));
    }

    @CrashTestKitOnly
    static class FinallyCommitConsumerFailureTestCases extends KafkaPipeline {
        @CrashSweep(
                kinds = {SweepKind.COMMITS, SweepKind.STATEMENTS},
                sql = SWEEP_SQL,
                within = KafkaShop.CONSUMING,
                faults = Fault.FAILURE,
                mode = {CrashMode.IN_PROCESS, CrashMode.CHILD_PROCESS})
        void aPlacedOrderShipsExactlyOnce(CrashScenario scenario) throws Exception {
            placeRelayShipAndRecover(scenario, Relay.CORRECT, Shipping.FINALLY_COMMIT);
        }
    }

    @Test
    void theFinallyCommittingConsumerSkipsAMessageWhoseShipmentFailed() {
        CrashTestResults results = CrashTestKit.reportingTo(reports).run(FinallyCommitConsumerFailureTestCases.class);

        List<String> cases = numbered(bothModes(inboxConsumerPoints("fail")));
        assertThat(results.startedCases()).containsExactlyElementsOf(cases);
        // every failure before the shipment's commit: the finally block commits the offset past the message
        assertThat(results.failedCases()).containsExactlyElementsOf(concat(cases.subList(1, 6), cases.subList(8, 13)));
        assertThat(results)
                .hasFailedCase(cases.get(1))
                .withMessage(declared(
                                1,
                                2,
                                "fail before statement \"INSERT INTO inbox(message_id) VALUES (?) ON CONF\u2026\" #1 in"
                                        + " Shipments.shipOnce and recovery:")
                        + "\n" + """
                [KafkaPipeline.shippedOnce] every order shipped once: violated (checked 1 intent key, 0 effect rows)
                  lost intent: 1 key
                    o-1:placed: found 0 effects, expected exactly 1

                DeliveryKit case: fail before statement "INSERT INTO inbox(message_id) VALUES (?) ON CONF\u2026" #1 \
                in Shipments.shipOnce (in process)
                Replay only this case: -Ddeliverykit.replay='selector=before-statement=INSERT INTO inbox(message_id) \
                VALUES (?) ON CONFLICT DO NOTHING;within=dev.deliverykit.brokers.shop.Shipments#shipOnce;hit=1;\
                fault=failure;mode=in-process'""");
    }

    @CrashTestKitOnly
    static class FinallyCommitConsumerAsRealExitsTestCases extends KafkaPipeline {
        @CrashSweep(
                kinds = {SweepKind.COMMITS, SweepKind.STATEMENTS},
                sql = SWEEP_SQL,
                within = KafkaShop.CONSUMING,
                exhaustive = true,
                mode = CrashMode.CHILD_PROCESS)
        void aPlacedOrderShipsExactlyOnce(CrashScenario scenario) throws Exception {
            placeRelayShipAndRecover(scenario, Relay.CORRECT, Shipping.FINALLY_COMMIT);
        }
    }

    @Test
    void aDeadProcessRunsNoFinallyBlockSoTheFinallyCommittingConsumerSurvivesEveryRealExit() {
        CrashTestResults results =
                CrashTestKit.reportingTo(reports).run(FinallyCommitConsumerAsRealExitsTestCases.class);

        assertThat(results.startedCases())
                .containsExactlyElementsOf(numbered(inChildJvms(withRecording(inboxConsumerPoints("crash")))));
        assertThat(results).hasNumberOfFailedCases(0).hasNumberOfAbortedCases(0);
    }

    @CrashTestKitOnly
    static class FinallyCommitConsumerInThisJvmTestCases extends KafkaPipeline {
        @CrashSweep(
                kinds = {SweepKind.COMMITS, SweepKind.STATEMENTS},
                sql = SWEEP_SQL,
                within = KafkaShop.CONSUMING,
                exhaustive = true,
                mode = CrashMode.IN_PROCESS)
        void aPlacedOrderShipsExactlyOnce(CrashScenario scenario) throws Exception {
            placeRelayShipAndRecover(scenario, Relay.CORRECT, Shipping.FINALLY_COMMIT);
        }
    }

    /**
     * The dead process's {@code finally} block would commit the offsets past the unshipped message: its offset commit
     * (a watched boundary) and its sends are refused, so every crash passes, as every real exit does.
     */
    @Test
    void anInProcessDeathRunsNoOffsetCommitEitherSoTheFinallyCommittingConsumerSurvivesEveryCrash() {
        CrashTestResults results = CrashTestKit.reportingTo(reports).run(FinallyCommitConsumerInThisJvmTestCases.class);

        assertThat(results.startedCases())
                .containsExactlyElementsOf(numbered(withRecording(inboxConsumerPoints("crash"))));
        assertThat(results).hasNumberOfFailedCases(0).hasNumberOfAbortedCases(0);
    }
}
