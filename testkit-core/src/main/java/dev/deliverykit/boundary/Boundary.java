package dev.deliverykit.boundary;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.util.Objects;
import java.util.regex.Pattern;
import org.apiguardian.api.API;

/**
 * A named point where a process can die: a name that reads well in reports and replay keys, and the
 * {@link Selector} that finds the point at run time.
 *
 * <pre>{@code
 * Boundary afterOutboxInsert = Boundary.named("after-outbox-insert", Selector.afterStatement("INSERT INTO outbox"));
 * Boundary anyCommit = Boundary.of(Selector.afterCommit());   // named by its description: "after commit"
 * }</pre>
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class Boundary {

    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._:-]*");

    private final String name;
    private final Selector selector;
    private final boolean named;

    private Boundary(String name, Selector selector, boolean named) {
        this.name = name;
        this.selector = selector;
        this.named = named;
    }

    /**
     * A boundary with a name of letters, digits and {@code . _ : -}, starting with a letter or digit, such
     * as {@code producer.after-outbox-insert}.
     */
    public static Boundary named(String name, Selector selector) {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(selector, "selector");
        if (!NAME.matcher(name).matches()) {
            throw new IllegalArgumentException(SetupMessages.badBoundaryName(name));
        }
        return new Boundary(name, selector, true);
    }

    /** A boundary named by its selector's {@linkplain Selector#description() description}. */
    public static Boundary of(Selector selector) {
        Objects.requireNonNull(selector, "selector");
        return new Boundary(selector.description(), selector, false);
    }

    static Boundary restore(String name, Selector selector, boolean named) {
        return named ? named(name, selector) : of(selector);
    }

    /** The name. */
    public String name() {
        return name;
    }

    /** Where the boundary is. */
    public Selector selector() {
        return selector;
    }

    /** Whether it was given a name (rather than being named by its selector). */
    public boolean isNamed() {
        return named;
    }

    /** {@code "after-outbox-insert" (after statement matching /INSERT INTO outbox/)}, or the description alone. */
    String describe() {
        return named ? "\"" + name + "\" (" + selector.description() + ")" : selector.description();
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof Boundary
                && ((Boundary) other).name.equals(name)
                && ((Boundary) other).selector.equals(selector);
    }

    @Override
    public int hashCode() {
        return name.hashCode() * 31 + selector.hashCode();
    }

    @Override
    public String toString() {
        return name;
    }
}
