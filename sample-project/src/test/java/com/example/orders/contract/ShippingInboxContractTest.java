package com.example.orders.contract;

import dev.deliverykit.junit5.NotPromised;
import dev.deliverykit.junit5.contract.OrderedInboxAdapter;
import dev.deliverykit.junit5.contract.OrderedInboxContract;

/** Shipping applies every order's steps in sequence, once, whatever the arrival order; it has one message version. */
@NotPromised(
        value = OrderedInboxContract.UNSUPPORTED_VERSION_BLOCKS,
        because = "order and shipping ship together and their messages have one version: shipping never blocks one")
class ShippingInboxContractTest implements OrderedInboxContract {
    @Override
    public OrderedInboxAdapter adapter() {
        return new ShippingInboxAdapter();
    }
}
