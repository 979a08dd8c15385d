package dev.deliverykit.boundary;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.apiguardian.api.API;

/**
 * The boundaries of one piece of delivery code, by name. A crash plan names a boundary; an unknown name
 * fails at once with the names the catalogue knows.
 *
 * <pre>{@code
 * BoundaryCatalogue producer = BoundaryCatalogue.builder("ordered producer")
 *         .add("after-flow-update", Selector.afterStatement("^UPDATE flow "))
 *         .add("after-outbox-insert", Selector.afterStatement("^INSERT INTO outbox"))
 *         .add("after-commit", Selector.afterCommit())
 *         .build();
 * CrashPlan plan = CrashPlan.at(producer, "after-outbox-insert");
 * }</pre>
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class BoundaryCatalogue {

    private final String name;
    private final Map<String, Boundary> boundaries;

    private BoundaryCatalogue(String name, Map<String, Boundary> boundaries) {
        this.name = name;
        this.boundaries = boundaries;
    }

    /** Starts a catalogue called {@code name} (used in messages). */
    public static Builder builder(String name) {
        Objects.requireNonNull(name, "name");
        return new Builder(name);
    }

    /** The catalogue's name. */
    public String name() {
        return name;
    }

    /**
     * The boundary called {@code boundaryName}.
     *
     * @throws UnknownBoundaryException if there is none, listing the known names
     */
    public Boundary boundary(String boundaryName) {
        Boundary boundary = boundaries.get(boundaryName);
        if (boundary == null) {
            throw new UnknownBoundaryException(name, boundaryName, names());
        }
        return boundary;
    }

    /** The names, in the order they were added. */
    public List<String> names() {
        return List.copyOf(boundaries.keySet());
    }

    /** The boundaries, in the order they were added. */
    public List<Boundary> boundaries() {
        return List.copyOf(boundaries.values());
    }

    @Override
    public String toString() {
        return "BoundaryCatalogue[" + name + ": " + String.join(", ", boundaries.keySet()) + "]";
    }

    /** Collects named boundaries; names are unique. */
    public static final class Builder {
        private final String name;
        private final Map<String, Boundary> boundaries = new LinkedHashMap<>();

        private Builder(String name) {
            this.name = name;
        }

        /** Adds {@code Boundary.named(boundaryName, selector)}. */
        public Builder add(String boundaryName, Selector selector) {
            return add(Boundary.named(boundaryName, selector));
        }

        /** Adds a named boundary. */
        public Builder add(Boundary boundary) {
            Objects.requireNonNull(boundary, "boundary");
            if (!boundary.isNamed()) {
                throw new IllegalArgumentException(SetupMessages.unnamedInCatalogue(name, boundary.name()));
            }
            if (boundaries.containsKey(boundary.name())) {
                throw new IllegalArgumentException(SetupMessages.nameTakenInCatalogue(
                        name,
                        boundary.name(),
                        boundaries.get(boundary.name()).selector().description()));
            }
            boundaries.put(boundary.name(), boundary);
            return this;
        }

        /** The catalogue. */
        public BoundaryCatalogue build() {
            return new BoundaryCatalogue(name, new LinkedHashMap<>(boundaries));
        }
    }
}
