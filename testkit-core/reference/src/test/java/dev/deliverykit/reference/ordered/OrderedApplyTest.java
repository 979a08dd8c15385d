package dev.deliverykit.reference.ordered;

import static dev.deliverykit.reference.ordered.Steps.effectRows;
import static dev.deliverykit.reference.ordered.Steps.inboxRows;
import static dev.deliverykit.reference.ordered.Steps.projectionRow;
import static dev.deliverykit.reference.ordered.Steps.v1;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.deliverykit.reference.SqliteDatabase;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.LongStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Strict per-flow order: apply only ever takes {@code last_seq + 1}, whatever the arrival order (seed 000). */
class OrderedApplyTest {

    private static final int NO_LIMIT = 100;

    @TempDir
    Path dir;

    @Test
    void arrivalThreeThenOneThenTwoAppliesTheContiguousPrefixAfterEachArrival() {
        SqliteDatabase db = SqliteDatabase.at(dir.resolve("consumer.db"));
        try (OrderedConsumer consumer = new OrderedConsumer(db)) {
            assertThat(consumer.receive(v1("A", 3))).isEqualTo(ReceiveOutcome.ACCEPTED);
            assertThat(consumer.drain("A", NO_LIMIT)).isEqualTo(new DrainResult.Gap("A", 0));
            assertThat(effectRows(db, "A")).isEmpty();

            assertThat(consumer.receive(v1("A", 1))).isEqualTo(ReceiveOutcome.ACCEPTED);
            assertThat(consumer.drain("A", NO_LIMIT)).isEqualTo(new DrainResult.Gap("A", 1));
            assertThat(effectRows(db, "A")).containsExactly("1 reserved");

            assertThat(consumer.receive(v1("A", 2))).isEqualTo(ReceiveOutcome.ACCEPTED);
            assertThat(consumer.drain("A", NO_LIMIT)).isEqualTo(new DrainResult.Idle("A", 2));
            assertThat(effectRows(db, "A")).containsExactly("1 reserved", "2 confirmed", "3 released");

            assertThat(consumer.projection("A")).isEqualTo(new Projection("A", 3, FlowState.RELEASED, 0));
            assertThat(consumer.effects("A")).extracting(Effect::kind)
                    .containsExactly(FlowState.RESERVED, FlowState.CONFIRMED, FlowState.RELEASED);
        }
        assertThat(projectionRow(db, "A")).isEqualTo("released last_seq=3 held=0");
        assertThat(inboxRows(db)).containsExactly("A1 applied null", "A2 applied null", "A3 applied null");
    }

    static Stream<Arguments> permutations() {
        return Stream.of(
                Arguments.of(List.of(1, 2, 3)), Arguments.of(List.of(1, 3, 2)), Arguments.of(List.of(2, 1, 3)),
                Arguments.of(List.of(2, 3, 1)), Arguments.of(List.of(3, 1, 2)), Arguments.of(List.of(3, 2, 1)));
    }

    @ParameterizedTest(name = "arrival {0}")
    @MethodSource("permutations")
    void everyArrivalOrderEndsReleasedWithEffectsInSequenceOrder(List<Integer> arrival) {
        SqliteDatabase db = SqliteDatabase.at(dir.resolve("consumer.db"));
        try (OrderedConsumer consumer = new OrderedConsumer(db)) {
            List<Integer> received = new ArrayList<>();
            for (int seq : arrival) {
                assertThat(consumer.receive(v1("A", seq))).isEqualTo(ReceiveOutcome.ACCEPTED);
                received.add(seq);
                consumer.drain("A", NO_LIMIT);
                // Applied is always the longest contiguous prefix 1..k of what has arrived.
                long prefix = LongStream.rangeClosed(1, 3).takeWhile(s -> received.contains((int) s)).count();
                assertThat(consumer.effects("A")).extracting(Effect::seq)
                        .containsExactlyElementsOf(LongStream.rangeClosed(1, prefix).boxed().toList());
            }
        }
        assertThat(projectionRow(db, "A")).isEqualTo("released last_seq=3 held=0");
        assertThat(effectRows(db, "A")).containsExactly("1 reserved", "2 confirmed", "3 released");
    }

