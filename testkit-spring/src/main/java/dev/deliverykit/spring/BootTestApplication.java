package dev.deliverykit.spring;

import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.test.context.BootstrapUtils;
import org.springframework.test.context.MergedContextConfiguration;
import org.springframework.test.context.TestContextAnnotationUtils;
import org.springframework.test.context.support.TestPropertySourceUtils;

/**
 * The application of a test class's {@code @SpringBootTest}: its configuration classes and its properties, as Spring
 * Boot's test support finds them (its {@code classes}, else the {@code @SpringBootConfiguration} found from the test
 * class's package upwards), built without loading a context. Spring's test classes are the user's, provided here:
 * this class is loaded only by {@link SpringProcess#ofSpringBootTest()}.
 */
final class BootTestApplication {

    private BootTestApplication() {}

    /** The configuration of {@code testClass}'s {@code @SpringBootTest}. */
    static SpringProcess.Sources of(Class<?> testClass) {
        if (!TestContextAnnotationUtils.hasAnnotation(testClass, SpringBootTest.class)) {
            throw new IllegalStateException(SpringMessages.notASpringBootTest(testClass));
        }
        MergedContextConfiguration configuration;
        try {
            // what Spring's TestContextManager builds for the test class, before (and without) loading its context
            configuration =
                    BootstrapUtils.resolveTestContextBootstrapper(testClass).buildMergedContextConfiguration();
        } catch (IllegalStateException notFound) {
            throw new IllegalStateException(SpringMessages.noConfiguration(testClass), notFound);
        }
        return new SpringProcess.Sources(
                configuration.getClasses(),
                TestPropertySourceUtils.convertInlinedPropertiesToMap(configuration.getPropertySourceProperties()));
    }
}
