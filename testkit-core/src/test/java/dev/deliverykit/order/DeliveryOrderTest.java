package dev.deliverykit.order;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Orders as values: parsing, canonical text, replay keys and permutations. */
class DeliveryOrderTest {

    @Test
    void parsingKeepsDuplicatesAndOmissionsAndPrintsTheCanonicalText() {
        DeliveryOrder counterExample = DeliveryOrder.parse(" A3, A1 ,A2,A3 ");

        assertThat(counterExample.ids()).containsExactly("A3", "A1", "A2", "A3");
        assertThat(counterExample).hasToString("A3,A1,A2,A3");
        assertThat(counterExample.replayKey()).isEqualTo("order=A3,A1,A2,A3");
        assertThat(counterExample.size()).isEqualTo(4);
        assertThat(counterExample.distinctIds()).containsExactly("A3", "A1", "A2");
        assertThat(counterExample.occurrences("A3")).isEqualTo(2);
        assertThat(counterExample.occurrences("A4")).isZero();
        assertThat(DeliveryOrder.parse("A1,A3").ids()).containsExactly("A1", "A3");
        assertThat(counterExample)
                .isEqualTo(DeliveryOrder.of("A3", "A1", "A2", "A3"))
                .hasSameHashCodeAs(DeliveryOrder.of(List.of("A3", "A1", "A2", "A3")))
                .isNotEqualTo(DeliveryOrder.parse("A3,A1,A2"));
    }

    @Test
    void permutationsComeInTheLexicographicOrderOfTheGivenIds() {
        assertThat(DeliveryOrder.permutationsOf("A1", "A2", "A3"))
                .extracting(DeliveryOrder::toString)
                .containsExactly("A1,A2,A3", "A1,A3,A2", "A2,A1,A3", "A2,A3,A1", "A3,A1,A2", "A3,A2,A1");
        assertThat(DeliveryOrder.permutationsOf("x"))
                .extracting(DeliveryOrder::toString)
                .containsExactly("x");
        assertThat(DeliveryOrder.permutationsOf("1", "2", "3", "4", "5", "6", "7", "8"))
                .hasSize(40_320);
    }

    @Test
    void anOrderIsReadBackFromACombinedReplayKey() {
        assertThat(DeliveryOrder.fromReplayKey("boundary=after-commit;hit=2;order=A3,A1,A2,A3"))
                .isEqualTo(DeliveryOrder.parse("A3,A1,A2,A3"));
        assertThat(DeliveryOrder.fromReplayKey("order=A1")).isEqualTo(DeliveryOrder.of("A1"));
        assertThatThrownBy(() -> DeliveryOrder.fromReplayKey("boundary=after-commit;hit=2"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage(OrderMessages.noOrderIn("boundary=after-commit;hit=2", "order"));
    }

    @Test
    void malformedOrdersAreRefusedWithWhatWasExpected() {
        assertThatThrownBy(() -> DeliveryOrder.parse(" "))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage(OrderMessages.noMessageIn(" "));
        assertThatThrownBy(() -> DeliveryOrder.parse("A1,,A2"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage(OrderMessages.emptyMessageIn("A1,,A2", 2, 3));
        assertThatThrownBy(() -> DeliveryOrder.parse("A1;A2"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage(OrderMessages.idNotAllowed("A1;A2", "\"A1;A2\""));
        assertThatThrownBy(() -> DeliveryOrder.of("A 1"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage(OrderMessages.idNotAllowed("A 1", "[A 1]"));
        assertThatThrownBy(() -> DeliveryOrder.of(List.of()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage(OrderMessages.noMessages());
    }

    @Test
    void permutationsRefuseRepeatedIdsAndMoreThanEightIds() {
        assertThatThrownBy(() -> DeliveryOrder.permutationsOf("A1", "A3", "A1"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage(OrderMessages.repeatedToPermute(List.of("A1", "A3", "A1")));
        assertThatThrownBy(() -> DeliveryOrder.permutationsOf("1", "2", "3", "4", "5", "6", "7", "8", "9"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage(OrderMessages.tooManyToPermute(List.of("1", "2", "3", "4", "5", "6", "7", "8", "9"))
                        .sentences());
    }
}
