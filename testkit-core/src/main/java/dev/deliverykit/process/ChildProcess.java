package dev.deliverykit.process;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.apiguardian.api.API;

/**
 * A running child JVM, started by {@link ChildJvm#start()}. Closing it kills the child if it is still
 * alive, so use it in try-with-resources.
 *
 * <p>Every wait is bounded by the child's timeout, counted from its start: a child that hangs is killed
 * and the wait fails with a {@link ChildProcessException} that carries what it printed.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class ChildProcess implements AutoCloseable {

    private final String description;
    private final Process process;
    private final long timeoutNanos;
    private volatile long deadlineNanos;
    private final long timeoutMillis;
    private final OutputCollector stdout;
    private final OutputCollector stderr;
    private final Writer stdin;
    private final Path temporaryDirectory;
    /** How long closing waits for a killed child to be gone before it leaves its temporary directory. */
    private static final long KILLED_EXIT_WAIT_SECONDS = 10;

    ChildProcess(String description, Process process, Duration timeout, Path temporaryDirectory) {
        this.temporaryDirectory = temporaryDirectory;
        this.description = description;
        this.process = process;
        this.timeoutMillis = timeout.toMillis();
        this.timeoutNanos = timeout.toNanos();
        this.deadlineNanos = System.nanoTime() + timeoutNanos;
        this.stdout = OutputCollector.start(process.getInputStream(), description + " stdout");
        this.stderr = OutputCollector.start(process.getErrorStream(), description + " stderr");
        this.stdin = new OutputStreamWriter(process.getOutputStream(), StandardCharsets.UTF_8);
    }

    /**
     * Counts the child's timeout from now rather than from its start: for a child started ahead of its work, which
     * waits on its standard input until it is given some.
     */
    public void restartTimeout() {
        deadlineNanos = System.nanoTime() + timeoutNanos;
    }

    /** Whether the child is still running. */
    public boolean isAlive() {
        return process.isAlive();
    }

    /**
     * Completes when the child has exited, whoever waits for it: for work that needs what the child left behind,
     * such as a file the JVM writes as it exits, without taking the child's result from its owner.
     */
    public CompletableFuture<Void> onExit() {
        return process.onExit().thenApply(exited -> null);
    }

    /** The operating system's id of the child. */
    public long pid() {
        return process.pid();
    }

    /**
     * Blocks until the child prints {@code line} (a whole stdout line, compared exactly).
     *
     * @throws ChildProcessException if the child exits first or the timeout passes (the child is killed)
     */
    public void awaitLine(String line) {
        boolean seen;
        try {
            seen = stdout.awaitLine(line, remainingNanos());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw fail(ChildJvmMessages.interruptedAwaiting(line));
        }
        if (seen) {
            return;
        }
        if (stdout.hasEnded()) {
            // Its stdout closed, so it is exiting: its exit code says more than "still alive".
            throw fail(ChildJvmMessages.exitedBefore(line, awaitExit().exitCode()));
        }
        process.destroyForcibly();
        throw fail(ChildJvmMessages.lineNotPrinted(line, timeoutMillis));
    }

    /** Writes {@code line} and a line break to the child's standard input. */
    public void sendLine(String line) {
        try {
            stdin.write(line);
            stdin.write('\n');
            stdin.flush();
        } catch (IOException e) {
            throw new ChildProcessException(
                    ChildJvmMessages.lineRefused(description, line, e.getMessage(), snapshot()), e);
        }
    }

    /**
     * Waits for the child to exit and returns its result; a child still alive at its timeout is killed
     * and this fails, saying so and carrying its output so far.
     */
    public ChildResult awaitExit() {
        try {
            if (!process.waitFor(remainingNanos(), TimeUnit.NANOSECONDS)) {
                process.destroyForcibly().waitFor();
                throw fail(ChildJvmMessages.killedAfterTimeout(timeoutMillis));
            }
            stdout.join();
            stderr.join();
            ChildTemporaryDirectory.remove(temporaryDirectory);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            process.destroyForcibly();
            throw fail(ChildJvmMessages.killedOnInterrupt());
        }
        return new ChildResult(process.exitValue(), stdout.text(), stderr.text());
    }

    /** Kills the child if it is still running, and removes its temporary directory once it has exited. */
    @Override
    public void close() {
        if (process.isAlive()) {
            process.destroyForcibly();
        }
        try {
            if (process.waitFor(KILLED_EXIT_WAIT_SECONDS, TimeUnit.SECONDS)) {
                ChildTemporaryDirectory.remove(temporaryDirectory);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        try {
            stdin.close();
        } catch (IOException ignored) {
            // The child is gone; its stdin pipe being closed already is expected.
        }
    }

    private long remainingNanos() {
        return Math.max(0, deadlineNanos - System.nanoTime());
    }

    private ChildProcessException fail(String what) {
        return new ChildProcessException(ChildJvmMessages.failed(description, what, snapshot()));
    }

    private String snapshot() {
        return ChildJvmMessages.output(stdout.text(), stderr.text());
    }

    /** Drains one output stream on a daemon thread, keeping the text and signalling each new line. */
    private static final class OutputCollector {
        private final StringBuilder text = new StringBuilder();
        private final Thread thread;
        private boolean ended;

        private OutputCollector(InputStream stream, String name) {
            this.thread = new Thread(() -> drain(stream), name);
            this.thread.setDaemon(true);
        }

        static OutputCollector start(InputStream stream, String name) {
            OutputCollector collector = new OutputCollector(stream, name);
            collector.thread.start();
            return collector;
        }

        private void drain(InputStream stream) {
            try (BufferedReader reader = new BufferedReader(new InputStreamReader(stream, StandardCharsets.UTF_8))) {
                String line;
                while ((line = reader.readLine()) != null) {
                    synchronized (this) {
                        text.append(line).append('\n');
                        notifyAll();
                    }
                }
            } catch (IOException e) {
                synchronized (this) {
                    text.append("[output unreadable: ").append(e.getMessage()).append("]\n");
                }
            } finally {
                synchronized (this) {
                    ended = true;
                    notifyAll();
                }
            }
        }

        synchronized boolean hasEnded() {
            return ended;
        }

        synchronized boolean awaitLine(String line, long timeoutNanos) throws InterruptedException {
            long deadline = System.nanoTime() + timeoutNanos;
            while (!containsLine(line)) {
                long remaining = deadline - System.nanoTime();
                if (ended || remaining <= 0) {
                    return containsLine(line);
                }
                TimeUnit.NANOSECONDS.timedWait(this, remaining);
            }
            return true;
        }

        private boolean containsLine(String line) {
            String all = "\n" + text;
            return all.contains("\n" + line + "\n");
        }

        void join() throws InterruptedException {
            thread.join();
        }

        synchronized String text() {
            return text.toString();
        }
    }
}
