package com.example.orders.contract;

import dev.deliverykit.junit5.contract.DeliveryPipelineAdapter;
import dev.deliverykit.junit5.contract.DeliveryPipelineContract;

/** An order placed reaches shipping exactly once, whatever crashes on the way. */
class OrderPipelineContractTest implements DeliveryPipelineContract {
    @Override
    public DeliveryPipelineAdapter adapter() {
        return new OrderPipelineAdapter();
    }
}
