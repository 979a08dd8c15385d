package dev.deliverykit.junit5;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ParameterMessagesTests {

    @Test
    void otherScenarioOfACrashTest() {
        assertThat(ParameterMessages.otherScenario(
                                "T.m(DeliveryScenario)",
                                DeliveryScenario.class,
                                "a crash test",
                                CrashScenario.class,
                                "@DeliverInOrder")
                        .sentences())
                .isEqualTo("T.m(DeliveryScenario) takes a DeliveryScenario, but a crash test gets a CrashScenario."
                        + " Fix: declare the parameter as CrashScenario, or use @DeliverInOrder for a"
                        + " DeliveryScenario.");
    }

    @Test
    void otherScenarioOfADeliveryTest() {
        assertThat(ParameterMessages.otherScenario(
                                "T.m(CrashScenario)",
                                CrashScenario.class,
                                "a @DeliverInOrder test",
                                DeliveryScenario.class,
                                "@CrashAt or @CrashSweep")
                        .sentences())
                .isEqualTo("T.m(CrashScenario) takes a CrashScenario, but a @DeliverInOrder test gets a"
                        + " DeliveryScenario. Fix: declare the parameter as DeliveryScenario, or use @CrashAt or"
                        + " @CrashSweep for a CrashScenario.");
    }

    @Test
    void alsoAnotherTest() {
        assertThat(ParameterMessages.alsoAnotherTest("T.both(CrashScenario)", CrashScenario.class)
                        .sentences())
                .isEqualTo("T.both(CrashScenario) takes a CrashScenario and is a DeliveryKit test, but JUnit also runs"
                        + " it once more as another kind of test (@Test, @ParameterizedTest, ...), which has no"
                        + " CrashScenario. Fix: remove @Test (or the other test annotation): the kit annotation makes"
                        + " the method a test of its own, run once per case.");
    }

    @Test
    void notAKitTest() {
        assertThat(ParameterMessages.notAKitTest(
                                "T.plain(CrashScenario)", CrashScenario.class, "@CrashAt or @CrashSweep")
                        .sentences())
                .isEqualTo("T.plain(CrashScenario) takes a CrashScenario, which only a DeliveryKit test gets, but the"
                        + " method is not one (it is a plain @Test or another kind of JUnit test). Fix: annotate it"
                        + " with @CrashAt or @CrashSweep instead of @Test: the kit annotation makes it a test that runs"
                        + " once per case, each with its own CrashScenario.");
    }
}
