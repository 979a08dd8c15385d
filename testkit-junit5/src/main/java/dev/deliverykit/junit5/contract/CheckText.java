package dev.deliverykit.junit5.contract;

import dev.deliverykit.junit5.Guarantee;
import java.lang.reflect.Method;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.platform.commons.support.AnnotationSupport;
import org.junit.platform.commons.support.HierarchyTraversalMode;
import org.junit.platform.commons.support.ReflectionSupport;

/**
 * The {@link Guarantee} of a check, read from the contract interface that declares it: the one place its name and
 * statement are written, which its failure messages quote.
 */
final class CheckText {

    private static final Map<String, Guarantee> BY_ID = new ConcurrentHashMap<>();

    private CheckText() {}

    /** The guarantee {@code id} of {@code contract}. */
    static Guarantee of(Class<?> contract, String id) {
        return BY_ID.computeIfAbsent(contract.getName() + "#" + id, key -> find(contract, id));
    }

    private static Guarantee find(Class<?> contract, String id) {
        for (Method method :
                ReflectionSupport.findMethods(contract, candidate -> true, HierarchyTraversalMode.TOP_DOWN)) {
            Guarantee guarantee =
                    AnnotationSupport.findAnnotation(method, Guarantee.class).orElse(null);
            if (guarantee != null && guarantee.id().equals(id)) {
                return guarantee;
            }
        }
        throw new IllegalStateException(ContractMessages.noCheck(contract.getName(), id));
    }
}
