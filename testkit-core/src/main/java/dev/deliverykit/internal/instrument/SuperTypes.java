package dev.deliverykit.internal.instrument;

import java.util.ArrayDeque;
import java.util.Collections;
import java.util.Deque;
import java.util.HashSet;
import java.util.Set;

/**
 * The super types of one class, collected on first need: of a class being loaded, read as class file headers
 * through its loader ({@link ClassHeaders}); of a loaded class, asked of the class.
 */
final class SuperTypes {

    private final ClassShape shape;
    private final ClassLoader loader;
    private final Class<?> loaded;
    private final ClassHeaders headers;
    private Set<String> all;

    /** @param loaded the class when it is being retransformed, else {@code null} */
    SuperTypes(ClassShape shape, ClassLoader loader, Class<?> loaded, ClassHeaders headers) {
        this.shape = shape;
        this.loader = loader;
        this.loaded = loaded;
        this.headers = headers;
    }

    /** Whether the class is a {@code type}, whose internal name is {@code internalName}. */
    boolean isA(String internalName, Class<?> type) {
        if (loaded != null) {
            return type.isAssignableFrom(loaded);
        }
        if (all == null) {
            all = collect();
        }
        return all.contains(internalName);
    }

    private Set<String> collect() {
        Set<String> seen = new HashSet<>();
        Deque<String> todo = new ArrayDeque<>();
        add(todo, new ClassHeaders.Header(shape.superName(), shape.interfaces()));
        while (!todo.isEmpty()) {
            String name = todo.poll();
            if (seen.add(name) && !name.equals("java/lang/Object")) {
                add(todo, headers.header(loader, name, shape.name()));
            }
        }
        return seen;
    }

    private static void add(Deque<String> todo, ClassHeaders.Header header) {
        if (header.superName() != null) {
            todo.add(header.superName());
        }
        Collections.addAll(todo, header.interfaces());
    }
}
