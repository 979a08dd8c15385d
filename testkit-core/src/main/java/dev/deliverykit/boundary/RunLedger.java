package dev.deliverykit.boundary;

import dev.deliverykit.internal.instrument.JdbcCall;
import dev.deliverykit.internal.instrument.MethodCall;
import dev.deliverykit.internal.instrument.OutsideCall;

/**
 * What a run keeps beside its hits, chosen once when the run starts: a recording keeps what its process changed
 * before each hit ({@link DurableChanges}) and every hit's stack, which sweeps prune and name their cases by; a crash
 * run keeps neither ({@link Kept#NOTHING}), so its process's calls pay for no more than counting.
 * Called holding the run's lock, except {@link #autoCommit}.
 */
sealed interface RunLedger permits DurableChanges, RunLedger.Kept {

    /** The ledger of a run of {@code kind}: a recording, or an instance of a scheduled run, keeps the durable changes. */
    static RunLedger of(RunKind kind) {
        return kind instanceof RunKind.Armed ? Kept.NOTHING : new DurableChanges();
    }

    /** Whether every hit shows its stack and the places on it (else only the crash site does). */
    boolean showsEveryStack();

    /** Whether the process's calls that leave the JVM are counted, watched or not. */
    boolean countsOutsideCalls();

    /** A JDBC call of the process starts. */
    void before(JdbcCall call);

    /** Whether the call's connection is outside a transaction; asked of the driver before the run's lock is taken. */
    boolean autoCommit(JdbcCall call);

    /** A JDBC call of the process returned normally; counted before its after-hits. */
    void after(JdbcCall call, boolean autoCommit);

    /** The hits after a JDBC call of the process are recorded. */
    void afterHitsOf(JdbcCall call);

    /** A watched method was entered or left; before its hits are recorded, then after. */
    void method(MethodCall call, boolean beforeItsHits);

    /** A call of the process left the JVM, or is about to. */
    void outside(OutsideCall call);

    /** A hit is recorded now. */
    void hit();

    /** What the process changed before each hit, or {@link DurableChanges.Counts#UNKNOWN}. */
    DurableChanges.Counts counts();

    /** The ledger of a crash run, which keeps nothing. */
    enum Kept implements RunLedger {
        /** Keeps nothing. */
        NOTHING;

        @Override
        public boolean showsEveryStack() {
            return false;
        }

        @Override
        public boolean countsOutsideCalls() {
            return false;
        }

        @Override
        public void before(JdbcCall call) {}

        @Override
        public boolean autoCommit(JdbcCall call) {
            return true;
        }

        @Override
        public void after(JdbcCall call, boolean autoCommit) {}

        @Override
        public void afterHitsOf(JdbcCall call) {}

        @Override
        public void method(MethodCall call, boolean beforeItsHits) {}

        @Override
        public void outside(OutsideCall call) {}

        @Override
        public void hit() {}

        @Override
        public DurableChanges.Counts counts() {
            return DurableChanges.Counts.UNKNOWN;
        }
    }
}
