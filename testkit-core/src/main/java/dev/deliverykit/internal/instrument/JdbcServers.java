package dev.deliverykit.internal.instrument;

import java.net.InetSocketAddress;
import java.sql.Driver;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import javax.sql.DataSource;

/**
 * The local database servers that this JVM's JDBC connections reached, by port; and, in a child JVM of a case
 * that was given the test JVM's ports, the local servers its connections reached that the test JVM's never did:
 * most likely a second server the child started itself (a test class's {@code @BeforeAll} or a static field runs
 * again in every JVM), whose writes the test JVM's invariants cannot read.
 *
 * <p>Only loopback addresses count: a server a JVM starts for itself, embedded or in a container, listens on this
 * host, while a remote server is the same for both JVMs, however a child reaches it. A port stands for its server
 * whichever loopback address (127.0.0.1, ::1) a URL resolves to. A connect counts when a frame of a JDBC driver or
 * data source class is on the connecting thread's stack ({@code Driver.connect}, a driver's own connect thread, a
 * pool's {@code DataSource}): a broker's or an HTTP client's connect is no database's. Sockets connect rarely, so
 * the stack walk costs little beside the connect itself.
 */
final class JdbcServers {

    private static final StackWalker STACK = StackWalker.getInstance(StackWalker.Option.RETAIN_CLASS_REFERENCE);
    private static final Set<Integer> REACHED = ConcurrentHashMap.newKeySet();
    private static final Set<String> ONLY_HERE = Collections.synchronizedSet(new LinkedHashSet<>());

    /** The test JVM's ports, once a child run compares its connections with them; {@code null} before. */
    private static volatile Set<Integer> testJvm;

    private JdbcServers() {}

    /** A socket of this JVM is about to connect to {@code target}. */
    static void connecting(Object target) {
        if (!(target instanceof InetSocketAddress address)
                || address.getAddress() == null
                || !address.getAddress().isLoopbackAddress()
                || !byJdbc()) {
            return;
        }
        Set<Integer> expected = testJvm;
        if (expected == null) {
            REACHED.add(address.getPort());
        } else if (!expected.contains(address.getPort())) {
            ONLY_HERE.add(address.getAddress().getHostAddress() + ":" + address.getPort());
        }
    }

    private static boolean byJdbc() {
        return STACK.walk(frames -> frames.map(StackWalker.StackFrame::getDeclaringClass)
                .anyMatch(type -> Driver.class.isAssignableFrom(type) || DataSource.class.isAssignableFrom(type)));
    }

    /** The ports of the local servers this JVM's JDBC connections reached, in order. */
    static Set<Integer> reached() {
        return Collections.unmodifiableSet(new TreeSet<>(REACHED));
    }

    /** From now on, a JDBC connection to a local server not on one of {@code ports} is kept as one only this JVM reached. */
    static void compareWith(Set<Integer> ports) {
        testJvm = Set.copyOf(ports);
    }

    /** {@code 127.0.0.1:54321}: each local server this JVM's connections reached since {@link #compareWith}. */
    static List<String> reachedOnlyHere() {
        synchronized (ONLY_HERE) {
            return List.copyOf(ONLY_HERE);
        }
    }
}
