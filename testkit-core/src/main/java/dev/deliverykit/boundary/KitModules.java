package dev.deliverykit.boundary;

import static org.apiguardian.api.API.Status.INTERNAL;

import dev.deliverykit.internal.instrument.KitClasses;
import java.util.Objects;
import org.apiguardian.api.API;

/**
 * The kit's other modules (the JUnit face, testkit-spring) name themselves to the engine, by one class of theirs:
 * their classes are then known by their code source, never a hit's site (a restart's frames pass through them),
 * while a test's fixture in their packages stays code under test. Not for users.
 */
@API(status = INTERNAL, since = "0.1")
public final class KitModules {

    private KitModules() {}

    /** Registers the module {@code anyClassOfIt} belongs to; a module does it before it runs a workload. */
    public static void register(Class<?> anyClassOfIt) {
        KitClasses.registerModule(Objects.requireNonNull(anyClassOfIt, "anyClassOfIt"));
    }
}
