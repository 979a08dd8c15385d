package dev.deliverykit.boundary;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.util.Locale;
import org.apiguardian.api.API;

/**
 * A kind of call that leaves the JVM, which the engine sees in any code without being told of it: every one
 * made by a thread of a run's process counts as a change of the world when a sweep prunes its crash points, is
 * refused after an in-process crash (a dead process sends nothing more), and can be a boundary of its own.
 *
 * <pre>{@code
 * Selector.afterOutsideEffect(OutsideEffect.SOCKET_WRITE)   // after bytes were written to a socket
 * Selector.beforeOutsideEffect(OutsideEffect.FILE_WRITE)    // before bytes are written to a file
 * }</pre>
 *
 * <p>Not outside effects: the JVM's standard output and error, calls made inside a JDBC call (a driver's own
 * traffic), and the work of databases, pools, loggers and test runners on the process's threads.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public enum OutsideEffect {

    /** A socket connects: {@code java.net.Socket}, or a {@code SocketChannel}. */
    CONNECT("connect"),

    /** Bytes written to a socket: {@code java.net.Socket}'s stream, or a {@code SocketChannel}. */
    SOCKET_WRITE("socket write"),

    /** Bytes written to a file: {@code FileOutputStream}, {@code RandomAccessFile} or a {@code FileChannel}. */
    FILE_WRITE("file write"),

    /** A request handed to the JDK's {@code java.net.http.HttpClient}, sent or sent asynchronously. */
    HTTP_REQUEST("HTTP request");

    private final String words;

    OutsideEffect(String words) {
        this.words = words;
    }

    /** How descriptions name it: {@code socket write}. */
    public String words() {
        return words;
    }

    /** How specs name it: {@code socket-write}. */
    String specWord() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }
}
