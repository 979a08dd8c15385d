package unconfigured;

import org.springframework.boot.test.context.SpringBootTest;

/**
 * A {@code @SpringBootTest} with no application: it names no classes, and its package and those above hold no
 * {@code @SpringBootConfiguration}. Outside {@code dev.deliverykit} for that: Spring Boot's search upwards from a
 * package there would find the test shops' configuration.
 */
@SpringBootTest
public class UnconfiguredTestClass {}
