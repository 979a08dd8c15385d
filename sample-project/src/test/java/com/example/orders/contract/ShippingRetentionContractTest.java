package com.example.orders.contract;

import dev.deliverykit.junit5.contract.DedupRetentionAdapter;
import dev.deliverykit.junit5.contract.DedupRetentionContract;

/** Shipping's day seal keeps every guarantee of dedup retention: a late message of a sealed day is never applied. */
class ShippingRetentionContractTest implements DedupRetentionContract {
    @Override
    public DedupRetentionAdapter adapter() {
        return new ShippingRetentionAdapter();
    }
}
