package dev.deliverykit.internal.instrument;

import java.util.ArrayList;
import java.util.List;

/** Turns a JVM method descriptor into parameter type names as {@link Class#getTypeName()} writes them. */
final class Descriptors {

    private Descriptors() {}

    /** {@code (Ljava/lang/String;[IJ)V} becomes {@code [java.lang.String, int[], long]}. */
    static List<String> parameterTypeNames(String descriptor) {
        List<String> names = new ArrayList<>();
        int i = descriptor.indexOf('(') + 1;
        while (descriptor.charAt(i) != ')') {
            int dimensions = 0;
            while (descriptor.charAt(i) == '[') {
                dimensions++;
                i++;
            }
            String name;
            char c = descriptor.charAt(i);
            if (c == 'L') {
                int end = descriptor.indexOf(';', i);
                name = descriptor.substring(i + 1, end).replace('/', '.');
                i = end + 1;
            } else {
                name = primitive(c);
                i++;
            }
            names.add(name + "[]".repeat(dimensions));
        }
        return List.copyOf(names);
    }

    private static String primitive(char code) {
        switch (code) {
            case 'Z':
                return "boolean";
            case 'B':
                return "byte";
            case 'C':
                return "char";
            case 'S':
                return "short";
            case 'I':
                return "int";
            case 'J':
                return "long";
            case 'F':
                return "float";
            case 'D':
                return "double";
            default:
                throw new IllegalArgumentException(WeavingMessages.notADescriptorCode(code));
        }
    }
}
