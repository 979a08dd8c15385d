package dev.deliverykit.junit5;

import static dev.deliverykit.junit5.internal.execution.InvariantFailures.checked;
import static dev.deliverykit.junit5.internal.execution.InvariantFailures.declared;
import static dev.deliverykit.junit5.testkit.CrashTestKitAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.testkit.engine.EventConditions.container;
import static org.junit.platform.testkit.engine.EventConditions.event;
import static org.junit.platform.testkit.engine.EventConditions.finishedWithFailure;
import static org.junit.platform.testkit.engine.TestExecutionResultConditions.instanceOf;
import static org.junit.platform.testkit.engine.TestExecutionResultConditions.message;

import dev.deliverykit.invariant.Invariant;
import dev.deliverykit.invariant.Invariants;
import dev.deliverykit.junit5.fixtures.SqliteSource;
import dev.deliverykit.junit5.testkit.CrashTestKit;
import dev.deliverykit.junit5.testkit.CrashTestKitOnly;
import dev.deliverykit.junit5.testkit.CrashTestResults;
import dev.deliverykit.reference.SqliteDatabase;
import dev.deliverykit.reference.ordered.ArrivalOrderConsumer;
import dev.deliverykit.reference.ordered.Event;
import dev.deliverykit.reference.ordered.FlowState;
import dev.deliverykit.reference.ordered.OrderedConsumer;
import dev.deliverykit.reference.ordered.Projection;
import java.nio.file.Path;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;
import org.junit.jupiter.api.io.TempDir;
import org.opentest4j.AssertionFailedError;

/**
 * {@code @DeliverInOrder} on the ordered consumers of protocols.md section 2: every arrival order of A1..A3
 * and the counter-example 3,1,2,3, judged by "contiguous prefix per flow" declared with {@code @CheckInvariant}
 * (and, in one test, checked in the test itself). The consumer that applies in arrival order fails every
 * order but 1,2,3; the correct consumer ends released in all of them.
 */
class DeliverInOrderTest {

    static final Event A1 = Event.v1("A1", "A", 1, FlowState.RESERVED, 3);
    static final Event A2 = Event.v1("A2", "A", 2, FlowState.CONFIRMED, 3);
    static final Event A3 = Event.v1("A3", "A", 3, FlowState.RELEASED, 3);

    @TempDir
    Path reports;

    static Invariant inOrder(Supplier<Path> dir) {
        return Invariants.contiguousPrefixPerFlow()
                .appliedIn(SqliteSource.in(dir, "consumer.db"), "effect")
                .flowColumn("flow_id")
                .sequenceColumn("seq")
                .appliedInOrderOf("id");
    }

    static Projection deliverA1A2A3(DeliveryScenario scenario, Path dir) throws Exception {
        try (ArrivalOrderConsumer consumer = new ArrivalOrderConsumer(SqliteDatabase.at(dir.resolve("consumer.db")))) {
            scenario.deliver(() -> {
                consumer.receive(A1);
                consumer.receive(A2);
                consumer.receive(A3);
            });
            return consumer.projection("A");
        }
    }

    @CrashTestKitOnly
    static class ArrivalOrderTestCases {
        @TempDir
        Path dir;

        @CheckInvariant
        Invariant inOrder = inOrder(() -> dir);

        @DeliverInOrder(
                entryPoint = "dev.deliverykit.reference.ordered.ArrivalOrderConsumer#receive("
                        + "dev.deliverykit.reference.ordered.Event)",
                messageId = "eventId",
                orders = "A3,A1,A2,A3",
                permutationsOf = {"A1", "A2", "A3"})
        void flowAEndsReleased(DeliveryScenario scenario) throws Exception {
            Projection projection = deliverA1A2A3(scenario, dir);
            scenario.observe("final state", projection.state() + " last_seq=" + projection.lastSeq());
        }
    }

