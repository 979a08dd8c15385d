package dev.deliverykit.junit5;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.testkit.engine.EventConditions.container;
import static org.junit.platform.testkit.engine.EventConditions.displayName;
import static org.junit.platform.testkit.engine.EventConditions.event;
import static org.junit.platform.testkit.engine.EventConditions.finishedWithFailure;
import static org.junit.platform.testkit.engine.EventConditions.test;
import static org.junit.platform.testkit.engine.TestExecutionResultConditions.instanceOf;
import static org.junit.platform.testkit.engine.TestExecutionResultConditions.message;

import dev.deliverykit.invariant.Invariant;
import dev.deliverykit.invariant.Invariants;
import dev.deliverykit.invariant.JdbcSource;
import dev.deliverykit.junit5.fixtures.EngineTestKitOnly;
import dev.deliverykit.junit5.fixtures.Kit;
import dev.deliverykit.reference.SqliteDatabase;
import dev.deliverykit.reference.ordered.ArrivalOrderConsumer;
import dev.deliverykit.reference.ordered.Event;
import dev.deliverykit.reference.ordered.FlowState;
import dev.deliverykit.reference.ordered.OrderedConsumer;
import dev.deliverykit.reference.ordered.Projection;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.testkit.engine.EngineExecutionResults;

/**
 * {@code @DeliverInOrder} on the ordered consumers of protocols.md section 2: every arrival order of A1..A3
 * and the counter-example 3,1,2,3. The consumer that applies in arrival order fails every order but 1,2,3;
 * the correct consumer ends released in all of them.
 */
class DeliverInOrderTest {

    static final Event A1 = Event.v1("A1", "A", 1, FlowState.RESERVED, 3);
    static final Event A2 = Event.v1("A2", "A", 2, FlowState.CONFIRMED, 3);
    static final Event A3 = Event.v1("A3", "A", 3, FlowState.RELEASED, 3);

    @TempDir
    Path reports;

    static Invariant inOrder(Path dir) {
        SqliteDatabase consumer = SqliteDatabase.at(dir.resolve("consumer.db"));
        return Invariants.contiguousPrefixPerFlow().appliedIn(((JdbcSource) consumer::open).named("consumer.db"), "effect")
                .flowColumn("flow_id").sequenceColumn("seq").appliedInOrderOf("id");
    }

    @EngineTestKitOnly
    static class ArrivalOrder {
        @DeliverInOrder(entryPoint = "dev.deliverykit.reference.ordered.ArrivalOrderConsumer#receive("
                + "dev.deliverykit.reference.ordered.Event)", messageId = "eventId", orders = "A3,A1,A2,A3",
                permutationsOf = {"A1", "A2", "A3"})
        void flowAEndsReleased(DeliveryScenario scenario, @TempDir Path dir) throws Exception {
            Projection projection;
            try (ArrivalOrderConsumer consumer = new ArrivalOrderConsumer(SqliteDatabase.at(dir.resolve("consumer.db")))) {
                scenario.deliver(() -> {
                    consumer.receive(A1);
                    consumer.receive(A2);
                    consumer.receive(A3);
                });
                projection = consumer.projection("A");
            }
            scenario.observe("final state", projection.state() + " last_seq=" + projection.lastSeq());
            scenario.assertHolds(inOrder(dir));
        }
    }

    @EngineTestKitOnly
    static class SequenceOrder {
        @DeliverInOrder(entryPoint = "dev.deliverykit.reference.ordered.OrderedConsumer#receive("
                + "dev.deliverykit.reference.ordered.Event)", messageId = "eventId", orders = "A3,A1,A2,A3",
                permutationsOf = {"A1", "A2", "A3"})
        void flowAEndsReleased(DeliveryScenario scenario, @TempDir Path dir) throws Exception {
            try (OrderedConsumer consumer = new OrderedConsumer(SqliteDatabase.at(dir.resolve("consumer.db")))) {
                scenario.deliver(() -> {
                    consumer.receive(A1);
                    consumer.receive(A2);
                    consumer.receive(A3);
                });
                consumer.drain("A", 10);
                assertThat(consumer.projection("A")).isEqualTo(new Projection("A", 3, FlowState.RELEASED, 0));
            }
            scenario.assertHolds(inOrder(dir));
        }
    }

    @EngineTestKitOnly
    static class MisnamedEntryPoint {
        @DeliverInOrder(entryPoint = "dev.deliverykit.reference.ordered.OrderedConsumer#recieve", orders = "A1")
        void flowAEndsReleased(DeliveryScenario scenario) {
        }
    }

    @Test
    void theArrivalOrderConsumerFailsEveryOrderButTheSequenceOrder() {
        EngineExecutionResults results = Kit.reportingTo(reports).run(ArrivalOrder.class);

        results.testEvents().assertStatistics(stats -> stats.started(7).succeeded(1).failed(6));
        assertThat(results.testEvents().started().stream().map(event -> event.getTestDescriptor().getDisplayName()))
                .containsExactly("[1] deliver A3,A1,A2,A3", "[2] deliver A1,A2,A3", "[3] deliver A1,A3,A2",
                        "[4] deliver A2,A1,A3", "[5] deliver A2,A3,A1", "[6] deliver A3,A1,A2", "[7] deliver A3,A2,A1");
        assertThat(Seed002CrashSweepTest.failed(results)).doesNotContain("[2] deliver A1,A2,A3");
        results.testEvents().assertThatEvents().haveExactly(1, event(test(), displayName("[1] deliver A3,A1,A2,A3"),
                finishedWithFailure(message(message -> message.startsWith("1 of 1 invariant violated after deliver"
                        + " A3,A1,A2,A3:\ncontiguous prefix per flow: violated")
                        && message.endsWith("\n\nDeliveryKit case: deliver A3,A1,A2,A3\n"
                                + "Replay only this case: -Ddeliverykit.replay='order=A3,A1,A2,A3'")))));
    }

    @Test
    void theSequenceOrderConsumerEndsReleasedInEveryOrder() {
        EngineExecutionResults results = Kit.reportingTo(reports).run(SequenceOrder.class);

        results.testEvents().assertStatistics(stats -> stats.started(7).succeeded(7).failed(0));
    }

    @Test
    void anOrderReplayKeyRerunsOnlyThatOrder() {
        EngineExecutionResults results = Kit.reportingTo(reports)
                .with(DeliveryKitConfiguration.REPLAY, "order=A3,A1,A2,A3").run(ArrivalOrder.class);

        results.testEvents().assertStatistics(stats -> stats.started(1).failed(1));
    }

    @Test
    void aMisnamedEntryPointIsAConfigurationError() {
        EngineExecutionResults results = Kit.reportingTo(reports).run(MisnamedEntryPoint.class);

        results.testEvents().assertStatistics(stats -> stats.started(0));
        results.containerEvents().assertThatEvents().haveExactly(1, event(container("flowAEndsReleased"),
                finishedWithFailure(instanceOf(ExtensionConfigurationException.class), message(
                        message -> message.startsWith("@DeliverInOrder(entryPoint = \"dev.deliverykit.reference."
                                + "ordered.OrderedConsumer#recieve\") on MisnamedEntryPoint.flowAEndsReleased("
                                + "DeliveryScenario): dev.deliverykit.reference.ordered.OrderedConsumer declares no"
                                + " method recieve with a body (its methods: ")
                                && message.endsWith("Fix: correct the class, method or parameter types")))));
    }
}
