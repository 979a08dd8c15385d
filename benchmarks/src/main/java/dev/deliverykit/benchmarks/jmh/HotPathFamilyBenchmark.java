package dev.deliverykit.benchmarks.jmh;

import dev.deliverykit.benchmarks.pipeline.OrderedBoundaries;
import dev.deliverykit.boundary.BoundaryEngine;
import dev.deliverykit.boundary.BoundaryNotReachedError;
import dev.deliverykit.boundary.CrashPlan;
import dev.deliverykit.boundary.WatchList;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * B3 per woven family: a batch of one kind of call, inside one engine run armed at a reference boundary the calls
 * never reach, with every family watched (the reference catalogue, every statement, every transaction end, every
 * outside effect), against the same batch in a JVM without the agent. The families: a JDBC statement (a prepared
 * {@code SELECT 1}), a commit, a task submitted to an executor and waited for, and an outside effect (a byte
 * written to a file). The run's own start and end are measured on their own ({@link #emptyRun}), so that what the
 * batch adds per call can be told from them.
 */
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
public class HotPathFamilyBenchmark {

    /** The calls of one family, and what they use, open for the whole trial. */
    @State(Scope.Thread)
    public static class Calls {
        /** Calls per measured operation. */
        @Param("200")
        public int calls;

        Connection connection;
        PreparedStatement select;
        Connection committing;
        Statement update;
        ExecutorService executor;
        FileOutputStream file;

        @Setup(Level.Trial)
        public void open() throws SQLException, IOException {
            connection = DriverManager.getConnection("jdbc:sqlite::memory:");
            select = connection.prepareStatement("SELECT 1");
            committing = DriverManager.getConnection("jdbc:sqlite::memory:");
            committing.setAutoCommit(false);
            update = committing.createStatement();
            update.execute("CREATE TABLE counter (n INTEGER)");
            committing.commit();
            executor = Executors.newSingleThreadExecutor();
            file = new FileOutputStream("/dev/null");
        }

        @TearDown(Level.Trial)
        public void close() throws SQLException, IOException {
            select.close();
            connection.close();
            update.close();
            committing.close();
            executor.shutdownNow();
            file.close();
        }

        void statements() {
            try {
                for (int i = 0; i < calls; i++) {
                    try (ResultSet rows = select.executeQuery()) {
                        rows.next();
                    }
                }
            } catch (SQLException e) {
                throw new IllegalStateException(e);
            }
        }

        void commits() {
            try {
                for (int i = 0; i < calls; i++) {
                    committing.commit();
                }
            } catch (SQLException e) {
                throw new IllegalStateException(e);
            }
        }

        void submits() {
            try {
                for (int i = 0; i < calls; i++) {
                    executor.submit(Calls::nothing).get();
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(e);
            } catch (ExecutionException e) {
                throw new IllegalStateException(e);
            }
        }

        void fileWrites() {
            try {
                for (int i = 0; i < calls; i++) {
                    file.write(1);
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        private static void nothing() {}
    }

    /** The plan that is never hit, watching every family; the engine woven by one empty recording. */
    @State(Scope.Benchmark)
    public static class Armed {
        CrashPlan neverHit;

        @Setup(Level.Trial)
        public void weave() {
            WatchList everything = WatchList.of(OrderedBoundaries.catalogue())
                    .withEveryStatement()
                    .withEveryTransactionEnd()
                    .withEveryOutsideEffect();
            neverHit = CrashPlan.at(OrderedBoundaries.catalogue(), OrderedBoundaries.NEVER_REACHED_BY_THE_PIPELINE)
                    .watching(everything);
            BoundaryEngine.get().record(everything, () -> {});
        }

        BoundaryNotReachedError run(Runnable calls) {
            try {
                BoundaryEngine.get().crashInProcess(neverHit, calls::run);
            } catch (BoundaryNotReachedError expected) {
                return expected;
            }
            throw new IllegalStateException("the calls reached " + neverHit + "; the benchmark would time a crash");
        }
    }

    /** An armed run around no calls: the run's own cost, for context. */
    @Benchmark
    public BoundaryNotReachedError emptyRun(Armed armed) {
        return armed.run(() -> {});
    }

    @Benchmark
    public BoundaryNotReachedError statementsArmed(Calls calls, Armed armed) {
        return armed.run(calls::statements);
    }

    @Benchmark
    public void statementsWithoutAgent(Calls calls) {
        calls.statements();
    }

    @Benchmark
    public BoundaryNotReachedError commitsArmed(Calls calls, Armed armed) {
        return armed.run(calls::commits);
    }

    @Benchmark
    public void commitsWithoutAgent(Calls calls) {
        calls.commits();
    }

    @Benchmark
    public BoundaryNotReachedError submitsArmed(Calls calls, Armed armed) {
        return armed.run(calls::submits);
    }

    @Benchmark
    public void submitsWithoutAgent(Calls calls) {
        calls.submits();
    }

    @Benchmark
    public BoundaryNotReachedError fileWritesArmed(Calls calls, Armed armed) {
        return armed.run(calls::fileWrites);
    }

    @Benchmark
    public void fileWritesWithoutAgent(Calls calls) {
        calls.fileWrites();
    }
}
