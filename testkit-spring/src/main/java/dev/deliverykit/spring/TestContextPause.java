package dev.deliverykit.spring;

import org.junit.jupiter.api.extension.ExtensionContext;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.context.ApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.test.context.BootstrapUtils;
import org.springframework.test.context.TestContextAnnotationUtils;
import org.springframework.test.context.junit.jupiter.SpringExtension;

/**
 * Pauses the test class's own {@code @SpringBootTest} context while a case runs: its lifecycle beans (schedulers,
 * listener containers) stopped, so that they do not race the case's process on the same database, and started again
 * after. Only a context Spring's test support has already loaded is paused; none is loaded for it. Spring's test
 * classes are the user's, provided here: this class is loaded only when they are present.
 */
final class TestContextPause {

    private static final Runnable NOTHING_PAUSED = () -> {};

    private TestContextPause() {}

    /** Pauses the test's own context if it is loaded and running; returns what starts it again. */
    static Runnable pause(ExtensionContext testMethod) {
        Class<?> testClass = testMethod.getRequiredTestClass();
        if (!TestContextAnnotationUtils.hasAnnotation(testClass, SpringBootTest.class)
                || !BootstrapUtils.resolveTestContextBootstrapper(testClass)
                        .buildTestContext()
                        .hasApplicationContext()) {
            return NOTHING_PAUSED;
        }
        ApplicationContext loaded = SpringExtension.getApplicationContext(testMethod);
        if (!(loaded instanceof ConfigurableApplicationContext context) || !context.isRunning()) {
            return NOTHING_PAUSED;
        }
        context.pause();
        return context::restart;
    }
}
