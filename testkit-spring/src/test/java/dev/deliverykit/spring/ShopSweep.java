package dev.deliverykit.spring;

import dev.deliverykit.invariant.Invariant;
import dev.deliverykit.junit5.CheckInvariant;
import dev.deliverykit.spring.shop.OrderService;
import dev.deliverykit.spring.shop.ShopInvariants;
import java.nio.file.Path;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * One order placed on a shop by a process that dies at the case's crash, then a fresh process that resubmits what
 * is incomplete; the invariants, read back with plain JDBC, are checked after every case. A test names its sweep.
 */
abstract class ShopSweep {

    @TempDir
    Path dir;

    @CheckInvariant
    final Invariant shippedExactlyOnce = ShopInvariants.shippedExactlyOnce(() -> dir);

    @CheckInvariant
    final Invariant everyPublicationCompleted = ShopInvariants.everyPublicationCompleted(() -> dir);

    // tag::process[]
    @RegisterExtension
    final SpringProcess shop;

    ShopSweep(Class<?> application) {
        shop = SpringProcess.of(application).withProperty("spring.datasource.url", () -> ShopInvariants.url(dir));
    }

    void placeCrashAndRecover() throws Exception {
        shop.run(app -> app.getBean(OrderService.class).placeOrder("o-1", 1250)); // dies at the case's crash
        shop.recover(); // a fresh application on the same file: resubmits what is incomplete
    }
    // end::process[]
}
