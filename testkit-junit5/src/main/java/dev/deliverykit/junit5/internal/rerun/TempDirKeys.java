package dev.deliverykit.junit5.internal.rerun;

import java.lang.reflect.AnnotatedElement;
import java.lang.reflect.Executable;
import java.lang.reflect.Field;
import java.lang.reflect.Parameter;
import java.util.Arrays;
import java.util.stream.Collectors;

/**
 * Names a {@code @TempDir} declaration the same way in the test JVM and in a child JVM, so that the child's
 * declaration gets the test JVM's directory: {@code field com.example.OrderTest#dir},
 * {@code parameter com.example.OrderTest#places(dev.deliverykit.junit5.CrashScenario,java.nio.file.Path)#1}.
 */
final class TempDirKeys {

    private TempDirKeys() {}

    static String of(AnnotatedElement element) {
        if (element instanceof Field field) {
            return "field " + field.getDeclaringClass().getName() + "#" + field.getName();
        }
        if (element instanceof Parameter parameter) {
            Executable executable = parameter.getDeclaringExecutable();
            int index = Arrays.asList(executable.getParameters()).indexOf(parameter);
            return "parameter " + executable.getDeclaringClass().getName() + "#" + executable.getName() + "("
                    + Arrays.stream(executable.getParameterTypes())
                            .map(Class::getTypeName)
                            .collect(Collectors.joining(","))
                    + ")#" + index;
        }
        return element.toString();
    }
}
