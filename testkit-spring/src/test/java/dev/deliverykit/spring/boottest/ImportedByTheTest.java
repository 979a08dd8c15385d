package dev.deliverykit.spring.boottest;

import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.context.annotation.Bean;

/** A bean that only {@link SpringBootTestConfigurationTestCases}'s {@code @Import} adds to its application. */
@TestConfiguration(proxyBeanMethods = false)
class ImportedByTheTest {
    @Bean
    String importedMarker() {
        return "from @Import";
    }
}
