package dev.deliverykit.internal.instrument;

import java.io.IOException;
import java.io.InputStream;
import java.util.Collections;
import java.util.Map;
import java.util.WeakHashMap;
import java.util.concurrent.ConcurrentHashMap;
import net.bytebuddy.jar.asm.ClassReader;

/**
 * The headers (super class and interfaces) of class files read through a class loader, without loading the
 * classes; each read once per loader and name, held as long as the loader lives.
 */
final class ClassHeaders {

    /** A class file's super types, as far as read. */
    record Header(String superName, String[] interfaces) {}

    private final Map<ClassLoader, Map<String, Header>> headers = Collections.synchronizedMap(new WeakHashMap<>());

    /** The header of class {@code name} as {@code loader} finds it; {@code forType} names who asked, for errors. */
    Header header(ClassLoader loader, String name, String forType) {
        Map<String, Header> known;
        synchronized (headers) {
            known = headers.get(loader);
            if (known == null) {
                known = new ConcurrentHashMap<>();
                headers.put(loader, known);
            }
        }
        Header header = known.get(name);
        if (header == null) {
            header = readHeader(loader, name, forType);
            known.put(name, header);
        }
        return header;
    }

    private static Header readHeader(ClassLoader loader, String name, String forType) {
        try (InputStream in = loader.getResourceAsStream(name + ".class")) {
            if (in == null) {
                throw new IllegalStateException(
                        WeavingMessages.superTypeNotFound(name.replace('/', '.'), forType.replace('/', '.')));
            }
            ClassReader reader = new ClassReader(in.readAllBytes());
            return new Header(reader.getSuperName(), reader.getInterfaces());
        } catch (IOException e) {
            throw new IllegalStateException(
                    WeavingMessages.superTypeUnreadable(name.replace('/', '.'), forType.replace('/', '.'), e), e);
        }
    }
}
