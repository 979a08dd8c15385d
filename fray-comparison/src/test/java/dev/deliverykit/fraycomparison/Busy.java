package dev.deliverykit.fraycomparison;

/** What an instance's connection does when SQLite's file lock is held by the other instance. */
enum Busy {
    /** The driver's defaults: SQLite waits up to 3 s in native code, then SQLITE_BUSY reaches the instance. */
    DRIVER_DEFAULTS,
    /** No wait (busy_timeout 0); the instance rolls back and runs its unit of work again, as production code does. */
    RETRY
}
