package dev.deliverykit.boundary;

import java.util.List;

/**
 * The user's class behind a class generated to proxy it: {@code OrderService$$SpringCGLIB$$0} (Spring 6 and 7),
 * {@code OrderService$$EnhancerBySpringCGLIB$$1a2b} (older Spring) and {@code OrderService$$EnhancerByCGLIB$$1a2b}
 * (CGLIB) stand for {@code OrderService}. A {@code @Transactional} method's commit runs in its proxy's frame after
 * the user's method returned: named after the proxy's class, that commit would be outside the user's method, and
 * its name would carry a generated number.
 */
final class ProxyClasses {

    /** What a proxy generator appends to the name of the class it extends, each starting with {@code $$}. */
    private static final List<String> MARKERS =
            List.of("$$SpringCGLIB$$", "$$EnhancerBySpringCGLIB$$", "$$EnhancerByCGLIB$$");

    private ProxyClasses() {}

    /** The class {@code className} proxies, or {@code className} itself when it is no proxy. */
    static String userClass(String className) {
        int marker = className.indexOf("$$");
        while (marker > 0) {
            if (isMarkerAt(className, marker)) {
                return className.substring(0, marker);
            }
            marker = className.indexOf("$$", marker + 1);
        }
        return className;
    }

    /**
     * Whether {@code className} is {@code typeName} or a proxy of it. Compares without allocating: it runs for each
     * frame at every hit of a boundary scoped to a place.
     */
    static boolean isClassOrProxy(String className, String typeName) {
        if (className.length() <= typeName.length()) {
            return className.equals(typeName);
        }
        return className.startsWith(typeName) && isMarkerAt(className, typeName.length());
    }

    private static boolean isMarkerAt(String className, int at) {
        for (String marker : MARKERS) {
            if (className.startsWith(marker, at)) {
                return true;
            }
        }
        return false;
    }
}
