package dev.deliverykit.junit5.realstack;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.Tag;

/**
 * A test of the kit over a real stack (PostgreSQL, HikariCP, Spring's transactions, executors): what it exercises of
 * JUnit is what the lighter tests exercise, and what it costs is the stack's. CI runs it once, in the README's
 * {@code mvn -B verify}, and leaves it out of its reruns on other JUnit versions and JDKs ({@code .ci/run}).
 */
@Documented
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Tag(RealStack.TAG)
public @interface RealStack {

    /** The tag CI's reruns exclude. */
    String TAG = "real-stack";
}
