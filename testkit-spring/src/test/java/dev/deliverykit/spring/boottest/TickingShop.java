package dev.deliverykit.spring.boottest;

import dev.deliverykit.spring.shop.IdempotentShop;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;

/**
 * The shop with the idempotent listener and a lifecycle bean, as a Spring Boot application of its own: the
 * {@code @SpringBootConfiguration} that a {@code @SpringBootTest} of this package finds.
 */
@SpringBootConfiguration(proxyBeanMethods = false)
@Import(IdempotentShop.class)
public class TickingShop {
    @Bean
    Ticker ticker() {
        return new Ticker();
    }
}
