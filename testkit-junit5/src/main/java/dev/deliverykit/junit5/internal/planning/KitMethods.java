package dev.deliverykit.junit5.internal.planning;

import static org.apiguardian.api.API.Status.INTERNAL;

import dev.deliverykit.junit5.CrashAt;
import dev.deliverykit.junit5.CrashSweep;
import dev.deliverykit.junit5.DeliverInOrder;
import dev.deliverykit.junit5.ScheduleSweep;
import java.lang.annotation.Annotation;
import java.lang.reflect.Method;
import org.apiguardian.api.API;
import org.junit.platform.commons.support.AnnotationSupport;

/** Which methods are kit test templates, and of which feature: read from their annotations, by type. */
@API(status = INTERNAL, since = "0.1")
public final class KitMethods {

    private KitMethods() {}

    /**
     * Whether the method is a kit template. A repeated {@code @CrashAt} is present only inside its container
     * {@code @CrashAts}, which {@code isAnnotated(method, CrashAt.class)} does not look into.
     */
    public static boolean isKitMethod(Method method) {
        return declares(method, CrashAt.class)
                || declares(method, CrashSweep.class)
                || declares(method, DeliverInOrder.class)
                || declares(method, ScheduleSweep.class);
    }

    /** Whether the method carries the feature's annotation ({@code CrashAt}: also repeated). */
    public static boolean declares(Method method, Class<? extends Annotation> feature) {
        return feature == CrashAt.class
                ? !AnnotationSupport.findRepeatableAnnotations(method, CrashAt.class)
                        .isEmpty()
                : AnnotationSupport.isAnnotated(method, feature);
    }
}
