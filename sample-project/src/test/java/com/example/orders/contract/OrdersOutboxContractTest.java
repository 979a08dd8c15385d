package com.example.orders.contract;

import dev.deliverykit.junit5.contract.TransactionalOutboxAdapter;
import dev.deliverykit.junit5.contract.TransactionalOutboxContract;

/** The order service, its outbox and its relay keep every guarantee of a transactional outbox. */
// tag::contract-test[]
class OrdersOutboxContractTest implements TransactionalOutboxContract {
    @Override
    public TransactionalOutboxAdapter adapter() {
        return new OrdersOutboxAdapter(RelayFactory.OUTBOX_RELAY);
    }
}
// end::contract-test[]
