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
        super(SetupMessages.unknownBoundary(catalogue, name, knownNames).sentences());
        this.knownNames = List.copyOf(knownNames);
    }

    /** The names the catalogue knows, in catalogue order. */
    public List<String> knownNames() {
        return knownNames;
    }
}
