package com.example.orders.contract;

import dev.deliverykit.junit5.NotPromised;
import dev.deliverykit.junit5.contract.IdempotentReceiverAdapter;
import dev.deliverykit.junit5.contract.IdempotentReceiverContract;

/** Shipping keeps every guarantee of an idempotent receiver it promises: it serves one order service, no tenants. */
@NotPromised(
        value = IdempotentReceiverContract.TENANT_IN_KEY,
        because = "shipping serves one order service, whose order ids are unique: there is no tenant in its key")
class ShippingReceiverContractTest implements IdempotentReceiverContract {
    @Override
    public IdempotentReceiverAdapter adapter() {
        return new ShippingReceiverAdapter();
    }
}
