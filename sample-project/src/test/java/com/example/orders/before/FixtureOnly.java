package com.example.orders.before;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Marks a test class that fails on purpose and runs only inside another test, through EngineTestKit, which
 * sets the configuration parameter {@value FixtureOnlyCondition#KEY}{@code =true}. Anywhere else (an IDE
 * running the package, a stray {@code -Dtest} pattern) it is skipped, saying why. Surefire never picks such
 * a class on its own anyway: it is a static nested class, and surefire excludes nested classes by default.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
@ExtendWith(FixtureOnlyCondition.class)
public @interface FixtureOnly {
}
