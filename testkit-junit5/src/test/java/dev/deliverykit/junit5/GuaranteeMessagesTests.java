package dev.deliverykit.junit5;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class GuaranteeMessagesTests {

    @Test
    void noReason() {
        assertThat(GuaranteeMessages.noReason(String.class, "[inbox.a]").sentences())
                .isEqualTo("@NotPromised on java.lang.String gives no reason. Expected why the code under test does"
                        + " not promise [inbox.a]. Fix: say it in because = \"...\"; it is what JUnit and the report"
                        + " show.");
    }

    @Test
    void unknownIds() {
        assertThat(GuaranteeMessages.unknownIds(String.class, List.of("inbox.b"), List.of("inbox.a", "inbox.c"))
                        .sentences())
                .isEqualTo("@NotPromised on java.lang.String names inbox.b, which no @Guarantee test of the class"
                        + " checks. Its guarantees: inbox.a, inbox.c. Fix: correct the id, or drop it.");
    }
}
