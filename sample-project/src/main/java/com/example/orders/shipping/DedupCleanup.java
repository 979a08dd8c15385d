package com.example.orders.shipping;

import com.example.orders.db.Database;
import java.sql.PreparedStatement;
import java.time.Clock;
import java.util.Objects;
import java.util.OptionalLong;

/**
 * Keeps {@code processed_message} from growing forever without re-opening the door to duplicates. Sealing
 * epoch {@code E} says "every message of epoch {@code E} or earlier has been delivered": it raises the
 * sealed-through marker and deletes the dedup records at or below it, in ONE transaction. From then on
 * {@link ShippingConsumer} answers {@code REJECTED_SEALED} to any message of a sealed epoch, so a late
 * duplicate is never executed again even though its dedup record is gone.
 *
 * <p>Seal only epochs whose messages are all published (no row of that {@code dedup_epoch} in
 * {@code outbox_message} with {@code published_at IS NULL}): a never-delivered message of a sealed epoch is
 * rejected too.
 *
 * <p>Statements: {@code SELECT MAX(sealed_through) FROM dedup_epoch_seal},
 * {@code INSERT INTO dedup_epoch_seal(...)}, {@code DELETE FROM processed_message WHERE dedup_epoch <= ?},
 * {@code commit()}.
 *
 * <pre>{@code
 * DedupCleanup cleanup = new DedupCleanup(shippingDb, Clock.systemUTC());
 * cleanup.sealThrough(LocalDate.now(ZoneOffset.UTC).minusDays(30).toEpochDay());
 * }</pre>
 */
public final class DedupCleanup {

    private final Database shippingDb;
    private final Clock clock;

    public DedupCleanup(Database shippingDb, Clock clock) {
        this.shippingDb = Objects.requireNonNull(shippingDb, "shippingDb");
        this.clock = Objects.requireNonNull(clock, "clock");
        ShippingSchema.createIfMissing(shippingDb);
    }

    /** Seals every dedup epoch up to and including {@code epoch}. */
    public SealResult sealThrough(long epoch) {
        return shippingDb.inTransaction("seal dedup epochs through " + epoch, c -> {
            OptionalLong current = SealedEpochs.sealedThrough(c);
            if (current.isPresent() && epoch <= current.getAsLong()) {
                return new SealResult(SealOutcome.ALREADY_SEALED, current.getAsLong(), 0);
            }
            try (PreparedStatement seal =
                    c.prepareStatement("INSERT INTO dedup_epoch_seal(sealed_through, sealed_at) VALUES (?, ?)")) {
                seal.setLong(1, epoch);
                seal.setString(2, clock.instant().toString());
                seal.executeUpdate();
            }
            try (PreparedStatement delete =
                    c.prepareStatement("DELETE FROM processed_message WHERE dedup_epoch <= ?")) {
                delete.setLong(1, epoch);
                return new SealResult(SealOutcome.SEALED, epoch, delete.executeUpdate());
            }
        });
    }

    /** The highest sealed epoch, empty if nothing was sealed yet. */
    public OptionalLong sealedThrough() {
        return shippingDb.read("read the sealed dedup epoch", SealedEpochs::sealedThrough);
    }
}
