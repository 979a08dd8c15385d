package dev.deliverykit.boundary;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpServer;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Requests of the JDK's HttpClient to a real HTTP server on 127.0.0.1: seen, and refused after a death. */
class HttpRequestsTest {

    private static final BoundaryEngine ENGINE = BoundaryEngine.get();

    private HttpServer server;
    private final List<String> received = new CopyOnWriteArrayList<>();

    @BeforeEach
    void start() throws Exception {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/shipments", exchange -> {
            received.add(new String(exchange.getRequestBody().readAllBytes()));
            exchange.sendResponseHeaders(204, -1);
            exchange.close();
        });
        server.start();
    }

    @AfterEach
    void stop() {
        server.stop(0);
    }

    private HttpRequest post(String body) {
        return HttpRequest.newBuilder(
                        URI.create("http://127.0.0.1:" + server.getAddress().getPort() + "/shipments"))
                .POST(HttpRequest.BodyPublishers.ofString(body))
                .build();
    }

    @Test
    void aRequestIsABoundaryOnTheCallersThread() throws Exception {
        Recording recording = ENGINE.record(
                WatchList.of(
                        Boundary.of(Selector.beforeOutsideEffect(OutsideEffect.HTTP_REQUEST)),
                        Boundary.of(Selector.afterOutsideEffect(OutsideEffect.HTTP_REQUEST))),
                () -> {
                    HttpClient client = HttpClient.newHttpClient();
                    client.send(post("o-1"), HttpResponse.BodyHandlers.discarding());
                });

        assertThat(recording.hits())
                .extracting(BoundaryHit::replayKey)
                .containsExactly("selector=before-http-request;hit=1", "selector=after-http-request;hit=1");
        assertThat(recording.hits().get(0).threadName())
                .isEqualTo(Thread.currentThread().getName());
        assertThat(received).containsExactly("o-1");
    }

    @Test
    void aDeadProcessSendsNoMoreRequests() throws Exception {
        AtomicReference<Throwable> refused = new AtomicReference<>();

        CrashResult result =
                ENGINE.crashInProcess(CrashPlan.at(Selector.afterOutsideEffect(OutsideEffect.HTTP_REQUEST)), () -> {
                    HttpClient client = HttpClient.newHttpClient();
                    try {
                        client.send(post("o-1"), HttpResponse.BodyHandlers.discarding());
                    } finally {
                        try {
                            client.send(post("o-1 again"), HttpResponse.BodyHandlers.discarding());
                        } catch (Throwable again) {
                            refused.set(again);
                        }
                    }
                });

        assertThat(result.crashSite().replayKey()).isEqualTo("selector=after-http-request;hit=1");
        assertThat(refused.get()).isInstanceOf(SimulatedCrash.class);
        assertThat(result.afterDeath())
                .map(line -> line.replaceAll("java:[0-9]+", "java:N").replaceAll("\\$[0-9]+\\(", "\\$N("))
                // the client's own threads' connect and writes for the first request may be refused too, when they run
                .contains("HTTP request on thread main at"
                        + " dev.deliverykit.boundary.HttpRequestsTest.lambda$aDeadProcessSendsNoMoreRequests$N"
                        + "(HttpRequestsTest.java:N) was refused");
        assertThat(received).doesNotContain("o-1 again");
    }
}
