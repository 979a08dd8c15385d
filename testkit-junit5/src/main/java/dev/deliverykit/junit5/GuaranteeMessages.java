package dev.deliverykit.junit5;

import dev.deliverykit.internal.text.Message;
import java.util.Collection;

/** The messages of a {@link NotPromised} declaration that cannot work. */
final class GuaranteeMessages {

    private GuaranteeMessages() {}

    /** The declaration gives no reason. */
    static Message noReason(Class<?> testClass, String ids) {
        return Message.of(
                "@NotPromised on " + testClass.getName() + " gives no reason",
                "why the code under test does not promise " + ids,
                "say it in because = \"...\"; it is what JUnit and the report show");
    }

    /** The declaration names ids that no guarantee test of the class checks. */
    static Message unknownIds(Class<?> testClass, Collection<String> unknown, Collection<String> known) {
        return Message.of(
                "@NotPromised on " + testClass.getName() + " names " + String.join(", ", unknown)
                        + ", which no @Guarantee test of the class checks. Its guarantees: " + String.join(", ", known),
                null,
                "correct the id, or drop it");
    }
}
