package dev.deliverykit.junit5.internal.planning;

import static org.apiguardian.api.API.Status.INTERNAL;

import dev.deliverykit.boundary.Boundary;
import dev.deliverykit.boundary.BoundaryCatalogue;
import dev.deliverykit.boundary.BrokerBoundaries;
import dev.deliverykit.boundary.SpringBoundaries;
import dev.deliverykit.boundary.WatchList;
import dev.deliverykit.junit5.BoundaryCatalogueSource;
import dev.deliverykit.junit5.internal.config.ConfigurationErrors;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import org.apiguardian.api.API;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.platform.commons.support.AnnotationSupport;
import org.junit.platform.commons.support.HierarchyTraversalMode;
import org.junit.platform.commons.support.ReflectionSupport;

/** The boundaries of a test's {@link BoundaryCatalogueSource}, by name, loaded and checked before anything runs. */
@API(status = INTERNAL, since = "0.1")
public final class Catalogues {

    private final String source;
    private final Map<String, Boundary> byName;

    private Catalogues(String source, Map<String, Boundary> byName) {
        this.source = source;
        this.byName = byName;
    }

    /** The catalogues named on the test method, else on its class (enclosing classes and superclasses too). */
    public static Optional<Catalogues> find(ExtensionContext context) {
        Optional<BoundaryCatalogueSource> annotation =
                AnnotationSupport.findAnnotation(context.getTestMethod(), BoundaryCatalogueSource.class);
        if (annotation.isEmpty()) {
            annotation = AnnotationSupport.findAnnotation(
                    context.getRequiredTestClass(), BoundaryCatalogueSource.class, context.getEnclosingTestClasses());
        }
        Optional<Catalogues> declared = annotation.map(Catalogues::load);
        ClassLoader loader = context.getRequiredTestClass().getClassLoader();
        return withBuiltIn(
                withBuiltIn(declared, BrokerBoundaries.onClassPath(loader), BROKERS),
                SpringBoundaries.onClassPath(loader),
                SPRING);
    }

    /** How messages name the broker clients' boundaries, which every test has when a client is on its class path. */
    private static final String BROKERS = "the broker clients' boundaries (BrokerBoundaries)";

    /** How messages name Spring's and Modulith's boundaries, which every test has when Modulith is on its class path. */
    private static final String SPRING = "Spring's and Spring Modulith's boundaries (SpringBoundaries)";

    private static Optional<Catalogues> withBuiltIn(
            Optional<Catalogues> found, BoundaryCatalogue builtIn, String name) {
        if (builtIn.names().isEmpty()) {
            return found;
        }
        return Optional.of(found.map(catalogues -> catalogues.and(builtIn, name))
                .orElseGet(() -> new Catalogues(name, new LinkedHashMap<>()).and(builtIn, name)));
    }

    /** These catalogues and a built-in one called {@code name}; a name of the test's own catalogue wins. */
    private Catalogues and(BoundaryCatalogue builtIn, String name) {
        Map<String, Boundary> all = new LinkedHashMap<>(byName);
        builtIn.boundaries().forEach(boundary -> all.putIfAbsent(boundary.name(), boundary));
        return new Catalogues(source.equals(name) ? source : source + " and " + name, all);
    }

    static Catalogues load(BoundaryCatalogueSource annotation) {
        Class<?> holder = annotation.value();
        String written = "@BoundaryCatalogueSource(value = " + holder.getSimpleName() + ".class"
                + (annotation.field().isEmpty() ? "" : ", field = \"" + annotation.field() + "\"") + ")";
        List<Field> fields = ReflectionSupport.findFields(
                holder, field -> BoundaryCatalogue.class.equals(field.getType()), HierarchyTraversalMode.TOP_DOWN);
        if (!annotation.field().isEmpty()) {
            fields = fields.stream()
                    .filter(field -> field.getName().equals(annotation.field()))
                    .collect(Collectors.toList());
            if (fields.isEmpty()) {
                throw new ExtensionConfigurationException(
                        CatalogueMessages.noFieldNamed(written, holder, annotation.field(), listed(holder))
                                .sentences());
            }
        }
        Map<String, Boundary> byName = new LinkedHashMap<>();
        List<String> sources = new ArrayList<>();
        for (Field field : fields) {
            int modifiers = field.getModifiers();
            if (!Modifier.isStatic(modifiers) || !Modifier.isPublic(modifiers)) {
                if (annotation.field().isEmpty()) {
                    continue;
                }
                throw new ExtensionConfigurationException(
                        CatalogueMessages.notPublicStatic(written, holder, field.getName())
                                .clauses());
            }
            Object value = ReflectionSupport.tryToReadFieldValue(field, null)
                    .toOptional()
                    .orElse(null);
            if (value == null) {
                throw new ExtensionConfigurationException(CatalogueMessages.unreadable(written, holder, field.getName())
                        .sentences());
            }
            BoundaryCatalogue catalogue = (BoundaryCatalogue) value;
            sources.add(holder.getSimpleName() + "." + field.getName());
            for (Boundary boundary : catalogue.boundaries()) {
                Boundary earlier = byName.put(boundary.name(), boundary);
                if (earlier != null) {
                    throw new ExtensionConfigurationException(
                            CatalogueMessages.ambiguous(written, holder, boundary.name())
                                    .sentences());
                }
            }
        }
        if (sources.isEmpty()) {
            throw new ExtensionConfigurationException(
                    CatalogueMessages.noCatalogue(written, holder).clauses());
        }
        return new Catalogues(String.join(", ", sources), byName);
    }

    private static String listed(Class<?> holder) {
        List<String> names = ReflectionSupport.findFields(
                        holder,
                        field -> BoundaryCatalogue.class.equals(field.getType())
                                && Modifier.isStatic(field.getModifiers())
                                && Modifier.isPublic(field.getModifiers()),
                        HierarchyTraversalMode.TOP_DOWN)
                .stream()
                .map(Field::getName)
                .collect(Collectors.toList());
        return names.isEmpty() ? " (it has none)" : " (" + String.join(", ", names) + ")";
    }

    /** {@code OrderBoundaries.ORDERS, OrderBoundaries.RELAY}. */
    public String source() {
        return source;
    }

    /** The boundary called {@code name}, if any. */
    public Optional<Boundary> boundary(String name) {
        return Optional.ofNullable(byName.get(name));
    }

    /** The configuration error of {@code element} on {@code method}, which names boundaries where no catalogue is. */
    static ExtensionConfigurationException missing(String element, Method method, String fix) {
        return ConfigurationErrors.of(
                element,
                method,
                "boundary names need a catalogue, and no @BoundaryCatalogueSource is on the method or its class",
                fix);
    }

    /**
     * The boundary called {@code name}.
     *
     * @throws ExtensionConfigurationException of {@code element} on {@code method} if no catalogue has it
     */
    Boundary requireBoundary(String name, String element, Method method) {
        return boundary(name)
                .orElseThrow(() -> ConfigurationErrors.of(
                        element,
                        method,
                        "unknown boundary \"" + name + "\" in " + source(),
                        "use one of its names: " + String.join(", ", names())));
    }

    /** Every name, in catalogue order. */
    public List<String> names() {
        return List.copyOf(byName.keySet());
    }

    /** Every boundary, in catalogue order. */
    public List<Boundary> boundaries() {
        return List.copyOf(byName.values());
    }

    /** A watch list of every boundary, so that a run that misses its boundary lists the ones it reached. */
    public WatchList watchList() {
        return WatchList.of(byName.values().toArray(new Boundary[0]));
    }
}
