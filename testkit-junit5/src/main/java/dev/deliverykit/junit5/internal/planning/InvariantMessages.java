package dev.deliverykit.junit5.internal.planning;

import dev.deliverykit.internal.text.Message;

/** The messages of a {@code @CheckInvariant} field that the kit cannot check. */
final class InvariantMessages {

    private InvariantMessages() {}

    /** The class has no kit test that would check the invariant. */
    static Message noKitTest(String field, String fieldName, Class<?> testClass) {
        return new Message(
                "@CheckInvariant on field " + field,
                testClass.getSimpleName()
                        + " and its @Nested classes have no @CrashAt, @CrashSweep, @DeliverInOrder or @ScheduleSweep"
                        + " test, so the invariant would never be checked",
                null,
                "annotate the test that runs the workload with @CrashAt, @CrashSweep, @DeliverInOrder or @ScheduleSweep, or check the"
                        + " invariant in a plain test with DeliveryAssertions.assertThat(" + fieldName + ").holds()");
    }

    /** The field is not an invariant. */
    static Message notAnInvariant(String field, String fieldName, Class<?> type, Class<?> invariant) {
        return new Message(
                "@CheckInvariant on field " + field,
                "its type is " + type.getName() + ", not " + invariant.getName(),
                null,
                "declare it as Invariant " + fieldName + " = Invariants...; (an Invariant built with"
                        + " dev.deliverykit.invariant.Invariants), or remove @CheckInvariant");
    }

    /** The field is null when the test starts. */
    static Message nullInvariant(String field) {
        return new Message(
                "@CheckInvariant on field " + field,
                "the field is null when the test starts, so there is no invariant to check",
                null,
                "initialise it in its declaration (with JdbcSource.url(() -> ...) or a JdbcSource lambda if it needs a"
                        + " @TempDir path) or assign it in a @BeforeEach method");
    }

    /** Two invariants share a name, and so a cell of the report. */
    static Message sameName(String earlier, String later, String name) {
        return new Message(
                "@CheckInvariant on fields " + earlier + " and " + later,
                "both invariants are named \"" + name + "\", so they would share one cell of the report",
                null,
                "give one its own name, for example Invariants.exactlyOncePerKey(\"exactly once per order\"), or"
                        + " declare it once");
    }
}
