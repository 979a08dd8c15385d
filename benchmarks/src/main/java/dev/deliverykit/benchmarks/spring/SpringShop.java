package dev.deliverykit.benchmarks.spring;

import java.nio.file.Path;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.scheduling.annotation.EnableAsync;

/**
 * B12's application: a small Spring Boot shop with Spring Modulith's JDBC event publication registry on an H2 file
 * ({@code application.properties} of this module), an order desk and an asynchronous dispatch listener.
 */
@Configuration(proxyBeanMethods = false)
@EnableAutoConfiguration
@EnableAsync
public class SpringShop {

    /** The shop's database in {@code dir}; every commit reaches the file before it returns (H2 delays it otherwise). */
    public static String url(Path dir) {
        return "jdbc:h2:file:" + dir.resolve("shop") + ";WRITE_DELAY=0";
    }

    @Bean
    OrderDesk orderDesk(JdbcTemplate jdbc, ApplicationEventPublisher events) {
        return new OrderDesk(jdbc, events);
    }

    @Bean
    Dispatch dispatch(JdbcTemplate jdbc) {
        return new Dispatch(jdbc);
    }
}
