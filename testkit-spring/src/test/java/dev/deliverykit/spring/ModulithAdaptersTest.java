package dev.deliverykit.spring;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.deliverykit.junit5.contract.Query;
import dev.deliverykit.spring.shop.IdempotentShop;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/** What the Modulith adapters declare and how they refuse an incomplete or wrong build, without starting Spring. */
class ModulithAdaptersTest {

    @Test
    void theOutboxAdapterReadsTheRegistryWithTheEventsKeyField() {
        ModulithOutboxAdapter adapter = ModulithOutboxAdapter.of(IdempotentShop.class)
                .intents("SELECT order_id FROM orders")
                .eventKey("orderId")
                .delivered("SELECT order_id FROM shipment");

        assertThat(adapter.databases()).containsExactly("application");
        assertThat(adapter.intents()).isEqualTo(Query.on("application", "SELECT order_id FROM orders"));
        assertThat(adapter.outboxRows()).isEqualTo(Query.on("application", EventKeySql.of("orderId")));
        assertThat(adapter.outboxRows("SELECT 'o-1' FROM event_publication")
                        .outboxRows()
                        .sql())
                .isEqualTo("SELECT 'o-1' FROM event_publication");
    }

    @Test
    void anOutboxAdapterWithoutARecordingSaysWhatItNeeds() {
        ModulithOutboxAdapter adapter = ModulithOutboxAdapter.of(IdempotentShop.class);

        assertThatThrownBy(() -> adapter.start(null))
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("ModulithOutboxAdapter needs recording(...): give it where the contract test's adapter()"
                        + " builds the adapter.");
        assertThatThrownBy(adapter::outboxRows)
                .hasMessage("ModulithOutboxAdapter needs outboxRows (or eventKey)(...): give it where the contract"
                        + " test's adapter() builds the adapter.");
    }

    @Test
    void aKeyFieldMustBeAFieldName() {
        assertThatThrownBy(() -> ModulithOutboxAdapter.of(IdempotentShop.class).eventKey("order'id"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("an event's key is one of its fields, named as in Java (it is read from the publication's"
                        + " JSON), got \"order'id\".");
    }

    @Test
    void aReceiverAdapterWithoutItsEventOrEffectsSaysWhatItNeeds() {
        ModulithReceiverAdapter adapter = ModulithReceiverAdapter.of(IdempotentShop.class);

        assertThat(adapter.databases()).isEqualTo(List.of("application"));
        assertThatThrownBy(() -> adapter.start(null))
                .hasMessage("ModulithReceiverAdapter needs event(...): give it where the contract test's adapter()"
                        + " builds the adapter.");
        assertThatThrownBy(adapter::effects)
                .hasMessage("ModulithReceiverAdapter needs effects(...): give it where the contract test's adapter()"
                        + " builds the adapter.");
    }

    @Test
    void anAdapterNeedsAnApplicationAndAPositiveWait() {
        assertThatThrownBy(ModulithReceiverAdapter::of).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> ModulithOutboxAdapter.of(IdempotentShop.class).awaitingAtMost(Duration.ZERO))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
