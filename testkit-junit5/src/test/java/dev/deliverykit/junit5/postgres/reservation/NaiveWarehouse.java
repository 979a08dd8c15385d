package dev.deliverykit.junit5.postgres.reservation;

import dev.deliverykit.junit5.postgres.ServiceDb;

/** The classic bug on the receiving side: every arrival books a new effect, a resend too. */
public final class NaiveWarehouse implements Warehouse {

    private final ServiceDb db;

    public NaiveWarehouse(String jdbcUrl) {
        this.db = new ServiceDb(
                jdbcUrl,
                "CREATE TABLE IF NOT EXISTS effect(effect_id BIGSERIAL PRIMARY KEY,"
                        + " intent_id TEXT NOT NULL, payload TEXT NOT NULL)");
    }

    @Override
    public String reserve(String key, String payload) {
        return book(key, payload).reference();
    }

    @Override
    public Booking book(String key, String payload) {
        return db.inTransaction(
                "reserve " + key, c -> new Booking("REF-" + DedupWarehouse.insertEffect(c, key, payload), false));
    }
}
