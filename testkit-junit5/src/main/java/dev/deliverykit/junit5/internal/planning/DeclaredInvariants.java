package dev.deliverykit.junit5.internal.planning;

import static org.apiguardian.api.API.Status.INTERNAL;

import dev.deliverykit.invariant.Invariant;
import dev.deliverykit.junit5.CheckInvariant;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apiguardian.api.API;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.platform.commons.support.AnnotationSupport;
import org.junit.platform.commons.support.HierarchyTraversalMode;
import org.junit.platform.commons.support.ReflectionSupport;

/**
 * The {@link CheckInvariant} fields of a kit test: found (test class, superclasses, enclosing classes of
 * {@code @Nested} tests), checked and read, with a configuration error naming the field and the fix for
 * every mistake.
 */
@API(status = INTERNAL, since = "0.1")
public final class DeclaredInvariants {

    private DeclaredInvariants() {}

    /**
     * Checks the declarations before the first invocation: every field's type, and the values of the static
     * fields (instance fields have no value yet).
     *
     * @throws ExtensionConfigurationException on a field that is not an {@code Invariant}, a static one that is
     *     {@code null}, or two static invariants with one name
     */
    public static void requireValid(ExtensionContext template) {
        List<Class<?>> classes = new ArrayList<>(template.getEnclosingTestClasses());
        classes.add(template.getRequiredTestClass());
        Set<Field> seen = new LinkedHashSet<>();
        List<Declared> statics = new ArrayList<>();
        for (Class<?> type : classes) {
            for (Field field : fields(type)) {
                requireInvariantType(field);
                if (Modifier.isStatic(field.getModifiers()) && seen.add(field)) {
                    statics.add(read(field, null));
                }
            }
        }
        requireDistinctNames(statics);
    }

    /**
     * The invariants of one invocation, read from its test instances (outermost first) after the
     * {@code @BeforeEach} methods ran.
     *
     * @throws ExtensionConfigurationException on a wrong type, a {@code null} value or two invariants with one name
     */
    public static List<Declared> read(ExtensionContext invocation) {
        Set<Field> staticsSeen = new LinkedHashSet<>();
        List<Declared> declared = new ArrayList<>();
        for (Object instance : invocation.getRequiredTestInstances().getAllInstances()) {
            for (Field field : fields(instance.getClass())) {
                boolean isStatic = Modifier.isStatic(field.getModifiers());
                if (!isStatic || staticsSeen.add(field)) { // a static field is one invariant, however many instances
                    declared.add(read(field, isStatic ? null : instance));
                }
            }
        }
        requireDistinctNames(declared);
        return List.copyOf(declared);
    }

    /**
     * Refuses {@code @CheckInvariant} fields in a class (or its superclasses) when neither it nor its
     * {@code @Nested} classes have a kit test, since nothing would ever check them.
     *
     * @throws ExtensionConfigurationException naming the first such field
     */
    public static void requireKitTestFor(Class<?> testClass) {
        List<Field> fields = fields(testClass);
        if (fields.isEmpty() || hasKitTest(testClass)) {
            return;
        }
        Field field = fields.get(0);
        throw new ExtensionConfigurationException(
                InvariantMessages.noKitTest(describe(field), field.getName(), testClass)
                        .sentences());
    }

    private static boolean hasKitTest(Class<?> type) {
        return !ReflectionSupport.findMethods(type, KitMethods::isKitMethod, HierarchyTraversalMode.TOP_DOWN)
                        .isEmpty()
                || ReflectionSupport.findNestedClasses(
                                type, nested -> AnnotationSupport.isAnnotated(nested, Nested.class))
                        .stream()
                        .anyMatch(DeclaredInvariants::hasKitTest);
    }

    /**
     * The {@code @CheckInvariant} fields of {@code type} and its superclasses, superclasses first, each class's in
     * declaration order (as the JVM lists them), so that failures and the report list them as written. JUnit's
     * own field search sorts each class's fields by a hash of their names.
     */
    private static List<Field> fields(Class<?> type) {
        List<Class<?>> hierarchy = new ArrayList<>();
        for (Class<?> current = type; current != null && current != Object.class; current = current.getSuperclass()) {
            hierarchy.add(0, current);
        }
        return hierarchy.stream()
                .flatMap(declaring -> Arrays.stream(declaring.getDeclaredFields()))
                .filter(field -> !field.isSynthetic() && AnnotationSupport.isAnnotated(field, CheckInvariant.class))
                .toList();
    }

    private static void requireInvariantType(Field field) {
        if (!Invariant.class.isAssignableFrom(field.getType())) {
            throw new ExtensionConfigurationException(
                    InvariantMessages.notAnInvariant(describe(field), field.getName(), field.getType(), Invariant.class)
                            .sentences());
        }
    }

    private static Declared read(Field field, Object instance) {
        requireInvariantType(field);
        Object value = ReflectionSupport.tryToReadFieldValue(field, instance)
                .toOptional()
                .orElse(null);
        if (value == null) {
            throw new ExtensionConfigurationException(
                    InvariantMessages.nullInvariant(describe(field)).sentences());
        }
        boolean emptyByDesign = AnnotationSupport.findAnnotation(field, CheckInvariant.class)
                .map(CheckInvariant::emptyByDesign)
                .orElse(false);
        return new Declared(describe(field), (Invariant) value, emptyByDesign);
    }

    private static void requireDistinctNames(List<Declared> declared) {
        Map<String, Declared> byName = new HashMap<>();
        for (Declared invariant : declared) {
            Declared earlier = byName.put(invariant.invariant().name(), invariant);
            if (earlier != null) {
                throw new ExtensionConfigurationException(InvariantMessages.sameName(
                                earlier.field(),
                                invariant.field(),
                                invariant.invariant().name())
                        .sentences());
            }
        }
    }

    private static String describe(Field field) {
        return field.getDeclaringClass().getSimpleName() + "." + field.getName();
    }

    /**
     * One declared invariant.
     *
     * @param field where it is declared, {@code OrderServiceCrashTest.exactlyOncePerOrder}
     * @param invariant its value when the test started
     * @param emptyByDesign whether it reads no row after a crash-free run by design ({@link
     *     CheckInvariant#emptyByDesign()})
     */
    public record Declared(String field, Invariant invariant, boolean emptyByDesign) {}
}