    @CrashTestKitOnly
    static class ArrivalOrderAssertedInTheTestTestCases {
        @DeliverInOrder(
                entryPoint = "dev.deliverykit.reference.ordered.ArrivalOrderConsumer#receive("
                        + "dev.deliverykit.reference.ordered.Event)",
                messageId = "eventId",
                orders = "A3,A1,A2,A3")
        void flowAEndsReleased(DeliveryScenario scenario, @TempDir Path dir) throws Exception {
            deliverA1A2A3(scenario, dir);
            scenario.assertHolds(inOrder(() -> dir));
        }
    }

    @CrashTestKitOnly
    static class SequenceOrderTestCases {
        @TempDir
        Path dir;

        @CheckInvariant
        Invariant inOrder = inOrder(() -> dir);

        @DeliverInOrder(
                entryPoint = "dev.deliverykit.reference.ordered.OrderedConsumer#receive("
                        + "dev.deliverykit.reference.ordered.Event)",
                messageId = "eventId",
                orders = "A3,A1,A2,A3",
                permutationsOf = {"A1", "A2", "A3"})
        void flowAEndsReleased(DeliveryScenario scenario) throws Exception {
            try (OrderedConsumer consumer = new OrderedConsumer(SqliteDatabase.at(dir.resolve("consumer.db")))) {
                scenario.deliver(() -> {
                    consumer.receive(A1);
                    consumer.receive(A2);
                    consumer.receive(A3);
                });
                consumer.drain("A", 10);
                assertThat(consumer.projection("A")).isEqualTo(new Projection("A", 3, FlowState.RELEASED, 0));
            }
        }
    }

    /** A consumer with a short, fixed list of methods, so that the misnamed-method error can be compared whole. */
    public static final class TwoMethodInbox {
        private int received;

        public void receive(Event event) {
            received++;
        }

        public int received() {
            return received;
        }
    }

    @CrashTestKitOnly
    static class MisnamedEntryPointTestCases {
        @DeliverInOrder(entryPoint = "dev.deliverykit.junit5.DeliverInOrderTest$TwoMethodInbox#recieve", orders = "A1")
        void flowAEndsReleased(DeliveryScenario scenario) {}
    }

    static final String ENTRY_POINT =
            "dev.deliverykit.reference.ordered.OrderedConsumer#receive(dev.deliverykit.reference.ordered.Event)";

    @CrashTestKitOnly
    static class EightPermutedIdsTestCases {
        @DeliverInOrder(
                entryPoint = ENTRY_POINT,
                messageId = "eventId",
                permutationsOf = {"A1", "A2", "A3", "A4", "A5", "A6", "A7", "A8"})
        void flowAEndsReleased(DeliveryScenario scenario) throws Exception {
            scenario.deliver(() -> {});
        }
    }

    @CrashTestKitOnly
    static class NinePermutedIdsTestCases {
        @DeliverInOrder(
                entryPoint = ENTRY_POINT,
                messageId = "eventId",
                permutationsOf = {"A1", "A2", "A3", "A4", "A5", "A6", "A7", "A8", "A9"})
        void flowAEndsReleased(DeliveryScenario scenario) throws Exception {
            scenario.deliver(() -> {});
        }
    }

    @CrashTestKitOnly
    static class UnsentMessageTestCases {
        @DeliverInOrder(
                entryPoint = ENTRY_POINT,
                messageId = "eventId",
                messages = {"A1", "A2", "A3"},
                orders = {"A3,A1,A2,A3", "A1,A4"})
        void flowAEndsReleased(DeliveryScenario scenario) throws Exception {
            scenario.deliver(() -> {});
        }
    }

    @CrashTestKitOnly
    static class DeclaredMessagesTestCases {
        @DeliverInOrder(
                entryPoint = ENTRY_POINT,
                messageId = "eventId",
                messages = {"A1", "A2", "A3"},
                orders = "A3,A1,A2,A3",
                permutationsOf = {"A1", "A2", "A3"})
        void flowAEndsReleased(DeliveryScenario scenario, @TempDir Path dir) throws Exception {
            try (OrderedConsumer consumer = new OrderedConsumer(SqliteDatabase.at(dir.resolve("consumer.db")))) {
                scenario.deliver(() -> {
                    consumer.receive(A1);
                    consumer.receive(A2);
                    consumer.receive(A3);
                });
            }
        }
    }

