package dev.deliverykit.junit5.contract;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import org.apiguardian.api.API;

/**
 * Maps the dedup retention contract's words onto your receiver and its clean-up: handle an {@link EpochRequest}, clean
 * up (and seal) the dedup records of a namespace through an epoch, and say where the effects are. Return it from
 * {@link DedupRetentionContract#adapter()}.
 *
 * <pre>{@code
 * final class ShippingRetentionAdapter implements DedupRetentionAdapter {
 *     public List<String> databases() { return List.of("shipping"); }
 *
 *     public Store start(Databases databases) {
 *         ShippingConsumer consumer = new ShippingConsumer(Database.at(databases.url("shipping")));
 *         DedupCleanup cleanup = new DedupCleanup(Database.at(databases.url("shipping")));
 *         return new Store() {
 *             public Answer handle(EpochRequest request) { return answer(consumer.handle(message(request))); }
 *             public void cleanUpThrough(String namespace, long epoch) { cleanup.sealThrough(day(epoch)); }
 *         };
 *     }
 *
 *     public Query effects() {
 *         return Query.on("shipping", "SELECT 'orders', dedup_epoch, message_id FROM applied_step");
 *     }
 * }
 * }</pre>
 */
@API(status = EXPERIMENTAL, since = "0.1")
public interface DedupRetentionAdapter extends ContractAdapter<DedupRetentionAdapter.Store> {

    /** The effects: one row per effect, three columns, the namespace, epoch and operation of the request that made it. */
    Query effects();

    /** One process of the receiver and its clean-up. */
    @API(status = EXPERIMENTAL, since = "0.1")
    interface Store extends ContractProcess {

        /** Handles the request and says what it answered; throw what your receiver throws. */
        Answer handle(EpochRequest request) throws Exception;

        /**
         * Cleans up the dedup records of {@code namespace} through {@code epoch}, as your nightly job does. A request to
         * clean up below an earlier clean-up may be refused by throwing.
         */
        void cleanUpThrough(String namespace, long epoch) throws Exception;
    }
}
