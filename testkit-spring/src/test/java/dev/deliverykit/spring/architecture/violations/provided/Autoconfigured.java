package dev.deliverykit.spring.architecture.violations.provided;

import org.springframework.boot.autoconfigure.SpringBootApplication;

/** Names a class of spring-boot-autoconfigure, which testkit-spring does not declare provided. */
final class Autoconfigured {

    SpringBootApplication application;
}
