package com.example.orders.crash;

import static org.assertj.core.api.Assertions.assertThat;

import com.example.orders.OrderService;
import dev.deliverykit.boundary.CrashPlan;
import dev.deliverykit.boundary.Place;
import dev.deliverykit.boundary.Selector;
import org.junit.jupiter.api.Test;

/**
 * The selectors within a place that docs/boundaries.md shows: the specs {@code @CrashAt(selector = ...)} takes
 * for them and the replay keys of their crashes.
 */
class PlaceSelectorsTest {

    @Test
    void aSelectorWithinAPlaceHasASpecAndAReplayKeyThatNameThePlace() {
        // tag::places[]
        Selector relayCommits = Selector.afterCommit().within("com.example.orders.OutboxRelay#publishPending");
        Selector messageInsert = Selector.afterStatement("^INSERT INTO outbox_message")
                .within(Place.of(OrderService.class, "placeOrder"));
        Selector markReturned = Selector.methodExit("com.example.orders.Outbox#markPublished")
                .within("com.example.orders.OutboxRelay#publishPending");
        // end::places[]

        assertThat(relayCommits.spec()).isEqualTo("after-commit within com.example.orders.OutboxRelay#publishPending");
        assertThat(messageInsert.spec())
                .isEqualTo(
                        "after-statement:^INSERT INTO outbox_message within com.example.orders.OrderService#placeOrder");
        assertThat(markReturned.description())
                .isEqualTo("normal exit of com.example.orders.Outbox#markPublished within"
                        + " com.example.orders.OutboxRelay#publishPending");
        assertThat(CrashPlan.at(relayCommits).occurrence(2).replayKey())
                .isEqualTo("selector=after-commit;within=com.example.orders.OutboxRelay#publishPending;hit=2");
        assertThat(Selector.parse(messageInsert.spec())).isEqualTo(messageInsert);
    }
}
