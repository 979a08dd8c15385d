package dev.deliverykit.internal.text;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class MessageTests {

    private final Message message = Message.of("the cup is empty", "a full cup", "fill it");

    @Test
    void sentencesCloseEveryPartWithAFullStop() {
        assertThat(message.sentences()).isEqualTo("the cup is empty. Expected a full cup. Fix: fill it.");
    }

    @Test
    void clausesLeaveTheLastFullStopToTheirReporter() {
        assertThat(message.at("@Cup on CupTest.drinks()").clauses())
                .isEqualTo("@Cup on CupTest.drinks(): the cup is empty. Expected a full cup. Fix: fill it");
    }

    @Test
    void linesPutEachPartOnItsOwnLineAsGiven() {
        assertThat(Message.of("The cup is empty.", "a full cup.", "fill it.").lines())
                .isEqualTo("The cup is empty.\nExpected: a full cup.\nFix: fill it.");
    }

    @Test
    void aMessageWithoutExpectedLeavesItOut() {
        Message short_ = Message.of("the cup is empty", null, "fill it");

        assertThat(short_.sentences()).isEqualTo("the cup is empty. Fix: fill it.");
        assertThat(short_.lines()).isEqualTo("the cup is empty\nFix: fill it");
    }

    @Test
    void aLayerGivesTheFixInItsOwnTerms() {
        assertThat(message.at("@Cup").fixedBy("use @Cup(full = true)").clauses())
                .isEqualTo("@Cup: the cup is empty. Expected a full cup. Fix: use @Cup(full = true)");
    }

    @Test
    void anInvalidArgumentKeepsItsValue() {
        assertThatThrownBy(() -> {
                    throw new InvalidArgumentException(message);
                })
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage(message.sentences())
                .satisfies(thrown ->
                        assertThat(((InvalidArgumentException) thrown).value()).isEqualTo(message));
    }

    @Test
    void everyMessageSaysWhatHappenedAndHowToFixIt() {
        assertThatThrownBy(() -> Message.of(null, null, "fill it")).isInstanceOf(NullPointerException.class);
        assertThatThrownBy(() -> Message.of("empty", null, null)).isInstanceOf(NullPointerException.class);
    }
}
