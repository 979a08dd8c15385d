package dev.deliverykit.internal.instrument;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.lang.instrument.Instrumentation;
import java.lang.invoke.MethodHandles;
import java.time.Clock;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.function.BiFunction;
import java.util.function.Consumer;
import java.util.function.LongFunction;
import java.util.function.ObjIntConsumer;
import net.bytebuddy.jar.asm.ClassReader;
import net.bytebuddy.jar.asm.ClassWriter;
import net.bytebuddy.jar.asm.Opcodes;
import net.bytebuddy.jar.asm.commons.ClassRemapper;
import net.bytebuddy.jar.asm.commons.SimpleRemapper;

/**
 * Defines the executors' bridge inside {@code java.base}, where the JDK's executors can call it: the kit's
 * {@code dev.deliverykit.internal.bootstrap.TaskBridge}, renamed into {@code java.util.concurrent} and
 * defined there through a private lookup that the agent opens for the kit. Unlike appending a jar to the
 * bootstrap class path (Mockito's way), this leaves class-data sharing on and prints no JVM warning.
 */
final class BootstrapBridge {

    private static final String TEMPLATE = "dev/deliverykit/internal/bootstrap/TaskBridge";
    /** The internal name of the bridge in {@code java.base}, which the woven executors call. */
    static final String NAME = "java/util/concurrent/DeliveryKitTaskBridge";

    private static volatile Class<?> defined;

    private BootstrapBridge() {}

    /** Defines the bridge once; the kit sets its hook through {@link #hook}. */
    static synchronized void define(Instrumentation instrumentation) {
        if (defined != null) {
            return;
        }
        Module javaBase = ThreadPoolExecutor.class.getModule();
        Module kit = BootstrapBridge.class.getModule();
        instrumentation.redefineModule(
                javaBase, Set.of(), Map.of(), Map.of("java.util.concurrent", Set.of(kit)), Set.of(), Map.of());
        try {
            Class<?> existing = Class.forName(NAME.replace('/', '.'), false, null);
            defined = existing; // defined by an earlier copy of the kit in this JVM
            return;
        } catch (ClassNotFoundException expected) {
            // define it below
        }
        try {
            MethodHandles.Lookup lookup =
                    MethodHandles.privateLookupIn(ThreadPoolExecutor.class, MethodHandles.lookup());
            defined = lookup.defineClass(renamed());
        } catch (IllegalAccessException e) {
            throw new IllegalStateException(WeavingMessages.bridgeNotDefined(), e);
        }
    }

    /** Whether the bridge is defined in {@code java.base}. */
    static boolean isDefined() {
        return defined != null;
    }

    /** Sets (or clears, with {@code null}) the hook that gives a thread whose time is woven its clock. */
    static void clockHook(LongFunction<Clock> hook) {
        set("clockHook", hook);
    }

    /** Sets (or clears, with {@code null}) the hook that wraps tasks handed to executors. */
    static void hook(BiFunction<Object, Boolean, Object> hook) {
        set("hook", hook);
    }

    /** Sets the hook told when an executor's worker thread starts working. */
    static void workerHook(Runnable hook) {
        set("workerHook", hook);
    }

    /** Sets (or clears, with {@code null}) the hook told of every thread about to start. */
    static void threadHook(Consumer<Thread> hook) {
        set("threadHook", hook);
    }

    /** Sets (or clears, with {@code null}) the hook told of calls that leave the JVM. */
    static void outsideHook(ObjIntConsumer<Object> hook) {
        set("outsideHook", hook);
    }

    /** One of the bridge's public static hook fields; nothing while the bridge is not defined. */
    private static void set(String field, Object hook) {
        Class<?> bridge = defined;
        if (bridge == null) {
            return;
        }
        try {
            bridge.getField(field).set(null, hook);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(WeavingMessages.bridgeFieldNotSet(field), e);
        }
    }

    private static byte[] renamed() {
        try (InputStream in = BootstrapBridge.class.getClassLoader().getResourceAsStream(TEMPLATE + ".class")) {
            if (in == null) {
                throw new IllegalStateException(WeavingMessages.bridgeTemplateMissing(TEMPLATE));
            }
            ClassReader reader = new ClassReader(in.readAllBytes());
            ClassWriter writer = new ClassWriter(0);
            reader.accept(new ClassRemapper(writer, new SimpleRemapper(Opcodes.ASM9, TEMPLATE, NAME)), 0);
            return writer.toByteArray();
        } catch (IOException e) {
            throw new UncheckedIOException(WeavingMessages.bridgeUnreadable(), e);
        }
    }
}
