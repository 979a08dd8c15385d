package dev.deliverykit.subjects.shedlock;

/** A relay of the outbox, scheduled under ShedLock: one drain per tick, on the instance that got the lock. */
interface OutboxRelay {

    /** Sends what is unsent; does nothing when another instance holds the lock. */
    void drain();
}