    private static String notContiguous(String order, String found, String after) {
        return "contiguous prefix per flow: violated (checked 1 flow, 3 applied records)\n"
                + "  not a contiguous prefix: 1 flow\n"
                + "    A: found seq " + found + " in application order (" + after + "), expected seq 1, 2, 3, each"
                + " once, in this order\n\n"
                + "DeliveryKit case: deliver " + order + "\n"
                + "Replay only this case: -Ddeliverykit.replay='order=" + order + "'";
    }

    @Test
    void theArrivalOrderConsumerFailsEveryOrderButTheSequenceOrderThroughItsClassLevelInvariant() {
        CrashTestResults results = CrashTestKit.reportingTo(reports).run(ArrivalOrderTestCases.class);

        assertThat(results)
                .hasNumberOfStartedCases(7)
                .hasNumberOfSucceededCases(1)
                .hasNumberOfFailedCases(6);
        assertThat(results.testEvents().started().stream()
                        .map(event -> event.getTestDescriptor().getDisplayName()))
                .containsExactly(
                        "[1] deliver A3,A1,A2,A3",
                        "[2] deliver A1,A2,A3",
                        "[3] deliver A1,A3,A2",
                        "[4] deliver A2,A1,A3",
                        "[5] deliver A2,A3,A1",
                        "[6] deliver A3,A1,A2",
                        "[7] deliver A3,A2,A1");
        assertThat(results.failedCases())
                .containsExactly(
                        "[1] deliver A3,A1,A2,A3",
                        "[3] deliver A1,A3,A2",
                        "[4] deliver A2,A1,A3",
                        "[5] deliver A2,A3,A1",
                        "[6] deliver A3,A1,A2",
                        "[7] deliver A3,A2,A1");
        assertThat(results)
                .hasFailedCase("[1] deliver A3,A1,A2,A3")
                .withExceptionInstanceOf(AssertionFailedError.class)
                .withMessage("1 of 1 invariant declared with"
                        + " @CheckInvariant violated after deliver A3,A1,A2,A3:\n[ArrivalOrderTestCases.inOrder] "
                        + notContiguous("A3,A1,A2,A3", "3, 1, 2", "seq 1 applied after seq 3"));
        assertThat(results)
                .hasFailedCase("[7] deliver A3,A2,A1")
                .withMessage(declared(1, 1, "deliver A3,A2,A1:") + "\n"
                        + "[ArrivalOrderTestCases.inOrder] "
                        + notContiguous("A3,A2,A1", "3, 2, 1", "seq 2 applied after seq 3"));
    }

    @Test
    void anInvariantCheckedInTheTestFailsTheOrderWithTheSameViolation() {
        CrashTestResults results = CrashTestKit.reportingTo(reports).run(ArrivalOrderAssertedInTheTestTestCases.class);

        assertThat(results).hasNumberOfStartedCases(1).hasNumberOfFailedCases(1);
        assertThat(results)
                .hasFailedCase("[1] deliver A3,A1,A2,A3")
                .withMessage(checked(1, 1, "deliver A3,A1,A2,A3:") + "\n"
                        + notContiguous("A3,A1,A2,A3", "3, 1, 2", "seq 1 applied after seq 3"));
    }

    @Test
    void theSequenceOrderConsumerEndsReleasedInEveryOrder() {
        CrashTestResults results = CrashTestKit.reportingTo(reports).run(SequenceOrderTestCases.class);

        assertThat(results)
                .hasNumberOfStartedCases(7)
                .hasNumberOfSucceededCases(7)
                .hasNumberOfFailedCases(0);
    }

    @Test
    void anOrderReplayKeyRerunsOnlyThatOrder() {
        CrashTestResults results = CrashTestKit.reportingTo(reports)
                .with(DeliveryKitConfiguration.REPLAY, "order=A3,A1,A2,A3")
                .run(ArrivalOrderTestCases.class);

        assertThat(results).hasNumberOfStartedCases(1).hasNumberOfFailedCases(1);
    }

