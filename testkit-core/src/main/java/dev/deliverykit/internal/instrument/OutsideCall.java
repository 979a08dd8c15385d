package dev.deliverykit.internal.instrument;

import static org.apiguardian.api.API.Status.INTERNAL;

import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.net.SocketAddress;
import java.nio.channels.SocketChannel;
import java.nio.file.StandardOpenOption;
import java.util.Set;
import org.apiguardian.api.API;

/**
 * One call that reaches outside the JVM, as the engine sees it: a socket connect or write, a file write, or a
 * request of the JDK's HTTP client, before it runs or after it returned normally.
 *
 * @param kind what kind of call
 * @param timing before the call or after its normal return
 * @param target where it goes, when the JDK says so ({@code 127.0.0.1:9092}), else empty
 * @param brokerClient whether a broker client made it for its own traffic (see {@link OutsideFrames.Caller})
 */
@API(status = INTERNAL, since = "0.1")
public record OutsideCall(Kind kind, Timing timing, String target, boolean brokerClient) implements ObservedCall {

    /** What kind of call leaves the JVM. */
    public enum Kind {
        /** A socket connects ({@code java.net.Socket} or a {@code SocketChannel}). */
        CONNECT("connect"),
        /** Bytes written to a socket ({@code java.net.Socket}'s stream or a {@code SocketChannel}). */
        SOCKET_WRITE("socket write"),
        /** Bytes written to a file ({@code FileOutputStream}, {@code RandomAccessFile}, {@code FileChannel}). */
        FILE_WRITE("file write"),
        /** A request handed to the JDK's {@code java.net.http.HttpClient}. */
        HTTP_REQUEST("HTTP request");

        private final String words;

        Kind(String words) {
            this.words = words;
        }

        /** {@code socket write}. */
        public String words() {
            return words;
        }
    }

    /** Before the call, or after it returned normally. */
    public enum Timing {
        BEFORE,
        AFTER
    }

    private static final Kind[] KINDS = Kind.values();

    /** The code the weaving passes for a kind and timing: two per kind. */
    static int code(Kind kind, Timing timing) {
        return kind.ordinal() * 2 + timing.ordinal();
    }

    /**
     * The call a woven method reports, or {@code null} for one that is no outside effect: a write to the JVM's own
     * standard output or error.
     */
    static OutsideCall of(Object target, int code) {
        Kind kind = KINDS[code / 2];
        Timing timing = (code & 1) == 0 ? Timing.BEFORE : Timing.AFTER;
        if (kind == Kind.FILE_WRITE && target instanceof FileOutputStream stream && isConsole(stream)) {
            return null;
        }
        if (kind == Kind.FILE_WRITE && target instanceof Set<?> options && !opensForWriting(options)) {
            return null; // a channel opened to read
        }
        return new OutsideCall(kind, timing, target(target), false);
    }

    private static boolean opensForWriting(Set<?> options) {
        return options.contains(StandardOpenOption.WRITE) || options.contains(StandardOpenOption.APPEND);
    }

    private static boolean isConsole(FileOutputStream stream) {
        try {
            FileDescriptor fd = stream.getFD();
            return fd == FileDescriptor.out || fd == FileDescriptor.err;
        } catch (IOException closed) {
            return false;
        }
    }

    private static String target(Object target) {
        if (target instanceof SocketAddress address) {
            return address.toString();
        }
        if (target instanceof SocketChannel channel) {
            try {
                SocketAddress remote = channel.getRemoteAddress();
                return remote == null ? "" : remote.toString();
            } catch (IOException | RuntimeException closed) {
                return "";
            }
        }
        return "";
    }

    /** This call, made by a broker client for its own traffic. */
    OutsideCall byABrokerClient() {
        return new OutsideCall(kind, timing, target, true);
    }

    /** {@code socket write to /127.0.0.1:9092}, {@code file write}. */
    public String describe() {
        return kind.words() + (target.isEmpty() ? "" : " to " + target);
    }

    /** What {@link #describe()} says. */
    @Override
    public String operation() {
        return describe();
    }
}
