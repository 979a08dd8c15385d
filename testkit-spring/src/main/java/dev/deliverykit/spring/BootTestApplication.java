package dev.deliverykit.spring;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.springframework.beans.BeanUtils;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.context.event.ApplicationEnvironmentPreparedEvent;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.util.TestPropertyValues;
import org.springframework.context.ApplicationContextInitializer;
import org.springframework.context.ApplicationListener;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.core.Ordered;
import org.springframework.core.PriorityOrdered;
import org.springframework.core.env.ConfigurableEnvironment;
import org.springframework.core.io.DefaultResourceLoader;
import org.springframework.test.context.BootstrapUtils;
import org.springframework.test.context.ContextCustomizer;
import org.springframework.test.context.MergedContextConfiguration;
import org.springframework.test.context.TestContextAnnotationUtils;
import org.springframework.test.context.support.TestPropertySourceUtils;

/**
 * The application of a test class's {@code @SpringBootTest}, prepared as Spring Boot's test support prepares the
 * test's own context ({@code SpringBootContextLoader}): its configuration classes (its {@code classes}, else the
 * {@code @SpringBootConfiguration} found from the test class's package upwards), its active profiles, its
 * {@code @TestPropertySource} files and inlined properties, its context customizers ({@code @DynamicPropertySource},
 * {@code @Import}, {@code @MockitoBean}, {@code @ServiceConnection}, ...), its context initializers and its
 * arguments. Built without loading a context. Spring's test classes are the user's, provided here: this class is
 * loaded only by {@link SpringProcess#ofSpringBootTest()}.
 */
final class BootTestApplication {

    /** Spring Boot's test support sets it too: two contexts in one JVM would register the same JMX names. */
    private static final String NO_JMX = "spring.jmx.enabled=false";

    private BootTestApplication() {}

    /** The application of {@code testClass}'s {@code @SpringBootTest}. */
    static SpringProcess.Sources of(Class<?> testClass) {
        SpringBootTest annotation = TestContextAnnotationUtils.findMergedAnnotation(testClass, SpringBootTest.class);
        if (annotation == null) {
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
        ApplicationStart.Preparation preparation = new ApplicationStart.Preparation(
                application -> prepare(application, configuration), List.of(annotation.args()));
        return new SpringProcess.Sources(configuration.getClasses(), preparation);
    }

    /** What {@code SpringBootContextLoader} gives the application besides its web environment and main method. */
    private static void prepare(SpringApplication application, MergedContextConfiguration configuration) {
        application.setMainApplicationClass(configuration.getTestClass());
        application.getSources().addAll(Arrays.asList(configuration.getLocations()));
        List<ApplicationContextInitializer<?>> initializers = new ArrayList<>();
        for (ContextCustomizer customizer : configuration.getContextCustomizers()) {
            initializers.add(new Customizing(customizer, configuration));
        }
        initializers.addAll(application.getInitializers());
        for (Class<? extends ApplicationContextInitializer<?>> type : configuration.getContextInitializerClasses()) {
            initializers.add(BeanUtils.instantiateClass(type));
        }
        application.setInitializers(initializers);
        application.addListeners(new TestEnvironment(configuration));
    }

    /** A context customizer of the test (a named class: Spring reads the context type from its generic interface). */
    private static final class Customizing implements ApplicationContextInitializer<ConfigurableApplicationContext> {

        private final ContextCustomizer customizer;
        private final MergedContextConfiguration configuration;

        Customizing(ContextCustomizer customizer, MergedContextConfiguration configuration) {
            this.customizer = customizer;
            this.configuration = configuration;
        }

        @Override
        public void initialize(ConfigurableApplicationContext context) {
            customizer.customizeContext(context, configuration);
        }
    }

    /**
     * The test's profiles, property files and inlined properties, added before Boot reads its config data (so that
     * they select profiles and imports as in the test's own context), below the kit's own properties.
     */
    private static final class TestEnvironment
            implements ApplicationListener<ApplicationEnvironmentPreparedEvent>, PriorityOrdered {

        private final MergedContextConfiguration configuration;

        TestEnvironment(MergedContextConfiguration configuration) {
            this.configuration = configuration;
        }

        @Override
        public void onApplicationEvent(ApplicationEnvironmentPreparedEvent event) {
            ConfigurableEnvironment environment = event.getEnvironment();
            String[] profiles = configuration.getActiveProfiles();
            if (profiles.length > 0) {
                String[] pairs = new String[profiles.length];
                for (int i = 0; i < profiles.length; i++) {
                    pairs[i] = "spring.profiles.active[" + i + "]=" + profiles[i];
                }
                TestPropertyValues.of(pairs).applyTo(environment, TestPropertyValues.Type.MAP, "active-test-profiles");
            }
            SpringApplication application = event.getSpringApplication();
            TestPropertySourceUtils.addPropertySourcesToEnvironment(
                    environment,
                    application.getResourceLoader() != null
                            ? application.getResourceLoader()
                            : new DefaultResourceLoader(null),
                    configuration.getPropertySourceDescriptors());
            List<String> inlined = new ArrayList<>();
            inlined.add(NO_JMX);
            inlined.addAll(Arrays.asList(configuration.getPropertySourceProperties()));
            TestPropertySourceUtils.addInlinedPropertiesToEnvironment(environment, inlined.toArray(String[]::new));
        }

        @Override
        public int getOrder() {
            return Ordered.HIGHEST_PRECEDENCE;
        }
    }
}