    @Test
    void aMisnamedEntryPointIsAConfigurationErrorListingTheDeclaredMethods() {
        CrashTestResults results = CrashTestKit.reportingTo(reports).run(MisnamedEntryPointTestCases.class);

        assertThat(results).hasNumberOfStartedCases(0);
        results.containerEvents()
                .assertThatEvents()
                .haveExactly(
                        1,
                        event(
                                container("flowAEndsReleased"),
                                finishedWithFailure(
                                        instanceOf(ExtensionConfigurationException.class),
                                        message("@DeliverInOrder("
                                                + "entryPoint = \"dev.deliverykit.junit5.DeliverInOrderTest$TwoMethodInbox#recieve\") on"
                                                + " MisnamedEntryPointTestCases.flowAEndsReleased(DeliveryScenario):"
                                                + " dev.deliverykit.junit5.DeliverInOrderTest$TwoMethodInbox declares no method recieve with a"
                                                + " body (its methods: receive(dev.deliverykit.reference.ordered.Event), received()); name the"
                                                + " class that declares and implements it, not an interface or a subclass. Fix: correct the"
                                                + " class, method or parameter types"))));
    }

    @Test
    void permutationsBeyondTheCapAreRefusedBeforeAnyOrderRunsSayingHowToRaiseIt() {
        CrashTestResults results = CrashTestKit.reportingTo(reports).run(EightPermutedIdsTestCases.class);

        assertThat(results).hasNumberOfStartedCases(0);
        assertThat(results)
                .hasSingleFailedContainer()
                .withExceptionInstanceOf(ExtensionConfigurationException.class)
                .withMessage("@DeliverInOrder(permutationsOf = {\"A1\", \"A2\", \"A3\", \"A4\", \"A5\", \"A6\","
                        + " \"A7\", \"A8\"}) on EightPermutedIdsTestCases.flowAEndsReleased(DeliveryScenario): 40,320"
                        + " orders to deliver (every permutation of 8 ids), more than the cap of 120"
                        + " (@DeliverInOrder(maxCases = 120), the default); no order was run. Fix: permute fewer ids"
                        + " (5 ids give 120 orders), list the orders that matter in orders = {...}, or raise the cap"
                        + " with @DeliverInOrder(maxCases = 40320)");
    }

    @Test
    void moreIdsThanCanBePermutedSayFixOnce() {
        CrashTestResults results = CrashTestKit.reportingTo(reports).run(NinePermutedIdsTestCases.class);

        assertThat(results)
                .hasSingleFailedContainer()
                .withMessage("@DeliverInOrder(permutationsOf = {\"A1\", \"A2\", \"A3\", \"A4\", \"A5\", \"A6\","
                        + " \"A7\", \"A8\", \"A9\"}) on NinePermutedIdsTestCases.flowAEndsReleased(DeliveryScenario):"
                        + " Cannot permute 9 ids (A1,A2,A3,A4,A5,A6,A7,A8,A9): that is more than 8 ids. Fix: give at"
                        + " most 8 distinct ids, or list orders explicitly");
    }

    @Test
    void anOrderNamingAMessageTheWorkloadNeverSendsIsRefusedBeforeAnyOrderRuns() {
        CrashTestResults results = CrashTestKit.reportingTo(reports).run(UnsentMessageTestCases.class);

        assertThat(results).hasNumberOfStartedCases(0);
        assertThat(results)
                .hasSingleFailedContainer()
                .withMessage("@DeliverInOrder(orders = \"A1,A4\") on UnsentMessageTestCases.flowAEndsReleased"
                        + "(DeliveryScenario): the order A1,A4 names A4, which the workload never sends (messages ="
                        + " {\"A1\", \"A2\", \"A3\"}); no order was run. Fix: correct the order, or add A4 to"
                        + " messages if the workload sends it");
    }

    @Test
    void declaredMessagesThatCoverEveryOrderRunThemAll() {
        CrashTestResults results = CrashTestKit.reportingTo(reports).run(DeclaredMessagesTestCases.class);

        assertThat(results).hasNumberOfStartedCases(7).hasNumberOfSucceededCases(7);
    }
}
