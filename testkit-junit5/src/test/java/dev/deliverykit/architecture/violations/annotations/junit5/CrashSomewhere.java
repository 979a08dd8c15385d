package dev.deliverykit.architecture.violations.annotations.junit5;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.TestTemplate;

/** VIOLATION: not @Documented, not usable as a meta-annotation, a test template without its extension. */
@Target(ElementType.METHOD)
@Retention(RetentionPolicy.RUNTIME)
@TestTemplate
public @interface CrashSomewhere {}
