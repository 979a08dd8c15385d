package dev.deliverykit.junit5;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.apiguardian.api.API;
import org.junit.jupiter.api.TestTemplate;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The container of repeated {@link CrashAt} annotations; Java fills it in when {@code @CrashAt} is
 * repeated, so you rarely write it yourself. Every boundary of every contained {@code @CrashAt} is its own
 * invocation.
 *
 * <pre>{@code
 * @CrashAt("after-order-insert")
 * @CrashAt(value = "after-commit", occurrence = 2, mode = CrashMode.CHILD_PROCESS)
 * void survives(CrashScenario scenario) { ... }
 * }</pre>
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.ANNOTATION_TYPE, ElementType.METHOD})
@TestTemplate
@ExtendWith({CrashAtExtension.class, ScenarioParameterExtension.class})
@API(status = EXPERIMENTAL, since = "0.1")
public @interface CrashAts {

    /** The repeated {@code @CrashAt} annotations. */
    CrashAt[] value();
}
