package dev.deliverykit.boundary;

import dev.deliverykit.internal.instrument.PoolFrames;
import java.lang.StackWalker.StackFrame;
import java.security.CodeSource;
import java.sql.Connection;
import java.sql.Driver;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.List;
import java.util.Objects;
import java.util.stream.Collectors;
import javax.sql.DataSource;

/**
 * The first frames of the current stack that belong to the code under test: frames of the kit, of JDBC
 * implementations (drivers, pools) and of the JDK are skipped, so what is left is the caller's code.
 */
final class StackSummary {

    static final int FRAMES = 3;

    private static final StackWalker WALKER = StackWalker.getInstance(StackWalker.Option.RETAIN_CLASS_REFERENCE);
    private static final CodeSource KIT =
            StackSummary.class.getProtectionDomain().getCodeSource();

    private StackSummary() {}

    /**
     * Up to {@value #FRAMES} frames, innermost first, as {@code com.acme.Relay.send(Relay.java:42)}. For a
     * JDBC event the innermost frame below the kit is the driver method the advice is woven into; it is
     * dropped even when its class does not itself implement a JDBC interface (a driver's abstract base).
     */
    static List<String> here(boolean inJdbcCall) {
        return WALKER.walk(frames -> frames.dropWhile(frame -> isKit(frame.getDeclaringClass()))
                .skip(inJdbcCall ? 1 : 0)
                .filter(StackSummary::isCodeUnderTest)
                .limit(FRAMES)
                .map(StackSummary::format)
                .collect(Collectors.toList()));
    }

    /** Whether the calling thread is inside a connection pool's own code (see {@link PoolFrames}). */
    static boolean isPoolMaintenance() {
        return PoolFrames.onStack();
    }

    private static boolean isCodeUnderTest(StackFrame frame) {
        Class<?> type = frame.getDeclaringClass();
        String name = type.getName();
        if (name.startsWith("java.")
                || name.startsWith("javax.")
                || name.startsWith("jdk.")
                || name.startsWith("sun.")
                || name.startsWith("com.sun.")
                || name.startsWith("net.bytebuddy.")) {
            return false;
        }
        if (isKit(type)) {
            return false;
        }
        return !(Statement.class.isAssignableFrom(type)
                || Connection.class.isAssignableFrom(type)
                || Driver.class.isAssignableFrom(type)
                || ResultSet.class.isAssignableFrom(type)
                || DataSource.class.isAssignableFrom(type));
    }

    private static boolean isKit(Class<?> type) {
        String name = type.getName();
        boolean kitPackage =
                name.startsWith("dev.deliverykit.boundary.") || name.startsWith("dev.deliverykit.internal.instrument.");
        // Same package, other code source: a test fixture next to the kit is code under test.
        return kitPackage && Objects.equals(type.getProtectionDomain().getCodeSource(), KIT);
    }

    private static String format(StackFrame frame) {
        String file = frame.getFileName();
        String where = file == null
                ? "Unknown Source"
                : frame.getLineNumber() >= 0 ? file + ":" + frame.getLineNumber() : file;
        return frame.getClassName() + "." + frame.getMethodName() + "(" + where + ")";
    }
}
