package dev.deliverykit.spring;

import dev.deliverykit.junit5.NotPromised;
import dev.deliverykit.junit5.contract.DatabaseFactory;
import dev.deliverykit.junit5.contract.IdempotentReceiverAdapter;
import dev.deliverykit.junit5.contract.IdempotentReceiverContract;
import dev.deliverykit.junit5.contract.TransactionalOutboxAdapter;
import dev.deliverykit.junit5.contract.TransactionalOutboxContract;
import dev.deliverykit.junit5.testkit.CrashTestKitOnly;
import dev.deliverykit.spring.shop.IdempotentShop;
import dev.deliverykit.spring.shop.NaiveShop;
import dev.deliverykit.spring.shop.OrderPlaced;
import dev.deliverykit.spring.shop.OrderService;
import dev.deliverykit.spring.shop.RetrySafeOrderService;
import dev.deliverykit.spring.shop.RetrySafeShop;

/** The shops of {@code dev.deliverykit.spring.shop} under the contracts, through the Modulith adapters. */
final class ModulithContractTestCases {

    private ModulithContractTestCases() {}

    /** Modulith's JDBC registry runs on H2, not on the contracts' default SQLite: an H2 file per run. */
    static DatabaseFactory h2Files() {
        return (name, site) -> "jdbc:h2:file:" + site.directory().resolve(name) + ";WRITE_DELAY=0;AUTO_SERVER=TRUE";
    }

    // tag::outbox-contract[]
    @CrashTestKitOnly
    static class RetrySafeShopOutboxTestCases implements TransactionalOutboxContract {
        @Override
        public TransactionalOutboxAdapter adapter() {
            return ModulithOutboxAdapter.of(RetrySafeShop.class)
                    .recording((app, intent) -> app.getBean(RetrySafeOrderService.class)
                            .placeOrder(
                                    intent.key(),
                                    Long.parseLong(intent.parameters().get("amount"))))
                    .intents("SELECT order_id FROM orders")
                    .eventKey("orderId") // the field of OrderPlaced that holds the intent's key
                    .delivered("SELECT order_id FROM shipment");
        }

        @Override
        public DatabaseFactory databases() { // Modulith's JDBC registry does not run on SQLite
            return (name, site) -> "jdbc:h2:file:" + site.directory().resolve(name) + ";WRITE_DELAY=0;AUTO_SERVER=TRUE";
        }
    }
    // end::outbox-contract[]

    /** The shop whose order service fails a caller's retry on the order's primary key. */
    @CrashTestKitOnly
    static class PlainOrderServiceOutboxTestCases implements TransactionalOutboxContract {
        @Override
        public TransactionalOutboxAdapter adapter() {
            return ModulithOutboxAdapter.of(IdempotentShop.class)
                    .recording((app, intent) -> app.getBean(OrderService.class)
                            .placeOrder(
                                    intent.key(),
                                    Long.parseLong(intent.parameters().get("amount"))))
                    .intents("SELECT order_id FROM orders")
                    .eventKey("orderId")
                    .delivered("SELECT order_id FROM shipment");
        }

        @Override
        public DatabaseFactory databases() {
            return h2Files();
        }
    }

    // tag::receiver-contract[]
    @CrashTestKitOnly
    @NotPromised(
            value = {
                IdempotentReceiverContract.OTHER_PARAMETERS_CONFLICT,
                IdempotentReceiverContract.CONCURRENT_WORKERS,
                IdempotentReceiverContract.TENANT_IN_KEY
            },
            because = "a listener answers nothing (the adapter reads executed or replayed from the shipments); one"
                    + " shop, no tenants")
    static class IdempotentListenerReceiverTestCases implements IdempotentReceiverContract {
        @Override
        public IdempotentReceiverAdapter adapter() {
            return ModulithReceiverAdapter.of(IdempotentShop.class)
                    .event(request -> new OrderPlaced(request.key(), 1250))
                    .effects("SELECT 'tenantA', order_id FROM shipment");
        }

        @Override
        public DatabaseFactory databases() {
            return h2Files();
        }
    }
    // end::receiver-contract[]

    @CrashTestKitOnly
    @NotPromised(
            value = {
                IdempotentReceiverContract.OTHER_PARAMETERS_CONFLICT,
                IdempotentReceiverContract.CONCURRENT_WORKERS,
                IdempotentReceiverContract.TENANT_IN_KEY
            },
            because = "a listener answers nothing (the adapter reads executed or replayed from the shipments); one"
                    + " shop, no tenants")
    static class NaiveListenerReceiverTestCases implements IdempotentReceiverContract {
        @Override
        public IdempotentReceiverAdapter adapter() {
            return ModulithReceiverAdapter.of(NaiveShop.class)
                    .event(request -> new OrderPlaced(request.key(), 1250))
                    .effects("SELECT 'tenantA', order_id FROM shipment");
        }

        @Override
        public DatabaseFactory databases() {
            return h2Files();
        }
    }
}
