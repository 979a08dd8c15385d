package dev.deliverykit.junit5.internal.rerun;

import static org.apiguardian.api.API.Status.INTERNAL;

import java.io.File;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.Parameter;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.apiguardian.api.API;
import org.junit.jupiter.api.TestInstance.Lifecycle;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.io.TempDirFactory;
import org.junit.platform.commons.support.AnnotationSupport;
import org.junit.platform.commons.support.ReflectionSupport;

/**
 * What a child JVM needs to know of the test JVM's invocation to rerun it: the template's unique id, the
 * configuration parameters to pass on, and the {@code @TempDir} directories of the test instances and of the test
 * method's arguments. Taken when JUnit invokes the test method.
 *
 * @param templateUniqueId the test template's unique id
 * @param configuration the {@link RerunMain#FORWARDED_KEYS} the launcher has
 * @param tempDirectories directories by {@link TempDirKeys} name
 * @param ownDirectories those of {@code tempDirectories} that this invocation alone has, new and empty when it
 *     started: its test method's parameters, and its test instance's fields unless they are static or the instance
 *     lives for the whole class ({@link FixtureFiles})
 */
@API(status = INTERNAL, since = "0.1")
public record RerunInvocation(
        String templateUniqueId,
        Map<String, String> configuration,
        Map<String, String> tempDirectories,
        Set<String> ownDirectories) {

    public RerunInvocation {
        configuration = Map.copyOf(configuration);
        tempDirectories = Map.copyOf(tempDirectories);
        ownDirectories = Set.copyOf(ownDirectories);
    }

    /**
     * The facts of the invocation whose context this is.
     *
     * @throws ExtensionConfigurationException for a {@code @TempDir} with its own factory: the child could not give
     *     it the test JVM's directory
     */
    public static RerunInvocation of(ExtensionContext invocation, Method method, List<Object> arguments) {
        String template = invocation.getParent().orElseThrow().getUniqueId();
        Map<String, String> configuration = new TreeMap<>();
        for (String key : RerunMain.FORWARDED_KEYS) {
            invocation.getConfigurationParameter(key).ifPresent(value -> configuration.put(key, value));
        }
        Map<String, String> directories = new TreeMap<>();
        Set<String> own = new TreeSet<>();
        boolean instancePerInvocation =
                invocation.getTestInstanceLifecycle().orElse(Lifecycle.PER_METHOD) == Lifecycle.PER_METHOD;
        for (Object instance : invocation.getRequiredTestInstances().getAllInstances()) {
            for (Field field : AnnotationSupport.findAnnotatedFields(instance.getClass(), TempDir.class)) {
                requireDefaultFactory(field.getAnnotation(TempDir.class), TempDirKeys.of(field));
                Object value = ReflectionSupport.tryToReadFieldValue(
                                field, Modifier.isStatic(field.getModifiers()) ? null : instance)
                        .toOptional()
                        .orElse(null);
                boolean shared = Modifier.isStatic(field.getModifiers()) || !instancePerInvocation;
                path(value).ifPresent(path -> {
                    directories.put(TempDirKeys.of(field), path);
                    if (!shared) {
                        own.add(path);
                    }
                });
            }
        }
        Parameter[] parameters = method.getParameters();
        for (int i = 0; i < parameters.length && i < arguments.size(); i++) {
            TempDir declared = parameters[i].getAnnotation(TempDir.class);
            if (declared != null) {
                requireDefaultFactory(declared, TempDirKeys.of(parameters[i]));
                int index = i;
                path(arguments.get(i)).ifPresent(path -> {
                    directories.put(TempDirKeys.of(parameters[index]), path);
                    own.add(path);
                });
            }
        }
        return new RerunInvocation(template, configuration, directories, own);
    }

    private static void requireDefaultFactory(TempDir declared, String where) {
        if (declared.factory() != TempDirFactory.class) {
            throw new ExtensionConfigurationException(
                    RerunMessages.ownTempDirFactory(where, declared.factory()).sentences());
        }
    }

    private static Optional<String> path(Object value) {
        if (value instanceof Path path) {
            return Optional.of(path.toAbsolutePath().toString());
        }
        if (value instanceof File file) {
            return Optional.of(file.getAbsolutePath());
        }
        return Optional.empty();
    }
}