    @Test
    void dedupByIdWithArrivalOrderApplyEndsConfirmedAfterThreeOneTwoThree() {
        SqliteDatabase db = SqliteDatabase.at(dir.resolve("arrival-order.db"));
        List<ReceiveOutcome> outcomes = new ArrayList<>();
        try (ArrivalOrderConsumer consumer = new ArrivalOrderConsumer(db)) {
            for (int seq : List.of(3, 1, 2, 3)) {
                outcomes.add(consumer.receive(v1("A", seq)));
            }
            assertThat(consumer.projection("A")).isEqualTo(new Projection("A", 2, FlowState.CONFIRMED, 3));
        }
        // The duplicate 3 is ignored correctly, yet the order is wrong: the flow looks confirmed and holding.
        assertThat(outcomes).containsExactly(
                ReceiveOutcome.ACCEPTED, ReceiveOutcome.ACCEPTED, ReceiveOutcome.ACCEPTED, ReceiveOutcome.DUPLICATE);
        assertThat(projectionRow(db, "A")).isEqualTo("confirmed last_seq=2 held=3");
        assertThat(effectRows(db, "A")).containsExactly("3 released", "1 reserved", "2 confirmed");
    }

    @Test
    void theOrderedConsumerGivenThreeOneTwoThreeEndsReleased() {
        SqliteDatabase db = SqliteDatabase.at(dir.resolve("ordered.db"));
        List<ReceiveOutcome> outcomes = new ArrayList<>();
        try (OrderedConsumer consumer = new OrderedConsumer(db)) {
            for (int seq : List.of(3, 1, 2, 3)) {
                outcomes.add(consumer.receive(v1("A", seq)));
                consumer.drain("A", NO_LIMIT);
            }
        }
        assertThat(outcomes).containsExactly(
                ReceiveOutcome.ACCEPTED, ReceiveOutcome.ACCEPTED, ReceiveOutcome.ACCEPTED, ReceiveOutcome.DUPLICATE);
        assertThat(projectionRow(db, "A")).isEqualTo("released last_seq=3 held=0");
        assertThat(effectRows(db, "A")).containsExactly("1 reserved", "2 confirmed", "3 released");
    }

    @Test
    void applyReportsGapAndIdleWithTheSequenceItLookedFor() {
        SqliteDatabase db = SqliteDatabase.at(dir.resolve("consumer.db"));
        try (OrderedConsumer consumer = new OrderedConsumer(db)) {
            assertThat(consumer.apply("A")).isEqualTo(new ApplyResult.Idle("A", 1));
            consumer.receive(v1("A", 2));
            assertThat(consumer.apply("A")).isEqualTo(new ApplyResult.Gap("A", 1));
            consumer.receive(v1("A", 1));
            assertThat(consumer.apply("A")).isEqualTo(new ApplyResult.Applied("A", 1, "A1"));
            assertThat(consumer.apply("A")).isEqualTo(new ApplyResult.Applied("A", 2, "A2"));
            assertThat(consumer.apply("A")).isEqualTo(new ApplyResult.Idle("A", 3));
        }
        assertThat(projectionRow(db, "A")).isEqualTo("confirmed last_seq=2 held=3");
    }

    @Test
    void drainStopsAtItsStepLimitAndTheNextDrainContinues() {
        SqliteDatabase db = SqliteDatabase.at(dir.resolve("consumer.db"));
        try (OrderedConsumer consumer = new OrderedConsumer(db)) {
            for (int seq = 1; seq <= 3; seq++) {
                consumer.receive(v1("A", seq));
            }
            assertThat(consumer.drain("A", 2)).isEqualTo(new DrainResult.Limit("A", 2));
            assertThat(projectionRow(db, "A")).isEqualTo("confirmed last_seq=2 held=3");
            assertThat(consumer.drain("A", 2)).isEqualTo(new DrainResult.Idle("A", 1));
        }
        assertThat(projectionRow(db, "A")).isEqualTo("released last_seq=3 held=0");
    }

    @Test
    void drainRefusesALimitBelowOne() {
        try (OrderedConsumer consumer = new OrderedConsumer(SqliteDatabase.at(dir.resolve("consumer.db")))) {
            assertThatThrownBy(() -> consumer.drain("A", 0))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessage("drain limit must be at least 1, got 0");
        }
    }

    @Test
    void aRecoveredConsumerContinuesFromTheCommittedProjection() {
        SqliteDatabase db = SqliteDatabase.at(dir.resolve("consumer.db"));
        try (OrderedConsumer first = new OrderedConsumer(db)) {
            first.receive(v1("A", 1));
            first.receive(v1("A", 2));
            assertThat(first.drain("A", 1)).isEqualTo(new DrainResult.Limit("A", 1));
        }
        try (OrderedConsumer recovered = new OrderedConsumer(db)) {
            assertThat(recovered.projection("A")).isEqualTo(new Projection("A", 1, FlowState.RESERVED, 3));
            assertThat(recovered.drain("A", NO_LIMIT)).isEqualTo(new DrainResult.Idle("A", 1));
        }
        assertThat(effectRows(db, "A")).containsExactly("1 reserved", "2 confirmed");
    }
}
