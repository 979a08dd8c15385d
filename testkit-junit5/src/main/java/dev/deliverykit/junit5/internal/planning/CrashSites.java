package dev.deliverykit.junit5.internal.planning;

import dev.deliverykit.boundary.BoundaryHit;
import dev.deliverykit.boundary.Place;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * The short name of where a hit happened, for case names: {@code OutboxRelay.publishPending (via
 * Database.inTransaction)}. The engine chose the frames (see {@link BoundaryHit#stack()} and
 * {@link BoundaryHit#via()}); this only shortens them.
 */
final class CrashSites {

    private CrashSites() {}

    /** The site's simple class name and method, then its helpers in call order, each once; empty without a stack. */
    static Optional<String> name(BoundaryHit hit) {
        if (hit.stack().isEmpty()) {
            return Optional.empty();
        }
        String site = method(hit.stack().get(0));
        List<String> via = hit.via().stream()
                .map(CrashSites::method)
                .distinct()
                .filter(helper -> !helper.equals(site))
                .collect(Collectors.toList());
        return Optional.of(site + (via.isEmpty() ? "" : " (via " + String.join(", ", via) + ")"));
    }

    /** {@code OutboxRelay.publishPending} for the place {@code com.example.orders.OutboxRelay#publishPending}. */
    static String name(Place place) {
        return method(place.typeName() + "." + place.methodName());
    }

    /** {@code Relay.publish} for {@code com.acme.Relay.lambda$publish$0(Relay.java:42)}: a lambda by its method. */
    static String method(String frame) {
        int open = frame.indexOf('(');
        String qualified = open < 0 ? frame : frame.substring(0, open);
        int methodDot = qualified.lastIndexOf('.');
        if (methodDot < 0) {
            return qualified;
        }
        String method = qualified.substring(methodDot + 1);
        String type = qualified.substring(0, methodDot);
        type = type.substring(type.lastIndexOf('.') + 1);
        if (method.startsWith("lambda$")) {
            String[] parts = method.split("\\$");
            method = parts.length > 1 ? parts[1] : method;
        }
        return type + "." + method;
    }
}
