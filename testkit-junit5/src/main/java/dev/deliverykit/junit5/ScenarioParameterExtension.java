package dev.deliverykit.junit5;

import dev.deliverykit.junit5.internal.config.ConfigurationErrors;
import dev.deliverykit.junit5.internal.execution.CaseRun;
import dev.deliverykit.junit5.internal.execution.CrashRun;
import dev.deliverykit.junit5.internal.execution.DeliveryRun;
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
        if (type != CrashScenario.class && type != DeliveryScenario.class) {
            return false;
        }
        return true;
    }

    @Override
    public Object resolveParameter(ParameterContext parameterContext, ExtensionContext extensionContext) {
        Class<?> type = parameterContext.getParameter().getType();
        Method method = extensionContext.getRequiredTestMethod();
        String test = ConfigurationErrors.describe(method);
        String kit = type == CrashScenario.class ? "@CrashAt or @CrashSweep" : "@DeliverInOrder";
        Optional<CaseRun> run = CaseRun.of(extensionContext);
        if (run.isPresent() && run.get() instanceof DeliveryRun delivery && type == DeliveryScenario.class) {
            return new DeliveryScenario(delivery);
        }
        if (run.isPresent() && run.get() instanceof CrashRun crash && type == CrashScenario.class) {
            return new CrashScenario(crash);
        }
        if (run.isPresent()) {
            boolean delivery = run.get() instanceof DeliveryRun;
            throw new ParameterResolutionException(test + " takes a " + type.getSimpleName() + ", but "
                    + (delivery
                            ? "a @DeliverInOrder test gets a DeliveryScenario"
                            : "a crash test gets a CrashScenario")
                    + ". Fix: declare the parameter as " + (delivery ? "DeliveryScenario" : "CrashScenario")
                    + ", or use " + kit + " for a " + type.getSimpleName() + ".");
        }
        if (KitMethods.isKitMethod(method)) {
            throw new ParameterResolutionException(test + " takes a " + type.getSimpleName() + " and is a DeliveryKit"
                    + " test, but JUnit also runs it once more as another kind of test (@Test, @ParameterizedTest,"
                    + " ...), which has no " + type.getSimpleName() + ". Fix: remove @Test (or the other test"
                    + " annotation): the kit annotation makes the method a test of its own, run once per case.");
        }
        throw new ParameterResolutionException(test + " takes a " + type.getSimpleName() + ", which only a"
                + " DeliveryKit test gets, but the method is not one (it is a plain @Test or another kind of JUnit"
                + " test). Fix: annotate it with " + kit + " instead of @Test: the kit annotation makes it a test"
                + " that runs once per case, each with its own " + type.getSimpleName() + ".");
    }
}
