package dev.deliverykit.spring.shop;

import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.scheduling.annotation.EnableAsync;

/** The shop whose orders survive a caller's retry, with the idempotent listener: the contracts' correct application. */
@Configuration(proxyBeanMethods = false)
@EnableAutoConfiguration
@EnableAsync
public class RetrySafeShop {
    @Bean
    RetrySafeOrderService orderService(JdbcTemplate jdbc, ApplicationEventPublisher events) {
        return new RetrySafeOrderService(jdbc, events);
    }

    @Bean
    IdempotentShipping shipping(JdbcTemplate jdbc) {
        return new IdempotentShipping(jdbc);
    }
}
