package dev.deliverykit.junit5;

import dev.deliverykit.internal.text.Message;

/** The messages of a scenario parameter that no kit invocation provides. */
final class ParameterMessages {

    private ParameterMessages() {}

    /**
     * A kit test takes the other kind of scenario.
     *
     * @param delivery whether the test is a {@code @DeliverInOrder} test
     * @param kit the annotations that give a {@code type}
     */
    static Message otherScenario(String test, Class<?> type, String testKind, Class<?> given, String kit) {
        return Message.of(
                test + " takes a " + type.getSimpleName() + ", but " + testKind + " gets a " + given.getSimpleName(),
                null,
                "declare the parameter as " + given.getSimpleName() + ", or use " + kit + " for a "
                        + type.getSimpleName());
    }

    /** A kit test that JUnit also runs as another kind of test, which has no scenario. */
    static Message alsoAnotherTest(String test, Class<?> type) {
        return Message.of(
                test + " takes a " + type.getSimpleName() + " and is a DeliveryKit test, but JUnit also runs it once"
                        + " more as another kind of test (@Test, @ParameterizedTest, ...), which has no "
                        + type.getSimpleName(),
                null,
                "remove @Test (or the other test annotation): the kit annotation makes the method a test of its own,"
                        + " run once per case");
    }

    /** A plain test takes a scenario. */
    static Message notAKitTest(String test, Class<?> type, String kit) {
        return Message.of(
                test + " takes a " + type.getSimpleName() + ", which only a DeliveryKit test gets, but the method is"
                        + " not one (it is a plain @Test or another kind of JUnit test)",
                null,
                "annotate it with " + kit + " instead of @Test: the kit annotation makes it a test that runs once per"
                        + " case, each with its own " + type.getSimpleName());
    }
}
