package dev.deliverykit.spring;

import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.springframework.boot.Banner;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.context.event.ApplicationEnvironmentPreparedEvent;
import org.springframework.context.ApplicationContextInitializer;
import org.springframework.context.ApplicationListener;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.core.Ordered;
import org.springframework.core.env.MapPropertySource;
import org.springframework.core.env.MutablePropertySources;
import org.springframework.core.env.PropertySource;

/**
 * Starts an application as the kit's processes do ({@link SpringProcess}, the contract adapters): no web server, no
 * banner, no shutdown hook (the kit closes what it started), and the kit's properties above every other source.
 */
final class ApplicationStart {

    private ApplicationStart() {}

    /**
     * What a test's configuration adds to the application before it runs (listeners, initializers, sources), and its
     * command-line arguments.
     */
    record Preparation(Consumer<SpringApplication> steps, List<String> args) {
        /** Nothing beyond the application's own configuration. */
        static final Preparation NONE = new Preparation(application -> {}, List.of());
    }

    /** Starts the application of {@code sources}; {@code properties} win over application.properties and the rest. */
    static ConfigurableApplicationContext start(Class<?>[] sources, Map<String, Object> properties) {
        return start(sources, properties, Preparation.NONE);
    }

    /** As {@link #start(Class[], Map)}, prepared by a test's configuration first; {@code properties} still win. */
    static ConfigurableApplicationContext start(
            Class<?>[] sources, Map<String, Object> properties, Preparation preparation) {
        SpringApplication application = new SpringApplicationBuilder(sources)
                .web(WebApplicationType.NONE)
                .bannerMode(Banner.Mode.OFF)
                .registerShutdownHook(false)
                .logStartupInfo(false)
                .listeners(new HighestPrecedence(Map.copyOf(properties)))
                .build();
        preparation.steps().accept(application);
        application.addInitializers(new StillFirst());
        return application.run(preparation.args().toArray(String[]::new));
    }

    /**
     * The properties as the environment's first property source: above application.properties and the command line.
     * Ordered after Boot's config data (+10), so that the source stays first, and before its logging system (+20),
     * so that logging levels given here apply. A class, not a lambda: Spring reads the event type from the listener's
     * generic interface.
     */
    static final class HighestPrecedence implements ApplicationListener<ApplicationEnvironmentPreparedEvent>, Ordered {

        static final String SOURCE = "deliverykit.properties";

        private final Map<String, Object> values;

        HighestPrecedence(Map<String, Object> values) {
            this.values = values;
        }

        @Override
        public void onApplicationEvent(ApplicationEnvironmentPreparedEvent event) {
            event.getEnvironment().getPropertySources().addFirst(new MapPropertySource(SOURCE, values));
        }

        @Override
        public int getOrder() {
            return Ordered.HIGHEST_PRECEDENCE + 15;
        }
    }

    /**
     * Puts the kit's properties first again once the context initializers have run: a test's
     * {@code @DynamicPropertySource} values arrive in a property source that its initializer adds first.
     */
    static final class StillFirst implements ApplicationContextInitializer<ConfigurableApplicationContext>, Ordered {

        @Override
        public void initialize(ConfigurableApplicationContext context) {
            MutablePropertySources sources = context.getEnvironment().getPropertySources();
            PropertySource<?> kit = sources.remove(HighestPrecedence.SOURCE);
            if (kit != null) {
                sources.addFirst(kit);
            }
        }

        @Override
        public int getOrder() {
            return Ordered.LOWEST_PRECEDENCE;
        }
    }
}
