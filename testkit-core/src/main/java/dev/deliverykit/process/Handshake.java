package dev.deliverykit.process;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import org.apiguardian.api.API;

/**
 * The child's side of the start handshake: say {@value #READY}, then wait for {@value #GO}. The parent
 * calls {@link ChildProcess#awaitLine(String) awaitLine("READY")} on every child before it sends
 * {@code GO} to all of them, so that racing children really race, with no sleeps.
 *
 * <pre>{@code
 * public static void main(String[] args) {
 *     try (OrderedProducer producer = new OrderedProducer(SqliteDatabase.at(Path.of(args[0])))) {
 *         Handshake.readyThenAwaitGo();
 *         System.out.println(producer.advance(event, 0));
 *     }
 * }
 * }</pre>
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class Handshake {

    /** The line a child prints when it is ready. */
    public static final String READY = "READY";

    /** The line the parent sends to let a ready child go. */
    public static final String GO = "GO";

    private Handshake() {}

    /**
     * Prints {@value #READY} on standard output and blocks until {@value #GO} arrives on standard input.
     *
     * @throws IllegalStateException if standard input ends or says anything else first
     */
    public static void readyThenAwaitGo() {
        System.out.println(READY);
        System.out.flush();
        try {
            BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
            String line = in.readLine();
            if (!GO.equals(line)) {
                throw new IllegalStateException(ChildJvmMessages.handshakeBroken(GO, READY, line));
            }
        } catch (IOException e) {
            throw new IllegalStateException(ChildJvmMessages.handshakeUnreadable(GO), e);
        }
    }
}
