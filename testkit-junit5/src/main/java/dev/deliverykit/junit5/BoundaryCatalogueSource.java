package dev.deliverykit.junit5;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.apiguardian.api.API;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Names the class that holds the boundary catalogue(s) that {@link CrashAt} names and {@link CrashSweep}
 * sweeps: a class with {@code public static} {@link dev.deliverykit.boundary.BoundaryCatalogue} fields.
 * Put it on the test method or on the test class (found on enclosing classes of {@code @Nested} tests and,
 * being {@code @Inherited}, on superclasses); the method's wins.
 *
 * <pre>{@code
 * public final class OrderBoundaries {
 *     public static final BoundaryCatalogue ORDERS = BoundaryCatalogue.builder("orders")
 *             .add("after-order-insert", Selector.afterStatement("^INSERT INTO orders"))
 *             .add("after-outbox-insert", Selector.afterStatement("^INSERT INTO outbox"))
 *             .build();
 *     public static final BoundaryCatalogue RELAY = BoundaryCatalogue.builder("relay")
 *             .add("relay.after-accepted-commit", Selector.methodExit("com.acme.Relay#markAccepted"))
 *             .build();
 * }
 *
 * @BoundaryCatalogueSource(OrderBoundaries.class)                  // both catalogues
 * class OrderServiceCrashTest { ... }
 *
 * @BoundaryCatalogueSource(value = OrderBoundaries.class, field = "RELAY")   // only RELAY
 * }</pre>
 *
 * <p>Without {@link #field()} every public static {@code BoundaryCatalogue} field of the class is used,
 * and boundary names must be unique across them. A missing class member, a non-static or non-public field,
 * a {@code null} value or a duplicate name is a configuration error raised before anything runs.
 */
@Documented
@Inherited
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.ANNOTATION_TYPE, ElementType.TYPE, ElementType.METHOD})
@ExtendWith(ScenarioParameterExtension.class)
@API(status = EXPERIMENTAL, since = "0.1")
public @interface BoundaryCatalogueSource {

    /** The class holding {@code public static BoundaryCatalogue} fields. */
    Class<?> value();

    /** One field of that class; empty: all its public static {@code BoundaryCatalogue} fields. */
    String field() default "";
}
