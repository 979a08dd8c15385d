package dev.deliverykit.boundary;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.Test;

/**
 * The run's main thread inside a JDBC call is tracked apart from other threads (a flag, not a set entry); it still
 * counts as busy to any other thread that waits for the process, and no longer once its call ended.
 */
class DyingProcessTest {

    private static final Duration SHORT = Duration.ofMillis(50);

    @Test
    void theMainThreadInsideAJdbcCallIsBusyToAnotherThreadUntilTheCallEnds() {
        DyingProcess process = new DyingProcess(Thread.currentThread());

        process.enteredJdbc();
        List<String> whileInside = fromAnotherThread(process);
        process.leftJdbc();
        List<String> afterwards = fromAnotherThread(process);

        assertThat(whileInside)
                .containsExactly("inside a JDBC call on thread(s) "
                        + Thread.currentThread().getName());
        assertThat(afterwards).isEmpty();
    }

    @Test
    void theWaitingThreadIsNotBusyForItsOwnCall() {
        DyingProcess process = new DyingProcess(Thread.currentThread());

        process.enteredJdbc();

        assertThat(process.awaitStopped(SHORT)).isEmpty();
    }

    @Test
    void anotherThreadInsideAJdbcCallIsBusyToTheMainThreadUntilItsCallEnds() throws InterruptedException {
        DyingProcess process = new DyingProcess(Thread.currentThread());
        CountDownLatch entered = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        Thread worker = new Thread(
                () -> {
                    process.enteredJdbc();
                    entered.countDown();
                    awaitQuietly(release);
                    process.leftJdbc();
                },
                "worker");
        worker.start();
        entered.await();

        List<String> whileInside = process.awaitStopped(SHORT);
        release.countDown();
        worker.join();
        List<String> afterwards = process.awaitStopped(SHORT);

        assertThat(whileInside).containsExactly("inside a JDBC call on thread(s) worker");
        assertThat(afterwards).isEmpty();
    }

    private static void awaitQuietly(CountDownLatch latch) {
        try {
            latch.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static List<String> fromAnotherThread(DyingProcess process) {
        return CompletableFuture.supplyAsync(() -> process.awaitStopped(SHORT)).join();
    }
}
