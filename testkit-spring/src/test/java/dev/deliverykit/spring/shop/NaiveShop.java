package dev.deliverykit.spring.shop;

import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.scheduling.annotation.EnableAsync;

/** The shop with the naive listener: Spring Boot, Modulith's JDBC registry (application.properties). */
@Configuration(proxyBeanMethods = false)
@EnableAutoConfiguration
@EnableAsync
public class NaiveShop {
    @Bean
    OrderService orderService(JdbcTemplate jdbc, ApplicationEventPublisher events) {
        return new OrderService(jdbc, events);
    }

    @Bean
    NaiveShipping shipping(JdbcTemplate jdbc) {
        return new NaiveShipping(jdbc);
    }
}
