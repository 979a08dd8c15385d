package dev.deliverykit.boundary;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.util.List;
import org.apiguardian.api.API;

/** A boundary name that the catalogue does not know; thrown before anything runs. */
@API(status = EXPERIMENTAL, since = "0.1")
public final class UnknownBoundaryException extends IllegalArgumentException {

    private static final long serialVersionUID = 1L;

    private final transient List<String> knownNames;

    UnknownBoundaryException(String catalogue, String name, List<String> knownNames) {
        super("Unknown boundary \"" + name + "\" in catalogue \"" + catalogue + "\". Known boundaries: "
                + (knownNames.isEmpty() ? "none" : String.join(", ", knownNames)) + ". Expected one of these names."
                + " Fix: correct the name, or add the boundary with BoundaryCatalogue.builder(\"" + catalogue
                + "\").add(\"" + name + "\", selector).");
        this.knownNames = List.copyOf(knownNames);
    }

    /** The names the catalogue knows, in catalogue order. */
    public List<String> knownNames() {
        return knownNames;
    }
}
