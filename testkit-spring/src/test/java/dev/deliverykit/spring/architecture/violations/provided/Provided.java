package dev.deliverykit.spring.architecture.violations.provided;

import org.springframework.boot.SpringApplication;
import org.springframework.context.ConfigurableApplicationContext;

/** Compliant: names classes of spring-boot and spring-context, which it declares provided and spring-boot brings. */
final class Provided {

    SpringApplication application;

    ConfigurableApplicationContext context;
}
