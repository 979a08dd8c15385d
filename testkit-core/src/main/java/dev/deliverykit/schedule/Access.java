package dev.deliverykit.schedule;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.util.Objects;
import org.apiguardian.api.API;

/**
 * What a step does to one resource (a table, a database file, a broker topic): reads it or writes it. Two steps of
 * different instances conflict when they touch one resource and at least one of them writes it.
 *
 * @param resource the resource's name, as the recording names it
 * @param kind whether the step reads or writes it
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record Access(String resource, Kind kind) {

    /** Reading or writing. */
    public enum Kind {
        READ,
        WRITE
    }

    public Access {
        Objects.requireNonNull(resource, "resource");
        Objects.requireNonNull(kind, "kind");
    }

    /** Reads {@code resource}. */
    public static Access read(String resource) {
        return new Access(resource, Kind.READ);
    }

    /** Writes {@code resource}. */
    public static Access write(String resource) {
        return new Access(resource, Kind.WRITE);
    }

    /** Whether this access and {@code other} cannot be reordered: the same resource, and one of them writes. */
    boolean conflictsWith(Access other) {
        return resource.equals(other.resource) && (kind == Kind.WRITE || other.kind == Kind.WRITE);
    }
}
