package dev.deliverykit.junit5;

import dev.deliverykit.junit5.internal.config.ConfigurationErrors;
import dev.deliverykit.junit5.internal.execution.CaseRun;
import dev.deliverykit.junit5.internal.execution.CrashRun;
import dev.deliverykit.junit5.internal.execution.DeliveryRun;
import dev.deliverykit.junit5.internal.execution.ScheduleRun;
import dev.deliverykit.junit5.internal.planning.KitMethods;
import java.lang.reflect.Method;
import java.util.Optional;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolutionException;
import org.junit.jupiter.api.extension.ParameterResolver;

/**
 * Resolves a {@link CrashScenario} or {@link DeliveryScenario} parameter: a kit invocation's own scenario, made on
 * its {@link CaseRun}. A parameter that no kit invocation provides it explains, instead of JUnit's generic "No
 * ParameterResolver registered": on a plain {@code @Test} (or {@code @ParameterizedTest}, ...), on a method with
 * {@code @Test} as well as a kit annotation, or of the other kind than the kit test's.
 *
 * <p>JUnit asks it only where it is registered: by the kit annotations ({@code @CrashAt}, {@code @CrashSweep},
 * {@code @DeliverInOrder}) on their method, and by {@code @CheckInvariant} fields and
 * {@code @BoundaryCatalogueSource} for their whole class. A plain test in a class with none of them still gets
 * JUnit's own message. Stateless.
 */
final class ScenarioParameterExtension implements ParameterResolver {

    @Override
    public boolean supportsParameter(ParameterContext parameterContext, ExtensionContext extensionContext) {
        Class<?> type = parameterContext.getParameter().getType();
        if (type != CrashScenario.class && type != DeliveryScenario.class && type != ScheduleScenario.class) {
            return false;
        }
        return true;
    }

    @Override
    public Object resolveParameter(ParameterContext parameterContext, ExtensionContext extensionContext) {
        Class<?> type = parameterContext.getParameter().getType();
        Method method = extensionContext.getRequiredTestMethod();
        String test = ConfigurationErrors.describe(method);
        String kit = type == CrashScenario.class
                ? "@CrashAt or @CrashSweep"
                : type == DeliveryScenario.class ? "@DeliverInOrder" : "@ScheduleSweep";
        Optional<CaseRun> run = CaseRun.of(extensionContext);
        if (run.isPresent() && run.get() instanceof DeliveryRun delivery && type == DeliveryScenario.class) {
            return new DeliveryScenario(delivery);
        }
        if (run.isPresent() && run.get() instanceof CrashRun crash && type == CrashScenario.class) {
            return new CrashScenario(crash);
        }
        if (run.isPresent() && run.get() instanceof ScheduleRun schedule && type == ScheduleScenario.class) {
            return new ScheduleScenario(schedule);
        }
        if (run.isPresent()) {
            CaseRun given = run.get();
            String testKind = given instanceof DeliveryRun
                    ? "a @DeliverInOrder test"
                    : given instanceof ScheduleRun ? "a @ScheduleSweep test" : "a crash test";
            Class<?> scenario = given instanceof DeliveryRun
                    ? DeliveryScenario.class
                    : given instanceof ScheduleRun ? ScheduleScenario.class : CrashScenario.class;
            throw new ParameterResolutionException(ParameterMessages.otherScenario(test, type, testKind, scenario, kit)
                    .sentences());
        }
        if (KitMethods.isKitMethod(method)) {
            throw new ParameterResolutionException(
                    ParameterMessages.alsoAnotherTest(test, type).sentences());
        }
        throw new ParameterResolutionException(
                ParameterMessages.notAKitTest(test, type, kit).sentences());
    }
}
